"""Tournaments: swiss, round robin and arena events (issue 36)

- ``tournaments``: the host's settings and where the event stands (status, round).
- ``tournament_entrants``: people and bots entered, with their points and games.
- ``tournament_tables``: each round's tables (entrants in seat order, the room, the
  points by seat once scored); a bye is a table of one with no room.

Revision ID: 0014_tournaments
Revises: 0013_follows_blocks
Create Date: 2026-11-28 23:00:00
"""

import sqlalchemy as sa
from alembic import op

revision = "0014_tournaments"
down_revision = "0013_follows_blocks"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "tournaments",
        sa.Column("id", sa.String(32), nullable=False),
        sa.Column("invite_code", sa.String(32), nullable=False),
        sa.Column("host_id", sa.String(32), nullable=False),
        sa.Column("game", sa.String(32), nullable=False),
        sa.Column("seat_count", sa.Integer(), nullable=False),
        sa.Column("format", sa.String(16), nullable=False),
        sa.Column("rounds", sa.Integer(), nullable=True),
        sa.Column("duration_minutes", sa.Integer(), nullable=True),
        sa.Column("options", sa.Text(), nullable=False),
        sa.Column("rated", sa.Boolean(), nullable=False),
        sa.Column("private", sa.Boolean(), nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("round", sa.Integer(), server_default="0", nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("started_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("finished_at", sa.DateTime(timezone=True), nullable=True),
        sa.ForeignKeyConstraint(
            ["host_id"], ["users.id"], name=op.f("fk_tournaments_host_id_users")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_tournaments")),
        sa.UniqueConstraint("invite_code", name=op.f("uq_tournaments_invite_code")),
    )
    op.create_index(op.f("ix_tournaments_host_id"), "tournaments", ["host_id"])
    op.create_index(op.f("ix_tournaments_status"), "tournaments", ["status"])
    op.create_table(
        "tournament_entrants",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("tournament_id", sa.String(32), nullable=False),
        sa.Column("user_id", sa.String(32), nullable=True),
        sa.Column("bot", sa.String(16), nullable=True),
        sa.Column("name", sa.String(64), nullable=False),
        sa.Column("points", sa.Float(), server_default="0", nullable=False),
        sa.Column("games", sa.Integer(), server_default="0", nullable=False),
        sa.Column("byes", sa.Integer(), server_default="0", nullable=False),
        sa.Column("removed", sa.Boolean(), server_default=sa.false(), nullable=False),
        sa.Column("joined_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["tournament_id"],
            ["tournaments.id"],
            ondelete="CASCADE",
            name=op.f("fk_tournament_entrants_tournament_id_tournaments"),
        ),  # fmt: skip
        sa.ForeignKeyConstraint(
            ["user_id"], ["users.id"], name=op.f("fk_tournament_entrants_user_id_users")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_tournament_entrants")),
        sa.UniqueConstraint(
            "tournament_id", "user_id", name=op.f("uq_tournament_entrants_tournament_id")
        ),
    )
    op.create_index(
        op.f("ix_tournament_entrants_tournament_id"), "tournament_entrants", ["tournament_id"]
    )
    op.create_table(
        "tournament_tables",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("tournament_id", sa.String(32), nullable=False),
        sa.Column("round", sa.Integer(), nullable=False),
        sa.Column("entrants", sa.Text(), nullable=False),
        sa.Column("room_id", sa.String(32), nullable=True),
        sa.Column("points", sa.Text(), nullable=True),
        sa.Column("finished", sa.Boolean(), server_default=sa.false(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["tournament_id"],
            ["tournaments.id"],
            ondelete="CASCADE",
            name=op.f("fk_tournament_tables_tournament_id_tournaments"),
        ),  # fmt: skip
        sa.PrimaryKeyConstraint("id", name=op.f("pk_tournament_tables")),
    )
    op.create_index(
        "ix_tournament_tables_tournament_round", "tournament_tables", ["tournament_id", "round"]
    )
    op.create_index(op.f("ix_tournament_tables_room_id"), "tournament_tables", ["room_id"])


def downgrade() -> None:
    op.drop_index(op.f("ix_tournament_tables_room_id"), table_name="tournament_tables")
    op.drop_index("ix_tournament_tables_tournament_round", table_name="tournament_tables")
    op.drop_table("tournament_tables")
    op.drop_index(op.f("ix_tournament_entrants_tournament_id"), table_name="tournament_entrants")
    op.drop_table("tournament_entrants")
    op.drop_index(op.f("ix_tournaments_status"), table_name="tournaments")
    op.drop_index(op.f("ix_tournaments_host_id"), table_name="tournaments")
    op.drop_table("tournaments")
