#pragma once
/// Host name -> route set. A configured host gets its site's online variant; any other host
/// (or none) gets the test variant.
#include <string>
#include <string_view>

#include "app/config.hpp"
#include "sites/catalog.hpp"
#include "util/result.hpp"

namespace wavesites {

class host_router {
 public:
  /// Fails when the config names a site the web build does not have.
  static result<host_router> make(const config& cfg, const catalog& cat);

  /// The variant for a Host header value, matched without case, port or trailing dot.
  [[nodiscard]] const variant& pick(std::string_view host_header) const;

 private:
  explicit host_router(const variant& fallback) : test_(&fallback) {}
  string_map<const variant*> hosts_;
  const variant* test_;
};

}  // namespace wavesites
