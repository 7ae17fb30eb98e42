#include <utility>  // before Asio's coroutine headers with g++ 12

#include "dispatch/dispatch.hpp"

#include "http/negotiate.hpp"
#include "sites/site_state.hpp"

namespace wavesites {
namespace {

error_answer malformed(std::string_view text) {
  return {text_response(400, text), true};
}

/// Pages, files and the links out are read with GET (and so HEAD), nothing else.
constexpr method_set page_methods{http::verb::get};

/// The answer to OPTIONS: which methods the target takes, in a 204 (no body).
error_answer options_answer(method_set allowed) {
  response r;
  r.status = 204;
  r.headers.emplace_back("Allow", allowed.allow());
  return error_answer{std::move(r)};
}

/// The answer to a method a resource does not take: OPTIONS asks which it takes, any other gets
/// `refusal` (a 405). Both list them in Allow from the same set, so the two never disagree.
error_answer other_method(const request_head& head, method_set allowed, response refusal) {
  if (head.method == http::verb::options) return options_answer(allowed);
  refusal.headers.emplace_back("Allow", allowed.allow());
  return error_answer{std::move(refusal)};
}

/// The answer itself; `site` is the route set the host picked.
answer decide(const app_context& app, const request_head& head, std::string_view client, const route_set& site) {
  const std::string_view path = head.path();
  if (head.version >= 11 && head.host.empty()) return malformed("Bad Request: missing Host header");
  // "OPTIONS *" asks about the server as a whole (RFC 9112 section 3.2.4): every method some path
  // takes from this client.
  if (head.method == http::verb::options && head.target == "*") {
    method_set all = page_methods;
    all |= app.routes.methods(client);
    return options_answer(all);
  }
  if (path.empty() || path.front() != '/') return malformed("Bad Request: unsupported request target");
  // An expectation the server cannot meet; the body it may be holding back is not waited for.
  if (head.expect_unsupported) return error_answer{text_response(417, "Expectation Failed"), true};

  // A method no part of HTTP defines (Beast knows the registered ones; methods are case-sensitive,
  // so "get" is one of these): RFC 9110 section 9.1 says 501, whatever the path.
  if (head.method == http::verb::unknown) return error_answer{text_response(501, "Not Implemented")};

  // Run-time handlers first (health, API): their paths are the same on every host.
  const auto found = app.routes.find(head.method, path, client);
  if (found.target) return handler_answer{found.target, site.name};
  if (!found.allowed.empty()) return other_method(head, found.allowed, json_error(405, "method not allowed"));

  const bool get_or_head = page_methods.takes(head.method);
  // Links out, on every host. Only a registered slug, written exactly, leads anywhere; every
  // other path under /go/ is the site's 404 page.
  const resource* res = nullptr;
  int status = 200;
  if (is_go_path(path)) {
    if (auto out = go_link(app.pages, site, head)) {
      if (get_or_head) return std::move(*out);
      return other_method(head, page_methods, text_response(405, "Method Not Allowed"));
    }
    status = 404;
    res = &site.not_found->pick(site.not_found->single ? std::string_view{} : cookie_value(head.cookie, "lang"));
  }

  // Pages and files, all prepared in memory.
  if (!res) res = app.pages.find_static(path);
  if (!res) {
    const auto m = app.pages.route(site, path);
    status = m.status;
    res = &m.target->pick(m.target->single ? std::string_view{} : cookie_value(head.cookie, "lang"));
  }
  if (!get_or_head && status == 200) {
    return other_method(head, page_methods, text_response(405, "Method Not Allowed"));
  }
  const representation& rep = res->pick(head.accept.br, head.accept.gzip);
  if (status == 200 && head.has_if_none_match && if_none_match_hits(head.if_none_match, rep.etag)) {
    return page_answer{&rep, 304, res};
  }
  return page_answer{&rep, status, res};
}

}  // namespace

decision dispatch(const app_context& app, const request_head& head, std::string_view client) {
  const route_set& site = app.hosts.pick(head.host);
  auto what = decide(app, head, client, site);
  // A redirect carries its own X-Robots-Tag; the route set's would only repeat it.
  const std::string_view headers = std::holds_alternative<go_redirect>(what) ? std::string_view{} : site.header_lines;
  return {std::move(what), headers, site.name};
}

app_context view(const site_state& sites, const route_table& routes, metrics::registry& m) {
  return {*sites.cfg, *sites.pages, *sites.hosts, routes, m};
}

}  // namespace wavesites
