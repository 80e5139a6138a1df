// <tj-paigow-calc tiles="66 44 12 35" house-way="nz"> — the Pai Gow (牌九) setting calculator.
//
// Any four tiles → the three settings (前 low / 後 high), each hand's name and class, the
// win / lose / push and EV of each setting against a house-way banker (not banking) and as
// the banker against a house-way opponent (banking), the house way's choice and the best
// one by EV.  Everything is the engine's op paigow_set; the widget only draws and sends.
// Input: the 21 faces (click / touch, or arrows + Enter in the grid), typed notation
// ("天 地 丁三 雜八", Enter), a tile in the tray removes itself.  A bad tile, a fifth tile or a
// face used more often than it exists is a clear line under the tray, never a silent no-op.
// Attributes: tiles (the first hand), house-way (nz | canberra, default nz), address (the
// hand and the way live in the page's address, ?tiles=66+44+12+35&way=nz: a link opens that
// hand and a language switch keeps it; the site's calculator page sets it, an embed need not).
// State for tests: data-tiles (the four codes analysed), rows .tj-pgc__row[data-index] with
//   data-ev-player / data-ev-banker, data-house-way-choice, data-optimal, data-optimal-banking.
import { TjWidget, defineWidget, h, explain } from "../widget.js";
import { BY_CODE, tileSvg, parseCodes, tileCaption } from "../tiles.js";
import { TILES } from "../generated.js";
import { handName, evText, pct, plainTiles, overSet, endSentence, wayLabel } from "./paigow-kit.js";
import { engineText, clip } from "../i18n.js";

let counter = 0;

export class TjPaigowCalc extends TjWidget {
  render() {
    const lang = this.language;
    this.uid = `tjpgc${++counter}`;
    this.tiles = [];
    this.buttons = new Map();
    this.way = this.getAttribute("house-way") || "nz";
    const q = this.hasAttribute("address") ? new URLSearchParams(location.search) : null;
    if (q && q.get("way")) this.way = q.get("way");

    const grid = h("div", { class: "tj-pg__grid tj-pgc__grid", role: "group", "aria-label": this.t("paigow.calc.grid") });
    // Pai Gow's order: 二四 joins 丁三 at the end (the two 至尊 tiles, the lowest singles:
    // lesson 1), not between 雜七 and 雜五 as in Tien Gow
    const order = [...TILES.filter((t) => t.code !== "24"), ...TILES.filter((t) => t.code === "24")];
    order.forEach((tile, i) => {
      const b = h("button", {
        type: "button", class: `tj-pick tj-pick--${tile.suit}`, "data-code": tile.code, tabindex: i === 0 ? 0 : -1,
        html: tileSvg(tile.code, { height: 56, lang, hidden: true }), onclick: () => this.add(tile.code),
      }, h("span", { class: "tj-pick__name" }, ...tileCaption(tile.code, lang)), h("span", { class: "tj-pick__count" }));
      this.buttons.set(tile.code, b);
      grid.append(b);
    });
    grid.addEventListener("keydown", (e) => this.gridKey(e));

    this.trayEl = h("div", { class: "tj-tray__tiles tj-pgc__tray", role: "group", "aria-label": this.t("paigow.calc.tray") });
    this.input = h("input", { type: "text", class: "tj-tray__input", id: `${this.uid}-in`, autocomplete: "off", spellcheck: "false",
      placeholder: this.t("paigow.calc.placeholder") });
    this.input.addEventListener("keydown", (e) => { if (e.key === "Enter") { e.preventDefault(); this.typed(); } });
    this.messageEl = h("p", { class: "tj-message tj-pgc__message", role: "alert", hidden: true });
    this.wayEl = h("select", { class: "tj-pgc__way", id: `${this.uid}-way`, onchange: () => { this.way = this.wayEl.value; this.remember(); this.update(); } },
      h("option", { value: this.way }, wayLabel(this.way, this.language)));
    this.resultEl = h("div", { class: "tj-pgc__result", "aria-live": "polite" });

    this.append(h("div", { class: "tj-pgc" },
      h("p", { class: "tj-title" }, this.t("paigow.calc.title")),
      grid,
      h("section", { class: "tj-tray is-active" },
        h("div", { class: "tj-tray__head" },
          h("span", { class: "tj-tray__title" }, this.t("paigow.calc.tray")),
          h("button", { type: "button", class: "tj-button tj-button--small", onclick: () => this.clear() }, this.t("paigow.calc.clear"))),
        this.trayEl,
        h("div", { class: "tj-pgc__inputs" },
          h("label", { class: "tj-tray__type", for: `${this.uid}-in` }, h("span", {}, this.t("paigow.calc.type")), this.input),
          h("button", { type: "button", class: "tj-button tj-button--small", onclick: () => this.typed() }, this.t("paigow.calc.set"))),
        this.messageEl),
      h("p", { class: "tj-pgc__waybox" }, h("label", { for: `${this.uid}-way` }, this.t("paigow.houseWay"), " "), this.wayEl),
      this.resultEl));

    const start = (q && q.get("tiles")) || this.getAttribute("tiles");
    if (start) this.setTiles(start);
    this.refresh();
  }

  async ready(engine) {
    try {
      const ways = await engine.call("paigow_house_ways", {});
      this.wayEl.replaceChildren(...ways.map((w) => h("option", { value: w.key, selected: w.key === this.way },
        wayLabel(w, this.language))));
      if (!ways.some((w) => w.key === this.way) && ways.length) {
        // said, and the first way used instead (a bad tile said before stays said)
        const before = this.messageEl.textContent;
        const bad = this.t("paigow.calc.badWay", { way: clip(this.way) });
        this.way = this.wayEl.value = ways[0].key;
        this.message(before ? `${endSentence(before, this.language)}${this.language === "en" ? " " : ""}${bad}` : bad);
        this.remember();
      }
    } catch (err) {
      this.message(explain(err, this.language));
    }
    await this.update();
  }

  /** Put typed / attribute tiles in the tray; a clear line when they are not four real tiles. */
  setTiles(text) {
    let codes;
    try {
      codes = parseCodes(text);
    } catch (err) {
      this.message(this.t("paigow.calc.unknown", { token: err.message }));
      this.input.setAttribute("aria-invalid", "true");
      return false;
    }
    if (codes.includes(null)) { this.message(this.t("paigow.calc.faceDown")); return false; }
    if (codes.length > 4) { this.message(this.t("paigow.calc.tooMany", { n: codes.length })); return false; }
    const over = overSet(codes, this.t.bind(this), this.language);
    if (over) { this.message(over); return false; }
    this.tiles = codes;
    this.input.setAttribute("aria-invalid", "false");
    this.message("");
    return true;
  }

  typed() {
    const text = this.input.value.trim();
    if (!text) { this.message(this.t("paigow.calc.typeFirst")); return; }
    if (this.setTiles(text)) {
      this.input.value = "";
      this.changed();
    } else if (this.tiles.length) {
      // the typed hand was refused: say that the tray and the values below are the old hand's
      const en = this.language === "en";   // two sentences, not one
      this.message(`${endSentence(this.messageEl.textContent, this.language)}${en ? " " : ""}${this.t("paigow.calc.kept")}`);
    }
  }

  add(code) {
    if (this.tiles.length >= 4) { this.message(this.t("paigow.calc.full")); return; }
    if (this.tiles.filter((c) => c === code).length >= BY_CODE[code].copies) {
      this.message(this.t("paigow.calc.noMore", { name: BY_CODE[code][this.language], copies: BY_CODE[code].copies }));
      return;
    }
    this.tiles.push(code);
    this.message("");
    this.changed();
  }

  removeAt(i) {
    this.tiles.splice(i, 1);
    this.message("");
    this.changed();
    const chips = this.trayEl.querySelectorAll("button");
    (chips[Math.min(i, chips.length - 1)] || this.buttons.get(TILES[0].code)).focus();
  }

  clear() {
    this.tiles = [];
    this.message("");
    this.changed();
  }

  gridKey(e) {
    const buttons = [...this.buttons.values()];
    const index = buttons.indexOf(document.activeElement);
    if (index < 0) return;
    const perRow = Math.max(1, buttons.filter((b) => b.offsetTop === buttons[0].offsetTop).length);
    const moves = { ArrowRight: 1, ArrowLeft: -1, ArrowDown: perRow, ArrowUp: -perRow, Home: -index, End: buttons.length - 1 - index };
    if (e.key in moves) {
      e.preventDefault();
      const next = Math.max(0, Math.min(buttons.length - 1, index + moves[e.key]));
      buttons[index].tabIndex = -1;
      buttons[next].tabIndex = 0;
      buttons[next].focus();
    } else if (e.key === "Backspace" || e.key === "Delete") {
      e.preventDefault();
      this.message("");   // (a refusal said before is answered by taking a tile out, or by nothing to take)
      if (this.tiles.length) { this.tiles.pop(); this.changed(); }
    }
  }

  message(text) {
    this.messageEl.textContent = text || "";
    this.messageEl.hidden = !text;
    this.dataset.message = text ? "true" : "";
  }

  changed() {
    this.refresh();
    this.remember();
    this.update();
  }

  /** With ``address``: the hand and the way into the page's address (replaced, not pushed). */
  remember() {
    if (!this.hasAttribute("address")) return;
    const q = new URLSearchParams(location.search);
    if (this.tiles.length) q.set("tiles", this.tiles.join(" ")); else q.delete("tiles");
    q.set("way", this.way);
    history.replaceState(history.state, "", `${location.pathname}?${q}${location.hash}`);
  }

  refresh() {
    const lang = this.language;
    for (const [code, b] of this.buttons) {
      const left = BY_CODE[code].copies - this.tiles.filter((c) => c === code).length;
      b.querySelector(".tj-pick__count").textContent = `×${left}`;
      b.classList.toggle("is-empty", left === 0);
      b.setAttribute("aria-disabled", String(left === 0));
      b.setAttribute("aria-label", this.t("paigow.calc.pickLabel", { name: BY_CODE[code][lang], code, left }));
    }
    this.trayEl.dataset.tiles = this.tiles.join(" ");
    if (!this.tiles.length) {
      this.trayEl.replaceChildren(h("span", { class: "tj-tray__empty" }, this.t("paigow.calc.empty")));
      return;
    }
    this.trayEl.replaceChildren(...this.tiles.map((code, i) => h("button", {
      type: "button", class: "tj-chip", "data-code": code,
      "aria-label": this.t("paigow.calc.remove", { name: BY_CODE[code][lang], code }),
      html: tileSvg(code, { height: 48, lang, hidden: true }), onclick: () => this.removeAt(i),
    })));
  }

  async update() {
    if (!this.engine) {   // (where the settings will be: say they wait for the engine)
      if (this.tiles.length === 4 && this.state !== "error") this.resultEl.replaceChildren(h("p", { class: "tj-pgc__hint" }, this.t("paigow.calc.waiting")));
      return;
    }
    const seq = (this._seq = (this._seq || 0) + 1);
    if (this.tiles.length !== 4) {
      delete this.dataset.tiles;
      this.resultEl.replaceChildren(h("p", { class: "tj-pgc__hint" }, this.t("paigow.calc.needFour", { n: 4 - this.tiles.length })));
      return;
    }
    this.dataset.busy = "true";
    try {
      const r = await this.engine.call("paigow_set", { tiles: this.tiles.join(" "), house_way: this.way });
      if (seq !== this._seq) return;
      this.show(r);
    } catch (err) {
      if (seq !== this._seq) return;
      this.resultEl.replaceChildren(h("p", { class: "tj-message", role: "alert" }, explain(err, this.language)));
    } finally {
      if (seq === this._seq) delete this.dataset.busy;
    }
  }

  show(r) {
    const lang = this.language;
    const t = this.t.bind(this);
    this.dataset.tiles = r.tiles.join(" ");
    this.dataset.houseWayChoice = String(r.house_way_choice);
    this.dataset.optimal = String(r.optimal);
    this.dataset.optimalBanking = String(r.optimal_banking);
    const rows = r.settings.map((s, i) => {
      const badges = [];
      if (i === r.house_way_choice) badges.push(h("span", { class: "tj-badge tj-badge--house" }, t("paigow.houseWayBadge")));
      if (i === r.optimal) badges.push(h("span", { class: "tj-badge tj-badge--best" }, t("paigow.bestPlayer")));
      if (i === r.optimal_banking) badges.push(h("span", { class: "tj-badge tj-badge--best" }, t("paigow.bestBanker")));
      // (data-label: the column's name, shown in the cell where a phone stacks the row)
      const side = (v, best, col) => h("td", { class: `tj-pgc__ev${best ? " is-best" : ""}`, dataset: { label: t(col) } },
        h("strong", {}, evText(v.ev)),
        h("span", { class: "tj-pgc__wlp" }, t("paigow.wlp", { w: pct(v.win), l: pct(v.lose), p: pct(v.push) })));
      const hand = (x, pos) => h("td", { class: "tj-pgc__hand" },
        h("span", { class: "tj-pgc__pos" }, t(`paigow.${pos}`)),
        plainTiles(x.tiles, lang, { height: 40 }),
        h("span", { class: "tj-pgc__name", dataset: { class: x.class } }, handName(x, lang)));
      return h("tr", { class: "tj-pgc__row", dataset: { index: i, evPlayer: s.not_banking.ev, evBanker: s.banking.ev } },
        h("th", { scope: "row" }, String(i + 1), badges),
        hand(s.low, "low"), hand(s.high, "high"),
        side(s.not_banking, i === r.optimal, "paigow.evPlayer"), side(s.banking, i === r.optimal_banking, "paigow.evBanker"));
    });
    const hw = r.settings[r.house_way_choice];
    const wayName = lang === "en" ? r.house_way.name_en : engineText(r.house_way.name_hant, lang);
    const same = r.optimal === r.house_way_choice;
    const summary = h("p", { class: "tj-pgc__summary" },
      t(same ? "paigow.calc.summarySame" : "paigow.calc.summary", {
        way: wayName, hw: r.house_way_choice + 1, best: r.optimal + 1, bestBank: r.optimal_banking + 1,
        gap: evText(r.settings[r.optimal].not_banking.ev - hw.not_banking.ev),
      }));
    this.resultEl.replaceChildren(
      h("div", { class: "tj-pgc__scroll" }, h("table", { class: "tj-pgc__table" },
        h("caption", {}, t("paigow.calc.caption", { n: r.opponent_hands.toLocaleString("en"), c: pct(r.commission) })),
        h("thead", {}, h("tr", {}, h("th", { scope: "col" }, "#"), h("th", { scope: "col" }, t("paigow.lowCol")),
          h("th", { scope: "col" }, t("paigow.highCol")), h("th", { scope: "col" }, t("paigow.evPlayer")),
          h("th", { scope: "col" }, t("paigow.evBanker")))),
        h("tbody", {}, rows))),
      // two rows for three splits: say where the third went (it compares exactly as one shown)
      ...(r.settings.length < 3 ? [h("p", { class: "tj-pgc__alike" }, t("paigow.calc.alike"))] : []),   // (never a null: replaceChildren writes "null")
      summary);
  }
}

defineWidget("tj-paigow-calc", TjPaigowCalc, { description: "Pai Gow calculator: every setting of four tiles with its EV" });
