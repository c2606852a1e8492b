"""Follows and blocks between players (issue 36)

- ``follows``: a player follows another (who is online, at which table).
- ``blocks``: a player blocks another (no challenge, no message, no seat in their private
  rooms).

Revision ID: 0013_follows_blocks
Revises: 0012_bot_accounts
Create Date: 2026-11-28 22:00:00
"""

import sqlalchemy as sa
from alembic import op

revision = "0013_follows_blocks"
down_revision = "0012_bot_accounts"
branch_labels = None
depends_on = None


def _pair_table(name: str, left: str, right: str) -> None:
    op.create_table(
        name,
        sa.Column(left, sa.String(32), nullable=False),
        sa.Column(right, sa.String(32), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint([left], ["users.id"], name=op.f(f"fk_{name}_{left}_users")),
        sa.ForeignKeyConstraint([right], ["users.id"], name=op.f(f"fk_{name}_{right}_users")),
        sa.PrimaryKeyConstraint(left, right, name=op.f(f"pk_{name}")),
    )
    op.create_index(op.f(f"ix_{name}_{right}"), name, [right])


def upgrade() -> None:
    _pair_table("follows", "follower_id", "followed_id")
    _pair_table("blocks", "blocker_id", "blocked_id")


def downgrade() -> None:
    op.drop_index(op.f("ix_blocks_blocked_id"), table_name="blocks")
    op.drop_table("blocks")
    op.drop_index(op.f("ix_follows_followed_id"), table_name="follows")
    op.drop_table("follows")
