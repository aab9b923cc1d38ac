// A player's profile (/player/<name>): since when they play here; per game
// their finished games, wins and rating, with the rating's history drawn by
// uPlot (vendor/, see the Makefile's vendor target) and said in words and a
// table for those who do not see the chart; their latest games.
import { api, el, errorText, gameTitle, header, installedGames, lang, plural, translator } from "/static/common.js";
import { LINE_WORDS, botBadge, finishedLine, provisionalNote, ratingText } from "/static/game-lines.js";
import uPlot from "/static/vendor/uPlot.esm.js";

const t = translator({
  en: {
    player: "Player", memberSince: "Member since {date}", "speaks.en": "Plays in English",
    "speaks.fr": "Plays in French", games: "Games", wins: "Wins",
    rating: "Rating", notRated: "not rated yet", "ratedGames.one": "{n} rated game",
    "ratedGames.other": "{n} rated games", history: "The rating over time",
    chartSummary: "From {first} to {last} over {count}; lowest {low}, highest {high}.",
    "points.one": "{n} rated game", "points.other": "{n} rated games",
    points: "The chart's points", when: "After the game of", recent: "Latest games",
    noGames: "No finished game yet.", leaderboard: "Leaderboard of {game}", notFoundTitle: "No such player",
  },
  fr: {
    player: "Joueur", memberSince: "Membre depuis le {date}", "speaks.en": "Joue en anglais",
    "speaks.fr": "Joue en français", games: "Parties", wins: "Victoires",
    rating: "Classement", notRated: "pas encore classé", "ratedGames.one": "{n} partie classée",
    "ratedGames.other": "{n} parties classées", history: "Le classement au fil du temps",
    chartSummary: "De {first} à {last} en {count} ; au plus bas {low}, au plus haut {high}.",
    "points.one": "{n} partie classée", "points.other": "{n} parties classées",
    points: "Les points du graphique", when: "Après la partie du", recent: "Dernières parties",
    noGames: "Aucune partie terminée pour l'instant.", leaderboard: "Classement {ofGame}",
    notFoundTitle: "Joueur introuvable",
  },
}, LINE_WORDS);

const app = document.getElementById("app");
const name = decodeURIComponent(location.pathname.split("/").pop());
const errorBox = el("p", { class: "error", role: "alert", id: "error" });
let profile = null;
let refusal = null;
let charts = [];  // the uPlot charts drawn, destroyed at each redraw

if (!document.querySelector('link[href="/static/vendor/uPlot.min.css"]')) {
  document.head.append(el("link", { rel: "stylesheet", href: "/static/vendor/uPlot.min.css" }));
}

const dateOf = (iso, options = { dateStyle: "long" }) => new Intl.DateTimeFormat(lang(), options)
  .format(new Date(iso));
const ofName = (words) => (/^[aeiouyàâéèêîôû]/i.test(words) ? `d'${words}` : `de ${words}`);

// The palette's colours, read from the page's CSS variables: the chart follows the theme.
function palette() {
  const style = getComputedStyle(document.documentElement);
  const colour = (name) => style.getPropertyValue(name).trim();
  return { ink: colour("--ink"), muted: colour("--muted"), line: colour("--line"),
    stroke: colour("--link"), surface: colour("--surface"),
    font: `12px ${getComputedStyle(document.body).fontFamily}` };
}

function axisDates(span) {
  const options = span < 2 * 86400 ? { hour: "2-digit", minute: "2-digit" }
    : { day: "numeric", month: "short" };
  const format = new Intl.DateTimeFormat(lang(), options);
  // A label the tick before already says is left out ("Dec 4", "", "Dec 5").
  return (_, splits) => splits.map((s) => format.format(new Date(s * 1000)))
    .map((label, index, labels) => (index && labels[index - 1] === label ? "" : label));
}

/** The chart of ``history`` [{at, rating}] into ``box``, as wide as the box. */
function drawChart(box, history) {
  const colours = palette();
  const xs = history.map((point) => Date.parse(point.at) / 1000);
  const ys = history.map((point) => point.rating);
  const span = xs.at(-1) - xs[0];
  const axis = { stroke: colours.muted, font: colours.font, grid: { stroke: colours.line, width: 1 },
    ticks: { stroke: colours.line, width: 1 } };
  const chart = new uPlot({
    width: Math.max(200, box.clientWidth), height: 220,
    legend: { show: false },
    cursor: { show: false },
    scales: {
      // One game, or several in a moment: a day each side, not a range of nothing.
      x: { time: true, range: () => (span < 3600 ? [xs[0] - 86400, xs.at(-1) + 86400] : [xs[0], xs.at(-1)]) },
      // Rounded to fifties around the points, so a small change shows as one.
      y: { range: () => [Math.floor((Math.min(...ys) - 20) / 50) * 50, Math.ceil((Math.max(...ys) + 20) / 50) * 50] },
    },
    axes: [{ ...axis, values: axisDates(span < 3600 ? 2 * 86400 : span) }, { ...axis, size: 52 }],
    series: [{}, {
      label: t("rating"), stroke: colours.stroke, width: 2,
      points: { show: true, size: 7, stroke: colours.stroke, fill: colours.surface },
    }],
  }, [xs, ys], box);
  charts.push({ chart, box });
}

function history(game) {
  if (!game.history.length) return null;
  const ratings = game.history.map((point) => point.rating);
  const id = `chart-${game.game}`;
  const box = el("div", { class: "chart", id, "aria-hidden": "true" });
  const figure = el("figure", { class: "rating-history", "aria-labelledby": `${id}-caption` },
    el("figcaption", { id: `${id}-caption` }, el("strong", {}, t("history")), " ",
      el("span", { class: "chart-summary" }, t("chartSummary", {
        first: ratings[0], last: ratings.at(-1), low: Math.min(...ratings), high: Math.max(...ratings),
        count: plural(t, ratings.length, "points"),
      }))),
    box,
    el("details", { class: "chart-points" },
      el("summary", {}, t("points")),
      el("div", { class: "table-scroll", tabindex: 0, role: "region", "aria-label": t("points") },
        el("table", { class: "scores points" },
          el("thead", {}, el("tr", {}, el("th", { scope: "col" }, t("when")),
            el("th", { scope: "col" }, t("rating")))),
          el("tbody", {}, ...game.history.map((point) => el("tr", {},
            el("td", {}, dateOf(point.at, { dateStyle: "medium", timeStyle: "short" })),
            el("td", {}, point.rating))))))));
  return { figure, draw: () => drawChart(box, game.history) };
}

function gameSection(game) {
  const id = `game-${game.game}`;
  const drawn = history(game);
  const section = el("section", { class: "panel profile-game", id, "aria-labelledby": `${id}-title`,
    "data-game": game.game },
  el("h2", { id: `${id}-title` }, gameTitle(game.game)),
  el("dl", { class: "facts-list" },
    el("div", {}, el("dt", {}, t("games")), el("dd", {}, game.games)),
    el("div", {}, el("dt", {}, t("wins")), el("dd", {}, game.wins)),
    el("div", {}, el("dt", {}, t("rating")), el("dd", { class: "rating" }, game.rating
      ? [el("strong", {}, ratingText(game.rating.rating, game.rating.provisional)),
        el("span", { class: "muted" }, ` (${plural(t, game.rating.games, "ratedGames")})`)]
      : el("span", { class: "muted" }, t("notRated"))))),
  drawn?.figure,
  el("p", {}, el("a", { href: `/leaderboard/${encodeURIComponent(game.game)}` },
    t("leaderboard", { game: gameTitle(game.game), ofGame: ofName(gameTitle(game.game)) }))));
  return { section, draw: drawn?.draw };
}

function render() {
  document.documentElement.lang = lang();
  for (const { chart } of charts) chart.destroy();
  charts = [];
  let body;
  let draws = [];
  if (refusal) {
    document.title = `${t("notFoundTitle")} — vitrine`;
    body = [el("h1", {}, t("notFoundTitle")), el("p", { id: "not-found", class: "panel" }, errorText(refusal))];
  } else if (!profile) {
    body = [el("h1", {}, name), el("p", {}, t("loading"))];
  } else {
    document.title = `${profile.name} — vitrine`;
    const sections = profile.games.map(gameSection);
    draws = sections.map((s) => s.draw).filter(Boolean);
    const provisionalShown = profile.games.some((g) => g.rating?.provisional)
      || profile.recent.some((g) => g.rating_change?.provisional);
    body = [
      el("div", { class: "profile-head" },
        el("h1", { id: "player-name" }, profile.name, profile.bot ? [" ", botBadge()] : null),
        el("p", { class: "muted", id: "member-since" },
          t("memberSince", { date: dateOf(profile.member_since) }), " · ",
          el("span", { id: "player-language" }, t(`speaks.${profile.language}`)))),
      el("div", { class: "profile-games" }, ...sections.map((s) => s.section)),
      el("section", { class: "panel", id: "recent", "aria-labelledby": "recent-title" },
        el("h2", { id: "recent-title" }, t("recent")),
        profile.recent.length
          ? el("ul", { class: "game-lines" }, ...profile.recent.map((g) => finishedLine(g, "them")))
          : el("p", { class: "muted" }, t("noGames"))),
      provisionalShown ? provisionalNote() : null,
    ];
  }
  app.replaceChildren(header(t, render), el("main", {
    id: "content", class: "profile", "data-state": refusal ? "not-found" : profile ? "shown" : "loading",
  }, errorBox, ...body));
  for (const draw of draws) draw();  // once in the page: the box's width is known
}

// A new width (a phone turned): the charts take their boxes' width; a new theme: drawn again.
let resizing = null;
window.addEventListener("resize", () => {
  clearTimeout(resizing);
  resizing = setTimeout(() => {
    for (const { chart, box } of charts) chart.setSize({ width: Math.max(200, box.clientWidth), height: 220 });
  }, 150);
});
window.matchMedia("(prefers-color-scheme: dark)").addEventListener("change", () => { if (profile) render(); });

render();
await installedGames();
try {
  profile = await api(`/api/players/${encodeURIComponent(name)}`);
} catch (error) {
  if (error.code === "player_not_found") refusal = error;
  else errorBox.textContent = t("error", { words: errorText(error) });
}
render();
