// What the pages of a player share: a seat's name (an account's leads to its
// profile), a game's result and rating change in words, a finished game as
// one line of a list (My games, a profile), and a rating with "?" while it is
// provisional.
import { displayName, el, gameTitle, lang, translator } from "/static/common.js";

export const LINE_WORDS = {
  en: {
    deletedPlayer: "deleted player", you: "you",
    "outcome.you.won": "You won", "outcome.you.lost": "You lost",
    "outcome.you.shared": "You shared the win",
    "outcome.them.won": "Won", "outcome.them.lost": "Lost", "outcome.them.shared": "Shared the win",
    rank: "rank {rank} of {n}", with: "with {names}", alone: "alone",
    ratingChange: "rating {change} → {after}", provisionalWord: "provisional",
    provisionalNote: "“?”: a provisional rating; it settles after a few more rated games.",
    replay: "Replay", review: "Review", rated: "Rated", finishedOn: "{date}",
    replayOf: "the game of {date}, {game}",
    botBadge: "BOT", botWords: "a bot account: a program plays it", reserved: "challenged, not yet answered",
  },
  fr: {
    deletedPlayer: "joueur supprimé", you: "vous",
    "outcome.you.won": "Vous avez gagné", "outcome.you.lost": "Vous avez perdu",
    "outcome.you.shared": "Vous avez partagé la victoire",
    "outcome.them.won": "Gagnée", "outcome.them.lost": "Perdue", "outcome.them.shared": "Victoire partagée",
    rank: "{rank}{suffix} sur {n}", with: "avec {names}", alone: "en solo",
    ratingChange: "classement {change} → {after}", provisionalWord: "provisoire",
    provisionalNote: "« ? » : un classement provisoire ; il se stabilise après quelques parties classées de plus.",
    replay: "Revoir", review: "Analyser", rated: "Classée", finishedOn: "{date}",
    replayOf: "la partie du {date}, {game}",
    botBadge: "ROBOT", botWords: "un compte de robot : un programme le joue", reserved: "défié, sans réponse pour l'instant",
  },
};

const t = translator(LINE_WORDS);

/** A profile's address. */
export const playerHref = (name) => `/player/${encodeURIComponent(name)}`;

/** The label of a bot account, beside its name (bot API): seen, and heard in words. */
export const botBadge = () => el("abbr", { class: "badge bot-badge", title: t("botWords") },
  t("botBadge"), el("span", { class: "visually-hidden" }, ` (${t("botWords")})`));

/** A seat's name as shown: an account's a link to its profile (a bot's labelled),
 * a deleted account's said so, a seat held for a challenged account said so. */
export function seatName(seat) {
  if (seat.reserved) return el("span", { class: "muted" }, t("reserved"));
  if (seat.account && seat.name === null) return el("span", { class: "muted" }, t("deletedPlayer"));
  const link = el("a", { href: playerHref(seat.name), class: "player-link" }, seat.name);
  if (seat.account) return seat.bot ? el("span", { class: "bot-name" }, link, " ", botBadge()) : link;
  return displayName(seat.name) ?? "?";
}

/** Names (elements or words) joined by commas. */
export function joined(names) {
  return names.flatMap((name, index) => (index ? [", ", name] : [name]));
}

/** A signed number: "+15", "−3" (a true minus sign), "±0". */
export const signed = (n) => (n > 0 ? `+${n}` : n < 0 ? `−${-n}` : "±0");

/** A rating with "?" while provisional (a screen reader hears "provisional"). */
export function ratingText(rating, provisional) {
  return provisional ? [`${rating}`, el("span", { "aria-hidden": "true" }, "?"),
    el("span", { class: "visually-hidden" }, ` (${t("provisionalWord")})`)] : `${rating}`;
}

/** "rating +15 → 1527?", coloured by its direction. */
export function ratingChange(change) {
  const cls = change.change > 0 ? "rating-change up" : change.change < 0 ? "rating-change down"
    : "rating-change";
  const [before, between, end] = t("ratingChange", { change: "\u0000", after: "\u0001" })
    .split(/\u0000|\u0001/);
  return el("span", { class: cls }, before, el("strong", {}, signed(change.change)), between,
    ratingText(change.after, change.provisional), end);
}

/** French ordinal suffixes: 1er, 2e. */
const frSuffix = (rank) => (rank === 1 ? "er" : "e");

/** A finished game's result in words: ``who`` "you" (My games) or "them" (a profile). */
export function resultWords(game, who) {
  const parts = [];
  if (game.outcome) {
    parts.push(el("strong", { class: `outcome-word ${game.outcome}` }, t(`outcome.${who}.${game.outcome}`)));
  }
  if (game.rank !== null && game.seats.length > 1) {
    parts.push(t("rank", { rank: game.rank, n: game.seats.length, suffix: frSuffix(game.rank) }));
  }
  if (game.rating_change) parts.push(ratingChange(game.rating_change));
  return joined(parts).map((part) => (part === ", " ? " · " : part));
}

const dateWords = (iso) => (iso ? new Intl.DateTimeFormat(lang(), { dateStyle: "medium" })
  .format(new Date(iso)) : "");

/** The other seats of a game, "with Bo, Cy" (linked where accounts). */
export function others(game) {
  const rest = game.seats.filter((seat) => seat.position !== game.seat);
  if (!rest.length) return t("alone");
  const names = joined(rest.map(seatName));
  const [before, after] = t("with", { names: "\u0000" }).split("\u0000");
  return [before, ...names, after];
}

/** A finished game as a list item: game, date, the others, the result, Replay and Review. */
export function finishedLine(game, who) {
  const date = dateWords(game.finished_at);
  const about = t("replayOf", { date, game: gameTitle(game.game) });
  return el("li", { class: "game-line", "data-table": game.id },
    el("div", { class: "game-line-head" },
      el("strong", {}, gameTitle(game.game)),
      game.rated ? el("span", { class: "badge" }, t("rated")) : null,
      el("span", { class: "muted" }, ` ${date}`),
      el("span", { class: "game-line-with" }, " — ", others(game))),
    el("div", { class: "game-line-result" }, resultWords(game, who)),
    el("div", { class: "row game-line-links" },
      el("a", { href: `/replay?table=${encodeURIComponent(game.id)}`, class: "replay-link" }, t("replay"),
        el("span", { class: "visually-hidden" }, ` (${about})`)),
      el("a", { href: `/table/${encodeURIComponent(game.id)}`, class: "review-link" }, t("review"),
        el("span", { class: "visually-hidden" }, ` (${about})`))));
}

export const provisionalNote = () => el("p", { class: "muted small" }, t("provisionalNote"));
