#include <utility>  // before Asio's coroutine headers with g++ 12

#include "net/worker.hpp"

#include <optional>

#include <boost/asio/co_spawn.hpp>
#include <boost/asio/detached.hpp>
#include <boost/asio/redirect_error.hpp>
#include <boost/asio/use_awaitable.hpp>

#include "http/client_ip.hpp"
#include "log/event_log.hpp"

namespace wavesites {

connection_guard::connection_guard(worker& w, tcp::socket& s) : worker_(w), socket_(s) {
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

worker::worker(const server_context& app, connection_limits& limits)
    : app_(app), limits_(limits), log_(app.start.server.access_log), ioc_(1), sweeper_(ioc_) {}

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
    sweep(steady::now(), stopping_);
    log_.flush();
  }
  log_.flush();
}

void worker::sweep(steady::time_point now, bool close_idle) {
  for (auto* c = head_; c; c = c->next_) {
    if (c->expired_) continue;
    if (now >= c->deadline_ || now >= c->hard_deadline_ || (close_idle && c->idle_)) {
      c->expired_ = true;
      boost::system::error_code ec;
      c->socket_.cancel(ec);  // the pending read or write completes with operation_aborted
    }
  }
}

bool worker::admit(const std::string& peer, bool& holds_address) {
  using why = connection_limits::reason;
  std::optional<why> refused;
  holds_address = false;
  // A trusted proxy carries many clients on its connections: the per-address cap is not for it.
  if (limits_.per_ip() != 0 && !is_trusted_proxy(peer, sites()->cfg->proxy.trusted)) {
    holds_address = limits_.take_address(peer);
    if (!holds_address) refused = why::per_ip;
  }
  if (!refused && limits_.over_total() && !evict_one()) refused = why::max_connections;
  if (refused && holds_address) {
    limits_.release_address(peer);
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
                                        {"last_client", peer}});
    }
    return false;
  }
  return true;
}

bool worker::evict_one() {
  // From the oldest: first a connection that never finished a head (slow or silent from the
  // start), then one idle between requests. The newest (the one being admitted) is never taken.
  for (const bool fresh_only : {true, false}) {
    for (auto* c = tail_; c && c != head_; c = c->prev_) {
      if (c->expired_ || !c->in_head_ || (fresh_only && !c->fresh_)) continue;
      c->expired_ = true;
      c->evicted_ = true;
      boost::system::error_code ec;
      c->socket_.close(ec);  // the descriptor is free now; the pending read ends with an error
      app_.metrics.count_connection_evicted();
      return true;
    }
  }
  return false;
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
