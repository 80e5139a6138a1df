// <tj-tiles tiles="66 66 36 45" height="48"> — a row of tile pictures.
// Drawn from the sprite at once: this widget never waits for the engine.
// Accepts pip codes, every name the engine knows (天 天 雜九 雜九, Teen Day, 天天九九) and "?"
// for a face-down tile.  height: pixels, HEIGHT_MIN–HEIGHT_MAX; anything else (a negative
// number, 1e400, "abc") draws at the default 48 with a console warning naming the attribute.
import { TjWidget, defineWidget, h } from "../widget.js";
import { BY_CODE, parseCodes, tileSvg, tileLabel } from "../tiles.js";
import { clip } from "../i18n.js";

const HEIGHT_DEFAULT = 48;
const HEIGHT_MIN = 1;
const HEIGHT_MAX = 1000;   // (a tile a screen tall; 1e300 would be an <svg> length error too)

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

  /** The height attribute as pixels: the default for none or a value that is not a number
   *  HEIGHT_MIN–HEIGHT_MAX (an <svg> with a negative or infinite height is an error and shows
   *  nothing), with a warning once per bad value. */
  height() {
    const raw = this.getAttribute("height");
    if (raw === null || raw.trim() === "") return HEIGHT_DEFAULT;
    const n = Number(raw);
    if (Number.isFinite(n) && n >= HEIGHT_MIN && n <= HEIGHT_MAX) return n;
    if (this._warnedHeight !== raw) {
      this._warnedHeight = raw;
      console.warn(`<tj-tiles>: height="${clip(raw)}" needs a number of pixels ${HEIGHT_MIN}–${HEIGHT_MAX}: drawn at ${HEIGHT_DEFAULT}.`);
    }
    return HEIGHT_DEFAULT;
  }

  draw() {
    const height = this.height();
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
