/* Test-only reference for hold'em equity: plain enumeration of every deal with the reference
 * poker ranker (best of the 21 five-card subsets of seven cards). */
#ifndef HS_TEST_HOLDEM_REF_H
#define HS_TEST_HOLDEM_REF_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct ref_holdem ref_holdem;

typedef struct ref_holdem_result {
    uint64_t deals;
    uint64_t wins[9], ties[9], losses[9];
    uint64_t shares[9]; /* in units of 1/2520 of a pot */
} ref_holdem_result;

/* The reference, with the reference ranker's key of every five-card hand tabulated once. */
ref_holdem *ref_holdem_new(void);
void ref_holdem_free(ref_holdem *r);

/* The reference key (larger is better) of the best five of seven card indices. */
uint32_t ref_holdem_best_key(const ref_holdem *r, const int cards[7]);

/* hands[p] lists counts[p] hole-card pairs as card indices (2 per pair); board and dead are
 * card index lists. Every deal: one pair per player, all cards distinct, then every way to
 * complete the board from the rest of the deck. */
void ref_holdem_equity(const ref_holdem *r, int players, const int *const hands[],
                       const int counts[], const int *board, int n_board, const int *dead,
                       int n_dead, ref_holdem_result *out);

#ifdef __cplusplus
}
#endif

#endif
