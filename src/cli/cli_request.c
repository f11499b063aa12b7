/* The CLI's side of the request layer (handstat/request.h): a command's options become a
 * request, its job (the long commands) runs through the CLI's job layer (progress, Ctrl-C,
 * checkpoints), and refusals become the documented exit statuses. */
#define _POSIX_C_SOURCE 200809L
#include "cli.h"

#include <stdlib.h>
#include <string.h>

#include "handstat/handstat.h"

/* A job estimated to take longer (seconds of one thread) keeps a checkpoint. */
#define LONG_SECONDS 10.0

/* The request layer's arguments that the command line spells as options of the same name:
 * their messages ("board: 'Zz' is not a card") name the option ("--board: ..."). */
static const char *const OPTION_KEYS[] = {"board", "dead",  "samples", "seed",
                                          "bins",  "cards", "to"};

int cli_request_fail(int rc, const char *msg, size_t line, int options) {
    if (rc == HS_ERR_CANCELLED) {
        cli_error("interrupted");
        return cli_interrupted_status();
    }
    /* the one hand of a command is its positional cards or its input line: no name needed */
    if (strncmp(msg, "hand: ", 6) == 0)
        msg += 6;
    const char *dashes = "";
    for (size_t k = 0; options && k < sizeof OPTION_KEYS / sizeof *OPTION_KEYS; k++) {
        const size_t n = strlen(OPTION_KEYS[k]);
        if (strncmp(msg, OPTION_KEYS[k], n) == 0 && msg[n] == ':')
            dashes = "--";
    }
    if (line > 0)
        cli_error("line %zu: %s", line, msg);
    else
        cli_error("%s%s", dashes, msg);
    return rc == HS_ERR_ARG ? CLI_EXIT_USAGE : rc == HS_ERR_NOMEM ? CLI_EXIT_IO : CLI_EXIT_DATA;
}

int cli_request_status(int rc, const char *msg) {
    return cli_request_fail(rc, msg, 0, 1);
}

int cli_request_add_at(hs_request *r, const char *key, const char *value, size_t line) {
    if (value == NULL)
        return 0;
    const int rc = hs_request_add(r, key, value);
    if (rc == HS_OK)
        return 0;
    char where[32] = "";
    if (line > 0)
        snprintf(where, sizeof where, "line %zu: ", line);
    const char *tok = cli_token(value, strlen(value));
    if (rc == HS_ERR_DUPLICATE)
        cli_error("%s'%s=' is given twice", where, key);
    else if (rc == HS_ERR_COUNT)
        cli_error("%s'%s' is one argument too many", where, tok);
    else if (rc == HS_ERR_NOMEM)
        cli_error("out of memory");
    else
        /* as in cli_request_fail, the hand (the positional cards or the line) needs no name */
        cli_error("%s%s%s'%s' is longer than %d bytes", where, strcmp(key, "hand") ? key : "",
                  strcmp(key, "hand") ? ": " : "", tok, HS_REQUEST_VALUE_MAX);
    return -1;
}

int cli_request_add(hs_request *r, const char *key, const char *value) {
    return cli_request_add_at(r, key, value, 0);
}

int cli_request_line(const char *text, size_t len, size_t line, void *ctx) {
    const cli_line_request *o = ctx;
    char *hand = strndup(text, len);
    if (hand == NULL) {
        cli_error("out of memory");
        return CLI_EXIT_IO;
    }
    int status;
    hs_request *r = cli_request_new(o->command, NULL, 0, &status);
    if (r != NULL && cli_request_add_at(r, "hand", hand, line) != 0)
        status = CLI_EXIT_DATA;
    free(hand);
    if (r != NULL && status == CLI_OK && cli_request_opts(r, o->keys, o->values, o->n_keys) != 0)
        status = CLI_EXIT_DATA;
    hs_table *t = NULL;
    char msg[HS_REQUEST_MESSAGE];
    int rc;
    if (status == CLI_OK && (rc = hs_request_run(r, 1, NULL, NULL, &t, msg, sizeof msg)) != HS_OK)
        status = cli_request_fail(rc, msg, line, 0);
    if (status == CLI_OK && o->csv) {
        cli_table out;
        cli_table_init(&out, stdout, 1, NULL);
        cli_request_table(&out, t, 0);
    } else if (status == CLI_OK)
        o->print(t, line, o->print_ctx);
    hs_table_free(t);
    hs_request_free(r);
    return status;
}

int cli_request_opts(hs_request *r, const char *const *keys, const char *const *values, int n) {
    for (int k = 0; k < n; k++)
        if (cli_request_add(r, keys[k], values[k]) != 0)
            return -1;
    return 0;
}

hs_request *cli_request_new(const char *command, char *const *hands, int n, int *status) {
    hs_request *r;
    if (hs_request_new(command, &r) != HS_OK) {
        cli_error("out of memory");
        *status = CLI_EXIT_IO;
        return NULL;
    }
    for (int p = 0; p < n; p++)
        if (cli_request_add(r, "hand", hands[p]) != 0) {
            hs_request_free(r);
            *status = CLI_EXIT_DATA;
            return NULL;
        }
    *status = CLI_OK;
    return r;
}

void cli_request_csv(FILE *fp, const hs_table *table) {
    cli_table t;
    cli_table_init(&t, fp, 1, NULL);
    cli_request_table(&t, table, 1);
}

int cli_request_run(const hs_request *r, const cli_request_job *o, hs_table **table, cli_job *jp,
                    int *keep_out) {
    char msg[HS_REQUEST_MESSAGE];
    hs_job *job = NULL;
    *table = NULL;
    *keep_out = 0;
    memset(jp, 0, sizeof *jp);
    int rc = hs_request_start(r, &job, msg, sizeof msg);
    if (rc != HS_OK)
        return cli_request_status(rc, msg);
    int status = o->outs != NULL ? cli_outs_open(o->outs) : CLI_OK;
    cli_job j;
    memset(&j, 0, sizeof j);
    int keep = 0;
    if (o->also_table != NULL)
        *o->also_table = NULL;
    if (status == CLI_OK && job != NULL) {
        keep = o->ckpt_arg != NULL || o->resume || hs_request_job_seconds(r, job) > LONG_SECONDS;
        if (!keep)
            status = cli_job_run_plain(job, o->label, o->threads);
        else {
            status = cli_job_prepare(&j, o->label, o->ckpt_arg, o->path, o->fallback, o->resume,
                                     o->threads, o->names, o->files, o->n_files);
            if (status == CLI_OK)
                status = cli_job_attach(&j, job);
            if (status == CLI_OK)
                status = cli_job_run(&j);
        }
    } else if (status == CLI_OK && (o->ckpt_arg != NULL || o->resume)) {
        cli_error("--checkpoint and --resume are for long counts: this query runs at once");
        status = CLI_EXIT_USAGE;
    }
    if (status == CLI_OK) {
        cli_catch_signals();
        cli_progress progress;
        cli_progress_init(&progress, o->label);
        rc = hs_request_finish(r, job, o->threads, cli_progress_update, &progress, table, msg,
                               sizeof msg);
        /* a second answer from the same finished job (or run itself when there is none) */
        if (rc == HS_OK && o->also != NULL)
            rc = hs_request_finish(o->also, job, o->threads, cli_progress_update, &progress,
                                   o->also_table, msg, sizeof msg);
        cli_progress_done(&progress);
        if (rc != HS_OK)
            status = cli_request_status(rc, msg);
    }
    *jp = j;
    *keep_out = keep;
    /* the job the checkpoint layer holds (j.job) is freed with it by cli_request_end */
    if (!keep || j.job == NULL)
        hs_job_free(job);
    return status;
}

void cli_request_end(cli_job *j, int keep, int status) {
    if (!keep)
        return;
    cli_job_finish(j, status);
    hs_job_free(j->job);
    j->job = NULL;
}

int cli_request_to_csv(const char *command, const char *const *keys, const char *const *values,
                       int n, const cli_request_job *o, hs_table **table, double *seconds) {
    *table = NULL;
    int status;
    hs_request *r = cli_request_new(command, NULL, 0, &status);
    if (r == NULL)
        return status;
    if (cli_request_opts(r, keys, values, n) != 0) {
        hs_request_free(r);
        return CLI_EXIT_DATA;
    }
    cli_outs outs = {.n = 0};
    cli_out *out = cli_outs_add(&outs, "-o", o->path);
    cli_request_job job = *o;
    job.outs = &outs;
    cli_job j;
    int keep;
    const double start = cli_now();
    status = cli_request_run(r, &job, table, &j, &keep);
    *seconds = cli_now() - start;
    if (status == CLI_OK) {
        cli_request_csv(out->fp, *table);
        status = cli_outs_commit(&outs);
    }
    cli_outs_abort(&outs);
    cli_request_end(&j, keep, status);
    hs_request_free(r);
    if (status != CLI_OK) {
        hs_table_free(*table);
        *table = NULL;
    }
    return status;
}

int cli_request_two_sides(char **argv, int n_pos, const char *what, const char *command,
                          const char *second_key, hs_table **t) {
    *t = NULL;
    char *text[2];
    size_t len[2];
    int rc = cli_split_sides(argv, n_pos, what, text, len);
    if (rc != CLI_OK)
        return rc;
    const int two_hands = strcmp(second_key, "hand") == 0;
    int status;
    hs_request *r = cli_request_new(command, text, two_hands ? 2 : 1, &status);
    if (r != NULL && !two_hands && cli_request_add(r, second_key, text[1]) != 0)
        status = CLI_EXIT_DATA;
    free(text[0]);
    free(text[1]);
    char msg[HS_REQUEST_MESSAGE];
    if (status == CLI_OK && (rc = hs_request_run(r, 1, NULL, NULL, t, msg, sizeof msg)) != HS_OK)
        status = cli_request_fail(rc, msg, 0, 0);
    hs_request_free(r);
    return status;
}

hs_request *cli_request_with(const char *command, const char *key, const char *value, int *status) {
    hs_request *q = cli_request_new(command, NULL, 0, status);
    if (q != NULL && value != NULL && cli_request_add(q, key, value) != 0) {
        hs_request_free(q);
        *status = CLI_EXIT_DATA;
        return NULL;
    }
    return q;
}

/* make for cli_job_open_run: the request's job, timed. */
typedef struct request_make {
    const hs_request *q;
    double seconds;
} request_make;

static int make_request_job(void *ctx, hs_job **job) {
    request_make *m = ctx;
    char msg[HS_REQUEST_MESSAGE];
    const double start = cli_now();
    const int rc = hs_request_start(m->q, job, msg, sizeof msg);
    m->seconds = cli_now() - start;
    return rc;
}

int cli_request_tables(const cli_table_files *o) {
    enum { MAX_FILES = 4 };
    hs_job *job = NULL;
    hs_table *first = NULL;
    cli_job j;
    memset(&j, 0, sizeof j);
    cli_outs outs = {.n = 0};
    cli_out *dest[MAX_FILES] = {NULL};
    for (int k = 0; k < o->n && k < MAX_FILES; k++)
        if (k == 0 || o->paths[k] != NULL)
            dest[k] = cli_outs_add(&outs, o->names[k], o->paths[k]);
    request_make m = {o->q[0], 0};
    int status =
        cli_job_open_run(&j, &outs, o->label, o->ckpt_arg, o->paths[0], o->fallback, o->resume,
                         o->threads, o->names, o->paths, o->n, make_request_job, &m, &job);
    if (o->make_seconds != NULL)
        *o->make_seconds = m.seconds;
    for (int k = 0; status == CLI_OK && k < o->n && k < MAX_FILES; k++) {
        if (dest[k] == NULL)
            continue;
        hs_table *t = NULL;
        char msg[HS_REQUEST_MESSAGE];
        const int rc = hs_request_finish(o->q[k], job, o->threads, NULL, NULL, &t, msg, sizeof msg);
        if (rc != HS_OK) {
            status = cli_request_status(rc, msg);
            break;
        }
        cli_request_csv(dest[k]->fp, t);
        if (k == 0)
            first = t;
        else
            hs_table_free(t);
    }
    if (status == CLI_OK)
        status = cli_outs_commit(&outs);
    cli_outs_abort(&outs);
    if (status == CLI_OK && !cli_quiet && o->summary != NULL)
        o->summary(first, job, &j, o->ctx);
    cli_job_finish(&j, status);
    hs_job_free(job);
    hs_table_free(first);
    return status;
}
