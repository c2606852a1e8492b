"""After a commit: what each audience receives (its own view's patch) and room announcements.

Nothing here runs before the database has the change: publishing is the last step of a
command. Views are composed per audience (hidden information is removed before diffing),
and the public parts shared by every audience are diffed once.
"""

from __future__ import annotations

import time
from collections.abc import Collection

from app.games.hooks import hook_of
from app.games.interface import JsonDict
from app.realtime.hub import Hub, RoomEvent
from app.rooms.diff import diff_views
from app.rooms.json_text import dumps
from app.rooms.live import LiveRoom


async def publish_versions(
    hub: Hub,
    live: LiveRoom,
    *,
    previous: dict[str, JsonDict | None],
    version: int,
    audiences: list[str] | None = None,
) -> None:
    """Send every listening audience (:meth:`Hub.listening`) the patch from its
    ``previous`` view to its current one (a whole view when it has none).

    ``audiences``: the listening ones, when the caller just asked the hub (no await since).
    """
    if audiences is None:
        audiences = hub.listening(live.id, live.audiences())
    views = {audience: live.view_for(audience) for audience in audiences}
    # One memo for all audiences: the public parts of their views are diffed once.
    patches = diff_views(
        {a: (previous[a], view) for a, view in views.items() if previous.get(a) is not None}
    )
    texts: dict[str, str] = {}
    # Clients correct their clocks and deadlines (``…expires_at``) with ``server_time``.
    now = round(time.time(), 3)
    legal = pushed_legal_moves(live, version, views)
    for audience, view in views.items():
        ops = patches.get(audience, [{"op": "replace", "path": "", "value": view}])
        message: JsonDict = {"type": "patch", "version": version, "ops": ops, "server_time": now}
        if audience in legal:
            message["legal_moves"] = legal[audience]
        texts[audience] = dumps(message)
    await hub.publish(
        RoomEvent(room_id=live.id, kind="patch", version=version, texts=texts, origin=hub.origin)
    )
    if live.status == "finished":
        await announce(hub, live)


def pushed_legal_moves(
    live: LiveRoom, version: int, audiences: Collection[str]
) -> dict[str, JsonDict]:
    """The legal moves of each seat to act among ``audiences`` (the listening ones), by
    audience: ``{"version", "compact"}`` in games with the compact form (Akropolis), else
    ``{"version", "moves"}``. The seat's client would ask for them at once, and the
    question and its answer cost two frames and a round trip per move; a page drawn
    before they arrived had nothing to click (docs/protocol.md). Each goes to its seat's
    audience only: they are that seat's own information."""
    state = live.state
    if state is None or live.status != "playing":
        return {}
    game = live.game
    compact = hook_of(game, "legal_moves_compact")
    pushed: dict[str, JsonDict] = {}
    for seat in game.to_act(state):
        audience = str(seat)
        if audience not in audiences:
            continue
        if compact is not None:
            pushed[audience] = {"version": version, "compact": compact(state, seat)}
        else:
            pushed[audience] = {"version": version, "moves": list(game.legal_moves(state, seat))}
    return pushed


async def announce(hub: Hub, live: LiveRoom) -> None:
    """Tell every socket of the room (and other processes) its summary changed."""
    await hub.publish(
        RoomEvent(
            room_id=live.id, kind="room", text=dumps({"type": "room", "room": live.summary()})
        )
    )
