/* Shared by libsvc.so (the exec interposer) and svc-shim (the SHELL shim): configuration
 * snapshot and the socket round trip (svc_check.c).
 *
 * Return convention across preload/: a function that can fail returns 0 (or the non-negative
 * value it names: a descriptor, a length, an index, a uid) on success and -errno on failure, and
 * leaves errno as it found it; a predicate returns 1 or 0. The libc entry points of libsvc.c keep
 * libc's own conventions (-1 and errno; posix_spawn's positive error number).
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

/* AF_UNIX stream socket: close-on-exec, non-blocking, never raising SIGPIPE; the fd or -errno. */
int svc_socket_open(void) SVC_HIDDEN;
/* poll() for `events` until the monotonic deadline (ms; -1 = none): 0 ready, -ETIMEDOUT, or -errno. */
int svc_wait_fd(int fd, short events, long long deadline) SVC_HIDDEN;
/* Connects fd (from svc_socket_open) to the socket at path: 0 connected; -ETIMEDOUT when the
 * listen backlog stayed full or the connect did not finish in time; else -errno (unreachable). */
int svc_connect(int fd, const char *path, long long deadline) SVC_HIDDEN;
/* 1 when the server runs as our effective user, root, or the uid named in SVC_TRUST_FILE; else 0. */
int svc_peer_trusted(int fd) SVC_HIDDEN;

/* Protected mode: the uid of the service user that runs the server, named by root in a file at
 * a fixed path (no environment variable can move it): one decimal uid and a newline. */
#define SVC_TRUST_FILE "/etc/svc/server.uid"
/* The uid named in the file at `path` when that file is a regular file owned by root and not
 * writable by group or others, holding a decimal uid and a newline. Else -errno: the error of
 * lstat/open (-ELOOP for a symbolic link), -EPERM for anything but a regular file of root's that
 * only root can rewrite, in a directory only root can write, -EINVAL for other content
 * or a path without a directory. Async-signal-safe
 * (open, fstat, read, close). svc_hook.c and the tests call it too. */
SVC_EXPORT long svc_trust_file_uid(const char *path);
/* svc_trust_file_uid(SVC_TRUST_FILE). */
SVC_EXPORT long svc_trusted_server_uid(void);

/* 1 when a server is starting or restarting for the socket at sock_path: the lock file beside it
 * names a live process (the server writes its pid there first), or root configured a
 * protected-mode server; else 0. Clients then retry a refused or missing socket for a while. */
int svc_server_starting(const char *sock_path) SVC_HIDDEN;

/* Reserves a descriptor for the check's socket (library constructor), so that a process that
 * runs out of descriptors is still checked rather than waved through. */
void svc_reserve_init(void) SVC_HIDDEN;
/* Current directory into buf (raw system call on Linux: no allocation); "" on failure. */
void svc_getcwd(char *buf, size_t cap) SVC_HIDDEN;

/* Debug line on fd 2 when SERVICE_PRELOAD_DEBUG=1. */
void svc_debug(const char *a, const char *b) SVC_HIDDEN;

#endif
