// The action panel: every control is built from the `legal_moves` list the server sent.
// Moves are grouped by `type`; a group offers buttons or linked selects whose choices are
// exactly the values found in that group's moves, so the board never decides legality.
import { t } from "../../i18n.js";
import { SECTORS, button, cardName, diceIcon, dieLabel, dieNode, el, face, sectorName } from "./dom.js";
import { betRefusal, dieRefusal, refusedButton, resetNote, statusLine, unavailableCard } from "./refusals.js";

/** Move types answered with one button per move (a short list of numbers). */
const BUTTON_ROWS = { bet: "dice", delphi_rebet: "dice", resist: "count" };

/** Selections kept between renders: type -> {key: value}. Reset when the moves change. */
const picks = new Map();
let picksKey = "";

/**
 * Group moves by type, keeping the server's order.
 * @param {object[]} moves
 * @returns {Map<string, object[]>}
 */
export function groupMoves(moves) {
  const groups = new Map();
  for (const move of moves) {
    if (!groups.has(move.type)) groups.set(move.type, []);
    groups.get(move.type).push(move);
  }
  return groups;
}

/** True when a value is a number or string (a select can offer it). */
const scalar = (value) => value === null || ["number", "string", "boolean"].includes(typeof value);

/** The scalar keys that vary in a group (in first-seen order), or null if any value is an object. */
function varyingKeys(moves) {
  const keys = [];
  for (const move of moves) {
    for (const [key, value] of Object.entries(move)) {
      if (key === "type") continue;
      if (!scalar(value)) return null;
      if (!keys.includes(key)) keys.push(key);
    }
  }
  return keys.filter((key) => new Set(moves.map((move) => JSON.stringify(move[key]))).size > 1 || moves.length === 1);
}

/** A seat's display name. */
function seatName(ctx, seat) {
  return ctx.names[seat] ?? t("agorapolis.seat", { n: Number(seat) + 1 });
}

/** The keys whose values are dice (picked by their picture, not their position). */
const DIE_KEYS = new Set(["die", "market_die", "target_die", "value"]);

/** The die a move's key points at: {value, adjusted}, or null. */
function dieOf(ctx, move, key, value) {
  const game = ctx.game;
  const sector = game.sector;
  if (key === "value") return { value, adjusted: false };
  if (key === "die") return game.players[ctx.seat]?.dice?.[sector]?.[value] ?? null;
  if (key === "market_die") return (move.market === "colony" ? game.colony?.dice : game.market)?.[value] ?? null;
  if (key === "target_die") return game.players[move.target]?.dice?.[sector]?.[value] ?? null;
  return null;
}

/** Translate a (key, value) pair of a move for a select option. */
function valueLabel(ctx, move, key, value) {
  const game = ctx.game;
  const me = game.players[ctx.seat];
  const sector = game.sector;
  switch (key) {
    case "die":
    case "market_die":
    case "target_die":
    case "value": {
      const die = dieOf(ctx, move, key, value);
      return die ? `${face(die.value)} ${dieLabel(die.value)}` : "?";
    }
    case "target":
    case "player":
      return seatName(ctx, value);
    case "sector":
    case "to":
    case "from":
      return sectorName(value);
    case "delta":
      return value > 0 ? `+${value}` : `−${-value}`;
    case "card":
      return cardName(value);
    case "market":
      return t(`agorapolis.market.${value}`);
    default:
      return String(value);
  }
}

/** Describe an amounts object like {"commerce": 2, "unbet": 1}. */
function amounts(object) {
  const parts = Object.entries(object || {})
    .filter(([, n]) => n)
    .map(([key, n]) => `${SECTORS.includes(key) ? sectorName(key) : t(`agorapolis.${key}`)} ${n}`);
  return parts.length ? parts.join(", ") : t("agorapolis.nothing");
}

/** A readable label for a whole move (used where moves carry objects or lists). */
export function describeMove(ctx, move) {
  switch (move.type) {
    case "bet":
      return t("agorapolis.aria.bet", { n: move.dice, sector: sectorName(move.sector) });
    case "play_exploits":
      return move.cards.length
        ? move.cards.map((c) => (c.sector ? `${cardName(c.card)} (${sectorName(c.sector)})` : cardName(c.card))).join(" + ")
        : t("agorapolis.play_nothing");
    case "league_immunity":
      return move.immune_to.length ? move.immune_to.map(cardName).join(", ") : t("agorapolis.nothing");
    case "heroic_distribute":
      return move.assign.map((a) => `${seatName(ctx, a.player)} ← ${cardName(a.card)}`).join(", ");
    case "designate_next": {
      const then = move.then?.length ? ` → ${move.then.map((s) => seatName(ctx, s)).join(" → ")}` : "";
      return `${seatName(ctx, move.player)}${then}`;
    }
    case "exploit_bid": {
      const total = Object.values(move.pay || {}).reduce((a, b) => a + b, 0);
      return total ? `${total} (${amounts(move.pay)})` : t("agorapolis.bid_nothing");
    }
    case "olympic_sacrifice":
      return amounts(move.take);
    case "strife_allocate":
      return amounts(move.destroy);
    case "strife_resist":
      return amounts(move.protect);
    case "glorious_tales":
      return amounts(move.gain);
    default:
      return Object.entries(move)
        .filter(([key]) => key !== "type")
        .map(([key, value]) => valueLabel(ctx, move, key, value))
        .join(" · ") || t(`agorapolis.move.${move.type}`);
  }
}

/** Reset the remembered selections when the offered moves change. */
function syncPicks(moves) {
  const key = JSON.stringify(moves);
  if (key !== picksKey) {
    picksKey = key;
    picks.clear();
  }
  resetNote(key);
}

/** Select a die (clicked on the board) for every die-based group. */
export function pickDie(index) {
  for (const [type, chosen] of picks) picks.set(type, { ...chosen, die: index });
  picks.set("*die", { die: index });
}

/** The moves of a group still matching the picks made for keys before `upTo`. */
function matching(moves, chosen, keys, upTo) {
  return moves.filter((move) => keys.slice(0, upTo).every((key) => JSON.stringify(move[key]) === JSON.stringify(chosen[key])));
}

/** Preselect a move's fields in its form (a hint); `index` serves the forms listing moves. */
export function presetPicks(type, fields) {
  picks.set(type, fields);
}

/** Select a market die (clicked in the market panel) for the commerce swap. */
export function pickMarketDie(index) {
  picks.set("commerce_swap", { ...(picks.get("commerce_swap") || {}), market_die: index, market: "common" });
}

/** Linked fields, one per varying key (dice as pictures, the rest as selects); returns [fragment, () => move]. */
function cascade(ctx, type, moves, keys) {
  const chosen = { ...(picks.get("*die") || {}), ...(picks.get(type) || {}) };
  const box = el("div", "agp-fields");
  keys.forEach((key, index) => {
    const candidates = matching(moves, chosen, keys, index);
    let values = [];
    for (const move of candidates) if (!values.some((v) => JSON.stringify(v) === JSON.stringify(move[key]))) values.push(move[key]);
    if (DIE_KEYS.has(key)) {
      // Dice of the same face are the same choice: offer each face once (a picked die
      // stands for its face), as a player would point at "a 5", not at "die 3".
      const faceOf = (v) => {
        const die = dieOf(ctx, candidates.find((m) => m[key] === v) || {}, key, v);
        return die ? `${die.value}:${die.adjusted ? 1 : 0}` : `?${v}`;
      };
      const faces = new Map();
      for (const v of values) if (!faces.has(faceOf(v))) faces.set(faceOf(v), v);
      values = [...faces.values()];
      if (chosen[key] !== undefined && faces.has(faceOf(chosen[key]))) chosen[key] = faces.get(faceOf(chosen[key]));
    }
    if (!values.some((v) => JSON.stringify(v) === JSON.stringify(chosen[key]))) chosen[key] = values[0];
    if (DIE_KEYS.has(key)) {
      box.append(diePicker(ctx, type, key, values, chosen, candidates));
      // The die picked on the board cannot take this move: say why instead of silently
      // showing another die.
      const wanted = picks.get("*die")?.die;
      if (key === "die" && wanted !== undefined && !candidates.some((m) => m.die === wanted)) {
        const why = dieRefusal(ctx, type, wanted);
        if (why) box.append(el("p", "agp-refusal", why));
      }
      return;
    }
    const label = el("label", "agp-field");
    label.append(el("span", "", t(`agorapolis.field.${key}`)));
    const select = el("select");
    select.dataset.focusKey = `${type}:${key}`;
    select.dataset.testid = `field-${type}-${key}`;
    values.forEach((value, i) => {
      const option = el("option", "", valueLabel(ctx, candidates.find((m) => m[key] === value) || {}, key, value));
      option.value = String(i);
      option.selected = JSON.stringify(value) === JSON.stringify(chosen[key]);
      select.append(option);
    });
    select.addEventListener("change", () => {
      const next = { ...(picks.get(type) || {}), [key]: values[Number(select.value)] };
      picks.set(type, next);
      ctx.redraw();
    });
    label.append(select);
    box.append(label);
  });
  picks.set(type, chosen);
  const move = () => matching(moves, chosen, keys, keys.length)[0];
  return [box, move];
}

/** A row of die pictures to choose from (one per face); the chosen one is pressed. */
function diePicker(ctx, type, key, values, chosen, candidates) {
  const field = el("div", "agp-field wide");
  const title = el("span", "", t(`agorapolis.field.${key}`));
  title.id = `agp-${type}-${key}`;
  const row = el("div", "agp-die-picker");
  row.setAttribute("role", "group");
  row.setAttribute("aria-labelledby", title.id);
  row.dataset.testid = `field-${type}-${key}`;
  for (const value of values) {
    const die = dieOf(ctx, candidates.find((m) => m[key] === value) || {}, key, value);
    const on = JSON.stringify(value) === JSON.stringify(chosen[key]);
    const node = el("button", `agp-die-button${on ? " on" : ""}`);
    node.type = "button";
    node.dataset.testid = `pick-${type}-${key}-${value}`;
    node.dataset.focusKey = `${type}:${key}:${value}`;
    node.dataset.value = String(die?.value ?? "");
    node.setAttribute("aria-pressed", String(on));
    if (die) node.append(dieNode(die));
    else node.textContent = "?";
    node.addEventListener("click", () => {
      if (key === "die" && ctx.dieClick) {
        ctx.dieClick(value);
        return;
      }
      picks.set(type, { ...(picks.get(type) || {}), [key]: value });
      ctx.redraw();
    });
    row.append(node);
  }
  field.append(title, row);
  return field;
}

/** One select listing every move of the group (moves with object or list fields). */
function listing(ctx, type, moves) {
  const chosen = picks.get(type) || { index: 0 };
  const label = el("label", "agp-field wide");
  label.append(el("span", "", t(`agorapolis.field.choice`)));
  const select = el("select");
  select.dataset.focusKey = `${type}:list`;
  select.dataset.testid = `field-${type}`;
  moves.forEach((move, i) => {
    const option = el("option", "", describeMove(ctx, move));
    option.value = String(i);
    option.selected = i === chosen.index;
    select.append(option);
  });
  select.addEventListener("change", () => picks.set(type, { index: Number(select.value) }));
  label.append(select);
  const box = el("div", "agp-fields");
  box.append(label);
  return [box, () => moves[Number(select.value)] ?? moves[0]];
}

/** A row of buttons, one per move (bets and re-bets as numbers of dice, resistance). */
function buttonRow(ctx, type, moves, key) {
  const row = el("div", "agp-choices");
  row.setAttribute("role", "group");
  row.setAttribute("aria-label", t(`agorapolis.move.${type}`));
  row.dataset.testid = `choices-${type}`;
  for (const move of moves) {
    const value = move[key];
    const text = type === "resist" ? t("agorapolis.resist_n", { n: value }) : String(value);
    const aria = t(`agorapolis.aria.${type}`, { n: value, sector: sectorName(move.sector || ctx.game.sector || "") });
    const node = button(text, () => ctx.onMove(move), { cls: "agp-choice", aria, testid: `${type}-${value}`, key: `${type}:${value}` });
    if (type !== "resist") {
      node.append(diceIcon("currentColor"));
    }
    row.append(node);
  }
  if (type === "bet" || type === "delphi_rebet") {
    // The counts the rules refuse now stay on show, unavailable, and say why when pressed.
    const sector = moves[0].sector || ctx.game.sector || "";
    for (let n = 0; n <= 8; n += 1) {
      if (moves.some((m) => m.dice === n)) continue;
      const why = betRefusal(ctx, type, n);
      if (!why) continue;
      const aria = t(`agorapolis.aria.${type}`, { n, sector: sectorName(sector) });
      const node = refusedButton(String(n), why, type, { testid: `refused-${type}-${n}`, key: `${type}:refused:${n}`, aria });
      node.append(diceIcon("currentColor"));
      row.append(node);
    }
  }
  return row;
}

/** The card for one move type. */
function groupCard(ctx, type, moves) {
  const card = el("div", `agp-group agp-group-${type}`);
  card.dataset.testid = `group-${type}`;
  const title = type === "bet" ? t("agorapolis.move.bet_on", { sector: sectorName(moves[0].sector) }) : t(`agorapolis.move.${type}`);
  card.append(el("h4", "agp-group-title", title));
  const help = t(`agorapolis.help.${type}`);
  if (!help.startsWith("agorapolis.")) card.append(el("p", "agp-help", help));
  const pair = strifePair(ctx, type);
  if (pair) card.append(el("p", "agp-help", pair));
  const me = ctx.game.players[ctx.seat];
  if ((type === "bet" || type === "delphi_rebet") && me) card.append(el("p", "agp-help", t("agorapolis.dice_left", { n: me.remaining })));
  if (BUTTON_ROWS[type]) {
    card.append(buttonRow(ctx, type, moves, BUTTON_ROWS[type]));
    if (type !== "resist") card.append(statusLine(type));
    return card;
  }
  const keys = varyingKeys(moves);
  if (moves.length === 1 && keys && keys.length === 0) {
    card.append(button(t(`agorapolis.do.${type}`, { sector: sectorName(ctx.game.sector || "") }), () => ctx.onMove(moves[0]), { cls: "agp-play", testid: `play-${type}`, key: `${type}:play` }));
    return card;
  }
  const [fields, current] = keys ? cascade(ctx, type, moves, keys) : listing(ctx, type, moves);
  const play = button(t("agorapolis.play"), () => {
    const move = current();
    if (move) ctx.onMove(move);
  }, { cls: "agp-play", testid: `play-${type}`, key: `${type}:play` });
  card.append(fields, play);
  return card;
}

/** For Internal Strife forms: whom this seat attacks, or who attacks it (from `view.strife`). */
function strifePair(ctx, type) {
  const pairs = ctx.game.strife?.pairs || [];
  if (type === "strife_allocate") {
    const pair = pairs.find((p) => p.attacker === ctx.seat);
    return pair ? t("agorapolis.strife_you_attack", { name: seatName(ctx, pair.target), n: pair.allocate }) : "";
  }
  if (type === "strife_resist") {
    const pair = pairs.find((p) => p.target === ctx.seat);
    return pair ? t("agorapolis.strife_you_are_attacked", { name: seatName(ctx, pair.attacker), list: describeMove(ctx, { type: "strife_allocate", destroy: pair.destroy || {} }) }) : "";
  }
  return "";
}

/** Moves that end the seat's turn: shown once, in the bar's header, as its main button. */
const LAST = ["finalise", "delphi_pass"];

/**
 * The action panel for the seat to move: a bar with the main button (end the turn, keep
 * the bet) in its header, then one card per kind of move. Exactly one control is marked
 * `data-primary`: that main button, else the only (or first) card's button or choices.
 * @param {{game: object, seat: number, names: string[], legalMoves: object[], canMove: boolean,
 *          onMove: (move: object) => void, redraw: () => void}} ctx
 */
export function actionPanel(ctx) {
  const box = el("section", "agp-actions");
  box.dataset.testid = "agp-actions";
  box.setAttribute("aria-label", t("agorapolis.your_moves"));
  const head = el("div", "agp-actions-head");
  head.append(el("h3", "agp-h", t("agorapolis.your_moves")));
  box.append(head);
  if (!ctx.legalMoves.length) {
    box.append(el("p", "agp-help", t("agorapolis.loading_moves")));
    return box;
  }
  syncPicks(ctx.legalMoves);
  const groups = [...groupMoves(ctx.legalMoves)];
  const list = el("div", "agp-groups");
  let primary = null;
  for (const [type, moves] of groups) {
    if (LAST.includes(type) && moves.length === 1 && groups.length > 1) {
      const words = t(`agorapolis.do.${type}`, { sector: sectorName(ctx.game.sector || "") });
      const main = button(words, () => ctx.onMove(moves[0]), { cls: "agp-main-button", testid: `play-${type}`, key: `${type}:play` });
      main.title = t(`agorapolis.move.${type}`);
      const help = t(`agorapolis.help.${type}`);
      if (!help.startsWith("agorapolis.")) main.setAttribute("aria-description", help);
      head.append(main);
      primary = primary || main;
      continue;
    }
    list.append(groupCard(ctx, type, moves));
  }
  const unavailable = unavailableCard(ctx, groups);
  if (unavailable) list.append(unavailable);
  box.append(list);
  primary = primary || list.querySelector(".agp-play, .agp-choices");
  if (primary) primary.dataset.primary = "";
  return box;
}
