// Keyboard and screen-reader repairs of Material's page parts (extra_javascript, type=module;
// runs once per tab, and again on every page of instant navigation through document$):
//  - the ☰ button is a <label for="__drawer"> that no key reaches: site.css hides the closed
//    drawer (its links were invisible Tab stops), so a <button> takes the label's place —
//    named as the navigation it opens, aria-expanded — that opens the drawer by click, Enter
//    and Space (the focus goes to the first link of the level it shows); Escape while it is open
//    closes it and comes back to ☰;
//  - in the open drawer Tab went on into the levels it does not show (the levels above, under
//    the panel of the level shown; a level not opened) and then out to the page behind it:
//    while it is open, what it does not show is inert, Tab and Shift+Tab go round what it shows,
//    and a level's title (← its name) and this page's entry (its contents) are Tab stops too, as
//    Material's section labels are, and buttons (Enter: Material's keys; Space: ours); opening
//    or leaving a level by keyboard takes the focus to its first link, or back to its entry;
//    <html data-tj-drawer-open> says to the widgets (puzzle.js) that it covers the page;
//  - a table wider than the column scrolls sideways inside Material's .md-typeset__scrollwrap,
//    which no key could scroll: while it overflows it is a named region in the Tab order (arrow
//    keys scroll it) named after the heading above it, checked again when its size or its
//    table's changes; a code block's <code> likewise.
import { t, langOf } from "../tianjiu/i18n.js";

const drawer = document.getElementById("__drawer");
// where Material makes the navigation a drawer (site.css: below 76.25em); wider, the sidebar is
// the page's own and the drawer's checkbox means nothing (it may stay checked from a narrow window)
const narrow = matchMedia("screen and (max-width: 76.234375em)");
const drawerOpen = () => Boolean(drawer && drawer.checked && narrow.matches);

// the level the drawer shows: the last one opened (this page's section at first: Material
// slides its panel over the levels above), or the whole navigation
const levelShown = (sidebar) => [...sidebar.querySelectorAll(".md-nav__toggle:checked ~ .md-nav")].pop() || sidebar;
const shown = (el) => el.tabIndex >= 0 && el.getClientRects().length > 0 && getComputedStyle(el).visibility === "visible";
// the drawer's Tab stops on screen, in order
const drawerStops = (sidebar) =>
  [...sidebar.querySelectorAll("a[href], [tabindex]")].filter((el) => shown(el) && !el.closest("[inert]"));

function focusDrawer(options) {
  const sidebar = document.querySelector(".md-sidebar--primary");
  if (!sidebar) return;
  // the first link of the level shown (not its title, nor the logo in the top level's title)
  const to = [...levelShown(sidebar).querySelectorAll("a[href], [tabindex='0']")]
    .find((el) => shown(el) && !el.closest(".md-nav__title"));
  if (to) to.focus(options);
}

// the open drawer: what is not shown is inert (what the level shown covers: all but the way
// down to it; the levels in it not opened); closed, nothing (site.css hides it all)
function drawerLevels() {
  const sidebar = document.querySelector(".md-sidebar--primary");
  if (!sidebar) return;
  for (const el of sidebar.querySelectorAll("[data-tj-inert]")) {
    el.inert = false;
    el.removeAttribute("data-tj-inert");
  }
  // a level's title (its ← back), a section's entry and this page's (that opens its contents):
  // Tab stops and buttons
  for (const label of sidebar.querySelectorAll(".md-nav__title[for]:not([for='__drawer']), label.md-nav__link[for]")) {
    if (!label.hasAttribute("tabindex")) label.tabIndex = 0;
    label.setAttribute("role", "button");   // (it works like one: Enter, and Space below)
  }
  const open = drawerOpen();
  // (for the widgets, which know nothing of the theme: the drawer covers the page)
  document.documentElement.toggleAttribute("data-tj-drawer-open", open);
  if (!open) return;
  const level = levelShown(sidebar);
  const hide = (el) => {
    el.inert = true;
    el.dataset.tjInert = "";
  };
  for (let el = level; el !== sidebar; el = el.parentElement) {
    // (not the toggles: their labels in the level shown still work them)
    for (const other of el.parentElement.children) if (other !== el && !other.matches("input")) hide(other);
  }
  for (const nav of level.querySelectorAll(".md-nav__toggle:not(:checked) ~ .md-nav")) hide(nav);
}

function drawerButton() {
  const label = document.querySelector('.md-header label.md-header__button[for="__drawer"]');
  if (!drawer || !label) return;
  let button = label.previousElementSibling;
  if (!button || !button.classList.contains("tj-drawer-button")) {
    // a <button> in the label's place (a label may not take the button role); site.css hides
    // the label once the button is there, and the button where Material hides the label
    button = document.createElement("button");
    button.type = "button";
    button.className = "md-header__button md-icon tj-drawer-button";
    const nav = document.querySelector(".md-nav--primary");
    button.setAttribute("aria-label", (nav && nav.getAttribute("aria-label")) || "Navigation");
    button.append(...[...label.childNodes].map((node) => node.cloneNode(true)));
    button.addEventListener("click", () => {
      drawer.click();           // the checkbox: Material hears its change
      button.setAttribute("aria-expanded", String(drawer.checked));
      if (drawer.checked) focusDrawer();
    });
    label.before(button);
    label.classList.add("tj-drawer-label");
    drawer.addEventListener("change", () => {
      button.setAttribute("aria-expanded", String(drawer.checked));
      drawerLevels();
    });
  }
  button.setAttribute("aria-expanded", String(drawer.checked));
}

document.addEventListener("keydown", (event) => {
  // Space on a level's title or this page's entry: what Enter does (Material's keys), not a
  // scroll of the page behind
  if (event.key === " " && event.target.matches && event.target.matches(".md-sidebar--primary label[role='button']")) {
    event.preventDefault();
    event.target.click();
    return;
  }
  if (!["Escape", "Tab"].includes(event.key) || !drawerOpen()) return;
  const active = document.activeElement;
  const sidebar = document.querySelector(".md-sidebar--primary");
  const button = document.querySelector(".md-header .tj-drawer-button");
  // (the search's own Escape and Tab are Material's)
  if (!button || !sidebar || (active && active.closest(".md-search"))) return;
  // the focus anywhere else while the drawer covers the page (on <body> after a tap on its empty
  // part; behind it when the window narrowed with the drawer checked): Tab goes into the drawer,
  // Escape closes it
  if (event.key === "Tab") {
    // round the drawer's stops: from the last to the first, from the first (Shift) to the last
    const stops = drawerStops(sidebar);
    const end = event.shiftKey ? 0 : stops.length - 1;   // (where Tab would leave them)
    if (!stops.length || (stops.includes(active) && stops.indexOf(active) !== end)) return;
    event.preventDefault();
    stops.at(event.shiftKey ? -1 : 0).focus();
    return;
  }
  drawer.click();
  button.setAttribute("aria-expanded", "false");
  button.focus();
});

// the window widened past the drawer's width (nothing stays inert on the wide sidebar), or
// narrowed with the drawer still checked
narrow.addEventListener("change", () => {
  drawerLevels();
  // (narrowed with the focus behind the drawer that now covers it: into the drawer)
  const sidebar = document.querySelector(".md-sidebar--primary");
  if (drawerOpen() && sidebar && !sidebar.contains(document.activeElement)) focusDrawer({ preventScroll: true });
});

// a level opened or left in the open drawer
document.addEventListener("change", (event) => {
  const toggle = event.target;
  if (!drawerOpen() || !toggle.matches(".md-sidebar--primary .md-nav__toggle")) return;
  const sidebar = toggle.closest(".md-sidebar--primary");
  const inside = sidebar.contains(document.activeElement);
  drawerLevels();
  if (!inside) return;
  // (without scrolling: the level still slides in or out, and the drawer scrolled to it sideways
  // would show nothing)
  if (toggle.checked) focusDrawer({ preventScroll: true });
  else {
    const entry = sidebar.querySelector(`label.md-nav__link[for="${toggle.id}"]`);
    if (entry) entry.focus({ preventScroll: true });
  }
});

// what scrolls sideways (Material's table wrapper, a code block's <code>) and its name: after
// the heading above it (numbered where that heading has more than one), or without
const SCROLLERS = [[".md-typeset__scrollwrap", "page.tableScroll", "page.tableScrollNamed"],
  [".md-typeset pre > code", "page.codeScroll", "page.codeScrollNamed"]];
const scrollers = () => SCROLLERS.flatMap(([sel, ...keys]) => [...document.querySelectorAll(sel)].map((el) => [el, sel, keys]));

// the last h2 / h3 before an element
function headingBefore(el) {
  const article = el.closest(".md-typeset") || document;
  return [...article.querySelectorAll("h2, h3")]
    .filter((h) => h.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_FOLLOWING).pop();
}

// "The tiles", "3. Use the elements 2", or ""
function scrollerName(el, sel) {
  const heading = headingBefore(el);
  if (!heading) return "";
  const text = [...heading.childNodes].filter((node) => !(node.classList && node.classList.contains("headerlink")))
    .map((node) => node.textContent).join("").replace(/\s+/g, " ").trim();
  const same = [...document.querySelectorAll(sel)].filter((other) => headingBefore(other) === heading);
  return same.length > 1 ? `${text} ${same.indexOf(el) + 1}` : text;
}

function scrollTables() {
  for (const [wrap, sel, [key, named]] of scrollers()) {
    const overflows = wrap.scrollWidth > wrap.clientWidth + 1;
    if (overflows === wrap.hasAttribute("data-tj-scroll")) continue;
    if (overflows) {
      // (Material gives a code block tabindex of its own, but no name: keep its tabindex)
      wrap.dataset.tjScroll = wrap.hasAttribute("tabindex") ? "kept" : "added";
      wrap.tabIndex = 0;
      wrap.setAttribute("role", "region");
      const name = scrollerName(wrap, sel);
      wrap.setAttribute("aria-label", name ? t(langOf(wrap), named, { name }) : t(langOf(wrap), key));
    } else {
      if (wrap.dataset.tjScroll === "added") wrap.removeAttribute("tabindex");
      for (const name of ["data-tj-scroll", "role", "aria-label"]) wrap.removeAttribute(name);
    }
  }
}

// a wrapper's width follows the window's, its table's the fonts' (they may arrive later)
const sizes = typeof ResizeObserver === "function" ? new ResizeObserver(() => scrollTables()) : null;

function onPage() {
  drawerButton();
  drawerLevels();
  scrollTables();
  if (sizes) {
    sizes.disconnect();
    for (const [wrap] of scrollers()) {
      sizes.observe(wrap);
      if (wrap.firstElementChild) sizes.observe(wrap.firstElementChild);
    }
  }
}

if (window.document$) window.document$.subscribe(onPage);
else onPage();
