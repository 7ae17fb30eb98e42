#include "store/click.hpp"

#include "store/lead_sql.hpp"

namespace wavesites {

nlohmann::json click_to_json(const click_record& click) {
  nlohmann::json out = nlohmann::json::object();
  for (const auto& f : click_fields) out[std::string(f.key)] = click.*f.text;
  return out;
}

const std::string& click_columns() {
  static const std::string columns = [] {
    std::string out;
    for (const auto& f : click_fields) out += (out.empty() ? "" : ", ") + std::string(f.column);
    return out;
  }();
  return columns;
}

std::string click_insert_sql(sql_dialect dialect) {
  return insert_sql("clicks", click_columns(), click_fields.size(), dialect);
}

}  // namespace wavesites
