#pragma once
/// The stats report: what `wavesites stats` prints and `GET /stats/api` answers (docs/command-line.md,
/// "stats"), built from the store's daily counts, its click log and its leads.
#include <span>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "store/store.hpp"

namespace wavesites {

/// What the report needs to know of a site beyond its counts.
struct report_site {
  std::string name;
  /// Where its articles are ("/article-detail/"): a link's article id + this is the page it was
  /// clicked on, for the click-through rates. Empty for a site without articles.
  std::string article_prefix;
};

/// The sites of a bundle's route sets (the manifest's or the catalog's): each but the prefixed
/// preview set, with the prefix of its first article route.
template <class RouteSets>
[[nodiscard]] std::vector<report_site> report_sites_of(const RouteSets& sets) {
  std::vector<report_site> out;
  for (const auto& set : sets) {
    if (set.name == "prefixed") continue;
    out.push_back({set.name, set.details.empty() ? std::string() : std::string(set.details.front().prefix)});
  }
  return out;
}

struct report_query {
  std::string from;  ///< YYYY-MM-DD, UTC, included
  std::string to;    ///< YYYY-MM-DD, included
  std::string site;  ///< one site, or empty for all
};

/// The query of `wavesites stats` and /stats/api from its text parts, with their defaults (the
/// last 30 days up to `today`, every site); an error names the part that is wrong.
[[nodiscard]] result<report_query> make_report_query(const std::string& site, const std::string& from,
                                                     const std::string& to, const std::string& today,
                                                     std::span<const report_site> sites);

/// The report over `q` for `sites` (every site of the bundle; those with no data appear with
/// zeros). Only keys with data appear under pages, referrers, sources, mediums, campaigns, links
/// and ctr (a view without a campaign counts under the campaign ""); `visitors` over several
/// days is the sum of the daily unique visitors.
[[nodiscard]] result<nlohmann::ordered_json> build_report(store& db, const report_query& q,
                                                          std::span<const report_site> sites);

/// The report as a table for people, or as CSV rows (site, metric, name, value).
[[nodiscard]] std::string report_table(const nlohmann::ordered_json& report);
[[nodiscard]] std::string report_csv(const nlohmann::ordered_json& report);

/// `day` plus `days` (negative: before), as YYYY-MM-DD; empty when `day` is not a date.
[[nodiscard]] std::string shift_day(const std::string& day, int days);

}  // namespace wavesites
