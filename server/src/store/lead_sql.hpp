#pragma once
/// The SQL of table `leads`, derived from the field table (store/lead.hpp) so that both stores
/// bind and read the columns in one order that nobody writes out by hand.
#include <cstddef>
#include <string>
#include <string_view>

#include "store/migrations.hpp"

namespace wavesites {

/// "id, received_at, ...": every column, in lead_fields order.
[[nodiscard]] const std::string& lead_columns();

/// "INSERT INTO leads (<columns>) VALUES (<one placeholder per column>)" in the dialect's
/// placeholder style (?1 for SQLite, $1 for PostgreSQL).
[[nodiscard]] std::string lead_insert_sql(sql_dialect dialect);

/// "INSERT INTO <table> (<columns>) VALUES (<count placeholders>)" in the dialect's placeholder
/// style: what every table whose fields are listed once (leads, clicks) inserts with.
[[nodiscard]] std::string insert_sql(std::string_view table, const std::string& columns, std::size_t count,
                                     sql_dialect dialect);

}  // namespace wavesites
