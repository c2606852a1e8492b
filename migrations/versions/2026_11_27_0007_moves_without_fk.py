"""moves.room_id without a foreign key; deleting a room still deletes its moves (a trigger)

The foreign key was checked on every move written (PostgreSQL runs a row-locking lookup
of the room per inserted move): a quarter of the database's CPU per move in the group
commit's statement (docs/performance.md, 2026-11-27). The only statements that insert
moves insert them for the room row they update (and so lock) in the same statement or
transaction (app.rooms.store, .sqlite_writer, .finish, .undo), so a move never points at
a missing room; the delete cascade the key gave is kept by a trigger on rooms.

Revision ID: 0007_moves_without_fk
Revises: 0006_reviews
Create Date: 2026-11-27 06:00:00
"""

from alembic import op

revision = "0007_moves_without_fk"
down_revision = "0006_reviews"
branch_labels = None
depends_on = None

FK = "fk_moves_room_id_rooms"
NAMING = {"fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s"}

PG_FUNCTION = """
CREATE FUNCTION rooms_delete_moves() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    DELETE FROM moves WHERE room_id = OLD.id;
    RETURN OLD;
END
$$
"""
PG_TRIGGER = (
    "CREATE TRIGGER rooms_delete_moves AFTER DELETE ON rooms "
    "FOR EACH ROW EXECUTE FUNCTION rooms_delete_moves()"
)
SQLITE_TRIGGER = (
    "CREATE TRIGGER rooms_delete_moves AFTER DELETE ON rooms FOR EACH ROW "
    "BEGIN DELETE FROM moves WHERE room_id = OLD.id; END"
)


def upgrade() -> None:
    if op.get_bind().dialect.name == "postgresql":
        op.drop_constraint(FK, "moves", type_="foreignkey")
        op.execute(PG_FUNCTION)
        op.execute(PG_TRIGGER)
    else:
        with op.batch_alter_table("moves", naming_convention=NAMING) as batch:
            batch.drop_constraint(FK, type_="foreignkey")
        op.execute(SQLITE_TRIGGER)


def downgrade() -> None:
    if op.get_bind().dialect.name == "postgresql":
        op.execute("DROP TRIGGER rooms_delete_moves ON rooms")
        op.execute("DROP FUNCTION rooms_delete_moves()")
        op.create_foreign_key(FK, "moves", "rooms", ["room_id"], ["id"], ondelete="CASCADE")
    else:
        op.execute("DROP TRIGGER rooms_delete_moves")
        with op.batch_alter_table("moves", naming_convention=NAMING) as batch:
            batch.create_foreign_key(FK, "rooms", ["room_id"], ["id"], ondelete="CASCADE")

