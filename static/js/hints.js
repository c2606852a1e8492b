// Hints on request (issue 39): the "Hint" button of the seat to act in an unrated game,
// the server's answer in words (only this socket gets it), and the list every viewer sees
// of the moves played after a hint (from the move log on load, then "hinted" notices).
import { api } from "./api.js";
import { label, t } from "./i18n.js";

const $ = (id) => document.getElementById(id);

/** A move without the game's own words: its fields, as the generic board shows them. */
function plainMove(move) {
  return Object.entries(move)
    .map(([key, value]) => `${key}: ${typeof value === "object" ? JSON.stringify(value) : value}`)
    .join(", ");
}

/**
 * `describe(move)`: the board's words for a move (null: it has none); `highlight(move)`: the
 * board shows the move where it can; `play(move)`: send it; `mark(numbers, played)`: the
 * board's own move log marks those moves (numbered from 1 like the moves in force, `played`
 * of them in all).
 */
export function hintPanel({ roomId, code, getSocket, mySeat, seatName, play, describe, highlight, mark }) {
  let answer = null; // {version, move, description} for the version it was asked at
  let asking = null; // the id of the request on its way
  let error = null; // {text, version}: a refusal, shown at the version it was given
  let count = 0;
  let logLoaded = false;
  let hinted = []; // the log's hinted moves in force, each with its number among them
  let played = 0; // moves in force (a board whose log keeps only the latest counts back)

  const socket = () => getSocket();
  const myTurn = () => {
    const view = socket().view;
    const seat = mySeat();
    return Boolean(view && !view.result && seat !== null && view.to_act.includes(seat));
  };
  const allowed = () => socket().room?.status === "playing" && !socket().room?.rated && myTurn();

  function ask() {
    count += 1;
    const id = `hint-${count}`;
    if (!socket().send({ type: "hint", id })) return;
    asking = id;
    error = null;
    draw();
  }

  /** The message was about hints (true): the room page leaves it alone. */
  function onMessage(message) {
    if (message.type === "hint" && message.id === asking) {
      asking = null;
      if (message.version < socket().version) {
        // Asked just as the table moved on (the player's own move a moment before): the
        // answer is for a position that is gone; ask again for this one (CI saw a French
        // hint that never showed: it was thrown away as stale and nothing asked again).
        if (allowed()) ask();
        else draw();
        return true;
      }
      answer = { ...message, shown: false };
    } else if (message.type === "error" && typeof message.id === "string" && message.id.startsWith("hint-")) {
      if (message.id === asking) asking = null;
      const key = `hints.refused.${message.code}`;
      error = { text: t(key) === key ? t("hints.refused.other") : t(key), version: socket().version };
    } else if (message.type === "hinted") {
      loadLog(true); // rare (a move after a hint): the log numbers it as everyone sees it
      return true;
    } else {
      return false;
    }
    draw();
    return true;
  }

  /** The moves played after a hint, numbered as the game's moves still in force: once when
   * the page opens, and again when a "hinted" notice says there is one more. */
  async function loadLog(again = false) {
    if ((logLoaded && !again) || !socket().room || socket().room.status === "waiting") return;
    logLoaded = true;
    try {
      const query = code ? `?code=${encodeURIComponent(code)}` : "";
      const log = await api("GET", `/api/rooms/${roomId}/log${query}`);
      const moves = log.moves.filter((entry) => entry.kind === "move" && !entry.undone);
      played = moves.length;
      hinted = moves
        .map((entry, index) => ({ ...entry, number: index + 1 }))
        .filter((entry) => entry.hint);
    } catch {
      // The list is a courtesy: the game goes on without it.
    }
    drawList();
  }

  function draw() {
    const version = socket().version;
    if (answer && answer.version < version) answer = null; // the table moved on
    const current = answer && answer.version === version; // (an answer may beat its patch)
    if (current && !answer.shown) {
      answer.shown = true;
      highlight(answer.move);
    }
    if (error && error.version !== version) error = null;
    const button = $("hint-button");
    button.hidden = !allowed();
    button.disabled = asking !== null;
    button.textContent = asking !== null ? t("hints.thinking") : t("hints.ask");
    const box = $("hint-box");
    const text = $("hint-text");
    if (current && myTurn()) {
      // The board's words first: the server's description is the log's (ids, coordinates).
      const words = describe(answer.move) || (answer.description ? label(answer.description) : plainMove(answer.move));
      text.textContent = t("hints.suggestion", { move: words });
      $("hint-play").hidden = false;
      box.hidden = false;
    } else if (error && myTurn()) {
      text.textContent = error.text;
      $("hint-play").hidden = true;
      box.hidden = false;
    } else {
      box.hidden = true;
    }
    loadLog();
  }

  function drawList() {
    const list = $("hinted-moves");
    $("hinted-card").hidden = hinted.length === 0;
    mark(hinted.map((entry) => entry.number), played);
    list.replaceChildren(
      ...hinted.map((entry) => {
        const item = document.createElement("li");
        const badge = document.createElement("span");
        badge.className = "badge hint-mark";
        badge.textContent = t("hints.mark");
        item.append(badge, " ", t("hints.entry", { n: entry.number, name: seatName(entry.seat) }));
        return item;
      }),
    );
  }

  $("hint-button").addEventListener("click", ask);
  $("hint-play").addEventListener("click", () => {
    if (!answer || answer.version !== socket().version) return;
    const move = answer.move;
    answer = null;
    draw();
    play(move);
  });
  $("hint-close").addEventListener("click", () => {
    answer = null;
    error = null;
    draw();
  });
  return { draw, onMessage };
}
