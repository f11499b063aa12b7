/* Test-only, for files that include <cmocka.h> first: skips that CTest sees, and running part of a
 * test file as its own CTest entry.
 *
 * A check that cannot run here (no /usr/bin/script, a CPU without the ISA, data absent, too slow
 * under the sanitizers) calls HS_SKIP("why", ...): the message, then cmocka's skip(). cmocka alone
 * still exits 0 after a skip, so main ends with hs_run_tests(), which exits HS_SKIP_CODE (77, the
 * SKIP_RETURN_CODE every test has in tests/CMakeLists.txt) when a test skipped and none failed:
 * CTest then reports the entry as "Skipped", not "Passed".
 *
 * A whole entry turns Skipped, so a test that may skip runs alone in its own CTest entry
 * (hs_split_test in tests/CMakeLists.txt): hs_run_tests() runs only the tests named in
 * HS_TEST_ONLY, and leaves out those in HS_TEST_EXCEPT (comma-separated names; a name ending in
 * '*' is a prefix). */
#ifndef HS_TEST_SKIP_H
#define HS_TEST_SKIP_H

#include <stdlib.h>
#include <string.h>

#define HS_SKIP_CODE 77

/* The number of tests that skipped in this process. */
static inline int *hs_skips(void) {
    static int n;
    return &n;
}

#define HS_SKIP(...)                                                                               \
    do {                                                                                           \
        print_message("skipped: " __VA_ARGS__);                                                    \
        (*hs_skips())++;                                                                           \
        skip();                                                                                    \
    } while (0)

/* Whether `name` is in the comma-separated `list` (an entry ending in '*' matches a prefix). */
static inline int hs_test_listed(const char *name, const char *list) {
    for (const char *p = list; *p != '\0';) {
        size_t n = strcspn(p, ",");
        if (n > 0 && p[n - 1] == '*' ? strncmp(name, p, n - 1) == 0
                                     : strlen(name) == n && strncmp(name, p, n) == 0)
            return 1;
        p += n + (p[n] == ',');
    }
    return 0;
}

/* Run the tests selected by HS_TEST_ONLY and HS_TEST_EXCEPT: the number that failed, or
 * HS_SKIP_CODE when none failed and one skipped. */
static inline int hs_run_tests_named(const char *group, const struct CMUnitTest *tests, size_t n,
                                     CMFixtureFunction setup, CMFixtureFunction teardown) {
    const char *only = getenv("HS_TEST_ONLY"), *except = getenv("HS_TEST_EXCEPT");
    struct CMUnitTest *run = calloc(n > 0 ? n : 1, sizeof *run);
    if (run == NULL)
        return 1;
    size_t k = 0;
    for (size_t i = 0; i < n; i++)
        if ((only == NULL || hs_test_listed(tests[i].name, only)) &&
            (except == NULL || !hs_test_listed(tests[i].name, except)))
            run[k++] = tests[i];
    if (k == 0) {
        print_error("no test selected by HS_TEST_ONLY=%s HS_TEST_EXCEPT=%s\n", only ? only : "",
                    except ? except : "");
        free(run);
        return 1;
    }
    int failed = _cmocka_run_group_tests(group, run, k, setup, teardown);
    free(run);
    return failed != 0 ? failed : *hs_skips() > 0 ? HS_SKIP_CODE : 0;
}

#define hs_run_tests(tests, setup, teardown)                                                       \
    hs_run_tests_named(#tests, tests, sizeof(tests) / sizeof((tests)[0]), setup, teardown)

#endif
