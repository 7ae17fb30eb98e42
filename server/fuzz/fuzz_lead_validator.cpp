// libFuzzer target: the lead validator on arbitrary JSON bodies. Invariants: it never throws or
// crashes, a body is either valid (no errors, a lead) or invalid (errors, no lead), and every
// error message is one of the rules file's texts.
#include <cstddef>
#include <cstdint>
#include <set>
#include <string>

#include <nlohmann/json.hpp>

#include "api/lead_rules.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const auto& rules = wavesites::lead_rules::embedded();
  static const std::set<std::string> messages = [&] {
    std::set<std::string> all{rules.official_website_message};
    for (const auto& f : rules.fields) {
      for (const auto& [key, text] : f.messages) all.insert(text);
    }
    return all;
  }();
  const auto body = nlohmann::json::parse(data, data + size, nullptr, /*allow_exceptions=*/false);
  if (body.is_discarded()) return 0;
  static const wavesites::language_set languages{"en", "ja"};
  const auto result = wavesites::validate_lead(body, rules, languages);
  if (result.lead.has_value() == !result.errors.empty()) __builtin_trap();
  for (const auto& [field, message] : result.errors) {
    if (!messages.count(message)) __builtin_trap();
  }
  if (result.lead) {
    if (result.lead->business_email.empty() || result.lead->first_name.empty() || !result.lead->agree) __builtin_trap();
    if (wavesites::utf8_length(result.lead->remark) > 500) __builtin_trap();
    if (!result.lead->language.empty() && !languages.contains(result.lead->language)) __builtin_trap();
  }
  return 0;
}
