"""A reference bot for Agora's API: accepts every challenge and plays random legal moves.

    python examples/bot_client.py --url http://127.0.0.1:8000 --token agora_…

Runs until interrupted. It listens to the account's event stream (``GET
/api/stream/events``), accepts each challenge to a game the server hosts, and plays each
game it is seated in through the room socket (docs/protocol.md): the server pushes the
seat's legal moves with every version it is to act in, and the bot sends one at random
(after a refusal it asks for them again). The standard
library plus two well-kept clients: ``httpx`` (HTTP and the stream) and ``websockets``.
Everything a stronger bot needs is here: replace :func:`choose`.

docs/bot-api.md walks through making the token and the account.
"""

from __future__ import annotations

import argparse
import asyncio
import copy
import json
import logging
import random
import signal
from typing import Any

import httpx
import websockets

log = logging.getLogger("bot_client")
Move = dict[str, Any]


def expand(legal: dict[str, Any]) -> list[Move]:
    """The moves of a ``legal_moves`` payload: a list, or a game's compact form: a product
    (every row zipped with ``keys``, for each value of the one key in ``each``) or a table
    (each row is its group's template ``move`` with the group's ``paths`` set to the row's
    values; docs/protocol.md)."""
    if "moves" in legal:
        return list(legal["moves"])
    compact = legal.get("compact") or {}
    if not compact.get("rows"):
        return []
    if "groups" in compact:
        moves = []
        for index, *leaves in compact["rows"]:
            group = compact["groups"][index]
            move = copy.deepcopy(group["move"])
            for path, leaf in zip(group["paths"], leaves, strict=True):
                target = move
                for step in path[:-1]:
                    target = target[step]
                target[path[-1]] = leaf
            moves.append(move)
        return moves
    ((key, values),) = compact["each"].items()
    return [
        {**dict(zip(compact["keys"], row, strict=True)), key: value}
        for value in values
        for row in compact["rows"]
    ]


def choose(moves: list[Move], rng: random.Random) -> Move:
    """The bot's brain: a random legal move."""
    return rng.choice(moves)


async def play_room(url: str, token: str, room_id: str, rng: random.Random) -> None:
    """Play the account's seat of ``room_id`` until the game ends."""
    ws_url = url.replace("http", "ws", 1) + f"/ws/rooms/{room_id}"
    headers = {"Authorization": f"Bearer {token}"}
    # A short close: on Ctrl-C the program stops at once rather than wait up to 10 s
    # for each socket's closing handshake.
    async with websockets.connect(ws_url, additional_headers=headers, close_timeout=1) as ws:
        version, moved_at = -1, -1
        async for raw in ws:
            message = json.loads(raw)
            kind = message.get("type")
            if kind in ("snapshot", "patch"):
                version = message["version"]
                if over(message):
                    log.info("room %s: the game is over", room_id)
                    return
                # The server pushes a seat's legal moves with every version it is to act
                # in (docs/protocol.md): none here means nothing to do now.
                legal = message.get("legal_moves")
                if legal is None:
                    continue
                message = {"type": "legal_moves", **legal}
                kind = "legal_moves"
            if kind == "legal_moves":
                moves = expand(message)
                if moves and message.get("version") == version and moved_at < version:
                    moved_at = version
                    move = choose(moves, rng)
                    await ws.send(
                        json.dumps(
                            {"type": "move", "id": f"{room_id}-{version}", "move": move,
                             "version": version}
                        )
                    )  # fmt: skip
            elif kind == "error":
                log.info("room %s: %s (%s)", room_id, message.get("code"), message.get("message"))
                if message.get("code") in ("room_not_found", "not_authenticated", "bad_token"):
                    return
                if message.get("code") == "rate_limited":
                    await asyncio.sleep(1)  # the socket's message budget: let it refill
                moved_at = -1  # refused or stale: ask again
                await ws.send(json.dumps({"type": "legal_moves", "compact": True}))


def over(message: dict[str, Any]) -> bool:
    if message["type"] == "snapshot":
        return bool(message["view"].get("result"))
    return any(op.get("path") == "/result" and op.get("value") for op in message.get("ops", []))


async def run(url: str, token: str, seed: int | None = None) -> None:
    """Listen to the event stream (reconnecting), accept challenges, play every game."""
    rng = random.Random(seed)
    headers = {"Authorization": f"Bearer {token}"}
    games: dict[str, asyncio.Task[None]] = {}
    async with httpx.AsyncClient(base_url=url, headers=headers, timeout=30) as http:
        hosted = {game["id"] for game in (await http.get("/api/games")).json()}
        while True:
            try:
                async with http.stream("GET", "/api/stream/events") as stream:
                    stream.raise_for_status()
                    async for line in stream.aiter_lines():
                        if line.strip():
                            await on_event(http, json.loads(line), hosted, games, url, token, rng)
            except (httpx.HTTPError, OSError) as error:
                log.warning("event stream lost (%s); reconnecting", error)
                await asyncio.sleep(1)


async def on_event(
    http: httpx.AsyncClient, event: dict[str, Any], hosted: set[str],
    games: dict[str, asyncio.Task[None]], url: str, token: str, rng: random.Random,
) -> None:  # fmt: skip
    if event["type"] == "challenge":
        challenge = event["challenge"]
        answer = "accept" if challenge["game"] in hosted else "decline"
        log.info("challenge %s to %s: %s", challenge["id"], challenge["game"], answer)
        await http.post(f"/api/challenges/{challenge['id']}/{answer}")
    elif event["type"] == "gameStart":
        room_id = event["game"]["room_id"]
        if room_id not in games or games[room_id].done():
            log.info("playing room %s (%s)", room_id, event["game"]["game"])
            games[room_id] = asyncio.create_task(play_room(url, token, room_id, rng))
    elif event["type"] == "gameFinish":
        log.info("room %s finished: place %s", event["game"]["room_id"], event["game"]["place"])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--url", required=True, help="the server, e.g. http://127.0.0.1:8000")
    parser.add_argument("--token", required=True, help="an API token with the play scope")
    parser.add_argument("--seed", type=int, default=None, help="for repeatable choices")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")
    # Ctrl-C stops it even when started from a shell that ignores SIGINT in background
    # jobs (nohup, `cmd &`): Python leaves an inherited "ignore" in place otherwise.
    signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        asyncio.run(run(args.url.rstrip("/"), args.token, args.seed))
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    main()
