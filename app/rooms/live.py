"""A room as held in memory by one process: state, version, seats and cached views.

The database is the truth; a :class:`LiveRoom` is a cache of it that the room
service may only change after a commit. ``stale`` is set when another process
changed the room (a relayed event), so the next command reloads it first.
"""

from __future__ import annotations

import time
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any, Final

from app.games.interface import Game, JsonDict, State
from app.realtime.hub import SPECTATOR
from app.rooms.clock import clock_view, plan
from app.rooms.room_lock import RoomLock

RECENT_MOVE_IDS: Final = 256
# Seat count -> every audience of a room ("0", "1", ..., spectators), asked on each move.
_AUDIENCES: Final[dict[int, tuple[str, ...]]] = {}
_NOT_GIVEN: Final[Any] = object()


@dataclass
class SeatInfo:
    position: int
    name: str
    user_id: str | None = None
    bot: str | None = None
    # Who started the game in this seat, if a bot now plays it for them and they may
    # take it back (their clock ran out with on_timeout = bot).
    away_player: str | None = None
    # The seat's colour in the game's palette (kept by a rematch); None: the position.
    colour: int | None = None
    # A bot account holds it (a program plays through the API): shown with BOT.
    bot_account: bool = False

    def to_json(self) -> JsonDict:
        kind = "bot" if self.bot else ("player" if self.user_id else "open")
        return {
            "position": self.position,
            "name": self.name,
            "kind": kind,
            "bot": self.bot,
            "user_id": self.user_id,
            "reclaimable": self.away_player is not None,
            "away_user_id": self.away_player,
            "colour": self.position if self.colour is None else self.colour,
            "bot_account": self.bot_account,
        }


@dataclass
class LiveRoom:
    id: str
    game_id: str
    game: Game
    options: JsonDict
    seat_count: int
    private: bool
    host_id: str
    invite_code: str
    status: str
    seats: list[SeatInfo]
    version: int
    state: State | None
    seed_hash: str | None
    seed: str | None
    rules_version: int
    # Counts for ratings (decided at the start: app.ratings.record.rated_at_start).
    rated: bool = False
    stale: bool = False
    # The row's seats_version: a move's commit checks it (seats changed hands meanwhile).
    seats_version: int = 0
    # What the room waits on at this version and when (app.rooms.clock), as stored.
    timers: JsonDict | None = None
    deadline_at: float | None = None
    lock: RoomLock = field(default_factory=RoomLock)
    recent_moves: OrderedDict[str, tuple[int, int]] = field(default_factory=OrderedDict)
    # The version a person's move made when the rules let it be taken back (its ack says
    # so, and the take-back button shows only then); -1 otherwise. Any later version
    # (another move, an undo) voids it by being newer.
    undoable_version: int = -1
    # Seats given a hint (app.rooms.hints): their next move is logged as hinted.
    hinted: set[int] = field(default_factory=set)
    _views: dict[str, JsonDict] = field(default_factory=dict)
    # (to_act, result) of the current state: the same for every audience.
    _outcome: tuple[list[int], JsonDict | None] | None = None

    def seat_of(self, user_id: str | None) -> int | None:
        if user_id is None:
            return None
        for seat in self.seats:
            if seat.user_id == user_id:
                return seat.position
        return None

    def remember_move(self, client_move_id: str | None, version: int, seat: int) -> None:
        if client_move_id is None:
            return
        self.recent_moves[client_move_id] = (version, seat)
        while len(self.recent_moves) > RECENT_MOVE_IDS:
            self.recent_moves.popitem(last=False)

    def audiences(self) -> list[str]:
        names = _AUDIENCES.get(self.seat_count)
        if names is None:
            names = _AUDIENCES[self.seat_count] = (*map(str, range(self.seat_count)), SPECTATOR)
        return list(names)

    def view_for(self, audience: str) -> JsonDict | None:
        """The composed view of the current version for one audience (cached)."""
        if self.state is None:
            return None
        cached = self._views.get(audience)
        if cached is None:
            if self._outcome is None:
                self._outcome = outcome_of(self.game, self.state)
            cached = compose_view(self.game, self.state, audience, self._outcome)
            if self.deadline is not None:
                cached["deadline"] = {
                    key: self.deadline[key] for key in ("seats", "kind", "seconds", "expires_at")
                }
            clocks = clock_view(self.timers, self.options)
            if clocks is not None:
                cached["clock"] = clocks
            self._views[audience] = cached
        return cached

    @property
    def deadline(self) -> JsonDict | None:
        """The game's reaction deadline at this version, if any."""
        return (self.timers or {}).get("reaction")

    def set_timers(self, timers: JsonDict | None, deadline_at: float | None) -> None:
        self.timers, self.deadline_at = timers, deadline_at
        self._views = {}

    def bot_seats(self) -> set[int]:
        return {seat.position for seat in self.seats if seat.bot}

    def plan_timers(
        self,
        state: State | None,
        status: str,
        version: int,
        mover: int | None,
        bots: set[int],
        *,
        bot_delay: float,
        reaction_default: float,
    ) -> tuple[JsonDict | None, float | None]:
        """What the room waits on at ``version`` and when (:func:`app.rooms.clock.plan` with
        this room's game, options, seats and stored timers). Here, compiled, so a move
        calls it without an interpreted frame; :meth:`RoomContext.plan_timers` fills in
        the defaults and settings for every other caller."""
        return plan(
            game=self.game,
            state=state,
            status=status,
            version=version,
            options=self.options,
            seat_count=self.seat_count,
            bots=bots,
            previous=self.timers,
            now=time.time(),
            bot_delay=bot_delay,
            reaction_default=reaction_default,
            mover=mover,
        )

    def set_state(self, state: State | None, version: int, *, result: Any = _NOT_GIVEN) -> None:
        """A new state; pass ``result`` (even None) when the caller already computed it."""
        self.state = state
        self.version = version
        self._views = {}
        self._outcome = None
        if state is not None and result is not _NOT_GIVEN:
            self._outcome = (sorted(self.game.to_act(state)), result)

    def clear_views(self) -> None:
        """Views must be composed again (e.g. a deadline now shows in them)."""
        self._views = {}

    def summary(self) -> JsonDict:
        return {
            "id": self.id,
            "game": self.game_id,
            "game_name": self.game.INFO.name,
            "options": self.options,
            "seat_count": self.seat_count,
            "private": self.private,
            "status": self.status,
            "host_id": self.host_id,
            "seats": [seat.to_json() for seat in self.seats],
            "version": self.version,
            "seed_hash": self.seed_hash,
            "seed": self.seed if self.status == "finished" else None,
            "rated": self.rated,
        }


def outcome_of(game: Game, state: State) -> tuple[list[int], JsonDict | None]:
    return sorted(game.to_act(state)), game.result(state)


def compose_view(
    game: Game,
    state: State,
    audience: str,
    outcome: tuple[list[int], JsonDict | None] | None = None,
) -> JsonDict:
    """What one audience sees: the game's own view plus who acts and the result.

    ``outcome`` (to_act, result) is the same for every audience: pass it to compute
    it once per state rather than once per audience.
    """
    seat = None if audience == SPECTATOR else int(audience)
    to_act, result = outcome if outcome is not None else outcome_of(game, state)
    return {"to_act": list(to_act), "result": result, "game": game.view(state, seat)}
