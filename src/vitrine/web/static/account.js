// The account page (/account): signed out, sign in (a password or a passkey)
// or create an account; signed in, the name and language, the password, the
// passkeys, the sessions, the data to download, and deleting the account.
// Accounts are optional: a guest plays everything without one.  A refusal is
// said beside the field it concerns, in the reader's language, saying why.
import {
  api, currentAccount, el, errorText, header, lang, plural, setAccount, translator,
} from "/static/common.js";
import { ACCOUNT_WORDS } from "/static/account-words.js";
import { addPasskey, passkeysWork, signInWithPasskey } from "/static/passkeys.js";
import { botSection, loadBotSection } from "/static/bot-account.js";
import { linkFromMail, linkPanel, notificationsPanel } from "/static/notifications.js";

const t = translator(ACCOUNT_WORDS);
const app = document.getElementById("app");
const LANGUAGES = ["en", "fr"];
let account = null;  // the signed-in account, or null
let said = {};  // what the last action said, by section: {section: [words, "status" | "error"]}

// ------------------------------------------------------------------ words

const waitWords = (seconds) => (seconds >= 120
  ? t("minutes", { n: Math.ceil(seconds / 60) }) : t("seconds", { n: seconds }));

/** A refusal in words: the page's own for a weak password and a browser's passkey error. */
function refusal(error) {
  if (error?.code === "password_weak" && `weak.${error.params?.reason}` in ACCOUNT_WORDS.en) {
    return t("weak", { why: t(`weak.${error.params.reason}`) });
  }
  if (error?.code === "rate_limited" && error.params?.what === "sign_ups") {
    return t("signUpsLimited", { wait: waitWords(error.params.retry_after) });
  }
  if (error instanceof DOMException) {
    return error.name === "NotAllowedError" || error.name === "AbortError"
      ? t("passkeyCancelled") : t("passkeyFailed", { words: error.message });
  }
  return errorText(error);
}

const when = (iso) => new Intl.DateTimeFormat(lang(), { dateStyle: "medium", timeStyle: "short" })
  .format(new Date(iso));

const BROWSERS = [["Edg/", "Edge"], ["OPR/", "Opera"], ["Firefox/", "Firefox"],
  ["Chrome/", "Chrome"], ["Chromium/", "Chromium"], ["Safari/", "Safari"]];
const SYSTEMS = [["Android", "Android"], ["iPhone", "iOS"], ["iPad", "iPadOS"], ["CrOS", "ChromeOS"],
  ["Windows", "Windows"], ["Mac OS X", "macOS"], ["Linux", "Linux"]];

/** "Firefox on Android" from a browser's User-Agent. */
function browserOf(agent) {
  const browser = BROWSERS.find(([mark]) => agent.includes(mark))?.[1];
  const system = SYSTEMS.find(([mark]) => agent.includes(mark))?.[1];
  if (!browser) return t("unknownBrowser");
  return system ? t("browserOn", { browser, system }) : browser;
}

/** Where to go once signed in: ``?next=`` if it is a path of this site, else nowhere. */
function nextPath() {
  const next = new URLSearchParams(location.search).get("next");
  if (!next || !/^\/(?![/\\])/.test(next)) return null;
  const url = new URL(next, location.origin);
  return url.origin === location.origin ? url.pathname + url.search + url.hash : null;
}

// ------------------------------------------------------------------ forms

/** A labelled field, its hint (if any) and the place for its refusal just below it. */
function field(id, label, { type = "text", autocomplete = null, hint = null, value = null } = {}) {
  const described = [hint ? `${id}-hint` : null, `${id}-error`].filter(Boolean).join(" ");
  return el("div", { class: "field" },
    el("label", { for: id }, label),
    hint ? el("p", { class: "hint", id: `${id}-hint` }, hint) : null,
    el("input", {
      id, type, autocomplete, value, "aria-describedby": described, spellcheck: "false",
      autocapitalize: "off", maxlength: type === "password" ? 1000 : 100,
    }),
    el("p", { class: "error field-error", id: `${id}-error`, "aria-live": "polite" }));
}

function languageField(id, chosen) {
  return el("div", { class: "field" },
    el("label", { for: id }, t("languageField")),
    el("select", { id }, ...LANGUAGES.map((code) => el("option", {
      value: code, lang: code, selected: code === chosen,
    }, t(`lang.${code}`)))));
}

/** The line under a form's button, where a refusal about no one field goes. */
const formLine = (id) => el("p", { class: "error field-error", id: `${id}-error`, "aria-live": "polite" });

const value = (id) => document.getElementById(id).value;

function clearRefusals(form) {
  for (const box of form.querySelectorAll(".field-error")) box.textContent = "";
  for (const input of form.querySelectorAll("[aria-invalid]")) input.removeAttribute("aria-invalid");
}

/** Say ``error`` beside the field ``place(code)`` names (else under the form's button). */
function showRefusal(form, error, place) {
  const id = place(error?.code) ?? form.id;
  document.getElementById(`${id}-error`).textContent = refusal(error);
  const input = document.getElementById(id);
  if (input && input !== form) {
    input.setAttribute("aria-invalid", "true");
    input.focus();
  }
}

const NAME_CODES = new Set(["name_taken", "name_empty", "name_invisible", "name_too_long"]);
const PASSWORD_CODES = new Set(["password_too_short", "password_too_long", "password_weak"]);

/** Where a refusal goes, for a form whose fields are ``name`` and ``password`` (ids). */
const fieldsFor = ({ name, password, current }) => (code) => {
  if (NAME_CODES.has(code)) return name;
  if (PASSWORD_CODES.has(code)) return password;
  if (code === "password_wrong") return current;
  if (code === "sign_in_failed") return password;
  return null;
};

/** A form whose submission runs ``action``; its refusals placed by ``place``. */
function form(id, place, action, ...children) {
  const node = el("form", {
    id, class: "account-form", novalidate: true,
    onsubmit: async (event) => {
      event.preventDefault();
      const button = node.querySelector("button[type=submit]");
      clearRefusals(node);
      said = {};
      button.disabled = true;
      try {
        await action();
      } catch (error) {
        if (error?.code === "sign_in_needed") return signedOut();
        showRefusal(node, error, place);
      } finally {
        button.disabled = false;
      }
    },
  }, ...children);
  return node;
}

// ------------------------------------------------------------------ signed out

async function signedIn(who) {
  const next = nextPath();
  account = next ? null : who;  // (a redraw before leaving draws nothing new)
  said = {};
  setAccount(who);
  if (next) location.assign(next);
  else await render();
}

async function signedOut(words = null) {
  account = null;
  said = words ? { top: [words, "status"] } : {};
  setAccount(null);
  await render();
}

function signInPanel() {
  const passkey = el("div", { class: "passkey-way" },
    el("p", { class: "or" }, t("or")),
    passkeysWork()
      ? el("button", {
        type: "button", id: "passkey-sign-in",
        onclick: async (event) => {
          const box = document.getElementById("passkey-sign-in-error");
          box.textContent = "";
          event.currentTarget.disabled = true;
          try {
            await signedIn(await signInWithPasskey());
          } catch (error) {
            box.textContent = refusal(error);
          } finally {
            document.getElementById("passkey-sign-in")?.removeAttribute("disabled");
          }
        },
      }, t("passkeySignIn"))
      : el("p", { class: "muted" }, t("noWebAuthn")),
    el("p", { class: "hint" }, t("passkeyNote")),
    formLine("passkey-sign-in"));
  return el("section", { class: "panel", "aria-labelledby": "sign-in-title" },
    el("h2", { id: "sign-in-title" }, t("signInTitle")),
    form("sign-in", fieldsFor({ password: "sign-in-password" }), async () => {
      const body = { name: value("sign-in-name"), password: value("sign-in-password") };
      await signedIn(await api("/api/session", { method: "POST", body }));
    },
    field("sign-in-name", t("name"), { autocomplete: "username" }),
    field("sign-in-password", t("password"), { type: "password", autocomplete: "current-password" }),
    el("button", { type: "submit", class: "primary" }, t("signInButton")),
    formLine("sign-in")),
    passkey);
}

function signUpPanel() {
  return el("section", { class: "panel", "aria-labelledby": "sign-up-title" },
    el("h2", { id: "sign-up-title" }, t("signUpTitle")),
    form("sign-up", fieldsFor({ name: "sign-up-name", password: "sign-up-password" }), async () => {
      const body = {
        name: value("sign-up-name"), password: value("sign-up-password"),
        language: value("sign-up-language"),
      };
      await signedIn(await api("/api/account", { method: "POST", body }));
    },
    field("sign-up-name", t("name"), { autocomplete: "username", hint: t("nameRules") }),
    field("sign-up-password", t("password"), {
      type: "password", autocomplete: "new-password", hint: t("passwordRules"),
    }),
    languageField("sign-up-language", lang()),
    el("button", { type: "submit", class: "primary" }, t("create")),
    formLine("sign-up")));
}

// ------------------------------------------------------------------ signed in

const saidIn = (section) => {
  const [words, kind] = said[section] ?? ["", "status"];
  return el("p", { class: kind === "error" ? "error" : "status", id: `${section}-said`,
    role: kind === "error" ? "alert" : "status" }, words);
};

/** Run ``action`` for a section's button; what it says, or its refusal, shown there. */
async function act(section, action) {
  said = {};
  try {
    const words = await action();
    said = words ? { [section]: [words, "status"] } : {};
  } catch (error) {
    if (error?.code === "sign_in_needed") return signedOut();
    said = { [section]: [refusal(error), "error"] };
  }
  return render();
}

function profilePanel() {
  return el("section", { class: "panel", "aria-labelledby": "profile-title" },
    el("h2", { id: "profile-title" }, t("profileTitle")),
    form("profile", fieldsFor({ name: "profile-name" }), async () => {
      const body = { name: value("profile-name"), language: value("profile-language") };
      account = await api("/api/account", { method: "PATCH", body });
      said = { profile: [t("saved"), "status"] };
      setAccount(account);  // (redraws the page if its language follows the account's)
      await render();
    },
    field("profile-name", t("name"), { autocomplete: "username", value: account.name }),
    languageField("profile-language", account.language),
    el("button", { type: "submit" }, t("save")),
    formLine("profile")),
    saidIn("profile"));
}

function passwordPanel() {
  const place = fieldsFor({ password: "new-password", current: "current-password" });
  return el("section", { class: "panel", "aria-labelledby": "password-title" },
    el("h2", { id: "password-title" }, t("passwordTitle")),
    form("password-form", place, async () => {
      const body = { current_password: value("current-password"), password: value("new-password") };
      account = await api("/api/account", { method: "PATCH", body });
      said = { password: [t("passwordChanged"), "status"] };
      await render();
    },
    field("current-password", t("currentPassword"), { type: "password", autocomplete: "current-password" }),
    field("new-password", t("newPassword"), {
      type: "password", autocomplete: "new-password", hint: t("passwordRules"),
    }),
    el("button", { type: "submit" }, t("changePassword")),
    formLine("password-form")),
    saidIn("password"));
}

function passkeysPanel(passkeys) {
  const add = passkeysWork()
    ? form("passkey-add", () => "passkey-label", async () => {
      await addPasskey(value("passkey-label").trim() || browserOf(navigator.userAgent));
      await render();
    },
    field("passkey-label", t("passkeyLabel"), { value: browserOf(navigator.userAgent) }),
    el("button", { type: "submit" }, t("addPasskey")))
    : el("p", { class: "muted" }, t("noWebAuthn"));
  return el("section", { class: "panel", "aria-labelledby": "passkeys-title" },
    el("h2", { id: "passkeys-title" }, t("passkeysTitle")),
    el("p", { class: "hint" }, t("passkeyNote")),
    passkeys.length === 0 ? el("p", { class: "muted", id: "passkeys" }, t("noPasskeys"))
      : el("ul", { class: "account-list", id: "passkeys" }, ...passkeys.map((key) => el("li", {},
        el("span", {}, el("strong", {}, key.label), " — ", t("passkeyAdded", { date: when(key.created_at) }),
          ", ", key.used_at ? t("passkeyUsed", { date: when(key.used_at) }) : t("passkeyNeverUsed")),
        el("button", {
          type: "button", class: "remove-passkey", "aria-label": t("removePasskey", { label: key.label }),
          onclick: () => act("passkeys", async () => {
            await api(`/api/account/passkeys/${encodeURIComponent(key.id)}`, { method: "DELETE" });
          }),
        }, t("remove"))))),
    add,
    saidIn("passkeys"));
}

function sessionsPanel(sessions) {
  return el("section", { class: "panel", "aria-labelledby": "sessions-title" },
    el("h2", { id: "sessions-title" }, t("sessionsTitle")),
    el("p", { class: "hint" }, t("sessionsNote")),
    el("ul", { class: "account-list", id: "sessions" }, ...sessions.map((session) => {
      const agent = browserOf(session.agent);
      return el("li", { "data-current": session.current ? "true" : null },
        el("span", {}, el("strong", {}, agent), " ", t(`method.${session.method}`), " — ",
          t("lastUsed", { date: when(session.seen_at) }), ", ",
          t("signedInOn", { date: when(session.created_at) }),
          session.current ? [" ", el("span", { class: "badge" }, t("thisBrowser"))] : null),
        session.current ? null : el("button", {
          type: "button", class: "end-session",
          "aria-label": t("endSessionOf", { agent, date: when(session.seen_at) }),
          onclick: () => act("sessions", async () => {
            await api(`/api/account/sessions/${encodeURIComponent(session.handle)}`, { method: "DELETE" });
          }),
        }, t("endSession")));
    })),
    el("button", {
      type: "button", id: "sign-out-everywhere",
      onclick: async () => {
        try {
          const { ended } = await api("/api/account/sessions", { method: "DELETE" });
          await signedOut(plural(t, ended, "sessionEnded"));
        } catch (error) {
          said = { sessions: [refusal(error), "error"] };
          await render();
        }
      },
    }, t("signOutEverywhere")),
    saidIn("sessions"));
}

async function download() {
  const data = await api("/api/account/export");
  const file = new Blob([JSON.stringify(data, null, 2)], { type: "application/json" });
  const url = URL.createObjectURL(file);
  const link = el("a", { href: url, download: "vitrine-account.json", hidden: true });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

function dataPanel() {
  return el("section", { class: "panel", "aria-labelledby": "data-title" },
    el("h2", { id: "data-title" }, t("dataTitle")),
    el("p", {}, t("dataNote")),
    el("button", { type: "button", id: "export", onclick: () => act("data", download) }, t("download")),
    saidIn("data"));
}

function deletePanel() {
  return el("section", { class: "panel danger-zone", "aria-labelledby": "delete-title" },
    el("h2", { id: "delete-title" }, t("deleteTitle")),
    el("p", {}, t("deleteErased")),
    el("p", {}, t("deleteKept")),
    form("delete", () => "delete-password", async () => {
      await api("/api/account", { method: "DELETE", body: { password: value("delete-password") } });
      await signedOut(t("deleted"));
    },
    field("delete-password", t("deleteConfirm"), { type: "password", autocomplete: "current-password" }),
    el("button", { type: "submit", class: "danger" }, t("deleteButton")),
    formLine("delete")));
}

// ------------------------------------------------------------------ the page

/** What is typed in the page's fields, kept across the language switch's redraw. */
function typed() {
  return [...app.querySelectorAll("input, select")].filter((input) => input.id)
    .map((input) => [input.id, input.value]);
}

let renders = 0;

async function render(keep = false) {
  const mine = ++renders;
  const kept = keep ? typed() : [];
  let parts;
  if (account) {
    let passkeys, sessions, notes;
    try {
      [passkeys, sessions, notes] = await Promise.all([
        api("/api/account/passkeys"), api("/api/account/sessions"), api("/api/notifications"),
        loadBotSection(account)]);
    } catch (error) {
      if (error?.code === "sign_in_needed") return signedOut();
      throw error;
    }
    if (mine !== renders) return;
    parts = [
      el("div", { class: "row signed-in" },
        el("p", { id: "signed-in-as" }, t("signedInAs", { name: account.name })),
        el("button", {
          type: "button", id: "sign-out",
          onclick: async () => {
            await api("/api/session", { method: "DELETE" }).catch(() => null);
            await signedOut();
          },
        }, t("signOut"))),
      el("div", { class: "account-grid" }, profilePanel(), passwordPanel(), passkeysPanel(passkeys),
        sessionsPanel(sessions), notificationsPanel(notes, act, saidIn), dataPanel(),
        botSection(account, (marked) => { account = marked; setAccount(marked); }, () => render()),
        deletePanel()),
    ];
  } else {
    parts = [el("p", { class: "pitch" }, t("optional")),
      el("div", { class: "account-grid" }, signInPanel(), signUpPanel())];
  }
  document.documentElement.lang = lang();
  app.replaceChildren(header(t, () => render(true)), el("main", {
    id: "content", class: "account", "data-state": account ? "signed-in" : "signed-out",
  }, el("h1", {}, t("heading")), saidIn("top"), mailLink, ...parts));
  for (const [id, text] of kept) {
    const input = document.getElementById(id);
    if (input) input.value = text;
  }
}

// A mail's link (confirm the address, unsubscribe): its panel, kept above the rest.
const link = linkFromMail();
const mailLink = link ? await linkPanel(link) : null;
account = await currentAccount(true);
await render();
