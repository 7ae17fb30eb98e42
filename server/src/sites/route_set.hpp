#pragma once
/// A route set: the paths one kind of host answers, each leading to a page in memory. The
/// prefixed route set is what every unknown host gets (every site under its path prefix, and the
/// 404 page for the rest); each site has an online route set for the hosts configured for it.
#include <functional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

#include "sites/resource.hpp"
#include "util/string_map.hpp"

namespace wavesites {

/// A page: one file, or one per language picked by the `lang` cookie.
struct page {
  const resource* single = nullptr;
  std::vector<std::pair<std::string, const resource*>> langs;
  const resource* fallback = nullptr;  ///< default language

  [[nodiscard]] const resource& pick(std::string_view lang) const {
    if (single) return *single;
    for (const auto& [code, res] : langs) {
      if (code == lang) return *res;
    }
    return *fallback;
  }
};

struct detail_route {
  std::string prefix;
  bool numeric = false;  ///< canonicalise the id as a decimal number ("01" -> "1")
  string_map<const page*> ids;
  const page* empty = nullptr;
  string_map<bool> gone;  ///< expired ids: 410 with the route set's not-found page
};

struct route_set {
  std::string name;  ///< "prefixed", or the site's name
  string_map<const page*> routes;
  std::vector<detail_route> details;
  const page* not_found = nullptr;
  std::string entry;           ///< a path worth opening first (for the start-up lines)
  std::string prefixed_entry;  ///< an online route set's page in the prefixed route set, e.g. "/tts1/home"
  std::string header_lines;    ///< added to every answer on this route set, each line CRLF-terminated
};

struct route_match {
  const page* target;
  int status;  ///< 200, 404, or 410 for an article that has expired
};

/// The page for `path` (no query string) in `set`: a route (200), a detail id (200, or the empty
/// page with 404) or the set's not-found page (404). A trailing slash names the same page.
[[nodiscard]] route_match find_route(const route_set& set, std::string_view path);

/// Canonical form of a numeric id, or empty when `id` is not a plain non-negative decimal
/// number ("007" -> "7", "1.0" -> "1", "1.5" / "1e3" / "" / "x" -> "").
[[nodiscard]] std::string canonical_numeric_id(std::string_view id);

/// Percent-decodes a path; false on a malformed escape or a decoded NUL or '/'.
bool percent_decode_path(std::string_view in, std::string& out);

}  // namespace wavesites
