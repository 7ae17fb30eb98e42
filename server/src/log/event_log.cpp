#include "log/event_log.hpp"

#include <unistd.h>

#include <chrono>
#include <cmath>
#include <cstdio>
#include <ctime>

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

void write(level lvl, std::string_view event, std::initializer_list<field> fields) {
  const auto now = std::chrono::system_clock::now().time_since_epoch();
  const auto line = format(std::chrono::duration_cast<std::chrono::milliseconds>(now).count(), lvl, event, fields);
  std::size_t done = 0;
  while (done < line.size()) {
    const auto w = ::write(STDERR_FILENO, line.data() + done, line.size() - done);
    if (w <= 0) return;  // stderr gone: nothing better to do with the line
    done += static_cast<std::size_t>(w);
  }
}

}  // namespace wavesites::log
