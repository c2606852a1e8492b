"""clocks and durable deadlines: rooms.timers (JSON) and rooms.deadline_at

Revision ID: 0004_clocks
Revises: 0003_ratings
Create Date: 2026-11-23
"""

import sqlalchemy as sa
from alembic import op

revision = "0004_clocks"
down_revision = "0003_ratings"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("rooms", schema=None) as batch_op:
        batch_op.add_column(sa.Column("timers", sa.Text(), nullable=True))
        batch_op.add_column(sa.Column("deadline_at", sa.Float(), nullable=True))
        batch_op.create_index("ix_rooms_deadline_at", ["deadline_at"], unique=False)


def downgrade() -> None:
    with op.batch_alter_table("rooms", schema=None) as batch_op:
        batch_op.drop_index("ix_rooms_deadline_at")
        batch_op.drop_column("deadline_at")
        batch_op.drop_column("timers")
