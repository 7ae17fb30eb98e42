#pragma once
/// The intake API (docs/http-api.md): the country list, lead submission and resume upload.
/// Handlers validate on the server, enforce the abuse limits, and answer 200 only after the
/// store has committed.
#include <filesystem>
#include <functional>
#include <memory>
#include <optional>

#include <boost/asio/thread_pool.hpp>

#include "api/address_limits.hpp"
#include "api/lead_rules.hpp"
#include "config/config.hpp"
#include "http/router.hpp"
#include "store/store.hpp"
#include "util/live.hpp"

namespace wavesites {

class intake {
 public:
  /// The page languages a lead may name: those of the web bundle in force, asked at each lead.
  using page_languages = std::function<language_set()>;

  /// `spool_dir` holds uploads while they stream in (unlinked files, never the request body in
  /// memory). The per-address limits live where `db` says (limits_for): in memory, or in a
  /// shared database.
  intake(const live<config>& cfg, store& db, std::filesystem::path spool_dir, page_languages languages,
         const lead_rules& rules = lead_rules::embedded());
  ~intake();

  /// `fn` runs after a record and its notifications are committed (the outbox's wake-up).
  void on_stored(std::function<void()> fn) { on_stored_ = std::move(fn); }

  /// Adds every API route (both spellings of the country list) and /readyz to `routes`.
  void add_routes(route_table& routes);

  asio::awaitable<response> countries(request_context& ctx);
  asio::awaitable<response> add_lead(request_context& ctx);
  asio::awaitable<response> upload(request_context& ctx);
  asio::awaitable<response> ready(request_context& ctx);

 private:
  template <typename F>
  auto on_store(F&& f) -> asio::awaitable<decltype(f())>;
  /// The answer refusing a request from `client` over its `what` limit, or when the limit
  /// cannot be checked; none when the request may go on.
  asio::awaitable<std::optional<response>> over_limit(limited what, std::string_view client, std::uint32_t per_hour);

  const live<config>& cfg_;
  store& db_;
  std::filesystem::path spool_dir_;
  const lead_rules& rules_;
  page_languages languages_;
  std::unique_ptr<address_limits> limits_;
  std::string countries_body_;
  std::function<void()> on_stored_;
  asio::thread_pool pool_;  ///< the store blocks; it never runs on an I/O thread
};

}  // namespace wavesites
