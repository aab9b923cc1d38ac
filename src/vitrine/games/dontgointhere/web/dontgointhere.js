// Don't Go In There in the browser: the three rooms (cards above, spaces with
// flashlights and meeples), the dice, every tableau, your own ghosts, the
// decisions of a room's resolution and the final table.  Everything drawn
// comes from the player's view; the component data is the public print.
import { el, icon, ofName, plural, scoreTable, translator } from "/static/common.js";

// The curse, the die icon and the ghost, drawn for vitrine: one sprite beside this module.
const picture = (id) => icon(new URL(`icons.svg#${id}`, import.meta.url));

const t = translator({
  en: {
    AM: "Amulet", CA: "Cat", CL: "Clock", DO: "Doll", HW: "Holy Water", MA: "Mask", MI: "Mirror",
    MB: "Music Box", PO: "Portrait", RI: "Ring", TO: "Tome", TW: "Twin",
    "fx.AM": "Game end: each Amulet dispels one Amulet of the next curse value.",
    "fx.CA": "Game end: with 9 ghosts or fewer, dispel all your Cats but the lowest.",
    "fx.CL": "First at the table with Clocks totalling 8+: dispel your 2 highest (once per game).",
    "fx.DO": "Dolls adding up to exactly 6 are dispelled.",
    "fx.HW": "Every second Holy Water: discard half your ghosts (rounded down).",
    "fx.MA": "Pass one ghost per Mask you hold to the player on your right.",
    "fx.MI": "Take a ghost; your third Mirror dispels all three.",
    "fx.MB": "Game end: the most curses on Music Boxes (ties all) dispel their 2 highest.",
    "fx.PO": "Game end: dispel half your Portraits (rounded down), highest first.",
    "fx.RI": "Your fourth Ring dispels all four.",
    "fx.TO": "Every second Tome: choose a type and dispel all your cards of it.",
    "fx.TW": "Two Twins of the same value are dispelled.",
    A: "Attic", N: "Nursery", B: "Basement", H: "Hallway", L: "Library", S: "Secret Passage",
    "fx.A": "Top space: take a ghost.", "fx.N": "Bottom space: discard a ghost.",
    "fx.B": "The third placer may re-roll all the dice once.",
    "fx.H": "The third placer may change one die.",
    "fx.L": "Cards in ascending order: the lowest costs a ghost, the highest discards one.",
    "fx.S": "The third card lies face down; whoever places here sees it.",
    types: "Card types (tick the right number, or none to draw them at random)",
    board: "Board {n}", removed: "This board has left the game.", space: "Space {n}",
    boardGone: "Board {n}: left the game", "curses.one": "{n} curse", "curses.other": "{n} curses",
    "explain.penalty": "The player with the most ghost tokens (all tied) takes 1 curse per 2 ghosts.",
    "explain.type": "Curses on your {type} cards. {effect}", typesOption: "Types: {types}",
    rulesIntro: "On your turn place a meeple on a free space of a room. When a room's spaces are full it is resolved: the dice are rolled (each ghost face gives a ghost token), then each placer, in order, takes a card from above the room. The game ends when the deck runs out; the fewest curses wins (ties: fewest ghosts).",
    rulesRooms: "Rooms", rulesTypes: "Card types",
    flashlights: "{n} flashlight(s)", faceDown: "face down", seenByYou: "face down, seen by you",
    curses: "{n} curse(s)", dice: "{n} die icon(s)", roll: "Dice", noRoll: "no roll yet",
    ghost: "ghost", blank: "blank", resolving: "resolving", deck: "{n} cards in the deck",
    yourGhosts: "Your ghost tokens: {n}", ghostsOf: "{name}'s ghost tokens: {n}", hidden: "hidden", ghosts: "Ghosts", meeples: "Meeples",
    held: "Cards", dispelled: "Dispelled", you: "you", waitingFor: "{name} is to play.",
    place: "Your turn: place a meeple on a highlighted space.",
    pick: "Take a card from the room being resolved.",
    tome: "Your Tomes: choose the type whose cards you dispel.",
    diceB: "Basement: re-roll all the dice?", diceH: "Hallway: change one die?",
    KEEP: "Keep the dice", REROLL: "Re-roll all", BLANK: "Turn a ghost blank",
    GHOST: "Turn a blank into a ghost",
    placed: "placed a meeple on {room} {space}", took: "took {card}",
    "copy<": "the left one", "copy>": "the right one",
    tomeChose: "dispelled their {type} cards", chose: "chose: {choice}",
    scoresTitle: "Final scores (fewest curses wins)", category: "Curses", total: "Total",
    rank: "Rank", "Ghost penalty": "Ghost penalty", cardsDispelled: "Cards dispelled",
    kind0: "placement", kind1: "card pick", kind2: "Tome's choice", kind3: "dice choice",
    "must.place": "place a meeple", "must.pick": "take a card ({legal})",
    "must.tome": "choose a type ({legal})", "must.dice": "make the dice choice ({legal})",
  },
  fr: {
    AM: "Amulette", CA: "Chat", CL: "Horloge", DO: "Poupée", HW: "Eau bénite", MA: "Masque",
    MI: "Miroir", MB: "Boîte à musique", PO: "Portrait", RI: "Bague", TO: "Grimoire",
    TW: "Jumeaux",
    "fx.AM": "Fin : chaque Amulette dissipe une Amulette de la valeur suivante.",
    "fx.CA": "Fin : avec 9 fantômes ou moins, dissipez tous vos Chats sauf le plus faible.",
    "fx.CL": "Premier à 8 malédictions d'Horloges : dissipez vos 2 plus fortes (une fois par partie).",
    "fx.DO": "Des Poupées totalisant exactement 6 sont dissipées.",
    "fx.HW": "Chaque deuxième Eau bénite : défaussez la moitié de vos fantômes (arrondi inférieur).",
    "fx.MA": "Passez un fantôme par Masque au joueur à votre droite.",
    "fx.MI": "Prenez un fantôme ; le troisième Miroir dissipe les trois.",
    "fx.MB": "Fin : le plus de malédictions en Boîtes à musique (ex æquo tous) dissipe ses 2 plus fortes.",
    "fx.PO": "Fin : dissipez la moitié de vos Portraits (arrondi inférieur), les plus forts.",
    "fx.RI": "La quatrième Bague dissipe les quatre.",
    "fx.TO": "Chaque deuxième Grimoire : choisissez un type et dissipez toutes vos cartes de ce type.",
    "fx.TW": "Deux Jumeaux de même valeur sont dissipés.",
    A: "Grenier", N: "Chambre d'enfant", B: "Sous-sol", H: "Couloir", L: "Bibliothèque",
    S: "Passage secret",
    "fx.A": "Case du haut : prenez un fantôme.", "fx.N": "Case du bas : défaussez un fantôme.",
    "fx.B": "Le troisième à se placer peut relancer tous les dés une fois.",
    "fx.H": "Le troisième à se placer peut changer un dé.",
    "fx.L": "Cartes en ordre croissant : la plus faible coûte un fantôme, la plus forte en défausse un.",
    "fx.S": "La troisième carte est face cachée ; qui se place ici la regarde.",
    types: "Types de cartes (cochez le bon nombre, ou aucun pour un tirage au hasard)",
    board: "Plateau {n}", removed: "Ce plateau a quitté la partie.", space: "Case {n}",
    boardGone: "Plateau {n} : a quitté la partie", "curses.one": "{n} malédiction",
    "curses.other": "{n} malédictions",
    "explain.penalty": "Le joueur qui a le plus de jetons fantôme (ex æquo tous) prend 1 malédiction par 2 fantômes.",
    "explain.type": "Malédictions de vos cartes {type}. {effect}", typesOption: "Types : {types}",
    rulesIntro: "À votre tour, placez un meeple sur une case libre d'une pièce. Quand les cases d'une pièce sont pleines, elle se résout : on lance les dés (chaque face fantôme donne un jeton fantôme), puis chaque joueur placé, dans l'ordre, prend une carte au-dessus de la pièce. La partie finit quand la pioche est vide ; le moins de malédictions gagne (égalité : le moins de fantômes).",
    rulesRooms: "Pièces", rulesTypes: "Types de cartes",
    flashlights: "{n} lampe(s)", faceDown: "face cachée", seenByYou: "face cachée, vue par vous",
    curses: "{n} malédiction(s)", dice: "{n} icône(s) de dé", roll: "Dés", noRoll: "pas encore lancés",
    ghost: "fantôme", blank: "vide", resolving: "en résolution", deck: "{n} cartes dans la pioche",
    yourGhosts: "Vos jetons fantôme : {n}", ghostsOf: "Jetons fantôme {ofName} : {n}", hidden: "cachés", ghosts: "Fantômes",
    meeples: "Meeples", held: "Cartes", dispelled: "Dissipées", you: "vous",
    waitingFor: "À {name} de jouer.",
    place: "À vous : placez un meeple sur une case en surbrillance.",
    pick: "Prenez une carte de la pièce en résolution.",
    tome: "Vos Grimoires : choisissez le type dont vous dissipez les cartes.",
    diceB: "Sous-sol : relancer tous les dés ?", diceH: "Couloir : changer un dé ?",
    KEEP: "Garder les dés", REROLL: "Tout relancer", BLANK: "Un fantôme devient vide",
    GHOST: "Un vide devient fantôme",
    placed: "place un meeple : {room} {space}", took: "prend {card}",
    "copy<": "celle de gauche", "copy>": "celle de droite",
    tomeChose: "dissipe ses cartes {type}", chose: "choisit : {choice}",
    scoresTitle: "Scores finaux (le moins de malédictions gagne)", category: "Malédictions",
    total: "Total", rank: "Rang", "Ghost penalty": "Pénalité fantômes",
    cardsDispelled: "Cartes dissipées",
    kind0: "placement", kind1: "prise de carte", kind2: "choix du Grimoire", kind3: "choix de dés",
    "must.place": "placer un meeple", "must.pick": "prendre une carte ({legal})",
    "must.tome": "choisir un type ({legal})", "must.dice": "faire le choix de dés ({legal})",
  },
});

// The engine's refusals of this game in each language, by code (explain.py, notation.py).
const ERRORS = {
  en: {
    dgit_phase: "{word} is a {kind}, but now you must {expected}.",
    dgit_board_removed: "The {at}'s board has left the game: its deck ran out.",
    dgit_room_hidden: "The {at} is not face up: its board shows the {shown}.",
    dgit_space_taken: "Space {word} already holds {owner}'s meeple.",
    dgit_no_card: "No {word} lies above the room: take one of {legal}.",
    dgit_which_copy: "Two {card} lie in the Library, where their places differ: take {left} (the left one) or {right} (the right one).",
    dgit_one_copy: "{word} picks one of two {card} in the Library; here {card} is one choice.",
    dgit_tome_tomes: "A Tome cannot dispel Tomes: choose another type.",
    dgit_type_absent: "{type} is not in this game: choose one of {legal}.",
    dgit_no_face: "No die shows a {face} to change.",
    dgit_not_here: "{word} is not a choice of this room: {legal}.",
    dgit_notation_empty: "Nothing given.", dgit_notation_room: "There is no room {letter}.",
    dgit_notation_space: "Space {space} does not exist: spaces are 1 to {spaces}.",
    dgit_notation_type: "There is no card type {code}.",
    dgit_notation_value: "{text} is not a card: a type code and a curse value 1-4.",
    dgit_notation: "{text} is not a decision.",
    dgit_unknown_type: "There is no card type {code} (known: {known}).",
    dgit_unknown_room: "There is no room {code} (known: {known}).",
    dgit_unknown_card: "{label} is not a card: a type code and a curse value 1-4.",
    dgit_types_not_list: "The types option must be a list of type codes (e.g. CA, MI).",
    dgit_types_repeated: "The types option names a type twice.",
    dgit_types_count: "{players} players play with {count} types; the types option names {named}.",
    dgit_types_mismatch: "The cards are of the types {types}; the game plays {count} types, as its options say.",
    dgit_setup_unknown_fields: "Unknown setup fields: {fields}.",
    dgit_cards_not_list: "“{field}” must be a list of cards (e.g. MI3), with both deck and removed given.",
    dgit_removed_count: "The cards set aside must be {expected}, not {got}.",
    dgit_cards_off: "The deck and the cards set aside must hold every card of their types twice: {cards} off.",
    dgit_rooms_not_list: "The rooms must list the {boards} rooms face up, board by board.",
    dgit_room_board: "The room {room} is not on board {board}.",
    dgit_dice_not_faces: "The dice must be a string of faces, {ghost} a ghost and {blank} a blank.",
    dgit_record_needs_seed: "A Don't Go In There record needs a seed: the dice come from it.",
  },
  fr: {
    dgit_phase: "{word} est un(e) {kind}, mais il faut maintenant {expected}.",
    dgit_board_removed: "Le plateau de « {at} » a quitté la partie : la pioche est vide.",
    dgit_room_hidden: "« {at} » n'est pas visible : son plateau montre « {shown} ».",
    dgit_space_taken: "La case {word} porte déjà le meeple de {owner}.",
    dgit_no_card: "Aucune carte {word} dans la pièce : prenez l'une de {legal}.",
    dgit_which_copy: "Deux {card} sont dans la Bibliothèque, à des places différentes : prenez {left} (celle de gauche) ou {right} (celle de droite).",
    dgit_one_copy: "{word} désigne l'une de deux {card} de la Bibliothèque ; ici {card} est un seul choix.",
    dgit_tome_tomes: "Un Grimoire ne peut pas dissiper les Grimoires : choisissez un autre type.",
    dgit_type_absent: "{type} n'est pas dans cette partie : choisissez parmi {legal}.",
    dgit_no_face: "Aucun dé ne montre de face « {face} » à changer.",
    dgit_not_here: "{word} n'est pas un choix de cette pièce : {legal}.",
    dgit_notation_empty: "Rien n'a été saisi.", dgit_notation_room: "Il n'y a pas de pièce {letter}.",
    dgit_notation_space: "La case {space} n'existe pas : les cases vont de 1 à {spaces}.",
    dgit_notation_type: "Il n'y a pas de type de carte {code}.",
    dgit_notation_value: "{text} n'est pas une carte : un code de type et une valeur de 1 à 4.",
    dgit_notation: "{text} n'est pas une décision.",
    dgit_unknown_type: "Il n'y a pas de type de carte {code} (connus : {known}).",
    dgit_unknown_room: "Il n'y a pas de pièce {code} (connues : {known}).",
    dgit_unknown_card: "{label} n'est pas une carte : un code de type et une valeur de 1 à 4.",
    dgit_types_not_list: "L'option des types doit être une liste de codes de type (par ex. CA, MI).",
    dgit_types_repeated: "L'option des types nomme un type deux fois.",
    dgit_types_count: "{players} joueurs jouent avec {count} types ; l'option des types en nomme {named}.",
    dgit_types_mismatch: "Les cartes sont des types {types} ; la partie se joue avec {count} types, selon ses options.",
    dgit_setup_unknown_fields: "Champs de mise en place inconnus : {fields}.",
    dgit_cards_not_list: "« {field} » doit être une liste de cartes (par ex. MI3), avec deck et removed tous deux donnés.",
    dgit_removed_count: "Les cartes mises de côté doivent être {expected}, pas {got}.",
    dgit_cards_off: "La pioche et les cartes mises de côté doivent contenir deux fois chaque carte de leurs types : {cards} en écart.",
    dgit_rooms_not_list: "Les pièces doivent lister les {boards} pièces visibles, plateau par plateau.",
    dgit_room_board: "La pièce {room} n'est pas sur le plateau {board}.",
    dgit_dice_not_faces: "Les dés doivent être une suite de faces, {ghost} un fantôme et {blank} une face vide.",
    dgit_record_needs_seed: "Une partie de Don't Go In There demande une graine : les dés en dépendent.",
  },
};
const errorT = translator(ERRORS);

/** An engine refusal of Don't Go In There in the reader's language; null for other codes. */
export function errorWords(code, params) {
  if (!(code in ERRORS.en)) return null;
  const legal = (params.legal ?? []).join(", ");
  return errorT(code, {
    ...params, legal,
    at: params.at && t(params.at), shown: params.shown && t(params.shown),
    type: params.type && t(params.type), face: params.face && t(params.face),
    kind: t(`kind${params.kind}`), expected: params.phase && t(`must.${params.phase}`, { legal }),
  });
}

let components = null;
export const ready = fetch("/api/games/dontgointhere/data/components.json")
  .then((r) => r.json()).then((data) => { components = data; });

const typeOfName = (name) => components.types.find((type) => type.name === name)?.code;
const iconsOf = (label) => components.dice_icons[label.slice(-1)];

function cardTitle(label) {
  const type = label.slice(0, -1);
  return `${t(type)} ${label.slice(-1)} — ${t(`fx.${type}`)}`;
}

// A card's type, curses and die icons; the symbols are for the eye, a screen
// reader hears them in words.
function cardFace(label) {
  const value = Number(label.slice(-1));
  const curses = t("curses", { n: value });
  const dice = t("dice", { n: iconsOf(label) });
  return [
    el("span", { class: "dg-type" }, t(label.slice(0, -1))),
    el("span", { class: "dg-curse", title: curses, "aria-hidden": "true" }, picture("curse"), `${value}`),
    el("span", { class: "dg-icons", title: dice, "aria-hidden": "true" },
      ...Array.from({ length: iconsOf(label) }, () => picture("die"))),
    el("span", { class: "visually-hidden" }, `, ${curses}, ${dice}`),
  ];
}

// A decision's element: a highlighted button when ``word`` is legal, else a plain box.
function choice(word, legal, ctx, attributes, children) {
  if (!legal.has(word)) return el("div", attributes, children);
  return el("button", {
    ...attributes, type: "button", class: `${attributes.class} legal`, "data-action": word,
    onclick: () => ctx.act(word),
  }, children);
}

// The word that takes the card in ``slot``: its label, or, for one of two
// identical cards in the Library, the left (<) or right (>) copy (G-11).
function pickWord(label, slot, entry, legal) {
  if (!legal.has(`${label}<`)) return label;
  return entry.cards.indexOf(label) === slot ? `${label}<` : `${label}>`;
}

// A card above a room: shown, face down, or a button when taking it is legal.
// Two identical cards look alike, so each copy's button also says, to a
// screen reader, which of the two it takes.
function roomCard(label, slot, entry, legal, ctx) {
  if (label === null) return el("div", { class: "dg-card dg-empty" }, "—");
  if (label === "?") return el("div", { class: "dg-card dg-down" }, t("faceDown"));
  const seen = slot === 2 && entry.seen_by.includes(ctx.you);
  const word = pickWord(label, slot, entry, legal);
  const copy = word === label ? null
    : el("span", { class: "visually-hidden" }, ` (${t(`copy${word.slice(-1)}`)})`);
  return choice(word, legal, ctx,
    { class: `dg-card t-${label.slice(0, -1)}`, title: cardTitle(label) },
    [...cardFace(label), seen ? el("span", { class: "dg-seen" }, t("seenByYou")) : null, copy]);
}

function spaceCell(entry, index, view, legal, ctx) {
  const owner = entry.spaces[index];
  const lights = components.spaces[index].flashlights;
  return choice(`${entry.room}${index + 1}`, legal, ctx, {
    class: "dg-space", "aria-label": `${t(entry.room)} ${t("space", { n: index + 1 })}`,
  }, [
    el("span", { class: "dg-space-n" }, t("space", { n: index + 1 })),
    el("span", { class: "dg-lights", title: t("flashlights", { n: lights }) },
      lights ? "☼".repeat(lights) : "—"),
    owner === null ? null : meeple(view, owner),
  ]);
}

// Each seat's meeples: a colour of a colour-blind-safe palette and a shape of its
// own, with the player's name, so colour is never the only clue.
const SHAPES = ["●", "▲", "■", "◆", "★"];

function meeple(view, owner) {
  return el("span", { class: `dg-meeple p${owner}`, title: view.players[owner] },
    `${SHAPES[owner]} ${view.players[owner]}`);
}

function board(entry, view, legal, ctx) {
  if (entry.room === null) {
    return el("section", { class: "dg-room panel dg-gone" },
      el("h3", {}, t("boardGone", { n: entry.board + 1 })), el("p", { class: "muted" }, t("removed")));
  }
  const title = el("h3", {}, t("board", { n: entry.board + 1 }), " — ", t(entry.room));
  const resolving = view.resolving === entry.board;
  if (resolving) title.append(el("span", { class: "badge" }, t("resolving")));
  return el("section", { class: `dg-room panel${resolving ? " acting" : ""}`, "aria-label": t(entry.room) },
    title,
    el("p", { class: "rule" }, t(`fx.${entry.room}`)),
    el("div", { class: "dg-cards" }, ...entry.cards.map((label, slot) => roomCard(label, slot, entry, legal, ctx))),
    el("div", { class: "dg-spaces" }, ...entry.spaces.map((_, i) => spaceCell(entry, i, view, legal, ctx))));
}

function choiceButtons(legal, ctx) {
  return el("div", { class: "row" }, ...[...legal].map((word) => choice(word, legal, ctx,
    { class: "dg-choice" }, word.startsWith("T:") ? t(word.slice(2)) : t(word))));
}

function prompt(view, ctx, legal) {
  if (view.current_player === null) return null;
  if (view.current_player !== ctx.you) {
    return el("p", { class: "prompt action-bar", role: "status" },
      t("waitingFor", { name: view.players[view.current_player] }));
  }
  // On the coach's board, who was to play (``ctx.review``) in place of the instruction.
  if (view.phase === "dice") {
    const room = view.boards[view.resolving].room;
    return el("div", { class: "prompt action-bar", role: "status" },
      el("p", {}, ctx.review ?? t(`dice${room}`)), choiceButtons(legal, ctx));
  }
  if (view.phase === "tome") {
    return el("div", { class: "prompt action-bar", role: "status" }, el("p", {}, ctx.review ?? t("tome")),
      choiceButtons(legal, ctx));
  }
  return el("p", { class: "prompt action-bar", role: "status" }, ctx.review ?? t(view.phase));
}

function diceRow(view) {
  return el("p", { class: "dg-dice", "aria-label": t("roll") }, `${t("roll")}: `,
    view.dice.length === 0 ? el("span", { class: "muted" }, t("noRoll"))
      : view.dice.map((face) => el("span", {
        class: `dg-die ${face === "G" ? "dg-ghost" : "dg-blank"}`, title: t(face === "G" ? "ghost" : "blank"),
      }, face === "G" ? [picture("ghost"), el("span", { class: "visually-hidden" }, t("ghost"))]
        : el("span", { class: "visually-hidden" }, t("blank")))));
}

function tableau(view, seat, ctx) {
  const data = view.tableaus[seat];
  const chips = (labels, flipped) => labels.length ? labels.map((label) => el("span", {
    class: `dg-chip t-${label.slice(0, -1)}${flipped ? " dg-flipped" : ""}`, title: cardTitle(label),
  }, `${t(label.slice(0, -1))} ${label.slice(-1)}`)) : [el("span", { class: "muted" }, "—")];
  const ghosts = view.ghosts[seat];
  return el("section", {
    class: `dg-tableau panel${view.current_player === seat ? " acting" : ""}`, "aria-label": view.players[seat],
  },
  el("h3", {}, meeple(view, seat), seat === ctx.you && !ctx.review ? el("span", { class: "badge" }, t("you")) : null),
  el("p", {}, `${t("meeples")}: ${view.meeples[seat]} · ${t("ghosts")}: `,
    el("strong", {}, ghosts === null ? t("hidden") : ghosts)),
  el("div", { class: "dg-chips" }, `${t("held")}: `, ...chips(data.held, false)),
  el("div", { class: "dg-chips" }, `${t("dispelled")}: `, ...chips(data.dispelled, true)));
}

export function optionsForm() {
  const boxes = components.types.map((type) => el("input", {
    type: "checkbox", id: `opt-type-${type.code}`, value: type.code,
  }));
  const element = el("fieldset", { class: "row" }, el("legend", {}, t("types")),
    ...boxes.map((box) => el("label", { title: t(`fx.${box.value}`) }, box, t(box.value))));
  return { element, read: () => ({ types: boxes.filter((b) => b.checked).map((b) => b.value) }) };
}

export async function renderGame(view, ctx) {
  await ready;
  const legal = new Set(ctx.you !== null && view.current_player === ctx.you ? view.legal_actions ?? [] : []);
  const order = ctx.you === null ? view.players.map((_, i) => i)
    : [ctx.you, ...view.players.map((_, i) => i).filter((i) => i !== ctx.you)];
  const own = ctx.you === null ? null : view.ghosts[ctx.you];
  return el("div", { class: "dontgointhere" },
    el("p", { class: "muted" }, t("deck", { n: view.deck_count })),
    own === null ? null : el("p", { class: "dg-own" }, ctx.review
      ? t("ghostsOf", { n: own, name: view.players[ctx.you], ofName: ofName(view.players[ctx.you]) })
      : t("yourGhosts", { n: own })),
    prompt(view, ctx, legal),
    el("div", { class: "dg-rooms" }, ...view.boards.map((entry) => board(entry, view, legal, ctx))),
    diceRow(view),
    el("div", { class: "dg-tableaus" }, ...order.map((seat) => tableau(view, seat, ctx))),
    view.scores ? renderScores(view) : null);
}

// One decision in words: a placement (L2), a card (MI3, or one of two alike:
// MI3< MI3>), a Tome's type (T:CA), a dice choice.
export function describe(action) {
  if (/^[ANBHLS][1-4]$/.test(action)) {
    return t("placed", { room: t(action[0]), space: action[1] });
  }
  if (action.startsWith("T:")) return t("tomeChose", { type: t(action.slice(2)) });
  const pick = /^([A-Z]{2})([1-4])([<>]?)$/.exec(action);
  if (pick) {
    const copy = pick[3] ? ` (${t(`copy${pick[3]}`)})` : "";
    return t("took", { card: `${t(pick[1])} ${pick[2]}${copy}` });
  }
  return t("chose", { choice: t(action) });
}

/** A score table of these scores (final, or provisional with the ghost penalty unknown). */
export function scoreTableFor(scores, { provisional = false } = {}) {
  const name = (key) => (typeOfName(key) ? t(typeOfName(key)) : t(key));
  const explain = (key) => (typeOfName(key)
    ? t("explain.type", { type: t(typeOfName(key)), effect: t(`fx.${typeOfName(key)}`) })
    : t("explain.penalty"));
  return scoreTable(scores, {
    category: t("category"), name, explain, total: t("total"), rank: provisional ? null : t("rank"),
    rows: provisional ? [] : [[t("ghosts"), (s) => s.ghosts], [t("cardsDispelled"), (s) => s.dispelled]],
  });
}

function renderScores(view) {
  return el("section", { class: "panel final-scores", "aria-labelledby": "scores-title" },
    el("h2", { id: "scores-title" }, t("scoresTitle")),
    scoreTableFor(view.scores));
}

/** The card types a table plays, when its options name them. */
export function optionsSummary(options) {
  const types = options?.types ?? [];
  return types.length ? [t("typesOption", { types: types.map((code) => t(code)).join(", ") })] : [];
}

/** A score in words ("3 curses"). */
export const totalWords = (n) => plural(t, n, "curses");

/** The rules at hand: a turn, each room's effect, each card type's effect. */
export function rules() {
  return el("div", { class: "rules-text" },
    el("p", {}, t("rulesIntro")),
    el("h3", {}, t("rulesRooms")),
    el("dl", {}, ...["A", "N", "B", "H", "L", "S"].flatMap((room) => [
      el("dt", {}, t(room)), el("dd", {}, t(`fx.${room}`))])),
    el("h3", {}, t("rulesTypes")),
    el("dl", {}, ...components.types.flatMap((type) => [
      el("dt", {}, t(type.code)), el("dd", {}, t(`fx.${type.code}`))])));
}
