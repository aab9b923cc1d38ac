// The lobby: create a table (game, seats, bots, the game's options, how empty
// seats are taken), take an open seat, and see open, running and finished tables.
import {
  api, currentAccount, displayName, el, errorText, gameModule, gameTitle, header, installedGames, lang,
  levelName, tokens, translator,
} from "/static/common.js";
import { joined, seatName } from "/static/game-lines.js";
import { playerName, rememberName } from "/static/play.js";
import { quickGame } from "/static/quick.js";
import {
  CLOCK_CHOICES, clockName, duration, onTimeoutLabel, onTimeoutName, turnBased,
} from "/static/time-controls.js";

const t = translator({
  en: {
    newTable: "New table", game: "Game", players: "Players", seat: "Seat {n}",
    human: "Human", bot: "Bot", yourName: "Your name", nameOptional: "Name (optional)",
    level: "Level", create: "Create the table", openTables: "Open tables", running: "Being played",
    finished: "Finished", none: "None yet.", watch: "Watch", open: "Open", replay: "Replay",
    seatsOf: "{joined}/{total} seated", clock: "Clock", clockBadge: "⏱ {time} per decision",
    seating: "Empty seats", seatsInvite: "by invitation link only",
    seatsOpen: "open to anyone from the lobby", take: "Take seat {n}", takeAs: "Your name",
    abandoned: "abandoned", byInvitation: "by invitation", emptySeat: "empty seat",
    hints: "Allow hints from the coach (the table and the record will say so)",
    yourTables: "Your tables", table: "Table", waitingStart: "waiting for the host to start",
    rated: "Rated: the result moves each person's rating",
    ratedHint: "Every person at the table must be signed in to an account; bots are not rated.",
    ratedSignIn: "Sign in to create a rated table (the result moves each person's rating).",
    you: "{name} (you, with your account)", ratedBadge: "rated", leaderboards: "Leaderboards",
    account: "An account (a challenge)", accountName: "The account's name (a person or a bot)",
  },
  fr: {
    newTable: "Nouvelle table", game: "Jeu", players: "Joueurs", seat: "Place {n}",
    human: "Humain", bot: "Robot", yourName: "Votre nom", nameOptional: "Nom (facultatif)",
    level: "Niveau", create: "Créer la table", openTables: "Tables ouvertes",
    running: "En cours", finished: "Terminées", none: "Aucune pour l'instant.",
    watch: "Regarder", open: "Ouvrir", replay: "Revoir", seatsOf: "{joined}/{total} assis",
    clock: "Pendule", clockBadge: "⏱ {time} par décision",
    seating: "Places libres", seatsInvite: "sur lien d'invitation seulement",
    seatsOpen: "ouvertes à tous depuis le salon", take: "Prendre la place {n}", takeAs: "Votre nom",
    abandoned: "abandonnée", byInvitation: "sur invitation", emptySeat: "place libre",
    hints: "Autoriser les indices du coach (la table et la partie l'indiqueront)",
    yourTables: "Vos tables", table: "Table", waitingStart: "en attente du lancement par l'hôte",
    rated: "Classée : le résultat fait évoluer le classement de chacun",
    ratedHint: "Chaque personne à la table doit être connectée à un compte ; les robots ne sont pas classés.",
    ratedSignIn: "Connectez-vous pour créer une table classée (le résultat fait évoluer le classement de chacun).",
    you: "{name} (vous, avec votre compte)", ratedBadge: "classée", leaderboards: "Classements",
    account: "Un compte (un défi)", accountName: "Le nom du compte (une personne ou un robot)",
  },
});

const app = document.getElementById("app");
let games = [];
let chosen = {
  game: null, count: 3, seats: [], clock: "", onTimeout: "bot", seatsOpen: false, hints: false, rated: false,
};
let account = null;  // the signed-in account: the creator then sits at seat 1 under its name
const errorBox = el("p", { class: "error", role: "alert", id: "error" });

function seatEditor(index) {
  const seat = chosen.seats[index] ??= index === 0
    ? { kind: "human", name: playerName(), level: "casual" }
    : { kind: "bot", name: "", level: "casual" };
  const game = games.find((g) => g.name === chosen.game);
  const id = `seat-${index}`;
  return el("fieldset", { class: "row seat-editor" },
    el("legend", {}, t("seat", { n: index + 1 })),
    el("select", {
      id: `${id}-kind`, "aria-label": t("seat", { n: index + 1 }),
      onchange: (e) => { seat.kind = e.target.value; render(); },
    },
    ...["human", "bot", ...(account && index > 0 ? ["account"] : [])].map((kind) => el("option",
      { value: kind, selected: seat.kind === kind }, t(kind)))),
    seat.kind === "human" && index === 0 && account
      ? el("span", { class: "me-seat", id: `${id}-me` }, t("you", { name: account.name }))
      : seat.kind === "account"  // a challenge: the seat waits for that account's answer
      ? el("input", {
        id: `${id}-account`, type: "text", maxlength: 24, value: seat.name, autocomplete: "off",
        placeholder: t("accountName"), "aria-label": t("accountName"), required: true,
        oninput: (e) => { seat.name = e.target.value; },
      })
      : seat.kind === "bot"
      ? el("select", {
        id: `${id}-level`, "aria-label": t("level"),
        onchange: (e) => { seat.level = e.target.value; },
      }, ...game.levels.map((level) => el("option", { value: level, selected: seat.level === level },
        levelName(level))))
      : el("input", {
        id: `${id}-name`, type: "text", maxlength: 24, value: seat.name,
        placeholder: index === 0 ? t("yourName") : t("nameOptional"),
        "aria-label": index === 0 ? t("yourName") : t("nameOptional"),
        oninput: (e) => { seat.name = e.target.value; },
      }));
}

async function create(event, readOptions, module) {
  event.preventDefault();
  rememberName(chosen.seats[0]?.kind === "human" ? chosen.seats[0].name : null);
  const seats = chosen.seats.slice(0, chosen.count).map((seat, index) => seat.kind === "bot"
    ? { kind: "bot", level: seat.level }
    : seat.kind === "account" ? { kind: "human", account: seat.name.trim() }
    : index === 0 && account ? { kind: "human", me: true }  // the table follows the account
    : { kind: "human", name: seat.name.trim() || null });
  try {
    const created = await api("/api/tables", {
      method: "POST",
      body: {
        game: chosen.game, options: readOptions(), seats, seats_open: chosen.seatsOpen,
        clock_seconds: chosen.clock ? Number(chosen.clock) : null, on_timeout: chosen.onTimeout,
        hints: chosen.hints, rated: Boolean(account && chosen.rated),
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

// Take an empty seat of an open table from here, under a name, and go to it.
function claimForm(table, seat) {
  const name = el("input", {
    type: "text", maxlength: 24, id: `claim-${table.id}-${seat.position}-name`,
    "aria-label": `${t("takeAs")} (${t("take", { n: seat.position + 1 })})`, placeholder: t("takeAs"),
    autocomplete: "nickname",
  });
  return el("form", {
    class: "row claim",
    onsubmit: async (e) => {
      e.preventDefault();
      try {
        const claimed = await api(`/api/tables/${table.id}/seats/${seat.position}/claim`, {
          method: "POST", body: { name: name.value },
        });
        tokens.setSeat(table.id, claimed.token);
        location.assign(`/table/${table.id}`);
      } catch (error) {
        errorBox.textContent = t("error", { words: errorText(error) });
      }
    },
  }, name, el("button", { type: "submit", class: "take", "data-table": table.id },
    t("take", { n: seat.position + 1 })));
}

// A table anyone may sit at now: open seats, one of them still free.
const joinable = (table) => table.status === "open" && table.seats_open
  && table.seats.some((s) => s.kind === "human" && !s.joined);

/** ``linkWord``: the link's word, or null for the table's own page whatever its status. */
function tableList(title, tables, linkWord, id) {
  return el("section", { class: "panel", "aria-labelledby": id },
    el("h2", { id }, title),
    tables.length === 0 ? el("p", { class: "muted" }, t("none")) : el("ul", { class: "lobby-list" },
      ...tables.map((table) => {
        const free = table.status === "open" && table.seats_open
          ? table.seats.filter((s) => s.kind === "human" && !s.joined) : [];
        const target = linkWord === null || table.status === "playing" || table.status === "open"
          ? `/table/${table.id}` : `/replay?table=${table.id}`;
        return el("li", { "data-table": table.id },
          el("strong", {}, gameTitle(table.game)), " — ",
          el("a", { href: target }, `${linkWord ?? t("table")} ${table.id}`),
          table.rated ? el("span", { class: "badge" }, t("ratedBadge")) : null,
          table.clock_seconds ? el("span", {
            class: turnBased(table.clock_seconds) ? "badge turn-based" : "badge",
            title: clockName(table.clock_seconds, table.on_timeout),
          }, t("clockBadge", { time: duration(table.clock_seconds) })) : null,
          " — ", joined(table.seats.map((s) => (s.account ? seatName(s)
            : s.name ? displayName(s.name) : t("emptySeat")))),
          el("span", { class: "muted" }, ` (${t("seatsOf", {
            joined: table.seats.filter((s) => s.joined).length, total: table.seats.length,
          })})`),
          table.status === "abandoned" ? el("span", { class: "badge" }, t("abandoned")) : null,
          table.status === "open" && !table.seats_open
            ? el("span", { class: "badge" }, t("byInvitation")) : null,
          table.status === "open" && table.seats.every((s) => s.kind !== "human" || s.joined)
            ? el("span", { class: "badge" }, t("waitingStart")) : null,
          ...free.map((seat) => claimForm(table, seat)));
      })));
}

// Renders overlap when choices come faster than the server answers; only the
// newest may draw, or an older one would wipe what came after it (an error, say).
let renders = 0;

async function render() {
  const mine = ++renders;
  const module = await gameModule(chosen.game);
  await module.ready;
  const game = games.find((g) => g.name === chosen.game);
  const options = module.optionsForm();
  const ownIds = tokens.tables();
  const [open, running, over, own] = await Promise.all([
    ...[["open"], ["playing"], ["over", "abandoned"]].map(
      (statuses) => api(`/api/tables?${statuses.map((s) => `status=${s}`).join("&")}&limit=20`)),
    ownIds.length ? api(`/api/tables?${ownIds.map((i) => `id=${encodeURIComponent(i)}`).join("&")}`) : [],
  ]);
  if (mine !== renders) return;
  document.documentElement.lang = lang();
  // A choice that redraws the form (the game, the players, the clock) keeps the
  // keyboard where it was, rather than dropping it to the page's start.
  const focused = document.activeElement?.id;
  app.replaceChildren(
    header(t, render),
    el("main", { id: "content" },
      el("form", { class: "panel", onsubmit: (e) => create(e, options.read, module) },
        el("h1", {}, t("newTable")),
        el("div", { class: "row" },
          el("label", { for: "game" }, t("game")),
          el("select", { id: "game", onchange: (e) => { chosen.game = e.target.value; render(); } },
            ...games.map((g) => el("option", { value: g.name, selected: g.name === chosen.game },
              gameTitle(g.name)))),
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
          el("select", { id: "clock", onchange: (e) => { chosen.clock = e.target.value; render(); } },
            ...CLOCK_CHOICES.map((value) => el("option", { value, selected: chosen.clock === value },
              clockName(Number(value))))),
          // What a missed deadline does: a question only a table with a clock asks.
          ...(chosen.clock ? [
            el("label", { for: "on-timeout" }, onTimeoutLabel()),
            el("select", {
              id: "on-timeout", onchange: (e) => { chosen.onTimeout = e.target.value; render(); },
            }, ...["bot", "end"].map((value) => el("option", {
              value, selected: chosen.onTimeout === value,
            }, onTimeoutName(value))))] : [])),
        el("div", { class: "row" },
          el("label", { for: "seating" }, t("seating")),
          el("select", {
            id: "seating", onchange: (e) => { chosen.seatsOpen = e.target.value === "open"; },
          }, el("option", { value: "invite", selected: !chosen.seatsOpen }, t("seatsInvite")),
          el("option", { value: "open", selected: chosen.seatsOpen }, t("seatsOpen")))),
        // The box inside its label: on a phone the words wrap beside it, not below.
        el("label", { class: "check", for: "hints" },
          el("input", {
            type: "checkbox", id: "hints", checked: chosen.hints,
            onchange: (e) => { chosen.hints = e.target.checked; },
          }),
          t("hints")),
        account ? el("div", { class: "rated-box" },
          el("label", { class: "check", for: "rated" },
            el("input", {
              type: "checkbox", id: "rated", checked: chosen.rated, "aria-describedby": "rated-hint",
              onchange: (e) => { chosen.rated = e.target.checked; },
            }),
            t("rated")),
          el("p", { class: "hint", id: "rated-hint" }, t("ratedHint")))
          : el("p", { class: "hint" }, el("a", { href: "/account?next=/lobby" }, t("ratedSignIn"))),
        options.element,
        el("button", { type: "submit", id: "create", class: "primary" }, t("create")),
        errorBox),
      quickGame(games, account),
      own.length ? tableList(t("yourTables"), own, null, "your-tables") : null,
      tableList(t("openTables"), open.filter(joinable), t("open"), "open-tables"),
      tableList(t("running"), running, t("watch"), "running-tables"),
      tableList(t("finished"), over, t("replay"), "finished-tables"),
      el("nav", { class: "panel", "aria-labelledby": "leaderboards-title" },
        el("h2", { id: "leaderboards-title" }, t("leaderboards")),
        el("ul", { class: "row game-lines" }, ...games.map((g) => el("li", {},
          el("a", { href: `/leaderboard/${encodeURIComponent(g.name)}` }, gameTitle(g.name))))))));
  if (focused) document.getElementById(focused)?.focus();
}

games = (await installedGames()).filter((g) => g.page);
account = await currentAccount();
chosen.game = games[0].name;
await render();
// From the home page's quick-game link: the section was drawn after the browser
// looked for the fragment, so it is brought into view here.
if (location.hash === "#quick") document.getElementById("quick-game")?.focus();
