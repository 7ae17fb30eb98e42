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

std::string lead_insert_sql(sql_dialect dialect) {
  std::string values;
  for (std::size_t i = 1; i <= lead_fields.size(); ++i) {
    if (i > 1) values += ", ";
    values += dialect == sql_dialect::sqlite ? '?' : '$';
    values += std::to_string(i);
  }
  return "INSERT INTO leads (" + lead_columns() + ") VALUES (" + values + ")";
}

}  // namespace wavesites
