// Akropolis side panels: players, construction site, live scores, move log, the solo
// Architect and the final table. Each function builds DOM from the view; none holds rules.
import { t } from "../../i18n.js";
import { COLOURS, TYPES, centre, hexShape, svg, tileCard, tileEdges } from "./hex.js";

/** Create an HTML element with a class and optional text. */
export function el(tag, cls = "", text = null) {
  const node = document.createElement(tag);
  if (cls) node.className = cls;
  if (text !== null) node.textContent = text;
  return node;
}

/** "free", "1 stone", "3 stones" (the plural lives in the string). */
export function stonesText(n) {
  return t("akropolis.stones_n", { n: n || 0 });
}

/** A stone counter: pebble icon and number. */
export function stoneBadge(n, title = t("akropolis.stones")) {
  const badge = el("span", "ak-stones");
  badge.title = title;
  badge.setAttribute("aria-label", `${title}: ${n}`);
  badge.append(el("span", "ak-pebble"), el("span", "ak-stones-n", String(n)));
  return badge;
}

/** The type name, e.g. "Houses". */
export function typeName(type) {
  return t(`akropolis.type.${type}`);
}

/**
 * A box that scrolls sideways when its table is wider than the screen (German headings on a
 * narrow column): focusable and named, so a keyboard can scroll it too (axe
 * scrollable-region-focusable).
 */
function scrollArea(label) {
  const box = el("div", "ak-scroll");
  box.tabIndex = 0;
  box.setAttribute("role", "region");
  box.setAttribute("aria-label", label);
  return box;
}

/** A small static picture of a city (for player chips). */
export function miniCity(city, fresh = new Set(), { size = 10, showLevel = false, cls = "ak-mini" } = {}) {
  let box = [Infinity, Infinity, -Infinity, -Infinity];
  const root = svg("svg", { class: cls, "aria-hidden": "true" });
  for (const cell of [...city.hexes].sort((a, b) => a.level - b.level)) {
    const [x, y] = centre(cell.q, cell.r, size);
    box = [Math.min(box[0], x), Math.min(box[1], y), Math.max(box[2], x), Math.max(box[3], y)];
    const shape = hexShape(cell.hex, x, y, { level: cell.level, size, showLevel });
    if (fresh.has(cell.tile_id)) shape.classList.add("ak-fresh");
    root.append(shape);
  }
  if (showLevel) {
    const { thin, thick } = tileEdges(city.hexes, size);
    root.append(svg("path", { d: thin, class: "ak-inner-edge" }), svg("path", { d: thick, class: "ak-tile-edge" }));
  }
  const pad = size * 1.2;
  const w = Math.max(box[2] - box[0] + 2 * pad, size * 8);
  const h = Math.max(box[3] - box[1] + 2 * pad, size * 6);
  root.setAttribute("viewBox", `${(box[0] + box[2]) / 2 - w / 2} ${(box[1] + box[3]) / 2 - h / 2} ${w} ${h}`);
  return root;
}

/**
 * Give `node` an accessible name that starts with its visible text (so speech users can say
 * what they see, WCAG 2.5.3), followed by the fuller description.
 */
function labelWithVisibleText(node, description) {
  const words = [];
  const walker = document.createTreeWalker(node, NodeFilter.SHOW_TEXT);
  while (walker.nextNode()) words.push(walker.currentNode.textContent);
  const visible = words
    .join(" ")
    .replace(/[♛★]/g, "")
    .replace(/\s+/g, " ")
    .trim();
  node.setAttribute("aria-label", visible && !description.includes(visible) ? `${visible} — ${description}` : description);
}

/**
 * One chip per player: name, stones, score, Chief Architect, turn; a button that shows the city.
 * @param {{game: object, names: string[], me: number|null, shown: number, fresh: Map, onShow: Function}} data
 */
export function playerChips({ game, names, me, shown, fresh, pulse, onShow }) {
  const list = el("div", "ak-players");
  list.setAttribute("role", "tablist");
  list.setAttribute("aria-label", t("akropolis.cities"));
  for (const city of game.cities) {
    const chip = el("button", "ak-chip");
    chip.type = "button";
    chip.setAttribute("role", "tab");
    chip.dataset.seat = String(city.seat);
    chip.setAttribute("aria-selected", String(city.seat === shown));
    chip.setAttribute("aria-controls", "ak-city");
    if (city.seat === game.turn) chip.classList.add("acting");
    if (city.seat === me) chip.classList.add("mine");
    if (pulse.has(city.seat)) chip.classList.add("ak-pulse");
    // The chip's accessible name comes from its content: decorative glyphs are hidden and
    // screen-reader words added, so what is seen and what is heard match (WCAG 2.5.3).
    const head = el("span", "ak-chip-head");
    const name = el("span", "ak-chip-name", names[city.seat]);
    head.append(name);
    if (city.seat === game.chief) {
      const crown = el("span", "ak-chief", "♛");
      crown.title = t("akropolis.chief");
      crown.setAttribute("aria-hidden", "true");
      head.append(crown, el("span", "ak-sr", ` (${t("akropolis.chief")})`));
    }
    const stats = el("span", "ak-chip-stats");
    const score = el("span", "ak-chip-score", t("akropolis.points", { n: city.score.total }));
    score.dataset.testid = `score-${city.seat}`;
    const stones = stoneBadge(city.stones);
    stones.removeAttribute("aria-label");
    stones.prepend(el("span", "ak-sr", `${t("akropolis.stones")}: `));
    stats.append(stones, " ", score);
    const mini = miniCity(city, fresh.get(city.seat) || new Set());
    mini.setAttribute("aria-hidden", "true");
    chip.append(head, " ", stats, mini);
    if (city.seat === game.turn) chip.append(el("span", "ak-sr", ` — ${t("akropolis.playing_now")}`));
    chip.addEventListener("click", () => onShow(city.seat));
    list.append(chip);
  }
  return list;
}

/**
 * The construction site: tiles in order with their cost; those the player cannot take are
 * greyed, and "too dear" when they cost more than the player's `stones`. On the player's
 * turn those stay pressable (aria-disabled) so that `onPick` can say why not. When
 * `primary`, the first tile the player may take is the page's primary control (picking a tile
 * is the action to do).
 * @param {{game: object, affordable: (i: number) => boolean, stones: number, selected: number|null, canMove: boolean, primary: boolean, onPick: Function}} data
 */
export function siteRow({ game, affordable, stones = Infinity, selected, canMove, primary = false, onPick }) {
  const wrap = el("section", "ak-site");
  wrap.setAttribute("aria-label", t("akropolis.site"));
  const head = el("div", "ak-site-head");
  head.append(el("h3", "", t("akropolis.site")));
  const stack = el("span", "ak-stack", t("akropolis.stacks", { stacks: game.stacks_left, tiles: game.tiles_in_stacks }));
  stack.dataset.testid = "stacks";
  head.append(stack);
  wrap.append(head);
  const row = el("div", "ak-site-tiles");
  let marked = !primary;
  row.setAttribute("role", "group");
  row.setAttribute("aria-label", t("akropolis.site"));
  for (const item of game.site) {
    const ok = affordable(item.index);
    const card = el("button", `ak-card${ok ? "" : " too-dear"}${selected === item.index ? " selected" : ""}`);
    card.type = "button";
    card.dataset.index = String(item.index);
    card.setAttribute("aria-pressed", String(selected === item.index));
    card.disabled = !canMove;
    if (canMove && !ok) card.setAttribute("aria-disabled", "true");
    if (!marked && canMove && ok) {
      card.setAttribute("data-primary", "");
      marked = true;
    }
    const kinds = item.tile.hexes.map(hexWords).join(", ");
    card.append(tileCard(item.tile));
    const cost = el("span", "ak-cost");
    if (item.cost) cost.append(el("span", "ak-pebble"), el("span", "", String(item.cost)));
    else cost.textContent = t("akropolis.free");
    card.append(cost);
    const dear = !ok && item.cost > stones;
    if (dear) card.append(" ", el("span", "ak-dear", t("akropolis.too_dear")));
    if (dear) card.title = t("akropolis.too_dear_why", { cost: item.cost });
    labelWithVisibleText(card, t("akropolis.card_label", { n: item.index + 1, cost: stonesText(item.cost), hexes: kinds }));
    card.addEventListener("click", () => onPick(item.index));
    row.append(card);
  }
  wrap.append(row);
  return wrap;
}

/** Words for one hex of a card (for screen readers). */
export function hexWords(hex) {
  if (hex.kind === "quarry") return t("akropolis.quarry");
  const name = t(`akropolis.one.${hex.type}`);
  return hex.kind === "plaza" ? t("akropolis.plaza_of", { type: name, stars: hex.stars }) : name;
}

/** Cell content for a score table: points big, "value × ★stars" small (the hint says so). */
function scoreCell(details, points) {
  const cell = el("td", "ak-sc");
  cell.append(el("b", "", String(points ?? 0)));
  if (details) {
    const small = el("small", "", `${details.value}×${details.stars}★`);
    small.title = t("akropolis.detail", { value: details.value, stars: details.stars });
    if (details.doubled) {
      small.append(" ", el("span", "ak-doubled", t("akropolis.doubled", { n: details.doubled })));
      small.title += ` · ${t("akropolis.doubled_why", { n: details.doubled })}`;
    }
    cell.append(small);
  }
  return cell;
}

/** Column headings with type colours. */
function typeHeads(row, extra = []) {
  for (const type of TYPES) {
    const th = el("th", `ak-th ak-t-${type}`);
    const dot = el("span", "ak-dot");
    dot.style.background = COLOURS[type];
    th.append(dot, el("span", "ak-th-name", typeName(type)));
    th.title = typeName(type);
    row.append(th);
  }
  for (const text of extra) row.append(el("th", "", text));
}

/** Live score panel: per player and type, value × stars = points; stones; total. */
export function scorePanel({ game, names }) {
  const wrap = el("section", "ak-scores");
  wrap.append(el("h3", "", t("akropolis.scores")));
  const scroll = scrollArea(t("akropolis.scores"));
  const table = el("table", "ak-table");
  const headRow = el("tr");
  headRow.append(el("th", "", t("akropolis.player")));
  typeHeads(headRow);
  const stonesHead = el("th", "ak-th");
  stonesHead.title = t("akropolis.stones");
  stonesHead.setAttribute("aria-label", t("akropolis.stones"));
  stonesHead.append(el("span", "ak-pebble"));
  headRow.append(stonesHead, el("th", "", t("akropolis.total")));
  table.append(el("thead"));
  table.tHead.append(headRow);
  const body = el("tbody");
  for (const city of game.cities) {
    const row = el("tr");
    row.dataset.seat = String(city.seat);
    if (city.seat === game.turn) row.classList.add("acting");
    row.append(el("th", "", names[city.seat]));
    for (const type of TYPES) row.append(scoreCell(city.score.details?.[type], city.score[type]));
    row.append(scoreCell(null, city.score.stones));
    const total = el("td", "ak-total", String(city.score.total));
    row.append(total);
    body.append(row);
  }
  table.append(body);
  scroll.append(table);
  wrap.append(scroll, el("p", "hint", t("akropolis.score_hint")));
  if (game.solo) wrap.append(el("p", "hint", t("akropolis.quarries_hint")));
  return wrap;
}

/** The solo Illustrious Architect: level, stones, tiles and projected score. */
export function architectPanel(architect) {
  const wrap = el("section", "ak-architect");
  wrap.dataset.testid = "architect";
  const head = el("div", "ak-site-head");
  head.append(el("h3", "", t("akropolis.architect_level", { level: t(`akropolis.level.${architect.level}`) })));
  head.append(stoneBadge(architect.stones));
  wrap.append(head);
  const score = architect.score || {};
  const line = el("p", "ak-arch-score");
  line.dataset.testid = "architect-score";
  line.textContent = t("akropolis.projected", { n: score.total ?? 0 });
  wrap.append(line);
  const parts = el("div", "ak-arch-parts");
  for (const type of TYPES) {
    const part = el("span", "ak-part");
    const dot = el("span", "ak-dot");
    dot.style.background = COLOURS[type];
    part.append(dot, `${typeName(type)} ${score[type] ?? 0}`);
    parts.append(part);
  }
  parts.append(el("span", "ak-part", t("akropolis.arch_quarries", { points: score.quarries ?? 0, n: score.quarry_count ?? 0 })));
  wrap.append(parts);
  const tiles = el("div", "ak-arch-tiles");
  tiles.setAttribute("role", "img"); // a label needs a role (axe aria-prohibited-attr)
  tiles.setAttribute("aria-label", t("akropolis.architect_tiles", { n: architect.tiles.length }));
  for (const tile of architect.tiles) tiles.append(tileCard(tile, 10));
  wrap.append(tiles);
  return wrap;
}

/** The move log, newest last: one item per turn (solo: the Architect's turn under it). */
export function logPanel(entries) {
  const wrap = el("section", "ak-log");
  wrap.append(el("h3", "", t("akropolis.log")));
  const list = el("ol", "ak-log-list");
  list.dataset.testid = "move-log";
  for (const lines of entries.slice(-60)) {
    const item = el("li", "", lines[0].text);
    // Played after a hint (static/js/hints.js): everyone sees the mark.
    if (lines[0].hint) item.append(" ", el("span", "badge hint-mark", t("hints.mark")));
    for (const extra of lines.slice(1)) item.append(el("span", "arch", extra.text));
    list.append(item);
  }
  if (!entries.length) list.append(el("li", "hint empty", t("akropolis.log_empty")));
  wrap.append(list);
  queueMicrotask(() => {
    list.scrollTop = list.scrollHeight;
  });
  return wrap;
}

/**
 * The final table: one column per player in ranking order (rank and name), one labelled row
 * per district type (points, and value × stars), quarries (solo), stones, total; winners
 * highlighted; variants listed. `headline` (a replay's board, not the room's result panel)
 * adds a title and the winner's line.
 */
export function finalPanel({ result, names, game, headline = false }) {
  const wrap = el("section", headline ? "ak-final" : "ak-final plain");
  wrap.dataset.testid = "final-table";
  const winners = result.ranking[0];
  if (headline) {
    const title = el("h3", "", t("akropolis.final"));
    const winLine = el("p", "ak-winner", t("akropolis.winner", { names: winners.map((s) => names[s]).join(", ") }));
    winLine.dataset.testid = "ak-winner";
    wrap.append(title, winLine);
  }
  const order = result.ranking.flat();
  const placeOf = new Map();
  result.ranking.forEach((group, index) => group.forEach((seat) => placeOf.set(seat, index + 1)));
  const scroll = scrollArea(t("akropolis.final"));
  const table = el("table", "ak-table ak-final-table");
  const head = el("tr");
  const corner = el("th", "", t("akropolis.by_type"));
  corner.setAttribute("scope", "col");
  head.append(corner);
  for (const seat of order) {
    const th = el("th", winners.includes(seat) ? "win" : "", `${placeOf.get(seat)}. ${names[seat]}`);
    th.dataset.seat = String(seat);
    head.append(th);
  }
  table.append(el("thead"));
  table.tHead.append(head);
  const body = el("tbody");
  const breakdownOf = (seat) => (game.solo && seat === 1 && result.architect ? result.architect : result.breakdown[seat] || {});
  const rows = [...TYPES, ...(game.solo ? ["quarries"] : []), "stones", "total"];
  for (const key of rows) {
    const row = el("tr", key === "total" ? "ak-total-row" : "");
    const th = el("th", `ak-t-${key}`);
    th.setAttribute("scope", "row");
    if (TYPES.includes(key)) {
      const dot = el("span", "ak-dot");
      dot.style.background = COLOURS[key];
      th.append(dot);
    }
    th.append(key === "total" ? t("akropolis.total") : key === "stones" ? t("akropolis.stones") : key === "quarries" ? t("akropolis.quarries") : typeName(key));
    row.append(th);
    for (const seat of order) {
      const breakdown = breakdownOf(seat);
      const value = key === "total" ? result.scores[seat] : breakdown[key] ?? (key === "quarries" ? "—" : 0);
      const cell = TYPES.includes(key) ? scoreCell(breakdown.details?.[key], value) : el("td", "", String(value));
      if (winners.includes(seat)) cell.classList.add("win");
      cell.dataset.seat = String(seat);
      if (key === "total") cell.dataset.testid = `final-total-${seat}`;
      row.append(cell);
    }
    body.append(row);
  }
  table.append(body);
  scroll.append(table);
  wrap.append(scroll, el("p", "hint", t("akropolis.score_hint")));
  if (game.solo) wrap.append(el("p", "hint", t("akropolis.quarries_hint")));
  const variants = result.variants?.length
    ? result.variants.map((v) => t(`akropolis.variant.${v}`)).join(", ")
    : t("akropolis.no_variants");
  wrap.append(el("p", "hint", t("akropolis.variants", { list: variants })));
  return wrap;
}

/** Every city side by side (read-only); a click opens one. */
export function cityGrid({ game, names, me, fresh, onShow }) {
  const grid = el("div", "ak-overview");
  grid.dataset.testid = "overview";
  for (const city of game.cities) {
    const item = el("button", "ak-overview-city");
    item.type = "button";
    item.dataset.seat = String(city.seat);
    const title = city.seat === me ? t("akropolis.your_city") : t("akropolis.city_of", { name: names[city.seat] });
    const caption = el("span", "ak-overview-name", `${title} · ${t("akropolis.points", { n: city.score.total })}`);
    item.setAttribute("aria-label", caption.textContent);
    item.append(caption, miniCity(city, fresh.get(city.seat) || new Set(), { size: 30, showLevel: true, cls: "ak-overview-svg" }));
    item.addEventListener("click", () => onShow(city.seat));
    grid.append(item);
  }
  return grid;
}
