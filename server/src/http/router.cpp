#include "http/router.hpp"

namespace wavesites {

// Every verb Beast knows has its bit (unlink is its last).
static_assert(static_cast<unsigned>(http::verb::unlink) < 64);

std::string method_set::allow() const {
  if (empty()) return {};
  method_set listed = *this;
  listed.add(http::verb::options);
  std::string out;
  for (unsigned m = 1; m <= static_cast<unsigned>(http::verb::unlink); ++m) {
    const auto verb = static_cast<http::verb>(m);
    if (!listed.takes(verb)) continue;
    if (!out.empty()) out += ", ";
    const auto name = http::to_string(verb);
    out.append(name.data(), name.size());
  }
  return out;
}

void route_table::add(http::verb method, std::string path, handler h, audience only_from) {
  entries_.push_back({method, std::move(path), std::move(h), std::move(only_from)});
}

route_table::lookup route_table::find(http::verb method, std::string_view path, std::string_view client) const {
  lookup out;
  for (const auto& e : entries_) {
    if (e.path != path) continue;
    if (e.only_from && !e.only_from(client)) continue;
    if (method_set(e.method).takes(method)) return {&e.h, {}};
    out.allowed.add(e.method);
  }
  return out;
}

method_set route_table::methods(std::string_view client) const {
  method_set out;
  for (const auto& e : entries_) {
    if (!e.only_from || e.only_from(client)) out.add(e.method);
  }
  return out;
}

}  // namespace wavesites
