#pragma once
/// The contact form's rules as the server applies them, read from rules/lead-form.json (the
/// same file the React form imports) and the generated country list, both embedded at build time.
#include <map>
#include <optional>
#include <regex>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "store/lead.hpp"

namespace wavesites {

struct field_rule {
  std::string name;
  const lead_field* field = nullptr;  ///< where the value goes in lead_record
  std::string type;                   ///< email, text, country, choice, consent
  bool required = false;
  bool not_blank = false;
  std::size_t max_length = 0;  ///< in characters (Unicode code points); 0: none
  std::vector<std::string> options;
  std::map<std::string, std::string> messages;  ///< required, email, maxLength, type (wrong JSON type)

  [[nodiscard]] const std::string& message(const std::string& key) const;
};

class lead_rules {
 public:
  /// The rules embedded in this binary (parsed once).
  static const lead_rules& embedded();
  /// Parses rules and the country list (throws std::runtime_error on a malformed rules file,
  /// which is a build defect, not bad input).
  lead_rules(std::string_view rules_json, std::string_view countries_json);

  std::vector<field_rule> fields;  ///< in form order
  std::set<std::string> country_codes;
  std::string consent_version;
  std::string official_website_name;
  std::string official_website_message;
  std::string honeypot;
  std::optional<std::regex> email_pattern;
};

struct lead_validation {
  /// Set when valid: the form's fields (trimmed) and the page's context; the server's own
  /// fields (id, time, address...) are left for the caller.
  std::optional<lead_record> lead;
  std::map<std::string, std::string> errors;  ///< field -> message, when not
  bool honeypot_filled = false;               ///< a bot filled the hidden field
  /// Attribution names dropped (unknown, not text, too long), with why: logged, never refused.
  std::vector<std::string> dropped_attribution;
};

/// The page languages a lead may name (those of the web bundle's pages; empty: none).
using language_set = std::set<std::string, std::less<>>;

/// Validates a parsed JSON body by the rules. Every failing field gets its message at once.
lead_validation validate_lead(const nlohmann::json& body, const lead_rules& rules, const language_set& languages);

/// Number of Unicode code points in valid UTF-8 text.
std::size_t utf8_length(std::string_view s);

}  // namespace wavesites
