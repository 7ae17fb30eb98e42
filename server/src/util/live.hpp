#pragma once
/// A value that a reload replaces whole while readers use it: a reader takes the current copy
/// (a shared_ptr) and keeps it, unchanged, for as long as it needs; the old copy goes when its
/// last reader lets go. `version()` lets a hot path notice a change without taking the lock.
#include <atomic>
#include <cstdint>
#include <memory>
#include <mutex>

namespace wavesites {

template <typename T>
class live {
 public:
  explicit live(std::shared_ptr<const T> value) : current_(std::move(value)) {}
  live(const live&) = delete;
  live& operator=(const live&) = delete;

  [[nodiscard]] std::shared_ptr<const T> get() const {
    std::lock_guard lk(mutex_);
    return current_;
  }

  void set(std::shared_ptr<const T> value) {
    {
      std::lock_guard lk(mutex_);
      current_ = std::move(value);
    }
    version_.fetch_add(1, std::memory_order_release);
  }

  /// Changes on every set().
  [[nodiscard]] std::uint64_t version() const { return version_.load(std::memory_order_acquire); }

 private:
  mutable std::mutex mutex_;
  std::shared_ptr<const T> current_;
  std::atomic<std::uint64_t> version_{0};
};

}  // namespace wavesites
