/* svc-shim: the SHELL that `svc wrap` hands to an agent.
 *
 *   svc-shim [shell options] -c CMD [name [args...]]
 *       asks the svc server about CMD (tool exec); on deny prints "svc: blocked: CMD: reason"
 *       and exits 126, else execs the real shell ($SERVICE_REAL_SHELL, default /bin/sh) with
 *       the same arguments. Any other invocation (interactive, script file) goes straight to
 *       the real shell; the preload library covers what that shell runs.
 *   svc-shim --svc-exec [--] PROGRAM [args...]
 *       asks about PROGRAM args as one command, then execs it (svc wrap's first command).
 *
 * The final exec is a raw execve system call, so when this process itself carries libsvc.so
 * the command is not asked about a second time. Same socket, same fail-open rules as the
 * library (svc_check.c). */
#define _GNU_SOURCE
#include "svc_check.h"
#include "svc_path.h"

#include <errno.h>
#include <string.h>
#ifndef __APPLE__
#include <sys/syscall.h>
#endif
#include <unistd.h>


#define SHIM_ARGS_MAX 65536
#define EXIT_BLOCKED 126
#define EXIT_NOT_FOUND 127

static void say(const char *a, const char *b, const char *c) {
  svc_write_all(2, a, svc_strlen(a));
  if (b) svc_write_all(2, b, svc_strlen(b));
  if (c) svc_write_all(2, c, svc_strlen(c));
  svc_write_all(2, "\n", 1);
}

static int raw_execve(const char *path, char *const argv[]) {
#ifdef __APPLE__
  return execve(path, argv, SVC_ENVIRON); /* dyld interposing may check it a second time */
#else
  return (int)syscall(SYS_execve, path, argv, SVC_ENVIRON);
#endif
}

/* The real shell, never ourselves (a SERVICE_REAL_SHELL pointing back here would loop). */
static const char *real_shell(const char *self) {
  const char *s = svc_getenv(SVC_ENVIRON, "SERVICE_REAL_SHELL");
  if (!s || !*s || svc_streq(svc_basename(s), "svc-shim") || (self && svc_streq(s, self)))
    return "/bin/sh";
  return s;
}

static int run_shell(int argc, char **argv) {
  const char *shell = real_shell(argv[0]);
  if (argc > SHIM_ARGS_MAX) {
    say("svc-shim: too many arguments", NULL, NULL);
    return EXIT_BLOCKED;
  }
  char *args[argc + 1];
  char login[PATH_MAX + 1];
  for (int i = 0; i < argc; i++) args[i] = argv[i];
  args[argc] = NULL;
  /* a login shell is announced by a leading '-' in argv[0]; keep that for the real shell */
  if (argv[0][0] == '-') {
    login[0] = '-';
    svc_copy(login + 1, sizeof login - 1, svc_basename(shell));
    args[0] = login;
  } else {
    args[0] = (char *)shell;
  }
  int idx = svc_shell_command_index(args);
  if (idx >= 0) {
    struct svc_request r = {
        .api = "shell", .path = shell, .argv = args, .command = args[idx], .search_env = SVC_ENVIRON};
    struct svc_outcome out;
    if (svc_check(&r, &out) != SVC_ALLOW) {
      svc_report_block(&r, &out);
      return EXIT_BLOCKED;
    }
  }
  raw_execve(shell, args);
  say("svc-shim: cannot run ", shell, errno == ENOENT ? ": not found" : ": exec failed");
  return errno == ENOENT ? EXIT_NOT_FOUND : EXIT_BLOCKED;
}

static int run_program(int argc, char **argv) {
  int first = 2;
  if (first < argc && svc_streq(argv[first], "--")) first++;
  if (first >= argc) {
    say("svc-shim: --svc-exec needs a program", NULL, NULL);
    return 2;
  }
  char **prog = argv + first;
  const char *file = prog[0];
  char path[PATH_MAX];
  int e;
  if (strchr(file, '/')) {
    svc_copy(path, sizeof path, file);
    e = svc_executable(path);
  } else {
    e = svc_path_search(file, SVC_ENVIRON, path, sizeof path);
  }
  if (e < 0) {
    say("svc: ", file, e == -ENOENT ? ": command not found" : ": permission denied");
    return e == -ENOENT ? EXIT_NOT_FOUND : EXIT_BLOCKED;
  }
  struct svc_request r = {.api = "wrap", .path = path, .file = file, .argv = prog, .search_env = SVC_ENVIRON};
  struct svc_outcome out;
  if (svc_check(&r, &out) != SVC_ALLOW) {
    svc_report_block(&r, &out);
    return EXIT_BLOCKED;
  }
  raw_execve(path, prog);
  if (errno == ENOEXEC) {
    int n = argc - first;
    if (n > SHIM_ARGS_MAX) return EXIT_BLOCKED;
    char *sh[n + 2];
    sh[0] = (char *)"/bin/sh";
    sh[1] = path;
    for (int i = 1; i < n; i++) sh[i + 1] = prog[i];
    sh[n + 1] = NULL;
    raw_execve("/bin/sh", sh);
  }
  say("svc: ", file, ": exec failed");
  return EXIT_BLOCKED;
}

int main(int argc, char **argv) {
  svc_config_load(SVC_ENVIRON, NULL);
  if (argc >= 2 && svc_streq(argv[1], "--svc-exec")) return run_program(argc, argv);
  return run_shell(argc, argv);
}
