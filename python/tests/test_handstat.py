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
    with pytest.raises(handstat.HandstatError, match="5 cards needed, 4 given"):
        handstat.crib_score("5H 5D 5S JC")
    with pytest.raises(handstat.HandstatError, match="'XX'"):
        handstat.crib_score("5H 5D XX JC 5C")
    with pytest.raises(handstat.HandstatError, match="'5H'"):
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
    with pytest.raises(handstat.HandstatError):
        handstat.crib_discard("2C 3H 4D 5D 5S JS", "dealr")


def test_poker_rank():
    assert handstat.poker_rank("AS KS QS JS TS") == 1
    assert handstat.poker_rank("7C 5D 4H 3S 2C") == 7462
    assert handstat.poker_rank("AS KS QS JS TS 2C 3D") == 1
    with pytest.raises(handstat.HandstatError, match="4 given"):
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
    with pytest.raises(handstat.HandstatError, match="'AhAX': not a card"):
        handstat.holdem_equity(["AhAX", "KsKc"])
    with pytest.raises(handstat.HandstatError):
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
    with pytest.raises(handstat.HandstatError, match="3 or 4 or 5 or 6 or 7 cards needed"):
        handstat.stud_equity(["Ah Kh", "2c 3c"])
    with pytest.raises(handstat.HandstatError):
        handstat.stud_equity(["Ah Kh Qh", "Ah 2c 3c"])  # a card in two hands
    with pytest.raises(handstat.HandstatError, match="game"):
        handstat.stud_equity(["Ah Kh Qh", "2c 3c 4c"], game="omaha")
