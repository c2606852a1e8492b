// The Akrotiri action panel: for the step the player is in, controls built only from the
// legal moves the server sent (a control exists only if its move is legal).
import { t } from "../../i18n.js";
import { button, cube, el, objectiveCard } from "./panels.js";
import { actionsText, colourName, cubesText, deckName, portName, quarterLabel, terrainName } from "./log.js";

const COLOURS = ["orange", "blue", "green", "grey"];
const DECKS = ["easy", "medium", "hard"];

/** The legal moves of one type. */
export const movesOf = (moves, type) => moves.filter((m) => m.type === type);

const sameList = (a, b) => a.length === b.length && a.every((x, i) => x === b[i]);

function sortedBy(list, order) {
  return [...list].sort((a, b) => order.indexOf(a) - order.indexOf(b));
}

/**
 * Steppers choosing a multiset (of colours or decks) among the legal moves of one type;
 * the send button exists only when the chosen multiset is one of them.
 */
function multisetPicker({ ui, type, field, order, moves, label, describe, name }) {
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
    stepper.append(minus, tag, el("b", "", String(n)), plus);
    row.append(stepper);
  }
  const wanted = sortedBy(order.flatMap((item) => Array(Math.min(chosen[item] || 0, most[item] || 0)).fill(item)), order);
  const move = moves.find((m) => sameList(sortedBy(m[field], order), wanted));
  const send = button(move ? describe(move) : label, () => move && ui.send(move), { cls: "akr-send", testid: `send-${type}` });
  send.disabled = !move;
  box.append(row, send);
  return box;
}

function section(title, ...children) {
  const box = el("div", "akr-section");
  box.append(el("h4", "", title), ...children);
  return box;
}

function tileStep(ui, moves) {
  const box = el("div", "akr-step");
  box.append(el("p", "akr-prompt", ui.spot ? t("akrotiri.prompt.confirm_tile") : t("akrotiri.prompt.tile")));
  const rotate = (dir) => ui.rotate(dir);
  const buttons = el("div", "akr-place-buttons");
  buttons.append(
    button("⟲", () => rotate(-1), { aria: t("akrotiri.rotate_left"), testid: "rotate-left" }),
    button("⟳", () => rotate(1), { aria: t("akrotiri.rotate_right"), testid: "rotate-right" }),
  );
  const confirm = button(`✓ ${t("akrotiri.place")}`, () => ui.confirmTile(), { cls: "confirm", testid: "confirm-tile" });
  confirm.disabled = !ui.spot;
  buttons.append(confirm);
  box.append(buttons, el("p", "hint", t("akrotiri.keys_hint")));
  if (!moves.length) box.append(el("p", "hint", t("akrotiri.loading_moves")));
  return box;
}

function resourcesStep(ui, moves) {
  const box = el("div", "akr-step");
  const pieces = [...new Set(moves.map((m) => m.piece))];
  const piece = pieces.includes(ui.piece) ? ui.piece : pieces[0];
  box.append(el("p", "akr-prompt", t("akrotiri.prompt.free_cube")));
  if (pieces.length > 1) box.append(el("p", "hint", t("akrotiri.prompt.free_cube_piece")));
  const row = el("div", "akr-colour-buttons");
  for (const move of moves.filter((m) => m.piece === piece)) {
    const node = button("", () => ui.send(move), { cls: "akr-colour", aria: t("akrotiri.put_cube", { colour: colourName(move.colour) }), testid: `cube-${move.colour}` });
    node.append(cube(move.colour), el("span", "", colourName(move.colour)));
    row.append(node);
  }
  box.append(row);
  return box;
}

function choiceStep(ui, moves, cards, key) {
  const box = el("div", "akr-step");
  box.append(el("p", "akr-prompt", t(key)));
  const row = el("div", "akr-goals");
  for (const move of moves) {
    const card = cards.find((c) => c.id === move.card) || { id: move.card, points: "?" };
    const take = button(t("akrotiri.keep"), () => ui.send(move), { testid: `keep-${move.card}` });
    row.append(objectiveCard(card, { action: take }));
  }
  box.append(row);
  return box;
}

function actionStep(ui, moves, game) {
  const box = el("div", "akr-step");
  const left = el("p", "akr-prompt", t("akrotiri.actions_left", { n: game.actions }));
  left.dataset.testid = "actions-left";
  if (game.pending_free) left.append(el("span", "akr-free", t("akrotiri.free_move")));
  box.append(left);
  const sails = movesOf(moves, "move").sort((a, b) => a.cost - b.cost);
  if (sails.length) {
    const list = el("div", "akr-sail-list");
    for (const move of sails) {
      const label = `${portName(move.to)} · ${actionsText(move.cost)}`;
      const aria = `${t("akrotiri.sail_to", { port: portName(move.to) })}, ${actionsText(move.cost)}`;
      list.append(button(label, () => ui.send(move), { cls: "akr-sail", aria, testid: `sail-${move.to}` }));
    }
    const details = el("details", "akr-sails");
    details.open = ui.sailsOpen;
    details.addEventListener("toggle", () => ui.setSailsOpen(details.open));
    details.append(el("summary", "", t("akrotiri.sail_hint", { n: sails.length })), list);
    box.append(section(t("akrotiri.sail"), details));
  }
  const cargo = [];
  const load = movesOf(moves, "load");
  if (load.length) cargo.push(multisetPicker({ ui, type: "load", field: "colours", order: COLOURS, moves: load, name: colourName, label: t("akrotiri.load"), describe: (m) => t("akrotiri.load_n", { cubes: cubesText(m.colours) }) }));
  const sell = movesOf(moves, "sell");
  if (sell.length) cargo.push(multisetPicker({ ui, type: "sell", field: "colours", order: COLOURS, moves: sell, name: colourName, label: t("akrotiri.sell"), describe: (m) => t("akrotiri.sell_n", { cubes: cubesText(m.colours), gain: m.gain }) }));
  const unload = movesOf(moves, "unload");
  if (unload.length) cargo.push(multisetPicker({ ui, type: "unload", field: "colours", order: COLOURS, moves: unload, name: colourName, label: t("akrotiri.unload"), describe: (m) => t("akrotiri.unload_n", { cubes: cubesText(m.colours) }) }));
  if (cargo.length) box.append(section(t("akrotiri.cargo"), ...cargo));
  const buy = movesOf(moves, "buy_plans");
  if (buy.length) box.append(section(t("akrotiri.buy"), multisetPicker({ ui, type: "buy_plans", field: "decks", order: DECKS, moves: buy, name: deckName, label: t("akrotiri.buy"), describe: (m) => t("akrotiri.buy_n", { n: m.decks.length, price: m.price }) })));
  const digs = movesOf(moves, "excavate");
  if (digs.length) {
    const list = el("div", "akr-dig-list");
    for (const move of digs) {
      list.append(button(t("akrotiri.excavate_with", { card: move.card, where: quarterLabel(move.quarter, game.placements) }), () => ui.send(move), { cls: "akr-dig-button", testid: `dig-${move.card}-${move.quarter.join("_")}` }));
    }
    box.append(section(t("akrotiri.excavate"), el("p", "hint", t("akrotiri.excavate_hint")), list));
  }
  const oracle = movesOf(moves, "oracle");
  if (oracle.length) {
    const row = el("div", "akr-oracle");
    for (const move of oracle) row.append(button(terrainName(move.terrain), () => ui.send(move), { testid: `oracle-${move.terrain}` }));
    box.append(section(t("akrotiri.oracle"), el("p", "hint", t("akrotiri.oracle_hint")), row));
  }
  const end = movesOf(moves, "end_turn")[0];
  if (end) box.append(button(t("akrotiri.end_turn"), () => ui.send(end), { cls: "akr-end", testid: "end-turn" }));
  return box;
}

/** The panel for the seat's current step (or a waiting line). */
export function actionPanel(ui) {
  const { game, moves, canMove, names } = ui;
  const panel = el("section", "akr-actions");
  panel.dataset.testid = "akr-actions";
  if (ui.error) {
    const refused = el("p", "akr-refused", ui.error);
    refused.setAttribute("role", "alert");
    refused.dataset.testid = "refused";
    panel.append(refused);
  }
  if (game.finished) return panel;
  if (!canMove) {
    panel.append(el("p", "hint", t("akrotiri.wait_turn", { name: names[game.turn] ?? "" })));
    return panel;
  }
  if (!moves.length) {
    panel.append(el("p", "hint", t("akrotiri.loading_moves")));
    return panel;
  }
  const me = game.players[game.you];
  if (game.phase === "tile") panel.append(tileStep(ui, movesOf(moves, "place_tile")));
  else if (game.phase === "resources") panel.append(resourcesStep(ui, movesOf(moves, "place_resources")));
  else if (game.phase === "objective") panel.append(choiceStep(ui, movesOf(moves, "keep_objective"), me?.choice || [], "akrotiri.prompt.keep_objective"));
  else if (game.phase === "pick") panel.append(choiceStep(ui, movesOf(moves, "pick_objective"), game.offer, "akrotiri.prompt.pick_objective"));
  else panel.append(actionStep(ui, moves, game));
  return panel;
}
