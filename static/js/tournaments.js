// The tournaments page: the create form (POST /api/tournaments), then on to the new
// tournament's page. The list itself is rendered by the server.
import { api } from "./api.js";
import { t } from "./i18n.js";

export async function start() {
  const form = document.getElementById("create-tournament");
  if (!form) return; // guests and visitors: no form
  const game = form.elements.game;
  const seats = form.elements.seats;
  const fitSeats = () => {
    const option = game.selectedOptions[0];
    seats.min = option.dataset.min;
    seats.max = option.dataset.max;
    seats.value = Math.min(Math.max(Number(seats.value), Number(seats.min)), Number(seats.max));
  };
  game.addEventListener("change", fitSeats);
  fitSeats();
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const data = new FormData(form);
    const format = data.get("format");
    try {
      const body = {
        game: data.get("game"),
        seats: Number(data.get("seats")),
        format,
        options: {},
        rated: data.get("rated") === "on",
        private: data.get("private") === "on",
      };
      if (format === "swiss") body.rounds = Number(data.get("rounds"));
      if (format === "arena") body.duration_minutes = Number(data.get("duration_minutes"));
      const made = await api("POST", "/api/tournaments", body);
      window.location.href = made.invite_url || made.url;
    } catch (error) {
      document.getElementById("create-error").textContent = t("tournament.error", { message: error.message });
    }
  });
}
