#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "http/multipart.hpp"

namespace wavesites {
namespace {

using status = multipart_parser::status;

// Writes the events as one string, with consecutive data joined, so that any chunking of the
// same body must give the same record.
class recorder : public multipart_handler {
 public:
  bool on_part_begin(const multipart_part& part) override {
    EXPECT_FALSE(in_part_) << "begin inside a part";
    in_part_ = true;
    log_ += "begin(" + part.name + "|" + part.filename + "|" + part.content_type + ")";
    return stop_at_ != "begin";
  }
  bool on_part_data(std::string_view data) override {
    EXPECT_TRUE(in_part_) << "data outside a part";
    EXPECT_FALSE(data.empty());
    if (!in_data_) log_ += "data[";
    in_data_ = true;
    log_ += data;
    ++data_calls_;
    return stop_at_ != "data";
  }
  bool on_part_end() override {
    EXPECT_TRUE(in_part_) << "end outside a part";
    in_part_ = false;
    if (in_data_) log_ += "]";
    in_data_ = false;
    log_ += "end;";
    return stop_at_ != "end";
  }
  [[nodiscard]] std::string log() const { return log_ + (in_data_ ? "]" : ""); }

  std::string stop_at_;  // "begin", "data" or "end": refuse there
  std::size_t data_calls_ = 0;

 private:
  std::string log_;
  bool in_part_ = false;
  bool in_data_ = false;
};

struct outcome {
  std::string log;
  status fed;
  status finished;
  std::string error;
};

outcome run(const std::string& boundary, const std::vector<std::string_view>& chunks, multipart_limits limits = {},
            const std::string& stop_at = {}) {
  recorder r;
  r.stop_at_ = stop_at;
  multipart_parser parser(boundary, r, limits);
  status fed = status::more;
  for (const auto chunk : chunks) fed = parser.feed(chunk);
  const status finished = parser.finish();
  return {r.log(), fed, finished, std::string(parser.error())};
}

outcome run_whole(const std::string& boundary, std::string_view body, multipart_limits limits = {},
                  const std::string& stop_at = {}) {
  return run(boundary, {body}, limits, stop_at);
}

constexpr std::string_view webkit = "----WebKitFormBoundary7MA4YWxkTrZu0gW";

// Part data full of near-misses: CRs, CRLFs, "--", and a boundary prefix, ending in a CR.
const std::string tricky_data =
    "%PDF-1.4\r\n\r\r\n-\r\n--\r\n------WebKitFormBoundary7MA4YWxk\r\n--\r\r\n----WebKitFormBoundary7MA4YWxkTrZu0g\r";

std::string sample_body() {
  const std::string d = "--" + std::string(webkit);
  return "This is the preamble. --" + std::string(webkit) + " here is not a boundary.\r\n" + d +
         "\r\n"
         "Content-Disposition: form-data; name=\"name\"\r\n"
         "\r\n"
         "Ada Lovelace\r\n" +
         d +
         "\r\n"
         "Content-Disposition: form-data; name=\"file\"; filename=\"cv.pdf\"\r\n"
         "Content-Type: application/pdf\r\n"
         "\r\n" +
         tricky_data + "\r\n" + d +
         "\r\n"
         "Content-Disposition: form-data; name=\"empty\"\r\n"
         "\r\n"
         "\r\n" +
         d + "--\r\nepilogue, ignored\r\n" + d + "\r\n";
}

const std::string sample_log =
    "begin(name||text/plain)data[Ada Lovelace]end;"
    "begin(file|cv.pdf|application/pdf)data[" +
    tricky_data +
    "]end;"
    "begin(empty||text/plain)end;";

TEST(Multipart, ParsesASampleBodyInOneChunk) {
  const auto r = run_whole(std::string(webkit), sample_body());
  EXPECT_EQ(r.fed, status::done);
  EXPECT_EQ(r.finished, status::done);
  EXPECT_EQ(r.log, sample_log);
  EXPECT_EQ(r.error, "");
}

TEST(Multipart, EverySplitGivesTheSameParts) {
  const auto body = sample_body();
  const std::string boundary(webkit);
  {
    std::vector<std::string_view> bytes;
    for (std::size_t i = 0; i < body.size(); ++i) bytes.push_back(std::string_view(body).substr(i, 1));
    const auto r = run(boundary, bytes);
    EXPECT_EQ(r.finished, status::done);
    EXPECT_EQ(r.log, sample_log) << "byte by byte";
  }
  const std::string_view all(body);
  for (std::size_t a = 0; a <= body.size(); ++a) {
    const auto r = run(boundary, {all.substr(0, a), all.substr(a)});
    ASSERT_EQ(r.finished, status::done) << "split at " << a;
    ASSERT_EQ(r.log, sample_log) << "split at " << a;
  }
}

TEST(Multipart, EveryThreeChunkSplitGivesTheSameParts) {
  // A delimiter can straddle two chunk boundaries; a short body keeps this quadratic test quick.
  const std::string body =
      "--B1\r\nContent-Disposition: form-data; name=f\r\n\r\n\r\r\n--B\r\n--\r\r\n-\r\n--B1\r\n"
      "Content-Disposition: form-data; name=g\r\n\r\nx\r\n--B1--";
  const std::string expected = "begin(f||text/plain)data[\r\r\n--B\r\n--\r\r\n-]end;begin(g||text/plain)data[x]end;";
  ASSERT_EQ(run_whole("B1", body).log, expected);
  const std::string_view all(body);
  for (std::size_t a = 0; a <= body.size(); ++a) {
    for (std::size_t b = a; b <= body.size(); ++b) {
      const auto r = run("B1", {all.substr(0, a), all.substr(a, b - a), all.substr(b)});
      ASSERT_EQ(r.log, expected) << "splits at " << a << ", " << b;
      ASSERT_EQ(r.finished, status::done) << "splits at " << a << ", " << b;
    }
  }
}

TEST(Multipart, BodyMayStartWithTheBoundary) {
  const auto r = run_whole("b", "--b\r\nContent-Disposition: form-data; name=a\r\n\r\nx\r\n--b--");
  EXPECT_EQ(r.finished, status::done);
  EXPECT_EQ(r.log, "begin(a||text/plain)data[x]end;");
}

TEST(Multipart, BoundaryMustStartALine) {
  // "x--b" is preamble text: the first boundary is the closing one, so there are no parts.
  const auto r = run_whole("b", "x--b\r\nContent-Disposition: form-data; name=a\r\n\r\nx\r\n--b--");
  EXPECT_EQ(r.finished, status::done);
  EXPECT_EQ(r.log, "");
  const auto none = run_whole("b", "x--b\r\n");
  EXPECT_EQ(none.finished, status::error);
  EXPECT_EQ(none.error, "no multipart boundary found");
}

TEST(Multipart, SeveralPartsWithTheFileAmongThem) {
  std::string body =
      "--XyZ\r\n"
      "Content-Disposition: form-data; name=\"first\"\r\n\r\n"
      "one\r\n"
      "--XyZ\r\n"
      "Content-Disposition: form-data; name=\"file\"; filename=\"r\xC3\xA9sum\xC3\xA9.docx\"\r\n"
      "Content-Type: application/vnd.openxmlformats-officedocument.wordprocessingml.document\r\n\r\n";
  body += std::string("PK\x03\x04\x00\x01\x02\r\n\r\n", 11);
  body +=
      "--XyZ\r\n"
      "Content-Disposition: form-data; name=\"last\"\r\n"
      "Content-Type: text/plain; charset=utf-8\r\n\r\n"
      "three\r\n"
      "--XyZ--";
  const auto r = run_whole("XyZ", body);
  EXPECT_EQ(r.finished, status::done);
  EXPECT_EQ(r.log,
            "begin(first||text/plain)data[one]end;"
            "begin(file|r\xC3\xA9sum\xC3\xA9.docx|application/vnd.openxmlformats-officedocument.wordprocessingml."
            "document)data[" +
                std::string("PK\x03\x04\x00\x01\x02\r\n", 9) +
                "]end;"
                "begin(last||text/plain; charset=utf-8)data[three]end;");
}

TEST(Multipart, HeadersAreCaseInsensitiveAndMayBeFolded) {
  const auto r = run_whole("b",
                           "--b\r\n"
                           "CONTENT-DISPOSITION: Form-Data; NAME=file;\r\n"
                           "  FileName=\"a;b \\\"c\\\".txt\"\r\n"
                           "content-type:text/plain\r\n"
                           "X-Other: ignored\r\n"
                           "\r\n"
                           "hi\r\n--b--\r\n");
  EXPECT_EQ(r.finished, status::done);
  EXPECT_EQ(r.log, "begin(file|a;b \"c\".txt|text/plain)data[hi]end;");
}

TEST(Multipart, KeepsBackslashesThatEscapeNothing) {
  const auto r = run_whole("b",
                           "--b\r\nContent-Disposition: form-data; name=\"file\"; filename=\"C:\\x\\y.pdf\"\r\n"
                           "\r\nz\r\n--b--");
  EXPECT_EQ(r.log, "begin(file|C:\\x\\y.pdf|text/plain)data[z]end;");
}

TEST(Multipart, ExtendedFilenameWins) {
  const auto body = [](const std::string& disposition) {
    return "--b\r\nContent-Disposition: form-data; name=\"file\"; " + disposition + "\r\n\r\nz\r\n--b--";
  };
  auto r = run_whole("b", body("filename=\"EUR rates.pdf\"; filename*=UTF-8''%e2%82%AC%20rates.pdf"));
  EXPECT_EQ(r.log, "begin(file|\xE2\x82\xAC rates.pdf|text/plain)data[z]end;");
  r = run_whole("b", body("filename*=utf-8'en'%E5%B1%A5%E6%AD%B4%E6%9B%B8.pdf"));
  EXPECT_EQ(r.log, "begin(file|\xE5\xB1\xA5\xE6\xAD\xB4\xE6\x9B\xB8.pdf|text/plain)data[z]end;");
  r = run_whole("b", body("filename*=ISO-8859-1''r%E9sum%E9.pdf"));
  EXPECT_EQ(r.log, "begin(file|r\xC3\xA9sum\xC3\xA9.pdf|text/plain)data[z]end;");
  // A broken or unsupported filename* falls back to filename.
  r = run_whole("b", body("filename=\"plain.pdf\"; filename*=UTF-8''bad%2"));
  EXPECT_EQ(r.log, "begin(file|plain.pdf|text/plain)data[z]end;");
  r = run_whole("b", body("filename=\"plain.pdf\"; filename*=KOI8-R''x.pdf"));
  EXPECT_EQ(r.log, "begin(file|plain.pdf|text/plain)data[z]end;");
  r = run_whole("b", body("filename*=UTF-8''%zz"));
  EXPECT_EQ(r.log, "begin(file||text/plain)data[z]end;");
}

TEST(Multipart, TransportPaddingAfterABoundary) {
  const auto r = run_whole("b",
                           "--b \t\r\nContent-Disposition: form-data; name=a\r\n\r\nx\r\n--b  \r\n"
                           "Content-Disposition: form-data; name=c\r\n\r\ny\r\n--b--  \r\n");
  EXPECT_EQ(r.finished, status::done);
  EXPECT_EQ(r.log, "begin(a||text/plain)data[x]end;begin(c||text/plain)data[y]end;");
}

TEST(Multipart, IgnoresTheEpilogueAndLaterFeeds) {
  recorder r;
  multipart_parser parser("b", r);
  EXPECT_EQ(parser.feed("--b\r\nContent-Disposition: form-data; name=a\r\n\r\nx\r\n--b--"), status::done);
  EXPECT_EQ(parser.feed("\r\n--b\r\nContent-Disposition: form-data; name=z\r\n\r\nq\r\n--b--"), status::done);
  EXPECT_EQ(parser.finish(), status::done);
  EXPECT_EQ(r.log(), "begin(a||text/plain)data[x]end;");
}

TEST(Multipart, MissingClosingBoundaryIsAnError) {
  for (const std::string_view body : {
           "--b\r\nContent-Disposition: form-data; name=a\r\n\r\nx\r\n",
           "--b\r\nContent-Disposition: form-data; name=a\r\n\r\nx\r\n--b",
           "--b\r\nContent-Disposition: form-data; name=a\r\n\r\nx\r\n--b-",
           "--b\r\nContent-Disposition: form-data; name=a\r\n\r\nx\r\n--b\r\n",
           "--b\r\nContent-Disposition: form-data; name=a\r\n",
           "--b\r\n",
       }) {
    const auto r = run_whole("b", body);
    EXPECT_EQ(r.fed, status::more) << body;
    EXPECT_EQ(r.finished, status::error) << body;
    EXPECT_EQ(r.error, "body ended before the closing boundary") << body;
  }
  const auto empty = run_whole("b", "");
  EXPECT_EQ(empty.finished, status::error);
}

TEST(Multipart, OversizedHeaderBlock) {
  multipart_limits limits;
  limits.max_header_bytes = 64;
  const std::string small = "Content-Disposition: form-data; name=a\r\n\r\n";
  ASSERT_LE(small.size(), 64U);
  auto r = run_whole("b", "--b\r\n" + small + "x\r\n--b--", limits);
  EXPECT_EQ(r.finished, status::done);
  const std::string large = "Content-Disposition: form-data; name=a\r\nX-Padding: " + std::string(30, 'p') + "\r\n\r\n";
  r = run_whole("b", "--b\r\n" + large + "x\r\n--b--", limits);
  EXPECT_EQ(r.fed, status::error);
  EXPECT_EQ(r.error, "part headers too large");
  EXPECT_EQ(r.log, "");
  // A header block that never ends is cut off at the limit, not buffered.
  r = run_whole("b", "--b\r\n" + std::string(1 << 20, 'h'), limits);
  EXPECT_EQ(r.fed, status::error);
}

TEST(Multipart, TooManyParts) {
  multipart_limits limits;
  limits.max_parts = 2;
  std::string body;
  for (int i = 0; i < 3; ++i)
    body += "--b\r\nContent-Disposition: form-data; name=p" + std::to_string(i) + "\r\n\r\nv\r\n";
  body += "--b--";
  const auto r = run_whole("b", body, limits);
  EXPECT_EQ(r.fed, status::error);
  EXPECT_EQ(r.error, "too many parts");
  EXPECT_EQ(r.log, "begin(p0||text/plain)data[v]end;begin(p1||text/plain)data[v]end;");
}

TEST(Multipart, HandlerCanStopAtEveryCallback) {
  const std::string body = "--b\r\nContent-Disposition: form-data; name=a\r\n\r\nxyz\r\n--b--";
  for (const std::string where : {"begin", "data", "end"}) {
    recorder r;
    r.stop_at_ = where;
    multipart_parser parser("b", r);
    EXPECT_EQ(parser.feed(body), status::stopped) << where;
    const auto log = r.log();
    EXPECT_EQ(parser.feed(body), status::stopped) << where;
    EXPECT_EQ(parser.finish(), status::stopped) << where;
    EXPECT_EQ(r.log(), log) << "no callback after a stop";
    EXPECT_EQ(parser.error(), "");
  }
}

TEST(Multipart, MalformedBodies) {
  const auto error_of = [](std::string_view body) {
    const auto r = run_whole("b", body);
    EXPECT_EQ(r.finished, status::error) << body;
    return r.error;
  };
  EXPECT_EQ(error_of("--b\r\nContent-Disposition: form-data; name=a\r\n\r\nx\r\n--bx\r\n"), "malformed boundary line");
  EXPECT_EQ(error_of("--b\r\nContent-Disposition: form-data; name=a\r\n\r\nx\r\n--b-x"), "malformed boundary line");
  EXPECT_EQ(error_of("--b \r\r\n"), "malformed boundary line");
  EXPECT_EQ(error_of("--b\r\n\r\nx\r\n--b--"), "part without form-data Content-Disposition");
  EXPECT_EQ(error_of("--b\r\nContent-Disposition: attachment; name=a\r\n\r\nx\r\n--b--"),
            "part without form-data Content-Disposition");
  EXPECT_EQ(error_of("--b\r\nContent-Disposition: form-data; filename=a\r\n\r\nx\r\n--b--"), "part without a name");
  EXPECT_EQ(error_of("--b\r\nContent-Disposition: form-data; name=\"a\r\n\r\nx\r\n--b--"),
            "malformed Content-Disposition");
  EXPECT_EQ(error_of("--b\r\nContent-Disposition: form-data; name=a; name=b\r\n\r\nx\r\n--b--"),
            "malformed Content-Disposition");
  EXPECT_EQ(error_of("--b\r\nContent-Disposition: form-data; name=a\r\nContent-Disposition: form-data; name=b\r\n"
                     "\r\nx\r\n--b--"),
            "repeated part header");
  EXPECT_EQ(error_of("--b\r\nContent-Disposition form-data\r\n\r\nx\r\n--b--"), "malformed part header");
  EXPECT_EQ(error_of("--b\r\n folded: first\r\n\r\nx\r\n--b--"), "malformed part header");
  EXPECT_EQ(error_of("--b\r\nContent-Disposition: form-data; name=a\nX: y\r\n\r\nx\r\n--b--"), "malformed part header");
  EXPECT_EQ(error_of("GET / HTTP/1.1\r\nHost: x\r\n\r\n"), "no multipart boundary found");
  EXPECT_EQ(error_of(std::string("\x00\xff\x01\r\n--", 7)), "no multipart boundary found");
}

TEST(Multipart, InvalidBoundaryFailsAtOnce) {
  recorder r;
  multipart_parser parser(std::string(71, 'a'), r);
  EXPECT_EQ(parser.feed("--aaa"), status::error);
  EXPECT_EQ(parser.error(), "invalid multipart boundary");
  multipart_parser empty("", r);
  EXPECT_EQ(empty.finish(), status::error);
}

TEST(Multipart, StreamsLargeDataWithoutCollectingIt) {
  recorder r;
  multipart_parser parser("b", r);
  ASSERT_EQ(parser.feed("--b\r\nContent-Disposition: form-data; name=file; filename=big.bin\r\n\r\n"), status::more);
  std::string chunk(4096, 'x');
  for (std::size_t i = 0; i < chunk.size(); i += 97) chunk[i] = '\r';
  std::size_t calls_before = 0;
  for (int i = 0; i < 256; ++i) {
    ASSERT_EQ(parser.feed(chunk), status::more);
    // Each chunk is handed on before the next one arrives (a held CR at most waits).
    EXPECT_GT(r.data_calls_, calls_before);
    calls_before = r.data_calls_;
  }
  ASSERT_EQ(parser.feed("\r\n--b--"), status::done);
  const auto log = r.log();
  EXPECT_EQ(log.size(), std::string("begin(file|big.bin|text/plain)data[]end;").size() + 256 * 4096);
}

TEST(MultipartBoundary, ReadsTheContentType) {
  EXPECT_EQ(multipart_boundary("multipart/form-data; boundary=abc"), "abc");
  EXPECT_EQ(multipart_boundary("multipart/form-data; boundary=" + std::string(webkit)), std::string(webkit));
  EXPECT_EQ(multipart_boundary("Multipart/Form-Data;BOUNDARY=\"a b:c?\""), "a b:c?");
  EXPECT_EQ(multipart_boundary("multipart/form-data; charset=utf-8; boundary=\"xyz\"  "), "xyz");
  EXPECT_EQ(multipart_boundary(" multipart/form-data ; boundary = q ;"), "q");
  EXPECT_EQ(multipart_boundary("multipart/form-data; boundary=" + std::string(70, 'z')), std::string(70, 'z'));
}

TEST(MultipartBoundary, RefusesWhatIsNotValid) {
  for (const std::string& ct : {
           std::string("multipart/form-data"),
           std::string("multipart/form-data;"),
           std::string("multipart/form-data; boundary="),
           std::string("multipart/form-data; boundary=\"\""),
           std::string("multipart/form-data; boundary=\"ends in space \""),
           std::string("multipart/form-data; boundary=a@b"),
           std::string("multipart/form-data; boundary=\"unterminated"),
           std::string("multipart/form-data; boundary=a; boundary=b"),
           std::string("multipart/form-data; boundary=") + std::string(71, 'z'),
           std::string("multipart/mixed; boundary=abc"),
           std::string("text/plain; boundary=abc"),
           std::string("multipart/form-datax; boundary=abc"),
           std::string(""),
       }) {
    EXPECT_FALSE(multipart_boundary(ct).has_value()) << ct;
  }
}

}  // namespace
}  // namespace wavesites
