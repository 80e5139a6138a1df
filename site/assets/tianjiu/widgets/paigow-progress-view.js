// <tj-paigow-progress> — your Pai Gow (牌九) progress on this device (paigow-progress.js):
// each lesson's best mark, the setting trainer's hands and EV lost per hand, the drill's
// score.  Needs no engine.  Attribute lessons: "pg-01 pg-02 pg-03" (ids in order).
import { TjWidget, defineWidget, h } from "../widget.js";
import * as P from "./paigow-progress.js";

export class TjPaigowProgress extends TjWidget {
  static needsEngine = false;

  render() {
    const t = this.t.bind(this);
    const data = P.load();
    const ids = (this.getAttribute("lessons") || "pg-01 pg-02 pg-03").trim().split(/\s+/);
    const n = P.progressNotice();
    const items = ids.map((id, i) => {
      const m = data.lessons[id];
      return h("li", { dataset: { lesson: id, mark: m ? `${m.best}/${m.total}` : "" } },
        t("paigow.progress.lesson", { n: i + 1 }), " ",
        m ? h("strong", {}, `${m.best} / ${m.total}`) : h("span", { class: "tj-pgp__none" }, t("paigow.progress.notYet")));
    });
    const tr = data.trainer;
    const dr = data.drill;
    this.append(h("div", { class: "tj-pgp" },
      h("p", { class: "tj-title" }, t("paigow.progress.title")),
      n ? h("p", { class: "tj-pgw__notice", role: "status" }, t(`paigow.save.${n.kind}`, { n: n.n, backup: n.backup })) : null,
      h("ul", { class: "tj-pgp__list" }, items,
        h("li", { dataset: { trainer: String(tr.hands) } }, tr.hands
          ? t("paigow.progress.trainer", { hands: tr.hands, per: (tr.lost / tr.hands).toFixed(3), worst: tr.worst.length })
          : t("paigow.progress.trainerNone")),
        h("li", { dataset: { drill: `${dr.right}/${dr.asked}` } }, dr.asked
          ? t("paigow.progress.drill", { right: dr.right, asked: dr.asked })
          : t("paigow.progress.drillNone")))));
  }
}

defineWidget("tj-paigow-progress", TjPaigowProgress, { description: "your Pai Gow progress on this device" });
