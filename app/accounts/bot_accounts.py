"""Bot accounts: an account a program plays through the API (issue 37).

An account becomes a bot with ``POST /api/account/bot``, sent with a token that has the
``bot`` scope (a browser session cannot do it by a stray click), and only before it has
played: its games and rating were a person's. It cannot be undone (Lichess's rule: a
rating must mean one kind of player). A bot account never seeks games in the public
lobby by itself (creating or joining a public room is refused with ``bot_account``);
it plays when challenged, when a host gives it a private room's invite or seats it by
name (``POST /api/rooms/{id}/bots`` with ``{"account": name}``: :func:`find_bot_account`),
and against the house bots.
"""

from __future__ import annotations

from sqlalchemy import or_, select
from sqlalchemy.ext.asyncio import AsyncSession

from app.db.models import Room, Seat, User
from app.errors import Conflict, Forbidden, NotFound


async def become_bot(session: AsyncSession, user: User) -> User:
    stored = await session.get(User, user.id)
    if stored is None or stored.is_guest:
        raise Forbidden("only accounts can become bots", code="account_required")
    if stored.is_bot:
        return stored
    played = await session.scalar(
        select(Seat.id)
        .join(Room, Room.id == Seat.room_id)
        .where(
            or_(Seat.user_id == user.id, Seat.player_id == user.id),
            Room.status.in_(("playing", "finished")),
        )
        .limit(1)
    )
    if played is not None:
        raise Conflict("an account that has played cannot become a bot", code="has_played")
    stored.is_bot = True
    return stored


def refuse_public_seat(user: User, *, private: bool) -> None:
    """Bots play by invitation: no public room of their own making or choosing."""
    if getattr(user, "is_bot", False) and not private:
        raise Forbidden(
            "a bot account plays when challenged or invited, not at public tables",
            code="bot_account",
        )


async def find_bot_account(session: AsyncSession, name: str) -> User:
    """The bot account called ``name`` (a username), for a host to seat; 404 for anything
    else (no such account, a person's account, banned or deleted)."""
    found = await session.scalar(select(User).where(User.username == name))
    if found is None or not found.is_bot or found.banned or found.deleted_at is not None:
        raise NotFound(f"no bot account {name!r}", code="bot_not_found")
    return found
