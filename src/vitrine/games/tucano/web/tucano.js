// Tucano in the browser: the three columns, every player's face-up fruit with
// the points it is worth now, face-down piles by size only (T-6), the toucans
// to resolve, the joker's fruit once the turns are over (T-10), and the final
// score per fruit.  Everything drawn comes from the
// player's view; this file only decides how it looks.
import { el, icon, plural, scoreTable, translator } from "/static/common.js";

// The fruit, the joker and the toucans, drawn for vitrine: one sprite beside this module.
const picture = (id) => icon(new URL(`fruits.svg#${id}`, import.meta.url));

const t = translator({
  en: {
    acai: "Açaí", carambola: "Carambola", coconut: "Coconut", fig: "Fig", lime: "Lime",
    lychee: "Lychee", orange: "Orange", papaya: "Papaya", pineapple: "Pineapple",
    rambutan: "Rambutan", avocado: "Avocado", banana: "Banana", pomegranate: "Pomegranate",
    joker: "Joker", flip: "Flip toucan", gift: "Gift toucan", steal: "Steal toucan",
    noOptions: "Tucano has no variants.", options: "Options",
    turn: "Turn {n} of {total}", deck: "{n} cards in the draw pile",
    toucanFree: "(the top {n} hold no toucan)", columns: "Columns", column: "Column {name}",
    take: "Take column {name}", empty: "empty",
    yourTurnTake: "Your turn: take a column (keys A, B, C).",
    yourTurnToucan: "Resolve your toucans, in the order you like.",
    waitingFor: "{name} is to play.", you: "you",
    faceupPoints: "{n} points face up", piles: "face down: {sizes}", noPiles: "nothing face down",
    flipNow: "Flip: turn all your face-up cards face down",
    giveTo: "Give {card} to {name}", stealFrom: "Steal {card} from {name}",
    unused: "Discard the {toucan} unused (it cannot be used)",
    "discards.one": "Discarded: {n} card", "discards.other": "Discarded: {n} cards",
    "points.one": "{n} point", "points.other": "{n} points",
    majority: "majority fruit", majorityKey: "★ majority fruit: only the sole most holds score high.",
    revealed: "Face-down piles, turned over:", pile: "pile {n}:",
    "explain.joker": "Counts as one more card of a fruit its holder has (not a complete one).",
    rulesIntro: "On your turn take one of the three columns: its fruit goes face up in front of you, its toucans act (flip your face-up cards into a face-down pile, give a face-up card, steal a face-up card). Face-down piles stay hidden from everyone, you included, until the end. After 24 turns every card counts.",
    rulesScoring: "Scoring per fruit",
    tookColumn: "took column {name}", flipped: "flipped their face-up cards",
    gave: "gave {card} to {name}", stole: "stole {card} from {name}",
    discardedUnused: "discarded a {toucan} unused",
    scoresTitle: "Final scores", fruit: "Fruit", jokerAs: "Joker counts as", total: "Total",
    rank: "Rank", most: "sole most {high} per card, otherwise {low}",
    shared: "Equal totals share the win.",
    jokerYours: "The turns are over and every pile is turned over: choose the fruit your joker counts as.",
    jokerWaiting: "The turns are over: {name} chooses the fruit the joker counts as.",
    jokerJoin: "{fruit}: your total {mine}, best other {other}",
    jokerTitle: "Your joker", jokerCounted: "counted the joker as {fruit}",
  },
  fr: {
    acai: "Açaí", carambola: "Carambole", coconut: "Noix de coco", fig: "Figue",
    lime: "Citron vert", lychee: "Litchi", orange: "Orange", papaya: "Papaye",
    pineapple: "Ananas", rambutan: "Ramboutan", avocado: "Avocat", banana: "Banane",
    pomegranate: "Grenade", joker: "Joker", flip: "Toucan retourneur", gift: "Toucan cadeau",
    steal: "Toucan voleur", noOptions: "Tucano n'a pas de variante.", options: "Options",
    turn: "Tour {n} sur {total}", deck: "{n} cartes dans la pioche",
    toucanFree: "(les {n} du dessus sans toucan)", columns: "Colonnes", column: "Colonne {name}",
    take: "Prendre la colonne {name}", empty: "vide",
    yourTurnTake: "À vous : prenez une colonne (touches A, B, C).",
    yourTurnToucan: "Jouez vos toucans, dans l'ordre de votre choix.",
    waitingFor: "À {name} de jouer.", you: "vous",
    faceupPoints: "{n} points face visible", piles: "face cachée : {sizes}",
    noPiles: "rien face cachée",
    flipNow: "Retourner : toutes vos cartes visibles passent face cachée",
    giveTo: "Donner {card} à {name}", stealFrom: "Voler {card} à {name}",
    unused: "Défausser le {toucan} sans effet (inutilisable)",
    "discards.one": "Défausse : {n} carte", "discards.other": "Défausse : {n} cartes",
    "points.one": "{n} point", "points.other": "{n} points",
    majority: "fruit de majorité",
    majorityKey: "★ fruit de majorité : seul le joueur qui en a le plus marque le haut barème.",
    revealed: "Piles face cachée, retournées :", pile: "pile {n} :",
    "explain.joker": "Compte comme une carte de plus d'un fruit que son détenteur possède (pas un fruit complet).",
    rulesIntro: "À votre tour, prenez une des trois colonnes : ses fruits vont face visible devant vous, ses toucans agissent (retourner vos cartes visibles en une pile face cachée, donner une carte visible, voler une carte visible). Les piles face cachée restent secrètes pour tous, vous compris, jusqu'à la fin. Après 24 tours, toutes les cartes comptent.",
    rulesScoring: "Décompte par fruit",
    tookColumn: "a pris la colonne {name}", flipped: "a retourné ses cartes visibles",
    gave: "a donné {card} à {name}", stole: "a volé {card} à {name}",
    discardedUnused: "a défaussé un {toucan} sans effet",
    scoresTitle: "Scores finaux", fruit: "Fruit", jokerAs: "Le joker compte comme",
    total: "Total", rank: "Rang", most: "seul majoritaire {high} par carte, sinon {low}",
    shared: "Les égalités partagent la victoire.",
    jokerYours: "Les tours sont finis et toutes les piles retournées : choisissez le fruit que compte votre joker.",
    jokerWaiting: "Les tours sont finis : {name} choisit le fruit que compte le joker.",
    jokerJoin: "{fruit} : votre total {mine}, meilleur adversaire {other}",
    jokerTitle: "Votre joker", jokerCounted: "a compté le joker comme {fruit}",
  },
});

const JOKER = "joker:"; // the joker's fruit, chosen once the turns are over (T-10)

// Refusals of Tucano's rules and notation, by code (see engine/errors.py).
const ERRORS = {
  en: {
    toucans_waiting: "You took a column already: resolve your toucans ({waiting}).",
    column_empty: "Column {column} is empty.", column_first: "Take a column first.",
    toucan_not_waiting: "You have no {toucan} to resolve (waiting: {waiting}).",
    toucan_usable: "The {toucan} can be used (for example {example}): only a toucan that cannot be used is discarded.",
    no_seat: "There is no seat {seat} in a {players}-player game.",
    own_seat: "Name another player, not yourself.",
    gift_not_face_up: "You have no face-up {card} (face-down cards cannot be given).",
    steal_not_face_up: "{owner} has no face-up {card} (face-down cards cannot be stolen).",
    turn_began: "This turn began with “{begun}”.",
    too_many_decisions: "The turn ends before “{decision}”: it has more decisions than toucans.",
    turn_unfinished: "The turn is unfinished: resolve the toucans ({waiting}).",
    several_decisions: "“{text}” holds several decisions: give one at a time.",
    malformed_decision: "“{text}” is not a decision: a column ({columns}); flip; gift:<card>><seat>; steal:<card><<seat>.",
    flip_argument: "“{text}”: flip takes no card or seat.",
    unknown_fruit: "“{card}” is not a card (in “{text}”).",
    wrong_arrow: "“{text}”: {toucan} names its seat with “{arrow}”.",
    malformed_seat: "“{seat}” is not a seat (in “{text}”).",
    malformed_turn: "“{text}” is not a turn.",
    turn_starts_with_column: "“{text}”: a turn starts with a column.",
    one_column: "“{text}”: a turn takes only one column.",
    deck_toucan_on_top: "Deck position {position}: no toucan lies in the top {upper} cards.",
    deck_count: "The deck must hold {expected} {card}, not {got}.",
    no_variants: "Tucano has no variants ({variants}).", no_options: "Tucano has no options ({options}).",
    joker_not_now: "The joker's fruit is chosen by its holder once the turns are over.",
    joker_due: "The turns are over: the joker's holder chooses its fruit ({legal}).",
    joker_fruit: "The joker cannot join {card}: it joins a fruit you hold and have not completed ({legal}).",
    joker_not_fruit: "“{text}”: the joker joins a fruit.",
    joker_alone: "“{text}”: the joker's fruit is a turn of its own.",
  },
  fr: {
    toucans_waiting: "Vous avez déjà pris une colonne : jouez vos toucans ({waiting}).",
    column_empty: "La colonne {column} est vide.", column_first: "Prenez d'abord une colonne.",
    toucan_not_waiting: "Vous n'avez pas de {toucan} à jouer (en attente : {waiting}).",
    toucan_usable: "Le {toucan} peut servir (par exemple {example}) : seul un toucan inutilisable est défaussé.",
    no_seat: "Il n'y a pas de place {seat} dans une partie à {players} joueurs.",
    own_seat: "Nommez un autre joueur, pas vous-même.",
    gift_not_face_up: "Vous n'avez pas de {card} face visible (les cartes face cachée ne se donnent pas).",
    steal_not_face_up: "{owner} n'a pas de {card} face visible (les cartes face cachée ne se volent pas).",
    turn_began: "Ce tour a commencé par « {begun} ».",
    too_many_decisions: "Le tour finit avant « {decision} » : plus de décisions que de toucans.",
    turn_unfinished: "Le tour n'est pas fini : jouez les toucans ({waiting}).",
    several_decisions: "« {text} » contient plusieurs décisions : une à la fois.",
    malformed_decision: "« {text} » n'est pas une décision : une colonne ({columns}) ; flip ; gift:<carte>><place> ; steal:<carte><<place>.",
    flip_argument: "« {text} » : flip ne prend ni carte ni place.",
    unknown_fruit: "« {card} » n'est pas une carte (dans « {text} »).",
    wrong_arrow: "« {text} » : {toucan} désigne sa place avec « {arrow} ».",
    malformed_seat: "« {seat} » n'est pas une place (dans « {text} »).",
    malformed_turn: "« {text} » n'est pas un tour.",
    turn_starts_with_column: "« {text} » : un tour commence par une colonne.",
    one_column: "« {text} » : un tour ne prend qu'une colonne.",
    deck_toucan_on_top: "Pioche, position {position} : aucun toucan dans les {upper} cartes du dessus.",
    deck_count: "La pioche doit contenir {expected} {card}, pas {got}.",
    no_variants: "Tucano n'a pas de variante ({variants}).", no_options: "Tucano n'a pas d'option ({options}).",
    joker_not_now: "Le fruit du joker est choisi par son détenteur une fois les tours finis.",
    joker_due: "Les tours sont finis : le détenteur du joker choisit son fruit ({legal}).",
    joker_fruit: "Le joker ne peut pas rejoindre {card} : il rejoint un fruit que vous avez sans l'avoir complété ({legal}).",
    joker_not_fruit: "« {text} » : le joker rejoint un fruit.",
    joker_alone: "« {text} » : le fruit du joker est un tour à lui seul.",
  },
};

const errorT = translator(ERRORS);

/** An engine refusal of Tucano in the reader's language; null for codes of other parts. */
export function errorWords(code, params) {
  if (!(code in ERRORS.en)) return null;
  const list = (items) => (items ?? []).join(", ");
  return errorT(code, {
    ...params,
    card: params.card === undefined ? undefined : t(params.card),
    toucan: params.toucan === undefined ? undefined : t(params.toucan),
    waiting: list(params.waiting?.map((id) => t(id))),
    legal: list(params.legal?.map((word) => t(word.replace(JOKER, "")))),
    columns: list(params.columns), variants: list(params.variants), options: list(params.options),
  });
}

export const ready = Promise.resolve();

export function optionsForm() {
  return {
    element: el("fieldset", { class: "row" }, el("legend", {}, t("options")),
      el("span", { class: "muted" }, t("noOptions"))),
    read: () => ({}),
  };
}

// A decision's parts: a column letter, "<toucan>[:<card><arrow><seat>]", or
// the joker's fruit, "joker:<fruit>".
function parse(action) {
  if (action.startsWith(JOKER)) return { joker: action.slice(JOKER.length) };
  const match = /^(\w+)(?::(\w+)([<>])(\d+))?$/.exec(action);
  if (!match || /^[A-Z]$/.test(action)) return { column: action };
  return { toucan: match[1], card: match[2], seat: match[4] === undefined ? null : Number(match[4]) };
}

function scoringHint(card) {
  if (card.kind === "set") return card.points.map((p, i) => `${i + 1}→${p}`).join(", ");
  if (card.kind === "majority") return t("most", { high: card.most, low: card.other });
  return "";
}

// A fruit, with its count; a majority fruit carries a visible star (and says so
// to a screen reader), not only its double border.
function fruitChip(view, id, count) {
  const card = view.cards.find((c) => c.id === id);
  const majority = card?.kind === "majority";
  return el("span", { class: `fruit f-${card?.kind ?? "toucan"}`, title: card ? scoringHint(card) : "" },
    picture(id), t(id), majority ? el("span", { class: "star", "aria-label": t("majority") }, " ★") : null,
    count > 1 ? el("strong", {}, ` ×${count}`) : null);
}

function columns(view, legal, ctx) {
  return el("section", { class: "panel columns", "aria-label": t("columns") },
    el("h2", {}, t("columns"), el("span", { class: "muted" }, ` — ${t("deck", { n: view.deck_count })}`,
      view.toucan_free ? ` ${t("toucanFree", { n: view.toucan_free })}` : "")),
    el("div", { class: "column-row" }, ...view.columns.map((column) => {
      const cards = column.cards.map((id) => fruitChip(view, id, 1));
      const body = [el("h3", {}, t("column", { name: column.name })),
        el("div", { class: "column-cards" }, ...(cards.length ? cards : [el("span", { class: "muted" }, t("empty"))]))];
      if (!legal.includes(column.name)) return el("div", { class: "column" }, ...body);
      // a column's card ids name fruits and toucans; the star key is below the columns
      return el("button", {
        type: "button", class: "column legal", "data-action": column.name,
        title: t("take", { name: column.name }), "data-focus": column.name === legal[0],
        onclick: () => ctx.act(column.name),
      }, ...body);
    })),
    el("p", { class: "muted majority-key" }, t("majorityKey")));
}

function toucanChoices(view, legal, ctx) {
  const groups = new Map();
  for (const action of legal) {
    const { toucan, card, seat } = parse(action);
    if (!toucan) continue;
    let label = t("flipNow");
    // A gift or a steal reads "fruit → name" inside its toucan's group, the sentence in its title.
    let short = null;
    if (toucan !== "flip" && card === undefined) label = t("unused", { toucan: t(toucan) });
    else if (toucan === "gift" || toucan === "steal") {
      const words = { card: t(card), name: view.players[seat] };
      label = t(toucan === "gift" ? "giveTo" : "stealFrom", words);
      short = `${words.card} ${toucan === "gift" ? "→" : "←"} ${words.name}`;
    }
    if (!groups.has(toucan)) groups.set(toucan, []);
    groups.get(toucan).push(el("button", {
      type: "button", class: `toucan legal t-${toucan}`, "data-action": action,
      "data-focus": action === legal[0], onclick: () => ctx.act(action),
      title: short ? label : null,
    }, short ? [picture(card), short] : label));
  }
  if (!groups.size) return null;
  return el("section", { class: "panel toucans", "aria-label": t("yourTurnToucan") },
    ...[...groups].map(([toucan, buttons]) => el("div", {
      class: "toucan-group", role: "group", "aria-labelledby": `toucan-${toucan}`,
    }, el("h3", { id: `toucan-${toucan}` }, picture(toucan), ` ${t(toucan)} ×${view.pending[toucan]}`),
    el("div", { class: "toucan-choices" }, ...buttons))));
}

// The fruits the joker may join, each with the holder's total and the best
// other total it would give (the view's joker_totals).
function jokerChoices(view, legal, ctx) {
  const words = legal.filter((action) => action.startsWith(JOKER));
  if (!words.length) return null;
  return el("section", { class: "panel joker", "aria-label": t("jokerTitle") },
    el("h3", {}, t("jokerTitle")),
    el("div", { class: "row" }, ...words.map((action) => {
      const fruit = parse(action).joker;
      const totals = view.joker_totals[fruit];
      const other = Math.max(...totals.filter((_, seat) => seat !== ctx.you));
      return el("button", {
        type: "button", class: "joker legal", "data-action": action,
        "data-focus": action === words[0], onclick: () => ctx.act(action),
      }, t("jokerJoin", { fruit: t(fruit), mine: totals[ctx.you], other }));
    })));
}

function hand(view, seat, ctx) {
  const info = view.hands[seat];
  const fruit = Object.entries(info.faceup);
  return el("section", {
    class: `panel hand${view.current_player === seat ? " acting" : ""}`, "aria-label": view.players[seat],
  },
  el("h3", {}, view.players[seat], seat === ctx.you && !ctx.review ? el("span", { class: "badge" }, t("you")) : null,
    // At the end every card counts (T-8): the final total, not the face-up points.
    el("span", { class: "muted points" }, ` — ${view.scores
      ? totalWords(view.scores[seat].total) : t("faceupPoints", { n: info.faceup_points })}`)),
  el("div", { class: "row" }, ...fruit.map(([id, count]) => fruitChip(view, id, count))),
  view.revealed ? revealedPiles(view, view.revealed[seat]) : el("p", { class: "muted" }, info.piles.length
    ? t("piles", { sizes: info.piles.join(" + ") }) : t("noPiles")));
}

// At the end every face-down pile is turned over (T-8): each shown by fruit.
function revealedPiles(view, piles) {
  if (!piles.length) return el("p", { class: "muted" }, t("noPiles"));
  const counted = (pile) => Object.entries(pile.reduce((counts, id) => ({
    ...counts, [id]: (counts[id] ?? 0) + 1,
  }), {}));
  return el("div", { class: "revealed" }, el("p", { class: "muted" }, t("revealed")),
    ...piles.map((pile, index) => el("div", { class: "row" }, t("pile", { n: index + 1 }),
      ...counted(pile).map(([id, count]) => fruitChip(view, id, count)))));
}

function prompt(view, ctx, legal) {
  if (view.current_player === null) return null;
  if (ctx.review) return el("p", { class: "prompt", role: "status" }, ctx.review);  // the coach's board: text only
  const name = view.players[view.current_player];
  if (view.phase === "joker") {
    return el("p", { class: "prompt action-bar", role: "status" },
      view.current_player === ctx.you ? t("jokerYours") : t("jokerWaiting", { name }));
  }
  if (view.current_player !== ctx.you) {
    return el("p", { class: "prompt action-bar", role: "status" }, t("waitingFor", { name }));
  }
  const toucans = Object.values(view.pending).some((n) => n > 0);
  return el("p", { class: "prompt action-bar", role: "status" },
    t(toucans ? "yourTurnToucan" : "yourTurnTake"));
}

let current = null;

// Keys A, B and C take that column when it is legal.
export function onKey(event, ctx) {
  if (event.target instanceof HTMLInputElement || !current) return;
  const letter = event.key.toUpperCase();
  if (/^[A-Z]$/.test(letter) && current.legal.includes(letter)) {
    event.preventDefault();
    ctx.act(letter);
  }
}

export async function renderGame(view, ctx) {
  cardData = view.cards;
  const legal = ctx.you !== null && view.current_player === ctx.you ? view.legal_actions ?? [] : [];
  current = { legal };
  const order = ctx.you === null ? view.players.map((_, i) => i)
    : [ctx.you, ...view.players.map((_, i) => i).filter((i) => i !== ctx.you)];
  return el("div", { class: "tucano" },
    el("p", { class: "muted" }, t("turn", { n: view.turn, total: view.turns_total })),
    prompt(view, ctx, legal),
    jokerChoices(view, legal, ctx),
    toucanChoices(view, legal, ctx),
    columns(view, legal, ctx),
    el("div", { class: "hands" }, ...order.map((seat) => hand(view, seat, ctx))),
    el("p", { class: "muted" }, plural(t, view.discards.length, "discards")),
    view.scores ? renderScores(view) : null);
}

// One decision in words: a column, a flip, a gift, a steal, an unused toucan,
// or the joker's fruit.
export function describe(action, view) {
  const { column, toucan, card, seat, joker } = parse(action);
  if (joker) return t("jokerCounted", { fruit: t(joker) });
  if (column) return t("tookColumn", { name: column });
  if (toucan === "flip") return t("flipped");
  if (card === undefined) return t("discardedUnused", { toucan: t(toucan) });
  return t(toucan === "gift" ? "gave" : "stole", { card: t(card), name: view.players[seat] });
}

let cardData = [];  // the view's card data, for the scoring hints of a score table

/** A score table of these scores (final, or provisional: face-up cards only, T-6). */
export function scoreTableFor(scores, { provisional = false } = {}) {
  const hint = (id) => {
    const card = cardData.find((c) => c.id === id);
    return card ? scoringHint(card) : null;
  };
  return scoreTable(scores, {
    category: t("fruit"), name: t, explain: hint, total: t("total"),
    rank: provisional ? null : t("rank"),
    rows: provisional ? [] : [[t("jokerAs"), (s) => (s.joker ? t(s.joker) : "—")]],
  });
}

function renderScores(view) {
  return el("section", { class: "panel final-scores", "aria-labelledby": "scores-title" },
    el("h2", { id: "scores-title" }, t("scoresTitle")),
    scoreTableFor(view.scores),
    el("p", { class: "muted" }, t("shared")));
}

/** Tucano has no options to name. */
export const optionsSummary = () => [];

/** A score in words ("12 points"). */
export const totalWords = (n) => plural(t, n, "points");

/** The rules at hand: a turn, the toucans, and what each fruit scores. */
export function rules() {
  return el("div", { class: "rules-text" },
    el("p", {}, t("rulesIntro")),
    el("h3", {}, t("rulesScoring")),
    el("dl", {}, ...cardData.filter((card) => card.kind === "set" || card.kind === "majority")
      .flatMap((card) => [el("dt", {}, t(card.id), card.kind === "majority" ? " ★" : ""),
        el("dd", {}, scoringHint(card))]),
    el("dt", {}, t("joker")), el("dd", {}, t("explain.joker"))));
}
