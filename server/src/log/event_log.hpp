#pragma once
/// What `serve` tells its operator on stderr: one JSON object per line, each written with one
/// write(2) so lines from several threads never interleave, shaped
/// {"time":"2026-11-21T01:02:03.456Z","level":"info","event":"listening", ...fields}.
///
/// A command writes its events itself. A server hands them to a thread of its own
/// (events_through): written by the thread that logs them, a stderr nobody read stopped the
/// server, an I/O thread blocked in write(2) at the first honeypot lead past the pipe's 64 KiB,
/// and a SIGTERM could not stop it either (its "stopping" line blocked the same way).
#include <initializer_list>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

namespace wavesites::log {

enum class level { info, warn, error };

/// One field of an event: its key and its value, already in JSON.
class field {
 public:
  field(std::string_view key, std::string_view text);
  field(std::string_view key, const std::string& text) : field(key, std::string_view(text)) {}
  field(std::string_view key, const char* text) : field(key, std::string_view(text)) {}
  field(std::string_view key, const std::vector<std::string>& texts);
  field(std::string_view key, double number);
  field(std::string_view key, bool flag) : key_(key), json_(flag ? "true" : "false") {}
  template <typename I>
  requires(std::is_integral_v<I> && !std::is_same_v<I, bool>) field(std::string_view key, I number)
      : key_(key), json_(std::to_string(number)) {}

  [[nodiscard]] std::string_view key() const { return key_; }
  [[nodiscard]] const std::string& json() const { return json_; }

 private:
  std::string_view key_;
  std::string json_;
};

/// The line for an event at `unix_ms` (milliseconds since the epoch), newline included.
std::string format(long long unix_ms, level lvl, std::string_view event, std::initializer_list<field> fields);

class line_writer;

/// From now on events go to `lines` (a line_writer on stderr) instead of being written by the
/// thread that logs them; nullptr: written by that thread again. `lines` must outlive every
/// event logged through it.
void events_through(line_writer* lines);

/// The event's line, stamped now.
std::string stamped(level lvl, std::string_view event, std::initializer_list<field> fields);

/// Writes a line made by stamped() to stderr, or hands it to the writer events go through.
void write_line(std::string line);

/// Writes the event, stamped now, as write_line() does.
void write(level lvl, std::string_view event, std::initializer_list<field> fields = {});

inline void info(std::string_view event, std::initializer_list<field> fields = {}) {
  write(level::info, event, fields);
}
inline void warn(std::string_view event, std::initializer_list<field> fields = {}) {
  write(level::warn, event, fields);
}
inline void error(std::string_view event, std::initializer_list<field> fields = {}) {
  write(level::error, event, fields);
}

}  // namespace wavesites::log
