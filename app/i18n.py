"""French and English for every page; the player picks, Accept-Language decides first.

Messages live in ``app/locales/<lang>.json`` (one flat catalogue per language), plus one
``app/locales/<part>.<lang>.json`` per game or feature (merged in, keys prefixed by the
part, e.g. ``akropolis.site``). The browser receives the catalogue of its page's
language for the strings it renders.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

import orjson

LANGUAGES = ("en", "fr")
DEFAULT_LANGUAGE = "en"
LANG_COOKIE = "agora_lang"
LOCALES = Path(__file__).parent / "locales"


@cache
def catalogue(language: str) -> dict[str, str]:
    data: dict[str, str] = orjson.loads((LOCALES / f"{language}.json").read_bytes())
    for part in sorted(LOCALES.glob(f"*.{language}.json")):
        data.update(orjson.loads(part.read_bytes()))
    return data


def translate(language: str, key: str, **values: object) -> str:
    text = catalogue(language).get(key) or catalogue(DEFAULT_LANGUAGE).get(key) or key
    return text.format(**values) if values else text


def pick_language(cookie: str | None, accept_language: str | None) -> str:
    """The cookie wins; otherwise the best supported language of Accept-Language."""
    if cookie in LANGUAGES:
        return cookie
    best, best_q = DEFAULT_LANGUAGE, -1.0
    for part in (accept_language or "").split(","):
        piece = part.strip()
        if not piece:
            continue
        tag, _, params = piece.partition(";")
        quality = 1.0
        if params.strip().startswith("q="):
            try:
                quality = float(params.strip()[2:])
            except ValueError:
                quality = 0.0
        primary = tag.strip().lower().split("-")[0]
        if primary in LANGUAGES and quality > best_q:
            best, best_q = primary, quality
    return best
