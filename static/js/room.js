// The room page: seats and host actions, the board, turn, result, chat, fairness.
import { api } from "./api.js";
import { botBadge, roomChat } from "./chat.js";
import { serverNow } from "./clock.js";
import { seatClock, startTicking } from "./clocks.js";
import { loadBoard } from "./boards/index.js";
import { label, t } from "./i18n.js";
import { hintPanel } from "./hints.js";
import { optionField, readOptions } from "./options.js";
import { resultPanel } from "./result.js";
import { setupRulesDrawer } from "./rules/drawer.js";
import { RoomSocket, expandMoves } from "./socket.js";
import { tableRequests } from "./table.js";

const $ = (id) => document.getElementById(id);

export async function start() {
  const root = $("room");
  const roomId = root.dataset.room;
  const code = root.dataset.code;
  const userId = root.dataset.user;
  const board = await loadBoard(root.dataset.game);
  let legalMoves = [];
  let legalVersion = -1;
  let refusedAt = null; // the version a move refusal was shown at (cleared once the room moves on)
  let presence = { seats: [], spectators: 0 };
  let thinking = { seat: null, version: -1 }; // a bot searching for its move (until the next version)

  // The chat lines of players this account blocked are not shown (a block: "they cannot
  // message you"); read before the chat's history is drawn.
  const blocked = root.dataset.account
    ? await api("GET", "/api/me/blocked").catch(() => [])
    : [];
  const chat = roomChat({
    list: $("chat"),
    hiddenAuthors: new Set(blocked.map((person) => person.id)),
    roomId,
    code,
    userId,
    isModerator: () => socket.room?.host_id === userId || root.dataset.admin === "true",
    hostId: () => socket.room?.host_id,
    showError: showRefusal,
  });
  const drawResult = resultPanel({ board, boardContext, seatName, getRoom: () => socket.room, roomId, code });

  const socket = new RoomSocket(roomId, {
    code,
    onStatus: (status) => {
      $("conn").textContent = t(`room.${status}`);
      $("conn").dataset.status = status;
    },
    onState: (_socket, message) => {
      // A refusal is about the board it was made on: once the room moves on it would
      // only confuse (and a finished game kept showing a refusal from its last turns).
      if (refusedAt !== null && socket.version > refusedAt) {
        $("room-error").textContent = "";
        refusedAt = null;
      }
      // The server sends the seat to act its moves with the view: no need to ask.
      if (message.legal_moves) {
        legalMoves = expandMoves(message.legal_moves);
        legalVersion = message.version;
      }
      refresh();
    },
    onMessage: (message) => {
      if (hints.onMessage(message)) return;
      if (message.type === "legal_moves") {
        legalMoves = expandMoves(message);
        legalVersion = message.version;
        drawBoard();
      } else if (message.type === "error") {
        const chatRefusal = ["muted", "rate_limited"].includes(message.code);
        // A move chosen on a board that has since changed (a patch crossed it, or a move
        // resent after a reconnect): the board already shows the new state, and the
        // server's "made on version 12" says nothing to a player.
        if (message.code !== "stale_version") {
          showRefusal(chatRefusal ? message.message : moveRefusal(message), { move: !chatRefusal });
          refusedAt = chatRefusal ? null : socket.version;
        }
        // A refused move cleared the offered moves: ask again so the player can retry.
        const seat = mySeat();
        if (socket.view && seat !== null && socket.view.to_act.includes(seat)) socket.legalMoves();
        drawBoard();
      } else if (message.type === "chat") {
        chat.add(message);
      } else if (message.type === "chat_deleted") {
        chat.remove(message.id);
      } else if (message.type === "presence") {
        presence = message;
        drawSeats();
      } else if (message.type === "thinking") {
        thinking = { seat: message.seat, version: socket.version };
        drawSeats();
      }
      table.onMessage(message);
    },
  });
  const hints = hintPanel({
    roomId,
    code,
    getSocket: () => socket,
    mySeat,
    seatName,
    play: (move) => boardContext().onMove(move),
    describe: (move) => board.describeMove?.(move) ?? null,
    highlight: (move) => board.showHint?.(move),
    mark: (numbers, played) => board.markHinted?.(numbers, played),
  });
  const table = tableRequests({
    roomId,
    code,
    getSocket: () => socket,
    mySeat,
    seatName,
    showError: showRefusal,
  });

  /** A refused move in the player's words: the rules' own reason is written for
   * programs (English, with the game's ids), so it goes to the console, not the page. */
  function moveRefusal(message) {
    const key = `room.refused.${message.code}`;
    const text = t(key);
    console.info("move refused:", message.code, message.message);
    return text === key ? t("room.refused.other") : text;
  }

  /** A message above the board; a move's refusal only where the board has no action bar of
   * its own to show it in, beside the control the player used (it gets ctx.error). */
  function showRefusal(text, { move = false } = {}) {
    $("room-error").textContent = text;
    $("room-error").hidden = move && Boolean(board.showsRefusals);
  }

  function mySeat() {
    return socket.room?.seats.find((seat) => seat.user_id && seat.user_id === userId)?.position ?? null;
  }

  function refresh() {
    const room = socket.room;
    if (!room) return;
    drawSeats();
    drawLobby();
    drawOptions();
    drawFairness();
    const view = socket.view;
    const seat = mySeat();
    if (view && seat !== null && view.to_act.includes(seat) && legalVersion !== socket.version) {
      legalMoves = [];
      socket.legalMoves();
    }
    drawTurn();
    drawBoard();
    drawResult(socket.view?.result);
    table.draw();
    hints.draw();
  }

  function seatName(position) {
    return socket.room.seats[position]?.name || t("seat.label", { n: position + 1 });
  }

  function drawSeats() {
    const room = socket.room;
    if (!room) return;
    const list = $("seats");
    list.replaceChildren();
    for (const seat of room.seats) {
      const item = document.createElement("li");
      item.dataset.seat = String(seat.position);
      const online = presence.seats.includes(seat.position);
      const parts = [seat.name || t("room.open_seat")];
      if (seat.user_id && seat.user_id === userId) parts.push(`(${t("room.you")})`);
      if (seat.user_id && seat.user_id === room.host_id) parts.push(`· ${t("room.host")}`);
      if (seat.reclaimable) parts.push(`· ${t("room.time_out")}`);
      else if (seat.bot) {
        const level = ["easy", "medium", "hard"].includes(seat.bot) ? ` (${t(`room.bot_${seat.bot}`)})` : "";
        parts.push(`· ${t("room.bot")}${level}`);
      }
      if (seat.bot && thinking.seat === seat.position && thinking.version === socket.version) {
        parts.push(`· ${t("room.thinking")}`);
      }
      item.textContent = parts.join(" ");
      if (seat.bot_account) item.prepend(botBadge(), " ");
      const clock = room.status === "playing" ? seatClock(socket.view, seat.position) : null;
      if (clock) item.append(" ", clock);
      const away = awaySeconds(seat, online);
      if (away !== null) {
        const note = document.createElement("span");
        note.className = "away";
        note.textContent = ` · ${t("room.away")}`;
        item.append(note);
        const grace = Number(root.dataset.absenceGrace || 60);
        if (away >= grace && mySeat() !== null && mySeat() !== seat.position) {
          const hand = document.createElement("button");
          hand.type = "button";
          hand.className = "link";
          hand.setAttribute("data-testid", `hand-to-bot-${seat.position}`);
          hand.textContent = t("room.hand_to_bot");
          hand.addEventListener("click", () => act("hand-to-bot", { seat: seat.position }));
          item.append(" ", hand);
        }
      }
      if (seat.reclaimable && seat.away_user_id === userId && mySeat() === null) {
        const reclaim = document.createElement("button");
        reclaim.type = "button";
        reclaim.className = "reclaim";
        reclaim.dataset.testid = "reclaim-button";
        reclaim.setAttribute("data-testid", "reclaim-button");
        reclaim.textContent = t("room.reclaim");
        reclaim.addEventListener("click", async () => {
          await act("reclaim");
          socket.ws.close(); // reconnect to be seated on the socket too
        });
        item.append(" ", reclaim);
      }
      if (seat.kind === "player") {
        const dot = document.createElement("span");
        dot.className = online ? "dot on" : "dot";
        dot.title = online ? t("room.online") : t("room.offline");
        item.prepend(dot);
      }
      if (socket.view?.to_act.includes(seat.position)) item.classList.add("acting");
      const canKick = room.status === "waiting" && room.host_id === userId && seat.kind !== "open";
      if (canKick && seat.user_id !== userId) {
        const kick = document.createElement("button");
        kick.type = "button";
        kick.className = "link kick";
        kick.textContent = t("room.kick");
        kick.addEventListener("click", () => act("kick", { seat: seat.position }));
        item.append(" ", kick);
      }
      list.append(item);
    }
    $("spectators").textContent = presence.spectators ? t("room.spectators", { count: presence.spectators }) : "";
  }

  /** Seconds a live game's player has been on their turn with no socket; null if not away. */
  function awaySeconds(seat, online) {
    const entry = socket.view?.clock?.seats?.[seat.position];
    if (online || seat.kind !== "player" || socket.view?.clock?.mode !== "live") return null;
    if (!entry?.running || !entry.expires_at) return null;
    return Math.max(0, serverNow() - (entry.expires_at - entry.remaining));
  }

  function drawLobby() {
    const room = socket.room;
    const waiting = room.status === "waiting";
    const seat = mySeat();
    const isHost = room.host_id === userId;
    // Only while the table fills: a refusal during the game shows above the board, not in
    // a stray "Waiting for players… Leave" box (issue 43).
    $("lobby-panel").hidden = !waiting;
    $("join-button").hidden = !waiting || seat !== null || !userId || room.seats.every((s) => s.kind !== "open");
    $("bot-choice").hidden = !waiting || !isHost || room.seats.every((s) => s.kind !== "open");
    $("start-button").hidden = !waiting || !isHost;
    $("start-button").disabled = room.seats.some((s) => s.kind === "open");
    $("leave-button").hidden = seat === null || room.status === "finished";
    if (seat !== null && room.private !== undefined) {
      const url = `${location.origin}/r/${room.id}?code=${encodeURIComponent(code || "")}`;
      $("invite-box").hidden = !waiting || !code;
      $("invite-url").value = url;
    }
  }

  const gameInfo = JSON.parse($("game-data").textContent);
  let optionsShownFor = "";

  /** The host edits seats and options before the start; fields follow the room's values. */
  function drawOptions() {
    const room = socket.room;
    const form = $("options-form");
    form.hidden = room.status !== "waiting" || room.host_id !== userId;
    if (form.hidden) return;
    const current = JSON.stringify([room.seat_count, room.options]);
    if (current === optionsShownFor || form.contains(document.activeElement)) return;
    optionsShownFor = current;
    $("options-seats").value = room.seat_count;
    $("options-fields").replaceChildren(
      ...gameInfo.options.map((option) => optionField(option, room.options[option.name])),
    );
  }

  function drawTurn() {
    const view = socket.view;
    const turn = $("turn");
    if (!view) {
      turn.textContent = "";
      return;
    }
    if (view.result) {
      turn.textContent = t("room.game_over");
      return;
    }
    const seat = mySeat();
    if (seat !== null && view.to_act.includes(seat)) {
      turn.textContent = t("room.your_turn");
      turn.classList.add("mine");
    } else {
      turn.textContent = t("room.waiting_for", { names: view.to_act.map(seatName).join(", ") });
      turn.classList.remove("mine");
    }
  }

  /** What a board is given to draw (docs/boards.md). */
  function boardContext() {
    const view = socket.view;
    const seat = mySeat();
    return {
      view,
      seat,
      room: socket.room,
      // The page says "Game over" above the board (and who won in the result panel): a
      // board leaves its own end label and final table out, which a replay's board keeps.
      headline: true,
      // The seat's colour in the game's palette: a rematch rotates seats, not colours.
      colour: (position) => socket.room?.seats[position]?.colour ?? position,
      legalMoves: legalVersion === socket.version ? legalMoves : [],
      canMove: Boolean(view && !view.result && seat !== null && view.to_act.includes(seat)),
      error: $("room-error").textContent || null,
      onMove: (move) => {
        $("room-error").textContent = "";
        legalMoves = [];
        drawBoard();
        socket.move(move);
      },
    };
  }

  function drawBoard() {
    board.render($("board"), boardContext());
  }

  function drawFairness() {
    const room = socket.room;
    $("seed-hash").textContent = room.seed_hash || "—";
    $("seed-line").hidden = !room.seed;
    $("replay-line").hidden = !room.seed;
    if (room.seed) {
      $("seed").textContent = room.seed;
      $("replay-link").href = `/r/${room.id}/replay${code ? `?code=${encodeURIComponent(code)}` : ""}`;
    }
  }

  async function act(path, body) {
    $("room-error").textContent = "";
    try {
      const room = await api("POST", `/api/rooms/${roomId}/${path}`, body);
      socket.room = room;
      refresh();
    } catch (error) {
      showRefusal(error.message);
    }
  }

  $("options-form").addEventListener("submit", (event) => {
    event.preventDefault();
    optionsShownFor = "";
    act("options", { seats: Number($("options-seats").value), options: readOptions($("options-fields")) });
  });
  $("join-button").addEventListener("click", async () => {
    await act("join", { invite_code: code || null });
    socket.ws.close(); // reconnect to be seated on the socket too
  });
  $("bot-button").addEventListener("click", () => act("bots", { bot: $("bot-level").value }));
  $("start-button").addEventListener("click", () => act("start"));
  $("leave-button").addEventListener("click", async () => {
    await act("leave");
    window.location.href = "/";
  });
  $("copy-invite").addEventListener("click", async () => {
    await navigator.clipboard?.writeText($("invite-url").value).catch(() => {});
    $("copy-invite").textContent = t("room.copied");
  });
  $("chat-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const text = $("chat-input").value.trim();
    // A line typed while the socket reconnects stays in the box (the status shows why),
    // rather than vanishing unsent.
    if (text && !socket.chat(text)) return;
    $("chat-input").value = "";
  });
  $("verify-button").addEventListener("click", async () => {
    const query = code ? `?code=${encodeURIComponent(code)}` : "";
    const result = await api("GET", `/api/rooms/${roomId}/verify${query}`);
    $("verify-result").textContent = result.verified && result.seed_matches_hash ? t("room.verified") : t("room.not_verified");
  });
  setupRulesDrawer();
  startTicking();
  setInterval(() => socket.view?.clock?.mode === "live" && drawSeats(), 5000); // "away" marks
  window.agoraRoom = { socket, label };
}
