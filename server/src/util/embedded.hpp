#pragma once
/// Data files embedded into the binary at build time (see CMakeLists.txt and tools/embed.cmake).
#include <span>
#include <string_view>

namespace wavesites::embedded {

/// The country list, generated from Debian's iso-codes by tools/gen_countries.py (JSON array).
extern const std::string_view countries_json;
/// rules/lead-form.json: the contact form's fields, options, limits and messages.
extern const std::string_view lead_rules_json;
extern const std::string_view resume_rules_json;

/// One file of src/store/sql.
struct sql_file {
  int version;            ///< its NNN
  std::string_view name;  ///< "NNN_name", without ".sql"
  std::string_view sql;
};

/// Every file of src/store/sql, in the order of their numbers, which run from 1 without a gap
/// (CMakeLists.txt collects them and refuses to build otherwise).
extern const std::span<const sql_file> migration_files;

}  // namespace wavesites::embedded
