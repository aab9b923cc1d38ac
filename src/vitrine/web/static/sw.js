// vitrine's service worker: it keeps the static shell (the pages' HTML, scripts,
// stylesheets, fonts and pictures) so the site installs on a phone's home screen
// and opens without a network.  It never keeps game state: the API's answers and
// sockets always come from the server.  Network first, so a page is never older
// than the server; the copy is for when there is no network.  The server writes
// its version below, so an upgrade installs a new worker and drops old copies.
const CACHE = "vitrine-shell-{version}";
const SHELL = ["/", "/lobby", "/static/page.html", "/static/style.css", "/static/common.js",
  "/static/errors.js", "/static/whose-turn.js",
  "/static/home.js", "/static/play.js", "/static/logo.svg"];

// What may be kept: pages, /static/ files, and the games' catalogue (/api/games: the
// games, their page files and public data, fixed for a server version); never a
// table, a record or a review.
function keepable(url) {
  if (url.origin !== location.origin) return false;
  if (url.pathname.startsWith("/api/")) return /^\/api\/games(\/|$)/.test(url.pathname);
  return true;
}

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(SHELL)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(caches.keys()
    .then((keys) => Promise.all(keys.filter((key) => key !== CACHE).map((key) => caches.delete(key))))
    .then(() => self.clients.claim()));
});

self.addEventListener("fetch", (event) => {
  const url = new URL(event.request.url);
  if (event.request.method !== "GET" || !keepable(url)) return;
  event.respondWith(fetch(event.request).then((response) => {
    if (response.ok) {
      const copy = response.clone();
      event.waitUntil(caches.open(CACHE).then((cache) => cache.put(event.request, copy)));
    }
    return response;
  }).catch(async () => (await caches.match(event.request))
    // A page never visited: every page is the same shell, whose script reads the address.
    ?? (event.request.mode === "navigate" ? caches.match("/") : Response.error())));
});

// Web Push (vitrine.server.notifications): the server's push is JSON, already in the
// person's language: {title, body, url, tag}.  A click opens the table it is about
// (a tab of this site already open goes there, else a new one).
self.addEventListener("push", (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = { body: event.data?.text() ?? "" };
  }
  event.waitUntil(self.registration.showNotification(data.title ?? "vitrine", {
    body: data.body ?? "",
    tag: data.tag,
    icon: "/static/icon-192.png",
    data: { url: data.url ?? "/" },
  }));
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const url = new URL(event.notification.data?.url ?? "/", location.origin);
  if (url.origin !== location.origin) return;  // only ever this site's own pages
  event.waitUntil(self.clients.matchAll({ type: "window", includeUncontrolled: true }).then((tabs) => {
    const tab = tabs.find((client) => new URL(client.url).origin === location.origin);
    return tab ? tab.navigate(url.href).then((opened) => (opened ?? tab).focus())
      : self.clients.openWindow(url.href);
  }));
});
