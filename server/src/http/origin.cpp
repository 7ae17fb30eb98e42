#include "http/origin.hpp"

#include <algorithm>

#include "util/ascii.hpp"

namespace wavesites {
namespace {

/// A host name, or an IPv6 literal in brackets: nothing that could smuggle more than an origin.
bool plausible_host(std::string_view host) {
  if (host.size() > 2 && host.front() == '[' && host.back() == ']') {
    return std::all_of(host.begin() + 1, host.end() - 1, [](char c) { return ascii::is(c, ascii::ip_literal); });
  }
  return !host.empty() && host.size() <= 253 &&
         std::all_of(host.begin(), host.end(), [](char c) { return ascii::is(c, ascii::dns_name); });
}

bool plausible_port(std::string_view port) {
  return !port.empty() && port.size() <= 5 &&
         std::all_of(port.begin(), port.end(), [](char c) { return c >= '0' && c <= '9'; }) &&
         std::stoul(std::string(port)) <= 65535;
}

}  // namespace

std::string referrer_origin(std::string_view referrer) {
  const auto scheme_end = referrer.find("://");
  if (scheme_end == std::string_view::npos) return {};
  const std::string scheme = ascii::to_lower(referrer.substr(0, scheme_end));
  if (scheme != "http" && scheme != "https") return {};
  auto authority = referrer.substr(scheme_end + 3);
  authority = authority.substr(0, authority.find_first_of("/?#"));
  if (const auto at = authority.rfind('@'); at != std::string_view::npos) authority.remove_prefix(at + 1);
  std::string_view host = authority;
  std::string_view port;
  // The port follows the last colon, unless that colon is inside an IPv6 literal.
  if (const auto colon = authority.rfind(':'); colon != std::string_view::npos && authority.back() != ']') {
    host = authority.substr(0, colon);
    port = authority.substr(colon + 1);
    if (!plausible_port(port)) return {};
  }
  if (!plausible_host(host)) return {};
  std::string out = scheme + "://" + ascii::to_lower(host);
  if (!port.empty()) out += ":" + std::string(port);
  return out;
}

std::string_view origin_host(std::string_view origin) {
  const auto scheme_end = origin.find("://");
  if (scheme_end == std::string_view::npos) return {};
  auto host = origin.substr(scheme_end + 3);
  if (!host.empty() && host.front() == '[') return host.substr(0, host.find(']') + 1);
  return host.substr(0, host.find(':'));
}

}  // namespace wavesites
