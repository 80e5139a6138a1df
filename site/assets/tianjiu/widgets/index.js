// Every widget of the runtime.  A new widget is one file in this folder that
// calls defineWidget(...), plus one import line here (see SITE.md).
import "./tiles.js";
import "./engine-status.js";
import "./settle.js";
import "./playground.js";
import "./lesson-quiz.js";
import "./lesson-trick.js";
import "./lesson-replay.js";
import "./lesson-deal.js";
import "./puzzle.js";        // <tj-puzzle>, <tj-daily-puzzle>, <tj-puzzle-archive>, <tj-puzzle-progress>
import "./paigow.js";     // <tj-paigow-calc>, <tj-paigow-trainer>, <tj-paigow-drill>, <tj-paigow-quiz>
import "./play-table.js";    // <tj-play-table>: the Play page (issue 16)
import "./puzzle-finder.js";  // <tj-puzzle-finder> (the puzzle index)
import "./lesson-progress.js";  // <tj-lesson-progress> (the lesson index)
