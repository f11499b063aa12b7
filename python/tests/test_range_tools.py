"""handstat.holdem_filter, holdem_matrix and holdem_matrix_svg against the CLI (`holdem filter`,
`holdem matrix`) and against holdem_equity: the part the filter keeps fed back to holdem_equity
gives its exact equity, every combination kept meets the bound by its own exact equity and none
left out does, a class of the matrix is holdem_equity of the class, the SVG is the CLI's bytes."""

from fractions import Fraction

import pytest
from conftest import assert_like_cli, cli_csv, run_cli

import handstat

VS = "QQ+,AKs,T9s@30"


@pytest.mark.parametrize("hero,vs,board,dead,opts,cli", [
    ("random", VS, "Kh7d2c", "", dict(min_equity="50%"), ["--min-equity", "50%"]),
    ("AA,KK@50,AKs@25,T9s,72o@3", "QQ+,AJs+@50", "Kh7d2c", "Qs",
     dict(min_equity=Fraction(1, 3), max_equity=0.9), ["--min-equity", "1/3", "--max-equity", "0.9"]),
    ("random", VS, "Kh7d2c9s", "", dict(top=15), ["--top", "15"]),
    ("random", VS, "Kh7d2c", "", dict(top="5%", by_combo=True), ["--top", "5%", "--by-combo"]),
])
def test_filter_like_cli(hero, vs, board, dead, opts, cli):
    args = (["--board", board] if board else []) + (["--dead", dead] if dead else [])
    want = cli_csv("holdem", "filter", hero, "--vs", vs, *args, *cli, "--csv")
    assert_like_cli(handstat.holdem_filter(hero, vs, board, dead, **opts), want)


def test_filter_is_exact():
    df = handstat.holdem_filter("random", VS, board="Kh7d2c", min_equity="1/2")
    part = df["range"][0]
    whole = handstat.holdem_equity([part, VS], board="Kh7d2c")
    assert whole.loc[0, "equity_exact"] == df["equity_exact"][0]
    assert (whole.loc[0, "wins"], whole.loc[0, "ties"]) == (df["wins"][0], df["ties"][0])
    assert df.attrs["notes"]["range"] == part
    every = handstat.holdem_filter("random", VS, board="Kh7d2c", min_equity="1/2", by_combo=True)
    assert len(every) == 1176
    for _, r in every.iterrows():
        assert r["kept"] == (r["equity_exact"] >= Fraction(1, 2))
    # the kept combinations' weight is the part's
    assert Fraction(int(every["kept"].sum())) == df["combos"][0]


def test_filter_top_takes_ties_whole():
    every = handstat.holdem_filter("random", VS, board="Kh7d2c", top=10, by_combo=True)
    kept = every[every["kept"] == 1]
    left = every[every["kept"] == 0]
    assert len(kept) >= 0.1 * len(every)
    assert kept["equity_exact"].min() > left["equity_exact"].max()


def test_matrix_like_cli_and_holdem_equity():
    want = cli_csv("holdem", "matrix", "random", "--vs", VS, "--board", "Kh7d2c", "--csv")
    df = handstat.holdem_matrix("random", VS, board="Kh7d2c")
    assert_like_cli(df, want)
    assert len(df) == 169
    for cls in ("AA", "KK", "AKs", "72o", "T9s"):
        row = df[df["class"] == cls].iloc[0]
        e = handstat.holdem_equity([cls, VS], board="Kh7d2c")
        assert e.loc[0, "equity_exact"] == row["equity_exact"]
        assert e.loc[0, "wins"] == row["wins"]
    combos = handstat.holdem_matrix("AA,KhQh@40", "QQ+", board="Kh7d2c", by_combo=True)
    want = cli_csv("holdem", "matrix", "AA,KhQh@40", "--vs", "QQ+", "--board", "Kh7d2c",
                   "--by-combo", "--csv")
    assert_like_cli(combos, want)
    assert list(combos["combo"][:2]) == ["AdAc", "AhAc"]


def test_matrix_svg_is_the_clis(tmp_path):
    path = tmp_path / "m.svg"
    run_cli("holdem", "matrix", "random", "--vs", VS, "--board", "Kh7d2c", "--svg", str(path),
            "-o", str(tmp_path / "m.csv"))
    svg = handstat.holdem_matrix_svg("random", VS, board="Kh7d2c")
    assert svg == path.read_text()
    assert svg.startswith("<svg xmlns=") and svg.endswith("</svg>\n")


def test_refused():
    with pytest.raises(handstat.HandstatError, match="holdem_filter: vs: 'QX'"):
        handstat.holdem_filter("random", "QX", min_equity=0.5)
    with pytest.raises(handstat.HandstatError, match="min-equity: '1.5' is not an equity"):
        handstat.holdem_filter("random", "QQ+", min_equity=1.5)
    with pytest.raises(handstat.HandstatError, match="top: '0' is not a percentage"):
        handstat.holdem_filter("random", "QQ+", top=0)
    with pytest.raises(handstat.HandstatError, match="holdem_matrix: hand: 'A3x'"):
        handstat.holdem_matrix("A3x", "QQ+")
    with pytest.raises(TypeError):
        handstat.holdem_filter("random", "QQ+", min_equity=[1])
