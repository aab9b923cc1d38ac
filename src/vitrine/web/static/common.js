// What every page shares: the language, the API, tokens kept in this browser,
// the games' and bots' names, and a small element builder.  Game-independent:
// the server lists the installed games (/api/games), and a game's drawing is
// its own page module, served from the game's package.
//
// Pages run under a strict Content-Security-Policy: no inline script or
// style, so nothing here writes a style attribute (``el`` sets styles through
// the CSSOM) and every handler is attached with addEventListener.

const STRINGS = {
  en: {
    language: "Français", title: "vitrine", error: "Error: {words}", loading: "Loading…",
    lobby: "Lobby", replayViewer: "Replay viewer", skip: "Skip to the content",
    "level.beginner": "beginner", "level.casual": "casual", "level.strong": "strong",
    "level.expert": "expert", botName: "{level} bot {n}",
    "botLevel.beginner": "Beginner", "botLevel.casual": "Casual", "botLevel.strong": "Strong",
    "botLevel.expert": "Expert",
    fileNotJson: "This file is not a record: it is not JSON. Open a record saved from a table.",
  },
  fr: {
    language: "English", title: "vitrine", error: "Erreur : {words}", loading: "Chargement…",
    lobby: "Salon", replayViewer: "Revoir une partie", skip: "Aller au contenu",
    "level.beginner": "débutant", "level.casual": "occasionnel", "level.strong": "fort",
    "level.expert": "expert", botName: "Robot {level} {n}",
    "botLevel.beginner": "débutant", "botLevel.casual": "occasionnel", "botLevel.strong": "fort",
    "botLevel.expert": "expert",
    fileNotJson: "Ce fichier n'est pas une partie : ce n'est pas du JSON. Ouvrez une partie enregistrée depuis une table.",
  },
};

export const lang = () => {
  const chosen = localStorage.getItem("vitrine:lang");
  if (chosen === "en" || chosen === "fr") return chosen;
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

// The server's refusals in each language, by code; "{detail}" is the engine's
// own words, for the generic codes whose details only the engine can phrase.
const ERRORS = {
  en: {
    token_needed: "This needs a seat or host link.", data_file_not_found: "A data file is missing.",
    message_not_json: "The message is not JSON.", message_shape: "The message is malformed.",
    message_fields: "The message has unknown fields: {fields}.",
    message_action: "The decision is missing.", message_seq: "The message's position is malformed.",
    spectator: "Spectators cannot play.", name_empty: "A name needs at least one visible character.",
    name_invisible: "A name may not hold invisible or control characters ({character}).",
    message_binary: "The message is not text.", message_token: "The message's token is malformed.",
    hello_timeout: "The connection did not say who it is in time.",
    rate_limited: "Too many requests: try again in {retry_after} s.",
    bot_tables_busy: "Too many bot tables are playing: try again in {retry_after} s.",
    body_too_large: "The request is too large (at most {max} bytes).",
    body_timeout: "The request did not arrive in time.",
    request_unparseable: "The request could not be read.", not_found: "Nothing here.",
    method_not_allowed: "This address does not take this kind of request.",
    name_too_long: "A name holds at most {max} characters (this one has {got}).",
    unknown_level: "Unknown bot level {level}.", table_not_found: "This table does not exist.",
    tutorial_not_found: "This game has no guided game.",
    tutorial_off_script: "This guided game goes on with {expected}, not {got}.",
    token_no_seat: "This link holds no seat at this table.",
    player_count: "This game takes {min} to {max} players, not {got}.",
    human_level: "A human seat takes no bot level.",
    names_repeated: "Two seats have the same name; names at a table must differ.",
    names_fixed: "The game has started; names are fixed.",
    host_starts: "Only the host may start the game.", already_started: "The game has already started.",
    seats_waiting: "Waiting for seat(s) {seats} to join.",
    host_hands_over: "Only the host may hand a seat to a bot.",
    not_playing: "The game is not being played.", seat_not_found: "There is no such seat.",
    already_bot: "A bot already plays this seat.", handed_to_bot: "A bot now plays your seat.",
    not_started: "The game has not started.", game_over: "The game is over.",
    stale: "The table moved on meanwhile: look again.",
    table_busy: "The table keeps changing: try again.",
    seat_taken: "This seat is already taken.",
    seats_by_invitation: "The seats of this table are taken by invitation only.",
    host_cancels: "Only the host may cancel the table.",
    table_closed: "This table is closed.", rematch_not_over: "A rematch is offered once the game is over.",
    chat_empty: "A chat line needs at least one visible character.",
    chat_too_long: "A chat line holds at most {max} characters (this one has {got}).",
    chat_rate: "You are chatting too fast. Try again in {retry_after} s.",
    message_text: "The chat line is missing.",
    record_ending: "The record's ending must be one of {endings}.",
    not_your_turn: "It is not your turn: {name} is to play.",
    record_not_public: "The record becomes public once the game is over.",
    record_game: "This record is of the game {game}.",
    record_rules_version: "This record is of rules version {version}; this server plays {expected}.",
    record_overlay: "This record was played under a designer's rule overlay ({version}); this server plays only the published rules, {expected}.",
    record_overlay_form: "The record's rule overlay is malformed.",
    record_overlay_mismatch: "The record's rule overlay is not the one its rules version {version} names.",
    overlay: "The rule overlay is refused.",
    record_not_json: "The record is not valid JSON (line {line}, column {column}).",
    record_not_object: "A record is a JSON object.",
    record_unknown_fields: "The record has unknown fields: {fields}.",
    record_missing_field: "The record lacks the field “{field}”.",
    record_not_string: "The record's “{field}” must be text.",
    record_players: "The record's players must be a list of non-empty names.",
    record_options: "The record's options must be an object.",
    record_turns: "The record's turns must be a list of texts.",
    record_turn_not_string: "Turn {index} of the record is not text.",
    record_seed: "The record's seed must be a whole number from 0 to {max}.",
    record_substitutes: "The record's substitutes must be a list of objects.",
    record_substitute_entry: "Substitute {entry} must be an object with {fields}.",
    record_substitute_seat: "Substitute {entry}: the seat must be from 0 to {max}.",
    record_substitute_turns: "Substitute {entry}: turns_before must be from 0 to {max}.",
    record_substitute_level: "Substitute {entry} must name the bot's level.",
    record_substitute_why: "Substitute {entry}: why must be one of {reasons}.",
    record_substitute_twice: "Substitute {entry}: seat {seat} is handed to a bot twice.",
    seed_or_deck: "A game needs a seed or a deck order.",
    deck_not_list: "The deck must list the {size} cards.",
    deck_unknown_card: "Deck position {position}: “{entry}” is not a card.",
    options_unknown: "Unknown options: {names}.",
    unknown_game: "Unknown game {game}.",
    page_file_not_found: "A file of the game's page is missing.",
    plugin_broken: "The game {plugin} is installed but broken: the server's log says why.",
    no_games: "No game is installed on this server.",
    no_perfect_information_search: "This game has no perfect-information search.",
    record_hints: "The record's hints must be true or false.",
    hints_off: "The host did not allow hints at this table.",
    hint_not_your_turn: "A hint is for the player whose turn it is.",
    review_busy: "The coach is busy with {running} reviews: try again in a minute.",
    review_not_found: "This review is not here (any more): ask for it again.",
    decision_not_found: "This game has no decision {index} (0 to {max}).",
    review_seat: "This game has no seat {seat} (0 to {max}).",
    review_budget: "The coach's budget is a number of iterations or seconds, not {budget}.",
    review_no_analyst: "The strongest bot ({spec}) cannot value decisions.",
    review_hindsight_solo: "Hindsight needs a solo game.",
    request_invalid: "The request is malformed: {detail}", options: "These options are refused: {detail}",
    invalid: "Refused: {detail}", illegal_turn: "Not allowed: {detail}",
    notation: "Not understood: {detail}", record: "This record cannot be replayed: {detail}",
    "about.options": "Options: {words}", "about.record": "Record: {words}",
    at_turn: "turn {turn_number} ({turn}): {words}",
  },
  fr: {
    token_needed: "Il faut un lien de place ou d'hôte.",
    data_file_not_found: "Un fichier de données manque.",
    message_not_json: "Le message n'est pas du JSON.", message_shape: "Le message est mal formé.",
    message_fields: "Le message a des champs inconnus : {fields}.",
    message_action: "La décision manque.", message_seq: "La position du message est mal formée.",
    spectator: "Les spectateurs ne jouent pas.",
    name_invisible: "Un nom ne peut contenir de caractère invisible ou de contrôle ({character}).",
    message_binary: "Le message n'est pas du texte.",
    message_token: "Le jeton du message est mal formé.",
    hello_timeout: "La connexion n'a pas dit à temps qui elle est.",
    rate_limited: "Trop de demandes : réessayez dans {retry_after} s.",
    bot_tables_busy: "Trop de tables de robots jouent : réessayez dans {retry_after} s.",
    body_too_large: "La demande est trop grande (au plus {max} octets).",
    body_timeout: "La demande n'est pas arrivée à temps.",
    request_unparseable: "La demande n'a pas pu être lue.", not_found: "Il n'y a rien ici.",
    method_not_allowed: "Cette adresse ne prend pas ce genre de demande.",
    name_empty: "Un nom doit avoir au moins un caractère visible.",
    name_too_long: "Un nom a au plus {max} caractères (celui-ci en a {got}).",
    unknown_level: "Niveau de robot inconnu : {level}.", table_not_found: "Cette table n'existe pas.",
    tutorial_not_found: "Ce jeu n'a pas de partie guidée.",
    tutorial_off_script: "Cette partie guidée continue avec {expected}, pas {got}.",
    token_no_seat: "Ce lien ne donne aucune place à cette table.",
    player_count: "Ce jeu se joue de {min} à {max} joueurs, pas {got}.",
    human_level: "Une place humaine n'a pas de niveau de robot.",
    names_repeated: "Deux places ont le même nom ; les noms d'une table doivent différer.",
    names_fixed: "La partie a commencé ; les noms sont fixés.",
    host_starts: "Seul l'hôte peut lancer la partie.",
    already_started: "La partie a déjà commencé.",
    seats_waiting: "En attente des places {seats}.",
    host_hands_over: "Seul l'hôte peut confier une place à un robot.",
    not_playing: "La partie n'est pas en cours.", seat_not_found: "Cette place n'existe pas.",
    already_bot: "Un robot joue déjà cette place.", handed_to_bot: "Un robot joue maintenant votre place.",
    not_started: "La partie n'a pas commencé.", game_over: "La partie est terminée.",
    stale: "La table a avancé entre-temps : regardez à nouveau.",
    table_busy: "La table ne cesse de changer : réessayez.",
    seat_taken: "Cette place est déjà prise.",
    seats_by_invitation: "Les places de cette table se prennent sur invitation seulement.",
    host_cancels: "Seul l'hôte peut annuler la table.",
    table_closed: "Cette table est fermée.", rematch_not_over: "La revanche se propose une fois la partie terminée.",
    chat_empty: "Un message doit avoir au moins un caractère visible.",
    chat_too_long: "Un message a au plus {max} caractères (celui-ci en a {got}).",
    chat_rate: "Vous écrivez trop vite. Réessayez dans {retry_after} s.",
    message_text: "Le message manque.",
    record_ending: "La fin de la partie doit être parmi {endings}.",
    not_your_turn: "Ce n'est pas votre tour : c'est à {name} de jouer.",
    record_not_public: "La partie devient publique une fois terminée.",
    record_game: "Cette partie est du jeu {game}.",
    record_rules_version: "Cette partie suit les règles {version} ; ce serveur joue {expected}.",
    record_overlay: "Cette partie a été jouée avec des règles modifiées par un auteur ({version}) ; ce serveur ne joue que les règles publiées, {expected}.",
    record_overlay_form: "Les règles modifiées de cette partie sont mal formées.",
    record_overlay_mismatch: "Les règles modifiées de cette partie ne sont pas celles que nomme sa version {version}.",
    overlay: "Les règles modifiées sont refusées.",
    record_not_json: "La partie n'est pas du JSON valide (ligne {line}, colonne {column}).",
    record_not_object: "Une partie est un objet JSON.",
    record_unknown_fields: "La partie a des champs inconnus : {fields}.",
    record_missing_field: "Il manque à la partie le champ « {field} ».",
    record_not_string: "Le champ « {field} » de la partie doit être du texte.",
    record_players: "Les joueurs de la partie doivent être une liste de noms non vides.",
    record_options: "Les options de la partie doivent être un objet.",
    record_turns: "Les tours de la partie doivent être une liste de textes.",
    record_turn_not_string: "Le tour {index} de la partie n'est pas du texte.",
    record_seed: "La graine de la partie doit être un entier de 0 à {max}.",
    record_substitutes: "Les remplacements de la partie doivent être une liste d'objets.",
    record_substitute_entry: "Le remplacement {entry} doit être un objet avec {fields}.",
    record_substitute_seat: "Remplacement {entry} : la place doit aller de 0 à {max}.",
    record_substitute_turns: "Remplacement {entry} : turns_before doit aller de 0 à {max}.",
    record_substitute_level: "Le remplacement {entry} doit nommer le niveau du robot.",
    record_substitute_why: "Remplacement {entry} : why doit être parmi {reasons}.",
    record_substitute_twice: "Remplacement {entry} : la place {seat} est confiée deux fois à un robot.",
    seed_or_deck: "Une partie demande une graine ou un ordre de pioche.",
    deck_not_list: "La pioche doit lister les {size} cartes.",
    deck_unknown_card: "Pioche, position {position} : « {entry} » n'est pas une carte.",
    options_unknown: "Options inconnues : {names}.",
    unknown_game: "Jeu inconnu : {game}.",
    page_file_not_found: "Un fichier de la page du jeu manque.",
    plugin_broken: "Le jeu {plugin} est installé mais défectueux : le journal du serveur dit pourquoi.",
    no_games: "Aucun jeu n'est installé sur ce serveur.",
    no_perfect_information_search: "Ce jeu n'a pas de recherche à information parfaite.",
    record_hints: "Les indices de la partie doivent valoir true ou false.",
    hints_off: "L'hôte n'a pas autorisé les indices à cette table.",
    hint_not_your_turn: "Un indice est pour le joueur dont c'est le tour.",
    review_busy: "Le coach analyse déjà {running} parties : réessayez dans une minute.",
    review_not_found: "Cette analyse n'est pas (plus) ici : redemandez-la.",
    decision_not_found: "Cette partie n'a pas de décision {index} (0 à {max}).",
    review_seat: "Cette partie n'a pas de place {seat} (0 à {max}).",
    review_budget: "Le budget du coach est un nombre d'itérations ou de secondes, pas {budget}.",
    review_no_analyst: "Le meilleur robot ({spec}) ne sait pas évaluer les décisions.",
    review_hindsight_solo: "L'analyse à livre ouvert demande une partie en solo.",
    request_invalid: "La requête est mal formée : {detail}", options: "Ces options sont refusées : {detail}",
    invalid: "Refusé : {detail}", illegal_turn: "Coup interdit : {detail}",
    notation: "Incompris : {detail}", record: "Cette partie ne peut être rejouée : {detail}",
    "about.options": "Options : {words}", "about.record": "Partie : {words}",
    at_turn: "tour {turn_number} ({turn}) : {words}",
  },
};

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
 * proxies log.  Handlers are the WebSocket's own (onopen, onmessage, onclose).
 */
export function tableSocket(table, token, { onopen, onmessage, onclose }) {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const socket = new WebSocket(`${scheme}://${location.host}/api/tables/${table}/ws`);
  socket.onopen = (event) => {
    socket.send(JSON.stringify({ type: "hello", ...(token ? { token } : {}) }));
    onopen?.(event);
  };
  socket.onmessage = onmessage;
  socket.onclose = onclose;
  return socket;
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

// The header every page has: title, links, and the language switch.
export function header(t, rerender) {
  return el("header", { class: "top" },
    el("a", { href: "#content", class: "skip" }, t("skip")),
    el("a", { href: "/", class: "brand" },
      el("img", { src: "/static/logo.svg", alt: "", width: 32, height: 32 }), t("title")),
    el("nav", { "aria-label": t("title") },
      el("a", { href: "/lobby" }, t("lobby")),
      el("a", { href: "/replay" }, t("replayViewer")),
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
