"""The scripts' strings: one immutable, gzipped file per language and release."""

from __future__ import annotations

import gzip

import httpx
import orjson

from app.api.strings import GLOBAL, strings_file, strings_url
from app.i18n import LANGUAGES, catalogue
from tests.conftest import RunningServer


def _catalogue_of(body: bytes) -> dict[str, str]:
    prefix = f"globalThis.{GLOBAL}=".encode()
    assert body.startswith(prefix) and body.endswith(b";\n")
    return orjson.loads(body[len(prefix) : -2])  # type: ignore[no-any-return]


def test_each_language_has_its_own_name_and_content() -> None:
    files = {language: strings_file(language) for language in LANGUAGES}
    assert len({found.digest for found in files.values()}) == len(LANGUAGES)
    for language, found in files.items():
        assert strings_url(language) == f"/strings/{language}-{found.digest}.js"
        body, gzipped = found.asset.body, found.asset.gzipped()
        assert _catalogue_of(body) == catalogue(language)
        assert gzipped is not None and gzip.decompress(gzipped) == body
        assert len(gzipped) < len(body) / 3


async def test_served_immutable_and_gzipped(server: RunningServer) -> None:
    async with httpx.AsyncClient(base_url=server.url) as http:
        url = strings_url("fr")
        plain = await http.get(url, headers={"Accept-Encoding": "identity"})
        assert plain.status_code == 200
        assert plain.headers["content-type"] == "text/javascript; charset=utf-8"
        assert plain.headers["cache-control"] == "public, max-age=31536000, immutable"
        assert "content-encoding" not in plain.headers
        assert _catalogue_of(plain.content) == catalogue("fr")
        packed = await http.get(url, headers={"Accept-Encoding": "gzip, br"})
        assert packed.headers["content-encoding"] == "gzip"
        assert packed.headers["vary"] == "Accept-Encoding"
        assert packed.content == plain.content  # httpx decoded it
        # The static files' answer (app.api.assets.reply): revalidation by ETag too.
        again = await http.get(url, headers={"If-None-Match": plain.headers["etag"]})
        assert (
            again.status_code == 304
            and again.headers["cache-control"] == plain.headers["cache-control"]
        )


async def test_an_old_name_gets_the_current_strings_uncached(server: RunningServer) -> None:
    async with httpx.AsyncClient(base_url=server.url) as http:
        stale = await http.get("/strings/en-0123456789abcdef.js")
        assert stale.status_code == 200 and stale.headers["cache-control"] == "no-cache"
        assert _catalogue_of(stale.content) == catalogue("en")


async def test_unknown_names_are_not_found(server: RunningServer) -> None:
    async with httpx.AsyncClient(base_url=server.url) as http:
        for name in ("xx-0123.js", "en", "en-abc.json", "en-abc", "..%2Fapp.js", "-.js"):
            assert (await http.get(f"/strings/{name}")).status_code == 404, name
