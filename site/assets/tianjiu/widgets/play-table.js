// <tj-play-table seed="7"> — play Tien Gow against three engine players (issue 16).
//
// The widget knows no rules: it asks the engine (ops new_hand, act, undo, hand_record,
// replay_record) and draws the answers, which are the person's seat view (its tiles, the
// face-up plays, the others' tile counts and face-down backs) until the hand is over.
// A session: house rules and the engine players' strength chosen first, then hand after
// hand with banker succession (the engine's next_banker / next_streak), a running score,
// the settlement itemised, a recap trick by trick with every tile shown, hand records
// (download, upload, share by link in the URL fragment, the last hands kept on the device).
// State for tests: data-state ready (choosing the house rules) | playing | over | replay; data-illegal (last refusal).
import { TjWidget, defineWidget, h, explain, widgetKeys } from "../widget.js";
import { label, engineText, langOf } from "../i18n.js";
import { EngineError } from "../engine.js";
import { tileSvg, tileNames, tileNamesExact, BY_CODE } from "../tiles.js";

const SEATS = ["E", "S", "W", "N"];
const ME = "S";
const STORE = "tianjiu.play.hands.v1";
// The running session, for this tab (sessionStorage: a reload or the other language's page can
// continue it): what South may see and nothing more — the house rules, the players, the number
// of hands finished, the next banker and streak, the score, and the number of a hand being
// played (live). Never the deal's seed, and no tile: the hand being played is kept by the
// engine's worker (new_hand {keep: this tab's slot}; worker.js, bridge/keep.py), which a
// reload asks for again with resume_hand and which answers with South's view only.
const SESSION = "tianjiu.play.session.v1";
const SLOT = "tianjiu.play.slot.v1";   // this tab's name for its kept hand
let memorySlot = null;   // (no sessionStorage: a slot for as long as the page lives)
/** This tab's slot name for the engine's kept hand ("p" + 16 random hex digits); ``fresh``: a
 *  new one (this tab's from now on). */
function tabSlot(fresh = false) {
  const make = () => {
    const a = new Uint32Array(2);
    (globalThis.crypto || { getRandomValues: (x) => { x[0] = Math.random() * 2 ** 32; x[1] = Math.random() * 2 ** 32; return x; } }).getRandomValues(a);
    return `p${[...a].map((x) => x.toString(16).padStart(8, "0")).join("")}`;
  };
  try {
    const kept = sessionStorage.getItem(SLOT);
    if (!fresh && kept && /^p[0-9a-f]{16}$/.test(kept)) return kept;
    const slot = make();
    sessionStorage.setItem(SLOT, slot);
    return slot;
  } catch {
    if (fresh || !memorySlot) memorySlot = make();
    return memorySlot;
  }
}
// A duplicated tab copies sessionStorage, slot included: two tabs would then play one kept hand
// (one could finish it, see every tile, and go on in the other). So a page claims its slot with
// a Web Lock held while it lives; a page that finds the slot held by another tab takes a new one
// (and the hand kept under the old one stays with that tab).
let slotClaim = null;
/** This page's slot, claimed: {slot, moved} (moved: the tab's slot was another tab's). */
function claimSlot() {
  slotClaim ||= (async () => {
    let slot = tabSlot();
    const locks = globalThis.navigator && navigator.locks;
    if (!locks) return { slot, moved: false };
    const take = (name) => new Promise((resolve) => {
      locks.request(`tianjiu-play-${name}`, { ifAvailable: true }, (lock) => {
        resolve(Boolean(lock));
        return lock ? new Promise(() => {}) : undefined;   // held until the page goes
      }).catch(() => resolve(true));   // (locks refused: go on without)
    });
    if (await take(slot)) return { slot, moved: false };
    for (let i = 0; i < 3; i++) {
      slot = tabSlot(true);
      if (await take(slot)) break;
    }
    return { slot, moved: true };
  })();
  return slotClaim;
}
/** The kept session, if one with a finished hand is there (nothing to go on with before that). */
function readSession() {
  // (a session this page did not write — edited, or from another version — is not offered:
  // every field in the range the page itself writes; the engine checks the rules and players)
  const int = (x, lo, hi) => Number.isSafeInteger(x) && x >= lo && x <= hi;
  const obj = (x) => x !== null && typeof x === "object" && !Array.isArray(x);
  try {
    const s = JSON.parse(sessionStorage.getItem(SESSION) || "null");
    // (a session with a hand being played and none finished: hand 0, live 1)
    const live = s && s.live !== undefined && s.live !== 0 ? s.live : 0;
    return obj(s) && int(s.hand, live ? 0 : 1, 1e6) && (live === 0 || live === s.hand + 1)
      && SEATS.includes(s.banker) && int(s.streak, 1, 20)
      && obj(s.score) && SEATS.every((x) => int(s.score[x], -1e9, 1e9)) && obj(s.rules)
      && (s.method === "" || s.method === undefined || METHODS.includes(s.method))
      && STRENGTHS.includes(s.players) && PRESETS.includes(s.rules.preset)
      && (s.takeback === undefined || typeof s.takeback === "boolean")
      && (s.first === undefined || s.first === null || firstBankOk(s.first)) ? s : null;
  } catch { return null; }
}
/** A kept first-banker throw (first_banker's answer), as this page writes it. */
function firstBankOk(f) {
  return f !== null && typeof f === "object" && SEATS.includes(f.banker) && Array.isArray(f.rounds)
    && f.rounds.length >= 1 && f.rounds.length <= 10
    // (a seat that sat out a throw again — a tie among the others — has 0 in that round)
    && f.rounds.every((r) => r && typeof r === "object" && Object.entries(r).every(([k, v]) => SEATS.includes(k) && Number.isSafeInteger(v) && (v === 0 || (v >= 2 && v <= 12))));
}
const KEEP = 20;
// Where each other seat sits from South's chair (the puzzle boards' names: puzzle.rel.*)
const REL = { E: "prev", N: "across", W: "next" };
// A judged mean's range (stake units) wider than this is shown as "still counting", not a range.
const JUDGE_WIDE = 40;
const STRENGTHS = ["beginner", "club"];
const PRESETS = ["hk", "no_wen_zun", "classic"];
// 牌頭 (dealing methods) by their 繁體 name, which the engine takes, with 简体 and English names
// (the engine's tiengow/deal.py METHODS; tests/site/test_play_page.py checks they agree)
const METHOD_NAMES = {
  "間棟": ["间栋", "Every other stack"], "輪棟": ["轮栋", "One stack each, twice round"],
  "開邊左": ["开边左", "Open from the left"], "開邊右": ["开边右", "Open from the right"],
  "片面": ["片面", "Layer by layer"], "挖心": ["挖心", "Dig out the heart"], "切耳": ["切耳", "Cut the ears"],
  "龍頭鳳尾": ["龙头凤尾", "Dragon's head, phoenix's tail"], "雙翼齊飛": ["双翼齐飞", "Both wings fly"],
  "舞三獅": ["舞三狮", "Three lions dance"],
};
const METHODS = Object.keys(METHOD_NAMES);
function methodName(m, lang) {
  const n = METHOD_NAMES[m];
  if (!n) return m;
  return lang === "hans" ? n[0] : lang === "en" ? `${m} (${n[1]})` : m;
}
const CHOICES = { yao_capture_factor: [4, 2], natural_hands: ["one_red", "none", "all"], banker_rotation: ["winner", "rotate"], empty_dong_units: [5, 4] };

function seatName(s, lang) { return label("seats", s, lang); }
function signed(n) { return n > 0 ? `+${n}` : n < 0 ? `−${-n}` : "0"; }
function row(codes, height, lang, cls = "") {
  const el = h("span", { class: `tj-play__tiles ${cls}`.trim() });
  el.innerHTML = (typeof codes === "number" ? Array(codes).fill(null) : codes).map((c) => tileSvg(c, { height, lang })).join("");
  return el;
}
function b64encode(text) {
  const bytes = new TextEncoder().encode(text);
  let bin = "";
  bytes.forEach((b) => { bin += String.fromCharCode(b); });
  return btoa(bin).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}
function b64decode(text) {
  const bin = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  // (fatal: bytes that are not UTF-8 are a broken link, not text with � in it)
  return new TextDecoder("utf-8", { fatal: true }).decode(Uint8Array.from(bin, (c) => c.charCodeAt(0)));
}

/** An uploaded file's bytes as text. Bytes that are not UTF-8 — a comment's included, where
 *  TOML would take a � — are refused as `tianjiu replay` refuses the file (limits.read_text):
 *  an error naming the file and the first bad byte (the offset Python's decoder gives). */
function recordText(bytes, name) {
  try { return new TextDecoder("utf-8", { fatal: true }).decode(bytes); } catch { /* say where */ }
  const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes);   // each bad sequence → one U+FFFD
  let at = 0;
  for (const ch of text) {
    if (ch === "\uFFFD" && !(bytes[at] === 0xef && bytes[at + 1] === 0xbf && bytes[at + 2] === 0xbd)) break;
    const c = ch.codePointAt(0);
    at += c < 0x80 ? 1 : c < 0x800 ? 2 : c < 0x10000 ? 3 : 4;
  }
  const file = name.length <= 60 ? name : `${name.slice(0, 60)}…`;
  const n = at.toLocaleString("en-US");
  throw new EngineError("NotationError", `${file}: hand record is not UTF-8 text (byte ${n})`,
    `${file}：牌局紀錄不是 UTF-8 文字（第 ${n} 位元組）`);
}

/** A hand record is a few kB; the engine reads at most 200,000 characters of one
 *  (limits.BROWSER.text_chars) and a request of at most 300,000. A larger file is refused here,
 *  by its size in bytes (≥ its characters), before it is read or sent: its reason named the
 *  request's inner fields ("toml: must be a string of at most 200,000 characters",
 *  "request: longer than 300,000 characters"). */
const MAX_RECORD_BYTES = 200_000;
/** The size of a file too large to be a hand record, in words ("2.0 MB", "201 kB"), or null. */
function tooLarge(file) {
  if (file.size <= MAX_RECORD_BYTES) return null;
  return file.size >= 1e6 ? `${(file.size / 1e6).toFixed(1)} MB` : `${Math.ceil(file.size / 1000)} kB`;
}

// ------------------------------------------------------------ one session a tab
// Material's instant navigation draws a page anew — a #hand= link opened in this tab, Back to
// the Play page, a click from the glossary — and so makes a NEW <tj-play-table>, while the live
// hand exists only in the old one (the worker holds it under the old one's hand_id). So the widget
// that holds this tab's session is kept here, and a new table of the same language that connects
// while it is off the page puts it back in its own place: the hand, its score and its recap
// come back as they were (a #hand= link then waits, as it does in a live table).
let keeper = null;

/** The language of a same-site page address ("hant", "hans", "en"), or null off the site. */
function pageLanguage(url) {
  const config = document.getElementById("__config");
  if (!config) return null;
  let root;
  try { root = new URL(`${JSON.parse(config.textContent).base}/`, location.href); } catch { return null; }
  if (url.origin !== root.origin || !url.pathname.startsWith(root.pathname)) return null;
  const rel = url.pathname.slice(root.pathname.length);
  return /^en(\/|$)/.test(rel) ? "en" : /^zh-Hans(\/|$)/.test(rel) ? "hans" : "hant";
}

// A reload, closing the tab or a link that loads a whole page (the language switcher) would end
// a live hand the engine cannot keep (no storage): then the browser's own "Leave site?" asks
// first. Not once the hand is over, and not when it is kept (a reload offers to go on with it).
window.addEventListener("beforeunload", (e) => {
  if (keeper && keeper.handLive && !keeper.handKept) { e.preventDefault(); e.returnValue = ""; }
});
// Instant navigation (a click on a link of the site) fires no beforeunload. Within the language
// the hand waits for the reader to come back (above); a page of another language has a table of
// its own, so that click asks in the hand's language first. (Capture: before Material's and
// site.js's own click handlers.)
window.addEventListener("click", (e) => {
  if (!keeper || !keeper.handLive || e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
  const a = e.target instanceof Element ? e.target.closest("a[href]") : null;
  if (!a || (a.target && a.target !== "_self") || a.hasAttribute("download")) return;
  let url;
  try { url = new URL(a.href, location.href); } catch { return; }
  if (url.origin !== location.origin) return;   // another site: a whole load, beforeunload asks
  const lang = pageLanguage(url);
  if (!lang || lang === keeper.language) return;
  if (keeper.handKept) {
    keeper = null;   // (the other language's page offers to go on with the kept hand)
  } else if (confirm(keeper.t("play.leaveLanguage"))) {
    keeper = null;   // (let go: no second question from beforeunload)
  } else {
    e.preventDefault();
    e.stopImmediatePropagation();
  }
}, true);

/** A payment's arithmetic after its line: " — (4−1)=3 × banker 2" (the engine's detail without
 *  the rule's name, which the line gives); nothing when that leaves only a number ("空棟 5"). */
function itemDetail(it, lang) {
  let text = lang === "en" ? it.detail : (it.detail_zh || it.detail);
  if (it.rule_zh && text.startsWith(`${it.rule_zh} `)) text = text.slice(it.rule_zh.length + 1);
  if (/^−?-?\d+$/.test(text.trim())) return [];
  return [" ", h("small", { class: "tj-play__detail" }, `— ${engineText(text, lang)}`)];
}

export class TjPlayTable extends TjWidget {
  connectedCallback() {
    const old = keeper;
    if (old && old !== this && !old.isConnected && !this._mounted && old.language === langOf(this)) {
      this.replaceWith(old);   // (old's connectedCallback runs now: it is back, as it was)
      return;
    }
    const again = this._mounted;
    super.connectedCallback();
    if (again) this.reattached();
  }

  /** Back on the page after an instant navigation: keys again, and a #hand= link in the new
   *  address waits if a hand is live (or replays, between hands), as in a table that stayed. */
  reattached() {
    document.addEventListener("keydown", this.keyHandler);
    if (this.engine) this.fromHash();
  }

  /** The session's public part into sessionStorage (see SESSION); gone with New session. */
  storeSession() {
    const s = this.session;
    try {
      if (!s) { sessionStorage.removeItem(SESSION); return; }
      sessionStorage.setItem(SESSION, JSON.stringify({ rules: s.rules, players: s.players, method: s.method, takeback: s.takeback,
        hand: s.done, live: s.hand > s.done ? s.hand : 0, banker: s.banker, streak: s.streak, score: s.score,
        // (the first banker's dice, shown during hand 1: thrown in the open)
        ...(s.hand === 1 && s.done === 0 && this.firstBank ? { first: this.firstBank } : {}) }));
    } catch { /* no storage: the session lives as long as the page */ }
  }

  /** This table holds the tab's session from now on (see keeper). */
  keep(on = true) {
    if (on) keeper = this;
    else if (keeper === this) keeper = null;
  }

  render() {
    // a hand left half-played in this tab: claim its slot now, before the engine is up, so that
    // a copy of the tab opening meanwhile finds it held (see claimSlot)
    const live = readSession();
    if (live && live.live) claimSlot();
    this.setupEl = h("div", { class: "tj-play__setup" });
    this.tableEl = h("div", { class: "tj-play__table", hidden: true });
    this.resultEl = h("div", { class: "tj-play__result" });
    this.recapEl = h("div", { class: "tj-play__recap" });
    this.savedEl = h("div", { class: "tj-play__saved" });
    this.msgEl = h("p", { class: "tj-play__msg", role: "alert", "aria-live": "assertive" });
    // what a screen reader is told as the hand goes on (the other seats' plays, who won the
    // trick, the end of the hand, a pick by number, the recap's step, an analysis started or
    // done): a line not shown, as the puzzle boards' (puzzle.js), outside the table it redraws
    this.srEl = h("p", { class: "tj-sr tj-play__sr", "aria-live": "polite" });
    this.append(h("div", { class: "tj-play" }, this.setupEl, this.tableEl, this.msgEl, this.resultEl, this.recapEl, this.savedEl, this.srEl));
    this.selected = new Set();
    // keys work while the table is on the page and focus is in it or nowhere; the theme's own
    // keys (N: the next page …) are kept from it meanwhile (widget.js widgetKeys)
    this.keyHandler = widgetKeys(this, (e) => this.onKey(e),
      { outside: (t) => !t || t === document.body || t === document.documentElement });
    // (only while on the page: a table off it comes back through connectedCallback)
    window.addEventListener("hashchange", () => { if (this.isConnected && this.engine) this.fromHash(); });
  }

  async ready() {
    this.state = "ready";   // (setup: the every-page test expects "ready")
    await this.drawSetup();
    this.drawSaved();
    await this.fromHash();
  }

  // ------------------------------------------------------------ house rules
  async drawSetup(preset = "hk") {
    const lang = this.language;
    const opts = await this.engine.call("rules", { rules: preset });
    this.ruleInputs = {};
    const fields = Object.entries(opts).map(([key, value]) => {
      let input;
      if (CHOICES[key]) {
        input = h("select", { name: key, "data-option": key },
          CHOICES[key].map((c) => h("option", { value: String(c), selected: c === value }, this.t(`play.choice.${key}.${c}`))));
      } else {
        input = h("input", { type: "checkbox", name: key, "data-option": key, checked: value === true });
      }
      this.ruleInputs[key] = input;
      return h("label", { class: "tj-play__opt" }, input, " ", h("span", {}, this.t(`play.opt.${key}`)), " ", h("code", {}, key));
    });
    const presetSel = h("select", { name: "preset", class: "tj-play__preset", onchange: (e) => this.drawSetup(e.target.value) },
      PRESETS.map((p) => h("option", { value: p, selected: p === preset }, this.t(`play.preset.${p}`))));
    this.presetName = preset;
    this.strengthSel = h("select", { name: "players", class: "tj-play__strength" },
      STRENGTHS.map((p) => h("option", { value: p }, this.t(`play.strength.${p}`))));
    this.methodSel = h("select", { name: "method", class: "tj-play__method" },
      h("option", { value: "" }, this.t("play.methodAny")), METHODS.map((m) => h("option", { value: m }, methodName(m, this.language))));
    this.undoBox = h("input", { type: "checkbox", name: "takeback", checked: true });
    const kept = this.session ? null : readSession();
    // a half-played hand that another tab holds (this one was copied from it) is not offered
    // "from where you left it": going on here deals it anew (resumeHand)
    const moved = Boolean(kept && kept.live && (await claimSlot()).moved);
    this.setupEl.replaceChildren(...[
      kept ? h("div", { class: "tj-play__resume" },
        h("p", {}, this.t(!kept.live ? "play.resumeLine" : moved ? "play.resumeLiveMoved" : this.engine.keeps() ? "play.resumeLive" : "play.resumeLiveGone", { n: kept.hand, live: kept.live,
          score: SEATS.map((x) => `${seatName(x, lang)}${x === ME ? this.t("play.you") : ""} ${signed(kept.score[x])}`).join(lang === "en" ? ", " : "，") })),
        h("div", { class: "tj-play__row" },
          h("button", { type: "button", class: "tj-button tj-button--primary tj-play__resume-go", onclick: () => this.startSession(kept) },
            this.t(kept.live && this.engine.keeps() && !moved ? "play.resumeHand" : "play.resume", { live: kept.live })))) : null,
      h("p", { class: "tj-title" }, this.t("play.setupTitle")),
      h("div", { class: "tj-play__row" },
        h("label", {}, this.t("play.presetLabel"), " ", presetSel),
        h("label", {}, this.t("play.strengthLabel"), " ", this.strengthSel),
        h("label", {}, this.t("play.method"), " ", this.methodSel),
        h("label", {}, this.undoBox, " ", this.t("play.takebackOpt"))),
      h("details", { class: "tj-play__rules" }, h("summary", {}, this.t("play.options")), h("div", { class: "tj-play__opts" }, fields)),
      h("div", { class: "tj-play__row" },
        h("button", { type: "button", class: "tj-button tj-button--primary tj-play__start", onclick: () => this.startSession() }, this.t("play.start")),
        h("label", { class: "tj-button tj-play__upload" }, this.t("play.upload"),
          h("input", { type: "file", accept: ".toml,text/plain", class: "tj-visually-hidden", onchange: (e) => this.upload(e) })))].filter(Boolean));
    if (kept && kept.live) {
      // the hand is this page's from now on, offer taken or not: a copy of this tab opened later
      // finds the slot held (claimSlot), not a tab that merely shows the offer
      claimSlot();
    }
    if (kept && kept.live && !this.offered) {
      // a reload mid-hand left the reader where the page was (often in the help below): the offer
      // to go on with the hand is brought into view — mid-screen, clear of Material's "back to
      // top" button that scrolling up shows — and its button focused (once a page)
      this.offered = true;
      const offer = this.setupEl.querySelector(".tj-play__resume");
      const r = offer && offer.getBoundingClientRect();
      if (r && (r.top < 80 || r.bottom > innerHeight)) offer.scrollIntoView({ block: "center" });
      const go = this.setupEl.querySelector(".tj-play__resume-go");
      if (go) go.focus({ preventScroll: true });
    }
  }

  chosenRules() {
    const rules = { preset: this.presetName };
    for (const [key, input] of Object.entries(this.ruleInputs)) {
      if (input.type === "checkbox") rules[key] = input.checked;
      else rules[key] = typeof CHOICES[key][0] === "number" ? Number(input.value) : input.value;
    }
    return rules;
  }

  /** A new session from the form, or ``kept`` (readSession) continued: its score, banker and
   *  hand number go on.  The deals' seeds are the engine's own (new_hand without a seed): a
   *  page that knew one could deal the same tiles with the ``deal`` op and see every hand.
   *  Only a seed="…" attribute (tests, a reproducible example) makes the page choose them. */
  async startSession(kept = null) {
    const seedAttr = this.getAttribute("seed");
    const seed = seedAttr !== null && Number.isSafeInteger(Number(seedAttr)) && Number(seedAttr) >= 0 ? Number(seedAttr) : null;
    this.session = kept ? {
      seed, rules: kept.rules, players: kept.players, method: kept.method, takeback: kept.takeback !== false,
      hand: kept.hand, done: kept.hand, banker: kept.banker, streak: kept.streak, score: { ...kept.score }, history: [],
    } : {
      seed, rules: this.chosenRules(), players: this.strengthSel.value, method: this.methodSel.value,
      takeback: this.undoBox.checked, hand: 0, done: 0, banker: "E", streak: 1,
      score: { E: 0, S: 0, W: 0, N: 0 }, history: [],
    };
    this.keep();
    const offer = this.setupEl.querySelector(".tj-play__resume");
    if (offer) offer.remove();   // (taken, or replaced by this new session)
    this.setupEl.hidden = true;
    this.tableEl.hidden = false;
    this.firstBank = null;
    this.lockSaved(true);   // (a hand is coming: a replay now would mix the two)
    if (kept) {
      if (kept.live) await this.resumeHand(kept.live, kept.first || null);
      else {
        this.storeSession();
        await this.nextHand();
      }
      this.bringIntoView();
      return;
    }
    try {  // spec §3: every seat throws two dice, the highest total is the first banker
      // (the dice are thrown in the open: any seed will do)
      this.firstBank = await this.engine.call("first_banker", { seed: seed ?? Math.floor(Math.random() * 2 ** 31) });
      this.session.banker = this.firstBank.banker;
    } catch (err) {
      this.showMsg(explain(err, this.language));
    }
    this.storeSession();
    await this.nextHand();
    this.bringIntoView();   // the setup form was long: on a phone the table now starts above the screen
  }

  /** The live hand outlives this page: the engine's worker keeps it and this tab's storage
   *  holds the session and the slot that name it. */
  get handKept() {
    try {
      return Boolean(this.engine && this.engine.keeps && this.engine.keeps())
        && this.slot !== undefined && sessionStorage.getItem(SLOT) === this.slot && Boolean(sessionStorage.getItem(SESSION));
    } catch { return false; }
  }

  /** While a hand is dealt or played, a saved hand or a #hand= link must not replace it. */
  get handLive() { return this.state === "playing" || Boolean(this.dealing); }

  lockSaved(dealing) {
    this.dealing = dealing;
    if (this.handLive !== this.savedLocked) this.drawSaved();
  }

  /** Scroll the widget's top to the top of the screen when it is above it or low on it. */
  bringIntoView() {
    const top = this.getBoundingClientRect().top;
    if (top < 0 || top > innerHeight * 0.5) this.scrollIntoView({ block: "start", behavior: "smooth" });
  }

  /** Hand ``n`` of a kept session, half-played when the page went: the engine's worker kept it
   *  (resume_hand). If it could not (no storage, or it was dropped), say so and deal hand ``n``
   *  anew. */
  async resumeHand(n, first = null) {
    const s = this.session;
    this.lockSaved(true);
    if (n === 1 && first) this.firstBank = first;   // (kept or dealt anew: the same first banker)
    const { slot, moved } = await claimSlot();
    this.slot = slot;
    try {
      if (moved) throw new Error("the hand is another tab's");
      // (what this session expects: an edited entry, or another session's hand, is refused)
      this.view = await this.engine.call("resume_hand", { keep: slot, rules: s.rules, humans: [ME],
        players: s.players, banker: s.banker, banker_streak: s.streak });
    } catch (err) {
      this.storeSession();
      await this.nextHand();
      this.showMsg(this.t(moved ? "play.resumeElsewhere" : "play.resumeLost", { n }));
      return;
    }
    s.hand = n;
    this.storeSession();
    this.dealing = false;
    this.selected.clear();
    this.clearMsg();
    this.draw();
    const hand = this.tableEl.querySelector(".tj-play__hand");
    if (hand) hand.focus({ preventScroll: true });
  }

  async nextHand() {
    // one press, one hand: a second Enter (or click on 下一局) during the deal asked for
    // another hand and skipped a number (Hand 2 → Hand 4)
    if (this.nexting) return;
    this.nexting = true;
    try { await this.dealNext(); } finally { this.nexting = false; }
  }

  async dealNext() {
    const s = this.session;
    if (!s) return;
    await this.finishing;   // the last hand's record is saved under its own number first
    s.hand += 1;
    const seed = s.seed === null ? null : (s.seed + s.hand * 7919) % 2 ** 31;
    const method = s.method || METHODS[seed === null ? Math.floor(Math.random() * METHODS.length) : seed % METHODS.length];
    this.clearMsg();
    this.resultEl.replaceChildren();
    this.closeRecap();
    this.lockSaved(true);
    try {
      this.slot = (await claimSlot()).slot;
      this.view = await this.engine.call("new_hand", { ...(seed === null ? {} : { seed }), rules: s.rules, banker: s.banker,
        banker_streak: s.streak, method, humans: [ME], players: s.players, keep: this.slot });
    } catch (err) {
      // no hand: say why, and a way on (the table would be empty, with no button at all)
      s.hand -= 1;
      this.lockSaved(false);
      this.showMsg(explain(err, this.language));
      // (a request the engine refused as malformed fails the same way again: no Try again)
      const retry = !(err && (err.type === "NotationError" || err.type === "TooLargeError"));
      this.resultEl.replaceChildren(h("div", { class: "tj-play__row" },
        h("button", { type: "button", class: "tj-button tj-button--primary tj-play__rules-again", onclick: () => this.endSession() }, this.t("play.newSession")),
        retry ? h("button", { type: "button", class: "tj-button tj-play__retry", onclick: () => this.nextHand() }, this.t("play.retryDeal")) : null));
      this.tableEl.hidden = true;
      return;
    }
    this.dealing = false;
    this.selected.clear();
    this.storeSession();   // (hand n is live: a reload offers to go on with it)
    this.draw();
    // a natural hand (例牌) ends at the deal: settled, scored and kept like a hand played out
    // (it was shown but never counted: the session's score, the next banker and the list missed it)
    if (this.view.result) this.finishHand();
    this.announce(null, this.view);
    // the button pressed (開始 / 下一局) is gone: keyboard focus goes to the new hand, not the page
    // (the hand's group, not a tile: Enter there plays the chosen tiles, Tab reaches the tiles)
    const hand = this.tableEl.querySelector(".tj-play__hand");
    if (hand) hand.focus({ preventScroll: true });
  }

  // ------------------------------------------------------------ the table
  draw() {
    const v = this.view;
    const lang = this.language;
    const s = this.session;
    const live = !v.result;
    this.state = live ? "playing" : "over";
    if (this.handLive !== this.savedLocked) this.drawSaved();   // (a live hand locks the saved ones)
    const m = v.banker_streak + 1;
    const rulesText = Object.entries(v.rules).map(([k, val]) => (k === "preset" ? this.t(`play.preset.${val}`) : `${k} = ${val}`)).join(" · ");
    const head = h("div", { class: "tj-play__head" },
      h("span", { class: "tj-badge" }, this.t("play.handNo", { n: s.hand })),
      h("span", { class: "tj-play__banker", "data-banker": v.banker }, this.t("play.bankerLine", { seat: seatName(v.banker, lang), n: v.banker_streak, m })),
      h("span", { class: "tj-play__deal" }, this.t("play.dealLine", { method: methodName(v.method, lang), a: v.dice[0], b: v.dice[1], sum: v.dice[0] + v.dice[1] })),
      h("span", { class: "tj-play__rulesline" }, this.t("play.rulesLine", { rules: rulesText })),
      s.hand === 1 && this.firstBank ? h("span", { class: "tj-play__rulesline tj-play__firstbank" }, this.t("play.firstBank", {
        throws: this.firstBank.rounds.map((r) => SEATS.filter((x) => r[x]).map((x) => `${seatName(x, lang)} ${r[x]}`).join(" ")).join(this.t("play.firstBankAgain")),
        seat: seatName(this.firstBank.banker, lang) })) : null);
    const score = h("div", { class: "tj-play__score", "aria-label": this.t("play.score") },
      h("span", {}, this.t("play.score")), SEATS.map((x) => h("span", { "data-seat": x, class: "tj-play__score-seat" },
        `${seatName(x, lang)}${x === ME ? this.t("play.you") : ""} ${signed(s.score[x])}`)));
    // (as round a table and on the puzzle boards: East before you (上家) on the left, North across
    // (對家), West next (下家) on the right — play goes E → S → W → N)
    const seats = ["E", "N", "W"].map((x) => this.seatView(x));
    const trick = this.trickView();
    const focus = this.focusKey();
    this.tableEl.replaceChildren(head, score, h("div", { class: "tj-play__others" }, seats), trick, this.myView());
    if (!this.msgEl.isConnected) this.tableEl.after(this.msgEl);   // (it sat under the old buttons)
    if (v.result) this.showResult();
    this.restoreFocus(focus);
  }

  /** Where keyboard focus is in the table or the result, to find again once they are drawn
   *  anew (a move redraws both: focus fell to <body> after every move): {tile: i} a tile of the
   *  hand, {hand} another control of the table, {cls} a button of the result; null: elsewhere. */
  focusKey() {
    const a = document.activeElement;
    if (!a || a === this || !this.contains(a) || !(this.tableEl.contains(a) || this.resultEl.contains(a))) return null;
    if (a.classList.contains("tj-play__tile")) return { tile: Number(a.dataset.index) };
    if (this.tableEl.contains(a)) return { hand: true };
    const cls = [...a.classList].find((c) => c.startsWith("tj-play__"));
    return cls ? { cls } : null;
  }

  /** Focus back where it was (focusKey): the same tile position (or the last tile), else the
   *  hand; once the hand is over, the result's Next hand button, so that Enter deals the next
   *  hand as the keys line says (it was on Recap, and Enter opened the recap instead; the
   *  settlement is announced either way), or Recap where there is no next hand (a replay). */
  restoreFocus(key) {
    if (!key) return;
    const a = document.activeElement;
    if (a && a !== document.body && a.isConnected && this.contains(a)) return;   // (it stayed)
    let to = key.cls ? this.resultEl.querySelector(`.${key.cls}`) : null;
    if (!to && this.state === "over") to = this.resultEl.querySelector(".tj-play__nexthand, .tj-play__recapbtn");
    else if (!to) {
      const tiles = this.tableEl.querySelectorAll(".tj-play__tile");
      if (key.tile !== undefined) to = tiles[Math.min(key.tile, tiles.length - 1)] || null;
      to ||= this.tableEl.querySelector(".tj-play__hand");
    }
    if (to) to.focus({ preventScroll: true });
  }

  /** A line for screen readers (srEl); the same words again are still read. */
  speak(text) {
    const el = this.srEl;
    if (!el) return;
    el.textContent = el.textContent === text ? `${text}\u00a0` : text;
  }

  /** What happened since the view ``prev`` (null: the hand's start), for screen readers: each
   *  other seat's play as the table shows it (a face-down one by its count), each trick's
   *  winner, then the end of the hand with its result, or that it is your turn. */
  announce(prev, v) {
    const lang = this.language;
    const said = [];
    if (!prev) said.push(this.t("play.handNo", { n: this.session ? this.session.hand : 1 }));
    const done = prev ? prev.tricks.length : 0;
    const seen = prev ? prev.trick.length : 0;
    // (once the hand is over the view's trick is still the last one: not a trick of its own)
    const last = v.result ? v.tricks.length - 1 : v.tricks.length;
    for (let i = done; i <= last; i++) {
      const acts = i < v.tricks.length ? v.tricks[i].actions : v.trick;
      for (const a of acts.slice(i === done ? seen : 0)) {
        if (a.seat !== ME) said.push(`${seatName(a.seat, lang)}${lang === "en" ? ": " : "："}${this.actionWhat(a)}`);
      }
      if (i < v.tricks.length) said.push(this.t("play.srTrickWon", { seat: seatName(v.tricks[i].winner, lang), n: v.tricks[i].size }));
    }
    if (v.result) {
      const mine = v.result.payments[ME];
      said.push(this.t("play.srOver", { finish: this.finishLine(v), mine: signed(mine),
        total: signed(this.session ? this.session.score[ME] : mine) }));
    } else if (v.to_act === ME) said.push(this.t("play.srYourTurn"));
    this.speak(said.join(lang === "en" ? ". " : "。"));
  }

  badges(x) {
    const v = this.view;
    const out = [];
    if (v.banker === x) out.push(h("span", { class: "tj-badge" }, this.t("play.banker")));
    if (v.to_act === x) out.push(h("span", { class: "tj-badge tj-badge--lead" }, this.t("play.toAct")));
    if (v.result && v.result.finisher === x) out.push(h("span", { class: "tj-badge tj-badge--finish" }, this.t("play.finisher")));
    return out;
  }

  seatView(x) {
    const v = this.view;
    const lang = this.language;
    const held = v.holdings[x];
    return h("div", { class: "tj-play__seat", dataset: { seat: x } },
      h("span", { class: "tj-play__seat-name" }, seatName(x, lang), " ",
        h("small", { class: "tj-play__rel" }, this.t(`puzzle.rel.${REL[x]}`)), " ",
        h("small", {}, this.t(`play.strength.${(v.players || {})[x] || "beginner"}`)), ...this.badges(x)),
      h("span", { class: "tj-play__dong" }, this.t("play.dong", { n: v.dong[x] })),
      held ? row(held, 28, lang, "is-open") : row(v.counts[x], 28, lang, "is-backs"),
      held ? null : h("span", { class: "tj-play__count" }, this.t("play.count", { n: v.counts[x] })));
  }

  /** An action in words: the tiles' names, or a face-down one (墊 / a face-down lead) by its
   *  tiles when they are known, else by their count. */
  actionWhat(a) {
    const lang = this.language;
    const n = a.tiles.length + (a.unknown || 0);
    const led = a.kind === "down";   // a face-down lead (lead_face_down), not a 墊
    if (a.kind === "play") return tileNames(a.tiles, lang);
    return a.tiles.length ? this.t(led ? "play.ledDownOpen" : "play.discardedOpen", { tiles: tileNames(a.tiles, lang) })
      : this.t(led ? "play.ledDown" : "play.discarded", { n });
  }

  actionView(a, open = false) {
    const lang = this.language;
    const down = a.kind !== "play";
    const n = a.tiles.length + (a.unknown || 0);
    const tiles = down && !(open && a.tiles.length) ? row(n, 36, lang) : row(a.tiles, 36, lang, down ? "is-discard" : "");
    return h("span", { class: `tj-play__act${down ? " is-down" : ""}`, dataset: { seat: a.seat } },
      h("span", { class: "tj-play__act-seat" }, seatName(a.seat, lang)), tiles, h("span", { class: "tj-play__act-what" }, this.actionWhat(a)));
  }

  trickView() {
    const v = this.view;
    const lang = this.language;
    let acts = v.trick;
    let title = this.t("play.trick", { n: v.tricks.length + 1 });
    let won = null;
    if ((!acts.length || v.result) && v.tricks.length) {   // between tricks, or the hand is over
      const last = v.tricks[v.tricks.length - 1];
      acts = last.actions;
      title = this.t("play.lastTrick", { n: v.tricks.length });
      won = this.t("play.trickWon", { seat: seatName(last.winner, lang), n: last.size });
    }
    // mid-trick, the trick before stays at hand (who won it, and with what): it was gone by the
    // reader's next turn unless the reader led, as a card room always lets you look back
    let prev = null;
    if (!won && v.tricks.length) {
      const last = v.tricks[v.tricks.length - 1];
      prev = h("details", { class: "tj-play__prev", open: this.prevOpen || null,
        ontoggle: (e) => { this.prevOpen = e.currentTarget.open; } },
        h("summary", {}, this.t("play.prevTrick", { n: v.tricks.length,
          won: this.t("play.trickWon", { seat: seatName(last.winner, lang), n: last.size }) })),
        h("div", { class: "tj-play__prev-acts" }, last.actions.map((a) => this.actionView(a, v.revealed))));
    }
    return h("div", { class: "tj-play__trick", role: "group", "aria-label": title },
      h("span", { class: "tj-play__trick-title" }, title), acts.map((a) => this.actionView(a, v.revealed)),
      won ? h("p", { class: "tj-play__won" }, won) : null, prev);
  }

  /** The name under a tile of the hand (as the puzzle boards write it), so a learner need not
   *  count pips: 天, 長三 …; on English pages the Chinese name over the English one (on a phone
   *  the English one wraps within its tile, so the eight stay in one row). Hidden from screen
   *  readers: the button's label says it. */
  caption(code) {
    const lang = this.language;
    const t = BY_CODE[code];
    if (!t) return h("span", { class: "tj-play__tile-name", "aria-hidden": "true" }, "?");
    return h("span", { class: "tj-play__tile-name", "aria-hidden": "true" }, lang === "en"
      ? [h("span", { class: "tj-play__tile-zh", lang: "zh-Hant" }, t.hant), h("span", { class: "tj-play__tile-en" }, t.en)]
      : t[lang] || t.hant);
  }

  /** Tiles drawn as the live hand draws them (56 px, 48 on a phone), each named under its
   *  picture (caption), not buttons: the recap's dealt hands. */
  namedRow(codes) {
    const lang = this.language;
    return h("span", { class: "tj-play__named-row", role: "list" }, codes.map((c) => {
      const t = h("span", { class: "tj-play__named", role: "listitem", "data-code": c, html: tileSvg(c, { height: 56, lang }) });
      t.append(this.caption(c));
      return t;
    }));
  }

  myView() {
    const v = this.view;
    const lang = this.language;
    const mine = v.holdings[ME] || [];
    const tiles = mine.map((c, i) => {
      const b = h("button", {
        type: "button", class: "tj-play__tile", "data-code": c, "data-index": i, "aria-pressed": this.selected.has(i) ? "true" : "false",
        "aria-label": `${i + 1}: ${tileNames([c], lang)}`, html: tileSvg(c, { height: 56, lang }),
        onclick: () => this.toggle(i),
      });
      b.append(this.caption(c));
      return b;
    });
    const myTurn = v.to_act === ME && !v.result;
    // (once the hand is over no button is left: the settlement below says what happened)
    const btns = v.result ? [] : [
      h("button", { type: "button", class: "tj-button tj-button--primary tj-play__play", disabled: !myTurn, onclick: () => this.send("play") }, this.t("play.play")),
      h("button", { type: "button", class: "tj-button tj-play__discard", disabled: !myTurn || !v.trick.length, onclick: () => this.send("discard") }, this.t("play.discard")),
    ];
    if (v.rules.lead_face_down && !v.result) btns.push(h("button", { type: "button", class: "tj-button tj-play__down", disabled: !myTurn || v.trick.length > 0, onclick: () => this.send("down") }, this.t("play.down")));
    if (this.session.takeback && !v.result) btns.push(h("button", { type: "button", class: "tj-button tj-play__undo", disabled: !v.can_undo, onclick: () => this.takeBack() }, this.t("play.takeback")));
    // two choices that read the same (discard 雜八 holding both 雜八) name the pips of each
    const label = (a, names) => (a.kind === "play" ? names(a.tiles, lang) : this.t("play.discardChip", { tiles: names(a.tiles, lang) }));
    const plain = v.legal.map((a) => label(a, tileNames));
    const twice = new Set(plain.filter((x, i) => plain.indexOf(x) !== i));
    const legal = myTurn ? h("div", { class: `tj-play__legal${v.legal.length > 12 ? " is-long" : ""}`, "aria-label": this.t("play.legal") },
      h("span", {}, this.t("play.legal")),
      v.legal.map((a, i) => h("button", { type: "button", class: "tj-button tj-play__chip", "data-action": a.text, onclick: () => this.act({ kind: a.kind, tiles: a.tiles }) },
        twice.has(plain[i]) ? label(a, tileNamesExact) : plain[i]))) : null;
    return h("div", { class: "tj-play__me", dataset: { seat: ME } },
      h("p", { class: "tj-play__seat-name" }, `${seatName(ME, lang)}${this.t("play.you")}`, ...this.badges(ME), " ",
        h("span", { class: "tj-play__dong" }, this.t("play.dong", { n: v.dong[ME] })),
        v.discarded.length ? h("span", { class: "tj-play__mydisc" }, this.t("play.myDiscards", { tiles: tileNames(v.discarded, lang) })) : null),
      h("div", { class: "tj-play__hand", role: "group", tabindex: "-1", "aria-label": this.t("play.yourTiles") }, tiles),
      btns.length ? h("div", { class: "tj-play__row" }, btns) : null, legal,
      v.result ? null : h("p", { class: "tj-play__keys" }, this.t("play.keys")));
  }

  toggle(i) {
    if (!(i >= 0 && i < (this.view.holdings[ME] || []).length)) return;   // (7 with six tiles left)
    if (this.selected.has(i)) this.selected.delete(i); else this.selected.add(i);
    this.querySelectorAll(".tj-play__tile").forEach((b) => {
      b.setAttribute("aria-pressed", this.selected.has(Number(b.dataset.index)) ? "true" : "false");
    });
  }

  send(kind) {
    const mine = this.view.holdings[ME] || [];
    const tiles = [...this.selected].sort((a, b) => a - b).map((i) => mine[i]);
    if (!tiles.length) {
      this.showMsg(this.t("play.pickFirst"));
      this.dataset.illegal = "empty";
      return;
    }
    this.act({ kind, tiles });
  }

  /** A tile picked (or put back) by its number key: said, as a tile's own button says it. */
  pickKey(i) {
    const mine = this.view.holdings[ME] || [];
    if (i >= mine.length) return;
    this.toggle(i);
    const picked = [...this.selected].sort((a, b) => a - b).map((j) => mine[j]);
    this.speak(picked.length ? this.t("play.srPicked", { tiles: tileNames(picked, this.language) }) : this.t("play.srNoPick"));
  }

  /** Enter on a tile of the hand plays the pick, that tile in it (as on the puzzle boards and
   *  as the keys' help says), not a toggle of the tile; a pick that is no play is refused with
   *  the engine's reason in the message line. */
  enterOnTile(i) {
    if (!this.selected.has(i)) this.toggle(i);
    this.send("play");
  }

  async act(action) {
    // one move at a time: a double click (or a key held down) must not send the move twice
    if (this.busy) return;
    this.busy = true;
    try {
      const before = this.view;
      this.view = await this.engine.call("act", { hand_id: this.view.hand_id, action });
      this.clearMsg();
      this.selected.clear();
      this.draw();
      if (this.view.result) this.finishHand();
      this.announce(before, this.view);
    } catch (err) {
      this.dataset.illegal = err.type || "error";
      this.showMsg(explain(err, this.language));
    } finally {
      this.busy = false;
    }
  }

  async takeBack() {
    if (this.busy) return;
    this.busy = true;
    try {
      this.view = await this.engine.call("undo", { hand_id: this.view.hand_id });
      this.clearMsg();
      this.selected.clear();
      this.draw();
      this.speak(this.t("play.srUndone"));
    } catch (err) {
      this.showMsg(explain(err, this.language));
    } finally {
      this.busy = false;
    }
  }

  /** The table's keys (widgetKeys: true for a key it takes, which then goes no further). */
  onKey(e) {
    const k = e.key;
    const t = e.target instanceof Element ? e.target : document.body;
    const control = t.closest("button, a, summary");
    const tile = t.closest(".tj-play__tile");
    if (this.state === "playing") {
      if (/^[1-8]$/.test(k)) { this.pickKey(Number(k) - 1); return true; }
      // (not p / n: Material's keys for the previous / next page)
      if (k === "Enter" && tile && this.tableEl.contains(tile)) { this.enterOnTile(Number(tile.dataset.index)); return true; }
      if (k === "Enter" && !control) { this.send("play"); return true; }
      if (k === "d") { this.send("discard"); return true; }
      if (k === "u") {
        if (this.session.takeback && this.view.can_undo) this.takeBack();
        return true;
      }
    } else if (this.state === "over" && k === "Enter" && !control && !this.recap) {
      // (Enter in the recap, e.g. on its analysis panel, must not throw the recap away)
      this.nextHand();
      return true;
    }
    if (this.recap && (k === "ArrowRight" || k === "ArrowLeft")) {
      this.recapGo(this.recap.step + (k === "ArrowRight" ? 1 : -1));
      return true;
    }
    return false;
  }

  // While a hand is played the message goes right under the play buttons (on a phone the list of
  // legal actions below them would push it off the screen), and is scrolled into view.
  // ``near``: an element the message answers (a row of buttons), put right after it.
  showMsg(text, near = null) {
    this.msgEl.textContent = text;
    this.msgEl.hidden = false;
    const buttons = near || (this.state === "playing" ? this.tableEl.querySelector(".tj-play__me > .tj-play__row") : null);
    if (buttons) buttons.after(this.msgEl);
    else if (this.msgEl.previousElementSibling !== this.tableEl) this.tableEl.after(this.msgEl);
    if (this.msgEl.isConnected && this.msgEl.scrollIntoView) this.msgEl.scrollIntoView({ block: "nearest" });
  }
  clearMsg() { this.msgEl.textContent = ""; this.msgEl.hidden = true; delete this.dataset.illegal; }

  // ------------------------------------------------------------ after the hand
  finishHand() {
    this.finishing = this.recordHand();
    return this.finishing;
  }

  async recordHand() {
    const s = this.session;
    const handNo = s.hand;
    const r = this.view.result;
    for (const x of SEATS) s.score[x] += r.payments[x];
    s.banker = r.next_banker;
    s.streak = r.next_streak;
    s.done = s.hand;
    this.storeSession();
    this.lastToml = null;   // (never the previous hand's record: downloads and the analysis use it)
    const view = this.view;
    try {
      const rec = await this.engine.call("hand_record", { hand_id: view.hand_id, seats: { S: this.t("play.youName") } });
      this.lastToml = rec.toml;
      this.save(rec.toml, r.payments[ME], handNo);
      // a recap of this hand opened while the record was on its way: now it can analyse
      if (this.recap && this.recap.state === view && !this.recap.toml) {
        this.recap.toml = rec.toml;
        this.recapGo(this.recap.step, { say: false });
      }
    } catch (err) {
      this.showMsg(explain(err, this.language));
    }
    this.draw();
  }

  showResult() {
    const v = this.view;
    const lang = this.language;
    const r = v.result;
    const st = r.settlement;
    const items = [...r.bonuses.items, ...st.items].map((it) => h("li", { "data-rule": it.rule },
      this.t(it.amount === 0 ? "play.itemZero" : "play.item", { from: seatName(it.from, lang), to: seatName(it.to, lang), amount: it.amount, rule: label("rules", it.rule, lang), zh: label("rules", it.rule, "hant") }),
      // the arithmetic in the page's language (the engine's English only on English pages),
      // without the rule's name the line gives already, and left out when it is only the amount
      ...itemDetail(it, lang)));
    // a replayed record (uploaded, linked, or an old hand) belongs to no running session: no 累計
    const running = this.state !== "replay" && this.session;
    const pay = h("table", { class: "tj-play__pay" },
      h("thead", {}, h("tr", {}, h("th", {}, this.t("play.seat")), h("th", {}, this.t("play.dongCol")), h("th", {}, this.t("play.net")),
        running ? h("th", {}, this.t("play.session")) : null)),
      h("tbody", {}, SEATS.map((x) => h("tr", { dataset: { seat: x } }, h("th", {}, seatName(x, lang), x === ME ? this.t("play.you") : ""),
        h("td", {}, String(r.dong[x])), h("td", { "data-payment": r.payments[x] }, signed(r.payments[x])),
        running ? h("td", {}, signed(this.session.score[x])) : null))));
    const parts = [
      // (the finish's own factor only when it multiplies: a bare "×1" read as contradicting the
      // "× banker 2" of every item below it)
      h("p", { class: "tj-subtitle tj-play__finish" }, this.finishLine(v)),
      h("ul", { class: "tj-play__items" }, items), pay,
    ];
    if (this.state !== "replay") {
      parts.push(h("p", { class: "tj-play__next" }, this.t("play.nextBank", { seat: seatName(r.next_banker, lang), n: r.next_streak,
        how: this.t(v.rules.banker_rotation === "rotate" ? "play.rotate" : "play.winner") })));
      parts.push(h("div", { class: "tj-play__row" },
        h("button", { type: "button", class: "tj-button tj-button--primary tj-play__nexthand", onclick: () => this.nextHand() }, this.t("play.nextHand")),
        // a #hand= link opened during the hand waited (fromHash): now it can be replayed
        this.linkWaiting() ? h("button", { type: "button", class: "tj-button tj-play__openlink", onclick: () => this.fromHash() }, this.t("play.openLink")) : null,
        h("button", { type: "button", class: "tj-button tj-play__recapbtn", onclick: () => this.startRecap(v, this.lastToml && this.view === v && v.result ? this.lastToml : null) }, this.t("play.recap")),
        h("button", { type: "button", class: "tj-button tj-play__download", onclick: () => this.download(this.lastToml) }, this.t("play.download")),
        h("button", { type: "button", class: "tj-button tj-play__share", onclick: (e) => this.share(this.lastToml, e.currentTarget) }, this.t("play.share")),
        h("button", { type: "button", class: "tj-button tj-play__rules-again", onclick: () => this.endSession() }, this.t("play.newSession"))));
    }
    this.resultEl.replaceChildren(...parts);
  }

  /** Who finished (結) the hand ``v`` and how: the result's first line. */
  finishLine(v) {
    const lang = this.language;
    const r = v.result;
    const st = r.settlement;
    // (例牌 by its name: 全白一點紅 / "all white but one red pip", never the engine's key)
    const finish = r.natural ? this.t("play.naturalFinish", { natural: label("rules", "natural", lang),
      name: label("naturals", r.natural, lang), zh: label("naturals", r.natural, "hant") })
      : label("finishes", st.finish || "plain", lang);
    return this.t(!r.natural && (st.finish || "plain") === "plain" ? "play.resultLinePlain"
      : st.finish_factor !== 1 ? "play.resultLine" : "play.resultLineNoFactor",
    { seat: seatName(r.finisher, lang), finish, f: st.finish_factor });
  }

  endSession() {
    // (a linked hand's #hand=… goes: a reload would replay it, the same link would do nothing)
    if ((location.hash || "").startsWith("#hand=")) history.replaceState(history.state, "", location.pathname + location.search);
    const had = this.session;
    this.session = null;
    if (had) this.storeSession();   // (a replay's New session leaves a kept session alone)
    this.hashReplayed = null;   // (the same link opened again replays again)
    this.keep(false);
    this.tableEl.hidden = true;
    this.setupEl.hidden = false;
    this.resultEl.replaceChildren();
    if (!this.msgEl.isConnected) this.tableEl.after(this.msgEl);   // (it sat under a Share button)
    this.closeRecap();
    this.state = "ready";   // (setup: the every-page test expects "ready")
    if (this.savedLocked) this.drawSaved();
  }

  // ------------------------------------------------------------ recap
  /** toml: the record of exactly this hand (analysis needs it), or null until it arrives. */
  startRecap(state, toml) {
    this.recap = { state, step: 0, toml, analyses: {} };   // analyses: step → the last answer shown
    this.recapGo(0, { say: true });
  }

  closeRecap() {
    this.recap = null;
    this.analysis = null;
    this.recapEl.replaceChildren();
  }

  recapGo(k, { say = true } = {}) {
    const rc = this.recap;
    const st = rc.state;
    const lang = this.language;
    // a step button pressed is drawn anew: focus stays on it (at either end, on the other one)
    const had = document.activeElement;
    const wasIn = had && had !== this.recapEl && this.recapEl.contains(had);
    const stepCls = wasIn ? ["tj-play__rnext", "tj-play__rback"].find((c) => had.classList.contains(c)) : null;
    rc.step = Math.max(0, Math.min(st.tricks.length, k));
    this.analysis = null;   // a running analysis stops asking (the engine keeps nothing busy)
    this.recapEl.dataset.step = String(rc.step);
    const parts = [h("p", { class: "tj-title" }, this.t("play.recapTitle", { n: rc.step, count: st.tricks.length }))];
    if (rc.step === 0) {
      parts.push(h("p", {}, this.t("play.dealt", { method: methodName(st.method, lang), a: st.dice[0], b: st.dice[1] })));
      parts.push(h("div", { class: "tj-play__dealt" }, SEATS.map((x) => h("div", { class: "tj-play__seat", dataset: { seat: x } },
        h("span", { class: "tj-play__seat-name" }, seatName(x, lang), st.banker === x ? h("span", { class: "tj-badge" }, this.t("play.banker")) : null),
        this.namedRow(st.dealt[x])))));
    } else {
      const tr = st.tricks[rc.step - 1];
      parts.push(h("div", { class: "tj-play__trick" }, tr.actions.map((a) => this.actionView(a, true)),
        h("p", { class: "tj-play__won" }, this.t("play.trickWon", { seat: seatName(tr.winner, lang), n: tr.size }))));
      if (rc.toml) {
        // two analyses of South's choice: with every hand open (exact values), and from South's
        // chair (the average over the deals South could not tell apart: what South could know)
        const panels = {}, buttons = [];
        // South's tiles at this trick: from 6 up, the judgement's 64 deals are each a search
        // that does not finish within minutes (measured: 6 tiles 35 s to minutes; a trial saw
        // 0 of 64 after 43 s), so it is not offered there; nor after another seat's face-down
        // lead (a tile South could not see: no position can say it)
        const left = 8 - st.tricks.slice(0, rc.step - 1).reduce((n, x) => n + x.size, 0);
        const myAt = tr.actions.findIndex((a) => a.seat === ME);
        const downBy = tr.actions.slice(0, Math.max(0, myAt)).find((a) => a.kind === "down");
        for (const mode of ["open", "view"]) {
          if (mode === "view" && (left >= 6 || downBy)) {
            buttons.push(h("span", { class: "tj-play__judge-later" }, downBy
              ? this.t("play.judgeDown", { leader: seatName(downBy.seat, lang), seat: seatName(ME, lang) })
              : this.t("play.judgeLater", { seat: seatName(ME, lang), k: left })));
            continue;
          }
          // (not a live region: it is redrawn ten times a second while the search runs; the
          // start and the end are said on the table's screen-reader line instead — analyse)
          const panel = panels[mode] = h("div", { class: `tj-play__analysis tj-play__analysis--${mode}`, tabindex: "-1", dataset: { mode } });
          const kept = (rc.analyses[rc.step] || {})[mode];   // analysed before: shown again, "search more" if unfinished
          const button = h("button", {
            type: "button", class: `tj-button ${mode === "open" ? "tj-play__analyse" : "tj-play__judge"}`, disabled: Boolean(kept),
            onclick: (e) => { this.keepFocusIn(panel, e.currentTarget); e.currentTarget.disabled = true; this.analyse(rc.step, panel, mode); },
          }, this.t(mode === "open" ? "play.analyse" : "play.judge", { seat: seatName(ME, lang) }));
          panel._button = button;
          buttons.push(button);
          if (kept) {
            panel._pos = kept.pos;
            panel._spent = kept.spent;
            this.drawAnalysis(panel, kept.pos, kept.a, true, kept.spent, mode);
          }
        }
        parts.push(h("div", { class: "tj-play__row" }, buttons), panels.open, panels.view);
      }
    }
    parts.push(h("div", { class: "tj-play__row" },
      h("button", { type: "button", class: "tj-button tj-play__rback", disabled: rc.step === 0, onclick: () => this.recapGo(rc.step - 1) }, `◀ ${this.t("play.back")}`),
      h("button", { type: "button", class: "tj-button tj-button--primary tj-play__rnext", disabled: rc.step === st.tricks.length, onclick: () => this.recapGo(rc.step + 1) }, `${this.t("play.forward")} ▶`)));
    this.recapEl.replaceChildren(h("div", { class: "tj-play__recapbox", tabindex: "-1" }, parts));
    if (wasIn && !had.isConnected) {
      const box = this.recapEl.querySelector(".tj-play__recapbox");
      const other = stepCls === "tj-play__rnext" ? "tj-play__rback" : "tj-play__rnext";
      const to = [stepCls, other].filter(Boolean).map((c) => box.querySelector(`.${c}`)).find((b) => b && !b.disabled) || box;
      to.focus({ preventScroll: true });
    }
    if (say) {
      const title = this.t("play.recapTitle", { n: rc.step, count: st.tricks.length });
      const sep = lang === "en" ? ". " : "。";
      const tr = rc.step ? st.tricks[rc.step - 1] : null;
      this.speak(tr ? [title, ...tr.actions.map((a) => `${seatName(a.seat, lang)}${lang === "en" ? ": " : "："}${this.actionWhat(a)}`),
        this.t("play.srTrickWon", { seat: seatName(tr.winner, lang), n: tr.size })].join(sep) : title);
    }
  }

  // ------------------------------------------------------------ analysis (review)
  // The person's choice in one trick of a finished hand, valued by the solver with every hand
  // open (the record shows them all): ops record_position, then solve_start / solve_continue in
  // slices of ~100 ms, redrawn after each; bounds are proven from the first answer on.  Leaving
  // the step (or the recap) stops it: the loop asks no more.  After 30 s it stops and offers more.
  // mode "open": every hand open (solve_start); "view": from South's chair (record_position with
  // view, then solve_hidden_start: the mean over the deals of the tiles South could not see).
  // One analysis runs at a time: starting another stops this one, which is then shown as stopped.
  async analyse(step, panel, mode = "open", searchId = null) {
    const lang = this.language;
    const token = {};
    this.analysis = token;
    const here = () => this.isConnected && panel.isConnected;
    const live = () => this.analysis === token && here();
    let pos = null, a = null, spent = panel._spent || 0;
    try {
      pos = panel._pos;
      if (!pos) pos = panel._pos = await this.engine.call("record_position", { toml: this.recap.toml, trick: step, seat: ME, view: mode === "view" });
      if (!live()) {   // the other analysis started before this one had anything to show
        if (here() && panel._button) panel._button.disabled = false;
        return;
      }
      this.speak(this.t(mode === "view" ? "play.srJudging" : "play.srAnalysing", { n: pos.trick }));
      a = searchId !== null ? await this.engine.call("solve_continue", { search_id: searchId, time_ms: 100 })
        : mode === "view" ? await this.engine.call("solve_hidden_start", { position: pos.position, time_ms: 100 })
          : await this.engine.call("solve_start", { position: pos.position, hero: ME, time_ms: 100 });
      const t0 = performance.now();
      const before = panel._spent || 0;   // wall ms of this analysis's earlier runs ("more")
      while (live()) {
        const over = a.complete || performance.now() - t0 > 30000;
        spent = before + performance.now() - t0;
        panel._spent = spent;
        if (this.recap) (this.recap.analyses[step] ||= {})[mode] = { pos, a, spent };
        this.drawAnalysis(panel, pos, a, over, spent, mode);
        if (over) {
          this.speakAnalysis(a, mode, spent);
          return;
        }
        a = await this.engine.call("solve_continue", { search_id: a.search_id, time_ms: 100 });
      }
      // (the other one started: shown as stopped, and not said — the other one's start is)
      if (here() && a && !a.complete) this.drawAnalysis(panel, pos, a, true, spent, mode);
    } catch (err) {
      if (!live()) return;
      if (searchId !== null && err && err.type === "InconsistentPositionError" && /search_id/.test(err.message || "")) {
        return this.analyse(step, panel, mode);   // dropped for newer searches: start it again
      }
      panel.replaceChildren(h("p", { class: "tj-play__msg", role: "alert" }, explain(err, lang)));
    }
  }

  /** An analysis ended, in one short line for screen readers: solved (the best choice and its
   *  value) or stopped unsolved. */
  speakAnalysis(a, mode, spent) {
    const lang = this.language;
    const view = mode === "view";
    if (!a.complete) {
      this.speak(this.t(view ? "play.srJudgeStopped" : "play.srAnalysisStopped", { s: (spent / 1000).toFixed(1) }));
      return;
    }
    const top = view ? a.expected_value[0] : a.value[0];
    const r = Math.round(top * 100) / 100;
    const value = !view ? signed(top) : r > 0 ? `+${r.toFixed(2)}` : r < 0 ? `−${(-r).toFixed(2)}` : "0.00";
    const best = [...new Set(a.actions.filter((x) => x.lo === top).map((x) => {
      const [, how, rest] = /^(discard |down )?(.*)$/.exec(x.action);
      const name = tileNames(rest.trim().split(/\s+/), lang);
      return how ? this.t(how === "down " ? "play.ledDownChoice" : "play.discardChip", { tiles: name }) : name;
    }))];   // (雜九 36 and 45 are one choice: said once)
    this.speak(this.t(view ? "play.srJudgeDone" : "play.srAnalysisDone", { best: best.join(lang === "en" ? " / " : "／"), value }));
  }

  /** The focused ``button`` is disabled as its analysis starts (focus fell to <body>): the
   *  panel takes the focus once the analysis is drawn in it. */
  keepFocusIn(panel, button) {
    if (document.activeElement === button) panel._refocus = true;
  }

  drawAnalysis(panel, pos, a, over, spent, mode = "open") {
    const lang = this.language;
    const view = mode === "view";
    // open: whole stake units; from South's view: a mean over deals, to two decimals
    const v = (n) => {
      if (!view) return signed(n);
      const r = Math.round(n * 100) / 100;
      return r > 0 ? `+${r.toFixed(2)}` : r < 0 ? `−${(-r).toFixed(2)}` : "0.00";
    };
    const pct = (x) => `${Math.round(x * 100)}%`;
    const bestLo = Math.max(...a.actions.map((x) => x.lo));
    const parse = (x) => {
      const [, how, rest] = /^(discard |down )?(.*)$/.exec(x.action);   // 墊 / a face-down lead / a play
      const codes = rest.trim().split(/\s+/);
      return { how, codes, name: tileNames(codes, lang) };
    };
    const same = (p) => `${p.how || ""}${p.name}`;
    // Choices of one name that the engine proves equivalent (one group: 雜九 is 36 or 45, and
    // playing one or the other is the same move) are one row, as a player thinks of them; the
    // row is "played" when either was.
    const rows = [];
    const seen = new Map();
    for (const x of a.actions) {
      const p = parse(x);
      const key = `${x.group ?? x.action}|${same(p)}`;
      if (seen.has(key)) { seen.get(key).texts.push(x.action); continue; }
      const r = { x, p, texts: [x.action] };
      seen.set(key, r);
      rows.push(r);
    }
    // Two rows of one name left (not proven the same) would read the same: then the pips are
    // written beside the name, "雜九 (Chop Gow, 3·6)".  (A play and a discard of the same tile
    // read differently already.)
    const count = new Map();
    for (const { p } of rows) count.set(same(p), (count.get(same(p)) || 0) + 1);
    const played = pos.played.replace(/^[ESWN]: /, "");
    const items = rows.map(({ x, p, texts }) => {
      const text = x.action;
      const { how, codes } = p;
      const name = count.get(same(p)) > 1 ? tileNamesExact(codes, lang) : p.name;
      const down = Boolean(how);
      const tags = [];
      if (texts.includes(played)) tags.push(h("span", { class: "tj-badge tj-play__played" }, this.t("play.analysisPlayed")));
      const top = view ? a.expected_value[0] : a.value[0];
      if (a.complete ? x.lo === top : x.lo >= Math.max(...a.actions.filter((y) => (y.group ?? y.action) !== (x.group ?? x.action)).map((y) => y.hi), -Infinity)) {
        // (judged from a seat's view the tags speak of averages: a sample's mean proves nothing
        // about the deal that was really there)
        tags.push(h("span", { class: "tj-badge tj-play__best" }, this.t(view ? "play.judgeBest" : "play.analysisBest")));
      } else if (x.hi < bestLo) {
        tags.push(h("span", { class: "tj-badge tj-play__worse" }, this.t(view ? "play.judgeWorse" : "play.analysisWorse")));
      }
      return h("li", { class: "tj-play__choice", dataset: { lo: x.lo, hi: x.hi, action: text } },
        row(codes, 32, lang, down ? "is-discard" : ""),
        // (choices that could be made: 墊 長三, not the past 墊了 長三)
        h("span", { class: "tj-play__act-what" }, down ? this.t(how === "down " ? "play.ledDownChoice" : "play.discardChip", { tiles: name }) : name),
        // (judged from a seat's view, a mean's proven range is wide — ±470 — until most deals are
        // solved: too wide to read as a value, so "still counting" until it narrows)
        h("strong", { class: "tj-play__value" }, x.lo === x.hi ? v(x.lo)
          : view && x.hi - x.lo > JUDGE_WIDE ? this.t("play.judgeCounting") : this.t("play.analysisRange", { lo: v(x.lo), hi: v(x.hi) })),
        view ? h("span", { class: "tj-play__share" }, this.t("play.judgeShare", {
          share: x.best_share[0] === x.best_share[1] ? pct(x.best_share[0])
            : x.hi - x.lo > JUDGE_WIDE ? "…" : this.t("play.analysisRange", { lo: pct(x.best_share[0]), hi: pct(x.best_share[1]) }) })) : null,
        h("span", { class: "tj-play__tags" }, tags));
    });
    const nodes = a.nodes.toLocaleString(lang === "en" ? "en" : "zh-Hant");
    const secs = (spent / 1000).toFixed(1);
    const deals = view ? this.t(a.exhaustive ? "play.judgeEvery" : "play.judgeSample", { n: a.deals }) : "";
    const status = view
      ? (a.complete ? this.t("play.judgeDone", { deals, s: secs })
        : over ? this.t("play.judgeStopped", { deals, s: secs, done: a.deals_done })
          : this.t("play.judgeSearching", { deals, done: a.deals_done }))
      : a.complete ? this.t(a.nodes ? "play.analysisExact" : "play.analysisExactNow", { nodes, s: secs })
        : over ? this.t("play.analysisStopped", { s: secs }) : this.t("play.analysisSearching", { nodes });
    const k = pos.tiles_left;
    const inHand = k === 1 ? this.t("play.tileInHand") : this.t("play.tilesInHand", { k });
    panel.dataset.complete = String(a.complete);
    const refocus = panel._refocus || (document.activeElement && panel.contains(document.activeElement) && document.activeElement !== panel);
    panel._refocus = false;
    panel.replaceChildren(...[
      h("p", { class: "tj-subtitle" }, this.t(view ? "play.judgeTitle" : "play.analysisTitle", { n: pos.trick, seat: seatName(ME, lang), inHand })),
      h("p", { class: "tj-play__analysis-status" }, this.t(view ? "play.judgeHow" : "play.analysisHow", { seat: seatName(ME, lang) })),
      k >= (view ? 5 : 6) && !a.complete ? h("p", { class: "tj-play__analysis-status tj-play__analysis-early" }, this.t(view ? "play.judgeEarly" : "play.analysisEarly", { k })) : null,
      h("ul", { class: "tj-play__choices" }, items),
      h("p", { class: "tj-play__analysis-status" }, status),
      // (a judgement split over helper engines — helpers.js — says so once they have solved
      // deals: why it went faster here; a helper that started but solved none is not named)
      view && a.helped_deals > 0 ? h("p", { class: "tj-play__analysis-status tj-play__engines" },
        this.t(a.helpers > 1 ? "play.judgeEnginesN" : "play.judgeEngines1", { h: a.helpers, helped: a.helped_deals })) : null,
      over && !a.complete ? h("button", { type: "button", class: "tj-button tj-play__analyse-more",
        onclick: (e) => { this.keepFocusIn(panel, e.currentTarget); e.currentTarget.disabled = true; this.analyse(pos.trick, panel, mode, a.search_id); } }, this.t("play.analysisMore")) : null,
    ].filter(Boolean));
    if (refocus && panel.isConnected) panel.focus({ preventScroll: true });
  }

  // ------------------------------------------------------------ records
  download(toml) {
    if (!toml) return;
    const url = URL.createObjectURL(new Blob([toml], { type: "application/toml" }));
    const a = h("a", { href: url, download: `tiengow-hand-${Date.now()}.toml` });
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  }

  /** The hand's record as a #hand= link, copied; the words say so right under the buttons'
   *  row of ``button`` (at the top of the result they sat under the sticky header, far away). */
  async share(toml, button = null) {
    if (!toml) return;
    const link = `${location.href.split("#")[0]}#hand=${b64encode(toml)}`;
    this.shareLink = link;
    const near = button && button.isConnected ? button.closest(".tj-play__row") : null;
    try { await navigator.clipboard.writeText(link); this.showMsg(this.t("play.copied"), near); } catch { this.showMsg(this.t("play.linkIs", { link }), near); }
    this.msgEl.dataset.link = link;
  }

  async upload(e) {
    const file = e.target.files && e.target.files[0];
    if (!file) return;
    const size = tooLarge(file);
    if (size || !file.size) {   // (not read, not sent: the engine's refusal named its request's fields)
      const name = file.name.length <= 60 ? file.name : `${file.name.slice(0, 60)}…`;
      const why = size ? this.t("play.tooLarge", { file: name, size, max: "200 kB" }) : this.t("play.emptyFile", { file: name });
      this.showMsg(`${this.t("play.badRecord")}${this.language === "en" ? " " : ""}${why}`);
      this.dataset.illegal = size ? "too-large" : "empty";
      e.target.value = "";
      return;
    }
    let text;
    try {
      text = recordText(new Uint8Array(await file.arrayBuffer()), file.name);
    } catch (err) {
      this.showMsg(this.refusal(err));
      e.target.value = "";
      return;
    }
    await this.replayText(text);
    e.target.value = "";
  }

  /** A #hand= link in the address that has not been replayed (it came during a hand). */
  linkWaiting() {
    const hash = location.hash || "";
    return hash.startsWith("#hand=") && hash !== this.hashReplayed;
  }

  async fromHash() {
    const hash = location.hash || "";
    if (!hash.startsWith("#hand=")) return;
    if (this.handLive) {   // a link opened during a hand: the hand stays, the link waits
      this.showMsg(this.t("play.linkLater"));
      return;
    }
    // (one link, one replay: its hashchange and the table's return after the page was drawn
    // anew both ask)
    if (hash === this.hashReplayed) return;
    this.hashReplayed = hash;
    // (base64url as Share writes it; plain base64 with + / and = padding is read too)
    const m = /^#hand=([A-Za-z0-9_+/-]+)=*$/.exec(hash);
    if (!m) {
      this.showMsg(this.t("play.badLink"));
      return;
    }
    let text;
    try { text = b64decode(m[1]); } catch {
      this.showMsg(this.t("play.badLink"));
      return;
    }
    if (new TextEncoder().encode(text).length > MAX_RECORD_BYTES) {   // (the engine's words were "request: longer than …")
      const size = text.length >= 1e6 ? `${(text.length / 1e6).toFixed(1)} MB` : `${Math.ceil(text.length / 1000)} kB`;
      this.showMsg(this.t("play.linkTooLarge", { size, max: "200 kB" }));
      return;
    }
    // read, but refused by the engine: a record that is not a possible hand, or one cut short
    await this.replayText(text, this.t("play.badLinkRecord"), { detail: false });
    this.bringIntoView();   // a linked hand: the page's introduction would fill a phone's screen
  }

  /** Replay a hand record's text; refused, the message starts with ``lead`` (a link's
   *  "cut short?") or "This hand record cannot be replayed". */
  async replayText(text, lead = this.t("play.badRecord"), { detail = true } = {}) {
    try {
      const st = await this.engine.call("replay_record", { toml: text });
      this.state = "replay";
      this.view = st;
      this.clearMsg();
      this.tableEl.hidden = true;
      this.setupEl.hidden = true;   // (New session brings the house rules back)
      this.lastToml = text;
      this.resultEl.replaceChildren();
      if (!this.msgEl.isConnected) this.tableEl.after(this.msgEl);   // (it sat under a Share button)
      if (st.result) this.showResult();
      this.resultEl.append(h("p", { class: "tj-play__replaying" }, this.t("play.replaying")),
        // a record cut short (valid, but the hand goes on): said, not left to be guessed
        ...(st.result ? [] : [h("p", { class: "tj-play__unfinished" }, this.t("play.unfinished", { n: st.tricks.length }))]),
        h("div", { class: "tj-play__row" },
          h("button", { type: "button", class: "tj-button tj-play__download", onclick: () => this.download(text) }, this.t("play.download")),
          h("button", { type: "button", class: "tj-button tj-play__share", onclick: (e) => this.share(text, e.currentTarget) }, this.t("play.share")),
          h("button", { type: "button", class: "tj-button tj-play__rules-again", onclick: () => this.endSession() }, this.t("play.newSession"))));
      this.startRecap(st, text);
    } catch (err) {
      // (a link's record: the engine's reason — a TOML parser's "Unclosed array" — says nothing to its reader)
      this.showMsg(detail ? this.refusal(err, lead) : lead);
    }
  }

  /** A record refused: ``lead`` (default "This hand record cannot be replayed:") and why. */
  refusal(err, lead = this.t("play.badRecord")) {
    return `${lead}${this.language === "en" ? " " : ""}${explain(err, this.language)}`;
  }

  loadSaved() {
    let raw = null;
    try { raw = localStorage.getItem(STORE); } catch { return { list: [], note: this.t("play.noStorage") }; }
    if (raw === null) return { list: [] };
    try {
      const list = JSON.parse(raw);
      // each entry as save() writes it: a record's text, a time and South's result (an entry
      // without them was listed as "?: you 0")
      const entry = (x) => x && typeof x.toml === "string" && typeof x.when === "string"
        && !Number.isNaN(Date.parse(x.when)) && Number.isFinite(x.mine)
        && Math.abs(x.mine) < 1e6 && x.toml.length <= 1e6;   // (a hand never pays a million units, nor a record a megabyte)
      if (!Array.isArray(list)) throw new Error("shape");
      const good = list.filter(entry);
      if (good.length === list.length) return { list };
      // some entries damaged: the others stay listed, the list as it was is kept aside
      const aside = `${STORE}.damaged-${Date.now()}`;
      try { localStorage.setItem(aside, raw); localStorage.setItem(STORE, JSON.stringify(good)); } catch {
        try { localStorage.removeItem(aside); } catch { /* never written */ }
        return { list: good, note: this.t("play.damagedStuck", { key: STORE }), readonly: true };
      }
      return { list: good, note: this.t("play.damagedSome", { n: list.length - good.length, key: aside }) };
    } catch {
      // a damaged save is kept (moved aside, never wiped) and explained
      const aside = `${STORE}.damaged-${Date.now()}`;
      try { localStorage.setItem(aside, raw); localStorage.removeItem(STORE); } catch {
        // (no room for the copy: left where it is, and nothing new can be written over it)
        try { localStorage.removeItem(aside); } catch { /* never written */ }
        return { list: [], note: this.t("play.damagedStuck", { key: STORE }), readonly: true };
      }
      return { list: [], note: this.t("play.damagedKept", { key: aside }) };
    }
  }

  save(toml, mine, hand = 0) {
    const { list, readonly } = this.loadSaved();
    if (readonly) return;   // (the list says why: play.damagedStuck)
    list.unshift({ toml, when: new Date().toISOString(), mine, hand });
    this.saveNote = null;
    // full: the list stays as it was, and says this hand is not in it
    try { localStorage.setItem(STORE, JSON.stringify(list.slice(0, KEEP))); } catch { this.saveNote = this.t("play.savedFull"); }
    this.drawSaved();
  }

  /** A saved hand's time as the reader's script writes it, never day/month ambiguous:
   *  "2026年12月2日 07:20" (简), "2026年12月2日 上午7:20" (繁), "Dec 2, 2026, 7:20 AM". */
  when(ms) {
    const tag = { en: "en", hans: "zh-CN" }[this.language] || "zh-HK";
    const d = new Date(ms);
    return Number.isNaN(d.getTime()) ? "?" : d.toLocaleString(tag, { dateStyle: "medium", timeStyle: "short" });
  }

  drawSaved() {
    const { list, note: damaged } = this.loadSaved();
    const note = damaged || this.saveNote;
    // a replay would take the place of the hand being played: not while one is live
    const live = (this.savedLocked = this.handLive);
    const items = list.map((x, i) => h("li", {},
      h("button", { type: "button", class: "tj-button tj-play__chip tj-play__replay", "data-index": i, disabled: live,
        onclick: () => { if (!this.handLive) this.replayText(x.toml); } },
        this.t("play.savedItem", { when: this.when(x.when), mine: signed(x.mine) }))));
    this.savedEl.replaceChildren(...[h("p", { class: "tj-subtitle" }, this.t("play.savedTitle")),
      note ? h("p", { class: "tj-play__damaged", role: "alert" }, note) : null,
      live && list.length ? h("p", { class: "tj-play__saved-later" }, this.t("play.savedLater")) : null,
      list.length ? h("ul", {}, items) : h("p", {}, this.t("play.noSaved"))].filter(Boolean));
  }
}

defineWidget("tj-play-table", TjPlayTable, { description: "play hands against three engine players (the Play page)" });
