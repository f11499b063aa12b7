/* handstat-mpi: one process per MPI rank. Rank 0 is handstat: it parses, checks, coordinates,
 * prints and writes. The other ranks ("workers") parse the same command line and build the same
 * job, compute the ranges of units rank 0 hands them, and print nothing and write no file (their
 * standard output and error, and every output of cli_out.c, are /dev/null). Built without HS_MPI
 * (the plain handstat) this file is the stubs of one process: rank 0 of 1.
 *
 * The protocol is point to point on MPI_COMM_WORLD between rank 0 and each worker; the control
 * messages (two int64 values) are buffered (MPI_Bsend), so that rank 0 never waits on a worker
 * that is elsewhere in the command:
 *   rank 0 -> worker  STATUS  cli_mpi_agree: rank 0's status, which the worker returns
 *                     WORK    a range [first, last) of units, none of them done
 *                     STOP    give up the range under way (the run is stopping)
 *                     END     the run's status; on CLI_OK the finished job's checkpoint follows
 *                             (MPI_Bcast: every worker is then known to be in its run loop)
 *                     DONE    rank 0's exit status: its last message
 *   worker -> rank 0  READY   in the run loop, with its threads and cores: asks for a range
 *                     RESULT  the checkpoint of the range just run (after one int64: the signal
 *                             that stopped it, or 0), which also asks for the next range
 *                     FAIL    hs_job_run's error
 *                     BYE     the worker's last message
 * Every wait of a worker also accepts DONE: when rank 0 left the command early (an error only it
 * saw, an output it cannot open), the worker returns rank 0's status from wherever it waits, and
 * at once from every later wait. Rank 0 waits on the workers only in the run, where a BYE means
 * that a worker left the command (an error only it saw), and at the end, where it reads each
 * worker's messages up to its BYE, so that no send is left unmatched. Waits poll (MPI_Iprobe, then
 * 1 ms of sleep): Open MPI's blocking receives spin a core. */
#define _GNU_SOURCE /* sched_getaffinity */
#include "cli.h"

#ifdef HS_MPI

#include <fcntl.h>
#include <limits.h>
#include <mpi.h>
#include <pthread.h>
#include <sched.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "handstat/handstat.h"

enum {
    TAG_STATUS = 1,
    TAG_WORK,
    TAG_STOP,
    TAG_END,
    TAG_DONE,
    TAG_READY,
    TAG_RESULT,
    TAG_FAIL,
    TAG_BYE
};

/* Once the run stops, how long rank 0 waits for the ranges under way before it leaves them out
 * (they are then simply not done): a stopped range comes back after the units under way finish,
 * but a rank that died never answers, and Open MPI sends its SIGKILL a second after the SIGTERM
 * with which it stops the others; by then the checkpoint must be saved and the temporaries gone. */
#define STOP_WAIT_SECONDS 0.5

/* Control messages buffered at once per peer, at most (STATUS twice, STOP, END, DONE from rank
 * 0; READY, FAIL, BYE from a worker), with room to spare. */
#define CTL_PER_PEER 16

static int rank = 0, size = 1;
static pthread_t main_thread; /* the one thread that calls MPI (MPI_THREAD_FUNNELED) */
static void *bsend_buf;
/* On a worker: rank 0's DONE has arrived, with its exit status. */
static int root_done = 0, root_status = CLI_OK;
/* On rank 0: bye[w] once worker w's BYE has arrived. */
static unsigned char *bye;

int cli_mpi_rank(void) {
    return rank;
}

int cli_mpi_size(void) {
    return size;
}

static void nap(void) {
    const struct timespec ms = {0, 1000000};
    nanosleep(&ms, NULL);
}

static void send_ctl(int dest, int tag, int64_t a, int64_t b) {
    int64_t m[2] = {a, b};
    MPI_Bsend(m, 2, MPI_INT64_T, dest, tag, MPI_COMM_WORLD);
}

/* Out of memory for a message that must be received: no way to go on in step. */
static void fatal_nomem(void) {
    cli_error("out of memory receiving a message from another rank");
    MPI_Abort(MPI_COMM_WORLD, CLI_EXIT_IO);
}

/* Receive the message whose envelope is st: a control message into m, a RESULT (the only other
 * kind) into a heap buffer returned with its length (*len), else NULL. */
static unsigned char *receive(const MPI_Status *st, int64_t m[2], int *len) {
    if (st->MPI_TAG != TAG_RESULT) {
        MPI_Recv(m, 2, MPI_INT64_T, st->MPI_SOURCE, st->MPI_TAG, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        return NULL;
    }
    MPI_Get_count(st, MPI_BYTE, len);
    unsigned char *buf = malloc(*len > 0 ? (size_t)*len : 1);
    if (buf == NULL)
        fatal_nomem();
    MPI_Recv(buf, *len, MPI_BYTE, st->MPI_SOURCE, TAG_RESULT, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    return buf;
}

/* Wait for the next message from `source` without spinning; st gets its envelope. */
static void wait_message(int source, MPI_Status *st) {
    for (;;) {
        int flag;
        MPI_Iprobe(source, MPI_ANY_TAG, MPI_COMM_WORLD, &flag, st);
        if (flag)
            return;
        nap();
    }
}

/* On a worker: the next message from rank 0 (rank 0 sends only control messages); TAG_DONE at
 * once when rank 0 has ended. */
static int next_from_root(int64_t m[2]) {
    if (root_done)
        return TAG_DONE;
    MPI_Status st;
    int len;
    wait_message(0, &st);
    receive(&st, m, &len);
    if (st.MPI_TAG == TAG_DONE) {
        root_done = 1;
        root_status = (int)m[0];
    }
    return st.MPI_TAG;
}

void cli_mpi_init(int *argc, char ***argv) {
    int provided;
    MPI_Init_thread(argc, argv, MPI_THREAD_FUNNELED, &provided);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    main_thread = pthread_self();
    if (rank != 0) {
        int fd = open("/dev/null", O_WRONLY);
        if (fd >= 0) {
            dup2(fd, STDOUT_FILENO);
            dup2(fd, STDERR_FILENO);
            if (fd > STDERR_FILENO)
                close(fd);
        }
    }
    if (provided < MPI_THREAD_FUNNELED) {
        cli_error("the MPI library does not support threads (MPI_THREAD_FUNNELED)");
        MPI_Abort(MPI_COMM_WORLD, CLI_EXIT_IO);
    }
    int one;
    MPI_Pack_size(2, MPI_INT64_T, MPI_COMM_WORLD, &one);
    const int peers = rank == 0 ? size : 1;
    const int len = CTL_PER_PEER * peers * (one + MPI_BSEND_OVERHEAD);
    bsend_buf = malloc((size_t)len);
    bye = rank == 0 ? calloc((size_t)size, 1) : NULL;
    if (bsend_buf == NULL || (rank == 0 && bye == NULL)) {
        cli_error("out of memory");
        MPI_Abort(MPI_COMM_WORLD, CLI_EXIT_IO);
    }
    MPI_Buffer_attach(bsend_buf, len);
}

int cli_mpi_finalize(int status) {
    if (rank == 0) {
        for (int w = 1; w < size; w++)
            send_ctl(w, TAG_DONE, status, 0);
        for (int w = 1; w < size; w++) {
            while (!bye[w]) {
                MPI_Status st;
                int64_t m[2];
                int len;
                wait_message(w, &st);
                free(receive(&st, m, &len));
                bye[w] = st.MPI_TAG == TAG_BYE;
            }
        }
    } else {
        send_ctl(0, TAG_BYE, status, 0);
        int64_t m[2];
        while (next_from_root(m) != TAG_DONE)
            continue;
        status = root_status;
    }
    void *buf;
    int len;
    MPI_Buffer_detach(&buf, &len); /* waits for the buffered messages to be delivered */
    free(bsend_buf);
    free(bye);
    MPI_Finalize();
    return status;
}

int cli_mpi_agree(int status) {
    if (size == 1)
        return status;
    if (rank == 0) {
        for (int w = 1; w < size; w++)
            if (!bye[w])
                send_ctl(w, TAG_STATUS, status, 0);
        return status;
    }
    for (;;) {
        int64_t m[2];
        int tag = next_from_root(m);
        if (tag == TAG_STATUS)
            return (int)m[0];
        if (tag == TAG_DONE)
            return root_status;
    }
}

/* ---- rank 0: the coordinator ----------------------------------------------------------------- */

/* A range should take about this long: long enough that a job with a large accumulator (the whole
 * three-way table's is 46 MB) does not spend its time sending counts, short enough to even out the
 * workers and to reach the checkpoint, saved every CLI_CHECKPOINT_SECONDS. */
#define RANGE_SECONDS 2.0

typedef struct peer {
    int ready;       /* its READY has come: it is in the run loop */
    int busy;        /* a range is under way there */
    int64_t threads; /* as it said in READY */
    size_t chunk;    /* the units of its next range: from how fast its ranges went */
    size_t handed;   /* the units of the range under way */
    double started;  /* when it was handed out */
} peer;

/* The cores this process may run on (0: unknown). */
static int64_t allowed_cores(void) {
    cpu_set_t set;
    return sched_getaffinity(0, sizeof set, &set) == 0 ? CPU_COUNT(&set) : 0;
}

typedef struct coord {
    hs_job *job;
    const hs_job_opts *o;
    peer *peers;
    size_t units, chunk;
    size_t next; /* every unit below is done or handed out */
    int busy, ready;
    int warned;     /* about a rank with more threads than cores */
    int rc;         /* HS_OK, or why the run stops (the first reason) */
    int stopping;   /* no more ranges are handed out */
    size_t unsaved; /* units merged since the last save */
    double last_save;
} coord;

static void stop(coord *c, int rc) {
    if (!c->stopping) {
        c->stopping = 1;
        c->rc = rc;
    }
}

/* Hand worker w the next run of not-done units: at most its chunk (the job's first, then sized
 * from its last range to take about RANGE_SECONDS), or its threads when more, so that none of its
 * threads waits for want of units. */
static void hand_out(coord *c, int w) {
    while (c->next < c->units && hs_job_unit_done(c->job, c->next))
        c->next++;
    if (c->next == c->units)
        return;
    peer *p = &c->peers[w];
    size_t want = p->chunk > 0 ? p->chunk : c->chunk;
    if (want < (size_t)p->threads)
        want = (size_t)p->threads;
    size_t first = c->next, last = first;
    while (last < c->units && last - first < want && !hs_job_unit_done(c->job, last))
        last++;
    c->next = last;
    p->handed = last - first;
    p->started = cli_now();
    send_ctl(w, TAG_WORK, (int64_t)first, (int64_t)last);
    c->peers[w].busy = 1;
    c->busy++;
}

static void coord_save(coord *c) {
    if (c->o->save == NULL || c->unsaved == 0)
        return;
    if (c->o->save(c->o->save_ctx, c->job) != 0)
        stop(c, HS_ERR_IO);
    c->unsaved = 0;
    c->last_save = cli_now();
}

/* A worker's RESULT: merge it (exactly: any order gives the same counts), report progress. */
static void take_result(coord *c, int w, const unsigned char *buf, int len) {
    int64_t sig = 0;
    if (len >= (int)sizeof sig)
        memcpy(&sig, buf, sizeof sig);
    const size_t before = hs_job_units_done(c->job);
    int rc = len >= (int)sizeof sig
                 ? hs_job_checkpoint_merge(c->job, buf + sizeof sig, (size_t)len - sizeof sig)
                 : HS_ERR_FORMAT;
    if (rc != HS_OK) {
        if (!c->stopping || c->rc == HS_ERR_CANCELLED) {
            cli_error("the counts from rank %d cannot be merged (%s): every rank must run the same "
                      "handstat build",
                      w, hs_strerror(rc));
            c->stopping = 1;
            c->rc = CLI_MPI_FAILED;
        }
        return;
    }
    const size_t done = hs_job_units_done(c->job);
    c->unsaved += done - before;
    /* The next range from this one's speed, at most the first chunk's eightfold (about all of
     * a worker's share). */
    peer *p = &c->peers[w];
    const double took = cli_now() - p->started;
    if (p->handed > 0 && took > 0.0) {
        double next = (double)p->handed * RANGE_SECONDS / took;
        double most = 8.0 * (double)c->chunk;
        p->chunk = next < 1.0 ? 1 : next > most ? (size_t)most : (size_t)next;
    }
    const hs_job_opts *o = c->o;
    if (o->progress != NULL && done > before && o->progress(o->progress_ctx, done, c->units) != 0)
        stop(c, HS_ERR_CANCELLED);
    /* A worker stopped by a signal stops the run as the signal would have on rank 0. */
    if (sig != 0 && !c->stopping) {
        cli_stop_request((int)sig);
        stop(c, HS_ERR_CANCELLED);
    }
}

/* One message from worker w. */
static void take_message(coord *c, const MPI_Status *st) {
    const int w = st->MPI_SOURCE;
    peer *p = &c->peers[w];
    int64_t m[2] = {0, 0};
    int len = 0;
    unsigned char *buf = receive(st, m, &len);
    if (st->MPI_TAG == TAG_RESULT || st->MPI_TAG == TAG_FAIL || st->MPI_TAG == TAG_BYE) {
        c->busy -= p->busy;
        p->busy = 0;
    }
    switch (st->MPI_TAG) {
    case TAG_READY:
        p->ready = 1;
        p->threads = m[0] > 0 ? m[0] : 1;
        c->ready++;
        /* Open MPI binds each of two ranks or fewer to one core: its threads would share it. */
        if (m[1] > 0 && p->threads > m[1] && !c->warned && !cli_quiet) {
            c->warned = 1;
            cli_error("warning: rank %d runs %d threads on %d core%s: start mpirun with "
                      "--bind-to none, or give each rank that many cores",
                      w, (int)p->threads, (int)m[1], m[1] == 1 ? "" : "s");
        }
        break;
    case TAG_RESULT:
        take_result(c, w, buf, len);
        break;
    case TAG_FAIL:
        stop(c, (int)m[0]); /* printed by the caller, as the error of a run in one process */
        break;
    case TAG_BYE:
        bye[w] = 1;
        if (!c->stopping)
            cli_error("rank %d left the run (exit status %d): it could not take part", w,
                      (int)m[0]);
        stop(c, CLI_MPI_FAILED);
        break;
    default:
        break;
    }
    free(buf);
    if (!c->stopping && !bye[w] && (st->MPI_TAG == TAG_READY || st->MPI_TAG == TAG_RESULT))
        hand_out(c, w);
}

int cli_mpi_coordinate(hs_job *job, const hs_job_opts *o, int *threads_used) {
    coord c = {0};
    c.job = job;
    c.o = o;
    c.units = hs_job_units(job);
    const int workers = size - 1;
    /* About eight ranges per worker: late ranges even out the workers' speeds, and a range's
     * counts reach the checkpoint when it ends. */
    c.chunk = c.units / (8 * (size_t)workers);
    if (c.chunk < 1)
        c.chunk = 1;
    c.peers = calloc((size_t)size, sizeof *c.peers);
    if (c.peers == NULL)
        return HS_ERR_NOMEM;
    c.last_save = cli_now();
    int stop_sent = 0;
    double stop_time = 0;
    for (;;) {
        if (!c.stopping && cli_stop_signal() != 0)
            stop(&c, HS_ERR_CANCELLED);
        if (!c.stopping && o->save != NULL && hs_job_units_done(job) < c.units &&
            cli_now() - c.last_save >= o->save_seconds)
            coord_save(&c);
        if (c.stopping && !stop_sent) {
            stop_sent = 1;
            stop_time = cli_now();
            /* Interrupted: save at once (Open MPI follows its SIGTERM with a SIGKILL a second
             * later), then again with the ranges under way (by cli_job_run). */
            if (c.rc == HS_ERR_CANCELLED)
                coord_save(&c);
            for (int w = 1; w < size; w++)
                if (c.peers[w].busy)
                    send_ctl(w, TAG_STOP, 0, 0);
        }
        while (c.next < c.units && hs_job_unit_done(job, c.next))
            c.next++; /* (units resumed from the checkpoint) */
        /* Finished when nothing is under way and either the run stops or every unit is done and
         * every worker is in its run loop (the finished job is then broadcast to them). */
        if (c.busy == 0 && (c.stopping || (c.next == c.units && c.ready == workers)))
            break;
        if (c.stopping && cli_now() - stop_time >= STOP_WAIT_SECONDS)
            break; /* the ranges still under way are left out */
        MPI_Status st;
        int flag;
        MPI_Iprobe(MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &flag, &st);
        if (flag)
            take_message(&c, &st);
        else
            nap();
    }
    int64_t threads = 0;
    for (int w = 1; w < size; w++)
        threads += c.peers[w].threads;
    *threads_used = threads < INT_MAX ? (int)threads : INT_MAX;
    free(c.peers);
    /* A failure elsewhere: keep what was merged (an interrupted run is saved by the caller). */
    if (c.rc != HS_OK && c.rc != HS_ERR_CANCELLED && c.rc != HS_ERR_IO)
        coord_save(&c);
    if (c.rc == HS_OK)
        return hs_job_check(job); /* every unit is done: the invariants, as hs_job_run does */
    return c.rc;
}

int cli_mpi_finish_run(hs_job *job, int status) {
    if (size == 1 || rank != 0)
        return status;
    unsigned char *buf = NULL;
    int64_t len = 0;
    if (status == CLI_OK) {
        size_t n = hs_job_checkpoint_size(job);
        buf = n <= INT_MAX ? malloc(n) : NULL;
        if (buf == NULL) {
            cli_error("out of memory");
            status = CLI_EXIT_IO;
        } else {
            hs_job_checkpoint_write(job, buf, n);
            len = (int64_t)n;
        }
    }
    for (int w = 1; w < size; w++)
        send_ctl(w, TAG_END, status, 0);
    if (status == CLI_OK) {
        MPI_Bcast(&len, 1, MPI_INT64_T, 0, MPI_COMM_WORLD);
        MPI_Bcast(buf, (int)len, MPI_BYTE, 0, MPI_COMM_WORLD);
    }
    free(buf);
    return status;
}

/* ---- the workers --------------------------------------------------------------------------- */

/* The progress callback of a worker's range: the CLI's (which stops on SIGINT and SIGTERM), and
 * on the main thread, every 10 ms, a look for a message from rank 0: any message that comes while
 * a range runs (STOP, DONE) stops it. Calls are serialized by the job runtime. */
typedef struct work_poll {
    const hs_job_opts *o;
    int stop;
    double last;
} work_poll;

static int work_progress(void *ctx, uint64_t done, uint64_t total) {
    work_poll *w = ctx;
    if (w->o->progress != NULL && w->o->progress(w->o->progress_ctx, done, total) != 0)
        return 1;
    if (!w->stop && pthread_equal(pthread_self(), main_thread)) {
        double now = cli_now();
        if (now - w->last >= 0.01) {
            w->last = now;
            MPI_Iprobe(0, MPI_ANY_TAG, MPI_COMM_WORLD, &w->stop, MPI_STATUS_IGNORE);
        }
    }
    return w->stop;
}

/* Run [first, last) on the worker's job, send its checkpoint (or the error) to rank 0, and empty
 * the job for the next range. A stopped range sends the units it finished. */
static void run_range(hs_job *job, const hs_job_opts *wo, work_poll *wp, size_t first,
                      size_t last) {
    wp->stop = 0;
    int rc = hs_job_run(job, first, last, wo);
    if (rc == HS_OK || rc == HS_ERR_CANCELLED) {
        const int64_t sig = cli_stop_signal();
        size_t n = sizeof sig + hs_job_checkpoint_size(job);
        unsigned char *buf = n <= INT_MAX ? malloc(n) : NULL;
        if (buf != NULL) {
            memcpy(buf, &sig, sizeof sig);
            hs_job_checkpoint_write(job, buf + sizeof sig, n - sizeof sig);
            MPI_Send(buf, (int)n, MPI_BYTE, 0, TAG_RESULT, MPI_COMM_WORLD);
            free(buf);
        } else {
            rc = HS_ERR_NOMEM;
        }
    }
    if (rc != HS_OK && rc != HS_ERR_CANCELLED)
        send_ctl(0, TAG_FAIL, rc, 0);
    hs_job_reset(job);
}

/* END: the run's status, and on CLI_OK the finished job from rank 0. */
static int end_run(hs_job *job, int status) {
    if (status != CLI_OK)
        return status;
    int64_t len;
    MPI_Bcast(&len, 1, MPI_INT64_T, 0, MPI_COMM_WORLD);
    unsigned char *buf = malloc(len > 0 ? (size_t)len : 1);
    if (buf == NULL)
        fatal_nomem(); /* a broadcast cannot be left half done */
    MPI_Bcast(buf, (int)len, MPI_BYTE, 0, MPI_COMM_WORLD);
    int rc = hs_job_checkpoint_read(job, buf, (size_t)len);
    free(buf);
    return rc == HS_OK ? CLI_OK : CLI_EXIT_DATA;
}

int cli_mpi_work(hs_job *job, const hs_job_opts *o, int *threads_used) {
    if (root_done)
        return root_status;
    const int threads = cli_threads_used(o->threads);
    *threads_used = threads;
    send_ctl(0, TAG_READY, threads, allowed_cores());
    work_poll wp = {o, 0, 0.0};
    const hs_job_opts wo = {o->threads, work_progress, &wp, NULL, NULL, 0.0};
    for (;;) {
        int64_t m[2];
        switch (next_from_root(m)) {
        case TAG_WORK:
            run_range(job, &wo, &wp, (size_t)m[0], (size_t)m[1]);
            break;
        case TAG_END:
            return end_run(job, (int)m[0]);
        case TAG_DONE:
            return root_status;
        default:
            break; /* STOP between ranges: nothing is under way */
        }
    }
}

#else /* one process: handstat */

#include "handstat/handstat.h"

void cli_mpi_init(int *argc, char ***argv) {
    (void)argc;
    (void)argv;
}

int cli_mpi_finalize(int status) {
    return status;
}

int cli_mpi_rank(void) {
    return 0;
}

int cli_mpi_size(void) {
    return 1;
}

int cli_mpi_agree(int status) {
    return status;
}

int cli_mpi_coordinate(hs_job *job, const hs_job_opts *o, int *threads_used) {
    int rc = hs_job_run(job, 0, hs_job_units(job), o);
    *threads_used = hs_job_threads_used(job);
    return rc;
}

int cli_mpi_work(hs_job *job, const hs_job_opts *o, int *threads_used) {
    (void)job; /* never called: there are no workers */
    (void)o;
    *threads_used = 0;
    return CLI_EXIT_IO;
}

int cli_mpi_finish_run(hs_job *job, int status) {
    (void)job;
    return status;
}

#endif
