#include "sites/host_router.hpp"

namespace wavesites {

result<host_router> host_router::make(const config& cfg, const catalog& cat) {
  host_router r(cat.prefixed());
  for (const auto& [site, names] : cfg.hosts) {
    const route_set* v = site == "prefixed" ? nullptr : cat.find_route_set(site);
    if (!v) {
      std::string known;
      for (const auto& var : cat.route_sets()) {
        if (var.name == "prefixed") continue;
        known += known.empty() ? "" : ", ";
        known += var.name;
      }
      return error{"config: [hosts] names unknown site '" + site + "' (known: " + known + ")"};
    }
    for (const auto& n : names) r.hosts_.emplace(n, v);
  }
  return r;
}

const route_set& host_router::pick(std::string_view host_header) const {
  if (hosts_.empty() || host_header.empty()) return *prefixed_;
  // Fast path: most clients send an already lower-case name; normalise only when needed.
  std::string_view h = host_header;
  bool simple = h.front() != '[';
  if (simple) {
    if (const auto colon = h.find(':'); colon != std::string_view::npos) h = h.substr(0, colon);
    while (!h.empty() && h.back() == '.') h.remove_suffix(1);
    for (char c : h) {
      if (c >= 'A' && c <= 'Z') {
        simple = false;
        break;
      }
    }
  }
  if (simple) {
    auto it = hosts_.find(h);
    return it == hosts_.end() ? *prefixed_ : *it->second;
  }
  const auto norm = normalize_host(host_header);
  auto it = hosts_.find(norm);
  return it == hosts_.end() ? *prefixed_ : *it->second;
}

}  // namespace wavesites
