#include <utility>  // before Asio's coroutine headers with g++ 12

#include "net/server.hpp"

#include <charconv>
#include <csignal>
#include <thread>

#include <boost/asio/co_spawn.hpp>
#include <boost/asio/detached.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/redirect_error.hpp>
#include <boost/asio/signal_set.hpp>
#include <boost/asio/socket_base.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/use_awaitable.hpp>

#include "log/caught.hpp"
#include "log/event_log.hpp"
#include "metrics/metrics.hpp"
#include "net/fault_point.hpp"
#include "util/cores.hpp"

namespace wavesites {

void ignore_client_signals() {
  struct sigaction ignore {};
  ignore.sa_handler = SIG_IGN;
  sigemptyset(&ignore.sa_mask);
  sigaction(SIGPIPE, &ignore, nullptr);
  sigaction(SIGXFSZ, &ignore, nullptr);
}

result<listen_address> parse_listen(const std::string& text) {
  listen_address out;
  std::string port_text;
  if (!text.empty() && text.front() == '[') {
    const auto close = text.find(']');
    if (close == std::string::npos || close + 1 >= text.size() || text[close + 1] != ':') {
      return error{"--listen: \"" + text + "\" is not HOST:PORT"};
    }
    out.host = text.substr(1, close - 1);
    port_text = text.substr(close + 2);
  } else {
    const auto colon = text.rfind(':');
    if (colon == std::string::npos || colon == 0 || text.find(':') != colon) {
      return error{"--listen: \"" + text + "\" is not HOST:PORT"};
    }
    out.host = text.substr(0, colon);
    port_text = text.substr(colon + 1);
  }
  unsigned value = 0;
  const auto [ptr, ec] = std::from_chars(port_text.data(), port_text.data() + port_text.size(), value);
  if (port_text.empty() || ec != std::errc{} || ptr != port_text.data() + port_text.size() || value > 65535) {
    return error{"--listen: \"" + port_text + "\" is not a port number (0-65535)"};
  }
  out.port = static_cast<unsigned short>(value);
  return out;
}

namespace {

/// Runs `ioc` until it stops. A handler that throws ends only its own work: the exception is
/// reported (log/caught.hpp), and the thread goes on running the rest (Asio allows run() again).
void run_guarded(asio::io_context& ioc) {
  for (;;) {
    try {
      ioc.run();
      return;
    } catch (...) {
      report_fault("io_thread");
    }
  }
}

}  // namespace

server::server(const server_context& app) : app_(app), room_(connection_limits::derive_max(0)), limits_(0, 0) {
  ignore_client_signals();
  reconfigure(app.start.server);
  unsigned n = app.start.server.threads;
  if (n == 0) n = usable_cores();
  for (unsigned i = 0; i < n; ++i) workers_.push_back(std::make_unique<worker>(app, limits_));
  for (const auto& w : workers_) w->set_peers(workers_);
}

server::~server() = default;

void server::reconfigure(const server_config& settings) {
  limits_.configure(settings.max_connections, settings.max_connections_per_ip, room_);
  app_.metrics.set_max_connections(limits_.max_total());
  app_.metrics.set_max_connections_per_ip(limits_.per_ip());
}

result<tcp::endpoint> server::listen(const listen_address& where) {
  boost::system::error_code ec;
  asio::io_context resolver_ctx;
  tcp::resolver resolver(resolver_ctx);
  const auto results = resolver.resolve(where.host, std::to_string(where.port),
                                        tcp::resolver::numeric_service | tcp::resolver::passive, ec);
  if (ec || results.empty()) return error{"--listen: cannot resolve host \"" + where.host + "\""};
  const tcp::endpoint ep = results.begin()->endpoint();
  // One listening socket (no SO_REUSEPORT: a second server on the same port must fail, not
  // silently share it); its connections are handed to the workers in turn.
  acceptor_ = std::make_unique<tcp::acceptor>(workers_[0]->context());
  acceptor_->open(ep.protocol(), ec);
  if (!ec) acceptor_->set_option(asio::socket_base::reuse_address(true), ec);
  if (!ec) acceptor_->bind(ep, ec);
  if (!ec) acceptor_->listen(asio::socket_base::max_listen_connections, ec);
  if (!ec) acceptor_->non_blocking(true, ec);  // accept_loop() takes the waiting ones at once
  if (ec) {
    return error{"--listen: cannot listen on " + ep.address().to_string() + ":" + std::to_string(ep.port()) + ": " +
                 ec.message()};
  }
  return acceptor_->local_endpoint();
}

asio::awaitable<void> server::accept_loop() {
  // Connections taken at once after the wait, before going back to it. The wait completes
  // through the scheduler, behind every ready connection's answers: a server that took one
  // connection per trip served a burst of 512 new ones (a client reconnecting, a load balancer
  // failing over) over a second or more while it was busy. Bounded, so that a flood of new
  // connections still lets the open ones be answered between batches.
  constexpr int batch = 256;
  std::size_t next = 0;  // the worker the next connection goes to, in turn
  auto caps_met = limits_.caps_met();
  steady::time_point cap_met_at{};
  for (;;) {
    bool pause = false;
    // A fault costs the connection being accepted, never the loop. The loop is a detached
    // coroutine, whose exception Asio drops: the server would go on running and accept nothing.
    try {
      boost::system::error_code ec;
      tcp::socket sock =
          co_await acceptor_->async_accept(workers_[next]->context(), asio::redirect_error(asio::use_awaitable, ec));
      // At a cap each new connection takes another's place (or is refused): then one per trip,
      // the open ones' answers first. Slow clients that reconnect as fast as they are evicted
      // (make load's 2,000) churned eight times as often when taken in batches, and cost the
      // pages half their throughput.
      // (Admission is on the workers, after the accept: a cap met in the last second counts.)
      const auto now = steady::now();
      if (const auto met = limits_.caps_met(); met != caps_met) {
        caps_met = met;
        cap_met_at = now;
      }
      const int most = now - cap_met_at < std::chrono::seconds(1) ? 1 : batch;
      for (int taken = 1; !ec; ++taken) {
        if (stopping_) co_return;
        fault_point("accept");
        worker& to = *workers_[next];
        next = (next + 1) % workers_.size();
        to.adopt(std::move(sock));
        if (taken == most) break;
        sock = acceptor_->accept(workers_[next]->context(), ec);
      }
      if (stopping_) co_return;
      if (!ec || ec == asio::error::would_block || ec == asio::error::try_again) continue;
      if (ec == asio::error::operation_aborted || ec == asio::error::bad_descriptor) co_return;
      // Out of descriptors (something other than connections took them) or a reset before
      // accept: make room and pause briefly instead of spinning.
      if (ec == asio::error::no_descriptors || ec.value() == ENFILE) {
        for (const auto& w : workers_) w->make_room();
      }
      pause = true;
    } catch (...) {
      report_fault("accept");
      pause = true;
    }
    if (pause) {
      boost::system::error_code ec;
      asio::steady_timer wait(workers_[0]->context(), std::chrono::milliseconds(10));
      co_await wait.async_wait(asio::redirect_error(asio::use_awaitable, ec));
    }
  }
}

int server::run() {
  for (const auto& w : workers_) w->start();
  asio::co_spawn(workers_[0]->context(), accept_loop(), asio::detached);
  std::vector<std::thread> threads;
  for (std::size_t i = 1; i < workers_.size(); ++i) {
    threads.emplace_back([w = workers_[i].get()] { run_guarded(w->context()); });
  }

  // Worker 0 runs on this thread and also owns the signals and the drain timer.
  auto& main_ctx = workers_[0]->context();
  asio::signal_set signals(main_ctx, SIGINT, SIGTERM);
  asio::steady_timer drain(main_ctx);
  steady::time_point give_up{};
  std::function<void()> check_drained = [&] {
    std::size_t open = 0;
    for (const auto& w : workers_) open += w->connections();
    if (open == 0 || steady::now() >= give_up) {
      for (const auto& w : workers_) w->context().stop();
      return;
    }
    drain.expires_after(std::chrono::milliseconds(20));
    drain.async_wait([&](const boost::system::error_code&) { check_drained(); });
  };
  asio::signal_set hangup(main_ctx, SIGHUP);
  std::function<void()> wait_hangup = [&] {
    hangup.async_wait([&](const boost::system::error_code& ec, int) {
      if (ec) return;
      if (reload_ && !reloading_.exchange(true)) {
        if (reload_thread_.joinable()) reload_thread_.join();  // the previous reload, finished
        reload_thread_ = std::thread([this] {
          try {
            reload_();
          } catch (...) {
            report_fault("reload");
            log::error("reload_refused", {{"error", "a fault (internal_error)"}, {"kept", "the config in force"}});
          }
          reloading_ = false;
        });
      } else if (reload_) {
        log::warn("reload_ignored", {{"reason", "a reload is already running"}});
      }
      wait_hangup();
    });
  };
  wait_hangup();
  signals.async_wait([&](const boost::system::error_code& ec, int) {
    if (ec) return;
    boost::system::error_code ignored_hup;
    hangup.cancel(ignored_hup);
    const auto grace = app_.sites.get()->cfg->server.shutdown_grace;  // as a reload left it
    log::info("stopping", {{"grace_seconds", static_cast<long long>(grace.count())}});
    give_up = steady::now() + grace;
    stopping_ = true;
    boost::system::error_code ignored;
    acceptor_->close(ignored);
    for (const auto& w : workers_) w->begin_shutdown();
    check_drained();
  });
  run_guarded(main_ctx);
  for (auto& t : threads) t.join();
  if (reload_thread_.joinable()) reload_thread_.join();
  for (const auto& w : workers_) w->log().flush();
  // Bounded: a stdout nobody reads must not keep a stopping server alive.
  access_log::drain(std::chrono::seconds(2));
  log::info("stopped");
  return 0;
}

}  // namespace wavesites
