#pragma once
/// Identifiers and time stamps for stored records.
#include <cstdint>
#include <string>
#include <string_view>

namespace wavesites {

/// A ULID: 48-bit millisecond time + 80 random bits, 26 Crockford base-32 characters, so ids
/// sort by time. Thread-safe.
std::string new_ulid();

/// True when `text` has the form of a ULID as new_ulid makes them: 26 Crockford base-32
/// characters in upper case, the first at most '7' (48 bits of time).
bool looks_like_ulid(std::string_view text);

/// The current UTC time as "2026-11-21T01:02:03.456Z".
std::string utc_now_iso();

/// `unix_ms` (milliseconds since the epoch, not before it) in the same form.
std::string utc_iso(std::int64_t unix_ms);

/// 32 random hex characters (a random stored file name).
std::string random_hex128();

}  // namespace wavesites
