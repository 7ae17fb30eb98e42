#include "http/router.hpp"

namespace wavesites {

void route_table::add(http::verb method, std::string path, handler h, audience only_from) {
  entries_.push_back({method, std::move(path), std::move(h), std::move(only_from)});
}

route_table::lookup route_table::find(http::verb method, std::string_view path, std::string_view client) const {
  lookup out;
  for (const auto& e : entries_) {
    if (e.path != path) continue;
    if (e.only_from && !e.only_from(client)) continue;
    if (e.method == method || (method == http::verb::head && e.method == http::verb::get)) {
      out.target = &e.h;
      out.allow.clear();
      return out;
    }
    if (!out.allow.empty()) out.allow += ", ";
    out.allow += std::string(http::to_string(e.method));
    if (e.method == http::verb::get) out.allow += ", HEAD";
  }
  return out;
}

}  // namespace wavesites
