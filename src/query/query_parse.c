/* The query language's parser (handstat/query.h): recursive descent from tokens to syntax nodes
 * (the select items, the where), and the from clause read as name=value bindings whose meaning is
 * left to query_bind.c. */
#include "query_internal.h"

#include "handstat/handstat.h"

#include <stdio.h>
#include <string.h>

/* Nesting beyond this is refused (parentheses, not, unary minus): the parser's recursion stays
 * far inside any thread's stack. */
#define MAX_DEPTH 100

/* ---- expressions ----------------------------------------------------------------------------- */

static int new_node(pctx *p, int kind, size_t off, size_t len) {
    hs_query *q = p->q;
    if (q->nnodes >= Q_MAX_NODES) {
        hs_q_perr(p, HS_ERR_COUNT, off, len, "the query is too long (over %d terms)", Q_MAX_NODES);
        return -1;
    }
    qnode *n = &q->node[q->nnodes];
    memset(n, 0, sizeof *n);
    n->kind = kind;
    n->a = n->b = n->next = -1;
    n->off = off;
    n->len = len;
    n->flag = -1;
    return q->nnodes++;
}

static int parse_expr(pctx *p);
static int parse_or(pctx *p);

/* A number: digits with at most one point; up to 15 significant digits. */
static int parse_number(pctx *p) {
    const char *s = p->text + p->toff;
    int64_t num = 0, den = 1;
    int point = 0, digits = 0;
    for (size_t i = 0; i < p->tlen; i++) {
        if (s[i] == '.') {
            if (point++)
                return hs_q_perr(p, HS_ERR_TOKEN, p->toff, p->tlen, "'%.*s' is not a number",
                                 (int)p->tlen, s),
                       -1;
            continue;
        }
        if (++digits > 15)
            return hs_q_perr(p, HS_ERR_TOKEN, p->toff, p->tlen, "'%.*s' has too many digits",
                             (int)(p->tlen > 40 ? 40 : p->tlen), s),
                   -1;
        num = num * 10 + (s[i] - '0');
        if (point)
            den *= 10;
    }
    const int n = new_node(p, N_NUM, p->toff, p->tlen);
    if (n < 0)
        return -1;
    p->q->node[n].num = num;
    p->q->node[n].den = den;
    hs_q_next(p);
    return n;
}

static int parse_primary(pctx *p) {
    if (p->rc != HS_OK)
        return -1;
    if (p->tk == TK_NUM)
        return parse_number(p);
    if (p->tk == TK_STR) {
        const int n = new_node(p, N_STR, p->toff + 1, p->tlen - 2);
        hs_q_next(p);
        return n;
    }
    if (p->tk == TK_LP) {
        hs_q_next(p);
        const int e = parse_expr(p);
        if (e < 0 || !hs_q_expect(p, TK_RP, "')'"))
            return -1;
        return e;
    }
    if (p->tk == TK_NAME) {
        const size_t off = p->toff, len = p->tlen;
        hs_q_next(p);
        if (p->tk != TK_LP)
            return new_node(p, N_NAME, off, len);
        const int n = new_node(p, N_CALL, off, len);
        if (n < 0)
            return -1;
        hs_q_next(p);
        int last = -1;
        if (p->tk != TK_RP) {
            for (;;) {
                const int a = parse_expr(p);
                if (a < 0)
                    return -1;
                if (last < 0)
                    p->q->node[n].a = a;
                else
                    p->q->node[last].next = a;
                last = a;
                p->q->node[n].nargs++;
                if (p->tk != TK_COMMA)
                    break;
                hs_q_next(p);
            }
        }
        if (!hs_q_expect(p, TK_RP, "',' or ')' after an argument"))
            return -1;
        return n;
    }
    char t[HS_TOKEN_TEXT];
    hs_q_perr(p, HS_ERR_TOKEN, p->toff, p->tlen, "expected a value, found '%s'",
              hs_q_tok(p, t, p->toff, p->tlen));
    return -1;
}

static int parse_unary(pctx *p) {
    if (p->tk == TK_MINUS) {
        const size_t off = p->toff;
        hs_q_next(p);
        if (++p->depth > MAX_DEPTH) {
            hs_q_perr(p, HS_ERR_COUNT, off, 1, "the expression is nested more than %d deep",
                      MAX_DEPTH);
            return -1;
        }
        const int a = parse_unary(p);
        p->depth--;
        if (a < 0)
            return -1;
        const int n = new_node(p, N_NEG, off, 1);
        if (n >= 0)
            p->q->node[n].a = a;
        return n;
    }
    return parse_primary(p);
}

static int binary(pctx *p, int kind, int op, size_t off, size_t len, int a, int b) {
    if (a < 0 || b < 0)
        return -1;
    const int n = new_node(p, kind, off, len);
    if (n >= 0) {
        p->q->node[n].a = a;
        p->q->node[n].b = b;
        p->q->node[n].op = op;
    }
    return n;
}

static int parse_product(pctx *p) {
    int a = parse_unary(p);
    while (a >= 0 && (p->tk == TK_STAR || p->tk == TK_SLASH)) {
        const int kind = p->tk == TK_STAR ? N_MUL : N_DIV;
        const size_t off = p->toff;
        hs_q_next(p);
        a = binary(p, kind, 0, off, 1, a, parse_unary(p));
    }
    return a;
}

static int parse_sum(pctx *p) {
    int a = parse_product(p);
    while (a >= 0 && (p->tk == TK_PLUS || p->tk == TK_MINUS)) {
        const int kind = p->tk == TK_PLUS ? N_ADD : N_SUB;
        const size_t off = p->toff;
        hs_q_next(p);
        a = binary(p, kind, 0, off, 1, a, parse_product(p));
    }
    return a;
}

static int parse_compare(pctx *p) {
    int a = parse_sum(p);
    if (a < 0)
        return -1;
    int op = -1;
    switch (p->tk) {
    case TK_EQ:
        op = CMP_EQ;
        break;
    case TK_NE:
        op = CMP_NE;
        break;
    case TK_LT:
        op = CMP_LT;
        break;
    case TK_LE:
        op = CMP_LE;
        break;
    case TK_GT:
        op = CMP_GT;
        break;
    case TK_GE:
        op = CMP_GE;
        break;
    default:
        return a;
    }
    const size_t off = p->toff, len = p->tlen;
    hs_q_next(p);
    return binary(p, N_CMP, op, off, len, a, parse_sum(p));
}

static int parse_not(pctx *p) {
    if (hs_q_tk_is(p, "not")) {
        const size_t off = p->toff, len = p->tlen;
        hs_q_next(p);
        if (++p->depth > MAX_DEPTH) {
            hs_q_perr(p, HS_ERR_COUNT, off, len, "the expression is nested more than %d deep",
                      MAX_DEPTH);
            return -1;
        }
        const int a = parse_not(p);
        p->depth--;
        if (a < 0)
            return -1;
        const int n = new_node(p, N_NOT, off, len);
        if (n >= 0)
            p->q->node[n].a = a;
        return n;
    }
    return parse_compare(p);
}

static int parse_and(pctx *p) {
    int a = parse_not(p);
    while (a >= 0 && hs_q_tk_is(p, "and")) {
        const size_t off = p->toff, len = p->tlen;
        hs_q_next(p);
        a = binary(p, N_AND, 0, off, len, a, parse_not(p));
    }
    return a;
}

static int parse_expr(pctx *p) {
    if (++p->depth > MAX_DEPTH) {
        hs_q_perr(p, HS_ERR_COUNT, p->toff, p->tlen, "the expression is nested more than %d deep",
                  MAX_DEPTH);
        return -1;
    }
    const int e = parse_or(p);
    p->depth--;
    return e;
}

static int parse_or(pctx *p) {
    int a = parse_and(p);
    while (a >= 0 && hs_q_tk_is(p, "or")) {
        const size_t off = p->toff, len = p->tlen;
        hs_q_next(p);
        a = binary(p, N_OR, 0, off, len, a, parse_and(p));
    }
    return a;
}

/* ---- the from clause ------------------------------------------------------------------------- */

/* Does the text at i (blanks skipped) start the next binding, NAME '=' (not '==')? */
static int binding_at(const pctx *p, size_t i) {
    const char *s = p->text;
    while (i < p->len && hs_q_is_blank(s[i]))
        i++;
    const size_t start = i;
    while (i < p->len && hs_q_is_name_char(s[i]))
        i++;
    if (i == start)
        return 0;
    while (i < p->len && hs_q_is_blank(s[i]))
        i++;
    return i < p->len && s[i] == '=' && !(i + 1 < p->len && s[i + 1] == '=');
}

/* At i (a blank after a word): the end of " and " or " minus " and the blanks after it, when the
 * text goes on so (a range's intersection or difference), else 0. */
static size_t range_word_end(const pctx *p, size_t i) {
    const char *s = p->text;
    while (i < p->len && hs_q_is_blank(s[i]))
        i++;
    const size_t start = i;
    while (i < p->len && hs_q_is_name_char(s[i]))
        i++;
    if (!(hs_q_name_is(s + start, i - start, "and") ||
          hs_q_name_is(s + start, i - start, "minus")) ||
        i >= p->len || !hs_q_is_blank(s[i]))
        return 0;
    while (i < p->len && hs_q_is_blank(s[i]))
        i++;
    return i < p->len && s[i] != ',' && s[i] != ';' ? i : 0;
}

/* A value after '=': quoted, or bare. A bare value runs up to a blank, a semicolon, the end, or
 * a comma that starts the next binding (NAME=): so a range reads unquoted with its commas
 * (hero=AKs,QQ+, villain=JJ), and " and " / " minus " between two items go on with it (a range's
 * intersection and difference: hero=QQ+,AK minus AKo where ...). Nothing else can follow a value
 * in the from clause, so the reading is unambiguous. */
static int parse_value(pctx *p, binding *b) {
    hs_q_skip_blank(p);
    const char *s = p->text;
    if (p->pos < p->len && (s[p->pos] == '\'' || s[p->pos] == '"')) {
        const char quote = s[p->pos];
        size_t e = p->pos + 1;
        while (e < p->len && s[e] != quote)
            e++;
        if (e >= p->len)
            return hs_q_perr(p, HS_ERR_TOKEN, p->pos, 1, "a quote %c that is never closed", quote);
        b->voff = p->pos + 1;
        b->vlen = e - p->pos - 1;
        p->pos = e + 1;
    } else {
        size_t e = p->pos;
        for (;;) {
            while (e < p->len && !hs_q_is_blank(s[e]) && s[e] != ',' && s[e] != ';')
                e++;
            if (e < p->len && s[e] == ',' && e > p->pos && !binding_at(p, e + 1)) {
                e++; /* a comma inside the range: skip the blanks after it */
                while (e < p->len && hs_q_is_blank(s[e]))
                    e++;
                if (e < p->len && s[e] != ',' && s[e] != ';')
                    continue;
                break;
            }
            size_t w;
            if (e < p->len && hs_q_is_blank(s[e]) && e > p->pos &&
                (w = range_word_end(p, e)) != 0) {
                e = w;
                continue;
            }
            break;
        }
        if (e == p->pos) {
            char t[HS_TOKEN_TEXT];
            return hs_q_perr(p, HS_ERR_TOKEN, p->pos, 1, "expected a value after '=', found '%s'",
                             hs_q_tok(p, t, p->pos, 1));
        }
        b->voff = p->pos;
        b->vlen = e - p->pos;
        p->pos = e;
    }
    hs_q_next(p);
    return HS_OK;
}

static int parse_from(pctx *p, binding *b, int *nb) {
    *nb = 0;
    for (;;) {
        if (p->tk != TK_NAME) {
            char t[HS_TOKEN_TEXT];
            return hs_q_perr(p, HS_ERR_TOKEN, p->toff, p->tlen,
                             "expected a name (game, board, dead or a player), found '%s'",
                             hs_q_tok(p, t, p->toff, p->tlen));
        }
        if (*nb >= MAX_BINDINGS)
            return hs_q_perr(p, HS_ERR_COUNT, p->toff, p->tlen, "more than %d bindings",
                             MAX_BINDINGS);
        binding *x = &b[(*nb)++];
        x->noff = p->toff;
        x->nlen = p->tlen;
        hs_q_next(p);
        if (p->tk != TK_EQ || p->tlen != 1) {
            char t[HS_TOKEN_TEXT];
            return hs_q_perr(p, HS_ERR_TOKEN, p->toff, p->tlen,
                             "expected '=' after '%.*s', found '%s'",
                             (int)(x->nlen > 40 ? 40 : x->nlen), p->text + x->noff,
                             hs_q_tok(p, t, p->toff, p->tlen));
        }
        /* the value is read from the text right after '=' */
        if (parse_value(p, x) != HS_OK)
            return p->rc;
        if (p->tk != TK_COMMA)
            return HS_OK;
        hs_q_next(p);
    }
}

/* ---- the query ------------------------------------------------------------------------------- */

int hs_q_parse(pctx *p, binding *b, int *nb) {
    hs_query *q = p->q;
    const char *text = p->text;
    if (!hs_q_tk_is(p, "select")) {
        char t[HS_TOKEN_TEXT];
        hs_q_perr(p, HS_ERR_TOKEN, p->toff, p->tlen, "a query starts with 'select', not '%s'",
                  hs_q_tok(p, t, p->toff, p->tlen));
        return p->rc;
    }
    hs_q_next(p);
    for (;;) {
        static const char *const aggs[] = {"avg", "count", "histogram", "max", "min"};
        int agg = -1;
        for (int k = 0; k < 5; k++)
            if (hs_q_tk_is(p, aggs[k]))
                agg = k;
        if (agg < 0) {
            char t[HS_TOKEN_TEXT];
            hs_q_perr(p, HS_ERR_TOKEN, p->toff, p->tlen,
                      "expected an aggregate (avg, count, histogram, max, min), found '%s'",
                      hs_q_tok(p, t, p->toff, p->tlen));
            return p->rc;
        }
        if (q->nitems >= Q_MAX_ITEMS) {
            hs_q_perr(p, HS_ERR_COUNT, p->toff, p->tlen, "more than %d select items", Q_MAX_ITEMS);
            return p->rc;
        }
        qitem *it = &q->item[q->nitems++];
        it->agg = agg;
        const size_t start = p->toff;
        hs_q_next(p);
        if (!hs_q_expect(p, TK_LP, "'(' after the aggregate"))
            return p->rc;
        it->node = parse_expr(p);
        if (it->node < 0 || !hs_q_expect(p, TK_RP, "')'"))
            return p->rc;
        /* the item's name: its text with blanks squeezed, or the alias */
        size_t o = 0;
        const size_t end = p->toff > start ? p->toff : start;
        size_t stop = end;
        while (stop > start && (text[stop - 1] == ' ' || text[stop - 1] == '\n' ||
                                text[stop - 1] == '\t' || text[stop - 1] == '\r'))
            stop--;
        for (size_t k = start; k < stop && o + 1 < sizeof it->name; k++) {
            const char c = text[k];
            if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
                if (o > 0 && it->name[o - 1] != ' ')
                    it->name[o++] = ' ';
            } else
                it->name[o++] = c;
        }
        it->name[o] = '\0';
        if (hs_q_tk_is(p, "as")) {
            hs_q_next(p);
            if (p->tk != TK_NAME && p->tk != TK_STR) {
                char t[HS_TOKEN_TEXT];
                hs_q_perr(p, HS_ERR_TOKEN, p->toff, p->tlen,
                          "expected a name after 'as', found '%s'",
                          hs_q_tok(p, t, p->toff, p->tlen));
                return p->rc;
            }
            const size_t off = p->tk == TK_STR ? p->toff + 1 : p->toff;
            const size_t n = p->tk == TK_STR ? p->tlen - 2 : p->tlen;
            snprintf(it->name, sizeof it->name, "%.*s", (int)(n > 95 ? 95 : n), text + off);
            hs_q_next(p);
        }
        if (p->tk != TK_COMMA)
            break;
        hs_q_next(p);
    }
    if (!hs_q_tk_is(p, "from")) {
        char t[HS_TOKEN_TEXT];
        hs_q_perr(p, HS_ERR_TOKEN, p->toff, p->tlen, "expected ',' or 'from', found '%s'",
                  hs_q_tok(p, t, p->toff, p->tlen));
        return p->rc;
    }
    hs_q_next(p);
    if (parse_from(p, b, nb) != HS_OK)
        return p->rc;
    if (hs_q_tk_is(p, "where")) {
        hs_q_next(p);
        q->where = parse_expr(p);
        if (q->where < 0)
            return p->rc;
    }
    if (p->tk == TK_SEMI)
        hs_q_next(p);
    if (p->tk != TK_END) {
        char t[HS_TOKEN_TEXT];
        hs_q_perr(p, HS_ERR_TOKEN, p->toff, p->tlen, "expected the end of the query, found '%s'",
                  hs_q_tok(p, t, p->toff, p->tlen));
        return p->rc;
    }
    return p->rc;
}
