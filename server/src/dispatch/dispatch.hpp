#pragma once
/// What the server answers to a request, decided from its head alone, without I/O: a page or
/// file prepared in memory, a run-time handler to call, or a short error. The connection
/// (net/session.cpp) carries the decision out; keeping the choice here makes it a plain function
/// of the request that tests can call without a socket.
#include <string>
#include <string_view>
#include <variant>

#include "config/config.hpp"
#include "http/request.hpp"
#include "http/response.hpp"
#include "http/router.hpp"
#include "links/go_link.hpp"
#include "metrics/metrics.hpp"
#include "sites/catalog.hpp"
#include "sites/host_router.hpp"

namespace wavesites {

/// What one request is answered from; all of it read-only while it is.
struct app_context {
  const config& cfg;
  const catalog& pages;
  const host_router& hosts;
  const route_table& routes;
  metrics::registry& metrics = metrics::global();
};

struct site_state;

/// The context a request is answered from: `sites`, the state in force when it began (a reload
/// may publish another meanwhile; the request keeps this one).
[[nodiscard]] app_context view(const site_state& sites, const route_table& routes, metrics::registry& m);

/// A representation prepared in memory, with the status its head is for.
struct page_answer {
  const representation* rep;
  int status;                     ///< 200, 304 (send only the 304 head), 404 or 410
  const resource* res = nullptr;  ///< the file it is of (its view path, for the visit counts)
};

/// A run-time handler (health, the API) to call with the request.
struct handler_answer {
  const handler* target;
  std::string_view site;  ///< the name of the route set the host picked
};

/// A short answer made on the spot: an error (400, 405...) or the 204 to OPTIONS.
struct error_answer {
  response reply;
  bool malformed = false;  ///< the request cannot be trusted: close the connection after it
};

/// A way out through /go/ (go_redirect: the 302 and the click it makes).
using answer = std::variant<page_answer, handler_answer, error_answer, go_redirect>;

struct decision {
  answer what;
  /// Header lines the host's route set adds to whatever the answer is (the prefixed set's
  /// "X-Robots-Tag: noindex"), each CRLF-terminated.
  std::string_view headers;
  /// The name of the route set the host picked (a metrics label).
  std::string_view site;
};

/// Decides the answer to `head` (complete request head; the body, if any, is not looked at) from
/// `client`, the address it comes from after trusted-proxy resolution (some routes exist only
/// for some addresses).
[[nodiscard]] decision dispatch(const app_context& app, const request_head& head, std::string_view client = {});

}  // namespace wavesites
