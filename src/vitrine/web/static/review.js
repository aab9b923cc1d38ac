// The coach on the page: a game's review (progress, standing graph, graded
// decisions, the best alternative drawn on the game) and the hint line.
// Game-independent: the game's module words decisions and draws positions.
//
// The standing graph is SVG built here: one small line chart needs no
// library, works under the pages' Content-Security-Policy (no inline style:
// SVG presentation attributes and classes only) and needs no file from a CDN.
import { api, displayName, el, lang, ofName, plural, shownView, translator } from "/static/common.js";
import { exerciseSection, exercisesOf, learnButton, practice } from "/static/exercises.js";

const t = translator({
  en: {
    review: "Review this game with the coach", reviewing: "The coach is reviewing: {done} of {total} decisions",
    reviewTitle: "The coach's review", coach: "Coach: {coach}. Each decision is judged from what its player could see then.",
    standing: "Standing over the game", standingWinShare: "Each player's chance to win, decision by decision",
    standingScore: "The expected score, decision by decision",
    standingContest: "{name}'s chance to win, decision by decision: above the middle line {name} leads, below it {other}",
    player: "Player", decisions: "Decisions", bestShare: "Best", meanLoss: "Mean loss",
    accuracy: "Accuracy", accuracyNote: "Accuracy: 100% keeps every chance to win; it falls as chances are lost, as lichess computes it.",
    meanPoints: "Points lost per decision", summary: "Each player's review",
    "pointsLost.one": "−{n} point", "pointsLost.other": "−{n} points",
    best: "best", good: "good", inaccuracy: "inaccuracy", mistake: "mistake", blunder: "blunder",
    forced: "only choice", decisionList: "Every decision, graded", costliest: "Costliest moments",
    played: "Played: {words}", bestWas: "The coach's choice: {words}",
    "lossWin.one": "{n} game in a hundred lost", "lossWin.other": "{n} games in a hundred lost",
    "lossPoints.one": "{n} point lost", "lossPoints.other": "{n} points lost",
    worthWin: "{n}% to win", "worthPoints.one": "{n} point expected",
    "worthPoints.other": "{n} points expected", turn: "turn {n}",
    hint: "Hint", hintLine: "The coach's suggestion: {words}",
    "hintMargin.one": " — {n} more game won in a hundred than the next best: {other}",
    "hintMargin.other": " — {n} more games won in a hundred than the next best: {other}",
    "hintMarginPoints.one": " — {n} more point than the next best: {other}",
    "hintMarginPoints.other": " — {n} more points than the next best: {other}",
    hintEven: " — about as good as the next best: {other}",
    hintsAllowed: "Hints allowed", hintsAllowedLong: "The host allowed hints: this game was not played unaided.",
    chosen: "Decision {n}: {name}, {turn}", bot: "played by a bot", wasToPlay: "{name} was to play.",
  },
  fr: {
    review: "Analyser la partie avec le coach", reviewing: "Le coach analyse : {done} décisions sur {total}",
    reviewTitle: "L'analyse du coach", coach: "Coach : {coach}. Chaque décision est jugée sur ce que son joueur pouvait voir alors.",
    standing: "Le rapport de force au fil de la partie", standingWinShare: "Les chances de gagner de chaque joueur, décision par décision",
    standingScore: "Le score attendu, décision par décision",
    standingContest: "Les chances de gagner {ofName}, décision par décision : au-dessus de la ligne du milieu, {name} mène ; en dessous, {other}",
    player: "Joueur", decisions: "Décisions", bestShare: "Meilleures", meanLoss: "Perte moyenne",
    accuracy: "Précision", accuracyNote: "Précision : 100 % garde toutes les chances de gagner ; elle baisse à mesure qu'on en perd, calculée comme sur lichess.",
    meanPoints: "Points perdus par décision", summary: "Le bilan de chaque joueur",
    "pointsLost.one": "−{n} point", "pointsLost.other": "−{n} points",
    best: "meilleure", good: "bonne", inaccuracy: "imprécision", mistake: "erreur", blunder: "gaffe",
    forced: "seul choix", decisionList: "Chaque décision, notée", costliest: "Moments les plus coûteux",
    played: "Joué : {words}", bestWas: "Le choix du coach : {words}",
    "lossWin.one": "{n} partie sur cent perdue", "lossWin.other": "{n} parties sur cent perdues",
    "lossPoints.one": "{n} point perdu", "lossPoints.other": "{n} points perdus",
    worthWin: "{n} % de chances de gagner", "worthPoints.one": "{n} point attendu",
    "worthPoints.other": "{n} points attendus", turn: "tour {n}",
    hint: "Indice", hintLine: "La suggestion du coach : {words}",
    "hintMargin.one": " — {n} partie gagnée sur cent de plus que la suivante : {other}",
    "hintMargin.other": " — {n} parties gagnées sur cent de plus que la suivante : {other}",
    "hintMarginPoints.one": " — {n} point de plus que la suivante : {other}",
    "hintMarginPoints.other": " — {n} points de plus que la suivante : {other}",
    hintEven: " — à peu près aussi bonne que la suivante : {other}",
    hintsAllowed: "Indices autorisés", hintsAllowedLong: "L'hôte a autorisé les indices : cette partie n'a pas été jouée sans aide.",
    chosen: "Décision {n} : {name}, {turn}", bot: "jouée par un robot", wasToPlay: "C'était à {name} de jouer.",
  },
});

export const GRADES = ["best", "good", "inaccuracy", "mistake", "blunder"];
const POLL_MS = 600;
const SVG = "http://www.w3.org/2000/svg";

function svg(tag, attributes = {}, ...children) {
  const node = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, String(value));
  node.append(...children);
  return node;
}

// A value on the review's scale in words: a chance to win, or points alone.
const worth = (review, value) => (review.points_per_unit
  ? plural(t, Math.round(value * review.points_per_unit), "worthPoints")
  : t("worthWin", { n: Math.round(value * 100) }));
const lost = (review, loss) => (review.points_per_unit
  ? plural(t, Math.round(loss * review.points_per_unit), "lossPoints")
  : plural(t, Math.round(loss * 100), "lossWin"));

// Points, to a tenth below ten (a close game is won by a point or two).
const number = (x) => new Intl.NumberFormat(lang(), { maximumFractionDigits: Math.abs(x) < 10 ? 1 : 0 }).format(x);
const rounded = (x) => (Math.abs(x) < 10 ? Math.round(x * 10) / 10 : Math.round(x));
// What a decision cost in points, in words ("−1.5 points"); nothing when it rounds to none.
// Alone the loss is already in points (``lost``), so it is not said twice.
const pointsLost = (review, decision) => (review.points_per_unit || !(rounded(decision.points_loss ?? 0) > 0)
  ? null : plural(t, rounded(decision.points_loss), "pointsLost", { n: number(rounded(decision.points_loss)) }));

export function gradeBadge(grade) {
  return el("span", { class: `grade grade-${grade}`, "data-grade": grade }, t(grade));
}

/** The "hints allowed" mark every table that allows hints shows, to everyone. */
export function hintsBadge() {
  return el("span", { class: "badge hints-badge", title: t("hintsAllowedLong"), id: "hints-allowed" },
    t("hintsAllowed"));
}

/**
 * The hint control for the seat to play: a button, then the coach's line, and
 * the suggested decision marked on the game (``.coach-best``).
 */
export function hintControl({ ask, view, module, fail, remembered }) {
  const line = el("p", { id: "hint-line", class: "hint-line", role: "status" });
  const show = (hint) => {
    let text = t("hintLine", { words: module.describe(hint.decision, view) });
    if (hint.runner_up && hint.value !== null) {
      const other = module.describe(hint.runner_up, view);
      const points = hint.points_per_unit;
      const n = Math.round(hint.margin * (points ?? 100));
      // A margin that rounds to nothing says so, never "0 more".
      text += n === 0 ? t("hintEven", { other })
        : plural(t, n, points ? "hintMarginPoints" : "hintMargin", { other });
    }
    line.textContent = text;
    markDecision(document, hint.decision, "coach-best");
  };
  if (remembered.hint) queueMicrotask(() => show(remembered.hint));
  const button = el("button", {
    type: "button", id: "hint",
    onclick: async () => {
      button.disabled = true;
      try {
        remembered.hint = await ask();
        show(remembered.hint);
      } catch (error) { fail(error); } finally { button.disabled = false; }
    },
  }, t("hint"));
  return el("div", { class: "row hint" }, button, line);
}

/**
 * Marks the buttons of a decision with a class: the decision exactly, else
 * any button for its first part (a white card's take, "1945@EU", is one card
 * button until the card is picked, and that button carries whichever of the
 * card's destinations the game drew it with).
 */
export function markDecision(root, action, cls) {
  let found = root.querySelectorAll(`[data-action="${CSS.escape(action)}"]`);
  if (!found.length) {
    const first = CSS.escape(action.split("@")[0]);
    found = root.querySelectorAll(`[data-action="${first}"], [data-action^="${first}@"]`);
  }
  for (const node of found) node.classList.add(cls);
}

/**
 * The review panel.  ``start()`` asks the server to review (it answers the
 * review's status and key); ``key``, when known, finds a review already made.
 * ``players`` names the seats (as the server does: they are worded at each drawing, so a
 * language switch renames the bots); ``module`` is the game's page module;
 * ``onReview(review)`` lets the page put grades beside its own log.
 */
export function reviewPanel({ start, key, players, module, view, fail, onReview, you = () => null }) {
  const panel = el("section", { class: "panel review", id: "review", "aria-labelledby": "review-title" });
  let shown = null;  // what the panel shows now, drawn again in another language
  let practicing = null;  // "learn from your mistakes" under way: its exercises and answers
  let drawn = 0;  // the latest drawing: an exercise's position arrives later, maybe after another
  const practise = () => {
    const mine = drawn += 1;
    exerciseSection(practicing, {
      key: shown.key, review: shown.review, players: players.map(displayName), module, redraw: draw,
      close: () => { practicing = null; draw(); },
    }).then((section) => {
      if (mine === drawn) panel.replaceChildren(el("h2", { id: "review-title" }, t("reviewTitle")), section);
    }).catch(fail);
  };
  const learn = (items) => learnButton(items, () => { practicing = practice(items); draw(); });
  const draw = () => {
    drawn += 1;
    if (shown === null) panel.replaceChildren(button());
    else if (practicing !== null && shown.status === "done") practise();
    else if (shown.status === "running") {
      panel.replaceChildren(el("h2", { id: "review-title" }, t("reviewTitle")),
        el("label", { for: "review-progress" }, t("reviewing", { done: shown.done, total: shown.total })),
        el("progress", { id: "review-progress", max: Math.max(1, shown.total), value: shown.done }));
    } else {
      panel.replaceChildren(...renderReview(shown, players.map(displayName), module, view(), fail,
        learn(exercisesOf(shown.review, you()))));
    }
  };
  const poll = async (status) => {
    if (status.status === "none") return;  // not reviewed yet: the button stays
    shown = status;
    while (shown.status === "running") {
      draw();
      await new Promise((resolve) => { setTimeout(resolve, POLL_MS); });
      shown = await api(`/api/reviews/${shown.key}`);
    }
    if (shown.status === "failed") {
      const error = shown.error;
      shown = null;
      throw error;
    }
    onReview?.(shown.review);
    draw();
  };
  const begin = () => start().then(poll).catch((error) => {
    fail(error);
    draw();
  });
  const button = () => el("button", { type: "button", id: "review-start", onclick: begin }, t("review"));
  draw();
  if (key) api(`/api/reviews/${key}`).then(poll).catch(fail);
  panel.redraw = draw;  // the page calls it when the language changes
  return panel;
}

/** ``last``: a view of the game, to word its decisions in the list. */
function renderReview({ key, review }, players, module, last, fail, learn) {
  const board = el("div", { class: "review-board", id: "review-board", "aria-live": "polite" });
  const choose = async (decision) => {
    try {
      const position = await api(`/api/reviews/${key}/positions/${decision.index}`);
      const view = shownView(position.view);
      // The position as its player saw it; the game's action bar names who was to play.
      const review = t("wasToPlay", { name: players[decision.seat] });
      const drawing = await module.renderGame(view, { you: position.seat, review, act: () => {}, redraw: () => {} });
      const lines = [
        el("h3", { id: "review-chosen" }, t("chosen", { n: decision.index, name: players[decision.seat], turn: t("turn", { n: decision.turn }) }),
          " ", gradeBadge(decision.grade)),
        el("p", { class: "coach-played-line" }, t("played", { words: module.describe(decision.played, view) }),
          decision.value_played !== null ? ` — ${worth(review, decision.value_played)}` : ""),
      ];
      if (decision.best !== decision.played) {
        lines.push(el("p", { class: "coach-best-line", id: "coach-best-line" },
          t("bestWas", { words: module.describe(decision.best, view) }),
          ` — ${worth(review, decision.value_best)}`, decision.loss > 0 ? ` (${lost(review, decision.loss)})` : "",
          pointsLost(review, decision) ? `, ${pointsLost(review, decision)}` : ""));
      }
      board.replaceChildren(...lines, drawing);
      markDecision(drawing, decision.played, "coach-played");
      if (decision.best !== decision.played) markDecision(drawing, decision.best, "coach-best");
      for (const button of drawing.querySelectorAll("button")) button.disabled = true;
    } catch (error) { fail(error); }
  };
  const items = review.decisions.map((decision) => el("li", {},
    el("button", {
      type: "button", class: "decision", "data-index": decision.index,
      onclick: () => choose(decision),
      title: decision.played,
    }, `${players[decision.seat]}: ${module.describe(decision.played, last)}`), " ", gradeBadge(decision.grade),
    decision.substitute ? el("span", { class: "muted" }, ` (${t("bot")})`) : null,
    decision.loss > 0 ? el("span", { class: "muted" }, ` ${lost(review, decision.loss)}`) : null,
    pointsLost(review, decision) ? el("span", { class: "points-lost" }, ` ${pointsLost(review, decision)}`) : null));
  return [
    el("h2", { id: "review-title" }, t("reviewTitle")),
    el("p", { class: "muted" }, t("coach", { coach: review.coach })),
    summaryTable(review, players),
    learn,
    standingGraph(review, players),
    el("h3", {}, t("decisionList")),
    el("ol", { class: "review-decisions", start: 0 }, ...items),
    board,
  ];
}

function summaryTable(review, players) {
  const pct = (x) => `${Math.round(x * 100)}%`;
  const accuracy = review.summaries.some((s) => s.accuracy !== undefined);  // not alone
  // Too wide for a phone, it scrolls in its box, which the keyboard reaches too.
  return el("div", { class: "table-scroll", tabindex: 0, role: "region", "aria-label": t("summary") },
    el("table", { class: "scores review-summary" },
    accuracy ? el("caption", { class: "muted" }, t("accuracyNote")) : null,
    el("thead", {}, el("tr", {},
      ...[t("player"), t("decisions"), accuracy ? t("accuracy") : null, t("bestShare"),
        ...GRADES.slice(1).map(t), t("meanLoss"), t("meanPoints")].filter(Boolean)
        .map((heading) => el("th", { scope: "col" }, heading)))),
    el("tbody", {}, ...review.summaries.map((s) => el("tr", {},
      el("th", { scope: "row" }, players[s.seat]),
      el("td", {}, s.decisions),
      accuracy ? el("td", { class: "accuracy" }, s.accuracy === undefined ? "—" : `${Math.round(s.accuracy)}%`) : null,
      el("td", {}, s.decisions ? pct(s.best_share) : "—"),
      ...GRADES.slice(1).map((grade) => el("td", {}, s.grades[grade])),
      el("td", {}, lost(review, s.mean_loss)),
      el("td", { class: "mean-points" }, s.mean_points_loss != null ? number(rounded(s.mean_points_loss)) : "—"))))));
}

// Colours (Okabe-Ito) and dash patterns per seat, so colour is never the only clue.
const SEAT_COLOURS = ["#0072b2", "#d55e00", "#009e73", "#cc79a7", "#e69f00"];
const SEAT_DASHES = ["", "6 3", "2 3", "8 3 2 3", "1 2"];

function standingGraph(review, players) {
  const width = 640;
  const height = 200;
  const pad = 32;
  const left = 44; // room for "100%" beside the axis
  const last = Math.max(1, review.decisions.length - 1);
  const solo = review.points_per_unit !== null;
  // Two players: one contest line, the first seat's chance (the second's is the rest).
  const contest = !solo && review.seats.length === 2;
  const [first, second] = review.seats;
  const forLine = (d, value) => (contest && d.seat !== first ? 1 - value : value);
  const values = review.decisions.filter((d) => d.value_best !== null).map((d) => d.value_best);
  const top = solo ? Math.max(...values, 0.01) : 1;
  const x = (index) => left + ((width - left - pad) * index) / last;
  const y = (value) => height - pad - ((height - 2 * pad) * value) / top;
  const axis = [
    svg("line", { x1: left, y1: y(0), x2: width - pad, y2: y(0), class: "axis" }),
    svg("line", { x1: left, y1: y(0), x2: left, y2: y(top), class: "axis" }),
    svg("text", { x: left - 4, y: y(top) + 4, "text-anchor": "end", class: "tick" },
      solo ? String(Math.round(top * review.points_per_unit)) : "100%"),
    svg("text", { x: left - 4, y: y(0) + 4, "text-anchor": "end", class: "tick" }, solo ? "0" : "0%"),
  ];
  if (!solo) axis.push(svg("line", { x1: left, y1: y(0.5), x2: width - pad, y2: y(0.5), class: "grid" }));
  const colour = (seat) => SEAT_COLOURS[seat % SEAT_COLOURS.length];
  const dashes = (seat) => SEAT_DASHES[seat % SEAT_DASHES.length];
  const line = (seat, points) => {
    const marks = points.filter((d) => d.grade === "mistake" || d.grade === "blunder").map((d) =>
      svg("circle", { cx: x(d.index), cy: y(forLine(d, d.value_played)), r: 4, fill: colour(d.seat), class: `mark-${d.grade}` },
        svg("title", {}, `${players[d.seat]}: ${d.played} — ${t(d.grade)}`)));
    return svg("g", { "data-seat": seat },
      svg("polyline", {
        points: points.map((d) => `${x(d.index).toFixed(1)},${y(forLine(d, d.value_best)).toFixed(1)}`).join(" "),
        fill: "none", stroke: colour(seat), "stroke-width": 2, "stroke-dasharray": dashes(seat),
      }), ...marks);
  };
  const valued = review.decisions.filter((d) => d.value_best !== null);
  const lines = contest ? [line(first, valued)]
    : review.seats.map((seat) => line(seat, valued.filter((d) => d.seat === seat)));
  const caption = solo ? t("standingScore")
    : contest ? t("standingContest", { name: players[first], ofName: ofName(players[first]), other: players[second] }) : t("standingWinShare");
  const sample = (seat) => el("span", { class: "legend-seat" },
    svg("svg", { width: 28, height: 10, "aria-hidden": "true" },
      svg("line", { x1: 0, y1: 5, x2: 28, y2: 5, stroke: colour(seat), "stroke-width": 2, "stroke-dasharray": dashes(seat) })),
    ` ${players[seat]}`);
  return el("figure", { class: "standing" },
    el("h3", {}, t("standing")),
    svg("svg", { viewBox: `0 0 ${width} ${height}`, role: "img", "aria-label": caption, id: "standing-graph" },
      svg("title", {}, caption), ...axis, ...lines),
    el("figcaption", { class: "standing-legend" }, caption,
      ...(contest ? [] : review.seats.map(sample))));
}
