#include "sites/settings.hpp"

#include <algorithm>
#include <cctype>
#include <cstdio>

namespace wavesites {
namespace {

bool is_absolute_http_url(std::string_view url) {
  const bool scheme_ok = url.starts_with("https://") || url.starts_with("http://");
  const auto sep = url.find("://");
  const auto rest = sep == std::string_view::npos ? url : url.substr(sep + 3);
  const auto authority = rest.substr(0, rest.find_first_of("/?#"));
  // Nothing that could end an HTML attribute or a URL: the value goes into pages and a CSP.
  const bool bad_char = std::any_of(url.begin(), url.end(), [](unsigned char c) {
    return c <= 0x20 || c >= 0x7f || c == '"' || c == '\'' || c == '<' || c == '>' || c == '\\' || c == '`';
  });
  return scheme_ok && !authority.empty() && authority.find('@') == std::string_view::npos && !bad_char;
}

/// An address a mailto: link can carry as it is: one "@" between a local part and a domain with
/// a dot, nothing that would need escaping in a URL or an attribute, at most 254 characters.
bool is_email_address(std::string_view v) {
  const auto at = v.find('@');
  if (v.size() > 254 || at == 0 || at == std::string_view::npos || v.find('@', at + 1) != std::string_view::npos) {
    return false;
  }
  const auto domain = v.substr(at + 1);
  const bool dotted = domain.find('.') != std::string_view::npos && !domain.starts_with('.') && !domain.ends_with('.');
  const auto ok = [](unsigned char c) {
    return std::isalnum(c) != 0 || c == '.' || c == '-' || c == '_' || c == '+' || c == '@';
  };
  return dotted && std::all_of(v.begin(), v.end(), ok);
}

void append_html_escaped(std::string& out, std::string_view s) {
  for (char c : s) {
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      case '\'':
        out += "&#39;";
        break;
      default:
        out += c;
    }
  }
}

/// The inside of a JSON string that is safe in an HTML <script>: no quote or backslash
/// unescaped, and no "<", ">" or "&" that could end the script or start a comment.
void append_json_escaped(std::string& out, std::string_view s) {
  static constexpr char hex[] = "0123456789abcdef";
  for (std::size_t i = 0; i < s.size(); ++i) {
    const auto c = static_cast<unsigned char>(s[i]);
    if (c == '"' || c == '\\') {
      out += '\\';
      out += static_cast<char>(c);
    } else if (c < 0x20 || c == '<' || c == '>' || c == '&') {
      out += "\\u00";
      out += hex[c >> 4];
      out += hex[c & 15];
    } else if (c == 0xE2 && i + 2 < s.size() && static_cast<unsigned char>(s[i + 1]) == 0x80 &&
               (static_cast<unsigned char>(s[i + 2]) == 0xA8 || static_cast<unsigned char>(s[i + 2]) == 0xA9)) {
      out += static_cast<unsigned char>(s[i + 2]) == 0xA8 ? "\\u2028" : "\\u2029";  // line breaks to old parsers
      i += 2;
    } else {
      out += static_cast<char>(c);
    }
  }
}

}  // namespace

std::string setting_problem(const setting_declaration& d, std::string_view value) {
  if (value.empty()) return d.optional ? std::string{} : "must not be empty";
  if (d.type == setting_type::url && !is_absolute_http_url(value)) {
    return "\"" + std::string(value) + "\" is not an absolute http(s) URL";
  }
  if (d.type == setting_type::email && !is_email_address(value)) {
    return "\"" + std::string(value) + "\" is not an email address (name@domain.example)";
  }
  return {};
}

result<setting_values> resolve_settings(std::span<const setting_declaration> declared, const config& cfg) {
  setting_values out;
  for (const auto& d : declared) out.emplace(d.key, d.default_value);
  for (const auto& [key, entry] : cfg.settings) {
    const auto d = std::find_if(declared.begin(), declared.end(), [&k = key](const auto& x) { return x.key == k; });
    if (d == declared.end()) return error{cfg.source + ": unknown key '" + key + "'" + entry.where};
    if (const auto problem = setting_problem(*d, entry.value); !problem.empty()) {
      return error{cfg.source + ": " + key + ": " + problem + entry.where};
    }
    out[key] = entry.value;
  }
  return out;
}

namespace {

/// Appends `text` to `out` with its tokens filled; an error message, or empty.
std::string fill_into(std::string& out, std::string_view text, const setting_values& values,
                      std::span<const std::string> allowed) {
  std::size_t pos = 0;
  for (;;) {
    const auto open = text.find("{{", pos);
    out.append(text.substr(pos, open - pos));
    if (open == std::string_view::npos) return {};
    const auto close = text.find("}}", open + 2);
    if (close == std::string_view::npos) return "an unclosed \"{{\" setting token";
    const std::string_view token = text.substr(open + 2, close - open - 2);
    pos = close + 2;
    const bool inverted = token.starts_with('^');
    const bool section = inverted || token.starts_with('?');
    const bool json = token.starts_with("json:");
    const std::string_view key = token.substr(section ? 1 : json ? 5 : 0);
    const auto value = values.find(key);
    if (value == values.end() || std::find(allowed.begin(), allowed.end(), key) == allowed.end()) {
      return "token {{" + std::string(token) + "}} names no setting the page declares";
    }
    if (section) {
      // {{?key}}...{{/key}}: what lies between is kept (and filled) only when the setting is set;
      // {{^key}}...{{/key}} only when it is empty.
      const std::string end_token = "{{/" + std::string(key) + "}}";
      const auto end = text.find(end_token, pos);
      if (end == std::string_view::npos) return "token {{" + std::string(token) + "}} is never closed";
      // A dropped section is filled too, into nothing, so its tokens are checked whatever the config.
      std::string dropped;
      auto& into = value->second.empty() != inverted ? dropped : out;
      if (auto problem = fill_into(into, text.substr(pos, end - pos), values, allowed); !problem.empty()) {
        return problem;
      }
      pos = end + end_token.size();
    } else if (json) {
      append_json_escaped(out, value->second);
    } else {
      append_html_escaped(out, value->second);
    }
  }
}

}  // namespace

result<std::string> fill_settings(std::string_view text, const setting_values& values,
                                  std::span<const std::string> allowed) {
  std::string out;
  out.reserve(text.size() + 256);
  if (auto problem = fill_into(out, text, values, allowed); !problem.empty()) return error{std::move(problem)};
  return out;
}

}  // namespace wavesites
