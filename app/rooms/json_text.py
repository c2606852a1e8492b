"""JSON text for the wire and the database: ``orjson`` (in C), decoded to ``str``.

Its own module so mypyc compiles it (:data:`app.native.MODULES`): the move path encodes
four or five texts a move (the stored state and move, each audience's patch, the ack),
and a call from compiled code into an interpreted one-liner cost a Python frame each.
"""

from __future__ import annotations

from typing import Any

import orjson


def dumps(data: Any) -> str:
    return orjson.dumps(data).decode()
