"""room reviews (game review: the search's preferred move per move played)

Revision ID: 0006_reviews
Revises: 0005_accounts
Create Date: 2026-11-23 05:20:00
"""

import sqlalchemy as sa
from alembic import op

revision = "0006_reviews"
down_revision = "0005_accounts"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "room_reviews",
        sa.Column("room_id", sa.String(length=32), nullable=False),
        sa.Column("level", sa.String(length=16), nullable=False),
        sa.Column("data", sa.Text(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["room_id"], ["rooms.id"], name=op.f("fk_room_reviews_room_id_rooms"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("room_id", name=op.f("pk_room_reviews")),
    )


def downgrade() -> None:
    op.drop_table("room_reviews")
