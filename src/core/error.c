/* Error code descriptions. */
#include "handstat/error.h"
#include "handstat/version.h"

const char *hs_strerror(int err) {
    switch ((hs_error)err) {
    case HS_OK:
        return "success";
    case HS_ERR_TOKEN:
        return "not a card";
    case HS_ERR_DUPLICATE:
        return "duplicate card";
    case HS_ERR_COUNT:
        return "wrong number of cards";
    case HS_ERR_OVERFLOW:
        return "result does not fit";
    case HS_ERR_NOMEM:
        return "out of memory";
    case HS_ERR_ARG:
        return "argument out of range";
    case HS_ERR_CANCELLED:
        return "cancelled";
    case HS_ERR_FORMAT:
        return "malformed input";
    case HS_ERR_IO:
        return "saving the job's progress failed";
    case HS_ERR_MISMATCH:
        return "a checkpoint of another job or other parameters";
    case HS_ERR_VERSION:
        return "a checkpoint of another handstat version or build";
    case HS_ERR_CORRUPT:
        return "the counts fail the job's invariant check";
    }
    return "unknown error";
}

const char *hs_version(void) {
    return HS_VERSION_STRING;
}
