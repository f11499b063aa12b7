"""What the tests share: the handstat CLI (to compare every binding with the CSV it prints for the
same query) and the comparison itself.

The CLI is $HANDSTAT_CLI (ctest sets it to the binary it built; check_install.sh to the installed
one), else build/release/handstat of this source tree, else handstat on PATH; tests that need it
are skipped when there is none."""

import io
import os
import shutil
import subprocess
from decimal import Decimal
from fractions import Fraction

import numpy as np
import pandas as pd
import pytest

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
RESULTS = os.path.join(ROOT, "results")


def pytest_configure(config):
    config.addinivalue_line("markers", "slow: over ten seconds on a loaded two-core machine "
                            "(test_python runs them; the install and wheel checks leave them out)")


def _find_cli():
    env = os.environ.get("HANDSTAT_CLI")
    if env:
        return env
    built = os.path.join(ROOT, "build", "release", "handstat")
    if os.access(built, os.X_OK):
        return built
    return shutil.which("handstat")


CLI = _find_cli()


def run_cli(*args, stdin=None):
    """Run the CLI and return its standard output (its summary on standard error is dropped)."""
    if CLI is None:
        pytest.skip("no handstat CLI: set HANDSTAT_CLI or build build/release/handstat")
    r = subprocess.run([CLI, *args], input=stdin, capture_output=True, text=True)
    assert r.returncode == 0, f"handstat {' '.join(args)}: {r.stderr}"
    return r.stdout


def read_csv_text(text):
    """A CSV as text cells, exactly as written."""
    return pd.read_csv(io.StringIO(text), dtype=str, keep_default_na=False)


def cli_csv(*args, stdin=None):
    """The CLI's CSV on standard output (the caller passes --csv where the command needs it)."""
    return read_csv_text(run_cli(*args, stdin=stdin))


def cli_file(tmp_path, *args, name="out.csv"):
    """The CLI's CSV written with -o FILE."""
    path = tmp_path / name
    run_cli(*args, "-o", str(path))
    return read_csv_text(path.read_text())


def same_value(got, text):
    """A value of the bindings against the CLI's text for it: integers and Fractions exactly,
    floats to the last digit the CLI prints (one unit of it), text as printed; an empty cell is
    None (a fraction) or NaN (a decimal)."""
    if text == "":
        return got is None or (isinstance(got, (float, np.floating)) and np.isnan(got)) or got == ""
    if isinstance(got, Fraction):
        return Fraction(text) == got
    if isinstance(got, (bool, np.bool_)):
        return str(got) == text
    if isinstance(got, (int, np.integer)):
        return int(text) == int(got)
    if isinstance(got, (float, np.floating)):
        d = Decimal(text)
        return abs(Decimal(float(got)) - d) <= Decimal(1).scaleb(d.as_tuple().exponent)
    return str(got) == text


def assert_like_cli(df, want):
    """The DataFrame holds the CLI's table: its columns in the CLI's order (the bindings may add
    columns, such as the exact fractions next to the CLI's decimals), its rows, every value."""
    cols = list(want.columns)
    assert [c for c in df.columns if c in cols] == cols, (list(df.columns), cols)
    assert len(df) == len(want)
    for c in cols:
        for i, (got, text) in enumerate(zip(df[c], want[c])):
            assert same_value(got, text), f"row {i} column {c}: {got!r}, the CLI {text!r}"


def assert_row_like_cli(row, want):
    """A dict of the bindings against the CLI's one-row table."""
    assert len(want) == 1
    for c in want.columns:
        assert same_value(row[c], want[c].iloc[0]), f"{c}: {row[c]!r}, the CLI {want[c].iloc[0]!r}"


@pytest.fixture
def results_csv():
    def read(name):
        path = os.path.join(RESULTS, name)
        if not os.path.exists(path):
            pytest.skip(f"{path} is not here")
        return read_csv_text(open(path).read())
    return read
