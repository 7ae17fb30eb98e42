#pragma once
/// Settings: values an operator sets in the config file and pages take at start-up, such as the
/// landing page's App Store link. The server knows none of them: the web bundle's manifest
/// declares each one (its key, the form of its value, its default) and which pages take it; the
/// config file's tables the server does not own itself supply the values ("[landing]
/// app_store_url = ..." is setting "landing.app_store_url").
#include <map>
#include <span>
#include <string>
#include <string_view>

#include "config/config.hpp"
#include "util/result.hpp"

namespace wavesites {

enum class setting_type {
  text,   ///< any text
  url,    ///< an absolute http(s) URL
  email,  ///< an email address (pages link it with mailto:)
};

struct setting_declaration {
  std::string key;  ///< "table.key"
  setting_type type = setting_type::text;
  bool optional = false;  ///< an empty value is allowed (it then means "none")
  std::string default_value;
};

/// Setting key -> the value in force.
using setting_values = std::map<std::string, std::string, std::less<>>;

/// Why `value` is not a valid value of `d`, or empty when it is.
[[nodiscard]] std::string setting_problem(const setting_declaration& d, std::string_view value);

/// Every declared setting's value: the config's, else the declaration's default. Fails, naming
/// the key and the config file, on a value of the wrong form or a config key no page declares.
[[nodiscard]] result<setting_values> resolve_settings(std::span<const setting_declaration> declared, const config& cfg);

/// `text` with each token replaced by its setting's value, escaped for where the token stands:
/// "{{key}}" in HTML (text or a quoted attribute), "{{json:key}}" inside a JSON string (an
/// inline JSON script). "{{?key}}...{{/key}}" keeps what lies between only when the setting is
/// not empty, "{{^key}}...{{/key}}" only when it is. Only the settings in `allowed` may appear; any other token is an
/// error.
[[nodiscard]] result<std::string> fill_settings(std::string_view text, const setting_values& values,
                                                std::span<const std::string> allowed);

}  // namespace wavesites
