"""Every function of the package against the handstat CLI's CSV for the same query: the same
columns in the same order, every count and exact fraction equal, every decimal to the last digit
the CLI prints (conftest.assert_like_cli).

Both the package and the CLI are shells over the library's request layer, so these tests check
the argument mapping (keyword arguments to request keys, as the CLI's options are) and the
rendering (the DataFrame's columns, types and exact fractions against the CLI's text), not the
counts: those are checked against independent references by the C tests (tests/README.md)."""

import lzma
import os
import re
from fractions import Fraction

import pytest
from conftest import (RESULTS, assert_like_cli, assert_row_like_cli, cli_csv, cli_file,
                      read_csv_text, run_cli)

import handstat

# ---- cribbage ------------------------------------------------------------------------------


@pytest.mark.parametrize("hand,crib", [("5H 5D 5S JC 5C", False), ("AH 2H 3H 4H 5S", False),
                                       ("2H 4H 6H 8H KS", False), ("2H 4H 6H 8H KS", True),
                                       ("2H 4H 6H 8H 9H", True), ("JD 5D 4D 6D 5C", False)])
def test_crib_score(hand, crib):
    want = cli_csv("crib", "score", "--csv", *(["--crib"] if crib else []), *hand.split())
    got = handstat.crib_score(hand, crib=crib)
    assert_row_like_cli(got, want.drop(columns=["hand", "starter"]))


@pytest.mark.parametrize("rules", ["hand", "crib"])
def test_crib_hist(tmp_path, rules):
    want = cli_file(tmp_path, "crib", "hist", *(["--crib"] if rules == "crib" else []))
    assert_like_cli(handstat.crib_hist(rules), want)


@pytest.mark.parametrize("cards,role,pegging", [
    ("2C 3H 4D 5D 5S JS", "dealer", False), ("2C 3H 4D 5D 5S JS", "pone", False),
    ("JS 5S 5D 4D 3H 2C", "pone", True), ("AH 7C 8D KS QS 6H", "dealer", True),
    ("5C 5D 5H JS AS", "dealer", False), ("5C 5D 5H JS AS", "pone", False)])
def test_crib_discard(cards, role, pegging):
    want = cli_csv("crib", "discard", "--csv", f"--{role}", *(["--pegging"] if pegging else []),
                   *cards.split())
    assert_like_cli(handstat.crib_discard(cards, role, pegging=pegging), want)


@pytest.mark.parametrize("pone,dealer", [("5H 5D JC 4S", "6C 9D TH KS"),
                                         ("AH 2C 3D 4S", "AD 2H 3S 4C"),
                                         ("5C 5D 5H JS", "TC TD KH QS"),
                                         ("7H 8H 7D 8C", "AS AC 2H 2D")])
def test_crib_peg(pone, dealer):
    want = cli_csv("crib", "peg", "--csv", *pone.split(), "--", *dealer.split())
    got = handstat.crib_peg(pone, dealer)
    assert_row_like_cli(got, want)
    assert sum(e["points"] for e in got["events"] if e["player"] == "pone") == got["pone_points"]
    assert [e["card"] or "go" for e in got["events"]] == got["line"].split()


def test_crib_errors():
    with pytest.raises(handstat.HandstatError, match="crib_discard: pegging: .* expected 6 cards"):
        handstat.crib_discard("2C 3H 4D 5D 5S", pegging=True)
    with pytest.raises(handstat.HandstatError, match="5H is already in the pone's hand"):
        handstat.crib_peg("5H 5D JC 4S", "5H 9D TH KS")
    with pytest.raises(handstat.HandstatError, match="pone: expected 4 cards, got 3"):
        handstat.crib_peg("5H 5D JC", "6C 9D TH KS")


# ---- poker, short deck, lowball --------------------------------------------------------------

HANDS = ["AS KS QS JS TS", "7C 5D 4H 3S 2C", "KH KD KC 4S 4H 2C 9D", "AH 2H 3H 4H 5H 9C",
         "9S 9D 9C 6S 7D 8C TH", "AC 6D 7H 8S 9C", "TH JH QH KH AH 6C 7C"]


def test_poker_rank():
    want = cli_csv("poker", "rank", "--csv", stdin="\n".join(HANDS) + "\n")
    assert [handstat.poker_rank(h) for h in HANDS] == [int(c) for c in want["class"]]


@pytest.mark.parametrize("k", [5, 6, 7])
def test_poker_hist(tmp_path, k):
    want = cli_file(tmp_path, "poker", "hist", "--cards", str(k))
    assert_like_cli(handstat.poker_hist(k), want)


def test_poker_hist_classes(tmp_path):
    want = cli_file(tmp_path, "poker", "hist", "--cards", "7", "--classes")
    assert_like_cli(handstat.poker_hist(7, classes=True), want)


@pytest.mark.parametrize("rules", ["trips", "straight"])
def test_shortdeck_rank(rules):
    hands = [h for h in HANDS if all(c[0] not in "2345" for c in h.split())]
    flag = ["--straight-beats-trips"] if rules == "straight" else []
    want = cli_csv("shortdeck", "rank", "--csv", *flag, stdin="\n".join(hands) + "\n")
    for h, (_, w) in zip(hands, want.iterrows()):
        assert_row_like_cli(handstat.shortdeck_rank(h, rules), w.to_frame().T)


@pytest.mark.parametrize("k,classes,rules", [(5, False, "trips"), (7, False, "straight"),
                                             (6, True, "trips"), (5, True, "straight")])
def test_shortdeck_hist(tmp_path, k, classes, rules):
    want = cli_file(tmp_path, "shortdeck", "hist", "--cards", str(k),
                    *(["--classes"] if classes else []),
                    *(["--straight-beats-trips"] if rules == "straight" else []))
    assert_like_cli(handstat.shortdeck_hist(k, classes=classes, rules=rules), want)


@pytest.mark.parametrize("hands,board,dead,rules", [
    (["AhAd", "KsKc"], "", "", "trips"),
    (["AA,KK", "random"], "6h 7h 8c", "", "trips"),
    (["AKs,QQ+", "JTs,99@50", "random"], "9h 7c 6s Td", "", "straight"),
    (["AhKh", "QQ"], "", "Qs 6c", "straight")])
def test_shortdeck_equity(hands, board, dead, rules):
    args = [*hands, "--csv"] + (["--board", board] if board else []) + \
        (["--dead", dead] if dead else []) + \
        (["--straight-beats-trips"] if rules == "straight" else [])
    want = cli_csv("shortdeck", "equity", *args)
    assert_like_cli(handstat.shortdeck_equity(hands, board, dead, rules=rules), want)


def test_shortdeck_errors():
    with pytest.raises(handstat.HandstatError, match="short-deck"):
        handstat.shortdeck_rank("2S 9D 9C 6S 7D")
    with pytest.raises(handstat.HandstatError, match="outside the short deck"):
        handstat.shortdeck_equity(["AA", "22"])
    with pytest.raises(handstat.HandstatError, match="rules"):
        handstat.shortdeck_hist(5, rules="triton")


@pytest.mark.parametrize("kind", ["a5", "27"])
def test_lowball_rank(kind):
    hands = HANDS + ["KS KD KC KH QS", "2C 2D 3H 3S 4C 4D 5H", "AS 2D 3C 4H 5S"]
    want = cli_csv("lowball", "rank", f"--{kind}", "--csv", stdin="\n".join(hands) + "\n")
    for h, (_, w) in zip(hands, want.iterrows()):
        assert_row_like_cli(handstat.lowball_rank(h, kind), w.to_frame().T)


@pytest.mark.parametrize("kind", ["a5", "27"])
def test_lowball_hist(tmp_path, kind):
    want = cli_file(tmp_path, "lowball", "hist", f"--{kind}")
    got = handstat.lowball_hist(kind)
    assert_like_cli(got, want)
    assert int(got["count"].sum()) == 2598960 and got["probability_exact"].sum() == 1


# ---- Omaha -----------------------------------------------------------------------------------

@pytest.mark.parametrize("hands,board,dead,hilo", [
    (["AhAdKsQs", "9h8h7c6c"], "", "", True),
    (["AhAdKsQs", "9h8h7c6c"], "2c 3d 4h", "", False),
    (["AhAdKsQs", "9h8h7c6c", "2c3c4d5d"], "Kh 7d 2s", "Ts", True),
    (["AhAdKsQsJs", "9h8h7c6c5d"], "Kh 7d 2s 3c", "", False),
    (["AhAdKsQsJs2c", "9h8h7c6c5d4d"], "Kh 7d 2s", "", True)])
def test_omaha_equity(hands, board, dead, hilo):
    args = [*hands, "--csv"] + (["--board", board] if board else []) + \
        (["--dead", dead] if dead else []) + (["--hilo"] if hilo else [])
    want = cli_csv("omaha", "equity", *args)
    got = handstat.omaha_equity(hands, board, dead, hilo=hilo)
    assert_like_cli(got, want)
    assert got["equity_exact"].sum() == 1
    if hilo:
        assert (got["high_share_exact"] + got["low_share_exact"] == got["equity_exact"]).all()


@pytest.mark.parametrize("hole,board", [("AH 2H KS QS", "3H 4D 8H JC 9H"),
                                        ("KH KD QC JC", "2S 7D 9H"),
                                        ("AS 2S 3D 4D 5C 6C", "7H 8H KC JD")])
def test_omaha_rank(hole, board):
    text = run_cli("omaha", "rank", *hole.split(), "--", *board.split())
    got = handstat.omaha_rank(hole, board)
    high = re.search(r"high: class (\d+)  (.*)  \((\w+)\)  five: (.*)", text)
    assert (got["class"], got["description"], got["category"], got["best_five"]) == \
        (int(high[1]), high[2], high[3], high[4])
    low = re.search(r"low:  class (\d+)  (.*)", text)
    if low:
        assert (got["low_class"], got["low"]) == (int(low[1]), low[2])
    else:
        assert "low:  none" in text and (got["low_class"], got["low"]) == (0, None)


@pytest.mark.parametrize("hands,board,hilo,extra", [
    (["AA:$ds", "KK:[QT]s[QT]d!KsKd"], "Jh 7d 2c", False, []),
    (["AhAdKsQs", "9h8h7c6c, 9s8s7d6d@50"], "Jh 7d 2c 3s", True, []),
    (["AA***:$ds", "KsKhQsQh9d"], "Jh 7d 2c 3s", False, []),
    (["AA:$ds", "KK-QQ"], "", True, ["--samples", "2000", "--seed", "5"])])
def test_omaha_equity_ranges(hands, board, hilo, extra):
    args = [*hands, "--csv", "--board", board] + (["--hilo"] if hilo else []) + extra
    want = cli_csv("omaha", "equity", *args)
    kw = dict(samples=int(extra[1]), seed=int(extra[3])) if extra else {}
    got = handstat.omaha_equity(hands, board, hilo=hilo, **kw)
    assert_like_cli(got, want)
    if not extra:
        assert got["equity_exact"].sum() == 1
    else:
        assert (got["kind"] == "estimate").all()


def test_omaha_range():
    got = handstat.omaha_range("AA:$ds")
    assert int(got["hands"][0]) == 864 and int(got["of"][0]) == 270725
    listed = handstat.omaha_range("AsAh**:KK", list=True)
    assert len(listed) == 6 and (listed["weight"] == 100).all()
    assert int(handstat.omaha_range("AA***", cards=5)["hands"][0]) == 108336
    with pytest.raises(handstat.HandstatError, match="'AAKKQ'"):
        handstat.omaha_range("AAKKQ")
    with pytest.raises(handstat.HandstatError, match="'@0'"):
        handstat.omaha_equity(["AA@0", "KK"])


def test_omaha_errors():
    with pytest.raises(handstat.HandstatError, match="hand 2 has 5 cards"):
        handstat.omaha_equity(["AhAdKsQs", "9h8h7c6c5c"])
    with pytest.raises(handstat.HandstatError, match="board: AH is already in a hand"):
        handstat.omaha_equity(["AhAdKsQs", "9h8h7c6c"], board="Ah 2c 3c")
    with pytest.raises(handstat.HandstatError, match="'3H'"):
        handstat.omaha_rank("AH 2H KS QS", "3H 4D 3H")


# ---- stud ----------------------------------------------------------------------------------

@pytest.mark.parametrize("hands,dead,game", [
    (["Ah Kh Qd Jc", "9s 9d 5c 2h"], "", "high"),
    (["Ah 2h 3d 9c", "Ks Kd 5c 8h"], "", "hilo"),
    (["Ah 2h 3d 9c", "4s 5d 6c Kh"], "7h 2d", "razz"),
    (["Ah Ad 7c 5s 2d", "Ks Qs Js Ts 3h", "9c 9d 4h 4s 8c"], "", "hilo")])
def test_stud_equity(hands, dead, game):
    command = ["razz", "equity"] if game == "razz" else ["stud", "equity"]
    args = [*hands, "--csv"] + (["--dead", dead] if dead else []) + \
        (["--hilo"] if game == "hilo" else [])
    assert_like_cli(handstat.stud_equity(hands, dead, game=game), cli_csv(*command, *args))


# ---- hold'em -------------------------------------------------------------------------------

EQUITY_QUERIES = [
    (["AhAd", "KsKc"], "", ""),
    (["QQ+,AKs", "JJ-99,AQs+"], "", ""),
    (["qq+, aks@50", "random"], "", ""),
    (["AhKh", "QQ", "76s"], "2h 7h Tc", ""),
    (["KK+,AK", "QQ-TT,KQs"], "Kh7d2c", "Qs"),
    (["AA,KK@50,AKs@25", "77+,ATs+", "5%"], "2c7d9h 3s", "Kd"),
]


@pytest.mark.parametrize("hands,board,dead", EQUITY_QUERIES)
def test_holdem_equity(hands, board, dead):
    args = [*hands, "--csv"] + (["--board", board] if board else []) + \
        (["--dead", dead] if dead else [])
    got = handstat.holdem_equity(hands, board, dead)
    assert_like_cli(got, cli_csv("holdem", "equity", *args))
    assert got["equity_exact"].sum() == 1


@pytest.mark.parametrize("hands,board,dead,samples,seed", [
    (["QQ+,AKs", "JJ-99,AQs+"], "", "", 100000, 7),
    (["15%", "random", "random"], "", "", 20000, 1),
    (["AhKh", "QQ", "76s"], "2h 7h Tc", "Qs", 50000, 2**64 - 1)])
def test_holdem_equity_samples(hands, board, dead, samples, seed):
    args = [*hands, "--csv", "--samples", str(samples), "--seed", str(seed)] + \
        (["--board", board] if board else []) + (["--dead", dead] if dead else [])
    got = handstat.holdem_equity(hands, board, dead, samples=samples, seed=seed)
    assert_like_cli(got, cli_csv("holdem", "equity", *args))
    assert set(got["kind"]) == {"estimate"}
    # the same numbers at another thread count
    again = handstat.holdem_equity(hands, board, dead, samples=samples, seed=seed, threads=1)
    assert list(again["wins"]) == list(got["wins"])
    # within a few standard errors of the exact equity (three-way preflop with two random hands
    # is too long to count here)
    if "random" not in hands:
        exact = handstat.holdem_equity(hands, board, dead)
        assert (abs(got["equity"] - exact["equity"]) < 5 * got["std_error"]).all()


@pytest.mark.parametrize("hands,folded,board", [
    (["AhAd", "KsKc"], ["QQ+"], ""),
    (["QQ+,AKs", "JJ-99,AQs+"], ["22+,A2s+", "AK@50"], "Kh7d2c")])
def test_holdem_equity_folded(hands, folded, board):
    args = [*hands, "--csv"] + [a for f in folded for a in ("--folded", f)] + \
        (["--board", board] if board else [])
    got = handstat.holdem_equity(hands, board, folded=folded)
    assert_like_cli(got, cli_csv("holdem", "equity", *args))
    assert got["equity_exact"].sum() == 1
    assert list(got["equity_unfolded_exact"]) == list(
        handstat.holdem_equity(hands, board)["equity_exact"])


def test_holdem_equity_dist_folded():
    got = handstat.holdem_equity_dist("AA,KK", "QQ+,AKs", "Kh7d2c", folded=["AK,QJs"])
    assert_like_cli(got, cli_csv("holdem", "equity-dist", "AA,KK", "QQ+,AKs", "--board",
                                 "Kh7d2c", "--folded", "AK,QJs", "--csv"))
    # the range's equity is holdem_equity's with the same folded range
    w = got["weight"]
    mine = sum(w * (2 * got["wins"] + got["ties"])) / sum(w * 2 * got["deals"])
    eq = handstat.holdem_equity(["AA,KK", "QQ+,AKs"], "Kh7d2c", folded="AK,QJs")
    assert abs(mine - eq["equity"][0]) < 1e-12
    with pytest.raises(handstat.HandstatError, match="too much work"):
        handstat.holdem_equity_dist("AA", "KK", folded=["random"] * 3)


def test_holdem_hits_folded():
    got = handstat.holdem_hits("QQ+,AKs", "Kh7d2c", folded=["AK,QJs", "22+@25"])
    assert_like_cli(got, cli_csv("holdem", "hits", "QQ+,AKs", "--board", "Kh7d2c", "--folded",
                                 "AK,QJs", "--folded", "22+@25", "--csv"))
    made = got[got["kind"] == "made"]
    assert made["share_exact"].sum() == 1


def test_holdem_hits_folded_streets_and_combos():
    """Over every flop, and by combination on one board, with folded players (card removal)."""
    got = handstat.holdem_hits("AKs,QQ", streets="flop", dead="2c", folded=["JJ+", "AQs@50"])
    assert_like_cli(got, cli_csv("holdem", "hits", "AKs,QQ", "--flops", "--dead", "2c",
                                 "--folded", "JJ+", "--folded", "AQs@50", "--csv"))
    # each class's made hands add up to its boards
    for cls, rows in got[got["kind"] == "made"].groupby("class"):
        assert rows["share_exact"].sum() == 1, cls
    combos = handstat.holdem_hits("AKs,QQ", "Kh7d2c", by_combo=True, folded="JJ+")
    assert_like_cli(combos, cli_csv("holdem", "hits", "AKs,QQ", "--board", "Kh7d2c",
                                    "--by-combo", "--folded", "JJ+", "--csv"))
    assert combos["share_exact"].sum() == 1
    # a category's share on the board is the sum of its combinations' shares
    board = handstat.holdem_hits("AKs,QQ", "Kh7d2c", folded="JJ+")
    top = board[(board["kind"] == "made") & (board["category"] == "top_pair")]["share_exact"]
    assert top.iloc[0] == combos[combos["category"] == "top_pair"]["share_exact"].sum()


def test_holdem_equity_batch():
    requests = [(["AhAd", "KsKc"],), {"hands": ["QQ+,AKs", "JJ-99,AQs+"], "board": "Kh7d2c",
                                      "dead": "Qs"},
                (["AhKh", "QQ", "76s"], "2h 7h Tc"), (["AKs", "random"], "", "Ad")]
    lines = ["AhAd | KsKc", "QQ+,AKs | JJ-99,AQs+ board=Kh7d2c dead=Qs",
             "AhKh | QQ | 76s board=2h7hTc", "AKs | random dead=Ad"]
    want = cli_csv("holdem", "equity", "--batch", "--csv", stdin="\n".join(lines) + "\n")
    assert_like_cli(handstat.holdem_equity_batch(requests), want)
    want = cli_csv("holdem", "equity", "--batch", "--csv", "--samples", "5000", "--seed", "3",
                   stdin="\n".join(lines) + "\n")
    assert_like_cli(handstat.holdem_equity_batch(requests, samples=5000, seed=3), want)
    sd = [(["AhAd", "KsKc"],), (["AA,KK", "random"], "6h 7h 8c")]
    want = cli_csv("shortdeck", "equity", "--batch", "--csv", "--straight-beats-trips",
                   stdin="AhAd | KsKc\nAA,KK | random board=6h7h8c\n")
    assert_like_cli(handstat.holdem_equity_batch(sd, shortdeck="straight"), want)
    with pytest.raises(handstat.HandstatError, match="request 2: hand 2: 'QX' is not two cards"):
        handstat.holdem_equity_batch([(["AA", "KK"],), (["AA", "QX"],)])
    # every request is checked before the first is run (that one would take a minute)
    started = []
    with pytest.raises(handstat.HandstatError, match="request 2: board: 'Kh7dZZ'"):
        handstat.holdem_equity_batch([(["random"] * 3, "Kh7d2c"), (["AA", "KK"], "Kh7dZZ")],
                                     progress=lambda done, total: started.append(done))
    assert started == []
    with pytest.raises(handstat.HandstatError, match="request 1"):
        handstat.holdem_equity_batch(["AA | KK"])


@pytest.mark.slow
def test_holdem_vs_random(results_csv):
    # results/holdem_vs_random.csv is `handstat holdem vs-random` (checked by the results test)
    got = handstat.holdem_vs_random()
    assert_like_cli(got, results_csv("holdem_vs_random.csv"))
    aa = got[(got["class"] == "AA") & (got["opponents"] == 1)].iloc[0]
    assert aa["equity_exact"] == Fraction(893604787, 1048786200)  # 85.20%


def test_holdem_vs_random_sampled(tmp_path):
    # the same sampled table as `holdem vs-random --samples`, at another thread count
    got = handstat.holdem_vs_random(opponents=[2, 7], samples=2000, seed=5, threads=1)
    want = cli_file(tmp_path, "holdem", "vs-random", "--samples", "2000", "--seed", "5",
                    "--opponents", "2,7", "--threads", "2")
    assert_like_cli(got, want)
    assert set(got["kind"]) == {"estimate"}
    # the rows of some classes: the same rows
    some = handstat.holdem_vs_random(opponents=[2, 7], samples=2000, seed=5, classes=["KK", "AA"])
    assert list(some["class"]) == ["AA", "AA", "KK", "KK"]
    assert_like_cli(some, want[want["class"].isin(["AA", "KK"])].reset_index(drop=True))
    with pytest.raises(handstat.HandstatError, match="counts 1..9"):
        handstat.holdem_vs_random(opponents=[10], samples=10)
    with pytest.raises(handstat.HandstatError, match="samples 0"):
        handstat.holdem_vs_random(samples=0)


@pytest.mark.slow
def test_holdem_vs_random3(results_csv):
    # results/holdem_vs_random3.csv is `handstat holdem vs-random --opponents 3` (a minute or two)
    got = handstat.holdem_vs_random(opponents=[3])
    assert_like_cli(got, results_csv("holdem_vs_random3.csv"))
    aa = got[got["class"] == "AA"].iloc[0]
    assert aa["equity_exact"] == Fraction(1007504951393, 1578423231000)  # 63.83%


def test_holdem_preflop3(tmp_path, results_csv):
    want = cli_file(tmp_path, "holdem", "preflop3", "--classes", "AA,KK,QQ,AKs")
    got = handstat.holdem_preflop3(["AA", "KK", "QQ", "AKs"])
    assert_like_cli(got, want)
    row = got[(got["class_a"] == "AA") & (got["class_b"] == "KK") & (got["class_c"] == "QQ")]
    assert list(row["equity_b_exact"]) == [Fraction(66341, 373842)]
    # the reader: the CLI's file, compressed or not, and the committed common table
    assert_like_cli(handstat.holdem_preflop3_read(str(tmp_path / "out.csv")), want)
    xz = tmp_path / "p3.csv.xz"
    xz.write_bytes(lzma.compress((tmp_path / "out.csv").read_bytes()))
    assert_like_cli(handstat.holdem_preflop3_read(str(xz)), want)
    common = handstat.holdem_preflop3_read(
        _results_path(results_csv, "holdem_preflop3_common.csv"), classes="AA,KK,QQ,AKs")
    assert_like_cli(common, want)
    text = handstat.holdem_preflop3_read(str(xz), exact=False)
    assert text.loc[0, "equity_a_exact"] == want.loc[0, "equity_a_exact"]
    with pytest.raises(handstat.HandstatError, match="'AK' is not a class"):
        handstat.holdem_preflop3("AA,AK")
    with pytest.raises(handstat.HandstatError, match="'aa' is given twice"):
        handstat.holdem_preflop3(["AA", "aa"])
    with pytest.raises(handstat.HandstatError, match="an empty item"):
        handstat.holdem_preflop3_read(str(xz), classes="AA,,KK")
    with pytest.raises(handstat.HandstatError, match="not a holdem preflop3 table"):
        handstat.holdem_preflop3_read(_results_path(results_csv, "holdem_vs_random.csv"))


def _results_path(results_csv, name):
    results_csv(name)  # skips when results/ is not here
    return os.path.join(RESULTS, name)


# ---- hold'em boards ------------------------------------------------------------------------

@pytest.mark.parametrize("rng,board,dead", [("AKs,QQ,T9s@50", "Kh 7d 2c", ""),
                                            ("AhKh,T9s@50,QJs@33,Kh7d", "Kd 7h 2h", ""),
                                            ("random", "Jh 8d 7h 2s", "Ts"),
                                            ("22+,A2s+", "As Ks Qs Js Ts", "")])
def test_holdem_hits_board(rng, board, dead):
    args = ["--board", board] + (["--dead", dead] if dead else [])
    want = cli_csv("holdem", "hits", rng, *args, "--csv")
    assert_like_cli(handstat.holdem_hits(rng, board=board, dead=dead), want)
    want = cli_csv("holdem", "hits", rng, *args, "--csv", "--by-combo")
    by_combo = handstat.holdem_hits(rng, board=board, dead=dead, by_combo=True)
    assert_like_cli(by_combo, want)
    for _, r in by_combo.head(20).iterrows():  # each row is holdem_hit's answer
        made, flags = handstat.holdem_hit(r["combo"], board)
        assert (made, " ".join(flags)) == (r["category"], r["flags"])


@pytest.mark.parametrize("rng,streets,dead", [("AKs,T9s@50,QJs@33,22", ["flop"], ""),
                                              ("AKs,AKo", ["flop", "turn"], "As")])
def test_holdem_hits_streets(rng, streets, dead):
    args = [f"--{s}s" for s in streets] + (["--dead", dead] if dead else [])
    want = cli_csv("holdem", "hits", rng, *args, "--csv")
    assert_like_cli(handstat.holdem_hits(rng, dead=dead, streets=streets), want)


@pytest.mark.parametrize("hero,villain,board,dead", [
    ("AKs,T9s@40", "JJ+,AQs@30", "", ""),
    ("random", "QQ+,AKs", "Kh 7d 2c", ""),
    ("AA,KK@50,AKs@25,T9s,72o@3", "QQ+,AJs+@50,87s@20", "Kh 7d 2c", "Qs")])
def test_holdem_equity_dist(hero, villain, board, dead):
    args = (["--board", board] if board else []) + (["--dead", dead] if dead else [])
    want = cli_csv("holdem", "equity-dist", hero, villain, *args, "--csv")
    assert_like_cli(handstat.holdem_equity_dist(hero, villain, board, dead), want)


def test_read_csv_text_keeps_text():
    df = read_csv_text("a,b\n1.50,007\n")
    assert (df.loc[0, "a"], df.loc[0, "b"]) == ("1.50", "007")
