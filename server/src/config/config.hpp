#pragma once
/// The sites config (`config/sites.toml`, docs/configuration.md), parsed strictly: unknown keys
/// and malformed values are errors that name the key. Tables the server does not own hold
/// settings of the web bundle's pages, checked against the bundle when it is loaded.
#include <chrono>
#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "links/link_spec.hpp"
#include "util/cidr.hpp"
#include "util/result.hpp"

namespace wavesites {

struct limits_config {
  std::uint32_t leads_per_ip_per_hour = 20;
  std::uint32_t uploads_per_ip_per_hour = 10;
  std::uint64_t max_upload_bytes = 10 * 1024 * 1024;
  std::uint64_t max_json_bytes = 16 * 1024;
};

struct proxy_config {
  std::vector<std::string> trusted;  ///< normalised textual IP addresses
};

struct metrics_config {
  /// Who may read /metrics (after trusted-proxy resolution); to anyone else it does not exist.
  std::vector<cidr> allow = {*cidr::parse("127.0.0.0/8"), *cidr::parse("::1/128")};
};

struct server_config {
  unsigned threads = 0;  ///< 0: one per core the process can use (util/cores.hpp)
  std::chrono::seconds read_timeout{15};
  std::chrono::seconds idle_timeout{60};
  /// The longest an answer may wait for the client to take any more of it.
  std::chrono::seconds write_timeout{30};
  /// The slowest a client may take a run of answers (bytes per second), after a first
  /// write_timeout: a run of answers must be taken within write_timeout + its bytes / this rate,
  /// however steadily it trickles. 0: no minimum.
  std::uint32_t min_send_bytes_per_second = 1024;
  std::chrono::seconds body_timeout{300};
  std::chrono::seconds shutdown_grace{10};
  std::uint32_t max_header_bytes = 16 * 1024;
  bool access_log = true;
  /// Strict-Transport-Security max-age, sent when a trusted proxy says the request came over
  /// HTTPS; 0: never sent.
  std::int64_t hsts_max_age = 2 * 365 * 86400;
  /// Open client connections at most; 0: as many as the descriptor limit leaves room for.
  std::uint32_t max_connections = 0;
  /// Open connections from one client address (an IPv6 /64) at most, trusted proxies excepted;
  /// 0: derived from the whole cap (an eighth of it, at least 16).
  std::uint32_t max_connections_per_ip = 0;

  /// What a reload changed (app/commands.cpp, reloader).
  friend bool operator==(const server_config&, const server_config&) = default;
};

/// [notify]: where stored leads and resumes are announced. No table: nothing is sent.
struct notify_config {
  std::string webhook_url;            ///< http(s) URL; empty: no webhook
  std::string webhook_secret;         ///< the HMAC key; from WAVESITES_WEBHOOK_SECRET when the file has none
  std::vector<std::string> email_to;  ///< empty: no email
  std::string email_from;
  std::string smtp_url;       ///< smtp:// (STARTTLS when offered) or smtps://
  std::string smtp_password;  ///< WAVESITES_SMTP_PASSWORD; else the URL's own user info, if any
  bool attach_resumes = true;
  double retry_hours = 24;  ///< how long a notification is retried before it is marked failed

  [[nodiscard]] bool webhook() const { return !webhook_url.empty(); }
  [[nodiscard]] bool email() const { return !email_to.empty(); }
};

/// [retention]: how long leads and resumes are kept; 0 keeps them for ever. The server erases
/// older ones at start and then daily (app/privacy.hpp, retention_sweeper).
struct retention_config {
  std::uint32_t leads_days = 0;
  std::uint32_t resumes_days = 0;
  std::uint32_t stats_days = 0;  ///< the daily visit counts (not personal data: kept by default)

  [[nodiscard]] bool any() const { return leads_days > 0 || resumes_days > 0 || stats_days > 0; }
  friend bool operator==(const retention_config&, const retention_config&) = default;
};

/// [stats]: the cookieless visit counts and who may read them (stats/, docs/configuration.md).
struct stats_config {
  bool enabled = true;
  /// Addresses whose visits are not counted (the office, a monitor).
  std::vector<cidr> exclude;
  /// Who may open /stats/ without a password (after trusted-proxy resolution).
  std::vector<cidr> allow = {*cidr::parse("127.0.0.0/8"), *cidr::parse("::1/128")};
  /// name -> argon2id hash (`wavesites passwd`), for HTTP Basic auth from anywhere else.
  std::vector<std::pair<std::string, std::string>> users;
};

/// A value from a table the server does not own itself, such as [landing]: the web bundle
/// declares those settings and the pages that take them (sites/settings.hpp).
struct setting_entry {
  std::string value;
  std::string where;  ///< " (line N)" for messages
};

struct config {
  std::string source;  ///< the file it came from, for messages
  /// site name -> its host names, lower-case, without port or trailing dot.
  std::vector<std::pair<std::string, std::vector<std::string>>> hosts;
  /// site name -> its public origin ("https://host[:port]"), where [origins] sets one.
  std::vector<std::pair<std::string, std::string>> origins;
  /// "table.key" -> value, for every table but the ones below (checked against the web bundle).
  std::map<std::string, setting_entry, std::less<>> settings;
  limits_config limits;
  proxy_config proxy;
  metrics_config metrics;
  server_config server;
  notify_config notify;
  retention_config retention;
  stats_config stats;
  /// [links]: destinations that override the web bundle's link registry, or add to it.
  std::vector<link_spec> links;
};

/// The public origin of `site`: its [origins] entry, else "https://" and its first host, else
/// empty (a site with no hosts is reachable only on the prefixed route set).
[[nodiscard]] std::string site_origin(const config& cfg, std::string_view site);

/// Parses the TOML text; `source` names the file in error messages.
result<config> parse_config(std::string_view toml_text, std::string_view source);

/// Reads and parses a config file.
result<config> load_config(const std::string& path);

/// Normalises a host as the matcher does: lower case, no port, no trailing dot.
/// Accepts "Host" header forms: "name", "name:port", "[v6]", "[v6]:port".
std::string normalize_host(std::string_view host);

/// True when `host` (already normalised) is a syntactically valid DNS name or IP literal.
bool valid_host_name(std::string_view host);

}  // namespace wavesites
