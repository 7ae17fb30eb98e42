#include "http/request_id.hpp"

#include <cstdint>
#include <random>

namespace wavesites {

bool valid_request_id(std::string_view id) {
  if (id.empty() || id.size() > 128) return false;
  for (const char c : id) {
    const bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '.' ||
                    c == '_' || c == ':' || c == '-';
    if (!ok) return false;
  }
  return true;
}

void choose_request_id(std::string& out, std::string_view incoming, bool from_trusted_proxy) {
  if (from_trusted_proxy && valid_request_id(incoming)) {
    out.assign(incoming);
    return;
  }
  // Unique enough to find a request in the logs, not a secret: a per-thread generator seeded
  // once costs no lock and no system call per request.
  thread_local std::mt19937_64 gen{(std::uint64_t{std::random_device{}()} << 32) ^ std::random_device{}()};
  static constexpr char hex[] = "0123456789abcdef";
  std::uint64_t bits = gen();
  out.resize(16);
  for (auto& c : out) {
    c = hex[bits & 15];
    bits >>= 4;
  }
}

}  // namespace wavesites
