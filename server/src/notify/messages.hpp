#pragma once
/// What a notification says, as pure functions of the stored record (tested without a network):
/// the webhook's JSON body and signature, and the email's headers, text and attachment name.
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "store/store.hpp"

namespace wavesites {

/// The webhook body: {"event","id","created_at","site","data"}; `data` holds every lead field
/// (store/lead.hpp's table), or a resume's metadata and never its bytes: the fields of
/// store/resume.hpp's table that reach receivers, the file's safe name, and the earlier names.
[[nodiscard]] std::string webhook_body(const notification& n, const lead_record& lead);
[[nodiscard]] std::string webhook_body(const notification& n, const resume_record& resume);

/// The Wavesites-Signature header value: "t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">".
[[nodiscard]] std::string webhook_signature(std::string_view secret, std::int64_t unix_seconds, std::string_view body);

/// A plain-text email, before the transport adds From, To and the attachment's bytes.
struct email_content {
  std::string subject;          ///< UTF-8; encoded for the header by the sender
  std::string reply_to;         ///< empty: none
  std::string text;             ///< UTF-8, lines ending in CRLF
  std::string attachment_name;  ///< empty: no attachment
  std::string attachment_type;
};

/// One line per lead field ("Business email: ..."), replies going to the lead's address.
[[nodiscard]] email_content lead_email(const notification& n, const lead_record& lead);

/// The resume's metadata as lines; with `attach`, the file goes along under a name that ends in
/// its detected type's extension.
[[nodiscard]] email_content resume_email(const notification& n, const resume_record& resume, bool attach);

/// "businessEmail" -> "Business email": a field's key as an email line's label.
[[nodiscard]] std::string field_label(std::string_view key);

}  // namespace wavesites
