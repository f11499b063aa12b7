/* Fuzz target: the CLI's line readers, as `crib score`, `poker rank`, `poker pe54` and
 * `holdem equity --batch` use them: cli_for_each_line, each line a request of the request layer
 * ("crib score", "poker rank", or split by the --batch splitter), answered when accepted. */
#define _POSIX_C_SOURCE 200809L
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "handstat/handstat.h"

/* The readers report bad lines on stderr: run with -close_fd_mask=2 to keep the fuzzer quiet. */
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* One line as the hand of a request for `command`, as `crib score` and `poker rank` answer their
 * input lines; what is accepted must answer one row whose column `col` is an integer lo..hi. */
static int request_line(const char *command, const char *text, size_t len, size_t col, long lo,
                        long hi) {
    hs_request *q;
    char *hand = strndup(text, len);
    if (hand == NULL || hs_request_new(command, &q) != HS_OK)
        abort();
    hs_table *t = NULL;
    char msg[HS_REQUEST_MESSAGE];
    int rc = hs_request_add(q, "hand", hand);
    if (rc == HS_OK && hs_request_run(q, 1, NULL, NULL, &t, msg, sizeof msg) == HS_OK) {
        const long v = hs_table_rows(t) == 1 ? strtol(hs_table_cell(t, 0, col), NULL, 10) : -1;
        if (v < lo || v > hi)
            abort();
    }
    hs_table_free(t);
    hs_request_free(q);
    free(hand);
    return rc != HS_OK;
}

static int crib_line(const char *text, size_t len, size_t line, void *ctx) {
    (void)line;
    (void)ctx;
    return request_line("crib score", text, len, 7, 0, HS_CRIB_MAX_SCORE);
}

static int poker_line(const char *text, size_t len, size_t line, void *ctx) {
    (void)line;
    (void)ctx;
    return request_line("poker rank", text, len, 1, 1, HS_POKER_CLASSES);
}

static int pe54_line(const char *text, size_t len, size_t line, void *ctx) {
    (void)line;
    (void)ctx;
    return request_line("poker pe54", text, len, 1, 1, HS_POKER_CLASSES);
}

/* A --batch request: split into a request, then checked by the request layer (and, when it is
 * accepted, its work note made); nothing is run. */
static int batch_line(const char *text, size_t len, size_t line, void *ctx) {
    (void)ctx;
    hs_request *q;
    if (hs_request_new("holdem equity", &q) != HS_OK)
        abort();
    int status = cli_equity_line(text, len, line, q);
    hs_job *job = NULL;
    char msg[HS_REQUEST_MESSAGE], note[256];
    if (status == CLI_OK && hs_request_start(q, &job, msg, sizeof msg) == HS_OK) {
        if (job != NULL)
            abort(); /* an equity request has no job */
        hs_request_work(q, note, sizeof note);
    }
    hs_request_free(q);
    return status != CLI_OK;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    const char *text = (const char *)data;
    cli_for_each_line(text, size, crib_line, NULL);
    cli_for_each_line(text, size, poker_line, NULL);
    cli_for_each_line(text, size, pe54_line, NULL);
    cli_for_each_line(text, size, batch_line, NULL);
    cli_token(text, size);
    return 0;
}
