#pragma once
/// Host name -> route set. A configured host gets its site's online route set; any other host
/// (or none) gets the prefixed route set: every site under its path prefix.
#include <string>
#include <string_view>

#include "config/config.hpp"
#include "sites/catalog.hpp"
#include "util/result.hpp"

namespace wavesites {

class host_router {
 public:
  /// Fails when the config names a site the web build does not have.
  static result<host_router> make(const config& cfg, const catalog& cat);

  /// The route set for a Host header value, matched without case, port or trailing dot.
  [[nodiscard]] const route_set& pick(std::string_view host_header) const;

 private:
  explicit host_router(const route_set& fallback) : prefixed_(&fallback) {}
  string_map<const route_set*> hosts_;
  const route_set* prefixed_;
};

}  // namespace wavesites
