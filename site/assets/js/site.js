// Site glue (extra_javascript, type=module; runs once per tab — Material's
// instant navigation keeps it alive).  Widgets mount themselves (custom
// elements); this file only
//  - starts the engine early, so it is ready when a page needs it,
//  - puts the engine indicator in the header on every page (document$),
//  - registers the service worker once the engine is ready (offline use).
import { TianJiu } from "../tianjiu/tianjiu.js";

const root = new URL("../../", import.meta.url); // the site root (this file is assets/js/site.js)

function registerOffline() {
  if (!TianJiu.build.offline || !("serviceWorker" in navigator)) return;
  navigator.serviceWorker.register(new URL("sw.js", root), { scope: root.pathname })
    .catch((err) => console.warn("offline cache unavailable:", err.message || err));
}

TianJiu.engine().then(registerOffline, () => { /* the indicator and widgets say why */ });

function placeIndicator() {
  const header = document.querySelector(".md-header__inner");
  if (!header || header.querySelector("tj-engine-status")) return;
  const status = document.createElement("tj-engine-status");
  status.className = "md-header__option tj-header-status";
  const search = header.querySelector(".md-search") || header.querySelector("label[for=__search]");
  header.insertBefore(status, search || null);
}

if (window.document$) window.document$.subscribe(() => placeIndicator());
else placeIndicator();
