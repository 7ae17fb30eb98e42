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

/// Two workers, which take accepted connections in turn (0, 1, 0, 1...), and a cap of four.
struct ServerWorkers : ::testing::Test {
  config cfg = [] {
    config c = fixture_config();
    c.server.threads = 2;
    c.server.max_connections = 4;
    c.server.read_timeout = std::chrono::seconds(60);  // nothing is cut off by a deadline meanwhile
    c.server.idle_timeout = std::chrono::seconds(60);
    return c;
  }();
  live<site_state> sites{fixture_sites(cfg)};
  route_table routes = [] {
    route_table r;
    r.add(http::verb::get, "/healthz",
          [](request_context&) -> asio::awaitable<response> { co_return json_response(200, "ok"); });
    return r;
  }();
  metrics::registry counted;
  const server_context app{cfg, sites, routes, counted};
  server srv{app};
  std::thread running;
  asio::io_context ioc;
  unsigned short port = 0;
  const std::string healthz = "GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n";

  void SetUp() override {
    const auto ep = srv.listen({"127.0.0.1", 0});
    ASSERT_TRUE(ep.ok()) << ep.message();
    port = ep->port();
    running = std::thread([this] { srv.run(); });
  }
  void TearDown() override {
    std::raise(SIGTERM);
    running.join();
  }
  /// A new connection, a moment after the one before: the workers start their connections on
  /// threads of their own, so two accepted a few microseconds apart may begin in either order.
  tcp::socket connect() {
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
    tcp::socket s(ioc);
    s.connect({asio::ip::make_address("127.0.0.1"), port});
    return s;
  }
  /// A connection answered once, idle since (it goes after any silent one).
  tcp::socket idle() {
    auto s = connect();
    EXPECT_TRUE(exchange(s, healthz).starts_with("HTTP/1.1 200 ")) << "served";
    return s;
  }
  /// Past the grace a connection has to send its request in (worker::head_grace).
  static void past_grace() { std::this_thread::sleep_for(worker::head_grace + std::chrono::milliseconds(200)); }
};

// Asking the other workers means waiting on their threads for every connection admitted at the
// cap: a silent one of the accepting worker's own is as good a victim.
TEST_F(ServerWorkers, PastTheCapASilentConnectionOfTheAcceptingWorkerGoesFirst) {
  auto served = idle();     // worker 0
  auto oldest = connect();  // worker 1: silent, the server's oldest
  auto own = connect();     // worker 0: silent
  auto other = connect();   // worker 1: silent
  past_grace();
  auto newest = connect();  // worker 0, one past the cap

  EXPECT_TRUE(closed_within(own, 5000)) << "the accepting worker's silent connection";
  EXPECT_EQ(look(oldest), seen::nothing) << "the other worker's, older, stays";
  EXPECT_EQ(look(other), seen::nothing);
  EXPECT_EQ(look(served), seen::nothing);
  EXPECT_TRUE(exchange(newest, healthz).starts_with("HTTP/1.1 200 ")) << "the new connection is served";
  EXPECT_NE(counted.render().find("wavesites_connections_evicted_total 1\n"), std::string::npos);
  // What makes the acceptor take new connections one at a time for a while (accept_loop()).
  EXPECT_EQ(srv.limits().caps_met(), 1U) << "the one past the cap met it, the ones before did not";
}

// With no silent connection of its own, the accepting worker looks at all of them: a silent one
// on another worker goes before its own idle ones.
TEST_F(ServerWorkers, PastTheCapWithNoneSilentThereTheServersOldestSilentConnectionGoes) {
  auto served = idle();      // worker 0
  auto oldest = connect();   // worker 1: silent
  auto served2 = idle();     // worker 0
  auto younger = connect();  // worker 1: silent
  past_grace();
  auto newest = connect();  // worker 0, one past the cap

  EXPECT_TRUE(closed_within(oldest, 5000)) << "the oldest silent connection, on the other worker";
  EXPECT_EQ(look(younger), seen::nothing);
  EXPECT_EQ(look(served), seen::nothing) << "the accepting worker's idle ones stay";
  EXPECT_EQ(look(served2), seen::nothing);
  EXPECT_TRUE(exchange(newest, healthz).starts_with("HTTP/1.1 200 ")) << "the new connection is served";
  EXPECT_NE(counted.render().find("wavesites_connections_evicted_total 1\n"), std::string::npos);
}

}  // namespace
}  // namespace wavesites
