// The Akrotiri action bar and panel: for the step the player is in, controls built only from
// the legal moves the server sent (a control exists only if its move is legal). The bar
// (prompt and the one primary control, sticky at the bottom of the screen) and the panel
// below the map (every other choice of the step) come from the same moves.
import { t } from "../../i18n.js";
import { button, cube, el, objectiveCard, whyNote } from "./panels.js";
import { actionsText, colourName, cubesText, deckName, portName, quarterLabel, terrainName } from "./log.js";
import { planName } from "./names.js";

const COLOURS = ["orange", "blue", "green", "grey"];
const DECKS = ["easy", "medium", "hard"];
const NO_ASK = "agora.akrotiri.noSpendQuestion";

/** The legal moves of one type. */
export const movesOf = (moves, type) => moves.filter((m) => m.type === type);

const sameList = (a, b) => a.length === b.length && a.every((x, i) => x === b[i]);

function sortedBy(list, order) {
  return [...list].sort((a, b) => order.indexOf(a) - order.indexOf(b));
}

/** Whether the player asked not to confirm spending drachmas again (this browser). */
export function skipSpendQuestion() {
  try {
    return localStorage.getItem(NO_ASK) === "1";
  } catch {
    return false;
  }
}

function setSkipSpendQuestion(skip) {
  try {
    if (skip) localStorage.setItem(NO_ASK, "1");
    else localStorage.removeItem(NO_ASK);
  } catch {
    // private browsing: the question comes back next time
  }
}

/** What an irreversible spend costs, in words, or null for moves that spend no drachmas. */
export function spendQuestion(move, game) {
  if (move.type === "excavate") {
    const card = game.players[game.you]?.plans?.find((c) => c.id === move.card);
    if (!card) return null;
    return {
      cost: card.cost,
      text: t("akrotiri.confirm.excavate", { plan: planName(card), where: quarterLabel(move.quarter, game.placements), cost: card.cost }),
    };
  }
  if (move.type === "buy_plans" && move.price) {
    return { cost: move.price, text: t("akrotiri.confirm.buy", { n: move.decks.length, price: move.price }) };
  }
  return null;
}

/**
 * Steppers choosing a multiset (of colours or decks) among the legal moves of one type;
 * the send button exists only when the chosen multiset is one of them.
 */
function multisetPicker({ ui, type, field, order, moves, label, describe, name, hint }) {
  const box = el("div", `akr-picker akr-picker-${type}`);
  box.dataset.testid = `picker-${type}`;
  const chosen = ui.pick(type);
  const most = {};
  for (const move of moves) {
    const counts = {};
    for (const item of move[field]) counts[item] = (counts[item] || 0) + 1;
    for (const [item, n] of Object.entries(counts)) most[item] = Math.max(most[item] || 0, n);
  }
  const row = el("div", "akr-steppers");
  for (const item of order) {
    if (!most[item]) continue;
    const n = Math.min(chosen[item] || 0, most[item]);
    const stepper = el("span", "akr-stepper");
    const minus = button("−", () => ui.setPick(type, item, n - 1), { aria: `${t("akrotiri.less")} ${name(item)}`, testid: `${type}-less-${item}` });
    const plus = button("+", () => ui.setPick(type, item, n + 1), { aria: `${t("akrotiri.more")} ${name(item)}`, testid: `${type}-more-${item}` });
    minus.disabled = n <= 0;
    plus.disabled = n >= most[item];
    const tag = field === "colours" ? cube(item) : el("span", `akr-deck akr-deck-${item}`, name(item));
    // "1 of 2": how many are chosen out of how many may be, never a bare count.
    const count = el("span", "akr-count", t("akrotiri.chosen_of", { n, most: most[item] }));
    count.dataset.testid = `${type}-count-${item}`;
    stepper.append(minus, tag, count, plus);
    row.append(stepper);
  }
  const wanted = sortedBy(order.flatMap((item) => Array(Math.min(chosen[item] || 0, most[item] || 0)).fill(item)), order);
  const move = moves.find((m) => sameList(sortedBy(m[field], order), wanted));
  const send = button(move ? describe(move) : label, () => move && ui.send(move), { cls: "akr-send", testid: `send-${type}` });
  send.disabled = !move;
  box.append(el("p", "akr-picker-hint", hint), row, send);
  return box;
}

/** A control whose move is not legal now: pressing it says why (ui.whyNot), sends nothing. */
function whyNotButton(ui, type, label) {
  const node = button(label, () => ui.whyNot(type), { cls: "akr-why-not", testid: `try-${type}` });
  if (ui.why?.where !== type) return node;
  const box = el("div", "akr-why-box");
  box.append(node, whyNote(ui.why.text));
  return box;
}

function section(title, ...children) {
  const box = el("div", "akr-section");
  box.append(el("h4", "", title), ...children);
  return box;
}

function primary(node) {
  node.dataset.primary = "";
  return node;
}

function tileBar(ui, moves) {
  const nodes = [el("p", "akr-prompt", ui.spot ? t("akrotiri.prompt.confirm_tile") : t("akrotiri.prompt.tile"))];
  const buttons = el("div", "akr-place-buttons");
  buttons.append(
    button("⟲", () => ui.rotate(-1), { aria: t("akrotiri.rotate_left"), testid: "rotate-left" }),
    button("⟳", () => ui.rotate(1), { aria: t("akrotiri.rotate_right"), testid: "rotate-right" }),
  );
  const confirm = primary(button(`✓ ${t("akrotiri.place")}`, () => ui.confirmTile(), { cls: "confirm", testid: "confirm-tile" }));
  confirm.disabled = !ui.spot;
  buttons.append(confirm);
  nodes.push(buttons);
  if (!moves.length) nodes.push(el("p", "hint", t("akrotiri.loading_moves")));
  return nodes;
}

function resourcesBar(ui, moves) {
  const pieces = [...new Set(moves.map((m) => m.piece))];
  const piece = pieces.includes(ui.piece) ? ui.piece : pieces[0];
  const nodes = [el("p", "akr-prompt", t("akrotiri.prompt.free_cube"))];
  if (pieces.length > 1) {
    const where = el("p", "akr-chosen-island", t("akrotiri.prompt.free_cube_piece", { where: ui.pieceName(piece) }));
    where.dataset.testid = "chosen-island";
    nodes.push(where);
  }
  const row = primary(el("div", "akr-colour-buttons"));
  for (const move of moves.filter((m) => m.piece === piece)) {
    const node = button("", () => ui.send(move), { cls: "akr-colour", aria: t("akrotiri.put_cube", { colour: colourName(move.colour) }), testid: `cube-${move.colour}` });
    node.append(cube(move.colour), el("span", "", colourName(move.colour)));
    row.append(node);
  }
  nodes.push(row);
  return nodes;
}

/** The free cube's island, tapped on the map or chosen here (keyboard, screen readers). */
function islandChoices(ui, moves) {
  const pieces = [...new Set(moves.map((m) => m.piece))];
  if (pieces.length < 2) return null;
  const piece = pieces.includes(ui.piece) ? ui.piece : pieces[0];
  const choices = el("div", "akr-piece-buttons");
  choices.setAttribute("role", "group");
  choices.setAttribute("aria-label", t("akrotiri.choose_island"));
  for (const key of pieces) {
    const node = button(ui.pieceName(key), () => ui.setPiece(key), { cls: "akr-piece", testid: `piece-${key}` });
    node.setAttribute("aria-pressed", String(key === piece));
    choices.append(node);
  }
  return section(t("akrotiri.choose_island"), choices);
}

function choiceBar(ui, moves, cards, key) {
  const row = primary(el("div", "akr-goals"));
  for (const move of moves) {
    const card = cards.find((c) => c.id === move.card) || { id: move.card, points: "?" };
    const take = button(t("akrotiri.keep"), () => ui.send(move), { testid: `keep-${move.card}` });
    row.append(objectiveCard(card, { action: take }));
  }
  return [el("p", "akr-prompt", t(key)), row];
}

function confirmBar(ui) {
  const { move, question } = ui.confirm;
  const box = el("div", "akr-confirm");
  box.dataset.testid = "spend-question";
  box.setAttribute("role", "alertdialog");
  box.append(el("p", "akr-prompt", question.text));
  const skip = el("input");
  skip.type = "checkbox";
  skip.dataset.testid = "no-spend-question";
  const label = el("label", "akr-skip");
  label.append(skip, el("span", "", t("akrotiri.confirm.skip")));
  const row = el("div", "akr-place-buttons");
  const yes = primary(
    button(t("akrotiri.confirm.yes", { cost: question.cost }), () => {
      if (skip.checked) setSkipSpendQuestion(true);
      ui.sendNow(move);
    }, { cls: "confirm", testid: "spend-yes" }),
  );
  row.append(yes, button(t("akrotiri.confirm.no"), () => ui.cancelSpend(), { cls: "akr-cancel", testid: "spend-no" }));
  box.append(row, label);
  return [box];
}

function actionsBar(ui, moves, game) {
  const left = el("p", "akr-prompt akr-left", t("akrotiri.actions_left", { n: game.actions }));
  left.dataset.testid = "actions-left";
  if (game.pending_free) left.append(el("span", "akr-free", t("akrotiri.free_move")));
  const row = el("div", "akr-bar-row");
  row.append(left);
  const end = movesOf(moves, "end_turn")[0];
  if (end) row.append(primary(button(t("akrotiri.end_turn"), () => ui.send(end), { cls: "akr-end", testid: "end-turn" })));
  const nodes = [row];
  const boat = game.boats[game.you];
  if (boat) {
    const cargo = el("p", "akr-boat-line");
    cargo.dataset.testid = "boat-cargo";
    if (boat.cargo.length) cargo.append(el("span", "", t("akrotiri.on_boat", { n: boat.cargo.length })), ...boat.cargo.map(cube));
    else cargo.append(el("span", "", t("akrotiri.on_boat_empty")));
    nodes.push(cargo);
  }
  return nodes;
}

function actionsMore(ui, moves, game) {
  const box = el("div", "akr-step");
  const sails = movesOf(moves, "move").sort((a, b) => a.cost - b.cost);
  if (sails.length) {
    const list = el("div", "akr-sail-list");
    for (const move of sails) {
      const port = portName(move.to, game.placements);
      const label = `${port} · ${actionsText(move.cost)}`;
      const aria = `${t("akrotiri.sail_to", { port })}, ${actionsText(move.cost)}`;
      list.append(button(label, () => ui.send(move), { cls: "akr-sail", aria, testid: `sail-${move.to}` }));
    }
    const details = el("details", "akr-sails");
    details.dataset.testid = "sails";
    details.open = ui.sailsOpen;
    details.addEventListener("toggle", () => ui.setSailsOpen(details.open));
    const summary = el("summary", "", t("akrotiri.sail_hint", { n: sails.length }));
    summary.dataset.testid = "sails-summary";
    details.append(summary, list);
    box.append(section(t("akrotiri.sail"), details));
  }
  const cargo = [];
  const load = movesOf(moves, "load");
  if (load.length) cargo.push(multisetPicker({ ui, type: "load", field: "colours", order: COLOURS, moves: load, name: colourName, hint: t("akrotiri.choose_load"), label: t("akrotiri.load"), describe: (m) => t("akrotiri.load_n", { cubes: cubesText(m.colours) }) }));
  const sell = movesOf(moves, "sell");
  if (sell.length) cargo.push(multisetPicker({ ui, type: "sell", field: "colours", order: COLOURS, moves: sell, name: colourName, hint: t("akrotiri.choose_sell"), label: t("akrotiri.sell"), describe: (m) => t("akrotiri.sell_n", { cubes: cubesText(m.colours), gain: m.gain }) }));
  const unload = movesOf(moves, "unload");
  if (unload.length) cargo.push(multisetPicker({ ui, type: "unload", field: "colours", order: COLOURS, moves: unload, name: colourName, hint: t("akrotiri.choose_unload"), label: t("akrotiri.unload"), describe: (m) => t("akrotiri.unload_n", { cubes: cubesText(m.colours) }) }));
  // Selling and buying happen at Thera: elsewhere their buttons stay and say why not.
  const boat = game.boats[game.you];
  if (!sell.length && boat?.cargo.length) cargo.push(whyNotButton(ui, "sell", t("akrotiri.sell")));
  if (cargo.length) box.append(section(t("akrotiri.cargo"), ...cargo));
  const buy = movesOf(moves, "buy_plans");
  if (buy.length) box.append(section(t("akrotiri.buy"), multisetPicker({ ui, type: "buy_plans", field: "decks", order: DECKS, moves: buy, name: deckName, hint: t("akrotiri.choose_decks"), label: t("akrotiri.buy"), describe: (m) => t("akrotiri.buy_n", { n: m.decks.length, price: m.price }) })));
  else box.append(section(t("akrotiri.buy"), whyNotButton(ui, "buy_plans", t("akrotiri.buy"))));
  const digs = movesOf(moves, "excavate");
  if (digs.length) {
    const list = el("div", "akr-dig-list");
    const plans = game.players[game.you]?.plans || [];
    for (const move of digs) {
      const card = plans.find((c) => c.id === move.card);
      const text = t("akrotiri.excavate_with", {
        plan: card ? planName(card) : "",
        cost: card?.cost ?? "?",
        points: card?.points ?? "?",
        where: quarterLabel(move.quarter, game.placements),
      });
      list.append(button(text, () => ui.send(move), { cls: "akr-dig-button", testid: `dig-${move.card}-${move.quarter.join("_")}` }));
    }
    box.append(section(t("akrotiri.excavate"), el("p", "hint", t("akrotiri.excavate_hint")), list));
  }
  const oracle = movesOf(moves, "oracle");
  if (oracle.length) {
    const row = el("div", "akr-oracle");
    for (const move of oracle) row.append(button(terrainName(move.terrain), () => ui.send(move), { testid: `oracle-${move.terrain}` }));
    box.append(section(t("akrotiri.oracle"), el("p", "hint", t("akrotiri.oracle_hint")), row));
  }
  return box.children.length ? box : null;
}

/**
 * The seat's current step: `bar` (prompt and primary control, or a waiting line) and `more`
 * (the step's other choices, shown under the map).
 */
export function actionPanel(ui) {
  const { game, moves, canMove, names } = ui;
  const bar = el("section", "akr-actions");
  bar.dataset.testid = "akr-actions";
  const more = el("section", "akr-actions-more");
  more.dataset.testid = "akr-actions-more";
  if (ui.error) {
    const refused = el("p", "akr-refused", ui.error);
    refused.setAttribute("role", "alert");
    refused.dataset.testid = "refused";
    bar.append(refused);
  }
  if (game.finished) return { bar, more };
  if (!canMove) {
    // On the seat's own turn (a move on its way, a tutorial's answered step) nobody is awaited.
    if (game.turn !== game.you) bar.append(el("p", "hint akr-wait", t("akrotiri.wait_turn", { name: names[game.turn] ?? "" })));
    return { bar, more };
  }
  if (!moves.length) {
    bar.append(el("p", "hint", t("akrotiri.loading_moves")));
    return { bar, more };
  }
  const me = game.players[game.you];
  if (ui.confirm) bar.append(...confirmBar(ui));
  else if (game.phase === "tile") {
    bar.append(...tileBar(ui, movesOf(moves, "place_tile")));
    more.append(el("p", "hint", t("akrotiri.keys_hint")));
  } else if (game.phase === "resources") {
    bar.append(...resourcesBar(ui, movesOf(moves, "place_resources")));
    const islands = islandChoices(ui, movesOf(moves, "place_resources"));
    if (islands) more.append(islands);
  }
  else if (game.phase === "objective") bar.append(...choiceBar(ui, movesOf(moves, "keep_objective"), me?.choice || [], "akrotiri.prompt.keep_objective"));
  else if (game.phase === "pick") bar.append(...choiceBar(ui, movesOf(moves, "pick_objective"), game.offer, "akrotiri.prompt.pick_objective"));
  else bar.append(...actionsBar(ui, moves, game));
  if (game.phase === "actions") {
    const rest = actionsMore(ui, moves, game);
    if (rest) more.append(rest);
  }
  return { bar, more };
}
