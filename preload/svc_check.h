/* Shared by libsvc.so (the exec interposer) and svc-shim (the SHELL shim): configuration
 * snapshot, request encoding, the socket round trip and the reply parser.
 *
 * Everything on the check path is async-signal-safe and uses the caller's stack only, so a
 * check can run in a vfork child, a fork child of a threaded process, or a signal handler.
 * The only global state is the configuration, written once at load and read-only after. */
#ifndef SVC_CHECK_H
#define SVC_CHECK_H

#include <stddef.h>
#include <sys/stat.h>
#include <sys/types.h>

/* ---- platform differences (Linux is where this is built and tested) ---- */
#ifdef __APPLE__
#include <crt_externs.h>
#define SVC_ENVIRON (*_NSGetEnviron()) /* a dylib cannot reference environ directly */
#else
extern char **environ;
#define SVC_ENVIRON environ
#endif

#define SVC_EXPORT __attribute__((visibility("default")))
#define SVC_HIDDEN __attribute__((visibility("hidden")))

#ifndef PATH_MAX
#define PATH_MAX 4096
#endif

/* Bounds (bytes). A request line never exceeds SVC_REQ_LINE_MAX, which stays under the
 * server's 8 MiB exec line limit; fields longer than their budget are cut at a character boundary
 * and the request carries "truncated":true so the server decides (see preload/README.md). The
 * kernel takes about 2 MiB of arguments and environment (a quarter of the 8 MiB stack limit),
 * so plain-text argv of any size the kernel accepts fits the command and argv budgets. */
#define SVC_REQ_LINE_MAX (8000 * 1024)
#define SVC_CMD_BUDGET (3 * 1024 * 1024)
#define SVC_ARGV_BUDGET (3 * 1024 * 1024)
#define SVC_ENV_BUDGET (64 * 1024)    /* the "env" member: variables that run code */
#define SVC_PATH_BUDGET (24 * 1024)
#define SVC_IDENT_MAX 512          /* agent/session/run_id, raw bytes kept at load */
#define SVC_REPLY_MAX 8192         /* a reply line longer than this is malformed */
#define SVC_MSG_MAX 1024           /* reason text kept from the reply */
#define SVC_STAGE 4096             /* stack staging buffer for the streamed request */
#define SVC_SOCK_PATH_MAX 108      /* sizeof(sun_path) on Linux */

#define SVC_DEFAULT_TIMEOUT_MS 2000
#define SVC_DEFAULT_ASK_TIMEOUT_MS 130000

/* Bounded retries before the fail-open rule applies (see preload/README.md, "Failure handling").
 * An "overloaded" reply or a refused connection is tried SVC_RETRY_TRIES times in all, waiting
 * SVC_RETRY_STEP_MS, then twice that (30 ms in all). While a server is starting (the lock file
 * beside the socket names a live process, or a protected-mode server is configured), a refused
 * or missing socket is tried every SVC_RESTART_STEP_MS for up to SVC_RESTART_WAIT_MS. */
#define SVC_RETRY_TRIES 3
#define SVC_RETRY_STEP_MS 10
#define SVC_RESTART_STEP_MS 20
#define SVC_RESTART_WAIT_MS 1000

/* Environment names re-injected into every child from the load-time snapshot. */
#define SVC_ENV_NAMES_MAX 12
/* Load-time variables that run code, kept (as pointers) to tell which ones an exec changes. */
#define SVC_LOAD_ENV_MAX 48

/* Strings kept at load: a small static arena on the page of the library's other writable data
 * (room for the usual few hundred bytes), spilling into one mmap'd block of SVC_ARENA_MAX. */
#define SVC_ARENA_SMALL 2048
#define SVC_ARENA_MAX (6 * PATH_MAX + 4 * SVC_IDENT_MAX)
#define SVC_ENV_ENTRY_MAX (PATH_MAX + 64)    /* one "NAME=value" of the child snapshot */
#define SVC_PRELOAD_ENTRY_MAX (2 * PATH_MAX) /* the "LD_PRELOAD=..." snapshot */

struct svc_config {
  int ready;
  int debug;
  int fail_open;
  int ask_wait;            /* 0 when SERVICE_PRELOAD_ASK=deny: request says "wait":false */
  long timeout_ms;
  long ask_timeout_ms;     /* 0 = wait for the server's final reply without a local limit */
  char sock_path[SVC_SOCK_PATH_MAX];
  int sock_path_ok;        /* 0 when the configured path does not fit sun_path */
  /* never NULL; "" when unknown */
  const char *agent;
  const char *session;
  const char *run_id;
  const char *self_path;      /* absolute path of libsvc.so ("" in the shim) */
  const char *shim_path;      /* absolute path of svc-shim beside it */
  const char *preload_entry;  /* "LD_PRELOAD=..." snapshot for children */
  const char *load_preload;   /* the LD_PRELOAD value this process started with, or NULL */
  /* "NAME=value" strings for the child environment */
  const char *env_entries[SVC_ENV_NAMES_MAX];
  int n_env;
  /* variables that run code (svc_env_runs_code) as this process received them: a request names
   * only those an exec adds or changes, since this process's own were checked when it started */
  const char *load_env[SVC_LOAD_ENV_MAX];
  int n_load_env;
  int load_env_full;       /* more than SVC_LOAD_ENV_MAX: every such variable is sent */
};

extern struct svc_config svc_cfg SVC_HIDDEN;
/* NULL-terminated list of the SERVICE_* names that children always get from the snapshot. */
extern const char *const svc_env_names[] SVC_HIDDEN;

/* Reads the environment once (constructor or main). `self` is the library path or NULL. */
void svc_config_load(char *const *envp, const char *self) SVC_HIDDEN;

/* One exec as the user would see it. */
struct svc_request {
  const char *api;              /* "execve", "system", ... */
  const char *path;             /* resolved program path */
  const char *file;             /* name as passed (p-variants), or NULL */
  char *const *argv;            /* may be NULL */
  const char *command;          /* system/popen/shim: the shell command string, else NULL */
  char *const *search_env;      /* environment whose PATH is used to judge argv[0] */
  char *const *child_env;       /* environment the program gets (before repair); NULL: environ */
  const struct stat *st;        /* the program's stat when the caller has it (exe_id), or NULL */
};

enum svc_verdict { SVC_ALLOW = 0, SVC_DENY = 1 };

struct svc_outcome {
  enum svc_verdict verdict;
  char decision[16];            /* "allow", "deny", "ask", "watch", or "" for local outcomes */
  char message[SVC_MSG_MAX];
};

/* Asks the server; never allocates. Fills `out`; returns out->verdict. */
int svc_check(const struct svc_request *req, struct svc_outcome *out) SVC_HIDDEN;

/* Writes "svc: blocked: <command>: <message>\n" to fd 2 (one line, control chars escaped). */
void svc_report_block(const struct svc_request *req, const struct svc_outcome *out) SVC_HIDDEN;

/* AF_UNIX stream socket: close-on-exec, non-blocking, never raising SIGPIPE; -1 on error. */
int svc_socket_open(void) SVC_HIDDEN;
/* poll() for `events` until the monotonic deadline (ms; -1 = none): 1 ready, 0 timed out, -1 error. */
int svc_wait_fd(int fd, short events, long long deadline) SVC_HIDDEN;
/* Connects fd (from svc_socket_open) to the socket at path: 0 connected; 1 unreachable (errno
 * says why); 2 timed out (the listen backlog stayed full or the connect did not finish). */
int svc_connect(int fd, const char *path, long long deadline) SVC_HIDDEN;
/* The server must run as our effective user, root, or the uid named in SVC_TRUST_FILE. */
int svc_peer_trusted(int fd) SVC_HIDDEN;

/* Protected mode: the uid of the service user that runs the server, named by root in a file at
 * a fixed path (no environment variable can move it): one decimal uid and a newline. */
#define SVC_TRUST_FILE "/etc/svc/server.uid"
/* The uid named in the file at `path` when that file is a regular file owned by root and not
 * writable by group or others, holding a decimal uid and a newline; else -1. Async-signal-safe
 * (open, fstat, read, close). svc_hook.c and the tests call it too. */
SVC_EXPORT long svc_trust_file_uid(const char *path);
/* svc_trust_file_uid(SVC_TRUST_FILE). */
SVC_EXPORT long svc_trusted_server_uid(void);

/* Reserves a descriptor for the check's socket (library constructor), so that a process that
 * runs out of descriptors is still checked rather than waved through. */
void svc_reserve_init(void) SVC_HIDDEN;
/* Current directory into buf (raw system call on Linux: no allocation); "" on failure. */
void svc_getcwd(char *buf, size_t cap) SVC_HIDDEN;

/* Debug line on fd 2 when SERVICE_PRELOAD_DEBUG=1. */
void svc_debug(const char *a, const char *b) SVC_HIDDEN;

/* ---- small async-signal-safe string helpers ---- */
size_t svc_strlen(const char *s) SVC_HIDDEN;
int svc_streq(const char *a, const char *b) SVC_HIDDEN;
size_t svc_copy(char *dst, size_t cap, const char *src) SVC_HIDDEN; /* returns strlen(src) */
const char *svc_getenv(char *const *envp, const char *name) SVC_HIDDEN;
const char *svc_basename(const char *p) SVC_HIDDEN;
void svc_write_all(int fd, const char *s, size_t n) SVC_HIDDEN;

/* ---- PATH search (glibc execvp rules, decided once) ---- */
/* Finds `file` along PATH of `envp` (or the default path). On success writes the candidate to
 * out and returns 0; otherwise returns the errno execvp would report (ENOENT, EACCES, ...). */
int svc_path_search(const char *file, char *const *envp, char *out, size_t cap) SVC_HIDDEN;
/* 0 when `path` is an executable regular file for the effective ids, else an errno. */
int svc_executable(const char *path) SVC_HIDDEN;
/* The same two, also handing back the file's stat (valid on success), so a caller that needs
 * it does not ask the kernel a second time. */
int svc_executable_st(const char *path, struct stat *st) SVC_HIDDEN;
int svc_path_search_st(const char *file, char *const *envp, char *out, size_t cap,
                       struct stat *st) SVC_HIDDEN;

/* ---- the shell -c parser the shim and the library agree on ---- */
/* Returns the index in argv of the -c command string, or -1 when this is not a -c call. */
int svc_shell_command_index(char *const *argv) SVC_HIDDEN;

/* ---- reading a flat JSON object (svc-hook: the host's payload and the server's reply) ---- */
#define SVC_JSON_KEY_MAX 64
struct svc_json_field {
  const char *key;
  char type;      /* 's': string, 'i': integer */
  char *out;      /* 's': decoded value, NUL-terminated (NULL: only check the type) */
  size_t cap;
  int over;       /* 's': the value did not fit in cap, or held a NUL */
  long long num;  /* 'i' */
  int seen;
};
/* Reads the top-level members named in f from the JSON object in buf; others are skipped.
 * 0 when buf is exactly one valid object with no duplicate or mistyped named member; -2 when
 * it nests deeper than the parser goes (16 levels), so its validity is unknown; else -1.
 * Members read before an error stay filled in (seen). */
int svc_json_fields(const char *buf, size_t len, struct svc_json_field *f, int nf) SVC_HIDDEN;

/* ---- exported for tests (koffi) ---- */
SVC_EXPORT int svc_json_escape(const char *in, char *out, size_t outlen);
SVC_EXPORT int svc_build_command(const char *const argv[], char *out, size_t outlen);
SVC_EXPORT int svc_render_command(const char *path, const char *file, const char *const argv[],
                                  char *out, size_t outlen);
SVC_EXPORT int svc_parse_reply(const char *buf, size_t len, int *allowed, char *decision,
                               size_t declen, char *msg, size_t msglen);
/* The same, also handing back the reply's "code" ("overloaded": try again shortly). */
int svc_parse_reply_code(const char *buf, size_t len, int *allowed, char *decision, size_t declen,
                         char *msg, size_t msglen, char *code, size_t codelen) SVC_HIDDEN;

#endif
