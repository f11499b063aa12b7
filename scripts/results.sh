#!/usr/bin/env bash
# Make every dataset of results/ into a folder: scripts/results.sh HANDSTAT OUTDIR
# The one list of the commands behind results/ (results/README.md describes each file): the
# `results` build target runs it into results/, and the `results` test into a scratch folder to
# compare with the committed files.
set -euo pipefail
hs=$1
out=$2
mkdir -p "$out"
"$hs" crib hist -o "$out/crib_hand.csv" --components "$out/crib_hand_components.csv"
"$hs" crib hist --crib -o "$out/crib_crib.csv" --components "$out/crib_crib_components.csv"
for k in 5 6 7; do
  "$hs" poker hist --cards "$k" -o "$out/poker_${k}card_categories.csv"
  "$hs" poker hist --cards "$k" --classes -o "$out/poker_${k}card_classes.csv"
done
for k in 5 7; do
  "$hs" shortdeck hist --cards "$k" -o "$out/shortdeck_${k}card_categories.csv"
  "$hs" shortdeck hist --cards "$k" --classes -o "$out/shortdeck_${k}card_classes.csv"
done
"$hs" lowball hist --a5 -o "$out/lowball_a5_5card.csv"
"$hs" lowball hist --27 -o "$out/lowball_27_5card.csv"
# The draw games: badugi's four-card hands, and the classic one-draw tables.
"$hs" badugi hist -o "$out/badugi_4card.csv"
for g in 27 a5 badugi; do
  "$hs" draw table --game "$g" -o "$out/draw_${g}_one_draw.csv"
done
"$hs" poker matchups -o "$out/poker_matchups5.csv"
"$hs" holdem preflop -o "$out/holdem_preflop.csv"
"$hs" holdem vs-random -o "$out/holdem_vs_random.csv"
"$hs" holdem vs-random --opponents 3 -o "$out/holdem_vs_random3.csv"
# Board analysis: every class over every flop and turn; the preflop equity graph of every combination.
"$hs" holdem hits random --flops --turns -o "$out/holdem_hits_flops_turns.csv"
mkdir -p "$out/plots"
"$hs" holdem equity-dist random random -o "$out/holdem_equity_dist_random.csv" \
  --svg "$out/plots/holdem_equity_dist_random.svg"
# The three-way table over the 13 pairs and 20 common unpaired hands (the whole table takes hours:
# scripts/preflop3_full.sh).
"$hs" holdem preflop3 -o "$out/holdem_preflop3_common.csv" \
  --classes AA,KK,QQ,JJ,TT,99,88,77,66,55,44,33,22,AKs,AQs,AJs,ATs,KQs,KJs,QJs,JTs,T9s,98s,87s,76s,AKo,AQo,AJo,KQo,KJo,QJo,A5s,65s
"$hs" crib throw-table -o "$out/crib_throw_table.csv"
"$hs" crib deals -o "$out/crib_deals_hand.csv" --combined "$out/crib_deals_combined.csv" \
  --patterns "$out/crib_deals_patterns.csv"
"$hs" crib peg-table -o "$out/crib_peg_total.csv" --patterns "$out/crib_peg_patterns.csv"
# The plots of the distributions above, into $out/plots (Debian's python3-matplotlib).
/usr/bin/python3 -c 'import matplotlib' 2>/dev/null ||
  { echo "results.sh: the plots need /usr/bin/python3 with matplotlib (apt-get install python3-matplotlib)" >&2; exit 1; }
/usr/bin/python3 "$(dirname "$0")/plots.py" "$out"
