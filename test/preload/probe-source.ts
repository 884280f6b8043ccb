// Source of the C probe the preload tests compile: one process that starts PROGRAM [ARGS...]
// through the libc entry point named by MODE, so each interposed symbol is exercised directly.
// A MODE of unset-X first removes LD_PRELOAD and SERVICE_SOCKET from environ.
// Exit 3 and "MODE: EPERM" on stdout mean the call was refused with EPERM.
export const PROBE_SOURCE = String.raw`
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <libgen.h>
#include <pthread.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;
static char *custom_env[] = {"PROBE_VAR=custom", "PATH=/usr/bin:/bin", NULL};
static char *empty_env[] = {NULL};

static int failed(const char *mode) {
  int e = errno;
  printf("%s: %s\n", mode, e == EPERM ? "EPERM" : strerror(e));
  fflush(stdout);
  return e == EPERM ? 3 : 4;
}

static int wait_child(pid_t pid) {
  int st;
  if (waitpid(pid, &st, 0) < 0) return 5;
  return WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
}

static int spawn_result(const char *mode, int rc, pid_t pid) {
  if (rc) {
    errno = rc;
    return failed(mode);
  }
  return wait_child(pid);
}

struct job { char **argv; int rc; };
static void *thread_spawn(void *p) {
  struct job *j = p;
  pid_t pid;
  int rc = posix_spawn(&pid, j->argv[0], NULL, NULL, j->argv, environ);
  j->rc = rc ? 100 + rc : wait_child(pid);
  return NULL;
}
static void *thread_fork(void *p) {
  struct job *j = p;
  pid_t pid = fork();
  if (pid == 0) {
    execv(j->argv[0], j->argv);
    _exit(errno == EPERM ? 3 : 4);
  }
  j->rc = wait_child(pid);
  return NULL;
}

int main(int argc, char **argv) {
  if (argc < 3) return 2;
  const char *mode = argv[1];
  char **args = argv + 2;
  /* "unset-MODE": the program drops the library and the socket from its own environment first */
  if (!strncmp(mode, "unset-", 6)) {
    unsetenv("LD_PRELOAD");
    unsetenv("SERVICE_SOCKET");
    mode += 6;
  }
  char *prog = args[0];
  fflush(stdout);
  if (!strcmp(mode, "execve")) { execve(prog, args, empty_env); return failed(mode); }
  if (!strcmp(mode, "execv")) { execv(prog, args); return failed(mode); }
  if (!strcmp(mode, "execvp")) { execvp(prog, args); return failed(mode); }
  if (!strcmp(mode, "execvpe")) { execvpe(prog, args, custom_env); return failed(mode); }
  if (!strcmp(mode, "execl") || !strcmp(mode, "execle") || !strcmp(mode, "execlp")) {
    char *a[4] = {NULL, NULL, NULL, NULL};
    for (int i = 0; i < 4 && i < argc - 2; i++) a[i] = args[i];
    if (mode[5] == 0) execl(prog, a[0], a[1], a[2], a[3], (char *)NULL);
    else if (mode[5] == 'e') execle(prog, a[0], a[1], a[2], a[3], (char *)NULL, custom_env);
    else execlp(prog, a[0], a[1], a[2], a[3], (char *)NULL);
    return failed(mode);
  }
  if (!strcmp(mode, "fexecve")) {
    int fd = open(prog, O_RDONLY);
    if (fd < 0) return failed("open");
    fexecve(fd, args, environ);
    return failed(mode);
  }
  if (!strcmp(mode, "execveat")) {
    char dirbuf[4096], basebuf[4096];
    strncpy(dirbuf, prog, sizeof dirbuf - 1);
    strncpy(basebuf, prog, sizeof basebuf - 1);
    int dfd = open(dirname(dirbuf), O_RDONLY | O_DIRECTORY);
    if (dfd < 0) return failed("open");
    execveat(dfd, basename(basebuf), args, environ, 0);
    return failed(mode);
  }
  if (!strcmp(mode, "system")) {
    int rc = system(prog);
    if (rc == -1) return failed(mode);
    return WIFEXITED(rc) ? WEXITSTATUS(rc) : 128;
  }
  if (!strcmp(mode, "popen")) {
    FILE *f = popen(prog, "r");
    if (!f) return failed(mode);
    char buf[512];
    size_t n;
    while ((n = fread(buf, 1, sizeof buf, f)) > 0) fwrite(buf, 1, n, stdout);
    int rc = pclose(f);
    return WIFEXITED(rc) ? WEXITSTATUS(rc) : 128;
  }
  if (!strcmp(mode, "posix_spawn") || !strcmp(mode, "posix_spawnp")) {
    pid_t pid;
    int rc = mode[11] == 'p' ? posix_spawnp(&pid, prog, NULL, NULL, args, custom_env)
                             : posix_spawn(&pid, prog, NULL, NULL, args, environ);
    return spawn_result(mode, rc, pid);
  }
  if (!strcmp(mode, "threads")) {
    /* 8 threads spawn at once while 2 more fork and exec from a multithreaded process */
    pthread_t t[10];
    struct job j[10];
    for (int i = 0; i < 10; i++) {
      j[i].argv = args;
      j[i].rc = -1;
      pthread_create(&t[i], NULL, i < 8 ? thread_spawn : thread_fork, &j[i]);
    }
    int ok = 0, eperm = 0;
    for (int i = 0; i < 10; i++) {
      pthread_join(t[i], NULL);
      if (j[i].rc == 0) ok++;
      if (j[i].rc == 100 + EPERM || j[i].rc == 3) eperm++;
    }
    printf("threads: ok=%d eperm=%d\n", ok, eperm);
    return 0;
  }
  if (!strcmp(mode, "vfork")) {
    /* like dash: the exec (and so the whole check) runs in the vfork child */
    int ok = 0, eperm = 0;
    for (int i = 0; i < 3; i++) {
      pid_t pid = vfork();
      if (pid == 0) {
        execv(prog, args);
        _exit(errno == EPERM ? 3 : 4);
      }
      int rc = wait_child(pid);
      if (rc == 0) ok++;
      if (rc == 3) eperm++;
    }
    printf("vfork: ok=%d eperm=%d\n", ok, eperm);
    return 0;
  }
  return 2;
}
`;
