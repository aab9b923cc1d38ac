// Exhibition: 20th Century in the browser: the market, the halls, the two-step
// turn (take, see the refill, then place — D-13) and the final scores.
// Everything drawn comes from the player's view; this file only decides how it looks.
import { displayName, el, lang, ofName, plural, scoreTable } from "/static/common.js";
import { t } from "./words.js";

export { errorWords } from "./words.js";

const CONTINENTS = ["OC", "SA", "AF", "AS", "EU", "NA"];
const SYMBOLS = { OC: "◆", SA: "▲", AF: "●", AS: "■", EU: "★", NA: "✚", white: "✦" };

const cards = new Map();
const subjectsFr = new Map();
let subjectsFrBefore = {}; // per earlier rules version, its changed cards' subjects in French
let previous = {}; // per earlier rules version, its cards that have changed since
let version = null; // the rules version of the game drawn
let layout = null;
const data = (file) => fetch(`/api/games/exhibition/data/${file}`).then((r) => r.json());
// The cards (continent, subject), the subjects in French and the hall
// (variation showcases): public, printed data.
export const ready = Promise.all([
  data("cards.json").then((table) => {
    for (const card of table.cards) cards.set(card.card, card);
    previous = table.previous ?? {};
  }),
  data("subjects_fr.json").then((table) => {
    for (const [label, subject] of Object.entries(table.subjects)) subjectsFr.set(label, subject);
    subjectsFrBefore = table.previous ?? {};
  }),
  data("hall.json").then((hall) => { layout = hall; }),
]);

// A card's data in the game drawn: a record of earlier rules shows its own cards.
const cardInfo = (label) => previous[version]?.find((c) => c.card === label) ?? cards.get(label);
const continentOf = (label) => cardInfo(label)?.continent ?? "white";
const subjectOf = (label) => (lang() === "fr"
  ? subjectsFrBefore[version]?.[label] ?? subjectsFr.get(label) : null)
  ?? cardInfo(label)?.subject ?? "";

function cardFace(label, extra = {}) {
  const continent = continentOf(label);
  return [
    el("span", { class: "year" }, cardName(label)),
    el("span", { class: "code", title: t(continent) },
      `${SYMBOLS[continent]} ${continent === "white" ? t("anyContinent") : continent}`),
    cards.has(label) && !extra.compact ? el("span", { class: "subject" }, subjectOf(label)) : null,
  ];
}

// A card's name as a person reads it: its year (Einstein's by name, never the notation's EIN).
const cardName = (label) => (label === "EIN" ? "Einstein" : label);

function cardTitle(label) {
  return `${cardName(label)} — ${t(continentOf(label))}${cardInfo(label) ? ` — ${subjectOf(label)}` : ""}`;
}

// A card shown, or a button when taking it is a legal decision; ``fresh``: it
// just came in (the refill), drawn with a short arrival and a mark.
function card(label, action, onTake, first, fresh) {
  const continent = continentOf(label);
  const attributes = {
    class: `card c-${continent}${fresh ? " fresh" : ""}`, title: cardTitle(label),
  };
  if (!action) return el("div", attributes, cardFace(label));
  return el("button", {
    ...attributes, type: "button", class: `${attributes.class} legal`, "data-action": action,
    "data-focus": first && !pick.white, onclick: () => onTake(label),
  }, cardFace(label));
}

export function optionsForm() {
  const secret = el("input", { type: "checkbox", id: "opt-secret_decade" });
  const boxes = (layout?.variations ?? []).map((variation) => el("input", {
    type: "checkbox", id: `opt-${variation.key}`, value: variation.key,
  }));
  const element = el("fieldset", { class: "row" },
    el("legend", {}, t("variations")),
    el("label", {}, secret, t("secretOption")),
    ...boxes.map((box) => el("label", { title: t(`rule.${box.value}`) }, box, t(box.value))));
  return {
    element,
    read: () => ({
      secret_decade: secret.checked,
      variations: boxes.filter((box) => box.checked).map((box) => box.value),
    }),
  };
}

/** The table's options in words: the Secret Decade, each variation showcase. */
export function optionsSummary(options) {
  return [
    ...(options?.secret_decade ? [t("secretOption")] : []),
    ...(options?.variations ?? []).map((key) => t(key)),
  ];
}

/** A score in words ("12 points"). */
export const totalWords = (n) => plural(t, n, "points");

// On a phone the other players' halls start folded; a hall folded or opened by
// hand stays so across redraws.
const NARROW = window.matchMedia("(max-width: 800px)");
const unfolded = new Map();

// The placement step's own state: a chosen white card, a tentative spot (or
// the depot "D", or "X" to end the exhibition, asked to confirm), and the
// reason a spot is closed, at that spot.  It lives only until the position
// changes, so a misclick is undone here, before anything is sent; a take is
// never undone (the refill is already public).
let pick = { key: null, white: null, spot: null, why: null };
function stepKey(view) {
  return `${view.turns.length}:${view.phase}:${view.current_player}:${view.pending}`;
}

// The card the last take drew into the market, as the view says (never
// guessed from an earlier drawing, which a reload or a review has not got).
const freshCards = (view) => new Set(view.refill ? [view.refill] : []);

function market(view, ctx, legal, fresh) {
  const takes = new Map();
  for (const action of legal) {
    if (view.phase === "take") takes.set(action.split("@")[0], action);
  }
  const onTake = (label) => {
    const options = legal.filter((a) => a.split("@")[0] === label);
    if (options.length === 1 && !options[0].includes("@")) ctx.act(options[0]);
    else { pick.white = label; ctx.redraw(); }
  };
  return el("section", { class: "market panel", "aria-labelledby": "market-title" },
    el("h2", { id: "market-title" }, t("market"),
      el("span", { class: "muted" }, ` — ${t("stock", { n: view.stock_count })}`)),
    el("div", { class: "continents" },
      ...CONTINENTS.map((code) => {
        const here = view.players.filter((_, seat) => view.vehicles[seat] === code);
        return el("div", { class: `continent c-${code}` },
          el("h3", {}, `${SYMBOLS[code]} ${code} `, el("span", { class: "cname" }, t(code))),
          here.length ? el("div", { class: "vehicles" }, t("vehicleOf"), ...here.map((name) =>
            el("span", { class: "who", title: displayName(name) }, displayName(name)))) : null,
          ...view.market[code].map((label) => card(label, takes.get(label), onTake,
            takes.get(label) === takes.values().next().value, fresh.has(label))));
      })),
    pick.white ? el("div", { class: "row destination", role: "group" },
      t("chooseDestination", { card: cardName(pick.white) }),
      ...legal.filter((a) => a.startsWith(`${pick.white}@`)).map((action, index) => el("button", {
        type: "button", class: `dest c-${action.split("@")[1]}`, "data-action": action,
        "data-focus": index === 0,
        onclick: () => ctx.act(action),
      }, `${SYMBOLS[action.split("@")[1]]} ${t(action.split("@")[1])}`)),
      el("button", { type: "button", onclick: () => { pick.white = null; ctx.redraw(); } }, t("undo")))
      : null);
}

// A closed spot tapped: ask the server why, and say it at the spot.
async function explain(spot, ctx) {
  pick.why = { spot, words: await ctx.check(spot) };
  ctx.redraw();
}

function hall(view, seat, ctx, targets) {
  const mine = seat === ctx.you;
  const placing = mine && view.phase === "place" && view.current_player === seat;
  const spots = view.halls[seat];
  const choose = (spot) => { pick.spot = spot; pick.why = null; ctx.redraw(); };
  const firstTarget = [...targets].find((name) => name !== "D");
  const last = ctx.last?.seat === seat ? ctx.last.action : null;
  const spotCell = (name) => {
    const label = spots[name];
    const legal = placing && targets.has(name);
    const chosen = placing && pick.spot === name;
    if (label) {
      return el("div", {
        class: `spot filled card c-${continentOf(label)}${last === name ? " last" : ""}`,
        title: cardTitle(label),
      }, el("span", { class: "spot-name" }, name), cardFace(label, { compact: true }));
    }
    if (chosen) {
      return el("div", { class: `spot chosen card c-${continentOf(view.pending)}`, "data-anchor": name },
        el("span", { class: "spot-name" }, name), cardFace(view.pending, { compact: true }));
    }
    if (placing) {  // open or not, a spot answers a tap: a choice, or why it is closed
      return el("button", {
        type: "button", class: legal ? "spot legal" : "spot closed",
        "data-action": legal ? name : null, "data-spot": name, "data-anchor": name,
        "aria-label": legal ? name : t("whyNot", { spot: name }),
        "aria-describedby": pick.why?.spot === name ? "why" : null,
        "data-focus": legal && name === firstTarget && !pick.spot && !pick.why,
        onclick: () => (legal ? choose(name) : explain(name, ctx)),
      }, el("span", { class: "spot-name" }, name));
    }
    return el("div", { class: "spot empty" }, el("span", { class: "spot-name" }, name));
  };
  const why = (names) => (pick.why && names.includes(pick.why.spot) && placing
    ? el("p", { class: "why", id: "why", role: "alert" }, pick.why.words) : null);
  const depot = view.depots[seat];
  const depotLegal = placing && targets.has("D");
  const placed = Object.values(spots).filter((label) => label).length;
  const open = unfolded.get(seat) ?? (mine || !NARROW.matches || view.scores !== undefined);
  const secret = view.secret_decades[seat];
  return el("section", {
    class: `hall panel${view.current_player === seat ? " acting" : ""}${mine ? " own" : ""}`,
    "aria-label": view.players[seat],
  },
  el("details", { open, ontoggle: (e) => unfolded.set(seat, e.target.open) },
    el("summary", {}, el("h3", {}, view.players[seat],
      mine && !ctx.review ? el("span", { class: "badge" }, t("you")) : null,
      view.final[seat] ? el("span", { class: "badge" }, t("final")) : null,
      el("span", { class: "muted count" }, t("hallCount", {
        placed, spots: Object.keys(spots).length, depot: depot.length,
      }))),
    secret && (!mine || view.scores) ? el("span", { class: "badge secret-of" },
      t("secretOf", { decade: secret })) : null),
  el("div", { class: "showcases" },
    ...view.showcases.map((showcase) => el("div", { class: `showcase s-${showcase.key}` },
      el("div", { class: "showcase-name" }, t(showcase.key)),
      el("div", { class: "rule" }, t(`rule.${showcase.key}`)),
      el("div", { class: "spots" }, ...showcase.spots.map(spotCell)),
      why(showcase.spots))),
    el("div", { class: "showcase s-depot" },
      el("div", { class: "showcase-name" }, t("depot")),
      el("div", { class: "spots" },
        ...Array.from({ length: view.depot_size }, (_, i) => {
          if (depot[i]) {
            return el("div", {
              class: `spot filled card c-${continentOf(depot[i])}${last === "D" && i === depot.length - 1 ? " last" : ""}`,
              title: cardTitle(depot[i]),
            }, cardFace(depot[i], { compact: true }));
          }
          if (placing && pick.spot === "D" && i === depot.length) {
            return el("div", { class: `spot chosen card c-${continentOf(view.pending)}`, "data-anchor": "D" },
              cardFace(view.pending, { compact: true }));
          }
          if (placing && i === depot.length) {  // the depot's next slot, like a spot
            return el("button", {
              type: "button", class: depotLegal ? "spot legal depot-slot" : "spot closed depot-slot",
              "data-spot": "D", "data-anchor": "D", "aria-label": depotLegal ? t("toDepot", { card: cardName(view.pending.split("@")[0]) })
                : t("whyNot", { spot: t("depot") }),
              onclick: () => (depotLegal ? choose("D") : explain("D", ctx)),
            }, "D");
          }
          return el("div", { class: "spot empty" }, "D");
        })),
      why(["D"])))));
}

// The action bar: what to do now, the card in hand and the refill, the chosen
// spot with the button that confirms it.  Sticky, so it stays in view with
// what the player just touched, wherever that is on the page.
function prompt(view, ctx, legal, fresh) {
  if (view.current_player === null) return null;
  if (view.current_player !== ctx.you) {
    return el("div", { class: "prompt action-bar", role: "status" },
      el("p", {}, t("waitingFor", { name: view.players[view.current_player] })));
  }
  if (view.phase === "take") {
    return el("div", { class: "prompt action-bar", role: "status" },
      el("p", {}, ctx.review ?? t("yourTurnTake")));
  }
  const card = cardName(view.pending.split("@")[0]);
  const refill = [...fresh][0];
  let choice = null;
  if (pick.spot === "X") {
    choice = [
      el("p", { class: "ask", id: "end-ask" }, t("endAsk", { card })),
      el("button", {
        type: "button", id: "confirm", class: "primary", "data-focus": true,
        "aria-describedby": "end-ask", onclick: () => ctx.act("X"),
      }, t("endConfirm")),
      el("button", { type: "button", id: "undo", onclick: () => { pick.spot = null; ctx.redraw(); } },
        t("undo")),
    ];
  } else if (pick.spot) {
    choice = [
      el("span", { class: "chosen-spot" }, pick.spot === "D" ? t("chosenDepot", { card })
        : t("chosenSpot", { card, spot: pick.spot })),
      el("button", {
        type: "button", id: "confirm", class: "primary", "data-focus": true,
        onclick: () => ctx.act(pick.spot),
      }, `${t("confirm")} (${pick.spot === "D" ? t("depot") : pick.spot})`),
      el("button", { type: "button", id: "undo", onclick: () => { pick.spot = null; ctx.redraw(); } },
        t("undo")),
    ];
  } else {
    choice = [
      legal.includes("D") ? el("button", {
        type: "button", "data-action": "D", onclick: () => { pick.spot = "D"; ctx.redraw(); },
      }, t("toDepot", { card })) : null,
      legal.includes("X") ? el("button", {
        type: "button", id: "end", "data-action": "X", onclick: () => { pick.spot = "X"; ctx.redraw(); },
      }, t("endExhibition")) : null,
    ];
  }
  return el("div", {
    class: "prompt action-bar placing", role: "region", "aria-label": ctx.review ?? t("yourTurnPlace", { card }),
  },
  el("div", { class: "bar-row" },
    el("div", { class: `card c-${continentOf(card)} pending`, title: cardTitle(card) },
      cardFace(card, { compact: true })),
    el("div", { class: "bar-words" },
      // On the coach's board, who was to play (``ctx.review``) in place of "You took".
      el("p", { role: "status" }, ctx.review ?? t("yourTurnPlace", { card })),
      el("p", { class: "muted refill" }, refill ? t("refill", { card: cardTitle(refill) })
        : t("noRefill")),
      ctx.review ? null : el("p", { class: "muted keys" }, t("shortcuts"))),
    el("div", { class: "row bar-choice" }, choice)));
}

// The seat's secret decade: "yours" at a table, its player's on the coach's board.
function secretWords(view, ctx, decade) {
  if (!ctx.review) return t("secretDecade", { decade });
  const name = displayName(view.players[ctx.you]);
  return t("secretDecadeOf", { decade, name, ofName: ofName(name) });
}

// Enter confirms the tentative spot, Escape undoes it (or a white card's pick).
export function onKey(event, ctx) {
  if (event.target instanceof HTMLInputElement) return;
  if (event.key === "Enter" && pick.spot && !(event.target instanceof HTMLButtonElement
    && event.target.id !== "confirm" && event.target.id !== "undo")) {
    event.preventDefault();
    ctx.act(pick.spot);
  }
  if (event.key === "Escape" && (pick.spot || pick.white || pick.why)) {
    pick.spot = null; pick.white = null; pick.why = null; ctx.redraw();
  }
}

export async function renderGame(view, ctx) {
  await ready;
  version = view.rules_version;
  if (pick.key !== stepKey(view)) pick = { key: stepKey(view), white: null, spot: null, why: null };
  const fresh = freshCards(view);
  const legal = ctx.you !== null && view.current_player === ctx.you ? view.legal_actions ?? [] : [];
  const targets = new Set(view.phase === "place" ? legal.filter((a) => a !== "X") : []);
  const others = view.players.map((_, i) => i).filter((i) => i !== ctx.you);
  const secret = ctx.you !== null ? view.secret_decades[ctx.you] : null;
  return el("div", { class: "exhibition" },
    el("p", { class: "muted" }, t("round", { n: view.round }),
      secret ? el("span", { class: "secret" }, ` · ${secretWords(view, ctx, secret)}`) : null),
    prompt(view, ctx, legal, fresh),
    el("div", { class: ctx.you === null ? "board" : "board seated" },
      market(view, ctx, legal, fresh),
      ctx.you === null ? null : hall(view, ctx.you, ctx, targets)),
    el("div", { class: "halls" }, ...others.map((seat) => hall(view, seat, ctx, targets))),
    view.scores ? renderScores(view) : null);
}

// One decision in words: a take ("1907", "1945@EU") or a placement ("G3", "D", "X").
export function describe(action, view) {
  const [cardText, destination] = action.split("@");
  if (cards.has(cardText) || cardText === "EIN") {
    return destination ? t("tookTo", { card: cardTitle(cardText), continent: t(destination) })
      : t("took", { card: cardTitle(cardText) });
  }
  if (action === "D") return t("depotted");
  if (action === "X") return t("ended");
  const showcase = view.showcases.find((s) => s.spots.includes(action));
  return t("placed", { spot: action, showcase: showcase ? t(showcase.key) : "?" });
}

const categoryName = (key) => (key === "mid_century" ? t("mid_century_score") : t(key));

/** A score table of these scores (final, or provisional with unknown parts null). */
export function scoreTableFor(scores, { provisional = false } = {}) {
  return scoreTable(scores, {
    category: t("category"), name: categoryName, explain: (key) => t(`explain.${key}`),
    total: t("total"), rank: provisional ? null : t("rank"),
    rows: provisional ? [] : [[t("tiebreak"), (s) => s.tiebreak_distance ?? "—"]],
  });
}

function renderScores(view) {
  const scores = view.scores;
  return el("section", { class: "panel final-scores", "aria-labelledby": "scores-title" },
    el("h2", { id: "scores-title" }, t("scoresTitle")),
    scoreTableFor(scores),
    el("h3", {}, t("chart")),
    pointsChart(scores, Object.keys(scores[0].categories), categoryName));
}

// Where each player's points came from: the positive categories stacked, the
// penalties beside them.  Colours come with a legend and every segment has
// its category and points as a tooltip, so colour is never the only clue.
const PALETTE = ["#0072b2", "#e69f00", "#009e73", "#cc79a7", "#56b4e9", "#d55e00", "#f0e442",
  "#000000", "#999999"];

function pointsChart(scores, categories, name) {
  const gains = categories.filter((key) => scores.some((s) => s.categories[key] > 0));
  const widest = Math.max(1, ...scores.map((s) =>
    gains.reduce((sum, key) => sum + Math.max(0, s.categories[key]), 0)));
  const colour = (key) => PALETTE[gains.indexOf(key) % PALETTE.length];
  return el("figure", { class: "chart" },
    el("div", { class: "bars", role: "img", "aria-label": t("chart") },
      ...[...scores].sort((a, b) => a.rank - b.rank).flatMap((s) => {
        const penalty = categories.reduce((sum, key) => sum + Math.min(0, s.categories[key]), 0);
        return [
          el("span", {}, `${s.rank}. ${displayName(s.name)}`),
          el("div", { class: "row" },
            el("div", { class: "track" }, ...gains.filter((key) => s.categories[key] > 0)
              .map((key) => el("div", {
                class: "segment", title: `${name(key)}: ${s.categories[key]}`,
                style: { width: `${(100 * s.categories[key]) / widest}%`, background: colour(key) },
              }))),
            el("span", { class: "penalty" }, penalty ? `${penalty}` : ""),
            el("strong", {}, `= ${s.total}`)),
        ];
      })),
    el("figcaption", { class: "legend" }, ...gains.map((key) => el("span", {},
      el("span", { class: "swatch", style: { background: colour(key) } }), name(key)))));
}

/** The rules at hand: how a turn goes, every showcase's rule, how each category scores. */
export function rules() {
  const showcases = [...(layout?.showcases ?? []), ...(layout?.variations ?? [])];
  const categories = ["all_continents", "years_gap", "short_era", "antiquity", "continent_focus",
    "decades", "chain", "secret_decade", "empty_spots", "depot"];
  return el("div", { class: "rules-text" },
    el("p", {}, t("rulesIntro")),
    el("h3", {}, t("rulesShowcases")),
    el("dl", {}, ...showcases.flatMap((showcase) => [
      el("dt", {}, t(showcase.key)), el("dd", {}, t(`rule.${showcase.key}`))])),
    el("h3", {}, t("rulesScoring")),
    el("dl", {}, ...categories.flatMap((key) => [
      el("dt", {}, categoryName(key)), el("dd", {}, t(`explain.${key}`))])));
}
