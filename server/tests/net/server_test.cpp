// The server with several I/O threads, in-process on a loopback port: what holds across its
// workers rather than within one.
#include <utility>  // before Asio's coroutine headers with g++ 12

#include <gtest/gtest.h>

#include <poll.h>
#include <sys/socket.h>

#include <chrono>
#include <csignal>
#include <string>
#include <thread>

#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/write.hpp>

#include "metrics/metrics.hpp"
#include "net/server.hpp"
#include "test_support.hpp"

namespace wavesites {
namespace {

using namespace wavesites::testing;

/// What a client sees on `s` now, without waiting: bytes, its close (EOF or a reset), or nothing yet.
enum class seen { bytes, closed, nothing };
seen look(tcp::socket& s) {
  char c = 0;
  const auto n = ::recv(s.native_handle(), &c, 1, MSG_DONTWAIT | MSG_PEEK);
  if (n > 0) return seen::bytes;
  if (n == 0 || errno == ECONNRESET) return seen::closed;
  return seen::nothing;
}

/// Whether the server closes `s` within `ms`.
bool closed_within(tcp::socket& s, int ms) {
  pollfd p{s.native_handle(), POLLIN, 0};
  return ::poll(&p, 1, ms) == 1 && look(s) == seen::closed;
}

std::string exchange(tcp::socket& s, const std::string& request) {
  asio::write(s, asio::buffer(request));
  std::string got;
  char buf[4096];
  while (got.find("\r\n\r\n") == std::string::npos) {
    pollfd p{s.native_handle(), POLLIN, 0};
    if (::poll(&p, 1, 10'000) != 1) break;
    const auto n = ::recv(s.native_handle(), buf, sizeof buf, 0);
    if (n <= 0) break;
    got.append(buf, static_cast<std::size_t>(n));
  }
  return got;
}

/// The workers take accepted connections in turn (0, 1, 0, 1...). Past max_connections the one
/// closed is the one that has waited longest for its first request anywhere in the server, not
/// only on the worker that accepted the new one.
TEST(ServerWorkers, PastTheCapTheConnectionEvictedIsTheServersOldestNotTheAcceptingWorkers) {
  config cfg = fixture_config();
  cfg.server.threads = 2;
  cfg.server.max_connections = 4;
  cfg.server.read_timeout = std::chrono::seconds(60);  // nothing is cut off by a deadline meanwhile
  cfg.server.idle_timeout = std::chrono::seconds(60);
  live<site_state> sites(fixture_sites(cfg));
  route_table routes;
  routes.add(http::verb::get, "/healthz",
             [](request_context&) -> asio::awaitable<response> { co_return json_response(200, "ok"); });
  metrics::registry counted;
  const server_context app{cfg, sites, routes, counted};
  server srv(app);
  const auto ep = srv.listen({"127.0.0.1", 0});
  ASSERT_TRUE(ep.ok()) << ep.message();
  std::thread running([&srv] { srv.run(); });

  asio::io_context ioc;
  const auto connect = [&] {
    tcp::socket s(ioc);
    s.connect({asio::ip::make_address("127.0.0.1"), ep->port()});
    return s;
  };
  const std::string healthz = "GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n";
  // Worker 0: a connection answered once, idle since (it goes after any silent one).
  auto idle = connect();
  EXPECT_TRUE(exchange(idle, healthz).starts_with("HTTP/1.1 200 ")) << "served";
  // Apart in time: the workers start their connections on threads of their own, so two accepted
  // a few microseconds apart may begin in either order.
  const auto apart = [] { std::this_thread::sleep_for(std::chrono::milliseconds(50)); };
  auto oldest = connect();  // worker 1: silent, the server's oldest
  apart();
  auto w0 = connect();  // worker 0: silent
  apart();
  auto w1 = connect();  // worker 1: silent
  // Past the grace a connection has to send its request in (worker::head_grace).
  std::this_thread::sleep_for(worker::head_grace + std::chrono::milliseconds(200));
  auto newest = connect();  // worker 0, one past the cap

  EXPECT_TRUE(closed_within(oldest, 5000)) << "the oldest silent connection, on the other worker";
  EXPECT_EQ(look(w0), seen::nothing) << "the accepting worker's own oldest silent one stays";
  EXPECT_EQ(look(w1), seen::nothing);
  EXPECT_EQ(look(idle), seen::nothing);
  EXPECT_TRUE(exchange(newest, healthz).starts_with("HTTP/1.1 200 ")) << "the new connection is served";
  EXPECT_NE(counted.render().find("wavesites_connections_evicted_total 1\n"), std::string::npos);

  std::raise(SIGTERM);
  running.join();
}

}  // namespace
}  // namespace wavesites
