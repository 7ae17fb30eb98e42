// async_read_when_ready on a real loopback connection: it reads what arrives after it was queued,
// leaves bytes already waiting to the event they raise (no read when queued), and ends with eof
// at the peer's close and with operation_aborted at a cancel. Its handler runs within the
// reactor's own run when bound to the socket's context, and on its own context when bound to
// another. async_consume_when_ready hands each read to its consumer where the bytes arrive, and
// stays queued, with no completion, for as long as the consumer takes them. A space that can
// look ahead is asked to, one read before its own, when the reactor found its socket ready in
// the same wake-up.
#include <utility>

#include <gtest/gtest.h>

#include <sys/socket.h>

#include <array>
#include <optional>
#include <string>
#include <vector>

#include <boost/asio/bind_executor.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/write.hpp>

#include "net/ready_read.hpp"

namespace wavesites {
namespace {

namespace asio = boost::asio;
using asio::ip::tcp;
using boost::system::error_code;

class ReadyReadTest : public ::testing::Test {
 protected:
  void SetUp() override {
    tcp::acceptor acceptor(ioc_, {asio::ip::make_address("127.0.0.1"), 0});
    client_.connect(acceptor.local_endpoint());
    acceptor.accept(server_);
    server_.native_non_blocking(true);
  }

  struct outcome {
    error_code ec;
    std::string bytes;
  };

  /// Queues one read on the server side, from this thread and with the reactor not running, as
  /// the session does; `result` is set when it completes (ioc_.run_one_for).
  void start_read(std::optional<outcome>& result) {
    ioc_.restart();  // it stops each time it runs out of work
    async_read_when_ready(server_, asio::buffer(buf_), [this, &result](error_code ec, std::size_t n) {
      result = outcome{ec, std::string(buf_.data(), n)};
    });
  }

  void send(std::string_view bytes) { asio::write(client_, asio::buffer(bytes)); }

  asio::io_context ioc_{1};
  tcp::socket client_{ioc_};
  tcp::socket server_{ioc_};
  std::array<char, 64> buf_{};
};

TEST_F(ReadyReadTest, ReadsBytesSentAfterItWasQueued) {
  std::optional<outcome> r;
  start_read(r);
  EXPECT_FALSE(r) << "completed with nothing sent";
  send("GET / HTTP/1.1\r\n\r\n");
  ioc_.run_one_for(std::chrono::seconds(5));
  ASSERT_TRUE(r);
  EXPECT_FALSE(r->ec) << r->ec.message();
  EXPECT_EQ(r->bytes, "GET / HTTP/1.1\r\n\r\n");
}

TEST_F(ReadyReadTest, LeavesWaitingBytesToTheEventTheyRaised) {
  // Bytes that arrived after the caller's last read, before the reactor ran again: queued then,
  // it does not read them at once (that is the recv it saves). They stay in the socket until the
  // reactor reports the edge they raised, and then they are read.
  send("early");
  std::optional<outcome> r;
  start_read(r);
  EXPECT_FALSE(r);
  std::array<char, 16> peek{};
  EXPECT_EQ(::recv(server_.native_handle(), peek.data(), peek.size(), MSG_PEEK | MSG_DONTWAIT), 5);
  ioc_.run_one_for(std::chrono::seconds(5));
  ASSERT_TRUE(r);
  EXPECT_FALSE(r->ec) << r->ec.message();
  EXPECT_EQ(r->bytes, "early");
}

TEST_F(ReadyReadTest, EndsWithEofWhenThePeerCloses) {
  std::optional<outcome> r;
  start_read(r);
  client_.close();
  ioc_.run_one_for(std::chrono::seconds(5));
  ASSERT_TRUE(r);
  EXPECT_EQ(r->ec, asio::error::eof);
  EXPECT_TRUE(r->bytes.empty());
}

TEST_F(ReadyReadTest, EndsWithOperationAbortedAtACancel) {
  std::optional<outcome> r;
  start_read(r);
  server_.cancel();
  ioc_.run_one_for(std::chrono::seconds(5));
  ASSERT_TRUE(r);
  EXPECT_EQ(r->ec, asio::error::operation_aborted);
}

TEST_F(ReadyReadTest, ReadsOneRequestAfterAnotherOnOneConnection) {
  for (const std::string_view bytes : {"one", "two", "three"}) {
    std::optional<outcome> r;
    start_read(r);
    EXPECT_FALSE(r);
    send(bytes);
    ioc_.run_one_for(std::chrono::seconds(5));
    ASSERT_TRUE(r);
    EXPECT_EQ(r->bytes, bytes);
  }
}

TEST_F(ReadyReadTest, AHandlerOfAnotherContextRunsThere) {
  // The direct call is for the socket's own context only: a handler bound elsewhere is handed to
  // its executor, and this context's run does not call it.
  asio::io_context other{1};
  std::optional<outcome> r;
  ioc_.restart();
  async_read_when_ready(server_, asio::buffer(buf_),
                        asio::bind_executor(other, [this, &r](error_code ec, std::size_t n) {
                          r = outcome{ec, std::string(buf_.data(), n)};
                        }));
  send("elsewhere");
  ioc_.run_for(std::chrono::milliseconds(200));
  EXPECT_FALSE(r) << "ran on the socket's context";
  EXPECT_EQ(other.run_one_for(std::chrono::seconds(5)), 1U);
  ASSERT_TRUE(r);
  EXPECT_FALSE(r->ec) << r->ec.message();
  EXPECT_EQ(r->bytes, "elsewhere");
}

TEST_F(ReadyReadTest, AConsumerTakesReadAfterReadUntilItHandsOver) {
  // Each arrival is given to the consumer inside the reactor's run; while it returns false the
  // operation stays queued and nothing completes. Its true completes it with that read.
  std::vector<std::string> taken;
  std::optional<outcome> r;
  ioc_.restart();
  async_consume_when_ready(
      server_, [this] { return asio::buffer(buf_); },
      [this, &taken](const error_code& ec, std::size_t n) {
        taken.emplace_back(ec ? "error" : std::string(buf_.data(), n));
        return taken.back() == "last";
      },
      [this, &r](error_code ec, std::size_t n) {
        r = outcome{ec, std::string(buf_.data(), n)};
      });
  for (const std::string_view bytes : {"one", "two"}) {
    send(bytes);
    // The reactor runs one wake-up per arrival and, the bytes taken, has nothing to complete.
    const std::size_t want = bytes == "one" ? 1 : 2;
    for (int i = 0; i < 50 && taken.size() < want; ++i) ioc_.run_one_for(std::chrono::milliseconds(100));
    ASSERT_EQ(taken.size(), want);
    EXPECT_FALSE(r) << "completed after '" << bytes << "'";
  }
  send("last");
  for (int i = 0; i < 50 && !r; ++i) ioc_.run_one_for(std::chrono::milliseconds(100));
  ASSERT_TRUE(r);
  EXPECT_FALSE(r->ec) << r->ec.message();
  EXPECT_EQ(r->bytes, "last");
  EXPECT_EQ(taken, (std::vector<std::string>{"one", "two", "last"}));
}

TEST_F(ReadyReadTest, AConsumerSeesThePeersCloseAndACancelDoesNotReachIt) {
  std::vector<error_code> seen;
  const auto consume = [&seen](const error_code& ec, std::size_t) {
    seen.push_back(ec);
    return static_cast<bool>(ec);  // takes bytes, hands over at the end
  };
  std::optional<outcome> r;
  const auto wait = [&] {
    r.reset();
    ioc_.restart();
    async_consume_when_ready(
        server_, [this] { return asio::buffer(buf_); }, consume,
        [&r](error_code ec, std::size_t) {
          r = outcome{ec, {}};
        });
  };
  wait();
  server_.cancel();
  ioc_.run_one_for(std::chrono::seconds(5));
  ASSERT_TRUE(r);
  EXPECT_EQ(r->ec, asio::error::operation_aborted);
  EXPECT_TRUE(seen.empty()) << "a cancel is no read";

  wait();
  client_.close();
  for (int i = 0; i < 50 && !r; ++i) ioc_.run_one_for(std::chrono::milliseconds(100));
  ASSERT_TRUE(r);
  EXPECT_EQ(r->ec, asio::error::eof);
  EXPECT_EQ(seen, (std::vector<error_code>{asio::error::eof}));
}

/// A space that notes when it is asked ahead and when it is read into.
struct noting_space {
  std::vector<std::string>* log;
  std::string name;
  std::array<char, 64>* buf;
  asio::mutable_buffer operator()() const {
    log->push_back("read " + name);
    return asio::buffer(*buf);
  }
  void ahead() const { log->push_back("ahead " + name); }
};

TEST_F(ReadyReadTest, EachReadAsksTheNextReadySocketAhead) {
  // Three connections with bytes waiting before the reactor runs: one wake-up finds all three,
  // and each read first asks the next one's space ahead, so only the first is read unasked.
  tcp::acceptor acceptor(ioc_, {asio::ip::make_address("127.0.0.1"), 0});
  std::array<tcp::socket, 3> clients{tcp::socket(ioc_), tcp::socket(ioc_), tcp::socket(ioc_)};
  std::array<tcp::socket, 3> servers{tcp::socket(ioc_), tcp::socket(ioc_), tcp::socket(ioc_)};
  std::array<std::array<char, 64>, 3> bufs{};
  std::vector<std::string> log;
  int completed = 0;
  ioc_.restart();
  for (std::size_t i = 0; i < 3; ++i) {
    clients[i].connect(acceptor.local_endpoint());
    acceptor.accept(servers[i]);
    servers[i].native_non_blocking(true);
    async_consume_when_ready(
        servers[i], noting_space{&log, std::to_string(i), &bufs[i]},
        [](const error_code&, std::size_t) { return true; },
        [&completed](error_code ec, std::size_t) {
          EXPECT_FALSE(ec) << ec.message();
          ++completed;
        });
  }
  for (auto& c : clients) asio::write(c, asio::buffer(std::string_view("GET / HTTP/1.1\r\n\r\n")));
  for (int i = 0; i < 50 && completed < 3; ++i) ioc_.run_one_for(std::chrono::milliseconds(100));
  ASSERT_EQ(completed, 3);
  std::vector<std::string> order;  // the sockets in the order they were read
  for (const auto& line : log)
    if (line.starts_with("read ")) order.push_back(line.substr(5));
  ASSERT_EQ(order.size(), 3U) << ::testing::PrintToString(log);
  EXPECT_EQ(log, (std::vector<std::string>{"ahead " + order[1], "read " + order[0], "ahead " + order[2],
                                           "read " + order[1], "read " + order[2]}));
}

}  // namespace
}  // namespace wavesites
