#include "links/link_spec.hpp"

#include <algorithm>
#include <cctype>

#include "util/ascii.hpp"

namespace wavesites {
namespace {

bool is_slug_char(char c) {
  return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-';
}

}  // namespace

bool valid_link_slug(std::string_view slug) {
  return !slug.empty() && slug.size() <= 64 && std::all_of(slug.begin(), slug.end(), is_slug_char);
}

std::string link_destination_problem(std::string_view url) {
  const auto bad_byte = [](unsigned char c) {
    return c <= ' ' || c == 0x7f || c >= 0x80 || c == '"' || c == '\'' || c == '<' || c == '>' || c == '\\' || c == '`';
  };
  const std::string shown = "\"" + std::string(url.substr(0, 200)) + "\"";
  if (std::any_of(url.begin(), url.end(), bad_byte)) return shown + " has a character a URL cannot carry as it is";
  if (url.size() > 2048) return shown + " is longer than 2048 bytes";
  const std::string scheme = ascii::to_lower(url.substr(0, url.find(':')));
  if (scheme != "https" || url.substr(scheme.size(), 3) != "://") return shown + " is not an https URL";
  const auto rest = url.substr(scheme.size() + 3);
  const auto authority = rest.substr(0, rest.find_first_of("/?#"));
  if (authority.find('@') != std::string_view::npos) return shown + " carries a user name";
  auto host =
      authority.substr(0, authority.rfind(':') == std::string_view::npos ? authority.size() : authority.rfind(':'));
  if (const auto colon = authority.rfind(':'); colon != std::string_view::npos) {
    const auto port = authority.substr(colon + 1);
    if (port.empty() || port.size() > 5 ||
        !std::all_of(port.begin(), port.end(), [](char c) { return c >= '0' && c <= '9'; }) ||
        std::stoul(std::string(port)) > 65535) {
      return shown + " has a bad port";
    }
  }
  const bool name_chars = std::all_of(host.begin(), host.end(), [](char c) { return ascii::is(c, ascii::dns_name); });
  if (host.empty() || !name_chars || host.find('.') == std::string_view::npos || host.front() == '.' ||
      host.back() == '.' || host.find("..") != std::string_view::npos) {
    return shown + " has no public host name";
  }
  return {};
}

std::string subid_param_problem(std::string_view name) {
  const bool ok = !name.empty() && name.size() <= 64 && std::all_of(name.begin(), name.end(), [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '_' || c == '.' || c == '~' || c == '-';
  });
  return ok ? std::string() : "\"" + std::string(name.substr(0, 80)) + "\" is not a query parameter name";
}

}  // namespace wavesites
