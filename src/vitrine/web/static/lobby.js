// The lobby: create a table (seats, bots, the game's options), see open and running tables.
import {
  api, el, errorText, gameModule, header, lang, tokens, translator,
} from "/static/common.js";

const t = translator({
  en: {
    newTable: "New table", game: "Game", players: "Players", seat: "Seat {n}",
    human: "Human", bot: "Bot", yourName: "Your name", nameOptional: "Name (optional)",
    level: "Level", beginner: "beginner", casual: "casual", strong: "strong", expert: "expert",
    create: "Create the table", openTables: "Open tables", running: "Being played",
    finished: "Finished", none: "None yet.", watch: "Watch", open: "Open",
    replay: "Replay", seatsOf: "{joined}/{total} seated", clock: "Clock",
    noClock: "no clock", realtime: "real time: 60 s per decision",
    turnBased: "turn-based: 24 h per decision",
    hints: "Allow hints from the coach (the table and the record will say so)",
  },
  fr: {
    newTable: "Nouvelle table", game: "Jeu", players: "Joueurs", seat: "Place {n}",
    human: "Humain", bot: "Robot", yourName: "Votre nom", nameOptional: "Nom (facultatif)",
    level: "Niveau", beginner: "débutant", casual: "occasionnel", strong: "fort",
    expert: "expert", create: "Créer la table", openTables: "Tables ouvertes",
    running: "En cours", finished: "Terminées", none: "Aucune pour l'instant.",
    watch: "Regarder", open: "Ouvrir", replay: "Revoir", seatsOf: "{joined}/{total} assis",
    clock: "Pendule", noClock: "sans pendule", realtime: "temps réel : 60 s par décision",
    turnBased: "tour par tour : 24 h par décision",
    hints: "Autoriser les indices du coach (la table et la partie l'indiqueront)",
  },
});

const app = document.getElementById("app");
let games = [];
let chosen = { game: "exhibition", count: 3, seats: [], clock: "", hints: false };
// Clock profiles: seconds per decision before a silent player's seat goes to a bot.
const CLOCKS = [["", "noClock"], ["60", "realtime"], ["86400", "turnBased"]];

function seatEditor(index) {
  const seat = chosen.seats[index] ??= index === 0
    ? { kind: "human", name: "", level: "casual" }
    : { kind: "bot", name: "", level: "casual" };
  const game = games.find((g) => g.name === chosen.game);
  const id = `seat-${index}`;
  return el("fieldset", { class: "row seat-editor" },
    el("legend", {}, t("seat", { n: index + 1 })),
    el("select", {
      id: `${id}-kind`, "aria-label": t("seat", { n: index + 1 }),
      onchange: (e) => { seat.kind = e.target.value; render(); },
    },
    ...["human", "bot"].map((kind) => el("option", { value: kind, selected: seat.kind === kind },
      t(kind)))),
    seat.kind === "bot"
      ? el("select", {
        id: `${id}-level`, "aria-label": t("level"),
        onchange: (e) => { seat.level = e.target.value; },
      }, ...game.levels.map((level) => el("option", { value: level, selected: seat.level === level },
        t(level))))
      : el("input", {
        id: `${id}-name`, type: "text", maxlength: 24, value: seat.name,
        placeholder: index === 0 ? t("yourName") : t("nameOptional"),
        "aria-label": index === 0 ? t("yourName") : t("nameOptional"),
        oninput: (e) => { seat.name = e.target.value; },
      }));
}

async function create(event, readOptions, errorBox, module) {
  event.preventDefault();
  const seats = chosen.seats.slice(0, chosen.count).map((seat) => seat.kind === "bot"
    ? { kind: "bot", level: seat.level }
    : { kind: "human", name: seat.name.trim() || null });
  try {
    const created = await api("/api/tables", {
      method: "POST",
      body: {
        game: chosen.game, options: readOptions(), seats,
        clock_seconds: chosen.clock ? Number(chosen.clock) : null,
        hints: chosen.hints,
      },
    });
    const id = created.table.id;
    tokens.setHost(id, { host_token: created.host_token, seats: created.seats });
    const mine = created.seats.find((s) => s.position === 0);
    if (mine) tokens.setSeat(id, mine.token);
    location.assign(`/table/${id}`);
  } catch (error) {
    errorBox.textContent = t("error", { words: errorText(error, module) });
  }
}

function tableList(title, tables, linkWord) {
  return el("section", { class: "panel" },
    el("h2", {}, title),
    tables.length === 0 ? el("p", { class: "muted" }, t("none")) : el("ul", {},
      ...tables.map((table) => el("li", {},
        el("a", { href: table.status === "over" ? `/replay?table=${table.id}` : `/table/${table.id}` },
          `${linkWord} ${table.id}`),
        " — ", table.seats.map((s) => s.name ?? "…").join(", "),
        el("span", { class: "muted" }, ` (${t("seatsOf", {
          joined: table.seats.filter((s) => s.joined).length, total: table.seats.length,
        })})`)))));
}

// Renders overlap when choices come faster than the server answers; only the
// newest may draw, or an older one would wipe what came after it (an error, say).
let renders = 0;

async function render() {
  const mine = ++renders;
  const module = await gameModule(chosen.game);
  await module.ready;
  const game = games.find((g) => g.name === chosen.game);
  const errorBox = el("p", { class: "error", role: "alert" });
  const options = module.optionsForm();
  const [open, running, over] = await Promise.all(["open", "playing", "over"].map(
    (status) => api(`/api/tables?status=${status}&limit=20`)));
  if (mine !== renders) return;
  document.documentElement.lang = lang();
  app.replaceChildren(
    header(t, render),
    el("main", {},
      el("form", { class: "panel", onsubmit: (e) => create(e, options.read, errorBox, module) },
        el("h1", {}, t("newTable")),
        el("div", { class: "row" },
          el("label", { for: "game" }, t("game")),
          el("select", { id: "game", onchange: (e) => { chosen.game = e.target.value; render(); } },
            ...games.map((g) => el("option", { value: g.name, selected: g.name === chosen.game },
              g.name))),
          el("label", { for: "count" }, t("players")),
          el("select", {
            id: "count", onchange: (e) => { chosen.count = Number(e.target.value); render(); },
          }, ...Array.from({ length: game.max_players - game.min_players + 1 },
            (_, i) => game.min_players + i).map((n) => el("option", {
            value: n, selected: n === chosen.count,
          }, n)))),
        ...Array.from({ length: chosen.count }, (_, i) => seatEditor(i)),
        el("div", { class: "row" },
          el("label", { for: "clock" }, t("clock")),
          el("select", { id: "clock", onchange: (e) => { chosen.clock = e.target.value; } },
            ...CLOCKS.map(([value, key]) => el("option", { value, selected: chosen.clock === value },
              t(key))))),
        el("div", { class: "row" },
          el("input", {
            type: "checkbox", id: "hints", checked: chosen.hints,
            onchange: (e) => { chosen.hints = e.target.checked; },
          }),
          el("label", { for: "hints" }, t("hints"))),
        options.element,
        el("button", { type: "submit", id: "create" }, t("create")),
        errorBox),
      tableList(t("openTables"), open, t("open")),
      tableList(t("running"), running, t("watch")),
      tableList(t("finished"), over, t("replay"))));
}

games = await api("/api/games");
await render();
