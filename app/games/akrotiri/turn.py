"""Turn flow (spec §3, §4.1, §4.2, §4.4, §7, §8, D6, D7, D11, D27, D31).

Every function here works on ``new``, a shallow copy of the input state made by
:func:`app.games.akrotiri.rules.apply` whose ``players`` and ``boats`` lists hold fresh
copies of their dicts. Anything else nested is replaced, never changed in place, so the
input state is never mutated.
"""

from __future__ import annotations

from typing import Any

from app.games.akrotiri.board import Board
from app.games.akrotiri.cache import board_of
from app.games.akrotiri.components import ACTIONS_AFTER, COLOUR_OF, COLOURS, STALL_ROUNDS
from app.games.akrotiri.geometry import Cell, placed_tile
from app.games.akrotiri.market import take
from app.games.interface import IllegalMove, State
from app.games.rng import Rng

LOG_SIZE = 30


def log_event(new: State, seat: int | None, kind: str, **data: Any) -> None:
    """Append a public event (never anything a seat may not see) to the recent log."""
    seq = new["seq"] + 1
    new["seq"] = seq
    event = {"seq": seq, "seat": seat, "type": kind, **data}
    new["log"] = [*new["log"][-(LOG_SIZE - 1) :], event]


def placement_cells(state: State, board: Board) -> list[Cell]:
    """Cells the tile in hand may go to: next to the start board during setup (D27)."""
    return board.start_cells() if state["setup"] else board.free_cells()


def place_tile(new: State, seat: int, cell: Cell, rot: int) -> None:
    """§4.1 and the icon cube of §4.2; then the free cube step, or on if it is impossible."""
    player = new["players"][seat]
    tile_id = player["tile"]
    board = board_of(new["placements"])
    if cell not in placement_cells(new, board):
        where = "next to the start board" if new["setup"] else "next to a placed tile"
        raise IllegalMove(f"cell {list(cell)} is not free {where}")
    placement = {"tile": tile_id, "cell": [cell[0], cell[1]], "rot": rot}
    new["placements"] = [*new["placements"], placement]
    player["tile"] = None
    player["tile_public"] = False
    board = board_of(new["placements"])
    icon = board.icons[-1]
    colour = COLOUR_OF[icon[2]]
    icon_cube = None
    if new["market"][colour] > 0:  # an exhausted colour skips the icon cube (D6)
        new["market"] = take(new["market"], colour)
        piece = board.piece_keys[icon[3]]
        new["cubes"] = {**new["cubes"], piece: [*new["cubes"].get(piece, ()), colour]}
        icon_cube = colour
    log_event(
        new, seat, "place_tile", tile=tile_id, cell=[cell[0], cell[1]], rot=rot, icon_cube=icon_cube
    )
    new["placed"] = tile_id
    if free_cube_options(new)[0]:
        new["phase"] = "resources"
    else:
        after_resources(new, seat)


def free_cube_options(state: State) -> tuple[list[str], list[str]]:
    """Pieces of the placed tile off the icon's island, and colours left (D6, D7)."""
    board = board_of(state["placements"])
    islands = board.islands()
    icon_island = islands.of_piece[board.icons[-1][3]]
    pieces = [
        piece.key
        for piece in placed_tile(*board.placements[-1]).pieces
        if islands.of_piece[board.piece_index[piece.key]] != icon_island
    ]
    colours = [c for c in COLOURS if state["market"][c] > 0]
    if not pieces or not colours:
        return [], []
    return pieces, colours


def place_free_cube(new: State, seat: int, piece: str, colour: str) -> None:
    pieces, colours = free_cube_options(new)
    if piece not in pieces:
        raise IllegalMove(
            f"the free cube goes on a piece of the new tile off the icon's island: {pieces}"
        )
    if colour not in colours:
        raise IllegalMove(f"no {colour} cube is left on the market")
    new["market"] = take(new["market"], colour)
    new["cubes"] = {**new["cubes"], piece: [*new["cubes"].get(piece, ()), colour]}
    log_event(new, seat, "place_resources", piece=piece, colour=colour)
    after_resources(new, seat)


def after_resources(new: State, seat: int) -> None:
    new["placed"] = None
    if not new["setup"]:
        new["phase"] = "actions"
        return
    if seat == new["first"]:
        new["turn"] = 1 - seat
        new["phase"] = "tile"
        return
    # Both setup tiles are down: deal plans (1 easy, 1 medium) and 2 objectives each.
    first = new["first"]
    decks = dict(new["decks"])
    for s in (first, 1 - first):
        player = new["players"][s]
        player["plans"] = [decks["easy"][0], decks["medium"][0]]
        decks["easy"], decks["medium"] = decks["easy"][1:], decks["medium"][1:]
    new["decks"] = decks
    for s in (first, 1 - first):
        new["players"][s]["choice"] = draw_objectives(new, 2)
    log_event(new, None, "deal")
    new["turn"] = first
    new["phase"] = "objective"


def draw_objectives(new: State, count: int) -> list[str]:
    """Take up to ``count`` objectives from the top of the deck."""
    deck: list[str] = new["objective_deck"]
    drawn, new["objective_deck"] = deck[:count], deck[count:]
    for player in new["players"]:
        if any(card in drawn for card in player["returned"]):
            player["returned"] = [c for c in player["returned"] if c not in drawn]
    return drawn


def keep_objective(new: State, seat: int, card: str) -> None:
    player = new["players"][seat]
    if card not in player["choice"]:
        raise IllegalMove(f"objective {card} is not among the ones you drew")
    rest = [c for c in player["choice"] if c != card]
    player["choice"] = []
    player["objectives"] = [*player["objectives"], card]
    new["objective_deck"] = [*new["objective_deck"], *rest]
    player["returned"] = [*player["returned"], *rest]
    log_event(new, seat, "keep_objective", returned=len(rest))
    if not new["setup"]:
        new["phase"] = "actions"
    elif seat == new["first"]:
        new["turn"] = 1 - seat
    else:
        finish_setup(new)


def pick_objective(new: State, seat: int, card: str) -> None:
    """Strategist variant (§10): take one card of the face-up offer."""
    if card not in new["offer"]:
        raise IllegalMove(f"objective {card} is not in the offer")
    take_from_offer(new, seat, card)
    new["phase"] = "actions"


def take_from_offer(new: State, seat: int, card: str) -> None:
    player = new["players"][seat]
    new["offer"] = [c for c in new["offer"] if c != card]
    player["objectives"] = [*player["objectives"], card]
    player["public_objectives"] = [*player["public_objectives"], card]
    log_event(new, seat, "pick_objective", card=card)


def finish_setup(new: State) -> None:
    """Setup steps 8–10: boats are on Thera already; each draws a tile; the offer."""
    first = new["first"]
    for seat in (first, 1 - first):
        draw_tile(new, seat)
    if new["options"]["strategist"]:
        new["offer"], new["objective_deck"] = new["objective_deck"][:4], new["objective_deck"][4:]
    new["setup"] = False
    log_event(new, None, "setup_done", offer=list(new["offer"]))
    start_turn(new, first)


def objective_bonus(new: State, seat: int) -> None:
    """The objective slot of the track (3rd and 5th temple), resolved at once (§7, §10)."""
    player = new["players"][seat]
    if new["options"]["strategist"]:
        if len(new["offer"]) == 1:
            take_from_offer(new, seat, new["offer"][0])
        elif new["offer"]:
            new["phase"] = "pick"
        return
    drawn = draw_objectives(new, 2)
    log_event(new, seat, "draw_objectives", count=len(drawn))
    if len(drawn) == 1:
        player["objectives"] = [*player["objectives"], drawn[0]]
    elif drawn:
        player["choice"] = drawn
        new["phase"] = "objective"


def tiles_left(state: State) -> bool:
    return bool(state["pile"] or state["discard"] or any(p["tile"] for p in state["players"]))


def start_turn(new: State, seat: int) -> None:
    """Actions are fixed now (§4.3); no tile in hand skips §4.1–4.2."""
    new["turn"] = seat
    if seat == new["first"]:
        new["round"] += 1
        new["tiles_out"] = not tiles_left(new)
        new["progress"] = False
    new["actions"] = ACTIONS_AFTER[new["players"][seat]["temples"]]
    new["oracle_used"] = False
    new["pending_free"] = False
    new["phase"] = "tile" if new["players"][seat]["tile"] else "actions"


def draw_tile(new: State, seat: int) -> bool:
    """One tile into hand, reshuffling the discard into a new pile if needed (§4.4)."""
    if not new["pile"] and new["discard"]:
        reshuffle(new)
    if not new["pile"]:
        return False
    new["players"][seat]["tile"] = new["pile"][0]
    new["players"][seat]["tile_public"] = False
    new["pile"] = new["pile"][1:]
    return True


def reshuffle(new: State) -> None:
    rng = Rng.load(new["rng"])
    pile = list(new["discard"])
    rng.shuffle(pile)
    new["rng"] = rng.dump()
    new["pile"], new["discard"] = pile, []
    log_event(new, None, "reshuffle", tiles=len(pile))


def end_turn(new: State, seat: int) -> None:
    """Draw unless the oracle was consulted; close the round; end the game (§8, D31)."""
    drew = False
    new["pending_free"] = False
    last_of_round = seat != new["first"]
    over = last_of_round and new["end_trigger"] is not None
    if last_of_round and not over:
        stalled = new["tiles_out"] and not new["progress"]
        new["stall"] = new["stall"] + 1 if stalled else 0
        over = new["stall"] >= STALL_ROUNDS
    if not new["oracle_used"] and not over:
        drew = draw_tile(new, seat)
    turns = list(new["turns"])
    turns[seat] += 1
    new["turns"] = turns
    log_event(new, seat, "end_turn", drew=drew)
    if over:
        new["finished"] = True
        new["phase"] = "over"
        new["end_reason"] = "temples" if new["end_trigger"] is not None else "stall"
        new["actions"] = 0
        log_event(new, None, "game_over", reason=new["end_reason"])
        return
    start_turn(new, 1 - seat)
