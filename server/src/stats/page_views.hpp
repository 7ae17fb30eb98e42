#pragma once
/// Which answers are page views (docs/http-api.md, "Visit counts"), and counting them: an
/// answered GET (not HEAD) of a configured site's own page, 200 or a 304 revalidation; never
/// the prefixed route set (a preview), a prefetch, a known crawler, an address of [stats]
/// exclude, or anything but a page (assets, the API, feeds, /go/...).
#include <string_view>

#include "config/config.hpp"
#include "http/request.hpp"
#include "sites/catalog.hpp"
#include "stats/visit_counter.hpp"

namespace wavesites {

/// Whether the answer to `head` (on route set `site`, from `client`) is a page view: `view_path`
/// is the answered file's page path (empty for anything but a page), `status` the answer's.
[[nodiscard]] bool is_page_view(const stats_config& stats, const crawler_list& crawlers, const request_head& head,
                                std::string_view site, std::string_view view_path, int status, std::string_view client);

/// Counts the answer to `head` (on route set `site`, from `client`) when it is a page view.
/// `page` is the answered file, `status` its status.
void count_page_view(visit_counter& counter, const config& cfg, const catalog& cat, const request_head& head,
                     std::string_view site, const resource& page, int status, std::string_view client);

}  // namespace wavesites
