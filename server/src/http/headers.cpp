#include "http/headers.hpp"

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
    default:
      return "Unknown";
  }
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
