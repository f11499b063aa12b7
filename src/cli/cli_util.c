/* Shared CLI helpers: messages, output files written atomically, input reading, progress. */
#define _POSIX_C_SOURCE 200809L
#include "cli.h"

#include "handstat/cards.h"
#include "handstat/error.h"

#include <errno.h>
#include <signal.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

const char *cli_command = "handstat";

void cli_error(const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "%s: ", cli_command);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
}

int cli_is_help(const char *arg) {
    return strcmp(arg, "-h") == 0 || strcmp(arg, "--help") == 0;
}

int cli_input_path_arg(const char *arg, const char **path) {
    if (arg[0] == '-' && arg[1] != '\0') {
        cli_error("unknown option '%s' (see --help)", arg);
        return -1;
    }
    if (*path != NULL) {
        cli_error("one input file at most, got '%s' and '%s'", *path, arg);
        return -1;
    }
    *path = arg;
    return 0;
}

int cli_parse_threads(const char *text) {
    char *end;
    errno = 0;
    long v = strtol(text, &end, 10);
    if (errno != 0 || end == text || *end != '\0' || v < 1 || v > 1024) {
        cli_error("--threads takes a whole number from 1 to 1024, not '%s'", text);
        return -1;
    }
    return (int)v;
}

int cli_out_open(cli_out *out, const char *path) {
    memset(out, 0, sizeof *out);
    if (path == NULL || strcmp(path, "-") == 0) {
        out->fp = stdout;
        return 0;
    }
    /* A device, pipe or socket (/dev/null, a FIFO) is written in place: renaming a file over it
     * would replace the device itself. Only regular files are written by rename. */
    struct stat st;
    if (stat(path, &st) == 0 && !S_ISREG(st.st_mode) && !S_ISDIR(st.st_mode)) {
        out->fp = fopen(path, "w");
        if (out->fp == NULL) {
            cli_error("cannot write '%s': %s", path, strerror(errno));
            return -1;
        }
        out->path = NULL;
        out->direct = 1;
        return 0;
    }
    /* The temporary file is hidden beside the target (".NAME.tmp.XXXXXX"), so that rename()
     * stays within one file system and an interrupted run leaves no file that looks final. */
    size_t n = strlen(path);
    const char *slash = strrchr(path, '/');
    size_t dir_len = slash ? (size_t)(slash - path) + 1 : 0;
    out->tmp_path = malloc(n + sizeof ".tmp.XXXXXX" + 1);
    if (out->tmp_path == NULL) {
        cli_error("out of memory");
        return -1;
    }
    memcpy(out->tmp_path, path, dir_len);
    out->tmp_path[dir_len] = '.';
    memcpy(out->tmp_path + dir_len + 1, path + dir_len, n - dir_len);
    memcpy(out->tmp_path + n + 1, ".tmp.XXXXXX", sizeof ".tmp.XXXXXX");
    int fd = mkstemp(out->tmp_path);
    if (fd < 0) {
        cli_error("cannot write '%s': %s", path, strerror(errno));
        free(out->tmp_path);
        out->tmp_path = NULL;
        return -1;
    }
    /* mkstemp makes the file 0600; results are ordinary files. */
    mode_t mask = umask(0);
    umask(mask);
    (void)fchmod(fd, 0666 & ~mask);
    out->fp = fdopen(fd, "w");
    if (out->fp == NULL) {
        cli_error("cannot write '%s': %s", path, strerror(errno));
        close(fd);
        unlink(out->tmp_path);
        free(out->tmp_path);
        out->tmp_path = NULL;
        return -1;
    }
    out->path = path;
    return 0;
}

int cli_out_commit(cli_out *out) {
    if (out->path == NULL) {
        int failed = fflush(out->fp) != 0 || ferror(out->fp);
        int saved = errno;
        if (out->direct && fclose(out->fp) != 0 && !failed) {
            failed = 1;
            saved = errno;
        }
        out->fp = NULL;
        if (failed) {
            cli_error("cannot write the output: %s", strerror(saved));
            return -1;
        }
        return 0;
    }
    int failed = fflush(out->fp) != 0 || ferror(out->fp) || fsync(fileno(out->fp)) != 0;
    int saved = errno;
    if (fclose(out->fp) != 0 && !failed) {
        failed = 1;
        saved = errno;
    }
    out->fp = NULL;
    if (!failed && rename(out->tmp_path, out->path) != 0) {
        failed = 1;
        saved = errno;
    }
    if (failed) {
        cli_error("cannot write '%s': %s", out->path, strerror(saved));
        unlink(out->tmp_path);
    }
    free(out->tmp_path);
    out->tmp_path = NULL;
    return failed ? -1 : 0;
}

void cli_out_abort(cli_out *out) {
    if (out->direct && out->fp != NULL)
        fclose(out->fp);
    if (out->path != NULL) {
        if (out->fp != NULL)
            fclose(out->fp);
        unlink(out->tmp_path);
        free(out->tmp_path);
    }
    memset(out, 0, sizeof *out);
}

char *cli_read_all(FILE *fp, const char *name, size_t *len, int *status) {
    size_t cap = 1 << 16, n = 0;
    char *buf = malloc(cap);
    *status = CLI_EXIT_IO;
    while (buf != NULL) {
        n += fread(buf + n, 1, cap - n - 1, fp);
        if (ferror(fp)) {
            cli_error("cannot read %s: %s", name, strerror(errno));
            free(buf);
            return NULL;
        }
        if (feof(fp)) {
            buf[n] = '\0';
            /* A UTF-8 byte-order mark is not part of the text. */
            if (n >= 3 && memcmp(buf, "\xEF\xBB\xBF", 3) == 0) {
                memmove(buf, buf + 3, n - 2);
                n -= 3;
            }
            *len = n;
            return buf;
        }
        if (n + 1 == cap) {
            if (cap > CLI_MAX_INPUT) {
                cli_error("%s is larger than the %zu MiB limit", name, CLI_MAX_INPUT >> 20);
                free(buf);
                *status = CLI_EXIT_DATA;
                return NULL;
            }
            char *grown = realloc(buf, cap * 2);
            if (grown == NULL)
                free(buf);
            buf = grown;
            cap *= 2;
        }
    }
    cli_error("out of memory reading %s", name);
    return NULL;
}

char *cli_read_input(const char *path, size_t *len, int *status) {
    if (path == NULL || strcmp(path, "-") == 0)
        return cli_read_all(stdin, "standard input", len, status);
    FILE *fp = fopen(path, "rb");
    if (fp == NULL) {
        cli_error("cannot open '%s': %s", path, strerror(errno));
        *status = CLI_EXIT_IO;
        return NULL;
    }
    char *text = cli_read_all(fp, path, len, status);
    fclose(fp);
    return text;
}

int cli_for_each_input_line(const char *path, cli_line_fn fn, void *ctx) {
    size_t len;
    int status;
    char *input = cli_read_input(path, &len, &status);
    if (input == NULL)
        return status;
    status = cli_for_each_line(input, len, fn, ctx);
    free(input);
    return status;
}

const char *cli_token(const char *s, size_t n) {
    static char bufs[2][4 * 40 + 8];
    static int which = 0;
    char *out = bufs[which];
    which ^= 1;
    size_t o = 0, shown = n < 40 ? n : 40;
    for (size_t i = 0; i < shown; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c >= 0x20 && c < 0x7F)
            out[o++] = (char)c;
        else
            o += (size_t)sprintf(out + o, "\\x%02X", c);
    }
    if (shown < n) {
        memcpy(out + o, "...", 3);
        o += 3;
    }
    out[o] = '\0';
    return out;
}

double cli_now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static volatile sig_atomic_t stop_signal = 0;

static void on_signal(int sig) {
    if (stop_signal == 0)
        stop_signal = sig;
}

void cli_catch_signals(void) {
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
}

int cli_stop_signal(void) {
    return stop_signal;
}

int cli_interrupted_status(void) {
    return 128 + (stop_signal != 0 ? stop_signal : SIGINT);
}

void cli_progress_init(cli_progress *p, const char *label) {
    p->active = isatty(STDERR_FILENO);
    p->start = cli_now();
    p->last = 0;
    p->label = label;
    p->base = 0;
    p->total = 0;
}

int cli_progress_update(void *ctx, uint64_t done, uint64_t total) {
    cli_progress *p = ctx;
    if (stop_signal != 0)
        return 1;
    if (!p->active)
        return 0;
    double now = cli_now();
    if (now - p->last < 0.1 && done != total)
        return 0;
    p->last = now;
    double elapsed = now - p->start;
    uint64_t all = p->total > total ? p->total : total;
    uint64_t finished = p->base + done;
    double rate = elapsed > 0 ? (double)done / elapsed : 0.0;
    double eta = rate > 0 ? (double)(all - finished) / rate : 0.0;
    fprintf(stderr,
            "\r%s: %5.1f%% (%llu/%llu units, %.0f units/s), %.1f s elapsed, about %.1f s left   ",
            p->label, 100.0 * (double)finished / (double)all, (unsigned long long)finished,
            (unsigned long long)all, rate, elapsed, eta);
    fflush(stderr);
    return 0;
}

void cli_progress_done(cli_progress *p) {
    if (p->active && p->last > 0)
        fprintf(stderr, "\r%*s\r", 100, "");
}

char *cli_join_args(char **argv, int from, int to, int skip_options, size_t *len) {
    size_t cap = 1, used = 0;
    for (int i = from; i < to; i++)
        cap += strlen(argv[i]) + 1;
    char *text = malloc(cap);
    if (text == NULL) {
        cli_error("out of memory");
        return NULL;
    }
    for (int i = from; i < to; i++) {
        if (skip_options && argv[i][0] == '-' && argv[i][1] != '\0')
            continue;
        size_t n = strlen(argv[i]);
        memcpy(text + used, argv[i], n);
        used += n;
        text[used++] = ' ';
    }
    text[used] = '\0';
    *len = used;
    return text;
}

int cli_for_each_line(const char *input, size_t len, cli_line_fn fn, void *ctx) {
    int status = CLI_OK;
    size_t line = 0;
    for (size_t pos = 0; pos < len;) {
        const char *start = input + pos;
        const char *nl = memchr(start, '\n', len - pos);
        size_t n = nl ? (size_t)(nl - start) : len - pos;
        pos += n + (nl != NULL);
        line++;
        /* '#' starts a comment to the end of the line (no card holds one). */
        const char *hash = memchr(start, '#', n);
        if (hash != NULL)
            n = (size_t)(hash - start);
        size_t skip = 0;
        while (skip < n && (start[skip] == ' ' || start[skip] == '\t' || start[skip] == '\r'))
            skip++;
        if (skip == n)
            continue;
        if (fn(start, n, line, ctx) != 0)
            status = CLI_EXIT_DATA;
    }
    return status;
}

int cli_parse_cards(const char *text, size_t len, size_t line, const char *what, int min, int max,
                    const char *expected, int *cards) {
    size_t n;
    hs_parse_error err;
    int rc = hs_cards_parse(text, len, cards, (size_t)max, &n, &err);
    char where[64] = "";
    if (line > 0)
        snprintf(where, sizeof where, "line %zu: ", line);
    if (what != NULL)
        snprintf(where + strlen(where), sizeof where - strlen(where), "%s: ", what);
    const char *tok = rc != HS_OK ? cli_token(text + err.offset, err.length) : "";
    if (rc == HS_ERR_TOKEN || rc == HS_ERR_DUPLICATE) {
        cli_error("%s'%s' is %s", where, tok,
                  rc == HS_ERR_TOKEN ? "not a card" : "a duplicate card");
        return -1;
    }
    if (rc == HS_ERR_COUNT) {
        cli_error("%stoo many cards at '%s': expected %s", where, tok, expected);
        return -1;
    }
    if ((int)n < min) {
        cli_error("%sexpected %s, got %zu", where, expected, n);
        return -1;
    }
    return (int)n;
}
