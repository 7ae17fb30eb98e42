#pragma once
/// The notifications a stored record raises: which events exist, which channels a config turns
/// on, and the outbox rows a new record gets (written with it, in its transaction).
#include <string>
#include <string_view>
#include <vector>

#include "config/config.hpp"
#include "store/store.hpp"

namespace wavesites {

inline constexpr std::string_view lead_created_event = "lead.created";
inline constexpr std::string_view resume_received_event = "resume.received";

inline constexpr std::string_view webhook_channel = "webhook";
inline constexpr std::string_view email_channel = "email";

/// The channels `cfg` sends to, in a fixed order.
[[nodiscard]] std::vector<std::string_view> notify_channels(const notify_config& cfg);

/// One outbox row per channel of `cfg` for the record `subject_id` stored at `created_at`
/// (UTC ISO 8601 with milliseconds), each with a delivery id of its own.
[[nodiscard]] std::vector<notification> notifications_for(const notify_config& cfg, std::string_view event,
                                                          const std::string& subject_id, std::string_view site,
                                                          const std::string& created_at);

/// Unix milliseconds of a "2026-11-24T01:02:03.456Z" time stamp; 0 when it is not one.
[[nodiscard]] std::int64_t iso_to_unix_ms(std::string_view iso);

}  // namespace wavesites
