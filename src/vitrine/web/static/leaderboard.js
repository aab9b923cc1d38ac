// A game's leaderboard (/leaderboard/<game>; /leaderboard: the first game):
// the settled ratings of the players active lately, the best first, each
// name leading to its profile; a choice of the other games.
import { api, el, errorText, gameTitle, header, installedGames, lang, translator } from "/static/common.js";
import { playerHref } from "/static/game-lines.js";

const t = translator({
  en: {
    heading: "Leaderboard: {game}", leaderboards: "Leaderboards", choose: "The games",
    explain: "Ratings no longer provisional, of players who played rated games in the last {days} days.",
    rank: "Rank", player: "Player", rating: "Rating", games: "Rated games",
    nobody: "Nobody here yet: a rating settles after a few rated games.",
    lobbyRated: "Create a rated table in the lobby",
  },
  fr: {
    heading: "Classement : {game}", leaderboards: "Classements", choose: "Les jeux",
    explain: "Classements qui ne sont plus provisoires, des joueurs qui ont joué des parties classées "
      + "ces {days} derniers jours.",
    rank: "Rang", player: "Joueur", rating: "Classement", games: "Parties classées",
    nobody: "Personne pour l'instant : un classement se stabilise après quelques parties classées.",
    lobbyRated: "Créer une table classée dans le salon",
  },
});

const app = document.getElementById("app");
const errorBox = el("p", { class: "error", role: "alert", id: "error" });
let games = [];
let game = decodeURIComponent(location.pathname.split("/")[2] ?? "");
let board = null;
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

function leaders() {
  if (!board.players.length) {
    return el("p", { class: "panel", id: "nobody" }, t("nobody"), " ",
      el("a", { href: "/lobby" }, t("lobbyRated")));
  }
  return el("div", { class: "table-scroll panel", tabindex: 0, role: "region", "aria-labelledby": "board-title" },
    el("table", { class: "leaders", id: "leaders" },
      el("thead", {}, el("tr", {},
        ...["rank", "player", "rating", "games"].map((key) => el("th", { scope: "col", class: key }, t(key))))),
      el("tbody", {}, ...board.players.map((p) => el("tr", {},
        el("td", { class: "rank" }, p.rank),
        el("th", { scope: "row", class: "player" }, el("a", { href: playerHref(p.name) }, p.name)),
        el("td", { class: "rating" }, p.rating),
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
    : refusal ? null : el("p", {}, t("loading"))));
}

render();
games = (await installedGames()).filter((g) => g.page);
if (!game) {
  game = games[0]?.name ?? "";
  history.replaceState(null, "", `/leaderboard/${encodeURIComponent(game)}`);
}
try {
  board = await api(`/api/leaderboard/${encodeURIComponent(game)}`);
} catch (error) {
  if (error.code === "game_not_found") refusal = error;
  else errorBox.textContent = t("error", { words: errorText(error) });
}
render();
