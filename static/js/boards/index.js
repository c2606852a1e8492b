// Game id -> board module. A game without its own board uses the generic one.
const boards = {
  akropolis: () => import("./akropolis.js"),
  agorapolis: () => import("./agorapolis.js"),
  akrotiri: () => import("./akrotiri.js"),
  attika: () => import("./attika.js"),
};

export async function loadBoard(gameId) {
  const loader = boards[gameId];
  if (loader) return (await loader()).default;
  return (await import("./generic.js")).default;
}
