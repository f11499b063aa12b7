/* The incremental hand state (handstat/poker_state.h): its per-card constants are generated with
 * the tables (gen_poker_tables.c writes hs_poker_state_cards from the rank keys). */
#include "handstat/poker_state.h"
#include "poker_tables.h"

/* The inline ranking in the public header hard-codes these; fail the build if the tables move. */
_Static_assert(HS_POKER_STATE_ROW_SHIFT == HS_POKER_ROW_SHIFT, "row shift");
_Static_assert(HS_POKER_STATE_FLUSH == (UINT64_C(0x8888) << 32) &&
                   HS_POKER_STATE_BIAS == (UINT64_C(0x3333) << 32),
               "suit counters");
