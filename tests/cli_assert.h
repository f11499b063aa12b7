/* Test-only: the CLI tests' shorthand, for files that include <cmocka.h> first: RUN(input, args...)
 * runs handstat with the arguments (a NULL is added) and `input` on standard input, and
 * assert_contains fails with both texts when a needle is missing. */
#ifndef HS_TEST_CLI_ASSERT_H
#define HS_TEST_CLI_ASSERT_H

#include <string.h>

#include "cli_run.h"

#define RUN(input, ...) cli_run((const char *const[]){__VA_ARGS__, NULL}, input)

static inline void assert_contains(const char *haystack, const char *needle) {
    if (strstr(haystack, needle) == NULL)
        fail_msg("expected to find \"%s\" in:\n%s", needle, haystack);
}

#endif
