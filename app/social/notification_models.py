"""The notification settings table (migration 0015): which kinds an account is told about.

One row per account, written on the first change (``PUT /api/me/notification-settings``);
an account with no row has the defaults of :data:`DEFAULTS`. A column per kind rather
than a JSON blob: a kind is a fixed, small set, and a new one is a new column with its
default (``server_default``), so old rows read right without a data migration.
"""

from __future__ import annotations

from datetime import datetime
from typing import Final

from sqlalchemy import Boolean, DateTime, ForeignKey, false, true
from sqlalchemy.orm import Mapped, mapped_column

from app.db.base import Base
from app.db.models import utcnow

#: The kinds, in the order the settings show them, and their defaults: all on but
#: "a friend is online", which is noise for a player following many (one click away).
DEFAULTS: Final = {
    "your_turn": True,
    "challenge": True,
    "tournament_round": True,
    "friend_online": False,
}
KINDS: Final = tuple(DEFAULTS)


class NotificationSettings(Base):
    __tablename__ = "notification_settings"

    user_id: Mapped[str] = mapped_column(ForeignKey("users.id"), primary_key=True)
    your_turn: Mapped[bool] = mapped_column(Boolean, default=True, server_default=true())
    challenge: Mapped[bool] = mapped_column(Boolean, default=True, server_default=true())
    tournament_round: Mapped[bool] = mapped_column(Boolean, default=True, server_default=true())
    friend_online: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
