#pragma once
/// The id that ties a request's answer (X-Request-Id) to its access-log line: a trusted
/// proxy's, so one id follows the request through every hop, or one made here.
#include <string>
#include <string_view>

namespace wavesites {

/// 1 to 128 characters of [A-Za-z0-9._:-]: safe in a header and a log line as it is.
[[nodiscard]] bool valid_request_id(std::string_view id);

/// Sets `out` to `incoming` when it came from a trusted proxy and is valid, else to 16 fresh
/// random hex characters (`out`'s capacity is reused).
void choose_request_id(std::string& out, std::string_view incoming, bool from_trusted_proxy);

}  // namespace wavesites
