// RoomSocket: snapshot + versioned patches, resync on gap, reconnect with backoff,
// move acks, presence and chat. The client never decides legality.
import { syncServerTime } from "./clock.js";
import { applyPatch } from "./patch.js";

// Waiting on others with nothing heard for this long, ask for the room again: a patch
// lost between server processes must not leave a player waiting for a turn that came.
const SILENCE_MS = 20000;

export class RoomSocket {
  constructor(roomId, { code = "", onState, onMessage, onStatus } = {}) {
    this.roomId = roomId;
    this.code = code;
    this.onState = onState || (() => {});
    this.onMessage = onMessage || (() => {});
    this.onStatus = onStatus || (() => {});
    this.version = -1;
    this.view = null;
    this.seat = null;
    this.room = null;
    this.attempt = 0;
    this.nextId = 1;
    this.pending = new Map();
    this.closed = false;
    this.heardAt = Date.now();
    this.watchdog = setInterval(() => this.checkSilence(), SILENCE_MS / 4);
    this.connect();
  }

  /** Waiting on another seat and silent too long: a snapshot (one's own turn is left
   * alone, so a player choosing a move keeps their selection). */
  checkSilence() {
    if (Date.now() - this.heardAt < SILENCE_MS) return;
    const view = this.view;
    if (!view || view.result || this.room?.status !== "playing") return;
    if (this.seat !== null && this.seat !== undefined && view.to_act.includes(this.seat)) return;
    this.heardAt = Date.now();
    this.send({ type: "snapshot" });
  }

  url() {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const query = this.code ? `?code=${encodeURIComponent(this.code)}` : "";
    return `${scheme}://${location.host}/ws/rooms/${this.roomId}${query}`;
  }

  connect() {
    this.onStatus(this.attempt ? "reconnecting" : "connecting");
    const ws = new WebSocket(this.url());
    this.ws = ws;
    ws.onopen = () => {
      this.attempt = 0;
      this.onStatus("connected");
    };
    ws.onmessage = (event) => {
      this.heardAt = Date.now();
      this.handle(JSON.parse(event.data));
    };
    ws.onclose = (event) => {
      if (event.code === 4003) {
        this.closed = true; // banned: the server closed this socket for good
        this.onStatus("banned");
      }
      if (this.closed) return;
      this.onStatus("reconnecting");
      // Exponential backoff with jitter, capped at 10 s.
      const delay = Math.min(10000, 300 * 2 ** this.attempt) * (0.5 + Math.random() / 2);
      this.attempt += 1;
      setTimeout(() => this.connect(), delay);
    };
  }

  close() {
    this.closed = true;
    clearInterval(this.watchdog);
    this.ws?.close();
  }

  /** Send when the socket is open; false when it is not (the caller keeps what it sent). */
  send(message) {
    if (this.ws?.readyState !== WebSocket.OPEN) return false;
    this.ws.send(JSON.stringify(message));
    return true;
  }

  handle(message) {
    switch (message.type) {
      case "snapshot":
        syncServerTime(message.server_time);
        this.version = message.version;
        this.view = message.view;
        this.seat = message.seat;
        this.room = message.room;
        this.onState(this, message);
        // Unanswered moves again, each with the version it was chosen at: a move made for
        // a room that has moved on since is refused (stale_version), never played later.
        for (const [id, sent] of this.pending) this.send({ type: "move", id, ...sent });
        break;
      case "patch":
        if (message.version <= this.version) return;
        if (message.version !== this.version + 1) {
          this.send({ type: "snapshot" });
          return;
        }
        this.view = applyPatch(this.view, message.ops);
        this.version = message.version;
        syncServerTime(message.server_time);
        this.onState(this, message);
        break;
      case "ack":
        this.pending.delete(message.id);
        this.onMessage(message);
        break;
      case "error":
        if (message.id !== undefined) this.pending.delete(message.id);
        if (message.code === "banned") {
          this.closed = true; // reconnecting cannot help
          this.onStatus("banned");
        }
        this.onMessage(message);
        break;
      case "room":
        this.room = message.room;
        this.onState(this, message);
        // A seat change in a running game (a bot takes over, a player comes back) may
        // change the clocks of the same version: get the view again.
        if (message.room?.status === "playing" && this.view?.clock) this.send({ type: "snapshot" });
        break;
      default:
        this.onMessage(message);
    }
  }

  /** Send a move; it is re-sent after a reconnect until the server answers. */
  move(move) {
    const id = `c${Date.now().toString(36)}-${this.nextId++}`;
    const sent = { move, version: this.version };
    this.pending.set(id, sent);
    this.send({ type: "move", id, ...sent });
    return id;
  }

  legalMoves() {
    // Games with a long list (Akropolis) answer a product, 4x smaller: see expandMoves.
    this.send({ type: "legal_moves", compact: true });
  }

  /** Send a chat line; false while the socket is closed (the line is not queued). */
  chat(text) {
    return this.send({ type: "chat", text });
  }
}

/** The moves of a `legal_moves` answer: its list, or its compact product expanded
 * (`{keys, rows, each: {key: values}}`, all rows for each value in turn). */
export function expandMoves(message) {
  if (message.moves) return message.moves;
  if (message.compact.groups) return expandTable(message.compact);
  const { keys, rows, each } = message.compact;
  const moves = [];
  for (const [key, values] of Object.entries(each)) {
    for (const value of values) {
      for (const row of rows) {
        const move = {};
        keys.forEach((name, index) => (move[name] = row[index]));
        move[key] = value;
        moves.push(move);
      }
    }
  }
  return moves;
}

/** The table form (app/games/compact.py `table_form`): each row is its group's template
 * move with the group's paths set to the row's leaves. */
function expandTable({ groups, rows }) {
  return rows.map(([index, ...leaves]) => {
    const { move, paths } = groups[index];
    const copy = structuredClone(move);
    paths.forEach((path, k) => {
      let target = copy;
      for (const step of path.slice(0, -1)) target = target[step];
      target[path[path.length - 1]] = leaves[k];
    });
    return copy;
  });
}
