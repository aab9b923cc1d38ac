// Whose turn: how many games wait for the signed-in person (GET /api/account/turns),
// shown by every page's header (common.js), in the tab's title ("(2) …") and as a
// badge drawn on the favicon, so a tab in the background says it too.  The count
// is asked again every minute, and at once when the tab comes back to the front:
// a turn-based game moves while nobody watches its page.  It is one indexed query
// on the server (server/turns.py), cheap enough to ask that often.

const EVERY = 60_000;  // milliseconds between two asks while the tab is open
const TITLE_COUNT = /^\(\d+\) /;

let count = 0;
let askNow = null;  // once watching: ask for the count again now
let plainIcon = null;  // the favicon's own address, before any badge

/** The tab's title with the count in front (none at 0), whatever the page set it to. */
function showInTitle() {
  const bare = document.title.replace(TITLE_COUNT, "");
  const wanted = count ? `(${count}) ${bare}` : bare;
  if (document.title !== wanted) document.title = wanted;
}

/** The favicon with a red badge bearing the count, drawn on a canvas; the plain one at 0. */
function showOnIcon() {
  const link = document.querySelector("link[rel~='icon']");
  if (!link) return;
  plainIcon ??= link.href;
  if (!count) {
    link.href = plainIcon;
    return;
  }
  const picture = new Image();
  picture.onload = () => {
    const canvas = document.createElement("canvas");
    canvas.width = canvas.height = 64;
    const pen = canvas.getContext("2d");
    pen.drawImage(picture, 0, 0, 64, 64);
    pen.fillStyle = "#c62828";
    pen.beginPath();
    pen.arc(44, 20, 20, 0, 2 * Math.PI);
    pen.fill();
    pen.fillStyle = "#ffffff";
    pen.font = "bold 28px sans-serif";
    pen.textAlign = "center";
    pen.textBaseline = "middle";
    pen.fillText(count > 9 ? "9+" : String(count), 44, 21);
    link.href = canvas.toDataURL("image/png");
    link.type = "image/png";
  };
  picture.src = plainIcon;
}

/**
 * Keep ``onCount`` told how many games wait for the signed-in person, from now on
 * (once per page: later calls do nothing).  A refused ask (signed out elsewhere)
 * stops the asking and shows no count.
 */
export function watchTurns(onCount) {
  if (askNow) return;
  let timer = null;
  const ask = async () => {
    clearTimeout(timer);
    const response = await fetch("/api/account/turns").catch(() => null);
    if (response?.status === 401) {
      count = 0;
      showInTitle();
      showOnIcon();
      onCount(0);
      return;
    }
    if (response?.ok) {
      const { count: now } = await response.json();
      if (now !== count) {
        count = now;
        showOnIcon();
      }
      showInTitle();
      onCount(count);
    }
    timer = setTimeout(ask, EVERY);
  };
  new MutationObserver(showInTitle).observe(document.head, {
    childList: true, subtree: true, characterData: true,
  });
  document.addEventListener("visibilitychange", () => { if (!document.hidden) ask(); });
  window.addEventListener("focus", ask);
  askNow = ask;
  ask();
}

/** Ask again now (after this page made a decision, say). */
export function turnsChanged() {
  askNow?.();
}
