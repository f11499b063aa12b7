/* The one table writer: aligned text or RFC 4180 CSV, canonical cards, one fraction format and
 * one precision policy per kind of column. */
#include "cli.h"

#include <inttypes.h>
#include <string.h>

#include "handstat/cards.h"
#include "handstat/request.h"

void cli_table_init(cli_table *t, FILE *fp, int csv, const cli_col *cols) {
    t->fp = fp;
    t->csv = csv;
    t->cols = cols;
    t->col = 0;
}

void cli_cell(cli_table *t, const char *text) {
    FILE *fp = t->fp;
    const int col = t->col++;
    if (t->csv) {
        if (col > 0)
            fputc(',', fp);
        if (strpbrk(text, ",\"\r\n") == NULL) {
            fputs(text, fp);
            return;
        }
        fputc('"', fp);
        for (const char *s = text; *s; s++) {
            if (*s == '"')
                fputc('"', fp);
            fputc(*s, fp);
        }
        fputc('"', fp);
        return;
    }
    if (t->cols == NULL) {
        fprintf(fp, "%s%s", col > 0 ? " " : "", text);
        return;
    }
    fprintf(fp, "%s%*s", t->cols[col].sep, t->cols[col].width, text);
}

void cli_header(cli_table *t, const char *const *texts, int n) {
    for (int i = 0; i < n; i++)
        cli_cell(t, texts[i]);
    cli_row_end(t);
}

void cli_cell_u64(cli_table *t, uint64_t v) {
    char buf[24];
    snprintf(buf, sizeof buf, "%" PRIu64, v);
    cli_cell(t, buf);
}

void cli_cell_int(cli_table *t, long long v) {
    char buf[24];
    snprintf(buf, sizeof buf, "%lld", v);
    cli_cell(t, buf);
}

void cli_cell_ratio(cli_table *t, double v) {
    char buf[32];
    snprintf(buf, sizeof buf, "%.12g", v);
    cli_cell(t, buf);
}

void cli_cell_fixed(cli_table *t, double v, int decimals) {
    char buf[64];
    snprintf(buf, sizeof buf, "%.*f", decimals, v);
    cli_cell(t, buf);
}

void cli_cell_fraction(cli_table *t, long long num, uint64_t den) {
    char buf[48];
    cli_cell(t, cli_fraction(buf, sizeof buf, num, den));
}

void cli_row_end(cli_table *t) {
    fputc('\n', t->fp);
    t->col = 0;
}

void cli_pot_text(const hs_table *table) {
    /* text: "%-7d %-Ws %12s %12s %12s  %-10.6f %s", W the hands' width */
    const int hilo = strcmp(hs_table_column(table, 2), "scoops") == 0;
    int width = 4;
    for (size_t r = 0; r < hs_table_rows(table); r++) {
        const int w = (int)strlen(hs_table_cell(table, r, 1));
        width = w > width ? w : width;
    }
    cli_col cols[] = {{"", -7},  {" ", -width}, {" ", 12}, {" ", 12},
                      {" ", 12}, {"  ", -10},   {" ", 0}};
    cli_table t;
    cli_table_init(&t, stdout, 0, cols);
    static const char *const HIGH_TEXT[] = {"player", "hand",   "wins",   "ties",
                                            "losses", "equity", "(exact)"};
    static const char *const HILO_TEXT[] = {"player",    "hand",   "scoops", "high_share",
                                            "low_share", "equity", "(exact)"};
    cli_header(&t, hilo ? HILO_TEXT : HIGH_TEXT, 7);
    for (size_t r = 0; r < hs_table_rows(table); r++) {
        for (size_t c = 0; c < 7; c++) {
            if (c == 5)
                cli_cell_fixed(&t, hs_table_number(table, r, c), 6);
            else
                cli_cell(&t, hs_table_cell(table, r, c));
        }
        cli_row_end(&t);
    }
}

const char *cli_fraction(char *buf, size_t cap, long long num, uint64_t den) {
    uint64_t mag = num < 0 ? (uint64_t)0 - (uint64_t)num : (uint64_t)num;
    uint64_t a = mag, b = den;
    while (b != 0) {
        uint64_t r = a % b;
        a = b;
        b = r;
    }
    const uint64_t g = a != 0 ? a : 1; /* gcd(0, den) = den: 0/den is 0/1 */
    snprintf(buf, cap, "%s%" PRIu64 "/%" PRIu64, num < 0 ? "-" : "", mag / g, den / g);
    return buf;
}

const char *cli_u128_text(char *buf, size_t cap, hs_uint128 v) {
    return hs_text_u128(buf, cap, v);
}

void cli_cell_u128(cli_table *t, hs_uint128 v) {
    char buf[48];
    cli_cell(t, hs_text_u128(buf, sizeof buf, v));
}

void cli_cell_fraction_u128(cli_table *t, hs_uint128 num, hs_uint128 den) {
    char buf[96];
    cli_cell(t, hs_text_fraction(buf, sizeof buf, num, den));
}

double cli_ratio_u128(hs_uint128 num, hs_uint128 den) {
    return hs_ratio_u128(num, den);
}

void cli_request_table_at(cli_table *t, const hs_table *table, int header, size_t line) {
    const size_t cols = hs_table_columns(table), rows = hs_table_rows(table);
    if (header) {
        if (line > 0)
            cli_cell(t, "line");
        for (size_t c = 0; c < cols; c++)
            cli_cell(t, hs_table_column(table, c));
        cli_row_end(t);
    }
    for (size_t r = 0; r < rows; r++) {
        if (line > 0)
            cli_cell_u64(t, line);
        for (size_t c = 0; c < cols; c++)
            cli_cell(t, hs_table_cell(table, r, c));
        cli_row_end(t);
    }
}

void cli_request_table(cli_table *t, const hs_table *table, int header) {
    cli_request_table_at(t, table, header, 0);
}
