// <tj-paigow-trainer seed="7" house-way="nz"> — the Pai Gow (牌九) setting trainer.
//
// Four tiles are dealt; you pick one of the settings (前 low / 後 high; three, or two when two splits compare alike), playing
// against a house-way banker (閒家) or banking against a house-way opponent (做莊).  The
// engine (op paigow_set) grades the choice by EV: all three settings with their EV both
// ways, the house way's choice, the best one, what you gave up and why in a line.  The
// session score is EV lost per hand; the device keeps the running total and your ten worst
// settings (paigow-progress.js) to deal again ("Retry").
// Attributes: seed (the first deal; deals are seed, seed + 1, …; without it a random one),
//   house-way (nz | canberra; also a menu), tiles (a fixed first deal, e.g. "66 44 12 35").
// Keyboard: the settings and every control are buttons; 1 / 2 / 3 choose, N deals the next.
// State for tests: data-seed, data-tiles, data-verdict ("" | "best" | "lost"), data-lost,
//   data-chosen, data-optimal, data-house-way-choice, data-hands.
import { TjWidget, defineWidget, h, explain } from "../widget.js";
import { seededRng, randomSeed, dealTiles, handName, evText, pct, namedTiles, plainTiles, whyLine, pageTiles, endSentence, pageKeys, wayLabel } from "./paigow-kit.js";
import { engineText, clip } from "../i18n.js";
import * as P from "./paigow-progress.js";

export class TjPaigowTrainer extends TjWidget {
  render() {
    const seed = this.hasAttribute("seed") ? Number(this.getAttribute("seed")) : NaN;
    this.seed = Number.isInteger(seed) && seed >= 0 ? seed : randomSeed();
    this.way = this.getAttribute("house-way") || "nz";
    this.banking = this.getAttribute("banking") === "true";
    this.session = { hands: 0, lost: 0 };
    this.dataset.verdict = "";
    const t = this.t.bind(this);
    const name = `tjpgt-${Math.random().toString(36).slice(2, 8)}`;
    // "Your seat" is written (the page's text points to it), and names the group
    this.roleEl = h("div", { class: "tj-pgt__role", role: "radiogroup", "aria-labelledby": `${name}-role` },
      h("span", { class: "tj-pgt__role-label", id: `${name}-role` }, t("paigow.trainer.role")),
      [false, true].map((bank) => h("label", { class: "tj-pgt__role-option" },
        h("input", { type: "radio", name, value: String(bank), checked: bank === this.banking,
          onchange: () => { this.banking = bank; if (this.result && this.dataset.verdict) this.grade(this.chosen, false); } }),
        h("span", {}, t(bank ? "paigow.trainer.banking" : "paigow.trainer.notBanking")))));
    this.wayEl = h("select", { class: "tj-pgc__way", id: `${name}-way`, onchange: () => this.changeWay(this.wayEl.value) },
      h("option", { value: this.way }, wayLabel(this.way, this.language)));
    this.handEl = h("div", { class: "tj-pgt__hand" });
    this.choicesEl = h("div", { class: "tj-pgt__choices", role: "group", "aria-label": t("paigow.trainer.choose") });
    this.verdictEl = h("p", { class: "tj-pgt__verdict", role: "status", "aria-live": "polite" });
    this.whyEl = h("p", { class: "tj-pgt__why" });
    this.tableEl = h("div", { class: "tj-pgt__table" });
    this.nextBtn = h("button", { type: "button", class: "tj-button tj-button--primary", onclick: () => this.next() }, t("paigow.trainer.next"));
    this.scoreEl = h("p", { class: "tj-pgt__score", "aria-live": "polite" });
    this.worstEl = h("div", { class: "tj-pgt__worst" });
    this.noticeEl = h("p", { class: "tj-pgw__notice", role: "status", hidden: true });
    // what is wrong with the page's attributes (tiles, house-way): stays until you deal
    this.problemEl = h("p", { class: "tj-message tj-pgw__problem", role: "alert", hidden: true });
    this.append(h("div", { class: "tj-pgt" },
      h("p", { class: "tj-title" }, t("paigow.trainer.title")),
      this.noticeEl, this.problemEl, this.roleEl,
      h("p", { class: "tj-pgc__waybox" }, h("label", { for: `${name}-way` }, t("paigow.houseWay"), " "), this.wayEl),
      this.handEl,
      this.promptEl = h("p", { class: "tj-pgt__prompt" }, t("paigow.trainer.prompt")),
      this.choicesEl, this.verdictEl, this.whyEl, this.tableEl,
      h("div", { class: "tj-pgt__actions" }, this.nextBtn),
      this.scoreEl, this.worstEl));
    pageKeys(this, (e, k) => this.key(e, k));
    this.problems = [];
    const fixed = this.getAttribute("tiles");
    if (fixed !== null) {   // a hand it cannot deal is said (not swapped for a random one)
      const r = pageTiles(fixed, 4, t, this.language);
      if (r.codes) this.fixed = r.codes;
      else this.problems.push(t("paigow.fixed.trainer", { tiles: clip(fixed), why: endSentence(r.error, this.language) }));
    }
    this.showScore();
  }

  /** Say what is wrong with the page's attributes (until the next deal). */
  showProblems() {
    this.problemEl.textContent = this.problems.join(this.language === "en" ? " " : "");
    this.problemEl.hidden = !this.problems.length;
    if (this.problems.length) this.dataset.problem = "true";
    else delete this.dataset.problem;
  }

  async ready() {
    try {
      const ways = await this.engine.call("paigow_house_ways", {});
      if (ways.length && !ways.some((w) => w.key === this.way)) {   // house-way="zzz": say so, play the first
        const used = ways[0];
        this.problems.unshift(this.t("paigow.fixed.badWay", { way: clip(this.way),
          used: this.language === "en" ? used.name_en : engineText(used.name_hant, this.language) }));
        this.way = used.key;
      }
      this.wayEl.replaceChildren(...ways.map((w) => h("option", { value: w.key, selected: w.key === this.way },
        wayLabel(w, this.language))));
      this.showScore();   // the worst settings name their ways now
    } catch (err) {
      this.say(explain(err, this.language), "error");
    }
    const n = P.progressNotice();
    if (n) { this.noticeEl.textContent = this.t(`paigow.save.${n.kind}`, { n: n.n, backup: n.backup }); this.noticeEl.hidden = false; }
    this.showProblems();
    if (this.getAttribute("tiles") !== null && !this.fixed) return;   // (said; "Next hand" deals)
    await this.deal(this.fixed || dealTiles(4, seededRng(this.seed)));
  }

  /** Deal these four tiles: the engine's settings (their values stay hidden until you choose).
   *  banking / way (a retry, another house way) are taken once the engine has dealt with them:
   *  a deal it refuses says why and leaves no hand to grade, the role and way as they were. */
  async deal(tiles, { banking = null, way = null } = {}) {
    this.dataset.verdict = "";
    this.dataset.busy = "true";
    this.verdictEl.textContent = "";
    delete this.verdictEl.dataset.kind;
    this.whyEl.textContent = "";
    this.tableEl.replaceChildren();
    this.chosen = null;
    try {
      const r = await this.engine.call("paigow_set", { tiles: tiles.join(" "), house_way: way || this.way });
      this.result = r;
      if (banking !== null) {
        this.banking = banking;
        for (const input of this.roleEl.querySelectorAll("input")) input.checked = input.value === String(banking);
      }
      if (way) this.way = way;
      this.wayEl.value = this.way;
      this.dataset.tiles = r.tiles.join(" ");
      this.dataset.seed = String(this.seed);
      this.handEl.replaceChildren(namedTiles(r.tiles, this.language, { height: 64 }));
      this.choiceButtons = r.settings.map((s, i) => h("button", {
        type: "button", class: "tj-pgt__choice", "data-index": i, onclick: () => this.grade(i),
        "aria-label": this.t("paigow.trainer.choiceLabel", { n: i + 1, low: handName(s.low, this.language), high: handName(s.high, this.language) }),
      },
      h("span", { class: "tj-pgt__key", "aria-hidden": "true" }, String(i + 1)),
      this.side(s.low, "low"), this.side(s.high, "high"),
      h("span", { class: "tj-pgt__mark", "aria-hidden": "true" })));
      this.choicesEl.replaceChildren(...this.choiceButtons);
      // two splits that compare alike are one setting (e.g. 銅錘六 銅錘六 丁三 紅頭十)
      const two = r.settings.length === 2;
      this.promptEl.textContent = this.t(two ? "paigow.trainer.promptTwo" : "paigow.trainer.prompt");
      this.choicesEl.setAttribute("aria-label", this.t(two ? "paigow.trainer.chooseTwo" : "paigow.trainer.choose"));
      if (this._dealt) this.choiceButtons[0].focus({ preventScroll: true });
      this._dealt = true;
    } catch (err) {
      this.result = null;
      this.retrying = false;
      delete this.dataset.tiles;
      this.handEl.replaceChildren();
      this.choicesEl.replaceChildren();
      this.wayEl.value = this.way;
      this.verdictEl.textContent = explain(err, this.language);
      this.verdictEl.dataset.kind = "error";
    } finally {
      delete this.dataset.busy;
    }
  }

  side(x, pos) {
    return h("span", { class: "tj-pgt__side" },
      h("span", { class: "tj-pgc__pos" }, this.t(`paigow.${pos}`)),
      plainTiles(x.tiles, this.language, { height: 40 }),
      h("span", { class: "tj-pgt__name" }, handName(x, this.language)));
  }

  /** Grade setting i (count: a first choice adds to the score; switching role re-grades only). */
  grade(i, count = true) {
    const r = this.result;
    if (!r || this.dataset.busy) return;
    if (this.dataset.verdict && count) return;          // already graded: use Next
    if (count && this.regrade != null) return;          // graded, being shown under another way
    const lang = this.language;
    const t = this.t.bind(this);
    const key = this.banking ? "banking" : "not_banking";
    const best = this.banking ? r.optimal_banking : r.optimal;
    const lost = Math.max(0, r.settings[best][key].ev - r.settings[i][key].ev);
    this.chosen = i;
    this.dataset.chosen = String(i);
    this.dataset.optimal = String(best);
    this.dataset.houseWayChoice = String(r.house_way_choice);
    this.dataset.lost = lost.toFixed(6);
    // under a hundredth of a bet (P.CLOSE) is a near-tie: said as close, not as a mistake (a red
    // ✗ for 0.003 read as a blunder), still counted in the score, kept off the worst settings
    const close = lost >= 1e-9 && lost < P.CLOSE;
    this.dataset.verdict = lost < 1e-9 ? "best" : close ? "close" : "lost";
    this.choiceButtons.forEach((b, k) => {
      b.classList.toggle("is-chosen", k === i);
      b.classList.toggle("is-best", k === best);
      b.setAttribute("aria-pressed", String(k === i));
      b.querySelector(".tj-pgt__mark").textContent = k === best ? "✓" : (k === i ? (close ? "≈" : "✗") : "");
    });
    const s = r.settings;
    this.verdictEl.dataset.kind = lost < 1e-9 ? "right" : close ? "close" : "wrong";
    this.verdictEl.textContent = lost < 1e-9
      ? t(i === r.house_way_choice ? "paigow.trainer.bestAndHouse" : "paigow.trainer.best", { ev: evText(s[i][key].ev) })
      : t(close ? "paigow.trainer.close" : "paigow.trainer.lost", { lost: evText(lost).replace(/^\+/, ""), ev: evText(s[i][key].ev), best: evText(s[best][key].ev), n: best + 1 });
    const hw = r.house_way_choice;
    let why;
    if (lost >= 1e-9) why = whyLine(s[best], s[i], key, lang, t);
    else if (hw !== best) why = `${t("paigow.trainer.houseDiffers", { n: hw + 1, lost: evText(s[best][key].ev - s[hw][key].ev).replace(/^\+/, "") })}${lang === "en" ? " " : ""}${whyLine(s[best], s[hw], key, lang, t, { house: true })}`;
    else why = t("paigow.trainer.houseAgrees");
    this.whyEl.textContent = why;
    this.tableEl.replaceChildren(this.table(r, i));
    if (count) {
      this.session.hands += 1;
      this.session.lost += lost;
      const data = P.recordSetting({ tiles: r.tiles.join(" "), banking: this.banking, way: this.way, lost });
      if (this.retrying && lost < P.CLOSE) P.clearWorst(r.tiles.join(" "), this.banking, this.way);
      this.retrying = false;
      this.showScore(data);
      this.nextBtn.focus({ preventScroll: true });
    }
  }

  table(r, chosen) {
    const t = this.t.bind(this);
    const lang = this.language;
    return h("table", { class: "tj-pgc__table tj-pgt__values" },
      h("thead", {}, h("tr", {}, h("th", { scope: "col" }, "#"), h("th", { scope: "col" }, t("paigow.settingCol")),
        h("th", { scope: "col" }, t("paigow.evPlayer")), h("th", { scope: "col" }, t("paigow.evBanker")))),
      h("tbody", {}, r.settings.map((s, i) => h("tr", { class: `tj-pgc__row${i === chosen ? " is-chosen" : ""}`, dataset: { index: i, evPlayer: s.not_banking.ev, evBanker: s.banking.ev } },
        h("th", { scope: "row" }, String(i + 1),
          i === chosen ? h("span", { class: "tj-badge" }, t("paigow.trainer.yours")) : null,
          i === r.house_way_choice ? h("span", { class: "tj-badge tj-badge--house" }, t("paigow.houseWayBadge")) : null),
        h("td", { class: "tj-pgt__setting" }, `${handName(s.low, lang)} / ${handName(s.high, lang)}`),
        // (data-label: the column's name, shown in the cell where a phone stacks the row)
        h("td", { class: `tj-pgc__ev${i === r.optimal ? " is-best" : ""}`, dataset: { label: t("paigow.evPlayer") } }, evText(s.not_banking.ev), " ", h("span", { class: "tj-pgc__wlp" }, t("paigow.wl", { w: pct(s.not_banking.win), l: pct(s.not_banking.lose) }))),
        h("td", { class: `tj-pgc__ev${i === r.optimal_banking ? " is-best" : ""}`, dataset: { label: t("paigow.evBanker") } }, evText(s.banking.ev), " ", h("span", { class: "tj-pgc__wlp" }, t("paigow.wl", { w: pct(s.banking.win), l: pct(s.banking.lose) })))))));
  }

  showScore(data = P.load()) {
    const t = this.t.bind(this);
    const s = this.session;
    // a save this page may not write (a newer site's, or one it could not back up): the totals
    // are the saved ones, and the line says this session's hands are not added to them
    const readOnly = Boolean(data.readOnly);
    if (readOnly) data = P.load();
    this.dataset.hands = String(s.hands);
    this.scoreEl.textContent = s.hands
      ? t("paigow.trainer.session", { hands: s.hands, lost: s.lost.toFixed(3), per: (s.lost / s.hands).toFixed(3) })
      : t("paigow.trainer.sessionNone");
    if (data.trainer.hands) {
      this.scoreEl.append(" ", h("span", { class: "tj-pgt__alltime" }, t("paigow.trainer.allTime", { hands: data.trainer.hands, per: (data.trainer.lost / data.trainer.hands).toFixed(3) })));
    }
    if (readOnly && s.hands) this.scoreEl.append(" ", h("span", { class: "tj-pgt__unsaved" }, t("paigow.trainer.unsaved")));
    const worst = data.trainer.worst;
    this.worstEl.replaceChildren();
    if (!worst.length) return;
    this.worstEl.append(h("p", { class: "tj-pgt__worst-title" }, t("paigow.trainer.worst")),
      h("ol", { class: "tj-pgt__worst-list" }, worst.map((w) => h("li", { dataset: { tiles: w.tiles } },
        plainTiles(w.tiles.split(" "), this.language, { height: 28 }),
        h("span", {}, t(w.banking ? "paigow.trainer.banking" : "paigow.trainer.notBanking"), " · ",
          // the house way it was set against (the menu's name for it once the engine listed them)
          h("span", { class: "tj-pgt__worst-way", dataset: { way: w.way } }, this.wayName(w.way)), " · ",
          t("paigow.trainer.lostShort", { lost: w.lost.toFixed(3) })),
        h("button", { type: "button", class: "tj-button tj-button--small", onclick: () => this.retry(w) }, t("paigow.trainer.retry"))))));
  }

  /** A house way's name from the menu (its key until the engine has listed the ways). */
  wayName(key) {
    const o = [...this.wayEl.options].find((x) => x.value === key);
    return o ? o.textContent : key;
  }

  /** Another house way: the same four tiles again, against it.  A graded hand stays graded:
   *  your setting is shown with this way's values, and nothing more goes to the score. */
  async changeWay(way) {
    if (!this.result) { this.way = way; return; }
    // the setting chosen stays chosen through changes that overlap (arrow keys on the menu):
    // only the last one shows it again, and until then nothing can be graded anew
    if (this.dataset.verdict) this.regrade = this.chosen;
    const ticket = (this.wayTicket = (this.wayTicket || 0) + 1);
    await this.deal(this.result.tiles, { way });
    if (ticket !== this.wayTicket) return;
    const graded = this.regrade;
    this.regrade = null;
    if (graded != null && this.result) this.grade(graded, false);
  }

  async retry(w) {
    this.problems = [];   // (a deal of yours: the page's hand is no longer the question)
    this.showProblems();
    this.retrying = true;
    this.regrade = null;
    this.wayTicket = (this.wayTicket || 0) + 1;
    await this.deal(w.tiles.split(" "), { banking: w.banking, way: w.way });
    if (this.result && this.retrying) {   // say it is the retry, and bring the hand into view
      const en = this.language === "en";
      this.promptEl.textContent = `${this.t("paigow.trainer.retrying", { lost: w.lost.toFixed(3) })}${en ? " " : ""}${this.promptEl.textContent}`;
      this.handEl.scrollIntoView({ block: "center" });
    }
  }

  async next() {
    if (this.dataset.busy) return;
    this.problems = [];
    this.showProblems();
    this.seed += 1;
    this.retrying = false;
    this.regrade = null;
    this.wayTicket = (this.wayTicket || 0) + 1;
    await this.deal(dealTiles(4, seededRng(this.seed)));
  }

  /** 1–3: choose that setting, N: next hand (the page's keys: pageKeys). */
  key(e, k) {
    if (!["1", "2", "3", "n"].includes(k)) return false;
    if (k !== "n" && this.result && !this.dataset.verdict) {
      if (Number(k) <= this.result.settings.length) this.grade(Number(k) - 1);   // two settings when two splits compare alike
    }
    else if (k === "n" && (this.dataset.verdict || this.verdictEl.dataset.kind === "error" || this.dataset.problem && !this.result)) this.next();   // (or a deal refused)
    return true;
  }
}

defineWidget("tj-paigow-trainer", TjPaigowTrainer, { description: "Pai Gow setting trainer, graded by EV against the house way" });
