/* Parser for the server's reply line: {"decision":"allow|deny|ask|watch","allowed":bool,
 * "message":"..."}. A strict, bounded, allocation-free JSON reader: other members are skipped
 * (depth-limited); duplicates of our keys, trailing garbage, wrong types, a missing
 * "decision" or "allowed" all make the reply malformed. */
#define _GNU_SOURCE
#include "svc_reply.h"

#include "svc_path.h"

#include <errno.h>

#define JSON_DEPTH_MAX 16

struct jp {
  const unsigned char *s;
  size_t n;
  size_t i;
  int deep; /* the document nested deeper than JSON_DEPTH_MAX (not necessarily invalid JSON) */
};

static void ws(struct jp *p) {
  while (p->i < p->n && (p->s[p->i] == ' ' || p->s[p->i] == '\t' || p->s[p->i] == '\r' ||
                         p->s[p->i] == '\n'))
    p->i++;
}

static int hexval(unsigned char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

static int read_hex4(struct jp *p, unsigned *v) {
  if (p->i + 4 > p->n) return -EINVAL;
  unsigned x = 0;
  for (int k = 0; k < 4; k++) {
    int h = hexval(p->s[p->i + k]);
    if (h < 0) return -EINVAL;
    x = x * 16 + (unsigned)h;
  }
  p->i += 4;
  *v = x;
  return 0;
}

/* Appends one byte to out when room remains (keeps the NUL); sets *over when it does not,
 * and for an embedded NUL, which would otherwise let "allowed\u0000x" pass as "allowed". */
static void out_byte(char *out, size_t cap, size_t *len, int *over, unsigned char c) {
  if (!out || !cap) return;
  if (c == 0)
    *over = 1;
  else if (*len + 1 < cap)
    out[(*len)++] = (char)c;
  else
    *over = 1;
}

static void out_utf8(char *out, size_t cap, size_t *len, int *over, unsigned cp) {
  if (cp < 0x80) {
    out_byte(out, cap, len, over, (unsigned char)cp);
  } else if (cp < 0x800) {
    out_byte(out, cap, len, over, (unsigned char)(0xc0 | (cp >> 6)));
    out_byte(out, cap, len, over, (unsigned char)(0x80 | (cp & 0x3f)));
  } else if (cp < 0x10000) {
    out_byte(out, cap, len, over, (unsigned char)(0xe0 | (cp >> 12)));
    out_byte(out, cap, len, over, (unsigned char)(0x80 | ((cp >> 6) & 0x3f)));
    out_byte(out, cap, len, over, (unsigned char)(0x80 | (cp & 0x3f)));
  } else {
    out_byte(out, cap, len, over, (unsigned char)(0xf0 | (cp >> 18)));
    out_byte(out, cap, len, over, (unsigned char)(0x80 | ((cp >> 12) & 0x3f)));
    out_byte(out, cap, len, over, (unsigned char)(0x80 | ((cp >> 6) & 0x3f)));
    out_byte(out, cap, len, over, (unsigned char)(0x80 | (cp & 0x3f)));
  }
}

/* Parses a string at p (which must point at '"'), decoding into out (may be NULL). Returns 0,
 * or -1 when the string is not valid JSON. *over is set when out was too small. */
static int parse_string(struct jp *p, char *out, size_t cap, int *over) {
  size_t len = 0;
  if (p->i >= p->n || p->s[p->i] != '"') return -EINVAL;
  p->i++;
  while (p->i < p->n) {
    unsigned char c = p->s[p->i++];
    if (c == '"') {
      if (out && cap) out[len] = 0;
      return 0;
    }
    if (c < 0x20) return -EINVAL;
    if (c != '\\') {
      out_byte(out, cap, &len, over, c);
      continue;
    }
    if (p->i >= p->n) return -EINVAL;
    unsigned char e = p->s[p->i++];
    unsigned cp;
    switch (e) {
      case '"': case '\\': case '/': out_byte(out, cap, &len, over, e); break;
      case 'b': out_byte(out, cap, &len, over, '\b'); break;
      case 'f': out_byte(out, cap, &len, over, '\f'); break;
      case 'n': out_byte(out, cap, &len, over, '\n'); break;
      case 'r': out_byte(out, cap, &len, over, '\r'); break;
      case 't': out_byte(out, cap, &len, over, '\t'); break;
      case 'u':
        if (read_hex4(p, &cp)) return -EINVAL;
        if (cp >= 0xd800 && cp < 0xdc00) {
          unsigned lo;
          if (p->i + 6 <= p->n && p->s[p->i] == '\\' && p->s[p->i + 1] == 'u') {
            p->i += 2;
            if (read_hex4(p, &lo)) return -EINVAL;
            if (lo >= 0xdc00 && lo < 0xe000)
              cp = 0x10000 + ((cp - 0xd800) << 10) + (lo - 0xdc00);
            else
              cp = 0xfffd;
          } else {
            cp = 0xfffd;
          }
        } else if (cp >= 0xdc00 && cp < 0xe000) {
          cp = 0xfffd;
        }
        out_utf8(out, cap, &len, over, cp);
        break;
      default:
        return -EINVAL;
    }
  }
  return -EINVAL;
}

static int skip_value(struct jp *p, int depth);

static int skip_literal(struct jp *p, const char *lit) {
  size_t k = 0;
  while (lit[k]) {
    if (p->i + k >= p->n || p->s[p->i + k] != (unsigned char)lit[k]) return -EINVAL;
    k++;
  }
  p->i += k;
  return 0;
}

static int skip_number(struct jp *p) {
  size_t start = p->i;
  if (p->i < p->n && p->s[p->i] == '-') p->i++;
  size_t digits = p->i;
  while (p->i < p->n && p->s[p->i] >= '0' && p->s[p->i] <= '9') p->i++;
  if (p->i == digits) return -EINVAL;
  if (p->i < p->n && p->s[p->i] == '.') {
    p->i++;
    size_t f = p->i;
    while (p->i < p->n && p->s[p->i] >= '0' && p->s[p->i] <= '9') p->i++;
    if (p->i == f) return -EINVAL;
  }
  if (p->i < p->n && (p->s[p->i] == 'e' || p->s[p->i] == 'E')) {
    p->i++;
    if (p->i < p->n && (p->s[p->i] == '+' || p->s[p->i] == '-')) p->i++;
    size_t x = p->i;
    while (p->i < p->n && p->s[p->i] >= '0' && p->s[p->i] <= '9') p->i++;
    if (p->i == x) return -EINVAL;
  }
  return p->i > start ? 0 : -1;
}

static int skip_container(struct jp *p, int depth, unsigned char close, int keyed) {
  p->i++;
  ws(p);
  if (p->i < p->n && p->s[p->i] == close) {
    p->i++;
    return 0;
  }
  for (;;) {
    int over = 0;
    if (keyed) {
      if (parse_string(p, NULL, 0, &over)) return -EINVAL;
      ws(p);
      if (p->i >= p->n || p->s[p->i] != ':') return -EINVAL;
      p->i++;
      ws(p);
    }
    if (skip_value(p, depth + 1)) return -EINVAL;
    ws(p);
    if (p->i >= p->n) return -EINVAL;
    if (p->s[p->i] == ',') {
      p->i++;
      ws(p);
      continue;
    }
    if (p->s[p->i] == close) {
      p->i++;
      return 0;
    }
    return -EINVAL;
  }
}

static int skip_value(struct jp *p, int depth) {
  int over = 0;
  if (depth > JSON_DEPTH_MAX) p->deep = 1;
  if (depth > JSON_DEPTH_MAX || p->i >= p->n) return -EINVAL;
  switch (p->s[p->i]) {
    case '"': return parse_string(p, NULL, 0, &over);
    case '{': return skip_container(p, depth, '}', 1);
    case '[': return skip_container(p, depth, ']', 0);
    case 't': return skip_literal(p, "true");
    case 'f': return skip_literal(p, "false");
    case 'n': return skip_literal(p, "null");
    default: return skip_number(p);
  }
}

static int known_decision(const char *d) {
  return svc_streq(d, "allow") || svc_streq(d, "deny") || svc_streq(d, "ask") ||
         svc_streq(d, "watch");
}

int svc_parse_reply_code(const char *buf, size_t len, int *allowed, char *decision, size_t declen,
                         char *msg, size_t msglen, char *code, size_t codelen) {
  struct jp p = {.s = (const unsigned char *)buf, .n = len};
  int seen_dec = 0, seen_allowed = 0, seen_msg = 0, seen_code = 0;
  char dec[16] = {0}, cd[32] = {0};
  if (msg && msglen) msg[0] = 0;
  if (code && codelen) code[0] = 0;
  ws(&p);
  if (p.i >= p.n || p.s[p.i] != '{') return -EINVAL;
  p.i++;
  ws(&p);
  if (p.i < p.n && p.s[p.i] == '}') return -EINVAL; /* "decision" and "allowed" are required */
  for (;;) {
    char key[16];
    int over = 0;
    if (parse_string(&p, key, sizeof key, &over)) return -EINVAL;
    if (over) key[0] = 0; /* a long key is never one of ours */
    ws(&p);
    if (p.i >= p.n || p.s[p.i] != ':') return -EINVAL;
    p.i++;
    ws(&p);
    if (svc_streq(key, "decision")) {
      int o = 0;
      if (seen_dec++ || parse_string(&p, dec, sizeof dec, &o) || o || !known_decision(dec)) return -EINVAL;
    } else if (svc_streq(key, "allowed")) {
      if (seen_allowed++) return -EINVAL;
      if (skip_literal(&p, "true") == 0) {
        *allowed = 1;
      } else if (skip_literal(&p, "false") == 0) {
        *allowed = 0;
      } else {
        return -EINVAL;
      }
    } else if (svc_streq(key, "message")) {
      int o = 0; /* an over-long message is kept truncated, not rejected */
      if (seen_msg++ || parse_string(&p, msg, msglen, &o)) return -EINVAL;
    } else if (svc_streq(key, "code")) {
      int o = 0; /* an unknown long code is kept truncated: only "overloaded" means anything */
      if (seen_code++ || parse_string(&p, cd, sizeof cd, &o)) return -EINVAL;
    } else if (skip_value(&p, 1)) {
      return -EINVAL;
    }
    ws(&p);
    if (p.i >= p.n) return -EINVAL;
    if (p.s[p.i] == ',') {
      p.i++;
      ws(&p);
      continue;
    }
    if (p.s[p.i] != '}') return -EINVAL;
    p.i++;
    break;
  }
  ws(&p);
  if (p.i != p.n || !seen_dec) return -EINVAL;
  /* an overload refusal may omit "allowed": it is a deny that asks the client to try again */
  if (!seen_allowed) {
    if (!svc_streq(cd, "overloaded") || !svc_streq(dec, "deny")) return -EINVAL;
    *allowed = 0;
  }
  if (decision && declen) svc_copy(decision, declen, dec);
  if (code && codelen) svc_copy(code, codelen, cd);
  return 0;
}

int svc_parse_reply(const char *buf, size_t len, int *allowed, char *decision, size_t declen,
                    char *msg, size_t msglen) {
  return svc_parse_reply_code(buf, len, allowed, decision, declen, msg, msglen, NULL, 0);
}

static int parse_int(struct jp *p, long long *v) {
  int neg = 0;
  long long x = 0;
  size_t start;
  if (p->i < p->n && p->s[p->i] == '-') {
    neg = 1;
    p->i++;
  }
  start = p->i;
  while (p->i < p->n && p->s[p->i] >= '0' && p->s[p->i] <= '9') {
    if (x > (1LL << 53) / 10) return -EINVAL;
    x = x * 10 + (p->s[p->i] - '0');
    p->i++;
  }
  if (p->i == start) return -EINVAL;
  if (p->i < p->n && (p->s[p->i] == '.' || p->s[p->i] == 'e' || p->s[p->i] == 'E')) return -EINVAL;
  *v = neg ? -x : x;
  return 0;
}

static int read_fields(struct jp *p, struct svc_json_field *f, int nf) {
  for (int k = 0; k < nf; k++) {
    f[k].seen = 0;
    f[k].over = 0;
    if (f[k].out && f[k].cap) f[k].out[0] = 0;
  }
  ws(p);
  if (p->i >= p->n || p->s[p->i] != '{') return -EINVAL;
  p->i++;
  ws(p);
  if (p->i < p->n && p->s[p->i] == '}') {
    p->i++;
  } else {
    for (;;) {
      char key[SVC_JSON_KEY_MAX];
      int over = 0;
      if (parse_string(p, key, sizeof key, &over)) return -EINVAL;
      if (over) key[0] = 0; /* a long key is never one of ours */
      ws(p);
      if (p->i >= p->n || p->s[p->i] != ':') return -EINVAL;
      p->i++;
      ws(p);
      struct svc_json_field *m = NULL;
      for (int k = 0; k < nf && key[0]; k++)
        if (svc_streq(key, f[k].key)) m = &f[k];
      if (!m) {
        if (skip_value(p, 1)) return -EINVAL;
      } else if (m->seen++) {
        return -EINVAL;
      } else if (m->type == 's') {
        if (p->i >= p->n || p->s[p->i] != '"' || parse_string(p, m->out, m->cap, &m->over)) return -EINVAL;
      } else if (parse_int(p, &m->num)) {
        return -EINVAL;
      }
      ws(p);
      if (p->i >= p->n) return -EINVAL;
      if (p->s[p->i] == ',') {
        p->i++;
        ws(p);
        continue;
      }
      if (p->s[p->i] != '}') return -EINVAL;
      p->i++;
      break;
    }
  }
  ws(p);
  return p->i == p->n ? 0 : -1;
}

int svc_json_fields(const char *buf, size_t len, struct svc_json_field *f, int nf) {
  struct jp p = {.s = (const unsigned char *)buf, .n = len};
  if (read_fields(&p, f, nf) == 0) return 0;
  return p.deep ? -E2BIG : -EINVAL;
}
