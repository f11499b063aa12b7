/* Test-only: hold'em matchups checked against the reference, shared by the holdem tests. */
#ifndef HS_TEST_HOLDEM_CASES_H
#define HS_TEST_HOLDEM_CASES_H

/* The most players a case may have (the reference takes up to 9). */
#define HOLDEM_CASE_PLAYERS 6

typedef struct holdem_case {
    const char *hands[HOLDEM_CASE_PLAYERS + 1]; /* range texts, NULL-terminated */
    const char *board;
    const char *dead;
} holdem_case;

/* Run one case through hs_holdem_equity_run (at 1 and 2 threads) and the reference, and fail
 * the test on any difference. */
void check_holdem_case(const holdem_case *c);

/* The same for ranges with weights (ITEM@W), through hs_holdem_equity_ranges, against every
 * choice of combinations run through the reference alone and weighted by hand. */
void check_weighted_case(const holdem_case *c);

#endif
