// Quick game: ask to be seated with other people looking for the same game
// (/api/pairing), wait with a cancel button, and go to the table once paired.
// The lobby shows this section (#quick); the home page links to it.  How many
// people look for each game is shown beside the form.  The request being
// waited on is kept for the tab (sessionStorage), so a reload waits on.
import { api, el, errorText, gameTitle, levelName, plural, tokens, translator } from "/static/common.js";
import { playerName, rememberName } from "/static/play.js";
import { CLOCK_CHOICES, clockName, turnBased } from "/static/time-controls.js";

const t = translator({
  en: {
    quick: "Quick game", intro: "Be seated with other people looking for the same game.",
    game: "Game", players: "Players", clock: "Clock",
    rated: "Rated (the result moves your rating)", range: "Opponents' rating",
    anyRating: "any rating", around: "±{n} around mine", bots: "Bots take the empty seats",
    never: "never: wait for people", afterSeconds: "after {n} s", afterMinutes: "after {n} min",
    level: "Bots' level", name: "Your name", find: "Find a game", cancel: "Cancel",
    guests: "Guests play unrated live games; sign in for rated or turn-based ones.",
    waiting: "Looking for a game of {game} for {players}… {seconds} s so far.",
    paired: "Found! Going to the table…", expired: "Nobody was found in time: try again, "
      + "or let bots take the empty seats.", cancelled: "Request cancelled.",
    "looking.one": "{game}: {n} person looking", "looking.other": "{game}: {n} people looking",
    lookingTitle: "Looking now",
  },
  fr: {
    quick: "Partie rapide", intro: "Soyez placé avec d'autres personnes qui cherchent la même partie.",
    game: "Jeu", players: "Joueurs", clock: "Pendule",
    rated: "Classée (le résultat fait évoluer votre classement)", range: "Classement des adversaires",
    anyRating: "tout classement", around: "±{n} autour du mien", bots: "Des robots prennent les places libres",
    never: "jamais : attendre des personnes", afterSeconds: "après {n} s", afterMinutes: "après {n} min",
    level: "Niveau des robots", name: "Votre nom", find: "Trouver une partie", cancel: "Annuler",
    guests: "Les invités jouent en temps réel sans classement ; connectez-vous pour les parties "
      + "classées ou au tour par tour.",
    waiting: "Recherche d'une partie de {game} à {players}… {seconds} s jusqu'ici.",
    paired: "Trouvé ! En route vers la table…", expired: "Personne n'a été trouvé à temps : "
      + "réessayez, ou laissez des robots prendre les places libres.", cancelled: "Demande annulée.",
    "looking.one": "{game} : {n} personne cherche", "looking.other": "{game} : {n} personnes cherchent",
    lookingTitle: "En recherche",
  },
});

// The server's choices (server/pairing/service.py's CLOCKS and BOT_WAITS): seconds; the clocks
// are the lobby's but "no clock" and the 5-minute one.
const CLOCKS = CLOCK_CHOICES.filter((c) => c && c !== "300").map(Number);
const BOT_WAITS = [15, 30, 60, 120];
const SPREADS = [100, 200, 400];
const KEPT = "vitrine-pairing";
const POLL_MS = 1000;

const section = el("section", { class: "panel", id: "quick", "aria-labelledby": "quick-title" });
const status = el("p", { id: "quick-status", role: "status", "aria-live": "polite" });
const errorBox = el("p", { class: "error", role: "alert", id: "quick-error" });
let games = [];
let account = null;
let looking = {};
let chosen = null;
let waiting = null;  // {id, token, game, players, since}
let timer = null;

const waitWords = (seconds) => (seconds < 60 ? t("afterSeconds", { n: seconds })
  : t("afterMinutes", { n: seconds / 60 }));

function select(id, label, options, value, onchange) {
  return [
    el("label", { for: id }, label),
    el("select", { id, onchange: (e) => onchange(e.target.value) },
      ...options.map(([v, words]) => el("option", { value: v, selected: String(v) === String(value) }, words))),
  ];
}

function form() {
  const game = games.find((g) => g.name === chosen.game);
  const counts = Array.from({ length: game.max_players - Math.max(2, game.min_players) + 1 },
    (_, i) => Math.max(2, game.min_players) + i);
  if (!counts.includes(chosen.players)) chosen.players = counts[0];
  const clocks = account ? CLOCKS : CLOCKS.filter((c) => !turnBased(c));
  return el("form", { id: "quick-form", onsubmit: ask },
    el("div", { class: "row" },
      ...select("quick-game", t("game"), games.map((g) => [g.name, gameTitle(g.name)]), chosen.game,
        (v) => { chosen.game = v; draw(); }),
      ...select("quick-players", t("players"), counts.map((n) => [n, n]), chosen.players,
        (v) => { chosen.players = Number(v); }),
      ...select("quick-clock", t("clock"), clocks.map((c) => [c, clockName(c)]), chosen.clock,
        (v) => { chosen.clock = Number(v); })),
    account ? el("div", { class: "row" },
      el("label", { class: "check", for: "quick-rated" },
        el("input", {
          type: "checkbox", id: "quick-rated", checked: chosen.rated,
          onchange: (e) => { chosen.rated = e.target.checked; },
        }), t("rated")),
      ...select("quick-range", t("range"),
        [["", t("anyRating")], ...SPREADS.map((n) => [n, t("around", { n })])], chosen.spread,
        (v) => { chosen.spread = v; }))
      : el("div", { class: "row" },
        el("label", { for: "quick-name" }, t("name")),
        el("input", {
          id: "quick-name", type: "text", maxlength: 24, value: chosen.name, autocomplete: "nickname",
          oninput: (e) => { chosen.name = e.target.value; },
        })),
    el("div", { class: "row" },
      ...select("quick-bots", t("bots"), [["", t("never")], ...BOT_WAITS.map((s) => [s, waitWords(s)])],
        chosen.bots, (v) => { chosen.bots = v; }),
      ...select("quick-level", t("level"), game.levels.map((l) => [l, levelName(l)]), chosen.level,
        (v) => { chosen.level = v; })),
    account ? null : el("p", { class: "hint" }, t("guests")),
    el("button", { type: "submit", id: "quick-find", class: "primary" }, t("find")));
}

function waitPanel() {
  return el("div", { id: "quick-wait" },
    el("button", { type: "button", id: "quick-cancel", onclick: cancel }, t("cancel")));
}

function lookingList() {
  return el("div", {},
    el("h3", { id: "quick-looking-title" }, t("lookingTitle")),
    el("ul", { id: "quick-looking", class: "row game-lines" },
      ...games.map((g) => el("li", { "data-game": g.name },
        plural(t, looking[g.name] ?? 0, "looking", { game: gameTitle(g.name) })))));
}

function draw() {
  section.replaceChildren(
    el("h2", { id: "quick-title" }, t("quick")),
    el("p", {}, t("intro")),
    waiting ? waitPanel() : form(),
    status, errorBox, lookingList());
  if (waiting) showWait();
}

function showWait() {
  const seconds = Math.round((Date.now() - waiting.since) / 1000);
  status.textContent = t("waiting", { game: gameTitle(waiting.game), players: waiting.players, seconds });
}

async function ask(event) {
  event.preventDefault();
  errorBox.textContent = "";
  const body = {
    game: chosen.game, players: chosen.players, clock_seconds: chosen.clock,
    bots_after: chosen.bots ? Number(chosen.bots) : null, bot_level: chosen.level,
  };
  if (account) {
    body.rated = chosen.rated;
    if (chosen.spread) body.rating_spread = Number(chosen.spread);
  } else {
    body.name = chosen.name.trim() || null;
    rememberName(body.name);
  }
  try {
    const made = await api("/api/pairing", { method: "POST", body });
    waiting = { id: made.request.id, token: made.token, game: chosen.game, players: chosen.players,
      since: Date.now() };
    sessionStorage.setItem(KEPT, JSON.stringify(waiting));
    draw();
    document.getElementById("quick-cancel").focus();
    poll();
  } catch (error) {
    errorBox.textContent = errorText(error);
  }
}

function stop(words) {
  clearTimeout(timer);
  sessionStorage.removeItem(KEPT);
  waiting = null;
  draw();
  status.textContent = words;
  document.getElementById("quick-find")?.focus();
}

async function poll() {
  if (!waiting) return;
  const current = waiting;
  let request;
  try {
    // A signed-in account reads its own request by its session; a guest, by the token.
    request = await api(`/api/pairing/${current.id}`, { token: account ? undefined : current.token });
  } catch (error) {
    if (waiting === current) stop(errorText(error));
    return;
  }
  if (waiting !== current) return;  // cancelled meanwhile
  if (request.status === "paired") {
    if (request.seat_token) tokens.setSeat(request.table, request.seat_token);
    sessionStorage.removeItem(KEPT);
    status.textContent = t("paired");
    location.assign(`/table/${request.table}`);
    return;
  }
  if (request.status !== "waiting") {
    stop(t(request.status));
    return;
  }
  showWait();
  timer = setTimeout(poll, POLL_MS);
}

async function cancel() {
  const current = waiting;
  try {
    await api(`/api/pairing/${current.id}/cancel`, {
      method: "POST", token: account ? undefined : current.token,
    });
    stop(t("cancelled"));
  } catch (error) {
    errorBox.textContent = errorText(error);
    poll();  // paired meanwhile, most likely: the next read says so
  }
}

async function refreshLooking() {
  try {
    looking = (await api("/api/pairing/looking")).people;
  } catch {
    return;  // the counts are a nicety: the form works without them
  }
  document.getElementById("quick-looking")?.replaceWith(lookingList().lastChild);
}

/** The section, drawn for these games and this account (null: a guest); the
 * lobby puts the same element back on every render. */
export function quickGame(installed, signedIn) {
  if (chosen === null) {
    games = installed;
    account = signedIn;
    chosen = { game: games[0].name, players: 2, clock: CLOCKS[0], rated: false, spread: "",
      bots: "", level: games[0].levels[1] ?? games[0].levels[0], name: playerName() ?? "" };
    waiting = JSON.parse(sessionStorage.getItem(KEPT) ?? "null");
    refreshLooking();
    setInterval(refreshLooking, 10000);
    if (waiting) poll();
  }
  draw();  // again on every render of the lobby: in the language chosen meanwhile
  return section;
}
