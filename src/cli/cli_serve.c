/* handstat serve: runs handstat-serve, the web app's own executable, found beside this one. The
 * server's libraries (libmicrohttpd, jansson and with them GnuTLS) are loaded by that program only:
 * no other command pays for them at start-up. */
#define _GNU_SOURCE
#include "cli.h"

#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define SERVE_PROGRAM "handstat-serve"

/* The path of handstat-serve in this executable's directory, into buf; 0, or -1 if unknown. */
static int serve_path(char *buf, size_t cap) {
    char self[PATH_MAX];
    const ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
    if (n <= 0)
        return -1;
    self[n] = '\0';
    char *slash = strrchr(self, '/');
    if (slash == NULL)
        return -1;
    *slash = '\0';
    const int w = snprintf(buf, cap, "%s/" SERVE_PROGRAM, self);
    return w > 0 && (size_t)w < cap ? 0 : -1;
}

int cli_serve_main(int argc, char **argv) {
    if (cli_mpi_size() > 1) {
        cli_error("the web app runs in one process: start it with handstat, not mpirun");
        return CLI_EXIT_USAGE;
    }
    char path[PATH_MAX + 32];
    if (serve_path(path, sizeof path) != 0) {
        cli_error("cannot tell where this program is installed (/proc/self/exe), so cannot "
                  "find " SERVE_PROGRAM);
        return CLI_EXIT_IO;
    }
    /* argv[0] becomes the program's name; the rest is passed unchanged (handstat-serve parses it)
     */
    char **args = calloc((size_t)argc + 1, sizeof *args);
    if (args == NULL) {
        cli_error("out of memory");
        return CLI_EXIT_IO;
    }
    static char name[] = SERVE_PROGRAM;
    args[0] = name;
    for (int i = 1; i < argc; i++)
        args[i] = argv[i];
    fflush(NULL);
    execv(path, args);
    const int e = errno;
    free(args);
    if (e == ENOENT)
        cli_error("the web app is not installed: %s is missing (a build finds it beside handstat "
                  "when libmicrohttpd and jansson were found: cmake -DHS_WITH_SERVE=ON)",
                  path);
    else
        cli_error("cannot run %s: %s", path, strerror(e));
    return CLI_EXIT_IO;
}
