#include "http/request_reader.hpp"
#include "util/ascii.hpp"

#include <limits>
#include <string_view>

#include <boost/beast/http/error.hpp>

namespace wavesites {

namespace {

/// How many bytes a body of at most `limit` bytes may take on the wire, framing included: chunk
/// sizes, extensions and trailers may add an eighth and 64 KiB, more than honest chunking needs.
std::uint64_t wire_allowance(std::uint64_t limit) {
  constexpr std::uint64_t most = std::numeric_limits<std::uint64_t>::max();
  const std::uint64_t margin = limit / 8 + 64 * 1024;
  return limit > most - margin ? most : limit + margin;
}

bool is_digit(char c) {
  return c >= '0' && c <= '9';
}

/// Whether head bytes hold an obs-fold: a line break followed by SP or HTAB, which begins a
/// field line (RFC 9112 section 5.2). Beast joins such a line to the field before it; the RFC
/// lets a server reject it instead, and a proxy in front may have read it as a field of its own.
bool has_obs_fold(std::string_view head) {
  for (auto at = head.find("\r\n"); at != std::string_view::npos; at = head.find("\r\n", at + 2)) {
    if (at + 2 < head.size() && (head[at + 2] == ' ' || head[at + 2] == '\t')) return true;
  }
  return false;
}

}  // namespace

int refusal_status(head_read refused) {
  switch (refused) {
    case head_read::too_large:
      return 431;
    case head_read::uri_too_long:
      return 414;
    case head_read::bad_version:
      return 505;
    case head_read::long_method:
      return 501;
    default:
      return 400;
  }
}

head_read request_reader::refusal(head_read refused) const {
  // Beast takes a head only whole, so a refused one is still in the buffer from its first byte.
  if (head_bytes_ != 0) return refused;
  const auto data = buffer_.data();
  const std::string_view held(static_cast<const char*>(data.data()), data.size());
  // "method SP": a request line has begun; what follows tells a long target from a bad version.
  std::size_t method = 0;
  while (method < held.size() && ascii::is(held[method], ascii::tchar)) ++method;
  if (method == 0 || method >= held.size() || held[method] != ' ') return refused;
  const auto end = held.find("\r\n");
  if (refused == head_read::too_large) {
    return end == std::string_view::npos || end > max_header_bytes_ ? head_read::uri_too_long : refused;
  }
  if (end == std::string_view::npos) return refused;
  const auto line = held.substr(0, end);
  const auto space = line.rfind(' ');
  if (space <= method) return refused;
  const auto version = line.substr(space + 1);
  const bool well_formed = version.size() == 8 && version.substr(0, 5) == "HTTP/" && is_digit(version[5]) &&
                           version[6] == '.' && is_digit(version[7]);
  return well_formed && version != "HTTP/1.0" && version != "HTTP/1.1" ? head_read::bad_version : refused;
}

void request_reader::start(request_head& head, std::size_t max_header_bytes) {
  max_header_bytes_ = max_header_bytes;
  head_bytes_ = 0;
  parser_.emplace(head);
  parser_->header_limit(static_cast<std::uint32_t>(max_header_bytes));
  // No body limit while reading the head: Beast would otherwise refuse a Content-Length over
  // its 1 MiB default before any handler saw the request. Each handler reads the body with
  // its own limit (see begin_body()), and pages never read one. (Not boost::none: Beast 1.74
  // compares the length with the optional, and anything is greater than none.)
  parser_->body_limit(std::numeric_limits<std::uint64_t>::max());
}

head_read request_reader::feed_head(std::size_t arrived) {
  buffer_.commit(arrived);
  if (buffer_.size() == 0) return head_read::need_more;
  const auto data = buffer_.data();
  const std::string_view held(static_cast<const char*>(data.data()), data.size());
  // Until the request line is taken the method is the first bytes held: one too long to be any
  // is answered 501 now, not 431 once it has filled the head.
  if (head_bytes_ == 0) {
    std::size_t method = 0;
    while (method < held.size() && method <= max_method_bytes && ascii::is(held[method], ascii::tchar)) ++method;
    if (method > max_method_bytes) return head_read::long_method;
  }
  boost::beast::error_code ec;
  const auto used = parser_->put(data, ec);
  // Beast takes a field line whole, with any lines folded into it, so a fold is never split
  // between two calls: the bytes taken in this one are all there is to look at. (A first field
  // line that begins with SP, right after the request line, Beast refuses itself.)
  if (has_obs_fold(held.substr(0, used))) return head_read::bad;
  buffer_.consume(used);
  // Beast 1.74 applies header_limit to the request line and to the fields each on its own, so
  // alone it lets a head of nearly twice the limit through: the head's bytes are counted here,
  // what it has consumed and what waits in the buffer (a head that never ends included).
  head_bytes_ += used;
  if (!ec && parser_->is_header_done()) {
    return head_bytes_ > max_header_bytes_ ? head_read::too_large : head_read::ok;
  }
  if (ec == boost::beast::http::error::header_limit) return refusal(head_read::too_large);
  if (ec && ec != boost::beast::http::error::need_more) return refusal(head_read::bad);
  if (head_bytes_ + buffer_.size() > max_header_bytes_) return refusal(head_read::too_large);
  return head_read::need_more;
}

std::optional<std::uint64_t> request_reader::content_length() const {
  if (!parser_) return std::nullopt;
  const auto n = parser_->content_length();
  return n ? std::optional<std::uint64_t>(*n) : std::nullopt;
}

body_read request_reader::check_body(std::uint64_t limit) const {
  if (!has_body()) return body_read::complete;
  if (const auto n = parser_->content_length(); n && *n > limit) return body_read::too_large;
  return body_read::need_more;
}

void request_reader::begin_body(body_sink& sink, std::uint64_t limit) {
  parser_->body_limit(limit);
  parser_->eager(true);
  parser_->set_sink(&sink);
  wire_allowance_ = wire_allowance(limit);
}

body_read request_reader::feed_body(std::size_t arrived) {
  buffer_.commit(arrived);
  // Beast counts only the body's own bytes against body_limit, and waits for a chunk-size line
  // or a trailer line to end before it takes any of it: an endless chunk extension or trailer
  // would grow the buffer without bound. So no line may outgrow a request head, and all the
  // bytes of the body, framing included, may exceed the limit only by a margin that honest
  // chunking never needs. (Bytes that came with the head are not counted: they are bounded by
  // one read.)
  if (arrived > wire_allowance_) return body_read::too_large;
  wire_allowance_ -= arrived;
  if (buffer_.size() == 0) return body_read::need_more;
  boost::beast::error_code ec;
  buffer_.consume(parser_->put(buffer_.data(), ec));
  if (ec == boost::beast::http::error::need_more && buffer_.size() > max_header_bytes_) return body_read::too_large;
  if (ec == sink_stopped()) return body_read::stopped;
  if (ec == boost::beast::http::error::body_limit) return body_read::too_large;
  if (ec && ec != boost::beast::http::error::need_more) return body_read::bad;
  if (parser_->is_done()) return body_read::complete;
  return body_read::need_more;
}

void request_reader::end_body() {
  if (parser_) parser_->set_sink(nullptr);
}

}  // namespace wavesites
