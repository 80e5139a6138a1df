// <tj-playground> — pick tiles from the 32 and ask the engine what they make.
//
// Two trays: "your play" (A) and "the play to beat" (B, the best play of the
// trick so far).  The engine classifies each tray (class + name in the page
// language) and says whether A beats B.  Below, a <tj-settle> calculator
// (leave it out with the no-settle attribute).
// Attributes: tiles="66 66 36 45" (tray A), against="56 56" (tray B), no-settle.
// Keyboard: Tab to the tile grid, arrows move, Enter/Space adds the tile to
// the chosen tray, Backspace/Delete takes the last one back; tiles in a tray
// are buttons that remove themselves; each tray also takes typed notation.
import { TjWidget, defineWidget, h, explain } from "../widget.js";
import { BY_CODE, tileSvg, parseCodes, tileCaption, TileTokenError } from "../tiles.js";
import { TILES } from "../generated.js";
import { label, playName, engineText, clip } from "../i18n.js";
import "./settle.js";

const TRAYS = ["a", "b"];
// the engine's reason codes for beats() → interface strings
const REASONS = {
  higher: "beats.reason.higher",
  qin_zun: "beats.reason.qinZun",
  classes: "beats.reason.classes",
  supreme: "beats.reason.supreme",
  equal: "beats.reason.equal",
  lower: "beats.reason.lower",
};

/** The engine's explanation in the page language (繁體/简体 from reason_zh, else English). */
function reasonText(result, lang) {
  return engineText(lang !== "en" && result.reason_zh ? result.reason_zh : result.reason, lang);
}

export class TjPlayground extends TjWidget {
  render() {
    const lang = this.language;
    this.trays = { a: [], b: [] };
    this.active = "a";
    this.buttons = new Map();

    // which tray the picked tiles go to
    const target = h("div", { class: "tj-pg__target", role: "radiogroup", "aria-label": this.t("pg.target") },
      TRAYS.map((tray) => h("label", { class: "tj-pg__target-option" },
        h("input", { type: "radio", name: `tj-target-${uid(this)}`, value: tray, checked: tray === "a",
          onchange: () => this.setActive(tray) }),
        h("span", {}, this.t(`pg.tray.${tray}`)))));

    // the 21 faces (32 tiles): civil first, then military
    const grid = h("div", { class: "tj-pg__grid", role: "group", "aria-label": this.t("pg.grid") });
    TILES.forEach((tile, i) => {
      const button = h("button", {
        type: "button", class: `tj-pick tj-pick--${tile.suit}`, "data-code": tile.code, tabindex: i === 0 ? 0 : -1,
        html: tileSvg(tile.code, { height: 56, lang, hidden: true }),
      }, h("span", { class: "tj-pick__name" }, ...tileCaption(tile.code, lang)), h("span", { class: "tj-pick__count" }));
      button.addEventListener("click", () => this.add(tile.code));
      this.buttons.set(tile.code, button);
      grid.append(button);
    });
    grid.addEventListener("keydown", (e) => this.gridKey(e));

    this.trayEls = {};
    const trays = TRAYS.map((tray) => {
      const tiles = h("div", { class: "tj-tray__tiles", role: "group", "aria-label": this.t(`pg.tray.${tray}`) });
      const input = h("input", {
        type: "text", class: "tj-tray__input", autocomplete: "off", spellcheck: "false",
        placeholder: this.t("pg.placeholder"), "aria-label": this.t("pg.typeInto", { tray: this.t(`pg.tray.${tray}`) }),
      });
      input.addEventListener("keydown", (e) => { if (e.key === "Enter") { e.preventDefault(); this.typed(tray); } });
      input.addEventListener("change", () => this.typed(tray));
      input.addEventListener("input", () => {   // the wrong text taken back: the results are current again
        if (!input.value.trim() && input.getAttribute("aria-invalid") === "true") {
          input.setAttribute("aria-invalid", "false");
          this.trayMessage(tray, "");
          this.stale(false, tray);
        }
      });
      const verdict = h("p", { class: "tj-tray__verdict", "aria-live": "polite" });
      const message = h("p", { class: "tj-message", role: "alert", hidden: true });
      const section = h("section", { class: "tj-tray", "data-tray": tray, onclick: (e) => {
        if (e.target === section) this.setActive(tray);
      } },
      h("div", { class: "tj-tray__head" },
        h("span", { class: "tj-tray__title" }, this.t(`pg.tray.${tray}`)),
        h("button", { type: "button", class: "tj-button tj-button--small", onclick: () => this.clear(tray) }, this.t("pg.clear"))),
      tiles, h("label", { class: "tj-tray__type" }, h("span", {}, this.t("pg.type")), input), message, verdict);
      this.trayEls[tray] = { section, tiles, input, verdict, message };
      return section;
    });
    this.compareEl = h("p", { class: "tj-pg__compare", "aria-live": "polite" });

    this.append(h("div", { class: "tj-pg" },
      h("p", { class: "tj-title" }, this.t("pg.title")),
      target, grid,
      h("div", { class: "tj-pg__trays" }, trays),
      this.compareEl));
    if (!this.hasAttribute("no-settle")) this.append(h("tj-settle", {}));

    // the author's tiles: a tray the set cannot hold (more copies than exist, with the other
    // tray's; more than four tiles) starts empty, with the reason shown and a console warning
    for (const [tray, attr] of [["a", "tiles"], ["b", "against"]]) {
      const value = this.getAttribute(attr) || "";
      try {
        const codes = parseCodes(value);
        if (codes.includes(null)) throw new Error("?");
        const over = this.overSet(tray, codes);
        if (over) {   // (the tray starts empty: none is "in use")
          throw new Error(this.t("pg.setHas", { name: BY_CODE[over.code][this.language], copies: BY_CODE[over.code].copies, n: over.n }));
        }
        if (codes.length > 4) throw new Error(this.t("pg.tooMany"));
        this.trays[tray] = codes;
      } catch (err) {
        const why = err instanceof TileTokenError || err.message === "?" ? this.t("pg.unknownTile", { token: err.message }) : err.message;
        this.trayMessage(tray, why);
        console.warn(`<tj-playground>: ${attr}="${clip(value)}": ${why}${/[.。]$/.test(why) ? "" : "."} The tray starts empty.`);
      }
    }
    this.setActive("a");
    this.refresh();
  }

  async ready() {
    await this.update();
  }

  /** codes in tray beside the other tray's tiles: the first face named more often
   *  than a set has it, as {code, n} (n: how many both trays would hold), or null. */
  overSet(tray, codes) {
    const others = TRAYS.filter((t) => t !== tray).flatMap((t) => this.trays[t]);
    for (const code of new Set(codes)) {
      const n = codes.filter((c) => c === code).length + others.filter((c) => c === code).length;
      if (n > BY_CODE[code].copies) return { code, n };
    }
    return null;
  }

  // ---------------------------------------------------------------- selection

  used(code) {
    return TRAYS.reduce((n, tray) => n + this.trays[tray].filter((c) => c === code).length, 0);
  }

  setActive(tray) {
    this.active = tray;
    for (const t of TRAYS) this.trayEls[t].section.classList.toggle("is-active", t === tray);
    const radio = this.querySelector(`.tj-pg__target input[value="${tray}"]`);
    if (radio && !radio.checked) radio.checked = true;
  }

  add(code) {
    const tray = this.active;
    if (this.used(code) >= BY_CODE[code].copies) {
      this.trayMessage(tray, this.t("pg.noMore", { name: BY_CODE[code][this.language], copies: BY_CODE[code].copies }));
      return;
    }
    if (this.trays[tray].length >= 4) {
      this.trayMessage(tray, this.t("pg.tooMany"));
      return;
    }
    this.trays[tray].push(code);
    this.trayMessage(tray, "");
    this.changed();
  }

  removeAt(tray, index) {
    this.trays[tray].splice(index, 1);
    this.trayMessage(tray, "");
    this.changed();
    const chips = this.trayEls[tray].tiles.querySelectorAll("button");
    (chips[Math.min(index, chips.length - 1)] || this.buttons.get(TILES[0].code)).focus();
  }

  clear(tray) {
    this.trays[tray] = [];
    this.trayEls[tray].input.value = "";
    this.trayMessage(tray, "");
    this.changed();
  }

  /** Typed notation: parsed by the engine (it knows every alias), then checked for copies. */
  async typed(tray) {
    const { input } = this.trayEls[tray];
    const text = input.value.trim();
    if (!text) return;
    if (!this.engine) {
      this.trayMessage(tray, this.t("engine.loading"));
      return;
    }
    try {
      const result = await this.engine.classify(text);
      const codes = result.tiles;
      const over = this.overSet(tray, codes);
      if (over) throw new Error(this.t("pg.noMore", { name: BY_CODE[over.code][this.language], copies: BY_CODE[over.code].copies }));
      if (codes.length > 4) throw new Error(this.t("pg.tooMany"));
      this.trays[tray] = codes;
      input.value = "";
      input.setAttribute("aria-invalid", "false");
      this.trayMessage(tray, "");
      this.changed();
    } catch (err) {
      input.setAttribute("aria-invalid", "true");
      this.trayMessage(tray, err.type ? explain(err, this.language, { field: "tiles" }) : err.message);
      this.stale(true, tray);   // this tray's result is of its tiles before, not of what was typed
    }
  }

  /** Hide a tray's result and the comparison while its typed text is wrong (they would be of
   *  the old tiles); the other tray's result stays, as its tiles do.  No tray: every tray. */
  stale(on, tray = null) {
    if (!this.compareEl || !this.trayEls || TRAYS.some((t) => !this.trayEls[t])) return;
    this.staleTrays ||= new Set();
    for (const t of tray ? [tray] : TRAYS) this.staleTrays[on ? "add" : "delete"](t);
    this.dataset.stale = String(this.staleTrays.size > 0);
    for (const t of TRAYS) this.trayEls[t].verdict.hidden = this.staleTrays.has(t);
    this.compareEl.hidden = this.staleTrays.size > 0;
  }

  trayMessage(tray, text) {
    const { message } = this.trayEls[tray];
    message.textContent = text || "";
    message.hidden = !text;
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
      const tray = this.trays[this.active];
      // (a refusal about the tiles taken out goes with them, as after a click)
      if (tray.length) { tray.pop(); this.trayMessage(this.active, ""); this.changed(); }
    }
  }

  // ---------------------------------------------------------------- display

  changed() {
    // (a tray whose typed text is still wrong stays stale)
    for (const t of TRAYS) if (this.trayEls[t].input.getAttribute("aria-invalid") !== "true") this.stale(false, t);
    this.refresh();
    this.update();
  }

  /** Redraw trays and counts (no engine needed). */
  refresh() {
    const lang = this.language;
    for (const [code, button] of this.buttons) {
      const left = BY_CODE[code].copies - this.used(code);
      button.querySelector(".tj-pick__count").textContent = `×${left}`;
      button.classList.toggle("is-empty", left === 0);
      button.setAttribute("aria-disabled", String(left === 0));
      button.setAttribute("aria-label", this.t("pg.pickLabel", { name: BY_CODE[code][lang], code, left }));
    }
    for (const tray of TRAYS) {
      const { tiles } = this.trayEls[tray];
      const codes = this.trays[tray];
      tiles.dataset.tiles = codes.join(" ");
      if (!codes.length) {
        tiles.replaceChildren(h("span", { class: "tj-tray__empty" }, this.t("pg.empty")));
        continue;
      }
      tiles.replaceChildren(...codes.map((code, i) => h("button", {
        type: "button", class: "tj-chip", "data-code": code,
        "aria-label": this.t("pg.remove", { name: BY_CODE[code][lang], code }),
        html: tileSvg(code, { height: 48, lang, hidden: true }),
        onclick: () => this.removeAt(tray, i),
      })));
    }
  }

  /** Ask the engine about both trays (answers to older requests are dropped). */
  async update() {
    if (!this.engine) return;
    const seq = (this._seq = (this._seq || 0) + 1);
    const lang = this.language;
    this.dataset.busy = "true";
    try {
      const results = {};
      for (const tray of TRAYS) {
        results[tray] = this.trays[tray].length ? await this.engine.classify(this.trays[tray].join(" ")) : null;
      }
      let compare = null;
      if (results.a && results.b && results.a.class && results.b.class) {
        compare = await this.engine.beats(this.trays.b.join(" "), this.trays.a.join(" "));
      }
      if (seq !== this._seq) return;
      for (const tray of TRAYS) this.showVerdict(tray, results[tray]);
      this.showCompare(results, compare);
      this.dataset.play = results.a && results.a.class ? results.a.class : "";
    } catch (err) {
      if (seq !== this._seq) return;
      this.compareEl.textContent = explain(err, lang);
      this.compareEl.dataset.kind = "error";
    } finally {
      if (seq === this._seq) delete this.dataset.busy;
    }
  }

  showVerdict(tray, result) {
    const el = this.trayEls[tray].verdict;
    const lang = this.language;
    el.replaceChildren();
    delete el.dataset.class;
    if (!result) return;
    if (result.class) {
      el.dataset.class = result.class;
      el.append(h("strong", { class: "tj-play-name" }, playName(result, lang)), " ",
        h("span", { class: "tj-play-class" }, this.t("pg.classIs", { cls: label("classes", result.class, lang) })));
    } else {
      el.dataset.class = "none";
      el.append(h("strong", {}, this.t("pg.notAPlay")), " ",
        h("span", { class: "tj-reason" }, reasonText(result, lang)));
    }
  }

  showCompare(results, compare) {
    const lang = this.language;
    const el = this.compareEl;
    el.replaceChildren();
    delete el.dataset.kind;
    delete el.dataset.beats;
    if (!compare) {
      if (results.a && results.a.class && !results.b) el.textContent = this.t("pg.hintB");
      return;
    }
    const a = playName(compare.play, lang);
    const b = playName(compare.best, lang);
    const key = REASONS[compare.reason_code];
    const reason = key ? this.t(key) : reasonText(compare, lang);
    el.dataset.beats = String(compare.beats);
    el.dataset.kind = compare.beats ? "ok" : "no";
    el.append(h("span", { class: "tj-pg__mark", "aria-hidden": "true" }, compare.beats ? "✓" : "✗"), " ",
      h("strong", {}, this.t(compare.beats ? "pg.beats" : "pg.doesNotBeat", { a, b })), " — ", reason);
  }
}

let counter = 0;
function uid(el) {
  if (!el._uid) el._uid = ++counter;
  return el._uid;
}

defineWidget("tj-playground", TjPlayground, { description: "tile playground: classify, compare, settle" });
