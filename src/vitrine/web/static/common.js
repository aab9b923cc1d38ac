// What every page shares: the language, the API, tokens kept in this browser,
// and a small element builder.  Game-independent: a game's drawing lives in
// games/<name>.js.

const STRINGS = {
  en: {
    language: "Français", title: "vitrine", error: "Error", loading: "Loading…",
    lobby: "Lobby", replayViewer: "Replay viewer",
  },
  fr: {
    language: "English", title: "vitrine", error: "Erreur", loading: "Chargement…",
    lobby: "Salon", replayViewer: "Revoir une partie",
  },
};

export const lang = () => {
  const chosen = localStorage.getItem("vitrine:lang");
  if (chosen === "en" || chosen === "fr") return chosen;
  return navigator.language.toLowerCase().startsWith("fr") ? "fr" : "en";
};

document.documentElement.lang = lang();

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

export function el(tag, attributes = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === null || value === undefined || value === false) continue;
    if (name.startsWith("on")) node.addEventListener(name.slice(2), value);
    else if (name === "class") node.className = value;
    else node.setAttribute(name, value === true ? "" : String(value));
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

class ApiError extends Error {}

// One API call; a refusal becomes an ApiError carrying the server's words.
export async function api(path, { method = "GET", body, token } = {}) {
  const headers = {};
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers.Authorization = `Bearer ${token}`;
  const response = await fetch(path, {
    method, headers, body: body === undefined ? undefined : JSON.stringify(body),
  });
  const data = await response.json().catch(() => null);
  if (!response.ok) {
    const detail = data?.detail;
    const words = Array.isArray(detail)
      ? detail.map((e) => `${e.loc.slice(1).join(".")}: ${e.msg}`).join("; ")
      : detail ?? response.statusText;
    throw new ApiError(words);
  }
  return data;
}

// Tokens live in this browser only: the seat token acts for a seat, the host's starts the table.
export const tokens = {
  seat: (table) => localStorage.getItem(`vitrine:seat:${table}`),
  setSeat: (table, token) => localStorage.setItem(`vitrine:seat:${table}`, token),
  host: (table) => JSON.parse(localStorage.getItem(`vitrine:host:${table}`) ?? "null"),
  setHost: (table, data) => localStorage.setItem(`vitrine:host:${table}`, JSON.stringify(data)),
};

// The header every page has: title, links, and the language switch.
export function header(t, rerender) {
  return el("header", { class: "top" },
    el("a", { href: "/", class: "brand" }, t("title")),
    el("nav", {},
      el("a", { href: "/" }, t("lobby")),
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

/** A game's drawing module; its stylesheet comes with it, so pages name no game. */
export async function gameModule(name) {
  if (!/^[a-z_]+$/.test(name)) throw new ApiError(`unknown game ${name}`);
  const href = `/static/games/${name}.css`;
  if (!document.querySelector(`link[href="${href}"]`)) {
    document.head.append(el("link", { rel: "stylesheet", href }));
  }
  return import(`/static/games/${name}.js`);
}
