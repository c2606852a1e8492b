"""Notification settings (issue 36)

- ``notification_settings``: per account, which kinds of notification it is told about
  (your turn, a challenge, a tournament round, a friend online); no row: the defaults.

Revision ID: 0016_notification_settings
Revises: 0015_seat_bot_account
Create Date: 2026-11-28 23:30:00
"""

import sqlalchemy as sa
from alembic import op

revision = "0016_notification_settings"
down_revision = "0015_seat_bot_account"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "notification_settings",
        sa.Column("user_id", sa.String(32), nullable=False),
        sa.Column("your_turn", sa.Boolean(), server_default=sa.true(), nullable=False),
        sa.Column("challenge", sa.Boolean(), server_default=sa.true(), nullable=False),
        sa.Column("tournament_round", sa.Boolean(), server_default=sa.true(), nullable=False),
        sa.Column("friend_online", sa.Boolean(), server_default=sa.false(), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["user_id"], ["users.id"], name=op.f("fk_notification_settings_user_id_users")
        ),
        sa.PrimaryKeyConstraint("user_id", name=op.f("pk_notification_settings")),
    )


def downgrade() -> None:
    op.drop_table("notification_settings")
