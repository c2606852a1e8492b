"""Static files under a release name, cached for a year; the plain path revalidated.

Pages load their scripts, styles and icons from ``/assets/<release>/…``, where the
release is a digest of every file under ``static/`` (computed once at start-up, ~5 ms).
The modules import each other by relative paths, and the boards find their stylesheets
from ``import.meta.url``, so a page's whole module graph comes from one release: the
browser keeps it a year (``immutable``) and asks for nothing on later views, and a new
release's page names new URLs, so no browser mixes one release's modules with another's.

Before, ``/static/…`` carried no ``Cache-Control``: browsers cached the files by their
age alone (10 % of the time since they last changed: a lobby's second view made no
request for its 20 modules), so after a release a browser could run old modules for days
beside a new page. ``/static/…`` stays for older pages and the manifest's icons, now with
``no-cache`` (revalidated on each use: a 304 when unchanged). A release name that is not
the current one (an old page in a tab) gets the current files, not cached.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

from starlette.staticfiles import StaticFiles
from starlette.types import Message, Receive, Scope, Send

IMMUTABLE = b"public, max-age=31536000, immutable"
REVALIDATE = b"no-cache"
PREFIX = "/assets"


def release_of(directory: Path) -> str:
    """A digest of every file's path and content: any change gives a new release."""
    digest = hashlib.sha256()
    for path in sorted(p for p in directory.rglob("*") if p.is_file()):
        digest.update(path.relative_to(directory).as_posix().encode() + b"\0")
        digest.update(path.read_bytes())
    return digest.hexdigest()[:12]


class CachedFiles:
    """:class:`StaticFiles` with a ``Cache-Control`` header: immutable under the current
    release's name (a mount at ``/assets/{release}``), else revalidated."""

    def __init__(self, directory: Path, release: str | None = None) -> None:
        self.files = StaticFiles(directory=str(directory))
        self.release = release

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        current = (
            self.release is not None and scope.get("path_params", {}).get("release") == self.release
        )
        policy = IMMUTABLE if current else REVALIDATE

        async def send_with_policy(message: Message) -> None:
            if message["type"] == "http.response.start" and message["status"] < 400:
                message["headers"] = [*message.get("headers", ()), (b"cache-control", policy)]
            await send(message)

        await self.files(scope, receive, send_with_policy)
