// <tj-settle> — settle a hand from the 棟 each seat won (spec §5–§6).
// Attributes (all optional, the defaults are spec §5's first example):
//   dong="1 4 0 3" (E S W N)  banker="E"  streak="1"  finisher="N"  finish="plain"
// The engine does the arithmetic (bridge op "settle") and returns every item;
// this widget only lays them out in the page language.
import { TjWidget, defineWidget, h, explain } from "../widget.js";
import { label, clip } from "../i18n.js";

const SEATS = ["E", "S", "W", "N"];
const FINISHES = ["plain", "yao", "zun", "four"];
/** The banker's streak this widget takes: the form's min/max, the attribute check and read()
 *  (the engine allows more; a hand with 99 terms as banker is already fanciful). */
const STREAK_MIN = 1;
const STREAK_MAX = 99;
const goodStreak = (n) => Number.isInteger(n) && n >= STREAK_MIN && n <= STREAK_MAX;

export class TjSettle extends TjWidget {
  /** Attribute values this element cannot use, in words for the page's author (a console
   *  warning: the form starts from the defaults for them, and the reader can change it). */
  attributeProblems() {
    const out = [];
    const d = this.getAttribute("dong");
    if (d !== null && this.dongAttribute() === null) out.push(`dong="${clip(d)}" needs four numbers 0–8 (E S W N) that add up to 8, e.g. "1 4 0 3"`);
    for (const name of ["banker", "finisher"]) {
      const v = this.getAttribute(name);
      if (v !== null && !SEATS.includes(v)) out.push(`${name}="${clip(v)}" is not a seat (E, S, W or N)`);
    }
    const st = this.getAttribute("streak");
    if (st !== null && this.streakAttribute() === null) out.push(`streak="${clip(st)}" needs a whole number ${STREAK_MIN}–${STREAK_MAX}`);
    const f = this.getAttribute("finish");
    if (f !== null && !FINISHES.includes(f)) out.push(`finish="${clip(f)}" is not one of ${FINISHES.join(", ")}`);
    return out;
  }

  /** The dong attribute as four strings (E S W N), or null when there is none or it is not
   *  four numbers 0–8 that add up to 8 (a hand's 棟). */
  dongAttribute() {
    const d = this.getAttribute("dong");
    if (d === null || !/^\s*[0-8](\s+[0-8]){3}\s*$/.test(d)) return null;
    const parts = d.trim().split(/\s+/);
    return parts.reduce((a, x) => a + Number(x), 0) === 8 ? parts : null;
  }

  /** A seat or finish attribute when it is one of ``allowed``, else ``fallback`` (the warning
   *  of attributeProblems names the bad one). */
  choice(name, allowed, fallback) {
    const v = this.getAttribute(name);
    return v !== null && allowed.includes(v) ? v : fallback;
  }

  /** The streak attribute as a number, or null when there is none or it is not 1–99. */
  streakAttribute() {
    const st = this.getAttribute("streak");
    return st !== null && /^\s*\d+\s*$/.test(st) && goodStreak(Number(st)) ? Number(st) : null;   // (not "1e1")
  }

  render() {
    const lang = this.language;
    const problems = this.attributeProblems();
    if (problems.length) console.warn(`<tj-settle>: ${problems.join("; ")}: the form starts from its defaults there.`);
    // (a bad attribute: the default, as the warning says)
    const dong = this.dongAttribute() || ["1", "4", "0", "3"];
    const seatOptions = (selected) => SEATS.map((s) =>
      h("option", { value: s, selected: s === selected }, label("seats", s, lang)));
    this.inputs = {};
    const dongFields = SEATS.map((s, i) => {
      const input = h("input", {
        type: "number", inputmode: "numeric", min: 0, max: 8, step: 1, required: true,
        name: `dong-${s}`, value: dong[i] ?? 0, class: "tj-settle__dong",
      });
      this.inputs[s] = input;
      return h("label", { class: "tj-settle__seat" }, h("span", {}, label("seats", s, lang)), input);
    });
    this.sumEl = h("span", { class: "tj-settle__sum", "aria-live": "polite" });
    this.banker = h("select", { name: "banker" }, seatOptions(this.choice("banker", SEATS, "E")));
    this.finisher = h("select", { name: "finisher" }, seatOptions(this.choice("finisher", SEATS, "N")));
    this.streak = h("input", {
      type: "number", inputmode: "numeric", min: STREAK_MIN, max: STREAK_MAX, step: 1, required: true,
      name: "streak", value: this.streakAttribute() ?? 1,   // (a bad attribute: the default, as the warning says)
    });
    const finish = this.choice("finish", FINISHES, "plain");
    this.finish = h("select", { name: "finish" }, FINISHES.map((f) =>
      h("option", { value: f, selected: f === finish }, label("finishes", f, lang))));
    this.form = h("form", { class: "tj-settle__form", novalidate: true },
      h("fieldset", { class: "tj-settle__dongs" },
        h("legend", {}, this.t("settle.dong")), ...dongFields, this.sumEl),
      h("div", { class: "tj-settle__options" },
        h("label", {}, h("span", {}, this.t("settle.banker")), this.banker),
        h("label", {}, h("span", {}, this.t("settle.streak")), this.streak),
        h("label", {}, h("span", {}, this.t("settle.finisher")), this.finisher),
        h("label", {}, h("span", {}, this.t("settle.finish")), this.finish)),
      h("button", { type: "submit", class: "tj-button tj-button--primary" }, this.t("settle.go")));
    this.form.addEventListener("submit", (e) => { e.preventDefault(); this.settle(); });
    this.form.addEventListener("input", () => { this.showSum(); this.schedule(); });
    this.form.addEventListener("change", () => this.schedule());
    this.messageEl = h("p", { class: "tj-message", role: "alert", hidden: true });
    this.resultEl = h("div", { class: "tj-settle__result", "aria-live": "polite" });
    this.append(h("div", { class: "tj-settle" },
      h("p", { class: "tj-title" }, this.t("settle.title")),
      this.form, this.messageEl, this.resultEl));
    this.showSum();
  }

  async ready() {
    await this.settle();
  }

  schedule() {
    clearTimeout(this._timer);
    this._timer = setTimeout(() => this.settle(), 250);
  }

  showSum() {
    const total = SEATS.reduce((n, s) => n + (Number(this.inputs[s].value) || 0), 0);
    this.sumEl.textContent = this.t("settle.sum", { total });
    this.sumEl.dataset.ok = String(total === 8);
  }

  /** The request, or a message saying which field is wrong. */
  read() {
    const dong = {};
    for (const s of SEATS) {
      const raw = this.inputs[s].value.trim();
      const n = Number(raw);
      const bad = raw === "" || !Number.isInteger(n) || n < 0 || n > 8;
      this.inputs[s].setAttribute("aria-invalid", String(bad));
      if (bad) return { error: this.t("settle.badDong", { seat: label("seats", s, this.language), value: clip(raw) || "—" }) };
      dong[s] = n;
    }
    const raw = this.streak.value.trim();
    const streak = Number(raw);
    const badStreak = raw === "" || !goodStreak(streak);
    this.streak.setAttribute("aria-invalid", String(badStreak));
    if (badStreak) return { error: this.t("settle.badStreak", { min: STREAK_MIN, max: STREAK_MAX, value: clip(raw) || "—" }) };
    return {
      request: {
        banker: this.banker.value, banker_streak: streak, finisher: this.finisher.value,
        dong, finish: { kind: this.finish.value },
      },
    };
  }

  message(text) {
    this.messageEl.textContent = text || "";
    this.messageEl.hidden = !text;
  }

  async settle() {
    if (!this.engine) return;
    const { request, error } = this.read();
    if (error) {
      this._seq = (this._seq || 0) + 1;   // an answer still on its way is of the values before
      this.message(error);
      this.resultEl.replaceChildren();
      this.dataset.result = "invalid";
      return;
    }
    const seq = (this._seq = (this._seq || 0) + 1);
    try {
      const result = await this.engine.settle(request);
      if (seq !== this._seq) return;
      this.message("");
      this.show(request, result);
      this.dataset.result = "ok";
    } catch (err) {
      if (seq !== this._seq) return;
      this.message(explain(err, this.language));
      this.resultEl.replaceChildren();
      this.dataset.result = "invalid";
    }
  }

  show(request, result) {
    const lang = this.language;
    const seat = (s) => label("seats", s, lang);
    const money = (n) => (n > 0 ? `+${n}` : n < 0 ? `−${-n}` : "0");
    const table = h("table", { class: "tj-settle__table" },
      h("thead", {}, h("tr", {},
        h("th", { scope: "col" }, this.t("settle.seat")),
        h("th", { scope: "col" }, this.t("settle.dongCol")),
        h("th", { scope: "col" }, this.t("settle.payment")))),
      h("tbody", {}, SEATS.map((s) => h("tr", {
        dataset: { seat: s },
        class: [s === request.banker ? "is-banker" : "", s === request.finisher ? "is-finisher" : ""].join(" ").trim() || null,
      },
      h("th", { scope: "row" }, seat(s),
        s === request.banker ? h("span", { class: "tj-badge" }, this.t("settle.bankerBadge")) : null,
        s === request.finisher ? h("span", { class: "tj-badge tj-badge--finish" }, this.t("settle.finisherBadge")) : null),
      h("td", {}, String(request.dong[s])),
      h("td", { class: result.payments[s] > 0 ? "is-plus" : result.payments[s] < 0 ? "is-minus" : null,
        "data-payment": result.payments[s] }, money(result.payments[s]))))));
    const items = h("ol", { class: "tj-settle__items" }, result.items.map((it) => {
      // the arithmetic in words: "1 棟: 4 − 1 = 3 × 2 (banker) = 6"
      const parts = [];
      if (it.rule === "dong") parts.push(this.t("settle.calcDong", { dong: 4 - it.units, units: it.units }));
      else if (it.rule === "empty_dong") parts.push(this.t("settle.calcEmpty", { units: it.units }));
      else if (it.rule === "gui_dong") parts.push(this.t("settle.calcEven"));
      else if (it.rule === "ru_yi" || it.rule === "ru_er") {
        parts.push(this.t("settle.calcRu", { rule: label("rules", it.rule, lang), zh: label("rules", it.rule, "hant"), dong: 4 - it.units, paid: -it.units }));
      } else parts.push(`${label("rules", it.rule, lang)} ${it.units}`);
      if (it.banker_factor !== 1) parts.push(this.t("settle.calcBanker", { factor: it.banker_factor }));
      if (it.finish_factor !== 1) {
        parts.push(this.t("settle.calcFinish", { factor: it.finish_factor, finish: label("finishes", result.finish, lang) }));
      }
      if (it.banker_factor !== 1 || it.finish_factor !== 1) parts.push(this.t("settle.calcTotal", { amount: Math.abs(it.amount) }));
      const who = it.amount >= 0
        ? this.t("settle.pays", { from: seat(it.from), to: seat(it.to), amount: it.amount })
        : this.t("settle.pays", { from: seat(it.to), to: seat(it.from), amount: -it.amount });
      const behalf = it.on_behalf_of ? ` ${this.t("settle.onBehalf", { seat: seat(it.on_behalf_of) })}` : "";
      return h("li", { dataset: { rule: it.rule } }, h("strong", {}, who), ` — ${parts.join(" ")}${behalf}`);
    }));
    const finish = result.finish
      // (the finish's factor only when it multiplies: "× 1" read as contradicting the items' "× 2 (banker)")
      ? h("p", { class: "tj-settle__finish" }, this.t(result.finish === "plain" ? "settle.finishLinePlain"
        : result.finish_factor !== 1 ? "settle.finishLine" : "settle.finishLineNoFactor", {
        finish: label("finishes", result.finish, lang), factor: result.finish_factor }))
      : null;
    this.resultEl.replaceChildren(table, finish, h("p", { class: "tj-subtitle" }, this.t("settle.items")), items);
  }
}

defineWidget("tj-settle", TjSettle, { description: "settlement calculator" });
