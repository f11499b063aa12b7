/* handstat — error codes shared by every fallible library function. */
#ifndef HANDSTAT_ERROR_H
#define HANDSTAT_ERROR_H

#include "handstat/api.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Functions that can fail return HS_OK (0) or one of these negative codes. Scorers and rankers
 * are total on valid input and never return errors; check input with the hs_*_valid() helpers. */
typedef enum hs_error {
    HS_OK = 0,
    HS_ERR_TOKEN = -1,     /* a token is not a card (or rank) */
    HS_ERR_DUPLICATE = -2, /* the same card appears twice */
    HS_ERR_COUNT = -3,     /* wrong number of cards */
    HS_ERR_OVERFLOW = -4,  /* the exact result does not fit the requested width */
    HS_ERR_NOMEM = -5,     /* allocation failed */
    HS_ERR_ARG = -6,       /* an argument is out of range */
    HS_ERR_CANCELLED = -7, /* a progress callback asked to stop */
    HS_ERR_FORMAT = -8,    /* input is not in the expected format (or a damaged checkpoint) */
    HS_ERR_IO = -9,        /* a job's save callback failed */
    HS_ERR_MISMATCH = -10, /* a checkpoint of another job or other parameters */
    HS_ERR_VERSION = -11,  /* a checkpoint of another library version or build */
    HS_ERR_CORRUPT = -12   /* finished counts fail the job's invariant check */
} hs_error;

/* A static, human-readable English description of an error code; never NULL. Thread-safe. */
HS_API const char *hs_strerror(int err);

#ifdef __cplusplus
}
#endif

#endif
