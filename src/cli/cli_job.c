/* The CLI's one job layer: every long enumeration runs through here, with progress on standard
 * error, SIGINT and SIGTERM caught, and a checkpoint (the library's, see handstat/job.h) saved as
 * the work goes, when interrupted, and removed once the outputs are written. In handstat-mpi the
 * same steps run on every rank: rank 0 checks and owns the checkpoint and coordinates the run,
 * the workers compute (cli_mpi.c), and every rank leaves each step with rank 0's status. */
#define _POSIX_C_SOURCE 200809L
#include "cli.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "handstat/handstat.h"

/* path with its ".csv" ending (if any) replaced by `suffix`, in a heap string. */
char *cli_derived_path(const char *path, const char *suffix) {
    size_t n = strlen(path);
    if (n >= 4 && strcmp(path + n - 4, ".csv") == 0)
        n -= 4;
    char *out = malloc(n + strlen(suffix) + 1);
    if (out != NULL) {
        memcpy(out, path, n);
        strcpy(out + n, suffix);
    }
    return out;
}

int cli_is_stdout_path(const char *path) {
    struct stat st;
    return path == NULL || strcmp(path, "-") == 0 || (stat(path, &st) == 0 && !S_ISREG(st.st_mode));
}

/* Read the checkpoint file (cli_job_prepare found it readable) into the job. Prints why it
 * cannot be used. */
static int load(cli_job *j) {
    size_t len;
    int status;
    char *buf = cli_read_input(j->ckpt, &len, &status);
    if (buf == NULL)
        return status;
    int rc = hs_job_checkpoint_read(j->job, buf, len);
    free(buf);
    switch (rc) {
    case HS_OK:
        return CLI_OK;
    case HS_ERR_MISMATCH:
        cli_error("cannot resume: '%s' is a checkpoint of another job or of other options (this "
                  "is %s%s%s)",
                  j->ckpt, hs_job_name(j->job), *hs_job_params(j->job) ? ", " : "",
                  hs_job_params(j->job));
        break;
    case HS_ERR_VERSION:
        cli_error("cannot resume: '%s' was written by another handstat version or build (this is "
                  "%s); remove it to start over",
                  j->ckpt, hs_version());
        break;
    default:
        cli_error("cannot resume: '%s' is damaged or not a handstat checkpoint", j->ckpt);
        break;
    }
    return CLI_EXIT_DATA;
}

/* The checks of cli_job_prepare on the checkpoint file (rank 0 only: the file is its own). */
static int check_checkpoint(cli_job *j, int resume, const char *const *opts,
                            const char *const *paths, int n_paths) {
    /* A checkpoint is a file of its own: "-" (standard output or input elsewhere) is not one. */
    if (strcmp(j->ckpt, "-") == 0) {
        cli_error("--checkpoint takes a file name, not '-'");
        return CLI_EXIT_USAGE;
    }
    /* The checkpoint is rewritten as the work goes: it must not be one of the results. */
    const char *names[CLI_MAX_OUTS + 1], *files[CLI_MAX_OUTS + 1];
    int n = 0;
    for (int i = 0; i < n_paths && n < CLI_MAX_OUTS; i++, n++) {
        names[n] = opts[i];
        files[n] = paths[i];
    }
    names[n] = "--checkpoint";
    files[n++] = j->ckpt;
    if (cli_paths_distinct(names, files, n) != 0)
        return CLI_EXIT_USAGE;
    if (resume && access(j->ckpt, R_OK) != 0) {
        cli_error("cannot resume: cannot open checkpoint '%s': %s", j->ckpt, strerror(errno));
        return CLI_EXIT_DATA;
    }
    if (!resume && access(j->ckpt, F_OK) == 0) {
        cli_error("a checkpoint '%s' of an interrupted run exists: add --resume to continue it, "
                  "or remove it to start over",
                  j->ckpt);
        return CLI_EXIT_USAGE;
    }
    /* Fail on an unwritable checkpoint place before the long work: open it and discard it. */
    cli_outs probe = {.n = 0};
    cli_outs_add(&probe, "--checkpoint", j->ckpt);
    if (cli_outs_open(&probe) != CLI_OK)
        return CLI_EXIT_IO;
    cli_outs_abort(&probe);
    return CLI_OK;
}

int cli_job_prepare(cli_job *j, const char *label, const char *ckpt_arg, const char *out_path,
                    const char *fallback, int resume, int threads, const char *const *opts,
                    const char *const *paths, int n_paths) {
    memset(j, 0, sizeof *j);
    j->label = label;
    j->resume = resume;
    j->threads = threads;
    j->ckpt = ckpt_arg                       ? strdup(ckpt_arg)
              : cli_is_stdout_path(out_path) ? strdup(fallback)
                                             : cli_derived_path(out_path, ".ckpt");
    int status = CLI_OK;
    if (j->ckpt == NULL) {
        cli_error("out of memory");
        status = CLI_EXIT_IO;
    } else if (!cli_mpi_worker()) {
        status = check_checkpoint(j, resume, opts, paths, n_paths);
    }
    /* handstat-mpi: the workers go on or stop as rank 0 does. */
    return cli_mpi_agree(status);
}

int cli_job_attach(cli_job *j, hs_job *job) {
    j->job = job;
    if (!j->resume)
        return CLI_OK;
    /* Only rank 0 reads the checkpoint: it hands out only the units that remain. */
    int status = cli_mpi_worker() ? CLI_OK : load(j);
    if (status == CLI_OK && !cli_quiet)
        fprintf(stderr, "%s: resuming from '%s' with %zu of %zu units done\n", j->label, j->ckpt,
                hs_job_units_done(job), hs_job_units(job));
    return cli_mpi_agree(status);
}

/* Write the job's state to the checkpoint file, whole or not at all. */
static int save(void *ctx, const hs_job *job) {
    cli_job *j = ctx;
    size_t len = hs_job_checkpoint_size(job);
    unsigned char *buf = malloc(len);
    if (buf == NULL) {
        cli_error("out of memory saving the checkpoint");
        return -1;
    }
    hs_job_checkpoint_write(job, buf, len);
    cli_outs outs = {.n = 0};
    cli_out *out = cli_outs_add(&outs, "--checkpoint", j->ckpt);
    int status = cli_outs_open(&outs);
    if (status == CLI_OK) {
        fwrite(buf, 1, len, out->fp);
        status = cli_outs_commit(&outs);
    }
    cli_outs_abort(&outs);
    free(buf);
    if (status == CLI_OK)
        j->saved = 1;
    return status == CLI_OK ? 0 : -1;
}

/* The exit status and message of a run that returned rc (hs_job_run's or cli_mpi_coordinate's). */
static int run_status(cli_job *j, int rc) {
    switch (rc) {
    case HS_OK:
        return CLI_OK;
    case HS_ERR_CANCELLED:
        if (save(j, j->job) != 0) {
            cli_error("interrupted; the checkpoint could not be saved");
            return cli_interrupted_status();
        }
        cli_error("interrupted with %zu of %zu units done; progress is saved in '%s': run the "
                  "same command with --resume to continue",
                  hs_job_units_done(j->job), hs_job_units(j->job), j->ckpt);
        return cli_interrupted_status();
    case HS_ERR_IO:
        cli_error("stopped: the checkpoint '%s' could not be saved", j->ckpt);
        return CLI_EXIT_IO;
    case HS_ERR_CORRUPT:
        cli_error("the counts fail this job's invariant check: the checkpoint '%s' was damaged "
                  "or edited; remove it and run again without --resume; nothing written",
                  j->ckpt);
        return CLI_EXIT_DATA;
    case CLI_MPI_FAILED:
        return CLI_EXIT_IO;
    default:
        cli_error("%s", hs_strerror(rc));
        return CLI_EXIT_IO;
    }
}

int cli_job_open_run(cli_job *j, cli_outs *outs, const char *label, const char *ckpt_arg,
                     const char *path, const char *fallback, int resume, int threads,
                     const char *const *opts, const char *const *paths, int n_paths,
                     int (*make)(void *ctx, hs_job **job), void *ctx, hs_job **job) {
    int status = cli_outs_open(outs);
    if (status == CLI_OK)
        status = cli_job_prepare(j, label, ckpt_arg, path, fallback, resume, threads, opts, paths,
                                 n_paths);
    if (status == CLI_OK && make(ctx, job) != HS_OK) {
        cli_error("out of memory");
        status = CLI_EXIT_IO;
    }
    if (status == CLI_OK)
        status = cli_job_attach(j, *job);
    if (status == CLI_OK)
        status = cli_job_run(j);
    return status;
}

int cli_job_run(cli_job *j) {
    cli_catch_signals();
    cli_progress progress;
    cli_progress_init(&progress, j->label);
    /* The job reports its units done in all, resumed ones included; the rate and the time left
     * count only what this process does. */
    progress.origin = hs_job_units_done(j->job);
    j->start = cli_now();
    hs_job_opts o = {j->threads, cli_progress_update, &progress, save, j, CLI_CHECKPOINT_SECONDS};
    if (cli_mpi_worker()) {
        int status = cli_mpi_work(j->job, &o, &j->threads_used);
        j->seconds = cli_now() - j->start;
        return status;
    }
    /* handstat-mpi with workers: rank 0 coordinates them (and computes nothing itself). */
    int rc;
    if (cli_mpi_size() > 1) {
        rc = cli_mpi_coordinate(j->job, &o, &j->threads_used);
    } else {
        rc = hs_job_run(j->job, 0, hs_job_units(j->job), &o);
        j->threads_used = hs_job_threads_used(j->job);
    }
    cli_progress_done(&progress);
    j->seconds = cli_now() - j->start;
    return cli_mpi_finish_run(j->job, run_status(j, rc));
}

void cli_job_finish(cli_job *j, int status) {
    if (cli_mpi_worker()) { /* the checkpoint is rank 0's */
        free(j->ckpt);
        j->ckpt = NULL;
        return;
    }
    if (status == CLI_OK && j->ckpt != NULL)
        unlink(j->ckpt);
    /* The work is done but an output could not be written: keep it, so that --resume writes the
     * outputs at once. */
    if (status == CLI_EXIT_IO && j->ckpt != NULL && j->job != NULL &&
        hs_job_units_done(j->job) == hs_job_units(j->job) && save(j, j->job) == 0)
        cli_error("the finished counts are saved in '%s': run the same command with --resume to "
                  "write the outputs without redoing the work",
                  j->ckpt);
    free(j->ckpt);
    j->ckpt = NULL;
}

int cli_job_run_plain(hs_job *job, const char *label, int threads) {
    cli_catch_signals();
    cli_progress progress;
    cli_progress_init(&progress, label);
    int rc = hs_job_run(job, 0, hs_job_units(job),
                        &(hs_job_opts){threads, cli_progress_update, &progress, NULL, NULL, 0.0});
    cli_progress_done(&progress);
    if (rc == HS_ERR_CANCELLED) {
        cli_error("interrupted");
        return cli_interrupted_status();
    }
    if (rc != HS_OK) {
        cli_error("%s", hs_strerror(rc));
        return rc == HS_ERR_NOMEM ? CLI_EXIT_IO : CLI_EXIT_DATA;
    }
    return CLI_OK;
}
