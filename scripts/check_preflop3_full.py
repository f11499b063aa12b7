#!/usr/bin/env python3
"""The committed whole three-way preflop table (results/holdem_preflop3.csv.xz) against what can
be checked without recomputing it: its header; every row's seven outcomes add up to its deals,
which are a whole number of C(46,5) = 1,370,754 boards; each equity and exact fraction derives
from the counts (the fraction reduced, the decimal to 12 significant digits); a repeated class has
equal counts for its two players; the rows of the 33 classes of results/holdem_preflop3_common.csv
(regenerated and checked by the `results` test) are those rows byte for byte; triples in order
with none missing but the impossible ones; and the published AA, KK, QQ figures.
Usage: check_preflop3_full.py RESULTS_DIR"""
import lzma
import math
import sys

COLUMNS = ("class_a,class_b,class_c,deals,equity_a,equity_b,equity_c,equity_a_exact,"
           "equity_b_exact,equity_c_exact,wins_a,wins_b,wins_c,ties_ab,ties_ac,ties_bc,ties_abc")
BOARDS = 1370754
RANKS = "AKQJT98765432"


def class_names():
    """The 169 classes in the library's grid order: row r, column c; suited above the
    diagonal (row rank first), offsuit below it (column rank first)."""
    names = []
    for r in range(13):
        for c in range(13):
            if r == c:
                names.append(RANKS[r] * 2)
            elif r < c:
                names.append(RANKS[r] + RANKS[c] + "s")
            else:
                names.append(RANKS[c] + RANKS[r] + "o")
    return names


def fraction(num, den):
    g = math.gcd(num, den)
    return f"{num // g}/{den // g}"


def main(results):
    names = class_names()
    index = {n: i for i, n in enumerate(names)}
    with open(f"{results}/holdem_preflop3_common.csv", encoding="ascii") as f:
        common_lines = f.read().splitlines()
    assert common_lines[0] == COLUMNS, "common table header"
    common = {tuple(line.split(",")[:3]): line for line in common_lines[1:]}
    common_classes = {c for key in common for c in key}
    assert len(common_classes) == 33, len(common_classes)
    with lzma.open(f"{results}/holdem_preflop3.csv.xz", "rt", encoding="ascii", newline="") as f:
        text = f.read()
    assert text.endswith("\n") and "\r" not in text
    lines = text.split("\n")[:-1]
    assert lines[0] == COLUMNS, "header"
    seen_common = 0
    previous = (-1, -1, -1)
    rows = 0
    for line in lines[1:]:
        f = line.split(",")
        assert len(f) == 17, line
        key = (index[f[0]], index[f[1]], index[f[2]])
        assert key[0] <= key[1] <= key[2] and key > previous, f"order at {line}"
        previous = key
        deals = int(f[3])
        c = [int(x) for x in f[10:]]
        win_a, win_b, win_c, t_ab, t_ac, t_bc, t_abc = c
        assert deals > 0 and deals % BOARDS == 0 and sum(c) == deals, line
        sixths = (6 * win_a + 3 * t_ab + 3 * t_ac + 2 * t_abc,
                  6 * win_b + 3 * t_ab + 3 * t_bc + 2 * t_abc,
                  6 * win_c + 3 * t_ac + 3 * t_bc + 2 * t_abc)
        assert sum(sixths) == 6 * deals, line
        for p in range(3):
            assert f[7 + p] == fraction(sixths[p], 6 * deals), line
            assert f[4 + p] == f"{sixths[p] / (6 * deals):.12g}", line
        if key[0] == key[1]:
            assert win_a == win_b and t_ac == t_bc, line
        if key[1] == key[2]:
            assert win_b == win_c and t_ab == t_ac, line
        if all(n in common_classes for n in f[:3]):
            assert common[tuple(f[:3])] == line, f"differs from the common table: {line}"
            seen_common += 1
        rows += 1
    assert seen_common == len(common), (seen_common, len(common))
    # every triple but those no deal can hold: a pair class three times (13), a pair class twice
    # with a hand holding its rank, and the like; far fewer than a percent
    assert 810000 < rows < 818805, rows
    aa_kk_qq = [line for line in lines if line.startswith("AA,KK,QQ,")]
    assert aa_kk_qq and ",5508731/8224524,66341/373842,1256291/8224524," in aa_kk_qq[0]
    print(f"results/holdem_preflop3.csv.xz: {rows} triples checked, {seen_common} of them "
          f"equal to the common table")


if __name__ == "__main__":
    main(sys.argv[1])
