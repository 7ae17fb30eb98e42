#pragma once
/// One I/O thread: its io_context, the connections it owns, and the once-a-beat sweep that
/// enforces every connection's deadline (cheaper than a timer per operation).
#include <sched.h>

#include <atomic>
#include <chrono>
#include <cstdint>
#include <ctime>
#include <memory>
#include <string_view>
#include <type_traits>
#include <vector>

#include <utility>  // before Asio's coroutine headers with g++ 12

#include <boost/asio/awaitable.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/steady_timer.hpp>

#include "net/access_log.hpp"
#include "net/connection_limits.hpp"
#include "net/server_context.hpp"

namespace wavesites {

namespace asio = boost::asio;
using tcp = asio::ip::tcp;
using steady = std::chrono::steady_clock;

/// steady_clock's clock (CLOCK_MONOTONIC) as of the last timer tick, a few milliseconds behind:
/// read from memory, where steady::now() asks the clock source, which in a virtual machine costs
/// about 1% of a small answer per call. For the deadlines between requests, in whole seconds and
/// checked by a 250 ms sweep.
inline steady::time_point coarse_now() {
  timespec ts{};
  ::clock_gettime(CLOCK_MONOTONIC_COARSE, &ts);
  return steady::time_point(std::chrono::seconds(ts.tv_sec) + std::chrono::nanoseconds(ts.tv_nsec));
}

class worker;

/// A connection's entry in its worker's list: the deadlines the sweep enforces, and what the
/// connection is doing, which decides whether it may be evicted to make room for another.
class connection_guard {
 public:
  /// Why the sweep (or an eviction) cut a connection off.
  enum class cut { none, deadline, whole_body, send_run, shutdown, evicted };

  connection_guard(worker& w, tcp::socket& s);
  ~connection_guard();
  connection_guard(const connection_guard&) = delete;
  connection_guard& operator=(const connection_guard&) = delete;

  /// The connection must make progress within `d` of `now`; `idle` marks a wait between requests.
  void arm(std::chrono::seconds d, bool idle, steady::time_point now = steady::now()) {
    armed_at_ = now;
    deadline_ = now + d;
    idle_ = idle;
  }
  /// The connection waits for a request head (`fresh`: its first), so it may be evicted to make
  /// room for another when the server is full; head_done() ends that.
  void reading_head(bool fresh) {
    in_head_ = true;
    fresh_ = fresh;
  }
  void head_done() { in_head_ = false; }
  /// A whole-body deadline that arm() cannot extend.
  void cap(steady::time_point hard) { hard_deadline_ = hard; }
  void uncap() { hard_deadline_ = steady::time_point::max(); }

  /// The client address as the per-address cap counts it (address_key), for evictions by address.
  void set_address(std::string key) { address_ = std::move(key); }
  [[nodiscard]] const std::string& address() const { return address_; }

  // A send run: answers sent one after another while the client has not yet taken all of the
  // earlier ones (pipelined, or still in the socket). Its deadline is write_timeout after its
  // first request arrived, plus its bytes at `min_rate` bytes a second, and is set once the run
  // first has to wait for the client: taking bytes renews the per-pause deadline (arm) but never
  // this one, so a client that takes a byte now and then cannot hold its connection for ever.
  // Nothing here reads the clock or makes a system call unless a send has to wait.

  /// An answer of `bytes` to a request that arrived at `request_start` joins the run.
  void begin_answer(std::uint64_t bytes, steady::time_point request_start) {
    if (run_bytes_ == 0 && !run_waited_) run_start_ = request_start;
    run_bytes_ += bytes;
    if (run_waited_ && min_rate_ != 0) run_deadline_ += budget(bytes);
  }
  /// The socket is full: the answer waits for the client, which must take a byte within `pause`.
  /// Whether it does is judged from the bytes the socket holds that the client has not yet
  /// acknowledged (SIOCOUTQ, looked at by the sweep): while that goes down, the client is taking
  /// bytes even if the socket has not yet woken the sender.
  void stalled(std::chrono::seconds pause, steady::time_point now = steady::now()) {
    if (!run_waited_) {
      run_waited_ = true;
      if (min_rate_ != 0) run_deadline_ = run_start_ + pause + budget(run_bytes_);
    }
    if (stalled_since_ == steady::time_point::max()) {
      stalled_since_ = now;
      deadline_ = now + pause;
      idle_ = false;
    }
    pause_ = pause;
    queued_ = -1;  // not yet known: see due()
  }
  /// The socket took more bytes after a stall.
  void unstalled() { stalled_since_ = steady::time_point::max(); }
  /// Whether the run had to wait for the client at some point.
  [[nodiscard]] bool run_waited() const { return run_waited_; }
  /// The client has taken everything (or never made the server wait): a next answer starts a new run.
  void end_run() {
    run_bytes_ = 0;
    run_waited_ = false;
    run_deadline_ = steady::time_point::max();
    stalled_since_ = steady::time_point::max();
  }
  void set_min_rate(std::uint32_t bytes_per_second) { min_rate_ = bytes_per_second; }

  [[nodiscard]] bool expired() const { return why_ != cut::none; }
  [[nodiscard]] cut why() const { return why_; }
  /// Closed to make room for another connection (expired() is true too).
  [[nodiscard]] bool evicted() const { return why_ == cut::evicted; }

 private:
  friend class worker;
  [[nodiscard]] steady::duration budget(std::uint64_t bytes) const {
    return std::chrono::duration_cast<steady::duration>(
        std::chrono::duration<double>(static_cast<double>(bytes) / static_cast<double>(min_rate_)));
  }
  /// How long after a stall the bytes in flight are taken to have arrived (see due()).
  static constexpr std::chrono::milliseconds settle{250};
  /// Whether the connection is past a deadline at `now`, and which.
  [[nodiscard]] cut due(steady::time_point now, bool close_idle);
  /// Where this connection stands in eviction order (lower goes first), or -1: not evictable.
  [[nodiscard]] int eviction_rank(steady::time_point now, steady::duration min_stall);

  worker& worker_;
  tcp::socket& socket_;
  std::string address_;
  steady::time_point opened_at_;
  steady::time_point armed_at_{};
  // Nothing to enforce until the session arms it: a connection waiting to be admitted (which
  // may wait on the other workers, see worker::admit) must not be cut for a deadline never set.
  steady::time_point deadline_ = steady::time_point::max();
  steady::time_point hard_deadline_ = steady::time_point::max();
  steady::time_point run_start_{};
  steady::time_point run_deadline_ = steady::time_point::max();
  steady::time_point stalled_since_ = steady::time_point::max();
  std::chrono::seconds pause_{};
  int queued_ = -1;
  std::uint64_t run_bytes_ = 0;
  std::uint32_t min_rate_ = 0;
  cut why_ = cut::none;
  bool run_waited_ = false;
  bool idle_ = false;
  bool in_head_ = false;
  bool fresh_ = true;
  connection_guard* prev_ = nullptr;  ///< newer
  connection_guard* next_ = nullptr;  ///< older
};

/// Where a worker's best candidate for eviction stands, to compare across workers: its rank
/// (lower goes first; -1: the worker has none) and, within a rank, since when it has waited.
struct eviction_candidate {
  int rank = -1;
  steady::time_point since = steady::time_point::max();

  /// Whether this one goes before `other`.
  [[nodiscard]] bool before(const eviction_candidate& other) const {
    return rank >= 0 && (other.rank < 0 || rank < other.rank || (rank == other.rank && since < other.since));
  }
};

class worker {
 public:
  worker(const server_context& app, connection_limits& limits);
  worker(const worker&) = delete;
  worker& operator=(const worker&) = delete;

  /// Every worker of the server, this one included: an eviction looks at all their connections.
  /// Without it (a lone worker in a test) only at this one's.
  void set_peers(const std::vector<std::unique_ptr<worker>>& all) { peers_ = &all; }

  asio::io_context& context() { return ioc_; }
  /// Starts the deadline sweep.
  void start();
  /// Serves an accepted connection (whose socket belongs to this worker's io_context).
  void adopt(tcp::socket socket);
  /// Whether the connection `self` from `peer` (counted per address as `key`, see address_key)
  /// may stay, called on this worker's thread once its guard exists. Past the per-address cap:
  /// yes if one of that address's own connections, on any worker, could be evicted for it, else
  /// no. Past the whole cap: yes if any connection of the server could be (see evict_anywhere).
  /// A trusted proxy has no per-address cap. A refusal is counted and logged now and then.
  /// `holds_address`: a per-address place was taken, to give back with release_address().
  asio::awaitable<bool> admit(const connection_guard& self, const std::string& peer, const std::string& key,
                              bool& holds_address);
  void release_address(const std::string& key) { limits_.release_address(key); }
  /// Thread-safe: evict one waiting connection, if there is one (accept ran out of descriptors).
  void make_room();
  /// Thread-safe: close idle connections, let requests in flight finish.
  void begin_shutdown();
  [[nodiscard]] std::size_t connections() const { return count_.load(std::memory_order_relaxed); }
  [[nodiscard]] bool stopping() const { return stopping_; }

  access_log& log() { return log_; }
  /// "Date: <IMF-fixdate>\r\n", formatted at most once a second.
  std::string_view date_line();
  /// Called as each request is answered, at `now` (its start): lets the kernel's scheduler look
  /// at this thread at least every `pace_every` of answering; true when it did.
  ///
  /// Under a CPU quota (cgroup cpu.cfs_quota_us, as a container's CPU limit sets it) the kernel
  /// charges a running thread's time to the quota only when the thread enters the scheduler:
  /// when it sleeps, or at a timer tick (every 4 ms at HZ=250). A worker that always finds a
  /// request waiting never sleeps, so it ran on past its quota until the next tick, and that
  /// debt kept it throttled through the whole next period as well: every connection at once then
  /// waited 13-15 ms for its answer, not the 6.5 ms of one throttle. Capped at 35% of a core with
  /// 50 connections that happened some 70 times in 5.5 s and made the whole of p99: 10-14 ms, and
  /// 7.7 ms once paced. sched_yield(2) enters the scheduler, which counts the time and throttles
  /// at once if the quota is spent; with nothing else to run on the core it returns at once. At
  /// most a thousand a second: answers per second under a cap unchanged (make bench-ab, within
  /// 1%), where one every 250 µs cost 2% on a small asset.
  bool pace(steady::time_point now) {
    if (now - last_pace_ < pace_every) return false;
    last_pace_ = now;
    ::sched_yield();
    return true;
  }
  static constexpr std::chrono::microseconds pace_every{1000};
  const server_context& app() const { return app_; }
  /// The sites in force: this worker's copy, refreshed when a reload published new ones.
  const std::shared_ptr<const site_state>& sites() {
    const auto v = app_.sites.version();
    if (v != sites_version_ || !sites_) {
      sites_ = app_.sites.get();
      sites_version_ = v;
    }
    return sites_;
  }

  /// Closes one of this worker's connections to make room for another, in this order: the one
  /// that has waited longest for its first request head (silent or slow from the start), else
  /// the one idle longest between requests, else the answer that has waited longest (at least
  /// `min_stall`) for its client to take more of it. Never `spare` (the one being admitted), an
  /// answer that is moving, nor one whose request is waiting to be read. With `address`, only a
  /// connection from that client, and a stalled answer of any age.
  bool evict_one(std::string_view address = {}, steady::time_point now = steady::now(),
                 const connection_guard* spare = nullptr);
  /// Where this worker's best candidate for evict_one stands.
  [[nodiscard]] eviction_candidate best_candidate(std::string_view address, steady::time_point now,
                                                  const connection_guard* spare);
  /// evict_one across the server. A silent connection of this worker's own goes at once; else
  /// every worker is asked, on its own thread, for its best candidate, and the one holding the
  /// best of all closes it. Called on this worker's thread, at the server's or an address's cap.
  asio::awaitable<bool> evict_anywhere(std::string address, const connection_guard* spare);
  /// How long an answer must have waited for its client before it may be evicted: a moment's
  /// full socket is normal for a large file on a slow link.
  static constexpr std::chrono::seconds min_stall{1};
  /// How long a connection must have waited for a request before it may be evicted: one just
  /// accepted, or just answered, may not have sent its request yet but is about to.
  static constexpr std::chrono::milliseconds head_grace{250};

  /// Cuts off every connection past its deadline at `now` (and, with `close_idle`, every idle
  /// one). The sweep loop calls it a few times a second; tests call it with a time of their own.
  void sweep(steady::time_point now, bool close_idle);

 private:
  friend class connection_guard;
  asio::awaitable<void> sweep_loop();
  /// Closes `c` to make room for another connection, and counts it.
  void evict(connection_guard& c);
  /// The connection evict_one would close, and where it stands.
  std::pair<connection_guard*, eviction_candidate> pick(std::string_view address, steady::time_point now,
                                                        const connection_guard* spare);
  /// `fn()` run on this worker's thread, for a coroutine on another's.
  template <typename F>
  asio::awaitable<std::invoke_result_t<F>> on_thread(F fn);

  const server_context& app_;
  connection_limits& limits_;
  const std::vector<std::unique_ptr<worker>>* peers_ = nullptr;
  std::shared_ptr<const site_state> sites_;
  std::uint64_t sites_version_ = 0;
  // Declared before ioc_ so they outlive it: destroying ioc_ destroys suspended connections,
  // whose guards unlink themselves from this list.
  access_log log_;
  bool stopping_ = false;
  std::atomic<std::size_t> count_{0};
  connection_guard* head_ = nullptr;  ///< the newest connection
  connection_guard* tail_ = nullptr;  ///< the oldest
  std::time_t date_sec_ = 0;
  char date_[64] = {};
  std::size_t date_len_ = 0;
  steady::time_point last_pace_{};
  asio::io_context ioc_;
  asio::steady_timer sweeper_;
};

/// Bytes `s` holds that its peer has not acknowledged yet (SIOCOUTQ); 0 when it cannot tell.
int unacknowledged_bytes(tcp::socket& s);

/// Serves one connection until it closes, times out, or the worker stops.
asio::awaitable<void> serve_connection(tcp::socket socket, worker& w);

}  // namespace wavesites
