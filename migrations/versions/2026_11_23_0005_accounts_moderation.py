"""accounts people manage (session version, deletion), chat moderation (reports, mutes)

Revision ID: 0005_accounts
Revises: 0004_clocks
Create Date: 2026-11-23 05:20:00
"""

from alembic import op
import sqlalchemy as sa


revision = '0005_accounts'
down_revision = '0004_clocks'
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table('users', schema=None) as batch_op:
        batch_op.add_column(sa.Column('session_version', sa.Integer(), server_default='0', nullable=False))
        batch_op.add_column(sa.Column('deleted_at', sa.DateTime(timezone=True), nullable=True))

    with op.batch_alter_table('chat_messages', schema=None) as batch_op:
        batch_op.add_column(sa.Column('deleted', sa.Boolean(), server_default=sa.false(), nullable=False))

    op.create_table('chat_reports',
    sa.Column('id', sa.Integer(), autoincrement=True, nullable=False),
    sa.Column('message_id', sa.Integer(), nullable=False),
    sa.Column('room_id', sa.String(length=32), nullable=False),
    sa.Column('reporter_id', sa.String(length=32), nullable=False),
    sa.Column('reason', sa.Text(), nullable=False),
    sa.Column('status', sa.String(length=16), nullable=False),
    sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
    sa.ForeignKeyConstraint(['message_id'], ['chat_messages.id'], name=op.f('fk_chat_reports_message_id_chat_messages'), ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['room_id'], ['rooms.id'], name=op.f('fk_chat_reports_room_id_rooms'), ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['reporter_id'], ['users.id'], name=op.f('fk_chat_reports_reporter_id_users')),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_chat_reports'))
    )
    with op.batch_alter_table('chat_reports', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_chat_reports_message_id'), ['message_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_chat_reports_status'), ['status'], unique=False)

    op.create_table('room_mutes',
    sa.Column('room_id', sa.String(length=32), nullable=False),
    sa.Column('user_id', sa.String(length=32), nullable=False),
    sa.Column('muted_by', sa.String(length=32), nullable=False),
    sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
    sa.ForeignKeyConstraint(['room_id'], ['rooms.id'], name=op.f('fk_room_mutes_room_id_rooms'), ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['user_id'], ['users.id'], name=op.f('fk_room_mutes_user_id_users')),
    sa.ForeignKeyConstraint(['muted_by'], ['users.id'], name=op.f('fk_room_mutes_muted_by_users')),
    sa.PrimaryKeyConstraint('room_id', 'user_id', name=op.f('pk_room_mutes'))
    )


def downgrade() -> None:
    op.drop_table('room_mutes')
    with op.batch_alter_table('chat_reports', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_chat_reports_status'))
        batch_op.drop_index(batch_op.f('ix_chat_reports_message_id'))
    op.drop_table('chat_reports')
    with op.batch_alter_table('chat_messages', schema=None) as batch_op:
        batch_op.drop_column('deleted')
    with op.batch_alter_table('users', schema=None) as batch_op:
        batch_op.drop_column('deleted_at')
        batch_op.drop_column('session_version')
