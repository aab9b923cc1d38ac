// Starting a game against the computer in one step, from any page: the
// person's remembered name (or a guest name given once and kept on this
// device), bots in the other seats, the table made and started, and the
// browser sent to the first decision, with no waiting room.
import { api, lang, tokens } from "/static/common.js";

const NAME_KEY = "vitrine:name";
const CHOICES_KEY = "vitrine:quick";
const GUEST = { en: "Guest {n}", fr: "Invité {n}" };

/** The name this device plays under: the one typed last, else a guest name kept from now on. */
export function playerName() {
  let name = localStorage.getItem(NAME_KEY);
  if (!name) {
    const n = 1000 + Math.floor(Math.random() * 9000);
    name = GUEST[lang()].replace("{n}", String(n));
    localStorage.setItem(NAME_KEY, name);
  }
  return name;
}

/** Keep the name a person typed, for the next table. */
export function rememberName(name) {
  if (name?.trim()) localStorage.setItem(NAME_KEY, name.trim());
}

/** The choices made last time (opponents and their level), with sensible defaults. */
export function quickChoices() {
  const kept = JSON.parse(localStorage.getItem(CHOICES_KEY) ?? "null") ?? {};
  return {
    opponents: Number.isInteger(kept.opponents) ? kept.opponents : 1,
    level: typeof kept.level === "string" ? kept.level : "casual",
  };
}

export function keepQuickChoices(choices) {
  localStorage.setItem(CHOICES_KEY, JSON.stringify(choices));
}

/**
 * Make a table for ``game`` (as /api/games lists it): this device's player in
 * the first seat, ``opponents`` bots of ``level`` (within the game's seat
 * counts), start it and go to it.  ``hints`` lets the coach suggest moves.
 */
export async function playComputer(game, { opponents, level, hints = false, options = {} }) {
  const players = Math.min(game.max_players, Math.max(game.min_players, opponents + 1, 2));
  const seats = [{ kind: "human", name: playerName() },
    ...Array.from({ length: players - 1 }, () => ({ kind: "bot", level }))];
  const created = await api("/api/tables", {
    method: "POST", body: { game: game.name, seats, options, hints },
  });
  const id = created.table.id;
  tokens.setHost(id, { host_token: created.host_token, seats: created.seats });
  tokens.setSeat(id, created.seats.find((s) => s.position === 0).token);
  await api(`/api/tables/${id}/start`, { method: "POST", token: created.host_token });
  location.assign(`/table/${id}`);
}
