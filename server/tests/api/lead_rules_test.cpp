#include <algorithm>
#include <vector>

#include <gtest/gtest.h>

#include "api/lead_rules.hpp"
#include "util/embedded.hpp"

namespace wavesites {
namespace {

using nlohmann::json;

json valid_lead() {
  return {{"businessEmail", "ana.silva@example.com"},
          {"firstName", "Ana"},
          {"lastName", "Silva"},
          {"country", "BR"},
          {"describes", "advertiser"},
          {"companyName", "Orbita Apps"},
          {"remark", "We want to grow installs in LATAM."},
          {"agree", true},
          {"officialWebsiteName", "waveads"}};
}

const lead_rules& rules() {
  return lead_rules::embedded();
}
const language_set languages{"en", "ja", "ko", "es", "pt"};

TEST(LeadRules, EmbeddedRulesAndCountriesLoad) {
  EXPECT_EQ(rules().fields.size(), 8u);
  EXPECT_GE(rules().country_codes.size(), 249u);
  EXPECT_TRUE(rules().country_codes.count("ID"));
  EXPECT_TRUE(rules().country_codes.count("VN"));
  EXPECT_FALSE(rules().consent_version.empty());
  EXPECT_EQ(rules().official_website_name, "waveads");
}

TEST(LeadRules, AValidLeadPassesTrimmed) {
  auto body = valid_lead();
  body["firstName"] = "  Ana ";
  body["language"] = "pt";
  const auto r = validate_lead(body, rules(), languages);
  ASSERT_TRUE(r.lead) << json(r.errors).dump();
  EXPECT_EQ(r.lead->first_name, "Ana");
  EXPECT_EQ(r.lead->language, "pt");
  EXPECT_EQ(r.lead->consent_version, rules().consent_version);
  EXPECT_TRUE(r.errors.empty());
  EXPECT_FALSE(r.honeypot_filled);
}

TEST(LeadRules, EveryMissingFieldGetsTheSpecMessageAtOnce) {
  const auto r = validate_lead(json::object(), rules(), languages);
  EXPECT_FALSE(r.lead);
  EXPECT_EQ(r.errors.at("businessEmail"), "Please input your businessEmail!");
  EXPECT_EQ(r.errors.at("firstName"), "Please input your first name!");
  EXPECT_EQ(r.errors.at("lastName"), "Please input your last name!");
  EXPECT_EQ(r.errors.at("country"), "Please select country/region!");
  EXPECT_EQ(r.errors.at("describes"), "Please select option!");
  EXPECT_EQ(r.errors.at("companyName"), "Please input company name!");
  EXPECT_EQ(r.errors.at("agree"), "Should accept agreement");
  EXPECT_TRUE(r.errors.count("officialWebsiteName"));
  EXPECT_FALSE(r.errors.count("remark"));
}

TEST(LeadRules, FieldRules) {
  auto check = [](const char* field, json value, const char* message) {
    auto body = valid_lead();
    body[field] = std::move(value);
    const auto r = validate_lead(body, rules(), languages);
    EXPECT_FALSE(r.lead) << field;
    ASSERT_TRUE(r.errors.count(field)) << field;
    EXPECT_EQ(r.errors.at(field), message) << field;
    EXPECT_EQ(r.errors.size(), 1u) << field;
  };
  check("businessEmail", "not-an-email", "The input is not valid businessEmail!");
  check("businessEmail", "a@b", "The input is not valid businessEmail!");
  check("businessEmail", "", "Please input your businessEmail!");
  check("firstName", "   ", "Please input your first name!");
  check("lastName", "\t\u3000", "Please input your last name!");
  check("country", "XX", "Please select country/region!");
  check("country", "id", "Please select country/region!");
  check("describes", "spam", "Please select option!");
  check("companyName", "", "Please input company name!");
  check("agree", false, "Should accept agreement");
  check("agree", "true", "Should accept agreement");
  check("firstName", 42, "Please input your first name!");
  check("remark", std::string(501, 'x'), "Please keep your message to 500 characters or fewer.");
  check("officialWebsiteName", "other", "officialWebsiteName must be \"waveads\".");
  check("remark", true, "Please enter your message as text.");
  check("remark", json::array({"hi"}), "Please enter your message as text.");
  check("remark", std::string("a\0b", 3), "Please enter your message as text.");
}

// Found by fuzz_lead_validator: a remark that was not a string got a text the rules file does
// not have (the remark has no "required" message). Every field, given a value of each wrong
// JSON type, must answer with one of its own messages from the rules file.
TEST(LeadRules, WrongJsonTypesGetTheFieldsOwnMessages) {
  const std::vector<json> wrong = {true, false, 0, -1.5, json::array(), json::object({{"a", 1}})};
  for (const auto& f : rules().fields) {
    for (const auto& value : wrong) {
      if (f.type == "consent" && value == true) continue;  // the one right value of the checkbox
      auto body = valid_lead();
      body[f.name] = value;
      const auto r = validate_lead(body, rules(), languages);
      EXPECT_FALSE(r.lead) << f.name << " = " << value.dump();
      ASSERT_EQ(r.errors.size(), 1u) << f.name << " = " << value.dump();
      const auto& message = r.errors.at(f.name);
      const bool own =
          std::any_of(f.messages.begin(), f.messages.end(), [&](const auto& m) { return m.second == message; });
      EXPECT_TRUE(own) << f.name << " = " << value.dump() << " got \"" << message << '"';
    }
  }
}

TEST(LeadRules, ARulesFileWithoutAMessageTheValidatorNeedsIsRefused) {
  const auto countries = R"([{"code":"BR","enTxt":"Brazil"}])";
  const auto rules_with = [](const json& remark_messages) {
    auto rules = json::parse(embedded::lead_rules_json);
    rules["fields"]["remark"]["messages"] = remark_messages;
    return rules.dump();
  };
  EXPECT_NO_THROW(lead_rules(rules_with({{"maxLength", "long"}, {"type", "text"}}), countries));
  EXPECT_THROW(lead_rules(rules_with({{"maxLength", "long"}}), countries), std::runtime_error);
  EXPECT_THROW(lead_rules(rules_with({{"type", "text"}}), countries), std::runtime_error);
}

TEST(LeadRules, ARulesFileThatDisagreesWithTheFieldTableIsRefused) {
  const auto countries = R"([{"code":"BR","enTxt":"Brazil"}])";
  auto without_remark = json::parse(embedded::lead_rules_json);
  without_remark["fields"].erase("remark");
  auto& order = without_remark["order"];
  order.erase(std::find(order.begin(), order.end(), "remark"));
  EXPECT_THROW(lead_rules(without_remark.dump(), countries), std::runtime_error) << "a form field without a rule";

  auto unknown = json::parse(embedded::lead_rules_json);
  unknown["fields"]["nickname"] = unknown["fields"]["firstName"];
  unknown["order"].push_back("nickname");
  EXPECT_THROW(lead_rules(unknown.dump(), countries), std::runtime_error) << "a rule for no field";

  auto mistyped = json::parse(embedded::lead_rules_json);
  mistyped["fields"]["remark"]["type"] = "consent";
  EXPECT_THROW(lead_rules(mistyped.dump(), countries), std::runtime_error) << "consent on a text field";
}

TEST(LeadRules, RemarkCountsCharactersNotBytes) {
  auto body = valid_lead();
  std::string five_hundred;
  for (int i = 0; i < 500; ++i) five_hundred += "\xE4\xBD\xA0";  // 500 CJK characters, 1500 bytes
  body["remark"] = five_hundred;
  EXPECT_TRUE(validate_lead(body, rules(), languages).lead);
  body["remark"] = five_hundred + "!";
  EXPECT_FALSE(validate_lead(body, rules(), languages).lead);
  body.erase("remark");
  EXPECT_TRUE(validate_lead(body, rules(), languages).lead);
}

TEST(LeadRules, EveryOptionIsAccepted) {
  for (const auto* option : {"advertiser", "retailer", "agency", "publisher", "streaming", "other"}) {
    auto body = valid_lead();
    body["describes"] = option;
    EXPECT_TRUE(validate_lead(body, rules(), languages).lead) << option;
  }
}

TEST(LeadRules, HoneypotAndNonObjects) {
  auto body = valid_lead();
  body["website"] = "http://spam.example";
  EXPECT_TRUE(validate_lead(body, rules(), languages).honeypot_filled);
  body["website"] = "";
  EXPECT_FALSE(validate_lead(body, rules(), languages).honeypot_filled);
  EXPECT_FALSE(validate_lead(json::array(), rules(), languages).lead);
  EXPECT_FALSE(validate_lead(json("x"), rules(), languages).lead);
}

}  // namespace
}  // namespace wavesites

namespace wavesites {
namespace {

// Regressions from the outside probe: invisible names, malformed local parts, and a consent
// version taken from the client.
TEST(LeadRules, ANameOfInvisibleCharactersOnlyIsRefused) {
  for (const char* invisible : {"\u200B\u200C\u200D", "\uFEFF", "\u2060\u00AD", "\u3164", " \u200B "}) {
    auto lead = valid_lead();
    lead["firstName"] = invisible;
    lead["companyName"] = invisible;
    const auto r = validate_lead(lead, rules(), languages);
    EXPECT_FALSE(r.lead);
    EXPECT_TRUE(r.errors.contains("firstName"));
    EXPECT_TRUE(r.errors.contains("companyName"));
  }
  auto lead = valid_lead();
  lead["firstName"] = "\u200BAna";
  EXPECT_TRUE(validate_lead(lead, rules(), languages).lead);
}

TEST(LeadRules, EmailLocalPartsMustBeDotAtomsOfAtMost64) {
  for (const std::string& bad : std::vector<std::string>{".a@example.com", "a.@example.com", "a..b@example.com",
                                                         std::string(65, 'a') + "@example.com"}) {
    auto lead = valid_lead();
    lead["businessEmail"] = bad;
    EXPECT_FALSE(validate_lead(lead, rules(), languages).lead) << bad;
  }
  for (const std::string& good :
       std::vector<std::string>{"a.b.c@example.com", std::string(64, 'a') + "@example.com", "o'neil+x@example.com"}) {
    auto lead = valid_lead();
    lead["businessEmail"] = good;
    EXPECT_TRUE(validate_lead(lead, rules(), languages).lead) << good;
  }
}

TEST(LeadRules, TheConsentVersionIsTheServersNotTheClients) {
  auto lead = valid_lead();
  lead["consentVersion"] = "1999-01-01-forged";
  const auto r = validate_lead(lead, rules(), languages);
  ASSERT_TRUE(r.lead);
  EXPECT_EQ(r.lead->consent_version, rules().consent_version);
}

}  // namespace
}  // namespace wavesites
