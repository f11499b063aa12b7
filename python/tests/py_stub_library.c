/* A stand-in for libhandstat.so of another version: it exports hs_version() only, returning a
 * version no release has. test_version.py loads the package with it ($HANDSTAT_STUB_LIBRARY,
 * built by tests/CMakeLists.txt) and expects the import to refuse it, by the version check and
 * before any other symbol is looked up. */
#include "handstat/version.h"

const char *hs_version(void) {
    return "0.0.0-stub";
}
