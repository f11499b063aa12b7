/* Shared CLI helpers: messages, output files written atomically, input reading, progress. */
#define _DEFAULT_SOURCE
#include "cli.h"

#include "handstat/request.h"

#include "handstat/cards.h"
#include "handstat/error.h"
#include "handstat/progress.h"

#include <errno.h>
#include <signal.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

int cli_input_path(int n_pos, char **argv, const char **path) {
    if (n_pos > 1) {
        cli_error("one input file at most, got '%s' and '%s'", argv[1], argv[2]);
        return -1;
    }
    *path = n_pos == 1 ? argv[1] : NULL;
    return 0;
}

int cli_threads_used(int requested) {
    int n = requested > 0 ? requested : hs_default_threads();
    /* num_threads(n) is an upper bound the OpenMP runtime may lower to its thread limit. */
    const char *limit = getenv("OMP_THREAD_LIMIT");
    if (limit != NULL) {
        char *end;
        long v = strtol(limit, &end, 10);
        if (end != limit && v > 0 && v < n)
            n = (int)v;
    }
    return n;
}

char *cli_read_all(FILE *fp, const char *name, size_t *len, int *status) {
    *status = CLI_EXIT_DATA;
    /* A regular file over the limit is refused without reading it. */
    struct stat st;
    if (fstat(fileno(fp), &st) == 0 && S_ISREG(st.st_mode) &&
        (uint64_t)st.st_size > CLI_MAX_INPUT) {
        cli_error("%s is larger than the %zu MiB limit", name, CLI_MAX_INPUT >> 20);
        return NULL;
    }
    /* At most CLI_MAX_INPUT + 1 bytes are read (one more than allowed tells it is too large),
     * into a buffer that grows to CLI_MAX_INPUT + 2 at most (with the NUL). */
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
        if (n > CLI_MAX_INPUT) {
            cli_error("%s is larger than the %zu MiB limit", name, CLI_MAX_INPUT >> 20);
            free(buf);
            *status = CLI_EXIT_DATA;
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
            size_t grown_cap = cap * 2 < CLI_MAX_INPUT + 2 ? cap * 2 : CLI_MAX_INPUT + 2;
            char *grown = realloc(buf, grown_cap);
            if (grown == NULL)
                free(buf);
            buf = grown;
            cap = grown_cap;
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

void cli_stop_request(int sig) {
    if (stop_signal == 0)
        stop_signal = sig;
}

int cli_interrupted_status(void) {
    return 128 + (stop_signal != 0 ? stop_signal : SIGINT);
}

void cli_progress_init(cli_progress *p, const char *label) {
    p->active = isatty(STDERR_FILENO) && !cli_quiet && !cli_no_progress;
    p->start = cli_now();
    p->last = 0;
    p->label = label;
    p->base = 0;
    p->total = 0;
    p->origin = UINT64_MAX;
    struct winsize ws;
    p->width = ioctl(STDERR_FILENO, TIOCGWINSZ, &ws) == 0 && ws.ws_col > 0 ? ws.ws_col : 80;
}

int cli_progress_update(void *ctx, uint64_t done, uint64_t total) {
    cli_progress *p = ctx;
    if (stop_signal != 0)
        return 1;
    if (!p->active)
        return 0;
    if (p->origin == UINT64_MAX)
        p->origin = p->base;
    double now = cli_now();
    if (now - p->last < 0.1 && done != total)
        return 0;
    p->last = now;
    double elapsed = now - p->start;
    uint64_t all = p->total > total ? p->total : total;
    uint64_t finished = p->base + done;
    /* The rate of this process's own work: resumed units were not done in `elapsed`. */
    double rate = elapsed > 0 ? (double)(finished - p->origin) / elapsed : 0.0;
    char line[256];
    int n = snprintf(line, sizeof line, "%s: %5.1f%% (%llu/%llu units, %.0f units/s), %.1f s",
                     p->label, 100.0 * (double)finished / (double)all, (unsigned long long)finished,
                     (unsigned long long)all, rate, elapsed);
    if (rate > 0 && n > 0 && (size_t)n < sizeof line)
        snprintf(line + n, sizeof line - (size_t)n, ", about %.0f s left",
                 (double)(all - finished) / rate);
    /* Never wider than the terminal (a wrapped line cannot be overwritten with \r). */
    size_t max = p->width > 1 ? (size_t)p->width - 1 : 1;
    if (max > sizeof line - 1)
        max = sizeof line - 1;
    fprintf(stderr, "\r%-*.*s", (int)max, (int)max, line);
    fflush(stderr);
    return 0;
}

void cli_progress_done(cli_progress *p) {
    if (p->active && p->last > 0) {
        int max = p->width > 1 ? p->width - 1 : 1;
        fprintf(stderr, "\r%*s\r", max, "");
        fflush(stderr);
    }
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

int cli_line_control(const char *text, size_t n, size_t line) {
    /* A CR that ends the line is half of a CRLF; anywhere else it would move the terminal's
     * cursor over what the message shows, and a NUL would end the C string a parser sees (the
     * rest of the line dropped without a word), so each is named here. */
    const size_t body = n > 0 && text[n - 1] == '\r' ? n - 1 : n;
    for (size_t i = 0; i < body; i++) {
        const unsigned char c = (unsigned char)text[i];
        if ((c < 0x20 && c != '\t') || c == 0x7F) {
            char byte[8];
            snprintf(byte, sizeof byte, "\\x%02X", c);
            cli_error("line %zu: control byte %s in '%s'", line, byte, cli_token(text, body));
            return CLI_EXIT_DATA;
        }
    }
    return CLI_OK;
}

int cli_check_lines(const char *input, size_t len) {
    size_t line = 0;
    for (size_t pos = 0; pos < len;) {
        const char *start = input + pos;
        const char *nl = memchr(start, '\n', len - pos);
        size_t n = nl ? (size_t)(nl - start) : len - pos;
        pos += n + (nl != NULL);
        if (cli_line_control(start, n, ++line) != CLI_OK)
            return CLI_EXIT_DATA;
    }
    return CLI_OK;
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
        /* a control byte anywhere in the line, its comment too: named, the line not run */
        if (cli_line_control(start, n, line) != CLI_OK) {
            status = CLI_EXIT_DATA;
            continue;
        }
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

int cli_dispatch(const char *group, const char *usage, const cli_command_def *commands, size_t n,
                 int argc, char **argv) {
    if (argc < 2 || cli_is_help(argv[1])) {
        fputs(usage, argc < 2 ? stderr : stdout);
        return argc < 2 ? CLI_EXIT_USAGE : CLI_OK;
    }
    for (size_t i = 0; i < n; i++)
        if (strcmp(argv[1], commands[i].name) == 0) {
            cli_command = commands[i].path;
            return commands[i].fn(argc - 1, argv + 1);
        }
    cli_error("unknown %s command '%s' (try 'handstat %s --help')", group, argv[1], group);
    return CLI_EXIT_USAGE;
}

int cli_for_args_or_input_lines(char **argv, int n_pos, cli_line_fn fn, void *ctx) {
    if (n_pos == 0)
        return cli_for_each_input_line(NULL, fn, ctx);
    size_t len;
    char *text = cli_join_args(argv, 1, 1 + n_pos, 0, &len);
    if (text == NULL)
        return CLI_EXIT_IO;
    int status = fn(text, len, 0, ctx);
    free(text);
    return status;
}

int cli_split_sides(char **argv, int n_pos, const char *what, char *text[2], size_t len[2]) {
    int sep = 0;
    for (int i = 1; i <= n_pos && sep == 0; i++)
        if (strcmp(argv[i], "--") == 0)
            sep = i;
    if (sep == 0) {
        cli_error("expected %s separated by '--' (see --help)", what);
        return CLI_EXIT_USAGE;
    }
    text[0] = cli_join_args(argv, 1, sep, 0, &len[0]);
    text[1] = text[0] != NULL ? cli_join_args(argv, sep + 1, n_pos + 1, 0, &len[1]) : NULL;
    if (text[1] == NULL) {
        free(text[0]);
        return CLI_EXIT_IO;
    }
    return CLI_OK;
}
