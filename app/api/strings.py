"""The scripts' strings as one cacheable file per language and release.

Every page's scripts translate with the catalogue of the page's language (47 KB of
the lobby page's 72 KB when it was written into each page). Here it is a script,
``/strings/<language>-<digest>.js``, named by a digest of its content: the page asks
for it with ``defer`` (it runs before the page's module scripts, in document order),
the browser keeps it a year (``immutable``) and a new release's strings get a new
name. It is encoded and gzipped once per process (13.9 KB on the wire), so a request
costs no encoding at all.

A name whose digest is not the current one (a page from before a release, kept in a
tab) gets the current strings, not cached, rather than a 404 that would leave the page
untranslated.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from functools import cache

import orjson
from fastapi import APIRouter, Request
from fastapi.responses import Response

from app.api.assets import Asset, reply
from app.i18n import LANGUAGES, catalogue

router = APIRouter(include_in_schema=False)
#: the global the file sets and ``static/js/i18n.js`` reads
GLOBAL = "agoraStrings"


@dataclass(frozen=True, slots=True)
class StringsFile:
    language: str
    digest: str
    asset: Asset  # served as the static files are (app/api/assets.py)

    @property
    def url(self) -> str:
        return f"/strings/{self.language}-{self.digest}.js"


@cache
def strings_file(language: str) -> StringsFile:
    """The language's script, built once: JSON is valid JavaScript (ES2019 and later)."""
    data = orjson.dumps(catalogue(language), option=orjson.OPT_SORT_KEYS)
    body = b"globalThis." + GLOBAL.encode() + b"=" + data + b";\n"
    digest = hashlib.sha256(body).hexdigest()[:16]
    content_type = b"text/javascript; charset=utf-8"
    return StringsFile(language, digest, Asset(body, content_type, f'"{digest}"'.encode(), True))


def strings_url(language: str) -> str:
    return strings_file(language).url


@router.get("/strings/{name}")
async def strings_script(request: Request, name: str) -> Response:
    language, _, rest = name.partition("-")
    digest, dot, extension = rest.partition(".")
    if language not in LANGUAGES or not dot or extension != "js":
        return Response(status_code=404)
    found = strings_file(language)
    status, headers, body = reply(found.asset, request.scope, immutable=digest == found.digest)
    return Response(body, status, {key.decode(): value.decode() for key, value in headers})
