#pragma once
/// A click as the first-party click log keeps it (a landing page's store button, or a link
/// followed through /go/), and the one table of its fields: both stores and the export walk `click_fields`.
/// Deliberately without the visitor's address or user agent: the log counts clicks, it does not follow people.
#include <array>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "store/migrations.hpp"

namespace wavesites {

struct click_record {
  std::string id;                ///< sortable unique id (ULID)
  std::string clicked_at;        ///< UTC, ISO 8601 with milliseconds
  std::string site;              ///< the route set the request's host picked
  std::string host;              ///< the Host header
  std::string referrer;          ///< the page's referrer reduced to scheme://host[:port], or empty
  std::string kind = "landing";  ///< "landing" (the store button's beacon) or "link" (/go/)
  std::string link{};            ///< a link: its slug
  std::string from{};            ///< a link: the article it was followed from, or empty
  std::string destination{};     ///< a link: "ios", "android" or "url", the destination chosen
};

/// One field: its name in the export, its column in table `clicks`, where it lives in click_record.
struct click_field {
  std::string_view key;
  std::string_view column;
  std::string click_record::*text;
};

/// Every field of a click, in column order (the order of the export and of the SQL).
inline constexpr std::array<click_field, 9> click_fields{{
    {"id", "id", &click_record::id},
    {"clickedAt", "clicked_at", &click_record::clicked_at},
    {"site", "site", &click_record::site},
    {"host", "host", &click_record::host},
    {"referrerOrigin", "referrer_origin", &click_record::referrer},
    {"kind", "kind", &click_record::kind},
    {"link", "link", &click_record::link},
    {"from", "from_article", &click_record::from},
    {"destination", "destination", &click_record::destination},
}};

/// Every field under its key: the click as the JSON export shows it.
[[nodiscard]] nlohmann::json click_to_json(const click_record& click);

/// "id, clicked_at, ...": every column, in click_fields order.
[[nodiscard]] const std::string& click_columns();

/// "INSERT INTO clicks (<columns>) VALUES (...)" in the dialect's placeholder style.
[[nodiscard]] std::string click_insert_sql(sql_dialect dialect);

}  // namespace wavesites
