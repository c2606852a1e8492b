// Challenges (app/social/challenges.py): the profile page's "Challenge" form, and the
// My games page's list of challenges to answer (accept, decline) or waiting (cancel).
import { api } from "./api.js";
import { label, t } from "./i18n.js";

const $ = (id) => document.getElementById(id);

/** Wait for the answer to a sent challenge; accepted, go to the game. */
async function follow(id, status) {
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 2000));
    let seen;
    try {
      seen = await api("GET", `/api/challenges/${id}`);
    } catch {
      continue; // offline for a moment
    }
    if (seen.status === "accepted" && seen.room_id) {
      window.location.assign(`/r/${seen.room_id}`);
      return;
    }
    if (seen.status !== "open") {
      status.textContent = t(`challenge.status.${seen.status}`);
      return;
    }
  }
}

/** The profile page: send a challenge, then wait for the answer. */
export function start() {
  const form = $("challenge-form");
  if (!form) return;
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const error = form.querySelector(".error");
    error.textContent = "";
    try {
      const made = await api("POST", "/api/challenges", {
        to: form.dataset.to,
        game: new FormData(form).get("game"),
        options: {},
      });
      $("challenge-status").textContent = t("challenge.sent");
      follow(made.id, $("challenge-status"));
    } catch (failure) {
      error.textContent = failure.message;
    }
  });
}

/** The My games page: challenges to answer, and those waiting for an answer. */
export async function drawChallenges() {
  const box = $("challenges");
  if (!box) return;
  let data;
  try {
    data = await api("GET", "/api/challenges");
  } catch {
    return;
  }
  const list = $("challenge-list");
  list.replaceChildren();
  box.hidden = !data.incoming.length && !data.outgoing.length;
  for (const challenge of data.incoming) list.append(line(challenge, true));
  for (const challenge of data.outgoing) list.append(line(challenge, false));
}

function line(challenge, incoming) {
  const item = document.createElement("li");
  item.dataset.testid = incoming ? "challenge-in" : "challenge-out";
  const text = document.createElement("span");
  text.textContent = incoming
    ? t("challenge.from", { name: challenge.from.name, game: label(challenge.game_name) })
    : t("challenge.to", { name: challenge.to.name, game: label(challenge.game_name) });
  item.append(text);
  const act = (label, path, primary) => {
    const button = document.createElement("button");
    button.type = "button";
    button.textContent = label;
    if (!primary) button.className = "secondary";
    button.addEventListener("click", async () => {
      try {
        const answer = await api("POST", `/api/challenges/${challenge.id}/${path}`);
        if (answer.room_id) window.location.assign(`/r/${answer.room_id}`);
        else drawChallenges();
      } catch (failure) {
        text.textContent = failure.message;
      }
    });
    item.append(button);
  };
  if (incoming) {
    act(t("challenge.accept"), "accept", true);
    act(t("challenge.decline"), "decline", false);
  } else {
    act(t("challenge.cancel"), "decline", false); // accepted, it leaves this list for My games
  }
  return item;
}
