#include "notify/messages.hpp"

#include <cctype>

#include <nlohmann/json.hpp>

#include "util/sha256.hpp"

namespace wavesites {
namespace {

nlohmann::ordered_json resume_data(const resume_record& r) {
  nlohmann::ordered_json d;
  for (const auto& f : resume_fields) {
    if (f.reach == resume_reach::notified) d[std::string(f.key)] = resume_value_json(r, f);
  }
  d["fileName"] = resume_file_name(r);
  // Receivers written before the names matched the export's read these; kept for one release.
  for (const auto& f : resume_fields) {
    if (f.reach == resume_reach::notified && !f.deprecated_webhook_key.empty()) {
      d[std::string(f.deprecated_webhook_key)] = resume_value_json(r, f);
    }
  }
  return d;
}

std::string dump_ordered(const notification& n, nlohmann::ordered_json data) {
  nlohmann::ordered_json out;
  out["event"] = n.event;
  out["id"] = n.subject_id;
  out["created_at"] = n.created_at;
  out["site"] = n.site;
  out["data"] = std::move(data);
  // Invalid UTF-8 cannot reach here (the validator refuses it), but a replacement character is
  // better than an exception in a delivery thread.
  return out.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

void add_line(std::string& text, std::string_view label, std::string_view value) {
  text.append(label).append(": ");
  // A value never breaks the line it is on (the remark may hold several lines: indent them).
  for (const char c : value) {
    if (c == '\r') continue;
    if (c == '\n') {
      text.append("\r\n    ");
      continue;
    }
    text.push_back(c);
  }
  text.append("\r\n");
}

}  // namespace

std::string webhook_body(const notification& n, const lead_record& lead) {
  nlohmann::ordered_json data;
  nlohmann::ordered_json attribution = nlohmann::ordered_json::object();
  for (const auto& f : lead_fields) {
    if (f.source == lead_source::attribution) {
      if (!(lead.*f.text).empty()) attribution[std::string(attribution_name(f))] = lead.*f.text;
      continue;
    }
    const std::string key(f.key);
    if (f.flag)
      data[key] = lead.*f.flag;
    else
      data[key] = lead.*f.text;
  }
  data["attribution"] = std::move(attribution);
  return dump_ordered(n, std::move(data));
}

std::string webhook_body(const notification& n, const resume_record& resume) {
  return dump_ordered(n, resume_data(resume));
}

std::string webhook_signature(std::string_view secret, std::int64_t unix_seconds, std::string_view body) {
  const std::string t = std::to_string(unix_seconds);
  std::string signed_text;
  signed_text.reserve(t.size() + 1 + body.size());
  signed_text.append(t).append(".").append(body);
  return "t=" + t + ",v1=" + hmac_sha256_hex(secret, signed_text);
}

std::string field_label(std::string_view key) {
  std::string out;
  for (const char c : key) {
    if (std::isupper(static_cast<unsigned char>(c))) {
      out.push_back(' ');
      out.push_back(static_cast<char>(std::tolower(static_cast<unsigned char>(c))));
    } else {
      out.push_back(c);
    }
  }
  if (!out.empty()) out[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(out[0])));
  return out;
}

email_content lead_email(const notification& n, const lead_record& lead) {
  email_content e;
  std::string who = lead.first_name + " " + lead.last_name;
  if (!lead.company_name.empty()) who += ", " + lead.company_name;
  e.subject = "New lead: " + who + " (" + n.site + ")";
  e.reply_to = lead.business_email;
  e.text = "A business enquiry came in through " + n.site + " at " + n.created_at + ".\r\n";
  e.text += "Reply to this email to answer " + lead.first_name + ".\r\n\r\n";
  bool came_from = false;
  for (const auto& f : lead_fields) {
    if (f.source != lead_source::attribution) {
      add_line(e.text, field_label(f.key), lead_value_text(lead, f));
      continue;
    }
    if ((lead.*f.text).empty()) continue;  // where the visit came from: only what the page knew
    if (!came_from) e.text += "\r\nWhere the visit came from:\r\n";
    came_from = true;
    add_line(e.text, std::string(attribution_name(f)), lead.*f.text);
  }
  e.text += "\r\nDelivery " + n.id + "\r\n";
  return e;
}

email_content resume_email(const notification& n, const resume_record& resume, bool attach) {
  email_content e;
  const std::string name = resume_file_name(resume);
  e.subject = "New resume: " + name + " (" + n.site + ")";
  e.text = "A resume was uploaded through " + n.site + " at " + n.created_at + ".\r\n\r\n";
  add_line(e.text, "File", name);
  add_line(e.text, "Uploaded as", resume.original_name);
  add_line(e.text, "Type", resume.content_type);
  add_line(e.text, "Size", std::to_string(resume.size) + " bytes");
  add_line(e.text, "SHA-256", resume.sha256);
  add_line(e.text, "Id", resume.id);
  add_line(e.text, "Host", resume.host);
  if (attach) {
    e.attachment_name = name;
    e.attachment_type = resume.content_type;
    e.text += "\r\nThe file is attached.\r\n";
  } else {
    e.text += "\r\nThe file is not attached: export it with `wavesites resumes export`.\r\n";
  }
  e.text += "\r\nDelivery " + n.id + "\r\n";
  return e;
}

}  // namespace wavesites
