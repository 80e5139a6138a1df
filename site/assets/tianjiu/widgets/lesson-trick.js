// <tj-lesson-trick n="0"> — lesson 4's check: play one trick against the engine.
//
// East (the banker, an engine player) has led from a dealt hand; you are South.
// Pick tiles from your hand and play them face up (to beat) or discard them face
// down (墊).  The engine checks the action (op "lesson_trick_play"), lets West and
// North answer, and says whether you did right: win the trick when you can.
// Attribute n: the first position (for tests and links); without it a first visit starts
// at position 1 and later ones at a random one.  A finite stage: every position once, then
// the result ("right first time 5/6"), saved on the device (lesson-progress.js), "try
// again" and the next lesson.
// State for tests: data-n, data-verdict ("" | "illegal" | "right" | "wrong"), data-winner,
// data-cycled (always "false": a stage never starts again by itself), data-stage
// ("" | "done"), data-result ("right/count").
import { TjWidget, defineWidget, h, explain } from "../widget.js";
import { tileSvg, BY_CODE, tileCaption } from "../tiles.js";
import { txt, boardView, trickView, seatName, randomSeed, lessonKeys } from "./lesson-kit.js";
import * as marks from "./lesson-progress.js";

const STAGE_ID = "trick";

export class TjLessonTrick extends TjWidget {
  render() {
    const n = this.hasAttribute("n") ? Number(this.getAttribute("n")) : NaN;
    this.n = Number.isInteger(n) && n >= 0 ? n : null;   // null: a random position once the count is known
    this.seen = 0;
    this.right = 0;
    this.tried = new Set();   // positions answered (the first legal answer counts) or skipped
    this.answered = 0;        // positions answered
    this.dataset.verdict = "";
    this.dataset.stage = "";
    this.dataset.cycled = "false";
    this.introEl = h("p", { class: "tj-quiz__prompt" });
    this.boardEl = h("div", { class: "tj-trick__board" });
    this.handEl = h("div", { class: "tj-quiz__choices is-pick", role: "group", "aria-label": this.t("lessons.yourHand") });
    this.feedbackEl = h("p", { class: "tj-quiz__feedback", role: "status", "aria-live": "polite", hidden: true });
    // disabled until the first position is on the board (the engine loads first); while a
    // later position loads (data-busy) they do nothing, so the focus stays where it is
    this.playBtn = h("button", { type: "button", class: "tj-button tj-button--primary", disabled: true, onclick: () => this.send("play") }, this.t("lessons.play"));
    this.discardBtn = h("button", { type: "button", class: "tj-button", disabled: true, onclick: () => this.send("discard") }, this.t("lessons.discard"));
    this.againBtn = h("button", { type: "button", class: "tj-button", hidden: true, onclick: () => { if (!this.dataset.busy && this.engine) this.load(); } }, this.t("lessons.again"));
    this.nextBtn = h("button", { type: "button", class: "tj-button", disabled: true, onclick: () => this.nextPosition() }, this.t("lessons.nextPosition"));
    this.noteEl = h("p", { class: "tj-quiz__note", role: "status", hidden: true });
    this.stageEl = h("div", { class: "tj-quiz__stage", hidden: true });
    this.append(h("div", { class: "tj-quiz tj-trick" },
      h("div", { class: "tj-quiz__head" }, h("p", { class: "tj-title" }, this.t("lessons.trickTitle")),
        this.counterEl = h("span", { class: "tj-quiz__score" })),
      marks.openingNotice(this, this.t.bind(this)),
      this.qEl = h("div", {}, this.noteEl, this.introEl, this.boardEl,
        h("p", { class: "tj-trick__hand-title" }, this.t("lessons.yourHand")),
        this.handEl, this.feedbackEl,
        h("div", { class: "tj-quiz__actions" }, this.playBtn, this.discardBtn, this.againBtn, this.nextBtn)),
      this.stageEl));
    // the theme's page keys would leave the page in mid-stage: not while focus is here
    lessonKeys(this, () => (this.dataset.stage === "done" ? null : false));
  }

  async ready() {
    if (this.n === null) {
      const first = await this.engine.call("lesson_trick", { n: 0 });
      this.n = marks.markOf(STAGE_ID) ? randomSeed() % first.count : 0;
    }
    this.start = this.n;
    await this.load();
  }

  /** A position is on the board and nothing is loading: the controls may act. */
  get idle() { return Boolean(this.pos) && !this.dataset.busy; }

  nextPosition() {
    if (!this.idle) return;
    this.tried.add(this.n);   // skipped: not right
    this.seen += 1;
    if (this.seen >= (this.count || 1)) {
      this.finishStage();
      return;
    }
    this.n = (this.n + 1) % (this.count || 1);
    this.load();
  }

  /** Every position done: the result, saved on the device, "try again", the next lesson. */
  finishStage() {
    const right = this.right;
    const n = this.count;
    // every position skipped: no result to keep (it marked the lesson "done" with 0 answers)
    const nothing = this.answered === 0;
    const mark = nothing ? null : marks.recordStage(STAGE_ID, right, n);
    this.dataset.stage = "done";
    this.dataset.result = `${right}/${n}`;
    this.qEl.hidden = true;
    const next = document.querySelector("a.md-footer__link--next");
    this.stageEl.replaceChildren(...[   // (replaceChildren writes a null as the text "null")
      h("p", { class: "tj-quiz__result" }, this.t(right === n ? "lessons.stageAll" : "lessons.stageDone", { right, n })),
      mark ? h("p", { class: "tj-quiz__saved" }, this.t("lessons.stageSaved", { best: mark.best, n })) : null,
      nothing ? h("p", { class: "tj-quiz__saved" }, this.t("lessons.stageNothing")) : null,
      marks.noticeView(this.t.bind(this)),   // (a save that could not be read or written: said here)
      h("p", { class: "tj-quiz__actions" },
        h("button", { type: "button", class: "tj-button tj-quiz__again", onclick: () => this.restartStage() }, this.t("lessons.stageAgain")),
        next ? h("a", { class: "tj-button tj-button--primary tj-quiz__next-lesson", href: next.getAttribute("href") }, this.t("lessons.nextLesson")) : null)].filter(Boolean));
    this.stageEl.hidden = false;
    this.counterEl.textContent = this.t("lessons.stageResult", { right, n });
    (this.stageEl.querySelector(".tj-quiz__next-lesson") || this.stageEl.querySelector("button")).focus();
  }

  restartStage() {
    this.seen = 0;
    this.right = 0;
    this.tried = new Set();
    this.answered = 0;
    this.n = randomSeed() % (this.count || 1);
    this.start = this.n;
    this.dataset.stage = "";
    delete this.dataset.result;
    this.stageEl.hidden = true;
    this.qEl.hidden = false;
    this.load();
  }

  async load() {
    this.dataset.verdict = "";
    delete this.dataset.winner;
    this.dataset.n = String(this.n);
    this.feedback("", "");
    this.againBtn.hidden = true;
    this.playBtn.hidden = this.discardBtn.hidden = false;
    this.dataset.busy = "true";
    this.pos = null;   // (until this position is in, Play / Discard / Next do nothing)
    try {
      this.pos = await this.engine.call("lesson_trick", { n: this.n });
      this.count = this.pos.count;
      this.draw();
      this.playBtn.disabled = this.discardBtn.disabled = this.nextBtn.disabled = false;
    } catch (err) {
      this.feedback(explain(err, this.language), "error");
      this.againBtn.hidden = false;   // (a try again, in words, never a dead end)
    } finally {
      delete this.dataset.busy;
    }
  }

  draw() {
    const lang = this.language;
    const pos = this.pos;
    this.counterEl.textContent = this.t("lessons.positionOf", { n: this.seen + 1, count: this.count });
    this.nextBtn.textContent = this.t(this.seen + 1 >= this.count ? "lessons.toResult" : "lessons.nextPosition");
    this.introEl.textContent = this.t(pos.size === 1 ? "lessons.trickIntro1" : "lessons.trickIntro", { lead: txt(pos.lead.name, lang), n: pos.size });
    const board = { ...pos.board, seats: { ...pos.board.seats, S: { dong: pos.board.seats.S.dong } } };
    this.boardEl.replaceChildren(boardView(board, lang, this.t.bind(this), { height: 40 }));
    this.buttons = pos.hand.map((code, i) => h("button", {
      type: "button", class: "tj-quiz__tile has-name", "aria-pressed": "false", "data-code": code,
      "aria-label": `${BY_CODE[code][lang]} ${code}`, html: tileSvg(code, { height: 56, lang, hidden: true }),
      onclick: () => this.toggle(i),
    }, h("span", { class: "tj-quiz__tile-name", "aria-hidden": "true" }, ...tileCaption(code, lang))));
    this.handEl.replaceChildren(...this.buttons);
  }

  toggle(i) {
    if (this.dataset.verdict === "right" || this.dataset.verdict === "wrong") return;
    const b = this.buttons[i];
    const on = b.getAttribute("aria-pressed") !== "true";
    b.setAttribute("aria-pressed", String(on));
    b.classList.toggle("is-picked", on);
  }

  async send(kind) {
    if (!this.idle) return;
    const tiles = this.buttons.filter((b) => b.getAttribute("aria-pressed") === "true").map((b) => b.dataset.code);
    if (!tiles.length) {
      this.feedback(this.t("lessons.pickFirst"), "wrong");
      return;
    }
    const action = (kind === "discard" ? "discard " : "") + tiles.join(" ");
    this.dataset.busy = "true";
    try {
      const r = await this.engine.call("lesson_trick_play", { n: this.n, action });
      if (!r.legal) {
        this.dataset.verdict = "illegal";
        this.feedback(sentences(this.t("lessons.notAllowed"), txt(r.why, this.language), this.language), "wrong");
        return;
      }
      this.dataset.verdict = r.correct ? "right" : "wrong";
      this.dataset.winner = r.winner;
      if (!this.tried.has(this.n)) {   // the first answer at this position counts
        this.tried.add(this.n);
        this.answered += 1;
        if (r.correct) this.right += 1;
      }
      const lang = this.language;
      this.boardEl.replaceChildren(
        trickView(r.trick, lang, this.t.bind(this), { height: 40, best: r.winner }),
        h("p", { class: "tj-trick__won" }, this.t("lessons.trickWon", { seat: seatName(r.winner, lang), n: r.trick[0].tiles.length + (r.trick[0].unknown || 0) })));
      // the engine's verdict starts with 對！/ 不對。 (Right! / Not quite.) itself
      for (const b of this.buttons) {
        b.disabled = true;
        if (b.getAttribute("aria-pressed") === "true") b.classList.add("is-gone");
      }
      this.feedback(txt(r.why, lang), r.correct ? "right" : "wrong");
      this.playBtn.hidden = this.discardBtn.hidden = true;
      this.againBtn.hidden = false;
      (r.correct ? this.nextBtn : this.againBtn).focus();
    } catch (err) {
      this.feedback(explain(err, this.language), "error");
    } finally {
      delete this.dataset.busy;
    }
  }

  feedback(text, kind) {
    this.feedbackEl.textContent = text || "";
    this.feedbackEl.dataset.kind = kind || "";
    this.feedbackEl.hidden = !text;
  }
}

/** Two sentences: a space between them in English, none in Chinese. */
function sentences(a, b, lang) {
  return lang === "en" ? `${a} ${b}` : `${a}${b}`;
}

defineWidget("tj-lesson-trick", TjLessonTrick, { description: "play one trick against the engine (lesson 4)" });
