/* Test-only: hold'em matchups checked against the reference, shared by the holdem tests. */
#ifndef HS_TEST_HOLDEM_CASES_H
#define HS_TEST_HOLDEM_CASES_H

typedef struct holdem_case {
    const char *hands[5]; /* NULL-terminated */
    const char *board;
    const char *dead;
} holdem_case;

/* Run one case through hs_holdem_equity_run (at 1 and 2 threads) and the reference, and fail
 * the test on any difference. */
void check_holdem_case(const holdem_case *c);

#endif
