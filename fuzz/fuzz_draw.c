/* Fuzz target: the draw games' commands (badugi rank, draw odds, draw discard, draw table, draw
 * equity) through the request layer, the parsers of their cards, counts and games. The first
 * byte picks the command and the game (and, for draw equity, two draws to come); the rest, split
 * at newlines, gives the values of hand, dead, discard (or opponent, or a second hand),
 * opponent-discard (or a third hand) and draw (draw equity: its policy list).
 * Every request must be answered with a table or refused with a message; a table of draw odds
 * must add up to its draws. badugi rank, and draw odds drawing at most two cards, are answered;
 * the others only checked (hs_request_start): their answers may take seconds. */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "handstat/error.h"
#include "handstat/job.h"
#include "handstat/request.h"
#include "handstat/table.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    static const char *const COMMANDS[] = {"badugi rank", "draw odds",   "draw discard",
                                           "draw table",  "draw equity", "badugi rank",
                                           "draw odds",   "badugi hist"};
    static const char *const GAMES[] = {"27", "a5", "high", "badugi", "razz", ""};
    if (size < 1 || size > 4096)
        return 0;
    const char *command = COMMANDS[data[0] & 7];
    const char *game = GAMES[(data[0] >> 3) % 6];
    const int odds = strcmp(command, "draw odds") == 0,
              equity = strcmp(command, "draw equity") == 0;
    const char *const keys[] = {"hand", "dead",
                                odds     ? "discard"
                                : equity ? "hand"
                                         : "opponent",
                                equity ? "hand" : "opponent-discard", equity ? "policy" : "draw"};
    int answer = strcmp(command, "badugi rank") == 0;
    char *text = malloc(size);
    if (text == NULL)
        return 0;
    memcpy(text, data + 1, size - 1);
    text[size - 1] = '\0';
    hs_request *r;
    if (hs_request_new(command, &r) != HS_OK)
        abort();
    if (data[0] >> 6 & 1)
        (void)hs_request_add(r, "game", game);
    if (equity && (data[0] >> 7 & 1))
        (void)hs_request_add(r, "draws", "2");
    char *field = text;
    for (int k = 0; k < 5 && field != NULL; k++) {
        char *nl = strchr(field, '\n');
        if (nl != NULL)
            *nl = '\0';
        /* a key the command does not take, or a bad value: refused at once, never a crash */
        if (*field != '\0')
            (void)hs_request_add(r, keys[k], field);
        /* draw odds of at most two cards drawn is answered in full (milliseconds) */
        if (odds && k == 4 && strlen(field) == 1 && field[0] >= '0' && field[0] <= '2')
            answer = 1;
        field = nl != NULL ? nl + 1 : NULL;
    }
    char msg[HS_REQUEST_MESSAGE];
    msg[0] = '\0';
    if (!answer) {
        hs_job *job = NULL;
        if (hs_request_start(r, &job, msg, sizeof msg) != HS_OK && msg[0] == '\0')
            abort();
        hs_job_free(job);
    } else {
        hs_table *t = NULL;
        const int rc = hs_request_run(r, 1, NULL, NULL, &t, msg, sizeof msg);
        if (rc != HS_OK && (msg[0] == '\0' || t != NULL))
            abort();
        if (rc == HS_OK && odds) {
            /* the bands' counts add up to the draws */
            uint64_t sum = 0;
            for (size_t i = 0; i < hs_table_rows(t); i++)
                sum += strtoull(hs_table_cell(t, i, 1), NULL, 10);
            if (sum != strtoull(hs_table_note(t, "draws"), NULL, 10))
                abort();
        }
        hs_table_free(t);
    }
    hs_request_free(r);
    free(text);
    return 0;
}
