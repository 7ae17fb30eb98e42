#include "config/config.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <utility>

#include <toml++/toml.h>
#include <boost/asio/ip/address.hpp>

#include "links/link_spec.hpp"
#include "util/ascii.hpp"

namespace wavesites {
namespace {

struct config_error {
  std::string message;
};

std::string where(const toml::node& n) {
  const auto& src = n.source();
  if (src.begin.line == 0) return {};
  return " (line " + std::to_string(src.begin.line) + ")";
}

std::string type_name(const toml::node& n) {
  switch (n.type()) {
    case toml::node_type::string:
      return "a string";
    case toml::node_type::integer:
      return "an integer";
    case toml::node_type::floating_point:
      return "a number with a fraction";
    case toml::node_type::boolean:
      return "a boolean";
    case toml::node_type::array:
      return "an array";
    case toml::node_type::table:
      return "a table";
    default:
      return "a date or time";
  }
}

[[noreturn]] void fail(std::string msg) {
  throw config_error{std::move(msg)};
}

const toml::table& expect_table(const toml::node& n, const std::string& key) {
  const auto* t = n.as_table();
  if (!t) fail(key + ": expected a table, got " + type_name(n) + where(n));
  return *t;
}

std::string expect_string(const toml::node& n, const std::string& key) {
  const auto* s = n.as_string();
  if (!s) fail(key + ": expected a string, got " + type_name(n) + where(n));
  return s->get();
}

std::int64_t expect_int(const toml::node& n, const std::string& key, std::int64_t lo, std::int64_t hi) {
  const auto* i = n.as_integer();
  if (!i) fail(key + ": expected an integer, got " + type_name(n) + where(n));
  const auto v = i->get();
  if (v < lo || v > hi) {
    fail(key + ": " + std::to_string(v) + " is out of range " + std::to_string(lo) + ".." + std::to_string(hi) +
         where(n));
  }
  return v;
}

bool expect_bool(const toml::node& n, const std::string& key) {
  const auto* b = n.as_boolean();
  if (!b) fail(key + ": expected true or false, got " + type_name(n) + where(n));
  return b->get();
}

void reject_unknown(const toml::table& t, const std::string& prefix, std::initializer_list<std::string_view> known) {
  for (auto&& [k, v] : t) {
    const std::string_view key = k.str();
    if (std::find(known.begin(), known.end(), key) == known.end()) {
      fail("unknown key '" + prefix + std::string(key) + "'" + where(v));
    }
  }
}

/// Sets `out` from `table`'s `key` if present: an integer within [lo, hi].
template <typename T>
void read_int(const toml::table& table, std::string_view prefix, const char* key, std::int64_t lo, std::int64_t hi,
              T& out) {
  if (const auto* v = table.get(key)) out = static_cast<T>(expect_int(*v, std::string(prefix) + key, lo, hi));
}

void parse_hosts(const toml::table& hosts, config& cfg) {
  std::map<std::string, std::string> owner;  // host -> site, to catch a host given twice
  // In the file's order (toml++ keeps a table's keys sorted), so that what lists the sites, such
  // as `wavesites urls`, lists them as the file's author did.
  std::vector<std::pair<const toml::key*, const toml::node*>> entries;
  for (auto&& [k, v] : hosts) entries.emplace_back(&k, &v);
  std::stable_sort(entries.begin(), entries.end(), [](const auto& a, const auto& b) {
    return a.first->source().begin.line < b.first->source().begin.line;
  });
  for (const auto& entry : entries) {
    const toml::key& k = *entry.first;
    const toml::node& v = *entry.second;
    const std::string site(k.str());
    const std::string key = "hosts." + site;
    const auto* arr = v.as_array();
    if (!arr) fail(key + ": expected an array of host names, got " + type_name(v) + where(v));
    std::vector<std::string> names;
    for (const auto& item : *arr) {
      const auto raw = expect_string(item, key);
      if (raw.find_first_of(":/ ") != std::string::npos && raw.front() != '[') {
        fail(key + ": \"" + raw + "\" must be a bare host name (no scheme, port, path or spaces)" + where(item));
      }
      auto name = normalize_host(raw);
      if (!valid_host_name(name)) fail(key + ": \"" + raw + "\" is not a valid host name" + where(item));
      if (auto it = owner.find(name); it != owner.end()) {
        fail(key + ": host \"" + name + "\" is already listed under hosts." + it->second + where(item));
      }
      owner.emplace(name, site);
      names.push_back(std::move(name));
    }
    cfg.hosts.emplace_back(site, std::move(names));
  }
}

void parse_limits(const toml::table& t, config& cfg) {
  reject_unknown(t, "limits.",
                 {"leads_per_ip_per_hour", "uploads_per_ip_per_hour", "max_upload_bytes", "max_json_bytes"});
  constexpr std::int64_t max_rate = 1'000'000;
  auto& l = cfg.limits;
  read_int(t, "limits.", "leads_per_ip_per_hour", 1, max_rate, l.leads_per_ip_per_hour);
  read_int(t, "limits.", "uploads_per_ip_per_hour", 1, max_rate, l.uploads_per_ip_per_hour);
  read_int(t, "limits.", "max_upload_bytes", 1024, std::int64_t{1} << 32, l.max_upload_bytes);
  read_int(t, "limits.", "max_json_bytes", 256, 16 * 1024 * 1024, l.max_json_bytes);
}

void parse_proxy(const toml::table& t, config& cfg) {
  reject_unknown(t, "proxy.", {"trusted"});
  const auto* v = t.get("trusted");
  if (!v) return;
  const auto* arr = v->as_array();
  if (!arr) fail("proxy.trusted: expected an array of IP addresses, got " + type_name(*v) + where(*v));
  for (const auto& item : *arr) {
    const auto text = expect_string(item, "proxy.trusted");
    boost::system::error_code ec;
    const auto addr = boost::asio::ip::make_address(text, ec);
    if (ec) fail("proxy.trusted: \"" + text + "\" is not an IP address" + where(item));
    cfg.proxy.trusted.push_back(addr.to_string());
  }
}

std::vector<cidr> expect_ranges(const toml::node& v, const std::string& key) {
  const auto* arr = v.as_array();
  if (!arr) fail(key + ": expected an array of address ranges, got " + type_name(v) + where(v));
  std::vector<cidr> out;
  for (const auto& item : *arr) {
    const auto text = expect_string(item, key);
    const auto range = cidr::parse(text);
    if (!range) fail(key + ": \"" + text + "\" is not an address range (ADDRESS/BITS)" + where(item));
    out.push_back(*range);
  }
  return out;
}

void parse_metrics(const toml::table& t, config& cfg) {
  reject_unknown(t, "metrics.", {"allow"});
  if (const auto* v = t.get("allow")) cfg.metrics.allow = expect_ranges(*v, "metrics.allow");
}

void parse_server(const toml::table& t, config& cfg) {
  reject_unknown(t, "server.",
                 {"threads", "read_timeout_seconds", "idle_timeout_seconds", "write_timeout_seconds",
                  "body_timeout_seconds", "shutdown_grace_seconds", "max_header_bytes", "access_log", "hsts_max_age",
                  "max_connections", "max_connections_per_ip", "min_send_bytes_per_second"});
  auto& s = cfg.server;
  read_int(t, "server.", "threads", 0, 256, s.threads);
  std::int64_t seconds = 0;
  for (auto [key, out] : {std::pair{"read_timeout_seconds", &s.read_timeout},
                          {"idle_timeout_seconds", &s.idle_timeout},
                          {"write_timeout_seconds", &s.write_timeout},
                          {"body_timeout_seconds", &s.body_timeout},
                          {"shutdown_grace_seconds", &s.shutdown_grace}}) {
    seconds = out->count();
    read_int(t, "server.", key, 1, 86400, seconds);
    *out = std::chrono::seconds(seconds);
  }
  read_int(t, "server.", "max_header_bytes", 1024, 1 << 20, s.max_header_bytes);
  if (const auto* v = t.get("access_log")) s.access_log = expect_bool(*v, "server.access_log");
  read_int(t, "server.", "hsts_max_age", 0, std::int64_t{10} * 365 * 86400, s.hsts_max_age);
  read_int(t, "server.", "max_connections", 0, 10'000'000, s.max_connections);
  read_int(t, "server.", "max_connections_per_ip", 0, 10'000'000, s.max_connections_per_ip);
  read_int(t, "server.", "min_send_bytes_per_second", 0, 1'000'000'000, s.min_send_bytes_per_second);
}

/// An origin is a scheme (http or https), a host and maybe a port: nothing else, so that page
/// URLs can be written as origin + path.
void parse_origins(const toml::table& t, config& cfg) {
  for (auto&& entry : t) {
    // A named node, not a structured binding: lambdas may not capture bindings before clang 16.
    const toml::node& v = entry.second;
    const std::string key = "origins." + std::string(entry.first.str());
    const auto text = expect_string(v, key);
    const auto bad = [&] {
      fail(key + ": \"" + text + "\" is not an origin (scheme://host[:port], with no path)" + where(v));
    };
    const auto sep = text.find("://");
    if (sep == std::string::npos) bad();
    const std::string scheme = ascii::to_lower(text.substr(0, sep));
    if (scheme != "https" && scheme != "http") bad();
    const std::string authority = text.substr(sep + 3);
    if (authority.empty() || authority.find_first_of("/?#@ \\") != std::string::npos) bad();
    // "[v6]" or "name" / "v4", then maybe ":port".
    const auto host_end = authority.front() == '[' ? authority.find(']') + 1 : authority.find(':');
    if (host_end == 0) bad();  // "[" without "]"
    const std::string host = authority.substr(0, host_end);
    const std::string rest = host_end == std::string::npos ? std::string{} : authority.substr(host_end);
    if (!rest.empty()) {
      const auto port = rest.substr(1);
      const bool digits = rest.front() == ':' && !port.empty() && port.size() <= 5 &&
                          port.find_first_not_of("0123456789") == std::string::npos;
      if (!digits || std::stoi(port) < 1 || std::stoi(port) > 65535) bad();
    }
    const auto name = normalize_host(host);
    if (!valid_host_name(name)) bad();
    cfg.origins.emplace_back(std::string(entry.first.str()),
                             scheme + "://" + (host.front() == '[' ? host : name) + rest);
  }
}

/// An address for the envelope and headers of a notification email: no display name, no
/// spaces, angle brackets or line breaks, one @ with text on both sides.
bool plain_email_address(std::string_view a) {
  const auto at = a.find('@');
  return at != std::string_view::npos && at > 0 && at + 1 < a.size() && a.find('@', at + 1) == std::string_view::npos &&
         a.size() <= 254 && std::none_of(a.begin(), a.end(), [](char c) {
           return static_cast<unsigned char>(c) <= ' ' || c == '<' || c == '>' || c == ',' || c == '"' || c == 0x7f;
         });
}

std::string expect_url(const toml::node& v, const std::string& key, std::initializer_list<std::string_view> schemes) {
  auto text = expect_string(v, key);
  const auto sep = text.find("://");
  const bool known = sep != std::string::npos &&
                     std::find(schemes.begin(), schemes.end(), std::string_view(text).substr(0, sep)) != schemes.end();
  const bool clean =
      std::none_of(text.begin(), text.end(), [](char c) { return static_cast<unsigned char>(c) <= ' '; });
  if (!known || !clean || sep + 3 >= text.size()) {
    std::string list;
    for (const auto s : schemes) list += (list.empty() ? "" : " or ") + std::string(s) + "://";
    fail(key + ": \"" + text + "\" is not a " + list + " URL" + where(v));
  }
  return text;
}

std::string env_or(const char* name, std::string fallback) {
  const char* v = std::getenv(name);
  return v != nullptr && *v != '\0' ? std::string(v) : std::move(fallback);
}

/// [notify]: a webhook, email, or both. Each channel must be complete, so that a typo cannot
/// leave leads silently unannounced.
void parse_notify(const toml::table& t, config& cfg) {
  reject_unknown(
      t, "notify.",
      {"webhook_url", "webhook_secret", "email_to", "email_from", "smtp_url", "attach_resumes", "retry_hours"});
  auto& n = cfg.notify;
  if (const auto* v = t.get("webhook_url")) n.webhook_url = expect_url(*v, "notify.webhook_url", {"http", "https"});
  if (const auto* v = t.get("webhook_secret")) n.webhook_secret = expect_string(*v, "notify.webhook_secret");
  n.webhook_secret = env_or("WAVESITES_WEBHOOK_SECRET", n.webhook_secret);
  if (n.webhook() && n.webhook_secret.empty()) {
    fail("notify.webhook_secret: required with notify.webhook_url (or set WAVESITES_WEBHOOK_SECRET)");
  }
  if (const auto* v = t.get("email_to")) {
    const auto* arr = v->as_array();
    if (!arr) fail("notify.email_to: expected an array of email addresses, got " + type_name(*v) + where(*v));
    for (const auto& item : *arr) {
      auto a = expect_string(item, "notify.email_to");
      if (!plain_email_address(a)) fail("notify.email_to: \"" + a + "\" is not an email address" + where(item));
      n.email_to.push_back(std::move(a));
    }
  }
  if (const auto* v = t.get("email_from")) {
    n.email_from = expect_string(*v, "notify.email_from");
    if (!plain_email_address(n.email_from)) {
      fail("notify.email_from: \"" + n.email_from + "\" is not an email address" + where(*v));
    }
  }
  if (const auto* v = t.get("smtp_url")) n.smtp_url = expect_url(*v, "notify.smtp_url", {"smtp", "smtps"});
  n.smtp_password = env_or("WAVESITES_SMTP_PASSWORD", "");
  if (n.email()) {
    if (n.email_from.empty()) fail("notify.email_from: required with notify.email_to");
    if (n.smtp_url.empty()) fail("notify.smtp_url: required with notify.email_to");
  } else if (!n.email_from.empty() || !n.smtp_url.empty()) {
    fail("notify.email_to: required with notify.email_from and notify.smtp_url (who receives the emails?)");
  }
  if (const auto* v = t.get("attach_resumes")) n.attach_resumes = expect_bool(*v, "notify.attach_resumes");
  if (const auto* v = t.get("retry_hours")) {
    const auto hours = v->value<double>();  // an integer or a number with a fraction
    if (!hours || !(*hours > 0) || *hours > 24 * 365) {
      fail("notify.retry_hours: expected a number of hours above 0 and at most 8760" + where(*v));
    }
    n.retry_hours = *hours;
  }
}

/// A century: longer is a typo, and days * 86400000 ms must stay far inside 64 bits.
constexpr std::int64_t max_retention_days = 36500;

void parse_retention(const toml::table& t, config& cfg) {
  reject_unknown(t, "retention.", {"leads_days", "resumes_days", "stats_days"});
  read_int(t, "retention.", "leads_days", 0, max_retention_days, cfg.retention.leads_days);
  read_int(t, "retention.", "resumes_days", 0, max_retention_days, cfg.retention.resumes_days);
  read_int(t, "retention.", "stats_days", 0, max_retention_days, cfg.retention.stats_days);
}

/// [stats]: counting on or off, whose visits not to count, and who may read the counts.
void parse_stats(const toml::table& t, config& cfg) {
  reject_unknown(t, "stats.", {"enabled", "exclude", "allow", "users"});
  auto& s = cfg.stats;
  if (const auto* v = t.get("enabled")) s.enabled = expect_bool(*v, "stats.enabled");
  if (const auto* v = t.get("exclude")) s.exclude = expect_ranges(*v, "stats.exclude");
  if (const auto* v = t.get("allow")) s.allow = expect_ranges(*v, "stats.allow");
  if (const auto* v = t.get("users")) {
    for (auto&& entry : expect_table(*v, "stats.users")) {
      const toml::node& hash_node = entry.second;
      const std::string name(entry.first.str());
      const std::string key = "stats.users." + name;
      auto hash = expect_string(hash_node, key);
      if (name.empty() || name.find(':') != std::string::npos ||
          std::any_of(name.begin(), name.end(), [](char c) { return static_cast<unsigned char>(c) <= ' '; })) {
        fail(key + ": a user name has no colon, space or control character" + where(hash_node));
      }
      if (!hash.starts_with("$argon2id$")) {
        fail(key + ": expected an argon2id hash (make one with `wavesites passwd`)" + where(hash_node));
      }
      s.users.emplace_back(name, std::move(hash));
    }
  }
}

/// [links]: slug = "https://..." (the destination for everyone), or a table of url, ios, android
/// and subid_param. Each value is checked here as the bundle's are at build time, so a typo stops
/// the server (or a reload) with its key.
void parse_links(const toml::table& t, config& cfg) {
  for (auto&& entry : t) {
    const toml::node& v = entry.second;
    const std::string slug(entry.first.str());
    const std::string key = "links." + slug;
    if (!valid_link_slug(slug)) fail(key + ": a slug is 1 to 64 of a-z, 0-9 and '-'" + where(v));
    link_spec spec;
    spec.slug = slug;
    spec.where = key + where(v);
    const auto destination = [&](const toml::node& n, const std::string& name) {
      auto url = expect_string(n, name);
      if (auto problem = link_destination_problem(url); !problem.empty()) fail(name + ": " + problem + where(n));
      return url;
    };
    if (v.is_string()) {
      spec.url = destination(v, key);
    } else {
      const auto& table = expect_table(v, key);
      reject_unknown(table, key + ".", {"url", "ios", "android", "subid_param"});
      if (table.empty())
        fail(key + ": an empty table changes nothing; give url, ios, android or subid_param" + where(v));
      // An empty ios, android or subid_param takes the bundle's away: everyone gets url, untagged.
      for (const auto& [field, member] :
           {std::pair{"url", &link_spec::url}, {"ios", &link_spec::ios}, {"android", &link_spec::android}}) {
        const auto* n = table.get(field);
        if (!n) continue;
        const bool removal = std::string_view(field) != "url" && n->is_string() && n->as_string()->get().empty();
        spec.*member = removal ? std::string() : destination(*n, key + "." + field);
      }
      if (const auto* n = table.get("subid_param")) {
        auto name = expect_string(*n, key + ".subid_param");
        if (auto problem = subid_param_problem(name); !problem.empty() && !name.empty()) {
          fail(key + ".subid_param: " + problem + where(*n));
        }
        spec.subid_param = std::move(name);
      }
    }
    cfg.links.push_back(std::move(spec));
  }
}

/// Every other table holds settings of the web bundle's pages: "table.key" -> text.
void collect_settings(const std::string& table, const toml::node& node, config& cfg) {
  const auto* t = node.as_table();
  if (!t) fail("unknown key '" + table + "'" + where(node));
  for (auto&& [k, v] : *t) {
    const std::string key = table + "." + std::string(k.str());
    cfg.settings.emplace(key, setting_entry{expect_string(v, key), where(v)});
  }
}

/// The tables this parser owns, each with its parser.
constexpr std::array<std::pair<std::string_view, void (*)(const toml::table&, config&)>, 10> owned_tables{{
    {"hosts", parse_hosts},
    {"stats", parse_stats},
    {"links", parse_links},
    {"notify", parse_notify},
    {"origins", parse_origins},
    {"limits", parse_limits},
    {"proxy", parse_proxy},
    {"metrics", parse_metrics},
    {"server", parse_server},
    {"retention", parse_retention},
}};

config parse(const toml::table& root) {
  config cfg;
  if (!root.get("hosts")) fail("missing required table [hosts]");
  for (auto&& [k, node] : root) {
    const std::string name(k.str());
    const auto owned =
        std::find_if(owned_tables.begin(), owned_tables.end(), [&](const auto& o) { return o.first == name; });
    if (owned != owned_tables.end())
      owned->second(expect_table(node, "[" + name + "]"), cfg);
    else
      collect_settings(name, node, cfg);
  }
  return cfg;
}

}  // namespace

std::string normalize_host(std::string_view host) {
  std::string_view h = host;
  if (!h.empty() && h.front() == '[') {  // IPv6 literal, maybe with a port
    const auto close = h.find(']');
    h = close == std::string_view::npos ? h.substr(1) : h.substr(1, close - 1);
  } else if (const auto colon = h.find(':');
             colon != std::string_view::npos && h.find(':', colon + 1) == std::string_view::npos) {
    h = h.substr(0, colon);  // name:port (a bare IPv6 address has several colons and is kept)
  }
  while (!h.empty() && h.back() == '.') h.remove_suffix(1);
  return ascii::to_lower(h);
}

bool valid_host_name(std::string_view host) {
  if (host.empty() || host.size() > 253) return false;
  boost::system::error_code ec;
  boost::asio::ip::make_address(std::string(host), ec);
  if (!ec) return true;
  std::size_t label = 0;
  for (std::size_t i = 0; i <= host.size(); ++i) {
    if (i == host.size() || host[i] == '.') {
      if (label == 0 || label > 63) return false;
      if (host[i - 1] == '-' || host[i - label] == '-') return false;
      label = 0;
      continue;
    }
    const auto c = static_cast<unsigned char>(host[i]);
    if (!(std::isalnum(c) || c == '-' || c == '_')) return false;
    ++label;
  }
  return true;
}

std::string site_origin(const config& cfg, std::string_view site) {
  for (const auto& [name, origin] : cfg.origins) {
    if (name == site) return origin;
  }
  for (const auto& [name, hosts] : cfg.hosts) {
    if (name == site && !hosts.empty()) return "https://" + hosts.front();
  }
  return {};
}

result<config> parse_config(std::string_view toml_text, std::string_view source) {
  try {
    const auto root = toml::parse(toml_text, source);
    auto cfg = parse(root);
    cfg.source = std::string(source);
    return cfg;
  } catch (const toml::parse_error& e) {
    const auto& b = e.source().begin;
    return error{std::string(source) + ": line " + std::to_string(b.line) + ": " + std::string(e.description())};
  } catch (const config_error& e) {
    return error{std::string(source) + ": " + e.message};
  }
}

result<config> load_config(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return error{"cannot read config file " + path};
  std::ostringstream ss;
  ss << in.rdbuf();
  if (in.bad()) return error{"cannot read config file " + path};
  return parse_config(ss.str(), path);
}

}  // namespace wavesites
