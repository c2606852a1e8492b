"""Tables: users, rooms, seats, the move log, chat; results, ratings, room requests, reviews.

Game state and moves are stored as JSON text: the database never looks inside them,
and text is identical on SQLite and PostgreSQL.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import UTC, datetime
from functools import cache
from typing import Any, TypeVar, cast

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


def utcnow() -> datetime:
    return datetime.now(UTC)


def aware(moment: datetime) -> datetime:
    """A stored time with its zone: SQLite hands DateTime(timezone=True) back naive (UTC)."""
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)


ModelT = TypeVar("ModelT", bound=Base)


def detached(model: type[ModelT], values: Mapping[str, Any]) -> ModelT:
    """``model(**values)`` for a row a Core statement read or wrote: the same transient
    instance, built as the ORM's loader builds what it reads (the instance's state, then
    its attributes stored at once), not through one attribute event per column:
    ``Room(**row)`` cost 54 µs of CPU in a slow window, this 3. Every authenticated
    request builds its user this way, every seat command its room and seats."""
    if not values.keys() <= _columns(model):
        unknown = sorted(set(values) - _columns(model))
        raise TypeError(f"{unknown!r} are not columns of {model.__name__}")
    instance = cast(ModelT, model.__mapper__.class_manager.new_instance())
    instance.__dict__.update(values)
    return instance


@cache
def _columns(model: type[Base]) -> frozenset[str]:
    return frozenset(model.__mapper__.column_attrs.keys())


class User(Base):
    __tablename__ = "users"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    username: Mapped[str | None] = mapped_column(String(40), unique=True)
    display_name: Mapped[str] = mapped_column(String(40))
    password_hash: Mapped[str | None] = mapped_column(String(200))
    is_guest: Mapped[bool] = mapped_column(Boolean, default=True)
    is_admin: Mapped[bool] = mapped_column(Boolean, default=False)
    banned: Mapped[bool] = mapped_column(Boolean, default=False)
    language: Mapped[str | None] = mapped_column(String(5))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    # Signed into the session cookie; bumping it ends every session (log out everywhere).
    session_version: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    # Set when the account was deleted: its games stay, under the name "deleted player".
    deleted_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    # A bot account (app.accounts.bot_accounts): a program plays it through the API; it
    # never seeks games in the public lobby. Set once, never unset.
    is_bot: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())


class ApiToken(Base):
    """A personal API token (app.accounts.tokens): only its SHA-256 is stored."""

    __tablename__ = "api_tokens"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    user_id: Mapped[str] = mapped_column(ForeignKey("users.id"), index=True)
    name: Mapped[str] = mapped_column(String(60))
    scopes: Mapped[str] = mapped_column(String(60))  # space-separated: play read bot
    token_hash: Mapped[str] = mapped_column(String(64), unique=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    expires_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    last_used_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    revoked_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))


class Challenge(Base):
    """One player asks another to a game (app.social.challenges); accepted, it names the
    room it made."""

    __tablename__ = "challenges"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    from_user_id: Mapped[str] = mapped_column(ForeignKey("users.id"), index=True)
    to_user_id: Mapped[str] = mapped_column(ForeignKey("users.id"), index=True)
    game: Mapped[str] = mapped_column(String(32))
    options: Mapped[str] = mapped_column(Text, default="{}")
    # open -> accepted | declined | cancelled (expired: open past expires_at)
    status: Mapped[str] = mapped_column(String(16), default="open")
    room_id: Mapped[str | None] = mapped_column(String(32))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    expires_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    answered_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))


class Follow(Base):
    """A player follows another (app.social.follows)."""

    __tablename__ = "follows"

    follower_id: Mapped[str] = mapped_column(ForeignKey("users.id"), primary_key=True)
    followed_id: Mapped[str] = mapped_column(ForeignKey("users.id"), primary_key=True, index=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class Block(Base):
    """A player blocks another: no challenge, message or seat in their private rooms."""

    __tablename__ = "blocks"

    blocker_id: Mapped[str] = mapped_column(ForeignKey("users.id"), primary_key=True)
    blocked_id: Mapped[str] = mapped_column(ForeignKey("users.id"), primary_key=True, index=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class Room(Base):
    __tablename__ = "rooms"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    invite_code: Mapped[str] = mapped_column(String(32), unique=True)
    game: Mapped[str] = mapped_column(String(32))
    rules_version: Mapped[int] = mapped_column(Integer, default=1)
    options: Mapped[str] = mapped_column(Text, default="{}")
    seat_count: Mapped[int] = mapped_column(Integer)
    private: Mapped[bool] = mapped_column(Boolean, default=False)
    host_id: Mapped[str] = mapped_column(ForeignKey("users.id"))
    status: Mapped[str] = mapped_column(String(16), default="waiting", index=True)
    seed: Mapped[str | None] = mapped_column(String(64))
    seed_hash: Mapped[str | None] = mapped_column(String(64))
    state: Mapped[str | None] = mapped_column(Text)
    version: Mapped[int] = mapped_column(Integer, default=0)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    started_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    finished_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    # Decided at the start: the host asked for it and every seat is an account (app.ratings).
    rated: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    # What the room waits on at its version, written with the version (app.rooms.clock):
    # the seats' clocks, the game's reaction deadline, a bot's turn (JSON); and the epoch
    # second the earliest of them falls due, which the deadline scheduler looks for.
    timers: Mapped[str | None] = mapped_column(Text)
    deadline_at: Mapped[float | None] = mapped_column(Float, index=True)
    # Bumped by every seat change; a move's commit checks it with the version, so a move
    # prepared for a seat that changed hands meanwhile is refused (app.rooms.store).
    seats_version: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    # Who claimed the deadline and the lease it wrote into deadline_at: a lease whose
    # owner no longer beats (Process) is taken over at once (app.rooms.scheduler).
    lease_owner: Mapped[str | None] = mapped_column(String(40))
    lease_until: Mapped[float | None] = mapped_column(Float)


class Process(Base):
    """A running app process and its heartbeat (app.rooms.liveness)."""

    __tablename__ = "processes"

    id: Mapped[str] = mapped_column(String(40), primary_key=True)
    started_at: Mapped[float] = mapped_column(Float)
    beat_at: Mapped[float] = mapped_column(Float)


class Seat(Base):
    __tablename__ = "seats"
    __table_args__ = (UniqueConstraint("room_id", "position"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    room_id: Mapped[str] = mapped_column(ForeignKey("rooms.id", ondelete="CASCADE"), index=True)
    position: Mapped[int] = mapped_column(Integer)
    user_id: Mapped[str | None] = mapped_column(ForeignKey("users.id"), index=True)
    bot: Mapped[str | None] = mapped_column(String(32))
    name: Mapped[str] = mapped_column(String(40))
    # Who held the seat when the game started (kept when a bot takes it over), and whether
    # that player left or was removed before the end (ranks last in a rated game).
    player_id: Mapped[str | None] = mapped_column(ForeignKey("users.id"))
    forfeit: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    # The seat's colour in the game's palette (app.rooms.seating.free_colour); a rematch
    # keeps it while the seats rotate. None on rows older than the column: the position.
    colour: Mapped[int | None] = mapped_column(Integer)
    # Held by a bot account (users.is_bot when seated; an account that has played cannot
    # become a bot): seats show BOT without reading users.
    bot_account: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())


class MoveRecord(Base):
    __tablename__ = "moves"
    __table_args__ = (
        UniqueConstraint("room_id", "seq"),
        Index("uq_moves_room_client_id", "room_id", "client_move_id", unique=True),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    # A room's id, with no foreign key: its check on every move written was a quarter of
    # the database's CPU per move; the writers insert moves only for the room row they
    # update, and a trigger deletes a deleted room's moves (migration 0007).
    room_id: Mapped[str] = mapped_column(String(32))
    seq: Mapped[int] = mapped_column(Integer)
    seat: Mapped[int] = mapped_column(Integer)
    client_move_id: Mapped[str | None] = mapped_column(String(64))
    move: Mapped[str] = mapped_column(Text)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    # "move", or "undo" (move is then {"undo": seq of the move taken back}; app.rooms.timeline).
    kind: Mapped[str] = mapped_column(String(8), default="move", server_default="move")


class ChatMessage(Base):
    __tablename__ = "chat_messages"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    room_id: Mapped[str] = mapped_column(ForeignKey("rooms.id", ondelete="CASCADE"), index=True)
    user_id: Mapped[str | None] = mapped_column(ForeignKey("users.id"))
    name: Mapped[str] = mapped_column(String(40))
    text: Mapped[str] = mapped_column(Text)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    # Removed by a moderator or with its author's account: the text is then emptied.
    deleted: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())


class ChatReport(Base):
    """A player's report of a chat message, for the admins' dashboard."""

    __tablename__ = "chat_reports"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    message_id: Mapped[int] = mapped_column(
        ForeignKey("chat_messages.id", ondelete="CASCADE"), index=True
    )
    room_id: Mapped[str] = mapped_column(ForeignKey("rooms.id", ondelete="CASCADE"))
    reporter_id: Mapped[str] = mapped_column(ForeignKey("users.id"))
    reason: Mapped[str] = mapped_column(Text, default="")
    # "open" until an admin resolves it.
    status: Mapped[str] = mapped_column(String(16), default="open", index=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class RoomMute(Base):
    """A user the host or an admin silenced in one room's chat."""

    __tablename__ = "room_mutes"

    room_id: Mapped[str] = mapped_column(
        ForeignKey("rooms.id", ondelete="CASCADE"), primary_key=True
    )
    user_id: Mapped[str] = mapped_column(ForeignKey("users.id"), primary_key=True)
    muted_by: Mapped[str] = mapped_column(ForeignKey("users.id"))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class AuditEntry(Base):
    """One admin action: who, when, what, on which target, and why."""

    __tablename__ = "audit_log"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    admin_id: Mapped[str] = mapped_column(ForeignKey("users.id"), index=True)
    admin_name: Mapped[str] = mapped_column(String(40))
    action: Mapped[str] = mapped_column(String(40))
    target_type: Mapped[str] = mapped_column(String(16))
    target_id: Mapped[str] = mapped_column(String(64), index=True)
    reason: Mapped[str] = mapped_column(Text, default="")
    details: Mapped[str] = mapped_column(Text, default="{}")
    created_at: Mapped[datetime] = mapped_column(
        DateTime(timezone=True), default=utcnow, index=True
    )


class GameResult(Base):
    """One seated player's outcome of a finished game (profiles, history, statistics)."""

    __tablename__ = "game_results"
    __table_args__ = (
        UniqueConstraint("room_id", "position"),
        Index("ix_game_results_user_finished", "user_id", "finished_at"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    room_id: Mapped[str] = mapped_column(ForeignKey("rooms.id", ondelete="CASCADE"))
    position: Mapped[int] = mapped_column(Integer)
    user_id: Mapped[str] = mapped_column(ForeignKey("users.id"))
    game: Mapped[str] = mapped_column(String(32))
    players: Mapped[int] = mapped_column(Integer)
    place: Mapped[int] = mapped_column(Integer)  # 1 = first; equal places share a number
    score: Mapped[float | None] = mapped_column(Float)
    won: Mapped[bool] = mapped_column(Boolean)
    rated: Mapped[bool] = mapped_column(Boolean)
    forfeit: Mapped[bool] = mapped_column(Boolean, default=False)
    finished_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class Rating(Base):
    """A player's OpenSkill rating in one game (``ordinal`` = mu - 3 sigma, conservative)."""

    __tablename__ = "ratings"
    __table_args__ = (Index("ix_ratings_game_ordinal", "game", "ordinal"),)

    user_id: Mapped[str] = mapped_column(ForeignKey("users.id"), primary_key=True)
    game: Mapped[str] = mapped_column(String(32), primary_key=True)
    mu: Mapped[float] = mapped_column(Float)
    sigma: Mapped[float] = mapped_column(Float)
    ordinal: Mapped[float] = mapped_column(Float)
    games: Mapped[int] = mapped_column(Integer, default=0)
    wins: Mapped[int] = mapped_column(Integer, default=0)
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class RatingChange(Base):
    """One rated game's effect on one player's rating (the profile's history chart)."""

    __tablename__ = "rating_history"
    __table_args__ = (Index("ix_rating_history_user_game", "user_id", "game", "id"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    user_id: Mapped[str] = mapped_column(ForeignKey("users.id"))
    game: Mapped[str] = mapped_column(String(32))
    room_id: Mapped[str] = mapped_column(ForeignKey("rooms.id", ondelete="CASCADE"), index=True)
    place: Mapped[int] = mapped_column(Integer)
    mu_before: Mapped[float] = mapped_column(Float)
    sigma_before: Mapped[float] = mapped_column(Float)
    mu_after: Mapped[float] = mapped_column(Float)
    sigma_after: Mapped[float] = mapped_column(Float)
    ordinal_before: Mapped[float] = mapped_column(Float)
    ordinal_after: Mapped[float] = mapped_column(Float)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class RoomRequest(Base):
    """A proposal to the table (``undo`` in a rated game, ``rematch``) and the answers to it."""

    __tablename__ = "room_requests"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    room_id: Mapped[str] = mapped_column(ForeignKey("rooms.id", ondelete="CASCADE"), index=True)
    kind: Mapped[str] = mapped_column(String(16))
    seat: Mapped[int] = mapped_column(Integer)
    user_id: Mapped[str] = mapped_column(ForeignKey("users.id"))
    version: Mapped[int] = mapped_column(Integer)
    # {"seat": true | false} for every seat that answered.
    votes: Mapped[str] = mapped_column(Text, default="{}")
    status: Mapped[str] = mapped_column(String(16), default="open")
    new_room_id: Mapped[str | None] = mapped_column(String(32))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    decided_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))


class RoomReview(Base):
    """A finished game's review (:mod:`app.rooms.review`): per move, the search's preferred
    move and the estimated points lost, computed in the background on first request."""

    __tablename__ = "room_reviews"

    room_id: Mapped[str] = mapped_column(
        ForeignKey("rooms.id", ondelete="CASCADE"), primary_key=True
    )
    level: Mapped[str] = mapped_column(String(16))
    # {"moves": [...]} as JSON text (see docs/protocol.md, "Game review").
    data: Mapped[str] = mapped_column(Text)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
