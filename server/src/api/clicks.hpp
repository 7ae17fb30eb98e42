#pragma once
/// The first-party click log (docs/http-api.md, "A click" and "Links out"): the landing page's
/// App Store button posts a beacon to its own origin, and every link followed through /go/ is
/// handed over by the connection before its redirect goes. Each records when, on which route set
/// and host, and from which referring origin (a link also its slug, article and destination). The
/// visitor's address only feeds the per-address limits in memory; it is never stored.
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include <boost/asio/thread_pool.hpp>

#include "api/rate_limiter.hpp"
#include "http/router.hpp"
#include "links/go_link.hpp"
#include "store/store.hpp"

namespace wavesites {

class click_log final : public link_click_sink {
 public:
  /// Beacons a client may send in an hour, beyond which it gets 429 and nothing is recorded; and,
  /// in a bucket of their own, links it may follow in an hour before they go unrecorded (the
  /// visitor is redirected all the same).
  static constexpr std::uint32_t per_ip_per_hour = 120;
  /// The beacon is a referrer in a small JSON object; anything larger is not one.
  static constexpr std::uint64_t max_body_bytes = 4096;

  /// Whether the pages of a route set send the beacon, asked at each one: a click on any other
  /// is answered 404.
  using beacon_sites = std::function<bool(std::string_view site)>;

  click_log(store& db, beacon_sites sites);
  ~click_log() override;
  click_log(const click_log&) = delete;
  click_log& operator=(const click_log&) = delete;

  /// Adds POST /api/clicks.
  void add_routes(route_table& routes);

  asio::awaitable<response> record(request_context& ctx);

  bool admit(std::string_view client) override { return !link_limits_.take(client); }
  asio::awaitable<void> record(const link_click& click, std::string_view referer) override;

 private:
  /// Where every accepted click goes into the store: the one place to count them.
  result<bool> store_click(const click_record& click);

  store& db_;
  beacon_sites sites_;
  rate_limiter limits_;
  rate_limiter link_limits_;
  asio::thread_pool pool_;  ///< the store blocks; it never runs on an I/O thread
};

}  // namespace wavesites
