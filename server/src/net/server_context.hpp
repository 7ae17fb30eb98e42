#pragma once
/// What the server holds for its whole run, from its start to its stop: handed to the acceptor
/// and every worker, each request answered from the sites in force when it began.
#include "config/config.hpp"
#include "http/router.hpp"
#include "links/go_link.hpp"
#include "metrics/metrics.hpp"
#include "sites/site_state.hpp"
#include "stats/visit_counter.hpp"
#include "util/live.hpp"

namespace wavesites {

struct server_context {
  const config& start;  ///< the config at start, for what only a restart changes: the I/O threads
  const live<site_state>& sites;
  const route_table& routes;
  metrics::registry& metrics = metrics::global();
  link_click_sink* link_clicks = nullptr;  ///< where followed /go/ links are recorded; none: not recorded
  visit_counter* visits = nullptr;         ///< where page views are counted; none: not counted
};

}  // namespace wavesites
