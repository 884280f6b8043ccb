/* libsvc.so: asks the svc server before a process image is replaced or a child is spawned.
 *
 * Interposed: execve execv execvp execvpe execl execle execlp fexecve execveat posix_spawn
 * posix_spawnp system popen. Each call is reduced to one logical exec (PATH searches are
 * resolved here once, so a search asks once), checked over the Unix socket (svc_check.c), and
 * then performed by the real execve/posix_spawn with a child environment that carries the
 * library and the SERVICE_* values from the load-time snapshot, whatever the caller passed.
 *
 * Everything after the constructor is async-signal-safe and allocation-free, so the same code
 * runs in threads, fork children and vfork children (dash, CPython). The check path never
 * calls an interposed symbol (only the real_* pointers and plain syscalls), so it cannot
 * recurse into itself. See preload/README.md for the design choices. */
#define _GNU_SOURCE
#include "svc_check.h"
#include "svc_path.h"
#include "svc_env.h"
#include "svc_exe.h"
#include "svc_wire.h"

#include <dlfcn.h>
#ifndef __APPLE__
#include <link.h>
#endif
#include <errno.h>
#include <fcntl.h>
#include <spawn.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#ifndef __APPLE__
#include <sys/syscall.h>
#endif
#include <sys/stat.h>
#include <unistd.h>


/* Variadic execl* calls are collected on the stack; beyond this the call fails with E2BIG. */
#define SVC_EXECL_ARGS_MAX 16384

#ifdef __APPLE__
/* dyld interposing: our svc_NAME replaces NAME everywhere except inside this image, so the
 * "real" functions are the plain libc symbols. */
#define SVC_FN(name) svc_##name
#define SVC_API static
#else
#define SVC_FN(name) name
#define SVC_API SVC_EXPORT
#endif

typedef int (*execve_fn)(const char *, char *const[], char *const[]);
typedef int (*fexecve_fn)(int, char *const[], char *const[]);
typedef int (*execveat_fn)(int, const char *, char *const[], char *const[], int);
typedef int (*spawn_fn)(pid_t *, const char *, const posix_spawn_file_actions_t *,
                        const posix_spawnattr_t *, char *const[], char *const[]);
typedef int (*system_fn)(const char *);
typedef FILE *(*popen_fn)(const char *, const char *);

static execve_fn real_execve;
static fexecve_fn real_fexecve;
static execveat_fn real_execveat;
static spawn_fn real_posix_spawn;
static system_fn real_system;
static popen_fn real_popen;

#ifdef __APPLE__
static void resolve_real(void) {
  real_execve = execve;
  real_posix_spawn = posix_spawn;
  real_system = system;
  real_popen = popen;
}
#else
static void resolve_real(void) {
  real_execve = (execve_fn)dlsym(RTLD_NEXT, "execve");
  real_fexecve = (fexecve_fn)dlsym(RTLD_NEXT, "fexecve");
  real_execveat = (execveat_fn)dlsym(RTLD_NEXT, "execveat");
  real_posix_spawn = (spawn_fn)dlsym(RTLD_NEXT, "posix_spawn");
  real_system = (system_fn)dlsym(RTLD_NEXT, "system");
  real_popen = (popen_fn)dlsym(RTLD_NEXT, "popen");
}
#endif

#ifndef __APPLE__
/* Our entry points: each name must resolve to the definition in this library. */
static const char *const entry_points[] = {
    "execve", "execv", "execvp", "execvpe", "execl", "execle", "execlp", "fexecve", "execveat",
    "posix_spawn", "posix_spawnp", "system", "popen",
};

/* True when this library is the first object the loader searches after the program itself (the
 * kernel's vDSO aside): nothing preloaded ahead of it can then define one of our names. One
 * walk of a few pointers, so the common case costs no symbol lookups. */
static int loaded_first(const void *base) {
  struct link_map *m = _r_debug.r_map;
  if (!m) return 0;
  for (m = m->l_next; m; m = m->l_next) {
    const char *n = m->l_name ? m->l_name : "";
    const char *b = svc_basename(n);
    if (!*n || (b[0] == 'l' && b[1] == 'i' && b[2] == 'n' && b[3] == 'u' && b[4] == 'x' && b[5] == '-'))
      continue; /* linux-vdso.so.1 / linux-gate.so.1 define no exec functions */
    return (const void *)m->l_addr == base;
  }
  return 0;
}

/* This library was named in LD_PRELOAD at start (as the loader was given it, or absolute). */
static int preloaded(const char *self) {
  const char *v = svc_cfg.load_preload;
  if (!v || !self) return 0;
  size_t sl = svc_strlen(self);
  const char *abs = svc_cfg.self_path;
  size_t al = svc_strlen(abs);
  for (const char *p = v; *p;) {
    while (*p == ':' || *p == ' ') p++;
    const char *e = p;
    while (*e && *e != ':' && *e != ' ') e++;
    size_t n = (size_t)(e - p), k = 0;
    if (n == sl) {
      while (k < n && p[k] == self[k]) k++;
      if (k == n) return 1;
    }
    k = 0;
    if (al && n == al) {
      while (k < n && p[k] == abs[k]) k++;
      if (k == n) return 1;
    }
    p = e;
  }
  return 0;
}

/* Another library loaded ahead of this one (its own LD_PRELOAD entry, say) that defines execve
 * would take every such call past the check. Children get our library first again (svc_env.c);
 * this process cannot be repaired, so it is told once on stderr, and with SERVICE_FAIL_OPEN=0
 * it does not run at all. */
static void check_not_shadowed(const void *base, const char *self) {
  /* only a preloaded library interposes; one opened with dlopen (a test, a tool) checks nothing */
  if (!preloaded(self) || loaded_first(base)) return;
  char names[256];
  struct svc_sink k;
  svc_sink_memory(&k, names, sizeof names);
  int n = 0;
  Dl_info who = {0};
  for (size_t i = 0; i < sizeof entry_points / sizeof entry_points[0]; i++) {
    /* (&execve here would be the interposed definition too: compare the defining object) */
    void *found = dlsym(RTLD_DEFAULT, entry_points[i]);
    Dl_info at;
    if (!found || !dladdr(found, &at) || at.dli_fbase == base) continue;
    if (n++) svc_sink_puts(&k, ", ");
    svc_sink_puts(&k, entry_points[i]);
    if (!who.dli_fname) who = at;
  }
  svc_sink_finish(&k);
  if (!n) return;
  char line[1024];
  svc_sink_memory(&k, line, sizeof line - 1);
  svc_sink_puts(&k, "svc: preload: ");
  svc_sink_puts(&k, names);
  svc_sink_puts(&k, " of this process come from ");
  svc_sink_puts(&k, who.dli_fname ? who.dli_fname : "another library");
  svc_sink_puts(&k, ", loaded before libsvc.so: those calls are not checked");
  svc_sink_puts(&k, svc_cfg.fail_open ? " (fail-open: running anyway)" : "; refusing to run (SERVICE_FAIL_OPEN=0)");
  svc_sink_finish(&k);
  size_t len = svc_strlen(line);
  line[len++] = '\n';
  svc_write_all(2, line, len);
  if (!svc_cfg.fail_open) _exit(126);
}
#endif

__attribute__((constructor)) static void svc_init(void) {
  if (svc_cfg.ready) return; /* ensure_init ran it already: one snapshot, not two */
  Dl_info info;
  const char *self = NULL;
  const void *base = NULL;
  if (dladdr((void *)&svc_init, &info) && info.dli_fname) self = info.dli_fname, base = info.dli_fbase;
  svc_config_load(SVC_ENVIRON, self);
  resolve_real();
  svc_reserve_init();
  svc_exe_cache_init();
#ifndef __APPLE__
  check_not_shadowed(base, self);
#endif
}

/* A call that arrives before our constructor (another library's constructor execs) still
 * gets a configuration; this path is not async-signal-safe, but it only runs at load. */
static void ensure_init(void) {
  if (!svc_cfg.ready) svc_init();
}

/* dash and CPython keep trying the remaining PATH directories after EPERM, and on a merged-/usr
 * system /usr/bin/x and /bin/x are one file: the same refused exec would be asked about (an
 * approval requested) and reported twice. So a denial is remembered for the same process, file
 * and argv for a moment, and the repeat fails silently. The pid is part of the key because a
 * vfork child writes this into its parent's memory; the sequence counter keeps a concurrent
 * thread from reading a half-written entry (lock-free, so still async-signal-safe). */
#define SVC_REPEAT_WINDOW_MS 1000

static struct {
  unsigned seq;
  pid_t pid;
  dev_t dev;
  ino_t ino;
  unsigned long long argv_hash;
  long long at;
} last_deny;

static unsigned long long hash_argv(char *const argv[]) {
  unsigned long long h = 1469598103934665603ULL; /* FNV-1a */
  for (size_t i = 0; argv && argv[i]; i++) {
    for (const unsigned char *p = (const unsigned char *)argv[i]; *p; p++) h = (h ^ *p) * 1099511628211ULL;
    h = (h ^ 0xff) * 1099511628211ULL; /* argument boundary */
  }
  return h;
}

static int repeated_denial(const struct stat *st, char *const argv[]) {
  unsigned s1 = __atomic_load_n(&last_deny.seq, __ATOMIC_ACQUIRE);
  if (s1 & 1) return 0;
  /* cheapest tests first: most execs were never refused, so no getpid system call */
  int same = last_deny.ino == st->st_ino && last_deny.dev == st->st_dev && last_deny.pid == getpid() &&
             last_deny.argv_hash == hash_argv(argv) && svc_now_ms() - last_deny.at < SVC_REPEAT_WINDOW_MS;
  return same && __atomic_load_n(&last_deny.seq, __ATOMIC_ACQUIRE) == s1;
}

static void remember_denial(const struct stat *st, char *const argv[]) {
  unsigned s = __atomic_load_n(&last_deny.seq, __ATOMIC_RELAXED);
  if (s & 1) return; /* another thread is writing; skipping is harmless */
  if (!__atomic_compare_exchange_n(&last_deny.seq, &s, s + 1, 0, __ATOMIC_ACQUIRE, __ATOMIC_RELAXED)) return;
  last_deny.pid = getpid();
  last_deny.dev = st->st_dev;
  last_deny.ino = st->st_ino;
  last_deny.argv_hash = hash_argv(argv);
  last_deny.at = svc_now_ms();
  __atomic_store_n(&last_deny.seq, s + 2, __ATOMIC_RELEASE);
}

/* Asks the server about one logical exec; on deny prints the reason and sets EPERM. */
static int allowed(const struct svc_request *r) {
  struct svc_outcome out;
  /* svc-shim checks its own -c command, so exec'ing it is not asked twice */
  if (svc_cfg.shim_path[0] && svc_streq(r->path, svc_cfg.shim_path) &&
      svc_shell_command_index(r->argv) >= 0)
    return 1;
  if (svc_check(r, &out) == SVC_ALLOW) return 1;
  svc_report_block(r, &out);
  errno = EPERM;
  return 0;
}

enum via { VIA_EXECVE, VIA_FEXECVE, VIA_EXECVEAT };

struct target {
  enum via via;
  const char *path;      /* what runs (resolved) */
  int fd;                /* fexecve fd / execveat dirfd */
  const char *pathname;  /* execveat pathname */
  int flags;             /* execveat flags */
  int searched;          /* found by a PATH search: ENOEXEC runs it with /bin/sh (glibc) */
};

static int run_with_env(const struct target *t, char *const argv[], char *const envp[]) {
  switch (t->via) {
#ifndef __APPLE__
    case VIA_FEXECVE:
      if (real_fexecve) return real_fexecve(t->fd, argv, envp);
      return (int)syscall(SYS_execveat, t->fd, "", argv, envp, AT_EMPTY_PATH);
    case VIA_EXECVEAT:
      if (real_execveat) return real_execveat(t->fd, t->pathname, argv, envp, t->flags);
      return (int)syscall(SYS_execveat, t->fd, t->pathname, argv, envp, t->flags);
#endif
    default:
      return real_execve(t->path, argv, envp);
  }
}

/* glibc's execvp runs a file without a #! line through /bin/sh; keep that behaviour. */
static int exec_as_script(const struct target *t, char *const argv[], char *const envp[]) {
  size_t argc = 0;
  while (argv && argv[argc]) argc++;
  if (argc > SVC_EXECL_ARGS_MAX) {
    errno = ENOEXEC;
    return -1;
  }
  char *sh_argv[argc + 2];
  sh_argv[0] = (char *)"/bin/sh";
  sh_argv[1] = (char *)t->path;
  for (size_t i = 1; i < argc; i++) sh_argv[i + 1] = argv[i];
  sh_argv[argc < 1 ? 2 : argc + 1] = NULL;
  real_execve("/bin/sh", sh_argv, envp);
  errno = ENOEXEC;
  return -1;
}

/* Checks, then execs with the repaired environment (src NULL means environ). `st` is the
 * target's stat when known (execve-like calls), which keys the repeated-denial memory. */
static int exec_checked(const struct svc_request *r, const struct target *t, char *const argv[],
                        char *const src_env[], const struct stat *st) {
  if (st && repeated_denial(st, argv)) {
    errno = EPERM;
    return -1;
  }
  if (!allowed(r)) {
    if (st) remember_denial(st, argv);
    errno = EPERM;
    return -1;
  }
  char *const *src = src_env ? src_env : SVC_ENVIRON;
  size_t n = svc_env_count(src);
  if (n > SVC_ENV_MAX) {
    errno = E2BIG;
    return -1;
  }
  char *slots[n + SVC_ENV_EXTRA];
  char ld[SVC_ENV_PRELOAD_MAX];
  char **envp = svc_env_rebuild(src, slots, ld, sizeof ld);
  int rc = run_with_env(t, argv, envp);
  if (rc < 0 && errno == ENOEXEC && t->searched) return exec_as_script(t, argv, envp);
  return rc;
}

/* execve-like with an explicit path: a path that cannot run is not worth asking about (this
 * is what keeps PATH loops in CPython and dash at one check per command). */
static int exec_path(const char *api, const char *path, char *const argv[], char *const envp[]) {
  ensure_init();
  struct stat st;
  int e = svc_executable_st(path, &st);
  if (e < 0) {
    errno = -e;
    return -1;
  }
  struct svc_request r = {
      .api = api, .path = path, .argv = argv, .search_env = envp ? envp : SVC_ENVIRON, .child_env = envp, .st = &st};
  struct target t = {.via = VIA_EXECVE, .path = path, .fd = -1};
  return exec_checked(&r, &t, argv, envp, &st);
}

/* PATH-searching variants: resolve once, ask once, exec once. */
static int exec_search(const char *api, const char *file, char *const argv[], char *const envp[]) {
  ensure_init();
  if (!file || !*file) {
    errno = ENOENT;
    return -1;
  }
  for (const char *p = file; *p; p++)
    if (*p == '/') return exec_path(api, file, argv, envp);
  char path[PATH_MAX];
  struct stat st;
  int e = svc_path_search_st(file, SVC_ENVIRON, path, sizeof path, &st);
  if (e < 0) {
    errno = -e;
    return -1;
  }
  struct svc_request r = {
      .api = api, .path = path, .file = file, .argv = argv, .search_env = SVC_ENVIRON, .child_env = envp, .st = &st};
  struct target t = {.via = VIA_EXECVE, .path = path, .fd = -1, .searched = 1};
  return exec_checked(&r, &t, argv, envp, &st);
}

SVC_API int SVC_FN(execve)(const char *path, char *const argv[], char *const envp[]) {
  return exec_path("execve", path, argv, envp);
}

SVC_API int SVC_FN(execv)(const char *path, char *const argv[]) {
  return exec_path("execv", path, argv, NULL);
}

SVC_API int SVC_FN(execvp)(const char *file, char *const argv[]) {
  return exec_search("execvp", file, argv, NULL);
}

#ifndef __APPLE__
SVC_API int SVC_FN(execvpe)(const char *file, char *const argv[], char *const envp[]) {
  return exec_search("execvpe", file, argv, envp);
}
#endif

/* Collects the NULL-terminated variadic arguments of execl* into argv (stack); `after`
 * reads what follows the terminating NULL (execle's envp). */
#define COLLECT_ARGS(arg, argv_name, after)                                  \
  size_t argc_ = 0;                                                          \
  {                                                                          \
    va_list c_;                                                              \
    va_start(c_, arg);                                                       \
    if (arg) {                                                               \
      argc_ = 1;                                                             \
      while (argc_ <= SVC_EXECL_ARGS_MAX && va_arg(c_, char *)) argc_++;     \
    }                                                                        \
    va_end(c_);                                                              \
  }                                                                          \
  if (argc_ > SVC_EXECL_ARGS_MAX) {                                          \
    errno = E2BIG;                                                           \
    return -1;                                                               \
  }                                                                          \
  char *argv_name[argc_ + 1];                                                \
  {                                                                          \
    va_list a_;                                                              \
    va_start(a_, arg);                                                       \
    if (arg) {                                                               \
      argv_name[0] = (char *)(arg);                                          \
      for (size_t i_ = 1; i_ < argc_; i_++) argv_name[i_] = va_arg(a_, char *); \
      (void)va_arg(a_, char *);                                              \
    }                                                                        \
    argv_name[argc_] = NULL;                                                 \
    after;                                                                   \
    va_end(a_);                                                              \
  }

SVC_API int SVC_FN(execl)(const char *path, const char *arg, ...) {
  COLLECT_ARGS(arg, argv, (void)0);
  return exec_path("execl", path, argv, NULL);
}

SVC_API int SVC_FN(execle)(const char *path, const char *arg, ...) {
  char *const *envp = NULL;
  COLLECT_ARGS(arg, argv, envp = va_arg(a_, char *const *));
  return exec_path("execle", path, argv, envp);
}

SVC_API int SVC_FN(execlp)(const char *file, const char *arg, ...) {
  COLLECT_ARGS(arg, argv, (void)0);
  return exec_search("execlp", file, argv, NULL);
}

#ifndef __APPLE__
/* Path of an open descriptor, for the request (the kernel's view, not the caller's claim). */
static void fd_path(int fd, char *out, size_t cap) {
  char link[32], digits[12];
  size_t o = svc_copy(link, sizeof link, "/proc/self/fd/");
  int i = sizeof digits;
  unsigned v = (unsigned)fd;
  digits[--i] = 0;
  do {
    digits[--i] = (char)('0' + v % 10);
    v /= 10;
  } while (v && i > 0);
  svc_copy(link + o, sizeof link - o, digits + i);
  ssize_t n = readlink(link, out, cap - 1);
  if (n < 0) {
    svc_copy(out, cap, link);
    return;
  }
  out[n] = 0;
}

SVC_API int SVC_FN(fexecve)(int fd, char *const argv[], char *const envp[]) {
  ensure_init();
  char path[PATH_MAX];
  fd_path(fd, path, sizeof path);
  struct svc_request r = {
      .api = "fexecve", .path = path, .argv = argv, .search_env = envp ? envp : SVC_ENVIRON, .child_env = envp};
  struct target t = {.via = VIA_FEXECVE, .path = path, .fd = fd};
  return exec_checked(&r, &t, argv, envp, NULL);
}

SVC_API int SVC_FN(execveat)(int dirfd, const char *pathname, char *const argv[],
                             char *const envp[], int flags) {
  ensure_init();
  char path[PATH_MAX];
  if (pathname && pathname[0] == '/') {
    svc_copy(path, sizeof path, pathname);
  } else if ((flags & AT_EMPTY_PATH) && pathname && !pathname[0]) {
    fd_path(dirfd, path, sizeof path);
  } else {
    char base[PATH_MAX];
    if (dirfd == AT_FDCWD) {
      svc_getcwd(base, sizeof base);
    } else {
      fd_path(dirfd, base, sizeof base);
    }
    size_t o = svc_copy(path, sizeof path, base);
    if (o + 1 < sizeof path) {
      path[o] = '/';
      svc_copy(path + o + 1, sizeof path - o - 1, pathname ? pathname : "");
    }
  }
  struct svc_request r = {
      .api = "execveat", .path = path, .argv = argv, .search_env = envp ? envp : SVC_ENVIRON, .child_env = envp};
  struct target t = {.via = VIA_EXECVEAT, .path = path, .fd = dirfd, .pathname = pathname, .flags = flags};
  return exec_checked(&r, &t, argv, envp, NULL);
}
#endif

/* posix_spawn reports failure as a return value and must leave errno alone. */
static int spawn_checked(const char *api, pid_t *pid, const char *path, const char *file,
                         const posix_spawn_file_actions_t *fa, const posix_spawnattr_t *attr,
                         char *const argv[], char *const envp[], const struct stat *st) {
  int saved = errno;
  struct svc_request r = {
      .api = api, .path = path, .file = file, .argv = argv, .search_env = SVC_ENVIRON, .child_env = envp, .st = st};
  if (!allowed(&r)) {
    errno = saved;
    return EPERM;
  }
  char *const *src = envp ? envp : SVC_ENVIRON;
  size_t n = svc_env_count(src);
  if (n > SVC_ENV_MAX) return E2BIG;
  char *slots[n + SVC_ENV_EXTRA];
  char ld[SVC_ENV_PRELOAD_MAX];
  char **env = svc_env_rebuild(src, slots, ld, sizeof ld);
  errno = saved;
  return real_posix_spawn(pid, path, fa, attr, argv, env);
}

SVC_API int SVC_FN(posix_spawn)(pid_t *pid, const char *path, const posix_spawn_file_actions_t *fa,
                                const posix_spawnattr_t *attr, char *const argv[],
                                char *const envp[]) {
  ensure_init();
  /* file actions may chdir in the child, so only an absolute path can be judged here */
  struct stat st, *stp = NULL;
  if (path && path[0] == '/') {
    int e = svc_executable_st(path, &st);
    if (e < 0) return -e; /* posix_spawn reports a positive errno */
    stp = &st;
  }
  return spawn_checked("posix_spawn", pid, path, NULL, fa, attr, argv, envp, stp);
}

SVC_API int SVC_FN(posix_spawnp)(pid_t *pid, const char *file, const posix_spawn_file_actions_t *fa,
                                 const posix_spawnattr_t *attr, char *const argv[],
                                 char *const envp[]) {
  ensure_init();
  if (!file || !*file) return ENOENT;
  for (const char *p = file; *p; p++)
    if (*p == '/') return SVC_FN(posix_spawn)(pid, file, fa, attr, argv, envp);
  char path[PATH_MAX];
  struct stat st;
  int e = svc_path_search_st(file, SVC_ENVIRON, path, sizeof path, &st);
  if (e < 0) return -e;
  return spawn_checked("posix_spawnp", pid, path, file, fa, attr, argv, envp, &st);
}

/* system() and popen() start /bin/sh from environ inside libc. When environ no longer carries
 * the library (the program unset LD_PRELOAD, say), the text handed to that shell first puts
 * the snapshot back and re-execs a shell that has it, so what cmd runs is still checked.
 * (popen cannot be reimplemented here: glibc's pclose only knows its own streams.) */
static const char *shell_command(const char *cmd, char *buf, size_t cap) {
  if (svc_env_covered(SVC_ENVIRON)) return cmd;
  if (svc_env_shell_command(SVC_ENVIRON, cmd, buf, cap) == 0) return buf;
  svc_debug("environment not repaired for the shell: command too long", NULL);
  return cmd;
}

#define SVC_SHELL_CMD_MAX (64 * 1024)

SVC_API int SVC_FN(system)(const char *cmd) {
  ensure_init();
  if (!cmd) return real_system(cmd); /* "is a shell available?" runs nothing */
  char *const argv[] = {(char *)"sh", (char *)"-c", (char *)cmd, NULL};
  struct svc_request r = {.api = "system", .path = "/bin/sh", .argv = argv, .command = cmd, .search_env = SVC_ENVIRON};
  if (!allowed(&r)) return -1;
  char buf[SVC_SHELL_CMD_MAX];
  return real_system(shell_command(cmd, buf, sizeof buf));
}

SVC_API FILE *SVC_FN(popen)(const char *cmd, const char *type) {
  ensure_init();
  if (!cmd) return real_popen(cmd, type);
  char *const argv[] = {(char *)"sh", (char *)"-c", (char *)cmd, NULL};
  struct svc_request r = {.api = "popen", .path = "/bin/sh", .argv = argv, .command = cmd, .search_env = SVC_ENVIRON};
  if (!allowed(&r)) return NULL;
  char buf[SVC_SHELL_CMD_MAX];
  return real_popen(shell_command(cmd, buf, sizeof buf), type);
}

#ifdef __APPLE__
struct svc_interpose {
  const void *replacement;
  const void *original;
};
#define INTERPOSE(name)                                                               \
  __attribute__((used)) static const struct svc_interpose svc_interpose_##name        \
      __attribute__((section("__DATA,__interpose"))) = {(const void *)&svc_##name, \
                                                        (const void *)&name}
INTERPOSE(execve);
INTERPOSE(execv);
INTERPOSE(execvp);
INTERPOSE(execl);
INTERPOSE(execle);
INTERPOSE(execlp);
INTERPOSE(posix_spawn);
INTERPOSE(posix_spawnp);
INTERPOSE(system);
INTERPOSE(popen);
#endif
