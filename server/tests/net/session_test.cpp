// The server in-process on a loopback port: keep-alive, conditional and encoded answers, HEAD,
// limits, timeouts and the graceful stop, as a client sees them on the wire.
#include <utility>

#include <gtest/gtest.h>

#include <sys/socket.h>
#include <sys/time.h>

#include <array>
#include <csignal>
#include <fstream>
#include <iterator>
#include <thread>

#include <boost/asio/connect.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/read.hpp>
#include <boost/asio/write.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/http.hpp>

#include "http/router.hpp"
#include "net/server.hpp"
#include "sites/host_router.hpp"
#include "test_support.hpp"

namespace wavesites {
namespace {

using namespace wavesites::testing;
namespace bhttp = boost::beast::http;

class ServerTest : public ::testing::Test {
 protected:
  void SetUp() override {
    cfg_ = fixture_config();
    sites_.emplace(fixture_sites(cfg_));
    routes_.add(bhttp::verb::get, "/healthz",
                [](request_context&) -> asio::awaitable<response> { co_return json_response(200, "ok"); });
    routes_.add(bhttp::verb::post, "/echo-length", [](request_context& ctx) -> asio::awaitable<response> {
      struct counter : body_sink {
        std::size_t n = 0;
        bool on_data(std::string_view c) override {
          n += c.size();
          return true;
        }
      } sink;
      const auto st = co_await ctx.body.read(sink, 1000);
      if (st == body_status::too_large) co_return json_error(413, "too large");
      co_return json_response(200, "ok", {{"bytes", sink.n}});
    });
    app_.emplace(server_context{cfg_, *sites_, routes_});
    server_.emplace(*app_);
    const auto ep = server_->listen({"127.0.0.1", 0});
    ASSERT_TRUE(ep.ok()) << ep.message();
    port_ = ep->port();
    thread_ = std::thread([this] { exit_code_ = server_->run(); });
  }
  void TearDown() override {
    if (thread_.joinable()) {
      std::raise(SIGTERM);
      thread_.join();
    }
  }

  asio::ip::tcp::socket connect() {
    asio::ip::tcp::socket s(ioc_);
    s.connect({asio::ip::make_address("127.0.0.1"), port_});
    return s;
  }

  bhttp::response<bhttp::string_body> exchange(asio::ip::tcp::socket& s, bhttp::request<bhttp::string_body> req) {
    if (req.find(bhttp::field::host) == req.end()) req.set(bhttp::field::host, "127.0.0.1");
    req.prepare_payload();
    bhttp::write(s, req);
    boost::beast::flat_buffer buf;
    bhttp::response_parser<bhttp::string_body> p;
    p.body_limit(10'000'000);
    if (req.method() == bhttp::verb::head) p.skip(true);
    bhttp::read(s, buf, p);
    return p.release();
  }

  bhttp::response<bhttp::string_body> get(const std::string& target, const std::string& host = "127.0.0.1",
                                          const std::vector<std::pair<bhttp::field, std::string>>& headers = {},
                                          bhttp::verb method = bhttp::verb::get) {
    auto s = connect();
    bhttp::request<bhttp::string_body> req{method, target, 11};
    req.set(bhttp::field::host, host);
    for (auto& [k, v] : headers) req.set(k, v);
    return exchange(s, std::move(req));
  }

  std::string raw(const std::string& bytes) {
    auto s = connect();
    asio::write(s, asio::buffer(bytes));
    std::string out;
    boost::system::error_code ec;
    char buf[4096];
    for (;;) {
      const auto n = s.read_some(asio::buffer(buf), ec);
      if (ec) break;
      out.append(buf, n);
    }
    return out;
  }

  config cfg_;
  std::optional<live<site_state>> sites_;
  route_table routes_;
  std::optional<server_context> app_;
  std::optional<server> server_;
  std::thread thread_;
  unsigned short port_ = 0;
  int exit_code_ = -1;
  asio::io_context ioc_;
};

TEST_F(ServerTest, ServesPagesByHostWithStatus) {
  auto r = get("/blog/home");
  EXPECT_EQ(r.result_int(), 200);
  EXPECT_NE(r.body().find("Blog test home"), std::string::npos);
  r = get("/", "BLOG.test.:8080");
  EXPECT_EQ(r.result_int(), 200);
  EXPECT_NE(r.body().find("Blog online home"), std::string::npos);
  r = get("/blog/home", "blog.test");
  EXPECT_EQ(r.result_int(), 404);
  EXPECT_NE(r.body().find("页面未找到"), std::string::npos);
  r = get("/");
  EXPECT_EQ(r.result_int(), 404);
  r = get("/shop/article-detail/01");
  EXPECT_EQ(r.result_int(), 200);
  EXPECT_NE(r.body().find("Shop article one"), std::string::npos);
  r = get("/shop/article-detail/99");
  EXPECT_EQ(r.result_int(), 404);
  EXPECT_EQ(r[bhttp::field::content_type], "text/html; charset=utf-8");
}

TEST_F(ServerTest, HeadersOnEveryResponse) {
  for (const auto& target : {"/blog/home", "/nope", "/healthz", "/assets/app-1a2b3c4d.js"}) {
    const auto r = get(target);
    EXPECT_EQ(r["X-Content-Type-Options"], "nosniff") << target;
    EXPECT_EQ(r["Referrer-Policy"], "strict-origin-when-cross-origin") << target;
    EXPECT_EQ(r["X-Frame-Options"], "DENY") << target;
    EXPECT_NE(r["Content-Security-Policy"].find("frame-ancestors 'none'"), std::string::npos) << target;
    EXPECT_FALSE(r[bhttp::field::date].empty()) << target;
    EXPECT_EQ(r[bhttp::field::content_length], std::to_string(r.body().size())) << target;
  }
}

TEST_F(ServerTest, ConditionalAndEncoded) {
  auto plain = get("/blog/home");
  const std::string etag(plain[bhttp::field::etag]);
  ASSERT_FALSE(etag.empty());
  EXPECT_EQ(plain[bhttp::field::cache_control], "no-cache");
  EXPECT_EQ(plain[bhttp::field::vary], "Accept-Encoding");
  auto again = get("/blog/home", "x", {{bhttp::field::if_none_match, etag}});
  EXPECT_EQ(again.result_int(), 304);
  EXPECT_TRUE(again.body().empty());
  EXPECT_EQ(again[bhttp::field::etag], etag);
  auto stale = get("/blog/home", "x", {{bhttp::field::if_none_match, "\"other\""}});
  EXPECT_EQ(stale.result_int(), 200);

  auto br = get("/blog/home", "x", {{bhttp::field::accept_encoding, "gzip, deflate, br"}});
  EXPECT_EQ(br[bhttp::field::content_encoding], "br");
  EXPECT_LT(br.body().size(), plain.body().size());
  EXPECT_NE(br[bhttp::field::etag], etag);
  auto gz = get("/blog/home", "x", {{bhttp::field::accept_encoding, "gzip"}});
  EXPECT_EQ(gz[bhttp::field::content_encoding], "gzip");
  EXPECT_EQ(static_cast<unsigned char>(gz.body()[0]), 0x1f);
  auto br304 =
      get("/blog/home", "x",
          {{bhttp::field::accept_encoding, "br"}, {bhttp::field::if_none_match, std::string(br[bhttp::field::etag])}});
  EXPECT_EQ(br304.result_int(), 304);

  auto js = get("/assets/app-1a2b3c4d.js", "x", {{bhttp::field::accept_encoding, "br"}});
  EXPECT_EQ(js[bhttp::field::cache_control], "public, max-age=31536000, immutable");
  EXPECT_EQ(js[bhttp::field::content_type], "text/javascript; charset=utf-8");
}

TEST_F(ServerTest, LargeBodiesLeaveByTheZeroCopyPathIntact) {
  std::ifstream in(fixture_web() + "/pages/big.html", std::ios::binary);
  const std::string expected((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  ASSERT_GT(expected.size(), catalog::sendfile_threshold);
  auto s = connect();
  for (int i = 0; i < 5; ++i) {  // keep-alive: each answer must end exactly where its length says
    const auto r = exchange(s, bhttp::request<bhttp::string_body>{bhttp::verb::get, "/blog/big", 11});
    ASSERT_EQ(r.result_int(), 200);
    EXPECT_EQ(r.body(), expected);
    const auto h = exchange(s, bhttp::request<bhttp::string_body>{bhttp::verb::head, "/blog/big", 11});
    EXPECT_EQ(h[bhttp::field::content_length], std::to_string(expected.size()));
  }
  const auto gz = get("/blog/big", "x", {{bhttp::field::accept_encoding, "gzip"}});
  EXPECT_EQ(gz[bhttp::field::content_encoding], "gzip");
  EXPECT_LT(gz.body().size(), expected.size());
}

TEST_F(ServerTest, AnswersTheSocketCannotTakeAtOnceAreFinishedWhenTheClientReads) {
  // A tiny receive window and a client that reads late: the first non-blocking send takes part
  // of the answer (head and sendfile body) and the rest must follow, pipelined answers in order.
  std::ifstream in(fixture_web() + "/pages/big.html", std::ios::binary);
  const std::string expected((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  for (const int pipelined : {1, 3}) {
    asio::io_context io;
    tcp::socket s(io);
    s.open(tcp::v4());
    s.set_option(asio::socket_base::receive_buffer_size(2048));
    s.connect(tcp::endpoint(asio::ip::make_address("127.0.0.1"), port_));
    std::string reqs;
    for (int i = 0; i < pipelined; ++i) reqs += "GET /blog/big HTTP/1.1\r\nHost: x\r\n\r\n";
    asio::write(s, asio::buffer(reqs));
    std::this_thread::sleep_for(std::chrono::milliseconds(300));
    boost::beast::flat_buffer buf;
    for (int i = 0; i < pipelined; ++i) {
      bhttp::response<bhttp::string_body> r;
      bhttp::read(s, buf, r);
      ASSERT_EQ(r.result_int(), 200);
      EXPECT_EQ(r.body(), expected) << "answer " << i << " of " << pipelined;
    }
  }
}

TEST_F(ServerTest, AClientThatResetsMidAnswerLosesItsConnectionNotTheProcess) {
  // sendfile(2) to a reset peer raises SIGPIPE, which the server ignores (it sets that itself):
  // this test process would die otherwise. Each send that fails is counted, quietly.
  const auto dropped = [] {
    const auto text = metrics::global().render();
    const auto at = text.find("wavesites_connections_dropped_total{reason=\"client_gone\"} ");
    return std::stoull(text.substr(text.find(' ', at) + 1));
  };
  const auto before = dropped();
  for (int i = 0; i < 100; ++i) {
    asio::io_context io;
    tcp::socket s(io);
    s.open(tcp::v4());
    s.set_option(asio::socket_base::receive_buffer_size(2048));
    s.connect(tcp::endpoint(asio::ip::make_address("127.0.0.1"), port_));
    std::string reqs;
    for (int k = 0; k < 4; ++k) reqs += "GET /blog/big HTTP/1.1\r\nHost: x\r\n\r\n";
    asio::write(s, asio::buffer(reqs));
    std::array<char, 100> some{};
    asio::read(s, asio::buffer(some));
    s.set_option(asio::socket_base::linger(true, 0));  // close with a reset
    s.close();
  }
  EXPECT_EQ(get("/healthz").result_int(), 200);
  EXPECT_EQ(get("/blog/big").result_int(), 200);
  // A reset that meets a send is counted; one that meets the read of a next request is a plain
  // end of the connection. Both are quiet.
  for (int i = 0; i < 50 && dropped() == before; ++i) std::this_thread::sleep_for(std::chrono::milliseconds(20));
  EXPECT_GT(dropped() - before, 0u);
}

TEST_F(ServerTest, HeadHasHeadersButNoBody) {
  const auto get_r = get("/blog/home");
  const auto head_r = get("/blog/home", "x", {}, bhttp::verb::head);
  EXPECT_EQ(head_r.result_int(), 200);
  EXPECT_EQ(head_r[bhttp::field::content_length], get_r[bhttp::field::content_length]);
  EXPECT_EQ(head_r[bhttp::field::etag], get_r[bhttp::field::etag]);
  // The raw wire shows no body after a HEAD answer.
  const auto wire = raw("HEAD /blog/home HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
  EXPECT_EQ(wire.substr(wire.find("\r\n\r\n") + 4), "");
}

TEST_F(ServerTest, LanguageCookiePicksThePage) {
  auto r = get("/ads/home", "x", {{bhttp::field::cookie, "a=b; lang=ja"}});
  EXPECT_NE(r.body().find("日本語"), std::string::npos);
  r = get("/ads/home");
  EXPECT_NE(r.body().find("Ads in English"), std::string::npos);
}

TEST_F(ServerTest, KeepAliveServesManyRequestsOnOneConnection) {
  auto s = connect();
  for (int i = 0; i < 20; ++i) {
    bhttp::request<bhttp::string_body> req{bhttp::verb::get, i % 2 ? "/blog/home" : "/healthz", 11};
    const auto r = exchange(s, std::move(req));
    EXPECT_EQ(r.result_int(), 200);
    EXPECT_TRUE(r.keep_alive());
  }
  bhttp::request<bhttp::string_body> last{bhttp::verb::get, "/blog/home", 11};
  last.set(bhttp::field::connection, "close");
  const auto r = exchange(s, std::move(last));
  EXPECT_FALSE(r.keep_alive());
}

TEST_F(ServerTest, PipelinedRequestsAreAnsweredInOrder) {
  const auto wire =
      raw("GET /healthz HTTP/1.1\r\nHost: x\r\n\r\nGET /blog/home HTTP/1.1\r\nHost: x\r\n\r\n"
          "GET /nope HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
  const auto a = wire.find("HTTP/1.1 200");
  const auto b = wire.find("HTTP/1.1 200", a + 1);
  const auto c = wire.find("HTTP/1.1 404");
  EXPECT_TRUE(a != std::string::npos && b != std::string::npos && c != std::string::npos && a < b && b < c) << wire;
}

TEST_F(ServerTest, MethodsAndBadRequests) {
  auto r = get("/blog/home", "x", {}, bhttp::verb::post);
  EXPECT_EQ(r.result_int(), 405);
  EXPECT_EQ(r[bhttp::field::allow], "GET, HEAD, OPTIONS");
  r = get("/healthz", "x", {}, bhttp::verb::delete_);
  EXPECT_EQ(r.result_int(), 405);
  EXPECT_NE(r[bhttp::field::allow].find("GET"), std::string::npos);
  EXPECT_NE(raw("GET /blog/home HTTP/1.1\r\n\r\n").find("HTTP/1.1 400"), std::string::npos);  // no Host
  EXPECT_NE(raw("NONSENSE\r\n\r\n").find("HTTP/1.1 400"), std::string::npos);
  EXPECT_NE(raw("GET * HTTP/1.1\r\nHost: x\r\n\r\n").find("HTTP/1.1 400"), std::string::npos);
  const std::string big = "GET / HTTP/1.1\r\nHost: x\r\nX-Big: " + std::string(8000, 'a') + "\r\n\r\n";
  EXPECT_NE(raw(big).find("HTTP/1.1 431"), std::string::npos);
  const std::string long_target = "GET /" + std::string(9000, 'p') + " HTTP/1.1\r\nHost: x\r\n\r\n";
  EXPECT_NE(raw(long_target).find("HTTP/1.1 414 URI Too Long\r\n"), std::string::npos);
  EXPECT_NE(raw("GET / HTTP/2.0\r\nHost: x\r\n\r\n").find("HTTP/1.1 505 HTTP Version Not Supported\r\n"),
            std::string::npos);
}

TEST_F(ServerTest, BodiesAreStreamedWithALimit) {
  auto s = connect();
  bhttp::request<bhttp::string_body> req{bhttp::verb::post, "/echo-length", 11};
  req.body() = std::string(700, 'x');
  auto r = exchange(s, std::move(req));
  EXPECT_EQ(r.result_int(), 200);
  EXPECT_NE(r.body().find("\"bytes\":700"), std::string::npos);
  bhttp::request<bhttp::string_body> big{bhttp::verb::post, "/echo-length", 11};
  big.body() = std::string(5000, 'x');
  r = exchange(s, std::move(big));
  EXPECT_EQ(r.result_int(), 413);
  // A large announced body gets the handler's own answer, not a protocol error.
  const auto huge =
      raw("POST /echo-length HTTP/1.1\r\nHost: x\r\nContent-Length: 5000000\r\nConnection: close\r\n\r\nxx");
  EXPECT_NE(huge.find("HTTP/1.1 413"), std::string::npos) << huge.substr(0, 200);
  // Chunked bodies count too, and the limit holds without a Content-Length.
  const auto wire =
      raw("POST /echo-length HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n"
          "258\r\n" +
          std::string(600, 'y') + "\r\n258\r\n" + std::string(600, 'y') + "\r\n0\r\n\r\n");
  EXPECT_NE(wire.find("HTTP/1.1 413"), std::string::npos) << wire.substr(0, 200);
}

/// This process's resident memory, in bytes (the server under test runs in it).
std::uint64_t resident_bytes() {
  std::ifstream status("/proc/self/status");
  std::string line;
  while (std::getline(status, line)) {
    if (line.rfind("VmRSS:", 0) == 0) return std::stoull(line.substr(6)) * 1024;
  }
  return 0;
}

/// Sends `head`, then `piece` over and over (64 MiB in all, or until the server hangs up), and
/// returns the answer and how far resident memory rose meanwhile. (A lingering close keeps
/// reading and discarding for two seconds, so how much was sent says nothing; memory does.)
std::pair<std::string, std::uint64_t> flood(asio::ip::tcp::socket& s, const std::string& head,
                                            const std::string& piece) {
  const auto before = resident_bytes();
  std::uint64_t peak = before;
  asio::write(s, asio::buffer(head));
  std::size_t sent = 0;
  boost::system::error_code ec;
  while (sent < (64u << 20) && !ec) {
    sent += asio::write(s, asio::buffer(piece), ec);
    peak = std::max(peak, resident_bytes());
  }
  std::string out;
  char buf[4096];
  for (;;) {
    const auto n = s.read_some(asio::buffer(buf), ec);
    if (ec) break;
    out.append(buf, n);
  }
  return {out, peak - before};
}

// Regression: an endless chunk extension (or trailer line) was buffered without limit; one
// connection took the server from 63 MB to 1.1 GB in five seconds.
TEST_F(ServerTest, AnEndlessChunkLineIsRefusedBeforeItIsBuffered) {
  for (const std::string& opening : {std::string("1;ext="), std::string("1\r\nx\r\n0\r\nTrailer: ")}) {
    auto s = connect();
    const auto [answer, grew] =
        flood(s, "POST /echo-length HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n" + opening,
              std::string(64 * 1024, 'a'));
    EXPECT_NE(answer.find("HTTP/1.1 413"), std::string::npos) << answer.substr(0, 200);
    EXPECT_LT(grew, 16u << 20) << "resident memory grew while one line went on";
  }
}

TEST_F(ServerTest, ChunkFramingCannotCarryMoreThanTheLimitAllows) {
  // One byte of body per chunk, each with a long (but legal-length) extension: the body is small,
  // the bytes on the wire are not, and they count against the route's limit.
  auto s = connect();
  std::string chunks;
  for (int i = 0; i < 64; ++i) chunks += "1;" + std::string(1000, 'e') + "\r\nx\r\n";
  const auto [answer, grew] =
      flood(s, "POST /echo-length HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n", chunks);
  EXPECT_NE(answer.find("HTTP/1.1 413"), std::string::npos) << answer.substr(0, 200);
  EXPECT_LT(grew, 16u << 20);
}

// Regression: "Transfer-Encoding: chunked, identity" was read as an empty body on a connection
// kept open, so the bytes after it ran as a second request (request smuggling).
TEST_F(ServerTest, AnyTransferEncodingButChunkedAloneIs400AndCloses) {
  const std::string smuggled = "GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n";
  for (const char* codings : {"chunked, identity", "identity", "gzip, chunked", "chunked, chunked", "chunked,", ""}) {
    const auto out = raw(std::string("POST /echo-length HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: ") + codings +
                         "\r\n\r\n0\r\n\r\n" + smuggled);
    EXPECT_EQ(out.rfind("HTTP/1.1 400", 0), 0u) << codings << ": " << out.substr(0, 80);
    EXPECT_EQ(out.find("HTTP/1.1", 5), std::string::npos) << codings << ": a second answer, to the smuggled request";
  }
  // Two lines that together say "chunked, identity" are the same thing.
  const auto split =
      raw("POST /echo-length HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n"
          "Transfer-Encoding: identity\r\n\r\n0\r\n\r\n" +
          smuggled);
  EXPECT_EQ(split.rfind("HTTP/1.1 400", 0), 0u);
  EXPECT_EQ(split.find("HTTP/1.1", 5), std::string::npos);
  // Both a length and a coding: refused, whichever a proxy in front believed.
  const auto both =
      raw("POST /echo-length HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nTransfer-Encoding: chunked"
          "\r\n\r\n0\r\n\r\n" +
          smuggled);
  EXPECT_EQ(both.rfind("HTTP/1.1 400", 0), 0u);
  // Plain chunked still works, in any case.
  const auto ok =
      raw("POST /echo-length HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: Chunked\r\nConnection: close"
          "\r\n\r\n3\r\nabc\r\n0\r\n\r\n");
  EXPECT_EQ(ok.rfind("HTTP/1.1 200", 0), 0u) << ok.substr(0, 80);
}

TEST_F(ServerTest, TwoHostFieldsAre400) {
  const auto out = raw("GET /blog/home HTTP/1.1\r\nHost: blog.test\r\nHost: shop.test\r\n\r\n");
  EXPECT_EQ(out.rfind("HTTP/1.1 400", 0), 0u) << out.substr(0, 80);
}

TEST_F(ServerTest, AHostThatIsNoHostNameIs400) {
  // RFC 9112 section 3.2: an invalid Host field gets 400, not the unknown-host pages.
  for (const std::string host : {"blog test", "blog.test/x", "blog.test:abc", "blog.test:123456", "[::1", "a\"b"}) {
    const auto out = raw("GET /home HTTP/1.1\r\nHost: " + host + "\r\nConnection: close\r\n\r\n");
    EXPECT_EQ(out.rfind("HTTP/1.1 400", 0), 0u) << host << ": " << out.substr(0, 80);
  }
  for (const std::string host :
       {"blog.test", "BLOG.test:8080", "blog.test.", "127.0.0.1:80", "[::1]:8080", "blog.test:"}) {
    const auto out = raw("GET /home HTTP/1.1\r\nHost: " + host + "\r\nConnection: close\r\n\r\n");
    EXPECT_EQ(out.find("HTTP/1.1 400"), std::string::npos) << host << ": " << out.substr(0, 80);
  }
  const auto bad_authority = raw("GET http://blog test/home HTTP/1.1\r\nHost: blog.test\r\nConnection: close\r\n\r\n");
  EXPECT_EQ(bad_authority.rfind("HTTP/1.1 400", 0), 0u) << bad_authority.substr(0, 80);
}

TEST_F(ServerTest, AnAbsoluteFormTargetIsServedWithItsAuthorityAsTheHost) {
  // RFC 9112 section 3.2.2: the target's authority wins over the Host field.
  const auto out = raw("GET http://blog.test/home HTTP/1.1\r\nHost: something-else.test\r\nConnection: close\r\n\r\n");
  const auto direct = raw("GET /home HTTP/1.1\r\nHost: blog.test\r\nConnection: close\r\n\r\n");
  EXPECT_EQ(out.rfind("HTTP/1.1 200", 0), 0u) << out.substr(0, 80);
  EXPECT_EQ(out.substr(out.find("\r\n\r\n")), direct.substr(direct.find("\r\n\r\n"))) << "the same page";
  const auto bare = raw("GET HTTPS://blog.test HTTP/1.1\r\nHost: blog.test\r\nConnection: close\r\n\r\n");
  EXPECT_EQ(bare.rfind("HTTP/1.1 ", 0), 0u);
  EXPECT_EQ(bare.find("HTTP/1.1 400"), std::string::npos) << bare.substr(0, 80);
}

TEST_F(ServerTest, AnExpectationOtherThan100ContinueIs417) {
  const auto out = raw("POST /echo-length HTTP/1.1\r\nHost: x\r\nExpect: 200-ok\r\nContent-Length: 3\r\n\r\nabc");
  EXPECT_EQ(out.rfind("HTTP/1.1 417", 0), 0u) << out.substr(0, 80);
  const auto cont =
      raw("POST /echo-length HTTP/1.1\r\nHost: x\r\nExpect: 100-Continue\r\nContent-Length: 3\r\n"
          "Connection: close\r\n\r\nabc");
  EXPECT_EQ(cont.rfind("HTTP/1.1 100 Continue", 0), 0u) << cont.substr(0, 80);
  EXPECT_NE(cont.find("HTTP/1.1 200"), std::string::npos);
}

TEST_F(ServerTest, SilentAndSlowClientsAreCutOff) {
  // When exactly is worker_test's business (deadlines swept at chosen times); here, on the wire:
  // the server answers a head that never ends with 408 and closes, and not before its read
  // timeout (2 s).
  const auto start = std::chrono::steady_clock::now();
  auto s = connect();
  const timeval give_up{30, 0};  // a failing server makes this test fail, not hang
  ::setsockopt(s.native_handle(), SOL_SOCKET, SO_RCVTIMEO, &give_up, sizeof give_up);
  asio::write(s, asio::buffer(std::string("GET /blog/home HTTP/1.1\r\nHost: x\r\n")));  // never finishes
  std::string got;
  std::array<char, 4096> buf;
  boost::system::error_code ec;
  while (!ec) got.append(buf.data(), s.read_some(asio::buffer(buf), ec));
  EXPECT_TRUE(ec == asio::error::eof || ec == asio::error::connection_reset)
      << "closed by the server: " << ec.message();
  EXPECT_TRUE(got.starts_with("HTTP/1.1 408 Request Timeout\r\n")) << got;
  EXPECT_NE(got.find("Connection: close\r\n"), std::string::npos) << got;
  EXPECT_GE(std::chrono::steady_clock::now() - start, std::chrono::seconds(2));

  // A connection that never sends a byte is closed without a word.
  auto silent = connect();
  ::setsockopt(silent.native_handle(), SOL_SOCKET, SO_RCVTIMEO, &give_up, sizeof give_up);
  char c;
  silent.read_some(asio::buffer(&c, 1), ec);
  EXPECT_TRUE(ec == asio::error::eof || ec == asio::error::connection_reset) << ec.message();
}

TEST_F(ServerTest, GracefulStopFinishesAndExitsZero) {
  auto s = connect();
  bhttp::request<bhttp::string_body> req{bhttp::verb::get, "/blog/home", 11};
  EXPECT_EQ(exchange(s, std::move(req)).result_int(), 200);
  std::raise(SIGTERM);
  thread_.join();
  EXPECT_EQ(exit_code_, 0);
  char c;
  boost::system::error_code ec;
  s.read_some(asio::buffer(&c, 1), ec);
  EXPECT_TRUE(ec);  // the idle keep-alive connection was closed
}

}  // namespace
}  // namespace wavesites
