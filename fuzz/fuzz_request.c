/* Fuzz target: the web app's JSON request parser (serve_request_parse), the function that turns
 * an HTTP body into an hs_request, and the range endpoint's parser (serve_range_json) on the same
 * bytes. Every input must give either a request or a 400 with a message, and every answer must
 * be valid JSON (parsed back by jansson) of the documented shape. */
#include <jansson.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "serve.h"
#include "handstat/error.h"
#include "handstat/job.h"
#include "handstat/request.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* text is one JSON object holding key `key` (a string when `string`). */
static void check_json(const char *text, const char *key, int string) {
    if (text == NULL)
        abort();
    json_error_t e;
    json_t *j = json_loads(text, 0, &e);
    if (j == NULL || !json_is_object(j))
        abort();
    const json_t *v = json_object_get(j, key);
    if (v == NULL || (string && (!json_is_string(v) || json_string_length(v) == 0)))
        abort();
    json_decref(j);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (size > SERVE_BODY_MAX)
        return 0;
    const char *body = (const char *)data;
    hs_request *r = (hs_request *)1;
    const char *command = "x";
    char msg[SERVE_MESSAGE];
    const int status = serve_request_parse(body, size, &r, &command, msg, sizeof msg);
    if (status == 0) {
        /* a request of a command the request layer lists */
        if (r == NULL || command == NULL)
            abort();
        int known = 0;
        for (const char *const *c = hs_request_commands(); *c != NULL; c++)
            known |= *c == command;
        if (!known)
            abort();
        /* the request layer's own checks of the arguments (card sets, ranges, numbers, streets,
         * flags, opponent lists): a job or a refusal with a message, never a crash. equity-dist
         * is left out: its job enumerates the boards when made (up to 2.6 M preflop), and its
         * arguments go through the same checks as the other commands'. vs-random's exact job
         * builds the preflop board list when made (a twentieth of a second): its arguments are
         * checked through hs_request_work, which makes no job */
        if (strcmp(command, "holdem vs-random") == 0) {
            char note[160];
            if (strlen(hs_request_work(r, note, sizeof note)) >= sizeof note)
                abort();
        } else if (strcmp(command, "holdem equity-dist") != 0) {
            hs_job *job = NULL;
            char why[HS_REQUEST_MESSAGE];
            if (hs_request_start(r, &job, why, sizeof why) != HS_OK && why[0] == '\0')
                abort();
            hs_job_free(job);
        }
        hs_request_free(r);
    } else {
        if ((status != 400 && status != 500) || r != NULL || msg[0] == '\0' ||
            strlen(msg) >= sizeof msg)
            abort();
        char *text = serve_error_json(msg);
        check_json(text, "error", 1);
        free(text);
    }
    /* the same bytes as a range for the grid */
    int rs = 0;
    char *text = serve_range_json(body, size, &rs);
    if (rs == 200)
        check_json(text, "classes", 0);
    else if (rs == 400)
        check_json(text, "error", 1);
    else
        abort();
    free(text);
    return 0;
}
