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
  // Where the visitor came from, as the page remembered it from the first page of their visit
  // (its `attribution` object); each empty when the page did not say.
  std::string utm_source{};
  std::string utm_medium{};
  std::string utm_campaign{};
  std::string utm_term{};
  std::string utm_content{};
  std::string gclid{};
  std::string fbclid{};
  std::string ttclid{};
  std::string msclkid{};
  std::string li_fat_id{};
  std::string referrer{};      ///< the external referrer's origin
  std::string landing_path{};  ///< the visit's first page
  std::string first_seen{};    ///< when the page first saw the visitor, as the browser said
};

/// Who supplies a field's value.
enum class lead_source {
  form,     ///< a field of the contact form, checked by the rules file (rules/lead-form.json)
  context,  ///< sent by the page beside the form fields (site, consent text version, language)
  server,   ///< set by the server (id, time, and where the request came from)
  /// the page's `attribution` object: where the visit came from. Its key is
  /// "attribution.<name>", <name> being the object's key; never a reason to refuse a lead.
  attribution,
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
inline constexpr std::array<lead_field, 29> lead_fields{{
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
    {"attribution.utm_source", "attr_utm_source", lead_source::attribution, &lead_record::utm_source},
    {"attribution.utm_medium", "attr_utm_medium", lead_source::attribution, &lead_record::utm_medium},
    {"attribution.utm_campaign", "attr_utm_campaign", lead_source::attribution, &lead_record::utm_campaign},
    {"attribution.utm_term", "attr_utm_term", lead_source::attribution, &lead_record::utm_term},
    {"attribution.utm_content", "attr_utm_content", lead_source::attribution, &lead_record::utm_content},
    {"attribution.gclid", "attr_gclid", lead_source::attribution, &lead_record::gclid},
    {"attribution.fbclid", "attr_fbclid", lead_source::attribution, &lead_record::fbclid},
    {"attribution.ttclid", "attr_ttclid", lead_source::attribution, &lead_record::ttclid},
    {"attribution.msclkid", "attr_msclkid", lead_source::attribution, &lead_record::msclkid},
    {"attribution.li_fat_id", "attr_li_fat_id", lead_source::attribution, &lead_record::li_fat_id},
    {"attribution.referrer", "attr_referrer", lead_source::attribution, &lead_record::referrer},
    {"attribution.landing_path", "attr_landing_path", lead_source::attribution, &lead_record::landing_path},
    {"attribution.first_seen", "attr_first_seen", lead_source::attribution, &lead_record::first_seen},
}};

/// The longest attribution value kept (a click id is far shorter; a landing path may be long).
inline constexpr std::size_t max_attribution_value = 200;

/// The name of an attribution field inside the page's `attribution` object ("utm_source").
constexpr std::string_view attribution_name(const lead_field& f) {
  return f.key.substr(std::string_view("attribution.").size());
}

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

/// Every field under its key, the yes/no field as a JSON boolean, the attribution as an object
/// of the names it has values for: the lead as exports and notifications show it.
[[nodiscard]] nlohmann::json lead_to_json(const lead_record& lead);

}  // namespace wavesites
