// One Akrotiri tile's shapes in SVG: its island pieces as rounded rectangles (quarters,
// bridges and edge contacts), a global-unit rectangle in SVG, a tile drawn alone (the tile
// being placed) and the small picture of the tile in hand.
import { placedTile, toSvg, UNIT } from "./geometry.js";
import { svg, terrainIcon } from "./shapes.js";

const INSET = 0.07;
const fmt = (n) => n.toFixed(1);

/** Rectangles (global units) that draw one island piece: quarters, bridges, edge contacts. */
export function pieceRects(piece) {
  const rects = [];
  const inside = new Set(piece.quarters.map(([qx, qy]) => `${qx},${qy}`));
  for (const [qx, qy] of piece.quarters) {
    const x0 = qx / 2;
    const y0 = qy / 2;
    rects.push([x0 + INSET, y0 + INSET, 0.5 - 2 * INSET, 0.5 - 2 * INSET]);
    if (inside.has(`${qx + 1},${qy}`)) rects.push([x0 + 0.5 - INSET - 0.05, y0 + INSET, 2 * INSET + 0.1, 0.5 - 2 * INSET]);
    if (inside.has(`${qx},${qy + 1}`)) rects.push([x0 + INSET, y0 + 0.5 - INSET - 0.05, 0.5 - 2 * INSET, 2 * INSET + 0.1]);
  }
  for (const [qx, qy, side] of piece.contacts) {
    const x0 = qx / 2;
    const y0 = qy / 2;
    if (side === "N") rects.push([x0 + 0.1, y0 + 0.3, 0.3, 0.2]);
    if (side === "S") rects.push([x0 + 0.1, y0, 0.3, 0.2]);
    if (side === "E") rects.push([x0 + 0.3, y0 + 0.1, 0.2, 0.3]);
    if (side === "W") rects.push([x0, y0 + 0.1, 0.2, 0.3]);
  }
  return rects;
}

/** An SVG rect for a global-unit rectangle [x, y, w, h] (y up). */
export function rectOf([x, y, w, h], flip, attrs) {
  const [ax, ay] = toSvg([x, y], flip);
  const [bx, by] = toSvg([x + w, y + h], flip);
  return svg("rect", { x: fmt(Math.min(ax, bx)), y: fmt(Math.min(ay, by)), width: fmt(Math.abs(bx - ax)), height: fmt(Math.abs(by - ay)), ...attrs });
}

/** A placed tile drawn alone: sea, routes, land, ports and its icon. */
export function tileGroup(tile, flip) {
  const [cx, cy] = tile.cells[0];
  const group = svg("g", { class: "akr-tile-drawing" });
  group.append(rectOf([cx, cy, 1, 1], flip, { class: "akr-ghost-sea" }));
  for (const [a, b] of tile.routes) {
    const [ax, ay] = toSvg(a, flip);
    const [bx, by] = toSvg(b, flip);
    group.append(svg("line", { x1: fmt(ax), y1: fmt(ay), x2: fmt(bx), y2: fmt(by), class: "akr-route" }));
  }
  for (const piece of tile.pieces) {
    const land = svg("g", { class: "akr-land" });
    for (const rect of pieceRects(piece)) land.append(rectOf(rect, flip, { rx: 9 }));
    group.append(land);
  }
  for (const port of tile.ports) {
    const [x, y] = toSvg(port.pos, flip);
    group.append(svg("circle", { cx: fmt(x), cy: fmt(y), r: 7.5, class: "akr-port" }));
  }
  const [ix, iy] = toSvg(tile.icon.pos, flip);
  group.append(terrainIcon(tile.icon.terrain, ix, iy));
  return group;
}

/** A small picture of a land tile turned `rot` times, as the viewer sees the map. */
export function tileThumb(tileId, rot, flip) {
  const [x0, y0] = toSvg([0, 1], flip);
  const [x1, y1] = toSvg([1, 0], flip);
  const box = svg("svg", {
    class: "akr-thumb",
    viewBox: `${fmt(Math.min(x0, x1) - 4)} ${fmt(Math.min(y0, y1) - 4)} ${UNIT + 8} ${UNIT + 8}`,
    role: "img",
  });
  box.append(tileGroup(placedTile(tileId, 0, 0, rot), flip));
  return box;
}
