// Learn from your mistakes: after a review, a player's mistakes and blunders
// come back as exercises, one at a time, each from the position its player
// saw (the review's own positions), with the game's own board to play on.
// The coach's choice solves it; the decision played does not; another one is
// not one the coach weighed, and the page says so and what it preferred.
import { api, el, shownView, translator } from "/static/common.js";

const t = translator({
  en: {
    learnMistakes: "Learn from {name}'s mistakes ({n})", exercise: "Exercise {k} of {n}",
    findBetter: "{name}: {played}. Find a better decision.",
    solved: "Solved: that is the coach's choice.", samePlayed: "That is what was played. Try another.",
    other: "Not the coach's choice: it preferred {best}.", next: "Next exercise",
    showBest: "Show the coach's choice", done: "Exercises done: {solved} of {n} solved at once.",
    close: "Back to the review",
  },
  fr: {
    learnMistakes: "Apprendre des erreurs {ofName} ({n})", exercise: "Exercice {k} sur {n}",
    findBetter: "{name} : {played}. Trouvez une meilleure décision.",
    solved: "Réussi : c'est le choix du coach.", samePlayed: "C'est ce qui a été joué. Essayez autre chose.",
    other: "Ce n'est pas le choix du coach : il préférait {best}.", next: "Exercice suivant",
    showBest: "Montrer le choix du coach", done: "Exercices terminés : {solved} sur {n} réussis du premier coup.",
    close: "Retour à l'analyse",
  },
});

const MISTAKES = new Set(["mistake", "blunder"]);

/** The seat's decisions to practise: its mistakes and blunders, not a bot's stand-in's. */
export const mistakesOf = (review, seat) => review.decisions.filter((d) =>
  d.seat === seat && MISTAKES.has(d.grade) && !d.substitute);

/**
 * The exercises of ``seat`` in ``box``: ``key`` is the review's, ``name`` the
 * player's as shown, ``module`` the game's page module, ``mark`` marks a
 * decision's buttons (review.js), ``onClose`` goes back to the review.
 */
export function practise({ box, key, review, seat, name, module, mark, fail, onClose }) {
  const exercises = mistakesOf(review, seat);
  let at = 0;
  let firstTry = 0;
  let tried = false;
  let said = null;  // the last answer (its words' key), worded again when the language changes
  const draw = async () => {
    if (at >= exercises.length) {
      box.replaceChildren(el("h3", { id: "exercise-title", tabindex: -1 }, t("done", { solved: firstTry, n: exercises.length })),
        el("button", { type: "button", id: "exercise-close", onclick: onClose }, t("close")));
      box.querySelector("#exercise-title").focus();
      return;
    }
    const decision = exercises[at];
    const position = await api(`/api/reviews/${key}/positions/${decision.index}`);
    const view = shownView(position.view);
    const answer = (key, solved) => {
      said = { key, solved };
      draw().catch(fail);
    };
    const act = (chosen) => {
      if (said?.solved) return;
      if (chosen === decision.best) {
        if (!tried) firstTry += 1;
        answer("solved", true);
      } else {
        tried = true;
        answer(chosen === decision.played ? "samePlayed" : "other", false);
      }
    };
    const board = await module.renderGame(view, { you: position.seat, act, check: async () => null, redraw: draw });
    if (said?.solved || said?.reveal) mark(board, decision.best, "coach-best");
    mark(board, decision.played, "coach-played");
    box.replaceChildren(
      el("h3", { id: "exercise-title" }, t("exercise", { k: at + 1, n: exercises.length })),
      el("p", {}, t("findBetter", { name, played: module.describe(decision.played, view) })),
      el("p", { class: said?.solved ? "exercise-answer solved" : "exercise-answer", id: "exercise-answer", role: "status" },
        said ? t(said.key, { best: module.describe(decision.best, view) }) : ""),
      el("div", { class: "row" },
        said && !said.solved ? el("button", {
          type: "button", id: "exercise-reveal", onclick: () => { said = { ...said, reveal: true }; draw().catch(fail); },
        }, t("showBest")) : null,
        said?.solved || said?.reveal ? el("button", {
          type: "button", id: "exercise-next", class: "primary",
          onclick: () => { at += 1; tried = false; said = null; draw().catch(fail); },
        }, t("next")) : null),
      board);
  };
  draw().catch(fail);
  box.redraw = () => draw().catch(fail);
}

/** The button that starts them, or null for a player with nothing to practise. */
export function practiseButton(review, seat, name, ofName, start) {
  const n = mistakesOf(review, seat).length;
  if (!n) return null;
  return el("button", { type: "button", class: "practise", "data-seat": seat, onclick: start },
    t("learnMistakes", { name, ofName, n }));
}
