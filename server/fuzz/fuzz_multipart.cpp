// libFuzzer target for the streaming multipart parser.
//
// The input is a request body. When it starts with "--", its first line names the boundary, as in
// a real body; otherwise the boundary is "boundary" and the input begins with a preamble. Each
// input is parsed whole, in pseudo-random chunks whose sizes come from a hash of the input, and
// (when small) byte by byte. Beyond "no crash, no sanitizer report", the target checks that
// callbacks come in order (data only inside a part), that statuses are sticky, that finish() is
// done only after the closing boundary, and that every chunking yields the same record.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "http/multipart.hpp"

namespace {

using wavesites::multipart_handler;
using wavesites::multipart_limits;
using wavesites::multipart_parser;
using wavesites::multipart_part;
using status = multipart_parser::status;

void require(bool condition) {
  if (!condition) __builtin_trap();
}

std::uint64_t hash_of(std::string_view s) {
  std::uint64_t h = 14695981039346656037ULL;  // FNV-1a
  for (const char c : s) h = (h ^ static_cast<unsigned char>(c)) * 1099511628211ULL;
  return h;
}

// Records the events (consecutive data joined) and checks their order.
class checker : public multipart_handler {
 public:
  explicit checker(std::size_t stop_at_begin, std::size_t stop_at_end)
      : stop_at_begin_(stop_at_begin), stop_at_end_(stop_at_end) {}

  bool on_part_begin(const multipart_part& part) override {
    require(!in_part_ && !refused_);
    in_part_ = true;
    in_data_ = false;
    ++begins_;
    record_ += "B";
    for (const auto* field : {&part.name, &part.filename, &part.content_type}) {
      record_ += std::to_string(field->size()) + ":" + *field;
    }
    return refuse_if(begins_ == stop_at_begin_);
  }

  bool on_part_data(std::string_view data) override {
    require(in_part_ && !refused_ && !data.empty());
    if (!in_data_) record_ += "D";
    in_data_ = true;
    record_ += data;
    data_bytes_ += data.size();
    return true;
  }

  bool on_part_end() override {
    require(in_part_ && !refused_);
    in_part_ = false;
    in_data_ = false;
    ++ends_;
    record_ += "E";
    return refuse_if(ends_ == stop_at_end_);
  }

  std::string record_;
  std::size_t data_bytes_ = 0;
  bool in_part_ = false;
  bool refused_ = false;

 private:
  bool refuse_if(bool condition) {
    refused_ = condition;
    return !condition;
  }

  std::size_t stop_at_begin_;
  std::size_t stop_at_end_;
  std::size_t begins_ = 0;
  std::size_t ends_ = 0;
  bool in_data_ = false;
};

struct outcome {
  std::string record;
  status last_feed;
  status finished;
  std::string error;
};

struct setup {
  std::string boundary;
  multipart_limits limits;
  std::size_t stop_at_begin;
  std::size_t stop_at_end;
};

outcome parse(const setup& s, std::string_view body, const std::vector<std::size_t>& chunk_sizes) {
  checker handler(s.stop_at_begin, s.stop_at_end);
  multipart_parser parser(s.boundary, handler, s.limits);
  status last = status::more;
  std::size_t at = 0;
  for (std::size_t i = 0; at < body.size(); ++i) {
    const auto size =
        std::min(chunk_sizes.empty() ? body.size() : chunk_sizes[i % chunk_sizes.size()], body.size() - at);
    const auto st = parser.feed(body.substr(at, size));
    at += size;
    // Once the parser has settled, it stays settled.
    if (last != status::more) require(st == last);
    last = st;
    require(handler.refused_ == (st == status::stopped));
  }
  const auto finished = parser.finish();
  require(parser.finish() == finished);
  require(parser.feed("--more") == finished);
  // done only when the closing boundary was fed; nothing can turn an error into success.
  if (finished == status::done) require(last == status::done && !handler.in_part_);
  if (last != status::more) require(finished == last);
  require(parser.error().empty() == (finished != status::error));
  require(handler.data_bytes_ <= body.size());
  return {handler.record_, last, finished, std::string(parser.error())};
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view input(reinterpret_cast<const char*>(data), size);
  const auto h = hash_of(input);

  // The Content-Type reader on the input's opening bytes: whatever it accepts must be a boundary
  // the parser accepts too.
  const auto head = input.substr(0, 128);
  if (const auto b = wavesites::multipart_boundary(head)) require(!b->empty() && b->size() <= 70);

  setup s;
  s.boundary = "boundary";
  if (input.starts_with("--")) {
    const auto eol = input.find("\r\n");
    const auto line = eol == std::string_view::npos ? std::string_view() : input.substr(2, eol - 2);
    const auto b = wavesites::multipart_boundary("multipart/form-data; boundary=\"" + std::string(line) + "\"");
    if (b && *b == line) s.boundary = *b;
  }
  s.limits.max_parts = 1 + h % 12;
  s.limits.max_header_bytes = 24 + (h >> 4) % 1024;
  // Sometimes refuse a part at its start or end; that choice does not depend on the chunking.
  s.stop_at_begin = ((h >> 16) % 4 == 0) ? 1 + (h >> 20) % 4 : 0;
  s.stop_at_end = ((h >> 24) % 4 == 0) ? 1 + (h >> 28) % 4 : 0;

  const auto whole = parse(s, input, {});

  std::vector<std::size_t> sizes;
  std::uint64_t x = h | 1;
  for (int i = 0; i < 64; ++i) {
    x ^= x << 13;  // xorshift64
    x ^= x >> 7;
    x ^= x << 17;
    sizes.push_back((x % 8 == 0) ? 1 + x % 512 : 1 + (x >> 8) % 16);
  }
  const auto chunked = parse(s, input, sizes);
  require(chunked.record == whole.record && chunked.finished == whole.finished && chunked.error == whole.error);

  if (size <= 4096) {
    const auto bytewise = parse(s, input, {1});
    require(bytewise.record == whole.record && bytewise.finished == whole.finished && bytewise.error == whole.error);
  }
  return 0;
}
