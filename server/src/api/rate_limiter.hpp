#pragma once
/// Per-client-address token buckets: `per_hour` requests at once, refilled evenly over the hour.
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
  explicit rate_limiter(std::uint32_t per_hour) : capacity_(per_hour) {}

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
  void prune(clock::time_point now);

  double capacity_;
  std::mutex mutex_;
  std::unordered_map<std::string, bucket> buckets_;
  clock::time_point last_prune_{};
};

}  // namespace wavesites
