/* Hostile and messy input, table-driven: what must be accepted gives the same answer as clean
 * input; what must be refused gets a documented exit code and a one-line message naming the
 * problem, and never creates or changes an output file. */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cmocka.h>

#include "cli_run.h"

/* ---- accepted: the same answers as clean input ------------------------------------------- */

typedef struct same_case {
    const char *args[6];
    const char *clean, *messy;
} same_case;

static void test_messy_input_is_accepted(void **state) {
    (void)state;
    const same_case cases[] = {
        {{"crib", "score", "--csv"},
         "5H 5C 5S JD 5D\nAH 2H 3H 4H 5S\n",
         "\xEF\xBB\xBF# hands\r\n\r\n5h\t5c  5s , JD 5D\r\n   \r\nAH 2H 3H 4H 5S   # trailing\r\n"},
        {{"poker", "rank", "--csv"},
         "AS KS QS JS TS\n7C 5D 4H 3S 2C\n",
         "\xEF\xBB\xBF\tAS KS QS JS TS\r\n# comment\n\n7c 5d 4h 3s 2c\r\n"},
        {{"poker", "pe54"},
         "5H 5C 6S 7S KD 2C 3S 8S 8D TD\n",
         "\xEF\xBB\xBF"
         "5H 5C 6S 7S KD   2C 3S 8S 8D TD\r\n\r\n# done\r\n"},
        {{"crib", "nscore"}, "5\nA 2 3 4 5\n", "\xEF\xBB\xBF# judge\r\n5\r\nA\t2 3 # x\r\n4 5\r\n"},
        {{"crib", "nscore"}, "5\nA 2 3 4 5\n", "5\nA,2,3,4,5\n"},
        {{"crib", "nscore"}, "5\nA 2 3 4 5\n", "5,\r\nA, 2 ,3,,4 5 # a, b\n"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        cli_result clean = cli_run(cases[i].args, cases[i].clean);
        cli_result messy = cli_run(cases[i].args, cases[i].messy);
        assert_int_equal(clean.status, 0);
        if (messy.status != 0)
            fail_msg("case %zu: exit %d: %s", i, messy.status, messy.err);
        assert_string_equal(messy.out, clean.out);
        cli_result_free(&clean);
        cli_result_free(&messy);
    }
}

/* ---- refused ---------------------------------------------------------------------------------
 * "@OUT" in the arguments stands for an output path in a fresh folder; `existing` makes a file
 * there first, which must be left as it was. */

typedef struct bad_case {
    const char *args[10];
    const char *input;
    int status;
    const char *message;
    int existing;
} bad_case;

static char long_line[100 * 1024 + 2], garbage[4096 + 1];

static const bad_case BAD[] = {
    {{"crib", "score"}, long_line, 1, "line 1: 'AS2345678910JQKAS2345678910JQKAS234567", 0},
    {{"poker", "rank"}, garbage, 1, "line 1: control byte", 0},
    /* (a NUL in a line: test_control_bytes_are_named; this runner passes text) */
    {{"crib", "hist", "--threads", "0", "-o", "@OUT"},
     NULL,
     2,
     "--threads takes a whole number from 1 to 1024, not '0'",
     1},
    {{"crib", "hist", "--threads", "-1", "-o", "@OUT"}, NULL, 2, "not '-1'", 1},
    {{"crib", "hist", "--threads", "abc", "-o", "@OUT"}, NULL, 2, "not 'abc'", 1},
    {{"bench", "--threads", "0"}, NULL, 2, "--threads takes a whole number from 1 to 1024", 0},
    {{"bench", "--quick", "fast"}, NULL, 2, "fast", 0},
    {{"bench", "--slow"}, NULL, 2, "--slow", 0},
    {{"crib", "hist", "--threads", "100000", "-o", "@OUT"}, NULL, 2, "not '100000'", 1},
    {{"poker", "hist", "--cards", "7", "--threads", "1e3", "-o", "@OUT"}, NULL, 2, "not '1e3'", 1},
    {{"crib", "nscore"}, "0\n", 1, "'0': expected the number of cards", 0},
    {{"crib", "nscore"}, "-3 A 2 3\n", 1, "'-3': expected the number of cards", 0},
    {{"crib", "nscore"}, "5\nA 2\n", 1, "ends before the 5 cards", 0},
    {{"crib", "nscore"}, "2\nA 2 3\n", 1, "'3': more cards than the 2", 0},
    {{"crib", "nscore"}, "10000000\nA 2 3\n", 1, "ends before the 10000000 cards", 0},
    {{"crib", "nscore"}, "18446744073709551616 A\n", 1, "expected the number of cards", 0},
    {{"crib", "nscore"}, "", 1, "empty input", 0},
    {{"crib", "nscore"}, "3\nA Z 3\n", 1, "line 2: 'Z' is not a rank", 0},
    {{"crib", "nscore", "/"}, NULL, 3, "cannot read /", 0},
    {{"crib", "nscore", "/nonexistent/in.txt"}, NULL, 3, "cannot open '/nonexistent/in.txt'", 0},
    {{"poker", "hist", "--cards", "4", "-o", "@OUT"},
     NULL,
     2,
     "--cards: '4' is not a whole number from 5 to 7",
     1},
    {{"poker", "hist", "-o", "@OUT"}, NULL, 2, "--cards: 5, 6 or 7 is required", 0},
    {{"shortdeck", "hist", "--cards", "8", "-o", "@OUT"},
     NULL,
     2,
     "'8' is not a whole number from 5 to 7",
     1},
    {{"shortdeck", "hist", "-o", "@OUT"}, NULL, 2, "--cards: 5, 6 or 7 is required", 1},
    {{"shortdeck", "rank"}, "AS KS QS JS 5S\n", 1, "line 1: '5S' is not a short-deck card", 0},
    {{"shortdeck", "rank"}, garbage, 1, "line 1: control byte", 0},
    {{"omaha", "equity", "AhAdKsQs", "9h8h7c6c", "--threads", "0"}, NULL, 2, "not '0'", 0},
    {{"omaha", "equity", "AhAdKsQs", "9h8h7c6c", "--board"}, NULL, 2, "--board needs a value", 0},
    {{"omaha", "equity", "AhAdKsQs", "AhAdKsQs"}, NULL, 1, "already in another hand", 0},
    {{"omaha", "range", "AA,,KK"}, NULL, 1, "range: ',': an empty item", 0},
    {{"omaha", "range", "((((((((((((((((((((((((((((((((((AA"},
     NULL,
     1,
     "nested deeper than 32",
     0},
    {{"omaha", "range", "A\xC3\xA9"}, NULL, 1, "not a rank, suit or variable", 0},
    {{"omaha", "range", "[AK"}, NULL, 1, "'[AK': '[' is never closed", 0},
    {{"omaha", "range", "KK-QJ"}, NULL, 1, "must all move by the same step", 0},
    {{"omaha", "equity", "AA:$ds", "KK@", "--board", "2c3d4h"}, NULL, 1, "'@': a weight", 0},
    {{"omaha", "equity", "AA", "KK", "--samples", "-5"}, NULL, 2, "--samples: '-5'", 0},
    {{"omaha", "range", "AA", "--cards", "7"}, NULL, 2, "'7' is not a whole number from 4 to 6", 0},
    {{"omaha", "range", "AAKKQ"}, NULL, 1, "'AAKKQ': a pattern of more than 4 cards", 0},
    {{"omaha", "range", "*", "--cards", "6", "--list"}, NULL, 1, "more than 2598960 hands", 0},
    {{"omaha", "equity", "AA:$ds", "JhJs**", "--board", "Jh7d2c", "--dead", "Js"},
     NULL,
     1,
     "every hand of 'JhJs**' meets the board or the dead cards",
     0},
    {{"query", "select count(inRange(villain, 'KK[QJ')) from game=omaha8, hero=AhAd2s3s, "
               "villain=*"},
     NULL,
     1,
     "inRange: '[QJ': '[' is never closed",
     0},
    {{"query", "select count(winsLo(hero)) from game=omahahi, hero=AhAd2s3s, villain=KsKd7c8c"},
     NULL,
     1,
     "is for the hi/lo games only (game=omaha8 or omaha85)",
     0},
    {{"query", "select histogram(lowHand(hero, river)) from hero=AhKh, villain=QQ"},
     NULL,
     1,
     "lowhand is for the hi/lo games only (game=omaha8 or omaha85)",
     0},
    {{"query", "select count(lowHand(hero, river) < sixLow) from game=omaha8, hero=AhAd2s3s, "
               "villain=KsKd7c8c"},
     NULL,
     1,
     "a low hand type is compared with = or != only",
     0},
    {{"query", "select avg(riverEquity(hero)) from game=omaha8, hero='AA@0', villain=KK"},
     NULL,
     1,
     "hero: '@0': a weight is a whole number 1..100",
     0},
    {{"query", "select avg(riverEquity(hero)) from hero=AKs, villain=QQ, folded=JJ:1.5", "-o",
      "@OUT"},
     NULL,
     1,
     "folded 1: 'JJ:1.5'",
     1},
    {{"query", "select avg(riverEquity(hero)) from hero=AKs, villain=QQ, folded=[50]JJ"},
     NULL,
     1,
     "folded 1",
     0},
    {{"query", "select avg(riverEquity(hero)) from game=omahahi, hero=AsAd8s8d, villain=*, "
               "folded=*"},
     NULL,
     1,
     "folded players are for hold'em only",
     0},
    {{"shortdeck", "hist", "--cards", "5", "-o", "/nonexistent/dir/h.csv"},
     NULL,
     3,
     "cannot write '/nonexistent/dir/h.csv'",
     0},
    {{"shortdeck", "equity", "AhKh", "QsQd", "--threads", "abc"}, NULL, 2, "not 'abc'", 0},
    {{"shortdeck", "equity", "--batch", "/nonexistent/in.txt"}, NULL, 3, "cannot open", 0},
    {{"poker", "pe54"}, "5H 5C 6S 7S KD 2C 3S 8S 8D\n", 1, "line 1: expected 10 cards", 0},
    {{"poker", "pe54"}, "5H 5C 6S 7S KD 2C 3S 8S 8D 5H\n", 1, "line 1: '5H' is a duplicate", 0},
    {{"poker", "rank"}, "AS KS QS JS\n", 1, "line 1: expected 5 to 7 cards, got 4", 0},
    {{"poker", "rank", "AS", "KS", "QS", "JS", "TS", "9S", "8S", "7S"},
     NULL,
     1,
     "too many cards at '7S'",
     0},
    {{"poker", "compare", "AS", "KS", "QS", "JS", "TS"}, NULL, 2, "separated by '--'", 0},
    {{"holdem", "equity", "AhAd"}, NULL, 2, "expected 2 to 9 hands, got 1", 0},
    {{"holdem", "equity", "AX", "QQ"}, NULL, 1, "'AX' is not two cards, a class or a range", 0},
    {{"holdem", "equity", "AhAd", "KK", "--board", "2c3c4c5c6c7c"},
     NULL,
     1,
     "is 6 cards; a board is 0 to 5",
     0},
    {{"holdem", "equity", "AhAd", "KK", "--threads", "0"}, NULL, 2, "--threads takes", 0},
    {{"holdem", "equity", "AhAd", "KK", "--folded", "QX"}, NULL, 1, "folded 1: 'QX' is not two", 0},
    {{"holdem", "equity", "AhAd", "KK", "--folded", "QhQd", "--board", "Qh7c2d"},
     NULL,
     1,
     "folded 1: every combination of 'QhQd' meets the board or the dead cards",
     0},
    {{"holdem", "equity", "AhAd", "KK", "--folded", "QhQd", "--folded", "QhQd"},
     NULL,
     1,
     "the folded ranges cannot all be dealt disjoint",
     0},
    {{"holdem", "equity", "AhAd", "KK", "--folded", "AhKs"}, NULL, 1, "no deal is possible", 0},
    {{"holdem", "hits", "AA", "--board", "Kh7d2c", "--folded", "KhKd"},
     NULL,
     1,
     "folded 1: every combination of 'KhKd' meets the board or the dead cards",
     0},
    {{"holdem", "hits", "AA", "--flops", "--folded", "QX", "-o", "@OUT"},
     NULL,
     1,
     "folded 1: 'QX' is not two",
     1},
    {{"holdem", "hits", "AA", "--flops", "--folded", "KhKd", "--dead", "Kh"},
     NULL,
     1,
     "folded 1: every combination of 'KhKd' meets the board or the dead cards",
     0},
    {{"holdem", "hits", "random", "--rivers", "--folded", "random", "--folded", "random", "-o",
      "@OUT"},
     NULL,
     1,
     "folded: too much work for an exact answer",
     1},
    {{"holdem", "hits", "AA", "--board", "Kh7d2c", "--by-combo", "--folded", "AA@150"},
     NULL,
     1,
     "folded 1",
     0},
    {{"holdem", "equity-dist", "AA", "KK", "--folded", "QX"},
     NULL,
     1,
     "folded 1: 'QX' is not two",
     0},
    {{"holdem", "equity-dist", "AA", "KK", "--folded", "random", "--folded", "random", "--folded",
      "random"},
     NULL,
     1,
     "folded: too much work for an exact answer",
     0},
    {{"holdem", "preflop", "--threads", "x", "-o", "@OUT"}, NULL, 2, "not 'x'", 1},
    {{"holdem", "vs-random", "--threads", "x", "-o", "@OUT"}, NULL, 2, "not 'x'", 1},
    {{"holdem", "preflop3", "--classes", "AA,XX", "-o", "@OUT"}, NULL, 2, "'XX' is not a", 1},
    {{"lowball", "hist", "-o", "@OUT"}, NULL, 2, "give one of --a5", 1},
    {{"stud", "equity", "Ah Kh Qh", "Ah 2c 3c"}, NULL, 1, "already in another hand", 0},
    {{"stud", "equity", "AhKhQh", "2c3c4c", "--threads", "0"}, NULL, 2, "not '0'", 0},
    {{"stud", "equity", "AhKhQh", "2c3c4c", "--dead"}, NULL, 2, "--dead needs a value", 0},
    {{"stud", "equity", "AhKhQh", "2c3c4c", "--dead", "2c"}, NULL, 1, "2C is already", 0},
    {{"razz", "equity", "AhKhQh", "2c3c4c5c"}, NULL, 1, "hand 2 has 4 cards", 0},
    {{"razz", "equity", "AhKhQhJhTh9h8h7h", "2c3c4c"}, NULL, 1, "too many cards", 0},
    {{"lowball", "hist", "--a5", "--27", "-o", "@OUT"}, NULL, 2, "give one of --a5", 1},
    {{"lowball", "rank", "--a5"}, "AS KS QS JS\n", 1, "line 1: expected 5 to 7 cards, got 4", 0},
    {{"lowball", "rank", "--27"}, garbage, 1, "line 1: control byte", 0},
    {{"lowball", "rank", "AS", "KS", "QS", "JS", "TS"}, NULL, 2, "give one of --a5", 0},
    /* the draw games (issue #43): five cards for badugi, a discard of a card not held, a
     * repeated card, a draw larger than the stub; nothing written */
    {{"badugi", "rank"},
     "AC 2D 3H 4S 5C\n",
     1,
     "line 1: too many cards at '5C': expected 4 cards",
     0},
    {{"badugi", "rank"}, garbage, 1, "line 1: control byte", 0},
    {{"badugi", "rank", "AC 2D 2D 4S"}, NULL, 1, "'2D' is a duplicate card", 0},
    {{"draw", "odds", "--game", "badugi", "AC 2D 3H 4S 5C", "-o", "@OUT"},
     NULL,
     1,
     "too many cards at '5C'",
     1},
    {{"draw", "odds", "--game", "27", "7S 5D 3C 2H", "--dead", "9C 7S", "-o", "@OUT"},
     NULL,
     1,
     "dead: '7S' is also a kept card",
     1},
    {{"draw", "odds", "--game", "a5", "AS 2D", "--draw", "4", "-o", "@OUT"},
     NULL,
     1,
     "draw: 2 kept and 4 drawn make 6 cards",
     1},
    {{"draw", "odds", "--game", "27", "7S", "--draw", "x", "-o", "@OUT"}, NULL, 2, "draw", 1},
    {{"draw", "discard", "--game", "27", "7S 5D 3C 2H KD", "--vs", "8C 6D 4H 3S QS",
      "--vs-discard=QD", "-o", "@OUT"},
     NULL,
     1,
     "opponent-discard: 'QD' is not in the opponent's hand",
     1},
    {{"draw", "discard", "--game", "27", "7S 5D 3C 2H KD", "--vs", "8C 6D 4H 3S KD", "-o", "@OUT"},
     NULL,
     1,
     "opponent: 'KD' is also in the hand",
     1},
    {{"draw", "discard", "--game", "badugi", "AS 2D 3H", "-o", "@OUT"},
     NULL,
     1,
     "expected 4 cards, got 3",
     1},
    {{"draw", "odds", "--game", "a5", "AS 2D 3C 4H", "--dead",
      "5S 6S 7S 8S 9S TS JS QS KS 5D 6D 7D 8D 9D TD JD QD KD 5C 6C 7C 8C 9C TC JC QC KC 5H 6H 7H "
      "8H 9H TH JH QH KH AD 2S 2H 2C 3S 3H 3D 4C 4D 4S AH AC",
      "-o", "@OUT"},
     NULL,
     1,
     "draw: 1 card from a stub of 0",
     1},
    {{"draw", "equity", "--game=27", "7S 5D 3C 2H KD", "8C 6D 4H 3S QS", "--policy=keep:1",
      "--dead=9C 9D 9H 9S TC TD TH TS JC JD JH JS QC QD QH KC KS AC AD AH AS 6C 6S 8H 8S 2D 3D 4S "
      "5S 5C 7C 7H 7D 4C 4D 3H 2C 2S",
      "-o", "@OUT"},
     NULL,
     1,
     "the draws take 8 cards from a stub of 4",
     1},
    {{"draw", "table", "--game", "razz", "-o", "@OUT"}, NULL, 2, "game: 'razz'", 1},
    {{"draw", "equity", "--game", "27", "7S 5D 3C 2H KD:QD", "8C 6D 4H 3S QS", "-o", "@OUT"},
     NULL,
     1,
     "hand 1 discard: 'QD' is not in the hand",
     1},
    {{"draw", "equity", "--game", "a5", "AS 2D 3C 4H 5S", "AS 2S 3D 4D 5H", "-o", "@OUT"},
     NULL,
     1,
     "hand 2: 'AS' is already in another hand",
     1},
    /* two or three draws: an unknown policy, a policy of another game, the stub running out on a
     * later draw (discards are not reshuffled), a seed without samples */
    {{"draw", "equity", "--game", "27", "7S 5D 3C 2H KD", "8C 6D 4H 3S QS", "--policy", "keep:9",
      "-o", "@OUT"},
     NULL,
     2,
     "policy: 'keep:9' is not a policy of 27",
     1},
    {{"draw", "equity", "--game", "badugi", "AS 2D 3H 4H", "KC 5D 6H 7S", "--policy", "pairs", "-o",
      "@OUT"},
     NULL,
     2,
     "policy: 'pairs' is not a policy of badugi",
     1},
    {{"draw", "equity", "--game=27", "7S 5D 3C 2H KD", "8C 6D 4H 3S QS", "--draws=2",
      "--policy=keep:1",
      "--dead=9C 9D 9H 9S TC TD TH TS JC JD JH JS QC QD QH KC KS AC AD AH AS 6C 6S 8H 8S 2D 3D 4S "
      "5S 5C 7C 7H",
      "-o", "@OUT"},
     NULL,
     1,
     "the draws run out of cards",
     1},
    {{"draw", "equity", "--game", "27", "7S 5D 3C 2H KD", "8C 6D 4H 3S QS", "--seed", "3", "-o",
      "@OUT"},
     NULL,
     2,
     "seed: only with samples",
     1},
    {{"holdem", "preflop3", "--threads", "x", "-o", "@OUT"}, NULL, 2, "not 'x'", 1},
    {{"holdem", "preflop3", "AA", "-o", "@OUT"}, NULL, 2, "", 1},
    {{"holdem", "vs-random", "AA", "-o", "@OUT"}, NULL, 2, "", 1},
    {{"holdem", "equity", "--batch", "/nonexistent/in.txt"}, NULL, 3, "cannot open", 0},
    {{"holdem", "equity", "--batch"}, "AA | KK board=2c2c\n", 1, "line 1: board:", 0},
    {{"holdem", "equity", "--batch"}, garbage, 1, "line 1:", 0},
    {{"holdem", "equity", "--batch", "--board", "2c3d4h"}, NULL, 2, "--batch takes one FILE", 0},
    {{"holdem", "equity", "AA", "KK", "--samples", "1e6"}, NULL, 2, "--samples: '1e6'", 0},
    {{"holdem", "equity", "AA", "KK", "--samples", "18446744073709551616"},
     NULL,
     2,
     "--samples:",
     0},
    {{"holdem", "equity", "AA", "KK@0"}, NULL, 1, "'KK@0'", 0},
    {{"holdem", "equity", "AA", "150%"}, NULL, 1, "'150%'", 0},
    /* the range notations: a weight over 1, finer than 0.01%, a malformed bracket, an empty
     * intersection, an unknown suit letter: the item named, exit 1 */
    {{"holdem", "equity", "AKs:1.5", "QQ"}, NULL, 1, "'AKs:1.5': a weight over 1", 0},
    {{"holdem", "equity", "AKs@12.345", "QQ"}, NULL, 1, "'AKs@12.345': a weight finer", 0},
    {{"holdem", "equity", "[50]AKs,AQs", "QQ"}, NULL, 1, "'[50]AKs': a bracket opened", 0},
    {{"holdem", "equity", "[50]AKs,AQs[/40]", "QQ"}, NULL, 1, "'AQs[/40]': a bracket closed", 0},
    {{"holdem", "equity", "AA and KK", "QQ"}, NULL, 1, "'KK': no combination is in both", 0},
    {{"holdem", "equity", "AKs{hx}", "QQ"}, NULL, 1, "'AKs{hx}': an unknown suit letter", 0},
    /* the same in a command that writes a file: an existing file is left as it was */
    {{"holdem", "equity-dist", "AKs:1.5", "QQ", "-o", "@OUT"}, NULL, 1, "a weight over 1", 1},
    {{"holdem", "equity-dist", "[50]AKs,AQs", "QQ", "-o", "@OUT"}, NULL, 1, "a bracket opened", 1},
    {{"holdem", "equity-dist", "AA and KK", "QQ", "-o", "@OUT"},
     NULL,
     1,
     "no combination is in both",
     1},
    {{"holdem", "equity-dist", "AKs{hx}", "QQ", "-o", "@OUT"},
     NULL,
     1,
     "an unknown suit letter",
     1},
    {{"holdem", "range", "AKs:1.5"}, NULL, 1, "'AKs:1.5': a weight over 1", 0},
    {{"holdem", "range", "AKs{x}", "--to", "pio"}, NULL, 1, "an unknown suit letter", 0},
    {{"holdem", "range", "AKs", "--to", "gtow"}, NULL, 2, "--to: 'gtow' is not", 0},
    {{"holdem", "hits", "AKs:0.00001", "--board", "2c3d4h"}, NULL, 1, "a weight finer", 0},
    {{"crib", "hist", "-o", "/nonexistent/dir/h.csv"},
     NULL,
     3,
     "cannot write '/nonexistent/dir/h.csv'",
     0},
    {{"crib", "hist", "-o", "@OUT/"}, NULL, 3, "cannot write", 0},
    {{"crib", "hist", "-o"}, NULL, 2, "-o needs a value", 0},
    {{"crib", "score", "--bogus"}, NULL, 2, "unknown option '--bogus'", 0},
    {{"chess"}, NULL, 2, "unknown game 'chess'", 0},
    {{"poker", "shuffle"}, NULL, 2, "unknown poker command 'shuffle'", 0},
    {{"crib", "score", "AS", "AS", "3D", "4C", "5H"}, NULL, 1, "'AS' is a duplicate card", 0},
    {{"crib", "score", "XX"}, NULL, 1, "'XX' is not a card", 0},
    {{"crib", "score", "2C", "3C", "4C", "5C"}, NULL, 1, "got 4", 0},
    /* the option parser */
    {{"crib", "hist", "--threads=", "-o", "@OUT"}, NULL, 2, "not ''", 1},
    {{"crib", "hist", "--threads", "+5", "-o", "@OUT"}, NULL, 2, "not '+5'", 1},
    {{"crib", "hist", "--threads", " 5", "-o", "@OUT"}, NULL, 2, "not ' 5'", 1},
    {{"crib", "hist", "--threads", "0x10", "-o", "@OUT"}, NULL, 2, "not '0x10'", 1},
    {{"crib", "hist", "--threads", "5abc", "-o", "@OUT"}, NULL, 2, "not '5abc'", 1},
    {{"crib", "hist", "--threads=5abc", "-o", "@OUT"}, NULL, 2, "not '5abc'", 1},
    {{"crib", "hist", "-o", "@OUT", "--frobnicate"}, NULL, 2, "unknown option '--frobnicate'", 1},
    {{"crib", "hist", "-o", "@OUT", "-x"}, NULL, 2, "unknown option '-x'", 1},
    {{"crib", "hist", "-o", "@OUT", "--crib=yes"}, NULL, 2, "--crib takes no value", 1},
    {{"crib", "hist", "-o", "@OUT", "--", "-o"}, NULL, 2, "unexpected argument '-o'", 1},
    {{"crib", "hist", "-o", "@OUT", "stray"}, NULL, 2, "unexpected argument 'stray'", 1},
    {{"crib", "deals", "-o", "@OUT", "--combined"}, NULL, 2, "--combined needs a value", 1},
    {{"crib", "peg-table", "-o", "@OUT", "--patterns"}, NULL, 2, "--patterns needs a value", 1},
    {{"crib", "peg-table", "-o", "/nonexistent/dir/t.csv"},
     NULL,
     3,
     "cannot write '/nonexistent/dir/t.csv'",
     0},
    {{"crib", "peg", "5H 5D XX JC", "--", "TH TD JS QC"}, NULL, 1, "'XX' is not a card", 0},
    {{"crib", "discard", "--pegging", "2C 3H 4D 5D 5S JS 7H"}, NULL, 1, "7H", 0},
    {{"poker", "hist", "-o", "@OUT", "--cards"}, NULL, 2, "--cards needs a value", 1},
    {{"poker", "hist", "-o", "@OUT", "--cards", "--classes"}, NULL, 2, "--cards needs a value", 1},
    {{"holdem", "equity", "AhAd", "KK", "--board"}, NULL, 2, "--board needs a value", 0},
    {{"holdem", "equity", "AhAd", "KK", "--csv=1"}, NULL, 2, "--csv takes no value", 0},
    {{"holdem", "hits", "AA", "--board", "Kh7d", "-o", "@OUT"}, NULL, 1, "is 2 cards", 1},
    {{"holdem", "hits", "AA", "--board", "Kh", "-o", "@OUT"}, NULL, 1, "is 1 card", 1},
    {{"holdem", "hits", "AA", "--board", "Kh7d2c3s4s5s", "-o", "@OUT"}, NULL, 1, "is 6 cards", 1},
    {{"holdem", "hits", "AA", "--flops", "--board", "Kh7d2c", "-o", "@OUT"},
     NULL,
     2,
     "take no --board",
     1},
    {{"holdem", "hits", "KhKd", "--board", "Kh7d2c", "-o", "@OUT"}, NULL, 1, "meets the board", 1},
    {{"holdem", "hits", "AA", "--board", "KhKh7d", "-o", "@OUT"}, NULL, 1, "duplicate card", 1},
    {{"holdem", "hits", "AA,", "--flops", "-o", "@OUT"}, NULL, 1, "range: '' is not", 1},
    {{"holdem", "hits", "AA", "--flops", "--threads", "0", "-o", "@OUT"}, NULL, 2, "not '0'", 1},
    {{"holdem", "equity-dist", "AA", "KK", "--board", "2c3c4c5c6c7c", "-o", "@OUT"},
     NULL,
     1,
     "is 6 cards",
     1},
    {{"holdem", "equity-dist", "AhAd", "AhAs", "-o", "@OUT"}, NULL, 1, "no deal is possible", 1},
    {{"holdem", "equity-dist", "AA", "QQ+", "--board", "AhAdAs", "-o", "@OUT"},
     NULL,
     1,
     "every combination of 'AA'",
     1},
    {{"holdem", "equity-dist", "AA", "KK", "--bins", "x", "-o", "@OUT"}, NULL, 2, "bins: 'x'", 1},
    {{"holdem", "equity-dist", "AA", "KK", "-o", "@OUT", "--svg", "@OUT"}, NULL, 2, "same file", 1},
    {{"holdem", "filter", "random", "--vs", "Q@Q", "--min-equity", "0.5", "-o", "@OUT"},
     NULL,
     1,
     "vs: 'Q@Q'",
     1},
    {{"holdem", "filter", "random", "--vs", "QQ", "--min-equity", "0.5x", "-o", "@OUT"},
     NULL,
     1,
     "min-equity: '0.5x'",
     1},
    {{"holdem", "filter", "random", "--vs", "QQ", "--top", "1e3", "-o", "@OUT"},
     NULL,
     1,
     "top: '1e3'",
     1},
    {{"holdem", "filter", "72o", "--vs", "AA", "--board=AhKdQc", "--min-equity", "0.5", "-o",
      "@OUT"},
     NULL,
     1,
     "no combination of '72o'",
     1},
    {{"holdem", "filter", "random", "--vs", "QQ", "-o", "@OUT"}, NULL, 2, "--top", 1},
    {{"holdem", "matrix", "AA", "--vs", "KK", "--dead", "AhAh", "-o", "@OUT"},
     NULL,
     1,
     "duplicate card",
     1},
    {{"holdem", "matrix", "AA", "--vs", "KK", "-o", "@OUT", "--svg", "@OUT"},
     NULL,
     2,
     "same file",
     1},
    {{"holdem", "matrix", "AA", "--vs", "KK", "--svg", "/nonexistent/dir/m.svg"},
     NULL,
     3,
     "cannot write '/nonexistent/dir/m.svg'",
     0},
    {{"holdem", "hits", "AKs", "--flops", "-o", "/nonexistent/dir/h.csv"},
     NULL,
     3,
     "cannot write '/nonexistent/dir/h.csv'",
     0},
    {{"holdem", "equity-dist", "AA", "KK", "--svg", "/nonexistent/dir/g.svg"},
     NULL,
     3,
     "cannot write '/nonexistent/dir/g.svg'",
     0},
    {{"crib", "score", "--", "--csv"}, NULL, 1, "'--csv' is not a card", 0},
    {{"crib", "nscore", "a.txt", "b.txt"}, NULL, 2, "one input file at most", 0},
    {{"query", "select avg(riverEquity(h)) from h=AA, v=KK, board=2c3d4h", "-o",
      "/nonexistent/dir/q.csv"},
     NULL,
     3,
     "cannot write '/nonexistent/dir/q.csv'",
     0},
    /* the query language: a bad query names its line, column and token, exit 1, the file left */
    {{"query", "select avg(riverEq(hero)) from hero=AA, villain=KK", "-o", "@OUT"},
     NULL,
     1,
     "line 1, column 12: unknown function 'riverEq'",
     1},
    {{"query", "select avg(riverEquity(hero, flop)) from hero=AA, villain=KK", "-o", "@OUT"},
     NULL,
     1,
     "riverEquity takes 1 argument (a player), not 2",
     1},
    {{"query", "select avg(handType(hero, river)) from hero=AA, villain=KK", "-o", "@OUT"},
     NULL,
     1,
     "avg needs a number, and 'handType' is a hand type",
     1},
    {{"query", "select avg(riverEquity(hero))\nfrom hero=AA, villain='QX+'", "-o", "@OUT"},
     NULL,
     1,
     "line 2, column 24: villain: 'QX+' is not",
     1},
    {{"query", "select avg(riverEquity(hero)) from hero=AhKh, villain=KhQh", "-o", "@OUT"},
     NULL,
     1,
     "no deal is possible",
     1},
    {{"query", "select count(winsHi(hero)) from hero=*, villain=* where pairedBoard(flop)", "-o",
      "@OUT"},
     NULL,
     1,
     "deals to enumerate",
     1},
    {{"query", "select avg(riverEquity(hero)) from hero=AA, villain=KK", "--file", "x"},
     NULL,
     2,
     "not both",
     0},
    {{"query", "select avg(riverEquity(hero)) from hero=AA, villain=KK", "--samples", "0"},
     NULL,
     2,
     "--samples: '0' is not a whole number",
     0},
    {{"query"},
     "select avg(riverEquity(hero)) from hero=AA, villain=KK\nselect max(y(p)) from p=AA\n",
     1,
     "line 2: line 1, column 12: unknown function 'y'",
     0},
};

static void test_bad_input_is_refused(void **state) {
    (void)state;
    memset(long_line, 0, sizeof long_line);
    const char *cycle = "AS2345678910JQK";
    for (size_t i = 0; i < sizeof long_line - 2; i++)
        long_line[i] = cycle[i % strlen(cycle)];
    long_line[sizeof long_line - 2] = '\n';
    uint64_t x = 0x9E3779B97F4A7C15u;
    for (size_t i = 0; i < sizeof garbage - 1; i++) {
        x ^= x << 13, x ^= x >> 7, x ^= x << 17;
        garbage[i] = (char)(1 + x % 255); /* no NUL: the runner passes text; one line */
        if (garbage[i] == '\n')
            garbage[i] = ' ';
    }
    for (size_t c = 0; c < sizeof BAD / sizeof BAD[0]; c++) {
        const bad_case *b = &BAD[c];
        char dir[] = "/tmp/hs_hostile.XXXXXX";
        assert_non_null(mkdtemp(dir));
        char out[256], with_slash[260];
        snprintf(out, sizeof out, "%s/out.csv", dir);
        snprintf(with_slash, sizeof with_slash, "%s/", out);
        if (b->existing) {
            FILE *fp = fopen(out, "w");
            fputs("previous contents\n", fp);
            fclose(fp);
        }
        const char *args[11] = {NULL};
        for (int i = 0; i < 10 && b->args[i] != NULL; i++)
            args[i] = strcmp(b->args[i], "@OUT") == 0    ? out
                      : strcmp(b->args[i], "@OUT/") == 0 ? with_slash
                                                         : b->args[i];
        cli_result r = cli_run(args, b->input);
        if (r.status != b->status || strstr(r.err, b->message) == NULL)
            fail_msg("case %zu (%s %s): exit %d, stderr: %s", c, b->args[0], b->args[1], r.status,
                     r.err);
        /* one line, of a sensible length */
        const char *nl = strchr(r.err, '\n');
        assert_non_null(nl);
        if (strlen(r.err) >= 400 || nl[1] != '\0')
            fail_msg("case %zu: not one short line: %s", c, r.err);
        /* no output file created or changed, no temporary left behind */
        assert_int_equal(dir_entries(dir), b->existing);
        if (b->existing) {
            char *now = read_file(out, NULL);
            assert_string_equal(now, "previous contents\n");
            free(now);
            unlink(out);
        }
        rmdir(dir);
        cli_result_free(&r);
    }
    print_message("%zu hostile cases refused cleanly\n", sizeof BAD / sizeof BAD[0]);
}

/* Option spellings: each pair of command lines gives the same output. */
static void test_option_spellings(void **state) {
    (void)state;
    char dir[] = "/tmp/hs_opts.XXXXXX";
    assert_non_null(mkdtemp(dir));
    char out[256], attached[260];
    snprintf(out, sizeof out, "%s/t.csv", dir);
    snprintf(attached, sizeof attached, "-o%s", out);
    const struct {
        const char *a[16], *b[16];
    } pairs[] = {
        {{"poker", "hist", "--cards=5"}, {"poker", "hist", "--cards", "5"}},
        {{"poker", "hist", "--cards", "5", "--threads=2"},
         {"poker", "hist", "--threads", "2", "--cards", "5"}},
        {{"poker", "hist", "--cards", "5", "-o-"}, {"poker", "hist", "--cards", "5", "-o", "-"}},
        {{"crib", "score", "--csv", "--", "5H", "5C", "5S", "JD", "5D"},
         {"crib", "score", "5H", "5C", "--csv", "5S", "JD", "5D"}},
        {{"crib", "score", "--quiet", "--no-progress", "5H", "5C", "5S", "JD", "5D"},
         {"crib", "score", "5H", "5C", "5S", "JD", "5D"}},
        {{"poker", "compare", "AS AD KC KD 2S", "--", "QS QH QD 3C 3H"},
         {"poker", "compare", "AS", "AD", "KC", "KD", "2S", "--", "QS", "QH", "QD", "3C", "3H"}},
        {{"poker", "matchups", "--hand=AS KS QS JS TS", "--csv"},
         {"poker", "matchups", "--csv", "--hand", "AS", "KS", "QS", "JS", "TS"}},
        {{"holdem", "equity", "AhAd", "KK", "--board=2c3c4c", "--csv", "--quiet"},
         {"holdem", "equity", "--board", "2c 3c 4c", "AhAd", "KK", "--csv"}},
        {{"poker", "pe54", "-v"}, {"poker", "pe54", "--verbose", "--no-progress"}},
    };
    for (size_t i = 0; i < sizeof pairs / sizeof pairs[0]; i++) {
        const char *input = "5H 5C 6S 7S KD 2C 3S 8S 8D TD\n";
        cli_result a = cli_run(pairs[i].a, input), b = cli_run(pairs[i].b, input);
        if (a.status != 0 || b.status != 0 || strcmp(a.out, b.out) != 0 || a.out[0] == '\0')
            fail_msg("pair %zu: exit %d / %d: %s%s", i, a.status, b.status, a.err, b.err);
        cli_result_free(&a);
        cli_result_free(&b);
    }
    /* -oFILE writes FILE */
    cli_result r = cli_run((const char *const[]){"crib", "throw-table", attached, NULL}, NULL);
    assert_int_equal(r.status, 0);
    assert_string_equal(r.out, "");
    cli_result_free(&r);
    char *text = read_file(out, NULL);
    assert_non_null(text);
    assert_true(strncmp(text, "ranks,suits,", 12) == 0);
    free(text);
    unlink(out);
    rmdir(dir);
}

/* Output to a FIFO (like /dev/null, not a regular file) is written in place: renaming a finished
 * file over it would replace the FIFO or device itself. */
static void test_output_to_a_fifo(void **state) {
    (void)state;
    char dir[] = "/tmp/hs_fifo.XXXXXX";
    assert_non_null(mkdtemp(dir));
    char fifo[256];
    snprintf(fifo, sizeof fifo, "%s/pipe", dir);
    assert_int_equal(mkfifo(fifo, 0600), 0);
    int reader = open(fifo, O_RDONLY | O_NONBLOCK); /* so the writer's open does not block */
    assert_true(reader >= 0);
    cli_result r = cli_run((const char *const[]){"crib", "hist", "-o", fifo, NULL}, NULL);
    assert_int_equal(r.status, 0);
    cli_result_free(&r);
    char buf[4096];
    ssize_t got = read(reader, buf, sizeof buf - 1);
    assert_true(got > 0);
    buf[got] = '\0';
    assert_true(strncmp(buf, "score,count,probability\n", 24) == 0);
    close(reader);
    struct stat st;
    assert_int_equal(stat(fifo, &st), 0);
    assert_true(S_ISFIFO(st.st_mode));
    unlink(fifo);
    rmdir(dir);
}

/* ---- control bytes ---------------------------------------------------------------------------
 * A NUL, \x01, DEL, ESC or a CR inside a line of any command that reads lines (standard input or
 * a file) is named with the line number (exit 1), and the line is not run: standard output is
 * what the same input gives with that line a comment (the other lines answered, as the README
 * says), or nothing for the commands that answer the whole input at once (pe54, nscore, a query
 * file). A NUL used to end the line unseen: "expected 5 cards ..., got 2". */

typedef struct line_command {
    const char *args[6];
    const char *good; /* a good line (its own output) */
    const char *bad;  /* a good line with "@" where the control byte goes */
    int whole;        /* the command answers the whole input: nothing on stdout after an error */
} line_command;

static const line_command LINE_COMMANDS[] = {
    {{"crib", "score"}, "5H 5C 5S JD 5D", "AH 2H@ 3H 4H 5S", 0},
    {{"crib", "score", "--csv"}, "5H 5C 5S JD 5D", "AH 2H 3H 4H@5S", 0},
    {{"poker", "rank"}, "AS KS QS JS TS", "7C 5D@4H 3S 2C", 0},
    {{"poker", "pe54"}, "5H 5C 6S 7S KD 2C 3S 8S 8D TD", "5H 5C 6S @7S KD 2C 3S 8S 8D TD", 1},
    {{"shortdeck", "rank"}, "9S 9D 9C 6S 7D", "9S 9D@ 9C 6S 7D", 0},
    {{"lowball", "rank", "--a5"}, "KD 5S 4H 3C 2D", "KD 5S 4H@3C 2D", 0},
    {{"holdem", "equity", "--batch"},
     "AhAd | KsKc board=2c3d4h5s",
     "AhAd | KsKc@board=2c3d4h5s",
     0},
    {{"shortdeck", "equity", "--batch"},
     "AhKh | QsQd board=6c7c8c",
     "AhKh @| QsQd board=6c7c8c",
     0},
    {{"query", "-"},
     "select avg(riverEquity(h)) from h=AhAd, v=KsKc, board=2c3d4h5s",
     "select avg(riverEquity(h)) from@ h=AhAd, v=KsKc, board=2c3d4h5s",
     0},
    {{"crib", "nscore"}, "5", "A 2@3 4 5", 1},
};

enum { WITH_BYTE, AS_COMMENT, AS_BLANK };

/* good \n bad \n good \n (nscore: the count, then the cards) with the "@" of bad replaced by
 * `byte`, or by a blank with the line a comment or not, in buf: its length. */
static size_t line_input(char *buf, size_t cap, const line_command *c, int byte, int how) {
    const size_t good = strlen(c->good);
    const int nscore = strcmp(c->args[1], "nscore") == 0;
    assert_true(2 * good + strlen(c->bad) + 8 < cap);
    size_t n = 0;
    memcpy(buf, c->good, good);
    n += good;
    buf[n++] = '\n';
    if (how == AS_COMMENT)
        buf[n++] = '#';
    for (const char *p = c->bad; *p != '\0'; p++)
        buf[n++] = *p != '@' ? *p : how == WITH_BYTE ? (char)byte : ' ';
    buf[n++] = '\n';
    if (!nscore) {
        memcpy(buf + n, c->good, good);
        n += good;
        buf[n++] = '\n';
    }
    return n;
}

static void test_control_bytes_are_named(void **state) {
    (void)state;
    static const int BYTES[] = {0x00, 0x01, 0x7F, 0x1B, '\r'};
    char in[512], want[64];
    for (size_t c = 0; c < sizeof LINE_COMMANDS / sizeof LINE_COMMANDS[0]; c++) {
        const line_command *lc = &LINE_COMMANDS[c];
        const char *const *args = lc->args;
        /* "query -": the command's name for the message; its standard input is read */
        const char *const query[] = {"query", NULL};
        if (strcmp(args[0], "query") == 0)
            args = query;
        /* without the byte, the line is good */
        cli_result blank = cli_run_bytes(args, in, line_input(in, sizeof in, lc, 0, AS_BLANK));
        if (blank.status != 0)
            fail_msg("%s %s without the byte: exit %d: %s", lc->args[0], lc->args[1], blank.status,
                     blank.err);
        cli_result_free(&blank);
        cli_result ok = cli_run_bytes(args, in, line_input(in, sizeof in, lc, 0, AS_COMMENT));
        if (!lc->whole && ok.status != 0)
            fail_msg("%s %s, the line a comment: exit %d: %s", lc->args[0], lc->args[1], ok.status,
                     ok.err);
        const char *expected = lc->whole ? "" : ok.out;
        for (size_t b = 0; b < sizeof BYTES / sizeof BYTES[0]; b++) {
            cli_result r = cli_run_bytes(args, in, line_input(in, sizeof in, lc, BYTES[b], 0));
            snprintf(want, sizeof want, "line 2: control byte \\x%02X in '", BYTES[b]);
            if (r.status != 1 || strstr(r.err, want) == NULL)
                fail_msg("%s %s, byte 0x%02X: exit %d, stderr: %s", lc->args[0], lc->args[1],
                         BYTES[b], r.status, r.err);
            /* one message, for that line only */
            const char *nl = strchr(r.err, '\n');
            if (nl == NULL || nl[1] != '\0')
                fail_msg("%s %s, byte 0x%02X: one line expected on stderr: %s", lc->args[0],
                         lc->args[1], BYTES[b], r.err);
            if (strcmp(r.out, expected) != 0)
                fail_msg("%s %s, byte 0x%02X: standard output\n%s\nexpected\n%s", lc->args[0],
                         lc->args[1], BYTES[b], r.out, expected);
            cli_result_free(&r);
        }
        cli_result_free(&ok);
    }
}

/* A query file with a control byte (it used to end the query at a NUL): named, nothing run. */
static void test_control_bytes_in_a_query_file(void **state) {
    (void)state;
    char path[] = "/tmp/hs_query_ctl.XXXXXX";
    const int fd = mkstemp(path);
    assert_true(fd >= 0);
    static const char TEXT[] =
        "select avg(riverEquity(h))\nfrom h=AhAd, v=KsKc,\0 board=2c3d4h5s\n";
    assert_int_equal(write(fd, TEXT, sizeof TEXT - 1), (ssize_t)(sizeof TEXT - 1));
    close(fd);
    cli_result r = cli_run((const char *const[]){"query", "--file", path, NULL}, NULL);
    unlink(path);
    if (r.status != 1 || strstr(r.err, "line 2: control byte \\x00 in 'from h=AhAd") == NULL)
        fail_msg("exit %d, stderr: %s", r.status, r.err);
    assert_string_equal(r.out, "");
    cli_result_free(&r);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_control_bytes_are_named),
        cmocka_unit_test(test_control_bytes_in_a_query_file),
        cmocka_unit_test(test_messy_input_is_accepted),
        cmocka_unit_test(test_bad_input_is_refused),
        cmocka_unit_test(test_output_to_a_fifo),
        cmocka_unit_test(test_option_spellings),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
