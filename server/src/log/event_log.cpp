#include "log/event_log.hpp"

#include <unistd.h>

#include <atomic>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <ctime>

#include "log/line_writer.hpp"
#include "util/json_text.hpp"

namespace wavesites::log {
namespace {

constexpr std::string_view level_name(level lvl) {
  switch (lvl) {
    case level::info:
      return "info";
    case level::warn:
      return "warn";
    case level::error:
      return "error";
  }
  return "error";
}

std::atomic<line_writer*> through{nullptr};

std::string quoted(std::string_view text) {
  std::string out = "\"";
  append_json_escaped(out, text);
  out += '"';
  return out;
}

}  // namespace

field::field(std::string_view key, std::string_view text) : key_(key), json_(quoted(text)) {}

field::field(std::string_view key, const std::vector<std::string>& texts) : key_(key), json_("[") {
  for (const auto& t : texts) {
    if (json_.size() > 1) json_ += ',';
    json_ += quoted(t);
  }
  json_ += ']';
}

field::field(std::string_view key, double number) : key_(key) {
  if (!std::isfinite(number)) {
    json_ = "null";  // JSON has no NaN or infinity
    return;
  }
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.3f", number);
  json_ = buf;
}

std::string format(long long unix_ms, level lvl, std::string_view event, std::initializer_list<field> fields) {
  const std::time_t sec = static_cast<std::time_t>(unix_ms / 1000);
  std::tm tm{};
  gmtime_r(&sec, &tm);
  char stamp[40];
  const auto n = std::strftime(stamp, sizeof stamp, "%Y-%m-%dT%H:%M:%S", &tm);
  std::snprintf(stamp + n, sizeof stamp - n, ".%03dZ", static_cast<int>(unix_ms % 1000));
  std::string line = "{\"time\":\"";
  line += stamp;
  line += "\",\"level\":\"";
  line += level_name(lvl);
  line += "\",\"event\":";
  line += quoted(event);
  for (const auto& f : fields) {
    line += ',';
    line += quoted(f.key());
    line += ':';
    line += f.json();
  }
  line += "}\n";
  return line;
}

void events_through(line_writer* lines) {
  through.store(lines, std::memory_order_release);
}

std::string stamped(level lvl, std::string_view event, std::initializer_list<field> fields) {
  const auto now = std::chrono::system_clock::now().time_since_epoch();
  return format(std::chrono::duration_cast<std::chrono::milliseconds>(now).count(), lvl, event, fields);
}

void write_line(std::string line) {
  if (auto* lines = through.load(std::memory_order_acquire)) {
    // Out before this thread goes on, unless the reader is behind (then it waits at most once).
    lines->hand_and_wait(line, std::chrono::milliseconds(100));
    return;
  }
  write_all(STDERR_FILENO, line);  // stderr gone: nothing better to do with the line
}

void write(level lvl, std::string_view event, std::initializer_list<field> fields) {
  write_line(stamped(lvl, event, fields));
}

}  // namespace wavesites::log
