/* handstat — cribbage pegging (the play), solved exactly: both players' cards known, both
 * playing perfectly ("double dummy").
 *
 * The rules as implemented. Two players; the pone leads. They lay one card each in turn, the
 * running count (A = 1, 2-9 their pips, T J Q K = 10) never passing 31. The player who lays a
 * card scores 2 when the count reaches 15, 2 when it reaches 31, 2 / 6 / 12 when the last 2 / 3 /
 * 4 cards of the current sequence are of one rank, and k when the last k >= 3 cards of the
 * sequence (in any order) are k consecutive ranks (the longest such k; ace low, no wrap). A player
 * who cannot lay a card (none left, or each would pass 31) says go, and the other keeps laying
 * cards while able; when neither can, the one who laid the last card scores 1 (nothing more when
 * the count is 31: the 2 for 31 only). Then the count starts again from 0 and the player who did
 * not lay the last card leads (the other goes on if that player has no cards left). Pairs and
 * runs never reach across sequences. The last card of all scores 1 unless it made 31. A player
 * must lay a card when able. The value of a position is the pone's points minus the dealer's
 * from there on, the pone maximising it and the dealer minimising it.
 *
 * Only ranks matter (suits play no part in the play), so hands are given as ranks 0 (ace) ..
 * 12 (king). Everything here is pure and thread-safe. */
#ifndef HANDSTAT_PEG_H
#define HANDSTAT_PEG_H

#include "handstat/api.h"

#include <stddef.h>
#include <stdint.h>

#include "handstat/cards.h"
#include "handstat/discard.h"

#ifdef __cplusplus
extern "C" {
#endif

enum { HS_PEG_PONE = 0, HS_PEG_DEALER = 1 };
#define HS_PEG_MAX_CARDS 4 /* per player */

/* A position of the play. hand[p][0..n[p]) are the ranks player p still holds (any order);
 * seq[0..seq_len) the ranks laid since the count last started from 0, in order (their pips add
 * up to the count, at most 31); last: who laid seq's last card (-1 when seq is empty); to_move:
 * who is to lay a card or say go. The start of a hand: both hands of four, seq_len 0, last -1,
 * to_move HS_PEG_PONE. */
typedef struct hs_peg_position {
    uint8_t hand[2][HS_PEG_MAX_CARDS];
    int n[2];
    uint8_t seq[2 * HS_PEG_MAX_CARDS];
    int seq_len;
    int last, to_move;
} hs_peg_position;

/* HS_OK when p is a position as described (ranks 0..12, at most four cards each, at most four of
 * a rank over both hands and the sequence, the sequence's count at most 31, last and to_move
 * valid), else HS_ERR_ARG. */
HS_API int hs_peg_check(const hs_peg_position *p);

/* The value of p (pone's points minus the dealer's from here with perfect play on both sides).
 * Precondition: hs_peg_check(p) == HS_OK. */
HS_API int hs_peg_value(const hs_peg_position *p);

/* One event of a line of play: a card laid (rank 0..12) or a go point (rank -1), the player,
 * the count after it, and the points scored (the count's 15 or 31, pairs and runs, or the go). */
typedef struct hs_peg_event {
    int player, rank, count, points;
} hs_peg_event;

/* At most 8 cards and 8 go points. */
#define HS_PEG_MAX_EVENTS 16

/* An optimal line from p: its events into ev (room for HS_PEG_MAX_EVENTS), their number
 * returned; *pone_points and *dealer_points (may be NULL) receive the points each scores, whose
 * difference is hs_peg_value(p). Of equally good cards the lowest rank is laid. */
HS_API int hs_peg_line(const hs_peg_position *p, hs_peg_event *ev, int *pone_points,
                       int *dealer_points);

/* The start of a hand: pone and dealer each hold four ranks. */
HS_API hs_peg_position hs_peg_start(const uint8_t pone[4], const uint8_t dealer[4]);

/* ---- the table of every pair of hands -------------------------------------------------------
 * The value of the start for every pone and dealer multiset of four ranks that can be dealt
 * together (no rank more than four times in both): 1820 x 1820 entries of one byte (3.3 MB),
 * solved when the library is built (src/gen/gen_peg_table.c: a few seconds, the value of every
 * fresh sequence remembered) and read from the library. */
#define HS_PEG_MSETS 1820

/* The dense index 0..1819 of a multiset of four ranks (any order). */
HS_API int hs_peg_mset_index(const uint8_t ranks[4]);

/* The value of the start (pone leads) with pone and dealer multisets of these indices, from the
 * table; 0 when the two cannot be dealt together. */
HS_API int hs_peg_start_value(int pone_mset, int dealer_mset);

/* ---- pegging in the discard analysis ---------------------------------------------------------
 * Two players, six cards dealt, four kept: the opponent's four cards are any four of the 46 not
 * dealt to us (163,185 hands, equally likely; the starter plays no part in the play). */
#define HS_PEG_OPPONENT_HANDS 163185u

/* The double-dummy differential for `role` of keeping `keep` (four of the six cards `dealt`),
 * summed over every hand the opponent could hold: dealer - pone for the dealer, pone - dealer
 * for the pone; the expectation is *sum / HS_PEG_OPPONENT_HANDS. The hands are counted by rank
 * multiset (at most 1820, each weighted by the hands with those ranks), each value from the
 * table. Returns HS_OK, HS_ERR_COUNT (dealt not six cards, keep not four of them) or HS_ERR_ARG
 * (bits beyond the deck, an unknown role). */
HS_API int hs_peg_keep_sum(uint64_t dealt, uint64_t keep, hs_crib_role role, int64_t *sum);

/* ---- every deal, with pegging -----------------------------------------------------------------
 * Every two-player deal of six cards, as hs_discard_deals_run (folded by suit permutation), with
 * the best keep for the dealer and for the pone by total = combined + pegging, where pegging is
 * the role's expected double-dummy differential over the opponent's 163,185 hands. Totals are
 * exact numerators over HS_PEG_TOTAL_DEN = lcm(45,540, 163,185) per deal; ties as for the
 * combined figure (higher hand, then the kept ranks, then the mask). About 2 us of CPU per
 * deal, after summing the pegging once for every kept and thrown ranks (about 0.1 s of CPU, in
 * the job's constructor, spread over its `threads`). */
#define HS_PEG_TOTAL_DEN 1958220

typedef struct hs_peg_deals {
    uint64_t deals, canonical; /* as in hs_discard_deals */
    uint64_t best_total[2]
                       [HS_DEALS_BINS]; /* by hs_crib_role: deals whose best total is in the bin */
    uint64_t pattern[2][HS_DEALS_PATTERNS]; /* by role: deals whose best keep has the pattern */
    int64_t sum_best_total[2];              /* the best totals' numerators, summed */
} hs_peg_deals;

/* The enumeration as a job (handstat/job.h: threads, progress, checkpoints) over the discard
 * tables t (hs_discard_tables_new), which must outlive it; its units are those of
 * hs_discard_deals_units(). Returns HS_OK or HS_ERR_NOMEM. Its invariants: every deal counted
 * once per role, the orbit representatives, each sum within its histogram's bounds. */
HS_API int hs_peg_deals_job_new(const hs_discard_tables *t, hs_job **out);
/* The same, summing the pegging with `threads` OpenMP workers (0: the default) where
 * hs_peg_deals_job_new uses one; the job is identical at every thread count. Returns HS_OK,
 * HS_ERR_ARG (threads < 0) or HS_ERR_NOMEM. */
HS_API int hs_peg_deals_job_new_threads(const hs_discard_tables *t, int threads, hs_job **out);
/* The counts of the job's units done so far. */
HS_API const hs_peg_deals *hs_peg_deals_job_counts(const hs_job *job);

#ifdef __cplusplus
}
#endif

#endif
