#include "http/request_id.hpp"
#include "util/hex.hpp"

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
  std::uint64_t bits = gen();
  char id[16];
  for (std::size_t i = 0; i < sizeof id; i += 2, bits >>= 8) put_hex(static_cast<unsigned char>(bits), id + i);
  out.assign(id, sizeof id);
}

}  // namespace wavesites
