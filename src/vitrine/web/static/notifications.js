// The account page's notifications section: which kinds of news (your turn, a game
// ended, an invitation, a chat line) reach this account, by e-mail and by a push to
// this browser, all off until the person turns one on.  An e-mail address is
// confirmed by a link mailed to it before anything else is mailed there.  The links
// a mail carries land on /account with a fragment (#verify=..., #unsubscribe=...):
// a fragment never reaches the server's logs, and the page acts on it only on a
// click (unsubscribing) or once (confirming), so a mail scanner opening the link
// changes nothing it should not.  docs/notifications.md says the rest.
import { api, el, errorText, translator } from "/static/common.js";

const WORDS = {
  en: {
    notificationsTitle: "Notifications",
    notificationsNote: "Choose what reaches you, and how. Everything is off until you turn it on.",
    "kind.turn": "Your turn (games of a day or more per move)",
    "kind.ended": "A game you play ends",
    "kind.invited": "Someone invites you",
    "kind.chat": "Someone writes at your table (at most once every 15 minutes)",
    byEmail: "E-mail", byPush: "This browser",
    kindHeader: "News",
    emailTitle: "E-mail address",
    emailOff: "This server sends no e-mail: its operator has not set an SMTP server.",
    emailField: "Address", sendLink: "Send a confirmation link",
    emailSent: "A confirmation link is on its way to {address}: open it to confirm the address.",
    emailConfirmed: "{address} is confirmed.",
    emailWaiting: "{address} is not confirmed yet: open the link mailed to it.",
    removeEmail: "Remove the address", emailRemoved: "The address is removed.",
    noEmailYet: "Give an address to choose e-mails.",
    pushUnsupported: "This browser cannot receive notifications.",
    pushDenied: "This browser blocks notifications from this site: allow them in its settings.",
    pushOn: "This browser gets notifications.",
    saved: "Saved.",
    verifying: "Confirming your address…",
    verified: "{address} is confirmed: the e-mails you choose will reach it.",
    unsubscribeTitle: "Stop these e-mails?",
    unsubscribeAsk: "This turns off one kind of e-mail for the account the link was sent to.",
    unsubscribeButton: "Stop them",
    unsubscribed: "Done: these e-mails ({kind}) are off. Turn them on again here when signed in.",
  },
  fr: {
    notificationsTitle: "Notifications",
    notificationsNote: "Choisissez ce qui vous parvient, et comment. Tout est désactivé tant que vous ne l'activez pas.",
    "kind.turn": "À vous de jouer (parties d'un jour ou plus par coup)",
    "kind.ended": "Une de vos parties se termine",
    "kind.invited": "On vous invite",
    "kind.chat": "On écrit à votre table (au plus une fois toutes les 15 minutes)",
    byEmail: "E-mail", byPush: "Ce navigateur",
    kindHeader: "Nouvelles",
    emailTitle: "Adresse e-mail",
    emailOff: "Ce serveur n'envoie pas d'e-mails : son administrateur n'a pas réglé de serveur SMTP.",
    emailField: "Adresse", sendLink: "Envoyer un lien de confirmation",
    emailSent: "Un lien de confirmation part vers {address} : ouvrez-le pour confirmer l'adresse.",
    emailConfirmed: "{address} est confirmée.",
    emailWaiting: "{address} n'est pas encore confirmée : ouvrez le lien qui lui a été envoyé.",
    removeEmail: "Retirer l'adresse", emailRemoved: "L'adresse est retirée.",
    noEmailYet: "Donnez une adresse pour choisir des e-mails.",
    pushUnsupported: "Ce navigateur ne peut pas recevoir de notifications.",
    pushDenied: "Ce navigateur bloque les notifications de ce site : autorisez-les dans ses réglages.",
    pushOn: "Ce navigateur reçoit les notifications.",
    saved: "Enregistré.",
    verifying: "Confirmation de votre adresse…",
    verified: "{address} est confirmée : les e-mails que vous choisissez lui parviendront.",
    unsubscribeTitle: "Ne plus recevoir ces e-mails ?",
    unsubscribeAsk: "Cela désactive un type d'e-mail pour le compte auquel le lien a été envoyé.",
    unsubscribeButton: "Les arrêter",
    unsubscribed: "C'est fait : ces e-mails ({kind}) sont désactivés. Réactivez-les ici une fois connecté.",
  },
};

const t = translator(WORDS);
const KINDS = ["turn", "ended", "invited", "chat"];
const pushWorks = () => "serviceWorker" in navigator && "PushManager" in window && "Notification" in window;

/** The base64url VAPID key as the bytes PushManager.subscribe takes. */
function keyBytes(key) {
  const text = atob(key.replace(/-/g, "+").replace(/_/g, "/"));
  return Uint8Array.from(text, (char) => char.charCodeAt(0));
}

/** Subscribe this browser (asking the person's permission) and give the server its
 * subscription; refused permission says so. */
async function subscribeHere(key) {
  if (await Notification.requestPermission() !== "granted") throw new Error(t("pushDenied"));
  const registration = await navigator.serviceWorker.ready;
  const subscription = await registration.pushManager.getSubscription()
    ?? await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(key) });
  await api("/api/notifications/push", { method: "POST", body: subscription.toJSON() });
}

function choicesTable(notes, act) {
  const emailReady = notes.email?.verified === true;
  const push = pushWorks() && Notification.permission !== "denied";
  const box = (kind, channel, enabled) => el("input", {
    type: "checkbox", id: `notify-${kind}-${channel}`, class: "notify-choice",
    "data-kind": kind, "data-channel": channel,
    checked: notes.choices[kind][channel], disabled: !enabled,
    "aria-label": `${t(`kind.${kind}`)} — ${t(channel === "email" ? "byEmail" : "byPush")}`,
    onchange: (event) => act("notifications", async () => {
      if (channel === "push" && event.target.checked) await subscribeHere(notes.push_key);
      const choices = Object.fromEntries(KINDS.map((k) => [k, { ...notes.choices[k] }]));
      choices[kind][channel] = event.target.checked;
      await api("/api/notifications/choices", { method: "PUT", body: choices });
      return t("saved");
    }),
  });
  return el("table", { class: "notify-choices" },
    el("thead", {}, el("tr", {}, el("th", { scope: "col" }, t("kindHeader")),
      el("th", { scope: "col" }, t("byEmail")), el("th", { scope: "col" }, t("byPush")))),
    el("tbody", {}, ...KINDS.map((kind) => el("tr", {},
      el("th", { scope: "row" }, t(`kind.${kind}`)),
      el("td", {}, box(kind, "email", emailReady || notes.choices[kind].email)),
      el("td", {}, box(kind, "push", push || notes.choices[kind].push))))));
}

function emailPart(notes, act) {
  if (!notes.email_available) return el("p", { class: "muted", id: "email-off" }, t("emailOff"));
  const email = notes.email;
  const state = !email ? t("noEmailYet")
    : t(email.verified ? "emailConfirmed" : "emailWaiting", { address: email.address });
  return el("div", { class: "notify-email" },
    el("h3", {}, t("emailTitle")),
    el("p", { id: "email-state" }, state),
    el("form", {
      id: "email-form", class: "account-form", novalidate: true,
      onsubmit: (event) => {
        event.preventDefault();
        const address = document.getElementById("email-address").value.trim();
        return act("notifications", async () => {
          await api("/api/account/email", { method: "PUT", body: { address } });
          return t("emailSent", { address });
        });
      },
    },
    el("div", { class: "field" },
      el("label", { for: "email-address" }, t("emailField")),
      el("input", {
        id: "email-address", type: "email", autocomplete: "email", maxlength: 254,
        value: email?.address ?? null, spellcheck: "false", autocapitalize: "off",
      })),
    el("button", { type: "submit" }, t("sendLink"))),
    email ? el("button", {
      type: "button", id: "remove-email",
      onclick: () => act("notifications", async () => {
        await api("/api/account/email", { method: "DELETE" });
        return t("emailRemoved");
      }),
    }, t("removeEmail")) : null);
}

/** The notifications section of a signed-in account; ``act(section, action)`` is the
 * page's: it runs ``action``, says its words or its refusal, and redraws. */
export function notificationsPanel(notes, act, said) {
  return el("section", { class: "panel", "aria-labelledby": "notifications-title", id: "notifications" },
    el("h2", { id: "notifications-title" }, t("notificationsTitle")),
    el("p", { class: "hint" }, t("notificationsNote")),
    choicesTable(notes, act),
    pushWorks() ? null : el("p", { class: "muted" }, t("pushUnsupported")),
    emailPart(notes, act),
    said("notifications"));
}

/** What a mail's link asks (``#verify=`` confirms at once, ``#unsubscribe=`` asks
 * first), taken out of the address bar so a reload or a shared link does not
 * repeat it; null when the page came without one. */
export function linkFromMail() {
  const match = /^#(verify|unsubscribe)=([\w.-]+)$/.exec(location.hash);
  if (!match) return null;
  history.replaceState(null, "", location.pathname + location.search);
  return { what: match[1], token: match[2] };
}

/** The panel a mail's link opens on: the address confirmed, or a button that unsubscribes. */
export async function linkPanel(link) {
  const status = (words, kind = "status") => el("p", {
    class: kind, id: "mail-link-said", role: kind === "error" ? "alert" : "status",
  }, words);
  if (link.what === "verify") {
    try {
      const email = await api("/api/account/email/verify", { method: "POST", body: { token: link.token } });
      return el("section", { class: "panel", id: "mail-link" }, status(t("verified", { address: email.address })));
    } catch (error) {
      return el("section", { class: "panel", id: "mail-link" }, status(errorText(error), "error"));
    }
  }
  const panel = el("section", { class: "panel", id: "mail-link", "aria-labelledby": "unsubscribe-title" },
    el("h2", { id: "unsubscribe-title" }, t("unsubscribeTitle")),
    el("p", {}, t("unsubscribeAsk")),
    el("button", {
      type: "button", id: "unsubscribe", class: "primary",
      onclick: async () => {
        try {
          // The token as a bearer token, never in a URL (which proxies log).
          const done = await api("/api/notifications/unsubscribe", { method: "POST", token: link.token });
          panel.replaceChildren(status(t("unsubscribed", { kind: t(`kind.${done.kind}`) })));
        } catch (error) {
          panel.replaceChildren(status(errorText(error), "error"));
        }
      },
    }, t("unsubscribeButton")));
  return panel;
}
