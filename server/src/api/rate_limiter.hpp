#pragma once
/// Per-client-address token buckets: `per_hour` requests at once, refilled evenly over the hour.
///
/// A bucket left alone for an hour is full again, and a full bucket is the same as none. So the
/// buckets live in two maps, this hour's and the last hour's: a take looks in this hour's, then
/// moves one over from the last hour's; on the hour, the last hour's map (every bucket in it
/// untouched for an hour, so full) is dropped and this hour's takes its place. Each take is O(1)
/// and memory holds at most two hours of addresses, capped at `max_addresses` per map (past it
/// the maps turn over early, forgetting the oldest buckets: the limit errs on the lenient side
/// only under a flood of distinct addresses).
#include <chrono>
#include <cstdint>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>

namespace wavesites {

class rate_limiter {
 public:
  using clock = std::chrono::steady_clock;
  explicit rate_limiter(std::uint32_t per_hour, std::size_t max_addresses = 500'000)
      : capacity_(per_hour), max_addresses_(max_addresses) {}

  /// A new rate (a reload); buckets keep what they hold, capped at the new size.
  void set_per_hour(std::uint32_t per_hour) {
    std::lock_guard lock(mutex_);
    capacity_ = per_hour;
  }

  /// Takes one token for `client`; nullopt when allowed, else how long until one is available.
  std::optional<std::chrono::seconds> take(std::string_view client, clock::time_point now = clock::now());

 private:
  struct bucket {
    double tokens;
    clock::time_point updated;
  };
  void turn_over(clock::time_point now);

  double capacity_;
  std::size_t max_addresses_;
  std::mutex mutex_;
  std::unordered_map<std::string, bucket> current_;   ///< touched since `turned_`
  std::unordered_map<std::string, bucket> previous_;  ///< touched in the hour before
  clock::time_point turned_{};

 public:
  /// Buckets held (both maps), for tests.
  [[nodiscard]] std::size_t size() {
    std::lock_guard lock(mutex_);
    return current_.size() + previous_.size();
  }
};

}  // namespace wavesites
