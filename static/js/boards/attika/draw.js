// Drawing the Attika board from S: the map (fitted to the land), what follows the pointer
// (spots, anchors, the ghost piece, the cursor), the action bar, your reserve and the players,
// the log, and the final table on the replay page. (actions.js and this module import each
// other: only functions, called after both have loaded.)
import { ask, cancel, cancelPick, changeExtra, confirmBuild, pickBuilding, placePiece, refuseDraw, rotatePiece, send } from "./actions.js";
import { markedEntries } from "./hint.js";
import { noteEvents } from "./history.js";
import { buildingName } from "./log.js";
import { minePanel, offerKnown, promptText } from "./mine.js";
import { spotsOf } from "./offer.js";
import { finalPanel, logPanel, playersPanel } from "./panels.js";
import { actionBar } from "./skeleton.js";
import { S, anchors, colourOf, me, names, spotMoves } from "./state.js";
import { whereText } from "./words.js";

export function fit(force = false) {
  const game = S.game;
  const cells = [...game.land.map((c) => [c.q, c.r]), ...game.shrines.map((s) => [s.q, s.r])];
  if (S.moves?.places.length) cells.push(...anchors());
  const key = `${cells.length}`;
  if (!force && (S.map.userMoved || key === S.fitKey)) return;
  S.fitKey = key;
  S.map.fit(cells);
}

function drawLog() {
  noteEvents(S, names(), me(), drawMap);
}

function hintHexes() {
  const seat = S.hintSeat ?? me();
  if (seat === null || S.game.phase === "over") return null;
  const link = S.game.players[seat]?.link;
  return link ? link.hexes : null;
}

function drawMap() {
  S.map.draw(S.game, { names: names(), buildingName, fresh: S.fresh, marked: S.marked, hint: hintHexes() });
  fit();
  drawDynamic();
}

/** The parts that follow the pointer and keys: spots, anchors, ghost, cursor, place bar. */
export function drawDynamic() {
  const spots = spotMoves();
  S.map.drawSpots(spotsOf(spots), S.chosen);
  const placing = S.moves.places.length > 0;
  S.map.drawAnchors(placing ? anchors() : []);
  S.map.drawGhost(placing ? S.game.piece : null, placing && S.ghost ? { ...S.ghost, rot: S.rot } : null, { pinned: S.pinned });
  S.map.drawCursor(placing ? null : S.cursor);
  drawBar();
}

function drawBar() {
  const game = S.game;
  const seat = me();
  const selectedName = S.selected && S.selected !== "pending" && spotMoves().length ? buildingName(S.selected) : null;
  const payment = S.chosen
    ? {
        move: S.chosen,
        hand: game.hand,
        extra: S.extra,
        where: whereText(game, S.chosen.q, S.chosen.r),
        // The cost's details open by default where there is room (not on a phone).
        open: S.payOpen ?? window.matchMedia("(min-width: 601px)").matches,
        onToggle: (open) => {
          S.payOpen = open;
        },
        onExtra: changeExtra,
        onConfirm: confirmBuild,
        onCancel: cancel,
      }
    : null;
  let prompt = promptText({ game, me: seat, canMove: S.ctx.canMove, names: names(), offer: S.moves, selectedName });
  // In the room, whose turn it is shows above the board: the bar then stays out of the way.
  if (S.ctx.headline && seat !== null && !S.ctx.canMove && !game.piece) prompt = "";
  S.parts.bar.replaceChildren(
    ...actionBar({
      error: S.ctx.error,
      prompt,
      game,
      me: seat,
      canMove: Boolean(S.ctx.canMove) && game.phase !== "over",
      offer: S.moves,
      placing: S.moves.places.length > 0,
      rot: S.rot,
      payment,
      selectedName,
      confirm: S.confirm,
      why: S.why,
      onRefuseDraw: refuseDraw,
      onRotate: () => rotatePiece(1),
      onPlace: placePiece,
      onSend: send,
      onAsk: ask,
      onCancelPick: cancelPick,
    }),
  );
  S.parts.bar.hidden = !S.parts.bar.childElementCount;
  // For tests and styles: "act" (controls shown), "loading" (moves not yet known), "wait", "over".
  const moving = Boolean(S.ctx.canMove) && game.phase !== "over";
  S.parts.bar.dataset.state = game.phase === "over" ? "over" : !moving ? "wait" : offerKnown(S.moves) ? "act" : "loading";
}

function drawSide() {
  const game = S.game;
  const seat = me();
  const sections = [];
  if (seat !== null && game.phase !== "over") {
    const args = { game, me: seat, offer: S.moves, canMove: S.ctx.canMove, selected: S.selected };
    sections.push(minePanel({ ...args, onPick: pickBuilding }));
  }
  sections.push(playersPanel({ game, names: names(), me: seat, hintSeat: S.hintSeat ?? seat, onHint: showHint, colourOf }));
  S.parts.side.replaceChildren(...sections);
}

function showHint(seat) {
  S.hintSeat = seat;
  drawAll();
}

function focusedSelector() {
  const active = document.activeElement;
  if (!active || !S.root.contains(active)) return null;
  const testid = active.dataset?.testid;
  return testid ? `[data-testid="${testid}"]` : null;
}

export function drawAll() {
  const focused = focusedSelector();
  const game = S.game;
  drawLog();
  // The live room draws the result above the board (drawResult); a replay keeps it here.
  const result = S.ctx.headline ? null : S.ctx.view?.result;
  const finalKey = result ? JSON.stringify([result, names(), game.players.map((p) => colourOf(p.seat))]) : "";
  if (finalKey !== S.finalKey) {
    S.finalKey = finalKey;
    S.parts.final.replaceChildren();
    if (result) S.parts.final.append(finalPanel({ result, game, names: names(), colourOf }));
  }
  S.root.classList.toggle("at-over", game.phase === "over" && Boolean(S.ctx.headline));
  drawMap();
  drawSide();
  const entries = markedEntries([...S.log.values()].sort((a, b) => a.n - b.n || a.index - b.index));
  S.parts.below.replaceChildren(logPanel(entries, colourOf));
  if (focused) S.root.querySelector(focused)?.focus({ preventScroll: true });
}
