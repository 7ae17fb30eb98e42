#include "net/access_log.hpp"

#include <unistd.h>

#include <chrono>
#include <cstdio>

namespace wavesites {

void append_json_escaped(std::string& out, std::string_view s) {
  static constexpr char hex[] = "0123456789abcdef";
  for (unsigned char c : s) {
    if (c == '"' || c == '\\') {
      out += '\\';
      out += static_cast<char>(c);
    } else if (c < 0x20 || c >= 0x7f) {
      // Request fields are not trusted to be UTF-8: bytes above ASCII are kept readable as
      // \u00XX, so the line stays valid JSON whatever the client sent.
      out += "\\u00";
      out += hex[c >> 4];
      out += hex[c & 15];
    } else {
      out += static_cast<char>(c);
    }
  }
}

void access_log::record(std::string_view host, std::string_view method, std::string_view path, int status,
                        std::uint64_t bytes, double duration_ms) {
  if (!enabled_) return;
  const auto now = std::chrono::system_clock::now();
  const auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(now.time_since_epoch()).count();
  const std::time_t sec = static_cast<std::time_t>(ms / 1000);
  if (sec != stamp_sec_) {
    std::tm tm{};
    gmtime_r(&sec, &tm);
    std::strftime(stamp_, sizeof stamp_, "%Y-%m-%dT%H:%M:%S", &tm);
    stamp_sec_ = sec;
  }
  char tail[96];
  buf_ += "{\"time\":\"";
  buf_ += stamp_;
  std::snprintf(tail, sizeof tail, ".%03dZ\",\"host\":\"", static_cast<int>(ms % 1000));
  buf_ += tail;
  append_json_escaped(buf_, host);
  buf_ += "\",\"method\":\"";
  append_json_escaped(buf_, method);
  buf_ += "\",\"path\":\"";
  append_json_escaped(buf_, path);
  std::snprintf(tail, sizeof tail, "\",\"status\":%d,\"bytes\":%llu,\"duration_ms\":%.3f}\n", status,
                static_cast<unsigned long long>(bytes), duration_ms);
  buf_ += tail;
  if (buf_.size() >= capacity_ - 1024) flush();
}

void access_log::flush() {
  std::size_t done = 0;
  while (done < buf_.size()) {
    const auto n = ::write(STDOUT_FILENO, buf_.data() + done, buf_.size() - done);
    if (n <= 0) break;  // stdout gone: drop the lines rather than block serving
    done += static_cast<std::size_t>(n);
  }
  buf_.clear();
}

}  // namespace wavesites
