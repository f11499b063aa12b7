/* Test-only: the discard model of handstat/discard.h by plain loops over every opponent throw
 * and starter, scored with the reference scorer ref_crib_score5. */
#ifndef HS_TEST_DISCARD_REF_H
#define HS_TEST_DISCARD_REF_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct ref_discard_keep {
    uint64_t hand_sum, hand_sum2, hand_cases;
    int hand_min, hand_max;
    uint64_t crib_sum, crib_cases;
} ref_discard_keep;

/* One keep of a deal: `dealt` holds 6 cards (two players) or 5 (three players) as a mask with
 * bit c for card c; `thrown` the 2 (or 1) of them thrown. The hand over every unseen starter;
 * the crib over every opponent throw (two players: any 2 unseen cards; three players: any 3)
 * and every starter among the unseen cards left. */
ref_discard_keep ref_discard_keep_sums(uint64_t dealt, uint64_t thrown);

/* Only the hand part (fast). */
ref_discard_keep ref_discard_hand_sums(uint64_t dealt, uint64_t thrown);

#ifdef __cplusplus
}
#endif

#endif
