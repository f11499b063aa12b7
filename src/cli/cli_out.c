/* The output layer: every file a command writes opened before the work, written to temporaries
 * and renamed into place together, only when all of them were written (by rank 0 alone in
 * handstat-mpi). */
#define _DEFAULT_SOURCE
#include "cli.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

int cli_stdout_closed = 0;

/* Set once a failed write to standard output has been reported (by an output set's commit), so
 * that the check at exit does not report it again. */
static int stdout_reported = 0;

static void report_stdout(int err) {
    if (stdout_reported)
        return;
    stdout_reported = 1;
    cli_error("cannot write standard output: %s",
              cli_stdout_closed ? "it is closed" : strerror(err));
}

void cli_guard_std_fds(void) {
    for (int fd = 0; fd <= 2; fd++) {
        if (fcntl(fd, F_GETFD) != -1 || errno != EBADF)
            continue;
        /* Descriptor 1 read-only: results written to a closed stdout fail (and are reported)
         * instead of vanishing, and no file opened later can take descriptor 1. */
        int got = open("/dev/null", fd == 2 ? O_WRONLY : O_RDONLY);
        if (got >= 0 && got != fd) {
            dup2(got, fd);
            close(got);
        }
        if (fd == 1)
            cli_stdout_closed = 1;
    }
}

int cli_stdout_check(void) {
    int failed = fflush(stdout) != 0 || ferror(stdout);
    if (!failed)
        return 0;
    report_stdout(errno);
    return -1;
}

static int is_stdout(const char *path) {
    return path == NULL || strcmp(path, "-") == 0;
}

/* dir/name in a heap string (dir_len bytes of dir; no slash added when dir_len is 0). */
static char *join(const char *dir, size_t dir_len, const char *name) {
    size_t n = strlen(name);
    char *s = malloc(dir_len + 1 + n + 1);
    if (s == NULL)
        return NULL;
    memcpy(s, dir, dir_len);
    size_t o = dir_len;
    if (dir_len > 0 && dir[dir_len - 1] != '/')
        s[o++] = '/';
    memcpy(s + o, name, n + 1);
    return s;
}

/* The length of the directory part of path, with its slash ("a/b" -> 2, "b" -> 0). */
static size_t dir_part(const char *path) {
    const char *slash = strrchr(path, '/');
    return slash != NULL ? (size_t)(slash - path) + 1 : 0;
}

/* The file that writing `path` replaces: symbolic links followed to their final target (which
 * may not exist yet), so that the temporary goes beside it and the link stays a link. */
static char *resolve_target(const char *path) {
    char *p = strdup(path);
    for (int hops = 0; p != NULL && hops < 40; hops++) {
        struct stat st;
        if (lstat(p, &st) != 0 || !S_ISLNK(st.st_mode))
            return p;
        size_t cap = (size_t)st.st_size > 0 ? (size_t)st.st_size + 1 : PATH_MAX;
        char *link = malloc(cap);
        ssize_t n = link != NULL ? readlink(p, link, cap) : -1;
        if (n < 0 || (size_t)n >= cap) {
            free(link);
            return p;
        }
        link[n] = '\0';
        char *next = link[0] == '/' ? strdup(link) : join(p, dir_part(p), link);
        free(link);
        free(p);
        p = next;
    }
    return p;
}

/* A name for comparing destinations: the resolved directory and the file name. */
static char *canonical_name(const char *target) {
    size_t d = dir_part(target);
    char *dir = d > 0 ? strndup(target, d) : strdup(".");
    char *real = dir != NULL ? realpath(dir, NULL) : NULL;
    char *name = real != NULL ? join(real, strlen(real), target + d) : strdup(target);
    free(dir);
    free(real);
    return name;
}

int cli_paths_distinct(const char *const *options, const char *const *paths, int n) {
    for (int i = 0; i < n; i++) {
        for (int j = 0; j < i; j++) {
            if (is_stdout(paths[i]) || is_stdout(paths[j]))
                continue;
            struct stat a, b;
            int same;
            int ea = stat(paths[i], &a) == 0, eb = stat(paths[j], &b) == 0;
            if (ea && eb) {
                /* Two names for one device (/dev/null twice) are harmless. */
                same = a.st_dev == b.st_dev && a.st_ino == b.st_ino && S_ISREG(a.st_mode);
            } else if (!ea && !eb) {
                char *ti = resolve_target(paths[i]), *tj = resolve_target(paths[j]);
                char *ci = ti ? canonical_name(ti) : NULL, *cj = tj ? canonical_name(tj) : NULL;
                same = ci != NULL && cj != NULL && strcmp(ci, cj) == 0;
                free(ti);
                free(tj);
                free(ci);
                free(cj);
            } else {
                same = 0;
            }
            if (same) {
                cli_error("%s '%s' and %s '%s' are the same file: give each its own", options[j],
                          paths[j], options[i], paths[i]);
                return -1;
            }
        }
    }
    return 0;
}

cli_out *cli_outs_add(cli_outs *set, const char *option, const char *path) {
    cli_out *o = &set->out[set->n++];
    memset(o, 0, sizeof *o);
    o->option = option;
    o->path = is_stdout(path) ? NULL : path;
    return o;
}

static void out_discard(cli_out *o) {
    if (o->fp != NULL && o->fp != stdout)
        fclose(o->fp);
    if (o->tmp_path != NULL)
        unlink(o->tmp_path);
    free(o->tmp_path);
    free(o->target);
    o->fp = NULL;
    o->tmp_path = NULL;
    o->target = NULL;
}

/* Open a device, pipe or unrenameable file in place. */
static int open_in_place(cli_out *o) {
    o->fp = fopen(o->path, "w");
    o->direct = 1;
    if (o->fp == NULL) {
        cli_error("cannot write '%s': %s", o->path, strerror(errno));
        return -1;
    }
    return 0;
}

/* Open one destination; prints the error and returns non-zero on failure. */
static int out_open(cli_out *o) {
    /* handstat-mpi's workers run the command as rank 0 does but write nothing: no file, no
     * temporary, only /dev/null. */
    if (cli_mpi_worker()) {
        o->fp = fopen("/dev/null", "w");
        o->direct = 1;
        if (o->fp == NULL)
            cli_error("cannot write '/dev/null': %s", strerror(errno));
        return o->fp == NULL;
    }
    if (o->path == NULL) {
        if (cli_stdout_closed) {
            report_stdout(EBADF);
            return -1;
        }
        o->fp = stdout;
        return 0;
    }
    struct stat st;
    int exists = stat(o->path, &st) == 0;
    if (exists && S_ISDIR(st.st_mode)) {
        cli_error("cannot write '%s': %s", o->path, strerror(EISDIR));
        return -1;
    }
    /* A device, pipe or socket (/dev/null, a FIFO) is written in place: renaming a file over it
     * would replace the device itself. Only regular files are written by rename. */
    if (exists && !S_ISREG(st.st_mode))
        return open_in_place(o);
    o->target = resolve_target(o->path);
    /* A regular file reached by a name that is not a plain path (/proc/self/fd/1) is written in
     * place: there is no directory entry to rename over. */
    struct stat tst;
    if (o->target != NULL && exists &&
        (stat(o->target, &tst) != 0 || tst.st_dev != st.st_dev || tst.st_ino != st.st_ino)) {
        char *real = realpath(o->path, NULL);
        free(o->target);
        o->target = real;
        if (real == NULL || stat(real, &tst) != 0 || tst.st_ino != st.st_ino) {
            free(o->target);
            o->target = NULL;
            return open_in_place(o);
        }
    }
    /* The temporary is hidden beside the target (".hsXXXXXX": short, so that any name that fits
     * the directory fits it too), so that rename() stays within one file system and an
     * interrupted run leaves no file that looks final. */
    o->tmp_path = o->target != NULL ? join(o->target, dir_part(o->target), ".hsXXXXXX") : NULL;
    if (o->tmp_path == NULL) {
        cli_error("out of memory");
        return -1;
    }
    int fd = mkstemp(o->tmp_path);
    if (fd < 0) {
        cli_error("cannot write '%s': %s", o->path, strerror(errno));
        free(o->tmp_path);
        o->tmp_path = NULL;
        return -1;
    }
    /* mkstemp makes the file 0600: an existing file keeps its mode, a new one is ordinary. */
    mode_t mask = umask(0);
    umask(mask);
    (void)fchmod(fd, exists ? (st.st_mode & 07777) : (0666 & ~mask));
    o->fp = fdopen(fd, "w");
    if (o->fp == NULL) {
        cli_error("cannot write '%s': %s", o->path, strerror(errno));
        close(fd);
        return -1;
    }
    return 0;
}

int cli_outs_open(cli_outs *set) {
    const char *options[CLI_MAX_OUTS], *paths[CLI_MAX_OUTS];
    for (int i = 0; i < set->n; i++) {
        options[i] = set->out[i].option;
        paths[i] = set->out[i].path;
    }
    if (cli_paths_distinct(options, paths, set->n) != 0) {
        set->n = 0;
        return CLI_EXIT_USAGE;
    }
    for (int i = 0; i < set->n; i++)
        if (out_open(&set->out[i]) != 0) {
            cli_outs_abort(set);
            return CLI_EXIT_IO;
        }
    return CLI_OK;
}

/* Flush, sync and close one destination (standard output is flushed only). */
static int out_finish(cli_out *o) {
    FILE *fp = o->fp;
    int failed = fflush(fp) != 0 || ferror(fp) || (o->tmp_path != NULL && fsync(fileno(fp)) != 0);
    int saved = errno;
    if (fp != stdout) {
        if (fclose(fp) != 0 && !failed) {
            failed = 1;
            saved = errno;
        }
        o->fp = NULL;
    }
    if (failed) {
        if (o->path == NULL)
            report_stdout(saved);
        else
            cli_error("cannot write '%s': %s", o->path, strerror(saved));
    }
    return failed;
}

int cli_outs_commit(cli_outs *set) {
    int failed = 0;
    for (int i = 0; i < set->n && !failed; i++)
        failed = out_finish(&set->out[i]);
    /* Every temporary is complete: now rename them all. A rename fails only when the directory
     * changed under us; the ones done by then stay (each file is still whole). */
    for (int i = 0; i < set->n && !failed; i++) {
        cli_out *o = &set->out[i];
        if (o->tmp_path == NULL)
            continue;
        if (rename(o->tmp_path, o->target) != 0) {
            cli_error("cannot write '%s': %s", o->path, strerror(errno));
            failed = 1;
            break;
        }
        free(o->tmp_path);
        o->tmp_path = NULL;
    }
    cli_outs_abort(set);
    return failed ? CLI_EXIT_IO : CLI_OK;
}

void cli_outs_abort(cli_outs *set) {
    for (int i = 0; i < set->n; i++)
        out_discard(&set->out[i]);
    set->n = 0;
}
