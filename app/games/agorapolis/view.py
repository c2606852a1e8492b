"""What each seat may see (spec §15): ``view``, ``secrets`` and ``redact_move``.

Hidden fragments and how they appear in the views of the seats allowed to see them:

- a held card: ``{"card": id, "holder": seat}`` (own ``my_cards``, Astronomical Insight's
  ``insight.hands``; ``players[i].held`` at ``GAME_OVER``);
- one of the top 3 deck cards: ``{"card": id, "deck_index": i}`` (Insight's
  ``insight.deck_top``); the deck order as a list of ids is never shown to anyone;
- a card of a pending Exploit draw: ``{"card": id, "drawn_by": winner}``;
- a card of a pending Heroic Year draw: ``{"card": id, "heroic_owner": owner}``;
- an unrevealed commit: ``{"seat": seat, "move": move}`` (the author's ``my_commit``);
- the RNG state: never shown.
"""

from __future__ import annotations

from typing import Any

from app.games.agorapolis.cities import FETISH
from app.games.agorapolis.common import SECTORS, copy_state, insight_owner, refuses
from app.games.interface import Move, State, View

SECRET_MOVES = frozenset(
    {"play_exploits", "bet", "exploit_bid", "strife_allocate", "strife_resist", "exploit_pick"}
)


def held_card(card: str, seat: int) -> dict[str, Any]:
    return {"card": card, "holder": seat}


def deck_card(card: str, index: int) -> dict[str, Any]:
    return {"card": card, "deck_index": index}


def drawn_card(card: str, winner: int) -> dict[str, Any]:
    return {"card": card, "drawn_by": winner}


def heroic_card(card: str, owner: int) -> dict[str, Any]:
    return {"card": card, "heroic_owner": owner}


def insight_sees(state: State, viewer: int, holder: int) -> bool:
    """The Astronomical Insight owner sees ``holder``'s hand (unless its League refused)."""
    return (
        insight_owner(state) == viewer
        and holder != viewer
        and not refuses(state, holder, "astronomical_insight")
    )


def _player(state: State, seat: int, finished: bool) -> dict[str, Any]:
    player = state["players"][seat]
    public = {
        "seat": seat,
        "city": player["city"],
        "fetish": FETISH[player["city"]],
        "reserves": dict(player["reserves"]),
        "renown": player["renown"],
        "held_count": len(player["held"]),
        "hand": player["hand"],
        "remaining": player["remaining"],
        "bets": dict(player["bets"]),
        "unbet": player["unbet"],
        "sacrificed": player["sacrificed"],
        "dice": {s: [dict(d) for d in player["dice"][s]] for s in SECTORS},
        "finalised": dict(player["finalised"]),
        "athens_used": player["athens_used"],
        "delphi_used": player["delphi_used"],
        "syracuse_used": player["syracuse_used"],
        "phidias_used": dict(player["phidias_used"]),
        "committed": seat in state["committed"],
        # The combination helper: what each sector's dice would score now (§8.1), from
        # public facts only (dice, fetish, active cards), so every audience may see it.
        "best": _best_combinations(state, seat),
    }
    if finished:
        public["held"] = [held_card(card, seat) for card in player["held"]]
    return public


def _best_combinations(state: State, seat: int) -> dict[str, dict[str, Any]]:
    from app.games.agorapolis.resolution import score_seat

    best: dict[str, dict[str, Any]] = {}
    for sector in SECTORS:
        if state["players"][seat]["dice"][sector]:
            combination, gain = score_seat(state, seat, sector)
            best[sector] = {"combination": combination, "gain": gain}
    return best


#: the public part of the latest state's view: composed and copied once per state, shared
#: by every audience's view (states are never mutated, so identity is a safe key). Built per
#: audience, the views were most of a 6-seat move's server CPU (``bench/move_cpu.py``).
_last_public: list[tuple[State, View]] = []


def view(state: State, seat: int | None) -> View:
    if _last_public and _last_public[0][0] is state:
        public = _last_public[0][1]
    else:
        public = _public(state)
        _last_public[:] = [(state, public)]
    out: View = {"game": "agorapolis", "you": seat, **public}
    if seat is not None:
        out.update(copy_state(_private(state, seat)))  # never share mutable parts with the state
    return out


def _public(state: State) -> View:
    """Everything every audience sees, copied off the state (no mutable part shared)."""
    finished = state["phase"] == "GAME_OVER"
    draw = state["draw"]
    heroic = state["heroic"]
    strife = state["strife"]
    public: View = {
        "round": state["round"],
        "round_limit": state["round_limit"],
        "phase": state["phase"],
        "sector": state["sector"],
        "to_act": list(state["to_act"]),
        "committed": list(state["committed"]),
        "holder": state["holder"],
        "renown_target": state["renown_target"],
        "players": [_player(state, s, finished) for s in range(state["seats"])],
        "market": [dict(d) for d in state["market"]],
        "colony": None
        if state["colony"] is None
        else {
            "owner": state["colony"]["owner"],
            "dice": [dict(d) for d in state["colony"]["dice"]],
        },
        "deck_size": len(state["deck"]),
        "discard": list(state["discard"]),
        "active_cards": [dict(entry) for entry in state["active"]],
        "cancelled_cards": [dict(entry) for entry in state["cancelled"]],
        "league_immune": list(state["league_immune"]),
        "active_seat": state["active_seat"],
        "last_active": state["last_active"],
        "queue": list(state["queue"]),
        "attack": None if state["attack"] is None else dict(state["attack"]),
        "strife": None if strife is None else {"owner": strife["owner"], "pairs": strife["pairs"]},
        "bids": state["bids"],
        "exploit_tied": state["exploit_tied"],
        "exploit_draw": None
        if draw is None
        else {"winner": draw["winner"], "count": len(draw["cards"])},
        "heroic": None
        if heroic is None
        else {"owner": heroic["owner"], "count": len(heroic["cards"])},
        "resolution": state["resolution"],
        "endgame": state["endgame"],
        "events": state["events"],
        "setup_log": state["setup_log"],
    }
    return copy_state(public)


def _private(state: State, seat: int) -> dict[str, Any]:
    private: dict[str, Any] = {
        "my_cards": [held_card(card, seat) for card in state["players"][seat]["held"]]
    }
    commit = state["commits"].get(str(seat))
    private["my_commit"] = None if commit is None else {"seat": seat, "move": commit}
    draw = state["draw"]
    heroic = state["heroic"]
    if draw is not None and draw["winner"] == seat:
        private["drawn_cards"] = [drawn_card(card, seat) for card in draw["cards"]]
    if heroic is not None and heroic["owner"] == seat:
        private["heroic_cards"] = [heroic_card(card, seat) for card in heroic["cards"]]
    if insight_owner(state) == seat:
        private["insight"] = {
            "hands": {
                str(other): [held_card(card, other) for card in player["held"]]
                for other, player in enumerate(state["players"])
                if insight_sees(state, seat, other)
            },
            "deck_top": [deck_card(card, i) for i, card in enumerate(state["deck"][:3])],
            "drawn": []
            if draw is None
            else [drawn_card(card, draw["winner"]) for card in draw["cards"]],
        }
    return private


def secrets(state: State) -> list[tuple[frozenset[int], Any]]:
    hidden: list[tuple[frozenset[int], Any]] = [(frozenset(), state["rng"])]
    finished = state["phase"] == "GAME_OVER"
    insight = insight_owner(state)
    for holder, player in enumerate(state["players"]):
        if finished:
            break
        allowed = {holder}
        if insight is not None and insight_sees(state, insight, holder):
            allowed.add(insight)
        hidden.extend((frozenset(allowed), held_card(card, holder)) for card in player["held"])
    if state["deck"]:
        hidden.append((frozenset(), list(state["deck"])))
    for index, card in enumerate(state["deck"][:3]):
        allowed = {insight} if insight is not None and index < 3 else set()
        hidden.append((frozenset(allowed), deck_card(card, index)))
    draw = state["draw"]
    if draw is not None:
        allowed = {draw["winner"]} | ({insight} if insight is not None else set())
        hidden.extend((frozenset(allowed), drawn_card(c, draw["winner"])) for c in draw["cards"])
    heroic = state["heroic"]
    if heroic is not None:
        owner = heroic["owner"]
        hidden.extend((frozenset({owner}), heroic_card(c, owner)) for c in heroic["cards"])
    for key, move in state["commits"].items():
        hidden.append((frozenset({int(key)}), {"seat": int(key), "move": move}))
    return hidden


def redact_move(move: Move, mover: int, viewer: int | None, finished: bool) -> Move:
    """Others' secret moves are hidden in the log until the game ends (§15)."""
    if finished or viewer == mover or not isinstance(move, dict):
        return move
    kind = move.get("type")
    if kind in SECRET_MOVES:
        redacted: Move = {"type": kind, "hidden": True}
        if kind == "bet" and "sector" in move:
            redacted["sector"] = move["sector"]
        return redacted
    if kind == "heroic_distribute":
        assign = move.get("assign")
        mine = [
            dict(item)
            for item in (assign if isinstance(assign, list) else [])
            if isinstance(item, dict) and item.get("player") == viewer
        ]
        return {"type": kind, "assign": mine, "hidden": True}
    return move
