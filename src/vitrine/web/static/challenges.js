// Challenges on My games (bot API): the tables a person made with a seat
// reserved for this account, to accept (take the seat: the table starts once
// every seat is taken) or decline (the table is called off); and those this
// account made, with their answer.  Its own module: My games imports it.
import { api, el, errorText, gameTitle, translator } from "/static/common.js";
import { playerHref } from "/static/game-lines.js";

const t = translator({
  en: {
    received: "Challenges to you", sent: "Your challenges", noneReceived: "Nobody has challenged you.",
    from: "{game}, from", to: "{game}, to", rated: "rated", accept: "Accept",
    decline: "Decline", "status.pending": "waiting for an answer", "status.accepted": "accepted",
    "status.declined": "declined", "status.cancelled": "called off", "status.abandoned": "abandoned",
    open: "Open the table", answerFailed: "Not answered: {words}",
  },
  fr: {
    received: "Défis reçus", sent: "Vos défis", noneReceived: "Personne ne vous a défié.",
    from: "{game}, de", to: "{game}, à", rated: "classée", accept: "Accepter",
    decline: "Refuser", "status.pending": "en attente de réponse", "status.accepted": "accepté",
    "status.declined": "refusé", "status.cancelled": "annulé", "status.abandoned": "abandonné",
    open: "Ouvrir la table", answerFailed: "Sans réponse : {words}",
  },
});

let lists = { received: [], sent: [] };
let said = "";

/** Read the account's challenges (then ``render`` draws them). */
export async function loadChallenges() {
  lists = await api("/api/account/challenges");
}

async function answer(challenge, how, render) {
  try {
    await api(`/api/challenges/${encodeURIComponent(challenge.table.id)}/${how}`, { method: "POST" });
    said = "";
    if (how === "accept") {
      location.assign(`/table/${challenge.table.id}`);
      return;
    }
    await loadChallenges();
  } catch (error) {
    said = t("answerFailed", { words: errorText(error) });
  }
  render();
}

function line(challenge, received, render) {
  const who = received ? challenge.by : challenge.account;
  const pending = challenge.status === "pending";
  return el("li", { class: "challenge-line", "data-table": challenge.table.id },
    t(received ? "from" : "to", { game: gameTitle(challenge.table.game) }), " ",
    el("a", { href: playerHref(who) }, who),
    challenge.table.rated ? [" ", el("span", { class: "badge" }, t("rated"))] : null,
    " — ", el("span", { class: "challenge-status" }, t(`status.${challenge.status}`)),
    received && pending ? el("span", { class: "row challenge-answers" },
      el("button", { type: "button", class: "primary accept", onclick: () => answer(challenge, "accept", render) },
        t("accept")),
      el("button", { type: "button", class: "decline", onclick: () => answer(challenge, "decline", render) },
        t("decline"))) : null,
    challenge.status === "accepted" || (!received && pending)
      ? [" ", el("a", { href: `/table/${challenge.table.id}` }, t("open"))] : null);
}

/** The two lists, as sections of the page; ``render`` redraws the page after an answer. */
export function challengesSections(render) {
  const pending = lists.received.filter((c) => c.status === "pending");
  return [
    el("section", { class: "panel", id: "challenges", "aria-labelledby": "challenges-title" },
      el("h2", { id: "challenges-title" }, t("received")),
      pending.length ? el("ul", { class: "challenge-lines" }, ...pending.map((c) => line(c, true, render)))
        : el("p", { class: "muted" }, t("noneReceived")),
      said ? el("p", { class: "error", role: "alert", id: "challenge-said" }, said) : null),
    lists.sent.length ? el("section", { class: "panel", id: "sent-challenges", "aria-labelledby": "sent-title" },
      el("h2", { id: "sent-title" }, t("sent")),
      el("ul", { class: "challenge-lines" }, ...lists.sent.map((c) => line(c, false, render)))) : null,
  ];
}
