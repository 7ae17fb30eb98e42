#include "http/response.hpp"

#include "http/headers.hpp"

namespace wavesites {

response json_response(int status, std::string_view msg, nlohmann::json data) {
  response r;
  r.status = status;
  nlohmann::json body = {{"code", status}, {"msg", std::string(msg)}, {"data", std::move(data)}};
  r.body = body.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
  return r;
}

response json_error(int status, std::string_view msg, nlohmann::json extra) {
  response r;
  r.status = status;
  nlohmann::json body = {{"code", status}, {"msg", std::string(msg)}, {"data", nullptr}};
  for (auto& [k, v] : extra.items()) body[k] = v;
  r.body = body.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
  return r;
}

response text_response(int status, std::string_view text) {
  response r;
  r.status = status;
  r.content_type = "text/plain; charset=utf-8";
  r.body = std::string(text) + "\n";
  return r;
}

void serialize_head_into(std::string& h, const response& r, bool keep_alive, unsigned version,
                         std::string_view date_line, std::string_view extra, std::string_view last) {
  static const std::string security = security_header_lines(api_csp());
  h.clear();
  h.reserve(384 + last.size());
  h += "HTTP/1.1 ";
  h += std::to_string(r.status);
  h += ' ';
  h += reason_phrase(r.status);
  // A 204 has no body, and says nothing about one (RFC 9110, 8.6).
  if (r.status != 204) {
    h += "\r\nContent-Type: ";
    h += r.content_type;
    h += "\r\nContent-Length: ";
    h += std::to_string(r.body.size());
  }
  h += "\r\nCache-Control: ";
  h += r.cache_control;
  h += "\r\n";
  for (const auto& [k, v] : r.headers) {
    h += k;
    h += ": ";
    h += v;
    h += "\r\n";
  }
  h += r.security.empty() ? security : r.security;
  h += extra;
  h += date_line;
  if (!keep_alive || r.close) {
    h += "Connection: close\r\n";
  } else if (version == 10) {
    h += "Connection: keep-alive\r\n";
  }
  h += last;
  h += "\r\n";
}

std::string serialize_head(const response& r, bool keep_alive, unsigned version, std::string_view date_line,
                           std::string_view extra) {
  std::string h;
  serialize_head_into(h, r, keep_alive, version, date_line, extra, {});
  return h;
}

}  // namespace wavesites
