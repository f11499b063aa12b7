/* The query compiler (handstat/query.h): a hand-written lexer and recursive-descent parser into
 * syntax nodes, then one checking pass that resolves names, checks argument counts and types,
 * gives every number its exact static denominator and bounds, and works out what the runner
 * needs (which streets must be told apart, which inner enumerations, the deals to evaluate).
 * Every error names the line, the column and the token. */
#include "query_internal.h"

#include "handstat/handstat.h"

#include "combin.h"

#include <ctype.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- errors -----------------------------------------------------------------------------------
 */

typedef struct pctx {
    const char *text;
    size_t len;
    size_t pos;
    hs_query *q;
    hs_query_error *err;
    int rc;    /* the first error's code (HS_OK while none) */
    int depth; /* nesting of the expression being parsed */
    /* the current token */
    int tk;
    size_t toff, tlen;
} pctx;

/* Nesting beyond this is refused (parentheses, not, unary minus): the parser's recursion stays
 * far inside any thread's stack. */
#define MAX_DEPTH 100

static int perr(pctx *p, int rc, size_t off, size_t len, const char *fmt, ...)
    __attribute__((format(printf, 5, 6)));
static int perr(pctx *p, int rc, size_t off, size_t len, const char *fmt, ...) {
    if (p->rc != HS_OK)
        return p->rc;
    p->rc = rc;
    if (p->err == NULL)
        return rc;
    int line = 1, col = 1;
    for (size_t i = 0; i < off && i < p->len; i++) {
        if (p->text[i] == '\n') {
            line++;
            col = 1;
        } else
            col++;
    }
    p->err->line = line;
    p->err->column = col;
    p->err->offset = off;
    p->err->length = len;
    char body[256];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(body, sizeof body, fmt, ap);
    va_end(ap);
    snprintf(p->err->message, sizeof p->err->message, "line %d, column %d: %s", line, col, body);
    return rc;
}

/* The token at off, len made safe to quote. */
static const char *tok(pctx *p, char out[HS_TOKEN_TEXT], size_t off, size_t len) {
    if (off >= p->len)
        return strcpy(out, "end of query");
    return hs_text_token(out, p->text + off, len);
}

/* ---- lexer ------------------------------------------------------------------------------------
 */

enum {
    TK_END,
    TK_NAME,
    TK_NUM,
    TK_STR,
    TK_LP,
    TK_RP,
    TK_COMMA,
    TK_SEMI,
    TK_EQ,
    TK_NE,
    TK_LT,
    TK_LE,
    TK_GT,
    TK_GE,
    TK_PLUS,
    TK_MINUS,
    TK_STAR,
    TK_SLASH,
    TK_BAD
};

static void skip_blank(pctx *p) {
    for (;;) {
        while (p->pos < p->len && (p->text[p->pos] == ' ' || p->text[p->pos] == '\t' ||
                                   p->text[p->pos] == '\n' || p->text[p->pos] == '\r'))
            p->pos++;
        if (p->pos + 1 < p->len && p->text[p->pos] == '-' && p->text[p->pos + 1] == '-') {
            while (p->pos < p->len && p->text[p->pos] != '\n')
                p->pos++;
            continue;
        }
        return;
    }
}

static int is_name_char(char c) {
    return isalnum((unsigned char)c) || c == '_';
}

static void next(pctx *p) {
    skip_blank(p);
    p->toff = p->pos;
    if (p->pos >= p->len) {
        p->tk = TK_END;
        p->tlen = 0;
        return;
    }
    const char *s = p->text + p->pos;
    const char c = *s;
    size_t n = 1;
    int k = TK_BAD;
    if (isalpha((unsigned char)c) || c == '_') {
        while (p->pos + n < p->len && is_name_char(s[n]))
            n++;
        k = TK_NAME;
    } else if (isdigit((unsigned char)c) ||
               (c == '.' && p->pos + 1 < p->len && isdigit((unsigned char)s[1]))) {
        while (p->pos + n < p->len && (isdigit((unsigned char)s[n]) || s[n] == '.'))
            n++;
        k = TK_NUM;
    } else if (c == '\'' || c == '"') {
        while (p->pos + n < p->len && s[n] != c)
            n++;
        if (p->pos + n >= p->len) {
            perr(p, HS_ERR_TOKEN, p->pos, 1, "a quote %c that is never closed", c);
            p->tk = TK_BAD;
            p->tlen = n;
            p->pos = p->len;
            return;
        }
        n++;
        k = TK_STR;
    } else {
        const char d = p->pos + 1 < p->len ? s[1] : '\0';
        switch (c) {
        case '(':
            k = TK_LP;
            break;
        case ')':
            k = TK_RP;
            break;
        case ',':
            k = TK_COMMA;
            break;
        case ';':
            k = TK_SEMI;
            break;
        case '+':
            k = TK_PLUS;
            break;
        case '-':
            k = TK_MINUS;
            break;
        case '*':
            k = TK_STAR;
            break;
        case '/':
            k = TK_SLASH;
            break;
        case '=':
            k = TK_EQ;
            n = d == '=' ? 2 : 1;
            break;
        case '!':
            if (d == '=') {
                k = TK_NE;
                n = 2;
            }
            break;
        case '<':
            k = d == '=' ? TK_LE : d == '>' ? TK_NE : TK_LT;
            n = d == '=' || d == '>' ? 2 : 1;
            break;
        case '>':
            k = d == '=' ? TK_GE : TK_GT;
            n = d == '=' ? 2 : 1;
            break;
        default:
            break;
        }
    }
    p->tk = k;
    p->tlen = n;
    p->pos += n;
}

/* Names compare in any case, '_' ignored. */
static int name_is(const char *s, size_t n, const char *word) {
    size_t i = 0;
    for (; *word != '\0'; word++) {
        while (i < n && s[i] == '_')
            i++;
        if (i >= n || tolower((unsigned char)s[i]) != *word)
            return 0;
        i++;
    }
    while (i < n && s[i] == '_')
        i++;
    return i == n;
}

static int tk_is(pctx *p, const char *word) {
    return p->tk == TK_NAME && name_is(p->text + p->toff, p->tlen, word);
}

static int expect(pctx *p, int k, const char *what) {
    if (p->tk == k) {
        next(p);
        return 1;
    }
    char t[HS_TOKEN_TEXT];
    perr(p, HS_ERR_TOKEN, p->toff, p->tlen, "expected %s, found '%s'", what,
         tok(p, t, p->toff, p->tlen));
    return 0;
}

/* ---- parser -----------------------------------------------------------------------------------
 */

static int new_node(pctx *p, int kind, size_t off, size_t len) {
    hs_query *q = p->q;
    if (q->nnodes >= Q_MAX_NODES) {
        perr(p, HS_ERR_COUNT, off, len, "the query is too long (over %d terms)", Q_MAX_NODES);
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
                return perr(p, HS_ERR_TOKEN, p->toff, p->tlen, "'%.*s' is not a number",
                            (int)p->tlen, s),
                       -1;
            continue;
        }
        if (++digits > 15)
            return perr(p, HS_ERR_TOKEN, p->toff, p->tlen, "'%.*s' has too many digits",
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
    next(p);
    return n;
}

static int parse_primary(pctx *p) {
    if (p->rc != HS_OK)
        return -1;
    if (p->tk == TK_NUM)
        return parse_number(p);
    if (p->tk == TK_STR) {
        const int n = new_node(p, N_STR, p->toff + 1, p->tlen - 2);
        next(p);
        return n;
    }
    if (p->tk == TK_LP) {
        next(p);
        const int e = parse_expr(p);
        if (e < 0 || !expect(p, TK_RP, "')'"))
            return -1;
        return e;
    }
    if (p->tk == TK_NAME) {
        const size_t off = p->toff, len = p->tlen;
        next(p);
        if (p->tk != TK_LP)
            return new_node(p, N_NAME, off, len);
        const int n = new_node(p, N_CALL, off, len);
        if (n < 0)
            return -1;
        next(p);
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
                next(p);
            }
        }
        if (!expect(p, TK_RP, "',' or ')' after an argument"))
            return -1;
        return n;
    }
    char t[HS_TOKEN_TEXT];
    perr(p, HS_ERR_TOKEN, p->toff, p->tlen, "expected a value, found '%s'",
         tok(p, t, p->toff, p->tlen));
    return -1;
}

static int parse_unary(pctx *p) {
    if (p->tk == TK_MINUS) {
        const size_t off = p->toff;
        next(p);
        if (++p->depth > MAX_DEPTH) {
            perr(p, HS_ERR_COUNT, off, 1, "the expression is nested more than %d deep", MAX_DEPTH);
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
        next(p);
        a = binary(p, kind, 0, off, 1, a, parse_unary(p));
    }
    return a;
}

static int parse_sum(pctx *p) {
    int a = parse_product(p);
    while (a >= 0 && (p->tk == TK_PLUS || p->tk == TK_MINUS)) {
        const int kind = p->tk == TK_PLUS ? N_ADD : N_SUB;
        const size_t off = p->toff;
        next(p);
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
    next(p);
    return binary(p, N_CMP, op, off, len, a, parse_sum(p));
}

static int parse_not(pctx *p) {
    if (tk_is(p, "not")) {
        const size_t off = p->toff, len = p->tlen;
        next(p);
        if (++p->depth > MAX_DEPTH) {
            perr(p, HS_ERR_COUNT, off, len, "the expression is nested more than %d deep",
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
    while (a >= 0 && tk_is(p, "and")) {
        const size_t off = p->toff, len = p->tlen;
        next(p);
        a = binary(p, N_AND, 0, off, len, a, parse_not(p));
    }
    return a;
}

static int parse_expr(pctx *p) {
    if (++p->depth > MAX_DEPTH) {
        perr(p, HS_ERR_COUNT, p->toff, p->tlen, "the expression is nested more than %d deep",
             MAX_DEPTH);
        return -1;
    }
    const int e = parse_or(p);
    p->depth--;
    return e;
}

static int parse_or(pctx *p) {
    int a = parse_and(p);
    while (a >= 0 && tk_is(p, "or")) {
        const size_t off = p->toff, len = p->tlen;
        next(p);
        a = binary(p, N_OR, 0, off, len, a, parse_and(p));
    }
    return a;
}

/* ---- the from clause ---------------------------------------------------------------------- */

typedef struct binding {
    size_t noff, nlen; /* the name */
    size_t voff, vlen; /* the value (inside its quotes) */
} binding;

#define MAX_BINDINGS 16

/* A value after '=': quoted, or a bare word up to a blank, a comma or a semicolon. */
static int parse_value(pctx *p, binding *b) {
    skip_blank(p);
    const char *s = p->text;
    if (p->pos < p->len && (s[p->pos] == '\'' || s[p->pos] == '"')) {
        const char quote = s[p->pos];
        size_t e = p->pos + 1;
        while (e < p->len && s[e] != quote)
            e++;
        if (e >= p->len)
            return perr(p, HS_ERR_TOKEN, p->pos, 1, "a quote %c that is never closed", quote);
        b->voff = p->pos + 1;
        b->vlen = e - p->pos - 1;
        p->pos = e + 1;
    } else {
        size_t e = p->pos;
        while (e < p->len && s[e] != ' ' && s[e] != '\t' && s[e] != '\n' && s[e] != '\r' &&
               s[e] != ',' && s[e] != ';')
            e++;
        if (e == p->pos) {
            char t[HS_TOKEN_TEXT];
            return perr(p, HS_ERR_TOKEN, p->pos, 1, "expected a value after '=', found '%s'",
                        tok(p, t, p->pos, 1));
        }
        b->voff = p->pos;
        b->vlen = e - p->pos;
        p->pos = e;
    }
    next(p);
    return HS_OK;
}

static int parse_from(pctx *p, binding *b, int *nb) {
    *nb = 0;
    for (;;) {
        if (p->tk != TK_NAME) {
            char t[HS_TOKEN_TEXT];
            return perr(p, HS_ERR_TOKEN, p->toff, p->tlen,
                        "expected a name (game, board, dead or a player), found '%s'",
                        tok(p, t, p->toff, p->tlen));
        }
        if (*nb >= MAX_BINDINGS)
            return perr(p, HS_ERR_COUNT, p->toff, p->tlen, "more than %d bindings", MAX_BINDINGS);
        binding *x = &b[(*nb)++];
        x->noff = p->toff;
        x->nlen = p->tlen;
        next(p);
        if (p->tk != TK_EQ || p->tlen != 1) {
            char t[HS_TOKEN_TEXT];
            return perr(p, HS_ERR_TOKEN, p->toff, p->tlen, "expected '=' after '%.*s', found '%s'",
                        (int)(x->nlen > 40 ? 40 : x->nlen), p->text + x->noff,
                        tok(p, t, p->toff, p->tlen));
        }
        /* the value is read from the text right after '=' */
        if (parse_value(p, x) != HS_OK)
            return p->rc;
        if (p->tk != TK_COMMA)
            return HS_OK;
        next(p);
    }
}

/* ---- the bindings' meaning ---------------------------------------------------------------- */

static int cards_value(pctx *p, const binding *b, const char *what, int max, int *cards,
                       uint64_t *mask) {
    size_t n = 0;
    hs_parse_error e;
    int rc = hs_cards_parse(p->text + b->voff, b->vlen, cards, (size_t)max, &n, &e);
    char t[HS_TOKEN_TEXT];
    if (rc == HS_ERR_TOKEN || rc == HS_ERR_DUPLICATE)
        return perr(p, rc, b->voff + e.offset, e.length, "%s: '%s' is %s", what,
                    tok(p, t, b->voff + e.offset, e.length),
                    rc == HS_ERR_TOKEN ? "not a card" : "a duplicate card");
    if (rc == HS_ERR_COUNT)
        return perr(p, rc, b->voff + e.offset, e.length, "%s: too many cards at '%s' (at most %d)",
                    what, tok(p, t, b->voff + e.offset, e.length), max);
    if (rc != HS_OK)
        return perr(p, rc, b->voff, b->vlen, "%s: %s", what, hs_strerror(rc));
    *mask = hs_cards_mask(cards, n);
    return (int)n;
}

static uint32_t gcd32(uint32_t a, uint32_t b) {
    while (b != 0) {
        const uint32_t t = a % b;
        a = b;
        b = t;
    }
    return a;
}

/* Player i's hands from its binding: masks meeting the board or dead cards left out. */
static int player_hands(pctx *p, int i, const binding *b) {
    hs_query *q = p->q;
    const uint64_t out = q->board | q->dead;
    const char *v = p->text + b->voff;
    char t[HS_TOKEN_TEXT];
    /* "*" (any number of them: PQL writes "**" and "****"); the value is not NUL-terminated */
    size_t stars = 0;
    while (stars < b->vlen && v[stars] == '*')
        stars++;
    const int star = b->vlen > 0 && stars == b->vlen;
    if (q->game == GAME_HOLDEM) {
        hs_holdem_range *r = malloc(sizeof *r);
        if (r == NULL)
            return perr(p, HS_ERR_NOMEM, b->voff, b->vlen, "out of memory");
        q->range[i] = r;
        hs_parse_error e;
        int rc = star ? hs_holdem_range_parse("random", 6, r, NULL, 0, &e)
                      : hs_holdem_range_parse(v, b->vlen, r, NULL, 0, &e);
        if (rc != HS_OK) {
            const size_t off = b->voff + e.offset;
            if (rc == HS_ERR_DUPLICATE)
                return perr(p, rc, off, e.length,
                            "%s: '%s' repeats a combination of an earlier item", q->pname[i],
                            tok(p, t, off, e.length));
            return perr(
                p, HS_ERR_TOKEN, off, e.length,
                "%s: '%s' is not two cards, a class or a range item (AhKd, AA, AKs, AK, QQ+, "
                "A2s+, 55-22, A5s-A2s, random, *, 15%%, ITEM@50)",
                q->pname[i], tok(p, t, off, e.length));
        }
        q->hands[i] = malloc(r->n * sizeof(uint64_t) + 1);
        q->weight[i] = malloc(r->n * sizeof(uint32_t) + 1);
        if (q->hands[i] == NULL || q->weight[i] == NULL)
            return perr(p, HS_ERR_NOMEM, b->voff, b->vlen, "out of memory");
        uint32_t g = 0;
        for (size_t k = 0; k < r->n; k++)
            g = gcd32(g, r->weight[k]);
        size_t n = 0;
        for (size_t k = 0; k < r->n; k++)
            if ((r->combo[k] & out) == 0) {
                q->hands[i][n] = r->combo[k];
                q->weight[i][n++] = r->weight[k] / g;
            }
        q->nhands[i] = n;
    } else {
        size_t cap = star ? 270725 : b->vlen / 8 + 1;
        q->hands[i] = malloc(cap * sizeof(uint64_t));
        q->weight[i] = malloc(cap * sizeof(uint32_t));
        if (q->hands[i] == NULL || q->weight[i] == NULL)
            return perr(p, HS_ERR_NOMEM, b->voff, b->vlen, "out of memory");
        size_t n = 0;
        if (star) {
            for (int a = 0; a < 52; a++)
                for (int bb = a + 1; bb < 52; bb++)
                    for (int c = bb + 1; c < 52; c++)
                        for (int d = c + 1; d < 52; d++) {
                            const uint64_t m = (UINT64_C(1) << a) | (UINT64_C(1) << bb) |
                                               (UINT64_C(1) << c) | (UINT64_C(1) << d);
                            if ((m & out) == 0) {
                                q->hands[i][n] = m;
                                q->weight[i][n++] = 1;
                            }
                        }
        } else {
            size_t s = 0;
            size_t total = 0;
            while (s <= b->vlen) {
                size_t e = s;
                while (e < b->vlen && v[e] != ',')
                    e++;
                int cards[8];
                size_t nc = 0;
                hs_parse_error pe;
                int rc = hs_cards_parse(v + s, e - s, cards, 8, &nc, &pe);
                if (rc == HS_OK && nc != 4)
                    return perr(
                        p, HS_ERR_COUNT, b->voff + s, e - s,
                        "%s: '%s' is %zu cards; an Omaha hand here is four exact cards or *",
                        q->pname[i], tok(p, t, b->voff + s, e - s), nc);
                if (rc != HS_OK)
                    return perr(p, rc == HS_ERR_DUPLICATE ? rc : HS_ERR_TOKEN,
                                b->voff + s + pe.offset, pe.length, "%s: '%s' is %s", q->pname[i],
                                tok(p, t, b->voff + s + pe.offset, pe.length),
                                rc == HS_ERR_DUPLICATE ? "a duplicate card"
                                                       : "not a card (an Omaha hand here is four "
                                                         "exact cards, or * for any four)");
                const uint64_t m = hs_cards_mask(cards, 4);
                for (size_t k = 0; k < n; k++)
                    if (q->hands[i][k] == m)
                        return perr(p, HS_ERR_DUPLICATE, b->voff + s, e - s,
                                    "%s: '%s' is given twice", q->pname[i],
                                    tok(p, t, b->voff + s, e - s));
                total++;
                if ((m & out) == 0) {
                    q->hands[i][n] = m;
                    q->weight[i][n++] = 1;
                }
                s = e + 1;
            }
            if (total != 1)
                q->concrete = 0;
        }
        if (star)
            q->concrete = 0;
        q->nhands[i] = n;
    }
    if (q->nhands[i] == 0)
        return perr(p, HS_ERR_COUNT, b->voff, b->vlen,
                    "%s: every hand of '%s' meets the board or the dead cards", q->pname[i],
                    tok(p, t, b->voff, b->vlen));
    return HS_OK;
}

static int apply_bindings(pctx *p, const binding *b, int nb) {
    hs_query *q = p->q;
    char t[HS_TOKEN_TEXT];
    for (int i = 0; i < nb; i++)
        for (int j = 0; j < i; j++)
            if (name_is(p->text + b[i].noff, b[i].nlen, "") == 0 && b[i].nlen == b[j].nlen &&
                strncasecmp(p->text + b[i].noff, p->text + b[j].noff, b[i].nlen) == 0)
                return perr(p, HS_ERR_DUPLICATE, b[i].noff, b[i].nlen, "'%s' is given twice",
                            tok(p, t, b[i].noff, b[i].nlen));
    q->game = GAME_HOLDEM;
    q->concrete = 1;
    for (int i = 0; i < nb; i++)
        if (name_is(p->text + b[i].noff, b[i].nlen, "game")) {
            const char *v = p->text + b[i].voff;
            if (name_is(v, b[i].vlen, "holdem"))
                q->game = GAME_HOLDEM;
            else if (name_is(v, b[i].vlen, "omahahi") || name_is(v, b[i].vlen, "omaha"))
                q->game = GAME_OMAHA;
            else
                return perr(p, HS_ERR_TOKEN, b[i].voff, b[i].vlen,
                            "game: '%s' is not a game here (holdem, omahahi)",
                            tok(p, t, b[i].voff, b[i].vlen));
        }
    q->hole_cards = q->game == GAME_HOLDEM ? 2 : 4;
    const binding *dead_at = NULL;
    for (int i = 0; i < nb; i++) {
        const char *nm = p->text + b[i].noff;
        if (name_is(nm, b[i].nlen, "board")) {
            const int n = cards_value(p, &b[i], "board", 5, q->board_cards, &q->board);
            if (n < 0)
                return p->rc;
            q->nboard = n;
        } else if (name_is(nm, b[i].nlen, "dead")) {
            int cards[HS_CARDS];
            const int n = cards_value(p, &b[i], "dead", HS_CARDS, cards, &q->dead);
            if (n < 0)
                return p->rc;
            dead_at = &b[i];
            /* the dead card that is on the board, located in the dead cards' text */
            for (int k = 0; k < n && q->board != 0; k++)
                if (q->board >> cards[k] & 1) {
                    size_t e = 0, got = 0, start = 0;
                    int tmp[HS_CARDS];
                    /* the shortest prefix holding k + 1 cards ends it; the longest holding k
                     * (parsed whole) starts it */
                    while (got <= (size_t)k && e < b[i].vlen) {
                        e++;
                        const int ok = hs_cards_parse(p->text + b[i].voff, e, tmp, HS_CARDS, &got,
                                                      NULL) == HS_OK;
                        if (!ok)
                            got = 0;
                        else if (got == (size_t)k)
                            start = e;
                    }
                    while (start < e && p->text[b[i].voff + start] == ' ')
                        start++;
                    char c[3];
                    hs_card_format(cards[k], c);
                    return perr(p, HS_ERR_DUPLICATE, b[i].voff + start, e - start,
                                "%s is both a board card and a dead card", c);
                }
        }
    }
    if (q->board & q->dead) { /* the board given after the dead cards */
        char c[3];
        hs_card_format(__builtin_ctzll(q->board & q->dead), c);
        return perr(p, HS_ERR_DUPLICATE, dead_at->voff, dead_at->vlen,
                    "%s is both a board card and a dead card", c);
    }
    hs_hand_format(q->board, q->board_text, sizeof q->board_text);
    hs_hand_format(q->dead, q->dead_text, sizeof q->dead_text);
    for (int i = 0; i < nb; i++) {
        const char *nm = p->text + b[i].noff;
        if (name_is(nm, b[i].nlen, "game") || name_is(nm, b[i].nlen, "board") ||
            name_is(nm, b[i].nlen, "dead"))
            continue;
        if (q->np >= Q_MAX_PLAYERS)
            return perr(p, HS_ERR_COUNT, b[i].noff, b[i].nlen, "more than %d players",
                        Q_MAX_PLAYERS);
        const int k = q->np++;
        snprintf(q->pname[k], sizeof q->pname[k], "%.*s", (int)(b[i].nlen > 47 ? 47 : b[i].nlen),
                 nm);
        if (player_hands(p, k, &b[i]) != HS_OK)
            return p->rc;
    }
    if (q->np == 0)
        return perr(p, HS_ERR_COUNT, b[0].noff, 0,
                    "no player: name at least one (hero=AKs, villain=QQ+)");
    if (q->hole_cards * q->np + 5 + __builtin_popcountll(q->dead) > HS_CARDS)
        return perr(p, HS_ERR_COUNT, b[0].noff, 0,
                    "too many cards: %d players, 5 board cards and %d dead", q->np,
                    __builtin_popcountll(q->dead));
    return HS_OK;
}

/* ---- names of constants ------------------------------------------------------------------- */

static const char *const streets[ST_N] = {"preflop", "flop", "turn", "river"};
/* Hand types by value 0 (high card) .. 8 (straight flush) and their aliases. */
static const struct {
    const char *name;
    int v;
} types[] = {{"highcard", 0},    {"pair", 1},          {"onepair", 1}, {"twopair", 2},
             {"trips", 3},       {"threeofakind", 3},  {"set", 3},     {"straight", 4},
             {"flush", 5},       {"fullhouse", 5 + 1}, {"boat", 6},    {"quads", 7},
             {"fourofakind", 7}, {"straightflush", 8}, {"strflush", 8}};
static const char *const suits[4] = {"clubs", "diamonds", "hearts", "spades"};

/* The category constant's name in the library's spelling without '_' (top_pair: toppair). */
static int match_lib_name(const char *s, size_t n, const char *lib) {
    char buf[48];
    size_t k = 0;
    for (; *lib != '\0' && k + 1 < sizeof buf; lib++)
        if (*lib != '_')
            buf[k++] = *lib;
    buf[k] = '\0';
    if (name_is(s, n, buf))
        return 1;
    /* PQL's flop-prefixed spellings: flopTopPair, flopSet */
    return n > 4 && name_is(s, 4, "flop") && name_is(s + 4, n - 4, buf);
}

/* ---- checking ------------------------------------------------------------------------------ */

static const struct fdef {
    const char *name;
    const char *args; /* P player, S street, T hand type, R range text */
    int type;
    int fn;
} fns[] = {
    {"riverequity", "P", T_NUM, F_RIVER_EQUITY},
    {"equity", "PS", T_NUM, F_EQUITY},
    {"hvhequity", "PS", T_NUM, F_EQUITY},
    {"winshi", "P", T_BOOL, F_WINS_HI},
    {"tieshi", "P", T_BOOL, F_TIES_HI},
    {"scoops", "P", T_BOOL, F_SCOOPS},
    {"besthirating", "PS", T_BOOL, F_BEST_HI},
    {"handtype", "PS", T_HANDTYPE, F_HAND_TYPE},
    {"hirating", "PS", T_NUM, F_HI_RATING},
    {"winninghandtype", "", T_HANDTYPE, F_WINNING_TYPE},
    {"handcategory", "PS", T_CATEGORY, F_CATEGORY},
    {"flophandcategory", "P", T_CATEGORY, F_CATEGORY},
    {"outs", "PS", T_NUM, F_OUTS},
    {"outstohandtype", "PST", T_NUM, F_OUTS_TYPE},
    {"nuthi", "PS", T_BOOL, F_NUT_HI},
    {"inrange", "PR", T_BOOL, F_IN_RANGE},
    {"boardsuitcount", "S", T_NUM, F_SUIT_COUNT},
    {"pairedboard", "S", T_BOOL, F_PAIRED},
    {"monotoneboard", "S", T_BOOL, F_MONOTONE},
    {"twotoneboard", "S", T_BOOL, F_TWO_TONE},
    {"rainbowboard", "S", T_BOOL, F_RAINBOW},
    {"flushingboard", "S", T_BOOL, F_FLUSHING},
    {"straightboard", "S", T_BOOL, F_STRAIGHT_BOARD},
    {"turnsuit", "", T_SUIT, F_TURN_SUIT},
    {"riversuit", "", T_SUIT, F_RIVER_SUIT},
    {"turnrank", "", T_NUM, F_TURN_RANK},
    {"riverrank", "", T_NUM, F_RIVER_RANK},
};

static const char *type_name(int t) {
    switch (t) {
    case T_NUM:
        return "a number";
    case T_BOOL:
        return "a boolean";
    case T_HANDTYPE:
        return "a hand type";
    case T_CATEGORY:
        return "a hand category";
    case T_SUIT:
        return "a suit";
    default:
        return "a name";
    }
}

int hs_q_known_count(const hs_query *q, int street) {
    static const int n[ST_N] = {0, 3, 4, 5};
    return n[street] > q->nboard ? n[street] : q->nboard;
}

uint64_t hs_q_completions(const hs_query *q, int street) {
    const int known = hs_q_known_count(q, street);
    const int left = HS_CARDS - q->hole_cards * q->np - __builtin_popcountll(q->dead) - known;
    return hs_binom((unsigned)left, (unsigned)(5 - known));
}

static int64_t gcd64(int64_t a, int64_t b) {
    while (b != 0) {
        const int64_t t = a % b;
        a = b;
        b = t;
    }
    return a < 0 ? -a : a;
}

#define NUM_LIMIT 4.0e18

/* Give a number node its static denominator and bounds; refuse what 64 bits cannot hold. */
static int set_num(pctx *p, qnode *n, int64_t den, double lo, double hi) {
    n->type = T_NUM;
    n->sden = den;
    n->lo = lo;
    n->hi = hi;
    const double m = fmax(fabs(lo), fabs(hi)) * (double)den;
    if (den <= 0 || (double)den > NUM_LIMIT || m > NUM_LIMIT)
        return perr(p, HS_ERR_ARG, n->off, n->len,
                    "this arithmetic is too large to keep exact in 64 bits");
    return HS_OK;
}

static int check(pctx *p, int i);

/* A bare name as a player's index, or -1. */
static int player_of(pctx *p, const qnode *n) {
    if (n->kind != N_NAME)
        return -1;
    for (int k = 0; k < p->q->np; k++)
        if (strlen(p->q->pname[k]) == n->len &&
            strncasecmp(p->q->pname[k], p->text + n->off, n->len) == 0)
            return k;
    return -1;
}

static int street_of(pctx *p, const qnode *n) {
    if (n->kind != N_NAME)
        return -1;
    for (int s = 0; s < ST_N; s++)
        if (name_is(p->text + n->off, n->len, streets[s]))
            return s;
    return -1;
}

static int handtype_of(pctx *p, const qnode *n) {
    for (size_t k = 0; k < sizeof types / sizeof types[0]; k++)
        if (name_is(p->text + n->off, n->len, types[k].name))
            return types[k].v;
    return -1;
}

/* Resolve a bare name against a type: its constant value, or -1 (category flags: -2 - flag). */
static int64_t const_of(pctx *p, const qnode *n, int type) {
    const char *s = p->text + n->off;
    switch (type) {
    case T_HANDTYPE:
        return handtype_of(p, n);
    case T_SUIT:
        for (int k = 0; k < 4; k++)
            if (name_is(s, n->len, suits[k]))
                return k;
        return -1;
    case T_CATEGORY:
        for (int k = 0; k < HS_HIT_MADE; k++)
            if (match_lib_name(s, n->len, hs_holdem_hit_name(k)))
                return k;
        for (int k = 0; k < HS_HIT_FLAGS; k++)
            if (match_lib_name(s, n->len, hs_holdem_hit_flag_name(k)))
                return -2 - k;
        return -1;
    case T_BOOL:
        if (name_is(s, n->len, "true"))
            return 1;
        if (name_is(s, n->len, "false"))
            return 0;
        return -1;
    default:
        return -1;
    }
}

static int check_call(pctx *p, int i) {
    hs_query *q = p->q;
    qnode *n = &q->node[i];
    char t[HS_TOKEN_TEXT];
    const struct fdef *f = NULL;
    for (size_t k = 0; k < sizeof fns / sizeof fns[0]; k++)
        if (name_is(p->text + n->off, n->len, fns[k].name))
            f = &fns[k];
    if (f == NULL)
        return perr(p, HS_ERR_TOKEN, n->off, n->len,
                    "unknown function '%s' (the functions are listed in the README's query "
                    "section)",
                    tok(p, t, n->off, n->len));
    const int want = (int)strlen(f->args);
    if (n->nargs != want)
        return perr(p, HS_ERR_ARG, n->off, n->len, "%s takes %d argument%s (%s), not %d",
                    tok(p, t, n->off, n->len), want, want == 1 ? "" : "s",
                    want == 0                        ? "none"
                    : want == 1                      ? (f->args[0] == 'P' ? "a player" : "a street")
                    : f->args[1] == 'S' && want == 2 ? "a player and a street"
                    : f->args[1] == 'R'              ? "a player and a range in quotes"
                                                     : "a player, a street and a hand type",
                    n->nargs);
    n->fn = f->fn;
    n->street = f->fn == F_CATEGORY && want == 1 ? ST_FLOP : -1;
    n->player = -1;
    int a = n->a;
    for (int k = 0; k < want; k++, a = q->node[a].next) {
        qnode *x = &q->node[a];
        switch (f->args[k]) {
        case 'P':
            n->player = player_of(p, x);
            if (n->player < 0)
                return perr(p, HS_ERR_ARG, x->off, x->len,
                            "'%s' is not a player of the from clause (argument %d of %.*s)",
                            tok(p, t, x->off, x->len), k + 1, (int)(n->len > 40 ? 40 : n->len),
                            p->text + n->off);
            break;
        case 'S':
            n->street = street_of(p, x);
            if (n->street < 0)
                return perr(
                    p, HS_ERR_ARG, x->off, x->len,
                    "'%s' is not a street (preflop, flop, turn, river; argument %d of %.*s)",
                    tok(p, t, x->off, x->len), k + 1, (int)(n->len > 40 ? 40 : n->len),
                    p->text + n->off);
            break;
        case 'T':
            n->ht = x->kind == N_NAME ? handtype_of(p, x) : -1;
            if (n->ht < 0)
                return perr(p, HS_ERR_ARG, x->off, x->len,
                            "'%s' is not a hand type (highCard, pair, twoPair, trips, straight, "
                            "flush, fullHouse, quads, straightFlush)",
                            tok(p, t, x->off, x->len));
            break;
        case 'R': {
            if (x->kind != N_STR && x->kind != N_NAME)
                return perr(p, HS_ERR_ARG, x->off, x->len,
                            "inRange wants a range in quotes, not '%s'", tok(p, t, x->off, x->len));
            if (q->game != GAME_HOLDEM)
                return perr(p, HS_ERR_ARG, n->off, n->len, "inRange is for holdem only");
            hs_holdem_range *r = malloc(sizeof *r);
            void *grown = realloc(q->sets, (size_t)(q->nsets + 1) * sizeof *q->sets);
            if (r == NULL || grown == NULL) {
                free(r);
                return perr(p, HS_ERR_NOMEM, x->off, x->len, "out of memory");
            }
            q->sets = grown;
            hs_parse_error e;
            int rc = hs_holdem_range_parse(p->text + x->off, x->len, r, NULL, 0, &e);
            if (rc != HS_OK) {
                free(r);
                return perr(p, rc == HS_ERR_DUPLICATE ? rc : HS_ERR_TOKEN, x->off + e.offset,
                            e.length, "inRange: '%s' is %s", tok(p, t, x->off + e.offset, e.length),
                            rc == HS_ERR_DUPLICATE ? "a repeated combination"
                                                   : "not a range item (AhKd, AA, AKs, QQ+, ...)");
            }
            memset(q->sets[q->nsets], 0, sizeof q->sets[0]);
            for (size_t c = 0; c < r->n; c++) {
                const int lo = __builtin_ctzll(r->combo[c]);
                const int hi = 63 - __builtin_clzll(r->combo[c]);
                const int idx = hi * 52 + lo;
                q->sets[q->nsets][idx / 64] |= UINT64_C(1) << (idx % 64);
            }
            free(r);
            n->range = q->nsets++;
            break;
        }
        default:
            break;
        }
    }
    const int s = n->street;
    const int post = s == ST_FLOP || s == ST_TURN || s == ST_RIVER;
    const char *fname = f->name;
    switch (n->fn) {
    case F_BEST_HI:
    case F_HAND_TYPE:
    case F_HI_RATING:
    case F_NUT_HI:
    case F_SUIT_COUNT:
    case F_PAIRED:
    case F_MONOTONE:
    case F_TWO_TONE:
    case F_RAINBOW:
    case F_FLUSHING:
    case F_STRAIGHT_BOARD:
    case F_CATEGORY:
        if (!post)
            return perr(p, HS_ERR_ARG, n->off, n->len,
                        "%s needs a flop, turn or river street (preflop has no board)", fname);
        break;
    case F_OUTS:
    case F_OUTS_TYPE:
        if (s != ST_FLOP && s != ST_TURN)
            return perr(p, HS_ERR_ARG, n->off, n->len,
                        "%s counts the cards of the next street: "
                        "its street is flop or turn",
                        fname);
        if (hs_q_known_count(q, s + 1) <= q->nboard)
            return perr(p, HS_ERR_ARG, n->off, n->len,
                        "%s(.., %s): the %s is given on the board, so it has no outs to count",
                        fname, streets[s], streets[s + 1]);
        break;
    default:
        break;
    }
    if (n->fn == F_CATEGORY && q->game != GAME_HOLDEM)
        return perr(p, HS_ERR_ARG, n->off, n->len, "%s is for holdem only", fname);
    /* which streets the deal must tell apart (a street given on the board is fixed anyway) */
    if (post && s != ST_RIVER && hs_q_known_count(q, ST_PREFLOP) < (s == ST_FLOP ? 3 : 4)) {
        if (s == ST_FLOP)
            q->uses_flop = 1;
        else
            q->uses_flop = q->uses_turn = 1;
    }
    if (n->fn == F_EQUITY && s != ST_RIVER) {
        q->need_eq[s] = 1;
        if (s == ST_FLOP && q->nboard < 3)
            q->uses_flop = 1;
        if (s == ST_TURN && q->nboard < 4)
            q->uses_flop = q->uses_turn = 1;
    }
    if (n->fn == F_NUT_HI)
        q->need_nut[s] = 1;
    if ((n->fn == F_TURN_SUIT || n->fn == F_TURN_RANK || n->fn == F_RIVER_SUIT ||
         n->fn == F_RIVER_RANK) &&
        q->nboard < 5) {
        q->uses_flop = 1;
        q->uses_turn = 1;
    }
    switch (n->fn) {
    case F_RIVER_EQUITY:
        return set_num(p, n, HS_HOLDEM_SHARE_UNIT, 0, 1);
    case F_EQUITY:
        if (s == ST_RIVER)
            n->fn = F_RIVER_EQUITY;
        return set_num(p, n,
                       (int64_t)HS_HOLDEM_SHARE_UNIT *
                           (s == ST_RIVER ? 1 : (int64_t)hs_q_completions(q, s)),
                       0, 1);
    case F_HI_RATING:
        return set_num(p, n, 1, 1, HS_POKER_CLASSES);
    case F_OUTS:
    case F_OUTS_TYPE:
        return set_num(p, n, 1, 0, 47);
    case F_SUIT_COUNT:
        return set_num(p, n, 1, 1, 4);
    case F_TURN_RANK:
    case F_RIVER_RANK:
        return set_num(p, n, 1, 2, 14);
    default:
        n->type = f->type;
        return HS_OK;
    }
}

/* As a number (booleans count 1 and 0). */
static int want_num(pctx *p, int i, const char *what) {
    qnode *n = &p->q->node[i];
    if (n->type == T_BOOL)
        return set_num(p, n, 1, 0, 1) == HS_OK ? (n->type = T_BOOL, HS_OK) : p->rc;
    if (n->type != T_NUM) {
        char t[HS_TOKEN_TEXT];
        return perr(p, HS_ERR_ARG, n->off, n->len, "%s needs a number, and '%s' is %s", what,
                    tok(p, t, n->off, n->len), type_name(n->type));
    }
    return HS_OK;
}

static int want_bool(pctx *p, int i, const char *what) {
    qnode *n = &p->q->node[i];
    if (n->type != T_BOOL) {
        char t[HS_TOKEN_TEXT];
        return perr(p, HS_ERR_ARG, n->off, n->len, "%s needs a condition, and '%s' is %s", what,
                    tok(p, t, n->off, n->len), type_name(n->type));
    }
    return HS_OK;
}

static int check_cmp(pctx *p, int i) {
    hs_query *q = p->q;
    qnode *n = &q->node[i];
    qnode *a = &q->node[n->a], *b = &q->node[n->b];
    char t[HS_TOKEN_TEXT];
    /* a bare name takes the type of the other side */
    if (a->type == T_ENUM && b->type == T_ENUM)
        return perr(p, HS_ERR_ARG, a->off, a->len, "'%s' is not a value here",
                    tok(p, t, a->off, a->len));
    qnode *e = a->type == T_ENUM ? a : b->type == T_ENUM ? b : NULL;
    qnode *o = e == a ? b : a;
    if (e != NULL) {
        if (o->type == T_NUM) {
            return perr(p, HS_ERR_ARG, e->off, e->len, "'%s' is not a number",
                        tok(p, t, e->off, e->len));
        }
        const int64_t k = const_of(p, e, o->type);
        if (k == -1)
            return perr(p, HS_ERR_ARG, e->off, e->len, "'%s' is not %s", tok(p, t, e->off, e->len),
                        type_name(o->type));
        e->kind = N_CONST;
        e->type = o->type;
        if (k <= -2) {
            if (n->op != CMP_EQ && n->op != CMP_NE)
                return perr(p, HS_ERR_ARG, n->off, n->len,
                            "a draw flag is tested with = or != only");
            n->flag = (int)(-2 - k);
            e->k = 0;
        } else
            e->k = k;
    }
    if (a->type == T_BOOL && b->type == T_NUM)
        set_num(p, a, 1, 0, 1), a->type = T_BOOL;
    if (b->type == T_BOOL && a->type == T_NUM)
        set_num(p, b, 1, 0, 1), b->type = T_BOOL;
    const int ta = a->type == T_BOOL && b->type != T_BOOL ? T_NUM : a->type;
    const int tb = b->type == T_BOOL && a->type != T_BOOL ? T_NUM : b->type;
    if (ta != tb)
        return perr(p, HS_ERR_ARG, n->off, n->len, "cannot compare %s with %s", type_name(a->type),
                    type_name(b->type));
    if ((ta == T_BOOL || ta == T_SUIT || ta == T_CATEGORY) && n->op != CMP_EQ && n->op != CMP_NE)
        return perr(p, HS_ERR_ARG, n->off, n->len, "%s is compared with = or != only",
                    type_name(ta));
    if (ta == T_CATEGORY && e == NULL)
        return perr(p, HS_ERR_ARG, n->off, n->len,
                    "a hand category is compared with a category's or a flag's name");
    n->type = T_BOOL;
    return HS_OK;
}

static int check(pctx *p, int i) {
    hs_query *q = p->q;
    qnode *n = &q->node[i];
    char t[HS_TOKEN_TEXT];
    switch (n->kind) {
    case N_NUM: {
        const int64_t g = gcd64(n->num, n->den);
        n->k = g ? n->num / g : 0;
        return set_num(p, n, g ? n->den / g : 1, (double)n->num / (double)n->den,
                       (double)n->num / (double)n->den);
    }
    case N_STR:
        return perr(p, HS_ERR_ARG, n->off, n->len, "text '%s' is only an argument of inRange",
                    tok(p, t, n->off, n->len));
    case N_NAME: {
        const int64_t k = const_of(p, n, T_BOOL);
        if (k >= 0) {
            n->kind = N_CONST;
            n->type = T_BOOL;
            n->k = k;
            return HS_OK;
        }
        n->type = T_ENUM;
        return HS_OK;
    }
    case N_CALL:
        return check_call(p, i);
    case N_NEG:
        if (check(p, n->a) != HS_OK || want_num(p, n->a, "'-'") != HS_OK)
            return p->rc;
        return set_num(p, n, den_of(&q->node[n->a]), -q->node[n->a].hi, -q->node[n->a].lo);
    case N_NOT:
        if (check(p, n->a) != HS_OK || want_bool(p, n->a, "not") != HS_OK)
            return p->rc;
        n->type = T_BOOL;
        return HS_OK;
    case N_AND:
    case N_OR:
        if (check(p, n->a) != HS_OK || check(p, n->b) != HS_OK ||
            want_bool(p, n->a, n->kind == N_AND ? "and" : "or") != HS_OK ||
            want_bool(p, n->b, n->kind == N_AND ? "and" : "or") != HS_OK)
            return p->rc;
        n->type = T_BOOL;
        return HS_OK;
    case N_CMP:
        if (check(p, n->a) != HS_OK || check(p, n->b) != HS_OK)
            return p->rc;
        return check_cmp(p, i);
    case N_ADD:
    case N_SUB:
    case N_MUL:
    case N_DIV: {
        static const char *const opname[] = {"'+'", "'-'", "'*'", "'/'"};
        const char *what = opname[n->kind - N_ADD];
        if (check(p, n->a) != HS_OK || check(p, n->b) != HS_OK ||
            want_num(p, n->a, what) != HS_OK || want_num(p, n->b, what) != HS_OK)
            return p->rc;
        const qnode *a = &q->node[n->a], *b = &q->node[n->b];
        const int64_t da = den_of(a), db = den_of(b);
        if (n->kind == N_DIV) {
            if (b->kind != N_CONST && b->kind != N_NUM)
                return perr(p, HS_ERR_ARG, n->off, n->len,
                            "'/' divides by a positive whole number only (exact arithmetic)");
            if (b->sden != 1 || b->k <= 0)
                return perr(p, HS_ERR_ARG, b->off, b->len,
                            "'/' divides by a positive whole number only, not '%s'",
                            tok(p, t, b->off, b->len));
            if ((double)da * (double)b->k > NUM_LIMIT)
                return set_num(p, n, -1, 0, 0);
            return set_num(p, n, da * b->k, a->lo / (double)b->k, a->hi / (double)b->k);
        }
        if (n->kind == N_MUL) {
            const double c[4] = {a->lo * b->lo, a->lo * b->hi, a->hi * b->lo, a->hi * b->hi};
            if ((double)da * (double)db > NUM_LIMIT)
                return set_num(p, n, -1, 0, 0);
            return set_num(p, n, da * db, fmin(fmin(c[0], c[1]), fmin(c[2], c[3])),
                           fmax(fmax(c[0], c[1]), fmax(c[2], c[3])));
        }
        const int64_t g = gcd64(da, db);
        if ((double)(da / g) * (double)db > NUM_LIMIT)
            return set_num(p, n, -1, 0, 0);
        if (n->kind == N_ADD)
            return set_num(p, n, da / g * db, a->lo + b->lo, a->hi + b->hi);
        return set_num(p, n, da / g * db, a->lo - b->hi, a->hi - b->lo);
    }
    default:
        return HS_OK;
    }
}

static int check_item(pctx *p, qitem *it) {
    hs_query *q = p->q;
    if (check(p, it->node) != HS_OK)
        return p->rc;
    qnode *n = &q->node[it->node];
    char t[HS_TOKEN_TEXT];
    switch (it->agg) {
    case AGG_AVG:
        return want_num(p, it->node, "avg");
    case AGG_MAX:
    case AGG_MIN:
        if (n->type == T_HANDTYPE)
            return HS_OK;
        return want_num(p, it->node, it->agg == AGG_MAX ? "max" : "min");
    case AGG_COUNT:
        return want_bool(p, it->node, "count");
    case AGG_HIST:
        switch (n->type) {
        case T_BOOL:
            it->nbuckets = 2;
            return HS_OK;
        case T_HANDTYPE:
            it->nbuckets = 9;
            return HS_OK;
        case T_CATEGORY:
            it->nbuckets = HS_HIT_MADE;
            return HS_OK;
        case T_SUIT:
            it->nbuckets = 4;
            return HS_OK;
        case T_NUM:
            if (n->sden == 1 && n->hi - n->lo + 1 <= Q_HIST_MAX) {
                it->hist_lo = (int64_t)n->lo;
                it->nbuckets = (int)(n->hi - n->lo) + 1;
                return HS_OK;
            }
            if (n->lo >= 0 && n->hi <= 1) {
                it->bins = 1;
                it->nbuckets = 10;
                return HS_OK;
            }
            return perr(p, HS_ERR_ARG, n->off, n->len,
                        "histogram of '%s': a whole number with at most %d values, or a number "
                        "from 0 to 1, is needed",
                        tok(p, t, n->off, n->len), Q_HIST_MAX);
        default:
            return perr(p, HS_ERR_ARG, n->off, n->len, "'%s' is not a value",
                        tok(p, t, n->off, n->len));
        }
    default:
        return HS_OK;
    }
}

/* The last street whose cards node i's value depends on. */
static int node_level(hs_query *q, int i) {
    qnode *n = &q->node[i];
    int l = ST_PREFLOP;
    switch (n->kind) {
    case N_CALL:
        switch (n->fn) {
        case F_RIVER_EQUITY:
        case F_WINS_HI:
        case F_TIES_HI:
        case F_SCOOPS:
        case F_WINNING_TYPE:
        case F_RIVER_SUIT:
        case F_RIVER_RANK:
            l = ST_RIVER;
            break;
        case F_TURN_SUIT:
        case F_TURN_RANK:
            l = ST_TURN;
            break;
        case F_IN_RANGE:
            l = ST_PREFLOP;
            break;
        default:
            l = n->street;
            break;
        }
        break;
    case N_NEG:
    case N_NOT:
        l = node_level(q, n->a);
        break;
    case N_AND:
    case N_OR:
    case N_CMP:
    case N_ADD:
    case N_SUB:
    case N_MUL:
    case N_DIV: {
        const int a = node_level(q, n->a), b = node_level(q, n->b);
        l = a > b ? a : b;
        break;
    }
    default:
        break;
    }
    n->level = l;
    return l;
}

static void conjuncts(hs_query *q, int i) {
    if (q->node[i].kind == N_AND) {
        conjuncts(q, q->node[i].a);
        conjuncts(q, q->node[i].b);
    } else
        q->conj[q->nconj++] = i;
}

void hs_q_plan_of(const hs_query *q, q_plan *p) {
    memset(p, 0, sizeof *p);
    const int k = q->nboard, f = k < 3 ? 3 - k : 0, t = k < 4, r = k < 5;
    const int left = HS_CARDS - q->hole_cards * q->np - __builtin_popcountll(q->dead) - k;
    int size[3], level[3], last[3], n = 0;
    if (q->uses_turn) {
        if (f) {
            size[n] = f;
            level[n] = last[n] = ST_FLOP;
            n++;
        }
        if (t) {
            size[n] = 1;
            level[n] = last[n] = ST_TURN;
            n++;
        }
        if (r) {
            size[n] = 1;
            level[n] = last[n] = ST_RIVER;
            n++;
        }
    } else if (q->uses_flop) {
        if (f) {
            size[n] = f;
            level[n] = last[n] = ST_FLOP;
            n++;
        }
        if (t + r) {
            size[n] = t + r;
            level[n] = t ? ST_TURN : ST_RIVER;
            last[n] = ST_RIVER;
            n++;
        }
    } else if (f + t + r) {
        size[n] = f + t + r;
        level[n] = f ? ST_FLOP : t ? ST_TURN : ST_RIVER;
        last[n] = ST_RIVER;
        n++;
    }
    /* only as deep as the query looks */
    while (n > 0 && last[n - 1] > q->depth)
        n--;
    double ordered = (double)hs_binom((unsigned)left, (unsigned)f);
    for (int i = 0; i < t + r; i++)
        ordered *= left - f - i;
    int used = 0;
    double dealt = 1;
    p->inst[ST_PREFLOP] = 1;
    for (int i = 0; i < n; i++) {
        p->size[i] = size[i];
        p->level[i] = level[i];
        p->last[i] = last[i];
        dealt *= (double)hs_binom((unsigned)(left - used), (unsigned)size[i]);
        used += size[i];
        for (int st = level[i]; st <= last[i]; st++)
            p->inst[st] = dealt;
    }
    for (int st = ST_FLOP; st < ST_N; st++)
        if (p->inst[st] == 0)
            p->inst[st] = p->inst[st - 1];
    p->segs = n;
    p->dealt = dealt;
    p->factor = (uint64_t)(ordered / dealt + 0.5);
    double below = 1;
    for (int i = n - 1; i >= 0; i--) {
        p->below[i] = below;
        int before = 0;
        for (int j = 0; j < i; j++)
            before += size[j];
        below *= (double)hs_binom((unsigned)(left - before), (unsigned)size[i]);
    }
}

/* The deals the exact enumeration evaluates (hands that collide counted too), inner enumerations
 * included. */
static double query_size(const hs_query *q) {
    double hands = 1;
    for (int i = 0; i < q->np; i++)
        hands *= (double)q->nhands[i];
    q_plan p;
    hs_q_plan_of(q, &p);
    double cost = p.dealt;
    for (int s = 0; s < ST_N; s++) {
        if (q->need_eq[s])
            cost += p.inst[s] * (double)hs_q_completions(q, s);
        if (q->need_nut[s])
            cost += p.inst[s] * 1081.0 * (q->game == GAME_OMAHA ? 10 : 1);
    }
    return hands * cost;
}

/* Is every item an equity, a win or a tie count the engine gives, with no where? */
static int engine_answers(const hs_query *q) {
    if (q->where >= 0)
        return 0;
    if (q->game == GAME_OMAHA && !q->concrete)
        return 0;
    if (q->np < 2)
        return 0;
    for (int i = 0; i < q->nitems; i++) {
        const qitem *it = &q->item[i];
        const qnode *n = &q->node[it->node];
        if (n->kind != N_CALL)
            return 0;
        if (n->fn == F_RIVER_EQUITY) {
            if (it->agg != AGG_AVG)
                return 0;
        } else if (n->fn == F_WINS_HI || n->fn == F_TIES_HI || n->fn == F_SCOOPS) {
            if (it->agg != AGG_AVG && it->agg != AGG_COUNT)
                return 0;
        } else
            return 0;
    }
    return 1;
}

void hs_query_free(hs_query *q) {
    if (q == NULL)
        return;
    for (int i = 0; i < Q_MAX_PLAYERS; i++) {
        free(q->hands[i]);
        free(q->weight[i]);
        free(q->range[i]);
    }
    free(q->sets);
    free(q->text);
    free(q);
}

int hs_query_compile(const char *text, size_t len, hs_query **out, hs_query_error *err) {
    if (err != NULL)
        memset(err, 0, sizeof *err);
    *out = NULL;
    hs_query *q = calloc(1, sizeof *q);
    if (q == NULL)
        return HS_ERR_NOMEM;
    pctx p = {.text = text, .len = len, .q = q, .err = err, .rc = HS_OK};
    q->where = -1;
    if (len > HS_QUERY_TEXT_MAX) {
        perr(&p, HS_ERR_ARG, HS_QUERY_TEXT_MAX, 0, "the query is longer than %d bytes",
             HS_QUERY_TEXT_MAX);
        hs_query_free(q);
        return HS_ERR_ARG;
    }
    for (size_t i = 0; i < len; i++)
        if (text[i] == '\0' ||
            ((unsigned char)text[i] < 0x20 && text[i] != '\n' && text[i] != '\r' &&
             text[i] != '\t') ||
            (unsigned char)text[i] >= 0x7f) {
            char t[HS_TOKEN_TEXT];
            perr(&p, HS_ERR_TOKEN, i, 1, "'%s' is not a character of the query language",
                 tok(&p, t, i, 1));
            hs_query_free(q);
            return HS_ERR_TOKEN;
        }
    next(&p);
    binding b[MAX_BINDINGS];
    int nb = 0;
    if (!tk_is(&p, "select")) {
        char t[HS_TOKEN_TEXT];
        perr(&p, HS_ERR_TOKEN, p.toff, p.tlen, "a query starts with 'select', not '%s'",
             tok(&p, t, p.toff, p.tlen));
        goto done;
    }
    next(&p);
    for (;;) {
        static const char *const aggs[] = {"avg", "count", "histogram", "max", "min"};
        int agg = -1;
        for (int k = 0; k < 5; k++)
            if (tk_is(&p, aggs[k]))
                agg = k;
        if (agg < 0) {
            char t[HS_TOKEN_TEXT];
            perr(&p, HS_ERR_TOKEN, p.toff, p.tlen,
                 "expected an aggregate (avg, count, histogram, max, min), found '%s'",
                 tok(&p, t, p.toff, p.tlen));
            goto done;
        }
        if (q->nitems >= Q_MAX_ITEMS) {
            perr(&p, HS_ERR_COUNT, p.toff, p.tlen, "more than %d select items", Q_MAX_ITEMS);
            goto done;
        }
        qitem *it = &q->item[q->nitems++];
        it->agg = agg;
        const size_t start = p.toff;
        next(&p);
        if (!expect(&p, TK_LP, "'(' after the aggregate"))
            goto done;
        it->node = parse_expr(&p);
        if (it->node < 0 || !expect(&p, TK_RP, "')'"))
            goto done;
        /* the item's name: its text with blanks squeezed, or the alias */
        size_t o = 0;
        const size_t end = p.toff > start ? p.toff : start;
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
        if (tk_is(&p, "as")) {
            next(&p);
            if (p.tk != TK_NAME && p.tk != TK_STR) {
                char t[HS_TOKEN_TEXT];
                perr(&p, HS_ERR_TOKEN, p.toff, p.tlen, "expected a name after 'as', found '%s'",
                     tok(&p, t, p.toff, p.tlen));
                goto done;
            }
            const size_t off = p.tk == TK_STR ? p.toff + 1 : p.toff;
            const size_t n = p.tk == TK_STR ? p.tlen - 2 : p.tlen;
            snprintf(it->name, sizeof it->name, "%.*s", (int)(n > 95 ? 95 : n), text + off);
            next(&p);
        }
        if (p.tk != TK_COMMA)
            break;
        next(&p);
    }
    if (!tk_is(&p, "from")) {
        char t[HS_TOKEN_TEXT];
        perr(&p, HS_ERR_TOKEN, p.toff, p.tlen, "expected ',' or 'from', found '%s'",
             tok(&p, t, p.toff, p.tlen));
        goto done;
    }
    next(&p);
    if (parse_from(&p, b, &nb) != HS_OK)
        goto done;
    if (tk_is(&p, "where")) {
        next(&p);
        q->where = parse_expr(&p);
        if (q->where < 0)
            goto done;
    }
    if (p.tk == TK_SEMI)
        next(&p);
    if (p.tk != TK_END) {
        char t[HS_TOKEN_TEXT];
        perr(&p, HS_ERR_TOKEN, p.toff, p.tlen, "expected the end of the query, found '%s'",
             tok(&p, t, p.toff, p.tlen));
        goto done;
    }
    if (apply_bindings(&p, b, nb) != HS_OK)
        goto done;
    if (q->where >= 0 &&
        (check(&p, q->where) != HS_OK || want_bool(&p, q->where, "where") != HS_OK))
        goto done;
    for (int i = 0; i < q->nitems; i++)
        if (check_item(&p, &q->item[i]) != HS_OK)
            goto done;
    /* an unresolved bare name left anywhere */
    for (int i = 0; i < q->nnodes; i++)
        if (q->node[i].type == T_ENUM) {
            int used_as_arg = 0;
            for (int j = 0; j < q->nnodes; j++)
                if (q->node[j].kind == N_CALL)
                    for (int a = q->node[j].a; a >= 0; a = q->node[a].next)
                        used_as_arg |= a == i;
            if (!used_as_arg) {
                char t[HS_TOKEN_TEXT];
                perr(&p, HS_ERR_ARG, q->node[i].off, q->node[i].len,
                     "'%s' is not a value here (a player or a street is a function's argument)",
                     tok(&p, t, q->node[i].off, q->node[i].len));
                goto done;
            }
        }
    q->depth = ST_PREFLOP;
    for (int i = 0; i < q->nitems; i++) {
        const int l = node_level(q, q->item[i].node);
        q->depth = l > q->depth ? l : q->depth;
    }
    if (q->where >= 0) {
        const int l = node_level(q, q->where);
        q->depth = l > q->depth ? l : q->depth;
        conjuncts(q, q->where);
    }
    q->engine = engine_answers(q);
    hs_q_layout(q);
    q->size = query_size(q);
    q->text = malloc(len + 1);
    if (q->text == NULL) {
        perr(&p, HS_ERR_NOMEM, 0, 0, "out of memory");
        goto done;
    }
    memcpy(q->text, text, len);
    q->text[len] = '\0';
done:
    if (p.rc != HS_OK) {
        hs_query_free(q);
        return p.rc;
    }
    *out = q;
    return HS_OK;
}

double hs_query_size(const hs_query *q) {
    return q->size;
}

int hs_query_uses_engine(const hs_query *q, uint64_t samples) {
    return q->engine && (samples == 0 || q->game == GAME_HOLDEM);
}
