/* holdem equity with almost every card dead: no board can be dealt. Expected: exit 1 and a
 * message that no deal is possible. It used to die of SIGFPE (a fraction over zero deals); the CLI
 * now refuses zero deals itself, and the library's own fix is under way: kept in its own
 * executable, to be checked again after that fix is merged. */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "cli_run.h"

static void test_no_board_left(void **state) {
    (void)state;
    /* AhAd and KsKc hold four cards; these 44 dead cards leave four, short of a five-card board */
    char dead[44 * 3 + 1] = "";
    const char *ranks = "23456789TJQKA", *suits = "cdhs";
    int n = 0;
    for (int r = 0; r < 13 && n < 44; r++)
        for (int s = 0; s < 4 && n < 44; s++) {
            char card[4] = {ranks[r], suits[s], ' ', '\0'};
            if ((ranks[r] == 'A' && (suits[s] == 'h' || suits[s] == 'd')) ||
                (ranks[r] == 'K' && (suits[s] == 's' || suits[s] == 'c')))
                continue;
            strcat(dead, card);
            n++;
        }
    assert_int_equal(n, 44);
    cli_result r = cli_run(
        (const char *const[]){"holdem", "equity", "AhAd", "KsKc", "--dead", dead, NULL}, NULL);
    if (r.status != 1 ||
        (strstr(r.err, "no possible deal") == NULL && strstr(r.err, "no deal is possible") == NULL))
        fail_msg("exit %d, stderr: %s", r.status, r.err);
    cli_result_free(&r);
}

int main(void) {
    const struct CMUnitTest tests[] = {cmocka_unit_test(test_no_board_left)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
