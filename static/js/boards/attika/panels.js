// Attika side panels: players (the radar), your stacks, drawn building, reserve and hand, the
// final table and the log. Each function builds DOM from the view and the legal moves it is
// given; none holds rules.
import { t } from "../../i18n.js";
import { INK, PLAYER, SYMBOLS, svg, symbolIcon } from "./hex.js";
import { baseId, buildingName, cardsText, groupName } from "./log.js";

/** Create an HTML element with a class and optional text. */
export function el(tag, cls = "", text = null) {
  const node = document.createElement(tag);
  if (cls) node.className = cls;
  if (text !== null && text !== undefined) node.textContent = String(text);
  return node;
}

/** A button with text and an action. */
export function button(text, action, { cls = "", testid = "", title = "", disabled = false } = {}) {
  const node = el("button", cls, text);
  node.type = "button";
  if (testid) node.dataset.testid = testid;
  if (title) {
    node.title = title;
    node.setAttribute("aria-label", title);
  }
  node.disabled = disabled;
  node.addEventListener("click", action);
  return node;
}

/** A symbol glyph as a small inline SVG. */
export function symbolGlyph(symbol, size = 18) {
  const root = svg("svg", { class: "at-glyph", width: size, height: size, viewBox: "-12 -12 24 24", "aria-hidden": "true" });
  root.append(symbolIcon(symbol, 0, 0, 0.95));
  return root;
}

/** "2 water, 1 hill" in words. */
export function symbolsWords(counts) {
  return SYMBOLS.filter((s) => counts?.[s])
    .map((s) => `${counts[s]} ${t(`attika.symbol.${s}`)}`)
    .join(", ");
}

/** Icons for a cost: each owed symbol with its count, then "+n" any. */
export function costIcons(cost, costAny = 0) {
  const box = el("span", "at-cost");
  for (const symbol of SYMBOLS) {
    const n = cost?.[symbol] ?? 0;
    if (!n) continue;
    const item = el("span", "at-cost-item");
    item.append(symbolGlyph(symbol, 15), el("span", "", n));
    box.append(item);
  }
  if (costAny) box.append(el("span", "at-cost-any", `+${costAny}`));
  const words = [symbolsWords(cost), costAny ? t("attika.any_n", { n: costAny }) : ""].filter(Boolean).join(" + ");
  box.setAttribute("aria-label", words || t("attika.free"));
  box.title = words || t("attika.free");
  return box;
}

/** One row per player: name, colour, buildings built, cards, amphorae, colonies, shrine link. */
export function playersPanel({ game, names, me, onHint, hintSeat }) {
  const box = el("section", "at-players");
  box.dataset.testid = "players";
  box.append(el("h3", "", t("attika.players")));
  for (const player of game.players) {
    const row = el("div", "at-player");
    row.dataset.seat = String(player.seat);
    row.dataset.testid = `player-${player.seat}`;
    if (player.seat === game.turn) row.classList.add("acting");
    if (player.seat === me) row.classList.add("mine");
    const head = el("div", "at-player-head");
    const swatch = el("span", "at-swatch");
    swatch.style.background = PLAYER[player.seat % PLAYER.length];
    head.append(swatch, el("span", "at-player-name", names[player.seat]), el("span", "at-city", t(`attika.city.${player.city}`)));
    row.append(head);
    const stats = el("div", "at-player-stats");
    stats.append(
      stat(t("attika.built_short"), `${player.built}/30`, t("attika.built_title"), "built"),
      stat(t("attika.cards_short"), String(player.hand_size), t("attika.hand_size"), "cards"),
      stat(t("attika.amphorae_short"), String(player.amphorae), t("attika.amphorae"), "amphorae"),
      stat(t("attika.colonies_short"), String(player.colonies), t("attika.colonies"), "colonies"),
    );
    const link = player.link;
    const linkText = link ? t("attika.link_n", { n: link.distance }) : t("attika.link_none");
    const radar = button(linkText, () => onHint(player.seat), {
      cls: `at-radar${hintSeat === player.seat ? " on" : ""}`,
      testid: `radar-${player.seat}`,
      title: t("attika.radar_title", { name: names[player.seat] }),
    });
    radar.setAttribute("aria-pressed", String(hintSeat === player.seat));
    stats.append(radar);
    row.append(stats);
    const stacks = el("div", "at-player-stacks hint", t("attika.stacks_sizes", { sizes: player.stacks.join(" · ") }));
    row.append(stacks);
    if (player.reserve.length) {
      const reserve = el("div", "at-mini-reserve");
      reserve.setAttribute("aria-label", t("attika.reserve_of", { name: names[player.seat] }));
      for (const id of player.reserve) reserve.append(el("span", "at-chip-b", buildingName(id)));
      row.append(reserve);
    }
    if (player.earned.length) {
      row.append(el("div", "at-earned hint", t("attika.earned", { groups: player.earned.map(groupName).join(", ") })));
    }
    box.append(row);
  }
  return box;
}

function stat(label, text, title, kind) {
  const node = el("span", `at-stat at-stat-${kind}`);
  node.title = title;
  node.setAttribute("aria-label", `${title}: ${text}`);
  node.append(el("span", "at-stat-label", label), el("b", "", text));
  return node;
}

/** Your four stacks as buttons (enabled when the legal moves offer that draw). */
export function stacksRow({ player, draws, onDraw }) {
  const row = el("div", "at-stacks");
  row.dataset.testid = "stacks";
  player.stacks.forEach((size, index) => {
    const move = draws.get(index);
    const label = index === 0 ? t("attika.main_stack") : t("attika.stack_n", { n: index });
    const node = button("", () => move && onDraw(move), {
      cls: `at-stack${index === 0 ? " main" : ""}`,
      testid: `stack-${index}`,
      title: `${label}: ${t("attika.n_buildings", { n: size })}${move ? ` — ${t("attika.draw_hint")}` : ""}`,
      disabled: !move,
    });
    node.append(el("span", "at-stack-name", label), el("span", "at-stack-size", size));
    row.append(node);
  });
  return row;
}

/**
 * A building card (reserve or drawn): name, group, cost from the catalogue, predecessor, and
 * (when it can be built) how many spots and how many are free.
 */
export function buildingCard(info, { spots = null, selected = false, onPick = null, testid = "" } = {}) {
  const card = el(onPick ? "button" : "div", "at-bcard");
  if (onPick) {
    card.type = "button";
    card.addEventListener("click", onPick);
    card.disabled = !spots || !spots.count;
  }
  if (testid) card.dataset.testid = testid;
  card.dataset.building = info.id;
  card.dataset.group = info.group;
  if (selected) card.classList.add("selected");
  const name = el("span", "at-bcard-name", buildingName(info.id));
  const group = el("span", "at-bcard-group", groupName(info.group));
  card.append(name, group, costIcons(info.cost, info.cost_any));
  if (info.predecessor) card.append(el("span", "at-bcard-pred hint", `↳ ${t("attika.after", { building: buildingName(info.predecessor) })}`));
  else if (info.road) card.append(el("span", "at-bcard-pred hint", t("attika.road_rule")));
  else if (info.main) card.append(el("span", "at-bcard-pred hint", t("attika.main_building")));
  if (spots) {
    card.dataset.spots = String(spots.count);
    card.dataset.free = String(spots.free);
    const key = spots.count === 1 ? "attika.spots_one" : "attika.spots";
    const text = spots.count ? t(key, { n: spots.count, free: spots.free }) : t("attika.no_spot");
    card.append(el("span", "at-bcard-spots", text));
  }
  return card;
}

/** Your hand: one card per symbol with its count. */
export function handRow(hand) {
  const row = el("div", "at-hand");
  row.dataset.testid = "hand";
  for (const symbol of SYMBOLS) {
    const card = el("span", `at-card at-card-${symbol}`);
    card.style.borderColor = INK[symbol];
    card.append(symbolGlyph(symbol, 22), el("span", "at-card-n", hand?.[symbol] ?? 0));
    card.title = `${t(`attika.symbol.${symbol}`)}: ${hand?.[symbol] ?? 0}`;
    card.setAttribute("aria-label", card.title);
    row.append(card);
  }
  return row;
}

/** The final table (this board draws it itself: showsResult). */
export function finalPanel({ result, game, names }) {
  const box = el("section", "at-final");
  box.dataset.testid = "final-table";
  box.append(el("h3", "", t("attika.final")));
  const winner = result.winner;
  const line = el("p", "at-winner");
  line.dataset.testid = "at-winner";
  line.textContent =
    winner === null || winner === undefined
      ? t("attika.stalemate_line")
      : t(`attika.winner_${result.victory}`, { name: names[winner] });
  box.append(line);
  const table = el("table", "at-final-table");
  const head = el("tr");
  for (const key of ["rank", "player", "built_col", "link_col", "amphorae", "cards_col"]) head.append(el("th", "", t(`attika.${key}`)));
  const thead = el("thead");
  thead.append(head);
  const body = el("tbody");
  result.ranking.forEach((group, place) => {
    for (const seat of group) {
      const row = el("tr");
      if (seat === winner) row.classList.add("winner");
      const b = result.breakdown[seat];
      const name = el("td");
      const swatch = el("span", "at-swatch");
      swatch.style.background = PLAYER[seat % PLAYER.length];
      name.append(swatch, document.createTextNode(names[seat]));
      const builtCell = el("td", "", `${b.built} / 30`);
      builtCell.dataset.testid = `final-built-${seat}`;
      row.append(el("td", "", place + 1), name, builtCell, el("td", "", b.link ?? "—"), el("td", "", b.amphorae), el("td", "", b.cards));
      body.append(row);
    }
  });
  table.append(thead, body);
  box.append(table);
  if (game.players.some((p) => p.hand)) {
    const hands = el("p", "hint");
    hands.textContent = game.players.map((p) => `${names[p.seat]}: ${symbolsWords(p.hand) || "—"}`).join(" · ");
    box.append(hands);
  }
  return box;
}

/** The log, oldest first, newest at the bottom (scrolled into view). */
export function logPanel(entries) {
  const box = el("section", "at-log");
  box.append(el("h3", "", t("attika.log_title")));
  const list = el("ol", "at-log-list");
  list.dataset.testid = "move-log";
  for (const entry of entries) {
    const item = el("li", `at-log-${entry.kind}`, entry.text);
    if (entry.seat !== null && entry.seat !== undefined) item.style.borderLeftColor = PLAYER[entry.seat % PLAYER.length];
    list.append(item);
  }
  box.append(list);
  queueMicrotask(() => {
    list.scrollTop = list.scrollHeight;
  });
  return box;
}

/** A small drawing of the piece being placed (its 7 hexes in the current rotation). */
export function pieceCard(piece, rot, rotateFn) {
  const root = svg("svg", { class: "at-piece-svg", viewBox: "-60 -55 120 110", "aria-hidden": "true" });
  const s = 18;
  for (const cell of piece.hexes) {
    const [q, r] = rotateFn(cell.q, cell.r, rot);
    const x = Math.sqrt(3) * s * (q + r / 2);
    const y = 1.5 * s * r;
    const points = [];
    for (let i = 0; i < 6; i += 1) {
      const a = (Math.PI / 180) * (60 * i - 30);
      points.push(`${(x + (s - 0.5) * Math.cos(a)).toFixed(1)},${(y + (s - 0.5) * Math.sin(a)).toFixed(1)}`);
    }
    root.append(svg("polygon", { points: points.join(" "), class: `at-piece-hex ${cell.symbol ?? "blank"}` }));
    if (cell.symbol) root.append(symbolIcon(cell.symbol, x, y, 0.62));
  }
  return root;
}

export { baseId, cardsText };
