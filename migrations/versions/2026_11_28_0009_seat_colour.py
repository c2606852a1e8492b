"""A colour per seat, which a rematch keeps

- ``seats.colour``: the index of the seat's colour in the game's palette, chosen when the
  seat is taken (its position when free, else the lowest free index). A rematch rotates the
  seats for the first move and keeps each player's colour (issue 43). NULL on older rows:
  the position is the colour.

Revision ID: 0009_seat_colour
Revises: 0008_leases_seats_version
Create Date: 2026-11-28 19:20:00
"""

import sqlalchemy as sa
from alembic import op

revision = "0009_seat_colour"
down_revision = "0008_leases_seats_version"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("seats") as batch:
        batch.add_column(sa.Column("colour", sa.Integer(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("seats") as batch:
        batch.drop_column("colour")
