// The preload socket's fast path, on a thread of its own.
//
// Every exec under libsvc.so is a fresh connection that sends one line and waits. This thread
// accepts it, checks the peer's uid, reads the line, and when JavaScript has already said that
// this very request is always allowed (the reply cache), answers it itself: the exec then costs
// what a plain C server costs, whatever the event loop is doing. Everything else is handed to
// the main thread (preload_listener.cc) to be decided in JavaScript: a line not in the cache, a
// client that is slow to send its line or sends a long one, a line cut short.
//
// Answers from the cache still reach JavaScript, to be audited (from the record JavaScript kept
// beside the reply, or by deciding them again when it kept none), in batches every
// ANSWERED_BATCH_MS: handing each over at once would wake the main thread right beside the exec
// it just allowed, and on 2 cores that costs the exec ~50-100 µs.
#ifdef __linux__
#include "preload_fastpath.h"

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <time.h>
#include <unistd.h>

namespace svc {

namespace {
/** Cached replies; the cache is emptied when full (a working set is refilled within a few execs). */
constexpr size_t CACHE_ENTRIES = 4096;
/** Longer request lines are not cached (they are rare, and keys are kept in memory). */
constexpr size_t CACHE_KEY_MAX = 8192;
/** Lines answered from the cache reach the main thread (and the audit log) within this... */
constexpr long long ANSWERED_BATCH_MS = 20;
/** ...or at once when this many are waiting. */
constexpr size_t ANSWERED_BATCH_MAX = 256;
/** A client gets this long to send its line here; then the main thread waits for it. */
constexpr int FAST_READ_MS = 2;
/** Waiting for lines may take at most FAST_WAIT_BUDGET_US of each FAST_WAIT_WINDOW_US (20%);
 * past that a connection whose line is not there yet goes straight to the main thread. A library
 * client's line follows its connect within microseconds, but a few thousand connections that
 * never send anything would otherwise keep this thread waiting 2 ms on each, and everyone
 * else's connection would queue behind them. */
constexpr long long FAST_WAIT_WINDOW_US = 100 * 1000;
constexpr long long FAST_WAIT_BUDGET_US = 20 * 1000;
/** Lines longer than this are read by the main thread (hook payloads, huge commands). */
constexpr size_t FAST_LINE_MAX = 64 * 1024;
/** Linux pids have at most 7 digits; 10 stays far below 2^53, the server's integer limit. */
constexpr size_t PID_DIGITS_MAX = 10;
}  // namespace

long long NowMs() {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

// A `,"` outside a string is structure: inside a JSON string every quote is escaped. The pid and
// ppid only go into the audit event, never into the decision, so lines that differ only there
// share an answer. Only a plain JSON integer of at most PID_DIGITS_MAX digits is cut out, so "",
// "012", "1.5" or a number past 2^53 (which the server rejects) stay malformed.
std::string ReplyCache::Key(const std::string& line, long long* pid, long long* ppid) {
  if (pid) *pid = -1;
  if (ppid) *ppid = -1;
  if (line.size() > CACHE_KEY_MAX) return "";
  std::string key = line;
  const struct {
    const char* member;
    long long* out;
  } cuts[] = {{",\"pid\":", pid}, {",\"ppid\":", ppid}};
  for (const auto& cut : cuts) {
    const char* member = cut.member;
    size_t at = key.find(member);
    if (at == std::string::npos) continue;
    // a second member of the same name (JSON.parse keeps the last) never shares an entry
    if (key.find(member, at + 1) != std::string::npos) return "";
    size_t from = at + strlen(member), to = from;
    while (to < key.size() && key[to] >= '0' && key[to] <= '9') to++;
    bool plain = to > from && to - from <= PID_DIGITS_MAX && (key[from] != '0' || to == from + 1) && to < key.size() &&
                 (key[to] == ',' || key[to] == '}');
    if (!plain) return "";
    if (cut.out) *cut.out = std::stoll(key.substr(from, to - from));
    key.erase(from, to - from);
  }
  return key;
}

bool ReplyCache::Lookup(const std::string& key, std::string* reply, double* record, unsigned* gen) {
  std::lock_guard<std::mutex> g(mu_);
  *gen = gen_;
  if (key.empty()) return false;
  auto it = map_.find(key);
  if (it == map_.end()) return false;
  *reply = it->second.reply;
  *record = it->second.record;
  hits_++;
  return true;
}

void ReplyCache::Store(const std::string& key, unsigned gen, const std::string& reply, double record) {
  std::lock_guard<std::mutex> g(mu_);
  if (key.empty() || gen != gen_) return;
  if (map_.size() >= CACHE_ENTRIES) map_.clear();
  map_[key] = Entry{reply, record};
}

void ReplyCache::Clear() {
  std::lock_guard<std::mutex> g(mu_);
  gen_++;
  map_.clear();
}

unsigned ReplyCache::Generation() {
  std::lock_guard<std::mutex> g(mu_);
  return gen_;
}

size_t ReplyCache::Size() {
  std::lock_guard<std::mutex> g(mu_);
  return map_.size();
}

double ReplyCache::Hits() {
  std::lock_guard<std::mutex> g(mu_);
  return hits_;
}

bool FastPath::Start() {
  // Blocking accept and read: measured ~15-20 us per exec faster here than poll() followed by
  // non-blocking calls (one wake-up instead of a wake-up plus a poll round).
  int fl = fcntl(lfd_, F_GETFL);
  if (fl < 0 || fcntl(lfd_, F_SETFL, fl & ~O_NONBLOCK) != 0) return false;
  thread_ = std::thread([this] { Loop(); });
  return true;
}

void FastPath::Stop() {
  if (!thread_.joinable()) return;
  stopping_ = true;
  shutdown(lfd_, SHUT_RDWR);  // wakes a blocked accept() (EINVAL)
  thread_.join();
  std::lock_guard<std::mutex> g(mu_);
  for (auto& h : answered_) ready_.push_back(std::move(h));
  answered_.clear();
}

std::vector<Handoff> FastPath::Take() {
  std::vector<Handoff> out;
  std::lock_guard<std::mutex> g(mu_);
  out.swap(ready_);
  return out;
}

void FastPath::Push(Handoff&& h, bool urgent) {
  bool was_empty;
  // Lines answered from the cache before this one go first, so the main thread sees (and the
  // audit log records) requests in the order they arrived.
  bool flush = h.type != Handoff::LOG && !answered_.empty();
  {
    std::lock_guard<std::mutex> g(mu_);
    was_empty = ready_.empty();
    if (flush)
      for (auto& a : answered_) ready_.push_back(std::move(a));
    ready_.push_back(std::move(h));
  }
  if (flush) {
    answered_.clear();
    answered_due_ = -1;
  }
  if (urgent && was_empty) notify_(arg_);
}

void FastPath::SignalAnswered() {
  {
    std::lock_guard<std::mutex> g(mu_);
    for (auto& h : answered_) ready_.push_back(std::move(h));
  }
  answered_.clear();
  answered_due_ = -1;
  notify_(arg_);
}

// The listening socket's receive timeout bounds accept(): none while nothing waits, else the
// time left until the answered batch is due.
void FastPath::AcceptTimeout(long long ms) {
  if (ms == accept_timeout_ms_) return;
  struct timeval tv = {(time_t)(ms / 1000), (suseconds_t)((ms % 1000) * 1000)};
  if (setsockopt(lfd_, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv) == 0) accept_timeout_ms_ = ms;
}

void FastPath::Loop() {
  while (!stopping_) {
    if (answered_due_ >= 0) {
      long long left = answered_due_ - NowMs();
      AcceptTimeout(left < 1 ? 1 : left);
    } else {
      AcceptTimeout(0);
    }
    int fd = accept4(lfd_, nullptr, nullptr, SOCK_CLOEXEC);
    if (stopping_) {
      if (fd >= 0) close(fd);
      break;
    }
    if (fd >= 0) {
      Serve(fd);
    } else if (errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR && errno != ECONNABORTED) {
      struct timespec ts = {0, 10 * 1000 * 1000};  // out of descriptors, say: do not spin
      nanosleep(&ts, nullptr);
    }
    if (answered_due_ >= 0 && (NowMs() >= answered_due_ || answered_.size() >= ANSWERED_BATCH_MAX)) SignalAnswered();
  }
}

static long long NowUs() {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (long long)ts.tv_sec * 1000000 + ts.tv_nsec / 1000;
}

bool FastPath::MayWait() {
  long long now = NowUs();
  if (now - wait_window_start_ >= FAST_WAIT_WINDOW_US) {
    wait_window_start_ = now;
    waited_us_ = 0;
  }
  return waited_us_ < FAST_WAIT_BUDGET_US;
}

void FastPath::Waited(long long since_us) { waited_us_ += NowUs() - since_us; }

// Hands a connection to the main thread, which works with non-blocking descriptors.
void FastPath::HandOver(Handoff&& h) {
  int fl = fcntl(h.fd, F_GETFL);
  if (fl >= 0) fcntl(h.fd, F_SETFL, fl | O_NONBLOCK);
  Push(std::move(h), true);
}

void FastPath::Serve(int fd) {
  struct ucred cred;
  socklen_t len = sizeof cred;
  if (getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &cred, &len) != 0) {
    Handoff h(Handoff::LOG);
    h.data = std::string("cannot identify a connection (") + strerror(errno) + "); refused";
    close(fd);
    Push(std::move(h), true);
    return;
  }
  // (uid_t)-1: any peer. The protected layout's socket is 0660 in a directory only the server can
  // write, so the file's group already decides who may connect.
  if (owner_ != (uid_t)-1 && cred.uid != owner_) {
    Handoff h(Handoff::LOG);
    h.pid = cred.pid;
    h.uid = cred.uid;
    h.data = "refused a connection from uid " + std::to_string(cred.uid) + " (pid " + std::to_string(cred.pid) + ")";
    close(fd);
    Push(std::move(h), true);
    return;
  }
  Handoff h(Handoff::SLOW);
  h.fd = fd;
  h.pid = cred.pid;
  h.uid = cred.uid;
  h.since_ms = NowMs();
  // The first read does not wait: a library client has usually written its line by now.
  int flags = MSG_DONTWAIT;
  bool waited = false;
  long long wait_start = 0;
  char buf[16384];
  for (;;) {
    ssize_t r = recv(fd, buf, sizeof buf, flags);
    if (waited && flags == 0) {
      Waited(wait_start);  // the blocking reads count against the budget
      wait_start = NowUs();
    }
    if (r > 0) {
      const char* nl = (const char*)memchr(buf, '\n', (size_t)r);
      h.data.append(buf, nl ? (size_t)(nl - buf) : (size_t)r);
      if (nl) break;
      if (h.data.size() > FAST_LINE_MAX) return HandOver(std::move(h));  // SLOW: the main thread reads on
      continue;
    }
    if (r == 0) {
      if (h.data.empty()) {
        close(fd);  // connected and left without a word
        return;
      }
      h.type = Handoff::PARTIAL;
      h.data.clear();
      return HandOver(std::move(h));
    }
    if (errno == EINTR) continue;
    if ((errno == EAGAIN || errno == EWOULDBLOCK) && !waited && MayWait()) {
      // not there yet: wait for it a little, within this thread's waiting budget
      struct timeval tv = {0, FAST_READ_MS * 1000};
      setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
      flags = 0;
      waited = true;
      wait_start = NowUs();
      continue;
    }
    if (errno == EAGAIN || errno == EWOULDBLOCK) return HandOver(std::move(h));  // SLOW: the main thread reads on
    close(fd);  // reset before its line was complete: nobody is waiting for an answer
    return;
  }

  h.key = ReplyCache::Key(h.data, &h.req_pid, &h.req_ppid);
  std::string reply;
  if (cache_->Lookup(h.key, &reply, &h.record, &h.gen)) {
    ssize_t w;
    do w = send(fd, reply.data(), reply.size(), MSG_NOSIGNAL | MSG_DONTWAIT);
    while (w < 0 && errno == EINTR);
    // A reply this small always fits a fresh socket. Nothing sent (no room): the main thread
    // answers the slow way. Sent, even in part, or failed (the client left): done here, and
    // audited like any answer.
    if (!(w < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) && w != 0) {
      close(fd);
      h.type = Handoff::ANSWERED;
      h.fd = -1;
      h.key.clear();
      answered_.push_back(std::move(h));
      if (answered_due_ < 0) answered_due_ = NowMs() + ANSWERED_BATCH_MS;
      return;
    }
  }
  h.type = Handoff::LINE;
  HandOver(std::move(h));
}

}  // namespace svc
#endif
