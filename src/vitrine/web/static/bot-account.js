// The account page's bot section (bot API): what a bot account is, and marking
// this one as a bot (for good, before it plays, confirmed by a tick); then its
// API tokens: made with a label and scopes, shown once, listed with their last
// use, revoked.  Its own module: account.js imports it and redraws through it.
import { api, el, errorText, lang, translator } from "/static/common.js";
import { botBadge } from "/static/game-lines.js";

const t = translator({
  en: {
    botTitle: "Bot account",
    botWhat: "A bot account is played by a program (your own engine, or a trained agent) through "
      + "API tokens, with the same API as these pages: it reads its challenges, accepts them and plays.",
    botRules: "Marking it is for good: the account stays a bot, is labelled as one wherever its name "
      + "shows, and is rated on the bots' own leaderboards, apart from people. Only an account that "
      + "has never taken a seat can become a bot.",
    botConfirm: "I understand: this account becomes a bot account for good",
    botMark: "Make this account a bot", botIs: "This account is a bot account.",
    botHow: "Connect your program with a token: examples/bot_client.py, as docs/bots.md explains.",
    tokensTitle: "API tokens", tokenLabel: "What the token is for", tokenScopes: "Scopes",
    "scope.play": "play: read challenges, accept or decline them, take seats, decide, chat",
    "scope.pair": "pair: ask for and read quick pairings",
    tokenCreate: "Create a token", tokenShown: "Your new token, shown only this once: copy it now.",
    noTokens: "No token yet.", tokenMade: "made {date}", tokenUsed: "last used {date}",
    tokenNeverUsed: "never used", revoke: "Revoke", revokeLabel: "Revoke the token “{label}”",
    revoked: "Token revoked: it is refused from now on.",
  },
  fr: {
    botTitle: "Compte de robot",
    botWhat: "Un compte de robot est joué par un programme (votre propre moteur, ou un agent entraîné) "
      + "au moyen de jetons d'API, avec la même API que ces pages : il lit ses défis, les accepte et joue.",
    botRules: "C'est définitif : le compte reste un robot, est signalé comme tel partout où son nom "
      + "apparaît, et est classé à part des personnes, dans les classements des robots. Seul un compte "
      + "qui n'a jamais pris de place peut devenir un robot.",
    botConfirm: "J'ai compris : ce compte devient un compte de robot, définitivement",
    botMark: "Faire de ce compte un robot", botIs: "Ce compte est un compte de robot.",
    botHow: "Connectez votre programme avec un jeton : examples/bot_client.py, comme l'explique docs/bots.md.",
    tokensTitle: "Jetons d'API", tokenLabel: "À quoi sert le jeton", tokenScopes: "Portées",
    "scope.play": "play : lire les défis, les accepter ou les refuser, prendre place, décider, discuter",
    "scope.pair": "pair : demander et lire des appariements rapides",
    tokenCreate: "Créer un jeton", tokenShown: "Votre nouveau jeton, affiché cette seule fois : copiez-le maintenant.",
    noTokens: "Aucun jeton pour l'instant.", tokenMade: "créé le {date}", tokenUsed: "utilisé le {date}",
    tokenNeverUsed: "jamais utilisé", revoke: "Révoquer", revokeLabel: "Révoquer le jeton « {label} »",
    revoked: "Jeton révoqué : il est refusé dès maintenant.",
  },
});

const SCOPES = ["play", "pair"];
let tokens = [];
let shown = null;  // the token just made: its only showing, until the next redraw
let said = ["", "status"];

const when = (iso) => new Intl.DateTimeFormat(lang(), { dateStyle: "medium", timeStyle: "short" })
  .format(new Date(iso));

/** Read the bot account's tokens (none to read for a person's account). */
export async function loadBotSection(account) {
  tokens = account.bot ? await api("/api/account/tokens") : [];
}

/** Run a change, then redraw; its refusal said in the section. */
async function change(action, redraw) {
  try {
    said = [await action() ?? "", "status"];
  } catch (error) {
    said = [errorText(error), "error"];
  }
  await redraw();
}

function markForm(setAccount, redraw) {
  const tick = el("input", { type: "checkbox", id: "bot-confirm", required: true });
  return el("form", {
    id: "bot-mark", class: "account-form",
    onsubmit: (event) => {
      event.preventDefault();
      if (!tick.checked) return tick.focus();
      return change(async () => setAccount(await api("/api/account/bot", { method: "POST" })), redraw);
    },
  },
  el("p", { class: "hint" }, t("botRules")),
  el("div", { class: "field check" }, tick, el("label", { for: "bot-confirm" }, t("botConfirm"))),
  el("button", { type: "submit", class: "danger" }, t("botMark")));
}

function tokenForm(redraw) {
  const label = el("input", { id: "token-label", type: "text", maxlength: 60, required: true, value: "engine" });
  const boxes = SCOPES.map((scope) => el("input", {
    type: "checkbox", id: `scope-${scope}`, value: scope, checked: scope === "play",
  }));
  return el("form", {
    id: "token-form", class: "account-form",
    onsubmit: (event) => {
      event.preventDefault();
      return change(async () => {
        const scopes = boxes.filter((box) => box.checked).map((box) => box.value);
        shown = (await api("/api/account/tokens", {
          method: "POST", body: { label: label.value, scopes },
        })).token;
        tokens = await api("/api/account/tokens");
      }, redraw);
    },
  },
  el("div", { class: "field" }, el("label", { for: "token-label" }, t("tokenLabel")), label),
  el("fieldset", {}, el("legend", {}, t("tokenScopes")),
    ...SCOPES.map((scope, i) => el("div", { class: "field check" }, boxes[i],
      el("label", { for: `scope-${scope}` }, t(`scope.${scope}`))))),
  el("button", { type: "submit" }, t("tokenCreate")));
}

function tokenList(redraw) {
  if (!tokens.length) return el("p", { class: "muted", id: "tokens" }, t("noTokens"));
  return el("ul", { class: "account-list", id: "tokens" }, ...tokens.map((token) => el("li", {},
    el("span", {}, el("strong", {}, token.label), ` (${token.scopes.join(", ")}) — `,
      t("tokenMade", { date: when(token.created_at) }), ", ",
      token.used_at ? t("tokenUsed", { date: when(token.used_at) }) : t("tokenNeverUsed")),
    el("button", {
      type: "button", class: "revoke-token", "aria-label": t("revokeLabel", { label: token.label }),
      onclick: () => change(async () => {
        await api(`/api/account/tokens/${encodeURIComponent(token.id)}`, { method: "DELETE" });
        tokens = await api("/api/account/tokens");
        return t("revoked");
      }, redraw),
    }, t("revoke")))));
}

/** The section: ``setAccount(account)`` keeps the marked account, ``redraw`` redraws the page. */
export function botSection(account, setAccount, redraw) {
  const token = shown;
  shown = null;  // shown once: the next redraw forgets it
  const [words, kind] = said;
  said = ["", "status"];
  return el("section", { class: "panel", id: "bot-section", "aria-labelledby": "bot-title" },
    el("h2", { id: "bot-title" }, t("botTitle"), account.bot ? [" ", botBadge()] : null),
    el("p", {}, t("botWhat")),
    account.bot ? [
      el("p", { id: "bot-is" }, t("botIs"), " ", t("botHow")),
      el("h3", {}, t("tokensTitle")),
      token ? el("div", { class: "new-token", role: "status" }, el("p", {}, t("tokenShown")),
        el("code", { id: "new-token" }, token)) : null,
      tokenList(redraw),
      tokenForm(redraw),
    ] : markForm(setAccount, redraw),
    words ? el("p", { class: kind === "error" ? "error" : "status", id: "bot-said", role: kind === "error" ? "alert" : null }, words) : null);
}
