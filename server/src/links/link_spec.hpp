#pragma once
/// One entry of the link registry as it is written down, in the web bundle or in the config's
/// [links] table (links/link_registry.hpp puts them together), and the rules a valid one follows.
/// Apart from the registry, which needs the sites' settings, because the config checks its own
/// [links] with these rules and the sites read the config: this header sits below the config in
/// the layer order (scripts/check-layers.py).
#include <optional>
#include <string>
#include <string_view>

namespace wavesites {

/// A slug's destinations as the bundle or the config give them. In the bundle a destination
/// may be a template of the pages' own settings ("{{landing.app_store_url}}", optionally followed
/// by "?ct={{landing.app_store_ct}}&..."), filled in with the settings in force.
struct link_spec {
  std::string slug;
  std::optional<std::string> url, ios, android, subid_param;
  std::string where;  ///< for messages: "links.<slug>" and the config's line, or the bundle
};

/// 1 to 64 of a-z, 0-9 and '-'.
[[nodiscard]] bool valid_link_slug(std::string_view slug);

/// Why `url` cannot be a destination, or empty when it can: an https URL with a public host
/// name, no user info, and no byte that could end a header or an attribute.
[[nodiscard]] std::string link_destination_problem(std::string_view url);

/// Why `name` cannot be a subid parameter, or empty when it can.
[[nodiscard]] std::string subid_param_problem(std::string_view name);

}  // namespace wavesites
