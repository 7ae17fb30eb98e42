#include <utility>  // before Asio's coroutine headers with g++ 12

#include "net/worker.hpp"

#include <boost/asio/co_spawn.hpp>
#include <boost/asio/detached.hpp>
#include <boost/asio/redirect_error.hpp>
#include <boost/asio/use_awaitable.hpp>

namespace wavesites {

connection_guard::connection_guard(worker& w, tcp::socket& s) : worker_(w), socket_(s) {
  next_ = w.head_;
  if (next_) next_->prev_ = this;
  w.head_ = this;
  w.count_.fetch_add(1, std::memory_order_relaxed);
}

connection_guard::~connection_guard() {
  if (prev_)
    prev_->next_ = next_;
  else
    worker_.head_ = next_;
  if (next_) next_->prev_ = prev_;
  worker_.count_.fetch_sub(1, std::memory_order_relaxed);
}

worker::worker(const server_context& app) : app_(app), log_(app.start.server.access_log), ioc_(1), sweeper_(ioc_) {}

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
