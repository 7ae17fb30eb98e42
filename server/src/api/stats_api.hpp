#pragma once
/// The operators' stats: GET /stats/ (the dashboard, a page of the web bundle) and GET
/// /stats/api (the report as JSON, stats/report.hpp), on every host (docs/http-api.md,
/// "Stats").
///
/// Who may see them: an address in [stats] allow (loopback by default), or anyone with a name
/// and password of [stats] users (HTTP Basic; argon2id hashes checked with libsodium). With no
/// users, anyone else gets what an unknown path gets (the 404 page), so the paths do not exist
/// for them; with users, a missing or wrong password is 401 with WWW-Authenticate, and after 10
/// failures from one address in an hour, 429.
#include <chrono>
#include <cstdint>
#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <utility>  // before Asio's coroutine headers with g++ 12

#include <boost/asio/thread_pool.hpp>

#include "http/router.hpp"
#include "sites/site_state.hpp"
#include "store/store.hpp"
#include "util/live.hpp"

namespace wavesites {

class stats_api {
 public:
  /// Failed passwords an address may send in an hour before it gets 429.
  static constexpr std::uint32_t failures_per_hour = 10;

  stats_api(const live<site_state>& sites, store& db);
  ~stats_api();
  stats_api(const stats_api&) = delete;
  stats_api& operator=(const stats_api&) = delete;

  /// Adds GET /stats (a redirect to /stats/), /stats/ and /stats/api.
  void add_routes(route_table& routes);

 private:
  /// Nothing when the request may see the stats; else the answer it gets (401, 429).
  asio::awaitable<std::optional<response>> refuse(request_context& ctx, const config& cfg);
  /// True when `name`:`password` matches a user of `cfg` (argon2id; remembered for a few
  /// minutes, so a dashboard's requests do not each cost a tenth of a second).
  bool verify(const config& cfg, const std::string& name, const std::string& password);
  /// Counts a failure of `client`; true while it has failures left this hour.
  bool note_failure(const std::string& client);
  [[nodiscard]] bool locked_out(const std::string& client);

  asio::awaitable<response> page(request_context& ctx);
  asio::awaitable<response> api(request_context& ctx);

  const live<site_state>& sites_;
  store& db_;
  asio::thread_pool pool_{1};  ///< password checks and the store: never on an I/O thread
  std::mutex mutex_;
  std::map<std::string, std::pair<std::uint32_t, std::chrono::steady_clock::time_point>> failures_;
  /// (name, keyed hash of the password) -> until when it is known good.
  std::map<std::string, std::chrono::steady_clock::time_point> verified_;
};

}  // namespace wavesites
