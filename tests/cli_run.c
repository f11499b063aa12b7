/* Test-only process runner for the CLI tests (see cli_run.h). */
#define _POSIX_C_SOURCE 200809L
#include "cli_run.h"

#include <dirent.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <signal.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

char *read_file(const char *path, size_t *len) {
    FILE *fp = fopen(path, "rb");
    if (fp == NULL)
        return NULL;
    size_t cap = 4096, n = 0;
    char *buf = malloc(cap);
    size_t got;
    while (buf != NULL && (got = fread(buf + n, 1, cap - n - 1, fp)) > 0) {
        n += got;
        if (n + 1 == cap)
            buf = realloc(buf, cap *= 2);
    }
    fclose(fp);
    if (buf == NULL)
        return NULL;
    buf[n] = '\0';
    if (len != NULL)
        *len = n;
    return buf;
}

static int temp_file(char *path_template) {
    int fd = mkstemp(path_template);
    if (fd < 0) {
        perror("mkstemp");
        exit(99);
    }
    return fd;
}

cli_result cli_run(const char *const *argv, const char *input) {
    return cli_run_stdout(argv, input, CLI_STDOUT_CAPTURE);
}

/* HANDSTAT_BIN then argv, NULL-terminated, for execv (heap). execv takes char *const[]; the
 * strings are not modified, so the pointers are copied. */
static char **exec_args(const char *const *argv) {
    size_t argc = 0;
    while (argv[argc] != NULL)
        argc++;
    char **full = calloc(argc + 2, sizeof *full);
    const char *bin = HANDSTAT_BIN;
    memcpy(&full[0], &bin, sizeof bin);
    memcpy(full + 1, argv, argc * sizeof *argv);
    return full;
}

static cli_result run_bytes(const char *const *argv, const char *input, size_t len,
                            cli_stdout where);

cli_result cli_run_stdout(const char *const *argv, const char *input, cli_stdout where) {
    return run_bytes(argv, input, input != NULL ? strlen(input) : 0, where);
}

cli_result cli_run_bytes(const char *const *argv, const char *input, size_t len) {
    return run_bytes(argv, input, len, CLI_STDOUT_CAPTURE);
}

static cli_result run_bytes(const char *const *argv, const char *input, size_t len,
                            cli_stdout where) {
    char in_path[] = "/tmp/hs_cli_in.XXXXXX", out_path[] = "/tmp/hs_cli_out.XXXXXX",
         err_path[] = "/tmp/hs_cli_err.XXXXXX";
    int in_fd = temp_file(in_path), out_fd = temp_file(out_path), err_fd = temp_file(err_path);
    if (len > 0 && write(in_fd, input, len) != (ssize_t)len) {
        perror("write");
        exit(99);
    }
    lseek(in_fd, 0, SEEK_SET);
    char **full = exec_args(argv);
    pid_t pid = fork();
    if (pid == 0) {
        dup2(in_fd, 0);
        dup2(err_fd, 2);
        if (where == CLI_STDOUT_CAPTURE) {
            dup2(out_fd, 1);
        } else if (where == CLI_STDOUT_FULL) {
            int dev_full = open("/dev/full", O_WRONLY);
            dup2(dev_full, 1);
            close(dev_full);
        } else {
            close(1);
        }
        close(in_fd);
        close(out_fd);
        close(err_fd);
        execv(HANDSTAT_BIN, full);
        _exit(127);
    }
    int wstatus = 0;
    waitpid(pid, &wstatus, 0);
    free(full);
    close(in_fd);
    close(out_fd);
    close(err_fd);
    cli_result r;
    r.status = WIFEXITED(wstatus) ? WEXITSTATUS(wstatus) : 128 + WTERMSIG(wstatus);
    r.out = read_file(out_path, NULL);
    r.err = read_file(err_path, NULL);
    unlink(in_path);
    unlink(out_path);
    unlink(err_path);
    return r;
}

void cli_result_free(cli_result *r) {
    free(r->out);
    free(r->err);
}

const char *shared_data_dir(void) {
    struct stat st;
    if (stat(HS_SHARED_DATA, &st) == 0 && S_ISDIR(st.st_mode))
        return HS_SHARED_DATA;
    fprintf(stderr, "shared data not found at %s: skipping\n", HS_SHARED_DATA);
    return NULL;
}

int dir_entries(const char *dir) {
    DIR *d = opendir(dir);
    struct dirent *e;
    int n = 0;
    while (d != NULL && (e = readdir(d)) != NULL)
        n += strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0;
    if (d != NULL)
        closedir(d);
    return n;
}

int cli_run_interrupted(const char *const *argv, double *seconds) {
    return cli_run_interrupted_after(argv, 1000, seconds);
}

int cli_run_interrupted_after(const char *const *argv, long delay_ms, double *seconds) {
    char **args = exec_args(argv);
    pid_t pid = fork();
    if (pid == 0) {
        if (freopen("/dev/null", "w", stderr) == NULL || freopen("/dev/null", "w", stdout) == NULL)
            _exit(126);
        execv(HANDSTAT_BIN, args);
        _exit(127);
    }
    struct timespec pause = {delay_ms / 1000, delay_ms % 1000 * 1000000}, t0, t1;
    nanosleep(&pause, NULL);
    kill(pid, SIGINT);
    clock_gettime(CLOCK_MONOTONIC, &t0);
    int status;
    waitpid(pid, &status, 0);
    clock_gettime(CLOCK_MONOTONIC, &t1);
    free(args);
    *seconds = (double)(t1.tv_sec - t0.tv_sec) + 1e-9 * (double)(t1.tv_nsec - t0.tv_nsec);
    return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}
