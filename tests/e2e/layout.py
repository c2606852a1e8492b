"""What a player sees of a table, checked at every step of a scripted game (issue 43).

``layout_problems(page)`` lists what is wrong with the page as it is now:

- the site header is taller than 120 px on a phone (the menu folds behind one button);
- the board's map (``[data-role=map]``, else ``#board``) is not on screen, or the current
  action's primary control (the one element a board marks ``data-primary``) is not wholly
  inside the viewport: a player must see both without scrolling;
- visible text shows an internal id or a coordinate ("T22", "E04", "(-2, 0)");
- a visible control is smaller than 44 × 44 px (WCAG 2.5.5). Exempt: links inside a sentence
  (2.5.5's inline exception) and the shapes of a map the player can zoom (pinch and buttons);
  a checkbox or radio counts with its label;
- the page scrolls sideways.

``assert_layout(page, where)`` fails with that list. Boards mark their primary control and
map; docs/boards.md gives the contract.
"""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 800}
SIZES = {"phone": PHONE, "desktop": DESKTOP}
ROOT = Path(__file__).resolve().parents[2]
# UPDATE_SCREENSHOTS=1 writes docs/screenshots/ (kept in the repository); otherwise the
# shots go with the other test artifacts, and a test run leaves the tree clean.
SCREENSHOTS = (
    ROOT / ("docs" if os.environ.get("UPDATE_SCREENSHOTS") else "test-artifacts") / "screenshots"
)

# What a player must never read: card and tile ids, axial coordinates.
INTERNAL = re.compile(r"\b[TEM]\d{2}\b|\(-?\d+, ?-?\d+\)")
HEADER_MAX = 120
TARGET_MIN = 44

MEASURE = """() => {
  const vw = window.innerWidth, vh = window.innerHeight;
  const shown = (el) => {
    if (!el.getClientRects().length) return false;
    if (el.getBoundingClientRect().right <= 0) return false;  // parked off-screen (skip link)
    const style = getComputedStyle(el);
    return style.visibility !== 'hidden' && style.display !== 'none' && !el.closest('[hidden]');
  };
  const box = (el) => { const r = el.getBoundingClientRect();
    return { x: r.x, y: r.y, w: r.width, h: r.height }; };
  const name = (el) => (el.id ? '#' + el.id : el.tagName.toLowerCase())
    + (el.dataset.testid ? `[${el.dataset.testid}]` : '')
    + ' "' + (el.innerText || el.value || el.getAttribute('aria-label') || '')
      .trim().slice(0, 30) + '"';
  const header = document.querySelector('header.top');
  const map = [...document.querySelectorAll('#board [data-role=map]')].find(shown)
    || document.querySelector('#board');
  const primary = [...document.querySelectorAll('[data-primary]')].filter(shown);
  const small = [];
  const controls = document.querySelectorAll(
    'button, a[href], input:not([type=hidden]), select, textarea, summary,'
    + ' [role=button], [role=link], [tabindex="0"]');
  for (const el of controls) {
    if (!shown(el) || el.disabled) continue;
    if (el.closest('[data-role=map]') && el.closest('svg')) continue;  // zoomable map shapes
    let target = el;
    if (el.matches('input[type=checkbox], input[type=radio]')) target = el.closest('label') || el;
    if (el.tagName === 'A' && getComputedStyle(el).display === 'inline'
        && el.parentElement.closest('p, li, td, small, span.hint')) {
      const text = el.parentElement.textContent.trim();
      if (text.length > el.textContent.trim().length + 2) continue;  // a link in a sentence
    }
    const r = target.getBoundingClientRect();
    if (r.width < 43.5 || r.height < 43.5) {
      small.push(`${name(el)} ${Math.round(r.width)}×${Math.round(r.height)}`);
    }
  }
  return {
    vw, vh,
    header: header ? header.getBoundingClientRect().height : 0,
    map: map ? box(map) : null,
    primary: primary.map((el) => ({ name: name(el), ...box(el) })),
    small,
    text: document.body.innerText,
    sideways: document.scrollingElement.scrollWidth - vw,
  };
}"""


async def layout_problems(page: Any, *, controls: bool = True) -> list[str]:
    """What a player would find wrong with the page now (empty when all is well)."""
    m = await page.evaluate(MEASURE)
    found: list[str] = []
    phone = m["vw"] <= 480
    if phone and m["header"] > HEADER_MAX:
        found.append(f"header {m['header']:.0f} px high")
    if m["sideways"] > 1:
        found.append(f"the page scrolls sideways by {m['sideways']} px")
    vw, vh = m["vw"], m["vh"]
    if m["map"] is not None:
        top, bottom = max(m["map"]["y"], 0), min(m["map"]["y"] + m["map"]["h"], vh)
        seen = max(0.0, bottom - top)
        # Enough of the map to play on: all of it, or a third of the screen's height.
        if seen < min(m["map"]["h"], vh / 3) - 1:
            found.append(f"only {seen:.0f} px of the board on screen")
    if len(m["primary"]) > 1:
        found.append(f"several primary controls: {[p['name'] for p in m['primary']]}")
    for p in m["primary"]:
        if p["x"] < -1 or p["y"] < -1 or p["x"] + p["w"] > vw + 1 or p["y"] + p["h"] > vh + 1:
            found.append(f"primary control {p['name']} off screen at ({p['x']:.0f}, {p['y']:.0f})")
    internal = sorted(set(INTERNAL.findall(m["text"])))
    if internal:
        found.append(f"internal ids or coordinates shown: {internal[:8]}")
    if controls and m["small"]:
        found.append(f"controls under {TARGET_MIN} px: {m['small'][:8]}")
    return found


async def assert_layout(page: Any, where: str, **options: Any) -> None:
    found = await layout_problems(page, **options)
    assert not found, f"{where}: {found}"


async def screenshot(page: Any, name: str) -> Path:
    """A screenshot of the viewport, as a player sees it, under SCREENSHOTS."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    path = SCREENSHOTS / f"{name}.png"
    await page.screenshot(path=str(path))
    return path
