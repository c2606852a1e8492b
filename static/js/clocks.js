// Seat clocks (room option "clock"): the server's clocks ticking here, corrected by
// server_time (see clock.js). A running clock shows expires_at - serverNow(); a stopped
// one its remaining seconds. Under the low-time mark the clock turns red and says so once.
import { serverNow } from "./clock.js";
import { t } from "./i18n.js";

/** "m:ss" for a live clock, "2d 3h" / "5h 12m" for turn-based allowances. */
export function formatClock(seconds, mode) {
  const s = Math.max(0, Math.ceil(seconds));
  if (mode === "turn" && s >= 3600) {
    const days = Math.floor(s / 86400);
    const hours = Math.floor((s % 86400) / 3600);
    return days ? `${days}${t("clock.d")} ${hours}${t("clock.h")}` : `${hours}${t("clock.h")} ${Math.floor((s % 3600) / 60)}${t("clock.m")}`;
  }
  const minutes = Math.floor(s / 60);
  return `${minutes}:${String(s % 60).padStart(2, "0")}`;
}

export function secondsLeft(entry) {
  if (entry.running && entry.expires_at) return Math.max(0, entry.expires_at - serverNow());
  return Math.max(0, entry.remaining);
}

/** A clock element for one seat (or null when the room is untimed). */
export function seatClock(view, position) {
  const clock = view?.clock;
  const entry = clock?.seats?.[position];
  if (!entry) return null;
  const span = document.createElement("span");
  span.className = "seat-clock";
  span.dataset.testid = `clock-${position}`;
  span.setAttribute("data-testid", `clock-${position}`);
  span.dataset.mode = clock.mode;
  span.dataset.low = String(clock.low_seconds);
  span.dataset.remaining = String(entry.remaining);
  span.dataset.expires = entry.running && entry.expires_at ? String(entry.expires_at) : "";
  span.title = t("clock.title");
  tick(span);
  return span;
}

function tick(span) {
  const expires = Number(span.dataset.expires);
  const left = span.dataset.expires ? Math.max(0, expires - serverNow()) : Number(span.dataset.remaining);
  span.textContent = formatClock(left, span.dataset.mode);
  span.classList.toggle("running", Boolean(span.dataset.expires));
  const low = Boolean(span.dataset.expires) && left <= Number(span.dataset.low);
  if (low && !span.classList.contains("low")) span.setAttribute("aria-label", t("clock.low"));
  span.classList.toggle("low", low);
}

let timer = null;

/** Keep every seat clock on the page ticking (one interval for all). */
export function startTicking() {
  if (timer !== null) return;
  timer = setInterval(() => document.querySelectorAll(".seat-clock").forEach(tick), 250);
}
