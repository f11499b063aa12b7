#!/usr/bin/python3
"""Draw every distribution of a results folder as SVG: scripts/plots.py RESULTS_DIR

Reads the CSV files scripts/results.sh writes and makes RESULTS_DIR/plots/*.svg. The SVG files
are deterministic (a fixed hash salt, no date, text kept as text in one font), so the results test
compares them byte for byte like the CSV files. Needs Debian's python3-matplotlib."""

import csv
import os
import sys

import matplotlib

matplotlib.use("svg")
import matplotlib.pyplot as plt  # noqa: E402

plt.rcParams.update({
    "svg.hashsalt": "handstat",
    "svg.fonttype": "none",
    "font.family": "DejaVu Sans",
    "font.size": 9,
    "axes.grid": True,
    "grid.alpha": 0.3,
    "axes.axisbelow": True,
})
BLUE, ORANGE, GREEN = "#1f77b4", "#ff7f0e", "#2ca02c"


def rows(folder, name):
    with open(os.path.join(folder, name), newline="") as f:
        return list(csv.DictReader(f))


def save(fig, out, name):
    fig.savefig(os.path.join(out, name), metadata={"Date": None}, bbox_inches="tight")
    plt.close(fig)


def crib(folder, out, rules, title):
    hist = rows(folder, f"crib_{rules}.csv")
    comp = rows(folder, f"crib_{rules}_components.csv")
    fig, (a, b) = plt.subplots(1, 2, figsize=(10, 3.6), gridspec_kw={"width_ratios": [3, 1.3]})
    scores = [int(r["score"]) for r in hist]
    a.bar(scores, [float(r["probability"]) for r in hist], color=BLUE, width=0.8)
    a.set_xticks(range(0, 30, 2))
    a.set_xlabel("score")
    a.set_ylabel("probability")
    a.set_title(f"{title}: all 12,994,800 hands and starters")
    names = [r["component"] for r in comp if r["component"] != "total"]
    means = [float(r["mean"]) for r in comp if r["component"] != "total"]
    b.bar(names, means, color=ORANGE)
    b.set_ylabel("mean points")
    b.set_title("mean by component")
    b.tick_params(axis="x", rotation=45)
    save(fig, out, f"crib_{rules}.svg")


def categories(folder, out, game, sizes, title, name):
    """Grouped bars of the category probabilities of the k-card hands of one game (log scale)."""
    fig, ax = plt.subplots(figsize=(9, 3.8))
    colours = (BLUE, ORANGE, GREEN)
    width = 0.8 / len(sizes)
    for i, k in enumerate(sizes):
        data = rows(folder, f"{game}_{k}card_categories.csv")
        xs = [j + (i - (len(sizes) - 1) / 2) * width for j in range(len(data))]
        ax.bar(xs, [float(r["probability"]) for r in data], width, color=colours[i],
               label=f"{k} cards")
        labels = [r["category"].replace("_", " ") for r in data]
    ax.set_xticks(range(len(labels)))
    ax.set_xticklabels(labels, rotation=30, ha="right")
    ax.set_yscale("log")
    ax.set_ylabel("probability (log scale)")
    ax.set_title(title)
    ax.legend()
    save(fig, out, name)


def preflop(folder, out):
    data = {r["class"]: r for r in rows(folder, "holdem_preflop_matrix.csv")}
    # classes strongest first, by their exact equity against one random hand
    strength = {r["class"]: float(r["equity"]) for r in rows(folder, "holdem_vs_random.csv")
                if r["opponents"] == "1"}
    classes = sorted(data, key=lambda c: (-strength[c], c))
    m = [[float(data[a][b]) for b in classes] for a in classes]
    fig, ax = plt.subplots(figsize=(9, 8))
    im = ax.imshow(m, cmap="RdBu_r", vmin=0, vmax=1, interpolation="nearest")
    ticks = list(range(0, len(classes), 6))
    ax.set_xticks(ticks)
    ax.set_xticklabels([classes[i] for i in ticks], rotation=90, fontsize=7)
    ax.set_yticks(ticks)
    ax.set_yticklabels([classes[i] for i in ticks], fontsize=7)
    ax.set_xlabel("opponent's class (strongest against a random hand first)")
    ax.set_ylabel("hero's class")
    ax.grid(False)
    ax.set_title("Heads-up preflop equity, every pair of the 169 classes (exact)")
    fig.colorbar(im, ax=ax, fraction=0.046, pad=0.04, label="hero's equity")
    save(fig, out, "holdem_preflop_matrix.svg")


def deals(folder, out):
    hand = rows(folder, "crib_deals_hand.csv")
    comb = rows(folder, "crib_deals_combined.csv")
    fig, (a, b) = plt.subplots(1, 2, figsize=(11, 3.6))
    a.plot([float(r["hand_ev"]) for r in hand], [float(r["probability"]) for r in hand],
           color=BLUE, drawstyle="steps-mid", linewidth=0.8)
    a.set_xlabel("expected hand points of the best keep")
    a.set_ylabel("probability")
    a.set_title("Every six-card deal: the best keep by hand")
    mid = [(float(r["ev_from"]) + float(r["ev_to"])) / 2 for r in comb]
    b.plot(mid, [float(r["dealer_probability"]) for r in comb], color=ORANGE, label="dealer",
           drawstyle="steps-mid", linewidth=0.8)
    b.plot(mid, [float(r["pone_probability"]) for r in comb], color=GREEN, label="pone",
           drawstyle="steps-mid", linewidth=0.8)
    b.set_xlabel("expected hand ± crib of the best keep (bins of 0.1)")
    b.set_ylabel("probability")
    b.set_title("... by the combined figure of each role")
    b.legend()
    save(fig, out, "crib_deals.svg")


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: scripts/plots.py RESULTS_DIR")
    folder = sys.argv[1]
    out = os.path.join(folder, "plots")
    os.makedirs(out, exist_ok=True)
    crib(folder, out, "hand", "Cribbage hand scores")
    crib(folder, out, "crib", "Cribbage crib scores")
    categories(folder, out, "poker", (5, 6, 7),
               "Poker hand categories: every 5-, 6- and 7-card hand", "poker_categories.svg")
    categories(folder, out, "shortdeck", (5, 7),
               "Short deck (36 cards) hand categories, in the order they rank",
               "shortdeck_categories.svg")
    preflop(folder, out)
    deals(folder, out)


if __name__ == "__main__":
    main()
