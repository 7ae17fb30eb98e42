#pragma once
/// The visit counts as the store keeps them (migration 006): per UTC day, site, dimension and
/// name, a number; the day's visitor hashes, kept only while their salt lives; and the tallies of
/// clicks and leads the stats report reads beside them. Nothing here is about a person.
#include <cstdint>
#include <string>
#include <vector>

namespace wavesites {

/// One count of a day: how many views of `site` had `name` in `dimension` ("page" "/", "device"
/// "mobile", "views" "" for all of them...). In a batch, `n` is added to what the store holds.
struct stats_count {
  std::string day;  ///< YYYY-MM-DD, UTC
  std::string site;
  std::string dimension;
  std::string name;
  std::uint64_t n = 0;
};

/// A visitor of a day: the keyed hash of (the day's salt, site, address, User-Agent).
struct visitor_mark {
  std::string day;
  std::string site;
  std::string hash;  ///< hex
};

/// What one flush writes, in one transaction.
struct stats_batch {
  std::vector<stats_count> counts;
  std::vector<visitor_mark> visitors;
  [[nodiscard]] bool empty() const { return counts.empty() && visitors.empty(); }
};

/// Clicks of a day, by route set, kind ("landing" or "link"), link and article.
struct click_tally {
  std::string day;
  std::string site;
  std::string kind;
  std::string link;
  std::string from;
  std::uint64_t n = 0;
};

/// Leads of a day, by site and the utm_source they came with ("" when none).
struct lead_tally {
  std::string day;
  std::string site;
  std::string source;
  std::uint64_t n = 0;
};

}  // namespace wavesites
