// <tj-puzzle src="…/0007.toml"> — solve one end-game puzzle with the engine checking.
//
// The page sends the puzzle text and the hero's moves so far to the engine's
// stateless puzzle ops (PUZZLES.md): puzzle_load, puzzle_step, puzzle_hint,
// puzzle_solution, puzzle_values.  A right move is applied and the defenders'
// replies are shown one by one; a wrong move is explained (its value against the
// best reply vs. the best value) and can be retried; a hint after a wrong try;
// "show solution" at any time; at the end the explanation, every face-down tile
// and every action's value.  Progress goes to localStorage (puzzle-progress.js).
//
// Attributes: src (the TOML file, required), date="YYYY-MM-DD" (opened as that
// day's daily puzzle), no-title (the page shows the title), step-ms (pause between
// the engine's replies, default 650).
// Keyboard (focus anywhere in the widget): ←/→ move between your tiles, Space
// picks the focused tile, 1–8 pick a tile by its position, Enter plays the picked
// tiles face up, D discards them face down (墊), Esc clears the pick, U undoes.
// Test hooks: data-state (loading | ready | solved | error), data-verdict
// ("" | correct | wrong | illegal), data-busy, data-moves, data-outcome (solved |
// helped | failed), data-puzzle; event "tj-puzzle-verdict" {correct, ms, value, best_value}.
import { TjWidget, defineWidget, h, explain, knownError } from "../widget.js";
import { tileSvg, BY_CODE, tileCaption } from "../tiles.js";
import {
  SEATS, seatName, tileNames, fmtValue, actionSize, actionWords, tableView, compactTable, lineView, valuesView, stepFrames, parseAction,
  unitsText, moveText, storyText, trackerView, historyView, aside, srSeparated,
} from "./puzzle-board.js";
import * as progress from "./puzzle-progress.js";
import { loc } from "./puzzle-board.js";
import { fetchJSON } from "./puzzle-daily.js";
import { unsolved } from "./puzzle-finder.js";
import { clip } from "../i18n.js";

// where the reader last pressed (mouse, touch, pen): focus that sits on <body> after a press
// outside a puzzle was put there by the reader, not dropped by a control drawn again; a focus
// anywhere since (Tab, a click on a control) forgets the press
const pressed = {
  at: null,
  away(widget) { return this.at !== null && this.at !== widget; },
};
document.addEventListener("pointerdown", (e) => {
  pressed.at = (e.target.closest && e.target.closest("tj-puzzle")) || document;
}, true);
document.addEventListener("focusin", () => { pressed.at = null; }, true);

export class TjPuzzle extends TjWidget {
  static observedAttributes = ["src"];

  /** src is read once, when the element joins the page (a puzzle half played cannot change
   *  under the reader): a change afterwards is said in the console, not ignored in silence. */
  attributeChangedCallback(name, before, after) {
    if (this._mounted && before !== after) {
      console.warn(`<tj-puzzle>: src="${clip(String(after))}" ignored: src is read once; to show another puzzle, replace the element (el.replaceWith(…))`);
    }
  }

  render() {
    this.dataset.verdict = "";
    this.dataset.moves = "0";
    this.selected = new Set();
    this.focusIndex = 0;
    this.headEl = h("div", { class: "tj-pz__head" });
    this.promptEl = h("p", { class: "tj-pz__prompt" });
    this.factsEl = h("p", { class: "tj-pz__facts" });
    // (focusable from code only: it keeps the focus while the board is drawn again — holdFocus)
    this.boardEl = h("div", { class: "tj-pz__board", role: "group", "aria-label": this.t("puzzle.boardLabel"), tabindex: "-1" });
    this.historyEl = h("div", { class: "tj-pz__history-box", hidden: true });
    this.trackerEl = h("div", { class: "tj-pz__tracker-box", hidden: true });
    this.feedbackEl = h("div", { class: "tj-pz__feedback", role: "status", "aria-live": "polite", hidden: true });
    this.noticeEl = h("p", { class: "tj-message tj-pz__notice", role: "alert", hidden: true });
    this.hintBtn = this.button("puzzle.hint", () => this.hint(), { disabled: true, cls: "tj-pz__hint" });
    this.undoBtn = this.button("puzzle.undo", () => this.undo(), { disabled: true, cls: "tj-pz__undo" });
    this.restartBtn = this.button("puzzle.restart", () => this.restart(), { disabled: true, cls: "tj-pz__restart" });
    this.solutionBtn = this.button("puzzle.showSolution", () => this.showSolution(), { cls: "tj-pz__show-solution" });
    this.solutionBtn.title = this.t("puzzle.hintNote");   // counts the puzzle as missed (relabelled once solved)
    this.hintBtn.title = this.t("puzzle.hintTitle");   // counts the solve as helped
    this.valuesBtn = this.button("puzzle.showValues", () => this.showValues(), { hidden: true, cls: "tj-pz__show-values" });
    this.toolsEl = h("div", { class: "tj-pz__tools" }, this.hintBtn, this.undoBtn, this.restartBtn, this.solutionBtn, this.valuesBtn);
    this.endEl = h("div", { class: "tj-pz__end", hidden: true });
    this.solutionEl = h("div", { class: "tj-pz__solution", hidden: true });
    this.valuesEl = h("div", { class: "tj-pz__values-box", hidden: true });
    this.progressEl = h("p", { class: "tj-pz__progress" });
    this.srEl = h("p", { class: "tj-pz__sr", "aria-live": "polite" });   // the replies, for screen readers
    this.keysEl = h("details", { class: "tj-pz__keys" }, h("summary", {}, this.t("puzzle.keysTitle")), h("p", {}, this.t("puzzle.keys")));
    this.append(h("div", { class: "tj-pz" }, this.headEl, this.noticeEl, this.promptEl, this.factsEl, this.boardEl,
      this.feedbackEl, this.srEl, this.toolsEl, this.historyEl, this.trackerEl, this.endEl, this.solutionEl, this.valuesEl, this.progressEl, this.keysEl));
    this.addEventListener("keydown", (e) => this.key(e));
    // the page's first puzzle also answers 1–8, D and U with the focus on the page itself (after
    // a click on its text): a reader should not have to find a tile first
    // (added and removed with the element: connectedCallback / disconnectedCallback)
    this.pageKey = (e) => {
      const t = e.target instanceof Element ? e.target : null;
      if (t && t !== document.body && t !== document.documentElement) return;   // focus somewhere: its own keys
      if (document.querySelector("tj-puzzle") !== this || !/^[1-9dDuU]$/.test(e.key)) return;
      this.key(e);
    };
    this.showNotice();
    if (this.getAttribute("preview")) this.loadPreview(this.getAttribute("preview"));
  }

  // instant navigation throws the page away: stop listening to progress (and listen again
  // if the element is put back into a page)
  connectedCallback() {
    super.connectedCallback();
    if (!this.unlisten && this.progressEl) this.unlisten = progress.onProgress(() => this.showProgress());
    if (this.pageKey) document.addEventListener("keydown", this.pageKey);   // (twice is once)
  }

  disconnectedCallback() {
    if (this.unlisten) this.unlisten();
    this.unlisten = null;
    if (this.pageKey) document.removeEventListener("keydown", this.pageKey);
  }

  /** A puzzle that never loaded (its file missing, the engine refusing it): the message, and
   *  no board or Hint / Undo / Solution buttons that could do nothing. */
  fail(err, key) {
    super.fail(err, key);
    if (!this.toml) {   // (a preview already drawn stays, without the tools that need the engine)
      const box = this.querySelector(".tj-pz");
      if (this.info && this.toolsEl) this.toolsEl.hidden = true;
      else if (box) box.hidden = true;
    }
  }

  button(key, onclick, { disabled = false, hidden = false, cls = "", primary = false } = {}) {
    return h("button", { type: "button", class: `tj-button${primary ? " tj-button--primary" : ""} ${cls}`.trim(), disabled, hidden, onclick }, this.t(key));
  }

  get stepMs() {
    const v = Number(this.getAttribute("step-ms"));
    return Number.isFinite(v) && v >= 0 && this.hasAttribute("step-ms") ? v : 650;
  }

  async ready(engine) {
    this.state = "loading";   // "ready" once the puzzle is loaded and drawn (reset())
    const src = this.getAttribute("src");
    if (!src) throw knownError(this.t("puzzle.noSrc"));
    const url = new URL(src, this.pageBase || document.baseURI);
    let response;
    try {
      response = await fetch(url);
    } catch (err) {
      throw knownError(this.t("puzzle.fetchFailed", { url: url.pathname, why: err.message }));
    }
    if (!response.ok) throw knownError(this.t("puzzle.fetchFailed", { url: url.pathname, why: `HTTP ${response.status}` }));
    const toml = await response.text();
    const info = await engine.call("puzzle_load", { toml });
    this.toml = toml;
    this.setUp(info);
    this.reset();
    await this.resumeLine(engine);
    this.showProgress();
    this.showNotice();
    if (this.progressEl) this.collection().catch(() => {});   // the totals count only its puzzles
  }

  /** The first position from the build (puzzle_load's answer, made by the same engine at
   *  build time: attribute preview="…/0007.json"), drawn before the engine is ready — the
   *  tiles show at once and answer once it is. */
  async loadPreview(href) {
    try {
      const r = await fetch(new URL(href, this.pageBase || document.baseURI));
      if (!r.ok) return;
      const info = await r.json();
      if (this.toml) return;   // the engine was quicker (after an engine failure the preview still shows)
      this.setUp(info);
      this.draw();
    } catch {
      // no preview: the engine draws the puzzle when it is ready
    }
  }

  setUp(info) {
    this.info = info;
    this.puzzleId = info.id;
    this.dataset.puzzle = info.id;
    this.hero = info.hero;
    this.start = info.position;
    // (one board shape for the whole puzzle: see tableView's compact)
    this.compact = compactTable(info.position, info.hero);
    this.moves = [];
    this.history = [{ position: this.start, last: null }];
    this.drawHead();
  }

  // ---------------------------------------------------------------- drawing

  drawHead() {
    const lang = this.language;
    const info = this.info;
    const stars = "★".repeat(info.difficulty) + "☆".repeat(Math.max(0, 5 - info.difficulty));
    const own = !this.hasAttribute("no-title");  // on a puzzle page the page shows number and meta
    // title and themes give the answer away: shown once the puzzle is solved or given up
    // (this visit or an earlier one)
    // (the solution shown on an earlier visit frees them too: after a reload they were hidden)
    const blind = !this.revealed && !progress.titleFree(info.id);
    this.dataset.blind = String(blind);
    const sep = lang === "en" ? ", " : "、";
    const indexPage = this.getAttribute("index-page");
    const themeList = (info.themes || []).flatMap((th, i) => [i ? sep : "",
      indexPage ? h("a", { href: `${indexPage}?theme=${encodeURIComponent(th.id)}#finder`, class: "tj-pz__theme", dataset: { theme: th.id } }, loc(th, lang))
        : h("span", { class: "tj-pz__theme", dataset: { theme: th.id } }, loc(th, lang))]);
    const themes = themeList.length ? h("span", {}, this.t("puzzle.themes", { themes: "" }), ...themeList) : null;
    if (own) {
      this.headEl.replaceChildren(
        h("p", { class: "tj-title tj-pz__title" }, blind ? this.t("puzzle.number", { id: info.id }) : loc(info.title, lang)),
        h("p", { class: "tj-pz__meta" }, ...srSeparated([
          blind ? h("span", {}, this.t("puzzle.blindNote")) : h("span", {}, this.t("puzzle.number", { id: info.id })),
          blind ? null : themes,
          // (an aria-label on a span without a role is not read: role img)
          h("span", { class: "tj-pz__stars", role: "img", "aria-label": this.t("puzzle.difficultyLabel", { n: info.difficulty }) },
            h("span", { "aria-hidden": "true" }, stars)),
          h("span", {}, this.t(`puzzle.visibility.${info.visibility === "hidden" ? "hidden" : "open"}`))], lang)));
    } else {
      this.headEl.replaceChildren(blind ? h("p", { class: "tj-pz__meta tj-pz__blind" }, this.t("puzzle.blindNote"))
        : h("div", { class: "tj-pz__revealed" }, h("p", { class: "tj-title tj-pz__title" }, loc(info.title, lang)),
          themes ? h("p", { class: "tj-pz__meta" }, themes) : null));
    }
    this.promptEl.textContent = info.prompt ? loc(info.prompt, lang) : this.t("puzzle.defaultPrompt", { seat: seatName(this.hero, lang) });
    const p = this.start;
    this.factsEl.textContent = this.t("puzzle.facts", {
      banker: seatName(p.banker, lang), n: p.banker_streak, m: p.banker_streak + 1, hero: seatName(this.hero, lang),
    });
  }

  reset() {
    this.wrong = 0;           // wrong tries this attempt
    this.shown = false;       // solution shown this attempt
    this.recorded = false;    // this attempt's outcome is saved
    this.solvedSaved = false; // this attempt's solve is saved
    this.skipping = false;    // "Skip to the result" pressed during the engine's play-out
    this.hinted = false;      // a hint was asked for this attempt
    this.recordedAs = null;   // the outcome this attempt saved first ("helped" after a hint)
    this.done = false;
    this.solutionLabel(false);
    delete this.dataset.hint;
    this.state = "ready";
    delete this.dataset.outcome;
    this.dataset.verdict = "";
    this.feedback("");
    this.srEl.textContent = "";
    this.valuesBtn.hidden = true;
    this.endEl.hidden = true;
    this.solutionEl.hidden = true;
    this.valuesEl.hidden = true;
    this.draw();
  }

  get position() {
    return this.history[this.history.length - 1].position;
  }

  /** Draw a frame (default: the current position), with the hero's hand interactive when it is his turn. */
  draw(frame = null) {
    const lang = this.language;
    const pos = this.position;
    const live = !frame;
    if (!frame) {
      frame = { ...pos, last: this.lastTrick(pos) };
      if (pos.result && pos.trick && pos.trick.length === 4) frame.winner = pos.result.finisher;  // the last trick stays on the table
    }
    const heroTurn = live && !this.done && pos.to_act === this.hero && !!this.toml;   // (not in the preview)
    const codes = frame.holdings[this.hero] || [];
    this.selected = new Set([...this.selected].filter((i) => i < codes.length));
    if (!heroTurn) this.selected.clear();
    this.focusIndex = Math.min(this.focusIndex, Math.max(0, codes.length - 1));
    this.tileButtons = codes.map((code, i) => {
      const b = h("button", {
        type: "button", class: "tj-pz__tile", "data-code": code, "data-index": i, "aria-pressed": String(this.selected.has(i)),
        tabindex: i === this.focusIndex ? 0 : -1, disabled: !heroTurn,
        "aria-label": this.t("puzzle.tileLabel", { n: i + 1, name: BY_CODE[code][lang], code }),
        onclick: () => this.toggle(i),
      });
      b.innerHTML = tileSvg(code, { height: 56, lang, hidden: true });
      // English pages name the tile in Chinese too (the name players use at the table)
      b.append(h("span", { class: "tj-pz__tile-name", "aria-hidden": "true" }, ...tileCaption(code, lang)),
        h("span", { class: "tj-pz__tile-key", "aria-hidden": "true" }, String(i + 1)));
      b.classList.toggle("is-picked", this.selected.has(i));
      return b;
    });
    const hand = h("div", { class: "tj-pz__hand", role: "group", "aria-label": this.t("puzzle.yourTiles") }, this.tileButtons);
    if (!codes.length) hand.append(h("span", { class: "tj-pz__empty" }, this.t("puzzle.noTiles")));
    this.playBtn = this.button("puzzle.play", () => this.submit("play"), { primary: true, cls: "tj-pz__play", disabled: !heroTurn });
    this.discardBtn = this.button("puzzle.discard", () => this.submit("discard"), { cls: "tj-pz__discard", disabled: !heroTurn || !pos.trick.length });
    this.pickEl = h("p", { class: "tj-pz__pick", "aria-live": "polite" });
    const controls = h("div", { class: "tj-pz__controls" }, this.pickEl, h("div", { class: "tj-pz__buttons" }, this.playBtn, this.discardBtn));
    this.boardEl.replaceChildren(tableView(frame, { lang, t: this.t.bind(this), hero: this.hero, hand, controls: heroTurn ? controls : null, compact: this.compact }));
    if (live) this.drawKnown(pos);
    this.updatePick();
    this.hintBtn.disabled = !heroTurn;   // a hint for this position, from the first move on
    this.undoBtn.disabled = !live || this.moves.length === 0;
    this.restartBtn.disabled = !live || (this.moves.length === 0 && !this.done);
    this.dataset.moves = String(this.moves.length);
  }

  /** Beside the table: the tricks finished so far, and (hidden hands) the tile tracker. */
  drawKnown(pos) {
    const t = this.t.bind(this);
    const tricks = pos.tricks || [];
    const over = this.done || !!pos.result;
    this.historyEl.hidden = over || !tricks.length;
    this.historyEl.replaceChildren(...(this.historyEl.hidden ? [] : [historyView(tricks, { lang: this.language, t, hero: this.hero })]));
    this.trackerEl.hidden = over || this.info.visibility !== "hidden";
    this.trackerEl.replaceChildren(...(this.trackerEl.hidden ? [] : [trackerView(pos, { lang: this.language, t, hero: this.hero })]));
  }

  lastTrick(pos) {
    const tricks = pos.tricks || [];
    return tricks.length ? tricks[tricks.length - 1] : null;
  }

  /** The pick line: what is picked and what this trick needs. */
  updatePick() {
    if (!this.pickEl) return;
    const lang = this.language;
    const pos = this.position;
    const codes = this.pickedCodes();
    const need = pos.trick && pos.trick.length ? actionSize(pos.trick[0]) : null;
    const parts = [];
    parts.push(need ? this.t(need === 1 ? "puzzle.needFollow1" : "puzzle.needFollow", { n: need }) : this.t("puzzle.needLead"));
    parts.push(codes.length ? this.t("puzzle.picked", { tiles: tileNames(codes, lang) }) : this.t("puzzle.pickedNone"));
    this.pickEl.textContent = parts.join(" ");
    for (const [i, b] of (this.tileButtons || []).entries()) {
      b.setAttribute("aria-pressed", String(this.selected.has(i)));
      b.classList.toggle("is-picked", this.selected.has(i));
    }
  }

  pickedCodes() {
    const codes = this.position.holdings[this.hero] || [];
    return [...this.selected].sort((a, b) => a - b).map((i) => codes[i]);
  }

  feedback(text, kind = "", extra = []) {
    this.feedbackEl.replaceChildren();
    this.feedbackEl.hidden = !text;
    this.feedbackEl.dataset.kind = kind;
    if (!text) return;
    const mark = { correct: "✓", wrong: "✗", illegal: "!", done: "✓" }[kind];
    this.feedbackEl.append(h("p", {}, mark ? h("span", { class: "tj-pz__mark", "aria-hidden": "true" }, `${mark} `) : null, text), ...extra);
  }

  showNotice() {
    const n = progress.progressNotice();
    if (!n || !this.noticeEl) return;
    this.noticeEl.hidden = false;
    this.noticeEl.dataset.kind = n.kind;
    this.noticeEl.textContent = this.t(`puzzle.save.${n.kind}`, { n: n.n, backup: n.backup });
  }

  showProgress() {
    if (!this.puzzleId) return;
    this.showNotice();   // (a save refused for lack of room says so at once)
    const s = progress.summary();
    const mine = progress.displayStatusOf(this.puzzleId);
    this.progressEl.textContent = [
      this.t("puzzle.thisOne", { status: this.t(`puzzle.mine.${mine || "new"}`) }),
      this.t("puzzle.totals", s),
    ].join(" · ");
    this.progressEl.dataset.status = mine || "";
  }

  // ---------------------------------------------------------------- input

  key(e) {
    if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey) return;
    const tag = (e.target.tagName || "").toLowerCase();
    if (tag === "input" || tag === "textarea" || tag === "select") return;
    const onTile = e.target.classList && e.target.classList.contains("tj-pz__tile");
    const k = e.key;
    let handled = true;
    if (/^[1-9]$/.test(k)) {
      const i = Number(k) - 1;
      if (this.tileButtons && this.tileButtons[i] && !this.tileButtons[i].disabled) {
        this.toggle(i);
        this.moveFocus(i);
      }
    } else if (onTile && (k === "ArrowRight" || k === "ArrowDown")) this.moveFocus(this.focusIndex + 1);
    else if (onTile && (k === "ArrowLeft" || k === "ArrowUp")) this.moveFocus(this.focusIndex - 1);
    else if (onTile && k === "Home") this.moveFocus(0);
    else if (onTile && k === "End") this.moveFocus(this.tileButtons.length - 1);
    else if (onTile && k === " ") this.toggle(this.focusIndex);
    else if (k === "Enter" && (onTile || e.target === this)) this.submit("play");
    else if (k === "d" || k === "D") this.submit("discard");
    else if (k === "Escape") { this.selected.clear(); this.updatePick(); }
    else if (k === "u" || k === "U") this.undo();
    else handled = false;
    if (handled) {
      e.preventDefault();
      e.stopPropagation();
    }
  }

  moveFocus(i) {
    const buttons = this.tileButtons || [];
    if (!buttons.length) return;
    const next = Math.max(0, Math.min(buttons.length - 1, i));
    for (const [j, b] of buttons.entries()) b.tabIndex = j === next ? 0 : -1;
    this.focusIndex = next;
    buttons[next].focus();
  }

  toggle(i) {
    if (this.busy || this.done || !this.tileButtons[i] || this.tileButtons[i].disabled) return;
    if (this.selected.has(i)) this.selected.delete(i);
    else this.selected.add(i);
    this.focusIndex = i;
    for (const [j, b] of this.tileButtons.entries()) b.tabIndex = j === i ? 0 : -1;
    // a refusal ("pick tiles first", "not allowed") was about the last try: a new pick ends it
    if (this.dataset.verdict === "illegal") {
      delete this.dataset.verdict;
      this.feedback("");
    }
    this.updatePick();
  }

  set busy(on) {
    this._busy = on;
    if (on) this.dataset.busy = "true";
    else delete this.dataset.busy;
  }

  get busy() {
    return !!this._busy;
  }

  // ---------------------------------------------------------------- moves

  async submit(kind) {
    if (this.busy || this.done || !this.toml) return;
    const pos = this.position;
    if (pos.to_act !== this.hero) return;
    const codes = this.pickedCodes();
    const lang = this.language;
    if (!codes.length) {
      this.dataset.verdict = "illegal";
      this.feedback(this.t("puzzle.pickFirst"), "illegal");
      return;
    }
    const leading = !pos.trick.length;
    if (leading && kind === "discard") {
      this.dataset.verdict = "illegal";
      this.feedback(this.t("puzzle.illegal.leadDiscard"), "illegal");
      return;
    }
    if (!leading && codes.length !== actionSize(pos.trick[0])) {
      this.dataset.verdict = "illegal";
      this.feedback(this.t("puzzle.illegal.size", { n: actionSize(pos.trick[0]), k: codes.length }), "illegal");
      return;
    }
    const move = (kind === "discard" ? "discard " : "") + codes.join(" ");
    this.busy = true;
    this.dataset.verdict = "";
    const slow = setTimeout(() => this.feedback(this.t("puzzle.thinking"), "loading"), 400);
    const t0 = performance.now();
    let r;
    try {
      r = await this.engine.call("puzzle_step", { toml: this.toml, moves: this.moves, move });
    } catch (err) {
      clearTimeout(slow);
      this.busy = false;
      if (err && err.type === "IllegalActionError") {
        this.dataset.verdict = "illegal";
        this.feedback(this.illegalWords(err), "illegal");
        this.dispatchEvent(new CustomEvent("tj-puzzle-verdict", { detail: { correct: null, illegal: true, ms: performance.now() - t0 } }));
      } else {
        this.feedback(explain(err, lang), "error");
      }
      return;
    }
    clearTimeout(slow);
    const ms = performance.now() - t0;
    this.dataset.verdict = r.correct ? "correct" : "wrong";
    this.dispatchEvent(new CustomEvent("tj-puzzle-verdict", { detail: { correct: r.correct, ms, value: r.value, best_value: r.best_value } }));
    const t = this.t.bind(this);
    const what = moveText(r.action || { kind, tiles: codes }, lang, t);
    const hidden = this.info.visibility === "hidden";
    const units = unitsText(r.value, t);
    if (!r.correct) {
      this.wrong += 1;
      this.busy = false;
      this.saveOutcome("wrong");
      this.saveLine();   // (a reload keeps the wrong try: "every move right this time" stays true)
      this.selected.clear();
      this.updatePick();
      // the concrete side of the verdict: what happens after this move with best play
      const story = r.refutation && !hidden ? storyText(r.refutation, { lang, t, hero: this.hero }) : null;
      const extra = [];
      if (hidden) {
        // no line from the true deal here: it would name the tiles you cannot see, and you retry
        if (r.deals) extra.push(h("p", { class: "tj-pz__judged" }, t(r.exhaustive ? "puzzle.hiddenJudged" : "puzzle.hiddenJudgedSample", { n: r.deals })));
      } else {
        // the refutation, not the best move's value (that would make the retry a formality):
        // the value comes after the solve (the values view)
        extra.push(h("p", { class: "tj-pz__story" }, story ? t("puzzle.wrongStory", { move: what, story }) : t("puzzle.wrongPlain", { move: what, units })));
      }
      extra.push(h("p", { class: "tj-pz__retry" }, t("puzzle.retry")));
      this.feedback(hidden ? t("puzzle.wrongHidden", { move: what, units }) : t("puzzle.wrong"), "wrong", extra);
      if (this.focusIsHere()) (this.tileButtons[this.focusIndex] || this.hintBtn).focus();
      return;
    }
    this.selected.clear();
    delete this.dataset.hint;   // a hint belongs to the position it was asked in
    const before = this.position;
    // the hero's action, the defenders' replies, and (after the solution's last move) the
    // rest of the hand, which the engine plays for every seat — the hero's tiles included
    const rest = (r.rest || []).map((a) => (a.seat === this.hero ? { ...a, auto: true, rest: true } : { ...a, rest: true }));
    const autoPlay = rest.some((a) => a.auto);
    const extra = [];
    if (autoPlay) {
      extra.push(h("p", { class: "tj-pz__graded" }, t("puzzle.lastGraded")));
      this.skipBtn = this.button("puzzle.skip", () => this.skip(), { cls: "tj-pz__skip" });
      extra.push(h("p", {}, this.skipBtn));
    }
    this.feedback(t(hidden ? "puzzle.correctHidden" : "puzzle.correct", { move: what, units }), "correct", extra);
    // saved now, not after the replies (they take seconds to draw); solved: the line is dropped
    this.saveLine(r.done, [...this.moves, move]);
    if (r.done) {   // solved: count it (and show the title) now, not after the engine's play-out
      this.saveOutcome("solved");
      this.showProgress();
      this.revealed = true;
      this.drawHead();
    }
    // the board is drawn again for every reply (its tiles and Play button with it): focus on
    // them would drop to <body> for seconds, where the widget's keys do not reach.  It waits on
    // "Skip to the result" when there is one, else on the board itself.
    if (this.contains(document.activeElement)) {
      if (this.skipBtn) this.skipBtn.focus({ preventScroll: true });
      else if (this.boardEl.contains(document.activeElement)) this.holdFocus();
    }
    const frames = stepFrames(before, [r.action, ...(r.replies || []), ...rest], r.position);
    const said = [];
    for (const frame of frames) {
      if (!this.skipping) this.draw(frame);
      const a = frame.trick[frame.trick.length - 1];
      said.push(frame.pause ? this.t("puzzle.trickWon", { seat: seatName(frame.winner, lang), n: actionSize(frame.trick[0]) })
        : `${seatName(a.seat, lang)}: ${actionWords(a, lang, t)}`);
      // (the engine's play-out after the last graded move goes twice as fast: nothing to judge)
      await this.pause((frame.pause ? this.stepMs * 1.5 : this.stepMs) * (a && a.rest ? 0.5 : 1));
    }
    if (this.skipBtn && this.skipBtn === document.activeElement) this.holdFocus();
    if (this.skipBtn) this.skipBtn.remove();
    this.skipBtn = null;
    this.skipping = false;
    this.srEl.textContent = said.join(lang === "en" ? ". " : "。");
    this.moves.push(move);
    this.history.push({ position: r.position, result: r.result });   // (the line was saved above)
    this.busy = false;
    if (r.done) await this.finish(r);
    else {
      this.draw();
      if (this.focusIsHere()) this.moveFocus(0);
    }
  }

  /** Focus may be put back on the widget's controls: it is in the widget, or fell to <body>
   *  (the focused control was drawn again or removed).  Never taken from elsewhere on the page:
   *  the replies take seconds, and meanwhile the reader may have tabbed out to a link. */
  focusIsHere() {
    const a = document.activeElement;
    if (a && a !== document.body) return this.contains(a);
    // on <body>: ours only if the last press was not elsewhere (a click on the page's text puts
    // the focus there too), and never behind the open phone drawer (a11y.js marks the page)
    if (document.documentElement.hasAttribute("data-tj-drawer-open")) return false;
    return !pressed.away(this);
  }

  /** Wait between two frames of the engine's replies; no wait once "Skip to the result" was pressed. */
  pause(ms) {
    if (this.skipping || ms <= 0) return Promise.resolve();
    return new Promise((resolve) => {
      this._wake = resolve;
      setTimeout(resolve, ms);
    });
  }

  /** "Skip to the result": the engine's play-out is drawn at once. */
  skip() {
    this.skipping = true;
    if (this.skipBtn && this.skipBtn === document.activeElement) this.holdFocus();   // (disabled, it would lose it)
    if (this.skipBtn) this.skipBtn.disabled = true;
    if (this._wake) this._wake();
  }

  /** The focus on the board (its group), not on a control about to be drawn again or removed:
   *  the widget's keys still reach it. */
  holdFocus() {
    this.boardEl.focus({ preventScroll: true });
  }

  /** Words for an illegal move: the engine's reason in the page language (without the
   *  "move '…':" the ops put in front of the English one). */
  illegalWords(err) {
    if (err && typeof err.message === "string") err.message = err.message.replace(/^move '[^']*': /, "");
    return explain(err, this.language);
  }

  saveOutcome(kind) {
    const date = this.getAttribute("date");
    // a hint saved "helped"; a wrong try or the solution later in this attempt makes it a miss
    const worsen = this.recordedAs === "helped" && (kind === "wrong" || kind === "shown");
    if (kind === "solved") {
      if (this.solvedSaved) return;
      this.solvedSaved = true;
      // the shown solution played through in the same attempt is copied, not solved: it marked
      // the miss "then solved" (and took it off "unsolved"); that needs a new attempt
      if (this.shown) return;
      progress.record(this.puzzleId, "solved", { clean: this.isClean(), helped: this.isHelped(), daily: date });
      this.recorded = true;
    } else if (!this.recorded) {
      progress.record(this.puzzleId, kind, { daily: date });
      this.recorded = true;
      this.recordedAs = kind === "hint" ? "helped" : "failed";
    } else if (kind === "wrong" || worsen) {
      progress.record(this.puzzleId, kind, { daily: date, worsen });  // counts the try (and ends "helped")
      if (worsen) this.recordedAs = "failed";
    }
  }

  /** Counts as "solved first time": no wrong try and no solution this attempt, and the
   *  puzzle never missed before (a retry after a miss stays a miss: puzzle-progress.js). */
  isClean() {
    return this.wrong === 0 && !this.shown && !this.hinted && progress.firstTry(this.puzzleId);
  }

  /** Counts as "helped": clean but for a hint — this attempt's, or one on an earlier attempt
   *  or in another tab that saved "helped" (PUZZLES.md: a solve with a hint is helped). */
  isHelped() {
    const status = progress.statusOf(this.puzzleId);
    return this.wrong === 0 && !this.shown && status !== "failed" && (this.hinted || status === "helped");
  }

  /** "Show solution" counts the puzzle as missed; once solved it only replays the line. */
  solutionLabel(solved) {
    this.solutionBtn.textContent = this.t(solved ? "puzzle.replaySolution" : "puzzle.showSolution");
    this.solutionBtn.title = this.t(solved ? "puzzle.replayNote" : "puzzle.hintNote");
    this.solutionBtn.dataset.mode = solved ? "replay" : "show";
  }

  async finish(r) {
    this.done = true;
    this.revealed = true;
    this.drawHead();
    const clean = this.isClean();
    const helped = !clean && this.isHelped();
    this.saveOutcome("solved");
    this.state = "solved";
    this.dataset.outcome = clean ? "solved" : helped ? "helped" : "failed";
    this.solutionLabel(true);
    const lang = this.language;
    const result = r.result || this.position.result;
    this.draw();
    const net = result ? result.payments[this.hero] : null;
    const t = this.t.bind(this);
    const netText = net === null ? "" : t(this.info.visibility === "hidden" ? "puzzle.netActual" : "puzzle.netOpen", { units: unitsText(net, t) });
    const heroActs = result && this.position.tricks
      ? this.position.tricks.flatMap((tr) => tr.actions || []).filter((a) => a.seat === this.hero).length : 0;
    const graded = this.moves.length;
    const notes = [];
    if (graded && heroActs > graded) notes.push(h("p", { class: "tj-pz__graded" }, t(graded === 1 ? "puzzle.playedOut1" : "puzzle.playedOut", { n: graded })));
    // not clean: this attempt had the solution shown, a wrong try or a hint — or none of them,
    // and the puzzle was missed on an earlier attempt (its outcome stays a miss)
    const how = clean ? "puzzle.solvedClean" : this.shown ? "puzzle.solvedShown" : this.wrong ? "puzzle.solvedWrong"
      : this.hinted ? "puzzle.solvedHinted" : helped ? "puzzle.solvedHintedBefore" : "puzzle.solvedMissedBefore";
    this.feedback(t(how, { net: netText }), "done", notes);   // (at once: data-outcome is set)
    const onward = await this.onwardView();   // then the way on, at the end of the same box
    if (onward && this.done) this.feedbackEl.append(onward);
    this.valuesBtn.hidden = false;
    this.hintBtn.disabled = true;
    const parts = [];
    const next = await this.nextView();
    if (next) parts.push(next);
    if (result) parts.push(this.resultView(result));
    try {
      // the line as played, every face-down tile shown (the engine's true deal)
      const sol = await this.engine.call("puzzle_solution", { toml: this.toml, moves: this.moves });
      if (sol.explanation || this.info.explanation) {
        parts.push(h("div", { class: "tj-pz__explain" }, h("p", { class: "tj-subtitle" }, this.t("puzzle.explanation")),
          h("p", {}, loc(sol.explanation || this.info.explanation, lang))));
      }
      parts.push(lineView(solutionTricks(sol), { lang, t: this.t.bind(this), hero: this.hero, title: this.t("puzzle.reveal"), graded: this.moves.length }));
    } catch (err) {
      parts.push(h("p", { class: "tj-message" }, explain(err, lang)));
    }
    // one "Next" block: the one under a solution shown before the solve moves here
    if (next) this.dropNext();
    this.endEl.replaceChildren(...parts);
    this.endEl.hidden = false;
    this.showProgress();
    if (this.focusIsHere()) (this.querySelector(".tj-pz__onward-link") || this.valuesBtn).focus();
  }

  resultView(result) {
    const lang = this.language;
    return h("div", { class: "tj-pz__result" },
      h("p", {}, this.t("puzzle.finisher", { seat: seatName(result.finisher, lang) })),
      h("table", { class: "tj-pz__pay" },
        h("thead", {}, h("tr", {}, h("th", { scope: "col" }, this.t("puzzle.colSeat")), h("th", { scope: "col" }, this.t("puzzle.colDong")), h("th", { scope: "col" }, this.t("puzzle.colNet")))),
        h("tbody", {}, SEATS.map((s) => {
          const n = result.payments[s];
          return h("tr", { dataset: { seat: s }, class: s === this.hero ? "is-hero" : null },
            h("th", { scope: "row" }, seatName(s, lang), s === this.hero ? aside(this.t("puzzle.you"), lang) : ""),
            h("td", {}, String(result.dong[s])),
            h("td", { class: n > 0 ? "is-plus" : n < 0 ? "is-minus" : null, "data-payment": n }, fmtValue(n)));
        }))));
  }

  /** The file's solution line from the engine (cached), on the true deal (every tile shown). */
  async solution() {
    if (!this._solution) this._solution = await this.engine.call("puzzle_solution", { toml: this.toml, moves: [] });
    return this._solution;
  }

  async hint() {
    if (this.busy || !this.toml) return;
    this.busy = true;
    try {
      const r = await this.engine.call("puzzle_hint", { toml: this.toml, moves: this.moves });
      if (!this.done) {
        this.hinted = true;
        this.saveOutcome("hint");
        this.saveLine();
        this.showProgress();
      }
      this.dataset.hintKind = r.kind || "";
      const box = h("p", { class: "tj-pz__hint-text" }, h("strong", {}, this.t("puzzle.hintIs")), this.language === "en" ? " " : "", loc(r.hint, this.language));   // (no space after a full-width colon)
      this.feedbackEl.hidden = false;
      this.feedbackEl.querySelector(".tj-pz__hint-text")?.remove();
      this.feedbackEl.append(box);
      this.dataset.hint = "shown";
    } catch (err) {
      this.feedback(explain(err, this.language), "error");
    } finally {
      this.busy = false;
    }
  }

  async showSolution() {
    if (this.busy || !this.toml) return;
    this.busy = true;
    const lang = this.language;
    try {
      const sol = await this.solution();
      if (!this.done) {
        this.shown = true;
        this.saveOutcome("shown");
        this.showProgress();
      }
      this.revealed = true;
      this.drawHead();
      const heroMoves = solutionMoves(sol);
      this.solutionEl.replaceChildren(...[   // (replaceChildren writes a null as the text "null")
        h("p", { class: "tj-subtitle" }, this.t("puzzle.solutionTitle")),
        this.stepper(sol),
        h("ol", { class: "tj-pz__moves" }, heroMoves.map((m) => {
          const a = parseAction(m);
          return h("li", { dataset: { move: m } }, a.kind === "discard" ? this.t("puzzle.discardedTiles", { tiles: tileNames(a.tiles, lang) }) : tileNames(a.tiles, lang));
        })),
        (sol.explanation || this.info.explanation) ? h("p", { class: "tj-pz__explain" }, loc(sol.explanation || this.info.explanation, lang)) : null,
        lineView(solutionTricks(sol), { lang, t: this.t.bind(this), hero: this.hero, title: this.t("puzzle.solutionLine"), graded: heroMoves.length })].filter(Boolean));
      const next = await this.nextView();
      if (next) {
        this.dropNext();   // (the solution shown after the solve: its block replaces the end's)
        this.solutionEl.append(next);
      }
      this.solutionEl.hidden = false;
      this.valuesBtn.hidden = false;
      this.dataset.solution = "shown";
      this.solutionEl.scrollIntoView({ block: "nearest" });
    } catch (err) {
      this.feedback(explain(err, lang), "error");
    } finally {
      this.busy = false;
    }
  }

  /** The collection for the links after a solve: ``{page, order}`` — index-page and the other
   *  puzzles of index.json in the collection's order, starting after this one and wrapping
   *  round — or null without attributes puzzles="…" and index-page, or when index.json cannot
   *  be read (no links then; the page's own previous / next links remain).  index.json is
   *  fetched once per page (fetchJSON). */
  async collection() {
    const dir = this.getAttribute("puzzles");
    const page = this.getAttribute("index-page");
    if (!dir || !page) return null;
    let list;
    try {
      list = (await fetchJSON(`${dir}index.json`, this.pageBase || document.baseURI)).puzzles;
    } catch {
      return null;
    }
    progress.setKnown(list.map((p) => p.id));   // the totals count only these
    const me = list.findIndex((p) => p.id === this.puzzleId);
    return { page, order: [...list.slice(me + 1), ...list.slice(0, Math.max(0, me))] };
  }

  /** The success box's way on: "Next puzzle" — the next unsolved puzzle after this one in
   *  the collection's order (wrapping round) — or, when every other one is solved, words
   *  saying so and a link to the index.  Needs puzzles="…" and index-page (as nextView). */
  async onwardView() {
    const { page, order } = (await this.collection()) || {};
    if (!order) return null;
    const data = progress.load();
    const open = (p) => unsolved(progress.displayStatusOf(p.id, data));
    // opened from the index's filtered list: the next unsolved one of that list first
    const picked = progress.selection();
    if (picked && picked.includes(this.puzzleId)) {
      const inList = new Set(picked);
      const mine = order.find((p) => inList.has(p.id) && open(p));
      if (mine) {
        return h("p", { class: "tj-pz__onward" },
          h("a", { href: `${page}${mine.id}/`, class: "tj-button tj-button--primary tj-pz__onward-link", dataset: { puzzle: mine.id, selection: "true" } },
            this.t("puzzle.nextInSelection", { id: mine.id })));
      }
    }
    const next = order.find(open);
    if (!next) {
      return h("p", { class: "tj-pz__onward tj-pz__all-solved" }, this.t("puzzle.allSolved"), " ",
        h("a", { href: page, class: "tj-button tj-pz__onward-link" }, this.t("puzzle.allPuzzles")));
    }
    return h("p", { class: "tj-pz__onward" },
      h("a", { href: `${page}${next.id}/`, class: "tj-button tj-button--primary tj-pz__onward-link", dataset: { puzzle: next.id } },
        this.t("puzzle.nextUnsolved", { id: next.id })));
  }

  /** Remove every "Next" block shown so far (a solve after "Show solution" would show two). */
  dropNext() {
    for (const el of this.querySelectorAll(".tj-pz__next")) el.remove();
  }

  /** After a solve (or the solution): "Next" — the next puzzle of a theme of this one,
   *  unsolved first — and a random unsolved puzzle.  Needs attributes puzzles="…/puzzles/"
   *  (index.json's folder) and index-page (where puzzle pages are: "../"); null without. */
  async nextView() {
    const { page, order } = (await this.collection()) || {};
    if (!order) return null;
    const mine = new Set((this.info.themes || []).map((th) => th.id));
    const data = progress.load();
    const open = (p) => unsolved(progress.displayStatusOf(p.id, data));
    const same = order.filter((p) => p.themes.some((th) => mine.has(th)));
    // not the puzzle a "Next puzzle" button shown above goes to: the same link twice read as a slip
    const shown = this.querySelector(".tj-pz__onward-link[data-puzzle]");
    const onward = shown ? order.find((p) => p.id === shown.dataset.puzzle) : undefined;
    const next = same.find((p) => open(p) && p !== onward) || same.find((p) => p !== onward)
      || order.find((p) => p !== onward);
    const pool = order.filter((p) => open(p) && p !== onward && p !== next);
    const rnd = pool.length ? pool[Math.floor(Math.random() * pool.length)] : null;
    const link = (p, key, cls) => h("a", { href: `${page}${p.id}/`, class: `tj-button ${cls}`, dataset: { puzzle: p.id } }, this.t(key, { id: p.id }));
    return h("p", { class: "tj-pz__next" },
      next ? link(next, same.includes(next) ? "puzzle.nextSame" : "puzzle.nextAny", "tj-pz__next-link") : null,   // (the primary one is "Next puzzle" above)
      rnd ? link(rnd, "puzzle.randomUnsolved", "tj-pz__random-link") : null);
  }

  /** The solution played on a board, one action at a time, back and forward (buttons,
   *  ← → Home End on the stepper).  data-step / data-steps on the stepper (test hooks). */
  stepper(sol) {
    const lang = this.language;
    const t = this.t.bind(this);
    const actions = [];
    for (const st of sol.steps || []) actions.push(st.move, ...(st.replies || []));
    actions.push(...(sol.rest || []));
    const frames = [{ ...sol.start, last: null, winner: null }, ...stepFrames(sol.start, actions, sol.position)];
    const board = h("div", { class: "tj-pz__step-board" });
    const caption = h("p", { class: "tj-pz__step-caption", "aria-live": "polite" });
    const box = h("div", { class: "tj-pz__stepper", tabindex: "0", role: "group", "aria-label": t("puzzle.stepperLabel"), dataset: { steps: frames.length - 1 } });
    let k = 0;
    const btn = (key, to) => h("button", { type: "button", class: `tj-button tj-pz__step-${key}`, onclick: () => go(to()) }, t(`puzzle.step.${key}`));
    const first = btn("first", () => 0);
    const back = btn("back", () => k - 1);
    const fwd = btn("forward", () => k + 1);
    const last = btn("last", () => frames.length - 1);
    const go = (i) => {
      k = Math.max(0, Math.min(frames.length - 1, i));
      const f = frames[k];
      board.replaceChildren(tableView(f, { lang, t, hero: this.hero, reveal: true, compact: this.compact }));
      let what = t("puzzle.stepStart");
      if (k > 0) {
        const a = f.trick[f.trick.length - 1];
        what = f.pause ? t("puzzle.trickWon", { seat: seatName(f.winner, lang), n: actionSize(f.trick[0]) })
          : `${seatName(a.seat, lang)}: ${actionWords(a, lang, t, { reveal: true })}`;
      }
      caption.textContent = `${t("puzzle.stepOf", { k, n: frames.length - 1 })} — ${what}`;
      box.dataset.step = String(k);
      const had = [first, back, fwd, last].find((b) => b === document.activeElement);
      first.disabled = back.disabled = k === 0;
      fwd.disabled = last.disabled = k === frames.length - 1;
      // a button that disabled itself (End at the end, Start at the start) drops the focus to
      // <body>: it goes to the stepper, whose arrows still work
      if (had && had.disabled) box.focus();
    };
    box.addEventListener("keydown", (e) => {
      const to = { ArrowLeft: k - 1, ArrowRight: k + 1, Home: 0, End: frames.length - 1 }[e.key];
      if (to === undefined) return;
      e.preventDefault();
      e.stopPropagation();
      go(to);
    });
    box.append(h("div", { class: "tj-pz__step-controls" }, first, back, fwd, last), caption, board);
    go(0);
    return box;
  }

  async showValues() {
    if (this.busy || !this.toml) return;
    this.busy = true;
    const lang = this.language;
    try {
      // the line played so far, or the solution's line when the solution was shown before the end
      let moves = this.moves;
      if (!this.done) moves = solutionMoves(await this.solution());
      const r = await this.engine.call("puzzle_values", { toml: this.toml, moves });
      this.valuesEl.replaceChildren(valuesView(r.steps, { lang, t: this.t.bind(this), played: this.done ? this.moves : [], hidden: this.info.visibility === "hidden" }));
      this.valuesEl.hidden = false;
      this.dataset.values = "shown";
    } catch (err) {
      this.feedback(explain(err, lang), "error");
    } finally {
      this.busy = false;
    }
  }

  // ---------------------------------------------------------------- a reload keeps the line
  // The moves made so far survive a reload of the page (sessionStorage: this tab only, gone
  // when it closes): a puzzle of several moves does not start over.  A saved line the puzzle
  // no longer accepts (it was changed) is dropped and the puzzle starts from the beginning.
  get lineKey() { return `tianjiu.puzzle.line.${this.puzzleId}`; }

  /** moves: the line to keep (default: the moves made; a move the engine has just accepted is
   *  kept before its replies are drawn, so a reload during them does not lose it). */
  saveLine(over = false, moves = this.moves) {
    try {
      // (a hint before any move is part of the attempt too: a reload, then a wrong move, must
      // still make it a miss)
      if ((moves.length || this.hinted || this.shown || this.wrong) && !this.done && !over) {
        sessionStorage.setItem(this.lineKey, JSON.stringify({ moves, wrong: this.wrong, hinted: this.hinted, shown: this.shown,
          recordedAs: this.recordedAs }));
      } else {
        sessionStorage.removeItem(this.lineKey);
      }
    } catch {
      // storage refused (a private window, a full quota): the line just is not kept
    }
  }

  async resumeLine(engine) {
    let saved = null;
    try { saved = JSON.parse(sessionStorage.getItem(this.lineKey) || "null"); } catch { saved = null; }
    const moves = saved && Array.isArray(saved.moves) ? saved.moves : [];
    const flags = saved && (saved.hinted === true || saved.shown === true || (Number.isInteger(saved.wrong) && saved.wrong > 0));
    if ((!moves.length && !flags) || moves.length > 16 || !moves.every((m) => typeof m === "string" && m.length <= 60)) return;
    const history = [this.history[0]];
    this.state = "loading";   // (ready again once the line is replayed, or dropped)
    this.busy = true;         // no move, hint or undo meanwhile (they would mix two lines)
    try {
      for (let i = 0; i < moves.length; i += 1) {
        const r = await engine.call("puzzle_step", { toml: this.toml, moves: moves.slice(0, i), move: moves[i] });
        if (!r.correct || r.done) throw new Error("not the puzzle's line");
        history.push({ position: r.position, result: r.result });
      }
    } catch {
      try { sessionStorage.removeItem(this.lineKey); } catch { /* (as above) */ }
      this.busy = false;
      this.state = "ready";
      return;
    }
    this.busy = false;
    this.state = "ready";
    this.moves = [...moves];
    this.history = history;
    this.wrong = Number.isInteger(saved.wrong) && saved.wrong > 0 ? Math.min(saved.wrong, 999) : 0;
    this.hinted = saved.hinted === true;
    this.shown = saved.shown === true;
    // what this attempt saved already: a hint saved "helped", which a wrong try after the
    // reload must still turn into a miss (it stayed "helped" while the page said "missed")
    this.recordedAs = ["helped", "failed"].includes(saved.recordedAs) ? saved.recordedAs
      : this.hinted && !this.wrong && !this.shown && progress.statusOf(this.puzzleId) === "helped" ? "helped"
      : this.hinted || this.wrong || this.shown ? "failed" : null;
    this.recorded = this.recordedAs !== null;
    this.draw();
    if (moves.length) this.feedback(this.t("puzzle.resumed", { n: moves.length }), "");
  }

  undo() {
    if (this.busy || !this.moves || !this.moves.length) return;
    this.moves.pop();
    this.history.pop();
    this.saveLine();
    this.done = false;
    this.state = "ready";
    delete this.dataset.outcome;
    this.dataset.verdict = "";
    this.endEl.hidden = true;
    this.valuesEl.hidden = true;
    this.srEl.textContent = "";   // (the replies of the line taken back: not there to be read again)
    this.feedback(this.t("puzzle.undone"), "");
    delete this.dataset.hint;
    this.draw();
    this.moveFocus(0);
  }

  restart() {
    if (this.busy || !this.history) return;
    this.moves = [];
    this.history = [this.history[0]];
    this.saveLine();
    this.reset();
    this.moveFocus(0);
  }
}

/** The hero's actions of the solution, as notation. */
export function solutionMoves(sol) {
  return (sol.steps || []).map((s) => (typeof s.move === "string" ? s.move : s.move.text));
}

/** Every trick of a solution line, every face shown: the final position's tricks. */
export function solutionTricks(sol) {
  const last = sol.position || (sol.steps && sol.steps.length ? sol.steps[sol.steps.length - 1].position : null);
  return last && Array.isArray(last.tricks) ? last.tricks : [];
}

defineWidget("tj-puzzle", TjPuzzle, { description: "an end-game puzzle checked by the engine" });
