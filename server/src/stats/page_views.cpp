#include "stats/page_views.hpp"

#include "stats/visit.hpp"
#include "util/cidr.hpp"

namespace wavesites {

bool is_page_view(const stats_config& stats, const crawler_list& crawlers, const request_head& head,
                  std::string_view site, std::string_view view_path, int status, std::string_view client) {
  // Cheapest first: most answers are assets, which have no view path.
  if (view_path.empty() || head.method != http::verb::get || (status != 200 && status != 304)) return false;
  if (!stats.enabled || site == "prefixed" || head.prefetch) return false;
  if (crawlers.matches(head.user_agent)) return false;
  return stats.exclude.empty() || !any_contains(stats.exclude, client);
}

void count_page_view(visit_counter& counter, const config& cfg, const catalog& cat, const request_head& head,
                     std::string_view site, const resource& page, int status, std::string_view client) {
  if (!is_page_view(cfg.stats, cat.crawlers(), head, site, page.view_path, status, client)) return;
  std::span<const std::string> own_hosts;
  for (const auto& [name, hosts] : cfg.hosts) {
    if (name == site) own_hosts = hosts;
  }
  const auto query = head.query();
  const std::string referrer = referrer_key(head.referer, head.host, own_hosts);
  const bool tagged = query.find("utm_") != std::string_view::npos;  // most views have no campaign
  const std::string source = tagged ? utm_value(query, "utm_source") : std::string();
  const std::string medium = tagged ? utm_value(query, "utm_medium") : std::string();
  const std::string campaign = tagged ? utm_value(query, "utm_campaign") : std::string();
  counter.count({.site = site,
                 .path = page.view_path,
                 .lang = page.view_lang,
                 .referrer = referrer,
                 .source = source,
                 .medium = medium,
                 .campaign = campaign,
                 .device = device_name(device_of(head.user_agent)),
                 .address = client,
                 .user_agent = head.user_agent});
}

}  // namespace wavesites
