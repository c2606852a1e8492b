"""The uvicorn and websockets releases the socket fast lane was written against.

:class:`app.realtime.wire.AgoraWebSocketProtocol` subclasses uvicorn's sans-I/O WebSocket
protocol (``uvicorn.protocols.websockets.websockets_sansio_impl``, a private module) and
reads the ``websockets`` parser's state (its generator chain, its reader's buffer). Either
may change in any release without notice. So ``pyproject.toml`` bounds both to the ranges
in :data:`TESTED`, ``tests/realtime/test_wire_versions.py`` fails loudly on any other
(naming the release), and :func:`server_options` serves uvicorn's own protocol, slower but
correct, with a warning, when an install ignored the bounds. To move to a new release:
widen :data:`TESTED` and the bounds together, then run ``tests/realtime/`` and
``bench/ws_load.py`` (the lane is worth ~1.4x moves/s at R = 500, docs/performance.md).
"""

from __future__ import annotations

import logging
from importlib.metadata import version
from typing import Any, Final

#: package -> (lowest tested release, first release not tested), as (major, minor)
TESTED: Final[dict[str, tuple[tuple[int, int], tuple[int, int]]]] = {
    "uvicorn": ((0, 54), (0, 55)),
    "websockets": ((17, 0), (18, 0)),
}
#: uvicorn's own protocol with the same limits (no compression, frames of at most 1 MiB)
STOCK_OPTIONS: Final[dict[str, Any]] = {
    "ws": "websockets-sansio",
    "ws_per_message_deflate": False,
    "ws_max_size": 1 << 20,
}

log = logging.getLogger(__name__)


def _release(package: str) -> tuple[int, int]:
    major, minor, *_ = (version(package).split(".") + ["0"])[:2]
    return int(major), int("".join(ch for ch in minor if ch.isdigit()) or 0)


def untested() -> list[str]:
    """The installed packages outside their tested range, each with the range."""
    found = []
    for package, (low, high) in TESTED.items():
        release = _release(package)
        if not low <= release < high:
            found.append(
                f"{package} {version(package)} (tested: >={low[0]}.{low[1]},<{high[0]}.{high[1]})"
            )
    return found


def server_options() -> dict[str, Any]:
    """uvicorn's WebSocket settings: the fast lane on tested releases, else the stock protocol."""
    outside = untested()
    if outside:
        log.warning(
            "the socket fast lane was not tested with %s: serving uvicorn's own WebSocket "
            "protocol (correct, slower); see app/realtime/wire_versions.py",
            "; ".join(outside),
        )
        return dict(STOCK_OPTIONS)
    from app.realtime.wire import SERVER_OPTIONS  # imports uvicorn's private module

    return dict(SERVER_OPTIONS)
