// My games: a signed-in person's games from any device (their account holds
// the seats): those waiting for them first, the others in progress, then the
// finished ones with the result, the rank and the rating change, to replay or
// review, page by page.  Signed out: an invitation to sign in.
import {
  api, currentAccount, el, errorText, gameTitle, header, installedGames, lang, myGames, translator,
} from "/static/common.js";
import { LINE_WORDS, finishedLine, others, provisionalNote } from "/static/game-lines.js";
import { challengesSections, loadChallenges } from "/static/challenges.js";
import { clockName, deadlineText } from "/static/time-controls.js";

const t = translator({
  en: {
    heading: "My games", signedOut: "Sign in to find your games here, from any device: those "
      + "waiting for you, those in progress and those finished, with your ratings.",
    signInHere: "Sign in or create an account", yourTurn: "Your turn", inProgress: "Games in progress",
    finished: "Finished games", noneWaiting: "No game is waiting for you.",
    noneInProgress: "No other game in progress.", noneFinished: "No finished game yet.",
    play: "Play", open: "Open", waitingPlayers: "waiting for players", theirTurn: "another player's turn",
    older: "Older games", newGame: "Start a game with friends", leaderboards: "Leaderboards",
  },
  fr: {
    heading: "Mes parties", signedOut: "Connectez-vous pour retrouver vos parties ici, depuis "
      + "n'importe quel appareil : celles qui vous attendent, celles en cours et celles terminées, "
      + "avec vos classements.",
    signInHere: "Se connecter ou créer un compte", yourTurn: "À vous de jouer",
    inProgress: "Parties en cours", finished: "Parties terminées",
    noneWaiting: "Aucune partie ne vous attend.", noneInProgress: "Aucune autre partie en cours.",
    noneFinished: "Aucune partie terminée pour l'instant.", play: "Jouer", open: "Ouvrir",
    waitingPlayers: "en attente de joueurs", theirTurn: "au tour d'un autre joueur",
    older: "Parties plus anciennes", newGame: "Lancer une partie entre amis", leaderboards: "Classements",
  },
}, LINE_WORDS);

const app = document.getElementById("app");
const errorBox = el("p", { class: "error", role: "alert", id: "error" });
let account;  // undefined until known, null for a guest
let inProgress = [];
let finished = [];
let more = false;  // a full page came: there may be older games
let page = 0;
let loading = false;

function progressLine(game) {
  const href = `/table/${encodeURIComponent(game.id)}`;
  const state = game.your_turn ? null : game.status === "open" ? t("waitingPlayers") : t("theirTurn");
  return el("li", { class: game.your_turn ? "game-line your-turn" : "game-line", "data-table": game.id },
    el("div", { class: "game-line-head" },
      el("strong", {}, gameTitle(game.game)),
      game.rated ? el("span", { class: "badge" }, t("rated")) : null,
      el("span", { class: "game-line-with" }, " — ", others(game))),
    game.clock_seconds ? el("p", { class: "muted game-line-clock" }, clockName(game.clock_seconds, game.on_timeout),
      game.deadline ? [el("br"), el("span", { class: "deadline" }, deadlineText(game.deadline))] : null)
      : null,
    el("div", { class: "row game-line-links" },
      game.your_turn ? el("span", { class: "badge turn-badge" }, t("yourTurn")) : el("span", { class: "muted" }, state),
      el("a", { href, class: game.your_turn ? "button primary" : "button" },
        t(game.your_turn ? "play" : "open"),
        el("span", { class: "visually-hidden" }, ` (${gameTitle(game.game)}, ${game.id})`))));
}

function list(id, title, games, line, none, cls = "panel") {
  return el("section", { class: cls, id, "aria-labelledby": `${id}-title` },
    el("h2", { id: `${id}-title` }, title),
    games.length ? el("ul", { class: "game-lines" }, ...games.map(line))
      : el("p", { class: "muted" }, none));
}

async function older() {
  if (loading) return;
  loading = true;
  try {
    const next = await api(`/api/account/games?page=${page + 1}`);
    page = next.page;
    finished = [...finished, ...next.finished];
    more = next.finished.length === next.page_size;
    render();
    // The keyboard goes on to the first of the games just shown.
    document.querySelector(`#finished li:nth-child(${finished.length - next.finished.length + 1}) a`)?.focus();
  } catch (error) {
    errorBox.textContent = t("error", { words: errorText(error) });
  } finally {
    loading = false;
  }
}

function render() {
  document.documentElement.lang = lang();
  document.title = `${t("heading")} — vitrine`;
  const waiting = inProgress.filter((game) => game.your_turn);
  const rest = inProgress.filter((game) => !game.your_turn);
  const state = account === undefined ? "loading" : account ? "signed-in" : "signed-out";
  const body = account === undefined ? [el("p", {}, t("loading"))]
    : account === null ? [el("section", { class: "panel", id: "sign-in-invitation" },
      el("p", {}, t("signedOut")),
      el("a", { href: "/account?next=/games", class: "button primary", id: "sign-in-to-games" },
        t("signInHere")))]
      : [
        ...challengesSections(render),
        list("your-turn", t("yourTurn"), waiting, progressLine, t("noneWaiting"),
          waiting.length ? "panel waiting-for-you" : "panel"),
        list("in-progress", t("inProgress"), rest, progressLine, t("noneInProgress")),
        el("section", { class: "panel", id: "finished", "aria-labelledby": "finished-title" },
          el("h2", { id: "finished-title" }, t("finished")),
          finished.length ? el("ul", { class: "game-lines" }, ...finished.map((g) => finishedLine(g, "you")))
            : el("p", { class: "muted" }, t("noneFinished")),
          finished.some((g) => g.rating_change?.provisional) ? provisionalNote() : null,
          more ? el("button", { type: "button", id: "older", onclick: older }, t("older")) : null),
        el("p", { class: "row" },
          el("a", { href: "/lobby" }, t("newGame")),
          el("a", { href: "/leaderboard" }, t("leaderboards"))),
      ];
  app.replaceChildren(header(t, render), el("main", { id: "content", class: "games", "data-state": state },
    el("h1", {}, t("heading")), errorBox, ...body));
}

render();
await installedGames();
account = await currentAccount();
if (account) {
  try {
    const [games] = await Promise.all([myGames(), loadChallenges()]);
    inProgress = games.in_progress;
    finished = games.finished;
    more = games.finished.length === games.page_size;
  } catch (error) {
    // The session ended elsewhere: this browser is a guest's again.
    if (error.code === "sign_in_needed") account = null;
    else errorBox.textContent = t("error", { words: errorText(error) });
  }
}
render();
