"""The *Club* player: sound habits of a club player, from its own seat's view only (issue 16).

Where the greedy player (*Beginner*) grabs whatever it can, the club player:

- **keeps the 結 tile** (spec §4, §7 么): a single nobody can beat (or its lowest 么 when that is
  safe) is saved for the last trick; other sure plays are led first;
- **敦天** (§7): with no 棟 it banks one early with 天 or a 九 that cannot be beaten, and it never
  lets a trick go when it has no 棟 and can win it;
- **gives up a 棟** rather than break a pair to beat a single when it already has 棟
  (五子撬雙槍's idea: the pair is worth more later);
- **reads what has been shown**: the tiles it has not seen are the 32 less its own, every
  face-up play and its own face-down discards; a play none of them can beat is sure.

It sees a :class:`~tianjiu_core.tiengow.view.SeatView`, never the other hands, and answers in
well under a millisecond on CPython (``benchmarks/match.py`` measures it against *Beginner*).

>>> from tianjiu_core.tiengow.game import Hand
>>> from tianjiu_core.tiengow.view import SeatView
>>> hand = Hand.from_seed(11)
>>> while not hand.is_over: _ = hand.act(club_action(SeatView.of(hand, hand.to_act)))
>>> sum(hand.result.payments)
0
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from ..tiengow.game import Action, Hand, play_of
from ..tiengow.plays import Play, all_plays, beats
from ..tiengow.rules import Rules
from ..tiengow.view import SeatView
from ..tiles import Tile
from .greedy import as_view

__all__ = ["club_action"]


def _beatable(play: Play, unseen: Counter[Tile], rules: Rules) -> bool:
    """Could some tiles the viewer has not seen beat ``play``?"""
    n = len(play.tiles)
    for other in all_plays(rules):
        if len(other.tiles) == n and beats(play, other, rules):
            if all(unseen[t] >= c for t, c in Counter(other.tiles).items()):
                return True
    return False


def _worth(t: Tile) -> float:
    """Rough worth of keeping a tile: 0 (丁三) … 1 (天)."""
    return t.strength / 11 if t.is_civil else t.value / 9.5


def _keep_score(tiles: Sequence[Tile], sure: frozenset[Tile], rules: Rules) -> float:
    """How good a holding is to keep: tile worth, civil and military pairs, sure singles."""
    counts = Counter(tiles)
    score = sum(_worth(t) for t in tiles)
    score += sum(0.6 for t, c in counts.items() if c >= 2 and t.is_civil)
    score += 0.5 * len(sure.intersection(tiles))  # sure singles: tricks, or the 結 tile
    if len(tiles) >= 2:
        for a, b in _pairs(tiles):
            p = play_of((a, b), rules)
            if p is not None and not a.is_civil:
                score += 0.3  # a military pair (雜八 …) or a 天九 / 地八 …
    return score


def _pairs(tiles: Sequence[Tile]) -> list[tuple[Tile, Tile]]:
    out = []
    for i in range(len(tiles)):
        for j in range(i + 1, len(tiles)):
            out.append((tiles[i], tiles[j]))
    return out


def _minus(holding: Sequence[Tile], tiles: Sequence[Tile]) -> list[Tile]:
    rest = list(holding)
    for t in tiles:
        rest.remove(t)
    return rest


def _sure_singles(view: SeatView, unseen: Counter[Tile]) -> frozenset[Tile]:
    """The viewer's tiles that no unseen tile can beat as singles."""
    out = set()
    for t in set(view.tiles):
        p = play_of((t,), view.rules)
        if p is not None and not _beatable(p, unseen, view.rules):
            out.add(t)
    return frozenset(out)


def _keeper(view: SeatView, sure: frozenset[Tile]) -> Tile | None:
    """The 結 tile to keep: the strongest single nobody can beat now, if any."""
    best = None
    for t in sorted(sure, key=lambda t: t.index):  # a fixed order: the same choice everywhere
        p = play_of((t,), view.rules)
        if p is not None and (best is None or p.rank > best[1]):
            best = (t, p.rank)
    return None if best is None else best[0]


def club_action(seen: SeatView | Hand) -> Action:
    """The club player's choice for the viewer, who must be to act.

    Raises ValueError when the viewer has no legal action.
    """
    view = as_view(seen)
    legal = view.legal_actions()
    if not legal:
        raise ValueError("no legal action: the hand is over or it is not this seat's turn")
    if len(legal) == 1:
        return legal[0]
    rules = view.rules
    unseen = view.unseen()
    holding = view.tiles
    my_dong = view.dong[view.seat]
    sure_singles = _sure_singles(view, unseen)
    keeper = _keeper(view, sure_singles)
    if not view.trick:
        return _lead(view, legal, unseen, keeper)
    beating = [(a, play_of(a.tiles, rules)) for a in legal if a.kind == "play"]
    beating = [(a, p) for a, p in beating if p is not None]
    discards = [a for a in legal if a.kind == "discard"]
    if beating:
        last_to_act = len(view.trick) == 3
        if view.trick_last:  # the last trick: win it (結) if at all possible
            if last_to_act:
                return min(beating, key=lambda ap: ap[1].rank)[0]
            return max(beating, key=lambda ap: ap[1].rank)[0]
        sure = [(a, p) for a, p in beating if last_to_act or not _beatable(p, unseen, rules)]
        if sure:
            # cheapest sure win; spare the 結 tile when another sure win exists
            spare = [(a, p) for a, p in sure if keeper is None or keeper not in a.tiles
                     or len(holding) <= len(a.tiles)]
            return min(spare or sure, key=lambda ap: ap[1].rank)[0]
        a, p = max(beating, key=lambda ap: ap[1].rank)
        if my_dong == 0:
            return a  # 敦: a seat with no 棟 takes its chance
        if view.trick_size == 1 and discards:
            broke_pair = Counter(holding)[a.tiles[0]] >= 2
            if broke_pair and len(holding) >= 3:
                # give up the 棟 rather than break a pair for a trick that may be beaten
                return max(discards, key=lambda d: _keep_score(_minus(holding, d.tiles), sure_singles, rules))
        return a
    choices = discards
    if keeper is not None and len(holding) > view.trick_size:
        keep = [d for d in discards if keeper not in d.tiles]
        choices = keep or discards
    return max(choices, key=lambda d: _keep_score(_minus(holding, d.tiles), sure_singles, rules))


def _lead(view: SeatView, legal: list[Action], unseen: Counter[Tile], keeper: Tile | None) -> Action:
    rules = view.rules
    holding = view.tiles
    plays = [(a, play_of(a.tiles, rules)) for a in legal if a.kind == "play"]
    plays = [(a, p) for a, p in plays if p is not None]
    everything = [(a, p) for a, p in plays if len(a.tiles) == len(holding)]
    for a, p in everything:
        if not _beatable(p, unseen, rules):
            return a  # a last trick nobody can take: 結
    sure = [(a, p) for a, p in plays if not _beatable(p, unseen, rules)]
    if sure:
        spare = [(a, p) for a, p in sure
                 if keeper is None or keeper not in a.tiles or len(holding) <= len(a.tiles)]
        if spare:
            return max(spare, key=lambda ap: (len(ap[0].tiles), ap[1].rank))[0]
        if len(holding) > 2 or view.dong[view.seat] == 0:
            return max(sure, key=lambda ap: (len(ap[0].tiles), ap[1].rank))[0]
    # nothing sure: lead a single, keeping the 結 tile and pairs
    singles = [(a, p) for a, p in plays if len(a.tiles) == 1]
    counts = Counter(holding)
    if view.dong[view.seat] == 0:  # 敦: try the strongest single for a first 棟
        cands = [(a, p) for a, p in singles if a.tiles[0] != keeper] or singles
        return max(cands, key=lambda ap: (_worth(ap[0].tiles[0]), ap[0].tiles[0].index))[0]
    cands = [(a, p) for a, p in singles if a.tiles[0] != keeper and counts[a.tiles[0]] < 2]
    cands = cands or [(a, p) for a, p in singles if a.tiles[0] != keeper] or singles
    return max(cands, key=lambda ap: (_worth(ap[0].tiles[0]), ap[0].tiles[0].index))[0]
