// Tiny Tricks in the browser: your hand, the trick under way, the tricks won.
// Everything drawn comes from the player's view.
import { el, plural, scoreTable, translator } from "/static/common.js";

const t = translator({
  en: {
    noOptions: "Tiny Tricks has no variants.", options: "Options", hand: "Your hand",
    trick: "The trick", noTrick: "No card played yet in this trick.", leads: "{name} leads.",
    play: "Play {card}", yourTurn: "Your turn: play a card.", waitingFor: "{name} is to play.",
    tricksWon: "Tricks won", played: "{name} played {card}.", category: "Category",
    tricks: "tricks", total: "Total", rank: "Rank", scoresTitle: "Final scores",
    "tricks.one": "{n} trick", "tricks.other": "{n} tricks", wonBy: "{name}: {tricks}",
    rulesIntro: "Each player holds three of the cards 1 to 12. From the leader on, everyone plays a card; the highest wins the trick and leads the next. After three tricks, the most tricks wins.",
  },
  fr: {
    noOptions: "Petits plis n'a pas de variante.", options: "Options", hand: "Votre main",
    trick: "Le pli", noTrick: "Aucune carte jouée dans ce pli.", leads: "{name} entame.",
    play: "Jouer le {card}", yourTurn: "À vous : jouez une carte.", waitingFor: "À {name} de jouer.",
    tricksWon: "Plis gagnés", played: "{name} a joué le {card}.", category: "Catégorie",
    tricks: "plis", total: "Total", rank: "Rang", scoresTitle: "Scores finaux",
    "tricks.one": "{n} pli", "tricks.other": "{n} plis", wonBy: "{name} : {tricks}",
    rulesIntro: "Chaque joueur tient trois des cartes 1 à 12. À partir de celui qui entame, chacun joue une carte ; la plus haute remporte le pli et entame le suivant. Après trois plis, le plus de plis gagne.",
  },
});

const ERRORS = {
  en: {
    tinytricks_not_a_card: "« {text} » is not a card.",
    tinytricks_not_in_hand: "The card {card} is not in your hand.",
    tinytricks_deck: "The deck must hold the cards 1 to 12 once each.",
    tinytricks_no_variants: "Tiny Tricks has no variants ({variants}).",
    tinytricks_no_overlay: "Tiny Tricks has no rule overlays.",
  },
  fr: {
    tinytricks_not_a_card: "« {text} » n'est pas une carte.",
    tinytricks_not_in_hand: "La carte {card} n'est pas dans votre main.",
    tinytricks_deck: "La pioche doit contenir une fois chaque carte de 1 à 12.",
    tinytricks_no_variants: "Petits plis n'a pas de variante ({variants}).",
    tinytricks_no_overlay: "Petits plis n'a pas de règle modifiée.",
  },
};

const errorT = translator(ERRORS);

/** A refusal of Tiny Tricks in the reader's language; null for codes of other parts. */
export function errorWords(code, params) {
  return code in ERRORS.en ? errorT(code, params) : null;
}

export const ready = Promise.resolve();

export function optionsForm() {
  return {
    element: el("fieldset", { class: "row" }, el("legend", {}, t("options")),
      el("span", { class: "muted" }, t("noOptions"))),
    read: () => ({}),
  };
}

function prompt(view, ctx) {
  if (view.current_player === null) return null;
  const name = view.players[view.current_player];
  return el("p", { class: "prompt action-bar", role: "status" },
    view.current_player === ctx.you ? t("yourTurn") : t("waitingFor", { name }));
}

function hand(view, ctx) {
  const legal = view.legal_actions ?? [];
  return el("section", { class: "panel", "aria-labelledby": "hand-title" },
    el("h2", { id: "hand-title" }, t("hand")),
    el("div", { class: "cards" }, ...view.hand.map((card, index) => {
      const playable = legal.includes(String(card));
      return playable
        ? el("button", {
          class: "card legal", "data-action": String(card), "data-focus": index === 0 ? "" : null,
          "aria-label": t("play", { card }), onclick: () => ctx.act(String(card)),
        }, String(card))
        : el("span", { class: "card" }, String(card));
    })));
}

function trick(view) {
  const seat = (offset) => (view.leader + offset) % view.players.length;
  return el("section", { class: "panel", "aria-labelledby": "trick-title" },
    el("h2", { id: "trick-title" }, t("trick")),
    el("p", { class: "muted" }, t("leads", { name: view.players[view.leader] })),
    view.trick.length === 0 ? el("p", {}, t("noTrick"))
      : el("ul", {}, ...view.trick.map((card, offset) => el("li", {},
        t("played", { name: view.players[seat(offset)], card })))));
}

function won(view) {
  return el("section", { class: "panel", "aria-labelledby": "won-title" },
    el("h2", { id: "won-title" }, t("tricksWon")),
    el("ul", {}, ...view.players.map((name, seat) => el("li", {},
      t("wonBy", { name, tricks: plural(t, view.tricks[seat], "tricks") })))));
}

export async function renderGame(view, ctx) {
  return el("div", { class: "tinytricks" },
    prompt(view, ctx),
    ctx.you === null ? null : hand(view, ctx),
    trick(view),
    won(view),
    view.scores ? el("section", { class: "panel final-scores", "aria-labelledby": "scores-title" },
      el("h2", { id: "scores-title" }, t("scoresTitle")), scoreTableFor(view.scores)) : null);
}

export function describe(action) {
  return t("play", { card: action });
}

export function onKey() {}

export function scoreTableFor(scores, { provisional = false } = {}) {
  return scoreTable(scores, {
    category: t("category"), name: (key) => t(key), total: t("total"),
    rank: provisional ? null : t("rank"),
  });
}

export const optionsSummary = () => [];

export const totalWords = (n) => plural(t, n, "tricks");

export function rules() {
  return el("div", { class: "rules-text" }, el("p", {}, t("rulesIntro")));
}
