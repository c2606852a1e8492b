// Follows and blocks (app/social/follows.py, app/social/blocks.py): the profile page's
// Follow and Block buttons, and the My games page's "Following" list (who is at a table
// now, with a link to watch it).
import { api } from "./api.js";
import { t } from "./i18n.js";

const $ = (id) => document.getElementById(id);

function refusal(failure) {
  return failure.code === "blocked" ? t("follows.refused.blocked") : t("follows.refused.other");
}

/** The profile page: Follow/Unfollow and Block/Unblock, each an idempotent call. */
export function start() {
  const box = $("relation");
  if (!box) return;
  const path = `/api/users/${encodeURIComponent(box.dataset.name)}`;
  const name = box.dataset.display;
  const follow = $("follow-button");
  const block = $("block-button");
  const status = $("relation-status");
  const show = (following, blocked) => {
    follow.textContent = t(following ? "follows.unfollow" : "follows.follow");
    follow.setAttribute("aria-pressed", String(following));
    follow.disabled = blocked; // blocking removed the follow; unblock first
    block.textContent = t(blocked ? "follows.unblock" : "follows.block");
    block.setAttribute("aria-pressed", String(blocked));
    const challenge = $("challenge-form");
    if (challenge) challenge.hidden = blocked;
  };
  const toggle = async (button, what, done, undone) => {
    const on = button.getAttribute("aria-pressed") === "true";
    button.disabled = true;
    try {
      const answer = await api(on ? "DELETE" : "POST", `${path}/${what}`);
      const now = answer[what === "follow" ? "following" : "blocked"];
      const blocked = what === "block" ? now : block.getAttribute("aria-pressed") === "true";
      const following = what === "follow" ? now : false; // a block ends the follow
      show(following, blocked);
      status.textContent = t(now ? done : undone, { name });
    } catch (failure) {
      status.textContent = refusal(failure);
    } finally {
      block.disabled = false;
      follow.disabled = block.getAttribute("aria-pressed") === "true";
    }
  };
  follow.addEventListener("click", () =>
    toggle(follow, "follow", "follows.now_following", "follows.not_following"),
  );
  block.addEventListener("click", () =>
    toggle(block, "block", "follows.now_blocked", "follows.not_blocked"),
  );
}

/** The My games page: the players followed, online first, with a link to their table. */
export async function drawFollowing() {
  const list = $("following-list");
  if (!list) return;
  let people;
  try {
    people = await api("GET", "/api/me/following");
  } catch {
    return; // offline for a moment: the next look redraws
  }
  list.replaceChildren(...people.map(line));
  $("following-empty").hidden = people.length > 0;
  const online = people.filter((person) => person.online).length;
  $("following-count").textContent = people.length ? `· ${t("follows.count", { n: online })}` : "";
}

function line(person) {
  const item = document.createElement("li");
  item.dataset.testid = "followed";
  item.dataset.name = person.name;
  item.dataset.online = String(person.online);
  const text = document.createElement("span");
  const link = document.createElement("a");
  link.href = `/u/${encodeURIComponent(person.name)}`;
  link.textContent = person.display_name || person.name;
  const where = person.room_id
    ? t("follows.playing")
    : t(person.online ? "follows.online" : "follows.offline");
  text.append(link, person.bot ? " (BOT)" : "", ` — ${where}`);
  item.append(text);
  if (person.room_id) {
    const watch = document.createElement("a");
    watch.className = "button";
    watch.href = `/r/${person.room_id}`;
    watch.textContent = t("follows.watch");
    watch.setAttribute("aria-label", t("follows.watch_label", { name: link.textContent }));
    watch.dataset.testid = "watch";
    item.append(watch);
  }
  return item;
}
