/* Fuzz target: the query language's compiler (hs_query_compile) and, for queries small enough,
 * its runner. Every refusal must locate itself (a line and column from 1, an offset inside the
 * text, a message that starts "line L, column C: "); every compiled query that is cheap enough is
 * run on one thread and its table checked: each histogram's buckets add up to the deals, a count
 * is at most the deals, the deals at most the total. */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "handstat/handstat.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static unsigned long long cell_u(const hs_table *t, size_t row, size_t col) {
    return strtoull(hs_table_cell(t, row, col), NULL, 10);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    const char *text = (const char *)data;
    hs_query *q = NULL;
    hs_query_error err;
    const int rc = hs_query_compile(text, size, &q, &err);
    if (rc != HS_OK) {
        if (q != NULL || rc == HS_ERR_NOMEM)
            return 0;
        char head[64];
        snprintf(head, sizeof head, "line %d, column %d: ", err.line, err.column);
        if (err.line < 1 || err.column < 1 || err.offset > size ||
            strncmp(err.message, head, strlen(head)) != 0 || strlen(err.message) <= strlen(head))
            abort();
        return 0;
    }
    if (hs_query_size(q) <= 20000 && !hs_query_uses_engine(q, 0)) {
        hs_table *t = NULL;
        if (hs_query_run(q, NULL, 0, 0, 1, NULL, NULL, &t, &err) == HS_OK) {
            const unsigned long long deals = strtoull(hs_table_note(t, "deals"), NULL, 10);
            const unsigned long long total = strtoull(hs_table_note(t, "total"), NULL, 10);
            if (deals > total)
                abort();
            unsigned long long bucket_sum = 0;
            const char *item = NULL;
            for (size_t r = 0; r < hs_table_rows(t); r++) {
                const int bucket = hs_table_cell(t, r, 1)[0] != '\0';
                if (cell_u(t, r, 4) > deals)
                    abort();
                if (!bucket)
                    continue;
                if (item != NULL && strcmp(item, hs_table_cell(t, r, 0)) != 0) {
                    if (bucket_sum != deals)
                        abort();
                    bucket_sum = 0;
                }
                item = hs_table_cell(t, r, 0);
                bucket_sum += cell_u(t, r, 4);
            }
            hs_table_free(t);
        }
    }
    hs_query_free(q);
    return 0;
}
