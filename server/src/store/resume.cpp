#include <cctype>

#include "store/store.hpp"

namespace wavesites {
namespace {

std::string lower(std::string_view s) {
  std::string out(s);
  for (auto& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

}  // namespace

std::string resume_file_name(const resume_record& resume) {
  const auto dot = resume.stored_name.rfind('.');
  const std::string ext = dot == std::string::npos ? "bin" : resume.stored_name.substr(dot + 1);
  std::string name = resume.original_name.empty() ? "resume" : resume.original_name;
  const std::string suffix = "." + ext;
  const bool has_it = name.size() > suffix.size() && lower(name).ends_with(lower(suffix));
  return has_it ? name : name + suffix;
}

}  // namespace wavesites
