// Learning by playing.  /learn lists each game's guided first game and how
// far this device got; /learn/<game> plays it: the game's own board, the
// lesson of the moment, the decision to make marked, any other refused with
// the reason (the rules' own words where it is illegal), the opponent's
// answers in words, and at the end the score explained and a practice game
// against the beginner bot with the coach's hints.  Progress is kept on the
// device; the server replays the guided game from it (server/learn/).
import {
  api, displayName, el, errorText, gameModule, gameTitle, header, installedGames, lang, shownView,
  translator,
} from "/static/common.js";
import { playComputer, playerName } from "/static/play.js";
import { markDecision } from "/static/review.js";

const t = translator({
  en: {
    learnTitle: "Learn to play", learnGame: "Learn {game}", intro: "A guided first game teaches each "
      + "rule at the moment it matters; then practise against the beginner bot, with the coach's hints.",
    begin: "Start", resume: "Continue: decision {n} of {total}", again: "Start again",
    finished: "Done", progress: "Decision {n} of {total}", yourMove: "The coach's choice: {words}.",
    notThat: "Not this one here: this guided game goes on with {words}.",
    illegal: "Not allowed: {words}", theyPlayed: "{name}: {words}",
    over: "The guided game is over", practice: "Practise against the beginner bot (hints on)",
    otherGames: "Other games", lessonTitle: "The coach says", lastMoves: "Since your last move",
    backToLearn: "All the guided games",
  },
  fr: {
    learnTitle: "Apprendre à jouer", learnGame: "Apprendre {game}", intro: "Une première partie "
      + "guidée présente chaque règle au moment où elle compte ; entraînez-vous ensuite contre le "
      + "robot débutant, avec les indices du coach.",
    begin: "Commencer", resume: "Continuer : décision {n} sur {total}", again: "Recommencer",
    finished: "Terminé", progress: "Décision {n} sur {total}", yourMove: "Le choix du coach : {words}.",
    notThat: "Pas celle-ci ici : cette partie guidée continue avec {words}.",
    illegal: "Interdit : {words}", theyPlayed: "{name} : {words}",
    over: "La partie guidée est terminée", practice: "S'entraîner contre le robot débutant (indices activés)",
    otherGames: "Les autres jeux", lessonTitle: "Le coach dit", lastMoves: "Depuis votre dernier coup",
    backToLearn: "Toutes les parties guidées",
  },
});

const app = document.getElementById("app");
const errorBox = el("p", { class: "error", role: "alert", id: "error" });
const gameName = decodeURIComponent(location.pathname.split("/")[2] ?? "");
const stored = (game) => JSON.parse(localStorage.getItem(`vitrine:learn:${game}`) ?? "null")
  ?? { decisions: [] };
const store = (game, progress) => localStorage.setItem(`vitrine:learn:${game}`, JSON.stringify(progress));

// ---------------------------------------------------------------- the list of guided games

async function renderIndex(games) {
  const cards = await Promise.all(games.map(async (game) => {
    const tutorial = await api(`/api/games/${game.name}/tutorial`);
    const progress = stored(game.name);
    const total = tutorial.decisions.length;
    const n = progress.decisions.length;
    const state = progress.done ? t("finished") : n ? t("resume", { n: n + 1, total }) : t("begin");
    return el("article", { class: "game-card", "data-game": game.name, "aria-labelledby": `learn-${game.name}` },
      el("img", { class: "illustration", src: game.page.illustration ?? "/static/logo.svg", alt: "", width: 320, height: 180 }),
      el("div", { class: "game-words" },
        el("h2", { id: `learn-${game.name}` }, gameTitle(game.name)),
        el("p", {}, game.summaries[lang()] ?? game.summaries.en),
        el("div", { class: "row" },
          el("a", { class: "button primary", href: `/learn/${game.name}` }, state,
            el("span", { class: "visually-hidden" }, ` (${gameTitle(game.name)})`)))));
  }));
  app.replaceChildren(header(t, () => renderIndex(games)), el("main", { id: "content" },
    el("h1", {}, t("learnTitle")), el("p", { class: "pitch" }, t("intro")), errorBox,
    el("div", { class: "game-cards" }, ...cards)));
}

// ---------------------------------------------------------------- one guided game

let game = null;
let module = null;
let tutorial = null;
let answer = null;  // the server's position: view, log, done, over
let why = null;  // the last refusal, kept across a redraw in another language
let sending = false;

const expected = () => tutorial.decisions[answer.done];
const lessonAt = (index) => tutorial.lessons.find((lesson) => lesson.index === index);
const words = (texts) => texts[lang()] ?? texts.en;

async function ask(decisions, check = null) {
  return api(`/api/games/${game.name}/tutorial/position`, {
    method: "POST", body: { name: playerName(), decisions, check },
  });
}

// The learner's decisions so far: this position's.
const mine = () => stored(game.name).decisions.slice(0, answer.done);

/** The rules' refusal of ``decision`` here, or null where it is legal. */
async function refusalOf(decision) {
  const checked = (await ask(mine(), decision)).check;
  return checked.legal ? null : { code: checked.code, params: checked.params, message: checked.detail };
}

async function act(decision) {
  if (sending || answer.over) return;
  sending = true;
  try {
    if (decision === expected()) {
      why = null;
      const decisions = [...mine(), decision];
      answer = await ask(decisions);
      store(game.name, { decisions, done: answer.over });
    } else {
      const refusal = await refusalOf(decision);
      why = refusal ? { key: "illegal", refusal } : { key: "notThat", decision: expected() };
    }
  } finally { sending = false; }
  await draw();
}

async function check(decision) {
  const refusal = await refusalOf(decision);
  return refusal ? errorText(refusal, module) : null;
}

function whyText() {
  if (!why) return "";
  if (why.key === "notThat") return t("notThat", { words: module.describe(why.decision, shownView(answer.view)) });
  return t("illegal", { words: errorText(why.refusal, module) });
}

// The opponent's decisions since the learner's last one, in words.
function theirMoves() {
  const lastMine = answer.log.map((e) => e.seat).lastIndexOf(0);
  const theirs = answer.log.slice(lastMine + 1);
  if (!theirs.length) return null;
  const name = displayName(answer.view.players[1]);
  return el("div", { class: "their-moves" }, el("h3", {}, t("lastMoves")),
    el("ul", {}, ...theirs.map((e) => el("li", {}, t("theyPlayed", { name, words: module.describe(e.action, shownView(answer.view)) })))));
}

function lessonBox() {
  const total = tutorial.decisions.length;
  if (answer.over) {
    return el("section", { class: "lesson banner", id: "lesson", "aria-labelledby": "lesson-title" },
      el("h2", { id: "lesson-title" }, t("over")),
      el("p", {}, words(tutorial.ending)),
      module.scoreTableFor(answer.view.scores),
      el("div", { class: "row" },
        el("button", {
          type: "button", class: "primary", id: "practice",
          onclick: () => playComputer(game, { opponents: 1, level: "beginner", hints: true })
            .catch((error) => { errorBox.textContent = t("error", { words: errorText(error) }); }),
        }, t("practice")),
        el("button", { type: "button", id: "restart", onclick: restart }, t("again"))));
  }
  const lesson = lessonAt(answer.done);
  return el("section", { class: "lesson", id: "lesson", "aria-labelledby": "lesson-title" },
    el("div", { class: "row lesson-head" },
      el("h2", { id: "lesson-title" }, t("lessonTitle")),
      el("label", { for: "lesson-progress", class: "muted" }, t("progress", { n: answer.done + 1, total })),
      el("progress", { id: "lesson-progress", max: total, value: answer.done })),
    answer.done === 0 ? el("p", {}, words(tutorial.welcome)) : null,
    lesson ? el("p", { class: "lesson-words", "data-topic": lesson.topic }, words(lesson.words)) : null,
    el("p", { class: "lesson-move" }, t("yourMove", { words: module.describe(expected(), shownView(answer.view)) })),
    el("p", { class: "error", id: "tutorial-why", role: "alert" }, whyText()),
    theirMoves());
}

const ctx = () => ({
  you: 0, act: (decision) => { act(decision).catch(fail); }, check, redraw: draw, last: answer.log.at(-1) ?? null,
});

async function restart() {
  store(game.name, { decisions: [] });
  why = null;
  answer = await ask([]);
  await draw();
}

async function draw() {
  document.documentElement.lang = lang();
  document.title = `${t("learnGame", { game: gameTitle(game.name) })} — vitrine`;
  const board = await module.renderGame(shownView(answer.view), ctx());
  if (!answer.over) markDecision(board, expected(), "tutorial-target");
  // Only what can be pressed: a card shown elsewhere with the same name is not the decision.
  for (const node of board.querySelectorAll(".tutorial-target:not(button)")) node.classList.remove("tutorial-target");
  app.replaceChildren(header(t, draw), el("main", {
    id: "content", "data-done": answer.done, "data-over": answer.over,
    "data-expected": answer.over ? null : expected(),
  },
    el("div", { class: "table-head" },
      el("h1", {}, t("learnGame", { game: gameTitle(game.name) })),
      el("a", { href: "/learn" }, t("backToLearn"))),
    errorBox, lessonBox(), el("div", { class: "game-area" }, board)));
  document.querySelector(".tutorial-target")?.focus({ preventScroll: true });
}

function fail(error) {
  errorBox.textContent = t("error", { words: errorText(error, module) });
}

async function renderTutorial(games) {
  game = games.find((g) => g.name === gameName);
  if (!game) {
    await renderIndex(games);
    return;
  }
  module = await gameModule(game.name);
  await module.ready;
  tutorial = await api(`/api/games/${game.name}/tutorial`);
  const progress = stored(game.name);
  try {
    answer = await ask(progress.decisions);
  } catch (error) {  // progress from an older guided game: start this one afresh
    if (error.code !== "tutorial_off_script") throw error;
    store(game.name, { decisions: [] });
    answer = await ask([]);
  }
  document.addEventListener("keydown", (event) => { if (!answer.over) module.onKey?.(event, ctx()); });
  await draw();
}

const games = (await installedGames()).filter((g) => g.page && g.tutorial);
if (gameName) await renderTutorial(games);
else await renderIndex(games);
