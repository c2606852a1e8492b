// The server's clock as seen from here: deadlines (expires_at) are server times, and a
// player's clock may be off by minutes. Snapshots carry server_time to correct it.
let offsetSeconds = 0;

/** Record the server's time (epoch seconds) at the moment a message arrived. */
export function syncServerTime(serverTime) {
  if (typeof serverTime === "number") offsetSeconds = serverTime - Date.now() / 1000;
}

/** Now, in server epoch seconds. */
export function serverNow() {
  return Date.now() / 1000 + offsetSeconds;
}
