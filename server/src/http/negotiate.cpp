#include "http/negotiate.hpp"

#include "util/ascii.hpp"

namespace wavesites {
namespace {

std::string_view trim(std::string_view s) noexcept {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
  return s;
}

/// q-value of one list element's parameters; 1 when absent, 0 for "q=0", "q=0.0" etc.
bool q_is_zero(std::string_view params) noexcept {
  while (!params.empty()) {
    const auto semi = params.find(';');
    auto p = trim(params.substr(0, semi));
    params = semi == std::string_view::npos ? std::string_view{} : params.substr(semi + 1);
    if (p.size() >= 2 && (p[0] == 'q' || p[0] == 'Q') && p[1] == '=') {
      auto v = p.substr(2);
      if (v.empty() || v[0] != '0') return false;
      for (char c : v.substr(1)) {
        if (c != '.' && c != '0') return false;
      }
      return true;
    }
  }
  return false;
}

}  // namespace

accepted_encodings parse_accept_encoding(std::string_view header) noexcept {
  accepted_encodings out;
  bool br_said = false, gzip_said = false, star = false;
  while (!header.empty()) {
    const auto comma = header.find(',');
    auto item = header.substr(0, comma);
    header = comma == std::string_view::npos ? std::string_view{} : header.substr(comma + 1);
    const auto semi = item.find(';');
    const auto coding = trim(item.substr(0, semi));
    const bool zero = semi != std::string_view::npos && q_is_zero(item.substr(semi + 1));
    if (ascii::iequals(coding, "br")) {
      br_said = true;
      out.br = !zero;
    } else if (ascii::iequals(coding, "gzip") || ascii::iequals(coding, "x-gzip")) {
      gzip_said = true;
      out.gzip = !zero;
    } else if (coding == "*") {
      star = !zero;
    }
  }
  if (star) {
    if (!br_said) out.br = true;
    if (!gzip_said) out.gzip = true;
  }
  return out;
}

bool if_none_match_hits(std::string_view header, std::string_view etag) noexcept {
  auto strip_weak = [](std::string_view t) noexcept {
    if (t.size() > 2 && t[0] == 'W' && t[1] == '/') t.remove_prefix(2);
    return t;
  };
  etag = strip_weak(etag);
  while (!header.empty()) {
    const auto comma = header.find(',');
    const auto item = trim(header.substr(0, comma));
    header = comma == std::string_view::npos ? std::string_view{} : header.substr(comma + 1);
    if (item == "*") return true;
    if (strip_weak(item) == etag) return true;
  }
  return false;
}

std::string_view cookie_value(std::string_view header, std::string_view name) noexcept {
  while (!header.empty()) {
    const auto semi = header.find(';');
    const auto pair = trim(header.substr(0, semi));
    header = semi == std::string_view::npos ? std::string_view{} : header.substr(semi + 1);
    const auto eq = pair.find('=');
    if (eq == std::string_view::npos) continue;
    if (trim(pair.substr(0, eq)) != name) continue;
    auto v = trim(pair.substr(eq + 1));
    if (v.size() >= 2 && v.front() == '"' && v.back() == '"') v = v.substr(1, v.size() - 2);
    return v;
  }
  return {};
}

}  // namespace wavesites
