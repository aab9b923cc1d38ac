// A table: the waiting room (join, invite, start), then the live game, kept
// current over a WebSocket.  Game-independent: the game's module draws it.
import { api, el, errorText, gameModule, header, tokens, translator } from "/static/common.js";
import { gradeBadge, hintControl, hintsBadge, reviewPanel } from "/static/review.js";

const t = translator({
  en: {
    table: "Table {id}", waiting: "Waiting for players", join: "Join", yourName: "Your name",
    invite: "Invite links (send one to each player)", start: "Start the game",
    startWhen: "The host starts once every seat has a name.", spectator: "You are watching.",
    bot: "bot", left: "played by a bot", toBot: "Hand to a bot", log: "Game log",
    record: "Download the record (JSON)", replay: "Replay turn by turn", over: "Game over",
    connecting: "Reconnecting…", seatOf: "seat {n}", copy: "Copy",
    clockLeft: "{time} left before a bot takes over",
    watchLink: "Link for spectators", yourTurn: "Your turn", finishedByBot: "Finished by a bot: {names}",
    leave: "Leave (a bot plays on)", leaveConfirm: "Leave this game? A bot will play your seat to the end.",
  },
  fr: {
    table: "Table {id}", waiting: "En attente des joueurs", join: "Rejoindre",
    yourName: "Votre nom", invite: "Liens d'invitation (un par joueur)",
    start: "Lancer la partie", startWhen: "L'hôte lance la partie quand chaque place a un nom.",
    spectator: "Vous regardez.", bot: "robot", left: "jouée par un robot",
    toBot: "Confier à un robot", log: "Journal", record: "Télécharger la partie (JSON)",
    replay: "Revoir coup par coup", over: "Partie terminée", connecting: "Reconnexion…",
    seatOf: "place {n}", copy: "Copier",
    clockLeft: "{time} avant qu'un robot ne prenne la place",
    watchLink: "Lien pour les spectateurs", yourTurn: "À vous",
    finishedByBot: "Terminée par un robot : {names}",
    leave: "Quitter (un robot continue)",
    leaveConfirm: "Quitter la partie ? Un robot jouera votre place jusqu'à la fin.",
  },
});

const id = decodeURIComponent(location.pathname.split("/").pop());
const invited = new URLSearchParams(location.hash.slice(1)).get("seat");
if (invited) {
  tokens.setSeat(id, invited);
  history.replaceState(null, "", location.pathname);
}
const seatToken = tokens.seat(id);
const host = tokens.host(id);
const app = document.getElementById("app");
const errorBox = el("p", { class: "error", role: "alert", id: "error" });
const statusBox = el("p", { class: "muted", role: "status" });
let message = null;
let socket = null;
let module = null;
let grades = null;  // the coach's grade of each decision, once the game is reviewed
let review = null;  // the review panel, made once the game is over
const remembered = { seq: null, hint: null };  // the hint asked at this position

const fail = (error) => { errorBox.textContent = t("error", { words: errorText(error, module) }); };

function act(action) {
  errorBox.textContent = "";
  socket.send(JSON.stringify({ type: "act", action, seq: message.table.seq }));
}

const ctx = () => ({ you: message.you, act, redraw: render });

function seatLine(seat, table) {
  const acting = table.current_player === seat.position && table.status === "playing";
  return el("li", { class: acting ? "to-act" : null },
    seat.name ?? `(${t("seatOf", { n: seat.position + 1 })})`,
    seat.kind === "bot" ? el("span", { class: "badge" }, `${t("bot")}: ${seat.level}`) : null,
    seat.substituted ? el("span", { class: "badge" }, t("left")) : null,
    acting && table.deadline ? el("span", { class: "badge clock", "data-deadline": table.deadline })
      : null,
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
        }).catch(fail),
      }, t("toBot")) : null);
}

function waitingRoom(table) {
  const me = message.you === null ? null : table.seats[message.you];
  const name = el("input", { type: "text", id: "join-name", maxlength: 24, "aria-label": t("yourName"),
    placeholder: t("yourName"), value: me?.name ?? "" });
  return el("section", { class: "panel" },
    el("h2", {}, t("waiting")),
    me ? el("form", {
      class: "row",
      onsubmit: (e) => {
        e.preventDefault();
        api(`/api/tables/${id}/join`, { method: "POST", token: seatToken, body: { name: name.value } })
          .catch(fail);
      },
    }, name, el("button", { type: "submit", id: "join" }, t("join"))) : null,
    host ? [
      el("h3", {}, t("invite")),
      el("ul", {}, ...host.seats.filter((seat) => seat.position !== message.you).map((seat) => {
        const link = `${location.origin}${seat.link}`;
        return el("li", {}, `${t("seatOf", { n: seat.position + 1 })}: `,
          el("span", { class: "invite", "data-seat": seat.position }, link), " ",
          el("button", { type: "button", onclick: () => navigator.clipboard?.writeText(link) }, t("copy")));
      })),
      el("button", {
        type: "button", id: "start", disabled: table.seats.some((s) => !s.joined),
        onclick: () => api(`/api/tables/${id}/start`, { method: "POST", token: host.host_token }).catch(fail),
      }, t("start")),
    ] : el("p", { class: "muted" }, t("startWhen")));
}

function log(view) {
  return el("section", { class: "panel log", "aria-label": t("log") },
    el("h2", {}, t("log")),
    el("ol", { id: "log" }, ...message.log.map((entry, index) => el("li", {},
      el("strong", {}, message.table.seats[entry.seat].name), " ",
      module.describe(entry.action, view), " ", el("code", {}, entry.action),
      grades?.[index] ? [" ", gradeBadge(grades[index])] : null))));
}

async function render() {
  if (!message) return;
  const table = message.table;
  module ??= await gameModule(table.game);
  const view = message.view;
  const body = [];
  if (table.status === "open") body.push(waitingRoom(table));
  else body.push(el("div", { class: "layout" },
    el("div", {}, await module.renderGame(view, ctx())),
    el("div", {}, log(view))));
  const mine = table.status === "playing" && message.you !== null
    && table.current_player === message.you;
  if (mine && table.hints) {
    if (remembered.seq !== table.seq) Object.assign(remembered, { seq: table.seq, hint: null });
    body.splice(0, 0, hintControl({
      ask: () => api(`/api/tables/${id}/hint`, { method: "POST", token: seatToken }),
      view, module, fail, remembered,
    }));
  }
  if (table.status === "over") {
    review ??= reviewPanel({
      start: () => api(`/api/tables/${id}/review`, { method: "POST" }),
      key: `table-${id}`,
      players: table.seats.map((seat) => seat.name),
      module,
      fail,
      onReview: (done) => {
        grades = done.decisions.map((decision) => decision.grade);
        const list = document.getElementById("log");
        if (list) list.replaceWith(log(message.view).querySelector("ol"));
      },
    });
    const replaced = table.seats.filter((seat) => seat.substituted).map((seat) => seat.name);
    body.push(el("section", { class: "panel" }, el("h2", {}, t("over")),
      replaced.length ? el("p", { id: "finished-by-bot" },
        t("finishedByBot", { names: replaced.join(", ") })) : null,
      el("p", {}, el("a", { href: `/api/tables/${id}/record`, download: `vitrine-${id}.json` }, t("record"))),
      el("p", {}, el("a", { href: `/replay?table=${id}` }, t("replay")))), review);
    review.redraw();
  }
  document.title = `${mine ? `▶ ${t("yourTurn")} — ` : ""}${t("table", { id })} — vitrine`;
  const focused = document.activeElement;
  const focusKey = focused?.dataset?.action ?? focused?.id;
  app.replaceChildren(header(t, render), el("main", { "data-seq": table.seq, "data-status": table.status },
    el("h1", {}, t("table", { id }), table.hints ? hintsBadge() : null),
    el("ul", { class: "seats" }, ...table.seats.map((seat) => seatLine(seat, table))),
    message.you === null ? el("p", { class: "muted" }, t("spectator")) : null,
    el("p", { class: "muted" }, `${t("watchLink")}: `,
      el("span", { class: "invite" }, `${location.origin}/table/${id}`)),
    statusBox, errorBox, ...body));
  restoreFocus(focusKey);
  tick();
  const logList = document.getElementById("log");
  if (logList) logList.scrollTop = logList.scrollHeight;
}

// Redrawing replaces the page: the keyboard goes to what the game marks as
// the next step (data-focus), else stays where it was, else goes to this
// seat's first choice when a decision is awaited.
function restoreFocus(key) {
  const same = key ? document.getElementById(key)
    ?? document.querySelector(`[data-action="${CSS.escape(key)}"]`) : null;
  const next = document.querySelector("main [data-focus]");
  (next ?? same ?? document.querySelector("main [data-action]"))?.focus();
}

function connect() {
  const query = seatToken ? `?token=${encodeURIComponent(seatToken)}` : "";
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  socket = new WebSocket(`${scheme}://${location.host}/api/tables/${id}/ws${query}`);
  socket.onopen = () => { statusBox.textContent = ""; };
  socket.onmessage = (event) => {
    const data = JSON.parse(event.data);
    if (data.type === "error") { fail(data); return; }
    message = data;
    render().catch(fail);
  };
  socket.onclose = (event) => {
    if (event.code === 1008) {  // refused (the error message came first): no point retrying
      if (!errorBox.textContent) fail(event.reason);
      return;
    }
    statusBox.textContent = t("connecting");
    setTimeout(connect, 1000);
  };
}

// The acting seat's clock, counted down here from the server's deadline.
function tick() {
  for (const clock of document.querySelectorAll("[data-deadline]")) {
    const left = Math.max(0, Math.round((Date.parse(clock.dataset.deadline) - Date.now()) / 1000));
    const time = left >= 3600 ? `${Math.floor(left / 3600)} h ${Math.floor((left % 3600) / 60)} min`
      : `${Math.floor(left / 60)}:${String(left % 60).padStart(2, "0")}`;
    clock.textContent = `⏱ ${t("clockLeft", { time })}`;
  }
}
setInterval(tick, 1000);

document.addEventListener("keydown", (event) => {
  if (message?.view && module?.onKey) module.onKey(event, ctx());
});
app.replaceChildren(header(t, render), el("main", {}, el("p", {}, t("loading")), errorBox));
connect();
