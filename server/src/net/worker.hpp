#pragma once
/// One I/O thread: its io_context, the connections it owns, and the once-a-beat sweep that
/// enforces every connection's deadline (cheaper than a timer per operation).
#include <atomic>
#include <chrono>
#include <cstdint>
#include <ctime>
#include <memory>
#include <string_view>

#include <utility>  // before Asio's coroutine headers with g++ 12

#include <boost/asio/awaitable.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/steady_timer.hpp>

#include "dispatch/dispatch.hpp"
#include "net/access_log.hpp"
#include "net/connection_limits.hpp"

namespace wavesites {

namespace asio = boost::asio;
using tcp = asio::ip::tcp;
using steady = std::chrono::steady_clock;

class worker;

/// A connection's entry in its worker's list: the deadline the sweep enforces.
class connection_guard {
 public:
  connection_guard(worker& w, tcp::socket& s);
  ~connection_guard();
  connection_guard(const connection_guard&) = delete;
  connection_guard& operator=(const connection_guard&) = delete;

  /// The connection must make progress within `d` of `now`; `idle` marks a wait between requests.
  void arm(std::chrono::seconds d, bool idle, steady::time_point now = steady::now()) {
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
  [[nodiscard]] bool expired() const { return expired_; }
  /// Closed to make room for another connection (expired() is true too).
  [[nodiscard]] bool evicted() const { return evicted_; }

 private:
  friend class worker;
  worker& worker_;
  tcp::socket& socket_;
  steady::time_point deadline_{};
  steady::time_point hard_deadline_ = steady::time_point::max();
  bool idle_ = false;
  bool expired_ = false;
  bool evicted_ = false;
  bool in_head_ = false;
  bool fresh_ = true;
  connection_guard* prev_ = nullptr;  ///< newer
  connection_guard* next_ = nullptr;  ///< older
};

class worker {
 public:
  worker(const server_context& app, connection_limits& limits);
  worker(const worker&) = delete;
  worker& operator=(const worker&) = delete;

  asio::io_context& context() { return ioc_; }
  /// Starts the deadline sweep.
  void start();
  /// Serves an accepted connection (whose socket belongs to this worker's io_context).
  void adopt(tcp::socket socket);
  /// Whether a connection from `peer` may stay, called on this worker's thread once its guard
  /// exists. Past the per-address cap: no. Past the whole cap: yes if a connection waiting for a
  /// head could be evicted for it (see evict_one). A trusted proxy has no per-address cap. A refusal is counted and
  /// logged now and then. `holds_address`: a per-address place was taken, to give back with release_address().
  bool admit(const std::string& peer, bool& holds_address);
  void release_address(const std::string& peer) { limits_.release_address(peer); }
  /// Thread-safe: evict one waiting connection, if there is one (accept ran out of descriptors).
  void make_room();
  /// Thread-safe: close idle connections, let requests in flight finish.
  void begin_shutdown();
  [[nodiscard]] std::size_t connections() const { return count_.load(std::memory_order_relaxed); }
  [[nodiscard]] bool stopping() const { return stopping_; }

  access_log& log() { return log_; }
  /// "Date: <IMF-fixdate>\r\n", formatted at most once a second.
  std::string_view date_line();
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

  /// Closes the connection that has waited longest for its first request head, else the one
  /// that has waited longest for a next one: slow or silent clients go before working ones.
  bool evict_one();

  /// Cuts off every connection past its deadline at `now` (and, with `close_idle`, every idle
  /// one). The sweep loop calls it a few times a second; tests call it with a time of their own.
  void sweep(steady::time_point now, bool close_idle);

 private:
  friend class connection_guard;
  asio::awaitable<void> sweep_loop();

  const server_context& app_;
  connection_limits& limits_;
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
  asio::io_context ioc_;
  asio::steady_timer sweeper_;
};

/// Serves one connection until it closes, times out, or the worker stops.
asio::awaitable<void> serve_connection(tcp::socket socket, worker& w);

}  // namespace wavesites
