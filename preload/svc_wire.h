/* Request encoding: a byte sink that either fills a caller buffer (tests, display) or streams to
 * the socket through a small stack staging buffer, plus JSON escaping and shell quoting. */
#ifndef SVC_WIRE_H
#define SVC_WIRE_H

#include "svc_check.h"

struct svc_sink {
  char *buf;
  size_t cap;
  size_t len;
  int fd;              /* >= 0: flush full stages to this socket; -1: memory mode */
  size_t total;        /* bytes emitted so far, including those that did not fit (memory) */
  int err;             /* socket mode: a send failed or the deadline passed */
  long long deadline;  /* monotonic ms; socket mode only */
};

void svc_sink_memory(struct svc_sink *k, char *out, size_t outlen) SVC_HIDDEN;
void svc_sink_put(struct svc_sink *k, const char *s, size_t n) SVC_HIDDEN;
void svc_sink_puts(struct svc_sink *k, const char *s) SVC_HIDDEN;
void svc_sink_int(struct svc_sink *k, long long v) SVC_HIDDEN;
/* Memory mode: NUL-terminates and returns total (snprintf-like). Socket mode: flushes; 0, or
 * -errno (-ETIMEDOUT when the deadline passed). */
int svc_sink_finish(struct svc_sink *k) SVC_HIDDEN;

/* Text destination: raw bytes, or JSON-escaped bytes limited to `budget` output bytes. */
struct svc_text {
  struct svc_sink *k;
  int json;
  size_t budget;
  int trunc;
};
void svc_text_put(struct svc_text *t, const char *s, size_t n) SVC_HIDDEN;
void svc_text_quoted_word(struct svc_text *t, const char *w) SVC_HIDDEN;
/* The command as a user would type it: display name of the program, then quoted args. */
void svc_text_command(struct svc_text *t, const char *path, const char *file,
                      char *const *argv, char *const *search_env) SVC_HIDDEN;

/* Streams the request line for `r` (docs/preload.md). */
void svc_write_request(struct svc_sink *k, const struct svc_request *r, const char *cwd,
                       int wait) SVC_HIDDEN;

long long svc_now_ms(void) SVC_HIDDEN;

/* 1 when the "NAME=value" entry names a variable through which a program can be made to run
 * other code (BASH_ENV, NODE_OPTIONS, LD_*, GIT_SSH_COMMAND, ...; see preload/README.md). */
int svc_env_runs_code(const char *entry) SVC_HIDDEN;
/* 1 when one of SERVICE_SOCKET ... SERVICE_REAL_SHELL, the names the library re-injects. */
int svc_env_is_ours(const char *entry) SVC_HIDDEN;

/* ---- exported for tests (koffi): each returns the length the whole output needs (as snprintf
 * does; the text is cut to fit outlen, NUL-terminated), never an error ---- */
SVC_EXPORT int svc_json_escape(const char *in, char *out, size_t outlen);
SVC_EXPORT int svc_build_command(const char *const argv[], char *out, size_t outlen);
SVC_EXPORT int svc_render_command(const char *path, const char *file, const char *const argv[],
                                  char *out, size_t outlen);

#endif
