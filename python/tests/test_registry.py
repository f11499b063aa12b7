"""handstat.commands() and handstat.command() read the library's command registry
(handstat/command.h): every command query() answers, with its arguments and a worked example; the
argument checks of query() and of every function name the registry's arguments."""

import pytest

import handstat


def test_commands_are_the_layer_commands():
    names = [c.name for c in handstat.commands()]
    assert names == handstat.query_commands()
    assert len(names) == len(set(names)) >= 25
    for expected in ("holdem equity", "shortdeck equity", "crib discard", "query"):
        assert expected in names


def test_command_entry():
    c = handstat.command("holdem equity")
    assert c.title == "Hold'em equity" and c.samples and not c.job
    hand = c.argument("hand")
    assert (hand.kind, hand.min, hand.max) == ("range", 2, 9)
    assert c.argument("seed").default == "1"
    assert c.argument("nope") is None
    assert c.example == {"hand": ["AhAd", "KsKc"]}
    assert c.example_cli == "holdem equity AhAd KsKc"
    role = handstat.command("crib discard").argument("role")
    assert role.kind == "choice" and set(role.choices) == {"dealer", "pone"}
    assert handstat.command("holdem hits").argument("by_combo").kind == "flag"


def test_every_kind_is_named():
    kinds = {a.kind for c in handstat.commands() for a in c.arguments}
    assert kinds <= {"cards", "range", "board", "choice", "count", "number", "flag", "text"}
    assert {"cards", "range", "board", "choice", "count", "flag", "text"} <= kinds


def test_example_answers():
    df = handstat.query("holdem equity", **handstat.command("holdem equity").example)
    assert list(df["equity_exact"].astype(str)) == ["29603/36432", "6829/36432"]


def test_unknown_command_and_argument():
    with pytest.raises(handstat.HandstatError, match="unknown command 'holdem equities'"):
        handstat.command("holdem equities")
    with pytest.raises(handstat.HandstatError,
                       match=r"'boardd' is not one of its arguments \(it takes hand, board, dead"):
        handstat.query("holdem equity", hand=["AA", "KK"], boardd="Kh7d2c")
    with pytest.raises(handstat.HandstatError, match="'hand' takes at most 9 values, not 10"):
        handstat.query("holdem equity", hand=["random"] * 10)
