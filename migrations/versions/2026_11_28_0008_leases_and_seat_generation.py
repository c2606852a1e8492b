"""Deadline leases owned by a live process, and a seat generation checked by moves

- ``rooms.lease_owner`` / ``rooms.lease_until``: who claimed the room's deadline and the
  lease it wrote into ``deadline_at``. A lease whose owner stopped beating (table
  ``processes``) is taken over at once instead of after its length (issue 38, item 2).
- ``processes``: one row per running app process, its heartbeat (epoch seconds).
- ``rooms.seats_version``: bumped by every seat change; a move's commit checks it with
  the version, so a move prepared for a seat that changed hands meanwhile (a bot's,
  across processes) is refused (issue 38, item 3).

Revision ID: 0008_leases_seats_version
Revises: 0007_moves_without_fk
Create Date: 2026-11-28 13:00:00
"""

import sqlalchemy as sa
from alembic import op

revision = "0008_leases_seats_version"
down_revision = "0007_moves_without_fk"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("rooms") as batch:
        batch.add_column(
            sa.Column("seats_version", sa.Integer(), nullable=False, server_default="0")
        )
        batch.add_column(sa.Column("lease_owner", sa.String(40), nullable=True))
        batch.add_column(sa.Column("lease_until", sa.Float(), nullable=True))
    op.create_table(
        "processes",
        sa.Column("id", sa.String(40), primary_key=True),
        sa.Column("started_at", sa.Float(), nullable=False),
        sa.Column("beat_at", sa.Float(), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("processes")
    with op.batch_alter_table("rooms") as batch:
        batch.drop_column("lease_until")
        batch.drop_column("lease_owner")
        batch.drop_column("seats_version")
