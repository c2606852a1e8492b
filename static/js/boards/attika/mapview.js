// The Attika map as SVG: land with its symbols, shrines, every building in its player's
// colour, highlighted legal spots with their costs, a new map piece's anchors and ghost, the
// shrine-link hint. Pan, zoom (Ctrl/⌘ + wheel, pinch, buttons) and "fit". It reports pointer positions
// as hexes; it decides nothing.
import { t } from "../../i18n.js";
import { PLAYER, SIZE, centre, corners, hexAt, pointsAttr, rotate, shrineIcon, svg, symbolIcon, LAND } from "./hex.js";

const MIN_SPAN = SIZE * 6;
const MAX_SPAN = SIZE * 90;

const key = (q, r) => `${q},${r}`;

function bounds(cells) {
  let box = [Infinity, Infinity, -Infinity, -Infinity];
  for (const [q, r] of cells) {
    const [x, y] = centre(q, r);
    box = [Math.min(box[0], x), Math.min(box[1], y), Math.max(box[2], x), Math.max(box[3], y)];
  }
  if (!Number.isFinite(box[0])) box = [0, 0, 0, 0];
  const pad = SIZE * 1.6;
  return [box[0] - pad, box[1] - pad, box[2] + pad, box[3] + pad];
}

export class MapView {
  /**
   * @param {HTMLElement} host
   * @param {{onHover: Function, onTap: Function, label: string, wheelHint: string,
   *   colourOf: Function, topBand?: Function}} handlers  colourOf: seat -> palette index;
   *   topBand: () -> the height (px) at the map's top covered by floating buttons
   */
  constructor(host, handlers) {
    this.handlers = handlers;
    this.host = host;
    this.svg = svg("svg", { class: "at-map-svg", role: "img", "aria-label": handlers.label || "map" });
    this.layers = {};
    for (const name of ["land", "hint", "spots", "buildings", "labels", "anchors", "ghost", "cursor"]) {
      this.layers[name] = svg("g", { class: `at-layer-${name}` });
      this.svg.append(this.layers[name]);
    }
    host.append(this.svg);
    if (handlers.wheelHint) {
      this.hint = document.createElement("p");
      this.hint.className = "at-wheel-hint";
      this.hint.textContent = handlers.wheelHint;
      this.hint.hidden = true;
      this.hint.setAttribute("aria-hidden", "true");
      host.append(this.hint);
    }
    this.box = [-200, -200, 400, 400];
    this.userMoved = false;
    this.pointers = new Map();
    this.bindPointer();
  }

  applyBox() {
    const [x, y, w, h] = this.box;
    this.svg.setAttribute("viewBox", `${x.toFixed(1)} ${y.toFixed(1)} ${w.toFixed(1)} ${h.toFixed(1)}`);
  }

  /**
   * Fit the given hexes in view. The map's box takes their shape (--at-land-ratio; its
   * height stays within attika.css's bounds), so no band of empty sea pushes the action bar
   * and the page down; a band at its top (`topBand()`, px) stays clear for the buttons that
   * float over the map.
   */
  fit(cells) {
    const [x0, y0, x1, y1] = bounds(cells);
    const w = Math.max(x1 - x0, MIN_SPAN);
    const h = Math.max(y1 - y0, MIN_SPAN * 0.7);
    const band = this.handlers.topBand?.() ?? 0;
    const width = this.svg.getBoundingClientRect().width;
    const ratio = width ? width / ((width * h) / w + band) : w / h;
    this.svg.style.setProperty("--at-land-ratio", ratio.toFixed(3));
    const rect = this.svg.getBoundingClientRect();
    const [cx, cy] = [(x0 + x1) / 2, (y0 + y1) / 2];
    if (!rect.width || !rect.height) {
      // Not laid out (hidden): a box of the land's shape.
      this.box = [cx - w / 2, cy - h / 2, w, h];
    } else {
      // World units per pixel: the land fits the box's width and its height under the band.
      const room = Math.max(rect.height - band, rect.height / 2);
      const k = Math.max(w / rect.width, h / room);
      this.box = [cx - (rect.width * k) / 2, cy - (room * k) / 2 - (rect.height - room) * k, rect.width * k, rect.height * k];
    }
    this.userMoved = false;
    this.applyBox();
  }

  zoom(factor, cx, cy) {
    const [x, y, w, h] = this.box;
    const k = Math.min(Math.max(factor, MIN_SPAN / w), MAX_SPAN / w);
    const px = cx ?? x + w / 2;
    const py = cy ?? y + h / 2;
    this.box = [px - (px - x) * k, py - (py - y) * k, w * k, h * k];
    this.userMoved = true;
    this.applyBox();
  }

  pan(dx, dy) {
    this.box[0] += dx * this.box[2] * 0.15;
    this.box[1] += dy * this.box[3] * 0.15;
    this.userMoved = true;
    this.applyBox();
  }

  toWorld(clientX, clientY) {
    const matrix = this.svg.getScreenCTM();
    if (!matrix) return [0, 0];
    const point = new DOMPoint(clientX, clientY).matrixTransform(matrix.inverse());
    return [point.x, point.y];
  }

  toHex(clientX, clientY) {
    return hexAt(...this.toWorld(clientX, clientY));
  }

  bindPointer() {
    const el = this.svg;
    el.addEventListener("pointerdown", (event) => {
      el.setPointerCapture?.(event.pointerId);
      this.pointers.set(event.pointerId, { x: event.clientX, y: event.clientY, startX: event.clientX, startY: event.clientY });
      this.dragged = false;
      if (this.pointers.size === 2) this.pinch = this.pinchDistance();
    });
    el.addEventListener("pointermove", (event) => {
      const pointer = this.pointers.get(event.pointerId);
      if (!pointer) {
        if (event.pointerType === "mouse") this.handlers.onHover(this.toHex(event.clientX, event.clientY));
        return;
      }
      if (this.pointers.size === 2) {
        pointer.x = event.clientX;
        pointer.y = event.clientY;
        const distance = this.pinchDistance();
        if (this.pinch && distance) {
          const [a, b] = [...this.pointers.values()];
          const [cx, cy] = this.toWorld((a.x + b.x) / 2, (a.y + b.y) / 2);
          this.zoom(this.pinch / distance, cx, cy);
        }
        this.pinch = distance;
        this.dragged = true;
        return;
      }
      const moved = Math.hypot(event.clientX - pointer.startX, event.clientY - pointer.startY);
      if (moved > 8 || this.dragged) {
        const matrix = this.svg.getScreenCTM();
        const k = matrix ? 1 / matrix.a : 1;
        this.box[0] -= (event.clientX - pointer.x) * k;
        this.box[1] -= (event.clientY - pointer.y) * k;
        this.userMoved = true;
        this.dragged = true;
        this.applyBox();
      } else if (event.pointerType === "mouse") {
        this.handlers.onHover(this.toHex(event.clientX, event.clientY));
      }
      pointer.x = event.clientX;
      pointer.y = event.clientY;
    });
    const end = (event) => {
      const had = this.pointers.delete(event.pointerId);
      if (this.pointers.size < 2) this.pinch = null;
      if (had && !this.dragged && event.type === "pointerup") {
        this.handlers.onTap(this.toHex(event.clientX, event.clientY), event.pointerType);
      }
      if (!this.pointers.size) this.dragged = false;
    };
    el.addEventListener("pointerup", end);
    el.addEventListener("pointercancel", end);
    // The wheel scrolls the page (issue 43): it zooms only with Ctrl/⌘ held (a trackpad's
    // pinch arrives so too) or while the map has the keyboard's focus; else a short hint.
    el.addEventListener(
      "wheel",
      (event) => {
        const keyboard = this.host.matches(":focus-visible");
        if (!event.ctrlKey && !event.metaKey && !keyboard) {
          this.showWheelHint();
          return;
        }
        event.preventDefault();
        const [cx, cy] = this.toWorld(event.clientX, event.clientY);
        this.zoom(event.deltaY > 0 ? 1.15 : 1 / 1.15, cx, cy);
      },
      { passive: false },
    );
  }

  showWheelHint() {
    if (!this.hint) return;
    this.hint.hidden = false;
    clearTimeout(this.hintTimer);
    this.hintTimer = setTimeout(() => {
      this.hint.hidden = true;
    }, 1400);
  }

  pinchDistance() {
    const [a, b] = [...this.pointers.values()];
    return a && b ? Math.hypot(a.x - b.x, a.y - b.y) : null;
  }

  /**
   * Draw the map.
   * @param {object} game the Attika view
   * @param {{names: string[], buildingName: Function, fresh: Set<string>, marked: Set<string>, hint: Array|null}} extra
   *   fresh: "q,r" of buildings to animate; marked: to ring (a replay step's builds)
   */
  draw(game, { names, buildingName, fresh = new Set(), marked = new Set(), hint = null }) {
    const { land, buildings, labels, hint: hintLayer } = this.layers;
    land.replaceChildren();
    buildings.replaceChildren();
    labels.replaceChildren();
    hintLayer.replaceChildren();
    const occupied = new Set(game.buildings.map((b) => key(b.q, b.r)));
    for (const cell of game.land) {
      const [x, y] = centre(cell.q, cell.r);
      const group = svg("g", { class: "at-land", "data-q": cell.q, "data-r": cell.r });
      group.append(svg("polygon", { points: pointsAttr(corners(x, y, SIZE - 0.6)), fill: LAND[cell.symbol] ?? LAND.null, class: "at-hex" }));
      if (cell.symbol) {
        const icon = symbolIcon(cell.symbol, x, y - 3, 0.9);
        if (occupied.has(key(cell.q, cell.r))) icon.classList.add("covered");
        group.append(icon);
      }
      const words = cell.symbol ? t(`attika.symbol.${cell.symbol}`) : t("attika.blank");
      group.append(svg("title", {}, document.createTextNode(words)));
      land.append(group);
    }
    for (const shrine of game.shrines) {
      const [x, y] = centre(shrine.q, shrine.r);
      const group = svg("g", { class: "at-shrine", "data-testid": `shrine-${shrine.id}` });
      group.append(svg("polygon", { points: pointsAttr(corners(x, y, SIZE - 0.6)), class: "at-shrine-hex" }));
      group.append(shrineIcon(x, y - 2, 0.95));
      group.append(svg("title", {}, document.createTextNode(t("attika.shrine"))));
      land.append(group);
    }
    for (const b of game.buildings) {
      const [x, y] = centre(b.q, b.r);
      const name = buildingName(b.building);
      const group = svg("g", {
        class: `at-building${fresh.has(key(b.q, b.r)) ? " at-fresh" : ""}`,
        "data-seat": b.seat,
        "data-building": b.building,
        "data-q": b.q,
        "data-r": b.r,
      });
      if (marked.has(key(b.q, b.r))) {
        group.append(svg("circle", { cx: x, cy: y, r: SIZE * 0.92, class: "at-marked-ring", "data-testid": "marked-building" }));
      }
      const colour = this.handlers.colourOf ? this.handlers.colourOf(b.seat) : b.seat;
      group.append(svg("circle", { cx: x, cy: y, r: SIZE * 0.7, fill: PLAYER[colour % PLAYER.length], class: "at-token" }));
      const label = svg("text", { x, y: y + 0.5, class: "at-token-text" });
      label.textContent = abbreviation(name);
      group.append(label);
      group.append(svg("title", {}, document.createTextNode(`${name} — ${names[b.seat] ?? ""}`)));
      buildings.append(group);
    }
    for (const [q, r] of game.winning_line || []) {
      const [x, y] = centre(q, r);
      hintLayer.append(svg("polygon", { points: pointsAttr(corners(x, y, SIZE * 0.9)), class: "at-line", "data-testid": "winning-hex" }));
    }
    if (hint) {
      for (const [q, r] of hint) {
        const [x, y] = centre(q, r);
        hintLayer.append(svg("polygon", { points: pointsAttr(corners(x, y, SIZE * 0.8)), class: "at-hint", "data-testid": "hint-hex", "data-q": q, "data-r": r }));
      }
    }
  }

  /**
   * Legal spots of the selected building: a tint and the cost (a ruby when free).
   * @param {Array<{q:number, r:number, free:boolean, cards:number}>} spots
   */
  drawSpots(spots, selected = null) {
    const layer = this.layers.spots;
    layer.replaceChildren();
    for (const spot of spots) {
      const [x, y] = centre(spot.q, spot.r);
      const on = selected && selected.q === spot.q && selected.r === spot.r;
      const group = svg("g", {
        class: `at-spot${spot.free ? " free" : ""}${on ? " chosen" : ""}`,
        "data-testid": "spot",
        "data-q": spot.q,
        "data-r": spot.r,
        "data-cards": spot.cards,
      });
      group.append(svg("polygon", { points: pointsAttr(corners(x, y, SIZE * 0.93)), class: "at-spot-hex" }));
      const badge = svg("g", { class: "at-spot-badge" });
      // The badge sits low in the hex so the symbol above it stays visible.
      const by = y + 12;
      if (spot.free) {
        badge.append(svg("path", { d: `M${x} ${by - 7} L${x + 6} ${by} L${x} ${by + 7} L${x - 6} ${by} Z`, class: "at-ruby" }));
      } else {
        badge.append(svg("circle", { cx: x, cy: by, r: 7.5, class: "at-cost-dot" }));
        const text = svg("text", { x, y: by + 0.5, class: "at-cost-text" });
        text.textContent = String(spot.cards);
        badge.append(text);
      }
      group.append(badge);
      layer.append(group);
    }
  }

  /** The anchors where a new piece may go (small rings). */
  drawAnchors(anchors) {
    const layer = this.layers.anchors;
    layer.replaceChildren();
    for (const [q, r] of anchors) {
      const [x, y] = centre(q, r);
      layer.append(svg("circle", { cx: x, cy: y, r: 5, class: "at-anchor", "data-testid": "anchor", "data-q": q, "data-r": r }));
    }
  }

  /** The ghost of the piece being placed at (q, r) with rotation rot (or nothing). */
  drawGhost(piece, at, { pinned = false } = {}) {
    const layer = this.layers.ghost;
    layer.replaceChildren();
    if (!piece || !at) return;
    const group = svg("g", {
      class: `at-ghost${pinned ? " pinned" : ""}`,
      "data-testid": "piece-ghost",
      "data-q": at.q,
      "data-r": at.r,
      "data-rot": at.rot,
    });
    for (const cell of piece.hexes) {
      const [dq, dr] = rotate(cell.q, cell.r, at.rot);
      const [x, y] = centre(at.q + dq, at.r + dr);
      group.append(svg("polygon", { points: pointsAttr(corners(x, y, SIZE - 0.6)), fill: LAND[cell.symbol] ?? LAND.null, class: "at-ghost-hex" }));
      if (cell.symbol) group.append(symbolIcon(cell.symbol, x, y, 0.95));
    }
    layer.append(group);
  }

  /** The keyboard cursor (a thick outline) on a hex, or nothing. */
  drawCursor(cell) {
    const layer = this.layers.cursor;
    layer.replaceChildren();
    if (!cell) return;
    const [x, y] = centre(cell.q, cell.r);
    layer.append(svg("polygon", { points: pointsAttr(corners(x, y, SIZE * 0.98)), class: "at-cursor", "data-testid": "cursor", "data-q": cell.q, "data-r": cell.r }));
  }
}

/** Two or three letters for a building token ("Mi" for Mill, "Tow" for Tower). */
export function abbreviation(name) {
  const words = name.split(/\s+/).filter(Boolean);
  if (words.length > 1) return words.map((w) => w[0]).join("").slice(0, 3).toUpperCase();
  return name.slice(0, 3);
}

export { PLAYER };
