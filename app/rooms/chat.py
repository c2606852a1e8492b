"""Room chat: players' messages and moderators' system messages, stored then published."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence
from typing import Any

from app.db.batched_reads import BatchedReads
from app.db.models import ChatMessage, User
from app.db.session import reader
from app.errors import Forbidden, InvalidRequest
from app.games.interface import JsonDict
from app.realtime.hub import RoomEvent
from app.rooms import repository
from app.rooms.cache import RoomCache
from app.rooms.context import RoomContext, dumps
from app.text import clean_chat

SYSTEM_NAME = "Agora"
SYSTEM_MAX_LENGTH = 2000
HISTORY = 50  # the messages a socket is sent when it opens
_SILENT_ROOMS = 100_000  # rooms remembered as silent at most (then forgotten at once)


class Chat:
    def __init__(
        self,
        ctx: RoomContext,
        cache: RoomCache,
        muted: Callable[[str, str], Awaitable[bool]] | None = None,
    ) -> None:
        self.ctx = ctx
        self.cache = cache
        self.muted = muted or _nobody_muted
        # Rooms known to have no message yet, so a new socket is not sent their chat by
        # reading nothing from the database: every socket's handshake asked, and a new
        # room (each game the Akropolis bench restarts) has none. With a relay, another
        # process may write a message: a room is known silent only while it stays watched
        # here since the read that found nothing (the value: the hub's watch token), as
        # every message written elsewhere meanwhile came through the relay. A burst of
        # sockets reconnecting after a process died read the chat once a room, not once a
        # socket (bench/reconnect_burst.py).
        self._silent: dict[str, object | None] = {}
        self._posts = 0  # messages seen: a read that raced with one is not remembered
        # The sockets arriving in one loop turn read their rooms' chats in one statement
        # (app.db.batched_reads), a read that starts after each of them subscribed.
        self._reads: BatchedReads[str, list[Any]] = BatchedReads(self._read_histories)
        ctx.hub.add_listener(self._on_remote_event)
        ctx.hub.add_reconnect_listener(self._silent.clear)  # relayed messages were lost

    def mark_silent(self, room_id: str) -> None:
        """A room just created here: no message yet."""
        if not self.ctx.hub.distributed:
            self._remember_silent(room_id, None)

    def _remember_silent(self, room_id: str, token: object | None) -> None:
        if len(self._silent) >= _SILENT_ROOMS:
            self._silent.clear()
        self._silent[room_id] = token

    def _on_remote_event(self, event: RoomEvent) -> None:
        if event.kind == "chat":  # a message (or its removal) written by another process
            self._posts += 1
            self._silent.pop(event.room_id, None)

    async def say(self, room_id: str, *, user: User, text: str) -> None:
        live = await self.cache.live(room_id)
        text = _squeeze(text)
        limit = self.ctx.settings.chat_max_length
        if len(text) > limit:
            raise InvalidRequest(
                f"a chat message has at most {limit} characters", code="message_too_long"
            )
        if await self.muted(live.id, user.id):
            raise Forbidden("a moderator muted you in this room", code="muted")
        seat = live.seat_of(user.id)
        await self._post(
            live.id, user_id=user.id, name=user.display_name, text=text, seat=seat,
            bot=bool(getattr(user, "is_bot", False)),
        )  # fmt: skip

    async def system_message(self, room_id: str, *, text: str) -> None:
        """A message from the moderators, shown in the room's chat."""
        live = await self.cache.live(room_id)
        text = _squeeze(text)[:SYSTEM_MAX_LENGTH]
        await self._post(live.id, user_id=None, name=SYSTEM_NAME, text=text, seat=None)

    async def _post(
        self, room_id: str, *, user_id: str | None, name: str, text: str, seat: int | None,
        bot: bool = False,
    ) -> None:  # fmt: skip
        self._posts += 1
        self._silent.pop(room_id, None)
        async with self.ctx.transaction() as session:
            message = ChatMessage(room_id=room_id, user_id=user_id, name=name, text=text)
            session.add(message)
            await session.flush()
            payload: JsonDict = {"type": "chat", "id": message.id, "name": name, "user_id": user_id}
            if user_id is None:
                payload["system"] = True
            if bot:
                payload["bot"] = True  # a bot account's line: shown with BOT
            payload |= {"seat": seat, "text": text, "at": message.created_at.isoformat()}
        await self.ctx.hub.publish(RoomEvent(room_id=room_id, kind="chat", text=dumps(payload)))

    async def _read_histories(self, room_ids: list[str]) -> dict[str, list[Any]]:
        async with reader(self.ctx.engine).connect() as conn:
            return await repository.chat_histories(conn, room_ids, limit=HISTORY)

    async def history(self, room_id: str, *, limit: int = HISTORY) -> list[JsonDict]:
        hub = self.ctx.hub
        # One process: None, and every room may be remembered. With a relay: the room's
        # watch, and only a watched room may be.
        token = hub.watch_token(room_id) if hub.distributed else None
        if room_id in self._silent and self._silent[room_id] is token:
            return []
        posts = self._posts
        messages: Sequence[Any]
        if limit == HISTORY:  # a socket's: read with the others asked in this loop turn
            messages = await self._reads.get(room_id) or []
        else:
            async with reader(self.ctx.engine).connect() as conn:
                messages = await repository.chat_history(conn, room_id, limit=limit)
        unchanged = posts == self._posts and (
            not hub.distributed or (token is not None and hub.watch_token(room_id) is token)
        )
        if not messages and unchanged:
            self._remember_silent(room_id, token)
        return [
            {
                "type": "chat",
                "id": m.id,
                "name": m.name,
                "user_id": m.user_id,
                "system": m.user_id is None,
                "bot": bool(m.is_bot),
                "text": m.text,
                "deleted": m.deleted,
                "at": m.created_at.isoformat(),
            }
            for m in messages
        ]


async def _nobody_muted(_room_id: str, _user_id: str) -> bool:
    return False


def _squeeze(text: str) -> str:
    text = clean_chat(text)
    if not text:
        raise InvalidRequest("empty message", code="empty_message")
    return text
