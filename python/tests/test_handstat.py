"""The Python package against published facts, the committed datasets (written by the CLI, not
through these bindings) and a plain reference for the batch ranker."""

import os
from fractions import Fraction

import numpy as np
import pandas as pd
import pytest

import handstat

RESULTS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "results")


def results_csv(name):
    path = os.path.join(RESULTS, name)
    if not os.path.exists(path):
        pytest.skip(f"{path} is not here")
    return pd.read_csv(path)


def test_version():
    assert handstat.version().count(".") == 2


def test_crib_score():
    assert handstat.crib_score("5H 5D 5S JC 5C") == {
        "fifteens": 16, "pairs": 12, "runs": 0, "flush": 0, "nobs": 1, "total": 29}
    assert handstat.crib_score(["2C", "4D", "6H", "8S", "KC"])["total"] == 0
    # four of a suit in hand: 4 as a hand, nothing as a crib
    assert handstat.crib_score("2H 4H 6H 8H KS")["flush"] == 4
    assert handstat.crib_score("2H 4H 6H 8H KS", crib=True)["flush"] == 0


def test_crib_score_errors():
    with pytest.raises(handstat.HandstatError, match="crib_score: hand: expected 5 cards .*got 4"):
        handstat.crib_score("5H 5D 5S JC")
    with pytest.raises(handstat.HandstatError, match="'XX' is not a card"):
        handstat.crib_score("5H 5D XX JC 5C")
    with pytest.raises(handstat.HandstatError, match="'5H' is a duplicate card"):
        handstat.crib_score("5H 5D 5S JC 5H")


@pytest.mark.parametrize("rules,csv", [("hand", "crib_hand.csv"), ("crib", "crib_crib.csv")])
def test_crib_hist_matches_results(rules, csv):
    df = handstat.crib_hist(rules)
    assert list(df.columns[:3]) == ["score", "count", "probability"]
    assert int(df["count"].sum()) == 12994800
    assert df["probability_exact"].sum() == 1
    want = results_csv(csv)
    assert list(df["score"]) == list(want["score"])
    assert list(df["count"]) == list(want["count"])


def test_crib_hist_facts():
    df = handstat.crib_hist()
    assert df.loc[29, "count"] == 4  # the 29 hand: J and three fives, the fourth five of J's suit
    assert df.loc[19, "count"] == 0  # 19 cannot be scored
    assert df.loc[29, "probability_exact"] == Fraction(4, 12994800)


def test_crib_discard():
    df = handstat.crib_discard("2C 3H 4D 5D 5S JS", "dealer")
    assert len(df) == 15
    best = df.iloc[0]
    assert best["keep"] == "2C 3H 4D JS" and best["throw"] == "5D 5S"
    assert best["hand_ev_exact"] == Fraction(188, 23)
    assert best["crib_ev_exact"] == Fraction(205553, 22770)
    assert best["combined_ev_exact"] == Fraction(391673, 22770)
    assert (best["hand_min"], best["hand_max"]) == (5, 13)
    pone = handstat.crib_discard("2C 3H 4D 5D 5S JS", "pone")
    for _, r in pone.iterrows():
        assert r["combined_ev_exact"] == r["hand_ev_exact"] - r["crib_ev_exact"]
    assert len(handstat.crib_discard("2C 3H 4D 5D 5S")) == 5  # three players
    with pytest.raises(handstat.HandstatError, match="role: 'dealr' is not dealer or pone"):
        handstat.crib_discard("2C 3H 4D 5D 5S JS", "dealr")


def test_poker_rank():
    assert handstat.poker_rank("AS KS QS JS TS") == 1
    assert handstat.poker_rank("7C 5D 4H 3S 2C") == 7462
    assert handstat.poker_rank("AS KS QS JS TS 2C 3D") == 1
    with pytest.raises(handstat.HandstatError, match="poker_rank: hand: expected 5 to 7 cards, "
                                                     "got 4"):
        handstat.poker_rank("AS KS QS JS")


def test_poker_rank_batch_against_one_by_one():
    rng = np.random.default_rng(7)
    hands, masks = [], []
    for i in range(2000):
        k = 5 + i % 3
        cards = rng.choice(52, size=k, replace=False)
        masks.append(sum(1 << int(c) for c in cards))
        hands.append(" ".join(f"{'A23456789TJQK'[c % 13]}{'CDHS'[c // 13]}" for c in cards))
    got = handstat.poker_rank_batch(np.array(masks, dtype=np.uint64))
    assert got.dtype == np.uint16
    assert [int(g) for g in got] == [handstat.poker_rank(h) for h in hands]
    assert handstat.poker_rank_batch(np.array([], dtype=np.uint64)).size == 0
    with pytest.raises(handstat.HandstatError, match="mask 1 holds 4 cards"):
        handstat.poker_rank_batch(np.array([0x1F, 0xF], dtype=np.uint64))
    with pytest.raises(handstat.HandstatError, match="above card 51"):
        handstat.poker_rank_batch(np.array([0x1F << 50], dtype=np.uint64))


@pytest.mark.parametrize("k", [5, 6, 7])
def test_poker_hist_matches_results(k):
    df = handstat.poker_hist(k)
    want = results_csv(f"poker_{k}card_categories.csv")
    assert list(df["category"]) == list(want["category"])
    assert list(df["count"]) == list(want["count"])
    assert df["probability_exact"].sum() == 1


def test_poker_hist_facts():
    df = handstat.poker_hist(5).set_index("category")
    assert df.loc["straight_flush", "count"] == 40
    assert df.loc["four_of_a_kind", "count"] == 624
    assert df.loc["high_card", "count"] == 1302540
    classes = handstat.poker_hist(7, classes=True)
    assert len(classes) == 7462 and int(classes["count"].sum()) == 133784560


def test_holdem_equity():
    df = handstat.holdem_equity(["AhAd", "KsKc"])
    assert list(df.columns) == ["player", "hand", "wins", "ties", "losses", "equity",
                                "equity_exact"]
    assert list(df["wins"]) == [1388072, 317694]
    assert list(df["ties"]) == [6538, 6538]
    assert df.loc[0, "equity_exact"] == Fraction(29603, 36432)
    assert df["equity_exact"].sum() == 1
    # a board, dead cards and a range
    flop = handstat.holdem_equity(["AhAd", "KsKc"], board="Kd 7c 2s", dead="Qh")
    assert flop["equity_exact"].sum() == 1 and flop.loc[1, "equity"] > 0.9
    ranged = handstat.holdem_equity(["QQ+", "AKs"])
    assert ranged["equity_exact"].sum() == 1


def test_holdem_equity_errors():
    with pytest.raises(handstat.HandstatError,
                       match="holdem_equity: hand 1: 'AhAX' is not two cards"):
        handstat.holdem_equity(["AhAX", "KsKc"])
    with pytest.raises(handstat.HandstatError, match="hand 2: AH is already in another hand"):
        handstat.holdem_equity(["AhAd", "AhKc"])  # a card in two hands
    with pytest.raises(handstat.HandstatError, match="2 to 9"):
        handstat.holdem_equity(["AhAd"])


def test_stud_equity():
    # the same counts as pokenum -7s (141,181,040 deals)
    df = handstat.stud_equity(["Ah Kh Qd Jc", "9s 9d 5c 2h"])
    assert list(df["wins"]) == [74640590, 66539712]
    assert list(df["ties"]) == [738, 738]
    assert df["equity_exact"].sum() == 1
    hilo = handstat.stud_equity(["Ah 2h 3d 9c", "Ks Kd 5c 8h"], game="hilo")
    assert list(hilo["scoops"]) == [29141683, 72148372]
    assert hilo.loc[0, "equity_exact"] == Fraction(196343599, 564724160)
    razz = handstat.stud_equity(["Ah 2h 3d 9c", "4s 5d 6c Kh"], dead="7h 2d", game="razz")
    assert razz.loc[0, "equity_exact"] == Fraction(7362713, 10491572)
    with pytest.raises(handstat.HandstatError,
                       match="stud_equity: hand 1: expected 3 to 7 cards, got 2"):
        handstat.stud_equity(["Ah Kh", "2c 3c"])
    with pytest.raises(handstat.HandstatError, match="hand 2: AH is already in another hand"):
        handstat.stud_equity(["Ah Kh Qh", "Ah 2c 3c"])  # a card in two hands
    with pytest.raises(handstat.HandstatError, match="game"):
        handstat.stud_equity(["Ah Kh Qh", "2c 3c 4c"], game="omaha")


def test_holdem_hit():
    # the header's examples: a board's own pair does not count; 99 under KK7 is below top pair
    assert handstat.holdem_hit("3c2d", "KsKh7d") == ("nothing", [])
    assert handstat.holdem_hit("9c9d", "Ks Kh 7d") == ("pocket_below_top", [])
    assert handstat.holdem_hit("AhKh", "Kd 7h 2h") == ("top_pair", ["flush_draw",
                                                                    "nut_flush_draw"])
    assert handstat.holdem_hit("9h8h", "Tc 7d 2s") == ("nothing", ["oesd"])
    assert handstat.holdem_hit("7h7s", "7d Kc 2h Qs") == ("set", [])
    assert handstat.holdem_hit("2c3d", "As Ks Qs Js Ts") == ("straight_flush", ["plays_board"])
    with pytest.raises(handstat.HandstatError, match="'AhKd' meets the board"):
        handstat.holdem_hit("AhKd", "Kd 7h 2h")
    with pytest.raises(handstat.HandstatError, match="'7h 2h' is 2 cards"):
        handstat.holdem_hit("AhKd", "7h 2h")
    with pytest.raises(handstat.HandstatError, match="two cards are needed"):
        handstat.holdem_hit("AA", "7h 2h 3c")


def test_holdem_hits_board():
    df = handstat.holdem_hits("AKs,QQ,T9s@50", board="Kh 7d 2c")
    assert list(df.columns) == ["kind", "category", "combos", "share", "share_exact"]
    assert len(df) == 16 + 8
    made = df[df["kind"] == "made"].set_index("category")
    # AhKh meets the board; T9s counts half a combination each
    assert made["combos"].sum() == 3 + 6 + 2
    assert made["share_exact"].sum() == 1
    assert made.loc["top_pair", "combos"] == 3  # AsKs AdKd AcKc
    assert made.loc["pocket_below_top", "combos"] == 6
    assert made.loc["nothing", "combos"] == 2
    assert made.loc["nothing", "share_exact"] == Fraction(2, 11)
    flags = df[df["kind"] == "flag"].set_index("category")
    # AdKd AcKc whole; Td9d Tc9c Th9h (with the Kh) at half weight
    assert flags.loc["backdoor_flush", "combos"] == 2 + Fraction(3, 2)
    # a turn, a dead card: the live combinations one by one through holdem_hit
    df = handstat.holdem_hits("T9s,87s", board="Jh 8d 7h 2s", dead="Ts")
    got = df[df["combos"] > 0].set_index("category")["combos"].to_dict()
    want = {}
    for hole in ["Th9h", "Td9d", "Tc9c", "8s7s", "8c7c"]:
        made, flags = handstat.holdem_hit(hole, "Jh 8d 7h 2s")
        for c in [made] + flags:
            want[c] = want.get(c, 0) + 1
    assert got == want
    with pytest.raises(handstat.HandstatError, match="holdem_hits: range: 'XX' is not two cards"):
        handstat.holdem_hits("AKs,XX", board="Kh 7d 2c")
    with pytest.raises(handstat.HandstatError, match="7D is both a board card and a dead card"):
        handstat.holdem_hits("AKs", board="Kh 7d 2c", dead="7d")
    with pytest.raises(handstat.HandstatError, match="meets the board"):
        handstat.holdem_hits("KhQh", board="Kh 7d 2c")


def test_holdem_hits_flops():
    df = handstat.holdem_hits("AKs,AKo,22")
    assert list(df.columns) == ["class", "combos", "street", "kind", "category", "hits",
                                "boards", "share", "share_exact"]
    assert list(df["class"].unique()) == ["AKs", "AKo", "22"]  # class order (AKs 1, AKo 13)
    assert set(df["street"]) == {"flop"}

    def per_combo(cls, categories, kind="made"):
        rows = df[(df["class"] == cls) & (df["kind"] == kind) & df["category"].isin(categories)]
        return rows["hits"].sum() / rows["combos"].iloc[0]

    assert (df["boards"] == df["combos"] * 19600).all()
    # AKs flops a flush on 165 of the 19,600 flops, a flush draw on 2,145
    assert per_combo("AKs", ["flush", "straight_flush"]) == 165
    assert per_combo("AKs", ["flush_draw"], "flag") == 2145
    # AKo pairs a hole card (or better) on the 19,600 - C(44, 3) = 6,356 flops holding an A or K
    assert per_combo("AKo", ["top_pair", "second_pair", "weak_pair", "two_pair",
                             "two_pair_board", "trips", "full_house", "quads"]) == 6356
    # a pocket pair flops a set or better on the 2,304 flops with another card of its rank
    # (11.8%), plus the 48 trips flops (full house)
    assert per_combo("22", ["set", "full_house", "quads"]) == 2304 + 48
    for (cls, street), g in df.groupby(["class", "street"]):
        made = g[g["kind"] == "made"]
        assert made["hits"].sum() == made["boards"].iloc[0]
        assert made["share_exact"].sum() == 1
    # with a dead card each live combination is counted on its own boards
    dead = handstat.holdem_hits("AKs", dead="As", streets=["flop", "turn"])
    assert set(dead["street"]) == {"flop", "turn"}
    assert (dead["combos"] == 3).all()
    flop = dead[dead["street"] == "flop"]
    assert (flop["boards"] == 3 * 18424).all()  # C(49, 3)
    assert (dead[dead["street"] == "turn"]["boards"] == 3 * 211876).all()  # C(49, 4)
    with pytest.raises(handstat.HandstatError,
                       match="streets: 'preflop' is not flop, turn or river"):
        handstat.holdem_hits("AKs", streets=("preflop",))
    with pytest.raises(handstat.HandstatError, match="'AsKs' meets the board or the dead cards"):
        handstat.holdem_hits("AsKs", dead="Ks")


def _dist_equity(df):
    num = sum(int(w) * (2 * int(x) + int(t)) for w, x, t in zip(df["weight"], df["wins"],
                                                                 df["ties"]))
    den = sum(int(w) * 2 * int(d) for w, d in zip(df["weight"], df["deals"]))
    return Fraction(num, den)


@pytest.mark.parametrize("hero,villain,board,dead", [
    ("random", "QQ+,AKs", "Kh 7d 2c", ""),
    ("AA,KK@50,AKs@25,T9s,72o@3", "QQ+,AJs+@50,87s@20", "Kh 7d 2c", "Qs"),
    ("AKs,T9s@40", "JJ+,AQs@30", "", ""),
])
def test_holdem_equity_dist(hero, villain, board, dead):
    df = handstat.holdem_equity_dist(hero, villain, board=board, dead=dead)
    assert list(df.columns) == ["combo", "class", "weight", "deals", "wins", "ties", "losses",
                                "equity", "equity_exact", "cumulative"]
    assert df["cumulative"].iloc[-1] == 1
    assert (df["wins"] + df["ties"] + df["losses"] == df["deals"]).all()
    assert list(df["equity_exact"]) == sorted(df["equity_exact"], reverse=True)
    for _, r in df.iterrows():
        assert r["equity_exact"] == Fraction(2 * r["wins"] + r["ties"], 2 * r["deals"])
    # the range's equity, exactly
    whole = handstat.holdem_equity([hero, villain], board=board, dead=dead)
    assert _dist_equity(df) == whole.loc[0, "equity_exact"]
    # one combination alone against the villain's range
    for i in (0, len(df) // 2):
        r = df.iloc[i]
        one = handstat.holdem_equity([r["combo"], villain], board=board, dead=dead)
        assert one.loc[0, "equity_exact"] == r["equity_exact"]


def test_holdem_equity_dist_rows():
    df = handstat.holdem_equity_dist("random", "QQ+,AKs", board="Kh 7d 2c")
    assert len(df) == 1176  # C(49, 2): the combinations live on the flop
    top = df.iloc[0]
    assert (top["combo"], top["class"], top["weight"]) == ("KdKc", "KK", 100)  # top set
    # the villain's combinations without Kh, Kd, Kc: QQ 6, AA 6, AsKs; then C(45, 2) turns+rivers
    assert top["deals"] == 13 * 990
    assert set(df["class"]) >= {"AKs", "72o", "22"}
    assert df["combo"].str.fullmatch(r"[AKQJT2-9][shdc][AKQJT2-9][shdc]").all()
    with pytest.raises(handstat.HandstatError,
                       match="holdem_equity_dist: hand 2: 'QX' is not two cards"):
        handstat.holdem_equity_dist("AA", "KK,QX")
    with pytest.raises(handstat.HandstatError, match="KH is both a board card and a dead card"):
        handstat.holdem_equity_dist("AA", "KK", board="Kh 7d 2c", dead="Kh")
    with pytest.raises(handstat.HandstatError,
                       match="no deal is possible: every combination of 'AhAd'"):
        handstat.holdem_equity_dist("AhAd", "AhAc,AdAc")


def test_public_functions_documented_and_typed():
    import inspect
    import typing
    for name in handstat.__all__:
        f = getattr(handstat, name)
        if not inspect.isfunction(f):
            continue
        hints = typing.get_type_hints(f)
        assert "return" in hints, name
        assert [p for p in inspect.signature(f).parameters if p not in hints] == [], name
        assert f.__doc__ and len(f.__doc__) > 40, name
    # the marker that tells type checkers the package is typed
    assert os.path.exists(os.path.join(os.path.dirname(handstat.__file__), "py.typed"))


def test_holdem_range_notations():
    # one range, three notations, each read back to the same combinations and weights
    df = handstat.holdem_range("QQ+,AKs:0.5,[25]AQs,AJs[/25]", to="pio")
    assert df.loc[0, "range"] == "AA,AKs:0.5,AQs:0.25,AJs:0.25,KK,QQ"
    assert df.loc[0, "combos"] == 30
    assert df.loc[0, "weighted"] == Fraction(22)
    source = "AhKh:0.125,55-22{!s},QQ+ minus KK"
    normal = handstat.holdem_range(source).loc[0, "range"]
    for to in ("handstat", "pio", "equilab"):
        text = handstat.holdem_range(source, to=to).loc[0, "range"]
        assert handstat.holdem_range(text).loc[0, "range"] == normal
    back = handstat.holdem_range("[12.5]AhKh[/12.5]", board="2c3d4h").loc[0]
    assert back["range"] == "AhKh@12.5"
    assert back["weighted"] == Fraction(1, 8)
    assert back["live_weighted"] == Fraction(1, 8)
    # Pio's weights count as handstat's: AKs:0.5 vs QQ is AKs@50 vs QQ exactly
    a = handstat.holdem_equity(["AKs:0.5,AQs", "QQ"])
    b = handstat.holdem_equity(["AKs@50,AQs", "QQ"])
    assert list(a["equity_exact"]) == list(b["equity_exact"])
    with pytest.raises(handstat.HandstatError, match="a weight over 1"):
        handstat.holdem_range("AKs:1.5")
