/* handstat stud equity and razz equity, run as a user would: the table (text and CSV) of deals
 * whose counts follow from the rules, hi/lo and razz columns, refused input, help, and an
 * interrupted long deal resumed from its checkpoint to the same table. The counts themselves are
 * checked against a walk over every joint completion by test_stud. */
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

static void test_equity(void **state) {
    (void)state;
    /* the river: one deal, the same straight: a split pot */
    cli_result r = RUN(NULL, "stud", "equity", "Ah Kd Qc Js Th 2c 3d", "Ac Kh Qd Jc Ts 2d 3c");
    assert_int_equal(r.status, 0);
    assert_contains(r.out, "stud high equity: seventh street   dead: (none)   deals: 1, all");
    assert_contains(r.out, "0            1            0  0.500000   1/2\n");
    cli_result_free(&r);
    /* sixth street heads-up: 40 x 39 deals; quad aces beat anything the other can make but the
     * straight flush K-Q-J-T-9 of hearts (the ace of hearts is taken) */
    r = RUN(NULL, "stud", "equity", "--csv", "As Ad Ac Ah 2c 3d", "Kh Qh Jh Th 4s 5s");
    assert_int_equal(r.status, 0);
    assert_contains(r.out, "player,hand,wins,ties,losses,equity,equity_exact\n");
    /* the 9h on sixth: 39 deals for any card of the first: 39 straight flushes */
    assert_contains(r.out, "1,AS AD AC AH 2C 3D,1521,0,39,0.975,39/40\n");
    assert_contains(r.out, "2,KH QH JH TH 4S 5S,39,0,1521,0.025,1/40\n");
    cli_result_free(&r);
    /* with the 9h dead the quads cannot lose */
    r = RUN(NULL, "stud", "equity", "--csv", "As Ad Ac Ah 2c 3d", "Kh Qh Jh Th 4s 5s", "--dead",
            "9h");
    assert_int_equal(r.status, 0);
    assert_contains(r.out, "1,AS AD AC AH 2C 3D,1482,0,0,1,1/1\n");
    cli_result_free(&r);
    /* hi/lo: a made wheel against a pair of kings with no low possible: the wheel scoops
     * unless the kings improve past a straight; every deal has a low, the low half is 1's */
    r = RUN(NULL, "stud", "equity", "--hilo", "Ah 2d 3c 4s 5h Kd", "Ks Kc Qs Qc Jh Td");
    assert_int_equal(r.status, 0);
    assert_contains(r.out, "stud 8-or-better hi/lo equity: sixth street");
    assert_contains(r.out, "deals: 1560, all equally likely; a low on 1560");
    assert_contains(r.out, "scoops   high_share    low_share  equity");
    assert_contains(r.out, "0.500000");
    cli_result_free(&r);
    r = RUN(NULL, "stud", "equity", "--hilo", "--csv", "Kh Kd Qc Qs Jh Td", "9s 9d 9c Th Js Jd");
    assert_int_equal(r.status, 0);
    assert_contains(r.out, "player,hand,scoops,high_share,low_share,equity,equity_exact\n");
    /* nobody has a low; KKQQ wins with a king or a queen (4 cards) unless 9h makes quad nines:
     * 4 x 38 deals, all scoops */
    assert_contains(r.out, "1,KH KD QC QS JH TD,152,0.097436,0.000000,0.0974358974359,19/195\n");
    cli_result_free(&r);
    /* razz: A-2-3-4-5 made: only a tie with another wheel is possible, and none is */
    r = RUN(NULL, "razz", "equity", "--csv", "Ah 2d 3c 4s 5h Kd", "6s 7c 8s 9c Th Jd");
    assert_int_equal(r.status, 0);
    assert_contains(r.out, "1,AH 2D 3C 4S 5H KD,1560,0,0,1,1/1\n");
    cli_result_free(&r);
    r = RUN(NULL, "razz", "equity", "Ah 2h 3d 9c", "4s 5d 6c 7h", "--threads", "2");
    assert_int_equal(r.status, 0);
    assert_contains(r.out, "razz equity: fourth street   dead: (none)   deals: 141181040");
    cli_result_free(&r);
}

static void test_errors(void **state) {
    (void)state;
    const struct {
        const char *args[8], *message;
        int status;
    } bad[] = {
        {{"stud", "equity", "Ah Kh Qh", "Ah 2c 3c"}, "hand 2: AH is already in another hand", 1},
        {{"stud", "equity", "Ah Kh Qh", "2c 3c 4c 5c"}, "hand 2 has 4 cards, hand 1 has 3", 1},
        {{"stud", "equity", "Ah Kh", "2c 3c"}, "expected 3 to 7 cards", 1},
        {{"stud", "equity", "Ah Kh Qh", "2c 3c 4c", "--dead", "Qh"}, "dead: QH is already", 1},
        {{"stud", "equity", "Ah Kh Qh", "2c 3c Xc"}, "'Xc'", 1},
        {{"stud", "equity", "Ah Kh Qh"}, "expected 2 to 8 hands, got 1", 2},
        {{"razz", "equity", "Ah Kh Qh", "2c 3c 4c", "--hilo"}, "--hilo", 2},
        {{"stud", "equity", "Ah Kh Qh", "2c 3c 4c", "--threads", "0"}, "--threads", 2},
        {{"stud", "equity", "Ah Kh Qh", "2c 3c 4c", "--resume", "--checkpoint",
          "/nonexistent/s.ckpt"},
         "cannot resume",
         1},
        {{"stud", "bogus"}, "unknown", 2},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        cli_result r = cli_run(bad[i].args, NULL);
        assert_int_equal(r.status, bad[i].status);
        assert_contains(r.err, bad[i].message);
        assert_string_equal(r.out, "");
        cli_result_free(&r);
    }
    /* eight players of seven cards need 56 */
    cli_result r = RUN(NULL, "stud", "equity", "2c 3c 4c", "5c 6c 7c", "8c 9c Tc", "Jc Qc Kc",
                       "Ac 2d 3d", "4d 5d 6d", "7d 8d 9d", "Td Jd Qd");
    assert_int_equal(r.status, 1);
    assert_contains(r.err, "too few cards: 8 players of seven cards need 56, the deck has 52");
    cli_result_free(&r);
    /* seven players on third street: refused, with the size */
    r = RUN(NULL, "stud", "equity", "2c 3c 4c", "5c 6c 7c", "8c 9c Tc", "Jc Qc Kc", "Ac 2d 3d",
            "4d 5d 6d", "7d 8d 9d");
    assert_int_equal(r.status, 1);
    assert_contains(r.err, "too large to count exactly");
    assert_contains(r.err, "7 players on third street");
    cli_result_free(&r);
}

/* A long deal interrupted, then resumed from its checkpoint: the same table as one run. */
static void test_resume(void **state) {
    (void)state;
    char dir[] = "/tmp/hs_stud_XXXXXX";
    assert_non_null(mkdtemp(dir));
    char ckpt[64];
    snprintf(ckpt, sizeof ckpt, "%s/s.ckpt", dir);
    const char *const args[] = {"stud",         "equity",    "Ah Ad 7c 4s", "Ks Qs Js 9h",
                                "8h 8c 6d 6s",  "--threads", "1",           "--csv",
                                "--checkpoint", ckpt,        NULL};
    double seconds;
    int status = cli_run_interrupted(args, &seconds);
    if (status == 0) {
        print_message("the deal finished within a second: nothing to resume on this machine\n");
    } else {
        assert_int_equal(status, 130);
        assert_true(seconds < 5);
        assert_int_equal(access(ckpt, F_OK), 0);
        /* without --resume the checkpoint is not overwritten */
        cli_result r = cli_run(args, NULL);
        assert_int_equal(r.status, 2);
        assert_contains(r.err, "add --resume");
        cli_result_free(&r);
        const char *resume[16];
        size_t n = 0;
        for (; args[n] != NULL; n++)
            resume[n] = args[n];
        resume[n++] = "--resume";
        resume[n] = NULL;
        r = cli_run(resume, NULL);
        assert_int_equal(r.status, 0);
        assert_contains(r.err, "resuming from");
        assert_int_equal(access(ckpt, F_OK), -1);
        /* the same table as a run that was not interrupted: 2 threads, no checkpoint */
        cli_result whole =
            RUN(NULL, "stud", "equity", "Ah Ad 7c 4s", "Ks Qs Js 9h", "8h 8c 6d 6s", "--csv");
        assert_int_equal(whole.status, 0);
        assert_string_equal(r.out, whole.out);
        assert_contains(whole.out, "60024086907/153125772800");
        cli_result_free(&whole);
        cli_result_free(&r);
    }
    rmdir(dir);
}

static void test_help(void **state) {
    (void)state;
    const char *const commands[][4] = {{"stud", "--help", NULL},
                                       {"stud", "equity", "--help", NULL},
                                       {"razz", "--help", NULL},
                                       {"razz", "equity", "--help", NULL}};
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++) {
        cli_result r = cli_run(commands[i], NULL);
        assert_int_equal(r.status, 0);
        assert_contains(r.out, "usage: handstat ");
        cli_result_free(&r);
    }
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_equity),
        cmocka_unit_test(test_errors),
        cmocka_unit_test(test_resume),
        cmocka_unit_test(test_help),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
