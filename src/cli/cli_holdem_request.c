/* Hold'em equity requests: the known cards of a request, and one --batch line
 * (RANGE | RANGE [| ...] [board=CARDS] [dead=CARDS]) split into its hands and cards; and the
 * class lists of --classes. */
#include "cli.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "handstat/error.h"

int cli_parse_card_set(const char *opt, const char *text, size_t len, size_t line, int max,
                       uint64_t *mask) {
    int cards[HS_CARDS];
    int n = cli_parse_cards(text, len, line, opt, 0, max, "fewer cards", cards);
    if (n < 0)
        return -1;
    *mask = hs_cards_mask(cards, (size_t)n);
    return 0;
}

void cli_request_error(const cli_equity_request *r, const char *fmt, ...) {
    char msg[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    if (r->line > 0)
        cli_error("line %zu: %s", r->line, msg);
    else
        cli_error("%s", msg);
}

int cli_parse_range(const cli_equity_request *r, const char *what, const char *text, size_t len,
                    hs_holdem_range *out, char *canon, size_t cap) {
    hs_parse_error err;
    int rc = hs_holdem_range_parse(text, len, out, canon, cap, &err);
    if (rc == HS_OK)
        return 0;
    const char *item = cli_token(text + err.offset, err.length);
    if (rc == HS_ERR_DUPLICATE)
        cli_request_error(r, "%s: '%s' repeats a combination of an earlier item", what, item);
    else
        cli_request_error(r,
                          "%s: '%s' is not two cards, a class or a range item (AhKd, AA, AKs, AK, "
                          "QQ+, A2s+, 55-22, A5s-A2s, random, 15%%, ITEM@50)",
                          what, item);
    return -1;
}

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

int cli_equity_request_parse(const char *text, size_t len, size_t line, cli_equity_request *out) {
    cli_equity_request r;
    memset(&r, 0, sizeof r);
    r.line = line;
    size_t key = find_key(text, len, 0);
    const char *board_text = NULL, *dead_text = NULL;
    size_t board_len = 0, dead_len = 0;
    for (size_t k = key; k < len;) {
        size_t next = find_key(text, len, k + 1);
        int is_board = text[k] == 'b';
        size_t vlen = next - (k + (is_board ? 6 : 5));
        const char *v = trim(text + k + (is_board ? 6 : 5), &vlen);
        if ((is_board ? board_text : dead_text) != NULL) {
            cli_request_error(&r, "'%s' is given twice", is_board ? "board=" : "dead=");
            return -1;
        }
        if (is_board) {
            board_text = v;
            board_len = vlen;
        } else {
            dead_text = v;
            dead_len = vlen;
        }
        k = next;
    }
    /* the ranges: fields separated by '|' */
    for (size_t i = 0; i <= key;) {
        size_t j = i;
        while (j < key && text[j] != '|')
            j++;
        size_t n = j - i;
        const char *h = trim(text + i, &n);
        if (r.players == HS_HOLDEM_MAX_PLAYERS) {
            cli_request_error(&r, "at most %d players: '%s' is one too many", HS_HOLDEM_MAX_PLAYERS,
                              cli_token(h, n));
            return -1;
        }
        if (n == 0) {
            cli_request_error(&r,
                              "hand %d is empty (expected RANGE | RANGE [| ...] [board=CARDS] "
                              "[dead=CARDS])",
                              r.players + 1);
            return -1;
        }
        r.hand[r.players] = h;
        r.hand_len[r.players++] = n;
        i = j + 1;
    }
    if (r.players < 2) {
        cli_request_error(&r, "expected 2 to %d hands separated by '|', got %d",
                          HS_HOLDEM_MAX_PLAYERS, r.players);
        return -1;
    }
    if ((board_text != NULL &&
         cli_parse_card_set("board", board_text, board_len, line, 5, &r.board) != 0) ||
        (dead_text != NULL &&
         cli_parse_card_set("dead", dead_text, dead_len, line, HS_CARDS, &r.dead) != 0))
        return -1;
    *out = r;
    return 0;
}

/* --classes of holdem preflop3 (cli.h). */
int cli_parse_classes(const char *text, int *classes, int *n) {
    *n = 0;
    const char *p = text;
    for (;;) {
        while (*p == ' ' || *p == '\t')
            p++;
        const char *end = p;
        while (*end != '\0' && *end != ',')
            end++;
        size_t len = (size_t)(end - p);
        while (len > 0 && (p[len - 1] == ' ' || p[len - 1] == '\t'))
            len--;
        uint64_t combos[12];
        size_t m;
        int cls = -1;
        if (len > 0 && len <= 3 && hs_holdem_hand_parse(p, len, combos, &m, NULL) == HS_OK &&
            m == (size_t)hs_holdem_class_combos(hs_holdem_class(combos[0])))
            cls = hs_holdem_class(combos[0]);
        if (len == 0) {
            cli_error("--classes: an empty item in '%s' (class names separated by commas)", text);
            return CLI_EXIT_USAGE;
        }
        if (cls < 0) {
            cli_error("--classes: '%.*s' is not a starting-hand class (AA, AKs, T9o, ...)",
                      (int)len, p);
            return CLI_EXIT_USAGE;
        }
        for (int i = 0; i < *n; i++)
            if (classes[i] == cls) {
                cli_error("--classes: '%.*s' is given twice", (int)len, p);
                return CLI_EXIT_USAGE;
            }
        classes[(*n)++] = cls;
        if (*end == '\0')
            return CLI_OK;
        p = end + 1;
    }
}
