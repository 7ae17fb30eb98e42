#pragma once
/// Erasure: the audit line every erasure leaves, the only trace of what it removed.
#include <string_view>

#include "store/store.hpp"

namespace wavesites {

/// Why records were erased: a person's request (`leads delete`, `resumes delete`).
enum class erasure_kind { request };

/// The audit line: one `erased` event on stderr with the time, why (`kind`), what (`records`:
/// leads or resumes), how they were chosen (`by`), how many, their ids and how many
/// notifications went with them. Never anything the records held: no address, no name.
void log_erasure(erasure_kind kind, std::string_view records, erase_selector::by by, const erasure& e);

}  // namespace wavesites
