/* The messages of both programs (shell.h): "handstat <command>: <message>" on standard error,
 * and input tokens made safe to print in them. */
#include "shell.h"

#include "handstat/table.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

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

const char *cli_token(const char *s, size_t n) {
    static char bufs[2][HS_TOKEN_TEXT];
    static int which = 0;
    char *out = bufs[which];
    which ^= 1;
    return hs_text_token(out, s, n);
}
