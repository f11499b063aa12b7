"""handstat.query(text): a query of the query language answered as the CLI's `handstat query
--csv` table (every cell), with its notes; estimates carry a standard error and no exact value;
a bad query raises with its line, column and token; and the README's twenty examples give the
exact answers the README prints."""

import os
import re
from fractions import Fraction

import pytest
from conftest import ROOT, assert_like_cli, cli_csv

import handstat

QUERIES = [
    ("select avg(riverEquity(hero)), count(outs(hero, turn) > 8), "
     "histogram(handType(villain, river)) from hero=AhKh, villain='QQ,JJ@50', board=Qh7h2c5s "
     "where riverSuit() != hearts", {}),
    ("select avg(riverEquity(hero)), count(winsHi(villain)) from hero=AKs, villain=QQ+",
     {"samples": 5000, "seed": 3}),
    ("select max(equity(hero, turn)), min(equity(hero, turn)) from game=omahahi, "
     "hero=AsKsQhJh, villain=7c7d2h2s, board=Kh7h2c", {}),
    ("select avg(hiEquity(hero, turn)), avg(loEquity(hero, turn)), count(scoops(hero)), "
     "count(winsLo(villain)) from game=omaha8, hero=As2h4c7d, "
     "villain='Ac3c5h6h@50, KhQhJcTc', board=8s3h2d", {}),
    ("select avg(riverEquity(hero)), count(hasLow(hero, river)) from game=omaha85, "
     "hero=Ah2d3c9s9h, villain='AA:$ds', board=6c7h8dKs", {"samples": 3000, "seed": 2}),
    ("select count(inRange(villain, 'RROO')), avg(riverEquity(hero)) from game=omaha8, "
     "hero=AhAd2s3s, villain='KK:$ds, QQJJ', board=4h5d9c where not inRange(villain, 'Kh')", {}),
]


@pytest.mark.parametrize("text,args", QUERIES)
def test_like_cli(text, args):
    df = handstat.query(text, threads=2, **args)
    argv = ["query", "--csv", text]
    for k, v in args.items():
        argv += [f"--{k}", str(v)]
    assert_like_cli(df, cli_csv(*argv))


def test_table_and_notes():
    df = handstat.query("select avg(riverEquity(hero)) as eq, histogram(handType(hero, river)) "
                        "from hero=AKs, villain=QQ+, board=Kh7d2c")
    assert list(df.columns) == ["item", "bucket", "value", "exact", "count", "std_error"]
    assert df["exact"][0] == Fraction(2903, 4950)
    assert df["item"][0] == "eq"
    assert len(df) == 1 + 9 and sum(df["count"][1:]) == 59400
    notes = df.attrs["notes"]
    assert notes["kind"] == "exact" and notes["deals"] == "59400"
    est = handstat.query("select avg(riverEquity(hero)) from hero=AKs, villain=QQ+, "
                         "board=Kh7d2c where true", samples=20000)
    assert est.attrs["notes"]["kind"] == "estimate"
    assert est["exact"][0] is None and est["std_error"][0] > 0
    assert abs(est["value"][0] - 2903 / 4950) < 5 * est["std_error"][0]


@pytest.mark.parametrize("text,where", [
    ("select avg(riverEq(hero)) from hero=AA, villain=KK", "line 1, column 12: unknown function"),
    ("select avg(riverEquity(hero))\nfrom hero=AA, villain=QX+", "line 2, column 23: villain"),
    ("select count(riverEquity(hero)) from hero=AA, villain=KK", "needs a condition"),
])
def test_errors(text, where):
    with pytest.raises(handstat.HandstatError, match=re.escape(where)):
        handstat.query(text)
    with pytest.raises(handstat.HandstatError, match="not threads|not board"):
        handstat.query("select avg(riverEquity(hero)) from hero=AA, villain=KK", board="Kh7d2c")


def test_a_command_still_runs():
    df = handstat.query("holdem equity", hand=["AhAd", "KsKc"], board="2c3d4h")
    assert list(df["player"]) == [1, 2]


def readme_examples():
    path = os.path.join(ROOT, "README.md")
    if not os.path.exists(path):
        return []
    text = open(path).read()
    section = text[text.index("**Twenty examples"):]
    section = section[:section.index("**Library and Python.**")]
    return re.findall(r"```sql\n\s*(.*?)\n\s*```\n\n(.*?)\n\n", section, re.S)


def test_readme_has_twenty():
    if not os.path.exists(os.path.join(ROOT, "README.md")):
        pytest.skip("README.md is not here")
    assert len(readme_examples()) >= 20


@pytest.mark.parametrize("text,answer", readme_examples())
def test_readme_example(text, answer):
    df = handstat.query(text.strip())
    exact = re.findall(r"`(-?\d+/\d+)`", answer)
    plain = [str(x) for x, b in zip(df["exact"], df["bucket"]) if not b]
    assert [str(Fraction(e)) for e in exact] == [str(Fraction(p)) for p in plain], answer
    for bucket, frac in re.findall(r"(\w+) (\d+/\d+)", answer.split(": ", 1)[-1] if
                                   "histogram" in answer else ""):
        row = df[df["bucket"] == bucket]
        assert len(row) == 1 and row["exact"].iloc[0] == Fraction(frac), (bucket, frac)
