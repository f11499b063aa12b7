"""The draw games' functions (handstat/_draw.py) against the handstat CLI's CSV for the same
query (the argument mapping and the rendering; the counts are checked against independent
references by tests/test_draw.c), and a published figure through Python."""

from fractions import Fraction

import pytest
from conftest import assert_like_cli, assert_row_like_cli, cli_csv, cli_file

import handstat


@pytest.mark.parametrize("hand", ["AC 2D 3H 4S", "KC KD 2H 3H", "AS 2S 3S 4S", "QC JD 9H AS"])
def test_badugi_rank(hand):
    want = cli_csv("badugi", "rank", "--csv", *hand.split())
    assert_row_like_cli(handstat.badugi_rank(hand), want)


def test_badugi_hist(tmp_path):
    want = cli_file(tmp_path, "badugi", "hist")
    got = handstat.badugi_hist()
    assert_like_cli(got, want)
    assert int(got["count"].sum()) == 270725


@pytest.mark.parametrize("game,kept,draw,discard,dead", [
    ("27", "7S 6D 3C 2H", 1, "KD", None), ("a5", "AS 2D 3C", 2, None, "KH KS"),
    ("high", "9S 9H", 3, "AC KD 2S", None), ("badugi", "AS 2D 3H", 1, "4H", None),
    ("badugi", None, 4, None, None)])
def test_draw_odds(tmp_path, game, kept, draw, discard, dead):
    args = ["draw", "odds", "--game", game, "--draw", str(draw)]
    args += (["--discard", discard] if discard else []) + (["--dead", dead] if dead else [])
    want = cli_file(tmp_path, *args, *([kept] if kept else []))
    got = handstat.draw_odds(game, kept, draw=draw, discard=discard, dead=dead)
    assert_like_cli(got, want)
    if game == "high":  # three to a pair: 2,592 two pair of C(47,3) = 16,215
        assert got.set_index("band").loc["two_pair", "fraction"] == Fraction(2592, 16215)


@pytest.mark.parametrize("game,hand,opp,opp_discard", [
    ("27", "7S 5D 3C 2H KD", "8C 6D 4H 3S 2C", None),
    ("badugi", "AS 2D 3H 4H", "AC 5D 6H 7S", None),
    ("badugi", "AS 2D 3H 4H", "AC 5D 6H 6S", "6S"), ("high", "AS KS QS JS 2D", None, None)])
def test_draw_discard(tmp_path, game, hand, opp, opp_discard):
    args = ["draw", "discard", "--game", game, hand]
    args += (["--vs", opp] if opp else []) + (["--vs-discard", opp_discard] if opp_discard else [])
    want = cli_file(tmp_path, *args)
    got = handstat.draw_discard(game, hand, opponent=opp, opponent_discard=opp_discard)
    assert_like_cli(got, want)
    assert len(got) == (16 if game == "badugi" else 32)


@pytest.mark.parametrize("game", ["27", "a5", "badugi"])
def test_draw_table(tmp_path, game):
    assert_like_cli(handstat.draw_table(game), cli_file(tmp_path, "draw", "table", "--game", game))


@pytest.mark.parametrize("game,hands,dead", [
    ("27", ["7S 5D 3C 2H KD:KD", "8C 6D 4H 3S QS:QS", "9C 8D 6H 4S 2C"], None),
    ("badugi", ["AS 2D 3H 4H:4H", "AC 5D 6H 6S:6S"], "KC KD")])
def test_draw_equity(tmp_path, game, hands, dead):
    want = cli_file(tmp_path, "draw", "equity", "--game", game, *hands,
                    *(["--dead", dead] if dead else []))
    got = handstat.draw_equity(game, hands, dead=dead)
    assert_like_cli(got, want)
    assert sum(got["equity_exact"]) == 1


@pytest.mark.parametrize("game,hands,draws,policy", [
    ("27", ["7S 5D 3C 2H KD:KD", "8C 6D 4H 3S QS:QS"], 2, "stand:8"),
    ("27", ["7S 5D 3C 2H KD", "8C 6D 4H 3S 2C"], 1, ["keep:3", "pat"]),
    ("badugi", ["AS 2D 3H 4H", "KC 5D 6H 7S"], 3, ["keep:3", "pat"])])
def test_draw_equity_policies(tmp_path, game, hands, draws, policy):
    names = policy if isinstance(policy, str) else ",".join(policy)
    want = cli_file(tmp_path, "draw", "equity", "--game", game, *hands, "--draws", str(draws),
                    "--policy", names)
    got = handstat.draw_equity(game, hands, draws=draws, policy=policy)
    assert_like_cli(got, want)


def test_draw_equity_estimate(tmp_path):
    hands = ["7S 5D 3C 2H KD", "8C 6D 4H 3S QS"]
    want = cli_file(tmp_path, "draw", "equity", "--game", "27", *hands, "--draws", "3",
                    "--policy", "keep:4", "--samples", "20000", "--seed", "5")
    got = handstat.draw_equity("27", hands, draws=3, policy="keep:4", samples=20000, seed=5,
                               threads=2)
    assert_like_cli(got, want)
    assert list(got["kind"]) == ["estimate", "estimate"]


def test_draw_errors():
    with pytest.raises(handstat.HandstatError, match="'5C'"):
        handstat.badugi_rank("AC 2D 3H 4S 5C")
    with pytest.raises(handstat.HandstatError, match="policy: 'keep:9' is not a policy of 27"):
        handstat.draw_equity("27", ["7S 5D 3C 2H KD", "8C 6D 4H 3S QS"], draws=2,
                             policy="keep:9")
    with pytest.raises(handstat.HandstatError, match="not in the opponent's hand"):
        handstat.draw_discard("27", "7S 5D 3C 2H KD", opponent="8C 6D 4H 3S QS",
                              opponent_discard="QD")
