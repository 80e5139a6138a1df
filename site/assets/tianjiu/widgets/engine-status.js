// <tj-engine-status> — the small "engine loading / ready / error" indicator.
// It only watches the engine; it never starts it.  On error it is a button
// that restarts the engine.
import { TjWidget, defineWidget, h } from "../widget.js";
import { client } from "../engine.js";

export class TjEngineStatus extends TjWidget {
  static needsEngine = false;

  render() {
    this.button = h("button", { type: "button", class: "tj-engine-status__button", disabled: true },
      h("span", { class: "tj-engine-status__dot", "aria-hidden": "true" }),
      h("span", { class: "tj-engine-status__text" }));
    this.button.addEventListener("click", () => {
      if (client.state.status === "error") client.restart().catch(() => {});
    });
    this.append(this.button);
    this.statusEl = h("span", { hidden: true });
    this.unsubscribe = client.onStatus((s) => this.show(s));
  }

  show(s) {
    if (!this.button) return;
    const status = s.status === "idle" ? "idle" : s.status;
    this.dataset.engine = status;
    const text = this.button.querySelector(".tj-engine-status__text");
    const key = `engine.status.${status}`;
    text.textContent = this.t(key);
    this.button.disabled = status !== "error";
    this.button.title = status === "error"
      ? `${s.error || ""} — ${this.t("engine.retry")}`
      : status === "ready" ? this.t("engine.readyTitle", { python: s.python || "", version: s.version || "" }) : this.t(key);
    this.hidden = status === "idle";
  }

  disconnectedCallback() {
    if (this.unsubscribe) this.unsubscribe();
    this.unsubscribe = null;
    this._mounted = false;
    this.replaceChildren();
  }
}

defineWidget("tj-engine-status", TjEngineStatus, { description: "engine loading indicator" });
