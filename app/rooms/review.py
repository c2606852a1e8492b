"""Game review: for a finished game, per move of a player, the move the hard search prefers
and the points the played move lost by its estimate (:mod:`app.bots.review`).

Computed in the background on the first request (``GET /api/rooms/{id}/review`` answers
``pending`` with its progress until then), one position per job in the bot worker pool
(so it never holds up the event loop; a bot turn waits at most one position), each from
the mover's information at that moment. Stored in ``room_reviews`` once complete; a
process that restarts mid-review starts it again on the next request.

What a viewer sees: a game that keeps a seat's secrets after its end (Akrotiri's
unexcavated plans, for instance) shows each player only the review of their own moves, since
the preferred move may betray what that seat held; other games show everyone everything.
What stays hidden from everybody at the end (a deck's order, the PRNG) does not count: the
seed is revealed then, so it betrays nothing. For the biggest mistakes of each seat
(``MISTAKES``) the review also carries the board as it would have been after the better move
(``better_frames``): the spectator's board, or in a game with seat secrets the mover's own
(shown to that seat only, like the entries).
"""

from __future__ import annotations

import asyncio
import logging
from dataclasses import dataclass, field

import orjson

from app.bots.pool import BotError, BotTimeout
from app.bots.review import review_position
from app.db.models import MoveRecord, RoomReview
from app.errors import Conflict
from app.games.interface import Game, JsonDict, RulesError, State
from app.games.registry import get_game, secrets
from app.realtime.hub import SPECTATOR
from app.rooms import repository
from app.rooms.bot_moves import BotMoves, search_seed
from app.rooms.cache import RoomCache
from app.rooms.context import RoomContext, dumps
from app.rooms.live import LiveRoom, compose_view
from app.rooms.movelog import log_notes
from app.rooms.room_options import rules_options
from app.rooms.timeline import Step, replay, undo_target

log = logging.getLogger(__name__)

LEVEL = "hard"
#: at most this many positions reviewed per game (the first ones; long games stop there)
MAX_POSITIONS = 160
#: the biggest mistakes of each seat that get the board after the better move
MISTAKES = 3


def seat_secrets(game: Game, state: State) -> bool:
    """Whether ``state`` hides something from some seats that another seat may see (what
    nobody sees, like a deck's order, is no seat's secret: the seed is revealed at the end)."""
    return any(allowed for allowed, _ in secrets(game, state))


def visible(data: JsonDict, game: Game, final: State, *, seat: int | None, admin: bool) -> JsonDict:
    """The ``moves`` and ``better_frames`` of a review that the viewer in ``seat`` (None: not
    a player) may see, ``final`` being the game's last state."""
    private = seat_secrets(game, final)
    mine = [m for m in data["moves"] if admin or not private or m["seat"] == seat]
    shown = {str(m["seq"]) for m in mine}
    frames = {k: v for k, v in data.get("better_frames", {}).items() if k in shown}
    return {"moves": mine, "better_frames": frames}


@dataclass
class Job:
    total: int
    moves: list[JsonDict] = field(default_factory=list)
    task: asyncio.Task[None] | None = None


def replay_frames(rows: list[MoveRecord]) -> dict[int, int]:
    """The replay frame after each row's move (``History.replay``: a move that played turns
    of the rules' own, the solo Architect's, has a frame for each of them after it)."""
    frame_of: dict[int, int] = {}
    frame = 0
    for row in rows:
        frame_of[row.seq] = frame + 1
        auto = log_notes(row.move).get("auto") if undo_target(row) is None else None
        frame += 1 + len(auto or [])
    return frame_of


class Reviews:
    def __init__(self, ctx: RoomContext, cache: RoomCache, brain: BotMoves) -> None:
        self.ctx = ctx
        self.cache = cache
        self.brain = brain
        self._jobs: dict[str, Job] = {}

    async def review(self, room_id: str, *, seat: int | None, admin: bool = False) -> JsonDict:
        """The review as the viewer in ``seat`` (None: not a player) may see it."""
        live = await self.cache.live(room_id)
        if live.status != "finished" or live.state is None or live.seed is None:
            raise Conflict("only a finished game can be reviewed", code="game_not_finished")
        async with self.ctx.sessions() as session:
            row = await session.get(RoomReview, room_id)
        if row is not None:
            data = orjson.loads(row.data)
            answer = {"status": "ready", "done": len(data["moves"]), "total": len(data["moves"])}
        else:
            job = self._jobs.get(room_id) or await self._start(live)
            data = {"moves": list(job.moves), "better_frames": {}}
            answer = {"status": "pending", "done": len(job.moves), "total": job.total}
        shown = visible(data, live.game, live.state, seat=seat, admin=admin)
        return {**answer, "level": LEVEL, **shown}

    async def _start(self, live: LiveRoom) -> Job:
        game = get_game(live.game_id)
        assert live.seed is not None
        async with self.ctx.sessions() as session:
            rows = list(await repository.move_log(session, live.id))
        initial = game.setup(
            live.seat_count, rules_options(game.INFO, live.options), int(live.seed)
        )
        timeline = replay(game, initial, rows)
        frame_of = replay_frames(rows)
        players = {s.position for s in live.seats if not s.bot}
        steps = [s for s in timeline.steps if s.seat in players][:MAX_POSITIONS]
        job = Job(total=len(steps))
        self._jobs[live.id] = job
        iterations = self.ctx.settings.review_iterations

        async def run() -> None:
            try:
                for step in steps:
                    try:
                        found = await self.brain.pool.run(
                            review_position, live.game_id, step.before, step.seat, step.move,
                            LEVEL, search_seed(live.id, step.seq, step.seat),
                            iterations=iterations, time_limit=30.0,
                        )  # fmt: skip
                    except (BotTimeout, BotError, OSError, EOFError) as error:  # a worker died
                        log.warning("review of %s move %s failed: %s", live.id, step.seq, error)
                        found = {"best": step.move, "loss": 0.0, "reviewed": False}
                    job.moves.append(
                        {"seq": step.seq, "seat": step.seat, "frame": frame_of[step.seq],
                         "played": step.move, **found}
                    )  # fmt: skip
                better = self._better_frames(live, job.moves, {s.seq: s for s in steps})
                data = dumps({"moves": job.moves, "better_frames": better})
                async with self.ctx.transaction() as session:
                    if await session.get(RoomReview, live.id) is None:
                        session.add(RoomReview(room_id=live.id, level=LEVEL, data=data))
            except Exception:
                log.exception("review of %s failed", live.id)
                raise
            finally:
                self._jobs.pop(live.id, None)

        job.task = asyncio.create_task(run(), name=f"review-{live.id}")
        return job

    @staticmethod
    def _better_frames(
        live: LiveRoom, moves: list[JsonDict], steps: dict[int, Step]
    ) -> dict[str, JsonDict]:
        """The board after the better move, for each seat's biggest mistakes: the spectator's,
        or the mover's own where seats keep secrets at the end (only the mover sees it)."""
        game = live.game
        assert live.state is not None
        private = seat_secrets(game, live.state)
        out: dict[str, JsonDict] = {}
        for seat in {m["seat"] for m in moves}:
            worst = sorted(
                (m for m in moves if m["seat"] == seat and m["loss"] > 0),
                key=lambda m: -m["loss"],
            )[:MISTAKES]
            for entry in worst:
                try:
                    after = game.apply(steps[entry["seq"]].before, seat, entry["best"])
                except RulesError:  # not legal on the true state: no board for it
                    continue
                audience = str(seat) if private else SPECTATOR
                out[str(entry["seq"])] = compose_view(game, after, audience)
        return out

    async def stop(self) -> None:
        for job in list(self._jobs.values()):
            if job.task is not None:
                job.task.cancel()
