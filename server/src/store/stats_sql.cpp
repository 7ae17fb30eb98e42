#include "store/stats_sql.hpp"

#include "store/outbox_sql.hpp"

namespace wavesites {
namespace {

stats_statements make(sql_dialect dialect) {
  stats_statements s{
      .offer_salt = "INSERT INTO stats_salts (day, salt) VALUES (?1, ?2) ON CONFLICT (day) DO NOTHING",
      .read_salt = "SELECT salt FROM stats_salts WHERE day = ?1",
      .add_count =
          "INSERT INTO stats_daily (day, site, dimension, name, n) VALUES (?1, ?2, ?3, ?4, ?5) "
          "ON CONFLICT (day, site, dimension, name) DO UPDATE SET n = stats_daily.n + excluded.n",
      .add_visitor = "INSERT INTO stats_visitors (day, site, hash) VALUES (?1, ?2, ?3) ON CONFLICT DO NOTHING",
      .count_visitors =
          "INSERT INTO stats_daily (day, site, dimension, name, n) "
          "SELECT day, site, 'visitors', '', count(*) FROM stats_visitors WHERE day = ?1 AND site = ?2 "
          "GROUP BY day, site ON CONFLICT (day, site, dimension, name) DO UPDATE SET n = excluded.n",
      .forget_visitors = "DELETE FROM stats_visitors WHERE day < ?1",
      .forget_salts = "DELETE FROM stats_salts WHERE day < ?1",
      .read = "SELECT day, site, dimension, name, n FROM stats_daily WHERE day >= ?1 AND day <= ?2",
      .tally_clicks =
          "SELECT substr(clicked_at, 1, 10) AS d, site, kind, link, from_article, count(*) FROM clicks "
          "WHERE substr(clicked_at, 1, 10) >= ?1 AND substr(clicked_at, 1, 10) <= ?2 "
          "GROUP BY d, site, kind, link, from_article",
      .tally_leads =
          "SELECT substr(received_at, 1, 10) AS d, official_website_name, attr_utm_source, count(*) FROM leads "
          "WHERE substr(received_at, 1, 10) >= ?1 AND substr(received_at, 1, 10) <= ?2 "
          "GROUP BY d, official_website_name, attr_utm_source",
      .erase_before = "DELETE FROM stats_daily WHERE day < ?1",
  };
  if (dialect == sql_dialect::postgresql) {
    for (auto* text : {&s.offer_salt, &s.read_salt, &s.add_count, &s.add_visitor, &s.count_visitors, &s.forget_visitors,
                       &s.forget_salts, &s.read, &s.tally_clicks, &s.tally_leads, &s.erase_before}) {
      *text = postgres_placeholders(*text);
    }
  }
  return s;
}

}  // namespace

const stats_statements& stats_sql(sql_dialect dialect) {
  static const stats_statements sqlite = make(sql_dialect::sqlite);
  static const stats_statements postgresql = make(sql_dialect::postgresql);
  return dialect == sql_dialect::sqlite ? sqlite : postgresql;
}

}  // namespace wavesites
