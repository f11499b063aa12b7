/* Score a cribbage hand with the installed handstat library: four hand cards and the starter.
 *   score_hand 5H 5D 5S JC 5C       ->  fifteens 16 pairs 12 runs 0 flush 0 nobs 1 total 29 */
#include <handstat/handstat.h>

#include <stdio.h>
#include <string.h>

int main(int argc, char **argv) {
    char text[256] = "";
    for (int i = 1; i < argc; i++) {
        if (strlen(text) + strlen(argv[i]) + 2 > sizeof text)
            break;
        strcat(text, argv[i]);
        strcat(text, " ");
    }
    int cards[5];
    size_t n = 0;
    hs_parse_error err;
    int rc = hs_cards_parse(text, strlen(text), cards, 5, &n, &err);
    if (rc != HS_OK || n != 5) {
        fprintf(stderr, "score_hand: need five cards (four in hand, then the starter): %s\n",
                rc != HS_OK ? hs_strerror(rc) : "wrong number of cards");
        return 2;
    }
    hs_crib_score s = hs_crib_score5(hs_cards_mask(cards, 4), cards[4], HS_CRIB_HAND);
    printf("fifteens %d pairs %d runs %d flush %d nobs %d total %d\n", s.fifteens, s.pairs, s.runs,
           s.flush, s.nobs, s.total);
    return 0;
}
