#pragma once
/// Header blocks shared by every response: the baseline security headers and the CSP builder.
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace wavesites {

/// What a page's Content-Security-Policy may allow beyond the site's own origin.
struct csp_extras {
  std::vector<std::string> script_hashes;  ///< "sha256-..." of inline scripts
  /// (directive, source) pairs for connect-src and img-src, e.g. ("connect-src",
  /// "https://tracking.example") for the landing page's tracking request.
  std::vector<std::pair<std::string, std::string>> sources;
};

/// CSP for an HTML page: only the site's own scripts (plus hashed inline ones), nothing framed.
std::string page_csp(const csp_extras& extras);

/// CSP for JSON and plain error answers: nothing may load.
std::string_view api_csp();

/// "X-Content-Type-Options: nosniff\r\n..." lines (ending in CRLF) including the given CSP.
std::string security_header_lines(std::string_view csp);

/// Whether browsers count a plain-HTTP page from `host` (a Host field value) as a secure context:
/// localhost, *.localhost, 127.x.y.z and [::1] (W3C Secure Contexts, "potentially trustworthy").
/// Headers that only work in a secure context mean something there over plain HTTP too.
bool loopback_host(std::string_view host);

/// Standard reason phrase, e.g. 404 -> "Not Found".
std::string_view reason_phrase(int status);

/// Origin ("https://host[:port]") of an absolute http(s) URL, or empty.
std::string origin_of(std::string_view url);

}  // namespace wavesites
