// A table's time control as every page words it (the lobby's form and lists, the
// table page, My games, the replay): "2 days per decision, then a bot plays",
// and a deadline as a date and time in the reader's locale with relative words
// ("Saturday 5 December, 09:00 (in 2 days)").  Live clocks keep their seconds
// and minutes; turn-based ones count in days (server/time_controls.py).
import { lang, translator } from "/static/common.js";

export const TIME_WORDS = {
  en: {
    noClock: "no clock", "days.one": "{n} day", "days.other": "{n} days",
    hours: "{h} h", minutes: "{m} min", seconds: "{s} s", perDecision: "{time} per decision",
    "then.bot": "then a bot plays", "then.end": "then the game ends",
    live: "live", turnBased: "turn-based", deadline: "Deadline: {when} ({relative})",
    onTimeout: "When a deadline passes", "onTimeout.bot": "a bot takes the seat",
    "onTimeout.end": "the game ends, that seat last",
    timedOut: "{name} let the deadline pass: the game ended there, and that seat ranks last.",
  },
  fr: {
    noClock: "sans pendule", "days.one": "{n} jour", "days.other": "{n} jours",
    hours: "{h} h", minutes: "{m} min", seconds: "{s} s", perDecision: "{time} par décision",
    "then.bot": "puis un robot joue", "then.end": "puis la partie s'arrête",
    live: "en direct", turnBased: "tour par tour", deadline: "Délai : {when} ({relative})",
    onTimeout: "Quand un délai passe", "onTimeout.bot": "un robot prend la place",
    "onTimeout.end": "la partie s'arrête, cette place dernière",
    timedOut: "Délai dépassé pour {name} : la partie s'est arrêtée là, et cette place est classée dernière.",
  },
};

const t = translator(TIME_WORDS);
const DAY = 86400;
/** The clocks the lobby offers, in seconds per decision ("": none): live, then turn-based. */
export const CLOCK_CHOICES = ["", "60", "300", ...[1, 2, 3, 5, 14].map((days) => String(days * DAY))];

const count = (key, n) => t(`${key}.${new Intl.PluralRules(lang()).select(n) === "one" ? "one" : "other"}`, { n });

/** A time per decision: whole days for turn-based clocks, else hours, minutes or seconds. */
export function duration(seconds) {
  if (seconds >= DAY && seconds % DAY === 0) return count("days", seconds / DAY);
  if (seconds >= 3600) return t("hours", { h: Math.round(seconds / 3600) });
  if (seconds >= 60) return t("minutes", { m: Math.round(seconds / 60) });
  return t("seconds", { s: seconds });
}

/** Whether a clock is turn-based (a day or more per decision). */
export const turnBased = (seconds) => Boolean(seconds) && seconds >= DAY;

/** "2 days per decision (turn-based), then a bot plays" (``onTimeout`` null: without
 * what a missed deadline does); "no clock". */
export function clockName(seconds, onTimeout = null) {
  if (!seconds) return t("noClock");
  const kind = t(turnBased(seconds) ? "turnBased" : "live");
  const name = `${t("perDecision", { time: duration(seconds) })} (${kind})`;
  return onTimeout ? `${name}, ${t(`then.${onTimeout}`)}` : name;
}

/** "Deadline: Sat 5 Dec 2026, 09:00 (in 2 days)", in the reader's locale and time zone. */
export function deadlineText(iso, now = Date.now()) {
  const at = new Date(iso);
  const when = new Intl.DateTimeFormat(lang(), { dateStyle: "full", timeStyle: "short" }).format(at);
  const seconds = (at.getTime() - now) / 1000;
  const relative = new Intl.RelativeTimeFormat(lang(), { numeric: "auto" });
  const [value, unit] = Math.abs(seconds) >= DAY ? [seconds / DAY, "day"]
    : Math.abs(seconds) >= 3600 ? [seconds / 3600, "hour"] : [seconds / 60, "minute"];
  return t("deadline", { when, relative: relative.format(Math.round(value), unit) });
}

/** The words said of a table whose seat ``name`` let its deadline pass and ended the game. */
export const timedOutText = (name) => t("timedOut", { name });

/** The lobby's choice of what a missed deadline does. */
export const onTimeoutName = (choice) => t(`onTimeout.${choice}`);
export const onTimeoutLabel = () => t("onTimeout");
