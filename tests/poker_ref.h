/* Test-only reference poker ranker: deliberately plain (sort five ranks, group them, compare
 * tuples), written apart from the library so that its bit tricks and tables are checked against
 * the rules. */
#ifndef HS_TEST_POKER_REF_H
#define HS_TEST_POKER_REF_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The number of distinct five-card hand values. */
#define REF_POKER_CLASSES 7462

/* Every distinct hand value as a key (larger = better), sorted from the best down. */
typedef struct ref_poker {
    uint32_t keys[REF_POKER_CLASSES];
    int n; /* how many distinct keys the patterns gave: 7462 when all is well */
} ref_poker;

/* Build the class numbering: make one hand of every pattern of five ranks (suited and offsuit
 * where the ranks are distinct), take their keys, sort them best first and drop repeats. */
void ref_poker_init(ref_poker *ref);

/* The comparison key of five cards (card indices, suit * 13 + rank, rank 0 = ace): category in
 * bits 20.. (8 straight flush .. 0 high card), then the deciding values (2..14, ace 14, or 5 for
 * the top of the wheel) four bits each, most significant first. Larger keys are better hands. */
uint32_t ref_poker_key(const int cards[5]);

/* A cmocka group's setup and teardown: a ref_poker allocated and built into *state (setup fails
 * when the patterns do not give 7462 classes), and freed. */
int ref_poker_group_setup(void **state);
int ref_poker_group_teardown(void **state);

/* The class 1..7462 of five cards: one plus the number of better keys. */
int ref_poker_class5(const ref_poker *ref, const int cards[5]);

/* The best (lowest) class over all five-card subsets of n >= 5 cards. */
int ref_poker_best(const ref_poker *ref, const int *cards, int n);

/* The category of a class as in hs_poker_category: 0 straight flush .. 8 high card. */
int ref_poker_category(const ref_poker *ref, int cls);

#ifdef __cplusplus
}
#endif

#endif
