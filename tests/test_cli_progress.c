/* The progress line, on a real terminal (a pseudo-terminal made by script(1)): never wider than
 * the terminal, so that it can be overwritten in place, and a steady estimate of the time left
 * (it used to swing between 10 s and 2400 s on holdem preflop, and to wrap at 80 columns). */
#define _GNU_SOURCE /* memmem */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "cli_run.h"
#include "test_skip.h"

/* script(1): HS_TEST_SCRIPT names another (a missing one shows the skip), else /usr/bin/script. */
static const char *script_path(void) {
    const char *s = getenv("HS_TEST_SCRIPT");
    return s != NULL ? s : "/usr/bin/script";
}

/* Run handstat with `args` and then `out` in a fresh folder (removed afterwards) on a terminal
 * of `cols` columns; returns what the terminal received (heap). Skips the test when script(1) is
 * not there. */
static char *on_terminal(int cols, const char *args, const char *out_name) {
    if (access(script_path(), X_OK) != 0)
        HS_SKIP("no %s to make a terminal (apt-get install bsdutils)\n", script_path());
    char dir[] = "/tmp/hs_prog.XXXXXX";
    assert_non_null(mkdtemp(dir));
    char out[64], command[512], cmd[1024];
    snprintf(out, sizeof out, "%s.tty", dir);
    snprintf(command, sizeof command, "%s %s/%s", args, dir, out_name);
    snprintf(cmd, sizeof cmd,
             "%s -qec 'stty cols %d rows 24; exec %s %s' /dev/null > %s 2>&1 "
             "< /dev/null",
             script_path(), cols, HANDSTAT_BIN, command, out);
    assert_int_equal(system(cmd), 0);
    char *text = read_file(out, NULL);
    unlink(out);
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    assert_int_equal(system(cmd), 0);
    return text;
}

/* The pieces between carriage returns and newlines: each is one drawing of the line. */
static void check_width(const char *text, int cols, int *lines) {
    *lines = 0;
    for (const char *s = text; *s != '\0';) {
        size_t n = strcspn(s, "\r\n");
        if (n > 0 && memmem(s, n, "units", 5) != NULL) {
            (*lines)++;
            if ((int)n > cols - 1)
                fail_msg("a progress line of %zu columns on a %d-column terminal: %.*s", n, cols,
                         (int)n, s);
        }
        s += n + (s[n] != '\0');
    }
}

static void test_progress_fits_the_terminal(void **state) {
    (void)state;
    char *text = on_terminal(40, "crib deals --threads 2 -o", "d.csv");
    int lines;
    check_width(text, 40, &lines);
    assert_true(lines >= 1);
    free(text);
}

/* After the first second, the predicted total time (elapsed + left) stays within a factor of
 * three of itself from drawing to drawing. */
static void test_time_left_is_steady(void **state) {
    (void)state;
    char *text = on_terminal(120, "holdem preflop --threads 2 -o", "p.csv");
    int lines;
    check_width(text, 120, &lines);
    double lo = 1e30, hi = 0;
    int seen = 0;
    for (const char *s = text; (s = strstr(s, "units/s), ")) != NULL; s++) {
        double elapsed, left;
        if (sscanf(s, "units/s), %lf s, about %lf s left", &elapsed, &left) == 2 &&
            elapsed >= 1.0) {
            const double total = elapsed + left;
            lo = total < lo ? total : lo;
            hi = total > hi ? total : hi;
            seen++;
        }
    }
    free(text);
    print_message("%d drawings after the first second: predicted totals %.1f s .. %.1f s\n", seen,
                  lo, hi);
    assert_true(seen >= 3);
    assert_true(hi <= 3 * lo);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_progress_fits_the_terminal),
        cmocka_unit_test(test_time_left_is_steady),
    };
    return hs_run_tests(tests, NULL, NULL);
}
