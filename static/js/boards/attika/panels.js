// Attika side panels: players (the radar), your stacks, drawn building, reserve and hand, the
// final table and the log. Each function builds DOM from the view and the legal moves it is
// given; none holds rules.
import { t } from "../../i18n.js";
import { INK, PLAYER, SYMBOLS, svg, symbolIcon } from "./hex.js";
import { baseId, buildingName, groupName } from "./log.js";
import { cardsText, cardsWords } from "./words.js";

/** A seat's colour (the room may give each seat a palette index a rematch keeps). */
export function seatColour(colourOf, seat) {
  const index = colourOf ? colourOf(seat) : seat;
  return PLAYER[(index ?? seat) % PLAYER.length];
}

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

/** "2 water cards, 1 hill card" in words. */
export function symbolsWords(counts) {
  return cardsWords(counts);
}

/** Icons for a cost: each owed symbol with its count, then "5 any" (roads), explained. */
export function costIcons(cost, costAny = 0) {
  const box = el("span", "at-cost");
  for (const symbol of SYMBOLS) {
    const n = cost?.[symbol] ?? 0;
    if (!n) continue;
    const item = el("span", "at-cost-item");
    item.append(symbolGlyph(symbol, 15), el("span", "", n));
    box.append(item);
  }
  if (costAny) box.append(el("span", "at-cost-any", t("attika.any_badge", { n: costAny })));
  const words = [cardsWords(cost), costAny ? t("attika.any_n", { n: costAny }) : ""].filter(Boolean).join(" + ");
  box.setAttribute("aria-label", words || t("attika.free"));
  box.title = words || t("attika.free");
  return box;
}

/** One row per player: name, colour, buildings built, cards, amphorae, colonies, shrine link;
 * the supply (amphorae, deck, discard, land pieces) heads the section. */
export function playersPanel({ game, names, me, onHint, hintSeat, colourOf }) {
  const box = el("section", "at-players");
  box.dataset.testid = "players";
  box.append(el("h3", "", t("attika.players")));
  const { amphorae, deck, discard, pieces } = game.supply;
  const supply = el("p", "at-supply hint", t("attika.supply", { amphorae, deck, discard, pieces }));
  supply.dataset.testid = "supply";
  box.append(supply);
  for (const player of game.players) {
    const row = el("div", "at-player");
    row.dataset.seat = String(player.seat);
    row.dataset.testid = `player-${player.seat}`;
    if (player.seat === game.turn && game.phase !== "over") row.classList.add("acting");
    if (player.seat === me) row.classList.add("mine");
    row.style.borderLeftColor = seatColour(colourOf, player.seat);
    const head = el("div", "at-player-head");
    const swatch = el("span", "at-swatch");
    swatch.style.background = seatColour(colourOf, player.seat);
    head.append(swatch, el("span", "at-player-name", names[player.seat]), el("span", "at-city", t(`attika.city.${player.city}`)));
    row.append(head);
    const stats = el("div", "at-player-stats");
    stats.append(
      stat(t("attika.built_short"), `${player.built}/30`, t("attika.built_title"), "built"),
      stat(t("attika.cards_short"), String(player.hand_size), t("attika.hand_size"), "cards"),
      stat(t("attika.amphorae_short"), String(player.amphorae), t("attika.amphorae"), "amphorae"),
      stat(t("attika.colonies_short"), String(player.colonies), t("attika.colonies"), "colonies"),
    );
    row.append(stats);
    const link = player.link;
    if (game.phase === "over") {
      // Nothing left to show on the map: the line's state in words, not a button.
      const text = !link ? t("attika.link_none") : link.distance ? t("attika.link_n", { n: link.distance }) : t("attika.link_done");
      const done = el("div", "at-link-end", text);
      done.dataset.testid = `link-${player.seat}`;
      row.append(done);
    } else {
      const linkText = link ? t("attika.link_n", { n: link.distance }) : t("attika.link_none");
      const radar = button(linkText, () => onHint(player.seat), {
        cls: `at-radar${hintSeat === player.seat ? " on" : ""}`,
        testid: `radar-${player.seat}`,
      });
      radar.title = t("attika.radar_title", { name: names[player.seat] });
      radar.setAttribute("aria-pressed", String(hintSeat === player.seat));
      row.append(radar);
    }
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
export function stacksRow({ player, draws, onDraw, onRefuse }) {
  const row = el("div", "at-stacks");
  row.dataset.testid = "stacks";
  player.stacks.forEach((size, index) => {
    const move = draws.get(index);
    const label = index === 0 ? t("attika.main_stack") : t("attika.stack_n", { n: index });
    const node = button("", () => (move ? onDraw(move) : onRefuse?.(index)), {
      cls: `at-stack${index === 0 ? " main" : ""}`,
      testid: `stack-${index}`,
    });
    if (!move) node.setAttribute("aria-disabled", "true");
    const what = t("attika.n_buildings", { n: size });
    node.title = `${label}: ${what}${move ? ` — ${t("attika.draw_hint")}` : ""}`;
    // The name is the visible text, then the rest in words (axe: label-content-name-mismatch).
    const rest = `${t("attika.n_buildings_rest", { n: size })}${move ? ` — ${t("attika.draw_hint")} (${t("attika.key", { key: index + 1 })})` : ""}`;
    node.append(el("span", "at-stack-name", label), " ", el("span", "at-stack-size", size), el("span", "at-sr", ` ${rest}`));
    row.append(node);
  });
  return row;
}

/**
 * A building card (reserve or drawn): name, group, cost from the catalogue, predecessor, and
 * (on the seat's turn) on how many hexes it can go, or why it cannot be built now (`reason`).
 */
export function buildingCard(info, { spots = null, reason = "", selected = false, onPick = null, testid = "" } = {}) {
  const card = el(onPick ? "button" : "div", "at-bcard");
  if (onPick) {
    card.type = "button";
    card.addEventListener("click", onPick);
    // Not offered now: still pressable, so that trying it says why (why.js), but marked so.
    if (!spots || !spots.count) card.setAttribute("aria-disabled", "true");
    card.setAttribute("aria-pressed", String(selected));
  }
  if (testid) card.dataset.testid = testid;
  card.dataset.building = info.id;
  card.dataset.group = info.group;
  if (selected) card.classList.add("selected");
  const name = el("span", "at-bcard-name", buildingName(info.id));
  const group = el("span", "at-bcard-group", groupName(info.group));
  card.append(name, group, costIcons(info.cost, info.cost_any));
  if (info.predecessor) card.append(el("span", "at-bcard-pred hint", `↳ ${t("attika.after", { building: buildingName(info.predecessor) })}`));
  else if (info.road) card.append(el("span", "at-bcard-pred hint", t("attika.road_rule", { n: info.cost_any })));
  else if (info.main) card.append(el("span", "at-bcard-pred hint", t("attika.main_building")));
  if (spots) {
    card.dataset.spots = String(spots.count);
    card.dataset.free = String(spots.free);
    const text = spots.count ? t("attika.spots", { n: spots.count, free: spots.free }) : reason;
    const line = el("span", `at-bcard-spots${spots.count ? "" : " cannot"}`, text);
    card.append(line);
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
    card.title = t(`attika.cards_of.${symbol}`, { n: hand?.[symbol] ?? 0 });
    card.setAttribute("aria-label", card.title);
    row.append(card);
  }
  return row;
}

/** How the game ended, without naming the winner (the room's headline does). */
export function endingText(result) {
  if (result.winner === null || result.winner === undefined) return t("attika.stalemate_line");
  return t(`attika.result.how_${result.victory}`);
}

/**
 * The final table: place, player (with colour and city), buildings built, hexes still to
 * build towards two shrines, amphorae, cards left in hand (with which). Every column labelled.
 */
export function resultTable({ result, game, names, colourOf }) {
  const box = el("div", "at-result");
  const how = el("p", "at-result-how", endingText(result));
  how.dataset.testid = "at-ending";
  box.append(how);
  const table = el("table", "at-final-table");
  table.dataset.testid = "final-table";
  const head = el("tr");
  const keys = ["rank", "player", "built_col", "link_col", "amphorae", "cards_col"];
  // On a phone each row becomes a card whose cells carry their column's label.
  const short = ["", "", "built_short", "link_short", "amphorae_short", "cards_short"];
  const labels = short.map((key) => (key ? t("attika.labelled", { label: t(`attika.${key}`) }) : ""));
  for (const key of keys) {
    const th = el("th", "", t(`attika.${key}`));
    th.scope = "col";
    head.append(th);
  }
  const thead = el("thead");
  thead.append(head);
  const body = el("tbody");
  result.ranking.forEach((group, place) => {
    for (const seat of group) {
      const row = el("tr");
      row.dataset.seat = String(seat);
      if (seat === result.winner) row.classList.add("winner");
      const b = result.breakdown[seat];
      const name = el("th");
      name.scope = "row";
      const swatch = el("span", "at-swatch");
      swatch.style.background = seatColour(colourOf, seat);
      name.append(swatch, document.createTextNode(names[seat]));
      const city = game?.players?.[seat]?.city;
      if (city) name.append(el("span", "at-city", ` ${t(`attika.city.${city}`)}`));
      const builtCell = el("td", "", t("attika.built_of", { n: b.built }));
      builtCell.dataset.testid = `final-built-${seat}`;
      const link = b.link === null || b.link === undefined ? t("attika.link_cut") : b.link === 0 ? t("attika.link_joined") : t("attika.link_left", { n: b.link });
      const hand = game?.players?.[seat]?.hand;
      const words = hand ? cardsWords(hand) : "";
      const cards = el("td", "", b.cards);
      if (words) cards.append(el("span", "at-hand-words hint", ` (${words})`));
      const cells = [el("td", "at-rank", place + 1), name, builtCell, el("td", "", link), el("td", "", b.amphorae), cards];
      cells.forEach((cell, index) => {
        if (labels[index]) cell.dataset.label = labels[index];
      });
      row.append(...cells);
      body.append(row);
    }
  });
  table.append(thead, body);
  const scroll = el("div", "at-table-scroll");
  scroll.append(table);
  box.append(scroll);
  return box;
}

/** The final table inside the board (the replay page, which has no room headline). */
export function finalPanel({ result, game, names, colourOf }) {
  const box = el("section", "at-final");
  box.dataset.testid = "final-panel";
  box.append(el("h3", "", t("attika.final")));
  const winner = result.winner;
  if (winner !== null && winner !== undefined) {
    const line = el("p", "at-winner", t(`attika.winner_${result.victory}`, { name: names[winner] }));
    line.dataset.testid = "at-winner";
    box.append(line);
  }
  box.append(resultTable({ result, game, names, colourOf }));
  return box;
}

/** The log, oldest first, newest at the bottom (scrolled into view). */
export function logPanel(entries, colourOf) {
  const box = el("section", "at-log");
  box.append(el("h3", "", t("attika.log_title")));
  const list = el("ol", "at-log-list");
  list.dataset.testid = "move-log";
  for (const entry of entries) {
    const item = el("li", `at-log-${entry.kind}`, entry.text);
    // Played after a hint (static/js/hints.js): everyone sees the mark.
    if (entry.hint) item.append(" ", el("span", "badge hint-mark", t("hints.mark")));
    if (entry.seat !== null && entry.seat !== undefined) item.style.borderLeftColor = seatColour(colourOf, entry.seat);
    list.append(item);
  }
  box.append(list);
  queueMicrotask(() => {
    list.scrollTop = list.scrollHeight;
    // A list that scrolls can be scrolled from the keyboard too (axe: scrollable-region-focusable).
    if (list.scrollHeight > list.clientHeight + 1) {
      list.tabIndex = 0;
      list.setAttribute("aria-label", t("attika.log_title"));
    }
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
