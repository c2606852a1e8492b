"""Seats remember a bot account (issue 37: BOT on seats)

- ``seats.bot_account``: the seat is held by a bot account (a program playing through the
  API), so every view of the seat shows BOT without reading the users table.

Revision ID: 0015_seat_bot_account
Revises: 0014_tournaments
Create Date: 2026-11-28 23:00:00
"""

import sqlalchemy as sa
from alembic import op

revision = "0015_seat_bot_account"
down_revision = "0014_tournaments"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("seats") as batch:
        batch.add_column(
            sa.Column("bot_account", sa.Boolean(), server_default=sa.false(), nullable=False)
        )


def downgrade() -> None:
    with op.batch_alter_table("seats") as batch:
        batch.drop_column("bot_account")
