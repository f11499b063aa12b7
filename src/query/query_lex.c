/* The query language's lexer (handstat/query.h): the text as tokens (names, numbers, quoted text,
 * punctuation; blanks and "--" comments skipped), and the one error report every compile stage
 * uses, which names the line, the column and the token. */
#include "query_internal.h"

#include "handstat/handstat.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

/* ---- errors ---------------------------------------------------------------------------------- */

int hs_q_perr(pctx *p, int rc, size_t off, size_t len, const char *fmt, ...) {
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
const char *hs_q_tok(pctx *p, char out[HS_TOKEN_TEXT], size_t off, size_t len) {
    if (off >= p->len)
        return strcpy(out, "end of query");
    return hs_text_token(out, p->text + off, len);
}

/* ---- lexer ----------------------------------------------------------------------------------- */

int hs_q_is_blank(char c) {
    return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

int hs_q_is_name_char(char c) {
    return isalnum((unsigned char)c) || c == '_';
}

void hs_q_skip_blank(pctx *p) {
    for (;;) {
        while (p->pos < p->len && hs_q_is_blank(p->text[p->pos]))
            p->pos++;
        if (p->pos + 1 < p->len && p->text[p->pos] == '-' && p->text[p->pos + 1] == '-') {
            while (p->pos < p->len && p->text[p->pos] != '\n')
                p->pos++;
            continue;
        }
        return;
    }
}

void hs_q_next(pctx *p) {
    hs_q_skip_blank(p);
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
        while (p->pos + n < p->len && hs_q_is_name_char(s[n]))
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
            hs_q_perr(p, HS_ERR_TOKEN, p->pos, 1, "a quote %c that is never closed", c);
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
int hs_q_name_is(const char *s, size_t n, const char *word) {
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

int hs_q_tk_is(pctx *p, const char *word) {
    return p->tk == TK_NAME && hs_q_name_is(p->text + p->toff, p->tlen, word);
}

int hs_q_expect(pctx *p, int k, const char *what) {
    if (p->tk == k) {
        hs_q_next(p);
        return 1;
    }
    char t[HS_TOKEN_TEXT];
    hs_q_perr(p, HS_ERR_TOKEN, p->toff, p->tlen, "expected %s, found '%s'", what,
              hs_q_tok(p, t, p->toff, p->tlen));
    return 0;
}

int hs_q_lex_start(pctx *p) {
    const char *text = p->text;
    if (p->len > HS_QUERY_TEXT_MAX)
        return hs_q_perr(p, HS_ERR_ARG, HS_QUERY_TEXT_MAX, 0, "the query is longer than %d bytes",
                         HS_QUERY_TEXT_MAX);
    for (size_t i = 0; i < p->len; i++)
        if (text[i] == '\0' ||
            ((unsigned char)text[i] < 0x20 && text[i] != '\n' && text[i] != '\r' &&
             text[i] != '\t') ||
            (unsigned char)text[i] >= 0x7f) {
            char t[HS_TOKEN_TEXT];
            return hs_q_perr(p, HS_ERR_TOKEN, i, 1, "'%s' is not a character of the query language",
                             hs_q_tok(p, t, i, 1));
        }
    hs_q_next(p);
    return p->rc;
}
