/* The C side of the Python package's ctypes declarations (python/handstat/_lib.py), as JSON on
 * standard output: the size, alignment and every field's offset and size of each struct the
 * package mirrors, and the value of each constant it copies. test_layout.py compares them with
 * the ctypes structures and constants, so a header change the package has not followed fails a
 * test instead of being read wrong. Built and passed to the tests by tests/CMakeLists.txt
 * ($HANDSTAT_LAYOUT). A struct or constant added to _lib.py needs its line here: the test fails
 * on any that is missing. */
#include <stddef.h>
#include <stdio.h>

#include "handstat/cards.h"
#include "handstat/error.h"
#include "handstat/holdem.h"
#include "handstat/job.h"
#include "handstat/omaha.h"
#include "handstat/progress.h"
#include "handstat/request.h"
#include "handstat/shortdeck.h"
#include "handstat/stud.h"

static const char *sep = ""; /* "," before every entry of an object but its first */

static void struct_begin(const char *name, size_t size, size_t align) {
    printf("%s\n  \"%s\": {\"size\": %zu, \"align\": %zu, \"fields\": [", sep, name, size, align);
    sep = "";
}

static void field(const char *name, size_t offset, size_t size) {
    printf("%s\n    {\"name\": \"%s\", \"offset\": %zu, \"size\": %zu}", sep, name, offset, size);
    sep = ",";
}

static void struct_end(void) {
    printf("]}");
    sep = ",";
}

static void constant(const char *name, long long value) {
    printf("%s\n  \"%s\": %lld", sep, name, value);
    sep = ",";
}

#define STRUCT(T) struct_begin(#T, sizeof(T), _Alignof(T))
#define FIELD(T, f) field(#f, offsetof(T, f), sizeof(((T *)0)->f))
#define CONSTANT(c) constant(#c, (long long)(c))

int main(void) {
    printf("{\"structs\": {");
    STRUCT(hs_parse_error);
    FIELD(hs_parse_error, offset);
    FIELD(hs_parse_error, length);
    FIELD(hs_parse_error, line);
    struct_end();
    STRUCT(hs_stud_player);
    FIELD(hs_stud_player, wins);
    FIELD(hs_stud_player, ties);
    FIELD(hs_stud_player, losses);
    FIELD(hs_stud_player, scoops);
    FIELD(hs_stud_player, high_share);
    FIELD(hs_stud_player, low_share);
    struct_end();
    STRUCT(hs_stud_equity);
    FIELD(hs_stud_equity, players);
    FIELD(hs_stud_equity, game);
    FIELD(hs_stud_equity, known);
    FIELD(hs_stud_equity, deals);
    FIELD(hs_stud_equity, low_deals);
    FIELD(hs_stud_equity, p);
    struct_end();
    STRUCT(hs_progress_state);
    FIELD(hs_progress_state, stop);
    FIELD(hs_progress_state, done);
    FIELD(hs_progress_state, total);
    struct_end();
    STRUCT(hs_job_opts);
    FIELD(hs_job_opts, threads);
    FIELD(hs_job_opts, progress);
    FIELD(hs_job_opts, progress_ctx);
    FIELD(hs_job_opts, save);
    FIELD(hs_job_opts, save_ctx);
    FIELD(hs_job_opts, save_seconds);
    struct_end();
    STRUCT(hs_command_arg);
    FIELD(hs_command_arg, name);
    FIELD(hs_command_arg, kind);
    FIELD(hs_command_arg, min);
    FIELD(hs_command_arg, max);
    FIELD(hs_command_arg, choices);
    field("default", offsetof(hs_command_arg, def), sizeof(const char *));
    FIELD(hs_command_arg, help);
    struct_end();
    STRUCT(hs_command_info);
    FIELD(hs_command_info, name);
    FIELD(hs_command_info, title);
    FIELD(hs_command_info, summary);
    FIELD(hs_command_info, args);
    FIELD(hs_command_info, n_args);
    FIELD(hs_command_info, example);
    FIELD(hs_command_info, example_cli);
    FIELD(hs_command_info, flags);
    struct_end();
    printf("},\n\"constants\": {");
    sep = "";
    CONSTANT(HS_OK);
    CONSTANT(HS_ERR_TOKEN);
    CONSTANT(HS_ERR_CANCELLED);
    CONSTANT(HS_STUD_MAX_PLAYERS);
    CONSTANT(HS_STUD_SHARE_UNIT);
    CONSTANT(HS_HOLDEM_CLASSES);
    CONSTANT(HS_HOLDEM_VS_RANDOM_SAMPLE_MAX_OPPONENTS);
    CONSTANT(HS_HOLDEM_VS_RANDOM_MAX_SAMPLES);
    CONSTANT(HS_OMAHA_SHARE_UNIT);
    CONSTANT(HS_SHORTDECK_TRIPS_BEAT_STRAIGHT);
    CONSTANT(HS_SHORTDECK_STRAIGHT_BEATS_TRIPS);
    CONSTANT(HS_P3_OUTCOMES);
    CONSTANT(HS_CELL_TEXT);
    CONSTANT(HS_CELL_INT);
    CONSTANT(HS_CELL_DECIMAL);
    CONSTANT(HS_CELL_FRACTION);
    CONSTANT(HS_REQUEST_MESSAGE);
    CONSTANT(HS_COMMAND_JOB);
    CONSTANT(HS_COMMAND_WORK_NOTE);
    CONSTANT(HS_COMMAND_SAMPLES);
    printf("}}\n");
    return 0;
}
