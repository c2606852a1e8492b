// The profile page: challenge the player (challenges.js), follow or block them (follows.js).
import { start as startChallenges } from "./challenges.js";
import { start as startFollows } from "./follows.js";

export function start() {
  startChallenges();
  startFollows();
}
