/* svc-hook: the fast path for host hooks.
 *
 *   svc-hook HOST        HOST: claude-code, codex, cursor, gemini, copilot, cline
 *
 * A host runs its hook once per tool call, and starting Node costs ~58 ms, so this client does
 * no policy work at all: it forwards the host's JSON (stdin) over the svc socket to the
 * running server, which runs the same host adapter as `svc hook HOST` (every decision still
 * goes through /v1/tool: audit, approvals), and prints the server's reply:
 *
 *   -> {"v":1,"kind":"hook","host":H,"payload":"<stdin>","cwd":"...","env":{...}}\n
 *   <- {"stdout":"...","stderr":"...","exit":N}\n     (leading whitespace: held, see below)
 *
 * When the server cannot be asked (no socket, refused, untrusted owner, timeout, malformed
 * reply) it hands the same stdin bytes to `svc hook HOST` (bin/svc.js of the same package,
 * found from this binary's own location, never from the environment), which decides locally
 * with the same policies and records the decision for the server to fold in later. With
 * SERVICE_FAIL_OPEN=0 it prints the host's deny reply instead. When the handover itself fails
 * it gives no decision (the host's own permission flow, an explicit ask where the host has
 * one). Always exit 0 on those paths, as `svc hook` does: hosts take a crash as "go ahead". */
#define _GNU_SOURCE
#include "svc_wire.h"
#include "svc_path.h"
#include "svc_reply.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <pwd.h>
#include <sys/stat.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

/* As MAX_STDIN_BYTES in src/integrations/hooks/hook-run.ts; one byte more is read and forwarded,
 * so the server refuses an oversize payload exactly as `svc hook` does. */
#define HOOK_STDIN_MAX (4 * 1024 * 1024)
/* A host that never closes stdin must not hold the tool call forever (as `svc hook`). */
#define HOOK_STDIN_TIMEOUT_MS 10000
/* Until the server answers or says it is holding: under Copilot's 30 s hook timeout. */
#define HOOK_DEFAULT_TIMEOUT_MS 25000
/* Once held (an approval on a host without its own prompt waits up to 300 s): under the
 * 330 s hook timeout `svc setup` installs for those hosts. */
#define HOOK_DEFAULT_HOLD_TIMEOUT_MS 320000
/* As MAX_HOOK_REPLY_LINE in server/hook-call.ts, plus room for the framing. */
#define HOOK_REPLY_MAX (16 * 1024 * 1024 + 4096)
#define HOOK_ENV_VALUE_BUDGET (16 * 1024)
#define HOOK_STAGE (64 * 1024)
#define HOOK_REASON_MAX 1024
#define HOOK_EVENT_MAX 64
#define EXIT_USAGE 2

/* Placeholder in the reply templates for the JSON-escaped reason text. */
#define TEXT "\001"
#define MARKER "[REDACTED: sensitive content removed by svc]"

/* The replies of src/integrations/hooks/<host>.ts render() for an allow, and for a deny (pre)
 * or block (post) without the host's tool output; test/preload/hook-fast.test.ts checks each
 * against the adapter byte for byte. */
struct host {
  const char *name;
  const char *event_key;  /* member naming the event; NULL: the host has one phase */
  int (*is_post)(const char *event);
  const char *allow[2];   /* [pre, post] */
  const char *deny[2];
  const char *text_prefix;
  int deny_on_stderr;     /* the host also shows stderr to the user */
  const char *const *conversation_env;
  /* No decision ("defer" in src/integrations/hooks/types.ts): the host's own flow decides.
   * Text is "svc: " + reason; NULL post template: the pre one. */
  const char *defer[2];
  int defer_on_stderr;
};

static int starts_post(const char *e) { return strncmp(e, "Post", 4) == 0; }
static int starts_post_nocase(const char *e) { return strncasecmp(e, "post", 4) == 0; }
static int codex_post(const char *e) { return strcmp(e, "PostToolUse") == 0; }
static int gemini_post(const char *e) { return strcmp(e, "AfterTool") == 0; }
static int cline_post(const char *e) { return !strcmp(e, "PostToolUse") || !strcmp(e, "tool_result"); }

static const char *const claude_env[] = {"CLAUDE_CONVERSATION_ID", NULL};
static const char *const no_env[] = {NULL};

#define PRE_DENY \
  "{\"hookSpecificOutput\":{\"hookEventName\":\"PreToolUse\",\"permissionDecision\":\"deny\"," \
  "\"permissionDecisionReason\":\"" TEXT "\"}}"
#define BLOCK "{\"decision\":\"block\",\"reason\":\"" TEXT "\"}"
#define NOTE "{\"systemMessage\":\"" TEXT "\"}"
#define ASK_BODY "\"permissionDecision\":\"ask\",\"permissionDecisionReason\":\"" TEXT "\""

static const struct host HOSTS[] = {
    {"claude-code", "hook_event_name", starts_post,
     {"{\"hookSpecificOutput\":{\"hookEventName\":\"PreToolUse\",\"permissionDecision\":\"allow\"}}", "{}"},
     {PRE_DENY, BLOCK}, "svc: ", 0, claude_env,
     {"{\"hookSpecificOutput\":{\"hookEventName\":\"PreToolUse\"," ASK_BODY "},\"systemMessage\":\"" TEXT "\"}", NOTE}, 0},
    {"codex", "hook_event_name", codex_post, {"{}", "{}"}, {PRE_DENY, BLOCK}, "svc: ", 0, no_env, {NOTE, NOTE}, 0},
    {"cursor", NULL, NULL, {"{}", "{}"},
     {"{\"permission\":\"deny\",\"user_message\":\"" TEXT "\",\"agent_message\":\"" TEXT
      "\",\"userMessage\":\"" TEXT "\",\"agentMessage\":\"" TEXT "\"}",
      NULL},
     "svc: ", 0, no_env, {"{\"user_message\":\"" TEXT "\",\"userMessage\":\"" TEXT "\"}", NULL}, 0},
    {"gemini", "hook_event_name", gemini_post, {"{}", "{}"},
     {"{\"decision\":\"deny\",\"reason\":\"" TEXT "\"}", "{\"decision\":\"deny\",\"reason\":\"" TEXT "\"}"},
     "svc: ", 0, no_env, {NOTE, NOTE}, 0},
    {"copilot", "hook_event_name", starts_post_nocase, {"{}", "{}"},
     {"{\"permissionDecision\":\"deny\",\"permissionDecisionReason\":\"" TEXT
      "\",\"hookSpecificOutput\":{\"hookEventName\":\"PreToolUse\",\"permissionDecision\":\"deny\","
      "\"permissionDecisionReason\":\"" TEXT "\"}}",
      "{\"decision\":\"block\",\"reason\":\"" TEXT "\",\"modifiedResult\":{\"resultType\":\"success\","
      "\"textResultForLlm\":\"" MARKER "\"},\"additionalContext\":\"" TEXT
      "\",\"hookSpecificOutput\":{\"hookEventName\":\"PostToolUse\",\"additionalContext\":\"" TEXT "\"}}"},
     "svc: ", 0, no_env,
     {"{" ASK_BODY ",\"hookSpecificOutput\":{\"hookEventName\":\"PreToolUse\"," ASK_BODY "},\"systemMessage\":\"" TEXT "\"}", NOTE}, 0},
    {"cline", "hookName", cline_post, {"{\"cancel\":false}", "{\"cancel\":false}"},
     {"{\"cancel\":true,\"errorMessage\":\"" TEXT "\"}", "{\"cancel\":true,\"errorMessage\":\"" TEXT "\"}"},
     "Blocked by svc: ", 1, no_env, {"{\"cancel\":false}", NULL}, 1},
};
#define N_HOSTS (sizeof HOSTS / sizeof HOSTS[0])

/* Forwarded to the server's run of the adapter (the rest of its environment is the server's). */
static const char *const FORWARDED_ENV[] = {"SERVICE_RUN", "SERVICE_SESSION", "SERVICE_FAIL_OPEN",
                                            "SERVICE_APPROVAL_WAIT", NULL};

struct input {
  char *buf;
  size_t len;
};

static const char *env(const char *name) { return svc_getenv(SVC_ENVIRON, name); }

static long env_ms(const char *name, long dflt) {
  const char *v = env(name);
  long x = 0;
  if (!v || !*v) return dflt;
  for (const char *p = v; *p; p++) {
    if (*p < '0' || *p > '9' || x > 100000000L) return dflt;
    x = x * 10 + (*p - '0');
  }
  return x;
}

/* failOpen() in src/integrations/integration-config.ts: only 0/false/no/off (any case, trimmed) close it. */
static int fail_open(void) {
  static const char *const closed[] = {"0", "false", "no", "off", NULL};
  const char *v = env("SERVICE_FAIL_OPEN");
  if (!v) return 1;
  size_t n = strlen(v);
  while (n && strchr(" \t\n\r\f\v", v[n - 1])) n--;
  while (n && strchr(" \t\n\r\f\v", *v)) v++, n--;
  for (int i = 0; closed[i]; i++)
    if (strlen(closed[i]) == n && strncasecmp(v, closed[i], n) == 0) return 0;
  return 1;
}

/* SERVICE_SOCKET, else <data dir>/svc.sock with the data dir of `svc serve`: $SERVICE_HOME,
 * else ~/.svc. */
static void socket_path(char *out, size_t cap) {
  const char *s = env("SERVICE_SOCKET");
  if (s && *s) {
    snprintf(out, cap, "%s", s);
    return;
  }
  const char *home = env("SERVICE_HOME");
  if (home && *home) {
    snprintf(out, cap, "%s/svc.sock", home);
    return;
  }
  home = env("HOME");
  if (!home || !*home) {
    struct passwd *pw = getpwuid(getuid());
    home = pw && pw->pw_dir ? pw->pw_dir : "";
  }
  snprintf(out, cap, "%s/.svc/svc.sock", home);
}

static void read_stdin(struct input *in) {
  size_t cap = HOOK_STDIN_MAX + 1;
  long long deadline = svc_now_ms() + HOOK_STDIN_TIMEOUT_MS;
  in->len = 0;
  in->buf = malloc(cap);
  if (!in->buf) return;
  while (in->len < cap) {
    if (svc_wait_fd(0, POLLIN, deadline) < 0) break;
    ssize_t r = read(0, in->buf + in->len, cap - in->len);
    if (r < 0 && (errno == EINTR || errno == EAGAIN)) continue;
    if (r <= 0) break;
    in->len += (size_t)r;
  }
}

/* ---- the host's own reply when the server cannot be asked ---- */

/* Phase of the payload as the adapter's phaseOf() guesses it (1 = post). */
static int post_phase(const struct host *h, const struct input *in) {
  if (!h->event_key || !in->buf) return 0;
  char ev[HOOK_EVENT_MAX];
  struct svc_json_field f = {.key = h->event_key, .type = 's', .out = ev, .cap = sizeof ev};
  svc_json_fields(in->buf, in->len, &f, 1);
  return f.seen && h->is_post(ev);
}

/* Writes the template with TEXT replaced by prefix+reason, JSON-escaped, and a newline. */
static void print_reply(const char *tpl, const char *prefix, const char *reason) {
  size_t cap = 32 * HOOK_REASON_MAX + 1024; /* 4 escaped copies of the text at most */
  char *out = malloc(cap);
  if (!out) return;
  struct svc_sink k;
  struct svc_text t = {.k = &k, .json = 1, .budget = (size_t)-1};
  svc_sink_memory(&k, out, cap);
  for (const char *p = tpl; *p; p++) {
    if (*p != TEXT[0]) {
      svc_sink_put(&k, p, 1);
      continue;
    }
    svc_text_put(&t, prefix, strlen(prefix));
    svc_text_put(&t, reason, strlen(reason));
  }
  svc_sink_put(&k, "\n", 1);
  svc_sink_finish(&k);
  svc_write_all(1, out, strlen(out));
  free(out);
}

static int deny_reply(const struct host *h, int post, const char *reason) {
  const char *tpl = h->deny[post] ? h->deny[post] : h->deny[0];
  print_reply(tpl, h->text_prefix, reason);
  if (h->deny_on_stderr) dprintf(2, "%s%s\n", h->text_prefix, reason);
  return 0;
}

/* `svc hook` refuses these before it contacts the server; so does this client. */
static int malformed_payload(const struct input *in, char *why, size_t cap) {
  if (in->len > HOOK_STDIN_MAX) {
    snprintf(why, cap, "payload larger than %d bytes", HOOK_STDIN_MAX);
    return 1;
  }
  if (svc_json_fields(in->buf, in->len, NULL, 0) != -EINVAL) return 0; /* valid, or too deep to tell */
  size_t i = 0;
  while (i < in->len && (in->buf[i] == ' ' || in->buf[i] == '\t' || in->buf[i] == '\n' || in->buf[i] == '\r')) i++;
  snprintf(why, cap, "%s", i == in->len ? "empty payload on stdin" : "payload is not valid JSON");
  return 1;
}

/* No decision: the host's own permission flow (run.ts's `defer`). */
static int defer_reply(const struct host *h, int post, const char *reason) {
  const char *tpl = h->defer[post] ? h->defer[post] : h->defer[0];
  print_reply(tpl, "svc: ", reason);
  if (h->defer_on_stderr) dprintf(2, "svc: %s\n", reason);
  return 0;
}

/* bin/svc.js of the package this binary belongs to (build/Release/svc-hook -> ../../bin/svc.js).
 * Found from the binary's own location only: no environment variable can point the handover at
 * another program. 0 on success. */
static int svc_js_path(char *out, size_t cap) {
  char self[PATH_MAX];
#ifdef __linux__
  ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
  if (n <= 0) return n < 0 ? -errno : -ENOENT;
  self[n] = 0;
#else
  return -ENOTSUP;
#endif
  char *slash = strrchr(self, '/');
  if (!slash) return -ENOENT;
  *slash = 0;
  char joined[PATH_MAX + 32];
  snprintf(joined, sizeof joined, "%s/../../bin/svc.js", self);
  if (!realpath(joined, out)) return -errno;
  if (strlen(out) >= cap) return -ENAMETOOLONG;
  struct stat st;
  if (stat(out, &st) != 0) return -errno;
  if (!S_ISREG(st.st_mode)) return -ENOENT;
  return 0;
}

/* A file descriptor holding the payload from its start, for the Node hook's stdin; or -errno. */
static int payload_fd(const struct input *in) {
  int fd = -1;
#ifdef __linux__
  fd = (int)syscall(SYS_memfd_create, "svc-hook-stdin", 0);
#endif
  if (fd < 0) {
    FILE *f = tmpfile();
    if (!f) return -errno;
    fd = dup(fileno(f));
    int e = errno;
    fclose(f);
    if (fd < 0) return -e;
  }
  size_t off = 0;
  while (off < in->len) {
    ssize_t w = write(fd, in->buf + off, in->len - off);
    if (w < 0 && errno == EINTR) continue;
    if (w <= 0) {
      int e = w < 0 ? errno : EIO;
      close(fd);
      return -e;
    }
    off += (size_t)w;
  }
  if (lseek(fd, 0, SEEK_SET) != 0) {
    int e = errno;
    close(fd);
    return -e;
  }
  return fd;
}

/* Replaces this process with `svc hook HOST` reading the same stdin bytes. Returns only on
 * failure, with why in `err`. */
static void hand_over(const struct host *h, const struct input *in, char *err, size_t cap) {
  char js[PATH_MAX];
  if (svc_js_path(js, sizeof js) != 0) {
    snprintf(err, cap, "bin/svc.js not found beside this svc-hook");
    return;
  }
  int fd = payload_fd(in);
  if (fd < 0 || dup2(fd, 0) < 0) {
    snprintf(err, cap, "cannot pass the payload on: %s", strerror(fd < 0 ? -fd : errno));
    if (fd >= 0) close(fd);
    return;
  }
  close(fd);
  fflush(stdout);
  char *const direct[] = {js, "hook", (char *)h->name, NULL};
  execv(js, direct); /* its #! line runs node */
  int first = errno;
  char *const via_node[] = {"node", js, "hook", (char *)h->name, NULL};
  execvp("node", via_node);
  snprintf(err, cap, "cannot run %s: %s", js, strerror(first));
}

/* The server could not be asked: `svc hook HOST` decides locally (hand_over), or with
 * SERVICE_FAIL_OPEN=0 the host's deny. Same sentences as run.ts. */
static int away(const struct host *h, const struct input *in, const char *msg) {
  char reason[HOOK_REASON_MAX];
  if (!in->buf) {
    snprintf(reason, sizeof reason, "malformed %s hook payload (cannot read stdin)", h->name);
    return deny_reply(h, 0, reason);
  }
  char why[128];
  if (malformed_payload(in, why, sizeof why)) {
    snprintf(reason, sizeof reason, "malformed %s hook payload (%s)", h->name, why);
    return deny_reply(h, 0, reason);
  }
  int post = post_phase(h, in);
  if (fail_open()) {
    char err[PATH_MAX + 128];
    hand_over(h, in, err, sizeof err);
    snprintf(reason, sizeof reason, "the svc server is unreachable (%.400s) and the local decision could not be made (%.400s)", msg, err);
    dprintf(2, "svc: server unreachable (%s); no decision, the host decides\n", msg);
    return defer_reply(h, post, reason);
  }
  snprintf(reason, sizeof reason, "the svc server is unreachable (%s) and fail-open is off", msg);
  return deny_reply(h, post, reason);
}

/* ---- the round trip ---- */

static void put_string_member(struct svc_sink *k, const char *name, const char *val, size_t n,
                              size_t budget) {
  struct svc_text t = {.k = k, .json = 1, .budget = budget};
  svc_sink_puts(k, ",\"");
  svc_sink_puts(k, name);
  svc_sink_puts(k, "\":\"");
  svc_text_put(&t, val, n);
  svc_sink_put(k, "\"", 1);
}

static void put_env(struct svc_sink *k, const char *const *names, int *first) {
  for (int i = 0; names[i]; i++) {
    const char *v = env(names[i]);
    if (!v) continue;
    struct svc_text t = {.k = k, .json = 1, .budget = HOOK_ENV_VALUE_BUDGET};
    svc_sink_puts(k, *first ? "\"" : ",\"");
    svc_sink_puts(k, names[i]);
    svc_sink_puts(k, "\":\"");
    svc_text_put(&t, v, strlen(v));
    svc_sink_put(k, "\"", 1);
    *first = 0;
  }
}

static int send_request(int fd, const struct host *h, const struct input *in, long long deadline) {
  char *stage = malloc(HOOK_STAGE);
  char cwd[PATH_MAX];
  int first = 1;
  if (!stage) return -ENOMEM;
  struct svc_sink k = {.buf = stage, .cap = HOOK_STAGE, .fd = fd, .deadline = deadline};
  svc_getcwd(cwd, sizeof cwd);
  svc_sink_puts(&k, "{\"v\":1,\"kind\":\"hook\",\"host\":\"");
  svc_sink_puts(&k, h->name);
  svc_sink_puts(&k, "\"");
  put_string_member(&k, "payload", in->buf, in->len, (size_t)-1);
  put_string_member(&k, "cwd", cwd, strlen(cwd), SVC_PATH_BUDGET);
  svc_sink_puts(&k, ",\"env\":{");
  put_env(&k, FORWARDED_ENV, &first);
  put_env(&k, h->conversation_env, &first);
  svc_sink_puts(&k, "}}\n");
  int rc = svc_sink_finish(&k);
  free(stage);
  return rc;
}

/* Prints the server's reply line; 0 on success, -1 when it is malformed. */
static int print_server_reply(const char *line, size_t len, int *exit_code) {
  char *out = malloc(len + 1), *err = malloc(len + 1);
  int rc = -1;
  if (out && err) {
    struct svc_json_field f[3] = {{.key = "stdout", .type = 's', .out = out, .cap = len + 1},
                                  {.key = "stderr", .type = 's', .out = err, .cap = len + 1},
                                  {.key = "exit", .type = 'i'}};
    if (svc_json_fields(line, len, f, 3) == 0 && f[0].seen && f[1].seen && f[2].seen && !f[0].over &&
        !f[1].over && f[2].num >= 0 && f[2].num <= 255) {
      svc_write_all(2, err, strlen(err));
      svc_write_all(1, out, strlen(out));
      *exit_code = (int)f[2].num;
      rc = 0;
    }
  }
  free(out);
  free(err);
  return rc;
}

static int ask_server(const struct host *h, const struct input *in, const char *path) {
  long timeout = env_ms("SERVICE_HOOK_TIMEOUT_MS", HOOK_DEFAULT_TIMEOUT_MS);
  long hold_timeout = env_ms("SERVICE_HOOK_HOLD_TIMEOUT_MS", HOOK_DEFAULT_HOLD_TIMEOUT_MS);
  long long deadline = svc_now_ms() + timeout;
  char msg[PATH_MAX + 128];

  /* a restarting server (its lock names a live process) is waited for, as the library does */
  long long give_up = svc_now_ms() + SVC_RESTART_WAIT_MS;
  int fd, c;
  for (int said = 0;; said = 1) {
    fd = svc_socket_open();
    if (fd < 0) return away(h, in, "cannot create a socket");
    c = svc_connect(fd, path, deadline);
    if ((c != -ECONNREFUSED && c != -ENOENT) || svc_now_ms() >= give_up || !svc_server_starting(path)) break;
    close(fd);
    if (!said && getenv("SERVICE_PRELOAD_DEBUG")) dprintf(2, "svc-hook: svc server is starting; waiting for its socket\n");
    struct timespec ts = {.tv_nsec = SVC_RESTART_STEP_MS * 1000000L};
    nanosleep(&ts, NULL);
    deadline = svc_now_ms() + timeout;
  }
  if (c == -ETIMEDOUT) {
    snprintf(msg, sizeof msg, "%s did not accept within %ld ms", path, timeout);
    return away(h, in, msg);
  }
  if (c < 0) {
    snprintf(msg, sizeof msg, "cannot connect to %s: %s", path, strerror(-c));
    return away(h, in, msg);
  }
  if (!svc_peer_trusted(fd)) {
    snprintf(msg, sizeof msg, "%s is served by another user", path);
    return away(h, in, msg);
  }
  int e = send_request(fd, h, in, deadline);
  if (e < 0) {
    snprintf(msg, sizeof msg, e == -ETIMEDOUT ? "%s did not read the request within %ld ms" : "%s closed the connection", path, timeout);
    return away(h, in, msg);
  }

  size_t cap = 64 * 1024, len = 0;
  char *line = malloc(cap);
  int held = 0;
  if (!line) return away(h, in, "out of memory");
  for (;;) {
    int w = svc_wait_fd(fd, POLLIN, deadline);
    if (w == -ETIMEDOUT && held) {
      snprintf(msg, sizeof msg, "the svc server held the call and gave no answer within %ld ms", hold_timeout);
      return deny_reply(h, post_phase(h, in), msg);
    }
    if (w == -ETIMEDOUT) {
      snprintf(msg, sizeof msg, "no answer on %s within %ld ms", path, timeout);
      return away(h, in, msg);
    }
    if (len == cap) {
      char *bigger = cap < HOOK_REPLY_MAX ? realloc(line, cap * 2 < HOOK_REPLY_MAX ? cap * 2 : HOOK_REPLY_MAX) : NULL;
      if (!bigger) break;
      line = bigger;
      cap = cap * 2 < HOOK_REPLY_MAX ? cap * 2 : HOOK_REPLY_MAX;
    }
    if (w < 0) break;
    ssize_t r = recv(fd, line + len, cap - len, 0);
    if (r < 0 && (errno == EINTR || errno == EAGAIN)) continue;
    if (r <= 0) break;
    size_t start = len;
    len += (size_t)r;
    /* Whitespace before the reply means the server is holding the call (an approval is
     * pending): drop the short timeout and wait for the final line. */
    if (start == 0) {
      size_t skip = 0;
      while (skip < len && (line[skip] == ' ' || line[skip] == '\t' || line[skip] == '\r')) skip++;
      if (skip && !held) {
        held = 1;
        deadline = hold_timeout ? svc_now_ms() + hold_timeout : -1;
      }
      memmove(line, line + skip, len - skip);
      len -= skip;
      start = 0;
    }
    char *nl = memchr(line + start, '\n', len - start);
    if (nl) {
      int code = 0;
      close(fd);
      if (print_server_reply(line, (size_t)(nl - line), &code) != 0) break;
      free(line);
      return code;
    }
  }
  free(line);
  snprintf(msg, sizeof msg, "malformed reply on %s", path);
  return away(h, in, msg);
}

int main(int argc, char **argv) {
  const struct host *h = NULL;
  for (size_t i = 0; argc == 2 && i < N_HOSTS; i++)
    if (svc_streq(argv[1], HOSTS[i].name)) h = &HOSTS[i];
  if (!h) {
    dprintf(2, argc == 2 ? "svc-hook: unknown host \"%s\" (expected claude-code, codex, cursor, gemini, copilot, cline)\n"
                         : "svc-hook: expected one HOST (claude-code, codex, cursor, gemini, copilot, cline)%s\n",
            argc == 2 ? argv[1] : "");
    return EXIT_USAGE;
  }
  struct input in;
  char path[PATH_MAX];
  read_stdin(&in);
  if (!in.buf) return away(h, &in, "out of memory");
  socket_path(path, sizeof path);
  return ask_server(h, &in, path);
}
