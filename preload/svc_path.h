/* String helpers, the PATH search and the shell -c parser (svc_path.c): async-signal-safe, no
 * allocation, shared by the library, svc-shim and svc-hook. */
#ifndef SVC_PATH_H
#define SVC_PATH_H

#include "svc_check.h"

/* ---- small async-signal-safe string helpers ---- */
size_t svc_strlen(const char *s) SVC_HIDDEN;
int svc_streq(const char *a, const char *b) SVC_HIDDEN;
size_t svc_copy(char *dst, size_t cap, const char *src) SVC_HIDDEN; /* returns strlen(src) */
const char *svc_getenv(char *const *envp, const char *name) SVC_HIDDEN;
const char *svc_basename(const char *p) SVC_HIDDEN;
void svc_write_all(int fd, const char *s, size_t n) SVC_HIDDEN;

/* ---- PATH search (glibc execvp rules, decided once) ---- */
/* Finds `file` along PATH of `envp` (or the default path). On success writes the candidate to
 * out and returns 0; otherwise -errno as execvp would report it (-ENOENT, -EACCES, ...). */
int svc_path_search(const char *file, char *const *envp, char *out, size_t cap) SVC_HIDDEN;
/* 0 when `path` is an executable regular file for the effective ids, else -errno. */
int svc_executable(const char *path) SVC_HIDDEN;
/* The same two, also handing back the file's stat (valid on success), so a caller that needs
 * it does not ask the kernel a second time. */
int svc_executable_st(const char *path, struct stat *st) SVC_HIDDEN;
int svc_path_search_st(const char *file, char *const *envp, char *out, size_t cap,
                       struct stat *st) SVC_HIDDEN;

/* ---- the shell -c parser the shim and the library agree on ---- */
/* The index in argv of the -c command string, or -ENOENT when this is not a -c call. */
int svc_shell_command_index(char *const *argv) SVC_HIDDEN;

#endif
