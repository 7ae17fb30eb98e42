#include "store/lead.hpp"

namespace wavesites {

nlohmann::json lead_to_json(const lead_record& lead) {
  nlohmann::json out = nlohmann::json::object();
  for (const auto& f : lead_fields) {
    const std::string key(f.key);
    if (f.flag)
      out[key] = lead.*f.flag;
    else
      out[key] = lead.*f.text;
  }
  return out;
}

}  // namespace wavesites
