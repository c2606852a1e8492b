"""Optional bot hooks of Agorapolis (see :mod:`app.games.interface`).

``sample(state, seat, rng)``
    Redraws what ``seat`` cannot see (spec §15): every card whose place it does not know
    (other seats' hands, the deck, a pending Exploit or Heroic Year draw it is not shown)
    is dealt again from the same cards, sorted first so that the result depends on what
    the seat knows only; other seats' unrevealed commits are replaced by random legal
    commits of the resampled seats; the PRNG is reseeded (future rolls are unknown).
    A finished game comes back unchanged (a copy): its views show every hand.
``evaluate(state)``
    Each seat's expected renown at the end (the ``scores`` of ``result``): renown now,
    plus the chance of winning each sector still to resolve this round (from the dice
    rolled, or from the dice bet through :mod:`.ai_tables`), plus the majority bonus in
    prospect and a small value for reserves and held cards (they win later rounds).
``rollout_move(state, seat, rng)``
    A quick policy for simulations: bets of 0 or a handful of dice, action turns that
    improve the sector's combination and then finalise, everything else at random.
``bot_moves(state, seat, moves)``
    No ``benefactor_convert`` right after the seat's own conversion (the last public
    event): a conversion is free and undoes another, and a search that finds two of them
    worth the same flips points back and forth for ever (seed 1039 of the bench made
    6,000 conversions in one turn). Conversions stay open after any other move.
``quiet(state)`` (defined, not exported)
    True between rounds. Exported, it would make simulations run to the end of the
    round: stronger per simulation but about 100 times dearer; the estimate alone
    already beats random tables by a wide margin (``docs/bots.md``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from app.games.agorapolis.ai_tables import GAIN_DISTRIBUTION
from app.games.agorapolis.cities import FETISH
from app.games.agorapolis.combos import best_combination
from app.games.agorapolis.common import SECTORS, copy_state, insight_owner
from app.games.agorapolis.endgame import result
from app.games.agorapolis.rules import apply, legal_moves
from app.games.agorapolis.view import insight_sees
from app.games.interface import Move, State
from app.games.rng import Rng

#: value (in renown) of one point in each reserve, of a held card; a card in play is worth
#: a little more than in hand (it acts this round), so the bots play their cards instead
#: of hoarding them (a big hand also makes thousands of ``play_exploits`` subsets)
RESERVE_VALUE: dict[str, float] = {
    "agriculture": 0.08,
    "society": 0.05,
    "commerce": 0.04,
    "religion": 0.04,
    "military": 0.03,
}
CARD_VALUE = 0.25
ACTIVE_CARD_VALUE = 0.35
QUIET_PHASES = frozenset({"HARVEST_PLAY", "EXPLOIT_BID", "GAME_OVER"})
_SIMULTANEOUS = frozenset(
    {"HARVEST_PLAY", "HARVEST_STRIFE", "HARVEST_STRIFE_RESIST", "INVEST_BET", "EXPLOIT_BID"}
)
_DICE_MOVES = frozenset(
    {
        "society_adjust",
        "commerce_swap",
        "religion_reroll",
        "athens_set",
        "syracuse_swap",
        "phidias_reroll",
    }
)


# --- sample ---------------------------------------------------------------------------


def sample(state: State, seat: int, rng: Rng) -> State:
    new = copy_state(state)
    if state["phase"] == "GAME_OVER":
        return new
    slots: list[tuple[list[str], int]] = []
    insight = insight_owner(new)
    for other, player in enumerate(new["players"]):
        if other != seat and not insight_sees(new, seat, other):
            slots.extend((player["held"], i) for i in range(len(player["held"])))
    deck: list[str] = new["deck"]
    known_top = 3 if insight == seat else 0
    slots.extend((deck, i) for i in range(known_top, len(deck)))
    draw = new["draw"]
    if draw is not None and draw["winner"] != seat and insight != seat:
        slots.extend((draw["cards"], i) for i in range(len(draw["cards"])))
    heroic = new["heroic"]
    if heroic is not None and heroic["owner"] != seat:
        slots.extend((heroic["cards"], i) for i in range(len(heroic["cards"])))
    cards = sorted(holder[i] for holder, i in slots)
    rng.shuffle(cards)
    for (holder, i), card in zip(slots, cards, strict=True):
        holder[i] = card
    new["rng"] = Rng(rng.next_u64()).dump()
    for key in sorted(new["commits"], key=int):
        other = int(key)
        if other != seat:
            new["commits"][key] = _random_commit(new, other, rng)
    return new


def _random_commit(state: State, seat: int, rng: Rng) -> Move:
    """A random legal commit for ``seat`` as if it had not committed yet."""
    probe = dict(state)
    probe["to_act"] = sorted({*state["to_act"], seat})
    commits = dict(state["commits"])
    del commits[str(seat)]
    probe["commits"] = commits
    probe["committed"] = [s for s in state["committed"] if s != seat]
    return rollout_move(probe, seat, rng)


# --- bot moves -----------------------------------------------------------------------


def bot_moves(state: State, seat: int, moves: Sequence[Move]) -> Sequence[Move]:
    events = state["events"]
    last = events[-1] if events else None
    if last is None or last["event"] != "benefactor_convert" or last["seat"] != seat:
        return moves
    return [move for move in moves if move["type"] != "benefactor_convert"]


# --- evaluate -------------------------------------------------------------------------


def evaluate(state: State) -> list[float]:
    final = result(state)
    if final is not None:
        return [float(x) for x in final["scores"]]
    seats = range(state["seats"])
    players = state["players"]
    values = [float(p["renown"]) for p in players]
    if state["resolution"] is None and state["phase"] not in QUIET_PHASES:
        for sector in SECTORS:
            chances = _win_chances(state, sector)
            for s in seats:
                bonus = 2.0 if sector == "religion" and players[s]["city"] == "olympia" else 1.0
                values[s] += chances[s] * bonus
    top = max(values)
    progress = min(1.0, top / max(state["renown_target"], 1))
    for sector in SECTORS:
        amounts = [p["reserves"][sector] for p in players]
        best = max(amounts)
        leaders = [s for s in seats if amounts[s] == best]
        if best >= 1:
            for s in leaders:
                values[s] += progress * progress / len(leaders)
    for s in seats:
        player = players[s]
        reserves = player["reserves"]
        future = (
            sum(RESERVE_VALUE[sector] * reserves[sector] for sector in SECTORS)
            - 5 * (RESERVE_VALUE["agriculture"])
        )
        values[s] += (1.0 - progress) * (future + CARD_VALUE * len(player["held"]))
    for entry in state["active"]:
        values[entry["owner"]] += ACTIVE_CARD_VALUE
    return values


def _gain_distribution(state: State, seat: int, sector: str) -> tuple[float, ...]:
    player = state["players"][seat]
    dice = player["dice"][sector]
    if dice:
        from app.games.agorapolis.resolution import score_seat

        gain = score_seat(state, seat, sector)[1]
        return tuple(1.0 if g == gain else 0.0 for g in range(max(9, gain + 1)))
    bet = player["bets"][sector]
    remaining = player["remaining"]
    pending = state["commits"].get(str(seat))
    if pending is not None and pending.get("type") == "bet":
        # a bet committed but not yet revealed
        remaining -= pending["dice"]
        if pending["sector"] == sector:
            bet = pending["dice"]
    if bet is None:
        # not bet yet: an even share of the dice still in hand
        open_sectors = sum(
            1
            for s in SECTORS
            if player["bets"][s] is None
            and not (pending is not None and pending.get("sector") == s)
        )
        bet = remaining // max(open_sectors, 1)
    return GAIN_DISTRIBUTION[min(int(bet), len(GAIN_DISTRIBUTION) - 1)]


def _win_chances(state: State, sector: str) -> list[float]:
    """Each seat's chance to win ``sector`` (ties shared) from independent gains."""
    dists = [_gain_distribution(state, s, sector) for s in range(state["seats"])]
    size = max(len(d) for d in dists)
    below: list[list[float]] = []
    upto: list[list[float]] = []
    for dist in dists:
        run = 0.0
        lo: list[float] = []
        hi: list[float] = []
        for g in range(size):
            lo.append(run)
            run += dist[g] if g < len(dist) else 0.0
            hi.append(run)
        below.append(lo)
        upto.append(hi)
    chances = []
    for i, dist in enumerate(dists):
        total = 0.0
        for g in range(1, len(dist)):
            if not dist[g]:
                continue
            strict = tie = 1.0
            for j in range(len(dists)):
                if j != i:
                    strict *= below[j][g]
                    tie *= upto[j][g]
            total += dist[g] * (strict + 0.5 * (tie - strict))
        chances.append(total)
    return chances


# --- rollout policy -------------------------------------------------------------------


def quiet(state: State) -> bool:
    return state["phase"] in QUIET_PHASES


def rollout_move(state: State, seat: int, rng: Rng) -> Move:
    moves = legal_moves(state, seat)
    phase = state["phase"]
    if phase in ("INVEST_BET", "INVEST_PYTHIA"):
        return _bet(moves, rng)
    if phase == "ACTION_TURN":
        return _action(state, seat, moves, rng)
    if phase == "EXPLOIT_BID":
        return moves[min(len(moves) - 1, rng.randbelow(4))]
    return rng.choice(moves)


def _bet(moves: list[Move], rng: Rng) -> Move:
    if rng.randbelow(5) < 2:
        return moves[0]
    wanted = 3 + rng.randbelow(4)
    return min(moves, key=lambda m: abs(int(m["dice"]) - wanted))


def _action(state: State, seat: int, moves: list[Move], rng: Rng) -> Move:
    """Try a few dice moves; keep one that improves this sector's gain, else finalise."""
    sector = state["sector"]
    dice_moves = [m for m in moves if m["type"] in _DICE_MOVES]
    if not dice_moves:
        return moves[-1]
    now = _gain(state, seat, sector)
    for _ in range(min(4, len(dice_moves))):
        move = rng.choice(dice_moves)
        if move["type"] in ("religion_reroll", "phidias_reroll"):
            if now <= 1 and rng.randbelow(2):
                return move
            continue
        after = apply(state, seat, move)
        if _gain(after, seat, sector) > now:
            return move
    return {"type": "finalise"}


def _gain(state: State, seat: int, sector: str) -> int:
    player: dict[str, Any] = state["players"][seat]
    return best_combination([d["value"] for d in player["dice"][sector]], FETISH[player["city"]])[1]
