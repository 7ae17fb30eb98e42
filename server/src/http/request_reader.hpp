#pragma once
/// The bytes of one connection on their way into requests: the receive buffer, the parser of the
/// request being read, and the limits on what may be buffered. It does no I/O, so the session
/// that owns the socket, the unit tests and the fuzz target all run this same code: the caller
/// reads into space(), then hands over how many bytes arrived and gets back how far the request
/// has come. Bytes after the end of one request stay buffered for the next (pipelining).
#include <cstddef>
#include <cstdint>
#include <optional>

#include <boost/asio/buffer.hpp>
#include <boost/beast/core/flat_buffer.hpp>

#include "http/request.hpp"
#include "util/recycling_allocator.hpp"

namespace wavesites {

enum class head_read {
  ok,            ///< the head is parsed; the body, if any, is read with feed_body()
  need_more,     ///< read more into space() and feed again
  too_large,     ///< over max_header_bytes (answered 431)
  uri_too_long,  ///< the request line alone is over max_header_bytes (answered 414)
  bad,           ///< malformed (answered 400)
  bad_version,   ///< a well-formed request line of an HTTP version other than 1.0 and 1.1 (505)
  long_method,   ///< a method longer than max_method_bytes (answered 501)
};

/// The longest method taken. The longest registered (IANA's HTTP Method Registry) is
/// UPDATEREDIRECTREF, 17 bytes: a longer one is no method the server implements (RFC 9112
/// section 3), refused as soon as it is seen, however long it would go on.
constexpr std::size_t max_method_bytes = 20;

/// The status a refused head is answered with (431, 414, 400, 505 or 501).
[[nodiscard]] int refusal_status(head_read refused);

enum class body_read {
  complete,   ///< every byte of the body reached the sink
  need_more,  ///< read more into space() and feed again
  too_large,  ///< over the limit, announced or sent, or a framing line longer than a head may be
  stopped,    ///< the sink said stop
  bad,        ///< malformed framing
};

class request_reader {
 public:
  /// The most one read may add: the buffer holds at most max_header_bytes plus this.
  static constexpr std::size_t read_chunk = 16 * 1024;

  /// Begins the next request on the connection, parsed into `head` (which the caller clears).
  /// Bytes already buffered, sent after the previous request, are its first bytes.
  void start(request_head& head, std::size_t max_header_bytes);

  /// Where the next read from the socket goes (read_chunk bytes); feed_*() take what arrived.
  [[nodiscard]] boost::asio::mutable_buffer space() { return buffer_.prepare(read_chunk); }

  /// Gives the buffer back while it holds nothing, as the connection goes to wait for a request:
  /// space() takes one again, the one most recently given back on this thread
  /// (util/recycling_allocator.hpp says why).
  void release_if_empty() {
    if (buffer_.size() == 0) buffer_.shrink_to_fit();
  }

  /// Takes `arrived` bytes just read into space() (0 on the first call, to parse what is already
  /// buffered) and parses as much of the head as they complete.
  head_read feed_head(std::size_t arrived);

  /// Whether the body is to be read at all: complete when there is none (or it has been read),
  /// too_large when its Content-Length is over `limit`; else need_more, and begin_body() follows.
  [[nodiscard]] body_read check_body(std::uint64_t limit) const;
  /// From here on the body goes to `sink`, and at most `limit` bytes of it are taken.
  void begin_body(body_sink& sink, std::uint64_t limit);
  /// As feed_head(), for the body.
  body_read feed_body(std::size_t arrived);
  /// Forgets the sink (always called after begin_body(), whatever happened).
  void end_body();

  [[nodiscard]] bool has_body() const { return parser_ && !parser_->is_done(); }
  [[nodiscard]] std::optional<std::uint64_t> content_length() const;
  [[nodiscard]] bool keep_alive() const { return parser_ && parser_->keep_alive(); }
  [[nodiscard]] std::size_t buffered() const { return buffer_.size(); }
  [[nodiscard]] std::size_t capacity() const { return buffer_.capacity(); }

 private:
  boost::beast::basic_flat_buffer<recycling_allocator<char, read_chunk>> buffer_;
  /// What a refused head gets, told apart by its request line (bytes the parser left buffered).
  [[nodiscard]] head_read refusal(head_read refused) const;

  std::optional<request_parser> parser_;
  std::size_t max_header_bytes_ = 0;
  std::size_t head_bytes_ = 0;        ///< bytes of the head the parser has taken so far
  std::uint64_t wire_allowance_ = 0;  ///< how many more body bytes (framing included) may arrive
};

}  // namespace wavesites
