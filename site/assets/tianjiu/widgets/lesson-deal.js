// <tj-lesson-deal method="間棟"> — lesson 8: the wall and the nine 牌頭, animated.
//
// Everything shown comes from the engine's dealing code (bridge op "deal": the
// shuffled wall, who throws, the dice, the first taker, the stacks moved and each
// seat's share in order, its "steps"); the widget only draws it.  Controls: the
// method, the banker, "Throw the dice" (a new shuffle and throw), "Next step" and
// "Play all".  State for tests: data-step, data-steps, data-method, data-first.
import { TjWidget, defineWidget, h, explain } from "../widget.js";
import { tileRow, seatName, randomSeed, keepFocus } from "./lesson-kit.js";

const SEATS = ["E", "S", "W", "N"];

export class TjLessonDeal extends TjWidget {
  render() {
    const lang = this.language;
    this.methodSel = h("select", { name: "method", onchange: () => this.throwDice(false) });
    this.bankerSel = h("select", { name: "banker", onchange: () => this.throwDice(false) },
      SEATS.map((s) => h("option", { value: s }, seatName(s, lang))));
    this.throwBtn = h("button", { type: "button", class: "tj-button tj-button--primary", onclick: () => this.throwDice(true) }, this.t("lessons.throw"));
    // Next / Play all: disabled until there is a deal, and once every tile is dealt
    this.stepBtn = h("button", { type: "button", class: "tj-button", disabled: true, onclick: () => this.advance() }, `${this.t("lessons.step")} ▶`);
    this.playBtn = h("button", { type: "button", class: "tj-button", disabled: true, onclick: () => this.playAll() }, this.t("lessons.playAll"));
    this.infoEl = h("p", { class: "tj-deal__info", "aria-live": "polite" });
    this.diceEl = h("span", { class: "tj-dice", role: "img" });
    this.wallEl = h("div", { class: "tj-wall", role: "img" });
    this.seatsEl = h("div", { class: "tj-deal__seats" });
    this.append(h("div", { class: "tj-quiz tj-deal" },
      h("p", { class: "tj-title" }, this.t("lessons.dealTitle")),
      h("div", { class: "tj-deal__controls" },
        h("label", {}, h("span", {}, this.t("lessons.method")), this.methodSel),
        h("label", {}, h("span", {}, this.t("lessons.bankerLabel")), this.bankerSel)),
      h("div", { class: "tj-quiz__actions" }, this.throwBtn, this.stepBtn, this.playBtn),
      h("div", { class: "tj-deal__throw" }, this.diceEl, this.infoEl), this.wallEl, this.seatsEl));
  }

  async ready(engine) {
    const methods = await engine.call("methods", {});
    const want = this.getAttribute("method") || "間棟";
    const lang = this.language;
    for (const m of methods) {
      this.methodSel.append(h("option", { value: m.key, selected: m.hant === want || m.key === want },
        lang === "en" ? `${m.hant} — ${m.en}` : m[lang]));
    }
    this.seed = Number(this.getAttribute("seed")) || randomSeed();
    const dice = (this.getAttribute("dice") || "").split(/\s+/).map(Number).filter((d) => d >= 1 && d <= 6);
    this.fixedDice = dice.length === 2 ? dice : null;
    await this.throwDice(false);
  }

  async throwDice(fresh) {
    if (!this.engine) return;
    clearInterval(this._timer);
    this._timer = null;
    if (fresh) {
      this.seed = randomSeed();
      this.fixedDice = null;
    }
    const req = { seed: this.seed, method: this.methodSel.value, banker: this.bankerSel.value };
    if (this.fixedDice) req.dice = this.fixedDice;
    try {
      this.deal = await this.engine.call("deal", req);
    } catch (err) {
      this.infoEl.textContent = explain(err, this.language);
      return;
    }
    this.dataset.method = this.deal.method_key;
    this.dataset.first = this.deal.first;
    this.dataset.steps = String(this.deal.steps.length + (this.deal.moves.length ? 1 : 0));
    // the wall as columns, stack 1 … 8, top tile first
    this.columns = {};
    for (let n = 1; n <= 8; n += 1) this.columns[n] = this.deal.wall.slice(4 * (n - 1), 4 * n);
    this.taken = { E: [], S: [], W: [], N: [] };
    this.phase = 0; // 0: thrown; 1: moves done (if any); then one per step
    this.dataset.step = "0";
    this.stepBtn.disabled = this.playBtn.disabled = false;
    this.draw();
    const d = this.deal;
    const lang = this.language;
    this.diceEl.setAttribute("aria-label", this.t("lessons.diceAre", { a: d.dice[0], b: d.dice[1] }));
    this.diceEl.replaceChildren(...d.dice.map((n) => h("span", { class: "tj-die", dataset: { n } }, "⚀⚁⚂⚃⚄⚅"[n - 1])));
    this.infoEl.textContent = this.t("lessons.dealThrown", {
      thrower: seatName(d.thrower, lang), banker: seatName(d.banker, lang), a: d.dice[0], b: d.dice[1],
      total: d.dice[0] + d.dice[1], first: seatName(d.first, lang),
    });
  }

  /** The next thing that happens: stacks moved (rearranging methods), then each share. */
  advance() {
    const d = this.deal;
    if (!d) return false;
    const lang = this.language;
    const hasMoves = d.moves.length > 0;
    const total = d.steps.length + (hasMoves ? 1 : 0);
    if (this.phase >= total) return false;
    this.highlight = [];
    if (hasMoves && this.phase === 0) {
      for (const [moved, onto] of d.moves) {
        this.columns[onto] = this.columns[moved].concat(this.columns[onto]);
        delete this.columns[moved];
        this.highlight.push(onto);
      }
      this.infoEl.textContent = this.t("lessons.dealMoves", {
        moves: d.moves.map(([a, b]) => this.t("lessons.moveOnto", { a, b })).join(lang === "en" ? ", " : "，"),
      });
    } else {
      const step = d.steps[this.phase - (hasMoves ? 1 : 0)];
      if (step.layer !== null && step.layer !== undefined) {
        for (let n = 1; n <= 8; n += 1) if (this.columns[n]) this.columns[n] = this.columns[n].slice(1);
        this.infoEl.textContent = this.t("lessons.dealLayer", { seat: seatName(step.seat, lang), layer: step.layer + 1 });
      } else {
        for (const n of step.stacks) delete this.columns[n];
        this.highlight = step.stacks;
        this.infoEl.textContent = this.t("lessons.dealTakes", { seat: seatName(step.seat, lang), stacks: step.stacks.join(" + "), k: step.stacks.length });
      }
      this.taken[step.seat] = this.taken[step.seat].concat(step.tiles);
      this.lastSeat = step.seat;
    }
    this.phase += 1;
    this.dataset.step = String(this.phase);
    this.draw();
    if (this.phase === total) {
      this.infoEl.textContent += (lang === "en" ? " " : "") + this.t("lessons.dealDone", { banker: seatName(d.banker, lang) });
      // nothing left to deal: Next and Play all off (a focused one hands the focus on)
      const focused = this.contains(document.activeElement) ? document.activeElement : null;
      this.stepBtn.disabled = this.playBtn.disabled = true;
      if (focused && focused.disabled) keepFocus([this.throwBtn]);
    }
    return this.phase < total;
  }

  playAll() {
    clearInterval(this._timer);
    const reduce = window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    if (reduce) {
      while (this.advance());
      return;
    }
    this._timer = setInterval(() => {
      if (!this.isConnected || !this.advance()) {
        clearInterval(this._timer);
        this._timer = null;
      }
    }, 900);
  }

  disconnectedCallback() {
    clearInterval(this._timer);
  }

  draw() {
    const lang = this.language;
    const d = this.deal;
    this.wallEl.setAttribute("aria-label", this.t("lessons.wallNow", {
      stacks: Object.keys(this.columns).map((n) => `${n}:${this.columns[n].length}`).join(" "),
    }));
    this.wallEl.replaceChildren();
    for (let n = 1; n <= 8; n += 1) {
      const col = this.columns[n];
      const stack = h("span", { class: `tj-wall__stack${(this.highlight || []).includes(n) ? " is-hot" : ""}${col ? "" : " is-empty"}`, dataset: { stack: n } });
      const backs = h("span", { class: "tj-wall__backs" });
      for (const _ of col || []) backs.append(h("span", { class: "tj-wall__back" }));
      stack.append(backs, h("span", { class: "tj-wall__num" }, String(n)));
      this.wallEl.append(stack);
    }
    this.seatsEl.replaceChildren(...SEATS.map((s) => {
      const badges = [];
      if (d.banker === s) badges.push(h("span", { class: "tj-badge" }, this.t("lessons.banker")));
      if (d.thrower === s) badges.push(h("span", { class: "tj-badge tj-badge--ask" }, this.t("lessons.thrower")));
      if (d.first === s) badges.push(h("span", { class: "tj-badge tj-badge--lead" }, this.t("lessons.firstTaker")));
      const tiles = this.taken[s];
      const done = tiles.length === 8;
      return h("div", { class: `tj-lesson__seat${this.lastSeat === s ? " is-hot" : ""}`, dataset: { seat: s, count: tiles.length } },
        h("span", { class: "tj-lesson__seat-name" }, seatName(s, lang), ...badges),
        tiles.length ? tileRow(done ? d.hands[s] : tiles, { height: 40, lang }) : h("span", { class: "tj-lesson__none" }, "—"));
    }));
  }
}

defineWidget("tj-lesson-deal", TjLessonDeal, { description: "the wall and the nine dealing methods, animated from the engine's deal (lesson 8)" });
