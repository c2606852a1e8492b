// The server's clock as seen from here: deadlines (expires_at) are server times, and a
// player's clock may be off by minutes. Snapshots carry server_time to correct it.
let offsetSeconds = 0;
let synced = false;

/** Record the server's time (epoch seconds) at the moment a message arrived.
 *
 * A message is read after it was stamped, so each sample is the true offset less that
 * message's latency: the largest sample is the best estimate, and a slow message (a
 * busy server, a reconnect) must not pull the clocks back. A sample more than 5 s off
 * is taken whole: this machine's clock was set. */
export function syncServerTime(serverTime) {
  if (typeof serverTime !== "number") return;
  const sample = serverTime - Date.now() / 1000;
  if (!synced || sample > offsetSeconds || sample < offsetSeconds - 5) offsetSeconds = sample;
  synced = true;
}

/** Now, in server epoch seconds. */
export function serverNow() {
  return Date.now() / 1000 + offsetSeconds;
}
