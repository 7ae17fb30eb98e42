#include "notify/messages.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <nlohmann/json.hpp>
#include <set>

#include "notify/events.hpp"
#include "notify/senders.hpp"

namespace wavesites {
namespace {

notification note(std::string_view event) {
  notification n;
  n.id = "01JDELIVERY0000000000000000";
  n.event = std::string(event);
  n.subject_id = "01JSUBJECT00000000000000000";
  n.site = "waveads";
  n.channel = "webhook";
  n.created_at = "2026-11-24T01:02:03.456Z";
  return n;
}

lead_record sample_lead() {
  lead_record l;
  l.id = "01JSUBJECT00000000000000000";
  l.received_at = "2026-11-24T01:02:03.456Z";
  l.business_email = "ines@faro.example";
  l.first_name = "Inês";
  l.last_name = "Moreira";
  l.company_name = "Faro Games";
  l.remark = "line one\nline two";
  l.agree = true;
  l.utm_source = "news";
  l.gclid = "abc";
  return l;
}

std::size_t plain_fields() {
  return static_cast<std::size_t>(std::count_if(lead_fields.begin(), lead_fields.end(), [](const lead_field& f) {
    return f.source != lead_source::attribution;
  }));
}

resume_record sample_resume(std::string original, std::string stored) {
  resume_record r;
  r.id = "01JSUBJECT00000000000000000";
  r.original_name = std::move(original);
  r.stored_name = std::move(stored);
  r.content_type = "text/plain";
  r.size = 42;
  r.sha256 = std::string(64, 'a');
  return r;
}

TEST(webhook_signature, is_the_hmac_of_time_dot_body) {
  // Python: hmac.new(b'key', b'1700000000.{"a":1}', hashlib.sha256).hexdigest()
  EXPECT_EQ(webhook_signature("key", 1700000000, R"({"a":1})"),
            "t=1700000000,v1=a438e398bfafc57e4396bb7fc2304422f0f768e965d073ca313cb52e22e6ad03");
}

TEST(webhook_body, a_lead_carries_every_field_in_the_documented_envelope) {
  const auto body = nlohmann::json::parse(webhook_body(note(lead_created_event), sample_lead()));
  EXPECT_EQ(body["event"], "lead.created");
  EXPECT_EQ(body["id"], "01JSUBJECT00000000000000000");
  EXPECT_EQ(body["created_at"], "2026-11-24T01:02:03.456Z");
  EXPECT_EQ(body["site"], "waveads");
  ASSERT_EQ(body["data"].size(), plain_fields() + 1);  // the attribution is one object
  EXPECT_EQ(body["data"], lead_to_json(sample_lead()));
  EXPECT_EQ(body["data"]["agree"], true);
  EXPECT_EQ(body["data"]["attribution"], nlohmann::json({{"utm_source", "news"}, {"gclid", "abc"}}));
}

TEST(webhook_body, a_resume_carries_metadata_and_no_bytes) {
  const auto body =
      nlohmann::json::parse(webhook_body(note(resume_received_event), sample_resume("cv.bat", "abc.txt")));
  EXPECT_EQ(body["event"], "resume.received");
  EXPECT_EQ(body["data"]["originalName"], "cv.bat");
  EXPECT_EQ(body["data"]["fileName"], "cv.bat.txt");
  EXPECT_EQ(body["data"]["size"], 42);
  EXPECT_EQ(body["data"]["contentType"], "text/plain");
  EXPECT_EQ(body["data"]["sha256"], std::string(64, 'a'));
  // The earlier names, for receivers written against them.
  EXPECT_EQ(body["data"]["name"], "cv.bat");
  EXPECT_EQ(body["data"]["type"], "text/plain");
}

TEST(webhook_body, a_resumes_data_is_the_tables_notified_fields_under_the_exports_names) {
  auto r = sample_resume("cv.pdf", "abc.pdf");
  for (const auto& f : resume_fields) {
    if (f.text) r.*f.text = "v-" + std::string(f.key);
  }
  const auto data = nlohmann::json::parse(webhook_body(note(resume_received_event), r))["data"];
  const auto exported = resume_to_json(r);
  std::set<std::string> want{"fileName"};
  for (const auto& f : resume_fields) {
    const std::string key(f.key);
    if (f.reach != resume_reach::notified) {
      EXPECT_FALSE(data.contains(key)) << key << " goes to the export only";
      continue;
    }
    want.insert(key);
    EXPECT_EQ(data[key], exported[key]) << key << ": the same value under the same name as the export";
    if (!f.deprecated_webhook_key.empty()) {
      want.insert(std::string(f.deprecated_webhook_key));
      EXPECT_EQ(data[std::string(f.deprecated_webhook_key)], exported[key]) << f.deprecated_webhook_key;
    }
  }
  std::set<std::string> got;
  for (const auto& [key, value] : data.items()) got.insert(key);
  EXPECT_EQ(got, want);
}

TEST(resume_file_name, ends_in_the_detected_types_extension) {
  EXPECT_EQ(resume_file_name(sample_resume("cv.bat", "x.txt")), "cv.bat.txt");
  EXPECT_EQ(resume_file_name(sample_resume("cv.html", "x.txt")), "cv.html.txt");
  EXPECT_EQ(resume_file_name(sample_resume("CV.TXT", "x.txt")), "CV.TXT");
  EXPECT_EQ(resume_file_name(sample_resume("cv.pdf", "x.pdf")), "cv.pdf");
  EXPECT_EQ(resume_file_name(sample_resume("", "x.pdf")), "resume.pdf");
  EXPECT_EQ(resume_file_name(sample_resume(".txt", "x.txt")), ".txt.txt");
}

TEST(lead_email, lists_every_field_and_replies_to_the_lead) {
  const auto e = lead_email(note(lead_created_event), sample_lead());
  EXPECT_EQ(e.subject, "New lead: Inês Moreira, Faro Games (waveads)");
  EXPECT_EQ(e.reply_to, "ines@faro.example");
  for (const auto& f : lead_fields) {
    // Of the attribution, only what the page said.
    const bool attributed = f.source == lead_source::attribution;
    const bool shown = !attributed || !(sample_lead().*f.text).empty();
    const std::string label = attributed ? std::string(attribution_name(f)) : field_label(f.key);
    EXPECT_EQ(e.text.find(label + ": ") != std::string::npos, shown) << f.key;
  }
  // A value with a line break stays on its labelled line, continued indented.
  EXPECT_NE(e.text.find("Remark: line one\r\n    line two\r\n"), std::string::npos) << e.text;
  EXPECT_NE(e.text.find("Where the visit came from:\r\nutm_source: news\r\ngclid: abc\r\n"), std::string::npos)
      << e.text;
  EXPECT_TRUE(e.attachment_name.empty());
}

TEST(resume_email, attaches_under_the_safe_name_or_says_it_did_not) {
  const auto with = resume_email(note(resume_received_event), sample_resume("cv.js", "x.txt"), true);
  EXPECT_EQ(with.attachment_name, "cv.js.txt");
  EXPECT_EQ(with.attachment_type, "text/plain");
  const auto without = resume_email(note(resume_received_event), sample_resume("cv.js", "x.txt"), false);
  EXPECT_TRUE(without.attachment_name.empty());
  EXPECT_NE(without.text.find("not attached"), std::string::npos);
}

TEST(field_label, turns_keys_into_words) {
  EXPECT_EQ(field_label("businessEmail"), "Business email");
  EXPECT_EQ(field_label("id"), "Id");
  EXPECT_EQ(field_label("officialWebsiteName"), "Official website name");
}

TEST(encode_header_text, leaves_ascii_and_encodes_the_rest_whole_characters_at_a_time) {
  EXPECT_EQ(encode_header_text("New lead: Ana"), "New lead: Ana");
  EXPECT_EQ(encode_header_text("Inês"), "=?UTF-8?B?SW7DqnM=?=");
  // 30 three-byte characters (90 bytes): two words, neither splitting a character.
  std::string long_text;
  for (int i = 0; i < 30; ++i) long_text += "日";
  const auto out = encode_header_text(long_text);
  EXPECT_EQ(out.find("=?UTF-8?B?"), 0u);
  EXPECT_NE(out.find(" =?UTF-8?B?"), std::string::npos);
  EXPECT_EQ(out.find('\n'), std::string::npos);
  // Text that looks like an encoded word is encoded, not passed through.
  EXPECT_NE(encode_header_text("=?x?="), "=?x?=");
}

TEST(iso_to_unix_ms, reads_the_stores_time_stamps) {
  EXPECT_EQ(iso_to_unix_ms("2026-11-24T01:02:03.456Z"), 1795482123456);
  EXPECT_EQ(iso_to_unix_ms("1970-01-01T00:00:00.000Z"), 0);
  EXPECT_EQ(iso_to_unix_ms("2026-11-24 01:02:03"), 0);
}

TEST(notifications_for, one_row_per_configured_channel_with_its_own_delivery_id) {
  notify_config cfg;
  EXPECT_TRUE(notifications_for(cfg, lead_created_event, "S", "waveads", "2026-11-24T01:02:03.456Z").empty());
  cfg.webhook_url = "https://hooks.example/x";
  cfg.email_to = {"sales@example.com"};
  const auto rows = notifications_for(cfg, lead_created_event, "S", "waveads", "2026-11-24T01:02:03.456Z");
  ASSERT_EQ(rows.size(), 2u);
  EXPECT_EQ(rows[0].channel, "webhook");
  EXPECT_EQ(rows[1].channel, "email");
  EXPECT_NE(rows[0].id, rows[1].id);
  EXPECT_EQ(rows[0].created_ms, 1795482123456);
  EXPECT_EQ(rows[1].subject_id, "S");
}

}  // namespace
}  // namespace wavesites
