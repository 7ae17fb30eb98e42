#include "api/rate_limiter.hpp"

#include <cmath>

namespace wavesites {

std::optional<std::chrono::seconds> rate_limiter::take(std::string_view client, clock::time_point now) {
  std::lock_guard lock(mutex_);
  const double per_second = capacity_ / 3600.0;
  prune(now);
  auto [it, fresh] = buckets_.try_emplace(std::string(client), bucket{capacity_, now});
  auto& b = it->second;
  if (!fresh) {
    const double elapsed = std::chrono::duration<double>(now - b.updated).count();
    b.tokens = std::min(capacity_, b.tokens + elapsed * per_second);
    b.updated = now;
  }
  if (b.tokens >= 1.0) {
    b.tokens -= 1.0;
    return std::nullopt;
  }
  const double wait = std::ceil((1.0 - b.tokens) / per_second);
  return std::chrono::seconds(static_cast<long long>(std::max(1.0, wait)));
}

void rate_limiter::prune(clock::time_point now) {
  // Buckets that have refilled completely carry no information: drop them now and then, so a
  // flood of distinct addresses cannot grow the map without bound.
  if (now - last_prune_ < std::chrono::minutes(1) && buckets_.size() < 100'000) return;
  last_prune_ = now;
  const double per_second = capacity_ / 3600.0;
  for (auto it = buckets_.begin(); it != buckets_.end();) {
    const double elapsed = std::chrono::duration<double>(now - it->second.updated).count();
    if (it->second.tokens + elapsed * per_second >= capacity_)
      it = buckets_.erase(it);
    else
      ++it;
  }
}

}  // namespace wavesites
