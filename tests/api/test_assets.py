"""Static files under the release's name are immutable; the plain path revalidates."""

from __future__ import annotations

import re
from pathlib import Path

import httpx
from starlette.applications import Starlette
from starlette.routing import Mount

from app.api.assets import AssetFiles, read_snapshot
from tests.conftest import RunningServer


def release_of(directory: Path) -> str:
    return read_snapshot(directory).release


def test_the_release_changes_with_any_file(tmp_path: Path) -> None:
    (tmp_path / "js").mkdir()
    (tmp_path / "js" / "a.js").write_text("one")
    first = release_of(tmp_path)
    assert re.fullmatch(r"[0-9a-f]{12}", first) and release_of(tmp_path) == first
    (tmp_path / "js" / "a.js").write_text("two")
    changed = release_of(tmp_path)
    (tmp_path / "js" / "a.js").rename(tmp_path / "js" / "b.js")
    renamed = release_of(tmp_path)
    (tmp_path / "c.css").write_text("")
    assert len({first, changed, renamed, release_of(tmp_path)}) == 4


async def test_pages_name_their_files_under_the_release(server: RunningServer) -> None:
    async with httpx.AsyncClient(base_url=server.url) as http:
        page = (await http.get("/")).text
        found = re.search(r'<script type="module" src="/assets/([0-9a-f]{12})/js/app.js">', page)
        assert found is not None
        release = found.group(1)
        assert f'href="/assets/{release}/css/agora.css"' in page
        current = await http.get(f"/assets/{release}/js/app.js")
        assert current.status_code == 200
        assert current.headers["cache-control"] == "public, max-age=31536000, immutable"
        assert current.headers["content-type"].startswith("text/javascript")
        # The plain path and an old release's name: the same file, revalidated on each use.
        for path in ("/static/js/app.js", "/assets/000000000000/js/app.js"):
            other = await http.get(path)
            assert other.status_code == 200 and other.content == current.content
            assert other.headers["cache-control"] == "no-cache"
        unchanged = await http.get(
            "/static/js/app.js", headers={"If-None-Match": current.headers["etag"]}
        )
        assert unchanged.status_code == 304 and unchanged.headers["cache-control"] == "no-cache"
        missing = await http.get(f"/assets/{release}/js/nope.js")
        assert missing.status_code == 404 and "cache-control" not in missing.headers
        outside = await http.get(f"/assets/{release}/../app/main.py")
        assert outside.status_code == 404


def _app(directory: Path) -> Starlette:
    files = read_snapshot(directory)
    return Starlette(
        routes=[
            Mount("/assets/{release}", AssetFiles(files, versioned=True)),
            Mount("/static", AssetFiles(files, versioned=False)),
        ]
    )


async def test_served_from_the_snapshot_gzipped_once(tmp_path: Path) -> None:
    (tmp_path / "js").mkdir()
    source = "export const x = 1;\n" * 200
    (tmp_path / "js" / "a.js").write_text(source)
    (tmp_path / "i.png").write_bytes(b"\x89PNG" + bytes(2000))
    app = _app(tmp_path)
    release = read_snapshot(tmp_path).release
    (tmp_path / "js" / "a.js").write_text("changed on disk")  # the name keeps its content
    transport = httpx.ASGITransport(app=app)
    async with httpx.AsyncClient(transport=transport, base_url="http://t") as http:
        packed = await http.get(f"/assets/{release}/js/a.js", headers={"Accept-Encoding": "gzip"})
        assert packed.headers["content-encoding"] == "gzip" and packed.text == source
        assert int(packed.headers["content-length"]) < len(source) / 10
        plain = await http.get("/static/js/a.js", headers={"Accept-Encoding": "identity"})
        assert "content-encoding" not in plain.headers and plain.text == source
        image = await http.get("/static/i.png", headers={"Accept-Encoding": "gzip"})
        assert "content-encoding" not in image.headers and image.headers["content-type"] == (
            "image/png"
        )
        head = await http.head("/static/js/a.js")
        assert head.status_code == 200 and head.content == b""
        refused = await http.post("/static/js/a.js")
        assert refused.status_code == 405 and refused.headers["allow"] == "GET, HEAD"
        for path in ("/static/js", "/static/js/", "/static//i.png", "/static/"):
            assert (await http.get(path)).status_code == 404, path
