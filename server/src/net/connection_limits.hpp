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
  /// The per-address cap for `configured` (0: derive it) under the whole cap `max_total`: an
  /// eighth of it, at least 16; none when that is the whole cap anyway. One address (a host, or
  /// a NAT in front of many) may hold a fair share, never the lot.
  static std::uint32_t derive_per_ip(std::uint32_t configured, std::size_t max_total);

  /// Sets both caps for the settings `max_total` and `per_ip` (0: derive each) under `room`, the
  /// connections the descriptors leave room for: derive_max(0), taken once at start, since at a
  /// reload the descriptors open include the very connections the cap is for. Connections already
  /// open stay; the caps apply to the next ones.
  void configure(std::size_t max_total, std::uint32_t per_ip, std::size_t room);

  [[nodiscard]] std::size_t max_total() const { return max_total_.load(std::memory_order_relaxed); }
  [[nodiscard]] std::uint32_t per_ip() const { return per_ip_.load(std::memory_order_relaxed); }

  void opened() { open_.fetch_add(1, std::memory_order_relaxed); }
  void closed() { open_.fetch_sub(1, std::memory_order_relaxed); }
  [[nodiscard]] std::size_t open() const { return open_.load(std::memory_order_relaxed); }
  [[nodiscard]] bool over_total() const {
    const auto cap = max_total();
    return cap != 0 && open() > cap;
  }

  /// Takes a place for `address` under the per-address cap; false when it has none left. Each
  /// true must be matched by one release(address). Places are counted whatever the cap, so that
  /// a reload that sets, lifts or moves it finds the table true.
  bool take_address(const std::string& address);
  /// Takes a place for `address` even past its cap: one of its connections was just evicted
  /// for this one, and gives its place back when it has closed.
  void force_address(const std::string& address);
  void release_address(const std::string& address);

  /// A connection met a cap: it takes another's place or is refused. The acceptor takes new
  /// connections one at a time while this count moves (server::accept_loop()).
  void met_cap() { caps_met_.fetch_add(1, std::memory_order_relaxed); }
  [[nodiscard]] std::uint64_t caps_met() const { return caps_met_.load(std::memory_order_relaxed); }
  /// A refused connection, for the log: returns how many were refused for `why` since the last
  /// time it returned non-zero, at most once every `quiet` (so a flood writes a line now and then).
  std::uint64_t refused(reason why, std::int64_t now_ms, std::int64_t quiet_ms = 10'000);

 private:
  /// A configured cap (0: derive it) under `room`.
  static std::size_t within_room(std::size_t configured, std::size_t room);

  std::atomic<std::size_t> max_total_;
  std::atomic<std::uint32_t> per_ip_;
  std::atomic<std::size_t> open_{0};
  std::atomic<std::uint64_t> caps_met_{0};
  std::mutex mutex_;
  std::unordered_map<std::string, std::uint32_t> per_address_;
  struct refusals {
    std::atomic<std::uint64_t> unreported{0};
    std::atomic<std::int64_t> last_line_ms{-1'000'000'000};
  };
  refusals refused_[2];
};

/// What the per-address cap counts as one client: an IPv4 address, or the /64 an IPv6 address is
/// in (one host or one home network holds a whole /64, so counting /128s would cap nobody).
std::string address_key(std::string_view address);

/// The name of a reason, as logged and as the metrics label.
std::string_view reason_name(connection_limits::reason why);

}  // namespace wavesites
