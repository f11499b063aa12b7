/* Test-only reference for hs_holdem_hit (handstat/holdem_board.h): the made-hand category and the
 * flags of two hole cards on a board, written straight from the header's definitions with card
 * ids and plain loops. The best five is found by trying every five-card subset with the
 * reference ranker (poker_ref.h, its classes tabulated once), its kind by ref_poker_category, its
 * pairs and trips by counting the ranks of the chosen five. Nothing of the library's categorizer is
 * used but its enum constants. Slow and obvious on purpose. */
#ifndef HS_TEST_HITS_REF_H
#define HS_TEST_HITS_REF_H

#include "poker_ref.h"

#ifdef __cplusplus
extern "C" {
#endif

#include <stdint.h>

#define HS_REF_CARDS 52

/* The reference ranker and the class of every five-card set (by colex index; 5 MB). */
typedef struct ref_hits {
    ref_poker poker;
    uint16_t *cls;
} ref_hits;

ref_hits *ref_hits_new(void);
void ref_hits_free(ref_hits *r);

/* The category (HS_HIT_*) of hole[0..1] on board[0..n_board) (card ids, suit * 13 + rank, ace
 * rank 0; n_board 3..5, all distinct), and its flags (HS_HIT_F bits) in *flags. */
int ref_hit(const ref_hits *ref, const int hole[2], const int *board, int n_board, unsigned *flags);

#ifdef __cplusplus
}
#endif

#endif
