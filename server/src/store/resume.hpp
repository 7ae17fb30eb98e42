#pragma once
/// A resume's metadata, and the one table of its fields: both stores' columns, binds, readers and
/// checks, the export's metadata.json and the webhook walk `resume_fields` instead of naming them again.
#include <array>
#include <cstdint>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "store/migrations.hpp"

namespace wavesites {

/// A resume's metadata; its bytes are stored in the store too, in chunks.
struct resume_record {
  std::string id;             ///< sortable unique id (ULID)
  std::string received_at;    ///< UTC, ISO 8601 with milliseconds
  std::string stored_name;    ///< random, with the detected type's extension
  std::string original_name;  ///< sanitised, metadata only
  std::string content_type;   ///< detected from the bytes
  std::uint64_t size = 0;
  std::string sha256;  ///< hex
  std::string client_ip;
  std::string user_agent;
  std::string host;
};

/// Who is shown a field besides the operators' export, which shows every one.
enum class resume_reach {
  notified,  ///< the webhook too
  /// the export alone: the webhook has never carried it, and widening what receivers get is a
  /// decision of its own, not a side effect of listing the fields once
  exported,
};

/// One field: its name outside the server, its column, and where it lives in resume_record.
/// Exactly one of `text` and `number` is set.
struct resume_field {
  std::string_view key;     ///< the JSON name: metadata.json's and the webhook's
  std::string_view column;  ///< the column of table `resumes`
  resume_reach reach;
  std::string resume_record::*text = nullptr;
  std::uint64_t resume_record::*number = nullptr;
  /// The webhook's earlier name for the field, still sent beside `key` so that receivers written
  /// against it keep working for a release (docs/http-api.md, "Notifications"); empty: none.
  std::string_view deprecated_webhook_key{};
};

/// Every field of a resume, in column order (the order of the SQL and of the webhook).
inline constexpr std::array<resume_field, 10> resume_fields{{
    {"id", "id", resume_reach::notified, &resume_record::id},
    {"receivedAt", "received_at", resume_reach::notified, &resume_record::received_at},
    {"storedName", "stored_name", resume_reach::exported, &resume_record::stored_name},
    {"originalName", "original_name", resume_reach::notified, &resume_record::original_name, nullptr, "name"},
    {"contentType", "content_type", resume_reach::notified, &resume_record::content_type, nullptr, "type"},
    {"size", "size", resume_reach::notified, nullptr, &resume_record::size},
    {"sha256", "sha256", resume_reach::notified, &resume_record::sha256},
    {"clientIp", "client_ip", resume_reach::exported, &resume_record::client_ip},
    {"userAgent", "user_agent", resume_reach::exported, &resume_record::user_agent},
    {"host", "host", resume_reach::notified, &resume_record::host},
}};

/// The field's value as JSON: a string, or a number for the size.
[[nodiscard]] nlohmann::json resume_value_json(const resume_record& resume, const resume_field& f);

/// Every field under its key: the resume as the export's metadata.json shows it (which adds the
/// exported file's name).
[[nodiscard]] nlohmann::json resume_to_json(const resume_record& resume);

/// The name a resume's file leaves the store under (an export, an email attachment): its original
/// name, with the extension of the type detected from its bytes appended unless it already ends
/// in it ("cv.bat" becomes "cv.bat.txt"), so nothing opens a text file as a script.
[[nodiscard]] std::string resume_file_name(const resume_record& resume);

/// "id, received_at, ...": every column, in resume_fields order.
[[nodiscard]] const std::string& resume_columns();

/// "INSERT INTO resumes (<columns>) VALUES (...)" in the dialect's placeholder style.
[[nodiscard]] std::string resume_insert_sql(sql_dialect dialect);

}  // namespace wavesites
