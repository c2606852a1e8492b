"""The Agorapolis first-game tutorial: one guided round against a scripted opponent.

The script is played here with the real rules (``setup``, ``legal_moves``, ``apply``,
``view``), so what the tutorial shows is exactly what a game does. Each human step offers
one legal move; the views before and after it are seat 0's real views, so the opponent's
secret bets stay hidden until the reveal, as in a room.

The position is adjusted once, at the start, so that the round stays short: small
reserves (6 agriculture, so 6 dice; one society and one religion point for the player,
nothing else), hence no seat has an action to take in a sector without dice and the rules
finalise those turns on their own (spec §4). Seed 40 deals Sparta (fetish 5) to the player
and Corinth (+2 dice) to the opponent.

Lesson plan:

1. ``secret_bet``: the opponent has already bet (✓, the number hidden); bet every die on
   Agriculture; both bets are revealed together. With no die left, the player's later
   bets can only be 0: the script sends them, as a client may (§4).
2. ``combination``: the dice are rolled: a pair. One society point turns a die into the
   missing face of a straight, which holds the fetish 5: 5 + 1.
3. ``renown``: end the turn; the round is scored: each gain goes to its reserve and the
   best gain of each sector wins 1 renown.
4. ``exploit``: the opponent has already bid (hidden); outbid it with reserve points to
   take the Exploit marker and draw cards.
5. ``card``: keep one of the cards drawn (played from the next Harvest on).
"""

from __future__ import annotations

from functools import cache
from typing import Any

from app.games import agorapolis
from app.games.agorapolis.cities import FETISH
from app.games.interface import JsonDict, Move, State

HUMAN, OPPONENT = 0, 1
SEED = 40
SECTOR = "agriculture"
RESERVES = {
    HUMAN: {"agriculture": 6, "society": 1, "commerce": 0, "religion": 1, "military": 0},
    OPPONENT: {"agriculture": 6, "society": 0, "commerce": 0, "religion": 0, "military": 0},
}
#: the opponent's bets, sector by sector (its 8 Corinth dice), and its Exploit bid total
OPPONENT_BETS = {"agriculture": 3, "society": 0, "commerce": 5, "religion": 0, "military": 0}
OPPONENT_BID = 1


def _start() -> State:
    """Seed 40's deal, with the lesson's reserves (the hands follow them, §5.1)."""
    state = agorapolis.setup(2, {}, SEED)
    hands = []
    for seat, player in enumerate(state["players"]):
        player["reserves"] = dict(RESERVES[seat])
        hand = RESERVES[seat]["agriculture"] + (2 if player["city"] == "corinth" else 0)
        player["hand"] = player["remaining"] = hand
        hands.append(hand)
    for entry in state["events"]:
        if entry["event"] == "harvest":
            entry["hands"] = hands
    return state


def _seat_view(state: State) -> JsonDict:
    return {
        **agorapolis.view(state, HUMAN),
        "to_act": sorted(agorapolis.to_act(state)),
        "result": None,
    }


def _legal(state: State, seat: int, move: Move) -> Move:
    assert move in agorapolis.legal_moves(state, seat), f"not legal for seat {seat}: {move}"
    return move


def _opponent(state: State) -> State:
    """The scripted opponent: its planned bet or bid, when it is asked for one."""
    if OPPONENT not in agorapolis.to_act(state):
        return state
    if state["phase"] == "INVEST_BET":
        bet = {"type": "bet", "sector": state["sector"], "dice": OPPONENT_BETS[state["sector"]]}
        return agorapolis.apply(state, OPPONENT, _legal(state, OPPONENT, bet))
    if state["phase"] == "EXPLOIT_BID":
        bids = agorapolis.legal_moves(state, OPPONENT)
        bid = next(m for m in bids if sum(m["pay"].values()) == OPPONENT_BID)
        return agorapolis.apply(state, OPPONENT, bid)
    raise AssertionError(f"the script does not expect the opponent in {state['phase']}")


def _forced_bets(state: State) -> State:
    """The player's later bets with no die left: 0 is the only legal bet (sent for it)."""
    while state["phase"] == "INVEST_BET":
        state = _opponent(state)
        moves = agorapolis.legal_moves(state, HUMAN)
        assert len(moves) == 1 and moves[0]["dice"] == 0, moves
        state = agorapolis.apply(state, HUMAN, moves[0])
    return state


def _gain(state: State, seat: int) -> int:
    return int(agorapolis.view(state, HUMAN)["players"][seat]["best"][SECTOR]["gain"])


def _best_adjust(state: State) -> Move:
    """The society adjustment that scores most in the sector (first one on a tie)."""
    moves = [m for m in agorapolis.legal_moves(state, HUMAN) if m["type"] == "society_adjust"]
    return max(moves, key=lambda m: _gain(agorapolis.apply(state, HUMAN, m), HUMAN))


def _cheapest_win(state: State) -> Move:
    bids = agorapolis.legal_moves(state, HUMAN)
    return next(m for m in bids if sum(m["pay"].values()) > OPPONENT_BID)


def _step(lesson: str, before: State, move: Move, focus: list[str]) -> tuple[JsonDict, State]:
    after = agorapolis.apply(before, HUMAN, _legal(before, HUMAN, move))
    step: JsonDict = {
        "lesson": lesson,
        "view": _seat_view(before),
        "moves": [move],
        "after": _seat_view(after),
        "focus": focus,
    }
    return step, after


def _player(state: State, seat: int) -> dict[str, Any]:
    player: dict[str, Any] = state["players"][seat]
    return player


def _steps() -> list[tuple[JsonDict, State, State]]:
    """Every step with the states before and after the player's move."""
    out: list[tuple[JsonDict, State, State]] = []
    state = _opponent(_start())
    hand = _player(state, HUMAN)["hand"]
    bet = {"type": "bet", "sector": SECTOR, "dice": hand}
    step, after = _step("secret_bet", state, bet, [f"[data-testid=bet-{hand}]"])
    step["values"] = {"dice": hand, "opponent_bet": _player(after, OPPONENT)["bets"][SECTOR]}
    out.append((step, state, after))
    state = _forced_bets(after)
    step["opponent"] = _seat_view(state)

    adjust = _best_adjust(state)
    die = _player(state, HUMAN)["dice"][SECTOR][adjust["die"]]["value"]
    focus = [
        f".agp-player.me tr[data-sector={SECTOR}] .agp-die[data-index='{adjust['die']}']",
        f"[data-testid=pick-society_adjust-die-{adjust['die']}]",
        "[data-testid=play-society_adjust]",
    ]
    step, after = _step("combination", state, adjust, focus)
    step["values"] = {
        "before": _gain(state, HUMAN),
        "after": _gain(after, HUMAN),
        "from": die,
        "to": die + adjust["delta"],
        "fetish": FETISH[_player(state, HUMAN)["city"]],
        "opponent_gain": _gain(state, OPPONENT),
    }
    out.append((step, state, after))
    state = after

    step, after = _step("renown", state, {"type": "finalise"}, ["[data-testid=play-finalise]"])
    combos = after["resolution"]["combos"]
    step["values"] = {
        "gain": combos[HUMAN][SECTOR]["gain"],
        "reserve": _player(after, HUMAN)["reserves"][SECTOR],
        "opponent_gain": combos[OPPONENT][SECTOR]["gain"],
        "renown": _player(after, HUMAN)["renown"],
        "target": after["renown_target"],
    }
    step["score"] = {
        "before": _player(state, HUMAN)["renown"],
        "after": _player(after, HUMAN)["renown"],
    }
    out.append((step, state, after))
    state = _opponent(after)
    step["opponent"] = _seat_view(state)

    bid = _cheapest_win(state)
    step, after = _step("exploit", state, bid, ["[data-testid=play-exploit_bid]"])
    step["values"] = {
        "bid": sum(bid["pay"].values()),
        "opponent_bid": sum(after["bids"][OPPONENT].values()),
        "cards": len(after["draw"]["cards"]),
        "reserve": _player(after, HUMAN)["reserves"][SECTOR],
    }
    out.append((step, state, after))
    state = after

    pick = agorapolis.legal_moves(state, HUMAN)[0]
    step, after = _step("card", state, pick, ["[data-testid=play-exploit_pick]"])
    kept = len(after["players"][HUMAN]["held"])
    step["values"] = {"kept": kept, "returned": len(state["draw"]["cards"]) - kept}
    out.append((step, state, after))
    return out


@cache
def script() -> JsonDict:
    """The whole tutorial: per step the move to make and seat 0's views around it."""
    return {"game": "agorapolis", "steps": [step for step, _, _ in _steps()], "room": {"seats": 2}}


def states() -> list[tuple[State, State]]:
    """The states before and after each step's move (for the tests)."""
    return [(before, after) for _, before, after in _steps()]
