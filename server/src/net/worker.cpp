#include <utility>  // before Asio's coroutine headers with g++ 12

#include "net/worker.hpp"

#include <linux/sockios.h>
#include <sys/ioctl.h>

#include <optional>

#include <boost/asio/co_spawn.hpp>
#include <boost/asio/detached.hpp>
#include <boost/asio/redirect_error.hpp>
#include <boost/asio/use_awaitable.hpp>

#include "http/client_ip.hpp"
#include "log/caught.hpp"
#include "log/event_log.hpp"
#include "net/fault_point.hpp"

namespace wavesites {

connection_guard::connection_guard(worker& w, tcp::socket& s) : worker_(w), socket_(s), opened_at_(steady::now()) {
  next_ = w.head_;
  if (next_)
    next_->prev_ = this;
  else
    w.tail_ = this;
  w.head_ = this;
  w.count_.fetch_add(1, std::memory_order_relaxed);
  w.limits_.opened();
}

connection_guard::~connection_guard() {
  if (prev_)
    prev_->next_ = next_;
  else
    worker_.head_ = next_;
  if (next_)
    next_->prev_ = prev_;
  else
    worker_.tail_ = prev_;
  worker_.count_.fetch_sub(1, std::memory_order_relaxed);
  worker_.limits_.closed();
}

// One thread runs this context, and only it starts operations on its sockets (evictions from
// other workers come as posted work, on_thread), so the reactor needs no lock per operation;
// posting and registering a new connection from the accepting thread keep theirs.
worker::worker(const server_context& app, connection_limits& limits)
    : app_(app), limits_(limits), ioc_(BOOST_ASIO_CONCURRENCY_HINT_UNSAFE_IO), sweeper_(ioc_) {}

void worker::start() {
  asio::co_spawn(ioc_, sweep_loop(), asio::detached);
}

void worker::adopt(tcp::socket socket) {
  asio::co_spawn(ioc_, serve_connection(std::move(socket), *this), asio::detached);
}

asio::awaitable<void> worker::sweep_loop() {
  while (!stopping_ || count_.load() > 0) {
    sweeper_.expires_after(std::chrono::milliseconds(250));
    boost::system::error_code ec;
    co_await sweeper_.async_wait(asio::redirect_error(asio::use_awaitable, ec));
    // Every deadline of this worker's connections rests on the next sweep: a fault costs one
    // sweep, never the loop (a detached coroutine's exception would end it without a word).
    try {
      fault_point("sweep");
      sweep(steady::now(), stopping_);
      log_.flush();
    } catch (...) {
      report_fault("sweep");
    }
  }
  log_.flush();
}

void worker::sweep(steady::time_point now, bool close_idle) {
  for (auto* c = head_; c; c = c->next_) {
    if (c->expired()) continue;
    const auto why = c->due(now, close_idle);
    if (why == connection_guard::cut::none) continue;
    c->why_ = why;
    boost::system::error_code ec;
    c->socket_.cancel(ec);  // the pending read or write completes with operation_aborted
  }
}

connection_guard::cut connection_guard::due(steady::time_point now, bool close_idle) {
  const bool stalled = stalled_since_ != steady::time_point::max();
  // An answer waiting for its client: the socket wakes the sender only once a good part of its
  // buffer is free, so a slow reader may take bytes for a long while unseen. Bytes it
  // acknowledged since a first look are progress. That look waits a moment after the stall:
  // what was in flight then is acknowledged by the client's kernel whether or not it reads.
  if (stalled && queued_ < 0 && now - stalled_since_ >= settle) queued_ = unacknowledged_bytes(socket_);
  if (now >= deadline_) {
    if (!stalled) return cut::deadline;
    const int q = unacknowledged_bytes(socket_);
    if (queued_ < 0 || q >= queued_) return cut::deadline;
    queued_ = q;
    deadline_ = now + pause_;
  }
  if (now >= hard_deadline_) return cut::whole_body;
  if (now >= run_deadline_) return cut::send_run;
  if (close_idle && idle_) return cut::shutdown;
  return cut::none;
}

int unacknowledged_bytes(tcp::socket& s) {
  int queued = 0;
  return ::ioctl(s.native_handle(), SIOCOUTQ, &queued) == 0 ? queued : 0;
}

asio::awaitable<bool> worker::admit(const connection_guard& self, const std::string& peer, const std::string& key,
                                    bool& holds_address) {
  using why = connection_limits::reason;
  std::optional<why> refused;
  holds_address = false;
  // A trusted proxy carries many clients on its connections: the per-address cap is not for it.
  if (limits_.per_ip() != 0 && !is_trusted_proxy(peer, sites()->cfg->proxy.trusted)) {
    holds_address = limits_.take_address(key);
    if (!holds_address) limits_.met_cap();
    // At its cap, an address's newest connection takes the place of its own stalest one, so a
    // client that hoards connections (or a NAT with one stuck) cannot shut out its next one.
    if (!holds_address && co_await evict_anywhere(key, &self)) {
      limits_.force_address(key);
      holds_address = true;
    }
    if (!holds_address) refused = why::per_ip;
  }
  if (!refused && limits_.over_total()) {
    limits_.met_cap();
    if (!co_await evict_anywhere({}, &self)) refused = why::max_connections;
  }
  if (refused && holds_address) {
    limits_.release_address(key);
    holds_address = false;
  }
  if (refused) {
    app_.metrics.count_connection_refused(reason_name(*refused));
    const auto now_ms =
        std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::system_clock::now().time_since_epoch())
            .count();
    if (const auto n = limits_.refused(*refused, now_ms)) {
      log::warn("connections_refused", {{"reason", reason_name(*refused)},
                                        {"refused", n},
                                        {"open", limits_.open()},
                                        {"max_connections", limits_.max_total()},
                                        {"max_connections_per_ip", limits_.per_ip()},
                                        {"last_client", peer}});
    }
    co_return false;
  }
  co_return true;
}

int connection_guard::eviction_rank(steady::time_point now, steady::duration min_stall) {
  if (expired()) return -1;
  if (in_head_) {
    // Bytes already waiting in the socket: the request is there and the server has not read it
    // yet (a burst of new connections): this client is not the slow one.
    if (now - armed_at_ < worker::head_grace) return -1;
    int waiting = 0;
    if (::ioctl(socket_.native_handle(), FIONREAD, &waiting) == 0 && waiting > 0) return -1;
    return fresh_ ? 0 : 1;
  }
  if (stalled_since_ != steady::time_point::max() && now - stalled_since_ >= min_stall) return 2;
  return -1;
}

std::pair<connection_guard*, eviction_candidate> worker::pick(std::string_view address, steady::time_point now,
                                                              const connection_guard* spare) {
  // Among one address's own connections an answer stalled for any time may go: that client is
  // competing with itself.
  const steady::duration stall = address.empty() ? steady::duration(min_stall) : steady::duration::zero();
  connection_guard* pick = nullptr;
  eviction_candidate best;
  // From the oldest: of two that have waited as long, the older connection goes.
  for (auto* c = tail_; c; c = c->prev_) {
    if (c == spare || (!address.empty() && c->address_ != address)) continue;
    const int rank = c->eviction_rank(now, stall);
    if (rank < 0) continue;
    // Waiting since: its opening for a first head, its last answer for an idle one, the stall
    // for an answer.
    const eviction_candidate here{rank, rank == 0 ? c->opened_at_ : rank == 1 ? c->armed_at_ : c->stalled_since_};
    if (!here.before(best)) continue;
    pick = c;
    best = here;
  }
  return {pick, best};
}

eviction_candidate worker::best_candidate(std::string_view address, steady::time_point now,
                                          const connection_guard* spare) {
  return pick(address, now, spare).second;
}

bool worker::evict_one(std::string_view address, steady::time_point now, const connection_guard* spare) {
  auto* c = pick(address, now, spare).first;
  if (!c) return false;
  evict(*c);
  return true;
}

void worker::evict(connection_guard& c) {
  c.why_ = connection_guard::cut::evicted;
  boost::system::error_code ec;
  c.socket_.close(ec);  // the descriptor is free now; the pending read or write ends with an error
  app_.metrics.count_connection_evicted();
}

template <typename F>
asio::awaitable<std::invoke_result_t<F>> worker::on_thread(F fn) {
  co_return co_await asio::co_spawn(
      ioc_, [fn = std::move(fn)]() -> asio::awaitable<std::invoke_result_t<F>> { co_return fn(); },
      asio::use_awaitable);
}

asio::awaitable<bool> worker::evict_anywhere(std::string address, const connection_guard* spare) {
  if (!peers_ || peers_->size() < 2) co_return evict_one(address, steady::now(), spare);
  // A silent connection of this worker's own goes first, even if another worker has one that
  // has waited longer: asking the others means waiting on their threads for every connection
  // admitted at the cap, which cost make load's churn of them about 15% of its page throughput.
  if (const auto [own, where] = pick(address, steady::now(), spare); own && where.rank == 0) {
    evict(*own);
    co_return true;
  }
  // Each worker's connections are its own thread's to look at. `spare` is one of this worker's:
  // to another it is no connection of its own, and never matches.
  for (int attempt = 0; attempt < 2; ++attempt) {
    const auto now = steady::now();
    worker* holder = nullptr;
    eviction_candidate best;
    for (const auto& w : *peers_) {
      const auto c =
          co_await w->on_thread([&w = *w, &address, now, spare] { return w.best_candidate(address, now, spare); });
      if (c.before(best)) {
        best = c;
        holder = w.get();
      }
    }
    if (!holder) co_return false;
    // It may have gone meanwhile (closed, or evicted for another): then look again, once.
    if (co_await holder->on_thread([holder, &address, now, spare] { return holder->evict_one(address, now, spare); })) {
      co_return true;
    }
  }
  co_return false;
}

void worker::make_room() {
  asio::post(ioc_, [this] { evict_one(); });
}

void worker::begin_shutdown() {
  asio::post(ioc_, [this] {
    stopping_ = true;
    sweep(steady::now(), true);
    sweeper_.cancel();
  });
}

std::string_view worker::date_line() {
  const std::time_t now = std::time(nullptr);
  if (now != date_sec_) {
    std::tm tm{};
    gmtime_r(&now, &tm);
    date_len_ = std::strftime(date_, sizeof date_, "Date: %a, %d %b %Y %H:%M:%S GMT\r\n", &tm);
    date_sec_ = now;
  }
  return {date_, date_len_};
}

}  // namespace wavesites
