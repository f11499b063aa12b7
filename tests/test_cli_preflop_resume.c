/* holdem preflop interrupted with SIGINT part-way and resumed gives the same files as one
 * uninterrupted run; the interrupted run leaves no CSV behind. */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <cmocka.h>

#include "cli_run.h"

static int exists(const char *path) {
    struct stat st;
    return stat(path, &st) == 0;
}

static void sleep_ms(long ms) {
    struct timespec ts = {ms / 1000, (ms % 1000) * 1000000L};
    nanosleep(&ts, NULL);
}

static void test_interrupt_and_resume(void **state) {
    (void)state;
    char dir[] = "/tmp/hs_preflop.XXXXXX";
    assert_non_null(mkdtemp(dir));
    char whole[256], part[256], ckpt[256], whole_m[256], part_m[256];
    snprintf(whole, sizeof whole, "%s/whole.csv", dir);
    snprintf(whole_m, sizeof whole_m, "%s/whole_matrix.csv", dir);
    snprintf(part, sizeof part, "%s/part.csv", dir);
    snprintf(part_m, sizeof part_m, "%s/part_matrix.csv", dir);
    snprintf(ckpt, sizeof ckpt, "%s/part.ckpt", dir);

    cli_result r = cli_run((const char *const[]){"holdem", "preflop", "-o", whole, NULL}, NULL);
    assert_int_equal(r.status, 0);
    cli_result_free(&r);

    /* Start the same job, wait for its first checkpoint, then interrupt it. */
    pid_t pid = fork();
    if (pid == 0) {
        if (freopen("/dev/null", "w", stderr) == NULL)
            _exit(126);
        execl(HANDSTAT_BIN, HANDSTAT_BIN, "holdem", "preflop", "--threads", "1", "-o", part,
              (char *)NULL);
        _exit(127);
    }
    int waited = 0;
    while (!exists(ckpt) && waited < 60000) {
        sleep_ms(5);
        waited += 5;
    }
    assert_true(exists(ckpt));
    kill(pid, SIGINT);
    int status;
    waitpid(pid, &status, 0);
    assert_true(WIFEXITED(status));
    assert_int_equal(WEXITSTATUS(status), 130);
    assert_false(exists(part));
    assert_false(exists(part_m));
    assert_true(exists(ckpt));

    /* Without --resume the checkpoint is not silently thrown away. */
    r = cli_run((const char *const[]){"holdem", "preflop", "-o", part, NULL}, NULL);
    assert_int_equal(r.status, 2);
    assert_non_null(strstr(r.err, "add --resume to continue it"));
    cli_result_free(&r);

    r = cli_run((const char *const[]){"holdem", "preflop", "-o", part, "--resume", NULL}, NULL);
    assert_int_equal(r.status, 0);
    assert_non_null(strstr(r.err, "resuming from"));
    cli_result_free(&r);
    assert_false(exists(ckpt));

    char *a = read_file(whole, NULL), *b = read_file(part, NULL);
    assert_non_null(a);
    assert_non_null(b);
    assert_string_equal(a, b);
    free(a);
    free(b);
    a = read_file(whole_m, NULL);
    b = read_file(part_m, NULL);
    assert_string_equal(a, b);
    free(a);
    free(b);
    unlink(whole);
    unlink(whole_m);
    unlink(part);
    unlink(part_m);
    rmdir(dir);
}

/* Start a preflop run writing over `out`, wait for its first checkpoint (so it is mid-job), then
 * send `sig`; returns the wait status. */
static int run_and_signal(const char *out, const char *ckpt, int sig) {
    pid_t pid = fork();
    if (pid == 0) {
        if (freopen("/dev/null", "w", stderr) == NULL)
            _exit(126);
        execl(HANDSTAT_BIN, HANDSTAT_BIN, "holdem", "preflop", "--threads", "1", "-o", out,
              "--checkpoint", ckpt, (char *)NULL);
        _exit(127);
    }
    for (int waited = 0; !exists(ckpt) && waited < 60000; waited += 5)
        sleep_ms(5);
    assert_true(exists(ckpt));
    kill(pid, sig);
    int status;
    waitpid(pid, &status, 0);
    return status;
}

/* A job killed outright (SIGKILL: no handler runs) leaves the previous output as it was; SIGTERM
 * stops it with status 143, also leaving the output alone. */
static void test_killed_job_leaves_output_intact(void **state) {
    (void)state;
    char dir[] = "/tmp/hs_kill.XXXXXX";
    assert_non_null(mkdtemp(dir));
    char out[256], ckpt[256];
    snprintf(out, sizeof out, "%s/table.csv", dir);
    snprintf(ckpt, sizeof ckpt, "%s/table.ckpt", dir);
    FILE *fp = fopen(out, "w");
    fputs("previous table\n", fp);
    fclose(fp);

    int status = run_and_signal(out, ckpt, SIGKILL);
    assert_true(WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL);
    char *now = read_file(out, NULL);
    assert_string_equal(now, "previous table\n");
    free(now);

    unlink(ckpt);
    status = run_and_signal(out, ckpt, SIGTERM);
    assert_true(WIFEXITED(status));
    assert_int_equal(WEXITSTATUS(status), 143);
    now = read_file(out, NULL);
    assert_string_equal(now, "previous table\n");
    free(now);

    /* Clean up, temporaries of the killed run included. */
    char cmd[300];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    assert_int_equal(system(cmd), 0);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_interrupt_and_resume),
        cmocka_unit_test(test_killed_job_leaves_output_intact),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
