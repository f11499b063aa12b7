/* The one option parser of both programs (shell.h): a table of options per command. */
#include "shell.h"

#include <stdio.h>
#include <string.h>

int cli_quiet = 0;
int cli_no_progress = 0;

/* The options every command accepts besides its own. */
static const cli_opt COMMON[] = {
    {"--quiet", NULL, CLI_OPT_FLAG, &cli_quiet},
    {"--no-progress", NULL, CLI_OPT_FLAG, &cli_no_progress},
    {NULL, NULL, CLI_OPT_FLAG, NULL},
};

/* The option that `name` (n bytes: the part before any '=') spells, or NULL. */
static const cli_opt *find_option(const cli_opt *opts, const char *name, size_t n) {
    for (const cli_opt *set[2] = {opts, COMMON}, **s = set; s < set + 2; s++)
        for (const cli_opt *o = *s; o->name != NULL; o++) {
            if (strlen(o->name) == n && strncmp(o->name, name, n) == 0)
                return o;
            if (o->alias != NULL && strlen(o->alias) == n && strncmp(o->alias, name, n) == 0)
                return o;
        }
    return NULL;
}

int cli_parse_threads(const char *text) {
    /* Plain decimal digits only: strtol would also take " 5", "+5" and "5abc"'s prefix. */
    size_t n = strspn(text, "0123456789");
    long v = 0;
    for (size_t i = 0; i < n && i < 5; i++)
        v = v * 10 + (text[i] - '0');
    if (n == 0 || n > 4 || text[n] != '\0' || v < 1 || v > 1024) {
        cli_error("--threads takes a whole number from 1 to 1024, not '%s'",
                  cli_token(text, strlen(text)));
        return -1;
    }
    return (int)v;
}

/* Store the value of option o; returns 0 or CLI_EXIT_USAGE (printed). */
static int store(const cli_opt *o, const char *value) {
    if (o->kind == CLI_OPT_THREADS) {
        int t = cli_parse_threads(value);
        if (t < 0)
            return CLI_EXIT_USAGE;
        *(int *)o->dest = t;
    } else if (o->kind == CLI_OPT_LIST) {
        cli_opt_list *l = o->dest;
        if (l->n == CLI_OPT_LIST_MAX) {
            cli_error("%s is given more than %d times", o->name, CLI_OPT_LIST_MAX);
            return CLI_EXIT_USAGE;
        }
        l->value[l->n++] = value;
    } else {
        *(const char **)o->dest = value;
    }
    return 0;
}

int cli_parse_options(int argc, char **argv, const cli_opt *opts, const char *usage, int flags,
                      int *n_pos) {
    int n = 0, options_end = 0;
    for (int i = 1; i < argc; i++) {
        char *a = argv[i];
        if (options_end || a[0] != '-' || a[1] == '\0') {
            if (flags & CLI_OPTS_NO_POSITIONAL) {
                cli_error("unexpected argument '%s' (see --help)", cli_token(a, strlen(a)));
                return CLI_EXIT_USAGE;
            }
            argv[1 + n++] = a; /* positional; "-" alone means standard input */
            continue;
        }
        if (strcmp(a, "--") == 0) {
            if (flags & CLI_OPTS_KEEP_DASHDASH)
                argv[1 + n++] = a;
            else
                options_end = 1;
            continue;
        }
        if (cli_is_help(a)) {
            fputs(usage, stdout);
            return CLI_OPTS_HELP;
        }
        /* "--name=value", "-oVALUE" (a short option with its value attached), or the name. */
        const int is_long = a[1] == '-';
        const char *eq = is_long ? strchr(a, '=') : NULL;
        size_t name_len = eq != NULL ? (size_t)(eq - a) : is_long ? strlen(a) : 2;
        const cli_opt *o = find_option(opts, a, name_len);
        const char *attached = eq != NULL ? eq + 1 : !is_long && a[2] != '\0' ? a + 2 : NULL;
        if (o == NULL || (o->kind == CLI_OPT_FLAG && attached != NULL && !is_long)) {
            cli_error("unknown option '%s' (see --help)", cli_token(a, strlen(a)));
            return CLI_EXIT_USAGE;
        }
        if (o->kind == CLI_OPT_FLAG) {
            if (attached != NULL) {
                cli_error("%s takes no value (see --help)", o->name);
                return CLI_EXIT_USAGE;
            }
            *(int *)o->dest = 1;
            continue;
        }
        if (attached == NULL) {
            /* "--hand --csv": the next argument is another option, not this one's value ("-"
             * alone, standard output, is a value). */
            const char *next = i + 1 < argc ? argv[i + 1] : NULL;
            if (next == NULL || (next[0] == '-' && next[1] == '-' && next[2] != '\0' &&
                                 find_option(opts, next, strcspn(next, "=")) != NULL)) {
                cli_error("%s needs a value (see --help)", o->name);
                return CLI_EXIT_USAGE;
            }
            attached = argv[++i];
        }
        if (store(o, attached) != 0)
            return CLI_EXIT_USAGE;
    }
    argv[1 + n] = NULL;
    *n_pos = n;
    return CLI_OK;
}
