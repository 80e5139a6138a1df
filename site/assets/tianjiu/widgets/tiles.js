// <tj-tiles tiles="66 66 36 45" height="48"> — a row of tile pictures.
// Drawn from the sprite at once: this widget never waits for the engine.
// Accepts pip codes, every name the engine knows (天 天 雜九 雜九, Teen Day, 天天九九) and "?"
// for a face-down tile.
import { TjWidget, defineWidget, h } from "../widget.js";
import { BY_CODE, parseCodes, tileSvg, tileLabel } from "../tiles.js";

export class TjTiles extends TjWidget {
  static needsEngine = false;
  static observedAttributes = ["tiles", "height"];

  render() {
    this.statusEl = h("span", { class: "tj-status", role: "status", hidden: true });
    this.draw();
  }

  attributeChangedCallback() {
    if (this._mounted) this.draw();
  }

  draw() {
    const height = Number(this.getAttribute("height")) || 48;
    let codes;
    try {
      codes = parseCodes(this.getAttribute("tiles"));
    } catch (err) {
      this.replaceChildren(this.statusEl);
      this.state = "error";
      this.say(this.t("tiles.unknown", { token: err.message }), "error");
      return;
    }
    const lang = this.language;
    const names = codes.map((c) => (c === null ? tileLabel(null, lang) : BY_CODE[c][lang]));
    const row = h("span", {
      class: "tj-tiles",
      role: "img",
      "aria-label": names.join(lang === "en" ? ", " : " ") || this.t("tiles.none"),
      html: codes.map((c) => tileSvg(c, { height, lang, hidden: true })).join(""),
    });
    this.replaceChildren(this.statusEl, row);
    if (this.state === "error") this.state = "ready";
    this.say("");
  }
}

defineWidget("tj-tiles", TjTiles, { description: "a row of tile pictures" });
