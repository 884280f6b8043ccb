/* Request encoding for the preload socket. No allocation: output goes to a caller buffer or
 * through a stack staging buffer straight to the socket, so the size of a command is bounded
 * only by the per-field budgets, never by the stack. */
#define _GNU_SOURCE
#include "svc_wire.h"
#include "svc_path.h"

#include "svc_exe.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#ifdef __APPLE__
#define SVC_CFG_PRELOAD_NAME "DYLD_INSERT_LIBRARIES"
#else
#define SVC_CFG_PRELOAD_NAME "LD_PRELOAD"
#endif

#ifdef MSG_NOSIGNAL
#define SVC_SEND_FLAGS MSG_NOSIGNAL
#else
#define SVC_SEND_FLAGS 0 /* macOS: SO_NOSIGPIPE is set on the socket (svc_socket_open) */
#endif

long long svc_now_ms(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

void svc_sink_memory(struct svc_sink *k, char *out, size_t outlen) {
  k->buf = out;
  k->cap = outlen;
  k->len = 0;
  k->fd = -1;
  k->total = 0;
  k->err = 0;
  k->deadline = 0;
}

/* Sends the staged bytes, waiting for buffer space until the deadline. */
static void sink_flush(struct svc_sink *k) {
  size_t off = 0;
  while (!k->err && off < k->len) {
    ssize_t w = send(k->fd, k->buf + off, k->len - off, SVC_SEND_FLAGS);
    if (w > 0) {
      off += (size_t)w;
      continue;
    }
    if (w < 0 && errno == EINTR) continue;
    if (w < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
      long long left = k->deadline - svc_now_ms();
      if (left <= 0) {
        k->err = ETIMEDOUT;
        break;
      }
      struct pollfd p = {.fd = k->fd, .events = POLLOUT, .revents = 0};
      int pr = poll(&p, 1, left > 0x7fffffff ? 0x7fffffff : (int)left);
      if (pr < 0 && errno != EINTR) k->err = errno;
      continue;
    }
    k->err = (w < 0) ? errno : EPIPE;
  }
  k->len = 0;
}

void svc_sink_put(struct svc_sink *k, const char *s, size_t n) {
  k->total += n;
  if (k->fd >= 0 && !k->err && n < k->cap - k->len) {
    /* the common case: the piece fits in the stage */
    char *d = k->buf + k->len;
    for (size_t i = 0; i < n; i++) d[i] = s[i];
    k->len += n;
    return;
  }
  if (k->fd < 0) {
    /* memory mode: keep what fits, leave room for the NUL */
    while (n && k->cap && k->len + 1 < k->cap) {
      k->buf[k->len++] = *s++;
      n--;
    }
    return;
  }
  while (n && !k->err) {
    size_t room = k->cap - k->len;
    size_t c = n < room ? n : room;
    for (size_t i = 0; i < c; i++) k->buf[k->len + i] = s[i];
    k->len += c;
    s += c;
    n -= c;
    if (k->len == k->cap) sink_flush(k);
  }
}

void svc_sink_puts(struct svc_sink *k, const char *s) { svc_sink_put(k, s, svc_strlen(s)); }

void svc_sink_int(struct svc_sink *k, long long v) {
  char tmp[24];
  int i = sizeof tmp;
  unsigned long long u = v < 0 ? 0ULL - (unsigned long long)v : (unsigned long long)v;
  do {
    tmp[--i] = (char)('0' + u % 10);
    u /= 10;
  } while (u);
  if (v < 0) tmp[--i] = '-';
  svc_sink_put(k, tmp + i, sizeof tmp - (size_t)i);
}

int svc_sink_finish(struct svc_sink *k) {
  if (k->fd >= 0) {
    sink_flush(k);
    return -k->err;
  }
  if (k->cap) k->buf[k->len < k->cap ? k->len : k->cap - 1] = 0;
  return k->total > 0x7fffffff ? 0x7fffffff : (int)k->total;
}

/* Length of the valid UTF-8 sequence at s (n bytes available), or 0 when invalid: rejects
 * overlong forms, surrogates and code points above U+10FFFF. */
static size_t utf8_len(const unsigned char *s, size_t n) {
  unsigned char c = s[0];
  if (c < 0x80) return 1;
  if (c >= 0xc2 && c <= 0xdf) return (n >= 2 && (s[1] & 0xc0) == 0x80) ? 2 : 0;
  if (c >= 0xe0 && c <= 0xef) {
    if (n < 3 || (s[1] & 0xc0) != 0x80 || (s[2] & 0xc0) != 0x80) return 0;
    if (c == 0xe0 && s[1] < 0xa0) return 0;
    if (c == 0xed && s[1] >= 0xa0) return 0;
    return 3;
  }
  if (c >= 0xf0 && c <= 0xf4) {
    if (n < 4 || (s[1] & 0xc0) != 0x80 || (s[2] & 0xc0) != 0x80 || (s[3] & 0xc0) != 0x80) return 0;
    if (c == 0xf0 && s[1] < 0x90) return 0;
    if (c == 0xf4 && s[1] >= 0x90) return 0;
    return 4;
  }
  return 0;
}

static const char HEX[] = "0123456789abcdef";

/* JSON escape: quote, backslash and every control byte (and DEL) are escaped; valid UTF-8
 * passes through; each byte of an invalid sequence becomes \u00XX (its Latin-1 reading), so
 * the server always receives valid JSON and every byte stays visible. */
static void put_escaped(struct svc_sink *k, const char *s, size_t n, size_t *budget, int *trunc) {
  const unsigned char *p = (const unsigned char *)s;
  size_t i = 0;
  while (i < n) {
    if (*budget == 0) {
      *trunc = 1;
      return;
    }
    /* fast path: a run of printable ASCII that needs no escaping */
    size_t j = i;
    while (j < n && p[j] >= 0x20 && p[j] < 0x7f && p[j] != '"' && p[j] != '\\') j++;
    if (j > i) {
      size_t run = j - i;
      if (run > *budget) {
        run = *budget;
        *trunc = 1;
      }
      svc_sink_put(k, s + i, run);
      *budget -= run;
      i += run;
      continue;
    }
    char unit[6];
    size_t ulen;
    unsigned char c = p[i];
    size_t adv = 1;
    if (c == '"' || c == '\\') {
      unit[0] = '\\';
      unit[1] = (char)c;
      ulen = 2;
    } else if (c == '\n' || c == '\t' || c == '\r') {
      unit[0] = '\\';
      unit[1] = c == '\n' ? 'n' : c == '\t' ? 't' : 'r';
      ulen = 2;
    } else if (c < 0x20 || c == 0x7f) {
      unit[0] = '\\', unit[1] = 'u', unit[2] = '0', unit[3] = '0';
      unit[4] = HEX[c >> 4], unit[5] = HEX[c & 15];
      ulen = 6;
    } else {
      size_t u = utf8_len(p + i, n - i);
      if (u) {
        for (size_t q = 0; q < u; q++) unit[q] = (char)p[i + q];
        ulen = u;
        adv = u;
      } else {
        unit[0] = '\\', unit[1] = 'u', unit[2] = '0', unit[3] = '0';
        unit[4] = HEX[c >> 4], unit[5] = HEX[c & 15];
        ulen = 6;
      }
    }
    if (ulen > *budget) {
      *budget = 0; /* never leave a gap: stop at the first unit that does not fit */
      *trunc = 1;
      return;
    }
    svc_sink_put(k, unit, ulen);
    *budget -= ulen;
    i += adv;
  }
}

void svc_text_put(struct svc_text *t, const char *s, size_t n) {
  if (t->json)
    put_escaped(t->k, s, n, &t->budget, &t->trunc);
  else
    svc_sink_put(t->k, s, n);
}

static int shell_safe(unsigned char c) {
  if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')) return 1;
  switch (c) {
    case '_': case '@': case '%': case '+': case '=': case ':': case ',': case '.': case '/':
    case '-':
      return 1;
    default:
      return 0;
  }
}

/* POSIX shell quoting: bare when every byte is safe, else single quotes with ' as '\''. */
void svc_text_quoted_word(struct svc_text *t, const char *w) {
  size_t n = svc_strlen(w);
  if (n == 0) {
    svc_text_put(t, "''", 2);
    return;
  }
  size_t i = 0;
  while (i < n && shell_safe((unsigned char)w[i])) i++;
  if (i == n) {
    svc_text_put(t, w, n);
    return;
  }
  svc_text_put(t, "'", 1);
  size_t start = 0;
  for (i = 0; i < n; i++) {
    if (w[i] != '\'') continue;
    svc_text_put(t, w + start, i - start);
    svc_text_put(t, "'\\''", 4);
    start = i + 1;
  }
  svc_text_put(t, w + start, n - start);
  svc_text_put(t, "'", 1);
}

/* Same file by identity, so /bin/ls and /usr/bin/ls agree on a merged-/usr system. */
static int same_file(const char *a, const char *b) {
  struct stat x, y;
  if (svc_streq(a, b)) return 1;
  if (stat(a, &x) != 0 || stat(b, &y) != 0) return 0;
  return x.st_dev == y.st_dev && x.st_ino == y.st_ino;
}

/* The first word a user would have typed. argv[0] is trusted only when it names the program
 * that actually runs: it equals the path, equals the name given to a PATH-searching call, or
 * is a bare name that PATH resolves to this very file. Otherwise argv[0] lies (or is absent)
 * and the real path is shown, which defeats argv[0] spoofing. */
static const char *display_name(const char *path, const char *file, const char *argv0,
                                char *const *search_env, char *scratch, size_t cap) {
  if (!path || !*path) return argv0 && *argv0 ? argv0 : "";
  if (!argv0 || !*argv0) return path;
  if (svc_streq(argv0, path)) return argv0;
  if (file && svc_streq(argv0, file)) return argv0;
  for (const char *q = argv0; *q; q++)
    if (*q == '/') return path;
  if (!svc_streq(svc_basename(path), argv0)) return path;
  if (svc_path_search(argv0, search_env, scratch, cap) == 0 && same_file(scratch, path)) return argv0;
  return path;
}

void svc_text_command(struct svc_text *t, const char *path, const char *file, char *const *argv,
                      char *const *search_env) {
  char scratch[PATH_MAX];
  const char *argv0 = argv ? argv[0] : NULL;
  svc_text_quoted_word(t, display_name(path, file, argv0, search_env, scratch, sizeof scratch));
  if (!argv || !argv[0]) return;
  for (size_t i = 1; argv[i]; i++) {
    if (t->json && t->budget == 0) {
      t->trunc = 1;
      return;
    }
    svc_text_put(t, " ", 1);
    svc_text_quoted_word(t, argv[i]);
  }
}

static void put_field(struct svc_sink *k, const char *name, const char *val, size_t budget,
                      int *trunc) {
  struct svc_text t = {.k = k, .json = 1, .budget = budget};
  svc_sink_puts(k, ",\"");
  svc_sink_puts(k, name);
  svc_sink_puts(k, "\":\"");
  if (val) svc_text_put(&t, val, svc_strlen(val));
  svc_sink_put(k, "\"", 1);
  if (t.trunc) *trunc = 1;
}

/* ---- variables that make a program run other code ---- */

/* Exact names: shells' startup files, interpreters' startup code and module paths, debuggers'
 * hooks, and the programs that tools like git and man start on the user's behalf. */
static const char *const RUNS_CODE[] = {
    "BASH_ENV", "ENV", "SHELLOPTS", "BASHOPTS", "PS4", "PROMPT_COMMAND",
    "NODE_OPTIONS", "NODE_PATH", "PYTHONSTARTUP", "PYTHONPATH", "PYTHONHOME", "PYTHONUSERBASE",
    "PYTHONINSPECT", "PYTHONBREAKPOINT", "PERL5OPT", "PERL5LIB", "PERLLIB", "PERL5DB",
    "RUBYOPT", "RUBYLIB", "JAVA_TOOL_OPTIONS", "_JAVA_OPTIONS", "JDK_JAVA_OPTIONS",
    "PAGER", "MANPAGER", "EDITOR", "VISUAL", "BROWSER", "LESSOPEN", "LESSCLOSE",
    "GIT_SSH_COMMAND", "GIT_SSH", "GIT_EXTERNAL_DIFF", "GIT_PAGER", "GIT_EDITOR",
    "GIT_SEQUENCE_EDITOR", "GIT_ASKPASS", "SSH_ASKPASS", "GIT_PROXY_COMMAND", "GIT_EXEC_PATH",
    "GIT_TEMPLATE_DIR", "GIT_DIR", "GIT_CONFIG", "GIT_CONFIG_PARAMETERS", "GIT_CONFIG_COUNT",
    NULL};
/* Every name with one of these prefixes (the loader's, git's injected configuration, and every
 * PYTHON* variable: several make the interpreter import or run code, PYTHONWARNINGS among them). */
static const char *const RUNS_CODE_PREFIX[] = {"LD_", "DYLD_", "GIT_CONFIG_", "PYTHON", "SERVICE_", NULL};

static int name_is(const char *entry, const char *name) {
  size_t k = 0;
  while (name[k] && entry[k] == name[k]) k++;
  return !name[k] && entry[k] == '=';
}

static int has_prefix(const char *s, const char *prefix) {
  while (*prefix && *s == *prefix) s++, prefix++;
  return !*prefix;
}

int svc_env_is_ours(const char *entry) {
  if (!has_prefix(entry, "SERVICE_")) return 0;
  for (int i = 0; svc_env_names[i]; i++)
    if (name_is(entry, svc_env_names[i])) return 1;
  return 0;
}

int svc_env_runs_code(const char *entry) {
  /* most entries fail on the first byte: only these letters start a listed name */
  switch (entry[0]) {
    case 'B': case 'D': case 'E': case 'G': case 'J': case 'L': case 'M': case 'N': case 'P':
    case 'R': case 'S': case 'V': case '_':
      break;
    default:
      return 0;
  }
  for (int i = 0; RUNS_CODE_PREFIX[i]; i++)
    if (has_prefix(entry, RUNS_CODE_PREFIX[i])) {
      const char *eq = entry;
      while (*eq && *eq != '=') eq++;
      return *eq == '=';
    }
  for (int i = 0; RUNS_CODE[i]; i++)
    if (name_is(entry, RUNS_CODE[i])) return 1;
  return 0;
}

/* The entry as this process received it (same name and value), so it was checked already. */
static int unchanged_since_load(const char *entry) {
  if (svc_cfg.load_env_full) return 0;
  for (int i = 0; i < svc_cfg.n_load_env; i++)
    if (svc_streq(entry, svc_cfg.load_env[i])) return 1;
  return 0;
}

/* The preload list the child will get minus our own library: what someone else added. "" when
 * only we are there; NULL when the rest does not fit buf (the whole list is sent then). */
static const char *foreign_preload(const char *value, char *buf, size_t cap) {
  const char *self = svc_cfg.self_path;
  size_t sl = svc_strlen(self), o = 0;
  for (const char *p = value; *p;) {
    while (*p == ':' || *p == ' ') p++;
    const char *e = p;
    while (*e && *e != ':' && *e != ' ') e++;
    size_t n = (size_t)(e - p);
    int ours = sl && n == sl;
    for (size_t k = 0; ours && k < n; k++) ours = p[k] == self[k];
    if (n && !ours) {
      if (o + n + 2 >= cap) return NULL;
      if (o) buf[o++] = ':';
      for (size_t k = 0; k < n; k++) buf[o++] = p[k];
    }
    p = e;
  }
  buf[o] = 0;
  return buf;
}

/* "env":{...}: the variables that run code which this exec adds or changes. Our own SERVICE_*
 * names are left out (the child gets the load-time snapshot whatever the caller passes), and so
 * is our own entry in the preload list. */
static void put_env(struct svc_sink *k, char *const *env, int *trunc) {
  struct svc_text t = {.k = k, .json = 1, .budget = SVC_ENV_BUDGET};
  int n = 0;
  svc_sink_puts(k, ",\"env\":{");
  for (size_t i = 0; env && env[i]; i++) {
    const char *e = env[i];
    if (!svc_env_runs_code(e) || svc_env_is_ours(e) || unchanged_since_load(e)) continue;
    const char *eq = e;
    while (*eq != '=') eq++;
    const char *value = eq + 1;
    char pre[1024];
    if (name_is(e, SVC_CFG_PRELOAD_NAME) && svc_cfg.self_path[0]) {
      const char *rest = foreign_preload(value, pre, sizeof pre);
      if (rest && !*rest) continue;
      if (rest) value = rest;
    }
    if (t.budget == 0) {
      t.trunc = 1;
      break;
    }
    svc_sink_puts(k, n++ ? ",\"" : "\"");
    svc_text_put(&t, e, (size_t)(eq - e));
    svc_sink_puts(k, "\":\"");
    svc_text_put(&t, value, svc_strlen(value));
    svc_sink_put(k, "\"", 1);
  }
  svc_sink_put(k, "}", 1);
  if (t.trunc) *trunc = 1;
}

void svc_write_request(struct svc_sink *k, const struct svc_request *r, const char *cwd, int wait) {
  int trunc = 0;
  svc_sink_puts(k, "{\"v\":2,\"tool\":\"exec\"");
  put_field(k, "api", r->api, 64, &trunc);
  put_field(k, "agent", svc_cfg.agent, 6 * SVC_IDENT_MAX, &trunc);
  put_field(k, "session", svc_cfg.session, 6 * SVC_IDENT_MAX, &trunc);
  put_field(k, "run_id", svc_cfg.run_id, 6 * SVC_IDENT_MAX, &trunc);

  struct svc_text t = {.k = k, .json = 1, .budget = SVC_CMD_BUDGET};
  svc_sink_puts(k, ",\"command\":\"");
  if (r->command)
    svc_text_put(&t, r->command, svc_strlen(r->command));
  else
    svc_text_command(&t, r->path, r->file, r->argv, r->search_env);
  svc_sink_put(k, "\"", 1);
  if (t.trunc) trunc = 1;

  struct svc_text a = {.k = k, .json = 1, .budget = SVC_ARGV_BUDGET};
  svc_sink_puts(k, ",\"argv\":[");
  for (size_t i = 0; r->argv && r->argv[i]; i++) {
    if (a.budget == 0) {
      a.trunc = 1;
      break;
    }
    svc_sink_puts(k, i ? ",\"" : "\"");
    svc_text_put(&a, r->argv[i], svc_strlen(r->argv[i]));
    svc_sink_put(k, "\"", 1);
  }
  svc_sink_put(k, "]", 1);
  if (a.trunc) trunc = 1;

  put_field(k, "path", r->path, SVC_PATH_BUDGET, &trunc);
  {
    /* outside the system directories: the file that runs, its content hash, its size */
    struct svc_exe e;
    if (svc_exe_read(r->path, &e) == 0) {
      put_field(k, "exe", e.path, SVC_PATH_BUDGET, &trunc);
      if (e.hashed) {
        char h[SVC_EXE_HASH_TEXT];
        svc_exe_hash_text(&e, h);
        put_field(k, "exe_id", h, sizeof h, &trunc);
      }
      if (e.size >= 0) {
        svc_sink_puts(k, ",\"exe_size\":");
        svc_sink_int(k, e.size);
      }
    }
  }
  put_env(k, r->child_env ? r->child_env : SVC_ENVIRON, &trunc);
  put_field(k, "cwd", cwd, SVC_PATH_BUDGET, &trunc);
  svc_sink_puts(k, ",\"pid\":");
  svc_sink_int(k, getpid());
  svc_sink_puts(k, ",\"ppid\":");
  svc_sink_int(k, getppid());
  if (!wait) svc_sink_puts(k, ",\"wait\":false");
  if (trunc) svc_sink_puts(k, ",\"truncated\":true");
  svc_sink_puts(k, "}\n");
}

/* ---- exported helpers (tests call them through koffi) ---- */

int svc_json_escape(const char *in, char *out, size_t outlen) {
  struct svc_sink k;
  size_t budget = (size_t)-1;
  int trunc = 0;
  svc_sink_memory(&k, out, outlen);
  if (in) put_escaped(&k, in, svc_strlen(in), &budget, &trunc);
  return svc_sink_finish(&k);
}

int svc_build_command(const char *const argv[], char *out, size_t outlen) {
  struct svc_sink k;
  struct svc_text t = {.k = &k};
  svc_sink_memory(&k, out, outlen);
  for (size_t i = 0; argv && argv[i]; i++) {
    if (i) svc_text_put(&t, " ", 1);
    svc_text_quoted_word(&t, argv[i]);
  }
  return svc_sink_finish(&k);
}

int svc_render_command(const char *path, const char *file, const char *const argv[], char *out,
                       size_t outlen) {
  struct svc_sink k;
  struct svc_text t = {.k = &k};
  svc_sink_memory(&k, out, outlen);
  svc_text_command(&t, path, file, (char *const *)argv, NULL);
  return svc_sink_finish(&k);
}
