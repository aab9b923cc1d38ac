// "Learn from your mistakes": after a review, a player replays their own
// mistakes and blunders as exercises, one at a time, from the view they had
// (the position drawn by the game's own module, its buttons live), and is
// told whether the decision they find now is as good as the coach's.
//
// Game-independent, like the review: the game's module draws the position
// and words decisions.  An answer is judged against the values the review
// kept for each mistake and blunder (``values``: the coach's value of every
// decision it weighed), never by searching again: the page asks the server
// for nothing but the position.
import { api, el, plural, shownView, translator } from "/static/common.js";
import { gradeBadge, markDecision } from "/static/review.js";

const t = translator({
  en: {
    learn: "Learn from your mistakes", noExercise: "No mistake or blunder to learn from in this game.",
    progress: "Exercise {n} of {total}", ask: "{name}, turn {turn}. In the game: {words}. Find a better decision.",
    bestFound: "Solved: {words} is the coach's own choice.",
    goodFound: "Solved: {words} is about as good as the coach's choice, {best}.",
    "missedWin.one": "Not quite: {words} still loses {n} game in a hundred against the coach's choice: {best}.",
    "missedWin.other": "Not quite: {words} still loses {n} games in a hundred against the coach's choice: {best}.",
    "missedPoints.one": "Not quite: {words} still loses {n} point against the coach's choice: {best}.",
    "missedPoints.other": "Not quite: {words} still loses {n} points against the coach's choice: {best}.",
    missed: "Not quite: the coach did not weigh {words}; its choice was {best}.",
    next: "Next exercise", back: "Back to the review", closed: "That decision is not open here.",
    "finished.one": "Done: {solved} of {n} exercise solved.", "finished.other": "Done: {solved} of {n} exercises solved.",
  },
  fr: {
    learn: "Apprendre de vos erreurs", noExercise: "Aucune erreur ni gaffe dont apprendre dans cette partie.",
    progress: "Exercice {n} sur {total}", ask: "{name}, tour {turn}. Dans la partie : {words}. Trouvez une meilleure décision.",
    bestFound: "Réussi : {words} est le choix même du coach.",
    goodFound: "Réussi : {words} vaut à peu près le choix du coach, {best}.",
    "missedWin.one": "Pas tout à fait : {words} perd encore {n} partie sur cent face au choix du coach : {best}.",
    "missedWin.other": "Pas tout à fait : {words} perd encore {n} parties sur cent face au choix du coach : {best}.",
    "missedPoints.one": "Pas tout à fait : {words} perd encore {n} point face au choix du coach : {best}.",
    "missedPoints.other": "Pas tout à fait : {words} perd encore {n} points face au choix du coach : {best}.",
    missed: "Pas tout à fait : le coach n'a pas pesé {words} ; son choix était {best}.",
    next: "Exercice suivant", back: "Retour à l'analyse", closed: "Cette décision n'est pas possible ici.",
    "finished.one": "Terminé : {solved} sur {n} exercice réussi.", "finished.other": "Terminé : {solved} sur {n} exercices réussis.",
  },
});

/** The decisions a player replays: their mistakes and blunders (not a bot's in their seat). */
export function exercisesOf(review, seat = null) {
  return review.decisions.filter((d) => (d.grade === "mistake" || d.grade === "blunder")
    && !d.substitute && d.values && (seat === null || d.seat === seat));
}

/**
 * An answer against the coach's values for that decision: solved when it is
 * the coach's choice or loses less than an inaccuracy's threshold (what the
 * grades call good); ``loss``: the value it loses (null: not weighed).
 */
export function judge(decision, answer, thresholds) {
  if (answer === decision.best) return { solved: true, loss: 0 };
  const value = decision.values[answer];
  if (value === undefined) return { solved: false, loss: null };
  const loss = Math.max(0, decision.values[decision.best] - value);
  return { solved: loss < thresholds.inaccuracy, loss };
}

/** A new practice: where it stands (``redraw`` when it moves on). */
export const practice = (items) => ({ items, at: 0, answers: [], positions: new Map() });

/** The "Learn from your mistakes" button, or why there is none. */
export function learnButton(items, begin) {
  if (!items.length) return el("p", { class: "muted", id: "no-exercise" }, t("noExercise"));
  return el("button", { type: "button", id: "learn", onclick: begin }, t("learn"));
}

/**
 * The exercise ``state.at`` of ``state.items``: its position, live until
 * answered, then the verdict and the way on.  ``close()`` ends the practice.
 */
export async function exerciseSection(state, { key, review, players, module, redraw, close }) {
  const decision = state.items[state.at];
  if (!state.positions.has(decision.index)) {
    state.positions.set(decision.index, await api(`/api/reviews/${key}/positions/${decision.index}`));
  }
  const position = state.positions.get(decision.index);
  const view = shownView(position.view);
  const words = (action) => module.describe(action, view);
  const answer = state.answers[state.at];
  const act = (action) => {
    if (state.answers[state.at] !== undefined) return;
    state.answers[state.at] = action;
    redraw();
  };
  const drawing = await module.renderGame(view, {
    you: position.seat, act, redraw, check: async () => t("closed"), last: null,
  });
  const lines = [
    el("h3", { id: "exercise-title" }, t("progress", { n: state.at + 1, total: state.items.length }),
      " ", gradeBadge(decision.grade)),
    el("p", { id: "exercise-ask" }, t("ask", {
      name: players[decision.seat], turn: decision.turn, words: words(decision.played),
    })),
  ];
  if (answer !== undefined) {
    for (const button of drawing.querySelectorAll("button")) button.disabled = true;
    if (answer !== decision.best) markDecision(drawing, answer, "coach-played");  // dashed, as on the review board
    markDecision(drawing, decision.best, "coach-best");
    lines.push(verdict(decision, answer, review, words));
    const last = state.at + 1 === state.items.length;
    if (last) {
      const solved = state.items.filter((d, i) => judge(d, state.answers[i], review.thresholds).solved).length;
      lines.push(el("p", { id: "exercise-done", role: "status" },
        plural(t, state.items.length, "finished", { solved })));
    }
    lines.push(el("div", { class: "row" },
      last ? null : el("button", {
        type: "button", id: "exercise-next", class: "primary",
        onclick: () => { state.at += 1; redraw(); },
      }, t("next")),
      el("button", { type: "button", id: "exercise-back", onclick: close }, t("back"))));
  } else {
    lines.push(el("div", { class: "row" },
      el("button", { type: "button", id: "exercise-back", onclick: close }, t("back"))));
  }
  return el("section", { class: "exercise", id: "exercise", "aria-labelledby": "exercise-title" },
    ...lines, drawing);
}

function verdict(decision, answer, review, words) {
  const { solved, loss } = judge(decision, answer, review.thresholds);
  const said = { words: words(answer), best: words(decision.best) };
  let text;
  if (answer === decision.best) text = t("bestFound", said);
  else if (solved) text = t("goodFound", said);
  else if (loss === null) text = t("missed", said);
  else if (review.points_per_unit) {
    text = plural(t, Math.round(loss * review.points_per_unit), "missedPoints", said);
  } else text = plural(t, Math.max(1, Math.round(loss * 100)), "missedWin", said);
  return el("p", {
    id: "exercise-result", role: "status", class: solved ? "exercise-solved" : "exercise-missed",
    "data-solved": String(solved),
  }, text);
}
