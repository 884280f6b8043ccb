// Native helpers the server needs from the kernel and Node does not expose:
// flock(2) for the single-owner data-dir lock (released by the kernel when the process dies).
#include <napi.h>
#include <sys/file.h>
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

static Napi::Object Init(Napi::Env env, Napi::Object exports) {
  exports.Set("lockFile", Napi::Function::New(env, LockFile));
  return exports;
}

NODE_API_MODULE(svc_native, Init)
