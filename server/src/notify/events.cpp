#include "notify/events.hpp"

#include <charconv>
#include <ctime>

#include "util/ids.hpp"

namespace wavesites {

std::vector<std::string_view> notify_channels(const notify_config& cfg) {
  std::vector<std::string_view> out;
  if (cfg.webhook()) out.push_back(webhook_channel);
  if (cfg.email()) out.push_back(email_channel);
  return out;
}

std::vector<notification> notifications_for(const notify_config& cfg, std::string_view event,
                                            const std::string& subject_id, std::string_view site,
                                            const std::string& created_at) {
  std::vector<notification> out;
  for (const auto channel : notify_channels(cfg)) {
    notification n;
    n.id = new_ulid();
    n.event = std::string(event);
    n.subject_id = subject_id;
    n.site = std::string(site);
    n.channel = std::string(channel);
    n.created_at = created_at;
    n.created_ms = iso_to_unix_ms(created_at);
    out.push_back(std::move(n));
  }
  return out;
}

std::int64_t iso_to_unix_ms(std::string_view iso) {
  // "YYYY-MM-DDTHH:MM:SS.mmmZ", as util/ids writes it.
  if (iso.size() != 24 || iso[4] != '-' || iso[10] != 'T' || iso[19] != '.' || iso[23] != 'Z') return 0;
  auto num = [&](std::size_t at, std::size_t len) {
    int v = -1;
    std::from_chars(iso.data() + at, iso.data() + at + len, v);
    return v;
  };
  std::tm tm{};
  tm.tm_year = num(0, 4) - 1900;
  tm.tm_mon = num(5, 2) - 1;
  tm.tm_mday = num(8, 2);
  tm.tm_hour = num(11, 2);
  tm.tm_min = num(14, 2);
  tm.tm_sec = num(17, 2);
  const int ms = num(20, 3);
  if (tm.tm_year < 70 || tm.tm_mon < 0 || tm.tm_mday < 1 || tm.tm_hour < 0 || tm.tm_min < 0 || tm.tm_sec < 0 ||
      ms < 0) {
    return 0;
  }
  return static_cast<std::int64_t>(timegm(&tm)) * 1000 + ms;
}

}  // namespace wavesites
