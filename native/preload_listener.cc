// The preload socket's listener, in native code (Linux). Every exec under libsvc.so opens a fresh
// connection, and Node's net server spends 150-250 µs per accepted connection (handle wrap,
// stream state, several event-loop turns): more than the whole per-exec budget.
//
// Two halves. A thread (preload_fastpath.cc) accepts, checks the peer's uid, reads the line and
// answers repeated requests from the reply cache. This file is the main-thread half, on Node's
// event loop: it takes what the thread hands over, gives lines to JavaScript (which decides and
// replies through reply()), keeps reading from slow clients, writes long replies, notices
// hang-ups. Policy, parsing and reply texts stay in server/preload-socket.ts.
//
// The cache: when JavaScript marks an allow cacheable (the policy set gives the same answer to
// the same request every time: no counters, expiries, one-time rules or webhooks), the reply is
// kept under the request line minus its pid and ppid values, with a record id JavaScript gives
// it. clearCache() drops everything (policy reload); a decision under way when the cache was
// cleared is not kept. Every line answered from the cache still comes to JavaScript (CACHED) with
// that id, which audits it from the record kept under the id (or decides it again without one).
//
// Events delivered to the JS callback as (kind, id, pid, uid, data, limit):
//   LINE     a whole request line (without its newline) arrived; reply with reply(id, ...)
//   CACHED   lines that were answered from the cache (allowed): data holds one
//            "PID UID RECORD REQPID REQPPID LINE" per text line (RECORD: the entry's record id,
//            0 for none; REQPID, REQPPID: the line's pid and ppid values, -1 where they are part
//            of the key), limit their count; audit each, no reply (one call per batch: a call
//            into JavaScript costs more than auditing a cached line)
//   HANGUP   the client went away after LINE/TOO_LONG/PARTIAL and before the final reply
//   TOO_LONG the line passed its byte limit (limit = the limit applied); reply with an error
//   PARTIAL  the client ended its side after some bytes but no newline; reply with an error
//   LOG      a connection was refused (another uid, no credentials); data says why
#ifdef __linux__
#include "preload_listener.h"

#include "preload_fastpath.h"

#include <errno.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>
#include <uv.h>

#include <deque>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

namespace {

enum Kind { LINE = 1, HANGUP = 2, TOO_LONG = 3, PARTIAL = 4, LOG = 5, CACHED = 6 };

enum class State { Reading, Waiting };

class Listener;

struct Conn {
  uv_poll_t poll;  // the poll handle's data points back at the Conn
  bool polled = false;  // poll initialised: most connections are answered before they need one
  Listener* owner;
  double id;
  int fd;
  pid_t pid;
  uid_t uid;
  State state = State::Reading;
  bool idle_counted = false;  // counted in idle_by_uid_ (Reading, on the main thread)
  bool eof = false;    // the client ended its side (PARTIAL): only hang-ups are watched
  long long since_ms;  // accept time, for the read timeout
  size_t limit;        // current byte limit for the line
  std::string in;      // the line so far
  std::string key;     // cache key of the line (empty: not cacheable)
  unsigned gen = 0;    // cache generation when the line went to JavaScript
  std::string out;     // reply bytes the socket did not take at once
  bool end_after_out = false;
};

constexpr int SWEEP_MS = 1000;
// Past the per-uid bound, an idle connection is turned away for a newcomer only once it has been
// idle this long: a library client writes its line right after connecting, so a burst of them
// (even on a machine too busy to run them promptly) is never evicted. At the connection limit the
// oldest idle connection of the newcomer's uid makes room whatever its age.
constexpr long long IDLE_EVICT_AFTER_MS = 1000;

const char HOOK_PREFIX[] = "{\"v\":1,\"kind\":\"hook\"";

const char* ErrnoName(int e) {
  switch (e) {
    case EADDRINUSE: return "EADDRINUSE";
    case EACCES: return "EACCES";
    case ENOENT: return "ENOENT";
    case ENAMETOOLONG: return "ENAMETOOLONG";
    case ENOTDIR: return "ENOTDIR";
    default: return "EIO";
  }
}

class Listener : public Napi::ObjectWrap<Listener> {
 public:
  static Napi::Function Define(Napi::Env env) {
    return DefineClass(env, "PreloadListener",
                       {InstanceMethod("reply", &Listener::Reply), InstanceMethod("close", &Listener::Close),
                        InstanceMethod("clearCache", &Listener::ClearCache), InstanceMethod("stats", &Listener::Stats)});
  }

  // new PreloadListener(path, { ownerUid, maxLine, maxHookLine, readTimeoutMs, maxConnections }, onEvent)
  explicit Listener(const Napi::CallbackInfo& info) : Napi::ObjectWrap<Listener>(info), env_(info.Env()) {
    Napi::Env env = info.Env();
    if (info.Length() < 3 || !info[0].IsString() || !info[1].IsObject() || !info[2].IsFunction()) {
      Napi::TypeError::New(env, "PreloadListener(path, options, onEvent)").ThrowAsJavaScriptException();
      return;
    }
    std::string path = info[0].As<Napi::String>().Utf8Value();
    Napi::Object o = info[1].As<Napi::Object>();
    auto num = [&](const char* k, double dflt) {
      Napi::Value v = o.Get(k);
      return v.IsNumber() ? v.As<Napi::Number>().DoubleValue() : dflt;
    };
    const double owner = num("ownerUid", getuid());
    owner_ = owner < 0 ? (uid_t)-1 : (uid_t)owner;  // -1: any peer (protected layout)
    max_line_ = (size_t)num("maxLine", 1 << 20);
    max_hook_line_ = (size_t)num("maxHookLine", 0);
    read_timeout_ms_ = (long long)num("readTimeoutMs", 10000);
    max_conns_ = (size_t)num("maxConnections", 4096);
    max_idle_per_uid_ = (size_t)num("maxIdlePerUid", 64);
    if (max_idle_per_uid_ < 1) max_idle_per_uid_ = 1;
    Napi::Value ov = o.Get("overloadedReply");
    if (ov.IsString()) overloaded_reply_ = ov.As<Napi::String>().Utf8Value();

    int e = Open(path);
    if (e != 0) {
      if (lfd_ >= 0) close(lfd_);
      lfd_ = -1;
      Napi::Error err = Napi::Error::New(env, failed_ + ": " + strerror(e));
      err.Set("code", Napi::String::New(env, ErrnoName(e)));
      err.ThrowAsJavaScriptException();
      return;
    }
    callback_ = Napi::Persistent(info[2].As<Napi::Function>());
    napi_async_init(env, info.This(), Napi::String::New(env, "svc-preload-listener"), &async_);
    uv_loop_t* loop = nullptr;
    napi_get_uv_event_loop(env, &loop);
    loop_ = loop;
    async_handle_.data = this;
    uv_async_init(loop, &async_handle_, [](uv_async_t* a) { static_cast<Listener*>(a->data)->Drain(); });
    fast_ = std::make_unique<svc::FastPath>(lfd_, owner_, &cache_, [](void* self) {
      uv_async_send(&static_cast<Listener*>(self)->async_handle_);
    }, this);
    if (!fast_->Start()) {
      int e = errno;
      Ref();  // the handle lives in this object: keep it until libuv lets go
      uv_close((uv_handle_t*)&async_handle_, [](uv_handle_t* h) { static_cast<Listener*>(h->data)->Unref(); });
      napi_async_destroy(env, async_);
      callback_.Reset();
      close(lfd_);
      lfd_ = -1;
      unlink(path.c_str());
      Napi::Error::New(env, std::string("preload listener thread: ") + strerror(e)).ThrowAsJavaScriptException();
      return;
    }
    sweep_.data = this;
    uv_timer_init(loop, &sweep_);
    uv_timer_start(&sweep_, [](uv_timer_t* t) { static_cast<Listener*>(t->data)->SweepSlowReaders(); }, SweepMs(), SweepMs());
    uv_unref((uv_handle_t*)&sweep_);
    Ref();  // alive while listening, whatever JavaScript holds
    open_ = true;
  }

 private:
  int Open(const std::string& path) {
    struct sockaddr_un sa;
    memset(&sa, 0, sizeof sa);
    sa.sun_family = AF_UNIX;
    failed_ = "listen " + path;
    if (path.size() >= sizeof sa.sun_path) return ENAMETOOLONG;
    memcpy(sa.sun_path, path.data(), path.size());
    lfd_ = socket(AF_UNIX, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
    if (lfd_ < 0) return errno;
    if (bind(lfd_, (struct sockaddr*)&sa, sizeof sa) != 0) return errno;
    // 0600 before listen(): until then every connect is refused, so nobody slips in early
    if (chmod(path.c_str(), 0600) != 0 || listen(lfd_, 511) != 0) {
      int e = errno;
      unlink(path.c_str());
      return e;
    }
    return 0;
  }

  int SweepMs() const {
    long long half = read_timeout_ms_ / 2;
    return (int)(half < 10 ? 10 : half > SWEEP_MS ? SWEEP_MS : half);
  }

  // Takes what the fast path handed over (main thread, woken by async_handle_). While closing,
  // connections JavaScript has not seen are just closed; answered lines are still audited.
  void Drain(bool closing = false) {
    std::string answered;
    double count = 0;
    for (svc::Handoff& h : fast_->Take()) {
      switch (h.type) {
        case svc::Handoff::LOG:
          Emit(LOG, 0, h.pid, h.uid, h.data, 0);
          break;
        case svc::Handoff::ANSWERED:
          answered += std::to_string(h.pid) + ' ' + std::to_string(h.uid) + ' ' + std::to_string((long long)h.record) +
                      ' ' + std::to_string(h.req_pid) + ' ' + std::to_string(h.req_ppid) + ' ' + h.data + '\n';
          count++;
          break;
        default:
          if (count) {  // answered before this connection's line arrived: recorded first
            Emit(CACHED, 0, 0, 0, answered, count);
            answered.clear();
            count = 0;
          }
          if (closing) close(h.fd);
          else Adopt(h);
      }
    }
    if (count) Emit(CACHED, 0, 0, 0, answered, count);
  }

  // Tells a client we will not serve it now, so it tries again rather than reading a closed
  // socket as "no server" (which its fail-open rule may turn into an allow). Best effort: the
  // reply is small and the socket fresh, so it fits; the descriptor is closed either way.
  void RefuseOverloaded(int fd) {
    if (!overloaded_reply_.empty()) {
      ssize_t w;
      do w = send(fd, overloaded_reply_.data(), overloaded_reply_.size(), MSG_NOSIGNAL | MSG_DONTWAIT);
      while (w < 0 && errno == EINTR);
    }
    CloseQuietly(fd);
  }

  // Closing a Unix socket with unread bytes resets the peer, which may then lose the reply it was
  // sent: read what is there first.
  static void DrainInput(int fd) {
    char sink[4096];
    for (int i = 0; i < 64; i++) {
      ssize_t r = recv(fd, sink, sizeof sink, MSG_DONTWAIT);
      if (r <= 0 && !(r < 0 && errno == EINTR)) break;
    }
  }
  static void CloseQuietly(int fd) {
    DrainInput(fd);
    close(fd);
  }

  // A connection that has not sent its line yet, from this uid: at most max_idle_per_uid_ of
  // them are kept; past that the oldest is told "overloaded" and dropped, so idle connections
  // cannot fill the table and leave nothing for the requests that follow.
  void CountIdle(Conn* c) {
    c->idle_counted = true;
    auto& q = idle_by_uid_[c->uid];
    if (q.size() >= 4 * max_idle_per_uid_ + 16) {
      // mostly ids of connections that moved on: keep the ones still idle, in order
      std::deque<double> live_ids;
      for (double id : q) {
        auto it = conns_.find(id);
        if (it != conns_.end() && it->second->idle_counted) live_ids.push_back(id);
      }
      q.swap(live_ids);
    }
    q.push_back(c->id);
    size_t live = ++idle_count_[c->uid];
    long long now = svc::NowMs();
    while (live > max_idle_per_uid_ && !q.empty()) {
      double oldest = q.front();
      auto it = conns_.find(oldest);
      if (it == conns_.end() || !it->second->idle_counted || oldest == c->id) {  // gone, moved on, or the newcomer
        q.pop_front();
        continue;
      }
      Conn* o = it->second;
      if (now - o->since_ms < IDLE_EVICT_AFTER_MS) break;  // a burst, not a hoard
      q.pop_front();
      if (!overloaded_reply_.empty()) send(o->fd, overloaded_reply_.data(), overloaded_reply_.size(), MSG_NOSIGNAL | MSG_DONTWAIT);
      DrainInput(o->fd);
      Drop(o);
      live = idle_count_[c->uid];
    }
  }

  // Turns away the oldest idle connection of this uid (any age); false when it has none.
  bool EvictOldestIdle(uid_t uid) {
    auto qi = idle_by_uid_.find(uid);
    if (qi == idle_by_uid_.end()) return false;
    auto& q = qi->second;
    while (!q.empty()) {
      double oldest = q.front();
      q.pop_front();
      auto it = conns_.find(oldest);
      if (it == conns_.end() || !it->second->idle_counted) continue;
      Conn* o = it->second;
      if (!overloaded_reply_.empty()) send(o->fd, overloaded_reply_.data(), overloaded_reply_.size(), MSG_NOSIGNAL | MSG_DONTWAIT);
      DrainInput(o->fd);
      Drop(o);  // may erase q (its last idle connection): not touched after this
      return true;
    }
    return false;
  }

  // The connection is no longer idle (its line arrived, it ended or it is dropped).
  void Uncount(Conn* c) {
    if (!c->idle_counted) return;
    c->idle_counted = false;
    auto it = idle_count_.find(c->uid);
    if (it != idle_count_.end() && --it->second == 0) {
      idle_count_.erase(it);
      idle_by_uid_.erase(c->uid);
    }
  }

  // Makes a connection the fast path passed on ours, and carries on with it.
  void Adopt(svc::Handoff& h) {
    if (!open_) {
      close(h.fd);
      return;
    }
    if (conns_.size() >= max_conns_ && !EvictOldestIdle(h.uid)) {
      RefuseOverloaded(h.fd);
      return;
    }
    Conn* c = new Conn();
    c->owner = this;
    c->id = next_id_++;
    c->fd = h.fd;
    c->pid = h.pid;
    c->uid = h.uid;
    c->since_ms = h.since_ms;
    c->limit = max_line_;
    conns_.emplace(c->id, c);
    double id = c->id;
    if (h.type == svc::Handoff::SLOW) {
      c->in.swap(h.data);
      CountIdle(c);
      if (!Alive(id)) return;
      // the bytes so far may already pass a limit; Read() judges them with what follows
      if (Read(c)) Watch(c);
      return;
    }
    c->state = State::Waiting;
    if (h.type == svc::Handoff::PARTIAL) {
      c->eof = true;
      Emit(PARTIAL, id, c->pid, c->uid, "", 0);
    } else {
      c->key.swap(h.key);
      c->gen = h.gen;
      Emit(LINE, id, c->pid, c->uid, h.data, 0);
    }
    // JavaScript usually replied within Emit (the decision's promise jobs run before it returns)
    if (Alive(id)) Watch(c);
  }

  void Watch(Conn* c) {
    if (!c->polled) {
      c->polled = true;
      c->poll.data = c;
      uv_poll_init(loop_, &c->poll, c->fd);
    }
    int events = (c->eof ? 0 : UV_READABLE | UV_DISCONNECT) | (c->out.empty() ? 0 : UV_WRITABLE);
    if (events == 0) events = UV_DISCONNECT;
    uv_poll_start(&c->poll, events, [](uv_poll_t* h, int status, int ev) {
      Conn* c = static_cast<Conn*>(h->data);
      c->owner->OnReady(c, status, ev);
    });
  }

  void OnReady(Conn* c, int status, int ev) {
    if (status < 0) {
      Hangup(c);
      return;
    }
    if ((ev & UV_WRITABLE) && !Flush(c)) return;
    if (c->eof) {
      if (ev & UV_DISCONNECT) Hangup(c);
      return;
    }
    if ((ev & (UV_READABLE | UV_DISCONNECT)) && !Read(c)) return;
    Watch(c);
  }

  // Reads what is there; false when the connection is gone.
  bool Read(Conn* c) {
    char buf[65536];
    for (;;) {
      ssize_t r = recv(c->fd, buf, sizeof buf, 0);
      if (r < 0) {
        if (errno == EINTR) continue;
        if (errno == EAGAIN || errno == EWOULDBLOCK) return true;
        Hangup(c);
        return false;
      }
      if (r == 0) return OnEof(c);
      if (c->state != State::Reading) continue;  // bytes after the line or past the limit: ignored
      const char* nl = (const char*)memchr(buf, '\n', (size_t)r);
      size_t take = nl ? (size_t)(nl - buf) : (size_t)r;
      if (c->in.size() + take > c->limit && c->limit == max_line_ && max_hook_line_ > max_line_ &&
          StartsWithHookPrefix(c->in, buf, take))
        c->limit = max_hook_line_;
      if (c->in.size() + take > c->limit) {
        c->state = State::Waiting;
        Uncount(c);
        std::string().swap(c->in);
        double id = c->id;
        Emit(TOO_LONG, id, c->pid, c->uid, c->limit == max_line_ ? "exec" : "hook", (double)c->limit);
        if (!Alive(id)) return false;
        continue;
      }
      c->in.append(buf, take);
      if (!nl) continue;
      c->state = State::Waiting;
      Uncount(c);
      std::string line;
      line.swap(c->in);
      double id = c->id;
      // a slow client's line: decided in JavaScript even when cached (rare; keeps this path simple)
      c->key = svc::ReplyCache::Key(line);
      c->gen = cache_.Generation();
      // JavaScript may answer (and close the connection) before Emit returns
      Emit(LINE, id, c->pid, c->uid, line, 0);
      if (!Alive(id)) return false;
    }
  }

  bool Alive(double id) const { return conns_.count(id) != 0; }

  static bool StartsWithHookPrefix(const std::string& have, const char* more, size_t n) {
    size_t want = sizeof HOOK_PREFIX - 1;
    std::string head = have.substr(0, want);
    if (head.size() < want) head.append(more, n < want - head.size() ? n : want - head.size());
    return head.size() == want && memcmp(head.data(), HOOK_PREFIX, want) == 0;
  }

  bool OnEof(Conn* c) {
    if (c->state == State::Reading && !c->in.empty()) {
      // a line without its newline: JavaScript answers it, then the connection closes
      c->state = State::Waiting;
      Uncount(c);
      c->eof = true;
      std::string().swap(c->in);
      double id = c->id;
      Emit(PARTIAL, id, c->pid, c->uid, "", 0);
      return Alive(id);
    }
    if (c->state == State::Reading) {
      Drop(c);  // connected and left without a word
      return false;
    }
    Hangup(c);
    return false;
  }

  void Hangup(Conn* c) {
    bool told = c->state == State::Waiting;
    double id = c->id;
    Drop(c);
    if (told) Emit(HANGUP, id, 0, 0, "", 0);
  }

  void SweepSlowReaders() {
    long long cutoff = svc::NowMs() - read_timeout_ms_;
    for (auto it = conns_.begin(); it != conns_.end();) {
      Conn* c = it->second;
      ++it;
      if (c->state == State::Reading && c->since_ms < cutoff) Drop(c);
    }
  }

  // Writes what is queued; false when the connection was closed (finished or failed).
  bool Flush(Conn* c) {
    while (!c->out.empty()) {
      ssize_t w = send(c->fd, c->out.data(), c->out.size(), MSG_NOSIGNAL);
      if (w < 0) {
        if (errno == EINTR) continue;
        if (errno == EAGAIN || errno == EWOULDBLOCK) return true;
        Hangup(c);
        return false;
      }
      c->out.erase(0, (size_t)w);
    }
    if (c->end_after_out) {
      Drop(c);
      return false;
    }
    return true;
  }

  // Forgets the connection and closes its descriptor; the handle is freed once libuv lets go.
  void Drop(Conn* c) {
    Uncount(c);
    conns_.erase(c->id);
    if (!c->polled) {
      close(c->fd);
      delete c;
      return;
    }
    uv_poll_stop(&c->poll);  // off epoll before the descriptor is closed
    close(c->fd);
    uv_close((uv_handle_t*)&c->poll, [](uv_handle_t* h) { delete static_cast<Conn*>(h->data); });
  }

  void Emit(int kind, double id, pid_t pid, uid_t uid, const std::string& data, double limit) {
    if (!open_) return;
    Napi::HandleScope scope(env_);
    napi_value args[6] = {Napi::Number::New(env_, kind), Napi::Number::New(env_, id), Napi::Number::New(env_, pid),
                          Napi::Number::New(env_, uid), Napi::String::New(env_, data.data(), data.size()),
                          Napi::Number::New(env_, limit)};
    napi_value recv = Value();
    napi_value result;
    // make_callback: the promise jobs and next-tick queue of the decision run before we return
    if (napi_make_callback(env_, async_, recv, callback_.Value(), 6, args, &result) == napi_pending_exception) {
      napi_value err;
      napi_get_and_clear_last_exception(env_, &err);
      napi_fatal_exception(env_, err);
    }
  }

  // --- called from JavaScript ------------------------------------------------------------
  // reply(id, text, end[, cacheable[, record]]) -> true when the bytes were taken (end closes
  // after them); cacheable: identical requests may get this same text without asking again;
  // record: JavaScript's id for how to audit them (handed back with each, see CACHED)
  Napi::Value Reply(const Napi::CallbackInfo& info) {
    Napi::Env env = info.Env();
    if (info.Length() < 3 || !info[0].IsNumber() || !info[1].IsString() || !info[2].IsBoolean()) {
      Napi::TypeError::New(env, "reply(id, text, end)").ThrowAsJavaScriptException();
      return env.Null();
    }
    auto it = conns_.find(info[0].As<Napi::Number>().DoubleValue());
    if (it == conns_.end()) return Napi::Boolean::New(env, false);
    Conn* c = it->second;
    bool end = info[2].As<Napi::Boolean>().Value();
    std::string text = info[1].As<Napi::String>().Utf8Value();
    if (info.Length() > 3 && info[3].IsBoolean() && info[3].As<Napi::Boolean>().Value()) {
      double record = info.Length() > 4 && info[4].IsNumber() ? info[4].As<Napi::Number>().DoubleValue() : 0;
      cache_.Store(c->key, c->gen, text, record);
    }
    c->out.append(text);
    c->end_after_out = c->end_after_out || end;
    if (Flush(c)) Watch(c);  // still open: wait for room, or for the rest of the reply
    return Napi::Boolean::New(env, true);
  }

  Napi::Value Close(const Napi::CallbackInfo& info) {
    if (open_) {
      fast_->Stop();
      Drain(true);  // every exec answered from the cache is still audited
      open_ = false;
      while (!conns_.empty()) Drop(conns_.begin()->second);
      close(lfd_);
      lfd_ = -1;
      uv_close((uv_handle_t*)&async_handle_, nullptr);
      uv_close((uv_handle_t*)&sweep_, [](uv_handle_t* h) { static_cast<Listener*>(h->data)->Unref(); });
      napi_async_destroy(env_, async_);
      callback_.Reset();
    }
    return info.Env().Undefined();
  }

  Napi::Value ClearCache(const Napi::CallbackInfo& info) {
    cache_.Clear();
    return info.Env().Undefined();
  }

  // stats() -> { connections, cached, hits }
  Napi::Value Stats(const Napi::CallbackInfo& info) {
    Napi::Object o = Napi::Object::New(info.Env());
    o.Set("connections", (double)conns_.size());
    o.Set("cached", (double)cache_.Size());
    o.Set("hits", cache_.Hits());
    return o;
  }

  Napi::Env env_;
  uid_t owner_ = 0;
  size_t max_line_ = 0, max_hook_line_ = 0, max_conns_ = 0, max_idle_per_uid_ = 64;
  std::string overloaded_reply_;
  // idle connections (no line yet) by uid: their ids in arrival order, and how many are live
  std::unordered_map<uid_t, std::deque<double>> idle_by_uid_;
  std::unordered_map<uid_t, size_t> idle_count_;
  long long read_timeout_ms_ = 0;
  int lfd_ = -1;
  std::string failed_;
  bool open_ = false;
  uv_loop_t* loop_ = nullptr;
  uv_async_t async_handle_;
  uv_timer_t sweep_;
  napi_async_context async_ = nullptr;
  Napi::FunctionReference callback_;
  std::unordered_map<double, Conn*> conns_;
  double next_id_ = 1;
  svc::ReplyCache cache_;
  std::unique_ptr<svc::FastPath> fast_;
};

}  // namespace

void InitPreloadListener(Napi::Env env, Napi::Object exports) {
  exports.Set("PreloadListener", Listener::Define(env));
}
#endif
