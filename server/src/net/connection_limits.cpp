#include "net/connection_limits.hpp"

#include <sys/resource.h>

#include <algorithm>
#include <filesystem>

#include <boost/asio/ip/address_v6.hpp>

namespace wavesites {

std::size_t connection_limits::derive_max(std::size_t configured, std::size_t fd_limit, std::size_t open_now) {
  // Beyond what is open at start: the store's files and connections, an upload's spool file,
  // a notification's socket, a reload's second set of body files. An eighth of the limit (at
  // least 32) covers them with room to spare.
  const std::size_t reserve = open_now + std::max<std::size_t>(32, fd_limit / 8);
  const std::size_t room = fd_limit > reserve + 1 ? fd_limit - reserve : 1;
  return within_room(configured, room);
}

std::size_t connection_limits::within_room(std::size_t configured, std::size_t room) {
  return configured == 0 ? room : std::min(configured, room);
}

std::size_t connection_limits::derive_max(std::size_t configured) {
  rlimit rl{};
  std::size_t limit = 1024;
  if (::getrlimit(RLIMIT_NOFILE, &rl) == 0) {
    if (rl.rlim_cur < rl.rlim_max) {
      // The soft limit is only a default (1,024 in most shells); a server may take the hard one.
      rlimit raised = rl;
      raised.rlim_cur = rl.rlim_max == RLIM_INFINITY ? std::max<rlim_t>(rl.rlim_cur, 1 << 20) : rl.rlim_max;
      if (::setrlimit(RLIMIT_NOFILE, &raised) == 0) rl = raised;
    }
    if (rl.rlim_cur != RLIM_INFINITY) limit = static_cast<std::size_t>(rl.rlim_cur);
  }
  std::size_t open_now = 0;
  std::error_code ec;
  for (std::filesystem::directory_iterator it("/proc/self/fd", ec), end; !ec && it != end; it.increment(ec)) ++open_now;
  return derive_max(configured, limit, open_now);
}

std::uint32_t connection_limits::derive_per_ip(std::uint32_t configured, std::size_t max_total) {
  if (configured != 0 || max_total == 0) return configured;
  const std::size_t share = std::max<std::size_t>(16, max_total / 8);
  // A share as large as the whole cap would add nothing to it (a small max_connections).
  if (share >= max_total) return 0;
  return static_cast<std::uint32_t>(std::min<std::size_t>(share, 10'000'000));
}

void connection_limits::configure(std::size_t max_total, std::uint32_t per_ip, std::size_t room) {
  const std::size_t total = within_room(max_total, room);
  max_total_.store(total, std::memory_order_relaxed);
  per_ip_.store(derive_per_ip(per_ip, total), std::memory_order_relaxed);
}

void connection_limits::force_address(const std::string& address) {
  std::lock_guard lock(mutex_);
  ++per_address_[address];
}

bool connection_limits::take_address(const std::string& address) {
  const auto cap = per_ip();
  std::lock_guard lock(mutex_);
  auto& n = per_address_[address];
  if (cap != 0 && n >= cap) return false;  // n > 0 here: no empty entry is left behind
  ++n;
  return true;
}

void connection_limits::release_address(const std::string& address) {
  std::lock_guard lock(mutex_);
  const auto it = per_address_.find(address);
  if (it == per_address_.end()) return;
  if (--it->second == 0) per_address_.erase(it);  // the table holds only addresses connected now
}

std::uint64_t connection_limits::refused(reason why, std::int64_t now_ms, std::int64_t quiet_ms) {
  auto& r = refused_[static_cast<int>(why)];
  r.unreported.fetch_add(1, std::memory_order_relaxed);
  auto last = r.last_line_ms.load(std::memory_order_relaxed);
  if (now_ms - last < quiet_ms) return 0;
  if (!r.last_line_ms.compare_exchange_strong(last, now_ms, std::memory_order_relaxed)) return 0;
  return r.unreported.exchange(0, std::memory_order_relaxed);
}

std::string address_key(std::string_view address) {
  boost::system::error_code ec;
  const auto a = boost::asio::ip::make_address_v6(address, ec);
  if (ec) return std::string(address);
  auto bytes = a.to_bytes();
  std::fill(bytes.begin() + 8, bytes.end(), 0);
  return boost::asio::ip::address_v6(bytes).to_string() + "/64";
}

std::string_view reason_name(connection_limits::reason why) {
  return why == connection_limits::reason::per_ip ? "max_connections_per_ip" : "max_connections";
}

}  // namespace wavesites
