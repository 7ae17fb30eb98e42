#pragma once
/// manifest.json, the web build's table of contents (docs/manifest.md), read into plain structs
/// and checked: every page id a route names exists, file names stay inside the bundle, every
/// setting a page takes is declared. Nothing here reads the pages themselves.
#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "links/link_registry.hpp"
#include "sites/settings.hpp"
#include "util/result.hpp"

namespace wavesites {

/// The manifest version this server reads.
inline constexpr int manifest_version = 2;

struct manifest_page {
  std::string id;
  std::string file;                                        ///< one file for every visitor, or
  std::vector<std::pair<std::string, std::string>> langs;  ///< language -> file, picked by the lang cookie
  std::string default_lang;
  std::vector<std::string> script_hashes;  ///< "sha256-..." of its inline scripts, for its CSP
  std::vector<std::string> fill;           ///< settings whose tokens the server fills in at start
  /// CSP directive -> settings whose URL's origin the directive also allows.
  std::vector<std::pair<std::string, std::vector<std::string>>> csp;
};

struct manifest_detail {
  std::string prefix;                                    ///< ends with "/"; the id is the one path segment after it
  bool numeric = false;                                  ///< ids are decimal numbers ("01" is "1")
  std::vector<std::pair<std::string, std::string>> ids;  ///< known id -> page id
  std::string empty;                                     ///< page id of any other id (404)
  std::vector<std::string> gone;  ///< ids of expired articles: 410 Gone with the route set's not-found page
};

struct manifest_route_set {
  std::string name;  ///< "prefixed", or the name of a site (its online route set)
  std::vector<std::pair<std::string, std::string>> routes;  ///< exact path -> page id
  std::vector<manifest_detail> details;
  std::string not_found;       ///< page id of everything else (404)
  std::string entry;           ///< a path worth opening first
  std::string prefixed_entry;  ///< online route sets: the site's entry in the prefixed route set
  /// Header lines on every answer on this route set (the prefixed set's "X-Robots-Tag: noindex").
  std::vector<std::pair<std::string, std::string>> headers;
};

struct manifest_static {
  std::string path;
  std::string file;
  bool immutable = false;
};

/// Known crawlers' User-Agents: plain text to find anywhere, and regular expressions.
struct manifest_crawlers {
  std::vector<std::string> literals;
  std::vector<std::string> patterns;
};

/// A later edition of the bundle (docs/manifest.md, "Editions"): from `at_ms` on, the pages
/// are those of `file`, a manifest beside manifest.json.
struct manifest_edition {
  std::int64_t at_ms = 0;  ///< milliseconds since 1970, UTC
  std::string at;          ///< as written, for messages
  std::string file;        ///< "manifest.<n>.json"
};

struct manifest {
  std::vector<setting_declaration> settings;
  std::vector<manifest_page> pages;
  std::vector<manifest_route_set> route_sets;
  std::vector<manifest_static> statics;
  std::vector<link_spec> links;  ///< the link registry the content was written against
  manifest_crawlers crawlers;
  /// file -> its canonical path and language: the pages whose views count (stats/).
  std::vector<std::pair<std::string, std::pair<std::string, std::string>>> views;
  std::string dashboard;                   ///< the stats dashboard's page, served at /stats/; empty: none
  std::vector<manifest_edition> editions;  ///< later editions, in order of their moments
  /// A writer's preview build (make preview): reloaded after every save, so what the server
  /// compresses itself it compresses fast rather than small.
  bool preview = false;
};

/// Parses and checks manifest.json's text.
[[nodiscard]] result<manifest> parse_manifest(std::string_view json_text);

/// Reads `web_dir`/manifest.json; the error says how to get one.
[[nodiscard]] result<manifest> read_manifest(const std::filesystem::path& web_dir,
                                             const std::string& file = "manifest.json");

/// The bundle in force at `now_ms`: manifest.json, or the latest of its editions whose moment
/// has come; and the moment of the next edition after `now_ms` (0: none).
struct manifest_in_force {
  manifest m;
  std::string file;
  std::int64_t next_ms = 0;
};
[[nodiscard]] result<manifest_in_force> read_manifest_at(const std::filesystem::path& web_dir, std::int64_t now_ms);

/// The bundle's sites: its route sets but "prefixed".
[[nodiscard]] std::vector<std::string> site_names(const manifest& m);

}  // namespace wavesites
