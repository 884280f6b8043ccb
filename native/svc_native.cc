// Native helpers the server needs from the kernel and Node does not expose:
// flock(2) for the single-owner data-dir lock (released by the kernel when the process dies),
// the peer credentials of a Unix-socket connection (who is asking on the preload socket), and the
// preload socket's listener itself (preload_listener.cc: accepting in JavaScript is too slow).
#include <napi.h>
#include "preload_listener.h"
#include <sys/file.h>
#include <sys/socket.h>
#include <sys/types.h>
#ifdef __APPLE__
#include <sys/ucred.h>
#endif
#include <fcntl.h>
#include <unistd.h>
#include <errno.h>
#include <string.h>

// lockFile(path) -> fd (>=0) on success, or -errno when another process holds it.
static Napi::Value LockFile(const Napi::CallbackInfo& info) {
  Napi::Env env = info.Env();
  if (info.Length() < 1 || !info[0].IsString()) {
    Napi::TypeError::New(env, "lockFile(path) needs a path").ThrowAsJavaScriptException();
    return env.Null();
  }
  std::string path = info[0].As<Napi::String>().Utf8Value();
  int fd = open(path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0600);
  if (fd < 0) return Napi::Number::New(env, -errno);
  if (flock(fd, LOCK_EX | LOCK_NB) != 0) {
    int e = errno;
    close(fd);
    return Napi::Number::New(env, -e);
  }
  return Napi::Number::New(env, fd);
}

// peerCred(fd) -> { pid, uid, gid } of the process at the other end of a connected Unix socket,
// as the kernel recorded it at connect time. Throws when the kernel cannot tell.
static Napi::Value PeerCred(const Napi::CallbackInfo& info) {
  Napi::Env env = info.Env();
  if (info.Length() < 1 || !info[0].IsNumber()) {
    Napi::TypeError::New(env, "peerCred(fd) needs a file descriptor").ThrowAsJavaScriptException();
    return env.Null();
  }
  int fd = info[0].As<Napi::Number>().Int32Value();
  double pid = -1, uid = -1, gid = -1;
#ifdef __APPLE__
  uid_t u;
  gid_t g;
  if (getpeereid(fd, &u, &g) != 0) {
    Napi::Error::New(env, std::string("peerCred: ") + strerror(errno)).ThrowAsJavaScriptException();
    return env.Null();
  }
  pid_t p = 0;
  socklen_t plen = sizeof p;
  if (getsockopt(fd, SOL_LOCAL, LOCAL_PEERPID, &p, &plen) == 0) pid = p;
  uid = u;
  gid = g;
#else
  struct ucred cred;
  socklen_t len = sizeof cred;
  if (getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &cred, &len) != 0) {
    Napi::Error::New(env, std::string("peerCred: ") + strerror(errno)).ThrowAsJavaScriptException();
    return env.Null();
  }
  pid = cred.pid;
  uid = cred.uid;
  gid = cred.gid;
#endif
  Napi::Object out = Napi::Object::New(env);
  out.Set("pid", Napi::Number::New(env, pid));
  out.Set("uid", Napi::Number::New(env, uid));
  out.Set("gid", Napi::Number::New(env, gid));
  return out;
}

static Napi::Object Init(Napi::Env env, Napi::Object exports) {
  exports.Set("lockFile", Napi::Function::New(env, LockFile));
  exports.Set("peerCred", Napi::Function::New(env, PeerCred));
#ifdef __linux__
  InitPreloadListener(env, exports);
#endif
  return exports;
}

NODE_API_MODULE(svc_native, Init)
