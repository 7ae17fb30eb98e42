#include "http/headers.hpp"
#include "util/ascii.hpp"

#include <boost/beast/http/status.hpp>

namespace wavesites {

// No inline style either: the pages carry none (no style attribute, no <style>), and the browser
// tests report any CSP violation, so a style that sneaks in is caught there.
std::string page_csp(const csp_extras& extras) {
  const auto with_extras = [&](std::string_view directive, std::string base) {
    for (const auto& [d, source] : extras.sources) {
      if (d == directive) base += " " + source;
    }
    return base;
  };
  std::string scripts = "'self'";
  for (const auto& h : extras.script_hashes) scripts += " '" + h + "'";
  return "default-src 'self'; script-src " + scripts + "; style-src 'self'; img-src " +
         with_extras("img-src", "'self' data:") + "; font-src 'self'; connect-src " +
         with_extras("connect-src", "'self'") +
         "; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'";
}

std::string_view api_csp() {
  return "default-src 'none'; frame-ancestors 'none'";
}

std::string security_header_lines(std::string_view csp) {
  std::string out;
  out.reserve(200 + csp.size());
  out += "X-Content-Type-Options: nosniff\r\n";
  out += "Referrer-Policy: strict-origin-when-cross-origin\r\n";
  out += "X-Frame-Options: DENY\r\n";
  // Nothing the sites use: no camera, microphone, location, sensors, payments or USB.
  out +=
      "Permissions-Policy: accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), "
      "microphone=(), payment=(), usb=()\r\n";
  out += "Cross-Origin-Resource-Policy: same-site\r\n";
  out += "Content-Security-Policy: ";
  out += csp;
  out += "\r\n";
  return out;
}

std::string_view reason_phrase(int status) {
  switch (status) {
    case 200:
      return "OK";
    case 204:
      return "No Content";
    case 302:
      return "Found";
    case 304:
      return "Not Modified";
    case 400:
      return "Bad Request";
    case 403:
      return "Forbidden";
    case 404:
      return "Not Found";
    case 405:
      return "Method Not Allowed";
    case 410:
      return "Gone";
    case 408:
      return "Request Timeout";
    case 411:
      return "Length Required";
    case 413:
      return "Content Too Large";
    case 414:
      return "URI Too Long";
    case 415:
      return "Unsupported Media Type";
    case 417:
      return "Expectation Failed";
    case 429:
      return "Too Many Requests";
    case 431:
      return "Request Header Fields Too Large";
    case 500:
      return "Internal Server Error";
    case 501:
      return "Not Implemented";
    case 503:
      return "Service Unavailable";
    case 505:
      return "HTTP Version Not Supported";
    default: {
      // Every other registered status by its name in Beast's table (whose older names the
      // cases above replace with RFC 9110's): a 401 must never say "Unknown".
      const auto name = boost::beast::http::obsolete_reason(static_cast<boost::beast::http::status>(status));
      return {name.data(), name.size()};
    }
  }
}

bool loopback_host(std::string_view host) {
  if (host.starts_with('[')) return host.starts_with("[::1]") && (host.size() == 5 || host[5] == ':');
  if (const auto colon = host.rfind(':'); colon != std::string_view::npos) host = host.substr(0, colon);
  if (host.ends_with('.')) host.remove_suffix(1);
  if (ascii::iequals(host, "localhost")) return true;
  if (host.size() > 10 && ascii::iequals(host.substr(host.size() - 10), ".localhost")) return true;
  // 127.0.0.0/8 in dotted decimal: four numbers, the first 127.
  if (!host.starts_with("127.")) return false;
  int parts = 2;  // 127 and the one being read
  int digits = 0;
  for (const char c : host.substr(4)) {
    if (c == '.') {
      if (digits == 0) return false;
      ++parts;
      digits = 0;
    } else if (c >= '0' && c <= '9' && digits < 3) {
      ++digits;
    } else {
      return false;
    }
  }
  return parts == 4 && digits > 0;
}

std::string origin_of(std::string_view url) {
  const auto scheme_end = url.find("://");
  if (scheme_end == std::string_view::npos) return {};
  const auto scheme = url.substr(0, scheme_end);
  if (scheme != "http" && scheme != "https") return {};
  const auto rest = url.substr(scheme_end + 3);
  const auto end = rest.find_first_of("/?#");
  const auto authority = rest.substr(0, end);
  if (authority.empty()) return {};
  return std::string(scheme) + "://" + std::string(authority);
}

}  // namespace wavesites
