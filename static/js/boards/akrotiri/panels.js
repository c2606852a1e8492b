// Akrotiri side panels built from the view: players (track, drachmas, cargo, hands), the
// market, plan cards drawn as their pattern, objectives, the log and the final table.
// Each function returns DOM; none holds rules.
import { t } from "../../i18n.js";
import { CUBE_COLOURS, seatColour, svg, templeShape, terrainIcon } from "./shapes.js";
import { colourName, deckName, eventText, goalTitle, planCardName } from "./log.js";
import { patternWords, tileInHand } from "./names.js";

/** An element with a class and a text. */
export function el(tag, cls = "", text = null) {
  const node = document.createElement(tag);
  if (cls) node.className = cls;
  if (text !== null && text !== undefined) node.textContent = String(text);
  return node;
}

/** A button running `action` on click. */
export function button(text, action, { cls = "", aria = "", testid = "" } = {}) {
  const node = el("button", cls, text);
  node.type = "button";
  if (aria) node.setAttribute("aria-label", aria);
  if (testid) node.dataset.testid = testid;
  node.addEventListener("click", action);
  return node;
}

/** Why a touched control's move is not possible, shown next to it (read out by the bar). */
export function whyNote(text) {
  const note = el("p", "akr-why akr-why-note", text);
  note.dataset.testid = "why-note";
  return note;
}

/** A small coloured cube. */
export function cube(colour) {
  const node = el("span", `akr-cube-chip akr-c-${colour}`);
  node.style.background = CUBE_COLOURS[colour];
  node.title = colourName(colour);
  return node;
}

function trackStrip(game, player, colour) {
  const strip = el("ol", "akr-track");
  strip.setAttribute("aria-label", t("akrotiri.track_label", { n: player.temples, actions: player.actions_next }));
  for (const slot of game.track) {
    const covered = slot.slot > 0 && slot.slot > player.temples;
    const item = el("li", `akr-slot akr-slot-${slot.reveals}${covered ? " covered" : ""}`);
    const text = slot.reveals === "actions" ? String(slot.value) : slot.reveals === "objective" ? "✦" : "⚑";
    item.textContent = covered ? "" : text;
    item.title = slot.reveals === "actions" ? t("akrotiri.slot_actions", { n: slot.value }) : t(`akrotiri.slot_${slot.reveals}`);
    if (covered) {
      const mini = svg("svg", { viewBox: "-14 -14 28 28", class: "akr-slot-temple", "aria-hidden": "true" });
      mini.append(templeShape(0, 0, colour, 10));
      item.append(mini);
    }
    strip.append(item);
  }
  return strip;
}

/** One player's panel: name, side, drachmas, track, cargo, hidden hands as counts. */
export function playerPanel({ game, player, name, me, acting, colourOf }) {
  const colour = seatColour(colourOf(player.seat));
  const box = el("section", `akr-player${acting ? " acting" : ""}${me ? " mine" : ""}`);
  box.dataset.seat = String(player.seat);
  box.dataset.testid = `player-${player.seat}`;
  box.style.setProperty("--seat", colour);
  const head = el("div", "akr-player-head");
  head.append(el("span", "akr-seat-dot"), el("b", "akr-player-name", name), el("span", "akr-side", t(`akrotiri.side.${player.side}`)));
  if (game.first === player.seat) head.append(el("span", "akr-first", t("akrotiri.first_player")));
  box.append(head);
  const stats = el("div", "akr-stats");
  const coins = el("span", "akr-drachmas", t("akrotiri.drachmas_n", { n: player.drachmas }));
  coins.dataset.testid = `drachmas-${player.seat}`;
  stats.append(coins, el("span", "", t("akrotiri.temples_n", { n: player.temples })));
  const boat = game.boats[player.seat];
  const cargo = el("span", "akr-cargo");
  cargo.dataset.testid = `cargo-${player.seat}`;
  cargo.append(el("span", "", boat.cargo.length ? t("akrotiri.boat", { n: boat.cargo.length }) : t("akrotiri.boat_empty")), ...boat.cargo.map(cube));
  stats.append(cargo);
  box.append(stats, trackStrip(game, player, colour));
  const hands = el("div", "akr-hands");
  const counts = Object.entries(player.plan_difficulties).filter(([, n]) => n).map(([d, n]) => `${n} ${deckName(d)}`);
  hands.append(el("span", "", t("akrotiri.plans_held", { list: counts.join(", ") || "0" })));
  hands.append(el("span", "", t("akrotiri.objectives_held", { n: player.objective_count })));
  if (player.has_tile) {
    const key = !player.tile ? "akrotiri.tile_hidden" : player.tile_public ? "akrotiri.tile_shown" : "akrotiri.tile_own";
    hands.append(el("span", "", t(key, { tile: player.tile ? tileInHand(player.tile) : "" })));
  }
  if (player.scored.length) {
    const points = player.scored.reduce((sum, c) => sum + c.points, 0);
    hands.append(el("span", "akr-scored", t("akrotiri.scored", { n: player.scored.length, points })));
  }
  box.append(hands);
  return box;
}

/** The market: 4 rows of 8 slots, cubes on the right-hand block; the next sale price. */
export function marketPanel(game) {
  const box = el("section", "akr-market");
  box.dataset.testid = "market";
  box.append(el("h3", "", t("akrotiri.market")));
  for (const [colour, count] of Object.entries(game.market)) {
    const row = el("div", "akr-market-row");
    row.dataset.colour = colour;
    row.append(cube(colour));
    game.slot_values.forEach((value, index) => {
      const occupied = index >= game.slot_values.length - count;
      const slot = el("span", `akr-mslot${occupied ? " occupied" : ""}${index === game.slot_values.length - count - 1 ? " next" : ""}`, String(value));
      if (occupied) slot.style.background = CUBE_COLOURS[colour];
      row.append(slot);
    });
    const price = game.prices[colour];
    row.setAttribute("aria-label", t("akrotiri.market_row", { colour: colourName(colour), n: count, price: price ?? "—" }));
    box.append(row);
  }
  box.append(el("p", "hint", t("akrotiri.market_hint")));
  box.append(el("p", "akr-decks", t("akrotiri.decks", { easy: game.decks.easy, medium: game.decks.medium, hard: game.decks.hard })));
  return box;
}

const DIR_ORDER = ["up", "left", "right", "down"];

/** A plan card drawn as its pattern: the temple in the middle, icons in their directions. */
export function planCard(card, { selected = false, onSelect = null, extra = "" } = {}) {
  const node = el(onSelect ? "button" : "div", `akr-plan akr-plan-${card.difficulty}${selected ? " selected" : ""}`);
  if (onSelect) {
    node.type = "button";
    node.setAttribute("aria-pressed", String(selected));
    node.dataset.testid = `plan-${card.id}`; // keeps the keyboard focus across redraws
    node.addEventListener("click", () => onSelect(card));
  }
  node.dataset.card = card.id;
  // The drawing says the card in words; the name of the button is that and the visible
  // corner and note (a name of its own would hide what a speech user reads on it).
  const words = t("akrotiri.plan_label", { cost: card.cost, points: card.points, pattern: patternWords(card) });
  const drawing = svg("svg", { viewBox: "-50 -50 100 100", class: "akr-plan-svg", role: "img", "aria-label": words });
  drawing.append(svg("rect", { x: -48, y: -48, width: 96, height: 96, rx: 8, class: "akr-plan-bg" }));
  drawing.append(svg("path", { d: "M-48,0H48M0,-48V48", class: "akr-plan-cross" }));
  drawing.append(templeShape(0, 0, "#c9a227", 9));
  const by = {};
  for (const item of card.pattern) (by[item.dir] ||= []).push(item.terrain);
  for (const dir of DIR_ORDER) {
    const list = by[dir] || [];
    list.forEach((terrain, i) => {
      const spread = (i - (list.length - 1) / 2) * 19;
      const [x, y] = dir === "up" ? [spread, -33] : dir === "down" ? [spread, 33] : dir === "left" ? [-33, spread] : [33, spread];
      drawing.append(terrainIcon(terrain, x, y, 8));
    });
  }
  node.append(drawing);
  const corner = el("span", "akr-plan-corner");
  corner.append(el("span", "akr-plan-cost", t("akrotiri.cost_short", { n: card.cost })), el("span", "akr-plan-points", t("akrotiri.points_short", { n: card.points })));
  node.append(corner);
  if (extra) node.append(el("span", "akr-plan-extra", extra));
  return node;
}

/** An objective card: title, points, and (own or at the end) what it scores now. */
export function objectiveCard(card, { action = null } = {}) {
  const node = el("div", "akr-goal");
  node.dataset.card = card.id;
  const head = el("div", "akr-goal-head");
  head.append(el("span", "akr-goal-points", t("akrotiri.goal_points", { n: card.points })));
  node.append(head, el("p", "akr-goal-text", goalTitle(card.id)));
  if (card.points_now !== undefined) node.append(el("p", "akr-goal-now", t("akrotiri.goal_now", { n: card.points_now })));
  if (action) node.append(action);
  return node;
}

/** The recent events in words, newest last; `hinted`: the seqs of moves played after a hint. */
export function logPanel(game, names, colourOf, hinted = new Set()) {
  const box = el("section", "akr-log");
  box.append(el("h3", "", t("akrotiri.log")));
  const list = el("ol", "akr-log-list");
  list.dataset.testid = "move-log";
  // It scrolls: the keyboard must reach it to scroll it (arrows, Page Up/Down).
  list.tabIndex = 0;
  list.setAttribute("aria-label", t("akrotiri.log"));
  for (const event of game.log) {
    const text = eventText(event, names, game);
    if (!text) continue;
    const item = el("li", "", text);
    if (hinted.has(event.seq)) item.append(" ", el("span", "badge hint-mark", t("hints.mark")));
    if (event.seat !== null && event.seat !== undefined) item.style.borderLeftColor = seatColour(colourOf(event.seat));
    list.append(item);
  }
  if (!list.children.length) list.append(el("li", "hint", t("akrotiri.log_empty")));
  box.append(list);
  queueMicrotask(() => {
    list.scrollTop = list.scrollHeight;
  });
  return box;
}

/**
 * The final table: one column per player in ranking order, rows labelled in words (rank,
 * excavated plans, each objective, drachmas, total). `headline`: the winner line and title
 * (the replay page; the live room says who won above it).
 */
export function finalPanel({ result, names, game = null, headline = true }) {
  const box = el("section", "akr-final");
  box.dataset.testid = "final-table";
  const winners = result.ranking[0];
  if (headline) {
    box.append(el("h3", "", t("akrotiri.final")));
    const line = el("p", "akr-winner", t("akrotiri.winner", { names: winners.map((s) => names[s]).join(", ") }));
    line.dataset.testid = "akr-winner";
    box.append(line);
  }
  if (result.end === "stall") box.append(el("p", "hint", t("akrotiri.ended_stall")));
  const order = result.ranking.flat();
  const rankOf = (seat) => result.ranking.findIndex((group) => group.includes(seat)) + 1;
  const table = el("table", "akr-table");
  const head = el("tr");
  head.append(el("th", "", t("akrotiri.final_player")));
  for (const seat of order) {
    const th = el("th", winners.includes(seat) ? "win" : "", names[seat]);
    th.scope = "col";
    head.append(th);
  }
  table.append(el("thead"));
  table.tHead.append(head);
  const body = el("tbody");
  const row = (label, cells, cls = "", testid = "") => {
    const tr = el("tr", cls);
    if (testid) tr.dataset.testid = testid;
    const th = el("th", "", label);
    th.scope = "row";
    tr.append(th);
    order.forEach((seat, i) => {
      const td = el("td", winners.includes(seat) ? "win" : "");
      const lines = Array.isArray(cells[i]) ? cells[i] : [cells[i]];
      lines.forEach((line, k) => {
        if (k) td.append(el("br"));
        td.append(String(line));
      });
      td.dataset.seat = String(seat);
      tr.append(td);
    });
    body.append(tr);
    return tr;
  };
  const parts = order.map((seat) => result.breakdown[seat]);
  const pts = (n) => t("akrotiri.points_n", { n });
  row(t("akrotiri.final_rank"), order.map((seat) => t("akrotiri.rank_n", { n: rankOf(seat) })), "", "final-rank");
  row(t("akrotiri.final_plans"), parts.map((p) => t("akrotiri.final_plans_cell", { points: pts(p.plans), n: p.plan_cards.length })));
  row(t("akrotiri.final_objectives"), parts.map((p) => t("akrotiri.final_objectives_cell", { points: pts(p.objectives), n: p.objective_cards.length })));
  row(t("akrotiri.final_drachmas"), parts.map((p) => t("akrotiri.final_drachmas_cell", { points: pts(p.drachma_points), n: p.drachmas })));
  const total = row(t("akrotiri.total"), parts.map((p) => String(p.total)), "akr-total-row");
  total.querySelectorAll("td").forEach((td) => {
    td.dataset.testid = `final-total-${td.dataset.seat}`;
  });
  table.append(body);
  const scroll = el("div", "akr-scroll");
  scroll.append(table);
  box.append(scroll, el("p", "hint", t("akrotiri.tiebreak")));
  // Which plans and objectives scored what, per player, folded under the table.
  const more = el("details", "akr-final-more");
  more.append(el("summary", "", t("akrotiri.final_details")));
  order.forEach((seat, i) => {
    const p = parts[i];
    more.append(el("h4", "", names[seat]));
    const list = el("ul", "akr-final-list");
    for (const c of p.plan_cards) list.append(el("li", "", t("akrotiri.final_item", { what: planCardName(c.id, game), points: pts(c.points) })));
    for (const o of p.objective_cards) list.append(el("li", "", t("akrotiri.final_item", { what: goalTitle(o.id), points: pts(o.points) })));
    if (!list.children.length) list.append(el("li", "hint", "—"));
    more.append(list);
  });
  box.append(more);
  return box;
}
