#include "api/lead_rules.hpp"

#include <algorithm>
#include <stdexcept>

#include "util/embedded.hpp"

namespace wavesites {
namespace {

std::string trim(std::string_view s) {
  // ASCII white space and the common Unicode spaces (NBSP, ideographic space) a paste may bring.
  auto is_space_at = [&](std::size_t i, std::size_t& len) {
    const auto c = static_cast<unsigned char>(s[i]);
    if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v') return len = 1, true;
    if (c == 0xC2 && i + 1 < s.size() && static_cast<unsigned char>(s[i + 1]) == 0xA0) return len = 2, true;
    if (c == 0xE3 && i + 2 < s.size() && static_cast<unsigned char>(s[i + 1]) == 0x80 &&
        static_cast<unsigned char>(s[i + 2]) == 0x80) {
      return len = 3, true;
    }
    return false;
  };
  std::size_t b = 0, len = 0;
  while (b < s.size() && is_space_at(b, len)) b += len;
  std::size_t e = s.size();
  while (e > b) {
    // Step back over one trailing space of 1 to 3 bytes.
    bool trimmed = false;
    for (std::size_t l = 1; l <= 3 && l <= e - b; ++l) {
      std::size_t got = 0;
      if (is_space_at(e - l, got) && got == l) {
        e -= l;
        trimmed = true;
        break;
      }
    }
    if (!trimmed) break;
  }
  return std::string(s.substr(b, e - b));
}

/// True when `s` shows nothing: every character is white space or invisible formatting (zero-width
/// spaces and joiners, direction marks, the word joiner family, soft hyphen, BOM, Hangul fillers).
/// The form's own check (web/src/sites/waveads/form/validate-lead.ts, `BLANK`) uses the same set.
bool shows_nothing(std::string_view s) {
  for (std::size_t i = 0; i < s.size();) {
    const auto c = static_cast<unsigned char>(s[i]);
    const std::size_t len = c < 0x80 ? 1 : c < 0xE0 ? 2 : c < 0xF0 ? 3 : 4;
    char32_t cp = len == 1 ? c : len == 2 ? c & 0x1F : len == 3 ? c & 0x0F : c & 0x07;
    for (std::size_t k = 1; k < len && i + k < s.size(); ++k)
      cp = (cp << 6) | (static_cast<unsigned char>(s[i + k]) & 0x3F);
    i += len;
    const bool invisible = cp == ' ' || (cp >= 0x09 && cp <= 0x0D) || cp == 0x85 || cp == 0xA0 || cp == 0xAD ||
                           cp == 0x115F || cp == 0x1160 || cp == 0x1680 || cp == 0x180E ||
                           (cp >= 0x2000 && cp <= 0x200F) || cp == 0x2028 || cp == 0x2029 || cp == 0x202F ||
                           (cp >= 0x2060 && cp <= 0x2064) || cp == 0x205F || cp == 0x3000 || cp == 0x3164 ||
                           cp == 0xFEFF || cp == 0xFFA0;
    if (!invisible) return false;
  }
  return true;
}

}  // namespace

std::size_t utf8_length(std::string_view s) {
  std::size_t n = 0;
  for (unsigned char c : s) {
    if ((c & 0xC0) != 0x80) ++n;
  }
  return n;
}

const std::string& field_rule::message(const std::string& key) const {
  if (auto it = messages.find(key); it != messages.end()) return it->second;
  if (auto it = messages.find("required"); it != messages.end()) return it->second;
  if (auto it = messages.find("type"); it != messages.end()) return it->second;
  static const std::string fallback = "This value is not accepted.";
  return fallback;
}

lead_rules::lead_rules(std::string_view rules_json, std::string_view countries_json) {
  const auto rules = nlohmann::json::parse(rules_json);
  const auto& defs = rules.at("fields");
  for (const auto& name : rules.at("order")) {
    const auto& d = defs.at(name.get<std::string>());
    field_rule f;
    f.name = name.get<std::string>();
    f.type = d.at("type").get<std::string>();
    // The rules file and the field table (store/lead.hpp) must describe the same form.
    f.field = find_lead_field(f.name);
    if (!f.field || f.field->source != lead_source::form || (f.type == "consent") != (f.field->flag != nullptr)) {
      throw std::runtime_error("lead rules: " + f.name + " is not a form field of store/lead.hpp (or not of its type)");
    }
    f.required = d.value("required", false);
    f.not_blank = d.value("notBlank", false);
    f.max_length = d.value("maxLength", std::size_t{0});
    if (d.contains("options")) f.options = d["options"].get<std::vector<std::string>>();
    f.messages = d.at("messages").get<std::map<std::string, std::string>>();
    // Every failure the validator can report has its own text: a missing required value, a
    // value of the wrong JSON type (the required message, else a "type" one), a value too
    // long, a malformed email.
    const auto need = [&](const char* kind) {
      if (!f.messages.count(kind)) throw std::runtime_error("lead rules: " + f.name + " has no " + kind + " message");
    };
    if (f.required)
      need("required");
    else if (f.type != "consent")
      need("type");
    if (f.max_length) need("maxLength");
    if (f.type == "email") need("email");
    if (f.type == "email") email_pattern.emplace(d.at("pattern").get<std::string>(), std::regex::ECMAScript);
    fields.push_back(std::move(f));
  }
  for (const auto& lf : lead_fields) {
    const auto named = [&](const field_rule& r) { return r.field == &lf; };
    if (lf.source == lead_source::form && std::none_of(fields.begin(), fields.end(), named)) {
      throw std::runtime_error("lead rules: form field " + std::string(lf.key) + " has no rule");
    }
  }
  consent_version = rules.at("consent").at("version").get<std::string>();
  official_website_name = rules.at("officialWebsiteName").get<std::string>();
  official_website_message = rules.at("officialWebsiteNameMessage").get<std::string>();
  honeypot = rules.at("honeypot").get<std::string>();
  for (const auto& c : nlohmann::json::parse(countries_json)) country_codes.insert(c.at("code").get<std::string>());
}

const lead_rules& lead_rules::embedded() {
  static const lead_rules rules(embedded::lead_rules_json, embedded::countries_json);
  return rules;
}

namespace {

/// The key of the message a text field fails with, or empty when `value` (null when absent)
/// passes; `accepted` is then the text to store.
std::string check_text(const field_rule& f, const nlohmann::json* value, const lead_rules& rules,
                       std::string& accepted) {
  std::string text;
  if (value) {
    if (!value->is_string()) return "type";
    text = value->get<std::string>();
  }
  if (text.find('\0') != std::string::npos) return "required";
  const std::string trimmed = trim(text);
  if (f.type != "text" || f.not_blank || f.required) text = trimmed;  // the remark keeps its own spacing
  if (text.empty() || (f.not_blank && shows_nothing(trimmed))) return f.required ? "required" : "";
  if (f.max_length && utf8_length(text) > f.max_length) return "maxLength";
  if (f.type == "email" && rules.email_pattern && !std::regex_match(text, *rules.email_pattern)) return "email";
  if (f.type == "country" && !rules.country_codes.count(text)) return "required";
  if (f.type == "choice" && std::find(f.options.begin(), f.options.end(), text) == f.options.end()) return "required";
  accepted = std::move(text);
  return {};
}

/// What the page sends beside the form: the site it is, the consent text's version, its language.
void read_context(const nlohmann::json& body, const lead_rules& rules, const language_set& languages, lead_record& lead,
                  std::map<std::string, std::string>& errors) {
  const auto site = body.find("officialWebsiteName");
  if (site == body.end() || !site->is_string() || site->get<std::string>() != rules.official_website_name) {
    errors["officialWebsiteName"] = rules.official_website_message;
  } else {
    lead.official_website_name = rules.official_website_name;
  }
  // The version of the consent text this server shows, whatever the page claims: evidence of what
  // was agreed to must not come from the client.
  lead.consent_version = rules.consent_version;
  if (const auto v = body.find("language"); v != body.end() && v->is_string()) {
    const auto text = v->get<std::string>();
    if (languages.contains(text)) lead.language = text;
  }
}

/// The page's `attribution` object: the names the lead keeps, each a string of at most
/// max_attribution_value characters. Anything else is dropped, named in `dropped`, and never
/// costs the lead.
void read_attribution(const nlohmann::json& body, lead_record& lead, std::vector<std::string>& dropped) {
  const auto it = body.find("attribution");
  if (it == body.end() || it->is_null()) return;
  if (!it->is_object()) {
    dropped.emplace_back("attribution (not an object)");
    return;
  }
  for (const auto& item : it->items()) {
    const std::string& name = item.key();
    const auto& value = item.value();
    const auto field = std::find_if(lead_fields.begin(), lead_fields.end(), [&](const lead_field& f) {
      return f.source == lead_source::attribution && attribution_name(f) == name;
    });
    if (field == lead_fields.end()) {
      dropped.push_back(name.substr(0, 64) + " (unknown)");
      continue;
    }
    if (!value.is_string()) {
      dropped.push_back(name + " (not text)");
      continue;
    }
    auto text = trim(value.get<std::string>());
    if (text.empty()) continue;
    if (utf8_length(text) > max_attribution_value || text.find('\0') != std::string::npos) {
      dropped.push_back(name + " (over " + std::to_string(max_attribution_value) + " characters)");
      continue;
    }
    lead.*(field->text) = std::move(text);
  }
}

}  // namespace

lead_validation validate_lead(const nlohmann::json& body, const lead_rules& rules, const language_set& languages) {
  lead_validation out;
  if (!body.is_object()) {
    for (const auto& f : rules.fields) {
      if (f.required) out.errors[f.name] = f.message("required");
    }
    return out;
  }
  if (const auto it = body.find(rules.honeypot); it != body.end()) {
    out.honeypot_filled = !(it->is_null() || (it->is_string() && it->get<std::string>().empty()));
  }
  lead_record lead;
  for (const auto& f : rules.fields) {
    const auto it = body.find(f.name);
    const nlohmann::json* value = it != body.end() && !it->is_null() ? &*it : nullptr;
    if (f.type == "consent") {
      if (!value || !value->is_boolean() || !value->get<bool>())
        out.errors[f.name] = f.message("required");
      else
        lead.*(f.field->flag) = true;
      continue;
    }
    std::string accepted;
    if (const auto failed = check_text(f, value, rules, accepted); !failed.empty()) {
      out.errors[f.name] = f.message(failed);
    } else {
      lead.*(f.field->text) = std::move(accepted);
    }
  }
  read_context(body, rules, languages, lead, out.errors);
  read_attribution(body, lead, out.dropped_attribution);
  if (out.errors.empty()) out.lead = std::move(lead);
  return out;
}

}  // namespace wavesites
