#include "util/ids.hpp"

#include <array>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <ctime>
#include <mutex>
#include <random>

namespace wavesites {
namespace {

std::mt19937_64& rng() {
  // Seeded from the OS once per thread; ids need uniqueness, not secrecy.
  thread_local std::mt19937_64 gen([] {
    std::random_device rd;
    std::seed_seq seq{rd(), rd(), rd(), rd(), rd(), rd(), rd(), rd()};
    return std::mt19937_64(seq);
  }());
  return gen;
}

}  // namespace

constexpr std::string_view ulid_alphabet = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

std::string new_ulid() {
  constexpr const char* alphabet = ulid_alphabet.data();
  constexpr std::uint64_t low40 = (std::uint64_t{1} << 40) - 1;
  // Monotonic within this process (the ULID spec's monotonic mode): an id made in the same
  // millisecond as the one before (or after the clock stepped back) takes that one's time and its
  // random part plus one, so ids sort in the order they were made and `--since` misses nothing.
  static std::mutex mutex;
  static std::uint64_t last_ms = 0;
  static std::uint64_t last_hi = 0;
  static std::uint64_t last_lo = 0;
  auto ms = static_cast<std::uint64_t>(
      std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::system_clock::now().time_since_epoch())
          .count());
  std::uint64_t r1 = 0;
  std::uint64_t r2 = 0;
  {
    std::lock_guard lk(mutex);
    if (ms <= last_ms) {
      ms = last_ms;
      last_lo = (last_lo + 1) & low40;
      if (last_lo == 0) last_hi = (last_hi + 1) & low40;
    } else {
      last_ms = ms;
      last_hi = rng()() & low40;
      // The top bit clear leaves room for 2^39 increments within one millisecond.
      last_lo = rng()() & (low40 >> 1);
    }
    r1 = last_hi;
    r2 = last_lo;
  }
  // 10 characters of time (48 bits, the top 2 of 50 are zero), then 16 of randomness (80 bits).
  std::string out(26, '0');
  for (std::size_t i = 0; i < 10; ++i) out[i] = alphabet[(ms >> (5 * (9 - i))) & 31];
  for (std::size_t i = 0; i < 8; ++i) out[10 + i] = alphabet[(r1 >> (5 * (7 - i))) & 31];
  for (std::size_t i = 0; i < 8; ++i) out[18 + i] = alphabet[(r2 >> (5 * (7 - i))) & 31];
  return out;
}

bool looks_like_ulid(std::string_view text) {
  if (text.size() != 26 || text.front() > '7') return false;
  return text.find_first_not_of(ulid_alphabet) == std::string_view::npos;
}

std::string utc_now_iso() {
  const auto now = std::chrono::system_clock::now();
  return utc_iso(std::chrono::duration_cast<std::chrono::milliseconds>(now.time_since_epoch()).count());
}

std::string utc_iso(std::int64_t ms) {
  const std::time_t sec = static_cast<std::time_t>(ms / 1000);
  std::tm tm{};
  gmtime_r(&sec, &tm);
  char buf[32];
  const auto n = std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%S", &tm);
  std::snprintf(buf + n, sizeof buf - n, ".%03dZ", static_cast<int>(ms % 1000));
  return buf;
}

std::string random_hex128() {
  char buf[33];
  std::snprintf(buf, sizeof buf, "%016llx%016llx", static_cast<unsigned long long>(rng()()),
                static_cast<unsigned long long>(rng()()));
  return buf;
}

}  // namespace wavesites
