/* A plain reference for double-dummy pegging (tests only). */
#ifndef HS_TEST_PEG_REF_H
#define HS_TEST_PEG_REF_H

/* The points for laying the last of seq[0..len) (ranks 0..12), from the whole sequence. */
int ref_peg_points(const int *seq, int len);

/* The value (pone's points minus the dealer's) of the position: hands of np and nd ranks, the
 * current sequence, who laid its last card (-1: none), whose turn (0 pone, 1 dealer). */
int ref_peg_value(const int *pone, int np, const int *dealer, int nd, const int *seq, int len,
                  int last, int turn);

#endif
