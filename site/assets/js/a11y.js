// Keyboard and screen-reader repairs of Material's page parts (extra_javascript, type=module;
// runs once per tab, and again on every page of instant navigation through document$):
//  - the ☰ button is a <label for="__drawer"> that no key reaches: site.css hides the closed
//    drawer (its links were invisible Tab stops), so a <button> takes the label's place —
//    named as the navigation it opens, aria-expanded — that opens the drawer by click, Enter
//    and Space (the focus goes to the first link of the level it shows); Escape in the open
//    drawer closes it and comes back to ☰;
//  - a table wider than the column scrolls sideways inside Material's .md-typeset__scrollwrap,
//    which no key could scroll: while it overflows it is a named region in the Tab order (arrow
//    keys scroll it), checked again when its size or its table's changes; a code block's
//    <code> likewise.
import { t, langOf } from "../tianjiu/i18n.js";

const drawer = document.getElementById("__drawer");

function focusDrawer() {
  const sidebar = document.querySelector(".md-sidebar--primary");
  if (!sidebar) return;
  // the first link of the level the drawer opens at (this page's section: Material slides
  // its panel over the levels above)
  const panel = [...sidebar.querySelectorAll(".md-nav__toggle:checked ~ .md-nav")].pop() || sidebar;
  const shown = (el) => el.tabIndex >= 0 && el.getClientRects().length > 0 && getComputedStyle(el).visibility === "visible";
  const to = [...panel.querySelectorAll("a[href], [tabindex='0']")].find(shown);
  if (to) to.focus();
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
    drawer.addEventListener("change", () => button.setAttribute("aria-expanded", String(drawer.checked)));
  }
  button.setAttribute("aria-expanded", String(drawer.checked));
}

document.addEventListener("keydown", (event) => {
  if (event.key !== "Escape" || !drawer || !drawer.checked) return;
  const active = document.activeElement;
  const button = document.querySelector(".md-header .tj-drawer-button");
  if (!button || !active || !active.closest(".md-sidebar--primary")) return;
  drawer.click();
  button.setAttribute("aria-expanded", "false");
  button.focus();
});

// what scrolls sideways (Material's table wrapper, a code block's <code>) and its name
const SCROLLERS = [[".md-typeset__scrollwrap", "page.tableScroll"], [".md-typeset pre > code", "page.codeScroll"]];
const scrollers = () => SCROLLERS.flatMap(([sel, key]) => [...document.querySelectorAll(sel)].map((el) => [el, key]));

function scrollTables() {
  for (const [wrap, key] of scrollers()) {
    const overflows = wrap.scrollWidth > wrap.clientWidth + 1;
    if (overflows === wrap.hasAttribute("data-tj-scroll")) continue;
    if (overflows) {
      // (Material gives a code block tabindex of its own, but no name: keep its tabindex)
      wrap.dataset.tjScroll = wrap.hasAttribute("tabindex") ? "kept" : "added";
      wrap.tabIndex = 0;
      wrap.setAttribute("role", "region");
      wrap.setAttribute("aria-label", t(langOf(wrap), key));
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
