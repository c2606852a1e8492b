"""Draw ``bench/results/cost_curve.json`` as SVG: ``python bench/draw_cost_curve.py``.

Writes, into ``docs/performance/`` (``--out-dir``):

- ``cost-curve.svg``: four panels against the number of rooms R (log scale): moves/s, p99
  latency (log scale), server CPU a move and server RSS, each point labelled with its value;
- ``cost-curve-games.svg``: per game, server CPU a move and bytes sent a move per socket.

Hand-written SVG (no plotting library): the charts are a few lines and labels, and the
files diff as text. ``bench/cost_curve.py`` calls :func:`draw` after a run.
"""

from __future__ import annotations

import argparse
import json
import math
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
RESULTS = ROOT / "bench" / "results" / "cost_curve.json"
OUT_DIR = ROOT / "docs" / "performance"

PANEL_W, PANEL_H = 420, 260
MARGIN_L, MARGIN_R, MARGIN_T, MARGIN_B = 62, 18, 34, 42
FONT = 'font-family="sans-serif" font-size="11"'
TITLE_FONT = 'font-family="sans-serif" font-size="13" font-weight="bold"'
COLOUR = "#1f5fa8"
COLOUR_2 = "#c0572b"


def _esc(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def _fmt(value: float) -> str:
    """A short label: 12,345 / 678 / 4.2 / 0.35."""
    if value >= 100:
        return f"{value:,.0f}"
    if value == int(value):
        return f"{value:.0f}"
    if value >= 10:
        return f"{value:.1f}"
    return f"{value:.2f}"


def _nice_ticks(top: float, count: int = 5) -> list[float]:
    """Ticks 0 … ≥ top in steps of 1, 2 or 5 × 10^k."""
    if top <= 0:
        return [0.0, 1.0]
    raw = top / count
    power = 10 ** math.floor(math.log10(raw))
    step = next(m * power for m in (1, 2, 5, 10) if m * power >= raw)
    return [step * i for i in range(math.ceil(top / step) + 1)]


def _log_ticks(low: float, high: float) -> list[float]:
    """Powers of ten covering [low, high] (and 2× and 5× when they are few)."""
    first, last = math.floor(math.log10(low)), math.ceil(math.log10(high))
    ticks = [10.0**k for k in range(first, last + 1)]
    if len(ticks) <= 3:
        ticks = sorted({m * t for t in ticks for m in (1, 2, 5) if m * t <= 10.0**last})
    return ticks


def line_panel(
    x0: float, y0: float, title: str, unit: str, points: Sequence[tuple[float, float]],
    log_y: bool = False,
) -> list[str]:  # fmt: skip
    """One chart at (x0, y0): ``points`` as (R, value), R on a log scale."""
    points = [(r, v) for r, v in points if r > 0 and math.isfinite(v) and (v > 0 or not log_y)]
    out = [
        f'<text x="{x0 + PANEL_W / 2:.1f}" y="{y0 + 18:.1f}" text-anchor="middle" '
        f"{TITLE_FONT}>{_esc(title)}</text>"
    ]
    left, top = x0 + MARGIN_L, y0 + MARGIN_T
    width, height = PANEL_W - MARGIN_L - MARGIN_R, PANEL_H - MARGIN_T - MARGIN_B
    out.append(
        f'<rect x="{left}" y="{top}" width="{width}" height="{height}" fill="none" '
        'stroke="#999" stroke-width="0.5"/>'
    )
    if not points:
        out.append(f'<text x="{left + 10}" y="{top + 20}" {FONT}>no data</text>')
        return out
    rooms = [r for r, _ in points]
    values = [v for _, v in points]
    r_lo, r_hi = math.log10(min(rooms)), math.log10(max(rooms))
    if r_hi - r_lo < 1e-9:
        r_lo, r_hi = r_lo - 0.5, r_hi + 0.5
    pad = (r_hi - r_lo) * 0.06
    r_lo, r_hi = r_lo - pad, r_hi + pad

    def sx(r: float) -> float:
        return left + (math.log10(r) - r_lo) / (r_hi - r_lo) * width

    if log_y:
        y_ticks = _log_ticks(min(values), max(values))
        v_lo, v_hi = math.log10(y_ticks[0]), math.log10(y_ticks[-1])
        v_hi = v_hi if v_hi > v_lo else v_lo + 1

        def sy(v: float) -> float:
            return top + height - (math.log10(v) - v_lo) / (v_hi - v_lo) * height
    else:
        y_ticks = _nice_ticks(max(values) * 1.08)

        def sy(v: float) -> float:
            return top + height - v / y_ticks[-1] * height

    for tick in y_ticks:
        y = sy(tick)
        out.append(
            f'<line x1="{left}" y1="{y:.1f}" x2="{left + width}" y2="{y:.1f}" stroke="#ddd" '
            'stroke-width="0.5"/>'
        )
        out.append(
            f'<text x="{left - 5}" y="{y + 4:.1f}" text-anchor="end" {FONT}>{_fmt(tick)}</text>'
        )
    for r in sorted(set(rooms)):
        x = sx(r)
        out.append(
            f'<text x="{x:.1f}" y="{top + height + 15}" text-anchor="middle" {FONT}>{r:,.0f}</text>'
        )
    out.append(
        f'<text x="{left + width / 2:.1f}" y="{top + height + 32}" text-anchor="middle" '
        f"{FONT}>rooms R (log scale)</text>"
    )
    out.append(
        f'<text x="{x0 + 12}" y="{top + height / 2:.1f}" text-anchor="middle" {FONT} '
        f'transform="rotate(-90 {x0 + 12} {top + height / 2:.1f})">{_esc(unit)}</text>'
    )
    path = " ".join(f"{sx(r):.1f},{sy(v):.1f}" for r, v in points)
    out.append(f'<polyline points="{path}" fill="none" stroke="{COLOUR}" stroke-width="2"/>')
    for r, v in points:
        out.append(f'<circle cx="{sx(r):.1f}" cy="{sy(v):.1f}" r="3" fill="{COLOUR}"/>')
        out.append(
            f'<text x="{sx(r):.1f}" y="{sy(v) - 7:.1f}" text-anchor="middle" {FONT} '
            f'fill="#333">{_fmt(v)}</text>'
        )
    return out


def bar_panel(
    x0: float, y0: float, title: str, unit: str, bars: Sequence[tuple[str, float]], colour: str
) -> list[str]:
    """One bar chart at (x0, y0): ``bars`` as (label, value)."""
    bars = [(label, v) for label, v in bars if math.isfinite(v)]
    out = [
        f'<text x="{x0 + PANEL_W / 2:.1f}" y="{y0 + 18:.1f}" text-anchor="middle" '
        f"{TITLE_FONT}>{_esc(title)}</text>"
    ]
    left, top = x0 + MARGIN_L, y0 + MARGIN_T
    width, height = PANEL_W - MARGIN_L - MARGIN_R, PANEL_H - MARGIN_T - MARGIN_B
    if not bars:
        out.append(f'<text x="{left + 10}" y="{top + 20}" {FONT}>no data</text>')
        return out
    ticks = _nice_ticks(max(v for _, v in bars) * 1.1)
    for tick in ticks:
        y = top + height - tick / ticks[-1] * height
        out.append(
            f'<line x1="{left}" y1="{y:.1f}" x2="{left + width}" y2="{y:.1f}" stroke="#ddd" '
            'stroke-width="0.5"/>'
        )
        out.append(
            f'<text x="{left - 5}" y="{y + 4:.1f}" text-anchor="end" {FONT}>{_fmt(tick)}</text>'
        )
    slot = width / len(bars)
    for i, (label, value) in enumerate(bars):
        h = value / ticks[-1] * height
        x = left + i * slot + slot * 0.2
        out.append(
            f'<rect x="{x:.1f}" y="{top + height - h:.1f}" width="{slot * 0.6:.1f}" '
            f'height="{h:.1f}" fill="{colour}"/>'
        )
        out.append(
            f'<text x="{x + slot * 0.3:.1f}" y="{top + height - h - 5:.1f}" '
            f'text-anchor="middle" {FONT}>{_fmt(value)}</text>'
        )
        out.append(
            f'<text x="{x + slot * 0.3:.1f}" y="{top + height + 15}" text-anchor="middle" '
            f"{FONT}>{_esc(label)}</text>"
        )
    out.append(
        f'<text x="{x0 + 12}" y="{top + height / 2:.1f}" text-anchor="middle" {FONT} '
        f'transform="rotate(-90 {x0 + 12} {top + height / 2:.1f})">{_esc(unit)}</text>'
    )
    return out


def _svg(width: float, height: float, body: list[str], caption: str) -> str:
    return "\n".join(
        [
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0f}" height="{height:.0f}" '
            f'viewBox="0 0 {width:.0f} {height:.0f}">',
            f'<rect width="{width:.0f}" height="{height:.0f}" fill="white"/>',
            *body,
            f'<text x="8" y="{height - 8:.0f}" {FONT} fill="#666">{_esc(caption)}</text>',
            "</svg>",
            "",
        ]
    )


def _caption(data: dict[str, Any], games: bool = False) -> str:
    load = data.get("load_average", {})
    start, end = load.get("start", [math.nan]), load.get("end", [math.nan])
    client = "python" if games else data.get("client", "?")
    seconds = data.get("game_duration_s" if games else "duration_s", "?")
    return (
        f"{data.get('started_at', '?')} · store {data.get('store', '?')} · client {client} · "
        f"{seconds} s a point · load average {start[0]:.2f} → {end[0]:.2f} (2 shared cores)"
    )


def draw(data: dict[str, Any], out_dir: Path = OUT_DIR) -> list[Path]:
    """Write the charts of one cost-curve run; returns the files written."""
    out_dir.mkdir(parents=True, exist_ok=True)
    race = data.get("race", [])

    def series(key: str) -> list[tuple[float, float]]:
        return [(p["rooms"], _num(p.get(key))) for p in race]

    panels: list[tuple[str, str, list[tuple[float, float]], bool]] = [
        ("Moves per second (race)", "moves/s", series("moves_per_s"), False),
        ("Latency p99 (race)", "ms (log scale)", series("p99_ms"), True),
        ("Server CPU a move", "µs of CPU", series("cpu_us_per_move"), False),
        ("Server RSS under load", "MB", series("server_rss_peak_mb"), False),
    ]
    body: list[str] = []
    for i, (title, unit, points, log_y) in enumerate(panels):
        body += line_panel((i % 2) * PANEL_W, (i // 2) * PANEL_H, title, unit, points, log_y)
    idle = data.get("idle")
    height = 2 * PANEL_H + 24
    if idle:
        body.append(
            f'<text x="8" y="{height - 22}" {FONT}>Idle sockets: {idle["opened"]:,} of '
            f"{idle['sockets']:,} open, server RSS {idle['rss_before_mb']:.0f} → "
            f"{idle['rss_after_mb']:.0f} MB ({idle['per_socket_kb']:.1f} KB a socket)</text>"
        )
        height += 14
    written = [out_dir / "cost-curve.svg"]
    written[0].write_text(_svg(2 * PANEL_W, height, body, _caption(data)))

    games = data.get("games", [])
    label: Callable[[dict[str, Any]], str] = lambda g: str(g["game"]).capitalize()  # noqa: E731
    rooms = sorted({g["rooms"] for g in games})
    suffix = f" (R = {', '.join(str(r) for r in rooms)})" if rooms else ""
    body = bar_panel(
        0, 0, f"Server CPU a move{suffix}", "µs of CPU",
        [(label(g), _num(g.get("cpu_us_per_move"))) for g in games], COLOUR,
    )  # fmt: skip
    body += bar_panel(
        PANEL_W, 0, "Bytes sent a move, per socket", "bytes",
        [(label(g), _num(g.get("bytes_per_move_per_socket"))) for g in games], COLOUR_2,
    )  # fmt: skip
    written.append(out_dir / "cost-curve-games.svg")
    written[1].write_text(_svg(2 * PANEL_W, PANEL_H + 24, body, _caption(data, games=True)))
    return written


def _num(value: Any) -> float:
    return float(value) if isinstance(value, int | float) else math.nan


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--results", type=Path, default=RESULTS)
    parser.add_argument("--out-dir", type=Path, default=OUT_DIR)
    args = parser.parse_args()
    for path in draw(json.loads(args.results.read_text()), args.out_dir):
        print(f"wrote {path}")


if __name__ == "__main__":
    main()
