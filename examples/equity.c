/* Exact heads-up hold'em equity with the installed handstat library, over every board.
 *   equity AhAd KsKc    ->  AhAd 0.812555 (1388072 wins, 6538 ties, 317694 losses of 1712304) */
#include <handstat/handstat.h>

#include <stdio.h>
#include <string.h>

int main(int argc, char **argv) {
    if (argc != 3) {
        fprintf(stderr, "usage: equity HAND HAND   (two cards each, e.g. AhAd KsKc)\n");
        return 2;
    }
    uint64_t combos[2][12];
    size_t counts[2];
    for (int p = 0; p < 2; p++) {
        hs_parse_error err;
        int rc =
            hs_holdem_hand_parse(argv[p + 1], strlen(argv[p + 1]), combos[p], &counts[p], &err);
        if (rc != HS_OK) {
            fprintf(stderr, "equity: '%s': %s\n", argv[p + 1], hs_strerror(rc));
            return 1;
        }
    }
    const uint64_t *ranges[2] = {combos[0], combos[1]};
    hs_holdem_equity e;
    int rc = hs_holdem_equity_run(2, ranges, counts, 0, 0, 0, NULL, NULL, &e);
    if (rc != HS_OK) {
        fprintf(stderr, "equity: %s\n", hs_strerror(rc));
        return 1;
    }
    for (int p = 0; p < 2; p++) {
        const hs_holdem_player *q = &e.player[p];
        printf("%s %.6f (%llu wins, %llu ties, %llu losses of %llu)\n", argv[p + 1],
               (double)q->shares / ((double)e.deals * HS_HOLDEM_SHARE_UNIT),
               (unsigned long long)q->wins, (unsigned long long)q->ties,
               (unsigned long long)q->losses, (unsigned long long)e.deals);
    }
    return 0;
}
