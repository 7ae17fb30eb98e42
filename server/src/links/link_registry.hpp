#pragma once
/// The link registry: every place the sites send a reader to, under a slug that /go/<slug>
/// answers with a redirect (docs/http-api.md, "Links out"). The web bundle brings the registry
/// the content was written against (content/links.toml, in manifest.json); the config's [links]
/// table overrides a slug's destinations or adds slugs, so a merchant's URL changes with a
/// reload, not a rebuild. Only what is here ever becomes a Location: nothing a request carries
/// is a destination.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "links/link_spec.hpp"
#include "sites/route_set.hpp"
#include "sites/settings.hpp"
#include "util/result.hpp"

namespace wavesites {

/// A slug's destinations, final.
struct link_target {
  std::string url;          ///< for everyone
  std::string ios;          ///< for iPhone, iPad and iPod; empty: `url`
  std::string android;      ///< for Android; empty: `url`
  std::string subid_param;  ///< the merchant's query parameter that takes our tag; empty: none
  /// The redirect's head to each destination, prepared once (links/go_link.hpp, go_head).
  std::string url_head;
  std::string ios_head;
  std::string android_head;
};

class link_registry {
 public:
  link_registry() = default;

  /// The bundle's links with the config's over them; `settings` fills the bundle's templates.
  /// An error names the slug as `links.<slug>`, and the config file when the config's entry is
  /// at fault.
  static result<link_registry> build(const std::vector<link_spec>& bundle, const std::vector<link_spec>& config_links,
                                     const setting_values& settings, std::string_view config_source);

  [[nodiscard]] const link_target* find(std::string_view slug) const;
  [[nodiscard]] std::size_t size() const { return links_.size(); }
  /// Every slug, sorted (for the start-up lines and the metrics).
  [[nodiscard]] std::vector<std::string> slugs() const;

 private:
  string_map<link_target> links_;
};

}  // namespace wavesites
