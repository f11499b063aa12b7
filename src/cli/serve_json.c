/* handstat serve: JSON in and out. A query body becomes an hs_request with jansson's parser (no
 * JSON is parsed by hand), a result table becomes the API's JSON answer, and the commands and the
 * hold'em range grammar are described for the page. */
#include "serve.h"

#include <jansson.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "handstat/error.h"
#include "handstat/holdem.h"

static void message(char *msg, size_t cap, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static void message(char *msg, size_t cap, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, cap, fmt, ap);
    va_end(ap);
}

/* A JSON string of any bytes: jansson refuses text that is not UTF-8, so invalid bytes become
 * U+FFFD (the request layer's messages quote tokens as \xNN already; this is the last guard). */
json_t *serve_json_string(const char *s) {
    if (s == NULL)
        s = "";
    json_t *j = json_string(s);
    if (j != NULL)
        return j;
    const size_t n = strlen(s);
    char *fixed = malloc(3 * n + 1);
    if (fixed == NULL)
        return NULL;
    size_t o = 0;
    for (size_t i = 0; i < n;) {
        const unsigned char c = (unsigned char)s[i];
        /* the length of a well-formed UTF-8 sequence starting here, or 0 */
        size_t len = c < 0x80             ? 1
                     : (c & 0xE0) == 0xC0 ? 2
                     : (c & 0xF0) == 0xE0 ? 3
                     : (c & 0xF8) == 0xF0 ? 4
                                          : 0;
        for (size_t k = 1; k < len; k++)
            if (i + k >= n || ((unsigned char)s[i + k] & 0xC0) != 0x80)
                len = 0;
        json_t *probe = NULL;
        if (len > 0 && (probe = json_stringn(s + i, len)) != NULL) {
            json_decref(probe);
            memcpy(fixed + o, s + i, len);
            o += len;
            i += len;
        } else {
            memcpy(fixed + o, "\xEF\xBF\xBD", 3);
            o += 3;
            i++;
        }
    }
    j = json_stringn(fixed, o);
    free(fixed);
    return j;
}

static char *dump(json_t *j) {
    if (j == NULL)
        return NULL;
    char *text = json_dumps(j, JSON_COMPACT);
    json_decref(j);
    return text;
}

char *serve_error_json(const char *msg) {
    json_t *j = json_object();
    if (j == NULL || json_object_set_new(j, "error", serve_json_string(msg)) != 0) {
        json_decref(j);
        return NULL;
    }
    return dump(j);
}

/* ---- the commands ------------------------------------------------------------------------------
 * What each command of the request layer takes (request.h), for GET /api/commands, the page's
 * forms and the messages naming an argument a command does not take. The request layer stays the
 * judge of every value. */

typedef struct arg_doc {
    const char *name;
    const char *kind; /* range, cards, flag, count, choice, streets, text */
    int min, max;     /* how many values ("hand"); others 0..1 */
    const char *help;
} arg_doc;

typedef struct command_doc {
    const char *name, *title, *help;
    arg_doc args[6];
} command_doc;

static const command_doc COMMANDS[] = {
    {"holdem equity",
     "Hold'em equity",
     "exact equity of 2 to 9 ranges over every completion of the board (an estimate with samples)",
     {{"hand", "range", 2, 9, "a range: AhKd, AA, AKs, QQ+, A2s+, 55-22, random, 15%, ITEM@50"},
      {"board", "cards", 0, 1, "0 to 5 known board cards"},
      {"dead", "cards", 0, 1, "cards out of play"},
      {"samples", "count", 0, 1, "a Monte Carlo estimate from this many deals instead"},
      {"seed", "count", 0, 1, "the estimate's random seed"}}},
    {"holdem hits",
     "Hold'em board analysis",
     "what a range makes on a board (made-hand categories and draws), or over every flop, turn "
     "or river",
     {{"hand", "range", 1, 1, "one range"},
      {"board", "cards", 0, 1, "the flop, turn or river: 3 to 5 cards"},
      {"streets", "streets", 0, 1, "instead of board: flop, turn, river (e.g. \"flop,turn\")"},
      {"dead", "cards", 0, 1, "cards out of play"},
      {"by-combo", "flag", 0, 1, "each combination with its category and flags (with board)"}}},
    {"holdem equity-dist",
     "Hold'em equity distribution",
     "each combination of the hero's range with its exact equity against the villain's",
     {{"hand", "range", 2, 2, "the hero's range, then the villain's"},
      {"board", "cards", 0, 1, "0 to 5 known board cards"},
      {"dead", "cards", 0, 1, "cards out of play"},
      {"bins", "count", 0, 1, "a histogram of this many equity bins (1..1000) instead"}}},
    {"omaha equity",
     "Omaha equity",
     "exact Omaha equity of 2 to 9 hands of 4, 5 or 6 cards, high or 8-or-better hi/lo",
     {{"hand", "cards", 2, 9, "4 to 6 cards, every hand as many"},
      {"board", "cards", 0, 1, "0 to 5 known board cards"},
      {"dead", "cards", 0, 1, "cards out of play"},
      {"hilo", "flag", 0, 1, "8-or-better hi/lo"}}},
    {"stud equity",
     "Seven-card stud equity",
     "exact stud equity of 2 to 7 hands of 3 to 7 cards, high or 8-or-better hi/lo",
     {{"hand", "cards", 2, 7, "3 to 7 cards, every hand as many"},
      {"dead", "cards", 0, 1, "cards out of play (folded up-cards)"},
      {"hilo", "flag", 0, 1, "8-or-better hi/lo"}}},
    {"razz equity",
     "Razz equity",
     "exact razz equity (stud, the lowest A-5 low wins) of 2 to 7 hands",
     {{"hand", "cards", 2, 7, "3 to 7 cards, every hand as many"},
      {"dead", "cards", 0, 1, "cards out of play"}}},
    {"crib score",
     "Cribbage hand score",
     "a cribbage hand and starter scored, with each fifteen, pair, run, flush and nobs",
     {{"hand", "cards", 1, 1, "five cards: the four of the hand, then the starter"},
      {"crib", "flag", 0, 1, "score as the crib (a flush needs all five)"}}},
    {"crib explain",
     "Cribbage score, itemized",
     "the same, every scoring combination (item, cards, points), the totals as notes",
     {{"hand", "cards", 1, 1, "five cards: the four of the hand, then the starter"},
      {"crib", "flag", 0, 1, "score as the crib (a flush needs all five)"}}},
    {"crib discard",
     "Cribbage discard",
     "every keep of a six-card (or five-card) deal with its exact expectations, best first",
     {{"hand", "cards", 1, 1, "six cards (or five: three players)"},
      {"role", "choice", 0, 1, "dealer or pone"},
      {"pegging", "flag", 0, 1, "add the expected pegging differential"}}},
    {"poker rank",
     "Poker hand rank",
     "the best five of 5 to 7 cards: class 1..7462, category, description",
     {{"hand", "cards", 1, 1, "5 to 7 cards"}}},
    {"crib peg",
     "Cribbage pegging",
     "the play of two known hands, both playing perfectly: each side's points and an optimal line",
     {{"hand", "cards", 2, 2, "the pone's four cards, then the dealer's"}}},
    {"crib peg-line",
     "Cribbage pegging, card by card",
     "the same optimal line event by event (player, card, count, points, why)",
     {{"hand", "cards", 2, 2, "the pone's four cards, then the dealer's"}}},
    {"poker compare",
     "Poker hands compared",
     "two hands of 5 to 7 cards ranked by their best five, and which wins",
     {{"hand", "cards", 2, 2, "5 to 7 cards each (they may share cards)"}}},
    {"lowball rank",
     "Lowball rank",
     "the best low of 5 to 7 cards: class, description, the five cards",
     {{"hand", "cards", 1, 1, "5 to 7 cards"},
      {"kind", "choice", 1, 1, "a5 (ace-to-five) or 27 (deuce-to-seven)"}}},
    {"shortdeck rank",
     "Short-deck rank",
     "the best five of 5 to 7 short-deck cards (6 through A): class 1..1404, category",
     {{"hand", "cards", 1, 1, "5 to 7 cards, 6 through A"},
      {"straight-beats-trips", "flag", 0, 1, "a straight beats three of a kind"}}},
    {"omaha rank",
     "Omaha rank",
     "the best high (two hole cards and three of the board) and 8-or-better low",
     {{"hand", "cards", 1, 1, "4 to 6 hole cards"},
      {"board", "cards", 1, 1, "3 to 5 board cards"}}},
    {"poker hist",
     "Poker hand distribution",
     "every 5-, 6- or 7-card hand ranked: the exact count of each category (or class)",
     {{"cards", "count", 1, 1, "the hand size: 5, 6 or 7"},
      {"classes", "flag", 0, 1, "one row per class (7462) instead of per category"}}},
    {"shortdeck hist",
     "Short-deck hand distribution",
     "every 5-, 6- or 7-card hand of the 36-card deck: the exact count of each category",
     {{"cards", "count", 1, 1, "the hand size: 5, 6 or 7"},
      {"classes", "flag", 0, 1, "one row per class (1404) instead of per category"},
      {"straight-beats-trips", "flag", 0, 1, "a straight beats three of a kind"}}},
    {"lowball hist",
     "Lowball distribution",
     "every five-card hand by its low: the count of each top card, then pair or worse",
     {{"kind", "choice", 1, 1, "a5 (ace-to-five) or 27 (deuce-to-seven)"}}},
    {"poker showdown",
     "Poker hand against every hand",
     "a five-card hand against all 1,533,939 five-card hands of the other 47 cards: wins, ties, "
     "losses and the exact equity",
     {{"hand", "cards", 1, 1, "five cards"}}},
    {"poker pe54",
     "Project Euler 54",
     "ten cards, player 1's five then player 2's: who wins",
     {{"hand", "cards", 1, 1, "ten cards"}}},
    {"holdem vs-random",
     "Hold'em against random hands",
     "each of the 169 starting classes against 1 to 3 random hands exactly (1-2: seconds, 3: "
     "minutes, beyond the server's cap), or against 1 to 9 estimated with samples",
     {{"opponents", "text", 0, 1,
       "opponent counts: 1-3, 2 or 1,3 (default 1-2); up to 9 with samples"},
      {"samples", "count", 0, 1, "an estimate from this many deals per opponent count instead"},
      {"seed", "count", 0, 1, "the estimate's random seed"},
      {"classes", "text", 0, 1, "only these classes' rows, e.g. AA,AKs,72o (default: all 169)"}}},
    {"query",
     "Query (PQL)",
     "any question about hold'em or Omaha deals: select avg, count, histogram, max or min of "
     "functions of a deal (riverEquity, handType, flopHandCategory, outs, nutHi, pairedBoard, "
     "...) from the game, board and players' ranges, where a condition; exact, or an estimate "
     "with samples",
     {{"query", "text", 1, 1,
       "select ... from game=holdem, hero=AKs, villain=QQ+, board=Kh7d2c [where ...]"},
      {"samples", "count", 0, 1, "a Monte Carlo estimate from this many deals instead"},
      {"seed", "count", 0, 1, "the estimate's random seed"}}},
    {"crib hist",
     "Cribbage score distribution",
     "every hand with every starter (12,994,800) scored: the exact distribution 0..29",
     {{"crib", "flag", 0, 1, "crib rules for the flush"}}},
};

static const command_doc *command_doc_of(const char *name) {
    for (size_t i = 0; i < sizeof COMMANDS / sizeof COMMANDS[0]; i++)
        if (strcmp(COMMANDS[i].name, name) == 0)
            return &COMMANDS[i];
    return NULL;
}

/* "hand, board, dead" */
static void arg_names(const command_doc *d, char *out, size_t cap) {
    size_t o = 0;
    out[0] = '\0';
    for (int i = 0; d != NULL && i < 6 && d->args[i].name != NULL && o < cap; i++)
        o += (size_t)snprintf(out + o, cap - o, "%s%s", i ? ", " : "", d->args[i].name);
}

char *serve_commands_json(void) {
    json_t *list = json_array();
    for (const char *const *c = hs_request_commands(); list != NULL && *c != NULL; c++) {
        const command_doc *d = command_doc_of(*c);
        json_t *args = json_array();
        for (int i = 0; d != NULL && args != NULL && i < 6 && d->args[i].name != NULL; i++) {
            const arg_doc *a = &d->args[i];
            json_array_append_new(args, json_pack("{s:s, s:s, s:i, s:i, s:s}", "name", a->name,
                                                  "kind", a->kind, "min", a->min, "max", a->max,
                                                  "help", a->help));
        }
        json_array_append_new(list, json_pack("{s:s, s:s, s:s, s:o*}", "name", *c, "title",
                                              d != NULL ? d->title : *c, "help",
                                              d != NULL ? d->help : "", "args", args));
    }
    return dump(json_pack("{s:o*}", "commands", list));
}

/* ---- the request body ---------------------------------------------------------------------- */

static const char *known_command(const char *name) {
    for (const char *const *c = hs_request_commands(); *c != NULL; c++)
        if (strcmp(*c, name) == 0)
            return *c;
    return NULL;
}

static const char *json_type_name(const json_t *v) {
    switch (json_typeof(v)) {
    case JSON_OBJECT:
        return "an object";
    case JSON_ARRAY:
        return "a list";
    case JSON_STRING:
        return "a string";
    case JSON_INTEGER:
    case JSON_REAL:
        return "a number";
    case JSON_TRUE:
    case JSON_FALSE:
        return "a boolean";
    case JSON_NULL:
        return "null";
    }
    return "a value";
}

/* Add key = value to r; on failure the message says why, naming args.KEY (`where`). */
static int add_value(hs_request *r, const command_doc *doc, const char *command, const char *key,
                     const char *where, const char *value, char *msg, size_t cap) {
    const int rc = hs_request_add(r, key, value);
    if (rc == HS_OK)
        return 0;
    if (rc == HS_ERR_NOMEM) {
        message(msg, cap, "out of memory");
        return 500;
    }
    char tok[HS_TOKEN_TEXT], names[160];
    const size_t n = strlen(value);
    int known = 0;
    for (int i = 0; doc != NULL && i < 6 && doc->args[i].name != NULL; i++)
        known |= strcmp(doc->args[i].name, key) == 0;
    if (doc != NULL && !known) {
        arg_names(doc, names, sizeof names);
        message(msg, cap, "args: '%s' is not an argument of %s (it takes %s)",
                hs_text_token(tok, key, strlen(key)), command, names);
    } else if (n > HS_REQUEST_VALUE_MAX)
        message(msg, cap, "%s: the value is %zu bytes, over the %d accepted", where, n,
                HS_REQUEST_VALUE_MAX);
    else if (rc == HS_ERR_DUPLICATE)
        message(msg, cap, "%s: given twice", where);
    else
        message(msg, cap, "%s: '%s' is one argument too many", where, hs_text_token(tok, value, n));
    return 400;
}

/* One argument's JSON value as the request's text: a string as is; true/false "1"/"0"; a whole
 * number its decimal digits. Returns 0 and the text in buf (or *text pointing into v), else 400. */
static int value_text(const json_t *v, const char *where, const char **text, char *buf,
                      size_t bufcap, char *msg, size_t cap) {
    if (json_is_string(v)) {
        /* jansson refuses "\u0000" (no JSON_ALLOW_NUL), so the text is the whole value */
        *text = json_string_value(v);
        return 0;
    }
    if (json_is_boolean(v)) {
        *text = json_is_true(v) ? "1" : "0";
        return 0;
    }
    if (json_is_integer(v)) {
        snprintf(buf, bufcap, "%" JSON_INTEGER_FORMAT, json_integer_value(v));
        *text = buf;
        return 0;
    }
    if (json_is_real(v)) {
        const double x = json_real_value(v);
        /* whole numbers written 1e6 or 1000000.0; 2^53 and beyond are not exact in a double */
        if (x == floor(x) && fabs(x) < 9007199254740992.0) {
            snprintf(buf, bufcap, "%.0f", x);
            *text = buf;
            return 0;
        }
        message(msg, cap, "%s: %.17g is not a whole number", where, x);
        return 400;
    }
    message(msg, cap, "%s must be a string, a number or a boolean, not %s", where,
            json_type_name(v));
    return 400;
}

static int add_args(hs_request *r, const char *command, json_t *args, char *msg, size_t cap) {
    const command_doc *doc = command_doc_of(command);
    const char *key;
    const json_t *v;
    char where[HS_TOKEN_TEXT + 8], tok[HS_TOKEN_TEXT], buf[64];
    json_object_foreach(args, key, v) {
        snprintf(where, sizeof where, "args.%s", hs_text_token(tok, key, strlen(key)));
        if (json_is_null(v))
            continue; /* not given */
        const char *text;
        int status;
        if (json_is_array(v)) {
            if (strcmp(key, "hand") != 0) {
                message(msg, cap, "%s must be a string, not a list (only \"hand\" takes a list)",
                        where);
                return 400;
            }
            size_t i;
            const json_t *item;
            json_array_foreach(v, i, item) {
                char at[HS_TOKEN_TEXT + 32];
                snprintf(at, sizeof at, "%s[%zu]", where, i);
                if (!json_is_string(item)) {
                    message(msg, cap, "%s must be a string, not %s", at, json_type_name(item));
                    return 400;
                }
                status = add_value(r, doc, command, key, at, json_string_value(item), msg, cap);
                if (status != 0)
                    return status;
            }
            continue;
        }
        if (strcmp(key, "hand") == 0 && !json_is_string(v)) {
            message(msg, cap, "%s must be a string or a list of strings, not %s", where,
                    json_type_name(v));
            return 400;
        }
        status = value_text(v, where, &text, buf, sizeof buf, msg, cap);
        if (status == 0)
            status = add_value(r, doc, command, key, where, text, msg, cap);
        if (status != 0)
            return status;
    }
    return 0;
}

int serve_request_parse(const char *body, size_t len, hs_request **out, const char **command,
                        char *msg, size_t cap) {
    *out = NULL;
    *command = NULL;
    json_error_t e;
    /* a repeated key is an error rather than silently the last one */
    json_t *root = json_loadb(body, len, JSON_REJECT_DUPLICATES, &e);
    if (root == NULL) {
        message(msg, cap, "malformed JSON at line %d, column %d: %s", e.line, e.column, e.text);
        return 400;
    }
    int status = 400;
    hs_request *r = NULL;
    const char *key;
    json_t *v, *cmd = NULL, *args = NULL;
    char tok[HS_TOKEN_TEXT];
    if (!json_is_object(root)) {
        message(msg, cap,
                "the body must be a JSON object {\"command\": ..., \"args\": {...}}, not %s",
                json_type_name(root));
        goto done;
    }
    json_object_foreach(root, key, v) {
        if (strcmp(key, "command") == 0)
            cmd = v;
        else if (strcmp(key, "args") == 0)
            args = v;
        else {
            message(msg, cap, "unknown field '%s' (a query has \"command\" and \"args\")",
                    hs_text_token(tok, key, strlen(key)));
            goto done;
        }
    }
    if (cmd == NULL || !json_is_string(cmd)) {
        message(msg, cap, "\"command\" must be a string such as \"holdem equity\"%s%s",
                cmd == NULL ? "" : ", not ", cmd == NULL ? "" : json_type_name(cmd));
        goto done;
    }
    const char *name = known_command(json_string_value(cmd));
    if (name == NULL) {
        char list[400];
        size_t o = 0;
        for (const char *const *c = hs_request_commands(); *c != NULL && o < sizeof list; c++)
            o += (size_t)snprintf(list + o, sizeof list - o, "%s%s",
                                  c == hs_request_commands() ? "" : ", ", *c);
        const char *s = json_string_value(cmd);
        message(msg, cap, "unknown command '%s' (the commands: %s)",
                hs_text_token(tok, s, json_string_length(cmd)), list);
        goto done;
    }
    if (args != NULL && !json_is_object(args) && !json_is_null(args)) {
        message(msg, cap, "\"args\" must be an object such as {\"hand\": \"AA\"}, not %s",
                json_type_name(args));
        goto done;
    }
    const int rc = hs_request_new(name, &r);
    if (rc != HS_OK) {
        status = rc == HS_ERR_NOMEM ? 500 : 400;
        message(msg, cap, "%s: %s", name, rc == HS_ERR_NOMEM ? "out of memory" : hs_strerror(rc));
        goto done;
    }
    if (json_is_object(args) && (status = add_args(r, name, args, msg, cap)) != 0)
        goto done;
    status = 0;
    *out = r;
    *command = name;
    r = NULL;
    if (cap > 0)
        msg[0] = '\0';
done:
    hs_request_free(r);
    json_decref(root);
    return status;
}

/* ---- the answer ------------------------------------------------------------------------------ */

static const char *kind_name(int kind) {
    switch (kind) {
    case HS_CELL_INT:
        return "int";
    case HS_CELL_DECIMAL:
        return "decimal";
    case HS_CELL_FRACTION:
        return "fraction";
    default:
        return "text";
    }
}

char *serve_table_json(const char *command, const hs_table *t) {
    json_t *root = json_object(), *columns = json_array(), *rows = json_array(),
           *notes = json_object();
    int bad = root == NULL || columns == NULL || rows == NULL || notes == NULL;
    const size_t nc = hs_table_columns(t), nr = hs_table_rows(t), nn = hs_table_notes(t);
    for (size_t c = 0; !bad && c < nc; c++)
        bad |= json_array_append_new(
            columns, json_pack("{s:o, s:s}", "name", serve_json_string(hs_table_column(t, c)),
                               "kind", kind_name(hs_table_column_kind(t, c))));
    for (size_t r = 0; !bad && r < nr; r++) {
        json_t *row = json_array();
        for (size_t c = 0; row != NULL && !bad && c < nc; c++)
            bad |= json_array_append_new(row, serve_json_string(hs_table_cell(t, r, c)));
        bad |= json_array_append_new(rows, row);
    }
    for (size_t i = 0; !bad && i < nn; i++) {
        const char *name = hs_table_note_name(t, i);
        bad |= name == NULL ||
               json_object_set_new(notes, name, serve_json_string(hs_table_note_value(t, i))) != 0;
    }
    if (bad) {
        json_decref(root);
        json_decref(columns);
        json_decref(rows);
        json_decref(notes);
        return NULL;
    }
    json_object_set_new(root, "command", json_string(command));
    json_object_set_new(root, "columns", columns);
    json_object_set_new(root, "rows", rows);
    json_object_set_new(root, "notes", notes);
    return dump(root);
}

/* ---- ranges for the grid --------------------------------------------------------------------- */

char *serve_range_json(const char *text, size_t len, int *status) {
    *status = 500;
    hs_holdem_range *range = malloc(sizeof *range);
    char *canon = malloc(HS_HOLDEM_RANGE_TEXT);
    char *answer = NULL;
    if (range == NULL || canon == NULL)
        goto done;
    hs_parse_error err;
    const int rc = hs_holdem_range_parse(text, len, range, canon, HS_HOLDEM_RANGE_TEXT, &err);
    if (rc != HS_OK) {
        char msg[SERVE_MESSAGE], tok[HS_TOKEN_TEXT];
        hs_text_token(tok, text + err.offset, err.length);
        if (rc == HS_ERR_DUPLICATE)
            message(msg, sizeof msg, "'%s' repeats a combination of an earlier item", tok);
        else
            message(msg, sizeof msg,
                    "'%s' is not two cards, a class or a range item (AhKd, AA, AKs, AK, QQ+, "
                    "A2s+, 55-22, A5s-A2s, random, 15%%, ITEM@50)",
                    tok);
        *status = rc == HS_ERR_NOMEM ? 500 : 400;
        answer = serve_error_json(msg);
        goto done;
    }
    /* per class: its combinations in the range, and whether they share one weight */
    int n[HS_HOLDEM_CLASSES] = {0}, weight[HS_HOLDEM_CLASSES] = {0};
    unsigned char mixed[HS_HOLDEM_CLASSES] = {0};
    for (size_t i = 0; i < range->n; i++) {
        const int c = hs_holdem_class(range->combo[i]);
        if (n[c]++ == 0)
            weight[c] = range->weight[i];
        else if (weight[c] != range->weight[i])
            mixed[c] = 1;
    }
    json_t *classes = json_array();
    for (int c = 0; classes != NULL && c < HS_HOLDEM_CLASSES; c++) {
        if (n[c] == 0) {
            json_array_append_new(classes, json_null());
            continue;
        }
        const int of = hs_holdem_class_combos(c);
        json_t *e = json_pack("{s:i, s:i}", "n", n[c], "of", of);
        if (e != NULL && !mixed[c])
            json_object_set_new(e, "weight", json_integer(weight[c]));
        if (e != NULL && (mixed[c] || n[c] < of)) {
            json_t *list = json_array();
            for (size_t i = 0; list != NULL && i < range->n; i++)
                if (hs_holdem_class(range->combo[i]) == c) {
                    char ct[8];
                    hs_text_combo(ct, range->combo[i]);
                    json_array_append_new(list, json_pack("[s, i]", ct, range->weight[i]));
                }
            json_object_set_new(e, "combos", list);
        }
        json_array_append_new(classes, e);
    }
    answer = dump(
        json_pack("{s:s, s:i, s:o*}", "text", canon, "combos", (int)range->n, "classes", classes));
    if (answer != NULL)
        *status = 200;
done:
    if (answer == NULL)
        answer = serve_error_json("out of memory");
    free(range);
    free(canon);
    return answer;
}
