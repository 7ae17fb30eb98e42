#include "sites/route_set.hpp"
#include "util/hex.hpp"

namespace wavesites {

std::string canonical_numeric_id(std::string_view id) {
  const auto dot = id.find('.');
  auto whole = id.substr(0, dot);
  if (whole.empty()) return {};
  for (char c : whole) {
    if (c < '0' || c > '9') return {};
  }
  if (dot != std::string_view::npos) {
    for (char c : id.substr(dot + 1)) {
      if (c != '0') return {};  // "1.0" is 1, "1.5" is no article id
    }
  }
  while (whole.size() > 1 && whole.front() == '0') whole.remove_prefix(1);
  return std::string(whole);
}

bool percent_decode_path(std::string_view in, std::string& out) {
  out.clear();
  out.reserve(in.size());
  for (std::size_t i = 0; i < in.size(); ++i) {
    const char c = in[i];
    if (c != '%') {
      out += c;
      continue;
    }
    if (i + 2 >= in.size()) return false;
    const int hi = hex_value(in[i + 1]);
    const int lo = hex_value(in[i + 2]);
    if (hi < 0 || lo < 0) return false;
    const char decoded = static_cast<char>(hi * 16 + lo);
    if (decoded == '\0' || decoded == '/') return false;
    out += decoded;
    i += 2;
  }
  return true;
}

route_match find_route(const route_set& set, std::string_view path) {
  std::string decoded;
  if (path.find('%') != std::string_view::npos) {
    if (!percent_decode_path(path, decoded)) return {set.not_found, 404};
    path = decoded;
  }
  if (path.size() > 1 && path.back() == '/') path.remove_suffix(1);
  if (auto it = set.routes.find(path); it != set.routes.end()) return {it->second, 200};
  for (const auto& d : set.details) {
    if (!path.starts_with(d.prefix)) continue;
    const auto id = path.substr(d.prefix.size());
    if (id.empty() || id.find('/') != std::string_view::npos) continue;
    const std::string numeric = d.numeric ? canonical_numeric_id(id) : std::string();
    const std::string_view key = d.numeric ? std::string_view(numeric) : id;
    if (!key.empty()) {
      if (auto it = d.ids.find(key); it != d.ids.end()) return {it->second, 200};
      if (!d.gone.empty() && d.gone.contains(key)) return {set.not_found, 410};
    }
    return {d.empty, 404};
  }
  return {set.not_found, 404};
}

}  // namespace wavesites
