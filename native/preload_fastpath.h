// The preload socket's fast path: a thread that accepts, reads and answers what it can without
// JavaScript (see preload_fastpath.cc), and the reply cache it shares with the main thread.
#pragma once
#ifdef __linux__
#include <sys/types.h>

#include <atomic>
#include <mutex>
#include <string>
#include <thread>
#include <unordered_map>
#include <vector>

namespace svc {

long long NowMs();

// Replies JavaScript marked cacheable, by request key. Shared by both threads, so locked.
class ReplyCache {
 public:
  // The line without the values of its "pid" and "ppid" members; "" when it may not be cached.
  // The values cut out go to *pid and *ppid (-1: the member was not cut out, so it is part of
  // the key and the same in every line that shares it).
  static std::string Key(const std::string& line, long long* pid = nullptr, long long* ppid = nullptr);
  // The generation to hand to Store() for a line looked up now, and the reply if there is one,
  // with the record id JavaScript gave it (0: none).
  bool Lookup(const std::string& key, std::string* reply, double* record, unsigned* gen);
  // Keeps reply (and its record id) unless the cache was cleared since `gen` was handed out.
  void Store(const std::string& key, unsigned gen, const std::string& reply, double record);
  void Clear();
  // The generation to hand to Store() for a line that was not looked up.
  unsigned Generation();
  size_t Size();
  double Hits();

 private:
  std::mutex mu_;
  struct Entry {
    std::string reply;
    double record;  // JavaScript's id for how to audit a line answered with it (0: decide it again)
  };
  std::unordered_map<std::string, Entry> map_;
  unsigned gen_ = 0;
  double hits_ = 0;
};

// What the fast path passes to the main thread.
struct Handoff {
  enum Type { LINE, SLOW, PARTIAL, LOG, ANSWERED };
  explicit Handoff(Type t) : type(t) {}
  Type type;
  int fd = -1;  // LINE, SLOW, PARTIAL: the connection, now the main thread's
  pid_t pid = 0;
  uid_t uid = 0;
  std::string data;  // LINE, ANSWERED: the line; SLOW: bytes read so far; LOG: the message
  std::string key;   // LINE: cache key ("" = not cacheable)
  unsigned gen = 0;  // LINE: cache generation at lookup
  double record = 0;          // ANSWERED: the cache entry's record id (0: none)
  long long req_pid = -1;     // ANSWERED: the line's "pid" and "ppid" values (-1: part of the key)
  long long req_ppid = -1;
  long long since_ms = 0;
};

class FastPath {
 public:
  using Notify = void (*)(void* arg);
  FastPath(int listen_fd, uid_t owner, ReplyCache* cache, Notify notify, void* arg)
      : lfd_(listen_fd), owner_(owner), cache_(cache), notify_(notify), arg_(arg) {}
  ~FastPath() { Stop(); }  // a running std::thread must never be destroyed
  // Starts the thread (the listening socket becomes blocking: it is the thread's alone); false
  // (errno set) when it cannot.
  bool Start();
  // Stops and joins the thread; what it had not handed over yet stays in Take().
  void Stop();
  // Everything handed over since the last call (main thread).
  std::vector<Handoff> Take();

 private:
  void Loop();
  void AcceptTimeout(long long ms);
  void Serve(int fd);
  // Whether a connection without its line yet may be waited for here (the budget above).
  bool MayWait();
  void Waited(long long since_us);
  void HandOver(Handoff&& h);
  void Push(Handoff&& h, bool urgent);
  void SignalAnswered();

  int lfd_;
  long long accept_timeout_ms_ = -1;  // what SO_RCVTIMEO of lfd_ is set to (0: none)
  uid_t owner_;
  ReplyCache* cache_;
  Notify notify_;
  void* arg_;
  std::thread thread_;
  std::atomic<bool> stopping_{false};
  std::mutex mu_;
  std::vector<Handoff> ready_;     // for the main thread now
  std::vector<Handoff> answered_;  // cached answers waiting for their batch
  long long answered_due_ = -1;    // when the batch goes (-1: none waiting); thread-only
  long long wait_window_start_ = 0;  // thread-only: the line-waiting budget's window (µs)
  long long waited_us_ = 0;          // spent waiting in it
};

}  // namespace svc
#endif
