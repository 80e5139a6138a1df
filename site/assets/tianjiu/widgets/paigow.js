// The Pai Gow (牌九) widgets, one import for widgets/index.js.
import "./paigow-calc.js";
import "./paigow-trainer.js";
import "./paigow-drill.js";
import "./paigow-quiz.js";
import "./paigow-progress-view.js";
