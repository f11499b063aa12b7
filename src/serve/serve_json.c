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
 * GET /api/commands: the command registry (handstat/command.h) as JSON, for the page's forms; and
 * the messages naming an argument a command does not take. The request layer stays the judge of
 * every value. */

/* "hand, board, dead" */
static void arg_names(const hs_command_info *c, char *out, size_t cap) {
    size_t o = 0;
    out[0] = '\0';
    for (size_t i = 0; c != NULL && i < c->n_args && o < cap; i++)
        o += (size_t)snprintf(out + o, cap - o, "%s%s", i ? ", " : "", c->args[i].name);
}

/* One argument: name, kind, min, max, help, and choices, default when it has them. */
static json_t *arg_json(const hs_command_arg *a) {
    json_t *j = json_pack("{s:s, s:s, s:i, s:i, s:s}", "name", a->name, "kind",
                          hs_arg_kind_name(a->kind), "min", a->min, "max", a->max, "help", a->help);
    if (j != NULL && a->choices != NULL) {
        json_t *list = json_array();
        for (const char *p = a->choices; list != NULL && *p != '\0';) {
            const size_t n = strcspn(p, "|");
            json_array_append_new(list, json_stringn(p, n));
            p += n + (p[n] == '|');
        }
        json_object_set_new(j, "choices", list);
    }
    if (j != NULL && a->def != NULL)
        json_object_set_new(j, "default", json_string(a->def));
    return j;
}

/* The example as the API's args: {"hand": ["AhAd", "KsKc"], "board": "Kh7d2c"}, a key that may
 * repeat always as a list. */
static json_t *example_json(const hs_command_info *c) {
    json_t *args = json_object();
    for (const char *const *e = c->example; args != NULL && e[0] != NULL; e += 2) {
        const hs_command_arg *a = hs_command_arg_by_name(c, e[0]);
        if (a != NULL && a->max > 1) {
            json_t *list = json_object_get(args, e[0]);
            if (list == NULL)
                json_object_set_new(args, e[0], list = json_array());
            json_array_append_new(list, json_string(e[1]));
        } else
            json_object_set_new(args, e[0], json_string(e[1]));
    }
    return args;
}

char *serve_commands_json(void) {
    json_t *list = json_array();
    for (const hs_command_info *c = hs_command_next(NULL); list != NULL && c != NULL;
         c = hs_command_next(c)) {
        json_t *args = json_array();
        for (size_t i = 0; args != NULL && i < c->n_args; i++)
            json_array_append_new(args, arg_json(&c->args[i]));
        json_t *j = json_pack("{s:s, s:s, s:s, s:o*, s:o*, s:b, s:b}", "name", c->name, "title",
                              c->title, "help", c->summary, "args", args, "example",
                              example_json(c), "job", (c->flags & HS_COMMAND_JOB) != 0, "samples",
                              (c->flags & HS_COMMAND_SAMPLES) != 0);
        if (j != NULL && c->example_cli != NULL)
            json_object_set_new(j, "cli", json_sprintf("handstat %s", c->example_cli));
        json_array_append_new(list, j);
    }
    return dump(json_pack("{s:o*}", "commands", list));
}

/* ---- the request body ---------------------------------------------------------------------- */

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
static int add_value(hs_request *r, const hs_command_info *doc, const char *command,
                     const char *key, const char *where, const char *value, char *msg, size_t cap) {
    const int rc = hs_request_add(r, key, value);
    if (rc == HS_OK)
        return 0;
    if (rc == HS_ERR_NOMEM) {
        message(msg, cap, "out of memory");
        return 500;
    }
    char tok[HS_TOKEN_TEXT], names[160];
    const size_t n = strlen(value);
    if (doc != NULL && hs_command_arg_by_name(doc, key) == NULL) {
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
    const hs_command_info *doc = hs_command_by_name(command);
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
            /* a list for an argument taken more than once ("hand", holdem equity's "folded") */
            const hs_command_arg *a = doc != NULL ? hs_command_arg_by_name(doc, key) : NULL;
            if (strcmp(key, "hand") != 0 && (a == NULL || a->max < 2)) {
                message(msg, cap,
                        "%s must be a string, not a list (only an argument taken more "
                        "than once, such as \"hand\", takes a list)",
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
    const hs_command_info *info = hs_command_by_name(json_string_value(cmd));
    const char *name = info != NULL ? info->name : NULL;
    if (name == NULL) {
        char list[400];
        size_t o = 0;
        for (const hs_command_info *c = hs_command_next(NULL); c != NULL && o < sizeof list;
             c = hs_command_next(c))
            o += (size_t)snprintf(list + o, sizeof list - o, "%s%s", o ? ", " : "", c->name);
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
    const char *why = NULL;
    const int rc =
        hs_holdem_range_parse_why(text, len, range, canon, HS_HOLDEM_RANGE_TEXT, &err, &why);
    if (rc != HS_OK) {
        char msg[SERVE_MESSAGE];
        hs_holdem_range_message(text, rc, &err, why, msg, sizeof msg);
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
    /* weights in percent, as the page shows them: an integer when whole ("50"), else a number
     * with its hundredths ("12.5") */
#define PERCENT_JSON(w) ((w) % 100 == 0 ? json_integer((w) / 100) : json_real((w) / 100.0))
    for (int c = 0; classes != NULL && c < HS_HOLDEM_CLASSES; c++) {
        if (n[c] == 0) {
            json_array_append_new(classes, json_null());
            continue;
        }
        const int of = hs_holdem_class_combos(c);
        json_t *e = json_pack("{s:i, s:i}", "n", n[c], "of", of);
        if (e != NULL && !mixed[c])
            json_object_set_new(e, "weight", PERCENT_JSON(weight[c]));
        if (e != NULL && (mixed[c] || n[c] < of)) {
            json_t *list = json_array();
            for (size_t i = 0; list != NULL && i < range->n; i++)
                if (hs_holdem_class(range->combo[i]) == c) {
                    char ct[8];
                    hs_text_combo(ct, range->combo[i]);
                    json_array_append_new(list,
                                          json_pack("[s, o]", ct, PERCENT_JSON(range->weight[i])));
                }
            json_object_set_new(e, "combos", list);
        }
        json_array_append_new(classes, e);
    }
#undef PERCENT_JSON
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
