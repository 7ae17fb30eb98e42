#pragma once
/// GET /go/<slug>: the way out of every site (docs/http-api.md, "Links out"). A pure function
/// from the request to the redirect and the click it makes, so that every shape of path can be
/// tested without a socket; recording the click is the caller's.
#include <optional>
#include <string>
#include <string_view>

#include <utility>  // before Asio's coroutine headers with g++ 12

#include <boost/asio/awaitable.hpp>

#include "http/request.hpp"
#include "http/response.hpp"

namespace wavesites {

class catalog;
struct route_set;

/// Which of a link's destinations a visitor gets, by User-Agent.
enum class link_platform { ios, android, other };
[[nodiscard]] link_platform platform_of(std::string_view user_agent);

/// A followed link, as the click log keeps it (no address, no User-Agent).
struct link_click {
  std::string site;  ///< the route set the host picked
  std::string host;  ///< the Host header
  std::string slug;
  std::string from;         ///< the article it was followed from, when that is one of the site's; else empty
  std::string destination;  ///< "ios", "android" or "url": the destination chosen
};

/// Where followed links are recorded (api/clicks.hpp).
class link_click_sink {
 public:
  virtual ~link_click_sink() = default;
  /// Whether a click from `client` (the visitor's address, which is not kept) is to be recorded:
  /// takes one from its hourly allowance. Answered at once, so a click past the limit costs the
  /// redirect nothing more.
  virtual bool admit(std::string_view client) = 0;
  /// Records an admitted `click`, followed from a page whose Referer is `referer`; returns once
  /// it is stored (or the store failed, which is logged).
  virtual boost::asio::awaitable<void> record(const link_click& click, std::string_view referer) = 0;
};

/// The 302 to `location`: its one definition, which the prepared heads are made from too.
[[nodiscard]] response go_response(std::string_view location);

/// go_response's head as a prepared page head is (no Date, Connection or request id, and not
/// the blank line), made once per destination with the link registry.
[[nodiscard]] std::string go_head(std::string_view location);

/// The click a redirect would record, as go_link finds it: views into the request and its route
/// set, so that a redirect whose click is not recorded (a crawler's, or one past the hour's
/// allowance: most of them under load) copies none of it. `owned()` is the record itself.
struct link_click_ref {
  std::string_view site;
  std::string_view host;
  std::string_view slug;
  std::string from;
  std::string_view destination;
  [[nodiscard]] link_click owned() const {
    return {std::string(site), std::string(host), std::string(slug), from, std::string(destination)};
  }
};

struct go_redirect {
  /// The link's destination for this visitor's platform, in the registry (which the request's
  /// sites keep alive).
  const std::string* destination = nullptr;
  /// Its prepared 302 head (go_head), sent as it is unless the destination is tagged.
  const std::string* head = nullptr;
  std::string tagged;    ///< the destination with our tag added, when the link takes one; else empty
  link_click_ref click;  ///< valid while the request head and its route set are
  bool crawler = false;  ///< a known crawler followed it: redirected, not recorded

  static constexpr int status = 302;
  /// Where the visitor is sent.
  [[nodiscard]] std::string_view location() const { return tagged.empty() ? std::string_view(*destination) : tagged; }
};

/// True for "/go" and every path under "/go/": the paths this route owns on every host.
[[nodiscard]] bool is_go_path(std::string_view path);

/// The redirect for `head` (a GET or HEAD of a go path) on route set `set`, or nothing when the
/// path does not name a registered slug exactly (the caller answers the 404 page). `from` in the
/// query tags the destination with "<site>-<from>" when the link takes a tag and `from` is an
/// article of the site (on the prefixed route set the site comes from the query's `site`).
[[nodiscard]] std::optional<go_redirect> go_link(const catalog& cat, const route_set& set, const request_head& head);

}  // namespace wavesites
