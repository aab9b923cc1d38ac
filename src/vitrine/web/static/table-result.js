// The result on top of a finished table: what it means for the person looking
// ("You won", "You lost"), who won and by how much, every rank; then what next
// (review, rematch, the record, the replay), where the eye already is.
import { api, displayName, el, tokens, translator } from "/static/common.js";
import { seatName, signed } from "/static/game-lines.js";
import { TABLE_WORDS } from "/static/table-words.js";
import { timedOutText } from "/static/time-controls.js";

const t = translator(TABLE_WORDS);

async function rematch({ id, seatToken, host }) {
  const answer = await api(`/api/tables/${id}/rematch`, { method: "POST", token: seatToken ?? host?.host_token });
  const next = answer.table.id;
  if (seatToken) tokens.setSeat(next, seatToken);
  if (host) {
    tokens.setHost(next, {
      host_token: host.host_token,
      seats: host.seats.map((seat) => ({ ...seat, link: `/table/${next}#seat=${seat.token}` })),
    });
  }
  location.assign(`/table/${next}`);
}

/** The viewer's own outcome in a game of several seats; null for a spectator or alone. */
function outcome(scores, you) {
  if (you === null || scores.length < 2) return null;
  const rank = scores[you].rank;
  if (rank !== 1) return el("p", { class: "outcome lost", id: "outcome" }, t("youLost"));
  const shared = scores.filter((s) => s.rank === 1).length > 1;
  return el("p", { class: "outcome won", id: "outcome" }, t(shared ? "youShared" : "youWon"));
}

// The review panel sits below the game; the banner's button takes the reader there and starts it.
function openReview() {
  const panel = document.getElementById("review");
  panel?.scrollIntoView({ block: "start" });
  const begin = document.getElementById("review-start");
  if (begin) begin.click();
  panel?.setAttribute("tabindex", "-1");
  panel?.focus({ preventScroll: true });
}

const shownRating = (rating, provisional) => (provisional ? `${rating}?` : `${rating}`);

/** A rated table's changes: the viewer's first and plain, then each seat's. */
function ratingLines(ratings, table, you) {
  if (!ratings?.length) return null;
  const words = (change) => ({
    before: change.before, after: shownRating(change.after, change.provisional), change: signed(change.change),
  });
  const mine = ratings.find((change) => change.seat === you);
  return el("div", { class: "banner-ratings", id: "ratings" },
    mine ? el("p", { class: "rating-line", id: "your-rating" }, t("yourRating", words(mine))) : null,
    el("ul", { class: "ranks", "aria-label": t("ratings") }, ...ratings.map((change) => el("li", {
      "data-seat": change.seat,
    }, seatName({ ...table.seats[change.seat], name: change.name, account: true }), " — ",
    t("ratingOf", words(change))))));
}

/** A game ended by a missed deadline (the table chose so): the seat that missed it
 * ranks last, every other seat shares the first rank (server/time_controls.py). */
function timedOutBanner({ table, you, ratings, links }) {
  const missed = table.seats[table.timed_out];
  const ranks = table.seats.map((seat) => (seat.position === table.timed_out ? table.seats.length : 1));
  return el("section", { class: "banner result", id: "banner", "aria-labelledby": "result" },
    outcome(table.seats.map((seat, i) => ({ rank: ranks[i] })), you),
    el("h2", { id: "result" }, timedOutText(displayName(missed.name))),
    el("ol", { class: "ranks" }, ...table.seats.map((seat, i) => el("li", {},
      el("strong", {}, `${ranks[i]}.`), " ", seatName(seat)))),
    ratingLines(ratings, table, you),
    links);
}

/** ``page``: { id, table, view, you, seatToken, host, module, fail, ratings } of the table page. */
export function resultBanner({ id, table, view, you, seatToken, host, module, fail, ratings }) {
  if (table.status === "cancelled") {
    return el("section", { class: "banner closed", id: "banner", role: "status" }, t("cancelled"));
  }
  const links = view ? el("p", { class: "row" },
    el("a", { href: `/api/tables/${id}/record`, download: `vitrine-${id}.json` }, t("record")),
    el("a", { href: `/replay?table=${id}` }, t("replay"))) : null;
  if (table.status === "abandoned") {
    return el("section", { class: "banner closed", id: "banner", role: "status" },
      el("p", {}, t("abandoned")), links);
  }
  if (table.timed_out !== null && table.timed_out !== undefined) {
    return timedOutBanner({ table, you, ratings, links });
  }
  const scores = [...view.scores].sort((a, b) => a.rank - b.rank);
  const winners = scores.filter((s) => s.rank === 1);
  const total = module.totalWords(winners[0].total);
  const names = winners.map((s) => displayName(s.name));
  const replaced = table.seats.filter((seat) => seat.substituted).map((seat) => displayName(seat.name));
  const canRematch = you !== null || (host && table.seats.every((s) => s.kind === "bot"));
  return el("section", { class: "banner result", id: "banner", "aria-labelledby": "result" },
    outcome(view.scores, you),
    el("h2", { id: "result" }, winners.length > 1
      ? t("shared", { names: names.join(", "), total }) : t("wins", { name: names[0], total })),
    el("ol", { class: "ranks" }, ...scores.map((s) => el("li", {},
      el("strong", {}, `${s.rank}.`), ` ${displayName(s.name)} — ${module.totalWords(s.total)}`))),
    ratingLines(ratings, table, you),
    replaced.length ? el("p", { id: "finished-by-bot" },
      t("finishedByBot", { names: replaced.join(", ") })) : null,
    table.rematch ? el("p", { id: "rematch-offered" }, t("rematchOffered")) : null,
    el("div", { class: "row" },
      el("button", { type: "button", id: "banner-review", class: "primary", onclick: openReview },
        t("reviewGame")),
      canRematch ? el("button", {
        type: "button", id: "rematch", onclick: () => rematch({ id, seatToken, host }).catch(fail),
      }, t(table.rematch ? "rematchJoin" : "rematch"))
        : table.rematch ? el("a", { href: `/table/${table.rematch}` }, t("rematchWatch")) : null),
    links);
}
