#pragma once
/// JSON text written by hand where building a document would cost more than the line itself
/// (the access log, the event log).
#include <string>
#include <string_view>

namespace wavesites {

/// Appends `s` to `out` as the inside of a JSON string.
void append_json_escaped(std::string& out, std::string_view s);

}  // namespace wavesites
