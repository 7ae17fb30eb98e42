#include "store/resume.hpp"

#include "store/lead_sql.hpp"
#include "util/ascii.hpp"

namespace wavesites {

nlohmann::json resume_value_json(const resume_record& resume, const resume_field& f) {
  if (f.number) return resume.*f.number;
  return resume.*f.text;
}

nlohmann::json resume_to_json(const resume_record& resume) {
  nlohmann::json out = nlohmann::json::object();
  for (const auto& f : resume_fields) out[std::string(f.key)] = resume_value_json(resume, f);
  return out;
}

std::string resume_file_name(const resume_record& resume) {
  const auto dot = resume.stored_name.rfind('.');
  const std::string ext = dot == std::string::npos ? "bin" : resume.stored_name.substr(dot + 1);
  std::string name = resume.original_name.empty() ? "resume" : resume.original_name;
  const std::string suffix = "." + ext;
  const bool has_it =
      name.size() > suffix.size() && ascii::iequals(std::string_view(name).substr(name.size() - suffix.size()), suffix);
  return has_it ? name : name + suffix;
}

const std::string& resume_columns() {
  static const std::string columns = [] {
    std::string out;
    for (const auto& f : resume_fields) out += (out.empty() ? "" : ", ") + std::string(f.column);
    return out;
  }();
  return columns;
}

std::string resume_insert_sql(sql_dialect dialect) {
  return insert_sql("resumes", resume_columns(), resume_fields.size(), dialect);
}

}  // namespace wavesites
