/* Configuration snapshot and the socket round trip.
 *
 * One fresh SOCK_CLOEXEC connection per check, stack buffers only, no locks: a check is
 * therefore correct in threads, in fork and vfork children and in signal handlers, and no
 * descriptor or state outlives it. errno is preserved on every path. */
#define _GNU_SOURCE
#include "svc_check.h"
#include "svc_wire.h"
#include "svc_path.h"
#include "svc_reply.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <stdlib.h>
#include <signal.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <sys/stat.h>
#ifndef __APPLE__
#include <sys/syscall.h>
#endif
#include <sys/un.h>
#include <time.h>
#include <unistd.h>

struct svc_config svc_cfg = {.agent = "", .session = "", .run_id = "", .self_path = "",
                             .shim_path = "", .preload_entry = ""};

/* ---- the string arena ----
 * Strings kept at load live in a small static arena that shares its page with the library's
 * other writable data, the page the loader writes relocations into anyway: a process start then
 * faults in no extra page and the loader maps no separate zero-fill block. Only unusually long
 * values spill into one mmap'd block. Strings are built in place, so the constructor needs no
 * large stack buffers (every fresh stack page costs a fault at process start). */
static char arena_small[SVC_ARENA_SMALL];
static struct {
  char *base;
  size_t cap;
  size_t used;
  size_t mark; /* start of the string being built */
  int full;    /* the string being built did not fit */
} ar = {.base = arena_small, .cap = sizeof arena_small};

/* Moves to the spill block, taking the partial string along: 1 when the string now fits, else 0. */
static int ar_spill(size_t need) {
  if (ar.base != arena_small) return 0;
  void *p = mmap(NULL, SVC_ARENA_MAX, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (p == MAP_FAILED) return 0;
  char *big = p;
  size_t part = ar.used - ar.mark;
  for (size_t i = 0; i < part; i++) big[i] = arena_small[ar.mark + i];
  ar.base = big;
  ar.cap = SVC_ARENA_MAX;
  ar.mark = 0;
  ar.used = part;
  return ar.used + need + 1 <= ar.cap;
}

static void ar_begin(void) {
  ar.mark = ar.used;
  ar.full = 0;
}

static void ar_put(const char *s, size_t n) {
  if (ar.full) return;
  if (ar.used + n + 1 > ar.cap && !ar_spill(n)) {
    ar.full = 1;
    return;
  }
  for (size_t i = 0; i < n; i++) ar.base[ar.used + i] = s[i];
  ar.used += n;
}

/* Ends the string being built: its address, or "" when it did not fit. */
static const char *ar_end(void) {
  if (ar.full) {
    ar.used = ar.mark;
    return "";
  }
  ar.base[ar.used++] = 0;
  return ar.base + ar.mark;
}

/* Copies s (at most max bytes of it) into the arena; "" when the arena is full. */
static const char *keep(const char *s, size_t max) {
  size_t n = svc_strlen(s);
  ar_begin();
  ar_put(s, n < max ? n : max);
  return ar_end();
}

/* Variables a child always receives from the snapshot; the caller's copies are dropped, so a
 * child can neither switch itself to fail-open nor point itself at another socket. The order
 * matches enum env_var below. */
const char *const svc_env_names[] = {
    "SERVICE_SOCKET",      "SERVICE_AGENT",        "SERVICE_SESSION",
    "SERVICE_RUN",         "SERVICE_FAIL_OPEN",    "SERVICE_PRELOAD_TIMEOUT_MS",
    "SERVICE_PRELOAD_ASK_TIMEOUT_MS", "SERVICE_PRELOAD_ASK", "SERVICE_PRELOAD_DEBUG",
    "SERVICE_REAL_SHELL",  NULL};

/* What the configuration reads from the environment; the first ten are svc_env_names. */
enum env_var {
  E_SOCKET, E_AGENT, E_SESSION, E_RUN, E_FAIL_OPEN, E_TIMEOUT, E_ASK_TIMEOUT, E_ASK, E_DEBUG,
  E_REAL_SHELL, E_HOME, E_PRELOAD, E_COUNT
};

#ifdef __APPLE__
#define SVC_CFG_PRELOAD_VAR "DYLD_INSERT_LIBRARIES"
#else
#define SVC_CFG_PRELOAD_VAR "LD_PRELOAD"
#endif

/* The value of entry "NAME=value" for this name, else NULL. */
static const char *value_of(const char *entry, const char *name) {
  size_t k = 0;
  while (name[k] && entry[k] == name[k]) k++;
  return !name[k] && entry[k] == '=' ? entry + k + 1 : NULL;
}

static int starts_with(const char *s, const char *prefix) {
  while (*prefix && *s == *prefix) s++, prefix++;
  return !*prefix;
}

/* One pass over the environment (first occurrence wins, as with getenv): a process start pays
 * for one walk of a long environment, not one per variable. */
static void scan_env(char *const *envp, const char *v[E_COUNT]) {
  struct svc_config *c = &svc_cfg;
  for (int i = 0; i < E_COUNT; i++) v[i] = NULL;
  c->n_load_env = 0;
  for (size_t i = 0; envp && envp[i]; i++) {
    const char *e = envp[i], *val = NULL;
    int k = -1;
    if (svc_env_runs_code(e)) {
      if (c->n_load_env < SVC_LOAD_ENV_MAX) c->load_env[c->n_load_env++] = e;
      else c->load_env_full = 1;
    }
    if (starts_with(e, "SERVICE_")) {
      for (int j = 0; j < E_HOME && !val; j++)
        if ((val = value_of(e, svc_env_names[j]))) k = j;
    } else if ((val = value_of(e, "HOME"))) {
      k = E_HOME;
    } else if ((val = value_of(e, SVC_CFG_PRELOAD_VAR))) {
      k = E_PRELOAD;
    }
    if (k >= 0 && !v[k]) v[k] = val;
  }
}

static long parse_ms(const char *v, long dflt) {
  if (!v || !*v) return dflt;
  long x = 0;
  for (const char *p = v; *p; p++) {
    if (*p < '0' || *p > '9' || x > 100000000L) return dflt;
    x = x * 10 + (*p - '0');
  }
  return x;
}

/* Unset, empty, 1/true/yes/on: fail open. 0/false/no/off, and anything unrecognised: strict,
 * because a typo in a safety switch should not weaken it. */
static int parse_fail_open(const char *v) {
  if (!v || !*v) return 1;
  const char *open[] = {"1", "true", "yes", "on", NULL};
  for (int i = 0; open[i]; i++)
    if (svc_streq(v, open[i])) return 1;
  return 0;
}

/* "NAME=value" into the child snapshot; a value too long for it is left out, never cut. */
static void add_env(const char *name, const char *value) {
  struct svc_config *c = &svc_cfg;
  size_t nl = svc_strlen(name), vl = svc_strlen(value);
  if (c->n_env >= SVC_ENV_NAMES_MAX || nl + 1 + vl >= SVC_ENV_ENTRY_MAX) return;
  ar_begin();
  ar_put(name, nl);
  ar_put("=", 1);
  ar_put(value, vl);
  const char *kept = ar_end();
  if (*kept) c->env_entries[c->n_env++] = kept;
}

static void itoa_into(char *dst, size_t cap, long v) {
  char tmp[24];
  int i = sizeof tmp;
  tmp[--i] = 0;
  do {
    tmp[--i] = (char)('0' + v % 10);
    v /= 10;
  } while (v && i > 0);
  svc_copy(dst, cap, tmp + i);
}

/* s[0..n) equals the string t. */
static int span_is(const char *s, size_t n, const char *t) {
  size_t k = 0;
  while (k < n && t[k] && s[k] == t[k]) k++;
  return k == n && !t[k];
}

/* LD_PRELOAD for children: our library first, spelled as an absolute path (a relative entry
 * would break after a chdir), then the rest of the load-time list in its order. A library
 * ahead of ours could define execve and take every exec past the check. */
static void snapshot_preload(const char *cur, const char *self_arg) {
  struct svc_config *c = &svc_cfg;
  static const char var[] = SVC_CFG_PRELOAD_VAR "=";
  size_t o = sizeof var - 1; /* length so far, bounded as the entry always was */
  if (!c->self_path[0]) return;
  ar_begin();
  ar_put(var, o);
  size_t sl = svc_strlen(c->self_path);
  ar_put(c->self_path, sl);
  o += sl;
  for (const char *p = cur; p && *p;) {
    while (*p == ':' || *p == ' ') p++;
    const char *e = p;
    while (*e && *e != ':' && *e != ' ') e++;
    if (e == p) break;
    size_t n = (size_t)(e - p) < PATH_MAX - 1 ? (size_t)(e - p) : PATH_MAX - 1;
    if (span_is(p, n, c->self_path) || (self_arg && span_is(p, n, self_arg))) {
      p = e;
      continue;
    }
    if (o + n + 2 >= SVC_PRELOAD_ENTRY_MAX) break;
    ar_put(":", 1);
    ar_put(p, n);
    o += n + 1;
    p = e;
  }
  c->preload_entry = ar_end();
}

/* An absolute path without ".", ".." or empty components. */
static int clean_absolute(const char *p) {
  if (p[0] != '/') return 0;
  for (const char *q = p; *q; q++) {
    if (*q != '/') continue;
    if (q[1] == '/' || (q[1] == '.' && (q[2] == '/' || !q[2] || (q[2] == '.' && (q[3] == '/' || !q[3])))))
      return 0;
  }
  return 1;
}

/* realpath needs a PATH_MAX buffer; kept out of the common path's stack frame. */
__attribute__((noinline)) static const char *keep_resolved(const char *path) {
  char abs[PATH_MAX];
  return keep(realpath(path, abs) ? abs : path, PATH_MAX);
}

static void socket_path(const char *sock, const char *home) {
  struct svc_config *c = &svc_cfg;
  static const char tail[] = "/.svc/svc.sock";
  if (sock && *sock) {
    c->sock_path_ok = svc_copy(c->sock_path, sizeof c->sock_path, sock) < sizeof c->sock_path;
  } else {
    size_t n = svc_strlen(home);
    c->sock_path_ok = n && n + sizeof tail <= sizeof c->sock_path;
    if (c->sock_path_ok) {
      svc_copy(c->sock_path, sizeof c->sock_path, home);
      svc_copy(c->sock_path + n, sizeof c->sock_path - n, tail);
    }
  }
  if (!c->sock_path_ok) c->sock_path[0] = 0;
}

void svc_config_load(char *const *envp, const char *self) {
  struct svc_config *c = &svc_cfg;
  const char *v[E_COUNT];
  scan_env(envp, v);
  c->debug = svc_streq(v[E_DEBUG], "1");
  c->fail_open = parse_fail_open(v[E_FAIL_OPEN]);
  c->timeout_ms = parse_ms(v[E_TIMEOUT], SVC_DEFAULT_TIMEOUT_MS);
  c->ask_timeout_ms = parse_ms(v[E_ASK_TIMEOUT], SVC_DEFAULT_ASK_TIMEOUT_MS);
  c->ask_wait = !svc_streq(v[E_ASK], "deny");
  socket_path(v[E_SOCKET], v[E_HOME]);

  const char *agent = v[E_AGENT], *session = v[E_SESSION], *run = v[E_RUN];
  c->agent = keep(agent && *agent ? agent : "preload", SVC_IDENT_MAX);
  if (session && *session) {
    c->session = keep(session, SVC_IDENT_MAX);
  } else {
    /* one session per preloaded process tree: derived here and inherited by every child */
    char num[24], derived[32];
    itoa_into(num, sizeof num, (long)getpid());
    svc_copy(derived, sizeof derived, "preload-");
    svc_copy(derived + 8, sizeof derived - 8, num);
    c->session = keep(derived, SVC_IDENT_MAX);
  }
  c->run_id = keep(run ? run : "", SVC_IDENT_MAX);

  if (self && *self) {
    /* realpath costs a readlink per path component on every process start; the loader
     * already hands us an absolute path in the common case */
    c->self_path = clean_absolute(self) ? keep(self, PATH_MAX) : keep_resolved(self);
    size_t dir = (size_t)(svc_basename(c->self_path) - c->self_path);
    if (dir + sizeof "svc-shim" <= PATH_MAX) {
      ar_begin();
      ar_put(c->self_path, dir);
      ar_put("svc-shim", sizeof "svc-shim" - 1);
      c->shim_path = ar_end();
    }
    snapshot_preload(v[E_PRELOAD], self);
    c->load_preload = v[E_PRELOAD];
  }

  /* the child environment snapshot: effective values for identity and socket, the rest only
   * when they were set */
  if (c->sock_path_ok) add_env("SERVICE_SOCKET", c->sock_path);
  if (agent && *agent) add_env("SERVICE_AGENT", c->agent);
  add_env("SERVICE_SESSION", c->session);
  for (int i = E_FAIL_OPEN; i <= E_REAL_SHELL; i++)
    if (v[i]) add_env(svc_env_names[i], v[i]);
  if (run) add_env("SERVICE_RUN", c->run_id);
  c->ready = 1;
}

void svc_debug(const char *a, const char *b) {
  if (!svc_cfg.debug) return;
  char line[512];
  struct svc_sink k;
  svc_sink_memory(&k, line, sizeof line);
  svc_sink_puts(&k, "svc: debug: ");
  svc_sink_puts(&k, a);
  if (b) {
    svc_sink_puts(&k, " ");
    svc_sink_puts(&k, b);
  }
  svc_sink_finish(&k);
  size_t n = svc_strlen(line);
  line[n < sizeof line - 1 ? n : sizeof line - 2] = '\n';
  svc_write_all(2, line, (n < sizeof line - 1 ? n : sizeof line - 2) + 1);
}

static void set_outcome(struct svc_outcome *o, enum svc_verdict v, const char *decision,
                        const char *msg) {
  o->verdict = v;
  svc_copy(o->decision, sizeof o->decision, decision);
  svc_copy(o->message, sizeof o->message, msg);
}

/* The server could not be consulted: SERVICE_FAIL_OPEN decides. */
static void no_answer(struct svc_outcome *o, const char *why) {
  svc_debug(why, svc_cfg.fail_open ? "(fail-open: allowing)" : "(SERVICE_FAIL_OPEN=0: denying)");
  if (svc_cfg.fail_open) {
    set_outcome(o, SVC_ALLOW, "", "");
    return;
  }
  char msg[SVC_MSG_MAX];
  struct svc_sink k;
  svc_sink_memory(&k, msg, sizeof msg);
  svc_sink_puts(&k, why);
  svc_sink_puts(&k, " (SERVICE_FAIL_OPEN=0)");
  svc_sink_finish(&k);
  set_outcome(o, SVC_DENY, "", msg);
}

static int malformed_said;

static void malformed(struct svc_outcome *o) {
  if (!malformed_said) {
    malformed_said = 1;
    const char *m = svc_cfg.fail_open
                        ? "svc: preload: malformed reply from the svc server; allowing (fail-open)\n"
                        : "svc: preload: malformed reply from the svc server; denying (SERVICE_FAIL_OPEN=0)\n";
    svc_write_all(2, m, svc_strlen(m));
  }
  if (svc_cfg.fail_open)
    set_outcome(o, SVC_ALLOW, "", "");
  else
    set_outcome(o, SVC_DENY, "", "malformed reply from the svc server (SERVICE_FAIL_OPEN=0)");
}

int svc_wait_fd(int fd, short events, long long deadline) {
  for (;;) {
    int ms = -1;
    if (deadline >= 0) {
      long long left = deadline - svc_now_ms();
      if (left <= 0) return -ETIMEDOUT;
      ms = left > 0x7fffffff ? 0x7fffffff : (int)left;
    }
    struct pollfd p = {.fd = fd, .events = events, .revents = 0};
    int saved = errno;
    int r = poll(&p, 1, ms);
    if (r > 0) return 0;
    if (r == 0) return -ETIMEDOUT;
    int e = errno;
    errno = saved;
    if (e != EINTR) return -e;
  }
}

int svc_connect(int fd, const char *path, long long deadline) {
  struct sockaddr_un sa;
  size_t n = svc_strlen(path);
  if (n >= sizeof sa.sun_path) return -ENAMETOOLONG;
  for (size_t i = 0; i < sizeof sa; i++) ((char *)&sa)[i] = 0;
  sa.sun_family = AF_UNIX;
  for (size_t i = 0; i < n; i++) sa.sun_path[i] = path[i];
  for (;;) {
    if (connect(fd, (struct sockaddr *)&sa, (socklen_t)(offsetof(struct sockaddr_un, sun_path) + n + 1)) == 0)
      return 0;
    if (errno == EINTR) continue;
    if (errno == EAGAIN) {
      /* listen backlog full: the server is alive but busy; retry until the deadline */
      if (svc_now_ms() >= deadline) return -ETIMEDOUT;
      struct timespec ts = {.tv_nsec = 1000000};
      nanosleep(&ts, NULL);
      continue;
    }
    if (errno == EINPROGRESS) {
      int w = svc_wait_fd(fd, POLLOUT, deadline);
      int err = 0;
      socklen_t len = sizeof err;
      if (w < 0) return w;
      if (getsockopt(fd, SOL_SOCKET, SO_ERROR, &err, &len) != 0) return -errno;
      return -err;
    }
    return -errno;
  }
}

long svc_trust_file_uid(const char *path) {
  struct stat st;
  /* the directory too must be root's and writable by nobody else, or the file could be replaced */
  char dir[PATH_MAX];
  const char *slash = strrchr(path, '/');
  size_t dlen = slash ? (size_t)(slash - path) : 0;
  if (!slash || dlen >= sizeof dir) return -EINVAL;
  memcpy(dir, path, dlen);
  dir[dlen ? dlen : 1] = 0;
  if (!dlen) dir[0] = '/';
  int saved = errno;
  if (lstat(dir, &st) != 0) {
    long e = -errno;
    errno = saved;
    return e;
  }
  if (!S_ISDIR(st.st_mode) || st.st_uid != 0 || (st.st_mode & 022)) return -EPERM;
  int fd = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NOCTTY);
  if (fd < 0) {
    long e = -errno;
    errno = saved;
    return e;
  }
  char buf[24];
  ssize_t n = -1;
  /* root's own file that nobody else can rewrite; a link could point anywhere (O_NOFOLLOW) */
  int owned = fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && st.st_uid == 0 && !(st.st_mode & 022);
  if (owned) {
    do n = read(fd, buf, sizeof buf);
    while (n < 0 && errno == EINTR);
  }
  close(fd);
  errno = saved;
  if (!owned) return -EPERM;
  if (n < 2 || buf[n - 1] != '\n') return -EINVAL;
  long uid = 0;
  for (ssize_t i = 0; i < n - 1; i++) {
    if (buf[i] < '0' || buf[i] > '9' || uid > 0x7fffffffL / 10) return -EINVAL;
    uid = uid * 10 + (buf[i] - '0');
  }
  if (n - 1 > 1 && buf[0] == '0') return -EINVAL; /* one spelling per uid */
  return uid;
}

long svc_trusted_server_uid(void) { return svc_trust_file_uid(SVC_TRUST_FILE); }

int svc_peer_trusted(int fd) {
  uid_t uid;
#ifdef __APPLE__
  gid_t gid;
  if (getpeereid(fd, &uid, &gid) != 0) return 0;
#else
  struct ucred cred;
  socklen_t len = sizeof cred;
  if (getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &cred, &len) != 0) return 0;
  uid = cred.uid;
#endif
  if (uid == 0 || uid == geteuid()) return 1; /* a root server needs no geteuid call */
  /* protected mode: the service user root named; read only when another uid answers */
  long named = svc_trusted_server_uid();
  return named >= 0 && (uid_t)named == uid;
}

/* ---- the reserved descriptor ----
 * A process that has used up its descriptors cannot open the check's socket. Without a reserve
 * that would be a way to run anything unchecked, so the constructor keeps one descriptor
 * (/dev/null, write-append: a combination that tells it apart), and a check that hits the limit
 * (EMFILE, or the system's: ENFILE) closes it, uses the slot for its socket and takes it back
 * afterwards. When the program has closed the reserve, the exec is refused, whatever
 * SERVICE_FAIL_OPEN says. (A duplicate of stderr would be cheaper to make, but it would keep a
 * pipe open after a daemon closed its stderr, and whoever reads that pipe would wait forever.)
 * A vfork child shares this memory but not the descriptor table: in the EMFILE case the only
 * free slot is the reserve's own number, so what it writes back is the same number. */
static int reserve_fd = -1;

/* The reserve descriptor, or -errno. */
static int reserve_open(void) {
  int saved = errno;
  int fd = open("/dev/null", O_WRONLY | O_APPEND | O_CLOEXEC | O_NOCTTY);
  if (fd < 0) fd = -errno;
  errno = saved;
  return fd;
}

void svc_reserve_init(void) {
  int fd = reserve_open();
  if (fd >= 0) __atomic_store_n(&reserve_fd, fd, __ATOMIC_RELEASE);
}

/* fd is still the descriptor the constructor reserved (the program may have closed it and
 * opened something else under the number). */
static int is_reserve(int fd) {
  struct stat st, null;
  int fl = fcntl(fd, F_GETFL);
  if (fl < 0 || (fl & O_ACCMODE) != O_WRONLY || !(fl & O_APPEND)) return 0;
  if (fstat(fd, &st) != 0 || !S_ISCHR(st.st_mode)) return 0;
  return stat("/dev/null", &null) == 0 && st.st_rdev == null.st_rdev;
}

/* The check's socket, or -errno: with *refuse set when the process is out of descriptors and
 * the reserve is gone; without it for other failures (the fail-open rule applies). */
static int open_check_socket(int *refuse, int *took) {
  *refuse = 0;
  *took = 0;
  int fd = svc_socket_open();
  if (fd >= 0 || (fd != -EMFILE && fd != -ENFILE)) return fd;
  int r = __atomic_exchange_n(&reserve_fd, -1, __ATOMIC_ACQ_REL);
  if (r < 0 || !is_reserve(r)) {
    *refuse = 1;
    return -EMFILE;
  }
  close(r);
  *took = 1;
  fd = svc_socket_open();
  if (fd < 0) *refuse = 1;
  return fd;
}

/* After the check: the reserve back in the slot the socket used. */
static void reserve_return(int took) {
  if (!took) return;
  int fd = reserve_open();
  if (fd >= 0) __atomic_store_n(&reserve_fd, fd, __ATOMIC_RELEASE);
}

static void sleep_ms(long ms) {
  struct timespec ts = {.tv_sec = ms / 1000, .tv_nsec = (ms % 1000) * 1000000L};
  while (nanosleep(&ts, &ts) != 0 && errno == EINTR) {
  }
}

int svc_server_starting(const char *sock_path) {
  if (svc_trusted_server_uid() >= 0) return 1;
  char lock[SVC_SOCK_PATH_MAX + 16];
  size_t dir = (size_t)(svc_basename(sock_path) - sock_path);
  if (dir + sizeof "svc.lock" > sizeof lock) return 0;
  for (size_t i = 0; i < dir; i++) lock[i] = sock_path[i];
  svc_copy(lock + dir, sizeof lock - dir, "svc.lock");
  int fd = open(lock, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK);
  if (fd < 0) return 0;
  char buf[24];
  ssize_t n = read(fd, buf, sizeof buf - 1);
  close(fd);
  long pid = 0;
  for (ssize_t i = 0; i < n && buf[i] != '\n'; i++) {
    if (buf[i] < '0' || buf[i] > '9' || pid > 100000000L) return 0;
    pid = pid * 10 + (buf[i] - '0');
  }
  return pid > 0 && (kill((pid_t)pid, 0) == 0 || errno == EPERM);
}

int svc_socket_open(void) {
  int saved = errno;
#ifdef __APPLE__
  int fd = socket(AF_UNIX, SOCK_STREAM, 0);
  if (fd < 0) {
    fd = -errno;
    errno = saved;
    return fd;
  }
  int one = 1;
  fcntl(fd, F_SETFD, FD_CLOEXEC);
  fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK);
  setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &one, sizeof one);
  return fd;
#else
  int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC | SOCK_NONBLOCK, 0);
  if (fd < 0) fd = -errno;
  errno = saved;
  return fd;
#endif
}

void svc_getcwd(char *buf, size_t cap) {
#ifdef __APPLE__
  if (!getcwd(buf, cap)) buf[0] = 0;
#else
  /* glibc's getcwd may fall back to an allocating implementation; the system call does not */
  if (syscall(SYS_getcwd, buf, cap) <= 0) buf[0] = 0;
#endif
}

/* What one attempt came to: an outcome, or a reason to try again shortly. */
enum attempt { DONE, REFUSED_CONNECT, OVERLOADED };

static enum attempt check_on_socket(int fd, const struct svc_request *req, struct svc_outcome *out,
                                    int *err) {
  long long start = svc_now_ms();
  long long deadline = start + svc_cfg.timeout_ms;
  int c = svc_connect(fd, svc_cfg.sock_path, deadline);
  if (c == -ETIMEDOUT) { no_answer(out, "svc server did not accept in time"); return DONE; }
  if (c < 0) {
    *err = -c;
    if (c == -ECONNREFUSED || c == -ENOENT) return REFUSED_CONNECT;
    no_answer(out, "svc server unreachable");
    return DONE;
  }
  if (!svc_peer_trusted(fd)) { no_answer(out, "svc socket is owned by another user"); return DONE; }

  char cwd[PATH_MAX];
  svc_getcwd(cwd, sizeof cwd);

  char stage[SVC_STAGE];
  struct svc_sink k = {.buf = stage, .cap = sizeof stage, .fd = fd, .deadline = deadline};
  svc_write_request(&k, req, cwd, svc_cfg.ask_wait);
  if (svc_sink_finish(&k) < 0) {
    if (k.err == ETIMEDOUT) { no_answer(out, "svc server did not read the request in time"); return DONE; }
    { no_answer(out, "svc server closed the connection"); return DONE; }
  }

  char line[SVC_REPLY_MAX];
  size_t len = 0;
  int holding = 0;
  for (;;) {
    int w = svc_wait_fd(fd, POLLIN, deadline);
    if (w == -ETIMEDOUT) {
      if (holding) {
        set_outcome(out, SVC_DENY, "ask",
                    "approval was not resolved in time, so the command did not run "
                    "(svc pending lists the approval until it expires)");
        return DONE;
      }
      { no_answer(out, "svc server did not answer in time"); return DONE; }
    }
    if (w < 0) { no_answer(out, "svc server connection failed"); return DONE; }
    char buf[1024];
    ssize_t r = recv(fd, buf, sizeof buf, 0);
    if (r < 0 && (errno == EINTR || errno == EAGAIN)) continue;
    if (r < 0) { no_answer(out, "svc server connection failed"); return DONE; }
    if (r == 0) {
      if (len == 0) { no_answer(out, "svc server closed the connection"); return DONE; }
      { malformed(out); return DONE; }
    }
    for (ssize_t i = 0; i < r; i++) {
      char ch = buf[i];
      if (len == 0 && (ch == ' ' || ch == '\t' || ch == '\r')) {
        /* Whitespace before the reply means the server is holding the call for approval. */
        if (holding) continue;
        if (!svc_cfg.ask_wait) {
          set_outcome(out, SVC_DENY, "ask", "approval required (SERVICE_PRELOAD_ASK=deny)");
          return DONE;
        }
        holding = 1;
        deadline = svc_cfg.ask_timeout_ms ? svc_now_ms() + svc_cfg.ask_timeout_ms : -1;
        svc_debug("held for approval", NULL);
        continue;
      }
      if (ch == '\n') {
        int allowed = 0;
        char code[32];
        if (svc_parse_reply_code(line, len, &allowed, out->decision, sizeof out->decision, out->message,
                                 sizeof out->message, code, sizeof code) != 0)
          { malformed(out); return DONE; }
        if (svc_streq(code, "overloaded")) return OVERLOADED;
        out->verdict = allowed ? SVC_ALLOW : SVC_DENY;
        return DONE;
      }
      if (len + 1 >= sizeof line) { malformed(out); return DONE; }
      line[len++] = ch;
    }
  }
}

/* One attempt on a fresh socket. */
static enum attempt attempt_check(const struct svc_request *req, struct svc_outcome *out, int *err) {
  int refuse, took;
  int fd = open_check_socket(&refuse, &took); /* took: the reserve was used */
  if (fd < 0) {
    if (refuse) {
      /* the process's own exhaustion must not be a way around the check */
      svc_debug("out of file descriptors and the reserve is gone", "(denying)");
      set_outcome(out, SVC_DENY, "", "out of file descriptors: cannot ask the svc server; refused");
    } else {
      no_answer(out, "cannot create a socket");
    }
    reserve_return(took);
    return DONE;
  }
  enum attempt a = check_on_socket(fd, req, out, err);
  close(fd);
  reserve_return(took);
  return a;
}

int svc_check(const struct svc_request *req, struct svc_outcome *out) {
  int saved = errno;
  set_outcome(out, SVC_ALLOW, "", "");
  if (!svc_cfg.sock_path_ok) {
    no_answer(out, "no usable socket path (SERVICE_SOCKET or HOME)");
  } else {
    /* overloaded or refused: a few quick tries; a server that is starting: up to a second */
    int tries = 0, starting = -1, err = 0;
    long long restart_until = 0;
    for (;;) {
      enum attempt a = attempt_check(req, out, &err);
      if (a == DONE) break;
      tries++;
      if (a == REFUSED_CONNECT) {
        if (starting < 0) {
          starting = svc_server_starting(svc_cfg.sock_path);
          restart_until = svc_now_ms() + SVC_RESTART_WAIT_MS;
          if (starting) svc_debug("svc server is starting; waiting for its socket", NULL);
        }
        if (starting && svc_now_ms() < restart_until) {
          sleep_ms(SVC_RESTART_STEP_MS);
          continue;
        }
        /* no server process: a missing socket is final, a refused one gets the quick tries */
        if (starting || err == ENOENT || tries >= SVC_RETRY_TRIES) {
          no_answer(out, "svc server unreachable");
          break;
        }
      } else if (tries >= SVC_RETRY_TRIES) {
        no_answer(out, "svc server overloaded");
        break;
      }
      sleep_ms(SVC_RETRY_STEP_MS * tries);
    }
  }
  if (svc_cfg.debug) svc_debug(req->api, out->verdict == SVC_ALLOW ? "allow" : "deny");
  errno = saved;
  return out->verdict;
}

/* Copies s into the sink with control bytes escaped, so the report stays one line. */
static void put_visible(struct svc_sink *k, const char *s, size_t n) {
  static const char hex[] = "0123456789abcdef";
  for (size_t i = 0; i < n; i++) {
    unsigned char c = (unsigned char)s[i];
    if (c == '\n') svc_sink_put(k, "\\n", 2);
    else if (c == '\t') svc_sink_put(k, "\\t", 2);
    else if (c < 0x20 || c == 0x7f) {
      char e[4] = {'\\', 'x', hex[c >> 4], hex[c & 15]};
      svc_sink_put(k, e, 4);
    } else svc_sink_put(k, (const char *)&s[i], 1);
  }
}

#define SVC_REPORT_CMD_MAX 400

void svc_report_block(const struct svc_request *req, const struct svc_outcome *out) {
  char cmd[SVC_REPORT_CMD_MAX + 1];
  struct svc_sink ck;
  struct svc_text t = {.k = &ck};
  svc_sink_memory(&ck, cmd, sizeof cmd);
  if (req->command)
    svc_text_put(&t, req->command, svc_strlen(req->command));
  else
    svc_text_command(&t, req->path, req->file, req->argv, req->search_env);
  int total = svc_sink_finish(&ck);

  char line[SVC_REPORT_CMD_MAX * 4 + SVC_MSG_MAX * 4 + 64];
  struct svc_sink k;
  svc_sink_memory(&k, line, sizeof line - 1);
  svc_sink_puts(&k, "svc: blocked: ");
  put_visible(&k, cmd, svc_strlen(cmd));
  if ((size_t)total > SVC_REPORT_CMD_MAX) svc_sink_puts(&k, "...");
  svc_sink_puts(&k, ": ");
  put_visible(&k, out->message[0] ? out->message : "denied by policy",
              svc_strlen(out->message[0] ? out->message : "denied by policy"));
  svc_sink_finish(&k);
  size_t n = svc_strlen(line);
  line[n++] = '\n';
  svc_write_all(2, line, n);
}
