/* The hand-against-range matrix: an equity distribution (holdem_dist.c) summed per class, and its
 * 13 x 13 heat map as SVG. Sums are of exact counts (a class's wins over its combinations), never
 * of decimal equities, so a class's equity is exactly that of 'holdem equity CLASS VILLAIN'. */
#include "handstat/holdem_matrix.h"
#include "handstat/error.h"
#include "combin.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

size_t hs_holdem_dist_sum(const hs_holdem_dist_combo *d, size_t n, const unsigned char *keep,
                          int cls, hs_holdem_dist_total *out) {
    memset(out, 0, sizeof *out);
    uint64_t g = 0;
    for (size_t i = 0; i < n; i++)
        if ((keep == NULL || keep[i]) && (cls < 0 || d[i].cls == cls))
            g = hs_gcd((uint64_t)d[i].weight, g);
    if (g == 0)
        return 0;
    for (size_t i = 0; i < n; i++) {
        if (!((keep == NULL || keep[i]) && (cls < 0 || d[i].cls == cls)))
            continue;
        /* weight / g: the part's weights as hs_holdem_equity_ranges reduces a range's */
        const hs_uint128 w = (hs_uint128)((uint64_t)d[i].weight / g);
        out->combos++;
        out->weight += (hs_uint128)d[i].weight;
        out->deals += w * d[i].deals;
        out->wins += w * d[i].wins;
        out->ties += w * d[i].ties;
        out->losses += w * d[i].losses;
    }
    return out->combos;
}

int hs_holdem_matrix_cells(const hs_holdem_dist_combo *d, size_t n, hs_holdem_matrix_cell *out) {
    int present[HS_HOLDEM_CLASSES] = {0};
    for (size_t i = 0; i < n; i++)
        if (d[i].cls >= 0 && d[i].cls < HS_HOLDEM_CLASSES)
            present[d[i].cls] = 1;
    int cells = 0;
    for (int c = 0; c < HS_HOLDEM_CLASSES; c++) {
        if (!present[c])
            continue;
        out[cells].cls = c;
        hs_holdem_dist_sum(d, n, NULL, c, &out[cells].total);
        cells++;
    }
    return cells;
}

/* ---- the heat map ---------------------------------------------------------------------------- */

/* snprintf into a buffer that may be too small, counting what the whole would take. */
typedef struct svg_out {
    char *buf;
    size_t cap, len;
} svg_out;

static void put(svg_out *o, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void put(svg_out *o, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    char *at = o->len < o->cap ? o->buf + o->len : NULL;
    const int k = vsnprintf(at, at != NULL ? o->cap - o->len : 0, fmt, ap);
    va_end(ap);
    if (k > 0)
        o->len += (size_t)k;
}

/* Text with the characters that are markup in XML escaped, at most `max` bytes of it. */
static void put_escaped(svg_out *o, const char *s, size_t max) {
    size_t i = 0;
    for (; s[i] != '\0' && i < max; i++) {
        switch (s[i]) {
        case '&':
            put(o, "&amp;");
            break;
        case '<':
            put(o, "&lt;");
            break;
        case '>':
            put(o, "&gt;");
            break;
        case '"':
            put(o, "&quot;");
            break;
        default:
            /* bytes outside printable ASCII as '?': the caption stays valid UTF-8 */
            put(o, "%c", s[i] >= 0x20 && s[i] < 0x7F ? s[i] : '?');
        }
    }
    if (s[i] != '\0')
        put(o, "...");
}

/* The scale's colour at t permille of equity: red (215, 48, 39) at 0, pale yellow (255, 255, 191)
 * at 500, green (26, 152, 80) at 1000, linear between (integer arithmetic: the same bytes on every
 * machine). */
static void scale_colour(int t, int rgb[3]) {
    static const int STOP[3][3] = {{215, 48, 39}, {255, 255, 191}, {26, 152, 80}};
    const int lo = t <= 500 ? 0 : 1, u = t <= 500 ? t : t - 500;
    for (int k = 0; k < 3; k++)
        rgb[k] = STOP[lo][k] + (STOP[lo + 1][k] - STOP[lo][k]) * u / 500;
}

#define CELL 46
#define LEFT 20
#define TOP 50

size_t hs_holdem_matrix_svg(const hs_holdem_matrix_cell *cells, int n, const char *title, char *buf,
                            size_t cap) {
    svg_out o = {buf, cap, 0};
    if (cap > 0)
        buf[0] = '\0';
    const int grid = 13 * CELL, width = 2 * LEFT + grid, legend = TOP + grid + 24,
              height = legend + 62;
    put(&o,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" "
        "viewBox=\"0 0 %d %d\" font-family=\"sans-serif\" font-size=\"11\">\n"
        "<rect width=\"100%%\" height=\"100%%\" fill=\"white\"/>\n",
        width, height, width, height);
    if (title != NULL) {
        put(&o, "<text x=\"%d\" y=\"30\" text-anchor=\"middle\" font-size=\"14\">", width / 2);
        put_escaped(&o, title, 160);
        put(&o, "</text>\n");
    }
    const hs_holdem_matrix_cell *at[HS_HOLDEM_CLASSES] = {NULL};
    for (int i = 0; i < n; i++)
        if (cells[i].cls >= 0 && cells[i].cls < HS_HOLDEM_CLASSES)
            at[cells[i].cls] = &cells[i];
    for (int c = 0; c < HS_HOLDEM_CLASSES; c++) {
        const int x = LEFT + (c % 13) * CELL, y = TOP + (c / 13) * CELL;
        char name[4];
        hs_holdem_class_name(c, name);
        const hs_holdem_matrix_cell *cell = at[c];
        if (cell == NULL || cell->total.deals == 0) {
            put(&o,
                "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"#e6e6e6\" "
                "stroke=\"white\"/>\n"
                "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\" fill=\"#999999\">%s</text>\n",
                x, y, CELL, CELL, x + CELL / 2, y + CELL / 2 + 4, name);
            continue;
        }
        const hs_uint128 num = 2 * cell->total.wins + cell->total.ties, den = 2 * cell->total.deals;
        const int permille = (int)(num * 1000 / den);         /* floor */
        const int tenths = (int)((num * 2000 / den + 1) / 2); /* 0.1 percent, half up */
        int rgb[3];
        scale_colour(permille, rgb);
        const char *ink = permille < 150 || permille > 850 ? "white" : "black";
        put(&o,
            "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"#%02x%02x%02x\" "
            "stroke=\"white\"/>\n"
            "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\" font-size=\"13\" "
            "fill=\"%s\">%s</text>\n"
            "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\" fill=\"%s\">%d.%d</text>\n",
            x, y, CELL, CELL, rgb[0], rgb[1], rgb[2], x + CELL / 2, y + 19, ink, name, x + CELL / 2,
            y + 36, ink, tenths / 10, tenths % 10);
    }
    /* the legend: the scale in 13 steps (0%, 8.3%, .. 100%), marked every quarter */
    put(&o,
        "<text x=\"%d\" y=\"%d\">equity against the range, percent (grey: not in the hero's "
        "range)</text>\n",
        LEFT, legend - 6);
    for (int k = 0; k < 13; k++) {
        int rgb[3];
        scale_colour(k * 1000 / 12, rgb);
        put(&o, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"16\" fill=\"#%02x%02x%02x\"/>\n",
            LEFT + k * CELL, legend, CELL, rgb[0], rgb[1], rgb[2]);
    }
    for (int q = 0; q <= 4; q++)
        put(&o, "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\">%d%%</text>\n",
            LEFT + q * 3 * CELL + CELL / 2, legend + 32, 25 * q);
    put(&o, "</svg>\n");
    return o.len;
}
