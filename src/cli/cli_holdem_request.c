/* Hold'em equity requests: one --batch line (RANGE | RANGE [| ...] [board=CARDS] [dead=CARDS])
 * split into the arguments of its request; and the class lists of --classes. */
#define _POSIX_C_SOURCE 200809L
#include "cli.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "handstat/handstat.h"

/* Trim blanks from both ends of s[0..*n). */
static const char *trim(const char *s, size_t *n) {
    while (*n > 0 && (*s == ' ' || *s == '\t' || *s == '\r')) {
        s++;
        (*n)--;
    }
    while (*n > 0 && (s[*n - 1] == ' ' || s[*n - 1] == '\t' || s[*n - 1] == '\r'))
        (*n)--;
    return s;
}

/* The first "board=" or "dead=" at a word start in s[0..n), or n. */
static size_t find_key(const char *s, size_t n, size_t from) {
    for (size_t i = from; i < n; i++) {
        if (i > 0 && s[i - 1] != ' ' && s[i - 1] != '\t' && s[i - 1] != '|')
            continue;
        if ((n - i >= 6 && strncmp(s + i, "board=", 6) == 0) ||
            (n - i >= 5 && strncmp(s + i, "dead=", 5) == 0))
            return i;
    }
    return n;
}

/* Add key = s[0..n) to the request; prints the error after "line N: ". */
static int add_text(hs_request *q, const char *key, const char *s, size_t n, size_t line) {
    char *v = strndup(s, n);
    if (v == NULL) {
        cli_error("out of memory");
        return CLI_EXIT_IO;
    }
    const int rc = hs_request_add(q, key, v);
    free(v);
    if (rc == HS_OK)
        return CLI_OK;
    if (rc == HS_ERR_DUPLICATE)
        cli_error("line %zu: '%s=' is given twice", line, key);
    else if (rc == HS_ERR_COUNT)
        cli_error("line %zu: '%s' is one argument too many", line, cli_token(s, n));
    else
        cli_error("line %zu: %s: '%s' is longer than %d bytes", line, key, cli_token(s, n),
                  HS_REQUEST_VALUE_MAX);
    return CLI_EXIT_DATA;
}

int cli_equity_line(const char *text, size_t len, size_t line, hs_request *q) {
    size_t key = find_key(text, len, 0);
    for (size_t k = key; k < len;) {
        const size_t next = find_key(text, len, k + 1);
        const int is_board = text[k] == 'b';
        size_t vlen = next - (k + (is_board ? 6 : 5));
        const char *v = trim(text + k + (is_board ? 6 : 5), &vlen);
        const int status = add_text(q, is_board ? "board" : "dead", v, vlen, line);
        if (status != CLI_OK)
            return status;
        k = next;
    }
    /* the ranges: fields separated by '|' */
    int players = 0;
    for (size_t i = 0; i <= key;) {
        size_t j = i;
        while (j < key && text[j] != '|')
            j++;
        size_t n = j - i;
        const char *h = trim(text + i, &n);
        if (n == 0) {
            cli_error("line %zu: hand %d is empty (expected RANGE | RANGE [| ...] "
                      "[board=CARDS] [dead=CARDS])",
                      line, players + 1);
            return CLI_EXIT_DATA;
        }
        const int status = add_text(q, "hand", h, n, line);
        if (status != CLI_OK)
            return status;
        players++;
        i = j + 1;
    }
    return CLI_OK;
}

/* --classes of holdem preflop3 (cli.h). */
int cli_parse_classes(const char *text, int *classes, int *n) {
    hs_parse_error err;
    const int rc = hs_holdem_classes_parse(text, strlen(text), classes, n, &err);
    if (rc == HS_OK)
        return CLI_OK;
    const char *item = cli_token(text + err.offset, err.length);
    if (rc == HS_ERR_TOKEN && err.length == 0)
        cli_error("--classes: an empty item in '%s' (class names separated by commas)",
                  cli_token(text, strlen(text)));
    else if (rc == HS_ERR_TOKEN)
        cli_error("--classes: '%s' is not a starting-hand class (AA, AKs, T9o, ...)", item);
    else
        cli_error("--classes: '%s' is given twice", item);
    return CLI_EXIT_USAGE;
}
