"""Bot accounts

- ``users.is_bot``: the account is a program's (issue 37): marked BOT, never in the
  public lobby by itself; set once by ``POST /api/account/bot``, never unset.

Revision ID: 0012_bot_accounts
Revises: 0011_challenges
Create Date: 2026-11-28 19:50:00
"""

import sqlalchemy as sa
from alembic import op

revision = "0012_bot_accounts"
down_revision = "0011_challenges"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("users") as batch:
        batch.add_column(sa.Column("is_bot", sa.Boolean(), nullable=False, server_default=sa.false()))


def downgrade() -> None:
    with op.batch_alter_table("users") as batch:
        batch.drop_column("is_bot")
