#pragma once
/// The SQL of an erasure (store.hpp, erase_leads and erase_resumes), written once for both stores
/// like the outbox's: the chosen records are read (and on PostgreSQL locked) first, and every
/// later statement takes their ids as one JSON array, so what is deleted is exactly what was
/// read, whatever arrives meanwhile.
#include <string>

#include "store/migrations.hpp"
#include "store/store.hpp"

namespace wavesites {

struct erase_statements {
  /// (?1: the selector's value) -> id, received_at, size (0 for leads), oldest first.
  std::string select;
  /// The same, locking the rows it reads where the dialect can (PostgreSQL: FOR UPDATE).
  std::string select_for_erase;
  /// (?1: JSON array of ids) -> count of their outbox rows.
  std::string count_outbox;
  /// (?1: JSON array of ids)
  std::string delete_outbox;
  /// (?1: JSON array of ids); empty for leads, whose bytes are all in their row.
  std::string delete_chunks;
  /// (?1: JSON array of ids)
  std::string delete_records;
};

enum class erased_table { leads, resumes };

/// The statements for erasing from `table` records chosen `by`, in `dialect`. Resumes have no
/// address: asking for them by email is a programming error (an empty `select`).
[[nodiscard]] const erase_statements& erase_sql(sql_dialect dialect, erased_table table, erase_selector::by by);

/// The selector's value as the statements compare it: an address in ASCII lower case, the
/// rest as given.
[[nodiscard]] std::string erase_key(const erase_selector& which);

/// `ids` as the JSON array the statements take.
[[nodiscard]] std::string id_list_json(const erasure& e);

}  // namespace wavesites
