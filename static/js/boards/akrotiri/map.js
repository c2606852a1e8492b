// The archipelago as SVG: tiles with islands, routes, ports, icons, cubes, temples and boats,
// with pan and zoom (drag, wheel, pinch, buttons) and overlays for what the player may pick
// (cells, pieces, ports, quarters; targets.js lays out the sail badges). It reports what was
// tapped; it decides nothing. One tile's shapes are drawn by tile-drawing.js.
import { fromSvg, placedTile, quarterCentre, startBoard, toSvg, UNIT } from "./geometry.js";
import { CUBE_COLOURS, boatShape, seatColour, svg, templeShape, terrainIcon } from "./shapes.js";
import { drawTargets } from "./targets.js";
import { pieceRects, rectOf, tileGroup } from "./tile-drawing.js";

// The map never fits by shrinking below this many screen pixels per SVG unit (a tile is
// 100 units): ports, cubes and boats stay tappable and legible; the player pans and zooms
// (the ⤢ button still shows the whole archipelago on demand).
const MIN_SCALE = 1.05;
const fmt = (n) => n.toFixed(1);

export class MapView {
  /** @param {HTMLElement} host @param {{onTap: Function, label: string}} handlers */
  constructor(host, handlers) {
    this.handlers = handlers;
    this.svg = svg("svg", { class: "akr-map-svg", role: "img", "aria-label": handlers.label });
    this.layers = {};
    for (const name of ["sea", "routes", "land", "grid", "marks", "items", "overlay", "ghost"]) {
      this.layers[name] = svg("g", { class: `akr-layer-${name}` });
      this.svg.append(this.layers[name]);
    }
    host.append(this.svg);
    // A new size (stylesheet loaded, phone turned, window resized) fits the map again
    // unless the player has moved it.
    if (typeof ResizeObserver !== "undefined") {
      let last = "";
      new ResizeObserver(([entry]) => {
        const size = `${Math.round(entry.contentRect.width)}x${Math.round(entry.contentRect.height)}`;
        if (size !== last) {
          last = size;
          handlers.onResize?.();
        }
      }).observe(this.svg);
    }
    this.box = [-300, -300, 600, 600];
    this.userMoved = false;
    this.pointers = new Map();
    this.bind();
  }

  applyBox() {
    const [x, y, w, h] = this.box;
    this.svg.setAttribute("viewBox", `${fmt(x)} ${fmt(y)} ${fmt(w)} ${fmt(h)}`);
  }

  /**
   * Fit the given global cells (and a margin) in the view, no smaller than MIN_SCALE unless
   * `all`: then the box is cut down around `focus` (a global point), inside the fitted box.
   */
  fit(cells, flip, { focus = null, all = false } = {}) {
    let box = [Infinity, Infinity, -Infinity, -Infinity];
    for (const [cx, cy] of cells) {
      for (const corner of [[cx, cy], [cx + 1, cy + 1]]) {
        const [x, y] = toSvg(corner, flip);
        box = [Math.min(box[0], x), Math.min(box[1], y), Math.max(box[2], x), Math.max(box[3], y)];
      }
    }
    const pad = UNIT * 0.35;
    const w = Math.max(box[2] - box[0] + 2 * pad, UNIT * 3);
    const h = Math.max(box[3] - box[1] + 2 * pad, UNIT * 3);
    this.box = [(box[0] + box[2]) / 2 - w / 2, (box[1] + box[3]) / 2 - h / 2, w, h];
    const rect = this.svg.getBoundingClientRect();
    // Before the board's stylesheet applies, the SVG has the browser's default 300×150 size.
    const styled = getComputedStyle(this.svg).touchAction === "none";
    if (!all && styled && rect.width > 0 && rect.height > 0) {
      const [bx, by, bw, bh] = this.box;
      const mw = Math.min(bw, rect.width / MIN_SCALE);
      const mh = Math.min(bh, rect.height / MIN_SCALE);
      const [fx, fy] = focus ? toSvg(focus, flip) : [bx + bw / 2, by + bh / 2];
      const clamp = (v, lo, hi) => Math.min(Math.max(v, lo), hi);
      this.box = [clamp(fx - mw / 2, bx, bx + bw - mw), clamp(fy - mh / 2, by, by + bh - mh), mw, mh];
    }
    this.userMoved = false;
    this.applyBox();
  }

  zoom(factor, cx, cy) {
    const [x, y, w, h] = this.box;
    const k = Math.min(Math.max(factor, (UNIT * 1.5) / w), (UNIT * 30) / w);
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

  /** The global (table) point under a pointer event. */
  globalAt(event) {
    return fromSvg(this.toWorld(event.clientX, event.clientY), this.flip);
  }

  toWorld(clientX, clientY) {
    const matrix = this.svg.getScreenCTM();
    if (!matrix) return [0, 0];
    const point = new DOMPoint(clientX, clientY).matrixTransform(matrix.inverse());
    return [point.x, point.y];
  }

  bind() {
    const el = this.svg;
    el.addEventListener("pointerdown", (event) => {
      try {
        el.setPointerCapture?.(event.pointerId);
      } catch {
        // A synthetic pointer (tests, assistive tools) cannot be captured: taps still work.
      }
      this.pointers.set(event.pointerId, { x: event.clientX, y: event.clientY, sx: event.clientX, sy: event.clientY });
      this.dragged = false;
      // A press on the tile being placed drags the tile, not the map.
      this.dragGhost = this.pointers.size === 1 && Boolean(event.target.closest?.("[data-hit=ghost]"));
      if (this.pointers.size === 2) this.pinch = this.pinchDistance();
    });
    el.addEventListener("pointermove", (event) => {
      const pointer = this.pointers.get(event.pointerId);
      if (!pointer) {
        if (event.pointerType === "mouse") this.handlers.onHover?.(this.globalAt(event));
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
      if (this.dragGhost) {
        if (Math.hypot(event.clientX - pointer.sx, event.clientY - pointer.sy) > 8) this.dragged = true;
        if (this.dragged) this.handlers.onDrag?.(this.globalAt(event));
      } else if (Math.hypot(event.clientX - pointer.sx, event.clientY - pointer.sy) > 8 || this.dragged) {
        const matrix = this.svg.getScreenCTM();
        const k = matrix ? 1 / matrix.a : 1;
        this.box[0] -= (event.clientX - pointer.x) * k;
        this.box[1] -= (event.clientY - pointer.y) * k;
        this.userMoved = true;
        this.dragged = true;
        this.applyBox();
      }
      pointer.x = event.clientX;
      pointer.y = event.clientY;
    });
    const end = (event) => {
      const had = this.pointers.delete(event.pointerId);
      if (this.pointers.size < 2) this.pinch = null;
      if (had && !this.dragged && event.type === "pointerup") {
        const hit = document.elementFromPoint(event.clientX, event.clientY)?.closest?.("[data-hit]");
        if (hit && this.svg.contains(hit)) this.handlers.onTap(hit.dataset);
      }
      if (!this.pointers.size) this.dragged = false;
    };
    el.addEventListener("pointerup", end);
    el.addEventListener("pointercancel", end);
    el.addEventListener(
      "wheel",
      (event) => {
        // The wheel scrolls the page; it zooms the map with Ctrl/⌘ (or a pinch on a
        // touchpad, which sends ctrlKey) or while the map has the keyboard focus.
        const focused = this.svg.parentElement?.contains(document.activeElement) && document.activeElement !== document.body;
        if (!event.ctrlKey && !event.metaKey && !focused) return;
        event.preventDefault();
        const [cx, cy] = this.toWorld(event.clientX, event.clientY);
        this.zoom(event.deltaY > 0 ? 1.15 : 1 / 1.15, cx, cy);
      },
      { passive: false },
    );
  }

  pinchDistance() {
    const [a, b] = [...this.pointers.values()];
    return a && b ? Math.hypot(a.x - b.x, a.y - b.y) : null;
  }

  /** Draw one placed tile (or the start board) onto the base layers. */
  drawTile(tile, flip, { fresh = false, marked = false } = {}) {
    const { routes, land, grid, marks } = this.layers;
    for (const [cx, cy] of tile.cells) {
      const attrs = { class: `akr-cell${fresh ? " akr-fresh" : ""}${marked ? " akr-marked" : ""}` };
      if (marked) attrs["data-testid"] = "marked-tile";
      grid.append(rectOf([cx, cy, 1, 1], flip, attrs));
      const [ax, ay] = toSvg([cx + 0.5, cy], flip);
      const [bx, by] = toSvg([cx + 0.5, cy + 1], flip);
      const [lx, ly] = toSvg([cx, cy + 0.5], flip);
      const [rx, ry] = toSvg([cx + 1, cy + 0.5], flip);
      grid.append(svg("path", { d: `M${fmt(ax)},${fmt(ay)}L${fmt(bx)},${fmt(by)}M${fmt(lx)},${fmt(ly)}L${fmt(rx)},${fmt(ry)}`, class: "akr-dash" }));
    }
    for (const [a, b] of tile.routes) {
      const [ax, ay] = toSvg(a, flip);
      const [bx, by] = toSvg(b, flip);
      routes.append(svg("line", { x1: fmt(ax), y1: fmt(ay), x2: fmt(bx), y2: fmt(by), class: "akr-route" }));
    }
    for (const piece of tile.pieces) {
      const group = svg("g", { class: piece.thera ? "akr-land akr-thera" : "akr-land", "data-piece": piece.key });
      for (const rect of pieceRects(piece)) group.append(rectOf(rect, flip, { rx: 9 }));
      land.append(group);
    }
    for (const point of tile.junctions) {
      const [x, y] = toSvg(point, flip);
      marks.append(svg("circle", { cx: fmt(x), cy: fmt(y), r: 3.2, class: "akr-junction" }));
    }
    for (const port of tile.ports) {
      const [x, y] = toSvg(port.pos, flip);
      // A tap on a port the boat cannot reach says why (a reachable one has its badge).
      marks.append(svg("circle", { cx: fmt(x), cy: fmt(y), r: 7.5, class: "akr-port", "data-port": port.key, "data-hit": "dock" }));
    }
    if (tile.icon) {
      const [x, y] = toSvg(tile.icon.pos, flip);
      marks.append(terrainIcon(tile.icon.terrain, x, y));
    }
  }

  /**
   * Draw the map of a game view.
   * @param {object} game the Akrotiri view
   * @param {{flip: boolean, fresh: Set<string>, marked: Set<string>}} options
   *   fresh: tiles to animate; marked: tiles to outline (a replay step's)
   */
  draw(game, { flip = false, fresh = new Set(), marked = new Set(), colourOf = (seat) => seat } = {}) {
    for (const layer of Object.values(this.layers)) layer.replaceChildren();
    this.flip = flip;
    this.tiles = [startBoard(), ...game.placements.map((p) => placedTile(p.tile, p.cell[0], p.cell[1], p.rot))];
    this.ports = new Map();
    this.pieces = new Map();
    for (const tile of this.tiles) {
      this.drawTile(tile, flip, { fresh: fresh.has(tile.tile), marked: marked.has(tile.tile) });
      for (const port of tile.ports) this.ports.set(port.key, port);
      for (const piece of tile.pieces) this.pieces.set(piece.key, { ...piece, icon: tile.icon?.piece === piece.key ? tile.icon : null });
    }
    this.drawItems(game, colourOf);
  }

  /** Cubes on pieces, temples and boats. */
  drawItems(game, colourOf = (seat) => seat) {
    const items = this.layers.items;
    // What the sail badges keep off (rectangles in SVG units): terrain icons, cubes, temples, boats.
    this.obstacles = this.tiles.filter((tile) => tile.icon).map((tile) => {
      const [x, y] = toSvg(tile.icon.pos, this.flip);
      return { x0: x - 11, y0: y - 13, x1: x + 11, y1: y + 9 };
    });
    for (const [pieceKey, cubes] of Object.entries(game.cubes)) {
      const piece = this.pieces.get(pieceKey);
      if (!piece) continue;
      const quarter = piece.quarters.find((q) => !piece.icon || q[0] !== piece.icon.quarter[0] || q[1] !== piece.icon.quarter[1]) || piece.quarters[0];
      let [cx, cy] = quarterCentre(quarter);
      if (piece.icon && quarter === piece.quarters[0] && piece.quarters.length === 1) {
        cx += (piece.icon.pos[0] > cx ? -0.09 : 0.09);
        cy += (piece.icon.pos[1] > cy ? -0.09 : 0.09);
      }
      const [x, y] = toSvg([cx, cy], this.flip);
      cubes.forEach((colour, i) => {
        const [cx0, cy0] = [x - 15 + (i % 3) * 11, y - 5 + Math.floor(i / 3) * 11];
        this.obstacles.push({ x0: cx0, y0: cy0, x1: cx0 + 10, y1: cy0 + 10 });
        items.append(svg("rect", { x: fmt(cx0), y: fmt(cy0), width: 10, height: 10, class: "akr-cube", fill: CUBE_COLOURS[colour], "data-colour": colour }));
      });
    }
    for (const temple of game.temples) {
      const [x, y] = toSvg(quarterCentre(temple.quarter), this.flip);
      this.obstacles.push({ x0: x - 13, y0: y - 13, x1: x + 13, y1: y + 13, w: 3 });
      const shape = templeShape(x, y, seatColour(colourOf(temple.seat)));
      shape.dataset.testid = "temple";
      items.append(shape);
    }
    for (const boat of game.boats) {
      const port = this.ports.get(boat.at);
      if (!port) continue;
      const [x, y] = toSvg(port.pos, this.flip);
      this.obstacles.push({ x0: x - 18, y0: y - 28, x1: x + 18, y1: y + 2, w: 3 });
      const shape = boatShape(x, y - 8, seatColour(colourOf(boat.seat)), boat.cargo);
      shape.dataset.testid = `boat-${boat.seat}`;
      shape.dataset.port = boat.at;
      shape.dataset.hit = "dock"; // a boat covers its port: a tap on it is a tap on the port
      items.append(shape);
    }
  }

  /** Clickable overlays: cells, pieces, ports (with a cost badge), quarters. */
  overlay({ cells = [], pieces = [], ports = [], quarters = [], selectedPiece = null, proof = [] } = {}) {
    const layer = this.layers.overlay;
    layer.replaceChildren();
    for (const [qx, qy] of proof) {
      layer.append(rectOf([qx / 2 + 0.02, qy / 2 + 0.02, 0.46, 0.46], this.flip, { class: "akr-proof", rx: 6 }));
    }
    for (const { cell, selected } of cells) {
      layer.append(rectOf([cell[0] + 0.04, cell[1] + 0.04, 0.92, 0.92], this.flip, {
        class: `akr-spot${selected ? " selected" : ""}`, rx: 8, "data-hit": "cell", "data-cx": cell[0], "data-cy": cell[1],
      }));
    }
    for (const key of pieces) {
      const piece = this.pieces.get(key);
      if (!piece) continue;
      const selected = key === selectedPiece;
      for (const quarter of piece.quarters) {
        const attrs = { class: `akr-pick${selected ? " selected" : ""}`, rx: 8, "data-hit": "piece", "data-piece": key };
        if (selected) attrs["data-testid"] = "picked-island";
        layer.append(rectOf([quarter[0] / 2 + 0.03, quarter[1] / 2 + 0.03, 0.44, 0.44], this.flip, attrs));
      }
      if (selected) {
        const [x, y] = toSvg(quarterCentre(piece.quarters[0]), this.flip);
        const mark = svg("g", { class: "akr-pick-mark", "data-hit": "piece", "data-piece": key });
        mark.append(svg("circle", { cx: fmt(x + 22), cy: fmt(y - 22), r: 12 }), svg("path", { d: `M${fmt(x + 16)},${fmt(y - 22)}l4,5l9,-10` }));
        layer.append(mark);
      }
    }
    for (const quarter of quarters) {
      const [x, y] = toSvg(quarterCentre(quarter), this.flip);
      const group = svg("g", { class: "akr-dig", "data-hit": "quarter", "data-qx": quarter[0], "data-qy": quarter[1] });
      group.append(rectOf([quarter[0] / 2 + 0.04, quarter[1] / 2 + 0.04, 0.42, 0.42], this.flip, { rx: 8 }), templeShape(x, y, "#f3c64a", 9));
      layer.append(group);
    }
    // Sail badges keep off temples, boats and above all the dig sites (other tap targets).
    const digs = quarters.map((quarter) => {
      const [x, y] = toSvg(quarterCentre(quarter), this.flip);
      return { x0: x - 21, y0: y - 21, x1: x + 21, y1: y + 21, w: 10 };
    });
    const targets = ports.filter(({ port }) => this.ports.has(port)).map(({ port, cost, testid }) => ({ key: port, cost, testid, pos: toSvg(this.ports.get(port).pos, this.flip) }));
    drawTargets(layer, targets, [...(this.obstacles || []), ...digs]);
  }

  /** The tile being placed, on its cell and rotation (or nothing). */
  ghost(spot, { pinned = false } = {}) {
    const layer = this.layers.ghost;
    layer.replaceChildren();
    if (!spot) return;
    const tile = placedTile(spot.tile, spot.cell[0], spot.cell[1], spot.rot);
    const group = svg("g", { class: `akr-ghost${pinned ? " pinned" : ""}`, "data-testid": "ghost", "data-hit": "ghost", "data-cx": spot.cell[0], "data-cy": spot.cell[1], "data-rot": spot.rot });
    group.append(tileGroup(tile, this.flip), rectOf([spot.cell[0], spot.cell[1], 1, 1], this.flip, { class: "akr-ghost-edge" }));
    layer.append(group);
  }
}
