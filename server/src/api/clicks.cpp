#include <utility>  // before Asio's coroutine headers with g++ 12

#include "api/clicks.hpp"

#include <algorithm>
#include <cctype>

#include <nlohmann/json.hpp>

#include "api/handler_support.hpp"
#include "http/origin.hpp"
#include "log/event_log.hpp"
#include "metrics/metrics.hpp"
#include "util/ids.hpp"

namespace wavesites {
namespace {

/// The referrer the beacon carries, or empty when the body names none.
std::string referrer_of(const nlohmann::json& body) {
  if (!body.is_object()) return {};
  const auto it = body.find("referrer");
  return it != body.end() && it->is_string() ? it->get<std::string>() : std::string();
}

/// A beacon's click, as the store keeps it.
click_record landing_record(std::string_view site, std::string_view host, std::string_view referrer) {
  click_record c;
  c.id = new_ulid();
  c.clicked_at = utc_now_iso();
  c.site = std::string(site);
  c.host = std::string(host.substr(0, 255));
  c.referrer = referrer_origin(referrer);
  c.kind = "landing";
  return c;
}

/// A followed link's click, as the store keeps it.
click_record link_record(const link_click& click, std::string_view referer) {
  click_record c;
  c.id = new_ulid();
  c.clicked_at = utc_now_iso();
  c.site = click.site;
  c.host = click.host;
  c.referrer = referrer_origin(referer);
  c.kind = "link";
  c.link = click.slug;
  c.from = click.from;
  c.destination = click.destination;
  return c;
}

}  // namespace

click_log::click_log(store& db, beacon_sites sites)
    : db_(db), sites_(std::move(sites)), limits_(per_ip_per_hour), link_limits_(per_ip_per_hour), pool_(1) {}

click_log::~click_log() {
  pool_.join();
}

void click_log::add_routes(route_table& routes) {
  routes.add(http::verb::post, "/api/clicks", [this](request_context& ctx) { return record(ctx); });
}

result<bool> click_log::store_click(const click_record& click) {
  auto stored = db_.add_click(click);
  if (stored && click.kind == "link") metrics::count_link_click(click.site, click.link);
  if (stored && click.kind == "landing") metrics::count_landing_click(click.site);
  return stored;
}

asio::awaitable<void> click_log::record(const link_click& click, std::string_view referer) {
  const click_record rec = link_record(click, referer);
  const auto stored = co_await on_pool(pool_, [&] { return store_click(rec); });
  if (!stored) {
    // The visitor is still sent on: a lost count must not cost the merchant the visit.
    log::error("store_error", {{"what", "link click not saved"}, {"error", stored.message()}});
    metrics::count_store_error();
  }
}

asio::awaitable<response> click_log::record(request_context& ctx) {
  if (!sites_(ctx.site)) {
    co_return json_error(404, "no click log on this site");
  }
  if (auto wait = limits_.take(ctx.client_ip)) co_return too_many(*wait);
  string_sink sink;
  const auto st = co_await ctx.body.read(sink, max_body_bytes);
  if (st == body_status::too_large) {
    co_return json_error(413, "the body is larger than " + std::to_string(max_body_bytes) + " bytes");
  }
  if (st != body_status::complete) {
    response r = json_error(400, "the request body was cut off");
    r.close = true;
    co_return r;
  }
  // sendBeacon sends a string as text/plain, so the type is not checked; the body must be JSON.
  const auto body = nlohmann::json::parse(sink.text, nullptr, false);
  if (body.is_discarded()) co_return json_error(400, "the body is not valid JSON");
  const click_record click = landing_record(ctx.site, ctx.head.host, referrer_of(body));
  const auto stored = co_await on_pool(pool_, [&] { return store_click(click); });
  if (!stored) {
    log::error("store_error", {{"what", "click not saved"}, {"error", stored.message()}});
    metrics::count_store_error();
    co_return unavailable();
  }
  response r;
  r.status = 204;
  co_return r;
}

}  // namespace wavesites
