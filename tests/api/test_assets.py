"""Static files under the release's name are immutable; the plain path revalidates."""

from __future__ import annotations

import re
from pathlib import Path

import httpx

from app.api.assets import release_of
from tests.conftest import RunningServer


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
