// <tj-lesson-replay example="he_zun"> — a bonus or special finish, played by the engine.
//
// The engine plays a short scripted position action by action (op "lesson_example";
// every action is checked by the rules, every payment computed by the settlement
// code); this widget steps through it: Back / Next, a note at the key moments, and
// the settlement at the end.  All hands are shown open, to follow the idea: the
// tiles still held in each seat's row, and every tile of the trick (discards too,
// dimmed), with a line saying what each seat played.
// State for tests: data-step ("0" … steps), data-done ("true" at the end).
import { TjWidget, defineWidget, h, explain } from "../widget.js";
import { label } from "../i18n.js";
import { txt, boardView, paymentsView, seatName, signed, keepFocus, lessonKeys } from "./lesson-kit.js";

export class TjLessonReplay extends TjWidget {
  render() {
    this.key = this.getAttribute("example") || "he_zun";
    this.step = 0;
    this.counterEl = h("span", { class: "tj-quiz__score", "aria-live": "polite" });
    this.boardEl = h("div", { class: "tj-replay__board" });
    this.noteEl = h("p", { class: "tj-replay__note", "aria-live": "polite" });
    this.resultEl = h("div", { class: "tj-replay__result" });
    this.backBtn = h("button", { type: "button", class: "tj-button", onclick: () => this.go(this.step - 1) }, `◀ ${this.t("lessons.back")}`);
    this.nextBtn = h("button", { type: "button", class: "tj-button tj-button--primary", onclick: () => this.go(this.step + 1) }, `${this.t("lessons.step")} ▶`);
    this.endBtn = h("button", { type: "button", class: "tj-button", onclick: () => this.go(this.steps.length) }, this.t("lessons.toEnd"));
    this.append(h("div", { class: "tj-quiz tj-replay" },
      h("div", { class: "tj-quiz__head" }, h("p", { class: "tj-title" }, this.getAttribute("title") || this.t("lessons.replayTitle")), this.counterEl),
      this.boardEl, this.noteEl,
      h("div", { class: "tj-quiz__actions" }, this.backBtn, this.nextBtn, this.endBtn),
      this.resultEl));
    this.addEventListener("keydown", (e) => {
      if (e.target.closest("input, select, textarea")) return;
      if (e.key === "ArrowRight") { e.preventDefault(); this.go(this.step + 1); }
      if (e.key === "ArrowLeft") { e.preventDefault(); this.go(this.step - 1); }
    });
    lessonKeys(this);   // (the theme's N / P would leave the page: not while focus is here)
  }

  async ready() {
    try {
      this.ex = await this.engine.call("lesson_example", { id: this.key });
      this.steps = this.ex.steps;
      this.go(0);
    } catch (err) {
      this.noteEl.textContent = explain(err, this.language);
    }
  }

  go(k) {
    if (!this.ex) return;
    const steps = this.steps;
    this.step = Math.max(0, Math.min(steps.length, k));
    this.dataset.step = String(this.step);
    const lang = this.language;
    const t = this.t.bind(this);
    const board = this.step === 0 ? this.ex.start : steps[this.step - 1].board;
    const view = boardView(board, lang, t, { height: 40, labels: true, open: true });
    if (board.won) {
      const w = board.won;
      view.append(h("p", { class: "tj-trick__won" }, t("lessons.trickWon", { seat: seatName(w.seat, lang), n: w.size })));
      if (w.bonuses) {
        const items = w.bonuses.items.map((it) => `${seatName(it.from, lang)} → ${seatName(it.to, lang)} ${it.amount}`);
        view.append(h("p", { class: "tj-replay__bonus" }, `${label("rules", w.bonuses.items[0].rule, lang)}: ${items.join(lang === "en" ? ", " : "，")}`));
      }
    }
    this.boardEl.replaceChildren(view);
    const note = this.step > 0 ? steps[this.step - 1].note : null;
    if (this.ex.natural) {
      this.noteEl.textContent = t("lessons.naturalNote", { seat: seatName(this.ex.natural.seat, lang), name: txt(this.ex.natural.name, lang) });
    } else if (this.step === 0) {
      this.noteEl.textContent = t("lessons.replayStart");
    } else {
      const what = txt(steps[this.step - 1].say, lang);
      this.noteEl.textContent = note ? `${what}${lang === "en" ? ". " : "。"}${txt(note, lang)}` : `${what}${lang === "en" ? "." : "。"}`;
    }
    this.counterEl.textContent = steps.length ? t("lessons.stepOf", { n: this.step, count: steps.length }) : "";
    const focused = this.contains(document.activeElement) ? document.activeElement : null;
    this.backBtn.disabled = this.step === 0;
    this.nextBtn.disabled = this.endBtn.disabled = this.step === steps.length;
    // a focused button that is now disabled would drop the focus to <body> (and the arrow
    // keys with it): move it to a control of this widget that still works
    if (focused && focused.disabled) keepFocus([this.backBtn, this.nextBtn, this.endBtn]);
    const done = this.step === steps.length;
    this.dataset.done = String(done);
    this.resultEl.replaceChildren();
    if (done) this.showResult();
  }

  showResult() {
    const lang = this.language;
    const r = this.ex.result;
    const s = r.settlement;
    const finish = s.finish ? label("finishes", s.finish, lang) : label("finishes", "plain", lang);
    // worded as the Play page words it: a plain finish named, a finish's factor only when it
    // multiplies (a bare "(× 1)" read as contradicting the banker's "× 2" in the payments)
    const key = (s.finish || "plain") === "plain" ? "lessons.resultLinePlain"
      : s.finish_factor !== 1 ? "lessons.resultLine" : "lessons.resultLineNoFactor";
    const parts = [h("p", { class: "tj-subtitle tj-replay__finish" }, this.t(key, { seat: seatName(r.finisher, lang), finish, f: s.finish_factor }))];
    parts.push(paymentsView(r, lang, this.t.bind(this)));
    const bonus = Object.values(r.bonuses.payments).some((v) => v !== 0);
    if (bonus) {
      parts.push(h("p", { class: "tj-replay__bonus" }, this.t("lessons.bonusesIncluded", {
        list: ["E", "S", "W", "N"].map((x) => `${seatName(x, lang)} ${signed(r.bonuses.payments[x])}`).join(lang === "en" ? ", " : "，"),
      })));
    }
    this.resultEl.replaceChildren(...parts);
  }
}

defineWidget("tj-lesson-replay", TjLessonReplay, { description: "a bonus or special finish played step by step (lesson 7)" });
