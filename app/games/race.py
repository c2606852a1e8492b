"""Race: a tiny test game (2–4 seats) for the platform's tests, fuzzing and load bench.

Seats take turns adding 1 or 2 to a shared counter; whoever brings it to the target
wins. Each seat also holds a secret token drawn at setup, visible only to its owner
until the game ends: it has no effect on play and exists so the platform's
hidden-information checks have something to find.

With the ``turn_ms`` option each turn has a deadline (the ``deadline`` hook), after
which the room service plays ``timeout_move`` ({"add": 1}) for the silent seat.

Enabled only when the settings allow test games (``AGORA_TEST_GAMES=1``).
"""

from __future__ import annotations

from typing import Any, Final

from app.games.interface import (
    GameInfo,
    IllegalMove,
    MalformedMove,
    Move,
    NotYourTurn,
    OptionSpec,
    Result,
    State,
    View,
)
from app.games.rng import Rng
from app.games.strict import only_keys, plain_move

INFO = GameInfo(
    id="race",
    name={"en": "Race (test game)", "fr": "Course (jeu de test)", "de": "Wettlauf (Testspiel)"},
    min_seats=2,
    max_seats=4,
    version=1,
    options=(
        OptionSpec(
            name="target",
            kind="int",
            default=21,
            minimum=3,
            maximum=1_000_000,
            label={"en": "Target", "fr": "Cible", "de": "Ziel"},
        ),
        OptionSpec(
            name="turn_ms",
            kind="int",
            default=0,
            minimum=0,
            maximum=600_000,
            label={
                "en": "Turn deadline (ms, 0 = none)",
                "fr": "Délai par tour (ms, 0 = aucun)",
                "de": "Frist pro Zug (ms, 0 = keine)",
            },
        ),
    ),
    test_only=True,
)

STEPS: Final = (1, 2)


def setup(seats: int, options: dict[str, Any], seed: int) -> State:
    rng = Rng.from_seed(seed)
    tokens = [f"secret-{rng.next_u64():016x}" for _ in range(seats)]
    return {
        "seats": seats,
        "target": int(options.get("target", 21)),
        "turn_ms": int(options.get("turn_ms", 0)),
        "counter": 0,
        "turn": 0,
        "moves": 0,
        "tokens": tokens,
        "winner": None,
        "rng": rng.dump(),
    }


def to_act(state: State) -> set[int]:
    return set() if state["winner"] is not None else {state["turn"]}


def legal_moves(state: State, seat: int) -> list[Move]:
    if seat not in to_act(state):
        return []
    room = state["target"] - state["counter"]
    return [{"add": step} for step in STEPS if step <= room]


def apply(state: State, seat: int, move: Move) -> State:
    if seat not in to_act(state):
        raise NotYourTurn(f"it is seat {state['turn']}'s turn, not seat {seat}'s")
    plain_move(move)
    only_keys(move, ("add",), "a race move")
    step = move.get("add")
    if type(step) is not int or step not in STEPS:
        raise MalformedMove('a race move is {"add": 1} or {"add": 2}')
    if state["counter"] + step > state["target"]:
        raise IllegalMove(f"adding {step} would pass the target {state['target']}")
    new = dict(state)
    new["counter"] = state["counter"] + step
    new["moves"] = state["moves"] + 1
    if new["counter"] == state["target"]:
        new["winner"] = seat
    else:
        new["turn"] = (seat + 1) % state["seats"]
    return new


def view(state: State, seat: int | None) -> View:
    finished = state["winner"] is not None
    public: View = {
        "counter": state["counter"],
        "target": state["target"],
        "turn": state["turn"],
        "moves": state["moves"],
        "winner": state["winner"],
    }
    if finished:
        public["tokens"] = list(state["tokens"])
    elif seat is not None:
        public["my_token"] = state["tokens"][seat]
    return public


def result(state: State) -> Result | None:
    winner = state["winner"]
    if winner is None:
        return None
    seats = state["seats"]
    scores = [1 if seat == winner else 0 for seat in range(seats)]
    losers = [seat for seat in range(seats) if seat != winner]
    return {
        "ranking": [[winner], losers],
        "scores": scores,
        "breakdown": [{"won": seat == winner} for seat in range(seats)],
    }


def secrets(state: State) -> list[tuple[frozenset[int], Any]]:
    if state["winner"] is not None:
        return []
    return [(frozenset({seat}), token) for seat, token in enumerate(state["tokens"])]


def deadline(state: State) -> dict[str, Any] | None:
    """With the ``turn_ms`` option, the seat to act has that long (then adds 1)."""
    if not state.get("turn_ms") or state["winner"] is not None:
        return None
    return {"seats": [state["turn"]], "seconds": state["turn_ms"] / 1000, "kind": "turn"}


def timeout_move(state: State, seat: int) -> Move:
    return {"add": 1}


def undoable(before: State, move: Move, after: State) -> bool:
    """Any move may be taken back unless it won the game (Race draws nothing after setup)."""
    return bool(after["winner"] is None)


# --- bot hooks (see app.games.interface) ---------------------------------------------


def sample(state: State, seat: int, rng: Rng) -> State:
    """Other seats' secret tokens are redrawn (while the game runs), the PRNG reseeded."""
    new = dict(state)
    if state["winner"] is None:
        new["tokens"] = [
            token if other == seat else f"secret-{rng.next_u64():016x}"
            for other, token in enumerate(state["tokens"])
        ]
    new["rng"] = Rng(rng.next_u64()).dump()
    return new


def evaluate(state: State) -> list[float]:
    """Win chances: exact with 2 seats (the seat to move wins unless the distance left
    is a multiple of 3), even otherwise; 1/0 once someone has won."""
    seats = state["seats"]
    if state["winner"] is not None:
        return [1.0 if seat == state["winner"] else 0.0 for seat in range(seats)]
    if seats != 2:
        return [1.0 / seats] * seats
    mover = state["turn"]
    mover_wins = (state["target"] - state["counter"]) % 3 != 0
    return [1.0 if (seat == mover) == mover_wins else 0.0 for seat in range(seats)]
