// What players ask the table: take back a move (safe undo) and play again (rematch).
// The server decides; this draws the buttons and the other players' requests.
import { api } from "./api.js";
import { t } from "./i18n.js";

const $ = (id) => document.getElementById(id);

export function tableRequests({ roomId, code, getSocket, mySeat, seatName, showError }) {
  const requests = { undo: null, rematch: null };
  const pushed = new Set(); // kinds a socket message has set (load() must not undo them)
  let myMoveVersion = -1; // the version my last acknowledged move made, if the rules let
  // it be taken back (the ack says: a move that drew or revealed something never shows the button)
  let lastMove = null; // {seat, version, undoable} from the server, for a reloaded page
  let leaving = false;
  const query = code ? `?code=${encodeURIComponent(code)}` : "";

  async function load() {
    try {
      const answer = await api("GET", `/api/rooms/${roomId}/requests${query}`);
      // A request pushed while this was on its way is newer than the answer.
      if (!pushed.has("undo")) requests.undo = answer.undo;
      if (!pushed.has("rematch")) requests.rematch = answer.rematch;
      lastMove = answer.last_move; // after a reload: whose move is still the last in force
    } catch {
      // Requests are a convenience: the game goes on without them.
    }
    draw();
  }

  function onMessage(message) {
    if (message.type === "ack") myMoveVersion = message.undoable ? message.version : -1;
    else if (message.type === "request" && message.request) {
      requests[message.request.kind] = message.request;
      pushed.add(message.request.kind);
    }
    else return;
    draw();
  }

  async function post(path) {
    showError("");
    try {
      const answer = await api("POST", `/api/rooms/${roomId}/${path}`);
      const request = answer.request || (answer.kind ? answer : null);
      if (request) requests[request.kind] = request;
    } catch (error) {
      showError(refusal(error));
    }
    draw();
  }

  /** The refusal in the player's words (the server's message when there are none). */
  function refusal(error) {
    const key = `table.refused.${error.code}`;
    const text = t(key);
    return text === key ? error.message : text;
  }

  /** The request to show: an open undo at this version, or a rematch once the game ended. */
  function current(room, version) {
    const { undo, rematch } = requests;
    if (undo && undo.version === version && room.status === "playing") return undo;
    if (rematch && room.status === "finished") return rematch;
    return null;
  }

  function draw() {
    const socket = getSocket();
    const room = socket.room;
    if (!room) return;
    const seat = mySeat();
    $("rated-badge").textContent =
      room.status === "waiting"
        ? room.options.rated ? t("table.rated_if") : t("table.casual")
        : room.rated ? t("table.rated") : t("table.casual");
    const shown = current(room, socket.version);
    const open = shown?.status === "open";
    const mine =
      myMoveVersion === socket.version ||
      (lastMove?.seat === seat && lastMove?.version === socket.version && lastMove?.undoable === true);
    $("undo-button").hidden = !(room.status === "playing" && seat !== null && mine && !(open && shown.kind === "undo"));

    const finished = room.status === "finished";
    const rematch = requests.rematch;
    $("after-game").hidden = !finished;
    $("rematch-button").hidden = seat === null || ["open", "accepted"].includes(rematch?.status);
    const ready = finished && rematch?.status === "accepted" && rematch.new_room;
    $("rematch-link").hidden = !ready;
    if (ready) {
      $("rematch-link").querySelector("a").href = `/r/${rematch.new_room}`;
      if (seat !== null && !leaving) {
        leaving = true; // everyone seated moves to the new table
        window.location.assign(`/r/${rematch.new_room}`);
      }
    }

    const box = $("table-request");
    const accept = $("request-accept");
    const decline = $("request-decline");
    accept.hidden = decline.hidden = true;
    box.hidden = !shown || !["open", "declined"].includes(shown.status);
    if (box.hidden) return;
    box.dataset.kind = shown.kind;
    box.dataset.status = shown.status;
    const name = seatName(shown.seat);
    if (shown.status === "declined") {
      $("table-request-text").textContent = t(`table.${shown.kind}_declined`);
    } else if (shown.seat === seat) {
      $("table-request-text").textContent = t(`table.${shown.kind}_asked_self`);
      decline.textContent = t("table.withdraw");
      decline.hidden = false;
    } else {
      const voted = seat === null || String(seat) in shown.votes;
      $("table-request-text").textContent =
        t(`table.${shown.kind}_asked`, { name }) + (voted ? ` ${t("table.waiting_answers")}` : "");
      decline.textContent = t("table.decline");
      accept.hidden = decline.hidden = voted;
    }
    accept.onclick = () => post(`${shown.kind}/accept`);
    decline.onclick = () => post(`${shown.kind}/decline`);
  }

  $("undo-button").addEventListener("click", () => post("undo"));
  $("rematch-button").addEventListener("click", () => post("rematch"));
  load();
  return { onMessage, draw };
}
