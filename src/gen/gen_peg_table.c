/* Build-time generator: the double-dummy pegging value of the start for every pair of four-card
 * rank multisets (pone, dealer) that can be dealt together, 0 for the others, as 1820 x 1820
 * signed bytes (handstat/peg.h, hs_peg_start_value). The search is the library's own
 * (hs_peg_solve.c); it remembers the value of every fresh sequence, which the starts share. Rows go
 * to the build machine's cores, each thread with its own memo (a value does not depend on which
 * thread finds it). Usage: gen_peg_table OUT.bin */
#include "peg_solve.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Whether two multisets of four ranks can be dealt together: no rank more than four times. */
static int compatible(const uint8_t a[4], const uint8_t b[4]) {
    int count[HS_RANKS] = {0}, ok = 1;
    for (int i = 0; i < 4; i++) {
        ok &= ++count[a[i]] <= 4;
        ok &= ++count[b[i]] <= 4;
    }
    return ok;
}

int main(int argc, char **argv) {
    if (argc != 2) {
        fprintf(stderr, "usage: gen_peg_table OUT.bin\n");
        return 2;
    }
    const size_t cells = (size_t)HS_PEG_MSETS * HS_PEG_MSETS;
    int8_t *table = calloc(cells, 1);
    peg_mset *msets = malloc(sizeof(peg_mset) * HS_PEG_MSETS);
    if (table == NULL || msets == NULL) {
        fprintf(stderr, "gen_peg_table: out of memory\n");
        return 1;
    }
    hs_peg_msets(msets);
    int failed = 0;
#pragma omp parallel reduction(| : failed)
    {
        int8_t *memo = malloc(PEG_MEMO_SIZE);
        if (memo == NULL)
            failed = 1;
        else
            memset(memo, PEG_MEMO_NONE, PEG_MEMO_SIZE);
#pragma omp for schedule(dynamic, 8)
        for (int u = 0; u < HS_PEG_MSETS; u++)
            for (int d = 0; d < HS_PEG_MSETS && memo != NULL; d++) {
                if (!compatible(msets[u].rank, msets[d].rank))
                    continue;
                hs_peg_position p;
                memset(&p, 0, sizeof p);
                memcpy(p.hand[HS_PEG_PONE], msets[u].rank, 4);
                memcpy(p.hand[HS_PEG_DEALER], msets[d].rank, 4);
                p.n[0] = p.n[1] = 4;
                p.last = -1;
                p.to_move = HS_PEG_PONE;
                table[(size_t)u * HS_PEG_MSETS + (size_t)d] =
                    (int8_t)hs_peg_solve(&p, memo, NULL, NULL);
            }
        free(memo);
    }
    if (failed) {
        fprintf(stderr, "gen_peg_table: out of memory\n");
        return 1;
    }
    FILE *f = fopen(argv[1], "wb");
    if (f == NULL || fwrite(table, 1, cells, f) != cells || fclose(f) != 0) {
        perror(argv[1]);
        return 1;
    }
    free(table);
    free(msets);
    return 0;
}
