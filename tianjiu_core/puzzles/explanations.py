"""Why a solution is right, in words: the themes a line shows (:func:`theme_evidence`, spec §7),
the hand's outcome, and generated explanations, titles and prompts in 繁體 and English."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..errors import IllegalActionError
from ..tiengow.game import Action, Hand
from ..notation import SEATS, SEAT_NAMES
from ..tiles import Tile
from .judging import Judged
from .model import Puzzle, PuzzleError, THEMES, Text


# --------------------------------------------------------------------------- outcomes and themes
@dataclass(frozen=True)
class Outcome:
    """How a line ended, as the theme rules read it (all seats 0–3).

    finisher, finish (``Settlement.finish`` key: plain, yao, yao_capture, zun,
    zun_capture, four, qi_zhi, ba_zhi), captured_from, dong (final 棟), value (the
    hero's net units from the puzzle's position), zun (賀尊/擒尊 events as
    ``(rule, collector)``; a 賀尊 for 文尊 is ``he_zun_wen``), last_lead (seat and tiles of the last trick's lead),
    last_best (the winning play's tiles), tricks (the finished tricks).
    """

    finisher: int
    finish: str
    captured_from: int | None
    dong: tuple[int, ...]
    value: int
    zun: tuple[tuple[str, int], ...]
    last_lead: Action
    last_best: tuple[Tile, ...]
    tricks: tuple


def outcome(hand: Hand, hero: int) -> Outcome:
    """The :class:`Outcome` of a finished hand (the line or an alternative)."""
    res = hand.result
    if res is None:
        raise IllegalActionError("the hand is not over", zh="這手牌還沒有打完")
    # (賀尊 for 文尊 — a pair of 銅錘六 led — is told apart: the texts name the tiles)
    zun = tuple((item.rule + ("_wen" if item.rule == "he_zun" and _wen_zun_led(rec) else ""), item.payee)
                for rec in hand.tricks for item in rec.bonuses.items if item.rule in ("he_zun", "qin_zun"))
    zun = tuple(dict.fromkeys(zun))
    last = hand.tricks[-1]
    best = next(a for a in reversed(last.actions) if a.kind == "play") if any(
        a.kind == "play" for a in last.actions) else last.actions[0]
    return Outcome(res.finisher, res.settlement.finish or "plain", res.finish.captured_from,
                   tuple(res.dong), res.payments[hero], zun, last.actions[0], best.tiles,
                   hand.tricks)


def _wen_zun_led(rec) -> bool:
    """Was this trick's play a 文尊 (a pair of 銅錘六, 15 15)?"""
    return any(a.kind == "play" and sorted(t.code for t in a.tiles) == ["15", "15"] for a in rec.actions)


def _is_two_tile_play(tiles: Sequence[Tile], hand: Hand) -> bool:
    from ..tiengow.game import play_of

    return len(tiles) == 2 and play_of(tuple(tiles), hand.rules) is not None


def two_tile_plays(holding: Sequence[Tile], hand: Hand) -> list[tuple[Tile, ...]]:
    from itertools import combinations

    return sorted({c for c in combinations(holding, 2) if _is_two_tile_play(c, hand)},
                  key=lambda c: [t.index for t in c])


def _zun_score(o: Outcome, hero: int) -> tuple[set, set]:
    """(events good for the hero, events bad for the hero) involving 至尊 / 文尊."""
    good, bad = set(), set()
    for rule, who in o.zun:
        (good if who == hero else bad).add((rule, who))
    if o.finish in ("zun", "zun_capture"):
        # (a 包尊 finish with 文尊 — the pair of 銅錘六 — is named so)
        wen = o.finish == "zun" and sorted(t.code for t in o.last_best) == ["15", "15"]
        rule = "fin_" + o.finish + ("_wen" if wen else "")
        if o.finisher == hero:
            good.add((rule, hero))
        else:
            bad.add((rule, o.finisher))
    return good, bad


def _seat_h(s: int) -> str:
    return SEAT_NAMES[SEATS[s]][0] + "家"


def _seat_e(s: int) -> str:
    return SEAT_NAMES[SEATS[s]][2]


def _ev(hant: str, en: str) -> Text:
    return {"hant": hant, "en": en}


_ZUN_TEXT = {
    ("he_zun", True): ("趁至尊還能贏一墩，早出收賀尊錢。", "Lead 至尊 (Supreme) while it can still win a trick and collect the 賀尊 money (the Supreme bonus)."),
    ("qin_zun", True): ("留着一對高腳七，擒住文尊收錢。", "Keep the pair of 高腳七 (Tit) to capture the 文尊 (civil supreme: a pair of 銅錘六, Look) and collect (擒尊)."),
    ("fin_zun", True): ("不要急着出至尊：留到最後一墩才出，包尊雙倍。", "Don't hurry the 至尊 (Supreme): led on the last trick it earns 包尊 (double)."),
    ("he_zun_wen", True): ("趁文尊還能贏一墩，早出收賀尊錢。", "Lead 文尊 (Civil Supreme, the pair of 銅錘六 (Look)) while it can still win a trick and collect the 賀尊 money (the Supreme bonus)."),
    ("fin_zun_wen", True): ("不要急着出文尊：留到最後一墩才出，包尊雙倍。", "Don't hurry the 文尊 (Civil Supreme, the pair of 銅錘六 (Look)): led on the last trick it earns 包尊 (double)."),
    ("he_zun_wen", False): ("換了別的出法，別家會出文尊收賀尊錢。", "Any other choice lets another seat lead 文尊 (Civil Supreme) and collect the 賀尊 money (the Supreme bonus)."),
    ("fin_zun_wen", False): ("換了別的出法，別家會用文尊結牌（包尊）。", "Any other choice lets another seat finish with 文尊 (Civil Supreme): 包尊."),
    ("fin_zun_capture", True): ("最後一墩用高腳七對擒文尊結牌。", "Capture the 文尊 (civil supreme) with the pair of 高腳七 (Tit) on the last trick."),
    ("he_zun", False): ("換了別的出法，別家會出至尊收賀尊錢。", "Any other choice lets another seat collect the 賀尊 money (the Supreme bonus)."),
    ("qin_zun", False): ("換了別的出法，文尊會被高腳七對擒住。", "Any other choice gets the 文尊 (civil supreme) captured by the pair of 高腳七 (Tit) (擒尊)."),
    ("fin_zun", False): ("換了別的出法，別家會用至尊結牌（包尊）。", "Any other choice lets another seat finish with 至尊 (Supreme): 包尊."),
    ("fin_zun_capture", False): ("換了別的出法，文尊會在最後一墩被擒。", "Any other choice gets the 文尊 (civil supreme) captured on the last trick."),
}


def _zun_text(rule: str, hero: int, good: bool) -> Text:
    hant, en = _ZUN_TEXT[(rule, good)]
    return _ev(hant, en)


def theme_evidence(theme: str, start: Hand, hero: int, first: Action, line: Outcome,
                   alt: Outcome | None, hidden: bool = False) -> Text | None:
    """Why the solution shows ``theme`` (``{"hant", "en"}``, a sentence for the
    explanation), or None when it does not.

    start: the puzzle's position; first: the hero's first solution move; line:
    the solution line's outcome; alt: the outcome of the best *other* first move
    (then best play by everybody), None when the hero had no other choice.  The
    rules (spec §7) — each compares the solution with that alternative:

    - ``yao_finish``: the hero finishes with 么 (12/15 led last and won) and the
      alternative does not; or the alternative gets the hero's 么 captured (擒) and
      the line does not; or the hero captures a 么 with 二四/高腳七 and the
      alternative does not.
    - ``bao_zun``: the hero finishes with 至尊 (包尊) or a four (四大包); the
      alternative does not.
    - ``sweep``: the hero sweeps (七支/八支, or 八支 where the alternative only gets
      七支), or a defender sweeps in the alternative and not in the line.
    - ``zun_timing``: the hero holds 至尊/文尊 or a 高腳七 pair, and a 賀尊/擒尊/包尊
      event in the hero's favour happens only in the line, or one against the hero
      only in the alternative.
    - ``stop_banker``: the hero is not the banker; the banker finishes in the
      alternative and not in the line.
    - ``eligibility``: the hero starts with 0 棟, wins one in the line and ends with
      none in the alternative; or the line's last single is won while a seat with
      0 棟 held a tile that would have beaten it (the 2-棟 rule barred it).
    - ``dun_tian``: the hero starts with 0 棟, the first move plays 天 or a 九 and
      wins that trick, and the alternative ends with the hero on 0 棟 (空棟).
    - ``feng_si_yi_chong``: four tiles each, the hero leads a single although it
      holds a pair-type play, and a defender's pair-type play is split by that trick.
    - ``wu_zi_qiao_shuang_qiang``: five tiles each, the hero leads a two-tile play
      that a defender wins, keeping another two-tile play that wins a later trick.
    - ``wen_chang_wu_duan`` (hidden puzzles only: the idea is about what the others
      probably hold): the hero leads a military single on the last trick and wins it,
      while in the alternative its last tile is civil.
    """
    from ..tiengow.game import play_of

    banker = start.banker
    hold = start.holdings[hero]
    if theme == "yao_finish":
        def yao_by_hero(o: Outcome | None) -> bool:
            return o is not None and o.finish == "yao" and o.finisher == hero and o.last_lead.seat == hero

        def captured_hero(o: Outcome | None) -> bool:
            return o is not None and o.finish == "yao_capture" and o.captured_from == hero

        def hero_captures(o: Outcome | None) -> bool:
            return o is not None and o.finish == "yao_capture" and o.finisher == hero

        if yao_by_hero(line) and not yao_by_hero(alt):
            y = line.last_lead.tiles[0]
            return _ev(f"{_seat_h(hero)}留么到最後，么結雙倍。", f"{_seat_e(hero)} keeps the 么, {y.name_hant} ({y.name_en}), for the last trick and finishes with it (么結, double).")
        if captured_hero(alt) and not captured_hero(line):
            return _ev("這裏不能么：別家有牌可以把么擒住（么雙擒四），么家要包賠。", "Finishing with the 么 fails here: another seat can capture it with 二四 (Gee Joon six) or 高腳七 (Tit) (么雙擒四), and the 么 player pays for everybody.")
        if hero_captures(line) and not hero_captures(alt):
            c = line.last_best[0]
            return _ev(f"{_seat_h(hero)}留着擒么的牌，把別家的么擒住（么雙擒四）。", f"{_seat_e(hero)} keeps {c.name_hant} ({c.name_en}), which captures the 么, and takes it on the last trick (么雙擒四).")
        return None
    if theme == "bao_zun":
        if line.finisher == hero and line.finish in ("zun", "four") and not (
                alt is not None and alt.finisher == hero and alt.finish == line.finish):
            if line.finish == "zun" and sorted(t.code for t in line.last_best) == ["15", "15"]:
                # (the line shows a pair of 銅錘六: naming it 至尊 read as a contradiction)
                return _ev(f"{_seat_h(hero)}用文尊（一對銅錘六）結牌，包尊雙倍。",
                           f"{_seat_e(hero)} finishes with 文尊 (Civil Supreme, the pair of 銅錘六 (Look)): 包尊, every loser pays double.")
            if line.finish == "zun":
                return _ev(f"{_seat_h(hero)}用至尊結牌，包尊雙倍。", f"{_seat_e(hero)} finishes with 至尊 (Supreme): 包尊, every loser pays double.")
            return _ev(f"{_seat_h(hero)}用四張牌結，四大包四倍。", f"{_seat_e(hero)} finishes with a four-tile play (四大包): four times.")
        return None
    if theme == "sweep":
        sweeps = ("qi_zhi", "ba_zhi")
        if line.finisher == hero and line.finish in sweeps and not (
                alt is not None and alt.finisher == hero and alt.finish in sweeps
                and sweeps.index(alt.finish) >= sweeps.index(line.finish)):
            if line.finish == "ba_zhi":
                return _ev(f"{_seat_h(hero)}贏盡八棟，而且最後一手沒有人打得過：八支，四倍。", f"{_seat_e(hero)} takes all eight 棟 (stacks) with a last play nobody could beat: 八支, four times.")
            return _ev(f"{_seat_h(hero)}贏盡八棟：七支，雙倍。", f"{_seat_e(hero)} takes all eight 棟 (stacks): 七支, double.")
        if alt is not None and alt.finisher != hero and alt.finish in sweeps and line.finish not in sweeps:
            return _ev("要截住別家的七支／八支：別家贏盡八棟，人人要加倍付。", "This stops another seat's sweep (七支/八支), which would multiply everybody's loss.")
        return None
    if theme == "zun_timing":
        c = Counter(hold)
        from ..tiles import BY_CODE

        has = (c[BY_CODE["24"]] and c[BY_CODE["12"]]) or c[BY_CODE["15"]] >= 2 or c[BY_CODE["16"]] >= 2
        if not has or alt is None:
            return None
        lg, lb = _zun_score(line, hero)
        ag, ab = _zun_score(alt, hero)
        if lg - ag:
            return _zun_text(sorted(r for r, _ in lg - ag)[0], hero, good=True)
        if ab - lb:
            return _zun_text(sorted(r for r, _ in ab - lb)[0], hero, good=False)
        return None
    if theme == "stop_banker":
        if hero != banker and alt is not None and alt.finisher == banker and line.finisher != banker:
            # every loser pays the finishing banker × m, m = streak + 1 (spec §5)
            m = start.banker_streak + 1
            th, te = ("加倍輸", "pays double") if m == 2 else (
                f"輸{_NUM_HANT.get(m, m)}倍", "pays three times over" if m == 3 else f"pays ×{m}")
            return _ev(f"換了別的出法，莊家（{_seat_h(banker)}）就會結牌，人人{th}；這一手把結牌搶走。", f"Any other choice lets the banker ({_seat_e(banker)}) finish, and then everybody {te}; this one takes the finish away.")
        return None
    if theme == "eligibility":
        if start.dong[hero] == 0 and line.dong[hero] > 0 and alt is not None and alt.dong[hero] == 0:
            return _ev(f"{_seat_h(hero)}還沒有棟：先贏一棟，才免得空棟，也才有資格結。", f"{_seat_e(hero)} has no 棟 (stacks) yet: winning one avoids 空棟 (no stacks) and gives the right to finish.")
        last = line.tricks[-1]
        if last.size == 1 and last.actions[0].kind == "play":
            won = play_of(line.last_best, start.rules)
            before = list(line.dong)
            before[last.winner] -= 1
            for a in last.actions:
                if a.seat == last.winner or before[a.seat] != 0 or a.seat == hero:
                    continue
                # the tiles that seat held at the last trick: the one it put down
                t = a.tiles[0] if a.tiles else None
                p = play_of((t,), start.rules) if t is not None else None
                if won is not None and p is not None and p.cls == won.cls and p.rank > won.rank:
                    return _ev(f"{_seat_h(a.seat)}手上的{t.name_hant}本來打得過，但他一棟都沒有，最後一墩單張不准打。", f"{_seat_e(a.seat)}'s {t.name_hant} ({t.name_en}) would beat it, but a seat with no 棟 (no stacks won) may not beat a last single.")
        return None
    if theme == "dun_tian":
        if start.dong[hero] != 0 or first.kind != "play":
            return None
        if not any(t.code == "66" or t.value == 9 for t in first.tiles):
            return None
        first_trick = line.tricks[0] if start.trick == () else line.tricks[0]
        if first_trick.winner != hero:
            return None
        if alt is not None and alt.dong[hero] == 0:
            return _ev("現在用天或九拿下一棟（敦天）；不拿的話，最後會空棟。", "Playing 天 (Teen) or a 九 (Gow) now banks a 棟 (a stack, 敦天); otherwise the hand ends with 空棟 (no stacks).")
        return None
    if theme == "feng_si_yi_chong":
        if start.tiles_left != 4 or start.trick or first.kind != "play" or len(first.tiles) != 1:
            return None
        if not two_tile_plays(hold, start):
            return None
        trick = line.tricks[0]
        for a in trick.actions:
            if a.seat == hero:
                continue
            before = two_tile_plays(start.holdings[a.seat], start)
            if before and any(t in pair for pair in before for t in a.tiles):
                rest = list(start.holdings[a.seat])
                for t in a.tiles:
                    rest.remove(t)
                if len(two_tile_plays(rest, start)) < len(before):
                    return _ev(f"各剩四張時出單張，{_seat_h(a.seat)}要拆開一對來應（逢四一衝）。", f"With four tiles each, a single lead makes {_seat_e(a.seat)} break a pair (逢四一衝).")
        return None
    if theme == "wu_zi_qiao_shuang_qiang":
        if start.tiles_left != 5 or start.trick or first.kind != "play" or len(first.tiles) != 2:
            return None
        if line.tricks[0].winner == hero:
            return None
        rest = list(hold)
        for t in first.tiles:
            rest.remove(t)
        kept = two_tile_plays(rest, start)
        for rec in line.tricks[1:]:
            for a in rec.actions:
                if a.seat == hero and a.kind == "play" and tuple(a.tiles) in kept and rec.winner == hero:
                    return _ev("剩五張時先讓一對給人吃，保住自己另一對，之後再用它贏（五子撬雙槍）。", "With five tiles each, give a pair trick away and keep your other pair to win with later (五子撬雙槍).")
        return None
    if theme == "wen_chang_wu_duan":
        if not hidden:
            return None
        la = line.last_lead
        if la.seat != hero or len(la.tiles) != 1 or la.tiles[0].is_civil or line.finisher != hero:
            return None
        if alt is None:
            return None
        mine = [a for a in alt.tricks[-1].actions if a.seat == hero]
        if mine and len(mine[0].tiles) == 1 and mine[0].tiles[0].is_civil:
            return _ev("最後一張留武牌：武牌少，別家較難打得過（文長武短）。", "Keep a military tile for the last single: there are few of them, so it is harder to beat (文長武短).")
        return None
    raise PuzzleError(f"unknown theme {theme!r}")


_NUM_HANT = {1: "一", 2: "兩", 3: "三", 4: "四", 5: "五", 6: "六", 7: "七", 8: "八"}
_NUM_EN = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight"}


def _play_names(a: Action, rules: Any) -> tuple[str, str]:
    """(繁, English) name of an action's tiles: ``天`` / ``天 (Teen)``, ``雙梅`` / ``雙梅 (Pair of Mooy)``."""
    from ..tiengow.game import play_of

    p = play_of(a.tiles, rules) if a.kind == "play" else None
    if p is not None:
        en = p.name("en")   # "Gee Joon (Supreme)" inside a gloss: "至尊 (Gee Joon, Supreme)"
        if en.endswith(")"):
            en = en[:-1].replace(" (", ", ", 1)
        return p.name("hant"), f"{p.name('hant')} ({en})"
    if len(a.tiles) == 2 and a.tiles[0] == a.tiles[1]:   # two alike: "兩張紅頭十", not "紅頭十、紅頭十"
        t = a.tiles[0]
        return f"兩張{t.name_hant}", f"two {t.name_hant} ({t.name_en})"
    hant = "、".join(t.name_hant for t in a.tiles)
    return hant, " and ".join(f"{t.name_hant} ({t.name_en})" for t in a.tiles)


def _action_words(a: Action, hand: Hand) -> tuple[str, str, str, str]:
    """(繁 verb phrase, English gerund phrase, 繁 'other' word, English 'other' word)."""
    h, e = _play_names(a, hand.rules)
    if a.kind == "discard":
        return f"墊{h}", f"discarding {e}", "其他應法", "other reply"
    if not hand.trick:
        return f"出{h}", f"leading {e}", "其他出法", "other lead"
    return f"用{h}打", f"beating with {e}", "其他應法", "other reply"


def _value_words(v: float, hidden: bool) -> tuple[str, str]:
    if hidden:
        if abs(v) < 0.005:
            return "平均不輸不贏", "breaks even on average"
        n = f"{abs(v):.1f}"
        return (f"平均贏 {n} 注", f"wins {n} units on average") if v > 0 else (
            f"平均輸 {n} 注", f"loses {n} units on average")
    v = int(v)
    if v == 0:
        return "不輸不贏", "breaks even"
    return (f"贏 {v} 注", f"wins {v} unit{'s' if v != 1 else ''}") if v > 0 else (
        f"輸 {-v} 注", f"loses {-v} unit{'s' if v != -1 else ''}")


def explain(puzzle: Puzzle, judged: Judged, first: Action, alt: Action | None, line: Outcome,
            evidence: dict[str, Text]) -> Text:
    """An explanation from the solver's numbers, in 繁體 and English:
    "Leading 天 (Teen) wins 6 units; the best other lead, 梅 (Mooy), loses 4." plus the
    themes' reasons and how the hand ends."""
    hand = puzzle.position.to_hand()
    hero = puzzle.hero
    vh, ve, oh, oe = _action_words(first, hand)
    wh, we = _value_words(judged.value_of(first), puzzle.hidden)
    hant = [f"{vh}{wh}"]
    en = [f"{ve[0].upper()}{ve[1:]} {we}"]
    if alt is not None:
        ah, ae, _, _ = _action_words(alt, hand)
        xh, xe = _value_words(judged.value_of(alt), puzzle.hidden)
        hant[0] += f"；{oh}最好是{ah}，{xh}。"
        en[0] += f"; the best {oe}, {ae}, {xe}."
    else:
        hant[0] += "。"
        en[0] += "."
    if puzzle.hidden:
        hant.append(f"（只看得見自己的牌：以上是 {judged.deals} 種可能牌局的平均。）")
        en.append(f"(You see only your own tiles: these are averages over {judged.deals} possible deals.)")
    for theme in puzzle.themes:
        if theme in evidence:
            hant.append(evidence[theme]["hant"])
            en.append(evidence[theme]["en"])
    fin = line.finisher
    if fin == hero and line.finish != "plain" and any(
            t in evidence for t in ("yao_finish", "bao_zun", "sweep")):
        return {"hant": "".join(hant), "en": " ".join(en)}   # the theme already says how
    how = {"yao": ("么結", "with 么 (么結)"), "yao_capture": ("擒么", "by capturing the 么"),
           "zun": ("包尊", "with 至尊 (包尊)"), "zun_capture": ("擒文尊", "by capturing the 文尊"),
           "four": ("四大包", "with a four (四大包)"), "qi_zhi": ("七支", "with a sweep (七支)"),
           "ba_zhi": ("八支", "with a sweep (八支)")}.get(line.finish)
    who_h = _seat_h(fin)
    who_e = _seat_e(fin)
    if how:
        hant.append(f"最後{who_h}結牌（{how[0]}）。")
        en.append(f"In the end {who_e} finishes {how[1]}.")
    else:
        hant.append(f"最後{who_h}結牌。")
        en.append(f"In the end {who_e} finishes.")
    return {"hant": "".join(hant), "en": " ".join(en)}


def generated_titles(puzzle: Puzzle, first: Action) -> tuple[Text, Text]:
    """A generated title and prompt."""
    hand = puzzle.position.to_hand()
    hero = puzzle.hero
    n = len(hand.holdings[hero]) + (0 if not hand.trick else 0)
    left = hand.tiles_left
    th = THEMES[puzzle.themes[0]]
    if hand.trick:
        lead = hand.trick[0]
        lh, le = _play_names(lead, hand.rules)
        # (English: a dash, not a colon — several theme names have a colon of their own)
        title = {"hant": f"{th[0]}：{_seat_h(lead.seat)}先出{lh}", "en": f"{th[2]} — {_seat_e(lead.seat)} leads {le}"}
        said_h, said_e = [f"{_seat_h(lead.seat)}先出了{lh}"], [f"{_seat_e(lead.seat)} has led {le}"]
        for a in hand.trick[1:]:
            if a.kind == "play":
                bh, be = _play_names(a, hand.rules)
                said_h.append(f"{_seat_h(a.seat)}用{bh}打")
                said_e.append(f"{_seat_e(a.seat)} has beaten it with {be}")
            else:
                said_h.append(f"{_seat_h(a.seat)}墊牌")
                said_e.append(f"{_seat_e(a.seat)} has discarded")
        prompt = {"hant": "，".join(said_h) + f"；各家剩{_NUM_HANT[left]}張牌。{_seat_h(hero)}怎樣應最好？",
                  "en": ", ".join(said_e) + f"; {_NUM_EN[left]} tiles each. What should {_seat_e(hero)} play?"}
    else:
        title = {"hant": f"{th[0]}：{_seat_h(hero)}剩{_NUM_HANT[left]}張", "en": f"{th[2]} — {_seat_e(hero)} with {_NUM_EN[left]} tiles"}
        prompt = {"hant": f"{_seat_h(hero)}先出，各家剩{_NUM_HANT[left]}張。怎樣出最好？",
                  "en": f"{_seat_e(hero)} to lead, {_NUM_EN[left]} tiles each. Which lead is best?"}
    if puzzle.hidden:
        prompt = {"hant": prompt["hant"] + "（只看得見自己的牌）",
                  "en": prompt["en"] + " (You see only your own tiles.)"}
    del n
    return title, prompt
