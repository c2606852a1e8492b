// Whether a board draws on the replay page (frames of a finished game, and the review's
// better move) rather than in a live room: every board marks a step's move there instead
// of animating news.

/** True on the replay page. */
export function isReplay() {
  return document.body.dataset.page === "replay";
}
