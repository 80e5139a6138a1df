// <tj-lesson-trick n="0"> — lesson 4's check: play one trick against the engine.
//
// East (the banker, an engine player) has led from a dealt hand; you are South.
// Pick tiles from your hand and play them face up (to beat) or discard them face
// down (墊).  The engine checks the action (op "lesson_trick_play"), lets West and
// North answer, and says whether you did right: win the trick when you can.
// Attribute n: the first position (for tests and links); without it a visit starts at a
// random one.  "Next position" goes round them all and says when it starts again.
// State for tests: data-n, data-verdict ("" | "illegal" | "right" | "wrong"), data-winner,
// data-cycled ("true" when the positions start again).
import { TjWidget, defineWidget, h, explain } from "../widget.js";
import { tileSvg, BY_CODE, tileCaption } from "../tiles.js";
import { txt, boardView, trickView, seatName, randomSeed } from "./lesson-kit.js";

export class TjLessonTrick extends TjWidget {
  render() {
    const n = this.hasAttribute("n") ? Number(this.getAttribute("n")) : NaN;
    this.n = Number.isInteger(n) && n >= 0 ? n : null;   // null: a random position once the count is known
    this.seen = 0;
    this.dataset.verdict = "";
    this.introEl = h("p", { class: "tj-quiz__prompt" });
    this.boardEl = h("div", { class: "tj-trick__board" });
    this.handEl = h("div", { class: "tj-quiz__choices is-pick", role: "group", "aria-label": this.t("lessons.yourHand") });
    this.feedbackEl = h("p", { class: "tj-quiz__feedback", role: "status", "aria-live": "polite", hidden: true });
    this.playBtn = h("button", { type: "button", class: "tj-button tj-button--primary", onclick: () => this.send("play") }, this.t("lessons.play"));
    this.discardBtn = h("button", { type: "button", class: "tj-button", onclick: () => this.send("discard") }, this.t("lessons.discard"));
    this.againBtn = h("button", { type: "button", class: "tj-button", hidden: true, onclick: () => this.load() }, this.t("lessons.again"));
    this.nextBtn = h("button", { type: "button", class: "tj-button", onclick: () => this.nextPosition() }, this.t("lessons.nextPosition"));
    this.noteEl = h("p", { class: "tj-quiz__note", role: "status", hidden: true });
    this.append(h("div", { class: "tj-quiz tj-trick" },
      h("div", { class: "tj-quiz__head" }, h("p", { class: "tj-title" }, this.t("lessons.trickTitle")),
        this.counterEl = h("span", { class: "tj-quiz__score" })),
      this.noteEl, this.introEl, this.boardEl,
      h("p", { class: "tj-trick__hand-title" }, this.t("lessons.yourHand")),
      this.handEl, this.feedbackEl,
      h("div", { class: "tj-quiz__actions" }, this.playBtn, this.discardBtn, this.againBtn, this.nextBtn)));
  }

  async ready() {
    if (this.n === null) {
      const first = await this.engine.call("lesson_trick", { n: 0 });
      this.n = randomSeed() % first.count;
    }
    this.start = this.n;
    await this.load();
  }

  nextPosition() {
    if (this.dataset.busy) return;
    this.n = (this.n + 1) % (this.count || 1);
    this.seen += 1;
    const again = this.n === this.start;
    this.noteEl.textContent = again ? this.t("lessons.cycleAgainTrick", { count: this.count }) : "";
    this.noteEl.hidden = !again;
    this.dataset.cycled = String(again);
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
    try {
      this.pos = await this.engine.call("lesson_trick", { n: this.n });
      this.count = this.pos.count;
      this.draw();
    } catch (err) {
      this.feedback(explain(err, this.language), "error");
    } finally {
      delete this.dataset.busy;
    }
  }

  draw() {
    const lang = this.language;
    const pos = this.pos;
    this.counterEl.textContent = this.t("lessons.positionOf", { n: this.n + 1, count: this.count });
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
    if (this.dataset.busy) return;
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
