// The home page: what vitrine is, each game with its picture, its pitch, its
// player counts and length, and the three ways in: play the computer (two
// clicks to the first decision), play with friends (the lobby), learn to play.
// Game-independent: the games, their words and pictures come from /api/games.
import { el, errorText, gameTitle, header, installedGames, lang, levelName, translator } from "/static/common.js";
import { keepQuickChoices, playComputer, playerName, quickChoices } from "/static/play.js";

const t = translator({
  en: {
    headline: "Card games to play well, in your browser",
    pitch: "Three card games with exact rules: play the computer at four levels or your friends, "
      + "then let the coach review your game. No account, nothing to install.",
    playComputer: "Play the computer", playFriends: "Play with friends", learn: "Learn to play",
    quickGame: "Quick game with strangers",
    choose: "Choose a game", chooseNote: "The game starts at once; you play as {name}.",
    opponents: "Opponents", level: "Their level", close: "Close",
    playThis: "Play {game} against the computer", games: "The games",
    players: "{min} to {max} players", playersSolo: "1 to {max} players (alone: a solo challenge)",
    minutes: "{low}–{high} min", starting: "Starting…", leaderboard: "Leaderboard",
  },
  fr: {
    headline: "Des jeux de cartes à bien jouer, dans votre navigateur",
    pitch: "Trois jeux de cartes aux règles exactes : affrontez l'ordinateur à quatre niveaux ou "
      + "vos amis, puis laissez le coach analyser votre partie. Sans compte, rien à installer.",
    playComputer: "Jouer contre l'ordinateur", playFriends: "Jouer entre amis", learn: "Apprendre à jouer",
    quickGame: "Partie rapide avec des inconnus",
    choose: "Choisissez un jeu", chooseNote: "La partie commence aussitôt ; vous jouez sous le nom {name}.",
    opponents: "Adversaires", level: "Leur niveau", close: "Fermer",
    playThis: "Jouer à {game} contre l'ordinateur", games: "Les jeux",
    players: "{min} à {max} joueurs", playersSolo: "1 à {max} joueurs (seul : un défi en solo)",
    minutes: "{low} à {high} min", starting: "Lancement…", leaderboard: "Classement",
  },
});

const app = document.getElementById("app");
const errorBox = el("p", { class: "error", role: "alert", id: "error" });
const choices = quickChoices();
let games = [];
let starting = false;

async function start(game) {
  if (starting) return;  // one table per click, however fast the clicks come
  starting = true;
  errorBox.textContent = t("starting");
  try {
    await playComputer(game, choices);
  } catch (error) {
    starting = false;
    errorBox.textContent = t("error", { words: errorText(error) });
  }
}

const picture = (game, cls) => el("img", {
  class: cls, src: game.page.illustration ?? "/static/logo.svg", alt: "", width: 320, height: 180,
});

function facts(game) {
  const solo = game.min_players === 1;
  const players = t(solo ? "playersSolo" : "players", { min: game.min_players, max: game.max_players });
  const length = game.minutes ? ` · ${t("minutes", { low: game.minutes[0], high: game.minutes[1] })}` : "";
  return el("p", { class: "facts" }, players + length);
}

// The chooser #play-computer opens: one click on a game starts it.
function chooser() {
  const most = Math.max(...games.map((g) => g.max_players)) - 1;
  const levels = games[0].levels;
  const dialog = el("dialog", { id: "quick-play", "aria-labelledby": "quick-title" },
    el("h2", { id: "quick-title" }, t("choose")),
    el("div", { class: "quick-games" }, ...games.map((game) => el("button", {
      type: "button", class: "quick-game", "data-game": game.name,
      "aria-label": t("playThis", { game: gameTitle(game.name) }), onclick: () => start(game),
    }, picture(game, "thumb"), el("span", {}, gameTitle(game.name))))),
    el("div", { class: "row" },
      el("label", { for: "quick-opponents" }, t("opponents")),
      el("select", {
        id: "quick-opponents",
        onchange: (e) => { choices.opponents = Number(e.target.value); keepQuickChoices(choices); },
      }, ...Array.from({ length: most }, (_, i) => i + 1).map((n) => el("option", {
        value: n, selected: n === choices.opponents,
      }, n))),
      el("label", { for: "quick-level" }, t("level")),
      el("select", {
        id: "quick-level",
        onchange: (e) => { choices.level = e.target.value; keepQuickChoices(choices); },
      }, ...levels.map((level) => el("option", { value: level, selected: level === choices.level },
        levelName(level))))),
    el("p", { class: "muted" }, t("chooseNote", { name: playerName() })),
    el("form", { method: "dialog" }, el("button", { type: "submit" }, t("close"))));
  return dialog;
}

function gameCard(game) {
  const id = `game-${game.name}`;
  return el("article", { class: "game-card", "aria-labelledby": id, "data-game": game.name },
    picture(game, "illustration"),
    el("div", { class: "game-words" },
      el("h3", { id }, gameTitle(game.name)),
      el("p", {}, game.summaries[lang()] ?? game.summaries.en),
      facts(game),
      el("p", {}, el("a", { href: `/leaderboard/${encodeURIComponent(game.name)}`, class: "leaderboard-link" },
        t("leaderboard"), el("span", { class: "visually-hidden" }, ` (${gameTitle(game.name)})`))),
      el("div", { class: "row" },
        el("button", { type: "button", class: "primary play", onclick: () => start(game) },
          t("playComputer"), el("span", { class: "visually-hidden" }, ` (${gameTitle(game.name)})`)),
        game.tutorial ? el("a", { class: "button learn", href: `/learn/${game.name}` }, t("learn"),
          el("span", { class: "visually-hidden" }, ` (${gameTitle(game.name)})`)) : null)));
}

function render() {
  document.documentElement.lang = lang();
  const dialog = chooser();
  app.replaceChildren(header(t, render), el("main", { id: "content", class: "home" },
    el("section", { class: "hero", "aria-labelledby": "headline" },
      el("img", { class: "hero-mark", src: "/static/logo.svg", alt: "", width: 96, height: 96 }),
      el("div", {},
        el("h1", { id: "headline" }, t("headline")),
        el("p", { class: "pitch" }, t("pitch")),
        el("div", { class: "row ways" },
          el("button", {
            type: "button", id: "play-computer", class: "primary big", onclick: () => dialog.showModal(),
          }, t("playComputer")),
          el("a", { href: "/lobby", id: "play-friends", class: "button big" }, t("playFriends")),
          el("a", { href: "/learn", id: "learn", class: "button big" }, t("learn")),
          el("a", { href: "/lobby#quick", id: "quick-pairing", class: "button big" }, t("quickGame"))),
        errorBox)),
    el("section", { "aria-labelledby": "games-title" },
      el("h2", { id: "games-title" }, t("games")),
      el("div", { class: "game-cards" }, ...games.map(gameCard))),
    dialog));
}

games = (await installedGames()).filter((g) => g.page);
render();
