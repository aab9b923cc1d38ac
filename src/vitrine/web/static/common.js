// What every page shares: the language, the API, tokens kept in this browser,
// the games' and bots' names, and a small element builder.  Game-independent:
// the server lists the installed games (/api/games), and a game's drawing is
// its own page module, served from the game's package.
//
// Pages run under a strict Content-Security-Policy: no inline script or
// style, so nothing here writes a style attribute (``el`` sets styles through
// the CSSOM) and every handler is attached with addEventListener.

import { ERRORS } from "/static/errors.js";
import { watchTurns } from "/static/whose-turn.js";

const STRINGS = {
  en: {
    language: "Français", title: "vitrine", error: "Error: {words}", loading: "Loading…",
    lobby: "Lobby", replayViewer: "Replay viewer", skip: "Skip to the content",
    "level.beginner": "beginner", "level.casual": "casual", "level.strong": "strong",
    "level.expert": "expert", botName: "{level} bot {n}",
    "botLevel.beginner": "Beginner", "botLevel.casual": "Casual", "botLevel.strong": "Strong",
    "botLevel.expert": "Expert",
    fileNotJson: "This file is not a record: it is not JSON. Open a record saved from a table.",
    account: "Account", signIn: "Sign in", yourAccount: "your account",
    myGames: "My games", "waitingForYou.one": "{n} game waiting for you",
    "waitingForYou.other": "{n} games waiting for you",
  },
  fr: {
    language: "English", title: "vitrine", error: "Erreur : {words}", loading: "Chargement…",
    lobby: "Salon", replayViewer: "Revoir une partie", skip: "Aller au contenu",
    "level.beginner": "débutant", "level.casual": "occasionnel", "level.strong": "fort",
    "level.expert": "expert", botName: "Robot {level} {n}",
    "botLevel.beginner": "débutant", "botLevel.casual": "occasionnel", "botLevel.strong": "fort",
    "botLevel.expert": "expert",
    fileNotJson: "Ce fichier n'est pas une partie : ce n'est pas du JSON. Ouvrez une partie enregistrée depuis une table.",
    account: "Compte", signIn: "Se connecter", yourAccount: "votre compte",
    myGames: "Mes parties", "waitingForYou.one": "{n} partie vous attend",
    "waitingForYou.other": "{n} parties vous attendent",
  },
};

// The page's language: the one chosen on this device (the header's switch), else
// the signed-in account's (kept here once known, for a device that never chose),
// else the browser's.
const LANGUAGES = ["en", "fr"];
export const lang = () => {
  const chosen = localStorage.getItem("vitrine:lang");
  if (LANGUAGES.includes(chosen)) return chosen;
  const account = localStorage.getItem("vitrine:account-lang");
  if (LANGUAGES.includes(account)) return account;
  return navigator.language.toLowerCase().startsWith("fr") ? "fr" : "en";
};

document.documentElement.lang = lang();

// The service worker keeps the static shell, so the site installs and opens offline
// (web/static/sw.js); a browser that refuses it (a private window) still has the whole site.
if ("serviceWorker" in navigator) navigator.serviceWorker.register("/sw.js").catch(() => {});

// A translator over several dictionaries {en: {...}, fr: {...}}; "{name}" is replaced.
export function translator(...dictionaries) {
  return (key, params = {}) => {
    for (const dictionary of [...dictionaries, STRINGS]) {
      const text = dictionary[lang()][key] ?? dictionary.en[key];
      if (text !== undefined) {
        return text.replace(/\{(\w+)\}/g, (_, name) => String(params[name] ?? ""));
      }
    }
    return key;
  };
}

// An element: attributes (``on...`` a listener, ``style`` an object set
// through the CSSOM, which the Content-Security-Policy allows), then children.
export function el(tag, attributes = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === null || value === undefined || value === false) continue;
    if (name.startsWith("on")) node.addEventListener(name.slice(2), value);
    else if (name === "class") node.className = value;
    // Through the CSSOM: the Content-Security-Policy refuses style attributes.
    else if (name === "style" && typeof value === "string") node.style.cssText = value;
    else if (name === "style") Object.assign(node.style, value);
    else node.setAttribute(name, value === true ? "" : String(value));
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

const SVG = "http://www.w3.org/2000/svg";

/**
 * A picture from a game's sprite (``href``: "…/fruits.svg#banana"), for the eye
 * only: the words beside it (or a title) say what it is to a screen reader.
 */
export function icon(href, cls = "icon") {
  const picture = document.createElementNS(SVG, "svg");
  picture.setAttribute("class", cls);
  picture.setAttribute("aria-hidden", "true");
  picture.setAttribute("focusable", "false");
  const use = document.createElementNS(SVG, "use");
  use.setAttribute("href", String(href));
  picture.append(use);
  return picture;
}

const words = translator({ en: {}, fr: {} });

// The installed games as the server lists them (names, titles, page files),
// asked once per page; their titles are kept here once known, for gameTitle.
let installed = null;
const titles = new Map();

/** The installed games, in the order the server lists them. */
export function installedGames() {
  installed ??= api("/api/games").then((games) => {
    for (const game of games) titles.set(game.name, game.titles);
    return games;
  });
  return installed;
}

/** A game's name in the page's language (its id until the games are known). */
export const gameTitle = (game) => {
  const title = titles.get(game);
  return title ? title[lang()] ?? title.en : game;
};

/** A bot level in the page's language. */
export const levelName = (level) => words(`level.${level}`);

// The server names an unnamed bot seat "<Level> bot <n>" in English; pages say it in theirs.
const BOT_NAME = /^(Beginner|Casual|Strong|Expert) bot (\d+)$/;

/** A player's name as shown: a server-named bot's name in the page's language. */
export function displayName(name) {
  const match = BOT_NAME.exec(name ?? "");
  if (!match) return name;
  return words("botName", { level: words(`botLevel.${match[1].toLowerCase()}`), n: match[2] });
}

/** A view as a page shows it: the server-named bots' names in the page's language. */
export const shownView = (view) => ({ ...view, players: view.players.map(displayName) });

/** French "de" before a name, elided before a vowel: "d'Ana", "d'Exhibition", "de Bo". */
export const ofName = (name) => (/^[aeiouyàâäéèêëîïôöûüœ]/i.test(name) ? `d'${name}` : `de ${name}`);

/** ``one`` or ``other`` (dictionary keys) by the language's plural rule for ``n``. */
export function plural(t, n, key, params = {}) {
  const form = new Intl.PluralRules(lang()).select(n) === "one" ? "one" : "other";
  return t(`${key}.${form}`, { n, ...params });
}

// A refusal: the server's English words, and its code and params for errorText.
class ApiError extends Error {
  constructor(message, code = null, params = {}) {
    super(message);
    this.code = code;
    this.params = params;
  }
}

const errorWords = translator(ERRORS);

/**
 * A refusal in the reader's language.  The game's module words the codes of
 * its own rules (``errorWords(code, params)``), this file the server's; a code
 * neither knows falls back to the server's English words, so nothing is lost.
 */
export function errorText(error, game = null) {
  if (!error?.code) return error?.message ?? String(error);
  const params = { ...error.params, detail: error.params?.reason ?? error.message };
  let words = game?.errorWords?.(error.code, params)
    ?? (error.code in ERRORS.en ? errorWords(error.code, params) : error.message);
  if (params.turn_number !== undefined) words = errorWords("at_turn", { ...params, words });
  if (params.about) words = errorWords(`about.${params.about}`, { words });
  return words;
}

// One API call; a refusal becomes an ApiError carrying the server's words and code.
export async function api(path, { method = "GET", body, token } = {}) {
  const headers = {};
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers.Authorization = `Bearer ${token}`;
  const response = await fetch(path, {
    method, headers, body: body === undefined ? undefined : JSON.stringify(body),
  });
  const data = await response.json().catch(() => null);
  if (!response.ok) {
    throw new ApiError(data?.detail ?? response.statusText, data?.code ?? null, data?.params ?? {});
  }
  return data;
}

/**
 * A table's live socket.  The first message says who is connecting (the seat
 * token, or none for a spectator): a token never goes in a URL, which
 * proxies log.  It asks for deltas (what changed since the message before,
 * docs/server.md) and applies them here, so `onmessage` always gets a whole
 * message (or an error): the page rebuilds from it.  A delta that does not
 * follow the last message asks for the whole one again.  `onopen` and
 * `onclose` are the WebSocket's own handlers.
 */
export function tableSocket(table, token, { onopen, onmessage, onclose }) {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const socket = new WebSocket(`${scheme}://${location.host}/api/tables/${table}/ws`);
  let whole = null;
  socket.onopen = (event) => {
    socket.send(JSON.stringify({ type: "hello", deltas: true, ...(token ? { token } : {}) }));
    onopen?.(event);
  };
  socket.onmessage = (event) => {
    const data = JSON.parse(event.data);
    if (data.type === "state") {
      whole = data;
    } else if (data.type !== "delta") {
      onmessage(data);
      return;
    } else if (whole && data.base === whole.n) {
      whole = applyDelta(whole, data);
    } else {
      if (whole) socket.send(JSON.stringify({ type: "resync" }));  // once: until a whole comes
      whole = null;
      return;
    }
    onmessage(whole);
  };
  socket.onclose = onclose;
  return socket;
}

function patched(data, change) {
  const result = { ...data };
  for (const key of change.drop ?? []) delete result[key];
  Object.assign(result, change.set ?? {});
  for (const [key, items] of Object.entries(change.append ?? {})) result[key] = [...result[key], ...items];
  return result;
}

/** The whole message a delta leads to from `whole`, its base (`pictures.apply_delta`). */
export function applyDelta(whole, delta) {
  let view = whole.view;
  for (const part of ["view", "own"]) if (delta[part]) view = patched(view ?? {}, delta[part]);
  return {
    ...whole, you: delta.you, n: delta.n, view,
    table: delta.table ? patched(whole.table, delta.table) : whole.table,
    log: delta.log ? [...whole.log, ...delta.log] : whole.log,
    chat: delta.chat ?? whole.chat,
  };
}

// Tokens live in this browser only: the seat token acts for a seat, the host's starts the table.
export const tokens = {
  seat: (table) => localStorage.getItem(`vitrine:seat:${table}`),
  setSeat: (table, token) => localStorage.setItem(`vitrine:seat:${table}`, token),
  host: (table) => JSON.parse(localStorage.getItem(`vitrine:host:${table}`) ?? "null"),
  setHost: (table, data) => localStorage.setItem(`vitrine:host:${table}`, JSON.stringify(data)),
  /** The tables this browser holds a seat's or the host's token for (at most 100, as the API takes). */
  tables: () => [...new Set(Object.keys(localStorage).map((key) => /^vitrine:(?:seat|host):(.+)$/.exec(key)?.[1])
    .filter(Boolean))].slice(0, 100),
};

// The signed-in account, asked at most once per page load (GET /api/account):
// the account, or null for a guest (a 401, said silently; accounts are
// optional).  Only a browser that was signed in when last seen asks (the
// account's language is then kept here): a guest's pages ask nothing, and
// log no refused request.
let accountAsked = null;
let accountKnown;  // undefined until known
let redraw = null;  // the page's own redraw, from its latest header

/** The signed-in account, or null for a guest; ``always``: ask even if this browser was not signed in. */
export function currentAccount(always = false) {
  if (!accountAsked && !always && localStorage.getItem("vitrine:account-lang") === null) {
    accountAsked = Promise.resolve(null);
    accountKnown = null;
  }
  accountAsked ??= api("/api/account").catch(() => null).then((account) => {
    setAccount(account);
    return account;
  });
  return accountAsked;
}

/**
 * What this page now knows of the account (after a sign-in, a change or a
 * sign-out): the header's link follows, and a device that never chose its
 * language speaks the account's.
 */
export function setAccount(account) {
  accountKnown = account;
  accountAsked = Promise.resolve(account);
  const before = lang();
  if (account) localStorage.setItem("vitrine:account-lang", account.language);
  else localStorage.removeItem("vitrine:account-lang");
  for (const link of document.querySelectorAll("#account-link")) fillAccountLink(link);
  for (const link of document.querySelectorAll("#games-link")) fillGamesLink(link);
  if (lang() !== before) {
    document.documentElement.lang = lang();
    redraw?.();
  }
}

const headerWords = translator({ en: {}, fr: {} });

function fillAccountLink(link) {
  if (accountKnown === undefined) link.replaceChildren(headerWords("account"));
  else if (accountKnown === null) link.replaceChildren(headerWords("signIn"));
  else {
    link.replaceChildren(accountKnown.name,
      el("span", { class: "visually-hidden" }, ` (${headerWords("yourAccount")})`));
  }
}

// The signed-in person's games (GET /api/account/games, its first page), asked
// at most once per page load, by the My games page.
let gamesAsked = null;
let waiting = null;  // how many games wait for the account, once known (whose-turn.js)

/** The first page of the signed-in person's games. */
export function myGames() {
  gamesAsked ??= api("/api/account/games");
  return gamesAsked;
}

// "My games (2)" for a signed-in person, the number of games waiting for them (kept
// up to date by whose-turn.js, which also shows it in the tab); hidden for a guest.
function fillGamesLink(link) {
  link.hidden = !accountKnown;
  if (!accountKnown) return;
  link.replaceChildren(headerWords("myGames"), ...(waiting ? [
    el("span", { "aria-hidden": "true", class: "turn-count", id: "turn-count" }, ` (${waiting})`),
    el("span", { class: "visually-hidden" }, ` (${plural(headerWords, waiting, "waitingForYou")})`),
  ] : []));
  watchTurns((count) => {
    waiting = count;
    for (const games of document.querySelectorAll("#games-link")) fillGamesLink(games);
  });
}

// The header every page has: title, links, the account, and the language switch.
export function header(t, rerender) {
  redraw = rerender;
  currentAccount();
  const accountLink = el("a", {
    href: "/account", id: "account-link", class: "account-link",
    "aria-current": location.pathname === "/account" ? "page" : null,
  });
  fillAccountLink(accountLink);
  const gamesLink = el("a", {
    href: "/games", id: "games-link", "aria-current": location.pathname === "/games" ? "page" : null,
  });
  fillGamesLink(gamesLink);
  return el("header", { class: "top" },
    el("a", { href: "#content", class: "skip" }, t("skip")),
    el("a", { href: "/", class: "brand" },
      el("img", { src: "/static/logo.svg", alt: "", width: 32, height: 32 }), t("title")),
    el("nav", { "aria-label": t("title") },
      el("a", { href: "/lobby" }, t("lobby")),
      el("a", { href: "/replay" }, t("replayViewer")),
      gamesLink,
      accountLink,
      el("button", {
        type: "button", class: "lang", lang: lang() === "en" ? "fr" : "en",
        onclick: () => {
          localStorage.setItem("vitrine:lang", lang() === "en" ? "fr" : "en");
          document.documentElement.lang = lang();
          rerender();
        },
      }, t("language"))));
}

/**
 * The score table every game draws from ``scores`` (the final ones, or the
 * provisional ones where an unknown category is null, shown "?"): a column
 * per player, a row per category (``name`` words its key, ``explain`` says how
 * it scores, under its name), the total, the game's own rows (``rows``:
 * [label, score => cell], a tiebreak, say), the rank when known.
 */
export function scoreTable(scores, { category, name, explain = () => null, total, rank, rows = [] }) {
  const row = (label, cell, cls = null) => el("tr", { class: cls },
    el("th", { scope: "row" }, label), ...scores.map((s) => el("td", {}, cell(s))));
  const heading = (key) => [el("span", { class: "category" }, name(key)),
    explain(key) ? el("span", { class: "explain" }, explain(key)) : null];
  return el("div", { class: "table-scroll", tabindex: 0, role: "region", "aria-label": category },
    el("table", { class: "scores" },
      el("thead", {}, el("tr", {}, el("th", { scope: "col" }, category),
        ...scores.map((s) => el("th", { scope: "col" }, displayName(s.name))))),
      el("tbody", {},
        ...Object.keys(scores[0].categories).map((key) => row(heading(key),
          (s) => s.categories[key] ?? "?")),
        row(total, (s) => el("strong", {}, s.total), "total"),
        ...rows.map(([label, cell]) => row(label, cell)),
        rank ? row(rank, (s) => s.rank) : null)));
}

/** A game's page module, as the server lists it; its stylesheet comes with it, so pages name no game. */
export async function gameModule(name) {
  const game = (await installedGames()).find((g) => g.name === name);
  if (!game?.page) throw new ApiError(`unknown game ${name}`, "unknown_game", { game: name });
  const href = game.page.stylesheet;
  if (!document.querySelector(`link[href="${href}"]`)) {
    document.head.append(el("link", { rel: "stylesheet", href }));
  }
  return import(game.page.script);
}
