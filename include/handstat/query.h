/* handstat — a query language for poker statistics (after PQL, the Poker Query Language): any
 * conditional question over the deals of hold'em or Omaha, answered exactly by enumerating every
 * deal, or estimated from random deals when asked (or when the deals are too many).
 *
 *   select avg(riverEquity(hero)) as eq, count(flopHandCategory(hero) = flushDraw)
 *   from game=holdem, hero=AKs, villain='QQ+,AKo@50', board=Kh7d2c
 *   where not pairedBoard(river)
 *
 * ---- grammar (keywords and names in any case; '_' inside a name is ignored: river_equity) ----
 *   query     = "select" item { "," item } "from" binding { "," binding } [ "where" expr ] [";"]
 *   item      = aggregate "(" expr ")" [ "as" name ]
 *   aggregate = "avg" | "count" | "histogram" | "max" | "min"
 *   binding   = name "=" value          value: 'quoted', "quoted", or a bare word up to a blank,
 *                                       a comma or a semicolon (a range holding commas is quoted)
 *   expr      = or;  or = and { "or" and };  and = not { "and" not };  not = "not" not | compare
 *   compare   = sum [ ("=" | "==" | "!=" | "<>" | "<" | "<=" | ">" | ">=") sum ]
 *   sum       = product { ("+" | "-") product };  product = unary { ("*" | "/") unary }
 *   unary     = "-" unary | primary
 *   primary   = number | name "(" [ expr { "," expr } ] ")" | name | "(" expr ")" | 'text'
 * "--" starts a comment to the end of the line.
 *
 * ---- bindings ----
 *   game=holdem | omahahi (also omaha)      the default is holdem
 *   board=CARDS    0..5 known board cards: the first three are the flop, then the turn, the river
 *   dead=CARDS     cards out of play
 *   NAME=RANGE     a player (1 to 9, seated in the order given): in hold'em a range of the range
 *                  grammar (handstat/holdem.h: AhKd, QQ+, AKs@50, random, 15%, ...; also "*");
 *                  in Omaha "*" (any four cards) or four exact cards, several separated by commas
 *
 * ---- deals ----
 * A deal is one hand per player (pairwise disjoint, disjoint from the board and the dead cards),
 * then the missing flop cards (a set), the turn card and the river card from the cards left. It
 * counts the product of its hands' weights (each range's weights divided by their greatest common
 * divisor, as hs_holdem_equity_ranges counts them). Aggregates run over the deals that satisfy
 * `where` (all when there is none).
 *
 * ---- types and functions (P a player's name, S a street: preflop, flop, turn, river) ----
 * A number is an exact rational; booleans count 1 and 0 in arithmetic and in avg.
 *   riverEquity(P)          number: P's share of the pot at the river (1 alone, 1/k of a k-way tie)
 *   equity(P, S)            number: P's exact equity with the board known through S (and the
 *                           given board) and every player's hand known: the mean of riverEquity
 *                           over the rest of the board (hvhEquity is the same function)
 *   winsHi(P), tiesHi(P)    boolean: P holds the best hand at the river alone / with others
 *   scoops(P)               boolean: P wins the whole pot (in these high-only games: winsHi)
 *   bestHiRating(P, S)      boolean: no other player's hand is better on street S
 *   handType(P, S)          hand type: highCard < pair < twoPair < trips < straight < flush <
 *                           fullHouse < quads < straightFlush (also threeOfAKind, fourOfAKind)
 *   hiRating(P, S)          number 1..7462: the hand's strength, higher is better (7463 - class)
 *   winningHandType()       hand type of the best hand at the river
 *   handCategory(P, S)      hold'em, S flop/turn/river: the made-hand category of
 *                           handstat/holdem_board.h (topPair, overpair, set, ...) with its draw
 *                           flags; `= flushDraw` (any flag's name) tests the flag
 *   flopHandCategory(P)     handCategory(P, flop)
 *   outs(P, S)              number: S flop or turn: the cards of the next street (of those not in
 *                           any hand, on the board or dead) after which P holds the best hand, ties
 *                           included, when P does not hold it on S; else 0
 *   outsToHandType(P, S, T) number: the cards of the next street after which P's hand type is at
 *                           least T, when it is below T on S; else 0
 *   nutHi(P, S)             boolean: P's hand on S is the best any hole cards could make with that
 *                           board (hold'em: any two cards not on the board; Omaha: any two, with
 *                           three of the board)
 *   inRange(P, 'RANGE')     boolean: P's hand is in the range (hold'em)
 *   boardSuitCount(S)       number: the distinct suits on the board on S (S flop, turn, river)
 *   pairedBoard(S), monotoneBoard(S), twoToneBoard(S), rainbowBoard(S), flushingBoard(S),
 *   straightBoard(S)        boolean: a pair on the board; one suit; exactly two suits; no two
 *                           cards of a suit; three or more of a suit; three ranks a straight uses
 *   turnSuit(), riverSuit() suit: clubs, diamonds, hearts, spades
 *   turnRank(), riverRank() number 2..14 (14 the ace)
 *
 * ---- aggregates (each gives rows of the result) ----
 *   avg(number or boolean)  the exact weighted mean over the deals
 *   count(boolean)          the deals where it holds, and their fraction of the deals
 *   histogram(x)            the deals by value: a boolean, a hand type, a category (made hand
 *                           only), a suit, a whole number (at most 8192 distinct values), or a
 *                           number from 0 to 1 (equity) in ten bins [0, 0.1) .. [0.9, 1]
 *   max(number), min(number) the largest and smallest value over the deals
 *
 * ---- exact or estimate ----
 * Without samples the query is answered by enumerating every deal, exactly: the query is refused
 * (HS_ERR_OVERFLOW, with its size) when its enumeration would evaluate more than
 * HS_QUERY_MAX_DEALS deals (counting each deal again for every inner enumeration its functions
 * need: equity at a street, outs, nuts). Queries whose every item is an equity, a win or a tie
 * count of a player with no `where` are answered by the equity engine (hs_holdem_equity_ranges,
 * hs_omaha_equity_run), which has no such bound. With samples, deals are drawn at random
 * (weights as above) and every figure is an estimate with its standard error. */
#ifndef HANDSTAT_QUERY_H
#define HANDSTAT_QUERY_H

#include "handstat/api.h"

#include <stddef.h>
#include <stdint.h>

#include "handstat/job.h"
#include "handstat/progress.h"
#include "handstat/table.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The exact enumeration's bound: deals evaluated, inner enumerations counted. */
#define HS_QUERY_MAX_DEALS UINT64_C(4000000000)
/* The longest query text. */
#define HS_QUERY_TEXT_MAX 16384

typedef struct hs_query hs_query;

/* Where a query went wrong: line and column (from 1) of the offending token, its byte offset and
 * length in the text, and a message naming it ("line 1, column 15: unknown function 'riverEq'"). */
typedef struct hs_query_error {
    int line, column;
    size_t offset, length;
    char message[320];
} hs_query_error;

/* Compile len bytes of query text into *out (the caller frees it with hs_query_free). Every check
 * that needs no counting is done here: the grammar, names, argument counts and types, the ranges
 * and cards. Returns HS_OK; HS_ERR_TOKEN (a syntax error, an unknown name, a bad range or card);
 * HS_ERR_ARG (a wrong argument count or type); HS_ERR_DUPLICATE (a card in two places, a binding
 * given twice); HS_ERR_COUNT (no player, too many, too many cards, a player whose every hand meets
 * the board or the dead cards); HS_ERR_NOMEM. *err (may be
 * NULL) locates and words the error. Pure; thread-safe. */
HS_API int hs_query_compile(const char *text, size_t len, hs_query **out, hs_query_error *err);
HS_API void hs_query_free(hs_query *q);

/* The deals the exact enumeration would evaluate (as bounded by HS_QUERY_MAX_DEALS; an upper
 * bound: hands that collide are counted), and whether the equity engine answers it instead, exact
 * (samples 0) or sampled (hold'em only). */
HS_API double hs_query_size(const hs_query *q);
HS_API int hs_query_uses_engine(const hs_query *q, uint64_t samples);

/* The query as a job (handstat/job.h: threads, progress, cancel, checkpoints): samples 0 the
 * exact enumeration, else `samples` random deals from `seed` (deterministic at every thread
 * count). Returns HS_OK; HS_ERR_OVERFLOW (exact and over HS_QUERY_MAX_DEALS: *err gives the size);
 * HS_ERR_ARG (the equity engine answers it: use hs_query_run); HS_ERR_NOMEM. The job keeps its own
 * copy of the query. */
HS_API int hs_query_job_new(const hs_query *q, uint64_t samples, uint64_t seed, hs_job **out,
                            hs_query_error *err);

/* Answer the query from its finished job (made with these samples and seed), or, with job NULL,
 * run it whole (threads 0: the default; progress may be NULL and can stop it), as a result table
 * (handstat/request.h), the caller frees it:
 *   columns  item (the alias, or the aggregate as written), bucket (a histogram's value, else
 *            empty), value (decimal: the mean, the fraction of deals, the bucket's fraction, the
 *            maximum or minimum), exact (the same as a reduced fraction p/q; empty for an
 *            estimate), count (avg, max, min: the deals; count: the deals where it holds;
 *            histogram: the deals in the bucket), std_error (an estimate's standard error; empty
 *            when exact). A histogram lists every value of a boolean (false, true), a hand type
 *            (high_card .. straight_flush), a category (straight_flush .. nothing, the names of
 *            hs_holdem_hit_name), a suit (clubs .. spades) or an equity bin ("[0,0.1)" ..
 *            "[0.9,1]"); a whole number from its smallest value to its largest. Over no deal, a
 *            mean, fraction, maximum or minimum is empty.
 *   notes    kind (exact | estimate), method (enumeration | equity engine | sampling), game,
 *            players (their names, comma-separated), board, dead, deals (the weighted deals that
 *            satisfy where; an estimate: the sampled ones), total (all deals), samples and seed
 *            (an estimate).
 * Counts of deals are of the ordered deals above (the turn and the river told apart) in every
 * method. Returns HS_OK; hs_query_job_new's errors; HS_ERR_COUNT (no deal is possible: every choice
 * of hands collides); HS_ERR_OVERFLOW also when a count would pass 128 bits; HS_ERR_CANCELLED.
 * *err (may be NULL) words the error. */
HS_API int hs_query_run(const hs_query *q, const hs_job *job, uint64_t samples, uint64_t seed,
                        int threads, hs_progress_fn progress, void *ctx, hs_table **out,
                        hs_query_error *err);

#ifdef __cplusplus
}
#endif

#endif
