/* handstat holdem filter and holdem matrix, run as a user would:
 *   - matrix: classes of its CSV against 'holdem equity CLASS RANGE --csv' (the same exact
 *     equity and counts, through the command line), the text grid, --by-combo;
 *   - the heat map: two runs (one and two threads) write the same bytes, with the CSV beside it;
 *   - filter: its range fed back to 'holdem equity' gives its exact equity; with --by-combo every
 *     combination kept has at least the bound by its own exact equity and none left out does;
 *     --top; the text summary; --help;
 *   - bad input: exit 1 naming the token (the option for --vs, --min-equity, --top), exit 2 for
 *     the command line, and no output file written (more in test_cli_hostile). */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "cli_assert.h"
#include "test_skip.h"

#define VS "QQ+,AKs,T9s@30"

static void assert_starts(const char *s, const char *prefix) {
    if (strncmp(s, prefix, strlen(prefix)) != 0)
        fail_msg("expected to start with \"%s\":\n%.300s", prefix, s);
}

/* Field `col` of CSV line `row` (0: the header) of text into out (quotes removed). */
static void csv_field(const char *text, int row, int col, char *out, size_t cap) {
    const char *p = text;
    for (int r = 0; r < row; r++) {
        int quoted = 0;
        while (*p && (quoted || *p != '\n')) {
            if (*p == '"')
                quoted = !quoted;
            p++;
        }
        assert_true(*p == '\n');
        p++;
    }
    for (int c = 0; c <= col; c++) {
        size_t n = 0;
        int quoted = 0;
        while (*p && (quoted || (*p != ',' && *p != '\n'))) {
            if (*p == '"') {
                if (quoted && p[1] == '"') {
                    if (c == col && n + 1 < cap)
                        out[n++] = '"';
                    p += 2;
                    continue;
                }
                quoted = !quoted;
            } else if (c == col && n + 1 < cap)
                out[n++] = *p;
            p++;
        }
        if (c == col) {
            out[n] = '\0';
            return;
        }
        assert_true(*p == ',');
        p++;
    }
}

/* The CSV row whose first field is `key` (1-based row number), or 0. */
static int csv_row(const char *text, const char *key) {
    char f[64];
    for (int row = 1;; row++) {
        const char *p = text;
        int lines = 0;
        for (; *p && lines < row; p++)
            lines += *p == '\n';
        if (*p == '\0')
            return 0;
        csv_field(text, row, 0, f, sizeof f);
        if (strcmp(f, key) == 0)
            return row;
    }
}

static unsigned __int128 u128_of(const char *s, const char **end) {
    unsigned __int128 v = 0;
    while (*s >= '0' && *s <= '9')
        v = v * 10 + (unsigned)(*s++ - '0');
    if (end != NULL)
        *end = s;
    return v;
}

/* a/b compared with c/d: -1, 0, 1. */
static int frac_cmp(const char *x, const char *y) {
    const char *e;
    const unsigned __int128 a = u128_of(x, &e), b = u128_of(e + 1, NULL);
    const unsigned __int128 c = u128_of(y, &e), d = u128_of(e + 1, NULL);
    return a * d < c * b ? -1 : a * d > c * b;
}

static void test_matrix_is_holdem_equity(void **state) {
    (void)state;
    cli_result m =
        RUN(NULL, "holdem", "matrix", "random", "--vs", VS, "--board", "Kh7d2c", "--csv");
    assert_int_equal(m.status, 0);
    assert_starts(m.out, "class,combos,equity,equity_exact,deals,wins,ties,losses\n");
    static const char *const CLASSES[] = {"AA", "KK", "AKs", "72o", "T9s", "22", "QJo", "A5s"};
    for (size_t i = 0; i < sizeof CLASSES / sizeof CLASSES[0]; i++) {
        const int row = csv_row(m.out, CLASSES[i]);
        assert_true(row > 0);
        cli_result e = RUN(NULL, "holdem", "equity", CLASSES[i], VS, "--board", "Kh7d2c", "--csv");
        assert_int_equal(e.status, 0);
        char a[128], b[128];
        csv_field(m.out, row, 3, a, sizeof a);
        csv_field(e.out, 1, 6, b, sizeof b); /* player 1's equity_exact */
        if (strcmp(a, b) != 0)
            fail_msg("%s: matrix %s, holdem equity %s", CLASSES[i], a, b);
        for (int k = 0; k < 3; k++) { /* wins, ties, losses */
            csv_field(m.out, row, 5 + k, a, sizeof a);
            csv_field(e.out, 1, 2 + k, b, sizeof b);
            assert_string_equal(a, b);
        }
        cli_result_free(&e);
    }
    cli_result_free(&m);
    /* the text grid: the ace row, KK on a board with Kh: 3 combinations */
    m = RUN(NULL, "holdem", "matrix", "random", "--vs", VS, "--board", "Kh7d2c");
    assert_int_equal(m.status, 0);
    assert_contains(m.out, "hero: random   vs: " VS "   board: 2C 7D KH");
    assert_contains(m.out, "\n  A ");
    assert_contains(m.out, "\n  2 ");
    assert_contains(m.out, "169 classes, 1176 combinations");
    cli_result_free(&m);
    m = RUN(NULL, "holdem", "matrix", "KK,AKs", "--vs", VS, "--board", "Kh7d2c", "--by-combo",
            "--csv");
    assert_int_equal(m.status, 0);
    assert_starts(m.out, "combo,class,weight,equity,equity_exact,deals,wins,ties,losses\n");
    /* class order (AKs before KK), then by cards: AcKc, AdKd, AsKs */
    assert_contains(m.out, "losses\nAcKc,AKs,100,");
    assert_contains(m.out, "\nAsKs,AKs,100,0.588980716253,1069/1815,");
    cli_result_free(&m);
}

static void test_heat_map_same_bytes(void **state) {
    (void)state;
    char dir[] = "/tmp/hs_matrix.XXXXXX";
    assert_non_null(mkdtemp(dir));
    char svg[2][256], csv[256];
    snprintf(csv, sizeof csv, "%s/m.csv", dir);
    for (int k = 0; k < 2; k++) {
        snprintf(svg[k], sizeof svg[k], "%s/m%d.svg", dir, k);
        cli_result r =
            RUN(NULL, "holdem", "matrix", "random", "--vs", "22+,A2s+,K9s+,ATo+,KJo+", "--board",
                "Kh7d2c", "--threads", k == 0 ? "1" : "2", "--svg", svg[k], "-o", csv);
        assert_int_equal(r.status, 0);
        assert_string_equal(r.out, "");
        cli_result_free(&r);
    }
    size_t l0, l1, lc;
    char *a = read_file(svg[0], &l0), *b = read_file(svg[1], &l1), *c = read_file(csv, &lc);
    assert_non_null(a);
    assert_non_null(b);
    assert_non_null(c);
    assert_int_equal(l0, l1);
    assert_memory_equal(a, b, l0);
    assert_true(strncmp(a, "<svg xmlns=\"http://www.w3.org/2000/svg\"", 39) == 0);
    assert_contains(a, "random against 22+,A2s+,K9s+,ATo+,KJo+ on ");
    assert_contains(a, "</svg>\n");
    assert_contains(c, "class,combos,equity,equity_exact,");
    free(a);
    free(b);
    free(c);
    /* --svg with --by-combo is a usage error; nothing written */
    char other[256];
    snprintf(other, sizeof other, "%s/x.svg", dir);
    cli_result r =
        RUN(NULL, "holdem", "matrix", "random", "--vs", "QQ+", "--by-combo", "--svg", other);
    assert_int_equal(r.status, 2);
    assert_contains(r.err, "--svg");
    assert_int_equal(access(other, F_OK), -1);
    cli_result_free(&r);
    unlink(svg[0]);
    unlink(svg[1]);
    unlink(csv);
    rmdir(dir);
}

static void test_filter(void **state) {
    (void)state;
    cli_result f = RUN(NULL, "holdem", "filter", "random", "--vs", VS, "--board", "Kh7d2c",
                       "--min-equity", "50%", "--csv");
    assert_int_equal(f.status, 0);
    assert_starts(f.out, "range,combos,share,equity,equity_exact,deals,wins,ties,losses\n");
    char *range = malloc(16384);
    char eq[128], eq2[128];
    assert_non_null(range);
    csv_field(f.out, 1, 0, range, 16384);
    csv_field(f.out, 1, 4, eq, sizeof eq);
    /* the part fed back to holdem equity: the same exact equity */
    cli_result e = RUN(NULL, "holdem", "equity", range, VS, "--board", "Kh7d2c", "--csv");
    assert_int_equal(e.status, 0);
    csv_field(e.out, 1, 6, eq2, sizeof eq2);
    assert_string_equal(eq, eq2);
    cli_result_free(&e);
    cli_result_free(&f);
    /* every combination by its own equity: kept ones at least 1/2, the others below */
    f = RUN(NULL, "holdem", "filter", "random", "--vs", VS, "--board", "Kh7d2c", "--min-equity",
            "1/2", "--by-combo", "--csv");
    assert_int_equal(f.status, 0);
    int kept = 0, rows = 0;
    for (int row = 1;; row++) {
        char k[8];
        const char *p = f.out;
        int lines = 0;
        for (; *p && lines < row; p++)
            lines += *p == '\n';
        if (*p == '\0')
            break;
        csv_field(f.out, row, 4, eq, sizeof eq);
        csv_field(f.out, row, 9, k, sizeof k);
        const int in = strcmp(k, "1") == 0;
        if (in != (frac_cmp(eq, "1/2") >= 0))
            fail_msg("row %d: equity %s, kept %s", row, eq, k);
        kept += in;
        rows++;
    }
    assert_int_equal(rows, 1176);
    assert_true(kept > 0 && kept < rows);
    cli_result_free(&f);
    /* --top: the summary in text */
    f = RUN(NULL, "holdem", "filter", "random", "--vs", VS, "--board", "Kh7d2c", "--top", "10%");
    assert_int_equal(f.status, 0);
    assert_contains(f.out, "kept: the best 10% by exact equity: ");
    assert_contains(f.out, "range: ");
    assert_contains(f.out, "equity against vs: ");
    cli_result_free(&f);
    f = RUN(NULL, "holdem", "filter", "--help");
    assert_int_equal(f.status, 0);
    assert_contains(f.out, "usage: handstat holdem filter RANGE --vs RANGE");
    cli_result_free(&f);
    f = RUN(NULL, "holdem", "matrix", "--help");
    assert_int_equal(f.status, 0);
    assert_contains(f.out, "usage: handstat holdem matrix RANGE --vs RANGE");
    cli_result_free(&f);
    free(range);
}

static void test_bad_input(void **state) {
    (void)state;
    cli_result r = RUN(NULL, "holdem", "filter", "random", "--vs", "QX", "--min-equity", "0.5");
    assert_int_equal(r.status, 1);
    assert_contains(r.err, "vs: 'QX'");
    cli_result_free(&r);
    r = RUN(NULL, "holdem", "filter", "random", "--vs", "QQ", "--min-equity", "2");
    assert_int_equal(r.status, 1);
    assert_contains(r.err, "min-equity: '2' is not an equity from 0 to 1");
    cli_result_free(&r);
    r = RUN(NULL, "holdem", "filter", "random", "--vs", "QQ", "--top", "0%");
    assert_int_equal(r.status, 1);
    assert_contains(r.err, "top: '0%'");
    cli_result_free(&r);
    r = RUN(NULL, "holdem", "filter", "random", "--vs", "QQ");
    assert_int_equal(r.status, 2);
    assert_contains(r.err, "--min-equity");
    cli_result_free(&r);
    r = RUN(NULL, "holdem", "filter", "random", "--vs", "QQ", "--top", "5", "--min-equity", "0.5");
    assert_int_equal(r.status, 2);
    cli_result_free(&r);
    r = RUN(NULL, "holdem", "matrix", "random");
    assert_int_equal(r.status, 2);
    assert_contains(r.err, "--vs");
    cli_result_free(&r);
    r = RUN(NULL, "holdem", "matrix", "random", "AA", "--vs", "KK");
    assert_int_equal(r.status, 2);
    assert_contains(r.err, "expected one range");
    cli_result_free(&r);
    r = RUN(NULL, "holdem", "matrix", "random", "--vs", "KK", "--board", "Kh7d2c9s8s4d");
    assert_int_equal(r.status, 1);
    assert_contains(r.err, "board: 'Kh7d2c9s8s4d' is 6 cards");
    cli_result_free(&r);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_matrix_is_holdem_equity),
        cmocka_unit_test(test_heat_map_same_bytes),
        cmocka_unit_test(test_filter),
        cmocka_unit_test(test_bad_input),
    };
    return hs_run_tests(tests, NULL, NULL);
}
