/* handstat holdem hits and holdem equity-dist, run as a user would: the tables (text and CSV) of
 * cases whose counts follow from the rules or from the published facts, the equity distribution
 * against 'holdem equity' run on the same queries, the histogram and the SVG graph, refused
 * input, help, and an interrupted all-turns count resumed to the same table. The categories
 * themselves are checked against a separate reference by test_holdem_board. */
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

static void test_hits_board(void **state) {
    (void)state;
    /* QQ+,AKs on Kh7d2c: KK 3 combinations (a set), AA 6 (an overpair), AKs 3 (top pair; AhKh
     * meets the board), QQ 6 (below the top pair): 18 in all */
    cli_result r = RUN(NULL, "holdem", "hits", "QQ+,AKs", "--board", "Kh7d2c");
    assert_int_equal(r.status, 0);
    assert_contains(r.out, "range: QQ+,AKs   board: 2C 7D KH   dead: (none)\n");
    assert_contains(r.out, "combinations on the board: 18 (weighted;");
    assert_contains(r.out, "set                                         3    16.67%  1/6\n");
    assert_contains(r.out, "overpair                                    6    33.33%  1/3\n");
    assert_contains(r.out, "pocket pair below top pair                  6    33.33%  1/3\n");
    /* AcKc and AdKd: three to a flush with the 2c and the 7d */
    assert_contains(r.out, "backdoor flush draw                         2    11.11%  1/9\n");
    cli_result_free(&r);
    /* weights: AKs@50 counts 1.5 combinations; every category and flag in CSV */
    r = RUN(NULL, "holdem", "hits", "QQ+,AKs@50,T9s", "--board", "Kh 7d 2c", "--csv");
    assert_int_equal(r.status, 0);
    assert_contains(r.out, "kind,category,combos,share,share_exact\nmade,straight_flush,0,0,0/1\n");
    assert_contains(r.out, "made,top_pair,1.5,0.0731707317073,3/41\n");
    assert_contains(r.out, "made,nothing,4,0.19512195122,8/41\n");
    assert_contains(r.out, "flag,overcards,0,0,0/1\n");
    cli_result_free(&r);
    /* one combination at a time: 9h8h on Th7h2c is a flush draw and an open-ended straight draw;
     * AhAd an overpair with three hearts */
    r = RUN(NULL, "holdem", "hits", "9h8h,AhAd", "--board", "Th7h2c", "--by-combo", "--csv");
    assert_int_equal(r.status, 0);
    assert_contains(r.out, "combo,class,weight,category,flags\n");
    assert_contains(r.out, "9h8h,98s,100,nothing,flush_draw oesd combo_draw\n");
    assert_contains(r.out, "AhAd,AA,100,overpair,backdoor_flush\n");
    cli_result_free(&r);
    /* the river: a straight on the board plays for everybody without a better hand */
    r = RUN(NULL, "holdem", "hits", "2c2d,TcJc", "--board", "5h6h7s8d9c", "--by-combo", "--csv");
    assert_int_equal(r.status, 0);
    assert_contains(r.out, "2d2c,22,100,straight,plays_board\n");
    assert_contains(r.out, "JcTc,JTs,100,straight,\n");
    cli_result_free(&r);
}

static void test_hits_flops(void **state) {
    (void)state;
    cli_result r = RUN(NULL, "holdem", "hits", "77,AKs", "--flops", "--csv");
    assert_int_equal(r.status, 0);
    assert_contains(r.out, "class,combos,street,kind,category,hits,boards,share,share_exact\n");
    /* a suited hand flops a flush on 165 of 19,600 flops (one of them a straight flush) and a
     * flush draw on 2,145: four combinations */
    assert_contains(r.out, "AKs,4,flop,made,straight_flush,4,78400,");
    assert_contains(r.out, "AKs,4,flop,made,flush,656,78400,");
    assert_contains(r.out, "AKs,4,flop,flag,flush_draw,8580,78400,0.10943877551,429/3920\n");
    /* a pocket pair: a set on 2,112 flops, quads on 48, and 192 full houses (144 with one of its
     * rank and a board pair, 48 on board trips) */
    assert_contains(r.out, "77,6,flop,made,set,12672,117600,0.107755102041,132/1225\n");
    assert_contains(r.out, "77,6,flop,made,quads,288,117600,");
    assert_contains(r.out, "77,6,flop,made,full_house,1152,117600,");
    cli_result_free(&r);
    /* text: the range's shares per street */
    r = RUN(NULL, "holdem", "hits", "AKs", "--flops", "--turns");
    assert_int_equal(r.status, 0);
    assert_contains(r.out, "range: AKs (4 weighted combinations)   dead: (none)\n");
    assert_contains(r.out, "\nflop: every flop board");
    assert_contains(r.out, "\nturn: every turn board");
    assert_contains(r.out,
                    "flush draw                                     8580    10.94%  429/3920");
    cli_result_free(&r);
    /* dead cards: counted per combination; AhKh's flushes need three more hearts of 11 left,
     * the others of 12 but one fewer card in the deck */
    r = RUN(NULL, "holdem", "hits", "AhKh", "--flops", "--dead", "2h", "--csv");
    assert_int_equal(r.status, 0);
    /* C(10,3) = 120 flush flops (none a straight flush: QhJhTh would be one, 1 of them) */
    assert_contains(r.out, "AKs,1,flop,made,straight_flush,1,18424,");
    assert_contains(r.out, "AKs,1,flop,made,flush,119,18424,");
    cli_result_free(&r);
}

/* The equity_exact field of player p in 'holdem equity --csv' output, into buf. */
static void equity_field(const char *csv, int p, char *buf, size_t cap) {
    char key[8];
    snprintf(key, sizeof key, "\n%d,", p);
    const char *line = strstr(csv, key);
    assert_non_null(line);
    const char *end = strchr(line + 1, '\n');
    const char *comma = end;
    while (comma > line && comma[-1] != ',')
        comma--;
    snprintf(buf, cap, "%.*s", (int)(end - comma), comma);
}

static void test_equity_dist(void **state) {
    (void)state;
    cli_result r =
        RUN(NULL, "holdem", "equity-dist", "QQ+,AKs", "JJ-99,AQs+", "--board", "Kh7d2c", "--csv");
    assert_int_equal(r.status, 0);
    assert_contains(r.out,
                    "combo,class,weight,deals,wins,ties,losses,equity,equity_exact,cumulative\n"
                    "KdKc,KK,100,22770,22604,0,166,");
    /* each combination's counts are holdem equity's for it alone */
    static const char *const combos[] = {"KdKc", "AsAd", "AcKc", "QsQh"};
    for (size_t i = 0; i < 4; i++) {
        cli_result e =
            RUN(NULL, "holdem", "equity", combos[i], "JJ-99,AQs+", "--board", "Kh7d2c", "--csv");
        assert_int_equal(e.status, 0);
        char exact[64], row[96];
        equity_field(e.out, 1, exact, sizeof exact);
        const char *line = strstr(r.out, combos[i]);
        assert_non_null(line);
        snprintf(row, sizeof row, ",%s,", exact);
        const char *end = strchr(line, '\n');
        char copy[256];
        snprintf(copy, sizeof copy, "%.*s", (int)(end - line), line);
        assert_contains(copy, row);
        cli_result_free(&e);
    }
    cli_result_free(&r);
    /* the range's equity is holdem equity's */
    r = RUN(NULL, "holdem", "equity-dist", "QQ+,AKs", "JJ-99,AQs+", "--board", "Kh7d2c");
    assert_int_equal(r.status, 0);
    cli_result e =
        RUN(NULL, "holdem", "equity", "QQ+,AKs", "JJ-99,AQs+", "--board", "Kh7d2c", "--csv");
    char exact[64], line[96];
    equity_field(e.out, 1, exact, sizeof exact);
    snprintf(line, sizeof line, "the range's equity: 0.883896 = %s\n", exact);
    assert_contains(r.out, line);
    assert_contains(r.out, "18 hero combinations (18 weighted)");
    cli_result_free(&e);
    cli_result_free(&r);
    /* random against random on four deuces: the symmetry of all 24 suit permutations (the 48
     * rivers in 12 orbits), an equity of 1/2, and the histogram's bins adding up to the 1128
     * combinations that avoid the board */
    r = RUN(NULL, "holdem", "equity-dist", "random", "random", "--board", "2c2d2h2s", "--bins",
            "4");
    assert_int_equal(r.status, 0);
    assert_contains(r.out, "1128 hero combinations (1128 weighted); boards solved: 12 (suit "
                           "symmetry: 24 permutations)");
    assert_contains(r.out, "the range's equity: 0.500000 = 1/2\n");
    assert_contains(r.out, "   1 0.000000 0.250000          270 0.239361702128\n"
                           "   2 0.250000 0.500000          360 0.31914893617\n"
                           "   3 0.500000 0.750000          316 0.280141843972\n"
                           "   4 0.750000 1.000000          182 0.16134751773\n");
    cli_result_free(&r);
}

static void test_files(void **state) {
    (void)state;
    char dir[] = "/tmp/hs_board.XXXXXX";
    assert_non_null(mkdtemp(dir));
    char csv[256], svg[256];
    snprintf(csv, sizeof csv, "%s/dist.csv", dir);
    snprintf(svg, sizeof svg, "%s/dist.svg", dir);
    cli_result r = RUN(NULL, "holdem", "equity-dist", "random", "QQ+,AKs", "--board", "Kh7d2c",
                       "-o", csv, "--svg", svg);
    assert_int_equal(r.status, 0);
    assert_string_equal(r.out, "");
    cli_result_free(&r);
    size_t len;
    char *text = read_file(csv, &len);
    assert_non_null(text);
    assert_contains(text, "combo,class,weight,deals,wins,ties,losses,equity,equity_exact,");
    /* 1176 combinations avoid the board: 1177 lines */
    size_t lines = 0;
    for (size_t i = 0; i < len; i++)
        lines += text[i] == '\n';
    assert_int_equal(lines, 1177);
    free(text);
    text = read_file(svg, &len);
    assert_non_null(text);
    assert_true(strncmp(text, "<svg xmlns=\"http://www.w3.org/2000/svg\"", 39) == 0);
    assert_contains(text, "<polyline");
    assert_contains(text, "range equity");
    assert_contains(text, "</svg>\n");
    /* with --bins the table is the histogram, and the graph (drawn from the same count) is the
     * one without */
    char binned[256];
    snprintf(binned, sizeof binned, "%s/binned.svg", dir);
    r = RUN(NULL, "holdem", "equity-dist", "random", "QQ+,AKs", "--board", "Kh7d2c", "--bins", "5",
            "--svg", binned);
    assert_int_equal(r.status, 0);
    assert_contains(r.out, "   5 0.800000 1.000000");
    cli_result_free(&r);
    size_t blen;
    char *b = read_file(binned, &blen);
    assert_non_null(b);
    assert_int_equal(blen, len);
    assert_memory_equal(b, text, len);
    free(b);
    free(text);
    unlink(binned);
    /* a failure leaves both files as they were */
    r = RUN(NULL, "holdem", "equity-dist", "AhAd", "AhAs", "-o", csv, "--svg", svg);
    assert_int_equal(r.status, 1);
    cli_result_free(&r);
    text = read_file(csv, &len);
    assert_int_equal(len > 1000, 1);
    free(text);
    unlink(csv);
    unlink(svg);
    rmdir(dir);
}

static void test_errors_and_help(void **state) {
    (void)state;
    static const struct {
        const char *args[9];
        int status;
        const char *message;
    } cases[] = {
        {{"holdem", "hits", "AA", "--board", "Kh"}, 1, "'Kh' is 1 card; a flop, turn or river"},
        {{"holdem", "hits", "AA", "--board", "Kh7d"}, 1, "'Kh7d' is 2 cards"},
        {{"holdem", "hits", "AA", "--board", "Kh7d2c3s4s5s"}, 1, "'Kh7d2c3s4s5s' is 6 cards"},
        {{"holdem", "hits", "AA", "--flops", "--board", "Kh7d2c"}, 2, "take no --board"},
        {{"holdem", "hits", "AA"}, 2, "give --board CARDS"},
        {{"holdem", "hits", "KhKd", "--board", "Kh7d2c"}, 1, "every combination of 'KhKd' meets"},
        {{"holdem", "hits", "AA", "--board", "KhKh7d"}, 1, "'Kh' is a duplicate card"},
        {{"holdem", "hits", "AA", "--board", "Kh7d2c", "--dead", "7d"},
         1,
         "7D is both a board card and a dead card"},
        {{"holdem", "hits", "AX", "--board", "Kh7d2c"}, 1, "range: 'AX' is not two cards"},
        {{"holdem", "hits", "AA", "KK", "--board", "Kh7d2c"}, 2, "expected one RANGE, got 2"},
        {{"holdem", "hits", "AA", "--flops", "--by-combo"}, 2, "--by-combo lists"},
        {{"holdem", "equity-dist", "AA"}, 2, "expected two ranges"},
        {{"holdem", "equity-dist", "AA", "KK", "--board", "2c3c4c5c6c7c"}, 1, "is 6 cards"},
        {{"holdem", "equity-dist", "AhAd", "AhAs"}, 1, "no deal is possible"},
        {{"holdem", "equity-dist", "AA", "QQ+", "--board", "AhAdAs"}, 1, "hand 1: every comb"},
        {{"holdem", "equity-dist", "AA", "KK", "--bins", "1001"}, 2, "bins: '1001'"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        cli_result r = cli_run(cases[i].args, NULL);
        if (r.status != cases[i].status || strstr(r.err, cases[i].message) == NULL)
            fail_msg("case %zu: exit %d: %s", i, r.status, r.err);
        assert_string_equal(r.out, "");
        cli_result_free(&r);
    }
    cli_result r = RUN(NULL, "holdem", "hits", "--help");
    assert_int_equal(r.status, 0);
    assert_contains(r.out, "usage: handstat holdem hits RANGE --board CARDS");
    cli_result_free(&r);
    r = RUN(NULL, "holdem", "equity-dist", "-h");
    assert_int_equal(r.status, 0);
    assert_contains(r.out, "usage: handstat holdem equity-dist RANGE RANGE");
    cli_result_free(&r);
    r = RUN(NULL, "holdem", "--help");
    assert_contains(r.out, "  hits ");
    assert_contains(r.out, "  equity-dist ");
    cli_result_free(&r);
}

static void test_interrupted_and_resumed(void **state) {
    (void)state;
#ifdef HS_TEST_SANITIZED
    HS_SKIP("under the sanitizers (minutes of counting there); the job runtime's checkpoints "
            "are tested by test_job\n");
#else
    char dir[] = "/tmp/hs_board_resume.XXXXXX";
    assert_non_null(mkdtemp(dir));
    char out[256], ckpt[256];
    snprintf(out, sizeof out, "%s/hits.csv", dir);
    snprintf(ckpt, sizeof ckpt, "%s/hits.ckpt", dir);
    /* the committed dataset's command */
    const char *args[] = {"holdem", "hits", "random", "--flops",      "--turns", "--threads",
                          "1",      "-o",   out,      "--checkpoint", ckpt,      NULL};
    double seconds;
    int status = cli_run_interrupted(args, &seconds);
    if (status == 0) {
        print_message("the count finished within a second: nothing to resume on this machine\n");
    } else {
        assert_int_equal(status, 130);
        assert_true(seconds < 5);
        assert_int_equal(access(ckpt, F_OK), 0);
        assert_int_not_equal(access(out, F_OK), 0); /* nothing written yet */
        const char *resume[] = {"holdem", "hits",         "random", "--flops",  "--turns", "-o",
                                out,      "--checkpoint", ckpt,     "--resume", NULL};
        cli_result r = cli_run(resume, NULL);
        assert_int_equal(r.status, 0);
        cli_result_free(&r);
        assert_int_not_equal(access(ckpt, F_OK), 0); /* removed once written */
    }
    if (status == 0 || access(out, F_OK) == 0) {
        size_t la, lb;
        char *a = read_file(out, &la),
             *b = read_file(HS_RESULTS_DIR "/holdem_hits_flops_turns.csv", &lb);
        assert_non_null(a);
        assert_non_null(b);
        assert_int_equal(la, lb);
        assert_memory_equal(a, b, la);
        free(a);
        free(b);
    }
    unlink(out);
    unlink(ckpt);
    rmdir(dir);
#endif
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_hits_board),      cmocka_unit_test(test_hits_flops),
        cmocka_unit_test(test_equity_dist),     cmocka_unit_test(test_files),
        cmocka_unit_test(test_errors_and_help), cmocka_unit_test(test_interrupted_and_resumed),
    };
    return hs_run_tests(tests, NULL, NULL);
}
