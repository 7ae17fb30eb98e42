#include "store/lead.hpp"

namespace wavesites {

nlohmann::json lead_to_json(const lead_record& lead) {
  nlohmann::json out = nlohmann::json::object();
  nlohmann::json attribution = nlohmann::json::object();
  for (const auto& f : lead_fields) {
    if (f.source == lead_source::attribution) {
      if (!(lead.*f.text).empty()) attribution[std::string(attribution_name(f))] = lead.*f.text;
      continue;
    }
    const std::string key(f.key);
    if (f.flag)
      out[key] = lead.*f.flag;
    else
      out[key] = lead.*f.text;
  }
  out["attribution"] = std::move(attribution);
  return out;
}

}  // namespace wavesites
