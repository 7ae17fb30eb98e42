#pragma once
/// One JSON line per request on stdout, buffered per I/O thread and flushed a few times a
/// second (or when the buffer fills), so logging costs no system call per request. A flush
/// only hands the buffer to the thread that writes stdout (log/line_writer.hpp): a reader that
/// stops reading costs lines past max_pending, never an I/O thread's time.
#include <chrono>
#include <cstdint>
#include <ctime>
#include <string>
#include <string_view>

#include "util/json_text.hpp"

namespace wavesites {

namespace log {
class line_writer;
}

/// One request as the access log records it.
struct access_entry {
  std::string_view host;
  std::string_view method;
  std::string_view path;
  int status = 0;
  std::uint64_t bytes = 0;
  double duration_ms = 0;
  std::string_view client;  ///< after trusted-proxy resolution
  std::string_view user_agent;
  std::string_view referer;
  std::string_view request_id;
};

class access_log {
 public:
  access_log() { buf_.reserve(capacity_); }
  access_log(const access_log&) = delete;
  access_log& operator=(const access_log&) = delete;
  ~access_log() { flush(); }

  void record(const access_entry& e);
  /// Hands the lines so far to stdout's writer.
  void flush();
  /// Waits, at most `limit`, until every line flushed so far is on stdout: true when it is.
  static bool drain(std::chrono::milliseconds limit);

  /// Bytes of lines that may wait for a slow stdout (about 1.7 s of logging at 40,000 requests a
  /// second of 250-byte lines); the lines of a flush past it are dropped and counted.
  static constexpr std::size_t max_pending = 16 * 1024 * 1024;

 private:
  static log::line_writer& stdout_lines();

  static constexpr std::size_t capacity_ = 64 * 1024;
  std::string buf_;
  std::time_t stamp_sec_ = 0;
  char stamp_[24] = {};  ///< "2026-11-21T01:02:03" for stamp_sec_
};

}  // namespace wavesites
