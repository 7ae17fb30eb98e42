#include "app/privacy.hpp"

#include <string>
#include <vector>

#include "log/event_log.hpp"

namespace wavesites {
namespace {

std::string_view by_name(erase_selector::by by) {
  switch (by) {
    case erase_selector::by::id:
      return "id";
    case erase_selector::by::email:
      return "email";
    case erase_selector::by::received_before:
      break;
  }
  return "age";
}

std::string_view kind_name(erasure_kind) {
  return "request";
}

}  // namespace

void log_erasure(erasure_kind kind, std::string_view records, erase_selector::by by, const erasure& e) {
  std::vector<std::string> ids;
  ids.reserve(e.records.size());
  for (const auto& r : e.records) ids.push_back(r.id);
  log::info("erased", {{"kind", kind_name(kind)},
                       {"records", records},
                       {"by", by_name(by)},
                       {"count", e.records.size()},
                       {"ids", ids},
                       {"notifications", e.notifications}});
}

}  // namespace wavesites
