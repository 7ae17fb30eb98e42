#pragma once
/// Responses made at run time (API answers, errors). Pages never come through here: they are
/// prepared once by the catalog.
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

namespace wavesites {

struct response {
  int status = 200;
  std::string content_type = "application/json; charset=utf-8";
  std::string body;
  std::vector<std::pair<std::string, std::string>> headers;  ///< extra headers, e.g. Retry-After
  std::string cache_control = "no-store";
  bool close = false;  ///< close the connection afterwards
  /// The security header lines (http/headers.hpp) when not an API answer's: a page made at run
  /// time (the stats dashboard) takes a page's CSP.
  std::string security;
};

/// `{"code": status, "msg": msg, "data": data}`, the shape of every API answer.
response json_response(int status, std::string_view msg, nlohmann::json data = nullptr);

/// An error answer; `extra` fields (e.g. "errors") are merged into the top-level object.
response json_error(int status, std::string_view msg, nlohmann::json extra = nlohmann::json::object());

/// A short plain-text answer for protocol errors (400, 405, 431...).
response text_response(int status, std::string_view text);

/// Status line and headers (ending with the blank line) for `r`, including the security headers.
/// `keep_alive`/`version` decide the Connection header; `date_line` is "Date: ...\r\n"; `extra`
/// is more header lines, each CRLF-terminated.
std::string serialize_head(const response& r, bool keep_alive, unsigned version, std::string_view date_line,
                           std::string_view extra = {});
/// The same into `out`, whose storage is reused (a connection's answers cost no allocation),
/// with `last` (more CRLF-terminated lines) after every other header.
void serialize_head_into(std::string& out, const response& r, bool keep_alive, unsigned version,
                         std::string_view date_line, std::string_view extra, std::string_view last);

}  // namespace wavesites
