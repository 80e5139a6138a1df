// <tj-paigow-drill seed="3"> — the small 牌九 (小牌九) drill: two two-tile hands, the player's
// (閒) and the banker's (莊); which wins?  The engine (op paigow_compare, banker "second")
// grades it and says why: a higher class (pair, 王, 槓), more points, the higher tile on
// equal points, a copy (食夾棍) or two 0s going to the banker.
// Attributes: seed (the first deal; then seed + 1, …; without it a random one), hands
//   ("66 45 / 11 26": a fixed first question, player / banker).
// Keyboard: both answers are buttons; P / B (or 1 / 2) answer, N the next question.
// State for tests: data-seed, data-player, data-banker (codes), data-verdict
//   ("" | "right" | "wrong"), data-winner ("first" | "second"), data-reason, data-score.
import { TjWidget, defineWidget, h, explain } from "../widget.js";
import { seededRng, randomSeed, dealTiles, handName, namedTiles, reasonText, overSet, pageTiles, endSentence, pageKeys } from "./paigow-kit.js";
import { clip } from "../i18n.js";
import * as P from "./paigow-progress.js";

export class TjPaigowDrill extends TjWidget {
  render() {
    const t = this.t.bind(this);
    const seed = this.hasAttribute("seed") ? Number(this.getAttribute("seed")) : NaN;
    this.seed = Number.isInteger(seed) && seed >= 0 ? seed : randomSeed();
    this.asked = 0;
    this.right = 0;
    this.dataset.verdict = "";
    this.sides = {};
    const side = (who) => {
      const el = h("div", { class: `tj-pgd__side tj-pgd__side--${who}` },
        h("span", { class: "tj-pgd__who" }, t(`paigow.drill.${who}`)),
        h("span", { class: "tj-pgd__tiles" }),
        h("span", { class: "tj-pgd__name" }));
      this.sides[who] = el;
      return el;
    };
    this.answerBtns = {
      first: h("button", { type: "button", class: "tj-button tj-pgd__answer", "data-answer": "first", onclick: () => this.answer("first") }, t("paigow.drill.playerWins")),
      second: h("button", { type: "button", class: "tj-button tj-pgd__answer", "data-answer": "second", onclick: () => this.answer("second") }, t("paigow.drill.bankerWins")),
    };
    this.feedbackEl = h("p", { class: "tj-pgd__feedback", role: "status", "aria-live": "polite", hidden: true });
    this.scoreEl = h("span", { class: "tj-quiz__score" });
    this.nextBtn = h("button", { type: "button", class: "tj-button", onclick: () => this.next() }, t("paigow.drill.next"));
    this.noticeEl = h("p", { class: "tj-pgw__notice", role: "status", hidden: true });
    // what is wrong with the page's hands attribute: stays until the next question
    this.problemEl = h("p", { class: "tj-message tj-pgw__problem", role: "alert", hidden: true });
    this.append(h("div", { class: "tj-pgd" },
      h("div", { class: "tj-quiz__head" }, h("p", { class: "tj-title" }, t("paigow.drill.title")), this.scoreEl),
      this.noticeEl, this.problemEl,
      h("p", { class: "tj-pgd__prompt" }, t("paigow.drill.prompt")),
      h("div", { class: "tj-pgd__board" }, side("player"), h("span", { class: "tj-pgd__vs", "aria-hidden": "true" }, "vs"), side("banker")),
      h("div", { class: "tj-pgd__answers", role: "group", "aria-label": t("paigow.drill.prompt") }, this.answerBtns.first, this.answerBtns.second),
      this.feedbackEl,
      h("div", { class: "tj-quiz__actions" }, this.nextBtn)));
    pageKeys(this, (e, k) => this.key(e, k));
    const fixed = this.getAttribute("hands");
    if (fixed !== null) {   // hands it cannot deal are said (not swapped for random ones)
      const why = this.checkHands(fixed);
      if (why) {
        this.problemEl.textContent = t("paigow.fixed.drill", { tiles: clip(fixed), why: endSentence(why, this.language) });
        this.problemEl.hidden = false;
        this.dataset.problem = "true";
      }
    }
    P.load();           // (a damaged save is repaired now, and said so)
    this.showNotice();
    this.showScore();
  }

  /** "66 45 / 11 26" → this.fixed (player's two, banker's two); else what is wrong, a line. */
  checkHands(text) {
    const parts = text.split(/[/／]/);
    if (parts.length !== 2) return this.t("paigow.fixed.pairs");
    const hands = [];
    for (const [i, part] of parts.entries()) {
      const r = pageTiles(part, 2, this.t.bind(this), this.language);
      // which hand: "Banker 莊: it takes 2 tiles; 1 is written."
      if (r.error) return `${this.t(i ? "paigow.drill.banker" : "paigow.drill.player")}${this.language === "en" ? ": " : "："}${r.error}`;
      hands.push(...r.codes);
    }
    const over = overSet(hands, this.t.bind(this), this.language);
    if (!over) this.fixed = hands;
    return over;
  }

  /** What happened to the saved progress on this page (paigow.save.*), if anything. */
  showNotice() {
    const n = P.progressNotice();
    if (n) { this.noticeEl.textContent = this.t(`paigow.save.${n.kind}`, { n: n.n, backup: n.backup }); this.noticeEl.hidden = false; }
  }

  async ready() {
    if (this.dataset.problem) {   // (said; "Next" deals a question)
      for (const b of Object.values(this.answerBtns)) b.disabled = true;
      return;
    }
    this.load(this.fixed || dealTiles(4, seededRng(this.seed)));
  }

  load(tiles) {
    const lang = this.language;
    this.q = { player: tiles.slice(0, 2), banker: tiles.slice(2, 4) };
    this.dataset.seed = String(this.seed);
    this.dataset.player = this.q.player.join(" ");
    this.dataset.banker = this.q.banker.join(" ");
    this.dataset.verdict = "";
    delete this.dataset.winner;
    delete this.dataset.reason;
    for (const who of ["player", "banker"]) {
      const el = this.sides[who];
      el.classList.remove("is-winner");
      el.querySelector(".tj-pgd__tiles").replaceChildren(namedTiles(this.q[who], lang, { height: 64 }));
      el.querySelector(".tj-pgd__name").textContent = "";
    }
    for (const b of Object.values(this.answerBtns)) { b.disabled = false; b.classList.remove("is-right", "is-wrong"); }
    this.feedbackEl.hidden = true;
  }

  async answer(which) {
    if (this.dataset.busy || this.dataset.verdict || !this.q) return;
    this.dataset.busy = "true";
    try {
      const r = await this.engine.call("paigow_compare", { first: this.q.player.join(" "), second: this.q.banker.join(" "), banker: "second" });
      const right = r.winner === which;
      this.asked += 1;
      if (right) this.right += 1;
      P.recordDrill(right);
      this.showNotice();   // (the storage may be full now)
      this.dataset.verdict = right ? "right" : "wrong";
      this.dataset.winner = r.winner;
      this.dataset.reason = r.reason_code;
      const lang = this.language;
      this.sides.player.querySelector(".tj-pgd__name").textContent = handName(r.first, lang);
      this.sides.banker.querySelector(".tj-pgd__name").textContent = handName(r.second, lang);
      this.sides[r.winner === "first" ? "player" : "banker"].classList.add("is-winner");
      for (const [k, b] of Object.entries(this.answerBtns)) {
        b.disabled = true;
        if (k === r.winner) b.classList.add("is-right");
        else if (k === which) b.classList.add("is-wrong");
      }
      const win = handName(r.winner === "first" ? r.first : r.second, lang);
      const lose = handName(r.winner === "first" ? r.second : r.first, lang);
      const who = this.t(r.winner === "first" ? "paigow.drill.player" : "paigow.drill.banker");
      this.feedbackEl.textContent = `${this.t(right ? "paigow.right" : "paigow.wrong")}${lang === "en" ? " " : ""}${this.t("paigow.drill.because", { who, win, lose, why: reasonText(r, lang) })}`;
      this.feedbackEl.dataset.kind = right ? "right" : "wrong";
      this.feedbackEl.hidden = false;
      this.showScore();
      this.nextBtn.focus({ preventScroll: true });
    } catch (err) {
      this.feedbackEl.textContent = explain(err, this.language);
      this.feedbackEl.dataset.kind = "error";
      this.feedbackEl.hidden = false;
    } finally {
      delete this.dataset.busy;
    }
  }

  showScore() {
    this.dataset.score = `${this.right}/${this.asked}`;
    this.scoreEl.textContent = this.asked ? this.t("paigow.score", { right: this.right, asked: this.asked }) : "";
  }

  next() {
    if (this.dataset.busy) return;
    this.problemEl.hidden = true;
    delete this.dataset.problem;
    this.seed += 1;
    this.load(dealTiles(4, seededRng(this.seed)));
    this.answerBtns.first.focus({ preventScroll: true });
  }

  /** P / 1: the player's hand wins, B / 2: the banker's, N: next (the page's keys: pageKeys). */
  key(e, k) {
    if (!["p", "1", "b", "2", "n"].includes(k)) return false;
    if ((k === "p" || k === "1") && !this.dataset.verdict) this.answer("first");
    else if ((k === "b" || k === "2") && !this.dataset.verdict) this.answer("second");
    else if (k === "n" && (this.dataset.verdict || this.dataset.problem)) this.next();
    return true;
  }
}

defineWidget("tj-paigow-drill", TjPaigowDrill, { description: "small Pai Gow drill: which of two hands wins, and why" });
