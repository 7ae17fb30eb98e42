#pragma once
/// The sites as the server sees them: the web bundle's manifest and every file it names, loaded
/// once into memory with a ready header block per (file, encoding, status). Nothing here is
/// site-specific: routes, ids, pages and the settings pages take all come from manifest.json.
#include <cstddef>
#include <cstdint>
#include <deque>
#include <memory>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "config/config.hpp"
#include "links/crawlers.hpp"
#include "links/link_registry.hpp"
#include "sites/body_file.hpp"
#include "sites/resource.hpp"
#include "sites/route_set.hpp"
#include "util/result.hpp"

namespace wavesites {

class catalog {
 public:
  /// Loads the bundle in `web_dir`: reads manifest.json, gives the pages the settings of `cfg`
  /// (or their defaults), and loads every file the manifest names. The message of an error names
  /// the bundle, or the config file when a setting is at fault.
  ///
  /// A bundle with later editions (articles that go live or expire at set moments) is loaded as
  /// it stands at `at_ms` (milliseconds since 1970, UTC; by default now): its edition then.
  static result<std::unique_ptr<catalog>> load(const std::string& web_dir, const config& cfg,
                                               std::int64_t at_ms = now_ms());

  /// Milliseconds since 1970, UTC, by the system clock.
  [[nodiscard]] static std::int64_t now_ms();
  /// The moment the next edition takes over (0: none), and the manifest file this one came from.
  [[nodiscard]] std::int64_t next_edition_ms() const { return next_edition_ms_; }
  [[nodiscard]] const std::string& edition() const { return edition_; }

  [[nodiscard]] const route_set* find_route_set(std::string_view name) const;
  [[nodiscard]] const route_set& prefixed() const { return *prefixed_; }
  [[nodiscard]] const std::deque<route_set>& route_sets() const { return route_sets_; }
  [[nodiscard]] const resource* find_static(std::string_view path) const;
  /// The names of the route sets serving a page that takes a setting of `table` (the config
  /// table, such as "landing"): where that page can be reached.
  [[nodiscard]] std::vector<std::string> route_sets_taking(std::string_view table) const;
  [[nodiscard]] route_match route(const route_set& set, std::string_view path) const { return find_route(set, path); }

  [[nodiscard]] std::size_t file_count() const { return resources_.size(); }
  [[nodiscard]] std::size_t byte_count() const;
  /// Where /go/ sends readers: the bundle's link registry with the config's [links] over it.
  [[nodiscard]] const link_registry& links() const { return links_; }
  [[nodiscard]] const crawler_list& crawlers() const { return crawlers_; }
  /// The stats dashboard's page (api/stats_api.hpp), or null when the bundle has none.
  [[nodiscard]] const resource* dashboard() const { return dashboard_; }
  /// `id` as an article id of `site` (its online route set's detail pages), in canonical form
  /// ("07" is "7" where ids are numbers); empty when the site has no such article.
  [[nodiscard]] std::string article_id(std::string_view site, std::string_view id) const;

  /// Every language some page is prerendered in (pages with one file per language).
  [[nodiscard]] const std::vector<std::string>& languages() const { return languages_; }

  /// Bodies at least this large are sent with sendfile(2) from the body file; smaller ones are
  /// copied by sendmsg with their head. Measured under a CPU cap on Linux 6.18: a 9.8 KB gzip
  /// page costs 5-12% less CPU per answer copied than sent with sendfile (which now goes through
  /// the splice path), a 40 KB page copied costs 7-20% more. (On 6.1 the 9.8 KB page was 3-5%
  /// cheaper with sendfile: the crossover moves with the kernel; this is the one measured here.)
  static constexpr std::size_t sendfile_threshold = 16 * 1024;

  catalog(const catalog&) = delete;
  catalog& operator=(const catalog&) = delete;

 private:
  friend class catalog_builder;
  catalog() = default;

  std::deque<resource> resources_;
  std::deque<page> pages_;
  /// The settings each page takes (its manifest `fill` list), for route_sets_taking.
  std::unordered_map<const page*, std::vector<std::string>> page_settings_;
  std::deque<route_set> route_sets_;
  string_map<const resource*> statics_;
  const route_set* prefixed_ = nullptr;
  std::vector<std::string> languages_;
  std::int64_t next_edition_ms_ = 0;
  std::string edition_;
  link_registry links_;
  crawler_list crawlers_;
  const resource* dashboard_ = nullptr;
  body_file bodies_;
};

}  // namespace wavesites
