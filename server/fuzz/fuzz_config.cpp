// libFuzzer target for the config parser: arbitrary text to parse_config(), the function that
// load_config() (start-up, `wavesites check`, a reload) calls with the file's contents. TOML is
// parsed by the toml++ library the server links (see CMakeLists.txt for why not from headers),
// so the instrumentation and the coverage are on the server's own checks of what it parsed.
//
// Beyond "no crash, no sanitizer report, no exception escaping": an error names the file; a
// config that parses holds only what the checks let through (normalised, valid, unique host
// names; origins that are scheme://authority; every number within its documented range); and
// parsing the same text again gives the same answer.
#include <cstddef>
#include <cstdint>
#include <set>
#include <string>
#include <string_view>

#include "config/config.hpp"

namespace {

void require(bool condition) {
  if (!condition) __builtin_trap();
}

constexpr std::string_view source = "fuzz.toml";

void check(const wavesites::config& cfg) {
  require(cfg.source == source);
  std::set<std::string> hosts;
  for (const auto& [site, names] : cfg.hosts) {
    for (const auto& name : names) {
      require(wavesites::normalize_host(name) == name && wavesites::valid_host_name(name));
      require(hosts.insert(name).second);
    }
    const auto origin = wavesites::site_origin(cfg, site);
    require(names.empty() || origin.starts_with("http://") || origin.starts_with("https://"));
  }
  for (const auto& [site, origin] : cfg.origins) {
    const auto sep = origin.find("://");
    require(sep == 4 || sep == 5);
    require(origin.find_first_of("/?#@ ", sep + 3) == std::string::npos);
  }
  const auto& l = cfg.limits;
  require(l.leads_per_ip_per_hour >= 1 && l.uploads_per_ip_per_hour >= 1);
  require(l.max_upload_bytes >= 1024 && l.max_json_bytes >= 256 && l.max_json_bytes <= 16 * 1024 * 1024);
  const auto& s = cfg.server;
  require(s.threads <= 256 && s.max_header_bytes >= 1024 && s.max_header_bytes <= (1u << 20));
  for (const auto t : {s.read_timeout, s.idle_timeout, s.write_timeout, s.body_timeout, s.shutdown_grace}) {
    require(t.count() >= 1 && t.count() <= 86400);
  }
  require(s.hsts_max_age >= 0 && s.max_connections <= 10'000'000 && s.max_connections_per_ip <= 10'000'000);
  const auto& n = cfg.notify;
  require(!n.webhook() || !n.webhook_secret.empty());
  require(!n.email() || (!n.email_from.empty() && !n.smtp_url.empty()));
  require(n.retry_hours > 0 && n.retry_hours <= 24 * 365);
  for (const auto& [key, entry] : cfg.settings) require(key.find('.') != std::string::npos);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const auto parsed = wavesites::parse_config(text, source);
  if (parsed.ok()) {
    check(*parsed);
  } else {
    require(parsed.message().starts_with(std::string(source) + ": "));
  }
  const auto again = wavesites::parse_config(text, source);
  require(again.ok() == parsed.ok());
  if (!parsed.ok()) require(again.message() == parsed.message());
  return 0;
}
