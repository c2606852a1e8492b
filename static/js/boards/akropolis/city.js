// The city view: one player's city as SVG with pan, zoom (Ctrl/⌘ + wheel, pinch, buttons), "fit",
// highlighted legal spots and a ghost tile. It reports pointer positions; it decides nothing.
import { CW, SIZE, centre, corners, edgeCorners, hexShape, movePositions, svg, tileEdges, tileOutline } from "./hex.js";

const MIN_SPAN = SIZE * 5;
const MAX_SPAN = SIZE * 60;

function pointsAttr(points) {
  return points.map(([x, y]) => `${x.toFixed(2)},${y.toFixed(2)}`).join(" ");
}

/** Bounds [minX, minY, maxX, maxY] of positions, padded by one hex. */
function bounds(positions) {
  let box = [Infinity, Infinity, -Infinity, -Infinity];
  for (const [q, r] of positions) {
    const [x, y] = centre(q, r);
    box = [Math.min(box[0], x), Math.min(box[1], y), Math.max(box[2], x), Math.max(box[3], y)];
  }
  if (!Number.isFinite(box[0])) box = [0, 0, 0, 0];
  const pad = SIZE * 1.8;
  return [box[0] - pad, box[1] - pad, box[2] + pad, box[3] + pad];
}

export class CityView {
  /**
   * @param {HTMLElement} host where the SVG goes
   * @param {{onHover: Function, onTap: Function, onWheelRotate: Function, label: string}} handlers
   */
  constructor(host, handlers) {
    this.handlers = handlers;
    this.svg = svg("svg", { class: "ak-city-svg", role: "img", "aria-label": handlers.label || "city" });
    this.layers = {
      hexes: svg("g", { class: "ak-layer-hexes" }),
      edges: svg("g", { class: "ak-layer-edges" }),
      spots: svg("g", { class: "ak-layer-spots" }),
      ghost: svg("g", { class: "ak-layer-ghost" }),
      tried: svg("g", { class: "ak-layer-tried" }),
    };
    // Empty ground spots lie under the hexes; raised spots tint the hexes, under the tile borders.
    this.layers.raised = svg("g", { class: "ak-layer-raised" });
    this.svg.append(
      this.layers.spots,
      this.layers.hexes,
      this.layers.raised,
      this.layers.edges,
      this.layers.ghost,
      this.layers.tried,
    );
    host.append(this.svg);
    this.box = [-150, -150, 300, 300];
    this.userMoved = false;
    this.pointers = new Map();
    this.bindPointer();
  }

  /** Apply the current view box. */
  applyBox() {
    const [x, y, w, h] = this.box;
    this.svg.setAttribute("viewBox", `${x.toFixed(1)} ${y.toFixed(1)} ${w.toFixed(1)} ${h.toFixed(1)}`);
  }

  /** Fit the given positions (the city and its legal spots). */
  fit(positions) {
    const [x0, y0, x1, y1] = bounds(positions);
    const w = Math.max(x1 - x0, MIN_SPAN);
    const h = Math.max(y1 - y0, MIN_SPAN * 0.8);
    this.box = [(x0 + x1) / 2 - w / 2, (y0 + y1) / 2 - h / 2, w, h];
    this.userMoved = false;
    this.applyBox();
  }

  /** Zoom by `factor` (<1 zooms in) around world point (cx, cy) (default: the centre). */
  zoom(factor, cx, cy) {
    const [x, y, w, h] = this.box;
    const k = Math.min(Math.max(factor, MIN_SPAN / w), MAX_SPAN / w);
    const px = cx ?? x + w / 2;
    const py = cy ?? y + h / 2;
    this.box = [px - (px - x) * k, py - (py - y) * k, w * k, h * k];
    this.userMoved = true;
    this.applyBox();
  }

  /** Pan by a fraction of the view in a direction (arrow keys when no tile is being placed). */
  pan(dx, dy) {
    this.box[0] += dx * this.box[2] * 0.15;
    this.box[1] += dy * this.box[3] * 0.15;
    this.userMoved = true;
    this.applyBox();
  }

  /** World coordinates of a client point. */
  toWorld(clientX, clientY) {
    const matrix = this.svg.getScreenCTM();
    if (!matrix) return [0, 0];
    const point = new DOMPoint(clientX, clientY).matrixTransform(matrix.inverse());
    return [point.x, point.y];
  }

  /** World units per screen pixel. */
  scale() {
    const matrix = this.svg.getScreenCTM();
    return matrix ? 1 / matrix.a : 1;
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
        if (event.pointerType === "mouse") this.handlers.onHover(this.toWorld(event.clientX, event.clientY));
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
        const k = this.scale();
        this.box[0] -= (event.clientX - pointer.x) * k;
        this.box[1] -= (event.clientY - pointer.y) * k;
        this.userMoved = true;
        this.dragged = true;
        this.applyBox();
      } else if (event.pointerType === "mouse") {
        this.handlers.onHover(this.toWorld(event.clientX, event.clientY));
      }
      pointer.x = event.clientX;
      pointer.y = event.clientY;
    });
    const end = (event) => {
      const had = this.pointers.delete(event.pointerId);
      if (this.pointers.size < 2) this.pinch = null;
      if (had && !this.dragged && event.type === "pointerup") {
        this.handlers.onTap(this.toWorld(event.clientX, event.clientY), event.pointerType);
      }
      if (!this.pointers.size) this.dragged = false;
    };
    el.addEventListener("pointerup", end);
    el.addEventListener("pointercancel", end);
    // The wheel scrolls the page, as everywhere else; Ctrl/⌘ + wheel (and a trackpad's
    // pinch, which the browser sends as one) zooms; over the tile in hand it turns the tile.
    el.addEventListener(
      "wheel",
      (event) => {
        const point = this.toWorld(event.clientX, event.clientY);
        if (event.ctrlKey || event.metaKey) {
          event.preventDefault();
          this.zoom(event.deltaY > 0 ? 1.15 : 1 / 1.15, ...point);
        } else if (this.handlers.onWheelRotate(point, event.deltaY > 0 ? 1 : -1)) {
          event.preventDefault();
        }
      },
      { passive: false },
    );
  }

  pinchDistance() {
    const [a, b] = [...this.pointers.values()];
    return a && b ? Math.hypot(a.x - b.x, a.y - b.y) : null;
  }

  /**
   * Draw a city: visible hexes (sorted by level, raised ones with a shadow), tile borders,
   * the spots where the selected tile may go, the tiles to animate and the tiles to outline
   * (a replay's step: the tile it placed).
   * @param {object} city one entry of view.cities
   * @param {{spots: Array<[number, number, number]>, fresh: Set<number>, marked: Set<number>}} extra
   */
  draw(city, { spots = [], fresh = new Set(), marked = new Set() } = {}) {
    const { hexes, edges, spots: spotLayer, raised } = this.layers;
    hexes.replaceChildren();
    edges.replaceChildren();
    spotLayer.replaceChildren();
    raised.replaceChildren();
    const byPos = new Map(city.hexes.map((cell) => [`${cell.q},${cell.r}`, cell]));
    const sorted = [...city.hexes].sort((a, b) => a.level - b.level || a.r - b.r || a.q - b.q);
    for (const cell of sorted) {
      const [x, y] = centre(cell.q, cell.r);
      const lift = (cell.level - 1) * 2.5;
      const group = svg("g", {
        class: `ak-cell${fresh.has(cell.tile_id) ? " ak-fresh" : ""}`,
        "data-q": cell.q,
        "data-r": cell.r,
        "data-level": cell.level,
      });
      if (cell.level > 1) {
        group.append(svg("polygon", { points: pointsAttr(corners(x + 1.5, y + lift + 2, SIZE)), class: "ak-shadow" }));
      }
      group.append(hexShape(cell.hex, x, y, { level: cell.level }));
      if (this.handlers.describe) group.append(svg("title", {}, document.createTextNode(this.handlers.describe(cell))));
      hexes.append(group);
    }
    // Tile borders: thick where the neighbour is another tile (or nothing), thin inside a tile.
    const { thin, thick } = tileEdges(city.hexes);
    edges.append(svg("path", { d: thin, class: "ak-inner-edge" }), svg("path", { d: thick, class: "ak-tile-edge" }));
    const outlined = city.hexes.filter((cell) => marked.has(cell.tile_id));
    if (outlined.length) {
      const { thick: outline } = tileEdges(outlined);
      edges.append(
        svg("path", { d: outline, class: "ak-marked-halo" }),
        svg("path", { d: outline, class: "ak-marked-edge", "data-testid": "marked-tile" }),
      );
    }
    for (const [q, r] of spots) {
      const [x, y] = centre(q, r);
      const layer = byPos.has(`${q},${r}`) ? raised : spotLayer;
      layer.append(svg("polygon", { points: pointsAttr(corners(x, y, SIZE * 0.92)), class: "ak-spot", "data-q": q, "data-r": r }));
    }
  }

  /**
   * Mark (or clear) where a refused placement was tried: its three positions outlined in
   * dashes, a cross on them. `data-q` / `data-r` name the hex that was touched (the first).
   */
  drawTried(triangle) {
    const layer = this.layers.tried;
    layer.replaceChildren();
    if (!triangle) return;
    const centres = triangle.map(([q, r]) => centre(q, r));
    const x = (centres[0][0] + centres[1][0] + centres[2][0]) / 3;
    const y = (centres[0][1] + centres[1][1] + centres[2][1]) / 3;
    const k = SIZE * 0.35;
    const group = svg("g", { class: "ak-tried", "data-testid": "tried", "data-q": triangle[0][0], "data-r": triangle[0][1] });
    group.append(
      tileOutline(triangle, SIZE, "ak-tried-edge"),
      svg("path", { d: `M${x - k},${y - k}L${x + k},${y + k}M${x + k},${y - k}L${x - k},${y + k}`, class: "ak-tried-cross" }),
    );
    layer.append(group);
  }

  /**
   * Draw (or clear) the ghost tile for a legal move.
   * @param {object|null} move a legal move (with level and stones)
   * @param {object|null} tile the site tile card
   * @param {{pinned: boolean, text: string}} info
   */
  drawGhost(move, tile, { pinned = false, text = "" } = {}) {
    const layer = this.layers.ghost;
    layer.replaceChildren();
    if (!move || !tile) return;
    const positions = movePositions(move);
    const group = svg("g", {
      class: `ak-ghost${pinned ? " pinned" : ""}`,
      "data-testid": "ghost",
      "data-q": move.q,
      "data-r": move.r,
      "data-rot": move.rot,
      "data-level": move.level,
    });
    const lift = (move.level - 1) * 2.5;
    positions.forEach(([q, r], index) => {
      const [x, y] = centre(q, r);
      group.append(hexShape(tile.hexes[index], x, y - lift, { level: move.level }));
    });
    let outline = "";
    const inside = new Set(positions.map(([q, r]) => `${q},${r}`));
    for (const [q, r] of positions) {
      const [x, y] = centre(q, r);
      const points = corners(x, y - lift);
      CW.forEach(([dq, dr], dir) => {
        if (inside.has(`${q + dq},${r + dr}`)) return;
        const [a, b] = edgeCorners(dir);
        outline += `M${points[a][0].toFixed(1)},${points[a][1].toFixed(1)}L${points[b][0].toFixed(1)},${points[b][1].toFixed(1)}`;
      });
    }
    group.append(svg("path", { d: outline, class: "ak-ghost-edge" }));
    const xs = positions.map(([q, r]) => centre(q, r));
    const cx = (xs[0][0] + xs[1][0] + xs[2][0]) / 3;
    const top = Math.min(...xs.map((p) => p[1])) - SIZE * 1.05 - lift;
    const badge = svg("g", { class: "ak-ghost-badge" });
    const width = Math.max(46, text.length * 6.4 + 14);
    badge.append(svg("rect", { x: cx - width / 2, y: top - 11, width, height: 19, rx: 9.5 }));
    const label = svg("text", { x: cx, y: top + 2.5 });
    label.textContent = text;
    badge.append(label);
    group.append(badge);
    layer.append(group);
  }
}
