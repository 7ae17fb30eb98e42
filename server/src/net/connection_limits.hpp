#pragma once
/// How many connections the server holds, in all and per client address, and what happens past
/// either cap. Shared by every worker; the counts are atomics and the per-address table is
/// touched only when a per-address cap is set.
///
/// The whole cap comes from the descriptor limit: each connection is a descriptor, and a server
/// that runs out of them cannot accept anyone, not even to refuse them. So it stays below the
/// limit by what the process already holds and a reserve for the store, uploads and reloads.
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <mutex>
#include <string>
#include <string_view>
#include <unordered_map>

namespace wavesites {

class connection_limits {
 public:
  enum class reason { max_connections, per_ip };

  /// `max_total` 0: no cap (tests); `per_ip` 0: no per-address cap.
  connection_limits(std::size_t max_total, std::uint32_t per_ip) : max_total_(max_total), per_ip_(per_ip) {}
  connection_limits(const connection_limits&) = delete;
  connection_limits& operator=(const connection_limits&) = delete;

  /// The cap for `configured` (0: derive it) under the process's descriptor limit, which is
  /// first raised to its hard limit. `open_now` is how many descriptors are already in use.
  static std::size_t derive_max(std::size_t configured, std::size_t fd_limit, std::size_t open_now);
  /// derive_max with the process's own limit and descriptors.
  static std::size_t derive_max(std::size_t configured);

  [[nodiscard]] std::size_t max_total() const { return max_total_; }
  [[nodiscard]] std::uint32_t per_ip() const { return per_ip_; }

  void opened() { open_.fetch_add(1, std::memory_order_relaxed); }
  void closed() { open_.fetch_sub(1, std::memory_order_relaxed); }
  [[nodiscard]] std::size_t open() const { return open_.load(std::memory_order_relaxed); }
  [[nodiscard]] bool over_total() const { return max_total_ != 0 && open() > max_total_; }

  /// Takes a place for `address` under the per-address cap; false when it has none left. Each
  /// true must be matched by one release(address).
  bool take_address(const std::string& address);
  void release_address(const std::string& address);

  /// A refused connection, for the log: returns how many were refused for `why` since the last
  /// time it returned non-zero, at most once every `quiet` (so a flood writes a line now and then).
  std::uint64_t refused(reason why, std::int64_t now_ms, std::int64_t quiet_ms = 10'000);

 private:
  std::size_t max_total_;
  std::uint32_t per_ip_;
  std::atomic<std::size_t> open_{0};
  std::mutex mutex_;
  std::unordered_map<std::string, std::uint32_t> per_address_;
  struct refusals {
    std::atomic<std::uint64_t> unreported{0};
    std::atomic<std::int64_t> last_line_ms{-1'000'000'000};
  };
  refusals refused_[2];
};

/// The name of a reason, as logged and as the metrics label.
std::string_view reason_name(connection_limits::reason why);

}  // namespace wavesites
