#pragma once
/// One entry of the link registry as it is written down, in the web bundle or in the config's
/// [links] table (links/link_registry.hpp puts them together).
#include <optional>
#include <string>

namespace wavesites {

/// A slug's destinations as the bundle or the config give them. In the bundle a destination
/// may be a template of the pages' own settings ("{{landing.app_store_url}}", optionally followed
/// by "?ct={{landing.app_store_ct}}&..."), filled in with the settings in force.
struct link_spec {
  std::string slug;
  std::optional<std::string> url, ios, android, subid_param;
  std::string where;  ///< for messages: "links.<slug>" and the config's line, or the bundle
};

}  // namespace wavesites
