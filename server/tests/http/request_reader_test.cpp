// The request reader without a socket: the bytes go in as reads would deliver them.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>
#include <string>
#include <string_view>
#include <vector>

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

TEST(RequestReader, AnEmptyBufferIsGivenBackAndTakenAgainForTheNextRead) {
  connection c(get_a + get_c);
  ASSERT_EQ(c.head(), head_read::ok);
  ASSERT_GT(c.reader_.buffered(), 0u);
  c.reader_.release_if_empty();
  EXPECT_GT(c.reader_.capacity(), 0u) << "bytes of the next request are kept";
  ASSERT_EQ(c.head(), head_read::ok);
  EXPECT_EQ(c.head_.target, "/c");
  ASSERT_EQ(c.reader_.buffered(), 0u);
  c.reader_.release_if_empty();
  EXPECT_EQ(c.reader_.capacity(), 0u) << "nothing in it: given back";
  EXPECT_EQ(c.reader_.space().size(), request_reader::read_chunk) << "and a whole read's room again";
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
  // No request line begun (a method and a space): too large is all that can be said, unless the
  // bytes are a method too long to be one (AMethodLongerThanAnyIsNotImplemented).
  connection no_target(std::string(2 * max_head, 'G'));
  EXPECT_EQ(no_target.head(), head_read::long_method);

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
  EXPECT_EQ(refusal_status(head_read::long_method), 501);
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

// Regression: a field line beginning with SP or HTAB (obs-fold) was joined to the field before
// it and the request served; a proxy in front may have read that line as a field of its own.
TEST(RequestReader, AnObsFoldIsBadHoweverItArrives) {
  for (const char* head : {
           "GET / HTTP/1.1\r\nHost: x\r\nX-A: a\r\n b\r\n\r\n",
           "GET / HTTP/1.1\r\nHost: x\r\nX-A: a\r\n\tb\r\n\r\n",
           "GET / HTTP/1.1\r\nHost: x\r\nX-A:\r\n b\r\n\r\n",
           "GET / HTTP/1.1\r\nHost:\r\n x\r\n\r\n",
           "GET / HTTP/1.1\r\nHost: x\r\nUser-Agent: a\r\n  \t  \r\n\r\n",
           "POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: identity\r\n chunked\r\n\r\n0\r\n\r\n",
           "GET / HTTP/1.1\r\n Host: x\r\n\r\n",
       }) {
    for (const std::size_t piece : {std::size_t{1}, std::size_t{7}, request_reader::read_chunk}) {
      connection c(std::string(head) + get_a, piece);
      EXPECT_EQ(c.head(), head_read::bad) << piece << " " << head;
    }
  }
  // White space inside a value, and a blank line right after a head, are no fold.
  connection spaced("GET / HTTP/1.1\r\nHost: x\r\nX-A: a \t b\r\n\r\n" + std::string(" \r\n"));
  ASSERT_EQ(spaced.head(), head_read::ok);
  EXPECT_EQ(spaced.reader_.buffered(), 3u);
}

// Regression: raw bytes outside RFC 3986 in a target (non-ASCII, a backslash, "#"), a malformed escape
// and an escape of NUL, CR or LF were taken as they came and the request served.
TEST(RequestReader, ATargetOutsideTheUriGrammarIsBad) {
  const std::vector<std::string> bad = {
      // Bytes above ASCII, UTF-8 or not (an overlong "/"), and characters RFC 3986 has no place for.
      "/caf\xc3\xa9", "/\xc0\xaf", "/a?q=\xe2\x82\xac", "/a\\b", "/\\evil.example", "/a|b", "/a{b}", "/a^b", "/a`b",
      "/a\"b", "/a<b>", "/a[0]", "/a?x=<b>", "/a?x=\"", "/a?x=a\\b",
      // A fragment, which a client never sends.
      "/a#b", "/#", "/a?b=c#d",
      // Escapes of NUL, CR and LF, in either case, and malformed ones.
      "/%00", "/a%0d", "/a%0D", "/a?x=%0a", "/a?x=%0A", "/a?x=1%00", "/%", "/a%2", "/a%zz", "/a%g0", "/a?x=100%",
      "/a%%41",
      // The same after an absolute form's authority.
      "http://x.example/caf\xc3\xa9", "http://x.example/a#b", "http://x.example?%0A", "http://x.example/%"};
  for (const std::string& target : bad) {
    for (const std::size_t piece : {std::size_t{1}, request_reader::read_chunk}) {
      connection c("GET " + target + " HTTP/1.1\r\nHost: x\r\n\r\n" + get_a, piece);
      EXPECT_EQ(c.head(), head_read::bad) << piece << " " << target;
    }
  }
  // What the grammar allows comes through as it was sent (an absolute form's path alone).
  for (const std::string target :
       {"/", "/a/b/", "/a?utm_source=google&utm_medium=cpc&utm_campaign=spring+sale&gclid=Cj0_x-y.z~",
        "/a?q=%20&r=a%2Bb", "/caf%C3%A9", "/caf%c3%a9?q=%C3%A9", "/a?x=1=2&&y=", "/a;p=1,2/b:c@d", "/a?b?c/d",
        "/~u/-._!$&'()*+,;=:@", "/a?x=%09%7F%2F%25", "/%2e%2E/",
        // In a query, what browsers send unescaped: ad macros and filter brackets.
        "/a?kw={keyword}&f[x]=a|b^c`d"}) {
    connection c("GET " + target + " HTTP/1.1\r\nHost: x\r\n\r\n");
    ASSERT_EQ(c.head(), head_read::ok) << target;
    EXPECT_EQ(c.head_.target, target);
  }
  connection absolute("GET http://x.example/a?q=%C3%A9 HTTP/1.1\r\nHost: y\r\n\r\n");
  ASSERT_EQ(absolute.head(), head_read::ok);
  EXPECT_EQ(absolute.head_.target, "/a?q=%C3%A9");
  connection bare_query("GET http://x.example?q=1 HTTP/1.1\r\nHost: y\r\n\r\n");
  ASSERT_EQ(bare_query.head(), head_read::ok);
  EXPECT_EQ(bare_query.head_.target, "/?q=1");
  connection star("OPTIONS * HTTP/1.1\r\nHost: x\r\n\r\n");
  ASSERT_EQ(star.head(), head_read::ok);
  EXPECT_EQ(star.head_.target, "*");
}

// Regression: a Content-Length with leading zeros ("005") was read as its number, and a list or
// a repeat of one length as that length; another reader of the same bytes may see another.
TEST(RequestReader, AContentLengthWithALeadingZeroOrSaidTwiceIsBad) {
  for (const char* fields :
       {"Content-Length: 00\r\n", "Content-Length: 005\r\n", "Content-Length: 0200\r\n", "Content-Length: 01\r\n",
        "Content-Length: 5, 5\r\n", "Content-Length: 5,5\r\n", "Content-Length: 5\r\nContent-Length: 5\r\n",
        "Content-Length: 0\r\nContent-Length: 00\r\n"}) {
    connection c("POST /b HTTP/1.1\r\nHost: x\r\n" + std::string(fields) + "\r\nhello" + get_a);
    EXPECT_EQ(c.head(), head_read::bad) << fields;
  }
  for (const std::uint64_t n : {0u, 5u, 10u}) {
    connection c("POST /b HTTP/1.1\r\nHost: x\r\nContent-Length: " + std::to_string(n) + "\r\n\r\n" +
                 std::string(n, 'b') + get_a);
    ASSERT_EQ(c.head(), head_read::ok) << n;
    EXPECT_EQ(c.reader_.content_length(), n);
    collector sink;
    EXPECT_EQ(c.body(sink, 100), body_read::complete);
    EXPECT_EQ(c.head(), head_read::ok) << "the next request follows";
  }
}

// Regression: of two Content-Type fields the last was taken. Any second one is refused, even the
// same again: which of two was meant is not for the server to decide.
TEST(RequestReader, ASecondContentTypeIsBad) {
  for (const char* second : {"text/plain", "application/json", "Application/JSON", ""}) {
    connection c(
        "POST /b HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 2\r\n"
        "Content-Type: " +
        std::string(second) + "\r\n\r\n{}");
    EXPECT_EQ(c.head(), head_read::bad) << second;
  }
  connection one("POST /b HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}");
  ASSERT_EQ(one.head(), head_read::ok);
  EXPECT_EQ(one.head_.content_type, "application/json");
}

// Regression: a method too long to be any was read until it filled the head and answered 431;
// RFC 9112 section 3 says 501. It is refused as soon as it is longer than any method there is.
TEST(RequestReader, AMethodLongerThanAnyIsNotImplemented) {
  const std::string longest(max_method_bytes, 'M');
  for (const std::size_t length : {max_method_bytes + 1, std::size_t{100}, 2 * max_head}) {
    for (const std::size_t piece : {std::size_t{1}, std::size_t{7}, request_reader::read_chunk}) {
      connection c(std::string(length, 'M') + " / HTTP/1.1\r\nHost: x\r\n\r\n", piece);
      EXPECT_EQ(c.head(), head_read::long_method) << length << " " << piece;
      if (piece == 1) {
        EXPECT_EQ(c.at_, max_method_bytes + 1) << "refused at its first byte too many";
      }
    }
  }
  // Up to the limit it is a method, if an unknown one (answered 501 by dispatch, on a connection
  // that stays open).
  for (const std::string& method : {longest, std::string("UPDATEREDIRECTREF"), std::string("GET")}) {
    connection c(method + " / HTTP/1.1\r\nHost: x\r\n\r\n" + get_a, 1);
    ASSERT_EQ(c.head(), head_read::ok) << method;
    EXPECT_EQ(c.head_.method_text, method);
    EXPECT_EQ(c.head(), head_read::ok) << method;
  }
  // A long target is still 414 and a long field section 431.
  connection target("GET /" + std::string(2 * max_head, 'p') + " HTTP/1.1\r\nHost: x\r\n\r\n", 1);
  EXPECT_EQ(target.head(), head_read::uri_too_long);
  connection fields("GET / HTTP/1.1\r\nHost: x\r\nX-Big: " + std::string(max_head, 'a') + "\r\n\r\n");
  EXPECT_EQ(fields.head(), head_read::too_large);
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
