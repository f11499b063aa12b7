/* The per-card constants of the incremental hand state (handstat/poker_state.h), written as
 * constant expressions of the perfect hash's multipliers so that they cannot drift from the
 * generated tables. */
#include "handstat/poker_state.h"
#include "poker_tables.h"

/* The inline ranking in the public header hard-codes these; fail the build if the tables move. */
_Static_assert(HS_POKER_STATE_SLOTS == HS_POKER_HASH_SLOTS, "hash slots");
_Static_assert(HS_POKER_STATE_BUCKET_SHIFT == 64 - HS_POKER_HASH_BUCKET_BITS, "bucket bits");

/* Card rank r of suit s adds 5^r to the rank key, so (key * M) mod 2^32 grows by
 * (5^r * M) mod 2^32; its suit counter (4 bits at 4 s) grows by one. */
#define CARD(s, p5)                                                                                \
    {                                                                                              \
        ((uint64_t)(uint32_t)((p5)*HS_POKER_HASH_M1) << 32) | (UINT64_C(1) << (4 * (s))),          \
            (uint32_t)((p5)*HS_POKER_HASH_M2)                                                      \
    }
#define SUIT(s)                                                                                    \
    CARD(s, 1u), CARD(s, 5u), CARD(s, 25u), CARD(s, 125u), CARD(s, 625u), CARD(s, 3125u),          \
        CARD(s, 15625u), CARD(s, 78125u), CARD(s, 390625u), CARD(s, 1953125u), CARD(s, 9765625u),  \
        CARD(s, 48828125u), CARD(s, 244140625u)

const hs_poker_state_card hs_poker_state_cards[HS_CARDS] = {SUIT(0), SUIT(1), SUIT(2), SUIT(3)};
