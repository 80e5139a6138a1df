"""The solver's compact tables: tile kinds, holdings as ints, and everything that depends on
the rules only — the plays over kinds, each holding's plays and beats, the discard runs, the
canonical forms and the transposition tables (issue 4; the search itself is in
:mod:`tianjiu_core.solver.search`).

A holding is an ``int`` with 2 bits per *kind*: the 11 civil faces (kind = tile index 0–10)
and the 6 military values 9, 8, 7, 6 (24), 5, 3 (12) (kinds 11–16; 36/45, 26/35, 25/34 and
14/23 behave identically in every rule, so each pair is one kind with two copies).  Plays
are classified by the engine's own ``try_classify`` (spec §2).  :func:`_tables` gives the one
:class:`_Tables` of a :class:`~tianjiu_core.tiengow.rules.Rules`, built at first use and kept;
:func:`clear_caches` empties what every table keeps between searches.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from functools import lru_cache

from ..tiengow.plays import PLAY_CLASSES, try_classify
from ..tiengow.rules import Rules
from ..tiles import TILES, Tile

__all__ = ["KIND_OF", "NKINDS", "COPIES", "ONE", "holding_int", "clear_caches"]

_CACHE_LIMIT = 1_000_000   # canonical keys + table entries kept between searches


# --------------------------------------------------------------------------- kinds
# kind 0–10: the civil faces in civil order (天 … 銅錘六) = tile index 0–10;
# kind 11–16: military values 9, 8, 7, 6 (24), 5, 3 (12).
_MIL_KIND = {9: 11, 8: 12, 7: 13, 6: 14, 5: 15, 3: 16}
NKINDS = 17
KIND_OF: tuple[int, ...] = tuple(t.index if t.is_civil else _MIL_KIND[t.value] for t in TILES)
KIND_FACES: tuple[tuple[Tile, ...], ...] = tuple(
    tuple(t for t in TILES if KIND_OF[t.index] == k) for k in range(NKINDS))
COPIES: tuple[int, ...] = tuple(sum(t.copies for t in KIND_FACES[k]) for k in range(NKINDS))
ONE: tuple[int, ...] = tuple(1 << (2 * k) for k in range(NKINDS))
_EVEN = sum(ONE)                      # bit 0 of every 2-bit field
_COPIES_INT = sum(c * o for c, o in zip(COPIES, ONE))
_CIVIL_BITS = sum(ONE[k] for k in range(11))
_MIL_BITS = sum(ONE[k] for k in range(11, NKINDS))
_K12, _K15, _K16, _K24 = KIND_OF[TILES[20].index], 10, 9, 14

_KIND_CODE = {"plain": 0, "yao": 1, "zun": 2, "four": 3}

# play flags
_SUPREME, _WENZUN, _FOUR, _YAO, _TOP, _CAP16 = 1, 2, 4, 8, 16, 32
_CLS_INDEX = {c: i for i, c in enumerate(PLAY_CLASSES)}
_SINGLE_CLS = (_CLS_INDEX["civil_single"], _CLS_INDEX["military_single"])


def holding_int(tiles: Sequence[Tile]) -> int:
    """A holding as the solver's kind-count integer (2 bits a kind)."""
    h = 0
    for t in tiles:
        h += ONE[KIND_OF[t.index]]
    return h


def _count(h: int, k: int) -> int:
    return (h >> (2 * k)) & 3


def _kinds(h: int) -> list[int]:
    """The kinds of a holding, one entry a tile, in kind order."""
    out = []
    while h:
        k = ((h & -h).bit_length() - 1) >> 1   # the lowest kind held
        c = (h >> (2 * k)) & 3
        out.extend(_REPEAT[k][c])
        h -= c << (2 * k)
    return out


_REPEAT = tuple(tuple([k] * c for c in range(4)) for k in range(NKINDS))


def _size(h: int) -> int:
    return len(_kinds(h))


# --------------------------------------------------------------------------- tables
_TABLES_SEEN: list[_Tables] = []


class _Tables:
    """Everything that depends on the rules only: plays over kinds, holding info, runs."""

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        _TABLES_SEEN.append(self)
        if len(_TABLES_SEEN) > 32:
            del _TABLES_SEEN[0]
        mask, size, cls, rank, flags, kinds = [], [], [], [], [], []
        self.pid_of: dict[int, int] = {}
        # every kind multiset that could be a play (a pair, a great civil tile with its
        # military partner, 至尊), classified by the engine's own try_classify
        partner = {0: 11, 1: 12, 2: 13, 3: 15}   # 天/地/人/和 → 九/八/七/五
        candidates = []
        for n in range(1, 5):
            for combo in itertools.combinations_with_replacement(range(NKINDS), n):
                if any(combo.count(k) > COPIES[k] for k in set(combo)):
                    continue
                kinds_set = set(combo)
                if n == 2 and not (len(kinds_set) == 1 or combo == (_K24, _K12)
                                   or partner.get(combo[0]) == combo[1]):
                    continue
                if n >= 3 and not (len(kinds_set) == 2 and partner.get(combo[0]) in kinds_set):
                    continue
                tiles_: list[Tile] = []
                for k in sorted(kinds_set):
                    c = combo.count(k)
                    tiles_.extend(KIND_FACES[k][:c] if len(KIND_FACES[k]) > 1 else KIND_FACES[k] * c)
                candidates.append((combo, try_classify(tiles_, rules)))
        for combo, play in candidates:
            if isinstance(play, str):
                continue
            tiles = play.tiles
            n = len(tiles)
            f = 0
            if play.cls == "supreme":
                f |= _SUPREME | (_WENZUN if play.wen_zun else 0)
            if play.cls == "four":
                f |= _FOUR
            if n == 1 and tiles[0].is_yao:
                f |= _YAO
            if play.cls == "supreme" or any(t.code == "66" or t.value == 9 for t in tiles):
                f |= _TOP
            if play.cls == "civil_pair" and tiles[0].code == "16":
                f |= _CAP16
            self.pid_of[sum(ONE[k] for k in combo)] = len(mask)
            mask.append(sum(ONE[k] for k in combo))
            size.append(n)
            cls.append(_CLS_INDEX[play.cls])
            rank.append(play.rank)
            flags.append(f)
            kinds.append(combo)
        self.mask, self.size, self.cls, self.rank, self.flags, self.kinds = (
            tuple(mask), tuple(size), tuple(cls), tuple(rank), tuple(flags), tuple(kinds))
        self.single = tuple(self.pid_of[ONE[k]] for k in range(NKINDS))
        self.pair16 = self.pid_of.get(2 * ONE[_K16], -1)
        # (class, rank) bits, 12 a class; supreme: bit 0 至尊, bit 1 文尊
        pbit, bbits = [], []
        sup = _CLS_INDEX["supreme"]
        for p in range(len(mask)):
            c, r = cls[p], rank[p]
            if flags[p] & _SUPREME:
                pbit.append(1 << (c * 12 + (1 if flags[p] & _WENZUN else 0)))
                bbits.append(0)
                continue
            pbit.append(1 << (c * 12 + r))
            b = ((1 << r) - 1) << (c * 12)
            if flags[p] & _CAP16 and rules.wen_zun_capture:
                b |= 1 << (sup * 12 + 1)
            bbits.append(b)
        self.pbit, self.bbits = tuple(pbit), tuple(bbits)
        # single ranks per kind and, per suit, kinds from high to low
        self.srank = tuple(rank[self.single[k]] for k in range(NKINDS))
        self.suit_order = (sorted(range(11), key=lambda k: -self.srank[k]),
                           sorted(range(11, NKINDS), key=lambda k: -self.srank[k]))
        self.suit_walk = tuple(tuple(order) + (-1,) for order in self.suit_order)   # (runs)
        # the 八支 test: kinds of the same suit ranked strictly higher than each single
        self.higher = tuple(
            tuple(j for j in (range(11) if k < 11 else range(11, NKINDS))
                  if self.srank[j] > self.srank[k]) for k in range(NKINDS))
        # highest rank of a face-down kind per suit, from the presence bits of that suit
        self.perm_civil: dict[int, int] = {}
        self.perm_mil: dict[int, int] = {}
        for bits in range(1 << 11):
            spread = sum(ONE[k] for k in range(11) if bits >> k & 1)
            self.perm_civil[spread] = max([self.srank[k] for k in range(11) if bits >> k & 1],
                                          default=0)
        for bits in range(1 << 6):
            spread = sum(ONE[11 + k] for k in range(6) if bits >> k & 1)
            self.perm_mil[spread] = max([self.srank[11 + k] for k in range(6) if bits >> k & 1],
                                        default=0)
        self.weight = tuple((self.srank[k] / 11 if k < 11 else self.srank[k] / 9.5)
                            for k in range(NKINDS))
        # tiles with a meaning of their own never merge: 么 (12, 15) while a rule reads
        # them; their captors 24 and 16 while the 么 they capture is still in play
        yaoish = rules.yao_finish or rules.yao_capture or rules.sweep
        self.spec_base = (ONE[_K12] | ONE[_K15]) if yaoish else 0
        self.spec24 = ONE[_K24] if rules.yao_capture else 0
        self.spec16 = ONE[_K16] if rules.yao_capture else 0
        self.info_cache: dict[int, tuple] = {}
        self.sub_cache: dict[tuple[int, int], tuple[int, ...]] = {}
        self.disc_cache: dict[tuple, tuple[int, ...]] = {}
        self.run_cache: dict[tuple, tuple[tuple[int, ...], ...]] = {}
        self.beat_cache: dict[tuple, tuple[int, ...]] = {}
        self.fbeat_cache: dict[tuple[int, int], tuple[int, ...]] = {}   # (h, best) → beats
        self.fdisc_cache: dict[tuple[int, int, int], tuple[int, ...]] = {}  # follow's discards
        self.span_cache: dict[int, int] = {}   # holding → span (see span)
        # the searches' memos per (hero, banker, streak, kept-tile switch): see _Search
        self.memos: dict[tuple, tuple[dict, ...]] = {}
        # search caches shared by every solve under these rules (cleared together
        # between searches when they grow past _CACHE_LIMIT): canonical keys, the
        # interned forms they stand for, lead lists, and one transposition table
        # per (hero, banker, streak) — values depend on those, positions on nothing else
        self.canon_cache: dict[tuple, int] = {}
        self.subform_cache: dict[tuple, tuple] = {}   # canon_id's suit parts
        self.intern: dict[tuple, int] = {}
        self.lead_cache: dict[tuple[int, int, int], tuple[int, ...]] = {}
        self.tables: dict[tuple[int, int, int], dict[int, tuple[int, int, int]]] = {}

    def table(self, hero: int, banker: int, streak: int) -> dict[int, tuple[int, int, int]]:
        """The transposition table for this hero, banker and streak (bounds on the
        hero's value from a trick boundary to the end of the hand)."""
        key = (hero, banker, streak)
        t = self.tables.get(key)
        if t is None:
            t = self.tables[key] = {}
        return t

    def trim(self) -> None:
        """Empty the search caches when they are too big (call only between searches:
        table entries name interned forms)."""
        size = len(self.canon_cache) + sum(len(t) for t in self.tables.values())
        if size > _CACHE_LIMIT or len(self.tables) > 16:
            self.canon_cache.clear()
            self.subform_cache.clear()
            self.intern.clear()
            self.lead_cache.clear()
            for t in self.tables.values():
                t.clear()
            self.tables.clear()
        if len(self.memos) > 16:   # many heroes, bankers or streaks: start again
            self.memos.clear()

    def special(self, live: int) -> int:
        """Kinds (ONE bits) that never merge while the tiles of ``live`` are in play."""
        s = self.spec_base
        if live & (3 << (2 * _K12)):
            s |= self.spec24
        if live & (3 << (2 * _K15)):
            s |= self.spec16
        return s

    # ------------------------------------------------------------ holdings
    def span(self, h: int) -> int:
        """The kinds (``ONE`` bits) ranked from the lowest to the highest tile of ``h`` in
        each suit, both included.  :meth:`runs` reads another seat's tile (``pres``) only
        there: above or below every tile of ``h`` in its suit, a boundary splits no run, so
        ``runs(h, pres & span(h), …)`` equals ``runs(h, pres, …)``."""
        out = self.span_cache.get(h)
        if out is None:
            out = 0
            for order in self.suit_order:
                held = [i for i, kind in enumerate(order) if (h >> (2 * kind)) & 3]
                if held:
                    for kind in order[held[0]:held[-1] + 1]:
                        out |= ONE[kind]
            if len(self.span_cache) > 300_000:
                self.span_cache.clear()
            self.span_cache[h] = out
        return out

    def submultisets(self, h: int, k: int) -> tuple[int, ...]:
        """Distinct k-tile sub-multisets of holding ``h`` as ints."""
        key = (h, k)
        out = self.sub_cache.get(key)
        if out is None:
            ks = _kinds(h)
            one = ONE.__getitem__
            out = tuple(sorted({sum(map(one, c)) for c in itertools.combinations(ks, k)}))
            self.sub_cache[key] = out
        return out

    def info(self, h: int) -> tuple:
        """(leads, by_class, top_down_kind, free, strength, plays, beats) for holding ``h``.

        leads: pids of every play in ``h``, multi-tile first, strongest first.
        by_class: per class index, the pids of ``h`` in that class by rank, high first.
        free: for r = 1…4, the kinds (ONE bits) of ``h`` in no play of 2…r tiles of
        ``h`` (and not 12/15 while a 么 rule is on) — the tiles whose identity
        cannot matter beyond their rank once the seat keeps r tiles.
        plays / beats: bit sets over (class, rank): the plays ``h`` can make, and
        the plays some play of ``h`` would beat.  A seat whose ``beats`` meet no
        other seat's ``plays`` can never win another trick (holdings only shrink).
        features: bits 1 = 丁三 12, 2 = 銅錘六 15, 4 = 二四 24, 8 = 高腳七 16, 16 = 至尊
        (24+12), 32 = 文尊 (15 15), 64 = 16 16,
        256 = a civil tile other than 15, 512 = a military tile ranked above 12;
        bits 12–14 = how many fours ``h`` can make; bits 16–19 / 20–23 = the highest
        single rank of its civil / military tiles (0: none); bit 24 = it can make a
        play of two or more tiles.
        """
        e = self.info_cache.get(h)
        if e is not None:
            return e
        pids = []
        for n in range(1, 5):
            for m in self.submultisets(h, n):
                p = self.pid_of.get(m)
                if p is not None:
                    pids.append(p)
        rank, size = self.rank, self.size
        leads = tuple(sorted(pids, key=lambda p: (-size[p], -rank[p], p)))
        by_cls = tuple(tuple(sorted((p for p in pids if self.cls[p] == c),
                                    key=lambda p: (-rank[p], p))) for c in range(len(PLAY_CLASSES)))
        top_down = -1
        for k in range(7):  # 天 … 板凳 (lead_face_down beaters)
            if (h >> (2 * k)) & 3:
                top_down = k
                break
        held = 0
        for k in range(NKINDS):
            if (h >> (2 * k)) & 3:
                held |= ONE[k]
        free = []
        for r in range(1, 5):
            combo = 0
            for p in pids:
                if 2 <= size[p] <= r:
                    for k in self.kinds[p]:
                        combo |= ONE[k]
            free.append(held & ~combo & ~self.spec_base)
        strength = sum(self.weight[k] for k in _kinds(h)) + 0.7 * sum(1 for p in pids if size[p] > 1)
        plays = beat = 0
        for p in pids:
            plays |= self.pbit[p]
            beat |= self.bbits[p]
        feat = 0
        for bit, k in ((1, _K12), (2, _K15), (4, _K24), (8, _K16)):
            if (h >> (2 * k)) & 3:
                feat |= bit
        for p in pids:
            f = self.flags[p]
            if f & _SUPREME:
                feat |= 32 if f & _WENZUN else 16
            elif f & _CAP16:
                feat |= 64
        if any((h >> (2 * k)) & 3 for k in range(11) if k != _K15):
            feat |= 256   # a civil tile that beats a single 15
        if any((h >> (2 * k)) & 3 for k in range(11, NKINDS)
               if k != _K12 and self.srank[k] > self.srank[_K12]):
            feat |= 512   # a military tile that beats a single 12
        feat |= sum(1 for p in pids if self.flags[p] & _FOUR) << 12   # fours it can make
        # tops: the highest single rank of its civil tiles (bits 0–3) and of its military
        # tiles (bits 4–7; 0: none); bit 8: it can make a play of two or more tiles
        tops = max([self.srank[k] for k in range(11) if (h >> (2 * k)) & 3], default=0)
        tops |= max([self.srank[k] for k in range(11, NKINDS) if (h >> (2 * k)) & 3],
                    default=0) << 4
        if any(size[p] > 1 for p in pids):
            tops |= 1 << 8
        e = (leads, by_cls, top_down, tuple(free), strength, plays, beat, feat, tops)
        self.info_cache[h] = e
        if len(self.info_cache) > 300_000:
            self.info_cache.clear()
        return e

    def runs(self, h: int, pres: int, r: int, spec: int,
             dominance: bool = False) -> tuple[tuple[int, ...], ...]:
        """Runs of tiles of ``h`` among which only *how many* the seat discards matters.

        r: tiles the seat keeps; spec: kinds that never merge (:meth:`special` of
        every tile in play); pres: bit 2k set when kind k is a boundary.

        Exact mode (``dominance`` false; ``pres`` = every other seat's tiles): a
        run is a maximal rank interval of one suit with ≥ 2 *free* kinds of
        ``h`` (see :meth:`info`) and no other seat's tile; a free kind another
        seat also holds stands alone.  Swapping two tiles of a run in everything
        the seat does later changes no beat, play, bonus or finish, so the
        choices are *equivalent*.  Under ``must_beat`` the seat's own other
        tiles split runs too (the highest beating play is forced).

        Dominance mode (``pres`` = the seat's teammates' tiles only): keeping
        the higher of two tiles x > y of a suit is at least as good for the
        seat's side when y is free, neither is special and no teammate holds a
        tile ranked in (y, x]: every enemy reply to x is also a reply to y and
        the seat's own options only grow.  A tile in a combination may head
        such a run (it dominates the free tiles below it).  Either way the
        representative discards the run's lowest tiles.  ``lead_face_down``
        turns all merging off.
        """
        key = (h, pres, r, spec, dominance)
        out = self.run_cache.get(key)
        if out is not None:
            return out
        rules = self.rules
        found: list[tuple[int, ...]] = []
        if not rules.lead_face_down and r >= 1:
            free = self.info(h)[3][min(r, 4) - 1] & ~spec
            if free:
                for order in self.suit_walk:
                    run: list[int] = []
                    for kind in order:
                        if kind >= 0 and not pres & ONE[kind]:
                            o = ONE[kind]
                            if free & o:
                                run.append(kind)
                                continue
                            held = (h >> (2 * kind)) & 3
                            if dominance and held and not spec & o:
                                if len(run) > 1:
                                    found.append(tuple(run))
                                run = [kind]   # heads the free tiles below it
                                continue
                            if not held or not (rules.must_beat or dominance):
                                continue  # nobody else's tile: no boundary
                        if len(run) > 1:
                            found.append(tuple(run))
                        run = []
        out = tuple(found)
        self.run_cache[key] = out
        if len(self.run_cache) > 300_000:
            self.run_cache.clear()
        return out

    @staticmethod
    def _canon(h: int, d: int, runs: tuple[tuple[int, ...], ...]) -> int:
        """Discard ``d`` with the tiles taken from each run replaced by the run's lowest."""
        c = d
        for run in runs:  # run is high → low
            j = 0
            for kind in run:
                x = (d >> (2 * kind)) & 3
                if x:
                    j += x
                    c -= x * ONE[kind]
            for kind in reversed(run):
                if not j:
                    break
                x = min(j, (h >> (2 * kind)) & 3)
                c += x * ONE[kind]
                j -= x
        return c

    def prune_beats(self, h: int, beats: tuple[int, ...], block: int, r: int,
                    spec: int) -> tuple[int, ...]:
        """Single beats worth trying: beating with a free, non-special single y rather
        than a higher non-special single x of ``h`` is at least as good for the seat's
        side when no tile ranked in (y, x] is held by a later seat of this trick or a
        teammate (``block``): the trick goes the same way and the seat keeps the
        higher tile (as in :meth:`runs`' dominance).  r: tiles kept after the trick."""
        key = (h, beats, block, r, spec)
        out = self.beat_cache.get(key)
        if out is not None:
            return out
        free = self.info(h)[3][min(r, 4) - 1] if r >= 1 else -1
        kept: list[int] = []
        for p in reversed(beats):  # low → high
            x = self.kinds[p][0]
            dominated = False
            if not spec & ONE[x]:
                for q in kept:
                    y = self.kinds[q][0]
                    if spec & ONE[y] or not free & ONE[y]:
                        continue
                    lo, hi = self.srank[y], self.srank[x]
                    if not any(block & ONE[j] for j in self.higher[y] if self.srank[j] <= hi):
                        dominated = True
                        break
            if not dominated:
                kept.append(p)
        out = tuple(reversed(kept))
        self.beat_cache[key] = out
        if len(self.beat_cache) > 300_000:
            self.beat_cache.clear()
        return out

    def discards(self, h: int, pres: int, k: int, spec: int, dominance: bool) -> tuple[int, ...]:
        """The discards of ``k`` tiles from ``h`` worth trying, best-kept first.

        Only how many tiles the seat discards from each run (:meth:`runs`, with
        the same ``pres``, ``spec`` and ``dominance``) matters; the run's lowest
        tiles name the representative.
        """
        key = (h, pres, k, spec, dominance)
        out = self.disc_cache.get(key)
        if out is not None:
            return out
        subs = self.submultisets(h, k)
        runs = self.runs(h, pres, _size(h) - k, spec, dominance)
        if runs:
            subs = tuple(dict.fromkeys(self._canon(h, d, runs) for d in subs))
        info = self.info
        out = tuple(sorted(subs, key=lambda d: (-info(h - d)[4], d)))
        self.disc_cache[key] = out
        if len(self.disc_cache) > 300_000:
            self.disc_cache.clear()
        return out

    def canonical_discard(self, h: int, others: int, d: int) -> int:
        """The representative of discard ``d`` among the *equivalent* ones (exact
        runs; ``others`` is the sum of the other three holdings): for grouping."""
        pres = (others | (others >> 1)) & _EVEN
        spec = self.special(h | others)
        return self._canon(h, d, self.runs(h, pres, _size(h) - _size(d), spec))


@lru_cache(maxsize=16)
def _tables(rules: Rules) -> _Tables:
    return _Tables(rules)


def clear_caches() -> None:
    """Forget every transposition table and cache the solver keeps between calls
    (to free memory, or to time a search from cold)."""
    for tb in list(_TABLES_SEEN):
        tb.canon_cache.clear()
        tb.subform_cache.clear()
        tb.intern.clear()
        tb.lead_cache.clear()
        for t in tb.tables.values():
            t.clear()
        tb.tables.clear()
        for cache in (tb.info_cache, tb.sub_cache, tb.disc_cache, tb.run_cache, tb.beat_cache,
                      tb.fbeat_cache, tb.fdisc_cache, tb.span_cache):
            cache.clear()
        tb.memos.clear()
