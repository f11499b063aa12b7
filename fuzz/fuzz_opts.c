/* Fuzz target: the CLI's option parser (cli_parse_options), on command lines made from the input
 * (arguments separated by newlines), against a table with every kind of option; and the value of
 * --value as a --classes list (cli_parse_classes). */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

/* The parser reports bad options on stderr (-close_fd_mask=2 keeps the fuzzer quiet) and prints
 * the usage on stdout for --help. */
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (size > 4096)
        return 0;
    char *text = malloc(size + 6);
    char **argv = malloc((size + 3) * sizeof *argv);
    if (text == NULL || argv == NULL)
        abort();
    /* argv[0], the command's name, then the input */
    memcpy(text, "fuzz", 5);
    memcpy(text + 5, data, size);
    text[size + 5] = '\0';
    int argc = 0;
    argv[argc++] = text;
    char *const start = text + 5, *const end = start + size;
    for (char *s = start, *nl; s != NULL; s = nl != NULL ? nl + 1 : NULL) {
        nl = memchr(s, '\n', (size_t)(end - s));
        if (nl != NULL)
            *nl = '\0';
        argv[argc++] = s;
    }
    argv[argc] = NULL;
    int flag = 0, threads = 0;
    const char *value = NULL, *other = NULL;
    const cli_opt opts[] = {{"--flag", "-f", CLI_OPT_FLAG, &flag},
                            {"--threads", NULL, CLI_OPT_THREADS, &threads},
                            {"-o", NULL, CLI_OPT_VALUE, &value},
                            {"--value", NULL, CLI_OPT_VALUE, &other},
                            {NULL, NULL, CLI_OPT_FLAG, NULL}};
    const int flags = size > 0 ? data[0] & 3 : 0;
    int n_pos = -1;
    int rc = cli_parse_options(argc, argv, opts, "usage\n", flags, &n_pos);
    if (rc == CLI_OK) {
        /* the positionals are the command line's arguments, in order, and end with NULL */
        if (n_pos < 0 || n_pos >= argc || argv[1 + n_pos] != NULL)
            abort();
        for (int i = 1; i <= n_pos; i++)
            if (argv[i] < start || argv[i] > end)
                abort();
        if (threads != 0 && (threads < 1 || threads > 1024))
            abort();
        /* --value as a class list of holdem preflop3: distinct classes when accepted */
        int classes[HS_HOLDEM_CLASSES], n = -1;
        if (other != NULL && cli_parse_classes(other, classes, &n) == CLI_OK) {
            if (n < 1 || n > HS_HOLDEM_CLASSES)
                abort();
            for (int i = 0; i < n; i++)
                for (int j = 0; j < i; j++)
                    if (classes[i] < 0 || classes[i] >= HS_HOLDEM_CLASSES ||
                        classes[i] == classes[j])
                        abort();
        }
    } else if (rc != CLI_OPTS_HELP && rc != CLI_EXIT_USAGE) {
        abort();
    }
    cli_quiet = cli_no_progress = 0;
    free(argv);
    free(text);
    return 0;
}
