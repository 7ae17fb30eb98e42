#pragma once
/// `wavesites leads export`, `resumes export` and `clicks export`: what the people who follow up
/// leads use. Each takes only the records whose id is greater than `after_id` (empty: all of them).
#include <filesystem>
#include <ostream>
#include <string>
#include <string_view>

#include "store/store.hpp"
#include "util/result.hpp"

namespace wavesites {

/// Writes every lead, oldest first, as CSV (RFC 4180, every cell quoted, cells that a spreadsheet
/// would run as a formula defused with a leading apostrophe) or as a JSON array. With `email`,
/// only the leads of that address, compared without regard to ASCII case (a person's access
/// request).
result<std::size_t> export_leads(store& db, std::string_view format, const std::string& after_id, std::ostream& out,
                                 std::string_view email = {});

/// True when two addresses are the same but for the case of ASCII letters, as the stores match
/// them when erasing (addresses are ASCII by the form's rules).
[[nodiscard]] bool same_address(std::string_view a, std::string_view b);

/// Writes every click, oldest first, as CSV or JSON like the leads.
result<std::size_t> export_clicks(store& db, std::string_view format, const std::string& after_id, std::ostream& out);

/// Writes every resume into `dir` as "<id>-<original name>", byte-identical to the upload (each
/// checked against its stored SHA-256), plus metadata.json describing them.
result<std::size_t> export_resumes(store& db, const std::filesystem::path& dir, const std::string& after_id);

/// One CSV cell: quoted, quotes doubled, a leading = + - @ tab or CR neutralised.
std::string csv_cell(std::string_view value);

}  // namespace wavesites
