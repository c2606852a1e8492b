// Lobby: guest form, create-room form built from each game's option schema, room list.
import { api } from "./api.js";
import { t } from "./i18n.js";
import { optionField, readOptions } from "./options.js";

const $ = (id) => document.getElementById(id);

function roomItem(room) {
  const item = document.createElement("li");
  item.dataset.room = room.id;
  const link = document.createElement("a");
  link.href = `/r/${room.id}`;
  const names = room.seats.map((seat) => seat.name).join(", ");
  link.textContent = `${room.game} · ${room.seats.length}/${room.seat_count} · ${names}`;
  const status = document.createElement("span");
  status.className = `badge ${room.status}`;
  status.textContent = t(`lobby.status.${room.status}`);
  const action = document.createElement("a");
  action.href = `/r/${room.id}`;
  action.className = "button small";
  action.textContent = room.status === "waiting" ? t("lobby.join") : t("lobby.watch");
  item.append(status, " ", link, " ", action);
  return item;
}

async function refreshRooms() {
  const rooms = await api("GET", "/api/rooms");
  const waiting = rooms.filter((room) => room.status === "waiting");
  const playing = rooms.filter((room) => room.status === "playing");
  const empty = document.createElement("li");
  empty.className = "hint";
  empty.textContent = t("lobby.none");
  $("room-list").replaceChildren(...(waiting.length ? waiting.map(roomItem) : [empty]));
  $("playing-list").replaceChildren(...playing.map(roomItem));
}

export function start() {
  const games = JSON.parse($("games-data").textContent);
  const form = $("create-form");
  if (form) {
    const select = $("game-select");
    const seats = $("seats-input");
    const showOptions = () => {
      const game = games.find((g) => g.id === select.value);
      if (!game) return;
      seats.min = game.min_seats;
      seats.max = game.max_seats;
      seats.value = Math.min(Math.max(Number(seats.value), game.min_seats), game.max_seats);
      $("game-options").replaceChildren(...game.options.map((option) => optionField(option)));
      showSoloOptions();
    };
    // Akropolis: the Architect's level only matters solo; the long game is refused with 4 seats.
    const showSoloOptions = () => {
      if (select.value !== "akropolis") return;
      const count = Number(seats.value);
      for (const field of $("game-options").querySelectorAll("[data-option=architect_level]")) {
        field.style.display = count === 1 ? "" : "none";
      }
      for (const field of $("game-options").querySelectorAll("[data-option=long_game]")) {
        field.style.display = count >= 4 ? "none" : "";
        if (count >= 4) field.querySelector("input").checked = false;
      }
    };
    seats.addEventListener("input", showSoloOptions);
    select.addEventListener("change", showOptions);
    showOptions();
    form.addEventListener("submit", async (event) => {
      event.preventDefault();
      $("create-error").textContent = "";
      try {
        const room = await api("POST", "/api/rooms", {
          game: select.value,
          seats: Number(seats.value),
          options: readOptions($("game-options")),
          private: $("private-input").checked,
        });
        window.location.href = `/r/${room.id}?code=${encodeURIComponent(room.invite_code)}`;
      } catch (error) {
        $("create-error").textContent = error.message;
      }
    });
  }
  refreshRooms();
  setInterval(refreshRooms, 5000);
}
