"""handstat.query: the request layer from Python gives the command line's --csv table for the
same query (the same columns, every cell), its notes, its messages, and stops when asked."""

import pytest
from conftest import assert_like_cli, cli_csv

import handstat

QUERIES = [
    ("holdem equity", dict(hand=["QQ+,AKs", "JJ-99,AQs+"], board="Kh7d2c"),
     ["holdem", "equity", "QQ+,AKs", "JJ-99,AQs+", "--board", "Kh7d2c", "--csv"]),
    ("holdem equity", dict(hand=["AA", "KK"], samples=3000, seed=5),
     ["holdem", "equity", "AA", "KK", "--samples", "3000", "--seed", "5", "--csv"]),
    ("holdem hits", dict(hand="QQ+,AKs@50", board="Kh7d2c9h", by_combo=True),
     ["holdem", "hits", "QQ+,AKs@50", "--board", "Kh7d2c9h", "--by-combo", "--csv"]),
    ("holdem hits", dict(hand="AKs,77", streets="flop"),
     ["holdem", "hits", "AKs,77", "--flops", "--csv"]),
    ("holdem equity-dist", dict(hand=["QQ+,AKs", "JJ-99,AQs+"], board="Kh7d2c", bins=5),
     ["holdem", "equity-dist", "QQ+,AKs", "JJ-99,AQs+", "--board", "Kh7d2c", "--bins", "5",
      "--csv"]),
    ("omaha equity", dict(hand=["AhAdKsQs", "9h8h7c6c"], board="2c3d4h", hilo=True),
     ["omaha", "equity", "AhAdKsQs", "9h8h7c6c", "--board", "2c3d4h", "--hilo", "--csv"]),
    ("razz equity", dict(hand=["Ah 2d 3c 4s 5h Kd", "6s 7c 8s 9c Th Jd"]),
     ["razz", "equity", "Ah 2d 3c 4s 5h Kd", "6s 7c 8s 9c Th Jd", "--csv"]),
    ("crib discard", dict(hand="2C 3H 4D 5D 5S JS", role="pone", pegging=True),
     ["crib", "discard", "--csv", "--pone", "--pegging", "2C", "3H", "4D", "5D", "5S", "JS"]),
    ("poker rank", dict(hand="KH KD KC 4S 4H 2C 9D"),
     ["poker", "rank", "--csv", "KH", "KD", "KC", "4S", "4H", "2C", "9D"]),
    # vs-random writes its CSV without --csv
    ("holdem vs-random", dict(opponents="4,6", samples=2000, seed=7),
     ["holdem", "vs-random", "--samples", "2000", "--seed", "7", "--opponents", "4,6", "--quiet"]),
    ("holdem vs-random", dict(opponents="1,9", samples=1000, classes="72o,AA"),
     ["holdem", "vs-random", "--samples", "1000", "--opponents", "1,9", "--classes", "72o,AA",
      "--quiet"]),
]


@pytest.mark.parametrize("command,args,cli", QUERIES)
def test_query_is_the_command_lines_table(command, args, cli):
    assert_like_cli(handstat.query(command, **args), cli_csv(*cli))


def test_notes_and_types():
    df = handstat.query("holdem equity", hand=["AhAd", "KsKc"])
    assert df.attrs["notes"]["deals"] == "1712304"
    assert str(df["equity_exact"][0]) == "29603/36432"
    assert int(df["wins"][0]) == 1388072 and str(df["wins"].dtype) == "int64"
    crib = handstat.query("crib explain", hand="5h 5d 5s jc 5c")
    assert crib.attrs["notes"]["total"] == "29"
    assert list(crib["item"]).count("fifteen") == 8
    assert "holdem equity-dist" in handstat.query_commands()


def test_refused():
    with pytest.raises(handstat.HandstatError, match="hand 1: 'XX' is not two cards"):
        handstat.query("holdem equity", hand=["XX", "KK"])
    with pytest.raises(handstat.HandstatError, match="unknown command 'holdem equities'"):
        handstat.query("holdem equities", hand=["AA", "KK"])
    with pytest.raises(handstat.HandstatError, match="'flop' is not one of its arguments"):
        handstat.query("holdem equity", hand=["AA", "KK"], flop="Kh7d2c")
    with pytest.raises(handstat.HandstatError, match="board: 'Kh7d' is 2 cards"):
        handstat.query("holdem hits", hand="AA", board="Kh7d")
    with pytest.raises(handstat.HandstatError, match="opponents: '4': exact only up to 3"):
        handstat.query("holdem vs-random", opponents="1,4")


def test_progress_stops_it():
    def stop(done, total):
        raise RuntimeError("enough")

    with pytest.raises(RuntimeError, match="enough"):
        handstat.query("holdem hits", hand="random", streets="turn", threads=1, progress=stop)
