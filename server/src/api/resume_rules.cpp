#include "api/resume_rules.hpp"

#include <algorithm>
#include <stdexcept>

#include <nlohmann/json.hpp>

#include "util/embedded.hpp"

namespace wavesites {

const accepted_type* resume_rules::accept(const file_type& sniffed) const {
  const auto it = std::find_if(types.begin(), types.end(),
                               [&](const accepted_type& t) { return t.extension == sniffed.extension; });
  return it == types.end() ? nullptr : &*it;
}

resume_rules resume_rules::parse(std::string_view json_text) {
  const auto rules = nlohmann::json::parse(json_text);
  resume_rules out;
  const auto known = recognised_types();
  for (const auto& t : rules.at("types")) {
    accepted_type a{t.at("extension").get<std::string>(), t.at("mime").get<std::string>(),
                    t.at("name").get<std::string>()};
    const auto sniffed = std::find_if(
        known.begin(), known.end(), [&](const file_type& k) { return k.extension == a.extension && k.mime == a.mime; });
    if (sniffed == known.end()) {
      throw std::runtime_error("resume rules: " + a.extension + " (" + a.mime +
                               ") is not a type the server recognises");
    }
    out.types.push_back(std::move(a));
  }
  if (out.types.empty()) throw std::runtime_error("resume rules: no accepted type");
  out.type_message = "only ";
  for (std::size_t i = 0; i < out.types.size(); ++i) {
    if (i > 0) out.type_message += i + 1 == out.types.size() ? " and " : ", ";
    out.type_message += out.types[i].name;
  }
  out.type_message += " documents are accepted";
  return out;
}

const resume_rules& resume_upload_rules() {
  static const resume_rules rules = resume_rules::parse(embedded::resume_rules_json);
  return rules;
}

}  // namespace wavesites
