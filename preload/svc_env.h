/* The child environment: every exec gets the library and the SERVICE_* snapshot back, even
 * when the caller passes its own environment or an empty one (env -i, spawn({env}), env=). */
#ifndef SVC_ENV_H
#define SVC_ENV_H

#include "svc_check.h"

#define SVC_ENV_MAX 16384                      /* caller entries we are willing to copy */
#define SVC_ENV_EXTRA (SVC_ENV_NAMES_MAX + 2)  /* snapshot entries + preload entry + NULL */
#define SVC_ENV_PRELOAD_MAX 8192               /* merged "LD_PRELOAD=..." built on the stack */

#ifdef __APPLE__
#define SVC_PRELOAD_VAR "DYLD_INSERT_LIBRARIES"
#else
#define SVC_PRELOAD_VAR "LD_PRELOAD"
#endif

size_t svc_env_count(char *const *env) SVC_HIDDEN;

/* Fills slots (n + SVC_ENV_EXTRA entries) with src minus our names, plus the preload entry and
 * the snapshot. `ld` receives a merged preload entry when the caller set its own list. */
char **svc_env_rebuild(char *const *src, char **slots, char *ld, size_t ldcap) SVC_HIDDEN;

/* 1 when env already carries exactly what svc_env_rebuild would put there. */
int svc_env_covered(char *const *env) SVC_HIDDEN;

/* For system()/popen() when environ lost the library: writes
 *   export LD_PRELOAD='...' SERVICE_...='...'; unset ...; exec /bin/sh -c '<cmd>'
 * into buf, so the shell that runs cmd carries the library. -1 when it does not fit. */
int svc_env_shell_command(char *const *env, const char *cmd, char *buf, size_t cap) SVC_HIDDEN;

#endif
