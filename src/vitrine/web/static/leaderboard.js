// A game's leaderboard (/leaderboard/<game>; /leaderboard: the first game):
// the settled ratings of the players active lately, the best first, each
// name leading to its profile; below, the bot accounts' own board (their
// provisional ratings too, with "?"); a choice of the other games.
import { api, el, errorText, gameTitle, header, installedGames, lang, translator } from "/static/common.js";
import { botBadge, playerHref, ratingText } from "/static/game-lines.js";

const t = translator({
  en: {
    heading: "Leaderboard: {game}", leaderboards: "Leaderboards", choose: "The games",
    explain: "Ratings no longer provisional, of players who played rated games in the last {days} days.",
    rank: "Rank", player: "Player", rating: "Rating", games: "Rated games",
    nobody: "Nobody here yet: a rating settles after a few rated games.",
    lobbyRated: "Create a rated table in the lobby",
    bots: "Bots", botsExplain: "Bot accounts, rated apart from people; “?”: a provisional rating.",
    noBots: "No bot account has played a rated game of this game lately.",
  },
  fr: {
    heading: "Classement : {game}", leaderboards: "Classements", choose: "Les jeux",
    explain: "Classements qui ne sont plus provisoires, des joueurs qui ont joué des parties classées "
      + "ces {days} derniers jours.",
    rank: "Rang", player: "Joueur", rating: "Classement", games: "Parties classées",
    nobody: "Personne pour l'instant : un classement se stabilise après quelques parties classées.",
    lobbyRated: "Créer une table classée dans le salon",
    bots: "Robots", botsExplain: "Les comptes de robot, classés à part des personnes ; « ? » : un classement provisoire.",
    noBots: "Aucun compte de robot n'a joué de partie classée de ce jeu récemment.",
  },
});

const app = document.getElementById("app");
const errorBox = el("p", { class: "error", role: "alert", id: "error" });
let games = [];
let game = decodeURIComponent(location.pathname.split("/")[2] ?? "");
let board = null;
let bots = null;  // the bots' board of the same game
let refusal = null;

function choice() {
  return el("nav", { class: "game-choice", "aria-labelledby": "choose-title" },
    el("h2", { id: "choose-title", class: "visually-hidden" }, t("choose")),
    el("ul", { class: "row" }, ...games.map((g) => el("li", {},
      el("a", {
        href: `/leaderboard/${encodeURIComponent(g.name)}`, class: "button",
        "aria-current": g.name === game ? "page" : null,
      }, gameTitle(g.name))))));
}

function leaders(shown = board, id = "leaders", titleId = "board-title") {
  if (!shown.players.length) {
    return shown === board
      ? el("p", { class: "panel", id: "nobody" }, t("nobody"), " ", el("a", { href: "/lobby" }, t("lobbyRated")))
      : el("p", { class: "panel", id: "no-bots" }, t("noBots"));
  }
  return el("div", { class: "table-scroll panel", tabindex: 0, role: "region", "aria-labelledby": titleId },
    el("table", { class: "leaders", id },
      el("thead", {}, el("tr", {},
        ...["rank", "player", "rating", "games"].map((key) => el("th", { scope: "col", class: key }, t(key))))),
      el("tbody", {}, ...shown.players.map((p) => el("tr", {},
        el("td", { class: "rank" }, p.rank),
        el("th", { scope: "row", class: "player" }, el("a", { href: playerHref(p.name) }, p.name),
          shown === board ? null : [" ", botBadge()]),
        el("td", { class: "rating" }, ratingText(p.rating, p.provisional)),
        el("td", { class: "games" }, p.games))))));
}

function render() {
  document.documentElement.lang = lang();
  const title = board ? t("heading", { game: gameTitle(board.game) }) : t("leaderboards");
  document.title = `${title} — vitrine`;
  app.replaceChildren(header(t, render), el("main", {
    id: "content", class: "leaderboard", "data-state": refusal ? "refused" : board ? "shown" : "loading",
  },
  el("h1", { id: "board-title" }, title),
  games.length ? choice() : null,
  errorBox,
  refusal ? el("p", { id: "refused", class: "panel" }, errorText(refusal)) : null,
  board ? [el("p", { class: "muted", id: "explain" }, t("explain", { days: board.active_days })), leaders()]
    : refusal ? null : el("p", {}, t("loading")),
  bots ? el("section", { "aria-labelledby": "bots-title", id: "bots" },
    el("h2", { id: "bots-title" }, t("bots")),
    el("p", { class: "muted" }, t("botsExplain")),
    leaders(bots, "bot-leaders", "bots-title")) : null));
}

render();
games = (await installedGames()).filter((g) => g.page);
if (!game) {
  game = games[0]?.name ?? "";
  history.replaceState(null, "", `/leaderboard/${encodeURIComponent(game)}`);
}
try {
  [board, bots] = await Promise.all([api(`/api/leaderboard/${encodeURIComponent(game)}`),
    api(`/api/leaderboard/${encodeURIComponent(game)}/bots`)]);
} catch (error) {
  if (error.code === "game_not_found") refusal = error;
  else errorBox.textContent = t("error", { words: errorText(error) });
}
render();
