// Drawing for <tj-puzzle>: the table (four seats, 棟, banker, the trick), a line of
// tricks (solution, reveal) and the values view.  Pure DOM from JSON; no engine.
import { h } from "../widget.js";
import { tileSvg, BY_CODE, tileNames, tileNamesExact, tileCaption } from "../tiles.js";
import { label, engineText } from "../i18n.js";

export const SEATS = ["E", "S", "W", "N"];
const POS = ["bottom", "right", "top", "left"];   // hero, 下家, 對家, 上家 (play runs E→S→W→N)
const REL = ["hero", "next", "across", "prev"];

/** Engine text {hant, hans?, en} in a language (简体 by the build's character table). */
export function loc(obj, lang) {
  if (obj === null || obj === undefined) return "";
  if (typeof obj === "string") return engineText(obj, lang);
  if (lang === "en") return obj.en ?? obj.hant ?? "";
  if (lang === "hans") return obj.hans ?? engineText(obj.hant ?? "", "hans");
  return obj.hant ?? obj.en ?? "";
}

export function seatName(seat, lang) {
  return label("seats", seat, lang);
}

export { tileNames };   // (from tiles.js: the widgets of the trainer import it from here)

/** A bracketed aside after a word: " (you)" in English, "（你）" in Chinese — full-width
 *  brackets and no space before them (no space before full-width punctuation). */
export function aside(text, lang) {
  return lang === "en" ? ` (${text})` : `（${text}）`;
}

/** A pause for screen readers between two pieces of a line that the eye tells apart by the
 *  space between them (a flex row): "；" / "; ", visually hidden. */
export function srPause(lang) {
  return h("span", { class: "tj-sr-only" }, lang === "en" ? "; " : "；");
}

/** The pieces (nulls dropped) with a pause (srPause) between each two. */
export function srSeparated(pieces, lang) {
  return pieces.filter(Boolean).flatMap((el, i) => (i ? [srPause(lang), el] : [el]));
}

/** "+6", "−2", "0", "+1.5" (a real minus sign; hidden puzzles give expected values). */
export function fmtValue(v) {
  if (typeof v !== "number" || !Number.isFinite(v)) return "?";
  const r = Math.round(v * 100) / 100;
  const s = Number.isInteger(r) ? String(Math.abs(r)) : Math.abs(r).toFixed(2).replace(/0$/, "");
  return r > 0 ? `+${s}` : r < 0 ? `−${s}` : "0";
}

/** A value with its unit: "+6 注" / "+6 units", "−1 unit" (t: the widget's t()). */
export function unitsText(v, t) {
  const s = fmtValue(v);
  return t(s === "+1" || s === "−1" ? "puzzle.unit1" : "puzzle.units", { v: s });
}

/** A hero move as a phrase: "出天" / "Teen" (a play), "墊雜五" / "discarding Chop Ng". */
export function moveText(a, lang, t) {
  const tiles = tileNames(a.tiles || [], lang);
  return t(a.kind === "play" ? "puzzle.moveLead" : "puzzle.moveDiscard", { tiles });
}

/** What happens after a move with best play by everyone (puzzle_step's "refutation"):
 *  the first tricks, who finishes and how, and the hero's 棟 and result.  "North wins this
 *  trick with Gee Joon six; South wins the next with Ping. South finishes. You end with
 *  1 棟: −3 units." */
export function storyText(ref, { lang, t, hero, shown = 2 }) {
  const en = lang === "en";
  const tricks = ref.tricks || [];
  const parts = tricks.slice(0, shown).map((tr, i) => t(i === 0 ? "puzzle.storyThis" : "puzzle.storyNext",
    { seat: seatName(tr.winner, lang), tiles: tileNames(tr.tiles, lang) }));
  const more = tricks.length - shown;
  if (more > 0) parts.push(t(more === 1 ? "puzzle.storyLater1" : "puzzle.storyLater", { n: more }));
  let text = parts.length ? parts.join(en ? "; " : "，") + (en ? ". " : "。") : "";
  if (en && text) text = text[0].toUpperCase() + text.slice(1);
  const seat = seatName(ref.finisher, lang);
  text += ref.finish && ref.finish !== "plain"
    ? t("puzzle.storyFinishKind", { seat, kind: label("finishes", ref.finish, lang) })
    : t("puzzle.storyFinish", { seat });
  const dong = ref.dong ? ref.dong[hero] : null;
  const units = unitsText(ref.value, t);
  text += (en ? " " : "") + (dong === 0 ? t("puzzle.storyEnd0", { units }) : t("puzzle.storyEnd", { dong, units }));
  return text;
}

/** Tiles of an action (face-up codes; a discard's codes when known, else its size in backs). */
export function actionSize(a) {
  return (a.tiles ? a.tiles.length : 0) + (a.unknown || 0);
}

/** A row of tile pictures: codes (null = face down) or a number of face-down tiles. */
export function tileRow(tiles, { height = 40, lang = "hant", cls = "" } = {}) {
  const codes = typeof tiles === "number" ? Array(tiles).fill(null) : tiles;
  const row = h("span", { class: `tj-pz__row ${cls}`.trim() });
  row.innerHTML = codes.map((c) => tileSvg(c, { height, lang })).join("");
  return row;
}

/** Face-up tiles each with its name under it (the others' open hands: English pages
 *  give the Chinese name too, as on the hero's tiles). */
export function namedRow(codes, { height = 48, lang = "hant" } = {}) {
  return h("span", { class: "tj-pz__row tj-pz__named" }, codes.map((code) => {
    const cell = h("span", { class: "tj-pz__named-tile", dataset: { code } });
    cell.innerHTML = tileSvg(code, { height, lang });
    cell.append(h("span", { class: "tj-pz__tile-name", "aria-hidden": "true" }, ...tileCaption(code, lang)));
    return cell;
  }));
}

/** What an action is in words: "天、九" / "墊 2 張" (face down) / "墊 天" (revealed). */
export function actionWords(a, lang, t, { reveal = false } = {}) {
  const n = actionSize(a);
  if (a.kind === "play") return tileNames(a.tiles, lang);
  if (reveal && a.tiles && a.tiles.length) return t("puzzle.discardedTiles", { tiles: tileNames(a.tiles, lang) });
  return t("puzzle.discardedN", { n });
}

/** One action: seat, tiles (face up, or backs for a discard unless revealed), words.
 *  auto: the hero's action was played by the engine (after the graded moves); "last" when it
 *  is the hero's last tiles on the hand's last trick (what was kept: nothing left to choose). */
export function actionView(a, lang, t, { height = 40, reveal = false, best = false, mine = false, auto = false } = {}) {
  const down = a.kind !== "play";
  const show = down && !(reveal && a.tiles && a.tiles.length) ? actionSize(a) : a.tiles;
  const cls = ["tj-pz__act", down ? "is-down" : "", best ? "is-best" : "", mine ? "is-mine" : "", reveal && down ? "is-revealed" : "", auto ? "is-auto" : ""];
  return h("li", { class: cls.filter(Boolean).join(" "), dataset: { seat: a.seat, kind: a.kind, tiles: (a.tiles || []).join(" ") } },
    h("span", { class: "tj-pz__act-seat" }, seatName(a.seat, lang)),
    tileRow(show, { height, lang }),
    h("span", { class: "tj-pz__act-what" }, actionWords(a, lang, t, { reveal }),
      best ? h("span", { class: "tj-pz__mark-best" }, `${lang === "en" ? " " : ""}${t("puzzle.bestSoFar")}`) : null,   // （最大）: no space before it
      auto ? h("span", { class: `tj-badge tj-pz__badge-auto${auto === "last" ? " is-last" : ""}` },
        t(auto === "last" ? "puzzle.lastLeft" : "puzzle.byEngine")) : null));
}

/** The seat whose play is best in a trick so far: the last face-up play (a follower's play must beat). */
export function bestSeat(trick) {
  let best = null;
  for (const a of trick) if (a.kind === "play") best = a.seat;
  return best;
}

/** The table.  frame: {holdings: {E: codes|count}, dong, banker, banker_streak, leader,
 *  to_act, trick, winner?, last?: {actions, winner, size}}; hero: seat; hand: the hero's
 *  interactive hand (an element) or null to draw the tiles. */
export function tableView(frame, { lang, t, hero, hand = null, controls = null, height = 40, heroHeight = 56, oppHeight = 48, reveal = false, compact = null }) {
  const hi = SEATS.indexOf(hero);
  const seats = SEATS.map((_, k) => SEATS[(hi + k) % 4]);
  const panels = seats.map((seat, k) => {
    const held = frame.holdings[seat];
    const isHero = k === 0;
    const badges = [];
    if (frame.banker === seat) badges.push(h("span", { class: "tj-badge tj-pz__badge-banker", title: t("puzzle.bankerTitle", { n: frame.banker_streak, m: frame.banker_streak + 1 }) }, t("puzzle.banker")));
    if (frame.to_act === seat) badges.push(h("span", { class: "tj-badge tj-pz__badge-turn" }, t("puzzle.toAct")));
    const n = typeof held === "number" ? held : (held || []).length;
    let tiles;
    if (isHero && hand) tiles = hand;
    else if (typeof held === "number") tiles = tileRow(held, { height, lang, cls: "is-hidden" });
    else tiles = namedRow(held || [], { height: isHero ? heroHeight : oppHeight, lang });   // open hands: read them
    return h("section", {
      class: `tj-pz__seat${isHero ? " is-hero" : ""}${frame.to_act === seat ? " is-turn" : ""}`,
      dataset: { seat, pos: POS[k], tiles: typeof held === "number" ? "" : (held || []).join(" ") },
      "aria-label": `${seatName(seat, lang)}${aside(t(`puzzle.rel.${REL[k]}`), lang)}`,
    },
    h("div", { class: "tj-pz__seat-head" },
      h("span", { class: "tj-pz__seat-name" }, seatName(seat, lang)),
      h("span", { class: "tj-pz__seat-rel" }, t(`puzzle.rel.${REL[k]}`)),
      ...badges,
      dongBadge(frame.dong[seat], isHero, t),
      n || !isHero ? h("span", { class: "tj-pz__left" }, t("puzzle.tilesLeft", { n })) : null),
    tiles,
    isHero && controls ? controls : null);
  });
  // (on a phone the others sit side by side when they hold at most 4 tiles: 5 would stack up;
  // a puzzle passes its start's answer, so the board does not change shape during the replies)
  const side = compact ?? compactTable(frame, hero);
  return h("div", { class: `tj-pz__table${side ? " is-compact" : ""}` }, panels[2], panels[3], trickView(frame, { lang, t, height, reveal }), panels[1], panels[0]);
}

/** Whether a phone draws the others of ``frame`` side by side (tableView's ``compact``): when
 *  none holds more than 4 tiles. */
export function compactTable(frame, hero) {
  return SEATS.filter((s) => s !== hero).every((seat) => {
    const held = frame.holdings[seat];
    return (typeof held === "number" ? held : (held || []).length) <= 4;
  });
}

/** A seat's 棟 badge.  English says "1 棟 (stack)"; the others' badges also carry the short
 *  "1 棟" that a phone's side-by-side row shows instead (the CSS picks one; the hero's keeps the
 *  gloss). */
function dongBadge(n, isHero, t) {
  const long = t("puzzle.dong", { n });
  const short = t("puzzle.dongShort", { n });
  return h("span", { class: "tj-pz__dong", dataset: { dong: n } },
    isHero || short === long ? long
      : [h("span", { class: "tj-pz__dong-long" }, long), h("span", { class: "tj-pz__dong-short" }, short)]);
}

/** The trick in progress, or (between tricks) the last finished trick. */
export function trickView(frame, { lang, t, height = 40, reveal = false }) {
  const live = frame.trick && frame.trick.length ? frame.trick : null;
  const shown = live || (frame.last ? frame.last.actions : []);
  const winner = live ? (frame.winner ?? null) : frame.last ? frame.last.winner : null;
  const best = winner ?? bestSeat(shown);
  let title;
  if (live && frame.winner != null) title = t("puzzle.trickWon", { seat: seatName(frame.winner, lang), n: actionSize(live[0]) });
  else if (live) title = t("puzzle.trickNow", { n: actionSize(live[0]) });
  else if (frame.last) title = t("puzzle.trickLast", { seat: seatName(frame.last.winner, lang), n: frame.last.size });
  else title = t("puzzle.trickNone");
  return h("div", { class: `tj-pz__trick${live ? "" : " is-past"}`, role: "group", "aria-label": title },
    h("p", { class: "tj-pz__trick-title" }, title),
    shown.length ? h("ol", { class: "tj-pz__acts" }, shown.map((a) => actionView(a, lang, t, { height, reveal, best: a.seat === best && a.kind === "play", auto: !!a.auto }))) : null);
}

/** A whole line of tricks (solution / reveal): [{actions, winner, size}], discards face up.
 *  graded: how many of the hero's actions were the user's (the rest are marked as the engine's). */
export function lineView(tricks, { lang, t, hero, height = 40, title = null, startNo = 1, graded = Infinity }) {
  let heroActs = 0;
  // (the hero's tiles on the hand's last trick are no choice: they are what was kept — often the
  // point of the puzzle, which "played by the engine" made look like the engine's doing)
  const last = tricks.length - 1;
  const auto = (a, i) => (a.seat === hero && ++heroActs > graded ? (i === last && tricks[last].winner ? "last" : true) : false);
  return h("div", { class: "tj-pz__line" },
    title ? h("p", { class: "tj-subtitle" }, title) : null,
    h("ol", { class: "tj-pz__tricks" }, tricks.map((tr, i) => h("li", { class: "tj-pz__line-trick", dataset: { winner: tr.winner ?? "" } },
      h("p", { class: "tj-pz__line-title" }, t("puzzle.trickNo", { n: startNo + i }),
        tr.winner ? ` — ${t("puzzle.wins", { seat: seatName(tr.winner, lang), n: tr.size ?? actionSize(tr.actions[0]) })}` : ""),
      h("ol", { class: "tj-pz__acts" }, tr.actions.map((a) => actionView(a, lang, t, {
        height, reveal: true, best: a.seat === tr.winner && a.kind === "play", mine: a.seat === hero, auto: auto(a, i),
      })))))));
}

/** The values view: for each hero turn, every action with its value; the best marked. */
export function valuesView(steps, { lang, t, played = [], hidden = false }) {
  return h("div", { class: "tj-pz__values" },
    h("p", { class: "tj-subtitle" }, t("puzzle.valuesTitle")),
    h("p", { class: "tj-pz__note" }, t(hidden ? "puzzle.valuesNoteHidden" : "puzzle.valuesNote")),
    steps.map((step, i) => h("table", { class: "tj-pz__vtable", dataset: { step: i } },
      h("caption", {}, t("puzzle.stepNo", { n: i + 1, seat: seatName(step.to_act, lang) })),
      h("thead", {}, h("tr", {}, h("th", { scope: "col" }, t("puzzle.colAction")), h("th", { scope: "col" }, t(hidden ? "puzzle.colMean" : "puzzle.colValue")),
        hidden ? h("th", { scope: "col" }, t("puzzle.colShare")) : null, h("th", { scope: "col" }, ""))),
      h("tbody", {}, step.actions.map((row) => {
        const a = parseAction(row.action);
        const mine = step.move ?? played[i];
        const yours = played.length > 0 && mine != null && sameAction(mine, row.action);
        return h("tr", { class: `${row.best ? "is-best" : ""}${yours ? " is-yours" : ""}`.trim(), dataset: { action: row.action, value: row.value } },
          h("td", {}, h("span", { class: "tj-pz__vaction" }, tileRow(a.tiles, { height: 40, lang }),
            h("span", {}, a.kind === "discard" ? t("puzzle.discardedTiles", { tiles: tileNames(a.tiles, lang) }) : tileNames(a.tiles, lang)))),
          h("td", { class: "tj-pz__vvalue" }, fmtValue(row.value)),
          hidden ? h("td", { class: "tj-pz__vshare" }, row.best_share == null ? "" : `${Math.round(row.best_share * 100)}%`) : null,
          h("td", {}, row.best ? h("span", { class: "tj-badge tj-badge--finish" }, t("puzzle.best")) : null,
            yours ? h("span", { class: "tj-badge tj-pz__badge-you" }, t("puzzle.yourMove")) : null));
      })))));
}

/** "discard 12 15" → {kind: "discard", tiles: ["12", "15"]}; "66 36" → play. */
export function parseAction(text) {
  const words = String(text).trim().split(/\s+/).filter(Boolean);
  let kind = "play";
  if (words[0] === "discard" || words[0] === "down") kind = words.shift();
  return { kind, tiles: words.filter((w) => w !== "-") };
}

/** Same action regardless of tile order: "discard 15 12" = "discard 12 15". */
export function sameAction(a, b) {
  const x = parseAction(a);
  const y = parseAction(b);
  return x.kind === y.kind && [...x.tiles].sort().join(" ") === [...y.tiles].sort().join(" ");
}

/** The display frames of one step: the hero's action then each reply, trick by trick.
 *  before/after: state JSON; actions: [heroAction, ...replies] (action JSON). */
export function stepFrames(before, actions, after) {
  const holdings = {};
  for (const s of SEATS) {
    const held = before.holdings[s];
    holdings[s] = typeof held === "number" ? held : [...(held || [])];
  }
  const dong = { ...before.dong };
  const done = (after.tricks || []).slice((before.tricks || []).length);
  let trick = [...(before.trick || [])];
  let k = 0;
  const frames = [];
  const snap = (extra = {}) => ({
    ...before, holdings: Object.fromEntries(SEATS.map((s) => [s, Array.isArray(holdings[s]) ? [...holdings[s]] : holdings[s]])),
    dong: { ...dong }, trick: [...trick], last: null, winner: null, to_act: null, ...extra,
  });
  for (const a of actions) {
    if (trick.length === 4) trick = [];
    const held = holdings[a.seat];
    if (typeof held === "number") holdings[a.seat] = Math.max(0, held - actionSize(a));
    else for (const c of a.tiles || []) {
      const i = held.indexOf(c);
      if (i >= 0) held.splice(i, 1);
      else if (held.length) held.pop();  // a face-down tile the page does not know
    }
    if (!a.tiles || a.tiles.length < actionSize(a)) {
      if (Array.isArray(held)) held.splice(held.length - (actionSize(a) - (a.tiles || []).length));
    }
    trick.push(a);
    frames.push(snap({ to_act: null }));
    if (trick.length === 4) {
      const rec = done[k++];
      if (rec) {
        dong[rec.winner] += rec.size;
        frames.push(snap({ winner: rec.winner, pause: true }));
      }
    }
  }
  return frames;
}

/** Counts per face code: {code: n}. */
function countCodes(codes) {
  const n = {};
  for (const c of codes || []) n[c] = (n[c] || 0) + 1;
  return n;
}

/** What the hero knows of the tiles it cannot see (hidden-hand puzzles): every face of the
 *  set minus the hero's hand, the tiles shown face up (pos.shown: finished tricks and the
 *  trick on the table) and the hero's own face-down discards (pos.hero_discards).
 *  Returns {shown, mine, unseen: [[code, n]…] in table order, total}. */
export function tileTracker(pos, hero) {
  const held = Array.isArray(pos.holdings[hero]) ? pos.holdings[hero] : [];
  const out = countCodes([...(pos.shown || []), ...(pos.hero_discards || []), ...held]);
  const unseen = [];
  let total = 0;
  for (const code of Object.keys(BY_CODE)) {
    const n = Math.max(0, (BY_CODE[code].copies || 0) - (out[code] || 0));
    if (n) unseen.push([code, n]);
    total += n;
  }
  return { shown: [...(pos.shown || [])], mine: [...(pos.hero_discards || [])], unseen, total };
}

/** The tile tracker as a box: shown face up, put face down by you, still unseen (per face). */
export function trackerView(pos, { lang, t, hero, height = 40 }) {
  const tr = tileTracker(pos, hero);
  const row = (title, codes, cls) => h("div", { class: `tj-pz__track-row ${cls}` },
    h("p", { class: "tj-pz__track-title" }, title),
    codes.length ? tileRow(codes, { height, lang }) : h("span", { class: "tj-pz__note" }, t("puzzle.trackNone")));
  const faces = h("ul", { class: "tj-pz__unseen" }, tr.unseen.map(([code, n]) => {
    const li = h("li", { dataset: { code, n } });
    li.innerHTML = tileSvg(code, { height, lang });
    // (beginners do not know every face yet; English pages: the Chinese name, English beside;
    // the two faces of a 雜 name, 雜五 1·4 and 2·3, with their pips)
    const name = tileNamesExact([code], lang);
    li.append(h("span", { class: "tj-pz__unseen-n" }, h("span", { class: "tj-pz__unseen-name" }, name), ` ×${n}`));
    li.title = `${name} ×${n}`;
    return li;
  }));
  return h("section", { class: "tj-pz__tracker", dataset: { unseen: tr.total }, "aria-label": t("puzzle.trackTitle", { n: tr.total }) },
    h("p", { class: "tj-pz__box-title" }, t("puzzle.trackTitle", { n: tr.total })),
    row(t("puzzle.trackShown", { n: tr.shown.length }), tr.shown, "is-shown"),
    row(t("puzzle.trackMine", { n: tr.mine.length }), tr.mine, "is-mine"),
    h("div", { class: "tj-pz__track-row is-unseen" }, h("p", { class: "tj-pz__track-title" }, t("puzzle.trackUnseen", { n: tr.total })), faces));
}

/** The tricks finished so far (a history on the board): who led, what each seat played or
 *  put face down (backs; your own discards face up: you know them), who won. */
export function historyView(tricks, { lang, t, hero, height = 40 }) {
  return h("section", { class: "tj-pz__history", dataset: { tricks: tricks.length }, "aria-label": t("puzzle.historyTitle", { n: tricks.length }) },
    h("p", { class: "tj-pz__box-title" }, t("puzzle.historyTitle", { n: tricks.length })),
    h("ol", { class: "tj-pz__tricks" }, tricks.map((tr, i) => h("li", { class: "tj-pz__hist-trick", dataset: { winner: tr.winner ?? "", leader: tr.leader ?? "" } },
      h("p", { class: "tj-pz__line-title" }, t("puzzle.trickNo", { n: i + 1 }), " — ",
        t("puzzle.histLed", { seat: seatName(tr.leader ?? tr.actions[0].seat, lang) }), lang === "en" ? "; " : "；",
        t("puzzle.wins", { seat: seatName(tr.winner, lang), n: tr.size ?? actionSize(tr.actions[0]) })),
      h("ol", { class: "tj-pz__acts" }, tr.actions.map((a) => actionView(a, lang, t, {
        height, reveal: a.seat === hero, best: a.seat === tr.winner && a.kind === "play", mine: a.seat === hero,
      })))))));
}
