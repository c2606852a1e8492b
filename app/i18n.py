"""English, French and German for every page; the player picks, Accept-Language decides first.

Messages live in ``app/locales/<lang>.json`` (one flat catalogue per language), plus one
``app/locales/<part>.<lang>.json`` per game or feature (merged in, keys prefixed by the
part, e.g. ``akropolis.site``). The browser receives the catalogue of its page's
language for the strings it renders.

Messages use a subset of ICU MessageFormat (``{n, plural, one {# card} other {# cards}}``,
``{kind, select, a {…} other {…}}``), so plurals and genders are the strings' business;
static/js/i18n.js formats the same syntax in the browser, :func:`format_message` here.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from functools import cache
from pathlib import Path

import orjson

LANGUAGES = ("en", "fr", "de")
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
    return format_message(language, text, values) if values else text


def plural_category(language: str, n: float) -> str:
    """CLDR's cardinal category for the languages we speak.

    English and German: "one" for exactly 1, else "other"; French: 0 and 1 (and any
    number below 2) are "one", whole millions "many".
    """
    if n == int(n):
        if language == "fr":
            return "one" if int(n) in (0, 1) else ("many" if n and n % 1_000_000 == 0 else "other")
        return "one" if n == 1 else "other"
    return "one" if language == "fr" and 0 <= n < 2 else "other"


def format_message(
    language: str, text: str, values: Mapping[str, object], number: str | None = None
) -> str:
    """Fill ``{name}``, ``{n, plural, …}`` and ``{x, select, …}`` from ``values``."""
    out: list[str] = []
    at = 0
    while at < len(text):
        opening = text.find("{", at)
        sharp = -1 if number is None else text.find("#", at)
        if sharp != -1 and (opening == -1 or sharp < opening):
            out += [text[at:sharp], number or ""]
            at = sharp + 1
            continue
        if opening == -1:
            break
        out.append(text[at:opening])
        closing = _matching(text, opening)
        if closing == -1:
            return "".join(out) + text[opening:]
        out.append(_argument(language, text[opening + 1 : closing], values, number))
        at = closing + 1
    return "".join(out) + text[at:]


_ARGUMENT = re.compile(r"^\s*(\w+)\s*(?:,\s*(plural|select)\s*,(.*))?$", re.DOTALL)


def _matching(text: str, opening: int) -> int:
    depth = 0
    for index in range(opening, len(text)):
        if text[index] == "{":
            depth += 1
        elif text[index] == "}":
            depth -= 1
            if depth == 0:
                return index
    return -1


def _argument(language: str, body: str, values: Mapping[str, object], number: str | None) -> str:
    match = _ARGUMENT.match(body)
    if match is None:
        return "{" + body + "}"
    name, kind, rest = match.groups()
    if kind is None:
        return str(values[name]) if name in values else "{" + name + "}"
    value = values.get(name)
    branches = _branches(rest)
    if kind == "select":
        chosen = branches.get(str(value), branches.get("other", ""))
        return format_message(language, chosen, values, number)
    amount = float(value) if isinstance(value, int | float) else 0.0
    exact = branches.get(f"={int(amount)}") if amount == int(amount) else None
    category = plural_category(language, amount)
    chosen = exact if exact is not None else branches.get(category, branches.get("other", ""))
    return format_message(language, chosen, values, str(value))


def _branches(text: str) -> dict[str, str]:
    branches: dict[str, str] = {}
    at = 0
    while at < len(text):
        opening = text.find("{", at)
        if opening == -1:
            break
        closing = _matching(text, opening)
        if closing == -1:
            break
        branches[text[at:opening].strip()] = text[opening + 1 : closing]
        at = closing + 1
    return branches


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
