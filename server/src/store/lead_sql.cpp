#include "store/lead_sql.hpp"

#include "store/lead.hpp"

namespace wavesites {

const std::string& lead_columns() {
  static const std::string columns = [] {
    std::string out;
    for (const auto& f : lead_fields) {
      if (!out.empty()) out += ", ";
      out += f.column;
    }
    return out;
  }();
  return columns;
}

std::string insert_sql(std::string_view table, const std::string& columns, std::size_t count, sql_dialect dialect) {
  std::string values;
  for (std::size_t i = 1; i <= count; ++i) {
    if (i > 1) values += ", ";
    values += dialect == sql_dialect::sqlite ? '?' : '$';
    values += std::to_string(i);
  }
  return "INSERT INTO " + std::string(table) + " (" + columns + ") VALUES (" + values + ")";
}

std::string lead_insert_sql(sql_dialect dialect) {
  return insert_sql("leads", lead_columns(), lead_fields.size(), dialect);
}

}  // namespace wavesites
