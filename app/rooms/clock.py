"""What a room waits on at a version, and when: clocks, reaction deadlines, bot turns.

Pure functions, no I/O. Every command that gives a room a new version or changes its
seats calls :func:`plan` and stores the result *in the same transaction* (the room's
``timers`` JSON and ``deadline_at``), so the database always says what the room waits
on; the deadline scheduler (:mod:`.scheduler`) fires ``deadline_at``.

``timers`` at version ``v``::

    {"version": v,
     "bot_at": epoch | null,                 # a bot seat is to act: it plays then
     "reaction": {"seats", "kind", "seconds", "expires_at"} | null,   # the game's hook
     "clock": {"mode": "live" | "turn", "remaining": [s per seat],
               "since": [epoch | null per seat]} | null}

Clocks (room options ``clock``, ``clock_bank_seconds``, ``clock_increment_seconds``,
``clock_turn_hours``): a seat's clock runs while it is among the seats to act and is
not a bot (so in simultaneous phases each seat runs its own). When it stops,
``remaining`` loses the time spent (never below 0); a seat that moved gains the
increment (live) once, in the move's own commit. Turn-based: each run starts with the
full allowance. A seat whose player reclaims it from a bot after running out gets
:data:`RECLAIM_SECONDS` (or the bank if smaller) to play.
"""

from __future__ import annotations

from typing import Any

from app.games.hooks import hook_of
from app.games.interface import Game, JsonDict, State

RECLAIM_SECONDS = 30.0
LOW_TIME_SECONDS = 10.0


def clock_mode(options: JsonDict) -> str | None:
    mode = options.get("clock", "none")
    return mode if mode in ("live", "turn") else None


def allowance(options: JsonDict) -> float:
    """A fresh clock: the live bank, or the turn-based allowance per move."""
    if clock_mode(options) == "turn":
        return float(options.get("clock_turn_hours", 24)) * 3600.0
    return float(options.get("clock_bank_seconds", 300))


def plan(
    *,
    game: Game,
    state: State | None,
    status: str,
    version: int,
    options: JsonDict,
    seat_count: int,
    bots: set[int],
    previous: JsonDict | None,
    now: float,
    bot_delay: float,
    reaction_default: float,
    mover: int | None = None,
) -> tuple[JsonDict | None, float | None]:
    """The room's timers at ``version`` and the epoch second the earliest falls due."""
    if status != "playing" or state is None:
        return None, None
    same_version = previous is not None and previous.get("version") == version
    to_act = set(game.to_act(state))
    timers: JsonDict = {"version": version, "bot_at": None, "reaction": None, "clock": None}
    due: list[float] = []

    if bots & to_act:
        kept = previous.get("bot_at") if same_version and previous else None
        timers["bot_at"] = kept if kept is not None else round(now + bot_delay, 3)
        due.append(timers["bot_at"])

    hook = hook_of(game, "deadline")
    info = hook(state) if hook is not None else None
    if info:
        kept_reaction = previous.get("reaction") if same_version and previous else None
        if kept_reaction is not None:
            timers["reaction"] = kept_reaction
        else:
            seconds = float(info.get("seconds", reaction_default))
            timers["reaction"] = {
                "seats": sorted(info["seats"]),
                "kind": info.get("kind", "reaction"),
                "seconds": seconds,
                "expires_at": round(now + seconds, 3),
            }
        due.append(timers["reaction"]["expires_at"])

    mode = clock_mode(options)
    if mode is not None:
        old = previous.get("clock") if previous else None
        clock = run_clocks(
            old, mode=mode, options=options, seats=seat_count,
            running=to_act - bots, bots=bots, mover=mover, now=now,
        )  # fmt: skip
        timers["clock"] = clock
        due.extend(
            since + remaining
            for since, remaining in zip(clock["since"], clock["remaining"], strict=True)
            if since is not None
        )
    return timers, (min(due) if due else None)


def run_clocks(
    old: JsonDict | None,
    *,
    mode: str,
    options: JsonDict,
    seats: int,
    running: set[int],
    bots: set[int],
    mover: int | None,
    now: float,
) -> JsonDict:
    """The clocks after a change at ``now``: stop, charge, credit and start seats."""
    fresh = allowance(options)
    increment = float(options.get("clock_increment_seconds", 0)) if mode == "live" else 0.0
    if old is None:
        remaining: list[float] = [fresh] * seats
        since: list[float | None] = [None] * seats
    else:
        remaining, since = list(old["remaining"]), list(old["since"])
    for seat in range(len(remaining)):
        started = since[seat]
        moved = seat == mover and started is not None
        if started is not None and (moved or seat not in running):
            remaining[seat] = max(0.0, remaining[seat] - max(0.0, now - started))
            if moved:
                remaining[seat] += increment
            since[seat] = None
        if since[seat] is None and seat not in bots and remaining[seat] <= 0:
            remaining[seat] = min(fresh, RECLAIM_SECONDS)  # reclaimed after a timeout
        if since[seat] is None and seat in running:
            if mode == "turn":
                remaining[seat] = fresh
            since[seat] = now
        remaining[seat] = round(remaining[seat], 3)
    return {"mode": mode, "remaining": remaining, "since": since}


def expired_seats(timers: JsonDict | None, now: float) -> list[int]:
    """Seats whose clock has run out at ``now``."""
    clock = (timers or {}).get("clock")
    if not clock:
        return []
    return [
        seat
        for seat, (since, remaining) in enumerate(
            zip(clock["since"], clock["remaining"], strict=True)
        )
        if since is not None and since + remaining <= now
    ]


def clock_view(timers: JsonDict | None, options: JsonDict) -> JsonDict | None:
    """The clocks as every audience sees them: left now, or the instant a running one ends."""
    clock = (timers or {}).get("clock")
    if not clock:
        return None
    seats: list[dict[str, Any]] = []
    for since, remaining in zip(clock["since"], clock["remaining"], strict=True):
        running = since is not None
        seats.append(
            {
                "remaining": max(0.0, remaining),
                "running": running,
                "expires_at": round(since + remaining, 3) if running else None,
            }
        )
    return {
        "mode": clock["mode"],
        "increment": float(options.get("clock_increment_seconds", 0)),
        "on_timeout": options.get("on_timeout", "bot"),
        "low_seconds": LOW_TIME_SECONDS if clock["mode"] == "live" else 3600.0,
        "seats": seats,
    }
