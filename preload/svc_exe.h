/* What an exec really runs (protocol v2, docs/preload.md): the file with every symbolic link
 * and /proc/self/fd/N resolved, and a SHA-256 of its content, remembered by file identity in a
 * small cache that the process and the children it forks share. */
#ifndef SVC_EXE_H
#define SVC_EXE_H

#include "svc_check.h"
#include "svc_sha256.h"

/* Files up to this size are hashed here. A larger one is sent with its size only: hashing it on
 * every exec of a fresh process would cost more than the check itself (tens of ms), and the
 * server, which keeps its hashes across processes, hashes it when it can read it. */
#define SVC_HASH_MAX (4 * 1024 * 1024)
/* Identities remembered (direct-mapped; a collision replaces the older entry). */
#define SVC_EXE_CACHE_SLOTS 64

struct svc_exe {
  char path[PATH_MAX];    /* the resolved file ("" when not sent) */
  long long size;         /* its size (-1 when not a regular file) */
  int hashed;             /* digest holds the content hash */
  unsigned char digest[SVC_SHA256_LEN];
};

/* Maps the hash cache (library constructor). Without it every exec hashes afresh. */
void svc_exe_cache_init(void) SVC_HIDDEN;

/* 1 when p is in a directory only root writes to (/usr/bin, /bin, ...): such a program is named
 * by its path and the server resolves links there itself. */
int svc_exe_in_system_dir(const char *p) SVC_HIDDEN;

/* Fills `out` for the program at `path`: 0 when there is something to send (out->path set), or
 * -errno (-ENOENT for a program in the system directories, which needs nothing; the error of
 * open or readlink otherwise). Async-signal-safe: open, fstat, pread, readlink, close. */
int svc_exe_read(const char *path, struct svc_exe *out) SVC_HIDDEN;

/* "sha256:" and 64 lowercase hex digits of e->digest, NUL-terminated, into out. */
#define SVC_EXE_HASH_TEXT (7 + 2 * SVC_SHA256_LEN + 1)
void svc_exe_hash_text(const struct svc_exe *e, char out[SVC_EXE_HASH_TEXT]) SVC_HIDDEN;

/* Tests (koffi): the resolved path and "sha256:<hex>" of `path` as svc_exe_read sees them,
 * the hash "" when the file is not hashed here. 0 or -errno. */
SVC_EXPORT int svc_exe_describe(const char *path, char *exe, size_t exelen, char *hash, size_t hashlen);

#endif
