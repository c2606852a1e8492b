"""Static files under a release name, cached for a year; the plain path revalidated.

Pages load their scripts, styles and icons from ``/assets/<release>/…``, where the
release is a digest of every file under ``static/``. The modules import each other by
relative paths, and the boards find their stylesheets from ``import.meta.url``, so a
page's whole module graph comes from one release: the browser keeps it a year
(``immutable``) and asks for nothing on later views, and a new release's page names new
URLs, so no browser mixes one release's modules with another's.

Before, ``/static/…`` carried no ``Cache-Control``: browsers cached the files by their
age alone (10 % of the time since they last changed: a lobby's second view made no
request for its 20 modules), so after a release a browser could run old modules for days
beside a new page. ``/static/…`` stays for older pages and the manifest's icons, now with
``no-cache`` (revalidated on each use: a 304 when unchanged). A release name that is not
the current one (an old page in a tab) gets the current files, not cached.

**Served from memory.** The files are read once per process (0.7 MB) and the release is
the digest of what was read, so a name always means the content served under it, even if
the files change on disk while the process runs (a deploy over a running checkout, an
edit in development: a restart gives the new release). Text files are gzipped on first
request and kept (a first view of the lobby: 61 KB on the wire for 131 KB of page,
strings and files). Starlette's ``StaticFiles`` did a ``stat`` and an ``open`` in its
thread pool for each file.
"""

from __future__ import annotations

import gzip
import hashlib
import mimetypes
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

from starlette.types import Receive, Scope, Send

IMMUTABLE = b"public, max-age=31536000, immutable"
REVALIDATE = b"no-cache"
PREFIX = "/assets"
Headers = list[tuple[bytes, bytes]]
# Text worth compressing; images here are already compressed (PNG) or tiny.
_COMPRESS = (".js", ".css", ".json", ".svg", ".html", ".txt", ".webmanifest")
_TYPES = {".js": "text/javascript; charset=utf-8", ".css": "text/css; charset=utf-8"}


@dataclass(slots=True)
class Asset:
    body: bytes
    content_type: bytes
    etag: bytes
    compressible: bool
    _gzipped: bytes | None = field(default=None, repr=False)

    def gzipped(self) -> bytes | None:
        """The gzipped body of a text file (made on first use), else None."""
        if self._gzipped is None and self.compressible:
            self._gzipped = gzip.compress(self.body, 9, mtime=0)
        return self._gzipped


@dataclass(frozen=True, slots=True)
class Snapshot:
    release: str
    files: dict[str, Asset]


def read_snapshot(directory: Path) -> Snapshot:
    """Every file under ``directory`` by its path ("js/app.js"), and their release."""
    files: dict[str, Asset] = {}
    release = hashlib.sha256()
    for path in sorted(p for p in directory.rglob("*") if p.is_file()):
        name = path.relative_to(directory).as_posix()
        body = path.read_bytes()
        digest = hashlib.sha256(body).hexdigest()
        release.update(f"{name}\0{digest}\0".encode())
        kind = _TYPES.get(path.suffix) or mimetypes.guess_type(path.name)[0]
        content_type = (kind or "application/octet-stream").encode()
        etag = f'"{digest[:20]}"'.encode()
        files[name] = Asset(body, content_type, etag, path.suffix in _COMPRESS)
    return Snapshot(release.hexdigest()[:12], files)


#: one snapshot per directory and process (every app a test server makes shares it)
snapshot = cache(read_snapshot)


def _route_path(scope: Scope) -> str:
    """The path below the mount (as Starlette's own static files find it)."""
    path: str = scope["path"]
    root = scope.get("root_path", "")
    return path[len(root) :] if root and path.startswith(root + "/") else path


def _header(scope: Scope, name: bytes) -> bytes:
    for key, value in scope["headers"]:
        if key == name:
            return bytes(value)
    return b""


class AssetFiles:
    """The snapshot over HTTP: immutable under the current release's name (a mount at
    ``/assets/{release}``), revalidated under any other name or mounted plainly."""

    def __init__(self, files: Snapshot, *, versioned: bool) -> None:
        self.snapshot = files
        self.versioned = versioned

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        method = scope["method"]
        # The mount's rest of the path; "a/../b" and the like are no file's name.
        name = _route_path(scope)[1:]
        asset = self.snapshot.files.get(name)
        if asset is None:
            await _respond(send, 404, [(b"content-type", b"text/plain")], b"Not Found")
            return
        if method not in ("GET", "HEAD"):
            headers = [(b"content-type", b"text/plain"), (b"allow", b"GET, HEAD")]
            await _respond(send, 405, headers, b"Method Not Allowed")
            return
        named = scope.get("path_params", {}).get("release")
        current = self.versioned and named == self.snapshot.release
        status, headers, body = reply(asset, scope, immutable=current)
        await _respond(send, status, headers, b"" if method == "HEAD" else body)


def reply(asset: Asset, scope: Scope, *, immutable: bool) -> tuple[int, Headers, bytes]:
    """The answer to a GET of ``asset`` (also the strings file's, :mod:`.strings`): cached
    a year when ``immutable``, else revalidated; a 304 for its ETag; gzipped when the
    client takes it and it is smaller."""
    headers = [
        (b"cache-control", IMMUTABLE if immutable else REVALIDATE),
        (b"etag", asset.etag),
        (b"vary", b"Accept-Encoding"),
    ]
    if asset.etag in _header(scope, b"if-none-match"):
        return 304, headers, b""
    body = asset.body
    gzipped = asset.gzipped() if b"gzip" in _header(scope, b"accept-encoding") else None
    if gzipped is not None and len(gzipped) < len(body):
        body = gzipped
        headers.append((b"content-encoding", b"gzip"))
    headers += [(b"content-type", asset.content_type), (b"content-length", b"%d" % len(body))]
    return 200, headers, body


async def _respond(send: Send, status: int, headers: Headers, body: bytes) -> None:
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body})
