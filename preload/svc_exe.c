/* The program behind an exec: resolved path and content hash (svc_exe.h). */
#define _GNU_SOURCE
#include "svc_exe.h"
#include "svc_path.h"

#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "svc_wire.h"

/* A cache slot, written under a sequence number (odd while being written), so a reader in
 * another process or thread never takes a half-written entry for a whole one. The identity
 * includes the change time, which no user can set: a file rewritten with its old size and
 * modification time put back (touch -d) is hashed again. */
struct slot {
  uint32_t seq;
  uint32_t used;
  uint64_t dev, ino;
  int64_t size, mt_s, mt_ns, ct_s, ct_ns;
  unsigned char digest[SVC_SHA256_LEN];
};

/* Shared (not copied) with the children this process forks, so a shell that runs the same
 * script a hundred times hashes it once. Not kept across exec: a new program starts empty. */
static struct slot *cache;

void svc_exe_cache_init(void) {
  void *p = mmap(NULL, sizeof(struct slot) * SVC_EXE_CACHE_SLOTS, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS,
                 -1, 0);
  cache = p == MAP_FAILED ? NULL : p;
}

int svc_exe_in_system_dir(const char *p) {
  static const char *const dirs[] = {"/usr/bin/", "/bin/", "/usr/sbin/", "/sbin/", "/usr/local/bin/",
                                     "/usr/local/sbin/", "/usr/lib/", "/usr/libexec/", "/lib/", NULL};
  if (!p || p[0] != '/') return 0;
  for (int i = 0; dirs[i]; i++) {
    const char *d = dirs[i], *q = p;
    while (*d && *q == *d) d++, q++;
    if (*d) continue;
    for (; *q; q++)
      if (*q == '/' || (q[0] == '.' && (q == p || q[-1] == '/'))) return 0; /* a subdirectory, "..", "." */
    return 1;
  }
  return 0;
}

static void key_of(const struct stat *st, struct slot *k) {
  *k = (struct slot){
      .dev = (uint64_t)st->st_dev,
      .ino = (uint64_t)st->st_ino,
      .size = (int64_t)st->st_size,
#ifdef __APPLE__
      .mt_s = st->st_mtimespec.tv_sec,
      .mt_ns = st->st_mtimespec.tv_nsec,
      .ct_s = st->st_ctimespec.tv_sec,
      .ct_ns = st->st_ctimespec.tv_nsec,
#else
      .mt_s = st->st_mtim.tv_sec,
      .mt_ns = st->st_mtim.tv_nsec,
      .ct_s = st->st_ctim.tv_sec,
      .ct_ns = st->st_ctim.tv_nsec,
#endif
  };
}

static int same_key(const struct slot *a, const struct slot *b) {
  return a->dev == b->dev && a->ino == b->ino && a->size == b->size && a->mt_s == b->mt_s && a->mt_ns == b->mt_ns &&
         a->ct_s == b->ct_s && a->ct_ns == b->ct_ns;
}

static struct slot *slot_for(const struct slot *k) {
  uint64_t h = (k->dev * 0x9e3779b97f4a7c15ULL) ^ (k->ino * 0xc2b2ae3d27d4eb4fULL);
  return &cache[(h >> 32) % SVC_EXE_CACHE_SLOTS];
}

static int cache_get(const struct slot *k, unsigned char *digest) {
  if (!cache) return 0;
  struct slot *s = slot_for(k);
  uint32_t before = __atomic_load_n(&s->seq, __ATOMIC_ACQUIRE);
  if (before & 1) return 0;
  struct slot copy;
  __builtin_memcpy(&copy, s, sizeof copy);
  __atomic_thread_fence(__ATOMIC_ACQUIRE);
  if (__atomic_load_n(&s->seq, __ATOMIC_RELAXED) != before || !copy.used || !same_key(&copy, k)) return 0;
  __builtin_memcpy(digest, copy.digest, SVC_SHA256_LEN);
  return 1;
}

static void cache_put(const struct slot *k, const unsigned char *digest) {
  if (!cache) return;
  struct slot *s = slot_for(k);
  uint32_t seq = __atomic_load_n(&s->seq, __ATOMIC_RELAXED);
  /* someone else is writing this slot: leave it to them */
  if ((seq & 1) || !__atomic_compare_exchange_n(&s->seq, &seq, seq + 1, 0, __ATOMIC_ACQUIRE, __ATOMIC_RELAXED)) return;
  s->used = 1;
  s->dev = k->dev, s->ino = k->ino, s->size = k->size;
  s->mt_s = k->mt_s, s->mt_ns = k->mt_ns, s->ct_s = k->ct_s, s->ct_ns = k->ct_ns;
  __builtin_memcpy(s->digest, digest, SVC_SHA256_LEN);
  __atomic_store_n(&s->seq, seq + 2, __ATOMIC_RELEASE);
}

/* SHA-256 of the whole file behind fd (read from offset 0, whatever its position): 0 or -errno. */
static int hash_fd(int fd, unsigned char *digest) {
  struct svc_sha256 c;
  char buf[4096];
  off_t at = 0;
  svc_sha256_init(&c);
  for (;;) {
    ssize_t n = pread(fd, buf, sizeof buf, at);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) return -errno;
    if (n == 0) break;
    svc_sha256_update(&c, buf, (size_t)n);
    at += n;
  }
  svc_sha256_final(&c, digest);
  return 0;
}

int svc_exe_read(const char *path, struct svc_exe *out) {
  out->path[0] = 0;
  out->size = -1;
  out->hashed = 0;
#ifndef __APPLE__
  if (!path || !path[0] || svc_exe_in_system_dir(path)) return -ENOENT;
  int saved = errno;
  /* readable: hashed; execute-only (mode 0111): named, not hashed */
  int fd = open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK);
  int readable = fd >= 0;
  if (!readable) fd = open(path, O_PATH | O_CLOEXEC);
  if (fd < 0) {
    int e = errno;
    errno = saved;
    return -e;
  }
  char link[32];
  struct svc_sink lk;
  svc_sink_memory(&lk, link, sizeof link);
  svc_sink_puts(&lk, "/proc/self/fd/");
  svc_sink_int(&lk, fd);
  svc_sink_finish(&lk);
  ssize_t n = readlink(link, out->path, sizeof out->path - 1);
  int rc = 0;
  if (n <= 0) {
    rc = n < 0 ? -errno : -ENOENT;
    out->path[0] = 0;
    goto done;
  }
  out->path[n] = 0;
  struct stat st;
  if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) goto done;
  out->size = (long long)st.st_size;
  /* a link into the system directories names a program the server knows by its path */
  if (!readable || svc_exe_in_system_dir(out->path) || st.st_size > SVC_HASH_MAX) goto done;
  struct slot k;
  key_of(&st, &k);
  if (cache_get(&k, out->digest)) {
    out->hashed = 1;
    goto done;
  }
  if (hash_fd(fd, out->digest) == 0) {
    out->hashed = 1;
    cache_put(&k, out->digest);
  }
done:
  close(fd);
  errno = saved;
  return rc;
#else
  (void)path;
  return -ENOTSUP;
#endif
}

/* "sha256:" and 64 hex digits into out (72 bytes at least). */
void svc_exe_hash_text(const struct svc_exe *e, char out[SVC_EXE_HASH_TEXT]) {
  static const char hex[] = "0123456789abcdef";
  __builtin_memcpy(out, "sha256:", 7);
  for (int i = 0; i < SVC_SHA256_LEN; i++) out[7 + 2 * i] = hex[e->digest[i] >> 4], out[8 + 2 * i] = hex[e->digest[i] & 15];
  out[7 + 2 * SVC_SHA256_LEN] = 0;
}

int svc_exe_describe(const char *path, char *exe, size_t exelen, char *hash, size_t hashlen) {
  struct svc_exe e;
  if (!exe || !hash || hashlen < 8 + 2 * SVC_SHA256_LEN) return -EINVAL;
  int rc = svc_exe_read(path, &e);
  if (rc < 0) return rc;
  if (svc_copy(exe, exelen, e.path) >= exelen) return -ENAMETOOLONG;
  if (e.hashed)
    svc_exe_hash_text(&e, hash);
  else
    hash[0] = 0;
  return 0;
}
