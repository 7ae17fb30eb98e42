#pragma once
/// A business lead, and the one table of its fields. Everything that lists the fields (the
/// validator's mapping from the form, the stores' columns and binds, the exports, the
/// notifications) walks `lead_fields` instead of naming them again.
#include <array>
#include <optional>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

namespace wavesites {

/// A business lead as stored: every form field plus where and when it came from.
struct lead_record {
  std::string id;           ///< sortable unique id (ULID)
  std::string received_at;  ///< UTC, ISO 8601 with milliseconds
  std::string business_email;
  std::string first_name;
  std::string last_name;
  std::string country;
  std::string describes;
  std::string company_name;
  std::string remark;
  bool agree = false;
  std::string official_website_name;
  std::string consent_version;
  std::string language;
  std::string client_ip;
  std::string user_agent;
  std::string host;
};

/// Who supplies a field's value.
enum class lead_source {
  form,     ///< a field of the contact form, checked by the rules file (rules/lead-form.json)
  context,  ///< sent by the page beside the form fields (site, consent text version, language)
  server,   ///< set by the server (id, time, and where the request came from)
};

/// One field: its name outside the server, its column, and where it lives in lead_record.
/// Exactly one of `text` and `flag` is set.
struct lead_field {
  std::string_view key;     ///< the JSON name: the form's field, the export's column, the notification's key
  std::string_view column;  ///< the column of table `leads`
  lead_source source;
  std::string lead_record::*text = nullptr;
  bool lead_record::*flag = nullptr;
};

/// Every field of a lead, in column order (the order of the exports and of the SQL).
inline constexpr std::array<lead_field, 16> lead_fields{{
    {"id", "id", lead_source::server, &lead_record::id},
    {"receivedAt", "received_at", lead_source::server, &lead_record::received_at},
    {"businessEmail", "business_email", lead_source::form, &lead_record::business_email},
    {"firstName", "first_name", lead_source::form, &lead_record::first_name},
    {"lastName", "last_name", lead_source::form, &lead_record::last_name},
    {"country", "country", lead_source::form, &lead_record::country},
    {"describes", "describes", lead_source::form, &lead_record::describes},
    {"companyName", "company_name", lead_source::form, &lead_record::company_name},
    {"remark", "remark", lead_source::form, &lead_record::remark},
    {"agree", "agree", lead_source::form, nullptr, &lead_record::agree},
    {"officialWebsiteName", "official_website_name", lead_source::context, &lead_record::official_website_name},
    {"consentVersion", "consent_version", lead_source::context, &lead_record::consent_version},
    {"language", "language", lead_source::context, &lead_record::language},
    {"clientIp", "client_ip", lead_source::server, &lead_record::client_ip},
    {"userAgent", "user_agent", lead_source::server, &lead_record::user_agent},
    {"host", "host", lead_source::server, &lead_record::host},
}};

/// The field named `key` (its JSON name), if any.
constexpr const lead_field* find_lead_field(std::string_view key) {
  for (const auto& f : lead_fields) {
    if (f.key == key) return &f;
  }
  return nullptr;
}

/// The field's value as text: the text itself, or "true"/"false" for the yes/no field.
inline std::string_view lead_value_text(const lead_record& lead, const lead_field& f) {
  if (f.flag) return lead.*f.flag ? "true" : "false";
  return lead.*f.text;
}

/// Every field under its key, the yes/no field as a JSON boolean: the lead as exports and
/// notifications show it.
[[nodiscard]] nlohmann::json lead_to_json(const lead_record& lead);

}  // namespace wavesites
