// The request reader without a socket: the bytes go in as reads would deliver them.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>
#include <string>
#include <string_view>

#include "http/request_reader.hpp"

namespace wavesites {
namespace {

constexpr std::size_t max_head = 1024;

// What the session does, minus the socket: `wire` arrives `piece` bytes per read.
class connection {
 public:
  explicit connection(std::string wire = {}, std::size_t piece = request_reader::read_chunk)
      : wire_(std::move(wire)), piece_(piece) {}

  void send(std::string_view more) { wire_ += more; }

  head_read head() {
    head_.clear();
    reader_.start(head_, max_head);
    auto st = reader_.feed_head(0);
    while (st == head_read::need_more && at_ < wire_.size()) {
      st = reader_.feed_head(deliver());
      EXPECT_LE(reader_.buffered(), max_head + request_reader::read_chunk);
    }
    return st;
  }

  body_read body(body_sink& sink, std::uint64_t limit) {
    if (const auto early = reader_.check_body(limit); early != body_read::need_more) return early;
    reader_.begin_body(sink, limit);
    auto st = reader_.feed_body(0);
    while (st == body_read::need_more && at_ < wire_.size()) {
      st = reader_.feed_body(deliver());
      if (st == body_read::need_more) {
        EXPECT_LE(reader_.buffered(), max_head) << "a line grew past a head's size";
      }
    }
    reader_.end_body();
    return st;
  }

  request_reader reader_;
  request_head head_;
  std::string wire_;
  std::size_t at_ = 0;  ///< bytes of the wire delivered so far

 private:
  std::size_t deliver() {
    const auto room = reader_.space();
    const auto n = std::min({piece_, room.size(), wire_.size() - at_});
    std::memcpy(room.data(), wire_.data() + at_, n);
    at_ += n;
    return n;
  }

  std::size_t piece_;
};

// Collects the body; says stop once it holds `stop_after` bytes or more.
struct collector : body_sink {
  explicit collector(std::size_t stop_after = std::string::npos) : stop_after_(stop_after) {}
  bool on_data(std::string_view chunk) override {
    EXPECT_FALSE(stopped) << "data after stop";
    body.append(chunk);
    stopped = body.size() >= stop_after_;
    return !stopped;
  }
  std::string body;
  bool stopped = false;

 private:
  std::size_t stop_after_;
};

const std::string get_a = "GET /a?x=1 HTTP/1.1\r\nHost: one.example\r\nCookie: c=1\r\n\r\n";
const std::string post_b = "POST /b HTTP/1.1\r\nHost: two.example\r\nContent-Length: 5\r\n\r\nhello";
const std::string get_c = "GET /c HTTP/1.1\r\nHost: three.example\r\nConnection: close\r\n\r\n";

TEST(RequestReader, PipelinedRequestsStayBufferedForTheNext) {
  for (const std::size_t piece : {std::size_t{1}, std::size_t{7}, request_reader::read_chunk}) {
    connection c(get_a + post_b + get_c, piece);
    ASSERT_EQ(c.head(), head_read::ok);
    EXPECT_EQ(c.head_.path(), "/a");
    EXPECT_EQ(c.head_.host, "one.example");
    EXPECT_FALSE(c.reader_.has_body());
    EXPECT_TRUE(c.reader_.keep_alive());
    collector none;
    EXPECT_EQ(c.body(none, 100), body_read::complete);  // nothing to read: nothing taken
    EXPECT_EQ(c.reader_.buffered(), c.at_ - get_a.size()) << "what came after the head stays";

    ASSERT_EQ(c.head(), head_read::ok);
    EXPECT_EQ(c.head_.method, http::verb::post);
    EXPECT_EQ(c.head_.host, "two.example");
    EXPECT_EQ(c.head_.cookie, "") << "the head is the second request's alone";
    EXPECT_TRUE(c.reader_.has_body());
    EXPECT_EQ(c.reader_.content_length(), 5u);
    collector sink;
    ASSERT_EQ(c.body(sink, 100), body_read::complete);
    EXPECT_EQ(sink.body, "hello");
    EXPECT_FALSE(c.reader_.has_body());

    ASSERT_EQ(c.head(), head_read::ok);
    EXPECT_EQ(c.head_.target, "/c");
    EXPECT_FALSE(c.reader_.keep_alive());
    EXPECT_EQ(c.reader_.buffered(), 0u);
    EXPECT_EQ(c.at_, c.wire_.size());
  }
}

TEST(RequestReader, AHeadSplitAtEveryByteParsesTheSame) {
  const std::string head =
      "GET http://Site.example/p?q=%20 HTTP/1.1\r\nHost: ignored.example\r\nAccept-Encoding: gzip, br\r\n"
      "If-None-Match: \"a\"\r\nX-Forwarded-For: 10.0.0.1\r\nX-Forwarded-For: 10.0.0.2\r\nUser-Agent: t/1\r\n\r\n";
  for (std::size_t split = 0; split <= head.size(); ++split) {
    connection c(head.substr(0, split));
    EXPECT_EQ(c.head(), split == head.size() ? head_read::ok : head_read::need_more) << split;
    c.send(head.substr(split));
    // The head goes on where it stopped: feed what arrives, as read_head() does.
    auto st = split == head.size() ? head_read::ok : c.reader_.feed_head(0);
    while (st == head_read::need_more && c.at_ < c.wire_.size()) {
      const auto room = c.reader_.space();
      const auto n = c.wire_.size() - c.at_;
      std::memcpy(room.data(), c.wire_.data() + c.at_, n);
      c.at_ += n;
      st = c.reader_.feed_head(n);
    }
    ASSERT_EQ(st, head_read::ok) << split;
    EXPECT_EQ(c.head_.target, "/p?q=%20") << split;
    EXPECT_EQ(c.head_.host, "Site.example") << split;
    EXPECT_TRUE(c.head_.accept.gzip && c.head_.accept.br) << split;
    EXPECT_EQ(c.head_.if_none_match, "\"a\"") << split;
    EXPECT_EQ(c.head_.forwarded_for, "10.0.0.1, 10.0.0.2") << split;
    EXPECT_EQ(c.head_.user_agent, "t/1") << split;
    EXPECT_EQ(c.reader_.buffered(), 0u) << split;
  }
  connection bytewise(head, 1);
  ASSERT_EQ(bytewise.head(), head_read::ok);
  EXPECT_EQ(bytewise.head_.target, "/p?q=%20");
}

TEST(RequestReader, AHeadOverTheLimitIsTooLargeHoweverItArrives) {
  const std::string big = "GET / HTTP/1.1\r\nHost: x\r\nX-Big: " + std::string(max_head, 'a') + "\r\n\r\n";
  for (const std::size_t piece : {std::size_t{1}, std::size_t{100}, request_reader::read_chunk}) {
    connection c(big, piece);
    EXPECT_EQ(c.head(), head_read::too_large) << piece;
  }
  // A head that never ends is refused once it outgrows the limit, not buffered.
  connection endless("GET / HTTP/1.1\r\nHost: x\r\nX-Endless: " + std::string(8 * max_head, 'a'), 64);
  EXPECT_EQ(endless.head(), head_read::too_large);
  EXPECT_LT(endless.at_, 2 * max_head);
}

// RFC 9110 sections 15.5.15 and 15.6.6: a target longer than a head may be is 414, not 431, and
// a well-formed request line of another HTTP version is 505, not 400.
TEST(RequestReader, ARequestLineTooLongOrOfAnotherVersionIsToldApart) {
  const std::string long_target = "GET /" + std::string(2 * max_head, 'p') + " HTTP/1.1\r\nHost: x\r\n\r\n";
  for (const std::size_t piece : {std::size_t{1}, std::size_t{100}, request_reader::read_chunk}) {
    connection c(long_target, piece);
    EXPECT_EQ(c.head(), head_read::uri_too_long) << piece;
  }
  connection endless_line("GET /" + std::string(8 * max_head, 'p'), 64);
  EXPECT_EQ(endless_line.head(), head_read::uri_too_long);
  // The line fits; the fields make the head too large.
  connection big_fields("GET / HTTP/1.1\r\nHost: x\r\nX-Big: " + std::string(max_head, 'a') + "\r\n\r\n");
  EXPECT_EQ(big_fields.head(), head_read::too_large);
  // No request line begun (a method and a space): too large is all that can be said.
  connection no_target(std::string(2 * max_head, 'G'));
  EXPECT_EQ(no_target.head(), head_read::too_large);

  for (const char* line : {"GET / HTTP/2.0", "PRI * HTTP/2.0", "GET /a HTTP/1.2", "GET / HTTP/0.9", "GET / HTTP/3.0"}) {
    connection c(std::string(line) + "\r\nHost: x\r\n\r\n");
    EXPECT_EQ(c.head(), head_read::bad_version) << line;
  }
  for (const char* line : {"GET / HTTP/2", "GET / HTTP/1.10", "GET / http/1.1", "GET / HTTP/1.1 x", "GET/ HTTP/2.0"}) {
    connection c(std::string(line) + "\r\nHost: x\r\n\r\n");
    EXPECT_EQ(c.head(), head_read::bad) << line;
  }
  EXPECT_EQ(refusal_status(head_read::uri_too_long), 414);
  EXPECT_EQ(refusal_status(head_read::bad_version), 505);
  EXPECT_EQ(refusal_status(head_read::too_large), 431);
  EXPECT_EQ(refusal_status(head_read::bad), 400);
}

// Regression (found by fuzz_request): Beast 1.74 limits the request line and the fields each to
// header_limit, so a head of up to twice max_header_bytes got through when its request line came
// whole in one read, and 431 when the same bytes came in smaller pieces.
TEST(RequestReader, TheLimitCoversTheRequestLineAndTheFieldsTogether) {
  const std::string line = "GET /" + std::string(600, 'p') + " HTTP/1.1\r\n";
  const std::string fields = "Host: x\r\nX-A: " + std::string(600, 'a') + "\r\n\r\n";
  ASSERT_LE(line.size(), max_head);
  ASSERT_LE(fields.size(), max_head);
  for (const std::size_t piece : {std::size_t{1}, line.size(), request_reader::read_chunk}) {
    connection c(line + fields, piece);
    EXPECT_EQ(c.head(), head_read::too_large) << piece;
  }
  // Up to the limit, however it is cut, the head is taken.
  const std::string fits = "GET /" + std::string(400, 'p') + " HTTP/1.1\r\nHost: x\r\nX-A: ";
  const std::string head = fits + std::string(max_head - fits.size() - 4, 'a') + "\r\n\r\n";
  ASSERT_EQ(head.size(), max_head);
  for (const std::size_t piece : {std::size_t{1}, std::size_t{420}, request_reader::read_chunk}) {
    connection c(head + get_a, piece);
    EXPECT_EQ(c.head(), head_read::ok) << piece;
    EXPECT_EQ(c.head(), head_read::ok) << piece;
    EXPECT_EQ(c.head_.path(), "/a");
  }
}

TEST(RequestReader, MalformedAndSmugglingShapedHeadsAreBad) {
  for (const char* head : {
           "NONSENSE\r\n\r\n",
           "GET / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked, identity\r\n\r\n",
           "GET / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\nContent-Length: 3\r\n\r\n",
           "GET / HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\nContent-Length: 4\r\n\r\n",
           "GET / HTTP/1.1\r\nHost: x\r\nHost: y\r\n\r\n",
       }) {
    connection c(std::string(head) + get_a);
    EXPECT_EQ(c.head(), head_read::bad) << head;
  }
}

std::string chunked_post(std::string_view chunks) {
  return "POST /up HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n" + std::string(chunks);
}

TEST(RequestReader, AChunkedBodyIsDeliveredWholeAndTheNextRequestFollows) {
  for (const std::size_t piece : {std::size_t{1}, std::size_t{5}, request_reader::read_chunk}) {
    connection c(chunked_post("5;name=value\r\nhello\r\n6\r\n world\r\n0\r\nX-Trailer: t\r\n\r\n") + get_c, piece);
    ASSERT_EQ(c.head(), head_read::ok);
    EXPECT_FALSE(c.reader_.content_length());
    collector sink;
    ASSERT_EQ(c.body(sink, 11), body_read::complete) << piece;
    EXPECT_EQ(sink.body, "hello world");
    ASSERT_EQ(c.head(), head_read::ok);
    EXPECT_EQ(c.head_.target, "/c");
  }
}

TEST(RequestReader, ABodyOverTheLimitIsTooLargeAndNoMoreReachesTheSink) {
  // Announced: refused before a byte is read.
  connection announced("POST /up HTTP/1.1\r\nHost: x\r\nContent-Length: 101\r\n\r\n" + std::string(101, 'x'));
  ASSERT_EQ(announced.head(), head_read::ok);
  EXPECT_EQ(announced.reader_.check_body(100), body_read::too_large);
  collector sink;
  EXPECT_EQ(announced.body(sink, 100), body_read::too_large);
  EXPECT_EQ(sink.body, "");

  // Chunked: the chunk that would pass the limit is refused.
  connection chunked(
      chunked_post("40\r\n" + std::string(64, 'y') + "\r\n40\r\n" + std::string(64, 'y') + "\r\n0\r\n\r\n"), 16);
  ASSERT_EQ(chunked.head(), head_read::ok);
  collector some;
  EXPECT_EQ(chunked.body(some, 100), body_read::too_large);
  EXPECT_LE(some.body.size(), 100u);

  // Framing counts: one byte per chunk with a long (but legal) extension each. The body stays
  // small; the bytes on the wire may pass the limit only by an eighth and 64 KiB.
  std::string chunks;
  for (int i = 0; i < 200; ++i) chunks += "1;" + std::string(900, 'e') + "\r\nx\r\n";
  connection framed(chunked_post(""));
  ASSERT_EQ(framed.head(), head_read::ok);
  const std::size_t after_head = framed.at_;
  framed.send(chunks);
  collector little;
  EXPECT_EQ(framed.body(little, 800), body_read::too_large);
  EXPECT_LE(little.body.size(), 800u);
  EXPECT_LE(framed.at_ - after_head, 800 + 800 / 8 + 64 * 1024 + request_reader::read_chunk);
}

// Regression: an endless chunk extension (or trailer line) was buffered without limit; one
// connection took the server from 63 MB to 1.1 GB in five seconds.
TEST(RequestReader, AnEndlessChunkLineIsTooLargeWithTheBufferBounded) {
  for (const char* opening : {"1;ext=", "1\r\nx\r\n0\r\nTrailer: "}) {
    for (const std::size_t piece : {std::size_t{100}, request_reader::read_chunk}) {
      connection c(chunked_post(std::string(opening) + std::string(1 << 20, 'a')), piece);
      ASSERT_EQ(c.head(), head_read::ok);
      collector sink;
      EXPECT_EQ(c.body(sink, 10 << 20), body_read::too_large) << opening;
      EXPECT_LE(sink.body.size(), 1u);
      EXPECT_LT(c.at_, 2 * max_head + request_reader::read_chunk) << "refused as soon as the line outgrew a head";
      EXPECT_LE(c.reader_.capacity(), 2 * (max_head + request_reader::read_chunk));
    }
  }
}

TEST(RequestReader, ASinkThatStopsEndsTheRead) {
  connection c(chunked_post("3\r\nabc\r\n3\r\ndef\r\n0\r\n\r\n"), 4);
  ASSERT_EQ(c.head(), head_read::ok);
  collector sink(3);
  EXPECT_EQ(c.body(sink, 100), body_read::stopped);
  EXPECT_EQ(sink.body, "abc");
  EXPECT_TRUE(c.reader_.has_body());  // the rest is unread: the session closes the connection
}

TEST(RequestReader, BadChunkFramingIsBad) {
  connection c(chunked_post("zz\r\nabc\r\n0\r\n\r\n"));
  ASSERT_EQ(c.head(), head_read::ok);
  collector sink;
  EXPECT_EQ(c.body(sink, 100), body_read::bad);
}

}  // namespace
}  // namespace wavesites
