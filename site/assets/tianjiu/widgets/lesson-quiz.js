// <tj-lesson-quiz kinds="tile_name tile_find"> — a lesson's check, graded by the engine.
//
// The engine makes a question from (kind, seed) (bridge op "lesson_question") and
// grades the answer (op "lesson_check"); this widget only draws and sends.  It never
// holds an answer key: after a wrong try it shows the engine's reason and lets the
// user try again; after two wrong tries it offers to show the answer.
// Attributes: kinds (space-separated, taken in turn), seed (the first question, for tests
//   and links; without it a first visit starts from question 1 — seed 0 — and later
//   visits from a random one), count (questions in the stage, default STAGE), title.
// A stage is finite: "question k of n", then the result ("4/5"), saved on the device
// (lesson-progress.js; the lesson index shows it), "try again" and the next lesson.
// Questions: seed, seed + 1, …  A question identical to the previous one of its kind is
// skipped; kinds with a fixed set of positions (q.cycle) say when they start again.
// State for tests: data-kind, data-seed, data-verdict ("" | "right" | "wrong"),
//   data-tries, data-score ("right/asked"), data-skipped (repeats skipped so far),
//   data-question ("k/n"), data-stage ("" | "done"), data-result ("right/n").
// Keyboard: every choice and tile is a button (Tab / Enter / Space); "Next" moves on, and so
// does N once the question is answered (or its answer shown).  While focus is inside the quiz
// the theme's page keys (N P , . S F /) do nothing (lessonKeys): they would leave the page in
// mid-stage.  A wrong choice is disabled: the focus goes on to the next choice still open.
import { TjWidget, defineWidget, h, explain } from "../widget.js";
import { tileSvg, BY_CODE, tileCaption } from "../tiles.js";
import { txt, bareTile, pipLabel, tileRow, boardView, randomSeed, seatName, signed, keepFocus, lessonKeys } from "./lesson-kit.js";
import * as marks from "./lesson-progress.js";

/** Questions in a stage unless the attribute count says otherwise (fewer when the kind has
 *  fewer fixed positions). */
export const STAGE = 5;

/** "天 66": a tile's name and pips, for controls whose question is not the name. */
function named(code, lang) {
  return `${BY_CODE[code][lang]} ${code}`;
}

export class TjLessonQuiz extends TjWidget {
  render() {
    this.kinds = (this.getAttribute("kinds") || "tile_name").trim().split(/\s+/);
    // getAttribute("seed") is null without the attribute, and Number(null) is 0: test presence
    const seed = this.hasAttribute("seed") ? Number(this.getAttribute("seed")) : NaN;
    this.stageId = this.kinds.join(" ");
    this.seed = Number.isInteger(seed) && seed >= 0 ? seed : marks.markOf(this.stageId) ? randomSeed() : 0;
    const count = Number(this.getAttribute("count"));
    this.total = Number.isInteger(count) && count > 0 ? count : STAGE;
    this.dataset.stage = "";
    this.lastKey = {};      // kind → the last question of that kind (to skip a repeat)
    this.cycleStart = {};   // kind → the position its cycle started from
    this.dataset.skipped = "0";
    this.turn = 0;
    this.asked = 0;
    this.right = 0;
    this.skipped = 0;   // questions passed by with Next, unanswered
    this.dataset.verdict = "";
    this.scoreEl = h("span", { class: "tj-quiz__score", "aria-live": "polite" });
    this.noteEl = h("p", { class: "tj-quiz__note", role: "status", hidden: true });
    this.promptEl = h("p", { class: "tj-quiz__prompt", id: `${this.uid()}-prompt` });
    this.showEl = h("div", { class: "tj-quiz__show" });
    this.choicesEl = h("div", { class: "tj-quiz__choices", role: "group", "aria-labelledby": `${this.uid()}-prompt` });
    this.feedbackEl = h("p", { class: "tj-quiz__feedback", role: "status", "aria-live": "polite", hidden: true });
    this.checkBtn = h("button", { type: "button", class: "tj-button tj-button--primary", hidden: true, onclick: () => this.submitPick() }, this.t("lessons.check"));
    this.revealBtn = h("button", { type: "button", class: "tj-button", hidden: true, onclick: () => this.reveal() }, this.t("lessons.reveal"));
    // disabled until the first question is in (the engine loads first); while a later one
    // loads (data-busy) Next does nothing, so the focus stays where it is
    this.nextBtn = h("button", { type: "button", class: "tj-button", disabled: true, "aria-keyshortcuts": "N", onclick: () => this.next() }, this.t("lessons.next"));
    this.counterEl = h("span", { class: "tj-quiz__counter" });
    this.stageEl = h("div", { class: "tj-quiz__stage", hidden: true });
    const title = this.getAttribute("title") || this.t("lessons.quizTitle");
    this.append(h("div", { class: "tj-quiz" },
      h("div", { class: "tj-quiz__head" }, h("p", { class: "tj-title" }, title), this.counterEl, this.scoreEl),
      marks.openingNotice(this, this.t.bind(this)),
      this.qEl = h("div", { class: "tj-quiz__question" }, this.noteEl, this.promptEl, this.showEl, this.choicesEl, this.feedbackEl,
        h("div", { class: "tj-quiz__actions" }, this.checkBtn, this.revealBtn, this.nextBtn)),
      this.stageEl));
    lessonKeys(this, (e, k) => this.key(e, k));
  }

  /** N: the next question, once this one is answered right or its answer shown (as the Pai Gow
   *  quiz); the theme's other keys are kept from the page while the stage runs (lessonKeys). */
  key(e, k) {
    if (this.dataset.stage === "done") return null;
    if (k === "n") {
      if ((this.dataset.verdict === "right" || this.dataset.verdict === "revealed") && !this.nextBtn.disabled) this.next();
      return true;
    }
    return false;
  }

  uid() {
    if (!this._uid) this._uid = `tjq${Math.random().toString(36).slice(2, 8)}`;
    return this._uid;
  }

  async ready() {
    await this.load();
  }

  get kind() { return this.kinds[this.turn % this.kinds.length]; }

  async load() {
    const kind = this.kind;
    this.dataset.kind = kind;
    this.dataset.seed = String(this.seed);
    this.dataset.verdict = "";
    this.tries = 0;
    this.dataset.tries = "0";
    this.picked = [];
    this.feedback("", "");
    this.revealBtn.hidden = true;
    this.dataset.busy = "true";
    this.loaded = false;   // (until this question is in, answers and Next do not count it)
    try {
      let q = await this.engine.call("lesson_question", { kind, seed: this.seed });
      // the same question twice in a row (a random kind can draw it again): take the next
      for (let k = 0; k < 5 && questionKey(q) === this.lastKey[kind]; k += 1) {
        this.seed += 1;
        this.dataset.seed = String(this.seed);
        this.dataset.skipped = String(Number(this.dataset.skipped) + 1);
        q = await this.engine.call("lesson_question", { kind, seed: this.seed });
      }
      this.lastKey[kind] = questionKey(q);
      // a kind with fewer fixed positions than the stage: one round of them, no repeat
      if (q.cycle && this.kinds.length === 1 && !this.hasAttribute("count")) this.total = Math.min(this.total, q.cycle.count);
      this.q = q;
      this.cycleNote(q);
      this.draw();
      this.loaded = true;
    } catch (err) {
      this.feedback(explain(err, this.language), "error");
    } finally {
      delete this.dataset.busy;
      this.nextBtn.disabled = false;   // (after a failed load, Next asks for the question again)
    }
    this.showScore();
  }

  /** "That was the last one — starting again": a kind with fixed positions came round. */
  cycleNote(q) {
    let note = "";
    if (q.cycle) {
      if (this.cycleStart[q.kind] === undefined) this.cycleStart[q.kind] = q.cycle.n;
      else if (q.cycle.n === this.cycleStart[q.kind]) note = this.t("lessons.cycleAgain", { count: q.cycle.count });
    }
    this.noteEl.textContent = note;
    this.noteEl.hidden = !note;
    this.dataset.cycled = note ? "true" : "false";
  }

  showScore() {
    const k = Math.min(this.turn + 1, this.total);
    this.counterEl.textContent = this.t("lessons.questionOf", { k, n: this.total });
    this.dataset.question = `${k}/${this.total}`;
    this.nextBtn.textContent = this.t(this.turn + 1 >= this.total ? "lessons.toResult" : "lessons.next");
    this.scoreEl.textContent = this.asked ? this.t("lessons.score", { right: this.right, asked: this.asked }) : "";
    this.dataset.score = `${this.right}/${this.asked}`;
  }

  draw() {
    const q = this.q;
    const lang = this.language;
    this.promptEl.textContent = txt(q.prompt, lang);
    this.showEl.replaceChildren();
    const show = q.show || {};
    if (show.tiles && show.against) {
      this.showEl.append(h("div", { class: "tj-quiz__versus" },
        h("span", { class: "tj-quiz__vs-side" }, h("span", { class: "tj-quiz__vs-label" }, this.t("lessons.best")), tileRow(show.tiles, { height: 56, lang })),
        h("span", { class: "tj-quiz__vs-side" }, h("span", { class: "tj-quiz__vs-label" }, this.t("lessons.challenger")), tileRow(show.against, { height: 56, lang }))));
    } else if (show.tiles) {
      // the tile to name: no name anywhere in its markup
      const el = h("span", { class: "tj-quiz__big", role: "img", "aria-label": this.t("lessons.pips", { pips: show.tiles.map(pipLabel).join(" ") }) });
      el.innerHTML = show.tiles.map((c) => bareTile(c, { height: 96, lang })).join("");
      this.showEl.append(el);
    }
    if (show.dice) {
      this.showEl.append(h("span", { class: "tj-dice", role: "img", "aria-label": this.t("lessons.diceAre", { a: show.dice[0], b: show.dice[1] }) },
        show.dice.map((d) => h("span", { class: "tj-die", dataset: { n: d } }, dieFace(d)))));
    }
    if (show.wall) this.showEl.append(wallNumbers(this.t.bind(this)));
    if (q.board) this.showEl.append(boardView(q.board, lang, this.t.bind(this), { height: 44, labels: true }));

    this.choicesEl.replaceChildren();
    this.checkBtn.hidden = q.ui !== "pick";
    if (q.ui === "pick") {
      this.choicesEl.classList.add("is-pick");
      this.pickButtons = q.hand.map((code, i) => {
        return h("button", {
          type: "button", class: "tj-quiz__tile has-name", "aria-pressed": "false", "data-code": code, "data-index": i,
          "aria-label": named(code, lang), html: tileSvg(code, { height: 56, lang, hidden: true }),
          onclick: () => this.togglePick(i),
        }, h("span", { class: "tj-quiz__tile-name", "aria-hidden": "true" }, ...tileCaption(code, lang)));
      });
      this.choicesEl.append(...this.pickButtons);
      return;
    }
    this.choicesEl.classList.remove("is-pick");
    this.choiceButtons = q.choices.map((c) => {
      const content = [];
      if (c.seat && !c.text) content.push(h("span", { class: "tj-quiz__seat" }, seatName(c.seat, lang)));
      if (c.tiles) {
        const pics = h("span", { class: "tj-quiz__pics" });
        // tile_find must not name the tiles; elsewhere the names help
        pics.innerHTML = c.tiles.map((code) => (q.kind === "tile_find"
          ? bareTile(code, { height: 56, lang }) : tileSvg(code, { height: 48, lang, hidden: true }))).join("");
        content.push(pics);
        // the tiles' names under them (lesson 1's exercise had them, lesson 2's did not)
        if (q.kind !== "tile_find" && !c.text) content.push(h("span", { class: "tj-quiz__names", "aria-hidden": "true" }, c.tiles.map((x) => (!BY_CODE[x] ? x : lang === "en" ? `${BY_CODE[x].hant} (${BY_CODE[x].en})` : BY_CODE[x][lang])).join(lang === "en" ? ", " : "、")));
      }
      if (c.text) content.push(h("span", { class: "tj-quiz__text" }, txt(c.text, lang)));
      const aria = c.tiles && !c.text
        ? (c.seat ? `${seatName(c.seat, lang)} ` : "") + (q.kind === "tile_find" ? this.t("lessons.pips", { pips: c.tiles.map(pipLabel).join(" ") }) : c.tiles.map((x) => named(x, lang)).join(" "))
        : null;
      return h("button", {
        type: "button", class: `tj-quiz__choice${c.tiles ? " has-tiles" : ""}`, "data-id": c.id,
        "aria-label": aria, onclick: () => this.answer(c.id),
      }, content);
    });
    this.choicesEl.append(...this.choiceButtons);
  }

  togglePick(i) {
    const b = this.pickButtons[i];
    const on = b.getAttribute("aria-pressed") !== "true";
    const chosen = this.pickButtons.filter((x) => x.getAttribute("aria-pressed") === "true").length;
    if (on && chosen >= (this.q.pick_max || 4)) {
      this.feedback(this.t("lessons.tooMany", { n: this.q.pick_max || 4 }), "wrong");
      return;
    }
    b.setAttribute("aria-pressed", String(on));
    b.classList.toggle("is-picked", on);
    if (this.dataset.verdict === "wrong") this.feedback("", "");
  }

  submitPick() {
    if (!this.pickButtons) return;   // (no question yet: the engine is still starting)
    const tiles = this.pickButtons.filter((b) => b.getAttribute("aria-pressed") === "true").map((b) => b.dataset.code);
    if (!tiles.length) {
      this.feedback(this.t("lessons.pickFirst"), "wrong");
      return;
    }
    this.answer(tiles);
  }

  async answer(answer, reveal = false) {
    if (!this.loaded || this.dataset.busy || this.dataset.verdict === "right") return;
    this.dataset.busy = "true";
    const focused = this.contains(document.activeElement) ? document.activeElement : null;
    try {
      const v = await this.engine.call("lesson_check", { kind: this.kind, seed: this.seed, answer, reveal });
      if (!reveal) {
        this.tries += 1;
        this.dataset.tries = String(this.tries);
        if (this.tries === 1) this.asked += 1;
        if (v.correct && this.tries === 1) this.right += 1;
      }
      this.dataset.verdict = v.correct ? "right" : "wrong";
      this.mark(answer, v);
      if (v.values) this.showValues(v.values);
      this.feedback(txt(v.why, this.language), v.correct ? "right" : "wrong");
      if (v.correct) {
        this.lockChoices();
        this.nextBtn.focus();
      }
      this.revealBtn.hidden = v.correct || this.tries < 2;
      // a wrong choice is disabled: with the focus on it, the focus would drop to <body>
      if (!v.correct && focused && focused.disabled) this.focusOnFrom(focused);
      this.showScore();
    } catch (err) {
      this.feedback(explain(err, this.language), "error");
    } finally {
      delete this.dataset.busy;
    }
  }

  mark(answer, v) {
    if (this.q.ui === "pick") {
      if (v.correct) this.pickButtons.forEach((b) => b.classList.toggle("is-right", b.classList.contains("is-picked")));
      return;
    }
    const btn = this.choiceButtons.find((b) => b.dataset.id === answer);
    if (btn) {
      btn.classList.add(v.correct ? "is-right" : "is-wrong");
      btn.setAttribute("aria-describedby", `${this.uid()}-fb`);
      if (!v.correct) btn.disabled = true;
    }
  }

  /** The focus on a choice just disabled: the next choice still open (round to the first),
   *  else "Show the answer", else the feedback. */
  focusOnFrom(btn) {
    const list = this.choiceButtons || [];
    const i = list.indexOf(btn);
    this.feedbackEl.tabIndex = -1;
    keepFocus([...list.slice(i + 1), ...list.slice(0, Math.max(0, i)), this.revealBtn, this.feedbackEl]);
  }

  /** The engine's value of every choice (strategy), shown once the question is settled. */
  showValues(values) {
    for (const b of this.choiceButtons || []) {
      const n = values[b.dataset.id];
      if (n === undefined || b.querySelector(".tj-quiz__value")) continue;
      b.append(h("span", { class: "tj-quiz__value", title: this.t("lessons.valueTitle") }, signed(n)));
    }
  }

  lockChoices() {
    for (const b of this.choiceButtons || []) b.disabled = true;
    for (const b of this.pickButtons || []) b.disabled = true;
    this.checkBtn.hidden = true;
  }

  async reveal() {
    if (!this.loaded || this.dataset.busy) return;
    this.dataset.busy = "true";
    try {
      const req = { kind: this.kind, seed: this.seed, reveal: true };
      let v = await this.engine.call("lesson_check", { ...req, answer: this.q.ui === "pick" ? [] : this.choiceButtons[0].dataset.id });
      const ans = v.answer;
      // the engine's reason is for the answer sent: ask again with the right one, so the
      // reason shown is why the marked answer is right (not why the first choice is wrong)
      const right = await this.engine.call("lesson_check", { ...req, answer: ans });
      if (right.correct) v = right;
      if (this.q.ui === "pick") {
        const need = [...ans];
        this.pickButtons.forEach((b) => {
          const k = need.indexOf(b.dataset.code);
          const hit = k >= 0;
          if (hit) need.splice(k, 1);
          b.setAttribute("aria-pressed", String(hit));
          b.classList.toggle("is-picked", hit);
          b.classList.toggle("is-right", hit);
        });
      } else {
        const btn = this.choiceButtons.find((b) => b.dataset.id === ans);
        if (btn) btn.classList.add("is-right", "is-revealed");
      }
      if (v.values) this.showValues(v.values);
      this.dataset.verdict = "revealed";
      const last = this.turn + 1 >= this.total;
      const why = v.correct ? withoutVerdict(txt(v.why, this.language)) : "";
      this.feedback(why ? this.t(last ? "lessons.revealedWhyLast" : "lessons.revealedWhy", { why }) : this.t(last ? "lessons.revealedLast" : "lessons.revealed"), "right");
      this.lockChoices();
      this.revealBtn.hidden = true;
      this.nextBtn.focus();
    } catch (err) {
      this.feedback(explain(err, this.language), "error");
    } finally {
      delete this.dataset.busy;
    }
  }

  async next() {
    // the engine still loading, or a question on its way: nothing to skip or count yet
    if (!this.engine || this.dataset.busy) return;
    if (!this.loaded) {   // this question did not load (its error is shown): ask again
      await this.load();
      return;
    }
    if (this.tries === 0 && this.dataset.verdict !== "revealed") {   // skipped: not right, and said so at the end
      this.asked += 1;
      this.skipped += 1;
    }
    if (this.turn + 1 >= this.total) {
      this.finishStage();
      return;
    }
    this.turn += 1;
    this.seed += 1;
    await this.load();
    const first = this.choicesEl.querySelector("button");
    if (first) first.focus();
  }

  /** The end of the stage: the result, saved on the device, then "try again" or the next lesson. */
  finishStage() {
    const right = this.right;
    const n = this.total;
    // every question skipped: no result to keep (it marked the lesson "done" with 0 answers)
    const nothing = this.skipped >= n;
    const mark = nothing ? null : marks.recordStage(this.stageId, right, n);
    this.dataset.stage = "done";
    this.dataset.result = `${right}/${n}`;
    this.qEl.hidden = true;
    const next = document.querySelector("a.md-footer__link--next");
    this.stageEl.replaceChildren(...[   // (replaceChildren writes a null as the text "null")
      h("p", { class: "tj-quiz__result" }, this.t(right === n ? "lessons.stageAll" : "lessons.stageDone", { right, n }),
        this.skipped ? this.t("lessons.stageSkipped", { k: this.skipped }) : ""),
      mark ? h("p", { class: "tj-quiz__saved" }, this.t("lessons.stageSaved", { best: mark.best, n })) : null,
      nothing ? h("p", { class: "tj-quiz__saved" }, this.t("lessons.stageNothing")) : null,
      marks.noticeView(this.t.bind(this)),   // (a save that could not be read or written: said here)
      h("p", { class: "tj-quiz__actions" },
        h("button", { type: "button", class: "tj-button tj-quiz__again", onclick: () => this.again() }, this.t("lessons.stageAgain")),
        next ? h("a", { class: "tj-button tj-button--primary tj-quiz__next-lesson", href: next.getAttribute("href") },
          marks.slugOf(new URL(next.getAttribute("href"), location.href).pathname) ? this.t("lessons.nextLesson")
            : this.t("lessons.nextPage", { title: (next.querySelector(".md-ellipsis") || next).textContent.trim() })) : null)].filter(Boolean));
    this.stageEl.hidden = false;
    this.showScore();
    this.counterEl.textContent = this.t("lessons.stageResult", { right, n });
    (this.stageEl.querySelector(".tj-quiz__next-lesson") || this.stageEl.querySelector("button")).focus();
  }

  async again() {
    this.turn = 0;
    this.asked = 0;
    this.right = 0;
    this.skipped = 0;
    this.seed = randomSeed();
    this.cycleStart = {};
    this.dataset.stage = "";
    delete this.dataset.result;
    this.stageEl.hidden = true;
    this.qEl.hidden = false;
    await this.load();
    const first = this.choicesEl.querySelector("button");
    if (first) first.focus();
  }

  feedback(text, kind) {
    this.feedbackEl.id = `${this.uid()}-fb`;
    this.feedbackEl.textContent = text || "";
    this.feedbackEl.dataset.kind = kind || "";
    this.feedbackEl.hidden = !text;
  }
}

/** The engine's reason for a right answer without its verdict (對！/ Right!): shown when
 *  the answer was revealed, not found. */
function withoutVerdict(text) {
  return String(text).replace(/^\s*(?:對！|对！|Right!)\s*/, "").trim();
}

/** A question without its seed: two questions with the same key look the same. */
function questionKey(q) {
  const { seed, cycle, ...rest } = q;
  return JSON.stringify(rest);
}

function dieFace(n) {
  return ["", "⚀", "⚁", "⚂", "⚃", "⚄", "⚅"][n] || String(n);
}

function wallNumbers(t) {
  const row = h("div", { class: "tj-wall tj-wall--mini", role: "img", "aria-label": t("lessons.wallLabel") });
  for (let n = 1; n <= 8; n += 1) {
    row.append(h("span", { class: "tj-wall__stack" }, h("span", { class: "tj-wall__backs" }, [0, 1, 2, 3].map(() => h("span", { class: "tj-wall__back" }))), h("span", { class: "tj-wall__num" }, String(n))));
  }
  return row;
}

defineWidget("tj-lesson-quiz", TjLessonQuiz, { description: "a lesson's check, graded by the engine" });
