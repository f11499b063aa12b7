/* The request layer (handstat/request.h): the command line's options map to the request's
 * arguments and its --csv renders the table as written here (test_cli_mapping_and_rendering:
 * the CLI is a shell over this layer, so that test does not check the counts against a second
 * implementation, only the argument mapping and the rendering; the counts are checked against
 * the references by the library's tests); the two-step form (start, run the job, finish) gives
 * the same table as one call; refused requests name the argument and the token. */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "cli_assert.h"
#include "test_skip.h"
#include "handstat/handstat.h"

/* The table as RFC 4180 CSV (the command line's quoting), in a heap string. */
static char *table_csv(const hs_table *t) {
    size_t cap = 1 << 16, len = 0;
    char *out = malloc(cap);
    assert_non_null(out);
    const size_t cols = hs_table_columns(t);
    for (size_t row = 0; row <= hs_table_rows(t); row++)
        for (size_t c = 0; c < cols; c++) {
            const char *cell = row == 0 ? hs_table_column(t, c) : hs_table_cell(t, row - 1, c);
            assert_non_null(cell);
            const int quote = strpbrk(cell, ",\"\r\n") != NULL;
            while (len + 2 * strlen(cell) + 8 > cap) {
                cap *= 2;
                out = realloc(out, cap);
                assert_non_null(out);
            }
            if (quote)
                out[len++] = '"';
            for (const char *p = cell; *p; p++) {
                if (*p == '"')
                    out[len++] = '"';
                out[len++] = *p;
            }
            if (quote)
                out[len++] = '"';
            out[len++] = c + 1 == cols ? '\n' : ',';
        }
    out[len] = '\0';
    return out;
}

typedef struct query {
    const char *command;
    const char *args[12]; /* key, value pairs, NULL-ended */
    const char *cli[14];  /* the same on the command line (with --csv), NULL-ended */
} query;

static const query QUERIES[] = {
    {"holdem equity",
     {"hand", "QQ+,AKs", "hand", "JJ-99,AQs+", "board", "Kh7d2c"},
     {"holdem", "equity", "QQ+,AKs", "JJ-99,AQs+", "--board", "Kh7d2c", "--csv"}},
    {"holdem equity",
     {"hand", "AhAd", "hand", "KsKc"},
     {"holdem", "equity", "AhAd", "KsKc", "--csv"}},
    {"query",
     {"query", "select avg(riverEquity(hero)), count(outs(hero, turn) > 8), "
               "histogram(handType(villain, river)) from hero=AhKh, villain='QQ,JJ@50', "
               "board=Qh7h2c5s where riverSuit() != hearts"},
     {"query", "--csv",
      "select avg(riverEquity(hero)), count(outs(hero, turn) > 8), "
      "histogram(handType(villain, river)) from hero=AhKh, villain='QQ,JJ@50', "
      "board=Qh7h2c5s where riverSuit() != hearts"}},
    {"query",
     {"query", "select avg(riverEquity(hero)), count(winsHi(villain)) from hero=AKs, villain=QQ+",
      "samples", "3000", "seed", "9"},
     {"query", "--csv",
      "select avg(riverEquity(hero)), count(winsHi(villain)) from hero=AKs, villain=QQ+",
      "--samples", "3000", "--seed", "9"}},
    {"holdem equity",
     {"hand", "AA,KK@50", "hand", "random", "hand", "76s", "board", "2c3d4h5s", "dead", "9h"},
     {"holdem", "equity", "AA,KK@50", "random", "76s", "--board", "2c3d4h5s", "--dead", "9h",
      "--csv"}},
    {"holdem equity",
     {"hand", "AA", "hand", "KK", "samples", "2000", "seed", "7"},
     {"holdem", "equity", "AA", "KK", "--samples", "2000", "--seed", "7", "--csv"}},
    {"shortdeck equity",
     {"hand", "AhKh", "hand", "QsQd", "board", "6c7c8c"},
     {"shortdeck", "equity", "AhKh", "QsQd", "--board", "6c7c8c", "--csv"}},
    {"shortdeck equity",
     {"hand", "random", "hand", "AA", "straight-beats-trips", "1", "board", "9h Th Jd"},
     {"shortdeck", "equity", "random", "AA", "--straight-beats-trips", "--board", "9h Th Jd",
      "--csv"}},
    {"holdem hits",
     {"hand", "QQ+,AKs@50,T9s", "board", "Kh7d2c"},
     {"holdem", "hits", "QQ+,AKs@50,T9s", "--board", "Kh7d2c", "--csv"}},
    {"holdem hits",
     {"hand", "9h8h,AhAd,22", "board", "Th7h2c5s", "by-combo", "1"},
     {"holdem", "hits", "9h8h,AhAd,22", "--board", "Th7h2c5s", "--by-combo", "--csv"}},
    {"holdem hits",
     {"hand", "AKs,77,JTo@25", "streets", "flop,turn", "dead", "2c"},
     {"holdem", "hits", "AKs,77,JTo@25", "--flops", "--turns", "--dead", "2c", "--csv"}},
    {"holdem equity-dist",
     {"hand", "QQ+,AKs", "hand", "JJ-99,AQs+@40", "board", "Kh7d2c"},
     {"holdem", "equity-dist", "QQ+,AKs", "JJ-99,AQs+@40", "--board", "Kh7d2c", "--csv"}},
    {"holdem equity-dist",
     {"hand", "random", "hand", "random", "board", "2c2d2h2s", "bins", "7"},
     {"holdem", "equity-dist", "random", "random", "--board", "2c2d2h2s", "--bins", "7", "--csv"}},
    {"holdem filter",
     {"hand", "random", "vs", "QQ+,AKs@50", "board", "Kh7d2c", "dead", "9s", "min-equity", "1/2"},
     {"holdem", "filter", "random", "--vs", "QQ+,AKs@50", "--board", "Kh7d2c", "--dead", "9s",
      "--min-equity", "1/2", "--csv"}},
    {"holdem filter",
     {"hand", "AA,KK@50,T9s,72o", "vs", "JJ+,AQs+", "board", "Kh7d2c", "top", "40%", "by-combo",
      "1"},
     {"holdem", "filter", "AA,KK@50,T9s,72o", "--vs", "JJ+,AQs+", "--board", "Kh7d2c", "--top",
      "40%", "--by-combo", "--csv"}},
    {"holdem filter",
     {"hand", "22+,AKs", "vs", "QQ+", "board", "Kh7d2c9s", "min-equity", "0.2", "max-equity",
      "60%"},
     {"holdem", "filter", "22+,AKs", "--vs", "QQ+", "--board", "Kh7d2c9s", "--min-equity", "0.2",
      "--max-equity", "60%", "--csv"}},
    {"holdem matrix",
     {"hand", "random", "vs", "QQ+,AKs@50", "board", "Kh7d2c"},
     {"holdem", "matrix", "random", "--vs", "QQ+,AKs@50", "--board", "Kh7d2c", "--csv"}},
    {"holdem matrix",
     {"hand", "AA,KhQh@40", "vs", "QQ+", "board", "Kh7d2c", "by-combo", "1"},
     {"holdem", "matrix", "AA,KhQh@40", "--vs", "QQ+", "--board", "Kh7d2c", "--by-combo", "--csv"}},
    {"omaha equity",
     {"hand", "AhAdKsQs", "hand", "9h8h7c6c", "board", "2c3d4h"},
     {"omaha", "equity", "AhAdKsQs", "9h8h7c6c", "--board", "2c3d4h", "--csv"}},
    {"omaha equity",
     {"hand", "AhAdKsQs", "hand", "9h8h7c6c", "board", "2c3d4h", "hilo", "1"},
     {"omaha", "equity", "AhAdKsQs", "9h8h7c6c", "--board", "2c3d4h", "--hilo", "--csv"}},
    {"stud equity",
     {"hand", "As Ad Ac Ah 2c 3d", "hand", "Kh Qh Jh Th 4s 5s", "dead", "9c"},
     {"stud", "equity", "As Ad Ac Ah 2c 3d", "Kh Qh Jh Th 4s 5s", "--dead", "9c", "--csv"}},
    {"stud equity",
     {"hand", "Ah 2d 3c 4s 5h Kd", "hand", "Ks Kc Qs Qc Jh Td", "hilo", "1"},
     {"stud", "equity", "--hilo", "Ah 2d 3c 4s 5h Kd", "Ks Kc Qs Qc Jh Td", "--csv"}},
    {"razz equity",
     {"hand", "Ah 2d 3c 4s 5h Kd", "hand", "6s 7c 8s 9c Th Jd"},
     {"razz", "equity", "Ah 2d 3c 4s 5h Kd", "6s 7c 8s 9c Th Jd", "--csv"}},
    {"crib score",
     {"hand", "5H 5D 5S JC 5C"},
     {"crib", "score", "--csv", "5H", "5D", "5S", "JC", "5C"}},
    {"crib score",
     {"hand", "AH 2H 3H 4H 5S", "crib", "1"},
     {"crib", "score", "--csv", "--crib", "AH", "2H", "3H", "4H", "5S"}},
    {"crib discard",
     {"hand", "2C 3H 4D 5D 5S JS"},
     {"crib", "discard", "--csv", "2C", "3H", "4D", "5D", "5S", "JS"}},
    {"crib discard",
     {"hand", "2C 3H 4D 5D 5S JS", "role", "pone", "pegging", "1"},
     {"crib", "discard", "--csv", "--pone", "--pegging", "2C", "3H", "4D", "5D", "5S", "JS"}},
    {"crib discard",
     {"hand", "AS 5H 5C TD KS", "role", "dealer"},
     {"crib", "discard", "--csv", "--dealer", "AS", "5H", "5C", "TD", "KS"}},
    {"poker rank",
     {"hand", "KH KD KC 4S 4H 2C 9D"},
     {"poker", "rank", "--csv", "KH", "KD", "KC", "4S", "4H", "2C", "9D"}},
    {"crib peg",
     {"hand", "5H 5D JC 4S", "hand", "6C 9D TH KS"},
     {"crib", "peg", "--csv", "5H", "5D", "JC", "4S", "--", "6C", "9D", "TH", "KS"}},
    {"crib hist", {"crib", "1"}, {"crib", "hist", "--crib", "--quiet"}},
    /* throw-table writes CSV without --csv */
    {"crib throw-table", {NULL}, {"crib", "throw-table", NULL}},
    {"lowball rank",
     {"hand", "KD 5S 4H 3C 2D AS 9C", "kind", "a5"},
     {"lowball", "rank", "--a5", "--csv", "KD", "5S", "4H", "3C", "2D", "AS", "9C"}},
    {"lowball rank",
     {"hand", "AS 2D 3C 4H 5S 8H 6C", "kind", "27"},
     {"lowball", "rank", "--27", "--csv", "AS 2D 3C 4H 5S 8H 6C"}},
    {"shortdeck rank",
     {"hand", "9S 9D 9C 6S 7D 8C TH", "straight-beats-trips", "1"},
     {"shortdeck", "rank", "--csv", "--straight-beats-trips", "9S 9D 9C 6S 7D 8C TH"}},
    {"poker hist", {"cards", "7"}, {"poker", "hist", "--cards", "7", "--quiet"}},
    {"poker hist",
     {"cards", "5", "classes", "1"},
     {"poker", "hist", "--cards", "5", "--classes", "--quiet"}},
    {"shortdeck hist",
     {"cards", "6", "straight-beats-trips", "1"},
     {"shortdeck", "hist", "--cards", "6", "--straight-beats-trips", "--quiet"}},
    {"lowball hist", {"kind", "27"}, {"lowball", "hist", "--27", "--quiet"}},
    {"badugi rank", {"hand", "KC KD 2H 3H"}, {"badugi", "rank", "--csv", "KC", "KD", "2H", "3H"}},
    {"badugi hist", {NULL}, {"badugi", "hist", "--quiet"}},
    {"draw odds",
     {"game", "27", "hand", "7S 6D 3C 2H", "draw", "1", "discard", "KD"},
     {"draw", "odds", "--game", "27", "7S 6D 3C 2H", "--draw", "1", "--discard", "KD", "--quiet"}},
    {"draw discard",
     {"game", "badugi", "hand", "AS 2D 3H 4H", "opponent", "AC 5D 6H 7S"},
     {"draw", "discard", "--game", "badugi", "AS 2D 3H 4H", "--vs", "AC 5D 6H 7S", "--quiet"}},
    {"draw table", {"game", "a5"}, {"draw", "table", "--game", "a5", "--quiet"}},
    {"draw equity",
     {"game", "a5", "hand", "AS 2D 3C 4H KD:KD", "hand", "AC 2S 3D 5H QS:QS", "dead", "7C"},
     {"draw", "equity", "--game", "a5", "AS 2D 3C 4H KD:KD", "AC 2S 3D 5H QS:QS", "--dead", "7C",
      "--quiet"}},
    {"draw equity",
     {"game", "badugi", "hand", "AS 2D 3H 4H", "hand", "KC 5D 6H 7S", "draws", "3", "policy",
      "keep:3,pat"},
     {"draw", "equity", "--game", "badugi", "AS 2D 3H 4H", "KC 5D 6H 7S", "--draws", "3",
      "--policy", "keep:3,pat", "--quiet"}},
    {"poker showdown",
     {"hand", "7c 5d 4h 3s 2c"},
     {"poker", "matchups", "--hand", "7c 5d 4h 3s 2c", "--csv"}},
    /* vs-random writes CSV without --csv (standard output: no -o); its exact table takes about
     * 8 s of CPU a run, too long here: test_cli_holdem_vs_random checks the command line's,
     * which is this table written out */
    {"holdem vs-random",
     {"opponents", "4", "samples", "2000", "seed", "7"},
     {"holdem", "vs-random", "--samples", "2000", "--seed", "7", "--opponents", "4", "--quiet"}},
    {"holdem vs-random",
     {"samples", "1500", "opponents", "2,5-6", "classes", "72o, aa,AKs"},
     {"holdem", "vs-random", "--samples", "1500", "--opponents", "2,5-6", "--classes",
      "72o, aa,AKs", "--quiet"}},
};

static hs_request *request_of(const query *q) {
    hs_request *r;
    assert_int_equal(hs_request_new(q->command, &r), HS_OK);
    for (int i = 0; q->args[i] != NULL; i += 2)
        assert_int_equal(hs_request_add(r, q->args[i], q->args[i + 1]), HS_OK);
    return r;
}

/* Each query through the layer and through the command line (which builds the same request
 * from its options and renders the table with its own writer): the same bytes mean the options
 * map to the same arguments and the writer quotes and formats as table_csv(). Since the CLI
 * calls this layer, equal counts here are not an independent check of the counts. */
static void test_cli_mapping_and_rendering(void **state) {
    (void)state;
    for (size_t i = 0; i < sizeof QUERIES / sizeof QUERIES[0]; i++) {
        const query *q = &QUERIES[i];
        hs_request *r = request_of(q);
        hs_table *t;
        char msg[HS_REQUEST_MESSAGE];
        int rc = hs_request_run(r, 2, NULL, NULL, &t, msg, sizeof msg);
        if (rc != HS_OK)
            fail_msg("query %zu (%s): %d %s", i, q->command, rc, msg);
        assert_string_equal(msg, "");
        char *csv = table_csv(t);
        cli_result cli = cli_run(q->cli, NULL);
        if (cli.status != 0)
            fail_msg("query %zu: the command line: exit %d: %s", i, cli.status, cli.err);
        if (strcmp(csv, cli.out) != 0)
            fail_msg("query %zu (%s): the table\n%s\nthe command line\n%s", i, q->command, csv,
                     cli.out);
        /* the two steps, the job run on one thread, give the same table */
        hs_job *job;
        assert_int_equal(hs_request_start(r, &job, msg, sizeof msg), HS_OK);
        if (job != NULL)
            assert_int_equal(hs_job_run(job, 0, hs_job_units(job), NULL), HS_OK);
        hs_table *t2;
        assert_int_equal(hs_request_finish(r, job, 1, NULL, NULL, &t2, msg, sizeof msg), HS_OK);
        char *csv2 = table_csv(t2);
        assert_string_equal(csv2, csv);
        free(csv2);
        hs_table_free(t2);
        hs_job_free(job);
        free(csv);
        cli_result_free(&cli);
        hs_table_free(t);
        hs_request_free(r);
    }
}

static void test_notes_and_kinds(void **state) {
    (void)state;
    hs_request *r;
    assert_int_equal(hs_request_new("crib explain", &r), HS_OK);
    assert_int_equal(hs_request_add(r, "hand", "5h 5d 5s jc 5c"), HS_OK);
    hs_table *t;
    assert_int_equal(hs_request_run(r, 0, NULL, NULL, &t, NULL, 0), HS_OK);
    assert_string_equal(hs_table_note(t, "total"), "29");
    assert_string_equal(hs_table_note(t, "fifteens"), "16");
    /* eight fifteens, six pairs, nobs */
    assert_int_equal(hs_table_rows(t), 15);
    assert_string_equal(hs_table_cell(t, 14, 0), "nobs");
    assert_string_equal(hs_table_cell(t, 14, 1), "JC");
    assert_int_equal(hs_table_column_kind(t, 2), HS_CELL_INT);
    assert_null(hs_table_cell(t, 15, 0));
    assert_null(hs_table_note(t, "nothing"));
    hs_table_free(t);
    hs_request_free(r);

    assert_int_equal(hs_request_new("holdem equity", &r), HS_OK);
    assert_int_equal(hs_request_add(r, "hand", "AhAd"), HS_OK);
    assert_int_equal(hs_request_add(r, "hand", "KsKc"), HS_OK);
    assert_int_equal(hs_request_run(r, 0, NULL, NULL, &t, NULL, 0), HS_OK);
    assert_string_equal(hs_table_note(t, "deals"), "1712304");
    assert_string_equal(hs_table_cell(t, 0, 6), "29603/36432");
    assert_int_equal(hs_table_column_kind(t, 6), HS_CELL_FRACTION);
    assert_int_equal(hs_table_column_kind(t, 5), HS_CELL_DECIMAL);
    /* the numbers behind the cells, for rendering at any precision */
    assert_true(hs_table_number(t, 0, 5) == hs_ratio_u128(29603, 36432)); /* toward zero */
    assert_true(fabs(hs_table_number(t, 0, 5) - 29603.0 / 36432.0) < 1e-15);
    assert_true(hs_table_number(t, 0, 6) == hs_ratio_u128(29603, 36432));
    assert_true(hs_table_number(t, 1, 2) == 317694.0);
    assert_true(hs_table_number(t, 0, 1) != hs_table_number(t, 0, 1)); /* text: NaN */
    assert_true(hs_table_number(t, 2, 0) != hs_table_number(t, 2, 0)); /* no such row */
    hs_table_free(t);
    char buf[HS_TOKEN_TEXT];
    assert_string_equal(hs_text_fraction(buf, sizeof buf, 0, 5), "0/1");
    assert_string_equal(hs_text_fraction(buf, sizeof buf, 10, 4), "5/2");
    assert_string_equal(hs_text_u128(buf, sizeof buf, (hs_uint128)1 << 100),
                        "1267650600228229401496703205376");
    assert_string_equal(hs_text_token(buf,
                                      "\x01"
                                      "ab\xC3\xA9",
                                      5),
                        "\\x01ab\\xC3\\xA9");
    assert_string_equal(hs_text_token(buf, "0123456789012345678901234567890123456789ZZ", 42),
                        "0123456789012345678901234567890123456789...");
    uint64_t u = 7;
    assert_int_equal(hs_text_parse_u64("18446744073709551615", 0, UINT64_MAX, &u), 1);
    assert_true(u == UINT64_MAX);
    assert_int_equal(hs_text_parse_u64("0042", 1, 50, &u), 1);
    assert_true(u == 42);
    u = 7; /* refused: untouched */
    assert_int_equal(hs_text_parse_u64("18446744073709551616", 0, UINT64_MAX, &u), 0);
    assert_int_equal(hs_text_parse_u64("", 0, 9, &u), 0);
    assert_int_equal(hs_text_parse_u64("-1", 0, 9, &u), 0);
    assert_int_equal(hs_text_parse_u64("1e6", 0, UINT64_MAX, &u), 0);
    assert_int_equal(hs_text_parse_u64(" 5", 0, 9, &u), 0);
    assert_int_equal(hs_text_parse_u64("0", 1, 9, &u), 0);
    assert_int_equal(hs_text_parse_u64("10", 1, 9, &u), 0);
    assert_true(u == 7);
    /* the opponent counts of holdem vs-random: a bit per count; a bad item located */
    unsigned set = 0;
    hs_parse_error err;
    assert_int_equal(hs_text_parse_counts("2,5-7", 9, &set, &err), HS_OK);
    assert_int_equal(set, 1u << 2 | 1u << 5 | 1u << 6 | 1u << 7);
    assert_int_equal(hs_text_parse_counts("1-3,2", 3, &set, &err), HS_OK);
    assert_int_equal(set, 0xEu);
    static const struct {
        const char *text;
        int rc;
        size_t offset, length;
    } BAD[] = {{"1,,3", HS_ERR_TOKEN, 2, 0}, {"1-", HS_ERR_TOKEN, 0, 2},
               {"2-1", HS_ERR_TOKEN, 0, 3},  {"10", HS_ERR_TOKEN, 0, 2},
               {"", HS_ERR_TOKEN, 0, 0},     {" 1", HS_ERR_TOKEN, 0, 2},
               {"1,4", HS_ERR_ARG, 2, 1},    {"2-9", HS_ERR_ARG, 0, 3}};
    for (size_t i = 0; i < sizeof BAD / sizeof BAD[0]; i++) {
        set = 7;
        assert_int_equal(hs_text_parse_counts(BAD[i].text, 3, &set, &err), BAD[i].rc);
        assert_int_equal(err.offset, BAD[i].offset);
        assert_int_equal(err.length, BAD[i].length);
        assert_int_equal(set, 7); /* untouched */
    }
    hs_request_free(r);

    const char *const *commands = hs_request_commands();
    int n = 0;
    while (commands[n] != NULL)
        n++;
    assert_int_equal(n, 41);
    for (int i = 0; i < n; i++) { /* every name listed is a command */
        assert_int_equal(hs_request_new(commands[i], &r), HS_OK);
        hs_request_free(r);
    }
}

/* The commands without a --csv of their own, against published or hand-checked answers: the Omaha
 * example of `omaha rank --help`, two compared hands, the text breakdown's items of 29. */
static void test_text_commands(void **state) {
    (void)state;
    static const query CASES[] = {
        {"omaha rank", {"hand", "AH 2H KS QS", "board", "3H 4D 8H JC 9H"}, {NULL}},
        {"omaha rank", {"hand", "AH 2H KS QS", "board", "3H 4D KH JC 9H"}, {NULL}},
        {"poker compare", {"hand", "AS AD KC KD 2S", "hand", "QS QH QD 3C 3H"}, {NULL}},
        {"poker compare", {"hand", "AS KS QS JS 9S", "hand", "AH KH QH JH 9H"}, {NULL}},
        {"crib peg-line", {"hand", "5H 5D JC 4S", "hand", "6C 9D TH KS"}, {NULL}},
        {"poker pe54", {"hand", "5H 5C 6S 7S KD 2C 3S 8S 8D TD"}, {NULL}},
        {"poker pe54", {"hand", "2H 2D 4C 4D 4S 3C 3D 3S 9S 9D"}, {NULL}},
    };
    /* (row 0, col) cells expected, then a note */
    static const struct {
        int col;
        const char *cell, *note, *value;
    } WANT[] = {
        {0, "761", "", ""},          /* A-9-8-3-2 flush (AH 2H with 3H 8H 9H) */
        {0, "451", "", ""},          /* A-K-9-3-2 flush (AH 2H with 3H KH 9H), not the kings */
        {2, "2478", "winner", "2"},  /* A-A-K-K-2 against queens full */
        {2, "323", "winner", "tie"}, /* two A-K-Q-J-9 flushes */
        {1, "4S", "differential", "-3"},
        {0, "2", "", ""}, /* Project Euler 54's first example: pair of eights beats fives */
        {0, "1", "", ""}, /* its last: fours full beats threes full */
    };
    _Static_assert(sizeof WANT / sizeof WANT[0] == sizeof CASES / sizeof CASES[0], "one each");
    for (size_t i = 0; i < sizeof CASES / sizeof CASES[0]; i++) {
        hs_request *r = request_of(&CASES[i]);
        hs_table *t;
        char msg[HS_REQUEST_MESSAGE];
        assert_int_equal(hs_request_run(r, 1, NULL, NULL, &t, msg, sizeof msg), HS_OK);
        assert_string_equal(hs_table_cell(t, 0, WANT[i].col), WANT[i].cell);
        if (*WANT[i].note != '\0' && *WANT[i].value != '\0')
            assert_string_equal(hs_table_note(t, WANT[i].note), WANT[i].value);
        if (i < 2) /* the lows: 8-4-3-2-A (A 2 of the hole, 3 4 8 of the board); none (two low
                    * board cards only) */
            assert_string_equal(hs_table_cell(t, 0, 4), i == 0 ? "22" : "0");
        hs_table_free(t);
        hs_request_free(r);
    }
}

static int stop_at_once(void *ctx, uint64_t done, uint64_t total) {
    (void)ctx;
    (void)done;
    (void)total;
    return 1;
}

static void test_refused(void **state) {
    (void)state;
    hs_request *r;
    assert_int_equal(hs_request_new("holdem equities", &r), HS_ERR_ARG);
    assert_null(r);
    assert_int_equal(hs_request_new("holdem equity", &r), HS_OK);
    assert_int_equal(hs_request_add(r, "flop", "Kh7d2c"), HS_ERR_ARG); /* not a key of it */
    assert_int_equal(hs_request_add(r, "board", "Kh7d2c"), HS_OK);
    assert_int_equal(hs_request_add(r, "board", "Kh7d2c"), HS_ERR_DUPLICATE); /* twice */
    assert_int_equal(hs_request_add(r, "hand", "AX"), HS_OK);
    assert_int_equal(hs_request_add(r, "hand", "KK"), HS_OK);
    hs_table *t = (hs_table *)1;
    char msg[HS_REQUEST_MESSAGE];
    assert_int_equal(hs_request_run(r, 0, NULL, NULL, &t, msg, sizeof msg), HS_ERR_TOKEN);
    assert_null(t);
    assert_string_equal(msg, "hand 1: 'AX' is not two cards, a class or a range item (AhKd, AA, "
                             "AKs, AK, QQ+, A2s+, 55-22, A5s-A2s, random, 15%, ITEM@50)");
    hs_request_free(r);

    /* a control character is the grammar's to refuse, named escaped; a value too long and one
     * argument too many are refused when added */
    assert_int_equal(hs_request_new("poker rank", &r), HS_OK);
    assert_int_equal(hs_request_add(r, "hand", "AS KS\x01 QS JS TS"), HS_OK);
    assert_int_equal(hs_request_run(r, 0, NULL, NULL, &t, msg, sizeof msg), HS_ERR_TOKEN);
    assert_string_equal(msg, "hand: 'KS\\x01' is not a card");
    hs_request_free(r);
    static char big[HS_REQUEST_VALUE_MAX + 2];
    memset(big, 'A', sizeof big - 1);
    assert_int_equal(hs_request_new("holdem equity", &r), HS_OK);
    assert_int_equal(hs_request_add(r, "hand", big), HS_ERR_ARG);
    for (int i = 0; i < HS_REQUEST_ARGS; i++)
        assert_int_equal(hs_request_add(r, "hand", "AA"), HS_OK);
    assert_int_equal(hs_request_add(r, "hand", "AA"), HS_ERR_COUNT);
    hs_request_free(r);

    static const struct {
        const char *command;
        const char *args[10];
        int rc;
        const char *message;
    } cases[] = {
        {"holdem equity", {"hand", "AA"}, HS_ERR_ARG, "expected 2 to 9 hands, got 1"},
        {"holdem equity",
         {"hand", "AA", "hand", "KK", "board", "2c3c4c5c6c7c"},
         HS_ERR_COUNT,
         "board: '2c3c4c5c6c7c' is 6 cards; a board is 0 to 5 cards"},
        {"holdem equity",
         {"hand", "AA", "hand", "KK", "board", "2c3c4x"},
         HS_ERR_TOKEN,
         "board: '2c3c4x' is not a card"},
        {"holdem equity",
         {"hand", "AA", "hand", "KK", "board", "2c", "dead", "2c"},
         HS_ERR_DUPLICATE,
         "2C is both a board card and a dead card"},
        {"holdem equity",
         {"hand", "AhAd", "hand", "AhKd"},
         HS_ERR_DUPLICATE,
         "hand 2: AH is already in another hand"},
        {"holdem equity",
         {"hand", "AA", "hand", "KK", "samples", "1e6"},
         HS_ERR_ARG,
         "samples: '1e6' is not a whole number"},
        {"holdem equity",
         {"hand", "AA", "hand", "KK", "seed", "3"},
         HS_ERR_ARG,
         "seed: only with samples"},
        {"holdem hits", {"hand", "AA", "board", "Kh7d"}, HS_ERR_COUNT, "'Kh7d' is 2 cards"},
        {"shortdeck equity",
         {"hand", "AA", "hand", "72o"},
         HS_ERR_TOKEN,
         "hand 2: '72o' holds cards outside the short deck (6 through A)"},
        {"shortdeck equity",
         {"hand", "AA", "hand", "KK", "board", "2c7c8c"},
         HS_ERR_TOKEN,
         "board: 2C is not a short-deck card (6 through A only)"},
        {"holdem hits", {"hand", "AA"}, HS_ERR_ARG, "give a board"},
        {"holdem hits",
         {"hand", "AA", "streets", "flop,preflop"},
         HS_ERR_ARG,
         "streets: 'preflop' is not flop, turn or river"},
        {"holdem hits",
         {"hand", "KhKd", "board", "Kh7d2c"},
         HS_ERR_COUNT,
         "range: every combination of 'KhKd' meets the board"},
        {"holdem equity-dist",
         {"hand", "AhAd", "hand", "AhAs"},
         HS_ERR_COUNT,
         "no deal is possible: every combination of 'AhAd' shares a card"},
        {"holdem equity-dist",
         {"hand", "AA", "hand", "KK", "bins", "0"},
         HS_ERR_ARG,
         "bins: '0' is not a whole number from 1 to 1000"},
        {"omaha equity",
         {"hand", "AhAdKsQs", "hand", "9h8h7c6c5c4c3c"},
         HS_ERR_COUNT,
         "hand 2: '9h8h7c6c5c4c3c': a pattern of more than 4 cards (hands hold 4)"},
        {"omaha range", {"hand", "AA**-KK"}, HS_ERR_TOKEN, "range: 'AA**-KK': the two ends"},
        {"stud equity",
         {"hand", "2c 3c 4c", "hand", "5c 6c 7c", "hilo", "maybe"},
         HS_ERR_ARG,
         "hilo: 'maybe' is not 1 or 0"},
        {"crib score", {"hand", "5H 5D 5S JC"}, HS_ERR_COUNT, "hand: expected 5 cards"},
        {"crib discard",
         {"hand", "AS 5H 5C TD KS", "pegging", "1"},
         HS_ERR_COUNT,
         "pegging: the play is solved for two players: expected 6 cards, got 5"},
        {"crib discard",
         {"hand", "AS 5H 5C TD KS 2C", "role", "crib"},
         HS_ERR_ARG,
         "role: 'crib' is not dealer or pone"},
        {"poker rank", {"hand", "AS KS QS JS TS 9S 8S 7S"}, HS_ERR_COUNT, "too many cards at '7S'"},
        /* holdem vs-random: every bad opponents item named, with the limit that applies */
        {"holdem vs-random",
         {"opponents", "4"},
         HS_ERR_ARG,
         "opponents: '4': exact only up to 3 opponents (with samples, estimates up to 9)"},
        {"holdem vs-random",
         {"opponents", "1,2-9"},
         HS_ERR_ARG,
         "opponents: '2-9': exact only up to 3 opponents"},
        {"holdem vs-random",
         {"opponents", "x"},
         HS_ERR_ARG,
         "opponents: 'x' is not a count 1..3 or a range N-M of them (as 1-3)"},
        {"holdem vs-random", {"opponents", "0"}, HS_ERR_ARG, "opponents: '0' is not a count 1..3"},
        {"holdem vs-random",
         {"opponents", "3-1"},
         HS_ERR_ARG,
         "opponents: '3-1' is not a count 1..3"},
        {"holdem vs-random",
         {"opponents", "1,,3"},
         HS_ERR_ARG,
         "opponents: '' is not a count 1..3"},
        {"holdem vs-random", {"opponents", "1-"}, HS_ERR_ARG, "opponents: '1-' is not a count"},
        {"holdem vs-random",
         {"opponents", "1, 2"},
         HS_ERR_ARG,
         "opponents: ' 2' is not a count 1..3"},
        {"holdem vs-random",
         {"opponents", "2\x01"},
         HS_ERR_ARG,
         "opponents: '2\\x01' is not a count"},
        {"holdem vs-random",
         {"opponents", "10", "samples", "10"},
         HS_ERR_ARG,
         "opponents: '10' is not a count 1..9"},
        {"holdem vs-random",
         {"opponents", "3-10", "samples", "10"},
         HS_ERR_ARG,
         "opponents: '3-10' is not a count 1..9"},
        {"holdem vs-random",
         {"samples", "0"},
         HS_ERR_ARG,
         "samples: '0' is not a whole number from 1 to 10000000000"},
        {"holdem vs-random",
         {"samples", "10000000001"},
         HS_ERR_ARG,
         "samples: '10000000001' is not a whole number"},
        {"holdem vs-random", {"seed", "5"}, HS_ERR_ARG, "seed: only with samples"},
        {"holdem vs-random",
         {"samples", "10", "seed", "-1"},
         HS_ERR_ARG,
         "seed: '-1' is not a whole number"},
        {"holdem vs-random",
         {"classes", "AA,AK"},
         HS_ERR_ARG,
         "classes: 'AK' is not a starting-hand class"},
        {"holdem vs-random", {"classes", "AA,aa"}, HS_ERR_ARG, "classes: 'aa' is given twice"},
        {"holdem preflop",
         {"table", "pairs,matrix"},
         HS_ERR_ARG,
         "table: 'pairs,matrix' is not one of its tables (pairs or matrix)"},
        {"holdem preflop3", {"classes", "AA,XX"}, HS_ERR_ARG, "classes: 'XX' is not a"},
        {"crib deals",
         {"table", "total"},
         HS_ERR_ARG,
         "table: 'total' is not one of its tables (hand, combined or patterns)"},
        {"crib peg-table",
         {"table", "hand"},
         HS_ERR_ARG,
         "table: 'hand' is not one of its tables (total or patterns)"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        assert_int_equal(hs_request_new(cases[i].command, &r), HS_OK);
        for (int k = 0; cases[i].args[k] != NULL; k += 2)
            assert_int_equal(hs_request_add(r, cases[i].args[k], cases[i].args[k + 1]), HS_OK);
        int rc = hs_request_run(r, 0, NULL, NULL, &t, msg, sizeof msg);
        if (rc != cases[i].rc || strstr(msg, cases[i].message) == NULL)
            fail_msg("case %zu: %d '%s'", i, rc, msg);
        assert_null(t);
        hs_request_free(r);
    }

    /* a progress callback that stops: cancelled, no table */
    assert_int_equal(hs_request_new("holdem hits", &r), HS_OK);
    assert_int_equal(hs_request_add(r, "hand", "random"), HS_OK);
    assert_int_equal(hs_request_add(r, "streets", "turn"), HS_OK);
    assert_int_equal(hs_request_run(r, 1, stop_at_once, NULL, &t, msg, sizeof msg),
                     HS_ERR_CANCELLED);
    assert_null(t);
    assert_string_equal(msg, "cancelled");
    hs_request_free(r);
    /* the same for a job that owns its inputs (crib peg-table's discard tables) */
    assert_int_equal(hs_request_new("crib peg-table", &r), HS_OK);
    assert_int_equal(hs_request_run(r, 1, stop_at_once, NULL, &t, msg, sizeof msg),
                     HS_ERR_CANCELLED);
    assert_null(t);
    assert_string_equal(msg, "cancelled");
    hs_request_free(r);
}

/* crib deals and crib peg-table: hs_request_start makes the command line's job (its name, units
 * and parameters, so that its checkpoints fit), owning its tables, with a time estimate; every
 * table of one finished job comes from hs_request_finish (test_cli_deals and test_cli_peg check
 * the files the command line writes from them). */
static void test_deals_jobs(void **state) {
    (void)state;
    static const char *const COMMANDS[2] = {"crib deals", "crib peg-table"};
    for (int c = 0; c < 2; c++) {
        hs_request *r;
        hs_job *job;
        char msg[HS_REQUEST_MESSAGE];
        assert_int_equal(hs_request_new(COMMANDS[c], &r), HS_OK);
        assert_int_equal(hs_request_start(r, &job, msg, sizeof msg), HS_OK);
        assert_non_null(job);
        assert_string_equal(hs_job_name(job), COMMANDS[c]);
        assert_int_equal(hs_job_units(job), hs_discard_deals_units());
        assert_true(hs_request_job_seconds(r, job) > 0.5);
        /* the table of a job with no unit done: no rows; the deals counted so far as a note */
        hs_table *t;
        assert_int_equal(hs_request_finish(r, job, 1, NULL, NULL, &t, msg, sizeof msg), HS_OK);
        assert_int_equal(hs_table_rows(t), 0);
        assert_string_equal(hs_table_note(t, "deals"), "0");
        assert_null(hs_table_note(t, "mean_best_hand"));
        hs_table_free(t);
        hs_job_free(job); /* with its tables */
        hs_request_free(r);
    }
}

/* The long tables of hold'em and poker through the layer: preflop3 over AA and KK (the triples
 * a deal can hold, each player's equities adding up to 1, the deals of hs_holdem_preflop3_deals),
 * and poker matchups (every hand once, wins = losses over all). */
static void test_holdem_poker_tables(void **state) {
    (void)state;
    hs_request *r;
    hs_table *t;
    char msg[HS_REQUEST_MESSAGE];
    assert_int_equal(hs_request_new("holdem preflop3", &r), HS_OK);
    assert_int_equal(hs_request_add(r, "classes", "KK,AA"), HS_OK);
    assert_int_equal(hs_request_run(r, 0, NULL, NULL, &t, msg, sizeof msg), HS_OK);
    /* AA AA AA and KK KK KK hold no deal: AA AA KK and AA KK KK remain */
    assert_int_equal(hs_table_rows(t), 2);
    assert_string_equal(hs_table_note(t, "triples"), "4");
    const char *const rows[2][3] = {{"AA", "AA", "KK"}, {"AA", "KK", "KK"}};
    const int cls[2][3] = {{0, 0, 14}, {0, 14, 14}};
    for (size_t row = 0; row < 2; row++) {
        double sum = 0;
        for (size_t p = 0; p < 3; p++) {
            assert_string_equal(hs_table_cell(t, row, p), rows[row][p]);
            sum += hs_table_number(t, row, 4 + p);
        }
        assert_true(fabs(sum - 1.0) < 1e-9);
        char deals[24];
        snprintf(deals, sizeof deals, "%" PRIu64,
                 hs_holdem_preflop3_deals(cls[row][0], cls[row][1], cls[row][2]));
        assert_string_equal(hs_table_cell(t, row, 3), deals);
    }
    hs_table_free(t);
    hs_request_free(r);

    assert_int_equal(hs_request_new("poker matchups", &r), HS_OK);
    assert_int_equal(hs_request_run(r, 0, NULL, NULL, &t, msg, sizeof msg), HS_OK);
    assert_int_equal(hs_table_rows(t), HS_POKER_CLASSES);
    uint64_t hands = 0;
    for (size_t row = 0; row < hs_table_rows(t); row++)
        hands += strtoull(hs_table_cell(t, row, 2), NULL, 10);
    assert_int_equal(hands, 2598960);
    assert_string_equal(hs_table_note(t, "hands"), "2598960");
    assert_string_equal(hs_table_note(t, "wins"), hs_table_note(t, "losses"));
    hs_table_free(t);
    hs_request_free(r);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_cli_mapping_and_rendering),
        cmocka_unit_test(test_notes_and_kinds),
        cmocka_unit_test(test_refused),
        cmocka_unit_test(test_text_commands),
        cmocka_unit_test(test_holdem_poker_tables),
        cmocka_unit_test(test_deals_jobs),
    };
    return hs_run_tests(tests, NULL, NULL);
}
