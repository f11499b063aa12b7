/* The committed preflop table (results/holdem_preflop.csv, made by the board sweep of
 * holdem_preflop.c) against the exact equity engine run on every pair of classes: the same wins,
 * ties and combination pairs for all 169 x 169 ordered pairs. Label exhaustive (about half a
 * minute on two cores). */
#include <setjmp.h>
#include <stdarg.h>
#include <inttypes.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "handstat/handstat.h"
#include "test_skip.h"

typedef struct row {
    uint64_t combos, wins_a, ties, wins_b;
} row;

static int class_of_name(const char *name) {
    for (int c = 0; c < HS_HOLDEM_CLASSES; c++) {
        char n[4];
        hs_holdem_class_name(c, n);
        if (strcmp(n, name) == 0)
            return c;
    }
    return -1;
}

static void test_table_equals_engine(void **state) {
    (void)state;
    const char *path = HS_RESULTS_DIR "/holdem_preflop.csv";
    FILE *fp = fopen(path, "r");
    if (fp == NULL)
        HS_SKIP("%s is absent\n", path);
    static row table[HS_HOLDEM_CLASSES][HS_HOLDEM_CLASSES];
    static char seen[HS_HOLDEM_CLASSES][HS_HOLDEM_CLASSES];
    char line[256];
    assert_non_null(fgets(line, sizeof line, fp)); /* header */
    assert_string_equal(line, "class_a,class_b,combos,wins_a,ties,wins_b,equity_a\n");
    int rows = 0;
    while (fgets(line, sizeof line, fp) != NULL) {
        char a[8], b[8];
        row r;
        assert_int_equal(sscanf(line, "%7[^,],%7[^,],%" SCNu64 ",%" SCNu64 ",%" SCNu64 ",%" SCNu64,
                                a, b, &r.combos, &r.wins_a, &r.ties, &r.wins_b),
                         6);
        const int x = class_of_name(a), y = class_of_name(b);
        assert_true(x >= 0 && y >= 0 && !seen[x][y]);
        seen[x][y] = 1;
        table[x][y] = r;
        rows++;
    }
    fclose(fp);
    assert_int_equal(rows, HS_HOLDEM_CLASSES * HS_HOLDEM_CLASSES);
    for (int x = 0; x < HS_HOLDEM_CLASSES; x++)
        for (int y = x; y < HS_HOLDEM_CLASSES; y++) {
            uint64_t a[12], b[12];
            const size_t na = (size_t)hs_holdem_class_hands(x, a);
            const size_t nb = (size_t)hs_holdem_class_hands(y, b);
            const uint64_t *ranges[2] = {a, b};
            const size_t counts[2] = {na, nb};
            hs_holdem_equity e;
            assert_int_equal(hs_holdem_equity_run(2, ranges, counts, 0, 0, 0, NULL, NULL, &e),
                             HS_OK);
            const row *r = &table[x][y], *s = &table[y][x];
            if (e.deals != r->combos * 1712304 || e.player[0].wins != r->wins_a ||
                e.player[0].ties != r->ties || e.player[1].wins != r->wins_b ||
                s->wins_a != r->wins_b || s->wins_b != r->wins_a || s->ties != r->ties)
                fail_msg("classes %d and %d: the engine gives %" PRIu64 "/%" PRIu64 "/%" PRIu64
                         " over %" PRIu64 " deals, the table %" PRIu64 "/%" PRIu64 "/%" PRIu64
                         " over %" PRIu64 " combination pairs",
                         x, y, e.player[0].wins, e.player[0].ties, e.player[1].wins, e.deals,
                         r->wins_a, r->ties, r->wins_b, r->combos);
        }
}

int main(void) {
    const struct CMUnitTest tests[] = {cmocka_unit_test(test_table_equals_engine)};
    return hs_run_tests(tests, NULL, NULL);
}
