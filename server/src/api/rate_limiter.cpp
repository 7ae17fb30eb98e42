#include "api/rate_limiter.hpp"

#include <cmath>

namespace wavesites {

std::optional<std::chrono::seconds> rate_limiter::take(std::string_view client, clock::time_point now) {
  std::lock_guard lock(mutex_);
  const double per_second = capacity_ / 3600.0;
  if (turned_ == clock::time_point{}) turned_ = now;
  if (now - turned_ >= std::chrono::hours(1) || current_.size() >= max_addresses_) turn_over(now);
  const std::string key(client);
  auto it = current_.find(key);
  if (it == current_.end()) {
    bucket b{capacity_, now};
    if (auto old = previous_.find(key); old != previous_.end()) {
      b = old->second;
      previous_.erase(old);
    }
    it = current_.emplace(key, b).first;
  }
  auto& b = it->second;
  const double elapsed = std::chrono::duration<double>(now - b.updated).count();
  b.tokens = std::min(capacity_, b.tokens + std::max(0.0, elapsed) * per_second);
  b.updated = now;
  if (b.tokens >= 1.0) {
    b.tokens -= 1.0;
    return std::nullopt;
  }
  const double wait = std::ceil((1.0 - b.tokens) / per_second);
  return std::chrono::seconds(static_cast<long long>(std::max(1.0, wait)));
}

void rate_limiter::turn_over(clock::time_point now) {
  // Every bucket in previous_ was last touched over an hour ago: full, so forgotten. (Freed
  // outside any request's path would be nicer, but swap and clear cost O(size) once an hour.)
  previous_.clear();
  previous_.swap(current_);
  turned_ = now;
}

}  // namespace wavesites
