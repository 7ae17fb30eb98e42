#pragma once
/// Data files embedded into the binary at build time (see CMakeLists.txt and tools/embed.cmake).
#include <string_view>

namespace wavesites::embedded {

/// The country list, generated from Debian's iso-codes by tools/gen_countries.py (JSON array).
extern const std::string_view countries_json;
/// rules/lead-form.json: the contact form's fields, options, limits and messages.
extern const std::string_view lead_rules_json;
extern const std::string_view resume_rules_json;
/// The store migrations, in order (src/store/sql/NNN_*.sql).
extern const std::string_view migration_001;
extern const std::string_view migration_002;
extern const std::string_view migration_003;
extern const std::string_view migration_004;
extern const std::string_view migration_005;
extern const std::string_view migration_006;

}  // namespace wavesites::embedded
