"""Hands that differ from a given one only in what one seat cannot see (issue 16 tests).

:func:`reshuffled` re-deals the tiles hidden from ``seat`` — the other seats' tiles that never
showed face up (held now or discarded face down) — among those seats, keeping how many each had,
and replays the same log with each face-down discard taking the seat's new hidden tiles.
"""

from __future__ import annotations

from collections import Counter

from tianjiu_core.rng import Rng
from tianjiu_core.tiengow.game import Action, Hand


def reshuffled(hand: Hand, seat: int, rng: Rng, tries: int = 50) -> Hand | None:
    """A hand with the same view for ``seat`` and the hidden tiles re-dealt; None when every
    try dealt a natural hand (例牌) to someone."""
    d = hand.deal_info
    assert d is not None
    log = hand.log
    for _ in range(tries):
        hidden: dict[int, list] = {}
        for s in range(4):
            if s == seat:
                continue
            up = Counter(t for a in log if a.seat == s and a.kind == "play" for t in a.tiles)
            rest = list((Counter(d.hands[s]) - up).elements())
            hidden[s] = rest
        pool = [t for s in sorted(hidden) for t in hidden[s]]
        for i in range(len(pool) - 1, 0, -1):  # Fisher–Yates with our generator
            j = rng.below(i + 1)
            pool[i], pool[j] = pool[j], pool[i]
        new_hidden: dict[int, list] = {}
        k = 0
        for s in sorted(hidden):
            new_hidden[s] = pool[k:k + len(hidden[s])]
            k += len(hidden[s])
        holdings = []
        for s in range(4):
            if s == seat:
                holdings.append(d.hands[s])
            else:
                up = [t for a in log if a.seat == s and a.kind == "play" for t in a.tiles]
                holdings.append(tuple(up) + tuple(new_hidden[s]))
        other = Hand(hand.rules, banker=hand.banker, banker_streak=hand.banker_streak,
                     holdings=holdings, deal_info=d)
        if other.is_over and log:
            continue  # a 例牌 in the re-deal: that deal could not have been played on
        spare = {s: list(new_hidden[s]) for s in new_hidden}
        for a in log:
            if a.seat != seat and a.kind != "play":
                tiles = tuple(spare[a.seat][:a.size])
                del spare[a.seat][:a.size]
                a = Action(a.seat, a.kind, tiles)
            other.act(a)
        return other
    return None
