#!/usr/bin/env python3
"""Hold'em preflop equity with the handstat Python package, notebook style (the "# %%" cells run
one by one in Jupyter or VS Code, or all at once as a script).

It reproduces two published figures exactly, as fractions: a pair of aces against a pair of kings
wins 81.95% of the pot (the figure every equity table prints, ties counting half), and a pair of
aces against one random hand 85.20%. Then it draws the equity of each of the 169 starting hands
against one random hand as the usual 13 x 13 grid (pairs on the diagonal, suited hands above it,
offsuit below) into a PNG or SVG file.

    python3 examples/python_preflop_equity.py [OUT.png]     # default: preflop_vs_random.png

Needs handstat (pip install --no-build-isolation . in a venv made with --system-site-packages,
or cmake --install) and matplotlib (apt-get install python3-matplotlib). A few seconds."""

# %% The packages
import sys
from fractions import Fraction

import matplotlib

matplotlib.use("Agg")  # files only: no display needed
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402

import handstat  # noqa: E402

out = sys.argv[1] if len(sys.argv) > 1 else "preflop_vs_random.png"

# %% AA against KK: every deal of the 6 x 6 combinations (36, less the 0 that share a card) and
# every board of the 48 cards left, counted exactly
aa_kk = handstat.holdem_equity(["AA", "KK"])
print(aa_kk.to_string(index=False))
aa = aa_kk.loc[0, "equity_exact"]
print(f"AA vs KK: {aa} = {float(aa):.2%}")
assert aa == Fraction(255121, 311328) and f"{float(aa):.2%}" == "81.95%"

# %% Every class against one and two random hands (the table of results/holdem_vs_random.csv)
vs = handstat.holdem_vs_random()
one = vs[vs["opponents"] == 1].reset_index(drop=True)  # the 169 classes in grid order
aa_random = one.loc[0, "equity_exact"]
print(f"AA vs a random hand: {aa_random} = {float(aa_random):.2%}")
assert one.loc[0, "class"] == "AA" and f"{float(aa_random):.2%}" == "85.20%"
best = one.sort_values("equity", ascending=False)
print("best five:", ", ".join(f"{c} {e:.2%}" for c, e in zip(best["class"][:5], best["equity"])))
print("worst:", f"{best['class'].iloc[-1]} {best['equity'].iloc[-1]:.2%}")

# %% The grid: row and column A K Q ... 2; the suited hands above the diagonal
grid = np.array(one["equity"], dtype=float).reshape(13, 13)
names = np.array(one["class"]).reshape(13, 13)
fig, ax = plt.subplots(figsize=(9, 8))
image = ax.imshow(grid * 100, cmap="viridis", vmin=30, vmax=86)
for r in range(13):
    for c in range(13):
        ax.text(c, r, f"{names[r, c]}\n{grid[r, c]:.1%}", ha="center", va="center", fontsize=6,
                color="white" if grid[r, c] < 0.6 else "black")
ranks = list("AKQJT98765432")
ax.set_xticks(range(13), ranks)
ax.set_yticks(range(13), ranks)
ax.set_title("Exact equity of each starting hand against one random hand (handstat)")
fig.colorbar(image, ax=ax, label="equity, % of the pot (ties split)")
fig.tight_layout()
fig.savefig(out, metadata={"Date": None} if out.endswith(".svg") else None)
print(f"wrote {out}")
