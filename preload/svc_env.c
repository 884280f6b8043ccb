/* Child environment repair. The caller's entries are kept in order (pointers, no copies);
 * entries for our own names are dropped and replaced by the load-time snapshot, so a child
 * cannot turn fail-open on, pick another socket or drop the library. A caller's own preload
 * list is kept behind this library, which always comes first: a library loaded before it could
 * define execve itself and so take every exec past the check. */
#define _GNU_SOURCE
#include "svc_env.h"
#include "svc_path.h"

#include "svc_wire.h"

#include <errno.h>

/* True when entry is "NAME=..." for this name. */
static int entry_is(const char *entry, const char *name) {
  size_t k = 0;
  while (name[k] && entry[k] == name[k]) k++;
  return !name[k] && entry[k] == '=';
}

/* Every name in svc_env_names starts with this; most entries fail on its first byte. */
#define SVC_ENV_PREFIX "SERVICE_"

static int listed(const char *entry) {
  for (size_t k = 0; k < sizeof SVC_ENV_PREFIX - 1; k++)
    if (entry[k] != SVC_ENV_PREFIX[k]) return 0;
  for (int i = 0; svc_env_names[i]; i++)
    if (entry_is(entry, svc_env_names[i])) return 1;
  return 0;
}

size_t svc_env_count(char *const *env) {
  size_t n = 0;
  while (env && env[n]) n++;
  return n;
}

static int word_is_self(const char *p, size_t n) {
  const char *self = svc_cfg.self_path;
  size_t sl = svc_strlen(self), k = 0;
  if (n != sl) return 0;
  while (k < sl && p[k] == self[k]) k++;
  return k == sl;
}

/* Does a ':'/' ' separated list name our library first? */
static int lists_self_first(const char *value) {
  const char *p = value;
  while (p && (*p == ':' || *p == ' ')) p++;
  if (!p || !*p) return 0;
  const char *e = p;
  while (*e && *e != ':' && *e != ' ') e++;
  return word_is_self(p, (size_t)(e - p));
}

/* The preload entry the child gets, given the caller's entry (or NULL): ours first, then the
 * caller's other entries in their order. */
static const char *preload_for(const char *caller, char *ld, size_t ldcap) {
  if (!svc_cfg.preload_entry[0]) return caller; /* not running as the preload library */
  const char *value = caller ? caller + sizeof SVC_PRELOAD_VAR : NULL;
  if (!value || !*value) return svc_cfg.preload_entry;
  /* the list this process started with (ours perhaps spelled relatively): the snapshot */
  if (svc_cfg.load_preload && svc_streq(value, svc_cfg.load_preload)) return svc_cfg.preload_entry;
  if (lists_self_first(value)) return caller;
  struct svc_sink k;
  svc_sink_memory(&k, ld, ldcap);
  svc_sink_puts(&k, SVC_PRELOAD_VAR "=");
  svc_sink_puts(&k, svc_cfg.self_path);
  for (const char *p = value; *p;) {
    while (*p == ':' || *p == ' ') p++;
    const char *e = p;
    while (*e && *e != ':' && *e != ' ') e++;
    if (e > p && !word_is_self(p, (size_t)(e - p))) {
      svc_sink_put(&k, ":", 1);
      svc_sink_put(&k, p, (size_t)(e - p));
    }
    p = e;
  }
  if ((size_t)svc_sink_finish(&k) >= ldcap) return svc_cfg.preload_entry;
  return ld;
}

char **svc_env_rebuild(char *const *src, char **slots, char *ld, size_t ldcap) {
  size_t o = 0;
  const char *caller = NULL;
  for (size_t i = 0; src && src[i]; i++) {
    const char *e = src[i];
    if (listed(e)) continue;
    if (entry_is(e, SVC_PRELOAD_VAR)) {
      if (!caller) caller = e;
      continue;
    }
    slots[o++] = (char *)e;
  }
  const char *pe = preload_for(caller, ld, ldcap);
  if (pe) slots[o++] = (char *)pe;
  for (int i = 0; i < svc_cfg.n_env; i++) slots[o++] = (char *)svc_cfg.env_entries[i];
  slots[o] = NULL;
  return slots;
}

static const char *snapshot_entry(const char *name) {
  for (int i = 0; i < svc_cfg.n_env; i++)
    if (entry_is(svc_cfg.env_entries[i], name)) return svc_cfg.env_entries[i];
  return NULL;
}

static const char *first_entry(char *const *env, const char *name) {
  for (size_t i = 0; env && env[i]; i++)
    if (entry_is(env[i], name)) return env[i];
  return NULL;
}

int svc_env_covered(char *const *env) {
  const char *caller = first_entry(env, SVC_PRELOAD_VAR);
  if (svc_cfg.preload_entry[0] && (!caller || !lists_self_first(caller + sizeof SVC_PRELOAD_VAR)))
    return 0;
  for (int i = 0; svc_env_names[i]; i++) {
    const char *want = snapshot_entry(svc_env_names[i]);
    const char *have = first_entry(env, svc_env_names[i]);
    if (!want != !have) return 0;
    if (want && !svc_streq(want, have)) return 0;
  }
  return 1;
}

/* Appends s in single quotes, each ' written as '\''. */
static void put_single_quoted(struct svc_sink *k, const char *s) {
  svc_sink_put(k, "'", 1);
  for (const char *p = s; *p; p++) {
    if (*p == '\'')
      svc_sink_put(k, "'\\''", 4);
    else
      svc_sink_put(k, p, 1);
  }
  svc_sink_put(k, "'", 1);
}

/* NAME='value'; `entry` is "NAME=value". */
static void put_assignment(struct svc_sink *k, const char *entry) {
  const char *eq = entry;
  while (*eq && *eq != '=') eq++;
  svc_sink_put(k, " ", 1);
  svc_sink_put(k, entry, (size_t)(eq - entry));
  svc_sink_put(k, "=", 1);
  put_single_quoted(k, *eq ? eq + 1 : eq);
}

int svc_env_shell_command(char *const *env, const char *cmd, char *buf, size_t cap) {
  struct svc_sink k;
  char ld[SVC_ENV_PRELOAD_MAX];
  const char *pe = preload_for(first_entry(env, SVC_PRELOAD_VAR), ld, sizeof ld);
  svc_sink_memory(&k, buf, cap);
  if (pe || svc_cfg.n_env) {
    /* never a bare "export": that would print the environment */
    svc_sink_puts(&k, "export");
    if (pe) put_assignment(&k, pe);
    for (int i = 0; i < svc_cfg.n_env; i++) put_assignment(&k, svc_cfg.env_entries[i]);
    svc_sink_puts(&k, "; ");
  }
  for (int i = 0; svc_env_names[i]; i++) {
    if (snapshot_entry(svc_env_names[i]) || !first_entry(env, svc_env_names[i])) continue;
    svc_sink_puts(&k, "unset ");
    svc_sink_puts(&k, svc_env_names[i]);
    svc_sink_puts(&k, "; ");
  }
  /* the outer shell started without the library; the one that runs cmd has it */
  svc_sink_puts(&k, "exec /bin/sh -c ");
  put_single_quoted(&k, cmd);
  return (size_t)svc_sink_finish(&k) < cap ? 0 : -ENOSPC;
}
