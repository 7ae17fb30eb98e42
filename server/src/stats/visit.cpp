#include "stats/visit.hpp"

#include <algorithm>

#include "config/config.hpp"
#include "http/origin.hpp"
#include "http/query.hpp"
#include "util/ascii.hpp"
#include "util/string_map.hpp"

namespace wavesites {
namespace {

bool has(std::string_view text, std::string_view word) {
  return text.find(word) != std::string_view::npos;
}

/// Whether the request's Host (any case, maybe with a port or a trailing dot) names `name`
/// (lower case, no port), without building a normalised copy.
bool same_host(std::string_view name, std::string_view host) {
  if (!host.empty() && host.front() != '[') {
    if (const auto colon = host.find(':'); colon != std::string_view::npos) host = host.substr(0, colon);
  } else if (!host.empty()) {
    host = host.substr(0, host.find(']') + 1);
  }
  while (!host.empty() && host.back() == '.') host.remove_suffix(1);
  return ascii::iequals(host, name);
}

}  // namespace

std::string_view device_name(device_class d) {
  switch (d) {
    case device_class::mobile:
      return "mobile";
    case device_class::tablet:
      return "tablet";
    case device_class::desktop:
      break;
  }
  return "desktop";
}

device_class device_of(std::string_view ua) {
  if (has(ua, "iPad") || has(ua, "Tablet") || has(ua, "Kindle") || has(ua, "Silk/")) return device_class::tablet;
  if (has(ua, "Android")) return has(ua, "Mobile") ? device_class::mobile : device_class::tablet;
  if (has(ua, "iPhone") || has(ua, "iPod") || has(ua, "Mobi") || has(ua, "Windows Phone")) return device_class::mobile;
  return device_class::desktop;
}

std::string utm_value(std::string_view query, std::string_view name) {
  const auto value = query_value(query, name);
  return value ? campaign_text(decode_query_value(*value).value_or(std::string())) : std::string();
}

std::string campaign_text(std::string_view text) {
  const auto first = text.find_first_not_of(" \t\r\n");
  if (first == std::string_view::npos) return {};
  std::string v = ascii::to_lower(text.substr(first, text.find_last_not_of(" \t\r\n") - first + 1));
  // No control bytes in a count's name; and at most 64 bytes, not cutting a character.
  v.erase(std::remove_if(v.begin(), v.end(), [](char c) { return static_cast<unsigned char>(c) < 0x20; }), v.end());
  if (v.size() > 64) {
    std::size_t cut = 64;
    while (cut > 0 && (static_cast<unsigned char>(v[cut]) & 0xC0) == 0x80) --cut;
    v.resize(cut);
  }
  return v;
}

std::string referrer_key(std::string_view referer, std::string_view host, std::span<const std::string> own_hosts) {
  if (referer.empty()) return "direct";
  // Readers of one page bring the same few Referers: each thread remembers their origins.
  struct memo {
    string_map<std::string> origins;
  };
  thread_local memo mine;
  auto it = mine.origins.find(referer);
  if (it == mine.origins.end()) {
    if (mine.origins.size() >= 4096) mine.origins.clear();
    it = mine.origins.emplace(std::string(referer), referrer_origin(referer)).first;
  }
  const std::string& origin = it->second;
  if (origin.empty()) return "direct";
  const std::string_view from = origin_host(origin);  // in lower case already
  if (same_host(from, host) || std::find(own_hosts.begin(), own_hosts.end(), from) != own_hosts.end()) {
    return "direct";
  }
  return origin;
}

bool is_prefetch(const request_head& head) {
  return head.prefetch;
}

}  // namespace wavesites
