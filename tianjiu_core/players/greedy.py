"""Simple computer players: a greedy policy and a random one.

They receive a :class:`~tianjiu_core.tiengow.view.SeatView` — what the seat
to act sees: its own tiles and the tiles shown face up — never the others'
hands (a :class:`Hand` passed in is turned into the view of its seat to act).
The greedy player beats whenever
it can (cheapest sure win first), leads plays nobody can beat when it has
them, otherwise its strongest single, and discards its least useful tiles.

>>> from tianjiu_core.tiengow.game import Hand
>>> hand = Hand.from_seed(11)
>>> while not hand.is_over: _ = hand.act(greedy_action(SeatView.of(hand, hand.to_act)))
>>> sum(hand.result.payments)
0
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from ..rng import Rng
from ..tiengow.game import Action, Hand, play_of
from ..tiengow.plays import Play, all_plays, beats
from ..tiengow.rules import Rules
from ..tiengow.view import SeatView
from ..tiles import TILES, Tile

__all__ = ["greedy_action", "random_action", "unseen_tiles", "as_view"]


def as_view(seen: SeatView | Hand) -> SeatView:
    """A player's input as a view: a :class:`SeatView`, or a Hand seen by its seat to act."""
    if isinstance(seen, SeatView):
        return seen
    if seen.is_over:
        raise ValueError("no legal action: the hand is over")
    return SeatView.of(seen, seen.to_act)


def unseen_tiles(view: SeatView | Hand, seat: int | None = None) -> Counter[Tile]:
    """Copies of each tile the viewer has not seen (not held, not shown face up).

    ``view``: a :class:`SeatView` (or a Hand and the ``seat`` whose view it is)."""
    if isinstance(view, Hand):
        view = SeatView.of(view, view.to_act if seat is None else seat)
    return view.unseen(include_discards=False)


def _can_be_beaten(play: Play, unseen: Counter[Tile], rules: Rules) -> bool:
    """Could some combination of unseen tiles beat ``play``?"""
    n = len(play.tiles)
    for other in all_plays(rules):
        if len(other.tiles) == n and beats(play, other, rules):
            need = Counter(other.tiles)
            if all(unseen[t] >= c for t, c in need.items()):
                return True
    return False


def _tile_value(t: Tile) -> float:
    """Rough worth of keeping a tile: 0 (丁三) … 1 (天)."""
    return t.strength / 11 if t.is_civil else t.value / 9.5


def _keep_score(tiles: Sequence[Tile]) -> float:
    counts = Counter(tiles)
    score = sum(_tile_value(t) for t in tiles)
    score += sum(0.6 for t, c in counts.items() if c >= 2 and t.is_civil)
    return score


def greedy_action(seen: SeatView | Hand) -> Action:
    """The greedy player's choice (the site's *Beginner*) for the viewer, who must be to act.

    Raises ValueError when the viewer has no legal action (not its turn, or the hand is over).
    """
    view = as_view(seen)
    legal = view.legal_actions()
    if not legal:
        raise ValueError("no legal action: the hand is over or it is not this seat's turn")
    rules = view.rules
    unseen = unseen_tiles(view)
    holding = view.tiles
    if not view.trick:  # leading
        plays = [(a, play_of(a.tiles, rules)) for a in legal if a.kind == "play"]
        plays = [(a, p) for a, p in plays if p is not None]
        sure = [(a, p) for a, p in plays if not _can_be_beaten(p, unseen, rules)]
        if sure:
            return max(sure, key=lambda ap: (len(ap[0].tiles), ap[1].rank))[0]
        singles = [(a, p) for a, p in plays if len(a.tiles) == 1]
        return max(singles, key=lambda ap: (_tile_value(ap[0].tiles[0]), ap[0].tiles[0].index))[0]
    beating = [a for a in legal if a.kind == "play"]
    if beating:
        last_to_act = len(view.trick) == 3
        plays = [(a, play_of(a.tiles, rules)) for a in beating]
        if last_to_act:
            return min(plays, key=lambda ap: ap[1].rank)[0]  # type: ignore[union-attr]
        sure = [(a, p) for a, p in plays if not _can_be_beaten(p, unseen, rules)]  # type: ignore[arg-type]
        if sure:
            return min(sure, key=lambda ap: ap[1].rank)[0]
        return max(plays, key=lambda ap: ap[1].rank)[0]  # type: ignore[union-attr]
    discards = [a for a in legal if a.kind == "discard"]
    # keep the best remaining tiles: discard the set whose removal keeps the most worth
    return max(discards, key=lambda a: _keep_score(_minus(holding, a.tiles)))


def _minus(holding: Sequence[Tile], tiles: Sequence[Tile]) -> list[Tile]:
    rest = list(holding)
    for t in tiles:
        rest.remove(t)
    return rest


def random_action(seen: SeatView | Hand, rng: Rng) -> Action:
    """A uniformly random legal action (for property tests and benchmarks)."""
    legal = as_view(seen).legal_actions()
    return legal[rng.below(len(legal))]
