"""Tournament tables (migration 0014): a tournament, its entrants and its tables.

- ``tournaments``: the host's settings (game, seats a table, format, rounds, room options)
  and where it stands: ``status`` waiting → running → finished (or cancelled), ``round``
  the round being played (0 before the start). Starting a round is one conditional
  ``UPDATE … SET round = n WHERE round = n - 1``: two processes never start it twice.
- ``tournament_entrants``: a person (``user_id``) or a bot (``bot``: its level), with the
  points and games so far; a removed entrant keeps its row (and its past games) but is
  paired no more.
- ``tournament_tables``: one table of a round, its entrants in seat order (JSON ids) and
  the room it plays in; a bye is a table of one entrant with no room. ``points`` (JSON,
  by seat) is written with ``finished`` in the transaction that adds them to the
  entrants, guarded by ``WHERE finished = false``: a table is scored once.
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import (
    Boolean,
    DateTime,
    Float,
    ForeignKey,
    Index,
    Integer,
    String,
    Text,
    UniqueConstraint,
    false,
)
from sqlalchemy.orm import Mapped, mapped_column

from app.db.base import Base
from app.db.models import utcnow


class Tournament(Base):
    __tablename__ = "tournaments"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    invite_code: Mapped[str] = mapped_column(String(32), unique=True)
    host_id: Mapped[str] = mapped_column(ForeignKey("users.id"), index=True)
    game: Mapped[str] = mapped_column(String(32))
    seat_count: Mapped[int] = mapped_column(Integer)
    format: Mapped[str] = mapped_column(String(16))  # arena | swiss | round_robin
    rounds: Mapped[int | None] = mapped_column(Integer)  # planned (round robin: at the start)
    duration_minutes: Mapped[int | None] = mapped_column(Integer)  # arena
    options: Mapped[str] = mapped_column(Text, default="{}")  # the tables' room options
    rated: Mapped[bool] = mapped_column(Boolean, default=False)
    private: Mapped[bool] = mapped_column(Boolean, default=False)
    # waiting -> running -> finished | cancelled
    status: Mapped[str] = mapped_column(String(16), default="waiting", index=True)
    round: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    started_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    finished_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))


class TournamentEntrant(Base):
    __tablename__ = "tournament_entrants"
    __table_args__ = (UniqueConstraint("tournament_id", "user_id"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    tournament_id: Mapped[str] = mapped_column(
        ForeignKey("tournaments.id", ondelete="CASCADE"), index=True
    )
    user_id: Mapped[str | None] = mapped_column(ForeignKey("users.id"))
    bot: Mapped[str | None] = mapped_column(String(16))  # a bot entrant's level
    name: Mapped[str] = mapped_column(String(64))
    points: Mapped[float] = mapped_column(Float, default=0.0, server_default="0")
    games: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    byes: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    removed: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    joined_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class TournamentTable(Base):
    __tablename__ = "tournament_tables"
    __table_args__ = (Index("ix_tournament_tables_tournament_round", "tournament_id", "round"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    tournament_id: Mapped[str] = mapped_column(ForeignKey("tournaments.id", ondelete="CASCADE"))
    round: Mapped[int] = mapped_column(Integer)
    entrants: Mapped[str] = mapped_column(Text)  # JSON: entrant ids in seat order
    room_id: Mapped[str | None] = mapped_column(String(32), index=True)  # None: a bye
    points: Mapped[str | None] = mapped_column(Text)  # JSON: points by seat, once scored
    finished: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
