/* The equity filter and the hand-against-range matrix (handstat/holdem_matrix.h) against the plain
 * reference of range_tools_ref.c (GMP rationals, loops) and against the equity engine itself:
 *   - the filter by bounds: every combination kept meets the bound by its own exact equity (from
 *     the equity distribution) and none left out does, for weighted ranges, dead cards, flop and
 *     turn; the best P%: the reference's cut (an insertion sort, ties taken whole), and a
 *     hand-made distribution whose boundary falls inside a group of ties;
 *   - the filter's text: parsed back it is exactly the kept combinations with their weights
 *     (plus at most combinations on the known cards), and hs_holdem_equity_ranges of it against
 *     the villain gives the filter's counts and equity exactly;
 *   - the matrix: 30 classes of 'random' against a range on a flop, each cell's counts and exact
 *     equity those of hs_holdem_equity_ranges(CLASS, RANGE), and every cell of a weighted hero
 *     range holding parts of classes against the part's own equity;
 *   - the heat map: the same bytes from runs on one and two threads, its length as snprintf's,
 *     169 cells and the legend, the caption escaped, no font loaded;
 *   - the requests holdem filter and holdem matrix: bad input refused, the message naming the
 *     argument and the token. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "handstat/handstat.h"
#include "range_tools_ref.h"
#include "test_skip.h"

static uint64_t cards(const char *text) {
    if (text == NULL || *text == '\0')
        return 0;
    int c[52];
    size_t n;
    assert_int_equal(hs_cards_parse(text, strlen(text), c, 52, &n, NULL), HS_OK);
    return hs_cards_mask(c, n);
}

static hs_holdem_range *range_of(const char *text) {
    hs_holdem_range *r = malloc(sizeof *r);
    assert_non_null(r);
    assert_int_equal(hs_holdem_range_parse(text, strlen(text), r, NULL, 0, NULL), HS_OK);
    return r;
}

typedef struct scenario {
    const char *hero, *villain, *board, *dead;
} scenario;

/* 'random' against about 20% of hands on a flop; weighted ranges with a dead card; a turn. */
static const scenario SCENARIOS[] = {
    {"random", "22+,A2s+,K9s+,Q9s+,J9s+,T9s,A8o+,KTo+,QTo+,JTo", "Kh7d2c", ""},
    {"AA,KK@50,AKs@25,T9s,72o@3,QhJh@40,JJ-88", "QQ+,AJs+@50,87s@20", "Kh7d2c", "Qs"},
    {"random", "QQ+,AKs,T9s@30", "Kh7d2c9s", ""},
};
#define N_SCENARIOS (sizeof SCENARIOS / sizeof SCENARIOS[0])

/* The equity distribution of a scenario, on `threads` workers. */
static hs_holdem_dist_combo *dist_of(const scenario *s, int threads, size_t *n) {
    hs_holdem_range *h = range_of(s->hero), *v = range_of(s->villain);
    hs_holdem_dist_combo *d = malloc(HS_HOLDEM_COMBOS * sizeof *d);
    assert_non_null(d);
    assert_int_equal(
        hs_holdem_equity_dist(h, v, cards(s->board), cards(s->dead), threads, NULL, NULL, d, n),
        HS_OK);
    assert_true(*n > 0);
    free(h);
    free(v);
    return d;
}

static void mpz_set_u128(mpz_t z, hs_uint128 v) {
    mpz_set_ui(z, (unsigned long)(uint64_t)(v >> 64));
    mpz_mul_2exp(z, z, 64);
    mpz_add_ui(z, z, (unsigned long)(uint64_t)v);
}

/* num / den as a canonical rational. */
static void mpq_set_u128(mpq_t q, hs_uint128 num, hs_uint128 den) {
    mpz_t a, b;
    mpz_inits(a, b, NULL);
    mpz_set_u128(a, num);
    mpz_set_u128(b, den);
    mpq_set_num(q, a);
    mpq_set_den(q, b);
    mpq_canonicalize(q);
    mpz_clears(a, b, NULL);
}

/* The exact equity of a library sum. */
static void total_equity(const hs_holdem_dist_total *t, mpq_t q) {
    mpq_set_u128(q, 2 * t->wins + t->ties, 2 * t->deals);
}

/* Player 0's exact equity of hs_holdem_equity_ranges(part, villain). */
static void engine_equity(const hs_holdem_range *part, const hs_holdem_range *villain,
                          uint64_t board, uint64_t dead, hs_holdem_equity_exact *e, mpq_t q) {
    const hs_holdem_range *rs[2] = {part, villain};
    assert_int_equal(hs_holdem_equity_ranges(2, rs, board, dead, 0, NULL, NULL, e), HS_OK);
    mpq_set_u128(q, e->player[0].shares, e->deals * HS_HOLDEM_SHARE_UNIT);
}

/* The text of the kept entries parsed back is exactly the kept combinations with their weights
 * (others only on the known cards), and its equity against the villain is the filter's. */
static void check_text(const scenario *s, const hs_holdem_dist_combo *d, size_t n,
                       const unsigned char *keep) {
    const uint64_t known = cards(s->board) | cards(s->dead);
    char *text = malloc(HS_HOLDEM_RANGE_TEXT);
    assert_non_null(text);
    assert_int_equal(hs_holdem_filter_text(d, n, keep, known, text, HS_HOLDEM_RANGE_TEXT), HS_OK);
    hs_holdem_range *part = range_of(text);
    for (size_t i = 0; i < n; i++) {
        size_t j = 0;
        while (j < part->n && part->combo[j] != d[i].combo)
            j++;
        if (keep[i]) {
            if (j == part->n)
                fail_msg("%s: a kept combination is not in the text", text);
            assert_int_equal((int)part->weight[j], d[i].weight);
        } else if (j < part->n)
            fail_msg("%s: holds a combination left out", text);
    }
    size_t live = 0;
    for (size_t j = 0; j < part->n; j++)
        live += (part->combo[j] & known) == 0;
    size_t kept = 0;
    for (size_t i = 0; i < n; i++)
        kept += keep[i] != 0;
    assert_int_equal(live, kept); /* every other combination of the text is on the known cards */
    /* the part's equity by the engine: the library's sum, counts and all, and the reference's */
    hs_holdem_range *v = range_of(s->villain);
    hs_holdem_equity_exact e;
    mpq_t q_engine, q_lib, q_ref;
    mpq_inits(q_engine, q_lib, q_ref, NULL);
    engine_equity(part, v, cards(s->board), cards(s->dead), &e, q_engine);
    hs_holdem_dist_total t;
    assert_int_equal(hs_holdem_dist_sum(d, n, keep, -1, &t), kept);
    total_equity(&t, q_lib);
    assert_int_equal(ref_part_equity(d, n, keep, -1, q_ref), kept);
    assert_true(mpq_equal(q_engine, q_lib));
    assert_true(mpq_equal(q_ref, q_lib));
    assert_true(t.deals == e.deals && t.wins == e.player[0].wins && t.ties == e.player[0].ties &&
                t.losses == e.player[0].losses);
    mpq_clears(q_engine, q_lib, q_ref, NULL);
    free(v);
    free(part);
    free(text);
}

static void test_filter_bounds(void **state) {
    (void)state;
    /* the bounds as fractions: (min, max) */
    static const uint64_t BOUNDS[][4] = {
        {1, 2, 1, 1}, {3, 10, 3, 5}, {0, 1, 1, 3}, {0, 1, 1, 1}, {9, 10, 1, 1}};
    unsigned char keep[HS_HOLDEM_COMBOS], want[HS_HOLDEM_COMBOS];
    for (size_t k = 0; k < N_SCENARIOS; k++) {
        size_t n;
        hs_holdem_dist_combo *d = dist_of(&SCENARIOS[k], 0, &n);
        for (size_t b = 0; b < sizeof BOUNDS / sizeof BOUNDS[0]; b++) {
            const uint64_t *B = BOUNDS[b];
            mpq_t lo, hi;
            mpq_inits(lo, hi, NULL);
            mpq_set_ui(lo, B[0], B[1]);
            mpq_set_ui(hi, B[2], B[3]);
            const size_t kept = hs_holdem_filter_equity(d, n, B[0], B[1], B[2], B[3], keep);
            assert_int_equal(kept, ref_filter_bounds(d, n, lo, hi, want));
            for (size_t i = 0; i < n; i++)
                if (keep[i] != want[i])
                    fail_msg("scenario %zu, bound %zu: combination %zu kept %d, by its equity %d",
                             k, b, i, keep[i], want[i]);
            if (kept > 0)
                check_text(&SCENARIOS[k], d, n, keep);
            else
                assert_int_equal(hs_holdem_filter_text(d, n, keep, 0, (char[8]){0}, 8), HS_ERR_ARG);
            mpq_clears(lo, hi, NULL);
        }
        /* everything: 0 to 1 keeps all */
        assert_int_equal(hs_holdem_filter_equity(d, n, 0, 1, 1, 1, keep), n);
        free(d);
    }
}

static void test_filter_top(void **state) {
    (void)state;
    /* P% in units of 0.0001% */
    static const uint64_t PARTS[] = {250000, 505000, 1000000, 1, 100000, 999999};
    unsigned char keep[HS_HOLDEM_COMBOS], want[HS_HOLDEM_COMBOS];
    for (size_t k = 0; k < N_SCENARIOS; k++) {
        size_t n;
        hs_holdem_dist_combo *d = dist_of(&SCENARIOS[k], 0, &n);
        for (size_t p = 0; p < sizeof PARTS / sizeof PARTS[0]; p++) {
            mpq_t share;
            mpq_init(share);
            mpq_set_ui(share, PARTS[p], 1000000);
            mpq_canonicalize(share);
            const size_t kept = hs_holdem_filter_top(d, n, PARTS[p], 1000000, keep);
            assert_int_equal(kept, ref_filter_top(d, n, share, want));
            assert_memory_equal(keep, want, n);
            assert_true(kept > 0);
            check_text(&SCENARIOS[k], d, n, keep);
            mpq_clear(share);
        }
        assert_int_equal(hs_holdem_filter_top(d, n, 0, 100, keep), 0);
        free(d);
    }
    /* a boundary inside a group of ties: 3/4, then 1/2 three times, then 1/4, weights 100 each;
     * the best 30% (150 of 500) takes 3/4 and the whole group of 1/2 (400) */
    hs_holdem_dist_combo d[5];
    memset(d, 0, sizeof d);
    static const uint64_t WINS[5] = {3, 2, 4, 1, 1}, DEALS[5] = {4, 4, 8, 2, 4};
    for (int i = 0; i < 5; i++) {
        d[i].weight = 100;
        d[i].deals = DEALS[i];
        d[i].wins = WINS[i];
        d[i].losses = DEALS[i] - WINS[i];
    }
    assert_int_equal(hs_holdem_filter_top(d, 5, 30, 100, keep), 4);
    assert_memory_equal(keep, ((unsigned char[5]){1, 1, 1, 1, 0}), 5);
    assert_int_equal(hs_holdem_filter_top(d, 5, 20, 100, keep), 1); /* exactly 20%: 3/4 alone */
    assert_int_equal(hs_holdem_filter_top(d, 5, 21, 100, keep), 4);
    assert_int_equal(hs_holdem_filter_top(d, 5, 81, 100, keep), 5);
}

/* The 30 classes of the first scenario, each against hs_holdem_equity_ranges of the class. */
static void test_matrix_cells_are_holdem_equity(void **state) {
    (void)state;
    const scenario *s = &SCENARIOS[0];
    size_t n;
    hs_holdem_dist_combo *d = dist_of(s, 0, &n);
    hs_holdem_matrix_cell cells[HS_HOLDEM_CLASSES];
    const int nc = hs_holdem_matrix_cells(d, n, cells);
    assert_int_equal(nc, HS_HOLDEM_CLASSES); /* every class has a live combination */
    hs_holdem_range *v = range_of(s->villain);
    mpq_t q_engine, q_lib, q_ref;
    mpq_inits(q_engine, q_lib, q_ref, NULL);
    int checked = 0;
    for (int c = 0; c < HS_HOLDEM_CLASSES; c++) {
        if (c % 6 != 0 && c != 1)
            continue;
        assert_int_equal(cells[c].cls, c);
        char name[4];
        hs_holdem_class_name(c, name);
        hs_holdem_range *cls = range_of(name);
        hs_holdem_equity_exact e;
        engine_equity(cls, v, cards(s->board), cards(s->dead), &e, q_engine);
        total_equity(&cells[c].total, q_lib);
        ref_part_equity(d, n, NULL, c, q_ref);
        if (!mpq_equal(q_engine, q_lib) || !mpq_equal(q_ref, q_lib))
            fail_msg("class %s: the matrix's equity is not holdem equity's", name);
        assert_true(cells[c].total.deals == e.deals);
        assert_true(cells[c].total.wins == e.player[0].wins);
        assert_true(cells[c].total.ties == e.player[0].ties);
        assert_true(cells[c].total.losses == e.player[0].losses);
        checked++;
        free(cls);
    }
    assert_int_equal(checked, 30);
    mpq_clears(q_engine, q_lib, q_ref, NULL);
    free(v);
    free(d);
}

/* A weighted hero range holding parts of classes: each cell is its part's own equity. */
static void test_matrix_weighted_parts(void **state) {
    (void)state;
    const scenario *s = &SCENARIOS[1];
    size_t n;
    hs_holdem_dist_combo *d = dist_of(s, 1, &n);
    hs_holdem_matrix_cell cells[HS_HOLDEM_CLASSES];
    const int nc = hs_holdem_matrix_cells(d, n, cells);
    hs_holdem_range *v = range_of(s->villain);
    hs_holdem_range *part = malloc(sizeof *part);
    assert_non_null(part);
    mpq_t q_engine, q_lib;
    mpq_inits(q_engine, q_lib, NULL);
    size_t combos = 0;
    for (int i = 0; i < nc; i++) {
        part->n = 0;
        for (size_t j = 0; j < n; j++)
            if (d[j].cls == cells[i].cls) {
                part->combo[part->n] = d[j].combo;
                part->weight[part->n++] = d[j].weight;
            }
        assert_int_equal(part->n, cells[i].total.combos);
        combos += part->n;
        hs_holdem_equity_exact e;
        engine_equity(part, v, cards(s->board), cards(s->dead), &e, q_engine);
        total_equity(&cells[i].total, q_lib);
        assert_true(mpq_equal(q_engine, q_lib));
        assert_true(cells[i].total.wins == e.player[0].wins && cells[i].total.deals == e.deals);
    }
    assert_int_equal(combos, n);
    /* QhJh@40 alone in QJs; KK@50 on a board with Kh: three combinations */
    int qjs = -1, kk = -1;
    for (int i = 0; i < nc; i++) {
        char name[4];
        hs_holdem_class_name(cells[i].cls, name);
        if (strcmp(name, "QJs") == 0)
            qjs = i;
        if (strcmp(name, "KK") == 0)
            kk = i;
    }
    assert_true(qjs >= 0 && kk >= 0);
    assert_int_equal(cells[qjs].total.combos, 1);
    assert_true(cells[qjs].total.weight == 4000); /* units of 1/HS_HOLDEM_WEIGHT_FULL */
    assert_int_equal(cells[kk].total.combos, 3);
    assert_true(cells[kk].total.weight == 15000);
    mpq_clears(q_engine, q_lib, NULL);
    free(part);
    free(v);
    free(d);
}

static size_t count_of(const char *s, const char *what) {
    size_t k = 0;
    for (const char *p = strstr(s, what); p != NULL; p = strstr(p + 1, what))
        k++;
    return k;
}

static void test_matrix_svg(void **state) {
    (void)state;
    char *doc[2];
    size_t len[2];
    for (int run = 0; run < 2; run++) {
        size_t n;
        hs_holdem_dist_combo *d = dist_of(&SCENARIOS[0], run + 1, &n);
        hs_holdem_matrix_cell cells[HS_HOLDEM_CLASSES];
        const int nc = hs_holdem_matrix_cells(d, n, cells);
        const char *title = "random against <20%> & \"friends\"";
        len[run] = hs_holdem_matrix_svg(cells, nc, title, NULL, 0);
        doc[run] = malloc(len[run] + 1);
        assert_non_null(doc[run]);
        assert_int_equal(hs_holdem_matrix_svg(cells, nc, title, doc[run], len[run] + 1), len[run]);
        assert_int_equal(strlen(doc[run]), len[run]);
        /* a short buffer: cut, NUL-terminated, the same length returned */
        char small[64];
        assert_int_equal(hs_holdem_matrix_svg(cells, nc, title, small, sizeof small), len[run]);
        assert_int_equal(strlen(small), sizeof small - 1);
        assert_memory_equal(small, doc[run], sizeof small - 1);
        free(d);
    }
    assert_int_equal(len[0], len[1]);
    assert_memory_equal(doc[0], doc[1], len[0]); /* threads 1 and 2: the same bytes */
    const char *s = doc[0];
    assert_int_equal(strncmp(s, "<svg xmlns=\"http://www.w3.org/2000/svg\"", 39), 0);
    assert_int_equal(strcmp(s + len[0] - 7, "</svg>\n"), 0);
    assert_int_equal(count_of(s, "<rect x="), HS_HOLDEM_CLASSES + 13); /* cells and legend */
    assert_non_null(strstr(s, "&lt;20%&gt; &amp; &quot;friends&quot;"));
    assert_null(strstr(s, "url("));
    assert_null(strstr(s, "@font-face"));
    assert_null(strstr(s, "@import"));
    assert_non_null(strstr(s, ">AA</text>"));
    assert_non_null(strstr(s, ">72o</text>"));
    assert_non_null(strstr(s, ">100%</text>"));
    free(doc[0]);
    free(doc[1]);
    /* no cell: every class grey */
    char *empty = malloc(65536);
    assert_non_null(empty);
    assert_true(hs_holdem_matrix_svg(NULL, 0, NULL, empty, 65536) < 65536);
    assert_int_equal(count_of(empty, "fill=\"#e6e6e6\""), HS_HOLDEM_CLASSES);
    free(empty);
}

/* A request refused: its code and a message holding `what`. */
static void refused(const char *command, const char *const *args, int code, const char *what) {
    hs_request *r;
    assert_int_equal(hs_request_new(command, &r), HS_OK);
    for (size_t i = 0; args[i] != NULL; i += 2)
        assert_int_equal(hs_request_add(r, args[i], args[i + 1]), HS_OK);
    hs_table *t = NULL;
    char msg[HS_REQUEST_MESSAGE];
    const int rc = hs_request_run(r, 1, NULL, NULL, &t, msg, sizeof msg);
    if (rc != code || strstr(msg, what) == NULL)
        fail_msg("%s: %d '%s', expected %d '%s'", command, rc, msg, code, what);
    assert_null(t);
    hs_request_free(r);
}

static void test_requests_name_bad_input(void **state) {
    (void)state;
#define F(...) ((const char *const[]){"hand", "random", __VA_ARGS__, NULL})
    refused("holdem filter", F("vs", "QX", "min-equity", "0.5"), HS_ERR_TOKEN, "vs: 'QX'");
    refused("holdem filter", F("vs", "QQ+", "min-equity", "1.5"), HS_ERR_TOKEN,
            "min-equity: '1.5' is not an equity from 0 to 1");
    refused("holdem filter", F("vs", "QQ+", "min-equity", "abc"), HS_ERR_TOKEN,
            "min-equity: 'abc'");
    refused("holdem filter", F("vs", "QQ+", "max-equity", "3/2"), HS_ERR_TOKEN,
            "max-equity: '3/2'");
    refused("holdem filter", F("vs", "QQ+", "max-equity", "1/0"), HS_ERR_TOKEN,
            "max-equity: '1/0'");
    refused("holdem filter", F("vs", "QQ+", "min-equity", "-0.1"), HS_ERR_TOKEN,
            "min-equity: '-0.1'");
    refused("holdem filter", F("vs", "QQ+", "top", "0"), HS_ERR_TOKEN, "top: '0' is not");
    refused("holdem filter", F("vs", "QQ+", "top", "101%"), HS_ERR_TOKEN, "top: '101%'");
    refused("holdem filter", F("vs", "QQ+", "top", "2.55555"), HS_ERR_TOKEN, "top: '2.55555'");
    refused("holdem filter", F("vs", "QQ+", "top", "25%", "min-equity", "0.5"), HS_ERR_ARG,
            "not both");
    refused("holdem filter", F("vs", "QQ+"), HS_ERR_ARG, "give min-equity");
    refused("holdem filter", F("vs", "QQ+", "min-equity", "0.6", "max-equity", "0.2"), HS_ERR_ARG,
            "max-equity: '0.2' is below min-equity '0.6'");
    refused("holdem filter",
            ((const char *const[]){"hand", "72o", "vs", "AA", "board", "AhKdQc", "min-equity",
                                   "0.5", NULL}),
            HS_ERR_COUNT, "no combination of '72o' has exact equity at least 0.5 against 'AA'");
    refused("holdem filter", F("vs", "KhKd", "board", "Kh7d2c", "min-equity", "0.5"), HS_ERR_COUNT,
            "vs: every combination of 'KhKd' meets the board");
    refused("holdem filter", F("vs", "QQ+", "board", "Kh7d2c9s8s4d", "min-equity", "0.5"),
            HS_ERR_COUNT, "board: 'Kh7d2c9s8s4d' is 6 cards");
    refused("holdem matrix", F("vs", "QQ+", "svg", "1", "by-combo", "1"), HS_ERR_ARG,
            "svg: the heat map is of classes");
    refused("holdem matrix", F("vs", "QQ+,AK@x"), HS_ERR_TOKEN, "vs: 'AK@x'");
    refused("holdem matrix", ((const char *const[]){"hand", "AhAd", "vs", "AhAc,AdAc", NULL}),
            HS_ERR_COUNT, "no deal is possible: every combination of 'AhAd'");
    refused("holdem matrix", ((const char *const[]){"hand", "A3x", "vs", "QQ", NULL}), HS_ERR_TOKEN,
            "hand: 'A3x'");
#undef F
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_filter_bounds),
        cmocka_unit_test(test_filter_top),
        cmocka_unit_test(test_matrix_cells_are_holdem_equity),
        cmocka_unit_test(test_matrix_weighted_parts),
        cmocka_unit_test(test_matrix_svg),
        cmocka_unit_test(test_requests_name_bad_input),
    };
    return hs_run_tests(tests, NULL, NULL);
}
