"""Challenges: one account asks another to a game; accepted, the room is made and started.

One implementation for people (issue 36: challenge a player from their profile) and for
programs (issue 37: a bot account plays when challenged). The states:

    open ──accept──▶ accepted (room_id: the started room, the challenger hosts seat 0)
      ├──decline (the one challenged)──▶ declined
      ├──decline (the challenger)──────▶ cancelled
      └──(a day passes)────────────────▶ expired (shown as such; never stored)

Accepting is one conditional UPDATE (``WHERE status = 'open'``, to ``accepting``): two
answers racing each other (two tabs, a program retrying) make one room, the loser gets
409; ``accepted`` is written with the room's id, so no one reads one without the other.
The room is made through :class:`RoomService`'s public commands (create, join, start), so
every rule about rooms (options, seats, rating) stays in one place. Only accounts challenge and are
challenged: a guest has no name to be found by.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import TYPE_CHECKING, Any, Final

import orjson
from sqlalchemy import func, or_, select, update

from app.catalogue.games import catalogue_entry
from app.db.models import Challenge, User, aware
from app.errors import AgoraError, Conflict, Forbidden, InvalidRequest, NotFound
from app.games.interface import InvalidOptions, JsonDict
from app.games.registry import UnknownGame
from app.i18n import LANGUAGES
from app.ids import new_id
from app.rooms.room_options import normalize_room_options
from app.social.blocks import refuse_challenge

if TYPE_CHECKING:
    from app.rooms.service import RoomService

LIFETIME: Final = timedelta(days=1)
MAX_OPEN: Final = 20  # open challenges a player may have sent at once
SEATS: Final = 2  # a challenge is one player against another


class ChallengeNotFound(NotFound):
    code = "challenge_not_found"


def status_of(row: Challenge, now: datetime | None = None) -> str:
    if row.status == "accepting":
        return "open"  # its room is being made: "accepted" comes with the room's id
    if row.status == "open" and aware(row.expires_at) <= (now or datetime.now(UTC)):
        return "expired"
    return row.status


def person(user: User | None) -> JsonDict | None:
    if user is None:
        return None
    return {"id": user.id, "name": user.display_name, "username": user.username}


def game_name(game_id: str) -> JsonDict:
    try:
        return dict(catalogue_entry(game_id)["name"])
    except UnknownGame:  # a test game, with no card in the catalogue
        return dict.fromkeys(LANGUAGES, game_id)


class Challenges:
    def __init__(self, rooms: RoomService) -> None:
        self.rooms = rooms
        self.sessions = rooms.ctx.sessions

    async def create(
        self, user: User, *, to: str, game_id: str, options: JsonDict | None
    ) -> JsonDict:
        if user.is_guest:
            raise Forbidden("only accounts can challenge", code="account_required")
        game = self.rooms.ctx.game(game_id)
        try:
            clean = normalize_room_options(game.INFO, SEATS, options)
        except InvalidOptions as error:
            raise InvalidRequest(str(error), code="invalid_options") from None
        async with self.sessions() as session, session.begin():
            target = await session.scalar(
                select(User).where(User.username == to, User.deleted_at.is_(None))
            )
            if target is None or target.banned:
                raise NotFound(f"no player {to!r}", code="user_not_found")
            if target.id == user.id:
                raise InvalidRequest("you cannot challenge yourself", code="self_challenge")
            await refuse_challenge(session, user, target)  # a block either way: 403 blocked
            now = datetime.now(UTC)
            sent = await session.scalar(
                select(func.count()).where(
                    Challenge.from_user_id == user.id,
                    Challenge.status == "open",
                    Challenge.expires_at > now,
                )
            )
            if (sent or 0) >= MAX_OPEN:
                raise InvalidRequest(
                    f"at most {MAX_OPEN} open challenges at once", code="too_many_challenges"
                )
            row = Challenge(
                id=new_id(), from_user_id=user.id, to_user_id=target.id, game=game_id,
                options=orjson.dumps(clean).decode(), status="open", created_at=now,
                expires_at=now + LIFETIME,
            )  # fmt: skip
            session.add(row)
            await session.flush()
            return self._json(row, user, target)

    async def get(self, user: User, challenge_id: str) -> JsonDict:
        async with self.sessions() as session:
            row = await self._visible(session, user, challenge_id)
            return self._json(
                row,
                await session.get(User, row.from_user_id),
                await session.get(User, row.to_user_id),
            )

    async def mine(self, user: User) -> JsonDict:
        """The open challenges sent to and by ``user``, newest first."""
        now = datetime.now(UTC)
        async with self.sessions() as session:
            rows = list(
                await session.scalars(
                    select(Challenge)
                    .where(
                        or_(Challenge.to_user_id == user.id, Challenge.from_user_id == user.id),
                        Challenge.status == "open",
                        Challenge.expires_at > now,
                    )
                    .order_by(Challenge.created_at.desc())
                    .limit(2 * MAX_OPEN)
                )
            )
            ids = {row.from_user_id for row in rows} | {row.to_user_id for row in rows}
            users = {u.id: u for u in await session.scalars(select(User).where(User.id.in_(ids)))}
        shown = [
            self._json(row, users.get(row.from_user_id), users.get(row.to_user_id)) for row in rows
        ]
        return {
            "incoming": [c for c in shown if c["to"] and c["to"]["id"] == user.id],
            "outgoing": [c for c in shown if c["from"] and c["from"]["id"] == user.id],
        }

    async def accept(self, user: User, challenge_id: str) -> JsonDict:
        async with self.sessions() as session, session.begin():
            row = await self._visible(session, user, challenge_id)
            if row.to_user_id != user.id:
                raise Forbidden("only the player challenged may accept", code="not_challenged")
            self._still_open(row)
            won = await session.execute(
                update(Challenge)
                .where(Challenge.id == challenge_id, Challenge.status == "open")
                .values(status="accepting", answered_at=datetime.now(UTC))
            )
            if won.rowcount != 1:  # type: ignore[attr-defined]
                raise Conflict("this challenge was answered meanwhile", code="challenge_answered")
            challenger = await session.get(User, row.from_user_id)
        if challenger is None or challenger.banned or challenger.deleted_at is not None:
            await self._set(challenge_id, status="cancelled")
            raise Conflict("the challenger is gone", code="challenge_answered")
        options: JsonDict = orjson.loads(row.options)
        try:
            live = await self.rooms.create_room(
                user=challenger, game_id=row.game, seats=SEATS, options=options, private=True
            )
            await self.rooms.join(live.id, user=user, invite_code=live.invite_code)
            await self.rooms.start_game(live.id, user=challenger)
        except AgoraError:
            await self._set(challenge_id, status="cancelled")  # no half-made game left open
            raise
        # Accepted and its room in one write: no one sees "accepted" without a room.
        await self._set(challenge_id, status="accepted", room_id=live.id)
        return await self.get(user, challenge_id)

    async def decline(self, user: User, challenge_id: str) -> JsonDict:
        async with self.sessions() as session, session.begin():
            row = await self._visible(session, user, challenge_id)
            self._still_open(row)
            status = "declined" if row.to_user_id == user.id else "cancelled"
            answered = await session.execute(
                update(Challenge)
                .where(Challenge.id == challenge_id, Challenge.status == "open")
                .values(status=status, answered_at=datetime.now(UTC))
            )
            if answered.rowcount != 1:  # type: ignore[attr-defined]
                raise Conflict("this challenge was answered meanwhile", code="challenge_answered")
        return await self.get(user, challenge_id)

    async def _visible(self, session: Any, user: User, challenge_id: str) -> Challenge:
        row = await session.get(Challenge, challenge_id)
        if row is None or user.id not in (row.from_user_id, row.to_user_id):
            raise ChallengeNotFound(f"no challenge {challenge_id}")  # others learn nothing
        return row  # type: ignore[no-any-return]

    @staticmethod
    def _still_open(row: Challenge) -> None:
        status = status_of(row)
        if status != "open":
            raise Conflict(f"this challenge is {status}", code="challenge_answered")

    async def _set(self, challenge_id: str, **values: Any) -> None:
        async with self.sessions() as session, session.begin():
            await session.execute(
                update(Challenge).where(Challenge.id == challenge_id).values(**values)
            )

    @staticmethod
    def _json(row: Challenge, sender: User | None, target: User | None) -> JsonDict:
        return {
            "id": row.id,
            "status": status_of(row),
            "game": row.game,
            "game_name": game_name(row.game),
            "options": orjson.loads(row.options),
            "from": person(sender),
            "to": person(target),
            "room_id": row.room_id,
            "created_at": aware(row.created_at).isoformat(),
            "expires_at": aware(row.expires_at).isoformat(),
        }
