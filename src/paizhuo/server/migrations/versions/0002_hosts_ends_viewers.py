"""A table's host and how it ended; who may read a finished deal's record; when a seat's
person was last seen connected (several processes).

Revision ID: 0002
Revises: 0001
Create Date: 2026-12-06
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.add_column(sa.Column("host_hash", sa.String(64), nullable=True))
        batch.add_column(sa.Column("ended", sa.String(16), nullable=True))
    with op.batch_alter_table("deals") as batch:
        batch.add_column(sa.Column("viewers", sa.JSON(), nullable=True))
    with op.batch_alter_table("seats") as batch:
        batch.add_column(sa.Column("seen_at", sa.Float(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("seats") as batch:
        batch.drop_column("seen_at")
    with op.batch_alter_table("deals") as batch:
        batch.drop_column("viewers")
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("ended")
        batch.drop_column("host_hash")
