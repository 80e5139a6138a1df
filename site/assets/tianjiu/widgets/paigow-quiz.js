// <tj-paigow-quiz kinds="points" count="5" lesson="pg-01" next="../02-hands/"> — a Pai Gow
// lesson's check: a finite stage of `count` questions, each graded by the engine on the
// first answer (then the right answer and the engine's reason are shown), a result like
// 4/5 at the end, the best mark saved on the device (paigow-progress.js), "again" and a
// link to the next lesson.
// Kinds (taken in turn): points (how many points is this hand? — op paigow_rank), tiebreak
//   (two hands of equal points: which wins? the higher single tile — paigow_rank, paigow_compare),
//   compare (which of two hands wins, the banker's taking ties — op paigow_compare; one hand
//   is a pair, 至尊, 王 or 槓 most of the time), house (which setting does the house way pick?
//   — op paigow_set), best (which setting has the best EV against the house way? — paigow_set).
// Attributes: kinds, count (default 5), lesson (the mark's id, "pg-…"), next (a link),
//   seed (question i uses seed + i; without it a random start).
// State for tests: data-kind, data-seed, data-q (question number, 1-based), data-verdict
//   ("" | "right" | "wrong"), data-score ("right/asked"), data-stage ("" | "done").
import { TjWidget, defineWidget, h, explain } from "../widget.js";
import { seededRng, randomSeed, dealTiles, handName, namedTiles, plainTiles, reasonText, fitsOneSet, evText, pageKeys } from "./paigow-kit.js";
import * as P from "./paigow-progress.js";
import { tileName } from "../i18n.js";

/** Why a two-tile hand has its points, worked out: "4 + 8 = 12; only the last digit counts,
 *  so 2 points", and for 丁三 12 / 二四 24 (the 至尊 tiles) which of 3 or 6 they count as
 *  (the engine's default rule, gee_joon_wild; spec paigow-rules.md "Points").  Checked against
 *  the engine's answer r.points: if they disagree, the plain sentence is said instead. */
export function pointsWorking(tiles, r, lang, t) {
  const pips = (c) => Number(c[0]) + Number(c[1]);
  const wild = (c) => c === "12" || c === "24";
  const opts = (c) => (wild(c) ? [3, 6] : [pips(c)]);
  let best = null;
  for (const a of opts(tiles[0])) {
    for (const b of opts(tiles[1])) {
      if (!best || (a + b) % 10 > best.n) best = { a, b, n: (a + b) % 10 };
    }
  }
  if (!best || best.n !== r.points) return t("paigow.quiz.pointsWhy", { name: handName(r, lang), n: r.points });
  let text = t("paigow.quiz.pointsSum", { name: handName(r, lang), a: best.a, b: best.b, sum: best.a + best.b, n: best.n });
  const w = tiles.findIndex(wild);
  if (w >= 0) text += " " + t("paigow.quiz.pointsWild", { tile: tileName(tiles[w], lang), v: w === 0 ? best.a : best.b });
  return text;
}

/** Hands a lesson on pairs, 至尊, 王 and 槓 wants to show often. */
const SPECIAL = ["12 24", "66 66", "11 11", "44 44", "13 13", "55 55", "33 33", "36 45", "26 35", "25 34", "14 23",
  "66 36", "66 45", "11 36", "11 45", "66 26", "66 35", "66 44", "11 26", "11 35", "11 44", "66 16", "11 16", "56 56"];

export class TjPaigowQuiz extends TjWidget {
  render() {
    const t = this.t.bind(this);
    this.kinds = (this.getAttribute("kinds") || "points").trim().split(/\s+/);
    const count = Number(this.getAttribute("count") || 5);
    this.count = Number.isInteger(count) && count >= 1 && count <= 20 ? count : 5;
    this.lesson = this.getAttribute("lesson") || "";
    const seed = this.hasAttribute("seed") ? Number(this.getAttribute("seed")) : NaN;
    this.seed0 = Number.isInteger(seed) && seed >= 0 ? seed : randomSeed();
    this.headEl = h("span", { class: "tj-quiz__score", "aria-live": "polite" });
    this.markEl = h("p", { class: "tj-pgq__mark" });
    this.promptEl = h("p", { class: "tj-quiz__prompt" });
    this.showEl = h("div", { class: "tj-quiz__show" });
    this.choicesEl = h("div", { class: "tj-quiz__choices tj-pgq__choices", role: "group" });
    this.feedbackEl = h("p", { class: "tj-quiz__feedback", role: "status", "aria-live": "polite", hidden: true });
    this.nextBtn = h("button", { type: "button", class: "tj-button tj-button--primary", hidden: true, onclick: () => this.next() }, t("paigow.quiz.next"));
    this.endEl = h("div", { class: "tj-pgq__end", hidden: true });
    this.noticeEl = h("p", { class: "tj-pgw__notice", role: "status", hidden: true });
    this.append(h("div", { class: "tj-quiz tj-pgq" },
      h("div", { class: "tj-quiz__head" }, h("p", { class: "tj-title" }, this.getAttribute("title") || t("paigow.quiz.title")), this.headEl),
      this.noticeEl, this.markEl, this.promptEl, this.showEl, this.choicesEl, this.feedbackEl,
      h("div", { class: "tj-quiz__actions" }, this.nextBtn), this.endEl));
    this.showMark();
    pageKeys(this, (e, k) => this.key(e, k));
  }

  /** The keys its buttons show: P / B (or 1 / 2) for which hand wins, 1–3 for a setting,
   *  0–9 for points; N: the next question (the page's keys: pageKeys — the theme's own P and
   *  N would otherwise leave the page in mid-quiz). */
  key(e, k) {
    if (this.dataset.stage === "done") return null;
    const q = this.q;
    if (k === "n") {
      if (this.dataset.verdict && !this.nextBtn.hidden) this.next();
      return true;
    }
    if (!q || !this.buttons) return k === "p";
    let id = null;
    if (q.kind === "compare" || q.kind === "tiebreak") {
      if (k === "p" || k === "1") id = "first";
      else if (k === "b" || k === "2") id = "second";
    } else if (q.kind === "points") {
      if (/^[0-9]$/.test(k)) id = k;
    } else if (/^[1-9]$/.test(k) && Number(k) <= this.buttons.length) {
      id = String(Number(k) - 1);
    }
    if (id === null) return k === "p";
    if (!this.dataset.verdict) this.answer(id);
    return true;
  }

  async ready() {
    const n = P.progressNotice();
    if (n) { this.noticeEl.textContent = this.t(`paigow.save.${n.kind}`, { n: n.n, backup: n.backup }); this.noticeEl.hidden = false; }
    await this.start();
  }

  showMark() {
    const m = this.lesson ? P.load().lessons[this.lesson] : null;
    this.markEl.textContent = m ? this.t("paigow.quiz.saved", { best: m.best, total: m.total }) : "";
    this.markEl.hidden = !m;
  }

  async start() {
    this.i = 0;
    this.right = 0;
    this.dataset.stage = "";
    this.endEl.hidden = true;
    await this.load();
  }

  get kind() { return this.kinds[this.i % this.kinds.length]; }

  showHead() {
    this.dataset.score = `${this.right}/${this.i + (this.dataset.verdict ? 1 : 0)}`;
    this.headEl.textContent = this.t("paigow.quiz.progress", { n: Math.min(this.i + 1, this.count), count: this.count, right: this.right });
  }

  async load() {
    const kind = this.kind;
    const seed = this.seed0 + this.i * 101;
    this.dataset.kind = kind;
    this.dataset.seed = String(seed);
    this.dataset.q = String(this.i + 1);
    this.dataset.verdict = "";
    this.feedbackEl.hidden = true;
    this.nextBtn.hidden = true;
    this.dataset.busy = "true";
    this.showHead();
    try {
      this.q = await this.make(kind, seededRng(seed));
      this.draw();
    } catch (err) {
      this.feedback(explain(err, this.language), "error");
    } finally {
      delete this.dataset.busy;
    }
  }

  /** A question of a kind from a seed (the engine is asked for what the answer needs). */
  async make(kind, rng) {
    if (kind === "points") {
      for (let k = 0; k < 40; k += 1) {
        const tiles = dealTiles(2, rng);
        const r = await this.engine.call("paigow_rank", { tiles: tiles.join(" ") });
        if (r.class === "points") return { kind, tiles, r };
      }
      throw new Error("no points hand");
    }
    if (kind === "tiebreak") {
      // two hands of equal points: the higher single tile decides (or a copy / two 0s: the banker)
      for (let k = 0; k < 200; k += 1) {
        const tiles = dealTiles(4, rng);
        const a = await this.engine.call("paigow_rank", { tiles: tiles.slice(0, 2).join(" ") });
        if (a.class !== "points" || a.points === 0) continue;
        const b = await this.engine.call("paigow_rank", { tiles: tiles.slice(2).join(" ") });
        if (b.class === "points" && b.points === a.points) return { kind, player: tiles.slice(0, 2), banker: tiles.slice(2) };
      }
      throw new Error("no hands of equal points");
    }
    if (kind === "compare") {
      let tiles;
      for (let k = 0; k < 40; k += 1) {
        const a = SPECIAL[Math.floor(rng() * SPECIAL.length)].split(" ");
        const b = rng() < 0.5 ? SPECIAL[Math.floor(rng() * SPECIAL.length)].split(" ") : dealTiles(2, rng);
        const both = rng() < 0.5 ? [...a, ...b] : [...b, ...a];
        if (fitsOneSet(both)) { tiles = both; break; }
      }
      if (!tiles) tiles = dealTiles(4, rng);
      return { kind, player: tiles.slice(0, 2), banker: tiles.slice(2) };
    }
    const tiles = dealTiles(4, rng);
    const r = await this.engine.call("paigow_set", { tiles: tiles.join(" ") });
    return { kind, tiles: r.tiles, r };
  }

  draw() {
    const q = this.q;
    const lang = this.language;
    const t = this.t.bind(this);
    this.promptEl.textContent = t(`paigow.quiz.${q.kind}`);
    this.showEl.replaceChildren();
    this.choicesEl.replaceChildren();
    this.choicesEl.classList.toggle("is-numbers", q.kind === "points");
    this.choicesEl.setAttribute("aria-label", this.promptEl.textContent);
    let choices;
    if (q.kind === "points") {
      this.showEl.append(namedTiles(q.tiles, lang, { height: 72 }));
      choices = [...Array(10).keys()].map((n) => ({ id: String(n), content: [String(n)] }));
    } else if (q.kind === "compare" || q.kind === "tiebreak") {
      this.showEl.append(h("div", { class: "tj-pgd__board" },
        h("div", { class: "tj-pgd__side" }, h("span", { class: "tj-pgd__who" }, t("paigow.drill.player")), namedTiles(q.player, lang, { height: 56 })),
        h("span", { class: "tj-pgd__vs", "aria-hidden": "true" }, "vs"),
        h("div", { class: "tj-pgd__side" }, h("span", { class: "tj-pgd__who" }, t("paigow.drill.banker")), namedTiles(q.banker, lang, { height: 56 }))));
      choices = [{ id: "first", content: [t("paigow.drill.playerWins")] }, { id: "second", content: [t("paigow.drill.bankerWins")] }];
    } else {
      this.showEl.append(namedTiles(q.tiles, lang, { height: 64 }));
      // named as the trainer's ("Setting 2: low …, high …"): the visible number is hidden from
      // screen readers, and the feedback and the keys 1–3 go by it
      choices = q.r.settings.map((s, i) => ({ id: String(i), label: t("paigow.trainer.choiceLabel", { n: i + 1, low: handName(s.low, lang), high: handName(s.high, lang) }), content: [
        h("span", { class: "tj-pgt__key", "aria-hidden": "true" }, String(i + 1)),
        h("span", { class: "tj-pgt__side" }, h("span", { class: "tj-pgc__pos" }, t("paigow.low")), plainTiles(s.low.tiles, lang), h("span", { class: "tj-pgt__name" }, handName(s.low, lang))),
        h("span", { class: "tj-pgt__side" }, h("span", { class: "tj-pgc__pos" }, t("paigow.high")), plainTiles(s.high.tiles, lang), h("span", { class: "tj-pgt__name" }, handName(s.high, lang)))] }));
    }
    this.buttons = choices.map((c) => h("button", { type: "button", class: `tj-quiz__choice${q.kind === "house" || q.kind === "best" ? " tj-pgt__choice" : ""}`, "data-id": c.id, "aria-label": c.label, onclick: () => this.answer(c.id) }, c.content));
    this.choicesEl.append(...this.buttons);
  }

  async answer(id) {
    if (this.dataset.busy || this.dataset.verdict) return;
    const q = this.q;
    const lang = this.language;
    const t = this.t.bind(this);
    this.dataset.busy = "true";
    try {
      let correct;
      let why;
      if (q.kind === "points") {
        correct = String(q.r.points);
        why = pointsWorking(q.tiles, q.r, lang, t);
      } else if (q.kind === "compare" || q.kind === "tiebreak") {
        const r = await this.engine.call("paigow_compare", { first: q.player.join(" "), second: q.banker.join(" "), banker: "second" });
        correct = r.winner;
        const who = t(r.winner === "first" ? "paigow.drill.player" : "paigow.drill.banker");
        why = t("paigow.drill.because", { who, win: handName(r.winner === "first" ? r.first : r.second, lang), lose: handName(r.winner === "first" ? r.second : r.first, lang), why: reasonText(r, lang) });
      } else if (q.kind === "house") {
        correct = String(q.r.house_way_choice);
        const s = q.r.settings[q.r.house_way_choice];
        why = t("paigow.quiz.houseWhy", { n: q.r.house_way_choice + 1, low: handName(s.low, lang), high: handName(s.high, lang) });
      } else {
        correct = String(q.r.optimal);
        const s = q.r.settings[q.r.optimal];
        why = t("paigow.quiz.bestWhy", { n: q.r.optimal + 1, ev: evText(s.not_banking.ev), all: { en: ["", "the only one", "both", "all three"], hant: ["", "只有一種", "兩種", "三種"], hans: ["", "只有一种", "两种", "三种"] }[this.language][q.r.settings.length], evs: q.r.settings.map((x) => evText(x.not_banking.ev)).join(" / ") });
      }
      const ok = id === correct;
      if (ok) this.right += 1;
      this.dataset.verdict = ok ? "right" : "wrong";
      for (const b of this.buttons) {
        b.disabled = true;
        if (b.dataset.id === correct) b.classList.add("is-right");
        else if (b.dataset.id === id) b.classList.add("is-wrong");
      }
      this.feedback(`${t(ok ? "paigow.right" : "paigow.wrong")}${lang === "en" ? " " : ""}${why}`, ok ? "right" : "wrong");
      this.showHead();
      this.nextBtn.textContent = t(this.i + 1 >= this.count ? "paigow.quiz.finish" : "paigow.quiz.next");
      this.nextBtn.hidden = false;
      this.nextBtn.focus({ preventScroll: true });
    } catch (err) {
      this.feedback(explain(err, lang), "error");
    } finally {
      delete this.dataset.busy;
    }
  }

  async next() {
    if (this.dataset.busy || !this.dataset.verdict) return;
    if (this.i + 1 >= this.count) { this.finish(); return; }
    this.i += 1;
    await this.load();
    const first = this.choicesEl.querySelector("button");
    if (first) first.focus({ preventScroll: true });
  }

  finish() {
    const t = this.t.bind(this);
    this.dataset.stage = "done";
    this.nextBtn.hidden = true;
    if (this.lesson) P.recordLesson(this.lesson, this.right, this.count);
    this.showMark();
    const next = this.getAttribute("next");
    const again = h("button", { type: "button", class: "tj-button", onclick: () => { this.seed0 += 7919; this.start(); } }, t("paigow.quiz.again"));
    this.endEl.replaceChildren(
      h("p", { class: "tj-pgq__result", "data-result": `${this.right}/${this.count}` },
        h("strong", {}, t("paigow.quiz.result", { right: this.right, count: this.count })), " ",
        t(this.right === this.count ? "paigow.quiz.perfect" : this.right * 5 >= this.count * 4 ? "paigow.quiz.good" : "paigow.quiz.more")),
      h("p", { class: "tj-quiz__actions" }, again,
        next ? h("a", { class: "tj-button tj-button--primary", href: next }, this.getAttribute("next-label") || t("paigow.quiz.nextLesson")) : null));
    this.endEl.hidden = false;
    this.headEl.textContent = t("paigow.quiz.result", { right: this.right, count: this.count });
    this.dataset.score = `${this.right}/${this.count}`;
    const link = this.endEl.querySelector("a, button");
    if (link) link.focus({ preventScroll: true });
  }

  feedback(text, kind) {
    this.feedbackEl.textContent = text || "";
    this.feedbackEl.dataset.kind = kind || "";
    this.feedbackEl.hidden = !text;
  }
}

defineWidget("tj-paigow-quiz", TjPaigowQuiz, { description: "a Pai Gow lesson's check: a finite stage graded by the engine" });
