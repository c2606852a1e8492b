"""The action step (spec §4.3, §5): move, load, unload, sell, buy plans, oracle, excavate.

Like :mod:`.turn`, each function works on the shallow copy ``new`` made by ``apply``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from app.games.akrotiri.board import Board
from app.games.akrotiri.cache import board_of
from app.games.akrotiri.components import BOAT_CAPACITY, PLAN_PRICES, PLANS, TEMPLES, TILES
from app.games.akrotiri.geometry import Quarter
from app.games.akrotiri.market import sell as market_sell
from app.games.akrotiri.movement import legs_cost, mover, parse_legs, pending_after, reachable
from app.games.akrotiri.plans import proven_on
from app.games.akrotiri.turn import log_event, objective_bonus, reshuffle
from app.games.interface import IllegalMove, State

Claims = dict[str, int]


def spend(new: State, actions: int) -> None:
    if new["actions"] < actions:
        raise IllegalMove(f"not enough actions: this costs {actions}, {new['actions']} left")
    new["actions"] -= actions


def _check_claim(claims: Claims, key: str, value: int) -> None:
    if key in claims and claims[key] != value:
        raise IllegalMove(f"stale move: its {key} is now {value}, not {claims[key]}")


def boat_port(state: State, board: Board, seat: int) -> int:
    return board.port_index[state["boats"][seat]["at"]]


def island_of_boat(state: State, board: Board, seat: int) -> int:
    return board.islands().of_port[boat_port(state, board, seat)]


def at_thera(state: State, board: Board, seat: int) -> bool:
    return island_of_boat(state, board, seat) == board.islands().thera


def move(new: State, seat: int, to: str | None, legs: object, claims: Claims) -> None:
    """A movement to port ``to`` by the cheapest legs (as ``legal_moves`` offers it), or
    along explicit ``legs``."""
    board = board_of(new["placements"])
    start = boat_port(new, board, seat)
    closed = boat_port(new, board, 1 - seat)
    boat = new["boats"][seat]
    empty = not boat["cargo"]
    boats = mover(board, closed)
    if to is not None:
        end = board.port(to)
        if end == start:
            raise IllegalMove("a move must go to another port")
        if end == closed:
            raise IllegalMove("a boat may not stop on the port where the other boat is docked")
        found = reachable(boats, start, empty, new["pending_free"], new["actions"])
        if end not in found:
            raise IllegalMove(f"{to} cannot be reached with {new['actions']} action(s) left")
        islands = board.islands().of_port
        parsed, here = [], start
        for port in found[end][1]:
            parsed.append(("land" if islands[port] == islands[here] else "sea", port))
            here = port
    else:
        parsed = parse_legs(board, legs)
    cost = legs_cost(boats, start, parsed, empty, new["pending_free"])
    _check_claim(claims, "cost", cost)
    spend(new, cost)
    new["pending_free"] = pending_after(len(parsed), empty, new["pending_free"])
    boat["at"] = board.port_keys[parsed[-1][1]]
    log_event(
        new,
        seat,
        "move",
        legs=[[k, board.port_keys[p]] for k, p in parsed],
        cost=cost,
        to=boat["at"],
    )


def island_cubes(state: State, board: Board, island: int) -> Counter[str]:
    cubes = state["cubes"]
    counts: Counter[str] = Counter()
    for piece in board.islands().pieces[island]:
        counts.update(cubes.get(board.piece_keys[piece], ()))
    return counts


def _multiset(colours: Sequence[str], have: Sequence[str] | Counter[str], what: str) -> None:
    need = Counter(colours)
    have_count = have if isinstance(have, Counter) else Counter(have)
    for colour, count in need.items():
        if have_count[colour] < count:
            raise IllegalMove(f"{what} has {have_count[colour]} {colour} cube(s), not {count}")


def load(new: State, seat: int, colours: list[str]) -> None:
    board = board_of(new["placements"])
    boat = new["boats"][seat]
    if len(boat["cargo"]) + len(colours) > BOAT_CAPACITY:
        raise IllegalMove(f"a boat holds at most {BOAT_CAPACITY} cubes")
    island = island_of_boat(new, board, seat)
    _multiset(colours, island_cubes(new, board, island), "the island")
    spend(new, 1)
    cubes = dict(new["cubes"])
    for colour in colours:  # taken from the island's pieces in a fixed order
        for piece in board.islands().pieces[island]:
            key = board.piece_keys[piece]
            held = cubes.get(key, [])
            if colour in held:
                rest = list(held)
                rest.remove(colour)
                if rest:
                    cubes[key] = rest
                else:
                    del cubes[key]
                break
    new["cubes"] = cubes
    boat["cargo"] = sorted([*boat["cargo"], *colours])
    log_event(new, seat, "load", colours=list(colours))


def unload(new: State, seat: int, colours: list[str]) -> None:
    board = board_of(new["placements"])
    boat = new["boats"][seat]
    _multiset(colours, boat["cargo"], "your boat")
    cargo = list(boat["cargo"])
    for colour in colours:
        cargo.remove(colour)
    boat["cargo"] = cargo
    piece = board.piece_keys[board.port_piece[boat_port(new, board, seat)]]
    new["cubes"] = {**new["cubes"], piece: [*new["cubes"].get(piece, ()), *colours]}
    log_event(new, seat, "unload", colours=list(colours), piece=piece)


def sell(new: State, seat: int, colours: list[str], claims: Claims) -> None:
    board = board_of(new["placements"])
    if not at_thera(new, board, seat):
        raise IllegalMove("cubes are sold only while docked at a port of Thera (D16)")
    boat = new["boats"][seat]
    _multiset(colours, boat["cargo"], "your boat")
    prices, market = market_sell(new["market"], colours)
    _check_claim(claims, "gain", sum(prices))
    cargo = list(boat["cargo"])
    for colour in colours:
        cargo.remove(colour)
    boat["cargo"] = cargo
    new["market"] = market
    new["players"][seat]["drachmas"] += sum(prices)
    new["progress"] = True
    log_event(new, seat, "sell", colours=list(colours), prices=prices, gain=sum(prices))


def buy_plans(new: State, seat: int, decks: list[str], claims: Claims) -> None:
    board = board_of(new["placements"])
    if not at_thera(new, board, seat):
        raise IllegalMove("plan cards are bought only while docked at a port of Thera")
    price = PLAN_PRICES[len(decks)]
    _check_claim(claims, "price", price)
    player = new["players"][seat]
    if player["drachmas"] < price:
        raise IllegalMove(f"{len(decks)} plan card(s) cost {price}, you have {player['drachmas']}")
    piles = dict(new["decks"])
    for difficulty, count in Counter(decks).items():
        if len(piles[difficulty]) < count:
            raise IllegalMove(f"the {difficulty} deck has {len(piles[difficulty])} card(s) left")
    spend(new, 1)
    drawn = []
    for difficulty in decks:  # D21: each card from the deck chosen for it
        drawn.append(piles[difficulty][0])
        piles[difficulty] = piles[difficulty][1:]
    new["decks"] = piles
    player["drachmas"] -= price
    player["plans"] = [*player["plans"], *drawn]
    new["progress"] = True
    log_event(new, seat, "buy_plans", decks=list(decks), price=price)


def oracle(new: State, seat: int, terrain: str) -> None:
    player = new["players"][seat]
    if new["oracle_used"]:
        raise IllegalMove("the oracle may be consulted once per turn")
    if player["tile"] is not None:
        raise IllegalMove("you already hold a land tile")
    if not new["pile"] and not new["discard"]:
        raise IllegalMove("no land tile is left to reveal")
    spend(new, 1)
    reshuffled = not new["pile"]
    if reshuffled:
        reshuffle(new)
    pile = new["pile"]
    revealed = []
    for tile_id in pile:
        revealed.append(tile_id)
        if TILES[tile_id]["terrain_icon"]["terrain"] == terrain:
            break
    taken = revealed[-1]  # the match, or the last revealed tile if none matched (D22)
    new["pile"] = pile[len(revealed) :]
    new["discard"] = [*new["discard"], *revealed[:-1]]
    player["tile"] = taken
    player["tile_public"] = True
    new["oracle_used"] = True
    # Revealed tiles are named by terrain only: their ids stay in the (public) discard until
    # a reshuffle hides their order again, and the log must not outlive that.
    log_event(
        new,
        seat,
        "oracle",
        terrain=terrain,
        revealed=[TILES[t]["terrain_icon"]["terrain"] for t in revealed],
        tile=taken,
        found=TILES[taken]["terrain_icon"]["terrain"] == terrain,
        reshuffled=reshuffled,
    )


def temple_islands(state: State, board: Board) -> set[int]:
    islands = board.islands()
    return {islands.of_piece[board.quarter_piece[tuple(t["quarter"])]] for t in state["temples"]}


def excavation_site(state: State, board: Board, seat: int) -> int | None:
    """The island the seat's boat may excavate on now, or None (§5, conditions 1–3)."""
    island = island_of_boat(state, board, seat)
    if island == board.islands().thera or island in temple_islands(state, board):
        return None
    return island


def excavate(new: State, seat: int, card: str, quarter: Quarter) -> None:
    board = board_of(new["placements"])
    player = new["players"][seat]
    if card not in player["plans"]:
        raise IllegalMove(f"plan card {card} is not in your hand")
    if player["temples"] >= TEMPLES:
        raise IllegalMove("all your temples are excavated")
    island = island_of_boat(new, board, seat)
    if island == board.islands().thera:
        raise IllegalMove("no temple may stand on Thera")
    if island in temple_islands(new, board):
        raise IllegalMove("this island already holds a temple (one temple per island)")
    if board.island_at(quarter) != island:
        raise IllegalMove(f"quarter {list(quarter)} is not on the island where your boat is")
    if not proven_on(board, card, seat, quarter):
        raise IllegalMove(f"the pattern of {card} is not satisfied at {list(quarter)}")
    cost = PLANS[card]["cost"]
    if player["drachmas"] < cost:
        raise IllegalMove(f"excavating with {card} costs {cost}, you have {player['drachmas']}")
    spend(new, 1)
    player["drachmas"] -= cost
    player["plans"] = [c for c in player["plans"] if c != card]
    player["scored"] = [*player["scored"], card]
    player["temples"] += 1
    new["temples"] = [*new["temples"], {"seat": seat, "quarter": list(quarter), "card": card}]
    new["progress"] = True
    number = player["temples"]
    log_event(
        new,
        seat,
        "excavate",
        card=card,
        quarter=list(quarter),
        cost=cost,
        points=PLANS[card]["points"],
        temple=number,
    )
    if number == TEMPLES and new["end_trigger"] is None:
        new["end_trigger"] = seat
    if number in (3, 5):
        objective_bonus(new, seat)
