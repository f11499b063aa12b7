/* Test-only: run the handstat binary with arguments and standard input, capturing its output. */
#ifndef HS_TEST_CLI_RUN_H
#define HS_TEST_CLI_RUN_H

#include <stddef.h>

typedef struct cli_result {
    int status; /* exit status, or 128 + signal */
    char *out;  /* standard output, NUL-terminated (heap) */
    char *err;  /* standard error, NUL-terminated (heap) */
} cli_result;

/* Run HANDSTAT_BIN with argv (NULL-terminated, without the program name) and `input` on
 * standard input (NULL: empty). */
cli_result cli_run(const char *const *argv, const char *input);

/* cli_run with the `len` bytes at `input` on standard input (NUL bytes among them). */
cli_result cli_run_bytes(const char *const *argv, const char *input, size_t len);

/* Where the program's standard output goes. */
typedef enum cli_stdout {
    CLI_STDOUT_CAPTURE, /* a file, returned in out */
    CLI_STDOUT_FULL,    /* /dev/full: every write fails with ENOSPC */
    CLI_STDOUT_CLOSED   /* descriptor 1 closed */
} cli_stdout;

/* cli_run with standard output as `where` (out is "" unless captured). */
cli_result cli_run_stdout(const char *const *argv, const char *input, cli_stdout where);
void cli_result_free(cli_result *r);

/* Start HANDSTAT_BIN with argv (as cli_run; output discarded), send it SIGINT after one second
 * and wait: its exit status (128 + signal when killed by one), and in *seconds how long it took
 * to stop after the signal. */
int cli_run_interrupted(const char *const *argv, double *seconds);
/* The same, with SIGINT after delay_ms milliseconds: for a job that may finish within a second. */
int cli_run_interrupted_after(const char *const *argv, long delay_ms, double *seconds);

/* The whole content of a file (heap, NUL-terminated) or NULL when it cannot be read. */
char *read_file(const char *path, size_t *len);

/* The number of entries in a folder (without "." and ".."). */
int dir_entries(const char *dir);

/* The shared reference data folder, or NULL (with a message) when it is absent. */
const char *shared_data_dir(void);

#endif
