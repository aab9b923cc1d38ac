// The replay viewer: a finished table's game or an uploaded record, turn by turn.
import { api, el, gameModule, header, translator } from "/static/common.js";

const t = translator({
  en: {
    heading: "Replay", upload: "Open a record (JSON)", first: "|◀ First", previous: "◀ Previous",
    next: "Next ▶", last: "Last ▶|", step: "Turn {n} of {total}", keys: "Keys: ← and → step.",
  },
  fr: {
    heading: "Revoir", upload: "Ouvrir une partie (JSON)", first: "|◀ Début", previous: "◀ Précédent",
    next: "Suivant ▶", last: "Fin ▶|", step: "Tour {n} sur {total}", keys: "Touches : ← et → pour avancer.",
  },
});

const app = document.getElementById("app");
const errorBox = el("p", { class: "error", role: "alert" });
let replay = null;
let step = 0;
let module = null;

const fail = (error) => { errorBox.textContent = `${t("error")}: ${error.message}`; };

async function load(promise) {
  try {
    replay = await promise;
    module = await gameModule(replay.game);
    step = replay.steps.length - 1;
    await render();
  } catch (error) { fail(error); }
}

const go = (to) => {
  if (!replay) return;
  step = Math.max(0, Math.min(replay.steps.length - 1, to));
  render();
};

async function render() {
  const file = el("input", {
    type: "file", accept: "application/json,.json", id: "record-file", "aria-label": t("upload"),
    onchange: async (e) => {
      const text = await e.target.files[0].text();
      let record;
      try { record = JSON.parse(text); } catch (error) { fail(error); return; }
      load(api("/api/replays", { method: "POST", body: record }));
    },
  });
  const parts = [el("h1", {}, t("heading")), el("label", { class: "row" }, t("upload"), file), errorBox];
  if (replay) {
    const total = replay.steps.length - 1;
    parts.push(
      el("div", { class: "row panel" },
        el("button", { type: "button", onclick: () => go(0) }, t("first")),
        el("button", { type: "button", id: "previous", onclick: () => go(step - 1) }, t("previous")),
        el("span", { id: "step" }, t("step", { n: step, total })),
        el("button", { type: "button", id: "next", onclick: () => go(step + 1) }, t("next")),
        el("button", { type: "button", onclick: () => go(total) }, t("last")),
        el("span", { class: "muted" }, t("keys"))),
      step > 0 ? el("p", {}, el("code", {}, replay.turns[step - 1])) : null,
      await module.renderGame(replay.steps[step], { you: null, act: () => {}, redraw: render }));
  }
  app.replaceChildren(header(t, render), el("main", {}, ...parts));
}

document.addEventListener("keydown", (event) => {
  if (event.key === "ArrowRight") go(step + 1);
  if (event.key === "ArrowLeft") go(step - 1);
});
const table = new URLSearchParams(location.search).get("table");
if (table) load(api(`/api/tables/${encodeURIComponent(table)}/replay`));
else render();
