// A table: the waiting room (join, claim an open seat, invite, start or
// cancel), the live game kept current over a WebSocket, the result and a
// rematch; beside the game, the seats, the score if the game ended now, the
// log, the chat and the rules.  Game-independent: the game's module draws it.
import {
  api, currentAccount, displayName, el, errorText, gameModule, gameTitle, header, levelName, tableSocket,
  ofName, shownView, tokens, translator,
} from "/static/common.js";
import { seatName } from "/static/game-lines.js";
import { gradeBadge, hintControl, hintsBadge, reviewPanel } from "/static/review.js";
import { resultBanner } from "/static/table-result.js";
import { TABLE_WORDS } from "/static/table-words.js";
import { clockName, deadlineText, turnBased } from "/static/time-controls.js";
import { turnsChanged } from "/static/whose-turn.js";

const t = translator(TABLE_WORDS);

const id = decodeURIComponent(location.pathname.split("/").pop());
const invited = new URLSearchParams(location.hash.slice(1)).get("seat");
if (invited) {
  tokens.setSeat(id, invited);
  history.replaceState(null, "", location.pathname);
}
let seatToken = tokens.seat(id);
const host = tokens.host(id);
const app = document.getElementById("app");
const errorBox = el("p", { class: "error", role: "alert", id: "error" });
const statusBox = el("p", { class: "muted", role: "status", id: "status" });
let message = null;
let socket = null;
let module = null;
let sentAt = null;  // the position a decision was sent for: one decision per position
let asking = false;  // the host is asked to confirm cancelling the table
let grades = null;  // the coach's grade of each decision, once the game is reviewed
let review = null;  // the review panel, made once the game is over
const remembered = { seq: null, hint: null };  // the hint asked at this position
let account = null;  // the signed-in account, once known: it joins a seat under its own name
let ratings = null;  // a finished rated table's rating changes, asked once

// Parts that outlive a redraw, so typing, an open panel and the scroll stay put.
const chatInput = el("input", {
  type: "text", id: "chat-text", maxlength: 300, autocomplete: "off", "aria-describedby": "chat-error",
});
// Why the last line was refused, under the box that still holds it (worded at each redraw).
const chatError = el("p", { class: "error", id: "chat-error", role: "alert" });
const chatState = { sending: false, again: false, refusal: null };
const provisionalBox = el("div", { id: "provisional-scores" });
const provisional = el("details", {
  class: "panel", id: "provisional",
  ontoggle: () => { if (provisional.open) loadProvisional(); },
});
const rulesPanel = el("details", { class: "panel rules", id: "rules" });
let provisionalSeq = null;

const fail = (error) => {
  sentAt = null;
  errorBox.textContent = t("error", { words: errorText(error, module) });
};
const say = (words) => { statusBox.textContent = words; };

function act(action) {
  if (sentAt === message.table.seq) return;  // a second click at the same position sends nothing
  if (socket.readyState !== WebSocket.OPEN) {  // it reconnects; a click now would be lost
    say(t("connecting"));
    return;
  }
  sentAt = message.table.seq;
  errorBox.textContent = "";
  socket.send(JSON.stringify({ type: "act", action, seq: message.table.seq }));
}

/** Why a decision would be refused now, in the page's language; null if it is legal. */
async function check(action) {
  const answer = await api(`/api/tables/${id}/check`, {
    method: "POST", token: seatToken, body: { action },
  });
  return answer.legal ? null : errorText(answer, module);
}

// The keyboard or the pointer: a redraw after a tap must not scroll the page.
// What the tap lands on stays where it was on the screen: a game marks with
// ``data-anchor`` a thing that a redraw draws again under another look (a
// spot's button that becomes the chosen spot), and the action bar above it,
// grown or shrunk by the tap, must not push it away from under the finger.
let pointerUsed = false;
let tapped = null;  // the data-anchor the pointer last went down on
document.addEventListener("pointerdown", (event) => {
  pointerUsed = true;
  tapped = event.target.closest?.("[data-anchor]")?.dataset.anchor ?? null;
}, true);
document.addEventListener("keydown", () => { pointerUsed = false; }, true);

const anchored = (key) => (key ? document.querySelector(`main [data-anchor="${CSS.escape(key)}"]`)
  : null);

/**
 * Where the thing just tapped lies on the screen now, if it is drawn.  Asked
 * once, by the redraw the tap causes: a later one (a chat line, a clock) must
 * not move the page, even with that thing under the sticky bar by then.
 */
function tappedPlace() {
  const node = pointerUsed ? anchored(tapped) : null;
  const place = node ? { key: tapped, top: node.getBoundingClientRect().top } : null;
  tapped = null;
  return place;
}

// After the tap's redraw: the page scrolls by what the tapped thing moved, and
// then, should the sticky action bar have grown over it, back until it shows.
function keepInPlace(place) {
  const node = place ? anchored(place.key) : null;
  if (!node) return;
  const moved = node.getBoundingClientRect().top - place.top;
  if (Math.abs(moved) >= 1) window.scrollBy(0, moved);
  const bar = document.querySelector("main .action-bar");
  const covered = bar ? bar.getBoundingClientRect().bottom - node.getBoundingClientRect().top : 0;
  if (covered > 0) window.scrollBy(0, -covered);
}

const lastDecision = () => message.log.at(-1) ?? null;
const ctx = () => ({ you: message.you, act, check, redraw: render, last: lastDecision() });

// What this table plays: the game, its options, the clock, how seats are taken.
function context(table) {
  const parts = [...module.optionsSummary(table.options)];
  parts.push(clockName(table.clock_seconds, table.on_timeout));
  if (table.status === "open") parts.push(t(table.seats_open ? "seatsOpen" : "seatsInvite"));
  return el("p", { class: "context", id: "context" }, parts.join(" · "),
    table.rated ? el("span", { class: "badge", id: "rated" }, t("rated")) : null);
}

function seatLine(seat, table) {
  const acting = table.current_player === seat.position && table.status === "playing";
  const name = seat.account ? seatName(seat) : seat.name ? displayName(seat.name)
    : `(${t(table.status === "open" ? "open" : "seatOf", { n: seat.position + 1 })})`;
  return el("li", { class: acting ? "to-act" : null },
    el("span", { class: "seat-name" }, name),
    acting ? el("span", { class: "visually-hidden" }, ` (${t("toAct")})`) : null,
    seat.position === message.you ? el("span", { class: "badge" }, t("you")) : null,
    seat.kind === "bot" ? el("span", { class: "badge" }, t("botBadge", { level: levelName(seat.level) }))
      : null,
    seat.substituted ? el("span", { class: "badge" }, t("left")) : null,
    acting && table.deadline ? el("span", {
      class: "badge clock", "data-deadline": table.deadline, id: "deadline",
      "data-turn-based": turnBased(table.clock_seconds) || null, "data-on-timeout": table.on_timeout,
    }) : null,
    table.status === "playing" && seat.position === message.you && !seat.substituted
      ? el("button", {
        type: "button", id: "leave",
        onclick: () => {
          if (!window.confirm(t("leaveConfirm"))) return;
          api(`/api/tables/${id}/leave`, { method: "POST", token: seatToken }).catch(fail);
        },
      }, t("leave")) : null,
    host && table.status === "playing" && seat.kind === "human" && !seat.substituted
      && seat.position !== message.you
      ? el("button", {
        type: "button", class: "to-bot",
        onclick: () => api(`/api/tables/${id}/seats/${seat.position}/bot`, {
          method: "POST", token: host.host_token, body: { level: "casual" },
        }).then(() => say(t("handed", { name: displayName(seat.name), ofName: ofName(displayName(seat.name)) }))).catch(fail),
      }, t("toBot")) : null);
}

function seatsPanel(table) {
  return el("section", { class: "panel seats-panel", "aria-labelledby": "seats-title" },
    el("h2", { id: "seats-title" }, t("seats")),
    el("ul", { class: "seats" }, ...table.seats.map((seat) => seatLine(seat, table))),
    message.you === null ? el("p", { class: "muted" }, t("spectator")) : null);
}

function nameForm(label, buttonId, submit, value = "") {
  const input = el("input", {
    type: "text", id: `${buttonId}-name`, maxlength: 24, "aria-label": t("yourName"),
    placeholder: t("yourName"), value, autocomplete: "nickname",
  });
  return el("form", {
    class: "row", onsubmit: (e) => { e.preventDefault(); submit(input.value); },
  }, input, el("button", { type: "submit", id: buttonId }, label));
}

async function copy(link) {
  try {
    await navigator.clipboard.writeText(link);
    say(t("copied"));
  } catch {
    say(t("copyFailed"));
  }
}

function waitingRoom(table) {
  const me = message.you === null ? null : table.seats[message.you];
  const free = table.seats.filter((seat) => seat.kind === "human" && !seat.joined);
  const join = (name) => api(`/api/tables/${id}/join`, {
    method: "POST", token: seatToken, body: { name },
  }).catch(fail);
  const claim = (position) => (name) => api(`/api/tables/${id}/seats/${position}/claim`, {
    method: "POST", body: { name },
  }).then((claimed) => {
    tokens.setSeat(id, claimed.token);
    seatToken = claimed.token;
    socket.close(4000);  // reconnect as the seat's holder
  }).catch(fail);
  const invites = host ? host.seats.filter((seat) => seat.position !== message.you
    && !table.seats[seat.position].joined) : [];
  return el("section", { class: "panel waiting" },
    el("h2", {}, t("waiting")),
    table.rated ? el("p", { id: "rated-note" }, t("ratedNote"), account ? null : [" ",
      el("a", { href: `/account?next=${encodeURIComponent(`/table/${id}`)}` }, t("ratedSignIn"))]) : null,
    me && me.name ? el("p", { id: "joined" }, t("joinedAs", { name: me.name })) : null,
    // A signed-in person's seat takes the account's name: one click joins.
    me && !me.name && account ? el("p", { class: "row" }, el("button", {
      type: "button", id: "join-account", class: "primary", onclick: () => join(account.name),
    }, t("joinAs", { name: account.name }))) : null,
    me && !(me.account && me.name) && !(account && !me.name)
      ? nameForm(me.name ? t("rename") : t("join"), "join", join, me.name ?? "") : null,
    !me && table.seats_open && free.length ? [
      el("h3", {}, t("claimTitle")),
      ...free.map((seat) => nameForm(t("claim", { n: seat.position + 1 }), `claim-${seat.position}`,
        claim(seat.position))),
    ] : null,
    invites.length ? [
      el("h3", {}, t("invite")),
      el("ul", { class: "invites" }, ...invites.map((seat) => {
        const link = `${location.origin}${seat.link}`;
        return el("li", {}, t("seatLink", { n: seat.position + 1 }),
          el("span", { class: "invite", "data-seat": seat.position }, link), " ",
          el("button", { type: "button", class: "copy", onclick: () => copy(link) }, t("copy")));
      })),
    ] : null,
    el("p", { class: "muted" }, t(table.seats_open ? "startsItself" : "startWhen")),
    host ? el("div", { class: "row" },
      el("button", {
        type: "button", id: "start", disabled: table.seats.some((s) => !s.joined),
        onclick: () => api(`/api/tables/${id}/start`, { method: "POST", token: host.host_token }).catch(fail),
      }, t("start")),
      asking ? [
        el("span", { role: "alert" }, t("cancelAsk")),
        el("button", {
          type: "button", id: "cancel-confirm",
          onclick: () => api(`/api/tables/${id}/cancel`, { method: "POST", token: host.host_token })
            .catch(fail),
        }, t("cancelConfirm")),
        el("button", { type: "button", id: "cancel-keep", "data-focus": true,
          onclick: () => { asking = false; render(); } }, t("keep")),
      ] : el("button", {
        type: "button", id: "cancel", onclick: () => { asking = true; render(); },
      }, t("cancel"))) : null);
}

async function loadProvisional() {
  provisionalSeq = message.table.seq;
  try {
    const scores = await api(`/api/tables/${id}/provisional`, { token: seatToken });
    provisionalBox.replaceChildren(module.scoreTableFor(scores, { provisional: true }),
      el("p", { class: "muted" }, t("provisionalNote")));
  } catch (error) { fail(error); }
}

function provisionalPanel(table) {
  if (table.status !== "playing") return null;
  provisional.replaceChildren(el("summary", {}, t("provisional")), provisionalBox);
  if (provisional.open && provisionalSeq !== table.seq) loadProvisional();
  return provisional;
}

function log(view) {
  return el("section", { class: "panel log", "aria-labelledby": "log-title" },
    el("h2", { id: "log-title" }, t("log")),
    message.log.length === 0 ? el("p", { class: "muted" }, t("noLog")) : null,
    el("ol", { id: "log", tabindex: 0, "aria-labelledby": "log-title" },
      // In words; the notation only in the tooltip, for those who read it (defect 9).
      ...message.log.map((entry, index) => el("li", {
        class: index === message.log.length - 1 ? "last" : null, title: entry.action,
      },
      el("strong", {}, displayName(message.table.seats[entry.seat].name)), " ",
      module.describe(entry.action, view),
      grades?.[index] ? [" ", gradeBadge(grades[index])] : null))));
}

function chatPanel(table) {
  const lines = message.chat ?? [];
  const seated = message.you !== null;
  chatInput.setAttribute("aria-label", t("chatLine"));
  chatInput.placeholder = t("chatLine");
  return el("section", { class: "panel chat", "aria-labelledby": "chat-title" },
    el("h2", { id: "chat-title" }, t("chat")),
    el("ol", { id: "chat-lines", tabindex: 0, "aria-live": "polite", "aria-labelledby": "chat-title" },
      ...lines.map((line) => el("li", {},
        el("strong", {}, displayName(table.seats[line.seat]?.name ?? "?")), " ", line.text))),
    lines.length === 0 ? el("p", { class: "muted" }, t("noChat")) : null,
    seated ? el("form", { class: "row", id: "chat-form", onsubmit: sendChat },
      chatInput, el("button", { type: "submit", id: "chat-send" }, t("say")))
      : el("p", { class: "muted" }, t("chatSpectator")),
    seated ? chatErrorWords() : null);
}

// A chat line from someone else while the chat is out of view (a phone's long
// page): a sign at the bottom of the screen, which takes the reader there.
let seenChat = null;  // how many chat lines this reader has had in view
const chatInView = () => {
  const box = document.getElementById("chat-lines")?.getBoundingClientRect();
  return box !== undefined && box.bottom > 0 && box.top < window.innerHeight;
};
function chatSeen() {
  seenChat = (message.chat ?? []).length;
  document.getElementById("chat-new")?.remove();
}
function chatSign() {
  const lines = message.chat ?? [];
  seenChat ??= lines.length;
  const fresh = lines.slice(seenChat).filter((line) => line.seat !== message.you);
  if (!fresh.length) return null;
  const name = displayName(message.table.seats[fresh.at(-1).seat]?.name ?? "?");
  return el("button", {
    type: "button", id: "chat-new", class: "chat-new",
    onclick: () => { document.getElementById("chat-lines")?.scrollIntoView({ block: "center" }); chatSeen(); },
  }, t("newChat", { name }));
}
window.addEventListener("scroll", () => { if (seenChat !== null && chatInView()) chatSeen(); }, { passive: true });

function chatErrorWords() {
  chatError.textContent = chatState.refusal ? errorText(chatState.refusal, module) : "";
  return chatError;
}

/**
 * A chat line, sent by HTTP so that its answer is its own: the box is
 * emptied only once the server took the line (keeping what was typed since),
 * and a refused line stays in the box with the reason under it.  One line
 * at a time: Enter while one is on its way sends the box once that one is
 * answered, unless it was refused.
 */
async function sendChat(event) {
  event?.preventDefault();
  if (chatState.sending) {
    chatState.again = true;
    return;
  }
  const text = chatInput.value;
  if (!text.trim()) return;
  chatState.sending = true;
  try {
    await api(`/api/tables/${id}/chat`, { method: "POST", token: seatToken, body: { text } });
    chatState.refusal = null;
    if (chatInput.value.startsWith(text)) chatInput.value = chatInput.value.slice(text.length).trimStart();
  } catch (error) {
    chatState.refusal = error;
  } finally {
    chatState.sending = false;
    chatErrorWords();
    const again = chatState.again && chatState.refusal === null;
    chatState.again = false;
    if (again) sendChat();
  }
}

function rulesPanelFor(table) {
  rulesPanel.replaceChildren(el("summary", {}, t("rules", { game: gameTitle(table.game), ofGame: ofName(gameTitle(table.game)) })),
    module.rules());
  return rulesPanel;
}

async function render() {
  if (!message) return;
  const table = message.table;
  module ??= await gameModule(table.game);
  await module.ready;
  const view = message.view ? shownView(message.view)
    : null;
  if (message.table.seq !== sentAt) sentAt = null;
  const closed = ["over", "abandoned", "cancelled"].includes(table.status);
  const gameArea = view ? await module.renderGame(view, ctx()) : waitingRoom(table);
  const side = el("aside", { class: "side" },
    seatsPanel(table),
    provisionalPanel(table),
    table.status === "open" ? null : log(view),
    chatPanel(table),
    rulesPanelFor(table),
    el("p", { class: "muted watch" }, t("watchLink"),
      el("span", { class: "invite" }, `${location.origin}/table/${id}`)));
  const mine = table.status === "playing" && message.you !== null
    && table.current_player === message.you;
  let hint = null;
  if (mine && table.hints) {
    if (remembered.seq !== table.seq) Object.assign(remembered, { seq: table.seq, hint: null });
    hint = hintControl({
      ask: () => api(`/api/tables/${id}/hint`, { method: "POST", token: seatToken }),
      view, module, fail, remembered,
    });
  }
  if (table.status === "over") {
    review ??= reviewPanel({
      start: () => api(`/api/tables/${id}/review`, { method: "POST" }),
      key: `table-${id}`,
      players: table.seats.map((seat) => (seat.bot ? t("botAccountName", { name: seat.name }) : seat.name)),
      module,
      view: () => message.view,
      you: () => message.you ?? null,  // a player learns from their own mistakes
      fail,
      onReview: (done) => {
        grades = done.decisions.map((decision) => decision.grade);
        const list = document.getElementById("log");
        if (list && view) list.replaceWith(log(view).querySelector("ol"));
      },
    });
    review.redraw();
  }
  if (table.status === "over" && table.rated && ratings === null) {
    ratings = [];  // asked once; drawn again when they come
    api(`/api/tables/${id}/ratings`).then((found) => { ratings = found; render(); }).catch(fail);
  }
  document.title = `${mine ? `▶ ${t("yourTurn")} — ` : ""}${gameTitle(table.game)} — ${t("table", { id })} — vitrine`;
  const focused = document.activeElement;
  const focusKey = focused?.dataset?.action ?? focused?.id;
  const place = tappedPlace();
  app.replaceChildren(header(t, render), el("main", {
    id: "content", "data-seq": table.seq, "data-status": table.status, "data-game": table.game,
  },
  el("div", { class: "table-head" },
    el("h1", {}, gameTitle(table.game), " ", el("span", { class: "table-id" }, t("table", { id })),
      table.hints ? [" ", hintsBadge()] : null),
    context(table)),
  closed ? resultBanner({
    id, table, view, you: message.you, seatToken, host, module, fail, ratings,
  }) : null,
  statusBox, errorBox, hint,
  el("div", { class: "layout" }, el("div", { class: "game-area" }, gameArea), side),
  table.status === "over" ? review : null, chatSign()));
  if (chatInView()) chatSeen();
  keepInPlace(place);
  restoreFocus(focusKey);
  tick();
  for (const key of ["log", "chat-lines"]) {  // the newest lines in view
    const list = document.getElementById(key);
    if (list) list.scrollTop = list.scrollHeight;
  }
}

// Redrawing replaces the page: the keyboard goes to what the game marks as
// the next step (data-focus), else stays where it was, else goes to this
// seat's first choice when a decision is awaited.  After a tap the page
// does not scroll to it: what the player touched stays where it was.
function restoreFocus(key) {
  if (key === "chat-text") { chatInput.focus({ preventScroll: true }); return; }
  const same = key ? document.getElementById(key)
    ?? document.querySelector(`[data-action="${CSS.escape(key)}"]`) : null;
  const next = document.querySelector("main [data-focus]");
  (next ?? same ?? document.querySelector("main [data-action]"))?.focus({ preventScroll: pointerUsed });
}

function connect() {
  socket = tableSocket(id, seatToken, {
    onopen: () => {
      // A decision sent on the connection that closed may never have arrived (its
      // server process stopped): it may be sent again, and its seq makes it once.
      sentAt = null;
      if (statusBox.textContent === t("connecting")) say("");
    },
    onmessage: (data) => {
      if (data.type === "error") { fail(data); return; }
      if (message && data.table.current_player !== message.table.current_player) turnsChanged();
      message = data;
      render().catch(fail);
    },
    onclose: (event) => {
      if (event.code === 1008) {  // refused (the error message came first): no point retrying
        if (!errorBox.textContent) fail(event.reason);
        return;
      }
      if (event.code !== 4000) say(t("connecting"));
      setTimeout(connect, event.code === 4000 ? 0 : 1000);
    },
  });
}

// The acting seat's clock, counted down here from the server's deadline; a turn-based
// one says its deadline as a date and time, and how far off it is.
function tick() {
  for (const clock of document.querySelectorAll("[data-deadline]")) {
    if (clock.dataset.turnBased !== undefined) {
      clock.textContent = `⏱ ${deadlineText(clock.dataset.deadline)}`;
      continue;
    }
    const left = Math.max(0, Math.round((Date.parse(clock.dataset.deadline) - Date.now()) / 1000));
    const time = left >= 3600 ? `${Math.floor(left / 3600)} h ${Math.floor((left % 3600) / 60)} min`
      : `${Math.floor(left / 60)}:${String(left % 60).padStart(2, "0")}`;
    const words = clock.dataset.onTimeout === "end" ? "clockLeftEnd" : "clockLeft";
    clock.textContent = `⏱ ${t(words, { time })}`;
  }
}
setInterval(tick, 1000);

document.addEventListener("keydown", (event) => {
  if (message?.view && module?.onKey) module.onKey(event, ctx());
});
app.replaceChildren(header(t, render), el("main", { id: "content" }, el("p", {}, t("loading")), errorBox));
currentAccount().then((found) => { account = found; render().catch(fail); });
connect();
