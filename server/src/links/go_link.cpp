#include "links/go_link.hpp"

#include <algorithm>

#include "http/query.hpp"
#include "sites/catalog.hpp"

namespace wavesites {
namespace {

constexpr std::string_view go_prefix = "/go/";

/// The first value of `name` in `query`, decoded; empty when absent or malformed.
std::string query_param(std::string_view query, std::string_view name) {
  const auto value = query_value(query, name);
  return value ? decode_query_value(*value).value_or(std::string()) : std::string();
}

bool contains(std::string_view text, std::string_view word) {
  return text.find(word) != std::string_view::npos;
}

/// `url` with name=value added to its query (before any fragment).
std::string with_param(std::string_view url, std::string_view name, std::string_view value) {
  const auto hash = url.find('#');
  std::string out(url.substr(0, hash));
  out += out.find('?') == std::string::npos ? '?' : '&';
  out += name;
  out += '=';
  out += value;  // site names and article ids: letters, digits and '-' (checked where they come from)
  if (hash != std::string_view::npos) out += url.substr(hash);
  return out;
}

bool tag_safe(std::string_view text) {
  return !text.empty() && text.size() <= 64 && std::all_of(text.begin(), text.end(), [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' || c == '_';
  });
}

}  // namespace

link_platform platform_of(std::string_view ua) {
  // iPadOS asks for desktop pages with a Mac User-Agent; only what says so is told apart.
  if (contains(ua, "iPhone") || contains(ua, "iPad") || contains(ua, "iPod")) return link_platform::ios;
  if (contains(ua, "Android")) return link_platform::android;
  return link_platform::other;
}

bool is_go_path(std::string_view path) {
  return path == "/go" || path.starts_with(go_prefix);
}

std::optional<go_redirect> go_link(const catalog& cat, const route_set& set, const request_head& head) {
  const std::string_view path = head.path();
  if (!path.starts_with(go_prefix)) return std::nullopt;
  // The slug exactly as the path carries it: an escape, a slash, a dot or anything past 64 bytes
  // is not a slug, so no decoding can turn a path into some other destination.
  const std::string_view slug = path.substr(go_prefix.size());
  if (!valid_link_slug(slug)) return std::nullopt;
  const link_target* link = cat.links().find(slug);
  if (!link) return std::nullopt;

  go_redirect out;
  out.click.site = set.name;
  out.click.host = std::string_view(head.host).substr(0, 255);
  out.click.slug = slug;
  out.destination = &link->url;
  out.head = &link->url_head;
  out.click.destination = "url";
  switch (platform_of(head.user_agent)) {
    case link_platform::ios:
      if (!link->ios.empty()) out.destination = &link->ios, out.head = &link->ios_head, out.click.destination = "ios";
      break;
    case link_platform::android:
      if (!link->android.empty()) {
        out.destination = &link->android, out.head = &link->android_head, out.click.destination = "android";
      }
      break;
    case link_platform::other:
      break;
  }
  // The article it came from: one of the site's, else ignored. On the prefixed route set the
  // page says which site it is.
  if (const std::string_view query = head.query(); !query.empty()) {
    const std::string site = set.name == "prefixed" ? query_param(query, "site") : set.name;
    if (const auto from = query_param(query, "from"); !from.empty() && tag_safe(site)) {
      out.click.from = cat.article_id(site, from);
    }
    if (!link->subid_param.empty() && !out.click.from.empty() && tag_safe(out.click.from)) {
      out.tagged = with_param(*out.destination, link->subid_param, site + "-" + out.click.from);
    }
  }
  out.crawler = cat.crawlers().matches(head.user_agent);
  return out;
}

response go_response(std::string_view location) {
  response r;
  r.status = go_redirect::status;
  r.content_type = "text/plain; charset=utf-8";
  r.cache_control = "private, no-store";
  r.headers.emplace_back("Location", std::string(location));
  r.headers.emplace_back("X-Robots-Tag", "noindex, nofollow");
  return r;
}

std::string go_head(std::string_view location) {
  std::string head;
  serialize_head_into(head, go_response(location), true, 11, {}, {}, {});
  head.resize(head.size() - 2);  // the blank line: the session adds its own lines before it
  return head;
}

}  // namespace wavesites
