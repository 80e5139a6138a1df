// Keyboard and screen-reader repairs of Material's page parts (extra_javascript, type=module;
// runs once per tab, and again on every page of instant navigation through document$):
//  - the ☰ button is a <label for="__drawer"> that no key reaches: site.css hides the closed
//    drawer (its links were invisible Tab stops), so the label becomes a button — focusable,
//    named as the navigation it opens, aria-expanded — that Enter and Space open the drawer
//    with (the focus goes to the first link of the level it shows); Escape in the open drawer
//    closes it and comes back to ☰;
//  - a table wider than the column scrolls sideways inside Material's .md-typeset__scrollwrap,
//    which no key could scroll: while it overflows it is a named region in the Tab order (arrow
//    keys scroll it), checked again when its size or its table's changes.
import { t, langOf } from "../tianjiu/i18n.js";

const drawer = document.getElementById("__drawer");

function drawerButton() {
  const button = document.querySelector('.md-header label.md-header__button[for="__drawer"]');
  if (!drawer || !button) return;
  const sync = () => button.setAttribute("aria-expanded", String(drawer.checked));
  sync();
  if (button.dataset.tjButton) return;
  button.dataset.tjButton = "";
  button.tabIndex = 0;
  button.setAttribute("role", "button");
  const nav = document.querySelector(".md-nav--primary");
  button.setAttribute("aria-label", (nav && nav.getAttribute("aria-label")) || "Navigation");
  drawer.addEventListener("change", sync);
  button.addEventListener("click", () => setTimeout(sync));
  button.addEventListener("keydown", (event) => {
    if (event.key !== "Enter" && event.key !== " ") return;
    event.preventDefault();
    // Material's own keyboard handler clicks a focused label on Enter (not on Space): the
    // label is clicked here only if nothing has toggled the drawer once the key is handled
    const was = drawer.checked;
    setTimeout(() => {
      if (drawer.checked === was) button.click();   // the label toggles the checkbox (Material hears its change)
      sync();
      if (!drawer.checked) return;
      const sidebar = document.querySelector(".md-sidebar--primary");
      if (!sidebar) return;
      // the first link of the level the drawer opens at (this page's section: Material slides
      // its panel over the levels above)
      const panel = [...sidebar.querySelectorAll(".md-nav__toggle:checked ~ .md-nav")].pop() || sidebar;
      const shown = (el) => el.tabIndex >= 0 && el.getClientRects().length > 0 && getComputedStyle(el).visibility === "visible";
      const to = [...panel.querySelectorAll("a[href], [tabindex='0']")].find(shown);
      if (to) to.focus();
    });
  });
}

document.addEventListener("keydown", (event) => {
  if (event.key !== "Escape" || !drawer || !drawer.checked) return;
  const active = document.activeElement;
  const button = document.querySelector('.md-header label.md-header__button[for="__drawer"]');
  if (!button || !active || !active.closest(".md-sidebar--primary")) return;
  button.click();
  button.setAttribute("aria-expanded", "false");
  button.focus();
});

function scrollTables() {
  for (const wrap of document.querySelectorAll(".md-typeset__scrollwrap")) {
    const overflows = wrap.scrollWidth > wrap.clientWidth + 1;
    if (overflows === wrap.hasAttribute("tabindex")) continue;
    if (overflows) {
      wrap.tabIndex = 0;
      wrap.setAttribute("role", "region");
      wrap.setAttribute("aria-label", t(langOf(wrap), "page.tableScroll"));
    } else {
      for (const name of ["tabindex", "role", "aria-label"]) wrap.removeAttribute(name);
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
    for (const wrap of document.querySelectorAll(".md-typeset__scrollwrap")) {
      sizes.observe(wrap);
      if (wrap.firstElementChild) sizes.observe(wrap.firstElementChild);
    }
  }
}

if (window.document$) window.document$.subscribe(onPage);
else onPage();
