"""Lesson 4: one trick against the engine's players, every attempt explained."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from ..errors import IllegalActionError, NotationError
from ..tiengow.game import Action, Hand
from ..notation import SEATS, sort_tiles
from ..players.greedy import greedy_action
from ..tiengow.plays import Play, beats, try_classify
from ..tiles import Tile
from .common import T, Text, codes_of, join_texts, play_name, seat_text, sentence_text, tiles_count
from .positions import board_json
from .strategy import action_text
from .tiles_and_plays import beat_reason, why_not_play


# --------------------------------------------------------------------- lesson 4: one trick

TRICK_SEEDS: tuple[int, ...] = (13, 9, 4, 19, 7, 49)
"""Dealt hands (``Hand.from_seed``) whose first trick makes a good exercise: South to
answer East's lead (chosen by :mod:`tests.test_lessons` for their variety)."""


def _trick_hand(n: Any) -> Hand:
    if not isinstance(n, int) or isinstance(n, bool) or not 0 <= n < len(TRICK_SEEDS):
        raise NotationError(f"trick exercise n must be 0–{len(TRICK_SEEDS) - 1}, not {n!r}",
                            zh=f"一墩練習的 n 要是 0–{len(TRICK_SEEDS) - 1}，不是 {n!r}")
    hand = Hand.from_seed(TRICK_SEEDS[n])
    while hand.to_act != 1:
        hand.act(greedy_action(hand))
    return hand


def _finish_trick(hand: Hand, action: Action) -> Hand:
    hand = hand.copy()
    hand.act(action)
    n = len(hand.tricks)
    while len(hand.tricks) == n and not hand.is_over:
        hand.act(greedy_action(hand))
    return hand


def _why_illegal(hand: Hand, action: Action) -> Text | None:
    """Why South's action is refused, in both languages (None when legal)."""
    try:
        hand.verify(action)
    except IllegalActionError as exc:
        error = exc
    else:
        return None
    held = Counter(hand.holdings[action.seat])
    if any(c > held[t] for t, c in Counter(action.tiles).items()):
        return T("你手上沒有這些牌。", "You do not hold those tiles.")
    n = hand.trick_size
    if action.size != n:
        return join_texts(T(f"這一墩每人出 {n} 張（和先出的一樣多），你選了 {action.size} 張。",
                       f"Every seat plays {tiles_count(n)['en']} in this trick (as many as the lead); "
                       f"you chose {action.size}."))
    p = try_classify(action.tiles)
    best = hand.best_play
    if isinstance(p, str):
        return join_texts(T("這幾張不成牌型：", "Those tiles make no play:"), why_not_play(action.tiles),
                     T("要打就要出一手同類而更大的牌，不然就面向下墊牌。",
                       "To beat, you need a higher play of the same class; otherwise discard face down."))
    if best is None or beats(best, p) or action.kind != "play":
        # a rule this lesson does not teach: the engine's own words, in 繁體 where it has them
        return sentence_text(error.message_zh or str(error), str(error))
    return join_texts(T("打不過：", "It does not beat:"), beat_reason(best, p),
                 T("。你可以改為墊牌。", ". You may discard instead."))


_HIGH_SINGLES = frozenset({"66", "11", "36", "45"})
"""Tiles a beginner should not throw away: 天, 地 and the two nines."""


def _strong_tiles(holding: Sequence[Tile]) -> Counter:
    """The tiles of a holding worth keeping (a heuristic for lesson 4's advice): 天, 地, a
    nine, and every tile that forms a play of two or more tiles with others held (a pair,
    天九, 至尊 …).  A Counter of tiles (a pair counts twice)."""
    strong: Counter = Counter()
    tiles = list(holding)
    for i, a in enumerate(tiles):
        if a.code in _HIGH_SINGLES:
            strong[a] = max(strong[a], sum(1 for t in tiles if t is a))
        for b in tiles[i + 1:]:
            if isinstance(try_classify((a, b)), Play):
                for t in (a, b):
                    strong[t] = max(strong[t], sum(1 for u in tiles if u is t))
    return strong


def _weakest(holding: Sequence[Tile], strong: Counter, n: int) -> list[Tile]:
    """The ``n`` least useful tiles: not strong, lowest rank within their suit first."""
    spare = Counter(holding) - strong
    pool = [t for t in holding if spare[t] > 0]
    # lowest first, the two suits interleaved: 銅錘六 ≈ 丁三, 高腳七 ≈ 雜五 …
    order = sorted(set(pool), key=lambda t: (t.strength if t.is_civil else 2 * t.value - 6, t.code))
    out: list[Tile] = []
    for t in order:
        out += [t] * min(spare[t], n - len(out))
    return out[:n]


def tile_names(tiles: Sequence[Tile]) -> Text:
    """天、雙板凳 / Teen (66), Bon (22), Bon (22): tiles by name."""
    return T("、".join(t.name_hant for t in tiles), ", ".join(f"{t.name_en} ({t.code})" for t in tiles),
             "、".join(t.name_hans for t in tiles))


def trick_start(n: int) -> dict:
    """Lesson 4's position ``n``: East (banker, engine) has led; South (you) to act."""
    hand = _trick_hand(n)
    lead = hand.trick[0]
    p = try_classify(lead.tiles)
    assert isinstance(p, Play)
    return {"n": n, "count": len(TRICK_SEEDS), "board": board_json(hand, hidden=(0, 2, 3)),
            "hand": codes_of(hand.holdings[1]), "size": hand.trick_size,
            "lead": {"tiles": list(lead.notation().split()), "name": play_name(p)}}


def trick_play(n: int, action: Any) -> dict:
    """South plays ``action`` (``"66"`` / ``"discard 12 15"``); the engine's players finish
    the trick.  Graded: right when South wins the trick, or when no action of South
    could have won it (West and North answer with the engine's greedy player)."""
    hand = _trick_hand(n)
    if not isinstance(action, str):
        raise NotationError("action must be notation such as \"66 36\" or \"discard 12 15\"",
                            zh="出牌要寫成 \"66 36\" 或 \"discard 12 15\" 這樣")
    a = hand.parse_action(action)
    why = _why_illegal(hand, a)
    if why is not None:
        return {"legal": False, "correct": False, "why": why}
    after = _finish_trick(hand, a)
    trick = after.tricks[-1]
    winners = []
    for other in hand.legal_actions():
        if _finish_trick(hand, other).tricks[-1].winner == 1:
            winners.append(other)
    won = trick.winner == 1
    correct = won or not winners
    size = trick.size
    took = join_texts(seat_text(trick.winner), T(f"贏了這一墩（{size} 棟）。", f"won the trick ({size} 棟)."))
    if won:
        text = T(f"對！你贏了這一墩，得 {size} 棟，下一墩由你先出。",
                 f"Right! You won the trick: {size} 棟, and you lead the next one.")
    elif not winners and a.kind == "discard":
        holding = hand.holdings[1]
        strong = _strong_tiles(holding)
        wasted = [t for t in sort_tiles(a.tiles) if strong[t] > 0]
        weak = _weakest(holding, strong, a.size)
        if wasted and len(weak) == a.size:
            correct = False
            text = join_texts(T("不對。", "Not quite."), took,
                         T("你怎樣出都贏不了，所以墊牌是對的，但墊錯了牌：", "Nothing you hold could win it, so "
                           "discarding was right, but you threw away"), tile_names(wasted),
                         T("是好牌（大牌，或者可以和手上其他牌成對），應該留着以後用。墊最沒用的牌，例如",
                           (", which is" if len(wasted) == 1 else ", which are")
                           + " worth keeping (a high tile, or part of a pair or another play in your hand). "
                           "Discard your least useful tiles instead, such as"), tile_names(weak), T("。", "."))
        else:
            text = join_texts(T("對！", "Right!"), took,
                         T("你怎樣出都贏不了，墊牌就對了；你也留住了好牌。",
                           "Nothing you hold could win it, so discarding is right, and you kept your good tiles."))
    elif not winners:
        text = join_texts(T("對！", "Right!"), took,
                     T("你怎樣出都贏不了；既然會被人再打，墊掉最沒用的牌也一樣，而且可以留住好牌。",
                       "Nothing you hold could win it: since your play gets beaten anyway, discarding your "
                       "least useful tiles would have done as well and kept your good ones."))
    else:
        best = winners[0]
        text = join_texts(T("不對。", "Not quite."), took, T("其實你可以贏：", "You could have won it:"),
                     action_text(best, False), T("。", "."))
    shown = []
    for x in trick.actions:  # other seats' discards stay face down
        j = x.to_json()
        if x.kind == "discard" and x.seat != 1:
            j.update(tiles=[], unknown=x.size, text="discard " + " ".join("-" * x.size))
        shown.append(j)
    return {"legal": True, "correct": correct, "why": text,
            "trick": shown, "winner": SEATS[trick.winner],
            "dong": dict(zip(SEATS, after.dong)), "board": board_json(after, hidden=(0, 2, 3))}
