"""Challenges: one player asks another to a game

- ``challenges``: who asked whom, to which game with which options, the answer, and the
  room an accepted challenge made (issues 36 and 37 share it: people challenge people,
  programs are challenged through the API).

Revision ID: 0011_challenges
Revises: 0010_api_tokens
Create Date: 2026-11-28 19:40:00
"""

import sqlalchemy as sa
from alembic import op

revision = "0011_challenges"
down_revision = "0010_api_tokens"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "challenges",
        sa.Column("id", sa.String(32), nullable=False),
        sa.Column("from_user_id", sa.String(32), nullable=False),
        sa.Column("to_user_id", sa.String(32), nullable=False),
        sa.Column("game", sa.String(32), nullable=False),
        sa.Column("options", sa.Text(), nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("room_id", sa.String(32), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("expires_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("answered_at", sa.DateTime(timezone=True), nullable=True),
        sa.ForeignKeyConstraint(
            ["from_user_id"], ["users.id"], name=op.f("fk_challenges_from_user_id_users")
        ),
        sa.ForeignKeyConstraint(
            ["to_user_id"], ["users.id"], name=op.f("fk_challenges_to_user_id_users")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_challenges")),
    )
    op.create_index(op.f("ix_challenges_from_user_id"), "challenges", ["from_user_id"])
    op.create_index(op.f("ix_challenges_to_user_id"), "challenges", ["to_user_id"])


def downgrade() -> None:
    op.drop_index(op.f("ix_challenges_to_user_id"), table_name="challenges")
    op.drop_index(op.f("ix_challenges_from_user_id"), table_name="challenges")
    op.drop_table("challenges")
