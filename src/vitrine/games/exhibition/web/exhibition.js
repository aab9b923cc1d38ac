// Exhibition: 20th Century in the browser: the market, the halls, the two-step
// turn (take, see the refill, then place — D-13) and the final scores.
// Everything drawn comes from the player's view; this file only decides how it looks.
import { displayName, el, lang, plural, scoreTable, translator } from "/static/common.js";

const CONTINENTS = ["OC", "SA", "AF", "AS", "EU", "NA"];
const SYMBOLS = { OC: "◆", SA: "▲", AF: "●", AS: "■", EU: "★", NA: "✚", white: "✦" };

const t = translator({
  en: {
    OC: "Oceania", SA: "South America", AF: "Africa", AS: "Asia", EU: "Europe",
    NA: "North America", white: "white (any continent)", anyContinent: "any",
    general: "General", one_era: "One Era", mid_century: "Mid Century",
    one_continent: "One Continent", years_gap: "Years Gap", spread_the_years: "Spread the Years",
    links: "Links", one_decade: "One Decade", short_era: "Short Era", antiquity: "Antiquity",
    unique_decades: "Unique Decades",
    "rule.general": "Ascending years; every continent different.",
    "rule.one_era": "Ascending; neighbours at most 10 years apart per spot between them.",
    "rule.mid_century": "One card; the tiebreak goes to the one closest to 1950.",
    "rule.one_continent": "Ascending; one continent, not one another player's One Continent holds.",
    "rule.years_gap": "Ascending, different continents; the widest gap ranks first.",
    "rule.spread_the_years": "Ascending; neighbours at least 20 years apart per spot; no white card.",
    "rule.links": "Ascending; neighbours share a continent or lie within 5 years; no white card.",
    "rule.one_decade": "Ascending; one decade, different continents; no white card.",
    "rule.short_era": "Ascending; the smallest gap ranks first; no white card.",
    "rule.antiquity": "Ascending; the oldest right-hand card ranks first; no white card.",
    "rule.unique_decades": "Ascending; a decade no Unique Decades showcase holds yet; no white card.",
    depot: "Depot", secretDecade: "Your secret decade: the {decade}s",
    secretOf: "secret decade: the {decade}s",
    hallCount: " {placed}/{spots} cards, {depot} in the depot",
    secretOption: "Secret Decade", variations: "Options: Secret Decade, variation showcases",
    market: "Continents", stock: "{n} cards in the stock", vehicle: "vehicle of {names}",
    yourTurnTake: "Your turn: take a card from the highlighted ones.",
    yourTurnPlace: "You took {card}. Choose a spot in your hall (highlighted), or the depot.",
    refill: "Refill: {card}.", noRefill: "No refill: the stock is empty.",
    chooseDestination: "{card} is white: send your vehicle to",
    confirm: "Place here", undo: "Undo", endExhibition: "End my exhibition…",
    endAsk: "End your exhibition? {card} is discarded, you play no more turns, and your hall scores as it stands.",
    endConfirm: "Yes, end my exhibition", chosenSpot: "{card} → {spot}", chosenDepot: "{card} → depot",
    toDepot: "Put {card} in the depot", whyNot: "Why not {spot}?",
    waitingFor: "{name} is to play.", final: "final", you: "you", round: "Round {n}",
    took: "took {card}", tookTo: "took {card} and sent the vehicle to {continent}",
    placed: "placed it at {spot} ({showcase})", depotted: "put it in the depot",
    ended: "ended their exhibition",
    all_continents: "All 6 continents", continent_focus: "Continent focus", decades: "Decades",
    chain: "Chain of years", secret_decade: "Secret decade", empty_spots: "Empty spots",
    mid_century_score: "Mid century",
    "explain.all_continents": "5/4/3/2/1 by the round you first held all six continents (white cards supply none).",
    "explain.years_gap": "5/4/3/2/1 by the gap between Y1 and Y2, widest first; an empty spot or Einstein there scores 0.",
    "explain.short_era": "5/4/3/2/1 by the gap between its two years, smallest first.",
    "explain.antiquity": "5/4/3/2/1 by its right-hand year, oldest first.",
    "explain.continent_focus": "1 per card of your most frequent continent in the hall.",
    "explain.decades": "1 per decade present in the hall (at most 10).",
    "explain.chain": "The longest run of consecutive years in the hall (at least 1).",
    "explain.secret_decade": "1 per hall card from your secret decade.",
    "explain.empty_spots": "−1 per empty hall spot.", "explain.depot": "−1 per card in the depot.",
    "explain.mid_century": "Solo: 1 − 0.02 per year between M1 and 1950.",
    "points.one": "{n} point", "points.other": "{n} points",
    total: "Total", rank: "Rank", tiebreak: "Tiebreak: years from 1950", scoresTitle: "Final scores",
    chart: "Where the points came from", category: "Category", shortcuts: "Keys: Enter places, Escape undoes.",
    rulesIntro: "Take a card from the continent where your vehicle stands (a white card goes anywhere and moves your vehicle where you say); the refill is shown; then place the card in a spot of your hall where its showcase stays legal, or in the depot. Ascending years left to right in every showcase; the highest total wins, the Mid Century card closest to 1950 breaks ties.",
    rulesShowcases: "Showcases", rulesScoring: "Scoring",
  },
  fr: {
    OC: "Océanie", SA: "Amérique du Sud", AF: "Afrique", AS: "Asie", EU: "Europe",
    NA: "Amérique du Nord", white: "blanche (tout continent)", anyContinent: "tous",
    general: "Générale", one_era: "Une seule ère", mid_century: "Mi-siècle",
    one_continent: "Un seul continent", years_gap: "Écart d'années",
    spread_the_years: "Écarts étendus", links: "Liens", one_decade: "Une décennie",
    short_era: "Courte ère", antiquity: "Antiquité", unique_decades: "Décennies uniques",
    "rule.general": "Années croissantes ; continents tous différents.",
    "rule.one_era": "Croissant ; voisins à 10 ans au plus par case qui les sépare.",
    "rule.mid_century": "Une carte ; le départage va à la plus proche de 1950.",
    "rule.one_continent": "Croissant ; un seul continent, qu'aucun autre Un seul continent n'a.",
    "rule.years_gap": "Croissant, continents différents ; le plus grand écart est premier.",
    "rule.spread_the_years": "Croissant ; voisins à 20 ans au moins par case ; pas de carte blanche.",
    "rule.links": "Croissant ; voisins du même continent ou à 5 ans au plus ; pas de carte blanche.",
    "rule.one_decade": "Croissant ; une décennie, continents différents ; pas de carte blanche.",
    "rule.short_era": "Croissant ; le plus petit écart est premier ; pas de carte blanche.",
    "rule.antiquity": "Croissant ; la carte de droite la plus ancienne est première ; pas de carte blanche.",
    "rule.unique_decades": "Croissant ; une décennie absente des autres vitrines Décennies uniques ; pas de carte blanche.",
    depot: "Dépôt", secretDecade: "Votre décennie secrète : les années {decade}",
    secretOf: "décennie secrète : les années {decade}",
    hallCount: " {placed}/{spots} cartes, {depot} au dépôt",
    secretOption: "Décennie secrète", variations: "Options : décennie secrète, vitrines de variation",
    market: "Continents", stock: "{n} cartes dans la pioche", vehicle: "véhicule de {names}",
    yourTurnTake: "À vous : prenez une des cartes en surbrillance.",
    yourTurnPlace: "Vous avez pris {card}. Choisissez un emplacement de votre salle (en surbrillance), ou le dépôt.",
    refill: "Remplacement : {card}.", noRefill: "Pas de remplacement : la pioche est vide.",
    chooseDestination: "{card} est blanche : envoyez votre véhicule en",
    confirm: "Placer ici", undo: "Annuler", endExhibition: "Terminer mon exposition…",
    endAsk: "Terminer votre exposition ? {card} est défaussée, vous ne jouez plus, et votre salle compte telle quelle.",
    endConfirm: "Oui, terminer mon exposition", chosenSpot: "{card} → {spot}", chosenDepot: "{card} → dépôt",
    toDepot: "Mettre {card} au dépôt", whyNot: "Pourquoi pas {spot} ?",
    waitingFor: "À {name} de jouer.", final: "terminée", you: "vous", round: "Manche {n}",
    took: "prend {card}", tookTo: "prend {card} et envoie le véhicule en {continent}",
    placed: "la place en {spot} ({showcase})", depotted: "la met au dépôt",
    ended: "termine son exposition",
    all_continents: "6 continents", continent_focus: "Continent dominant", decades: "Décennies",
    chain: "Suite d'années", secret_decade: "Décennie secrète", empty_spots: "Emplacements vides",
    mid_century_score: "Mi-siècle",
    "explain.all_continents": "5/4/3/2/1 selon la manche où vous avez réuni les six continents (les cartes blanches n'en donnent aucun).",
    "explain.years_gap": "5/4/3/2/1 selon l'écart entre Y1 et Y2, le plus grand d'abord ; une case vide ou Einstein y vaut 0.",
    "explain.short_era": "5/4/3/2/1 selon l'écart entre ses deux années, le plus petit d'abord.",
    "explain.antiquity": "5/4/3/2/1 selon son année de droite, la plus ancienne d'abord.",
    "explain.continent_focus": "1 par carte de votre continent le plus représenté dans la salle.",
    "explain.decades": "1 par décennie présente dans la salle (10 au plus).",
    "explain.chain": "La plus longue suite d'années consécutives de la salle (1 au moins).",
    "explain.secret_decade": "1 par carte de la salle de votre décennie secrète.",
    "explain.empty_spots": "−1 par emplacement vide.", "explain.depot": "−1 par carte au dépôt.",
    "explain.mid_century": "Solo : 1 − 0,02 par année d'écart entre M1 et 1950.",
    "points.one": "{n} point", "points.other": "{n} points",
    total: "Total", rank: "Rang", tiebreak: "Départage : années d'écart à 1950",
    scoresTitle: "Scores finaux", chart: "D'où viennent les points", category: "Catégorie",
    shortcuts: "Touches : Entrée place, Échap annule.",
    rulesIntro: "Prenez une carte du continent où se trouve votre véhicule (une carte blanche se prend partout et envoie votre véhicule où vous voulez) ; la carte de remplacement est montrée ; puis placez la carte dans un emplacement de votre salle où sa vitrine reste valable, ou au dépôt. Années croissantes de gauche à droite dans chaque vitrine ; le plus haut total gagne, la carte Mi-siècle la plus proche de 1950 départage.",
    rulesShowcases: "Vitrines", rulesScoring: "Décompte",
  },
});

// The engine's refusals (state.py, notation.py, explain.py), by code.  A
// placement's reason reads after "cannot go to": PLACEMENT lists those codes.
const ERRORS = {
  en: {
    pending_take: "{take} is already taken: place it first.", place_first: "{take} is already taken: place it first.",
    take_first: "Take a card first.", not_in_market: "{card} is not on the table.",
    vehicle_elsewhere: "{card} lies at {at}, but your vehicle is at {vehicle}, which still has cards.",
    destination_needed: "{card} is white: choose where your vehicle goes.",
    destination_not_allowed: "{card} is not white: its continent sets where your vehicle goes.",
    depot_full: "The depot is full ({size} cards).",
    end_while_fitting: "You may end your exhibition only when {card} fits no spot (it fits {spot}).",
    spot_taken: "{spot} already holds {held}.", cannotGo: "{card} cannot go to {spot}: {reason}.",
    no_white: "white cards may not go in {showcase}",
    continent_repeated: "{showcase} already holds a card of {continent}",
    continent_only: "{showcase} holds {continent} cards only",
    decade_only: "{showcase} holds cards of the {decade}s only",
    continent_claimed: "{continent} is already claimed by {owner}'s {showcase}",
    decades_for_players: "{showcase} allows only the {first}s to the {last}s with {players} player(s)",
    decade_taken: "the {decade}s are already in {owner}'s {showcase}",
    no_year_fits: "no year fits between {around} in {showcase}",
    years_window: "next to {around} in {showcase} only years {low} to {high} fit",
    links_broken: "in {showcase} neighbours share a continent or lie within {years} years, and {neighbour} does neither",
    malformed_take: "“{text}” is not a card to take.", malformed_turn: "“{text}” is not a turn.",
    unknown_target: "“{text}” is not a spot ({spots}), D or X.",
    unknown_card: "“{card}” is not a card: a card is a year 1900–1999 or EIN.",
    unknown_continent: "“{continent}” is not a continent ({codes}).", and: " and ",
    unknown_variation: "There is no variation showcase “{variation}”.",
    variations_overlap: "{first} and {second} both cover the {covers} showcase: choose one.",
    deck_card_twice: "Deck position {position}: “{entry}” is there twice.",
    deck_size: "The deck must hold all {expected} cards, not {got}.",
    decades_option_off: "Secret decades are given, but the Secret Decade option is off.",
    decades_need_seed: "The secret decades need a seed or a list of decades.",
    decades_not_list: "The secret decades must be a list of decades.",
    decades_count: "The secret decades must give one decade per player ({players}), not {got}.",
    decade_unknown: "“{decade}” is not a decade (1900, 1910, … 1990).",
    decades_repeated: "The secret decades must all differ (D-14).",
    secret_decade_form: "The Secret Decade option must be on or off.",
    variations_form: "The variation showcases must be a list of their names.",
    variations_repeated: "A variation showcase is named twice.",
  },
  fr: {
    pending_take: "{take} est déjà prise : placez-la d'abord.", place_first: "{take} est déjà prise : placez-la d'abord.",
    take_first: "Prenez d'abord une carte.", not_in_market: "{card} n'est pas sur la table.",
    vehicle_elsewhere: "{card} est en {at}, mais votre véhicule est en {vehicle}, où il reste des cartes.",
    destination_needed: "{card} est blanche : choisissez où va votre véhicule.",
    destination_not_allowed: "{card} n'est pas blanche : son continent décide où va votre véhicule.",
    depot_full: "Le dépôt est plein ({size} cartes).",
    end_while_fitting: "Vous ne pouvez terminer votre exposition que si {card} ne va nulle part (elle va en {spot}).",
    spot_taken: "{spot} contient déjà {held}.", cannotGo: "{card} ne peut pas aller en {spot} : {reason}.",
    no_white: "pas de carte blanche dans la vitrine {showcase}",
    continent_repeated: "la vitrine {showcase} a déjà une carte d'{continent}",
    continent_only: "la vitrine {showcase} ne prend que des cartes d'{continent}",
    decade_only: "la vitrine {showcase} ne prend que des cartes des années {decade}",
    continent_claimed: "{continent} est déjà pris par la vitrine {showcase} de {owner}",
    decades_for_players: "la vitrine {showcase} n'admet que les années {first} à {last} à {players} joueur(s)",
    decade_taken: "les années {decade} sont déjà dans la vitrine {showcase} de {owner}",
    no_year_fits: "aucune année ne va entre {around} dans la vitrine {showcase}",
    years_window: "à côté de {around} dans la vitrine {showcase}, seules les années {low} à {high} vont",
    links_broken: "dans la vitrine {showcase}, des voisines partagent un continent ou sont à {years} ans au plus, et {neighbour} ne fait ni l'un ni l'autre",
    malformed_take: "« {text} » n'est pas une carte à prendre.", malformed_turn: "« {text} » n'est pas un coup.",
    unknown_target: "« {text} » n'est pas un emplacement ({spots}), D ni X.",
    unknown_card: "« {card} » n'est pas une carte : une carte est une année 1900–1999 ou EIN.",
    unknown_continent: "« {continent} » n'est pas un continent ({codes}).", and: " et ",
    unknown_variation: "Il n'y a pas de vitrine de variation « {variation} ».",
    variations_overlap: "{first} et {second} couvrent toutes deux la vitrine {covers} : choisissez-en une.",
    deck_card_twice: "Pioche, position {position} : « {entry} » y est deux fois.",
    deck_size: "La pioche doit contenir les {expected} cartes, pas {got}.",
    decades_option_off: "Des décennies secrètes sont données, mais l'option décennie secrète est désactivée.",
    decades_need_seed: "Les décennies secrètes demandent une graine ou une liste de décennies.",
    decades_not_list: "Les décennies secrètes doivent être une liste de décennies.",
    decades_count: "Il faut une décennie secrète par joueur ({players}), pas {got}.",
    decade_unknown: "« {decade} » n'est pas une décennie (1900, 1910, … 1990).",
    decades_repeated: "Les décennies secrètes doivent toutes différer (D-14).",
    secret_decade_form: "L'option décennie secrète est activée ou non.",
    variations_form: "Les vitrines de variation doivent être une liste de leurs noms.",
    variations_repeated: "Une vitrine de variation est nommée deux fois.",
  },
};
const PLACEMENT = new Set(["no_white", "continent_repeated", "continent_only", "decade_only",
  "continent_claimed", "decades_for_players", "decade_taken", "no_year_fits", "years_window",
  "links_broken"]);
const errorT = translator(ERRORS);

/** An engine refusal of Exhibition in the reader's language; null for codes of other parts. */
export function errorWords(code, params) {
  if (!(code in ERRORS.en)) return null;
  const words = {
    ...params,
    ...Object.fromEntries(["continent", "at", "vehicle"].filter((k) => k in params)
      .map((k) => [k, t(params[k])])),
    ...Object.fromEntries(["showcase", "covers"].filter((k) => k in params)
      .map((k) => [k, t(params[k])])),
    ...(code === "variations_overlap" ? { first: t(params.first), second: t(params.second) } : {}),
    around: (params.around ?? []).join(errorT("and")),
  };
  if (!PLACEMENT.has(code)) return errorT(code, words);
  return errorT("cannotGo", { card: params.card, spot: params.spot, reason: errorT(code, words) });
}

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
    el("span", { class: "year" }, label === "EIN" ? "Einstein" : label),
    el("span", { class: "code", title: t(continent) },
      `${SYMBOLS[continent]} ${continent === "white" ? t("anyContinent") : continent}`),
    cards.has(label) && !extra.compact ? el("span", { class: "subject" }, subjectOf(label)) : null,
  ];
}

function cardTitle(label) {
  return `${label} — ${t(continentOf(label))}${cardInfo(label) ? ` — ${subjectOf(label)}` : ""}`;
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
// The market as last drawn, to mark the cards that came in since (the refill).
let seen = { key: null, market: null, fresh: new Set() };

function stepKey(view) {
  return `${view.turns.length}:${view.phase}:${view.current_player}:${view.pending}`;
}

function freshCards(view) {
  const key = stepKey(view);
  if (seen.key !== key) {
    const now = CONTINENTS.flatMap((code) => view.market[code]);
    seen = {
      key, market: new Set(now),
      fresh: seen.market ? new Set(now.filter((label) => !seen.market.has(label))) : new Set(),
    };
  }
  return seen.fresh;
}

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
          here.length ? el("div", { class: "vehicles" }, t("vehicle", { names: here.join(", ") })) : null,
          ...view.market[code].map((label) => card(label, takes.get(label), onTake,
            takes.get(label) === takes.values().next().value, fresh.has(label))));
      })),
    pick.white ? el("div", { class: "row destination", role: "group" },
      t("chooseDestination", { card: pick.white }),
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
      mine ? el("span", { class: "badge" }, t("you")) : null,
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
              "data-spot": "D", "data-anchor": "D", "aria-label": depotLegal ? t("toDepot", { card: view.pending })
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
    return el("div", { class: "prompt action-bar", role: "status" }, el("p", {}, t("yourTurnTake")));
  }
  const card = view.pending.split("@")[0];
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
    class: "prompt action-bar placing", role: "region", "aria-label": t("yourTurnPlace", { card }),
  },
  el("div", { class: "bar-row" },
    el("div", { class: `card c-${continentOf(card)} pending`, title: cardTitle(card) },
      cardFace(card, { compact: true })),
    el("div", { class: "bar-words" },
      el("p", { role: "status" }, t("yourTurnPlace", { card })),
      el("p", { class: "muted refill" }, refill ? t("refill", { card: cardTitle(refill) })
        : t("noRefill")),
      el("p", { class: "muted keys" }, t("shortcuts"))),
    el("div", { class: "row bar-choice" }, choice)));
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
      secret ? el("span", { class: "secret" }, ` · ${t("secretDecade", { decade: secret })}`) : null),
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
