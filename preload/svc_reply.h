/* Strict, bounded, allocation-free JSON reading (svc_reply.c): the server's reply line, and the
 * flat objects svc-hook reads (the host's payload and the server's hook reply). */
#ifndef SVC_REPLY_H
#define SVC_REPLY_H

#include "svc_check.h"

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
 * 0 when buf is exactly one valid object with no duplicate or mistyped named member; -E2BIG when
 * it nests deeper than the parser goes (16 levels), so its validity is unknown; else -EINVAL.
 * Members read before an error stay filled in (seen). */
int svc_json_fields(const char *buf, size_t len, struct svc_json_field *f, int nf) SVC_HIDDEN;

/* The server's reply line: 0 with allowed, decision and msg filled in, or -EINVAL for anything
 * malformed or ambiguous (tests call it through koffi). */
SVC_EXPORT int svc_parse_reply(const char *buf, size_t len, int *allowed, char *decision,
                               size_t declen, char *msg, size_t msglen);
/* The same, also handing back the reply's "code" ("overloaded": try again shortly). */
int svc_parse_reply_code(const char *buf, size_t len, int *allowed, char *decision, size_t declen,
                         char *msg, size_t msglen, char *code, size_t codelen) SVC_HIDDEN;

#endif
