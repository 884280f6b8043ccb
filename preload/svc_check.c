/* Configuration snapshot and the socket round trip.
 *
 * One fresh SOCK_CLOEXEC connection per check, stack buffers only, no locks: a check is
 * therefore correct in threads, in fork and vfork children and in signal handlers, and no
 * descriptor or state outlives it. errno is preserved on every path. */
#define _GNU_SOURCE
#include "svc_wire.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <stdlib.h>
#include <sys/socket.h>
#ifndef __APPLE__
#include <sys/syscall.h>
#endif
#include <sys/un.h>
#include <time.h>
#include <unistd.h>

struct svc_config svc_cfg = {.agent = "", .session = "", .run_id = "", .self_path = "",
                             .shim_path = "", .preload_entry = ""};

static char arena[SVC_ARENA_MAX];
static size_t arena_used;

/* Copies s (at most max bytes of it) into the arena; "" when the arena is full. */
static const char *keep(const char *s, size_t max) {
  size_t n = svc_strlen(s);
  if (n > max) n = max;
  if (arena_used + n + 1 > sizeof arena) return "";
  char *dst = arena + arena_used;
  for (size_t i = 0; i < n; i++) dst[i] = s[i];
  dst[n] = 0;
  arena_used += n + 1;
  return dst;
}

/* Variables a child always receives from the snapshot; the caller's copies are dropped, so a
 * child can neither switch itself to fail-open nor point itself at another socket. */
const char *const svc_env_names[] = {
    "SERVICE_SOCKET",      "SERVICE_AGENT",        "SERVICE_SESSION",
    "SERVICE_RUN",         "SERVICE_FAIL_OPEN",    "SERVICE_PRELOAD_TIMEOUT_MS",
    "SERVICE_PRELOAD_ASK_TIMEOUT_MS", "SERVICE_PRELOAD_ASK", "SERVICE_PRELOAD_DEBUG",
    "SERVICE_REAL_SHELL",  NULL};

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

static void add_env(const char *name, const char *value) {
  struct svc_config *c = &svc_cfg;
  char entry[PATH_MAX + 64];
  size_t o = svc_copy(entry, sizeof entry, name);
  if (c->n_env >= SVC_ENV_NAMES_MAX || o + 2 >= sizeof entry) return;
  entry[o++] = '=';
  if (svc_copy(entry + o, sizeof entry - o, value) >= sizeof entry - o) return; /* never cut */
  const char *kept = keep(entry, sizeof entry);
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

/* LD_PRELOAD for children: the load-time list with our entry spelled as an absolute path (a
 * relative entry would break after a chdir), our path appended when it was missing. */
static void snapshot_preload(char *const *envp, const char *self_arg) {
  struct svc_config *c = &svc_cfg;
  char entry[2 * PATH_MAX];
#ifdef __APPLE__
  const char *var = "DYLD_INSERT_LIBRARIES";
#else
  const char *var = "LD_PRELOAD";
#endif
  const char *cur = svc_getenv(envp, var);
  char *out = entry;
  size_t cap = sizeof entry, o = 0;
  int found = 0;
  if (!c->self_path[0]) return;
  for (const char *p = var; *p && o + 1 < cap; p++) out[o++] = *p;
  out[o++] = '=';
  for (const char *p = cur; p && *p;) {
    while (*p == ':' || *p == ' ') p++;
    const char *e = p;
    while (*e && *e != ':' && *e != ' ') e++;
    if (e == p) break;
    char item[PATH_MAX];
    size_t n = (size_t)(e - p) < sizeof item - 1 ? (size_t)(e - p) : sizeof item - 1;
    for (size_t i = 0; i < n; i++) item[i] = p[i];
    item[n] = 0;
    const char *word = item;
    if (svc_streq(item, c->self_path) || (self_arg && svc_streq(item, self_arg))) {
      if (found) {
        p = e;
        continue;
      }
      found = 1;
      word = c->self_path;
    }
    size_t wl = svc_strlen(word);
    if (o + wl + 2 >= cap) break;
    if (out[o - 1] != '=') out[o++] = ':';
    for (size_t i = 0; i < wl; i++) out[o++] = word[i];
    p = e;
  }
  if (!found) {
    size_t wl = svc_strlen(c->self_path);
    if (o + wl + 2 < cap) {
      if (out[o - 1] != '=') out[o++] = ':';
      for (size_t i = 0; i < wl; i++) out[o++] = c->self_path[i];
    }
  }
  out[o] = 0;
  c->preload_entry = keep(entry, sizeof entry);
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

void svc_config_load(char *const *envp, const char *self) {
  struct svc_config *c = &svc_cfg;
  char num[24];
  c->debug = svc_streq(svc_getenv(envp, "SERVICE_PRELOAD_DEBUG"), "1");
  c->fail_open = parse_fail_open(svc_getenv(envp, "SERVICE_FAIL_OPEN"));
  c->timeout_ms = parse_ms(svc_getenv(envp, "SERVICE_PRELOAD_TIMEOUT_MS"), SVC_DEFAULT_TIMEOUT_MS);
  c->ask_timeout_ms =
      parse_ms(svc_getenv(envp, "SERVICE_PRELOAD_ASK_TIMEOUT_MS"), SVC_DEFAULT_ASK_TIMEOUT_MS);
  c->ask_wait = !svc_streq(svc_getenv(envp, "SERVICE_PRELOAD_ASK"), "deny");

  const char *sock = svc_getenv(envp, "SERVICE_SOCKET");
  if (sock && *sock) {
    c->sock_path_ok = svc_copy(c->sock_path, sizeof c->sock_path, sock) < sizeof c->sock_path;
  } else {
    const char *home = svc_getenv(envp, "HOME");
    char tmp[PATH_MAX];
    size_t n = svc_copy(tmp, sizeof tmp - 16, home ? home : "");
    svc_copy(tmp + (n < sizeof tmp - 16 ? n : 0), 16, "/.svc/svc.sock");
    c->sock_path_ok = home && *home && svc_copy(c->sock_path, sizeof c->sock_path, tmp) < sizeof c->sock_path;
  }
  if (!c->sock_path_ok) c->sock_path[0] = 0;

  const char *agent = svc_getenv(envp, "SERVICE_AGENT");
  const char *session = svc_getenv(envp, "SERVICE_SESSION");
  const char *run = svc_getenv(envp, "SERVICE_RUN");
  c->agent = keep(agent && *agent ? agent : "preload", SVC_IDENT_MAX);
  if (session && *session) {
    c->session = keep(session, SVC_IDENT_MAX);
  } else {
    /* one session per preloaded process tree: derived here and inherited by every child */
    char derived[32];
    itoa_into(num, sizeof num, (long)getpid());
    svc_copy(derived, sizeof derived, "preload-");
    svc_copy(derived + 8, sizeof derived - 8, num);
    c->session = keep(derived, SVC_IDENT_MAX);
  }
  c->run_id = keep(run ? run : "", SVC_IDENT_MAX);

  if (self && *self) {
    char abs[PATH_MAX];
    /* realpath costs a readlink per path component on every process start; the loader
     * already hands us an absolute path in the common case */
    if (clean_absolute(self)) c->self_path = keep(self, PATH_MAX);
    else c->self_path = keep(realpath(self, abs) ? abs : self, PATH_MAX);
    size_t dir = (size_t)(svc_basename(c->self_path) - c->self_path);
    if (dir + sizeof "svc-shim" <= sizeof abs) {
      char shim[PATH_MAX];
      for (size_t i = 0; i < dir; i++) shim[i] = c->self_path[i];
      svc_copy(shim + dir, sizeof shim - dir, "svc-shim");
      c->shim_path = keep(shim, PATH_MAX);
    }
    snapshot_preload(envp, self);
  }

  /* the child environment snapshot: effective values for identity and socket, the rest only
   * when they were set */
  if (c->sock_path_ok) add_env("SERVICE_SOCKET", c->sock_path);
  if (agent && *agent) add_env("SERVICE_AGENT", c->agent);
  add_env("SERVICE_SESSION", c->session);
  for (int i = 4; svc_env_names[i]; i++) {
    const char *v = svc_getenv(envp, svc_env_names[i]);
    if (v) add_env(svc_env_names[i], v);
  }
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
      if (left <= 0) return 0;
      ms = left > 0x7fffffff ? 0x7fffffff : (int)left;
    }
    struct pollfd p = {.fd = fd, .events = events, .revents = 0};
    int r = poll(&p, 1, ms);
    if (r > 0) return 1;
    if (r == 0) return 0;
    if (errno != EINTR) return -1;
  }
}

int svc_connect(int fd, const char *path, long long deadline) {
  struct sockaddr_un sa;
  size_t n = svc_strlen(path);
  if (n >= sizeof sa.sun_path) {
    errno = ENAMETOOLONG;
    return 1;
  }
  for (size_t i = 0; i < sizeof sa; i++) ((char *)&sa)[i] = 0;
  sa.sun_family = AF_UNIX;
  for (size_t i = 0; i < n; i++) sa.sun_path[i] = path[i];
  for (;;) {
    if (connect(fd, (struct sockaddr *)&sa, (socklen_t)(offsetof(struct sockaddr_un, sun_path) + n + 1)) == 0)
      return 0;
    if (errno == EINTR) continue;
    if (errno == EAGAIN) {
      /* listen backlog full: the server is alive but busy; retry until the deadline */
      if (svc_now_ms() >= deadline) return 2;
      struct timespec ts = {0, 1000000};
      nanosleep(&ts, NULL);
      continue;
    }
    if (errno == EINPROGRESS) {
      int w = svc_wait_fd(fd, POLLOUT, deadline);
      int err = 0;
      socklen_t len = sizeof err;
      if (w == 0) return 2;
      if (w < 0 || getsockopt(fd, SOL_SOCKET, SO_ERROR, &err, &len) != 0) return 1;
      if (err) {
        errno = err;
        return 1;
      }
      return 0;
    }
    return 1;
  }
}

int svc_peer_trusted(int fd) {
#ifdef __APPLE__
  uid_t uid;
  gid_t gid;
  if (getpeereid(fd, &uid, &gid) != 0) return 0;
  return uid == geteuid() || uid == 0;
#else
  struct ucred cred;
  socklen_t len = sizeof cred;
  if (getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &cred, &len) != 0) return 0;
  return cred.uid == geteuid() || cred.uid == 0;
#endif
}

int svc_socket_open(void) {
#ifdef __APPLE__
  int fd = socket(AF_UNIX, SOCK_STREAM, 0);
  if (fd < 0) return -1;
  int one = 1;
  fcntl(fd, F_SETFD, FD_CLOEXEC);
  fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK);
  setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &one, sizeof one);
  return fd;
#else
  return socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC | SOCK_NONBLOCK, 0);
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

static void check_on_socket(int fd, const struct svc_request *req, struct svc_outcome *out) {
  long long start = svc_now_ms();
  long long deadline = start + svc_cfg.timeout_ms;
  int c = svc_connect(fd, svc_cfg.sock_path, deadline);
  if (c == 1) { no_answer(out, "svc server unreachable"); return; }
  if (c == 2) { no_answer(out, "svc server did not accept in time"); return; }
  if (!svc_peer_trusted(fd)) { no_answer(out, "svc socket is owned by another user"); return; }

  char cwd[PATH_MAX];
  svc_getcwd(cwd, sizeof cwd);

  char stage[SVC_STAGE];
  struct svc_sink k = {stage, sizeof stage, 0, fd, 0, 0, deadline};
  svc_write_request(&k, req, cwd, svc_cfg.ask_wait);
  if (svc_sink_finish(&k) != 0) {
    if (k.err == ETIMEDOUT) { no_answer(out, "svc server did not read the request in time"); return; }
    { no_answer(out, "svc server closed the connection"); return; }
  }

  char line[SVC_REPLY_MAX];
  size_t len = 0;
  int holding = 0;
  for (;;) {
    int w = svc_wait_fd(fd, POLLIN, deadline);
    if (w == 0) {
      if (holding) {
        set_outcome(out, SVC_DENY, "ask", "approval was not resolved in time");
        return;
      }
      { no_answer(out, "svc server did not answer in time"); return; }
    }
    if (w < 0) { no_answer(out, "svc server connection failed"); return; }
    char buf[1024];
    ssize_t r = recv(fd, buf, sizeof buf, 0);
    if (r < 0 && (errno == EINTR || errno == EAGAIN)) continue;
    if (r < 0) { no_answer(out, "svc server connection failed"); return; }
    if (r == 0) {
      if (len == 0) { no_answer(out, "svc server closed the connection"); return; }
      { malformed(out); return; }
    }
    for (ssize_t i = 0; i < r; i++) {
      char ch = buf[i];
      if (len == 0 && (ch == ' ' || ch == '\t' || ch == '\r')) {
        /* Whitespace before the reply means the server is holding the call for approval. */
        if (holding) continue;
        if (!svc_cfg.ask_wait) {
          set_outcome(out, SVC_DENY, "ask", "approval required (SERVICE_PRELOAD_ASK=deny)");
          return;
        }
        holding = 1;
        deadline = svc_cfg.ask_timeout_ms ? svc_now_ms() + svc_cfg.ask_timeout_ms : -1;
        svc_debug("held for approval", NULL);
        continue;
      }
      if (ch == '\n') {
        int allowed = 0;
        if (svc_parse_reply(line, len, &allowed, out->decision, sizeof out->decision, out->message,
                            sizeof out->message) != 0)
          { malformed(out); return; }
        out->verdict = allowed ? SVC_ALLOW : SVC_DENY;
        return;
      }
      if (len + 1 >= sizeof line) { malformed(out); return; }
      line[len++] = ch;
    }
  }
}

int svc_check(const struct svc_request *req, struct svc_outcome *out) {
  int saved = errno;
  set_outcome(out, SVC_ALLOW, "", "");
  if (!svc_cfg.sock_path_ok) {
    no_answer(out, "no usable socket path (SERVICE_SOCKET or HOME)");
  } else {
    int fd = svc_socket_open();
    if (fd < 0) {
      no_answer(out, "cannot create a socket");
    } else {
      check_on_socket(fd, req, out);
      close(fd);
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
  struct svc_text t = {&ck, 0, 0, 0};
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
