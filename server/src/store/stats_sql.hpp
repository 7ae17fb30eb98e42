#pragma once
/// The SQL of the stats tables (migration 006), written once for both stores in SQLite's ?N
/// placeholders (PostgreSQL gets $N).
#include <string>

#include "store/migrations.hpp"

namespace wavesites {

struct stats_statements {
  /// (day, salt): a day's salt, unless one is there already.
  std::string offer_salt;
  /// (day) -> salt
  std::string read_salt;
  /// (day, site, dimension, name, n): adds n.
  std::string add_count;
  /// (day, site, hash)
  std::string add_visitor;
  /// (day, site): the day's 'visitors' count set to its hashes' number.
  std::string count_visitors;
  /// (day): the hashes and salts of earlier days go.
  std::string forget_visitors;
  std::string forget_salts;
  /// (from, to) -> day, site, dimension, name, n
  std::string read;
  /// (from, to) -> day, site, kind, link, from, count
  std::string tally_clicks;
  /// (from, to) -> day, site, utm_source, count
  std::string tally_leads;
  /// (day): the counts of earlier days go ([retention] stats_days).
  std::string erase_before;
};

[[nodiscard]] const stats_statements& stats_sql(sql_dialect dialect);

}  // namespace wavesites
