// Shared pieces of the lesson widgets (lesson-quiz, lesson-trick, lesson-replay,
// lesson-deal): engine texts in the page language, tile pictures for exercises,
// and a table view of a position.  Not a widget itself.
import { h, widgetKeys } from "../widget.js";
import { tileSvg, BY_CODE, tileNames, tileCaption } from "../tiles.js";
import { label, engineText, t } from "../i18n.js";

/** An engine text {hant, en, hans?} in a language (简体 by the build's character table). */
export function txt(obj, lang) {
  if (obj === null || obj === undefined) return "";
  if (typeof obj === "string") return engineText(obj, lang);
  if (lang === "en") return obj.en ?? obj.hant;
  if (lang === "hans") return engineText(obj.hans ?? obj.hant, "hans");
  return obj.hant;
}

/** A tile picture with no name in it (exercises must not give the answer away:
 *  the sprite picture's <title> is removed and the picture is hidden from screen
 *  readers; the control around it says the pips). */
export function bareTile(code, { height = 48, lang = "hant" } = {}) {
  const html = tileSvg(code, { height, lang, hidden: true });
  return html.replace(/<title>[^<]*<\/title>/, "");
}

/** "6·6", what a screen reader hears for a tile in a quiz (its pips, not its name). */
export function pipLabel(code) {
  return code ? `${code[0]}·${code[1]}` : "?";
}

/** A row of tiles: codes, or a number of face-down tiles.  labels: each face-up tile
 *  with its name written under it (positions a learner has to read). */
export function tileRow(tiles, { height = 40, lang = "hant", named = true, cls = "", labels = false } = {}) {
  const codes = typeof tiles === "number" ? Array(tiles).fill(null) : tiles;
  const row = h("span", { class: `tj-lesson__tiles ${labels ? "has-labels " : ""}${cls}`.trim() });
  if (labels && codes.some((c) => c)) {
    row.append(...codes.map((c) => {
      const fig = h("span", { class: "tj-lesson__tile" });
      fig.innerHTML = tileSvg(c, { height, lang });
      if (c && BY_CODE[c]) fig.append(h("span", { class: "tj-lesson__tile-name", "aria-hidden": "true" }, ...tileCaption(c, lang)));
      return fig;
    }));
    return row;
  }
  if (codes.length && codes.every((c) => !c)) {
    // face-down tiles only: one picture named "5 face-down tiles", not five "tile back"s
    row.setAttribute("role", "img");
    row.setAttribute("aria-label", t(lang, "lessons.backs", { n: codes.length }));
    row.innerHTML = codes.map(() => tileSvg(null, { height, lang, hidden: true })).join("");
    return row;
  }
  row.innerHTML = codes.map((c) => (named ? tileSvg(c, { height, lang }) : bareTile(c, { height, lang }))).join("");
  return row;
}

export function seatName(seat, lang) {
  return label("seats", seat, lang);
}

export { tileNames };   // (from tiles.js)

const SEATS = ["E", "S", "W", "N"];

/** A position as a small table: one row a seat (name, badges, 棟, tiles) and the trick.
 *  board: {banker, streak?, leader?, finisher?, ask?, seats: {E: {tiles?, dong?}}, trick?: [...]}
 *  t: the widget's string function. */
export function boardView(board, lang, t, { height = 40, trickLabel = null, labels = false, open = false, hero = null } = {}) {
  // one table layout everywhere (as the puzzles): you (South unless the board says) at the
  // bottom, 下家 right, 對家 on top, 上家 left, the trick in the middle; a column on phones
  const me = SEATS.indexOf(hero || board.hero || "S");
  const pos = (s) => ["bottom", "right", "top", "left"][(SEATS.indexOf(s) - me + 4) % 4];
  const rows = SEATS.map((s) => {
    const seat = board.seats[s] || {};
    const badges = [];
    // the banker's hand number is always shown: the multiplier depends on it
    if (board.banker === s) badges.push(h("span", { class: "tj-badge" }, board.streak ? t("lessons.bankerStreak", { n: board.streak }) : t("lessons.banker")));
    if (board.leader === s && (board.trick || []).length === 0 && seat.tiles !== undefined) badges.push(h("span", { class: "tj-badge tj-badge--lead" }, t("lessons.leads")));
    if (board.finisher === s) badges.push(h("span", { class: "tj-badge tj-badge--finish" }, t("lessons.finisher")));
    if (board.ask === s) {
      const tip = t("lessons.askTitle");
      badges.push(h("span", { class: "tj-badge tj-badge--ask", title: tip, "aria-label": tip }, "?"));
    }
    return h("div", { class: "tj-lesson__seat", dataset: { seat: s, pos: pos(s) } },
      h("span", { class: "tj-lesson__seat-name" }, seatName(s, lang), ...badges),
      seat.dong !== undefined ? h("span", { class: "tj-lesson__dong" }, t("lessons.dong", { n: seat.dong })) : null,
      seat.tiles !== undefined ? tileRow(seat.tiles, { height, lang, labels }) : null);
  });
  const trick = board.trick && board.trick.length ? trickView(board.trick, lang, t, { height, best: board.best, title: trickLabel, open }) : null;
  return h("div", { class: "tj-lesson__board" }, h("div", { class: "tj-lesson__seats" }, rows, trick));
}

/** The actions of a trick in order: face-up plays, face-down discards.  open: all hands
 *  are open (played examples), so a discard shows its tiles, dimmed, named "discarded". */
export function trickView(trick, lang, t, { height = 40, best = null, title = null, open = false } = {}) {
  return h("div", { class: "tj-lesson__trick", role: "group", "aria-label": title || t("lessons.trick") },
    h("span", { class: "tj-lesson__trick-title" }, title || t("lessons.trick")),
    trick.map((a) => {
      const down = a.kind !== "play";
      const n = a.tiles.length + (a.unknown || 0);
      const shown = down && open && a.tiles.length > 0;
      const tiles = down && !shown ? tileRow(n, { height, lang }) : tileRow(a.tiles, { height, lang, cls: shown ? "is-discard" : "" });
      const what = shown ? t("lessons.discardedOpen", { tiles: tileNames(a.tiles, lang) })
        : down ? t(n === 1 ? "lessons.discarded1" : "lessons.discarded", { n }) : tileNames(a.tiles, lang);
      return h("span", { class: `tj-lesson__act${down ? " is-down" : ""}${best === a.seat && !down ? " is-best" : ""}`, dataset: { seat: a.seat } },
        h("span", { class: "tj-lesson__act-seat" }, seatName(a.seat, lang)), tiles,
        h("span", { class: "tj-lesson__act-what" }, what));
    }));
}

/** +3 / −6 / 0 with a real minus sign. */
export function signed(n) {
  return n > 0 ? `+${n}` : n < 0 ? `−${-n}` : "0";
}

/** Net payments of a settlement as a small table. */
export function paymentsView(result, lang, t) {
  return h("table", { class: "tj-lesson__pay" },
    h("thead", {}, h("tr", {}, h("th", { scope: "col" }, t("lessons.seat")), h("th", { scope: "col" }, t("lessons.dongCol")),
      h("th", { scope: "col" }, t("lessons.net")))),
    h("tbody", {}, SEATS.map((s) => {
      const n = result.payments[s];
      return h("tr", { dataset: { seat: s } },
        h("th", { scope: "row" }, seatName(s, lang), result.finisher === s ? h("span", { class: "tj-badge tj-badge--finish" }, t("lessons.finisher")) : null),
        h("td", {}, String(result.dong ? result.dong[s] : "")),
        h("td", { class: n > 0 ? "is-plus" : n < 0 ? "is-minus" : null, "data-payment": n }, signed(n)));
    })));
}

/** A control of the widget had the focus and is now disabled (the end of a replay): focus
 *  the first button of the list that still works, so the focus does not drop to <body>. */
export function keepFocus(buttons) {
  const to = buttons.find((b) => b && !b.disabled && !b.hidden);
  if (to) to.focus();
}

// The lesson widget with a stage (a quiz, a trick drill) last clicked or focused in, or null
// after a click elsewhere on the page: a click on a question's text or tiles (nothing there
// takes the focus) leaves the focus on <body>, and N then left the page in mid-stage.
const staged = new WeakSet();
let lastStaged = null;
if (typeof document !== "undefined") {
  const track = (e) => {
    const w = e.target instanceof Element ? e.target.closest(".tj-widget") : null;
    lastStaged = w && staged.has(w) ? w : null;
  };
  document.addEventListener("pointerdown", track, true);
  document.addEventListener("focusin", track, true);
}

/** While focus is inside a lesson widget, the theme's single-key shortcuts do nothing: P / N
 *  and , / . (the previous / next page: the quiz's progress would be lost in mid-stage) and
 *  S / F / / (the search box) — widget.js's widgetKeys, as the Play table and the Pai Gow
 *  widgets.
 *  own(e, key): the widget's own keys — true for a key it took (N: next question), null when
 *  it is done (a finished stage: the page's keys work again).  A widget given ``own`` has a
 *  stage: its keys (and the page keys' blocking) also hold with the focus on the page itself,
 *  as long as it was the last thing clicked. */
export function lessonKeys(widget, own = null) {
  if (own) staged.add(widget);
  widgetKeys(widget, own || (() => false), { outside: () => Boolean(own) && lastStaged === widget && widget.isConnected });
}

/** A random seed for a question (0 … 2³¹). */
export function randomSeed() {
  const a = new Uint32Array(1);
  (globalThis.crypto || { getRandomValues: (x) => { x[0] = Math.random() * 2 ** 31; return x; } }).getRandomValues(a);
  return a[0] >>> 1;
}
