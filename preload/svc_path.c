/* String helpers, the PATH search and the shell "-c" argument parser. All async-signal-safe:
 * only stack buffers and plain system calls. */
#define _GNU_SOURCE
#include "svc_path.h"

#include <errno.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

/* glibc's default search path when PATH is unset (confstr _CS_PATH). */
#define SVC_DEFAULT_PATH "/bin:/usr/bin"

size_t svc_strlen(const char *s) {
  size_t n = 0;
  if (!s) return 0;
  while (s[n]) n++;
  return n;
}

int svc_streq(const char *a, const char *b) {
  if (!a || !b) return 0;
  while (*a && *a == *b) a++, b++;
  return *a == *b;
}

size_t svc_copy(char *dst, size_t cap, const char *src) {
  size_t n = svc_strlen(src);
  if (cap) {
    size_t c = n < cap - 1 ? n : cap - 1;
    for (size_t i = 0; i < c; i++) dst[i] = src[i];
    dst[c] = 0;
  }
  return n;
}

const char *svc_getenv(char *const *envp, const char *name) {
  size_t n = svc_strlen(name);
  for (size_t i = 0; envp && envp[i]; i++) {
    const char *e = envp[i];
    size_t k = 0;
    while (k < n && e[k] == name[k]) k++;
    if (k == n && e[n] == '=') return e + n + 1;
  }
  return NULL;
}

const char *svc_basename(const char *p) {
  const char *b = p;
  for (; p && *p; p++)
    if (*p == '/') b = p + 1;
  return b;
}

void svc_write_all(int fd, const char *s, size_t n) {
  while (n) {
    ssize_t w = write(fd, s, n);
    if (w < 0 && errno == EINTR) continue;
    if (w <= 0) return;
    s += w;
    n -= (size_t)w;
  }
}

int svc_executable_st(const char *path, struct stat *st) {
  int saved = errno, rc = 0;
  if (faccessat(AT_FDCWD, path, X_OK, AT_EACCESS) != 0 || stat(path, st) != 0)
    rc = -errno;
  else if (S_ISDIR(st->st_mode))
    rc = -EACCES;
  errno = saved;
  return rc;
}

int svc_executable(const char *path) {
  struct stat st;
  return svc_executable_st(path, &st);
}

int svc_path_search(const char *file, char *const *envp, char *out, size_t cap) {
  struct stat st;
  return svc_path_search_st(file, envp, out, cap, &st);
}

int svc_path_search_st(const char *file, char *const *envp, char *out, size_t cap, struct stat *st) {
  int saw_eacces = 0;
  if (!file || !*file) return -ENOENT;
  size_t flen = svc_strlen(file);
  const char *path = svc_getenv(envp ? envp : SVC_ENVIRON, "PATH");
  if (!path) path = SVC_DEFAULT_PATH;
  for (const char *p = path;; p++) {
    const char *end = p;
    while (*end && *end != ':') end++;
    size_t dlen = (size_t)(end - p);
    /* an empty element means the current directory, as in glibc */
    if (dlen + 1 + flen < cap) {
      size_t o = 0;
      for (size_t i = 0; i < dlen; i++) out[o++] = p[i];
      if (dlen) out[o++] = '/';
      for (size_t i = 0; i < flen; i++) out[o++] = file[i];
      out[o] = 0;
      int e = svc_executable_st(out, st);
      if (e == 0) return 0;
      if (e == -EACCES) saw_eacces = 1;
    }
    if (!*end) break;
    p = end;
  }
  if (cap) out[0] = 0;
  return saw_eacces ? -EACCES : -ENOENT;
}

/* Shell options whose value is the next argument. */
static int takes_value(const char *long_opt) {
  return svc_streq(long_opt, "--rcfile") || svc_streq(long_opt, "--init-file");
}

int svc_shell_command_index(char *const *argv) {
  int has_c = 0;
  if (!argv || !argv[0]) return -ENOENT;
  for (int i = 1; argv[i]; i++) {
    const char *a = argv[i];
    if (svc_streq(a, "--") || svc_streq(a, "-")) {
      return has_c && argv[i + 1] ? i + 1 : -ENOENT;
    }
    if (a[0] == '-' && a[1] == '-') {
      if (takes_value(a) && argv[i + 1]) i++;
      continue;
    }
    if ((a[0] == '-' || a[0] == '+') && a[1]) {
      int values = 0;
      for (const char *q = a + 1; *q; q++) {
        if (*q == 'c' && a[0] == '-') has_c = 1;
        if (*q == 'o' || *q == 'O') values++;
      }
      while (values-- > 0 && argv[i + 1]) i++;
      continue;
    }
    return has_c ? i : -ENOENT;
  }
  return -ENOENT;
}
