"""A room's history: the move log as each viewer may see it, replay and verification.

The log is redacted by the game's ``redact_move`` hook. A finished game can be replayed
from its revealed seed and the log; ``verify`` checks the replay ends on the stored
state and the seed matches the commitment published at the start. Undos are rows of the
log (``kind: "undo"``) and the replay goes back with them (:mod:`.timeline`). Rows store
the move as the rules applied it with public annotations (:mod:`.movelog`): a description,
whether its player had asked for a hint (``hint: true``), and the turns the rules played
inside the move, shown as entries (``kind: "auto"``) and frames of their own. The replay
and the check are functions too (:func:`replay_log`, :func:`verification`):
``python -m app.cli verify`` checks every game of a database with them (:mod:`.verify_all`).

The log of a finished game is read on the read replica when the route passes one
(``reader``, docs/read-replica.md) and the replica already holds the room finished at the
version this process knows: the game's last move and its end are one transaction, so the
whole log is there. Otherwise (a replica behind, a game in play) it is read on the primary.
"""

from __future__ import annotations

from collections.abc import Sequence

from sqlalchemy.ext.asyncio import AsyncSession

from app.db.models import MoveRecord
from app.errors import Conflict
from app.games.interface import Game, JsonDict, State
from app.games.registry import get_game, redact_move, steps
from app.realtime.hub import SPECTATOR
from app.rooms import repository
from app.rooms.cache import RoomCache
from app.rooms.context import RoomContext, seed_commitment
from app.rooms.live import LiveRoom, compose_view
from app.rooms.movelog import log_notes, stored_move
from app.rooms.room_options import rules_options
from app.rooms.timeline import LogRow, replay, undo_entry, undo_target


def replay_log(
    game: Game, seat_count: int, options: JsonDict, seed: str, rows: Sequence[LogRow]
) -> list[State]:
    """The state after each log row, the initial one first: the game set up again from
    the room's seed and options, then its log replayed (undos included)."""
    initial = game.setup(seat_count, rules_options(game.INFO, options), int(seed))
    return replay(game, initial, rows).states


def verification(
    room_id: str, seed: str, seed_hash: str | None, states: list[State], stored: State | None
) -> JsonDict:
    """Whether a replay (:func:`replay_log`) ends on the stored state, and the seed
    matches the commitment published at the start."""
    return {
        "room": room_id,
        "seed": seed,
        "seed_hash": seed_hash,
        "seed_matches_hash": seed_commitment(seed) == seed_hash,
        "moves": len(states) - 1,
        "verified": states[-1] == stored,
    }


class History:
    def __init__(self, ctx: RoomContext, cache: RoomCache) -> None:
        self.ctx = ctx
        self.cache = cache

    async def move_log(
        self,
        room_id: str,
        *,
        viewer: int | None,
        with_client_ids: bool = False,
        reader: AsyncSession | None = None,
    ) -> list[JsonDict]:
        """The move log as ``viewer`` may see it (the game's ``redact_move``)."""
        live = await self.cache.live(room_id)
        records = await self._records(live, reader)
        return self._entries(live, records, viewer, with_client_ids)

    async def _records(self, live: LiveRoom, reader: AsyncSession | None) -> Sequence[MoveRecord]:
        """The room's log rows: on ``reader`` (the replica) when it holds the room finished
        at this version, on the primary otherwise (see the module's doc)."""
        if reader is not None and live.status == "finished":
            if await repository.room_version(reader, live.id) == ("finished", live.version):
                return await repository.move_log(reader, live.id)
        async with self.ctx.sessions() as session:
            return await repository.move_log(session, live.id)

    def _entries(
        self,
        live: LiveRoom,
        records: Sequence[MoveRecord],
        viewer: int | None,
        with_client_ids: bool,
    ) -> list[JsonDict]:
        finished = live.status in ("finished", "abandoned")
        undone = {target for r in records if (target := undo_target(r)) is not None}
        entries = []
        for record in records:
            undo = undo_entry(record)
            at = record.created_at.isoformat()
            notes = log_notes(record.move) if undo is None else {}
            move = stored_move(record.move)
            entry: JsonDict = {
                "seq": record.seq,
                "seat": record.seat,
                "kind": record.kind,
                "move": undo
                if undo is not None
                else redact_move(live.game, move, record.seat, viewer, finished),
                "at": at,
            }
            if "description" in notes:
                entry["description"] = notes["description"]
            if notes.get("hint"):  # its player had asked for a hint (app.rooms.hints)
                entry["hint"] = True
            if record.seq in undone:
                entry["undone"] = True
            if with_client_ids:
                entry["client_move_id"] = record.client_move_id
            entries.append(entry)
            # Turns the rules played inside this move (the solo Architect): entries of
            # their own, in order, under the same seq.
            for step, auto in enumerate(notes.get("auto", []), start=1):
                extra: JsonDict = {
                    "seq": record.seq,
                    "step": step,
                    "seat": auto["seat"],
                    "kind": "auto",
                    "move": redact_move(live.game, auto["move"], auto["seat"], viewer, finished),
                    "at": at,
                }
                if "description" in auto:
                    extra["description"] = auto["description"]
                if record.seq in undone:
                    extra["undone"] = True
                entries.append(extra)
        return entries

    async def _replay_states(
        self, room_id: str, reader: AsyncSession | None
    ) -> tuple[LiveRoom, Sequence[MoveRecord], list[JsonDict]]:
        live = await self.cache.live(room_id)
        if live.status != "finished" or live.seed is None:
            raise Conflict("only a finished game can be replayed", code="game_not_finished")
        game = get_game(live.game_id)
        records = await self._records(live, reader)
        states = replay_log(game, live.seat_count, live.options, live.seed, records)
        return live, records, states

    async def verify(self, room_id: str, *, reader: AsyncSession | None = None) -> JsonDict:
        """Replay the finished game from its revealed seed and the move log."""
        live, _records, states = await self._replay_states(room_id, reader)
        assert live.seed is not None
        return verification(room_id, live.seed, live.seed_hash, states, live.state)

    async def replay(self, room_id: str, *, reader: AsyncSession | None = None) -> JsonDict:
        """A frame per log entry (the initial state first): a move that played turns of
        the rules' own (the solo Architect) gets a frame for each (the ``steps`` hook)."""
        live, records, states = await self._replay_states(room_id, reader)
        frames = [states[0]]
        for record, before, after in zip(records, states[:-1], states[1:], strict=True):
            if undo_target(record) is None and log_notes(record.move).get("auto"):
                played = steps(live.game, before, record.seat, stored_move(record.move))
                frames += [state for _, _, state in played]
            else:
                frames.append(after)
        return {
            "room": live.summary(),
            "frames": [compose_view(live.game, state, SPECTATOR) for state in frames],
            "log": self._entries(live, records, None, False),
        }
