// The replay viewer: a finished table's game or an uploaded record, turn by turn.
import {
  api, displayName, el, errorText, gameModule, gameTitle, header, levelName, ofName, shownView,
  translator,
} from "/static/common.js";
import { timedOutText } from "/static/time-controls.js";
import { hintsBadge, reviewPanel } from "/static/review.js";

const t = translator({
  en: {
    heading: "Replay", upload: "Open a record (JSON)", first: "|◀ First", previous: "◀ Previous",
    next: "Next ▶", last: "Last ▶|", step: "Turn {n} of {total}", keys: "Keys: ← and → step.",
    finishedByBot: "{name}'s seat was played by a bot ({level}) from turn {turn}: {why}.",
    left: "the player left", timeout: "the player ran out of time", host: "the host handed it over",
    played: "{name}'s turn:", start: "The deal, before the first turn.",
    abandoned: "This game was abandoned after {n} turns: nobody played at its table for a long time.",
  },
  fr: {
    heading: "Revoir", upload: "Ouvrir une partie (JSON)", first: "|◀ Début", previous: "◀ Précédent",
    next: "Suivant ▶", last: "Fin ▶|", step: "Tour {n} sur {total}", keys: "Touches : ← et → pour avancer.",
    finishedByBot: "La place {ofName} a été jouée par un robot ({level}) à partir du tour {turn} : {why}.",
    left: "le joueur est parti", timeout: "le temps du joueur était écoulé",
    host: "l'hôte l'a confiée",
    played: "Tour {ofName} :", start: "La donne, avant le premier tour.",
    abandoned: "Cette partie a été abandonnée après {n} tours : personne ne jouait plus à sa table.",
  },
});

const app = document.getElementById("app");
const errorBox = el("p", { class: "error", role: "alert" });
let replay = null;
let step = 0;
let module = null;
let review = null;  // the coach's panel for this game
let startReview = null;  // how to ask for this game's review

let failed = null;  // the last refusal, worded again when the language changes
const fail = (error, words = null) => {
  failed = { error, words };
  errorBox.textContent = t("error", { words: errorText(error, words) });
};

async function load(promise, words = null, asked = null) {
  try {
    failed = null;
    errorBox.textContent = "";
    replay = await promise;
    review = null;
    startReview = asked;
    module = await gameModule(replay.game);
    step = replay.steps.length - 1;
    await render();
  } catch (error) { fail(error, words); }
}

// The module that words an uploaded record's refusals: its game's, if it names one we have.
const wordsFor = (record) => gameModule(String(record?.game)).catch(() => null);

// Who played turn ``index``: the seat to act in the position before it.
const playerOf = (index) => replay.steps[index].current_player;
const playerName = (turn) => displayName(replay.players[playerOf(turn)]);
// A record's turn (its decisions, space-separated) in the game's words.
const inWords = (turn, shown) => turn.split(" ").map((decision) => module.describe(decision, shown)).join(", ");

const go = (to) => {
  if (!replay) return;
  step = Math.max(0, Math.min(replay.steps.length - 1, to));
  render();
};

async function render() {
  const file = el("input", {
    type: "file", accept: "application/json,.json", id: "record-file", "aria-label": t("upload"),
    onchange: async (e) => {
      const text = await e.target.files[0].text();
      let record;
      try {
        record = JSON.parse(text);
      } catch {  // the browser's own words would be English: say it in the page's language
        fail({ message: t("fileNotJson") });
        return;
      }
      load(api("/api/replays", { method: "POST", body: record }), await wordsFor(record),
        { start: () => api("/api/reviews", { method: "POST", body: record }), key: null });
    },
  });
  if (failed) fail(failed.error, failed.words);
  const parts = [el("h1", {}, replay ? `${t("heading")} — ${gameTitle(replay.game)}` : t("heading")),
    el("label", { class: "row" }, t("upload"), file), errorBox];
  if (replay) {
    const total = replay.steps.length - 1;
    parts.push(
      el("div", { class: "row panel" },
        el("button", { type: "button", onclick: () => go(0) }, t("first")),
        el("button", { type: "button", id: "previous", onclick: () => go(step - 1) }, t("previous")),
        el("span", { id: "step" }, t("step", { n: step, total })),
        el("button", { type: "button", id: "next", onclick: () => go(step + 1) }, t("next")),
        el("button", { type: "button", onclick: () => go(total) }, t("last")),
        el("span", { class: "muted keys" }, t("keys"))),
      ...replay.substitutes.map((s) => el("p", { class: "substitute" }, t("finishedByBot", {
        name: displayName(replay.players[s.seat]), ofName: ofName(displayName(replay.players[s.seat])),
        level: levelName(s.level),
        turn: s.turns_before + 1, why: t(s.why),
      }))),
      replay.ending === "abandoned"
        ? el("p", { class: "ending" }, t("abandoned", { n: replay.turns.length })) : null,
      replay.ending === "timeout" ? el("p", { class: "ending", id: "timed-out" },
        timedOutText(displayName(replay.players[replay.timed_out]))) : null,
      replay.hints ? el("p", {}, hintsBadge()) : null,
      el("p", { id: "played" }, step > 0 ? [
        t("played", { name: playerName(step - 1), ofName: ofName(playerName(step - 1)) }), " ",
        el("span", { title: replay.turns[step - 1] }, inWords(replay.turns[step - 1], shownView(replay.steps[step])))]
        : t("start")),
      await module.renderGame(shownView(replay.steps[step]), { you: null, act: () => {}, redraw: render }));
    review ??= reviewPanel({
      ...startReview, players: replay.players, module, view: () => shownView(replay.steps.at(-1)),
      fail: (error) => fail(error, module),
    });
    review.redraw();
    parts.push(review);
  }
  app.replaceChildren(header(t, render), el("main", { id: "content" }, ...parts));
}

document.addEventListener("keydown", (event) => {
  if (event.key === "ArrowRight") go(step + 1);
  if (event.key === "ArrowLeft") go(step - 1);
});
const table = new URLSearchParams(location.search).get("table");
if (table) {
  const path = `/api/tables/${encodeURIComponent(table)}`;
  load(api(`${path}/replay`), null,
    { start: () => api(`${path}/review`, { method: "POST" }), key: `table-${table}` });
}
else render();
