// Akrotiri side panels built from the view: players (track, drachmas, cargo, hands), the
// market, plan cards drawn as their pattern, objectives, the log and the final table.
// Each function returns DOM; none holds rules.
import { t } from "../../i18n.js";
import { button, el } from "../agorapolis/dom.js";
import { CUBE_COLOURS, SEAT_COLOURS, svg, templeShape, terrainIcon } from "./shapes.js";
import { colourName, deckName, eventText, goalTitle } from "./log.js";

export { button, el };

/** A small coloured cube. */
export function cube(colour) {
  const node = el("span", `akr-cube-chip akr-c-${colour}`);
  node.style.background = CUBE_COLOURS[colour];
  node.title = colourName(colour);
  return node;
}

function trackStrip(game, player) {
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
      mini.append(templeShape(0, 0, SEAT_COLOURS[player.seat], 10));
      item.append(mini);
    }
    strip.append(item);
  }
  return strip;
}

/** One player's panel: name, side, drachmas, track, cargo, hidden hands as counts. */
export function playerPanel({ game, player, name, me, acting }) {
  const box = el("section", `akr-player${acting ? " acting" : ""}${me ? " mine" : ""}`);
  box.dataset.seat = String(player.seat);
  box.dataset.testid = `player-${player.seat}`;
  box.style.setProperty("--seat", SEAT_COLOURS[player.seat]);
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
  cargo.append(el("span", "", boat.cargo.length ? t("akrotiri.boat") : t("akrotiri.boat_empty")), ...boat.cargo.map(cube));
  stats.append(cargo);
  box.append(stats, trackStrip(game, player));
  const hands = el("div", "akr-hands");
  const counts = Object.entries(player.plan_difficulties).filter(([, n]) => n).map(([d, n]) => `${n} ${deckName(d)}`);
  hands.append(el("span", "", t("akrotiri.plans_held", { list: counts.join(", ") || "0" })));
  hands.append(el("span", "", t("akrotiri.objectives_held", { n: player.objective_count })));
  if (player.has_tile) {
    const key = !player.tile ? "akrotiri.tile_hidden" : player.tile_public ? "akrotiri.tile_shown" : "akrotiri.tile_own";
    hands.append(el("span", "", t(key, { tile: player.tile })));
  }
  if (player.scored.length) hands.append(el("span", "akr-scored", t("akrotiri.scored", { list: player.scored.map((c) => `${c.id} (${c.points})`).join(", ") })));
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
  return box;
}

const DIR_ORDER = ["up", "left", "right", "down"];

/** A plan card drawn as its pattern: the temple in the middle, icons in their directions. */
export function planCard(card, { selected = false, onSelect = null, extra = "" } = {}) {
  const node = el(onSelect ? "button" : "div", `akr-plan akr-plan-${card.difficulty}${selected ? " selected" : ""}`);
  if (onSelect) {
    node.type = "button";
    node.setAttribute("aria-pressed", String(selected));
    node.addEventListener("click", () => onSelect(card));
  }
  node.dataset.card = card.id;
  const words = card.pattern.map((p) => `${t(`akrotiri.dir.${p.dir}`)} ${t(`akrotiri.terrain.${p.terrain}`)}`).join(", ");
  node.setAttribute("aria-label", t("akrotiri.plan_label", { id: card.id, cost: card.cost, points: card.points, pattern: words }) + (extra ? ` — ${extra}` : ""));
  const drawing = svg("svg", { viewBox: "-50 -50 100 100", class: "akr-plan-svg", "aria-hidden": "true" });
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
  corner.append(el("span", "akr-plan-cost", t("akrotiri.cost_short", { n: card.cost })), el("span", "akr-plan-id", card.id), el("span", "akr-plan-points", `${card.points}★`));
  node.append(corner);
  if (extra) node.append(el("span", "akr-plan-extra", extra));
  return node;
}

/** An objective card: title, points, and (own or at the end) what it scores now. */
export function objectiveCard(card, { action = null } = {}) {
  const node = el("div", "akr-goal");
  node.dataset.card = card.id;
  const head = el("div", "akr-goal-head");
  head.append(el("b", "", card.id), el("span", "akr-goal-points", t("akrotiri.goal_points", { n: card.points })));
  node.append(head, el("p", "akr-goal-text", goalTitle(card.id)));
  if (card.points_now !== undefined) node.append(el("p", "akr-goal-now", t("akrotiri.goal_now", { n: card.points_now })));
  if (action) node.append(action);
  return node;
}

/** The recent events in words, newest last. */
export function logPanel(game, names) {
  const box = el("section", "akr-log");
  box.append(el("h3", "", t("akrotiri.log")));
  const list = el("ol", "akr-log-list");
  list.dataset.testid = "move-log";
  for (const event of game.log) {
    const text = eventText(event, names);
    if (!text) continue;
    const item = el("li", "", text);
    if (event.seat !== null && event.seat !== undefined) item.style.borderLeftColor = SEAT_COLOURS[event.seat];
    list.append(item);
  }
  if (!list.children.length) list.append(el("li", "hint", t("akrotiri.log_empty")));
  box.append(list);
  queueMicrotask(() => {
    list.scrollTop = list.scrollHeight;
  });
  return box;
}

/** The final table: plans, each objective, drachmas, total; the winner highlighted. */
export function finalPanel({ result, names }) {
  const box = el("section", "akr-final");
  box.dataset.testid = "final-table";
  const winners = result.ranking[0];
  box.append(el("h3", "", t("akrotiri.final")));
  const line = el("p", "akr-winner", t("akrotiri.winner", { names: winners.map((s) => names[s]).join(", ") }));
  line.dataset.testid = "akr-winner";
  box.append(line);
  if (result.end === "stall") box.append(el("p", "hint", t("akrotiri.ended_stall")));
  const order = result.ranking.flat();
  const table = el("table", "akr-table");
  const head = el("tr");
  head.append(el("th", "", ""));
  for (const seat of order) head.append(el("th", winners.includes(seat) ? "win" : "", names[seat]));
  table.append(el("thead"));
  table.tHead.append(head);
  const body = el("tbody");
  const row = (label, cells, cls = "") => {
    const tr = el("tr", cls);
    tr.append(el("th", "", label));
    order.forEach((seat, i) => {
      const td = el("td", winners.includes(seat) ? "win" : "", cells[i]);
      td.dataset.seat = String(seat);
      tr.append(td);
    });
    body.append(tr);
    return tr;
  };
  const parts = order.map((seat) => result.breakdown[seat]);
  row(t("akrotiri.final_plans"), parts.map((p) => `${p.plans}${p.plan_cards.length ? ` (${p.plan_cards.map((c) => c.id).join(" ")})` : ""}`));
  const goalCells = parts.map((p) => p.objective_cards.map((o) => `${o.id}: ${o.points}`).join(" · ") || "—");
  row(t("akrotiri.final_objectives"), parts.map((p, i) => `${p.objectives} (${goalCells[i]})`));
  row(t("akrotiri.final_drachmas"), parts.map((p) => `${p.drachma_points} (${t("akrotiri.drachmas_n", { n: p.drachmas })})`));
  const total = row(t("akrotiri.total"), parts.map((p) => String(p.total)), "akr-total-row");
  total.querySelectorAll("td").forEach((td) => {
    td.dataset.testid = `final-total-${td.dataset.seat}`;
  });
  table.append(body);
  const scroll = el("div", "akr-scroll");
  scroll.append(table);
  box.append(scroll, el("p", "hint", t("akrotiri.tiebreak")));
  return box;
}

