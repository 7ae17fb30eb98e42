#include <gtest/gtest.h>

#include <map>
#include <string>

#include "config/config.hpp"

namespace wavesites {
namespace {

constexpr const char* full = R"(
[hosts]
waveads = ["WaveAds.Example."]
kuponz1 = ["kuponz-a.example", "kuponz-b.example"]
tts1 = []

[landing]
app_store_url = "https://apps.apple.com/app/block-blast/id1617391485"
tracking_url  = "https://tracking.example/click"
offer         = "block-blast-ios"
affiliate     = "waveads"

[limits]
leads_per_ip_per_hour   = 5
uploads_per_ip_per_hour = 3
max_upload_bytes        = 2048
max_json_bytes          = 1024

[proxy]
trusted = ["127.0.0.1", "::1"]
)";

TEST(Config, ParsesTheContractExample) {
  const auto cfg = parse_config(full, "sites.toml");
  ASSERT_TRUE(cfg.ok()) << cfg.message();
  ASSERT_EQ(cfg->hosts.size(), 3u);
  std::map<std::string, std::vector<std::string>> hosts(cfg->hosts.begin(), cfg->hosts.end());
  EXPECT_EQ(hosts["waveads"], std::vector<std::string>{"waveads.example"});
  EXPECT_EQ(hosts["kuponz1"], (std::vector<std::string>{"kuponz-a.example", "kuponz-b.example"}));
  EXPECT_TRUE(hosts["tts1"].empty());
  // [landing] is not the server's own table: its values are settings for the web bundle's pages.
  EXPECT_EQ(cfg->settings.at("landing.tracking_url").value, "https://tracking.example/click");
  EXPECT_EQ(cfg->settings.at("landing.offer").where, " (line 10)");
  EXPECT_EQ(cfg->source, "sites.toml");
  EXPECT_EQ(cfg->limits.leads_per_ip_per_hour, 5u);
  EXPECT_EQ(cfg->limits.max_upload_bytes, 2048u);
  EXPECT_EQ(cfg->proxy.trusted, (std::vector<std::string>{"127.0.0.1", "::1"}));
}

TEST(Config, DefaultsApplyWhenOnlyHostsIsGiven) {
  const auto cfg = parse_config("[hosts]\n", "x.toml");
  ASSERT_TRUE(cfg.ok()) << cfg.message();
  EXPECT_EQ(cfg->limits.max_upload_bytes, 10u * 1024 * 1024);
  EXPECT_EQ(cfg->limits.max_json_bytes, 16384u);
  EXPECT_EQ(cfg->limits.leads_per_ip_per_hour, 20u);
  EXPECT_TRUE(cfg->proxy.trusted.empty());
  EXPECT_TRUE(cfg->server.access_log);
  EXPECT_EQ(cfg->server.write_timeout, std::chrono::seconds(30));
  EXPECT_EQ(cfg->server.min_send_bytes_per_second, 1024u);
  EXPECT_EQ(cfg->server.max_connections_per_ip, 0u) << "0: derived from the whole cap at start";
}

void expect_error(const std::string& text, const std::string& fragment) {
  const auto cfg = parse_config(text, "sites.toml");
  ASSERT_FALSE(cfg.ok()) << "accepted: " << text;
  EXPECT_NE(cfg.message().find(fragment), std::string::npos) << cfg.message();
  EXPECT_EQ(cfg.message().find('\n'), std::string::npos) << "one line: " << cfg.message();
  EXPECT_EQ(cfg.message().rfind("sites.toml", 0), 0u) << cfg.message();
}

TEST(Config, TheMinimumSendRateIsABoundedByteCount) {
  const auto cfg = parse_config("[hosts]\n[server]\nmin_send_bytes_per_second = 0\n", "x.toml");
  ASSERT_TRUE(cfg.ok()) << cfg.message();
  EXPECT_EQ(cfg->server.min_send_bytes_per_second, 0u) << "0 turns it off";
  expect_error("[hosts]\n[server]\nmin_send_bytes_per_second = -1\n", "server.min_send_bytes_per_second");
  expect_error("[hosts]\n[server]\nmin_send_bytes_per_second = \"1k\"\n", "server.min_send_bytes_per_second");
}

TEST(Config, RejectsMissingHosts) {
  expect_error("[limits]\nmax_json_bytes = 1024\n", "[hosts]");
}

TEST(Config, RejectsUnknownKeysNamingThem) {
  expect_error("[hosts]\n[limits]\nmax_uplod_bytes = 5\n", "limits.max_uplod_bytes");
  expect_error("[hosts]\n[proxy]\ntrusted = []\nextra = 1\n", "proxy.extra");
  expect_error("stray = 1\n[hosts]\n", "'stray'");
  expect_error("[hosts]\n[server]\n[server.extra]\n", "server.extra");
  // Keys of the other tables are the web bundle's settings: sites/settings_test.cpp checks them.
  expect_error("[hosts]\n[landing.deeper]\nkey = \"x\"\n", "landing.deeper");
}

TEST(Config, RejectsMalformedValuesNamingTheKey) {
  expect_error("[hosts]\nwaveads = \"waveads.example\"\n", "hosts.waveads");
  expect_error("[hosts]\nwaveads = [1]\n", "hosts.waveads");
  expect_error("[hosts]\nwaveads = [\"bad host!\"]\n", "hosts.waveads");
  expect_error("[hosts]\nwaveads = [\"waveads.example:8080\"]\n", "hosts.waveads");
  expect_error("[hosts]\nwaveads = [\"http://waveads.example\"]\n", "hosts.waveads");
  expect_error("[hosts]\n[limits]\nmax_upload_bytes = \"10MB\"\n", "limits.max_upload_bytes");
  expect_error("[hosts]\n[limits]\nleads_per_ip_per_hour = -1\n", "limits.leads_per_ip_per_hour");
  expect_error("[hosts]\n[limits]\nmax_json_bytes = 0\n", "limits.max_json_bytes");
  expect_error("[hosts]\n[landing]\noffer = 7\n", "landing.offer");
  expect_error("[hosts]\n[proxy]\ntrusted = [\"10.0.0.300\"]\n", "proxy.trusted");
  expect_error("[hosts]\n[proxy]\ntrusted = \"127.0.0.1\"\n", "proxy.trusted");
  expect_error("[hosts]\n[server]\naccess_log = \"yes\"\n", "server.access_log");
}

TEST(Config, OriginsAreSchemeHostAndPortOnly) {
  const auto cfg = parse_config(R"([hosts]
waveads = ["waveads.example", "www.waveads.example"]
tts1 = ["beauty.example"]
tts2 = []
[origins]
waveads = "https://WWW.WaveAds.Example"
tts3 = "http://127.0.0.1:8443"
kuponz1 = "https://[::1]:8443"
)",
                                "sites.toml");
  ASSERT_TRUE(cfg.ok()) << cfg.message();
  EXPECT_EQ(site_origin(*cfg, "waveads"), "https://www.waveads.example") << "configured, host lower-cased";
  EXPECT_EQ(site_origin(*cfg, "tts3"), "http://127.0.0.1:8443");
  EXPECT_EQ(site_origin(*cfg, "kuponz1"), "https://[::1]:8443");
  EXPECT_EQ(site_origin(*cfg, "tts1"), "https://beauty.example") << "default: https and the first host";
  EXPECT_EQ(site_origin(*cfg, "tts2"), "") << "no hosts: no origin";
  EXPECT_EQ(site_origin(*cfg, "enicf"), "") << "not configured at all";
  for (const char* bad :
       {"https://x.example/", "https://x.example/blog", "ftp://x.example", "x.example", "https://x.example:0",
        "https://x.example:99999", "https://x.example:", "https://user@x.example", "https://x.example?q=1",
        "https://x.example#top", "https://", "https://bad host", "https://[::1"}) {
    expect_error(std::string("[hosts]\n[origins]\ntts1 = \"") + bad + "\"\n", "origins.tts1");
  }
  expect_error("[hosts]\n[origins]\ntts1 = 3\n", "origins.tts1");
}

TEST(Config, MetricsAllowIsAListOfRangesDefaultingToLoopback) {
  const auto dflt = parse_config("[hosts]\n", "x.toml");
  ASSERT_TRUE(dflt.ok());
  EXPECT_TRUE(any_contains(dflt->metrics.allow, "127.0.0.1"));
  EXPECT_TRUE(any_contains(dflt->metrics.allow, "::1"));
  EXPECT_FALSE(any_contains(dflt->metrics.allow, "10.0.0.1"));
  const auto set = parse_config("[hosts]\n[metrics]\nallow = [\"10.0.0.0/8\", \"2001:db8::/32\"]\n", "x.toml");
  ASSERT_TRUE(set.ok()) << set.message();
  EXPECT_TRUE(any_contains(set->metrics.allow, "10.1.2.3"));
  EXPECT_TRUE(any_contains(set->metrics.allow, "2001:db8::5"));
  EXPECT_FALSE(any_contains(set->metrics.allow, "127.0.0.1")) << "the list replaces the default";
  const auto none = parse_config("[hosts]\n[metrics]\nallow = []\n", "x.toml");
  ASSERT_TRUE(none.ok());
  EXPECT_TRUE(none->metrics.allow.empty());
  expect_error("[hosts]\n[metrics]\nallow = [\"10.0.0.0/33\"]\n", "metrics.allow");
  expect_error("[hosts]\n[metrics]\nallow = [\"10.0.0.1/8\"]\n", "metrics.allow");
  expect_error("[hosts]\n[metrics]\nallow = [\"localhost\"]\n", "metrics.allow");
  expect_error("[hosts]\n[metrics]\nallow = \"127.0.0.0/8\"\n", "metrics.allow");
  expect_error("[hosts]\n[metrics]\nallow = [8]\n", "metrics.allow");
  expect_error("[hosts]\n[metrics]\nallowed = []\n", "metrics.allowed");
}

TEST(Config, RejectsAHostListedTwice) {
  expect_error("[hosts]\ntts1 = [\"a.example\"]\ntts2 = [\"A.example.\"]\n", "already listed");
}

TEST(Config, ReportsTomlSyntaxErrorsWithALine) {
  expect_error("[hosts]\nwaveads = [\n", "line");
}

// Inputs that reach defects of toml++ 3.3.0 compiled with its assertions (or with clang, where
// they become assumptions): malformed table headers and a date without its time break
// preconditions, and a non-ASCII character after a value reaches a __builtin_unreachable(). The
// library the server links reports each as a syntax error; these pin that (fuzz_config found them).
TEST(Config, InputsThatBreakTomlPlusPlusPreconditionsAreSyntaxErrors) {
  using namespace std::string_literals;
  for (const auto& text : {"[=\n"s, "[[[1]]]\n"s, "[[=\n"s, "when = 1979-05-27T\0\0:32:00\n"s, "x\u00e9 = 1\n"s,
                           "x = 1 \u3001\n"s, "x = 1 \ufe50\n"s, "[hosts]\u00e9\n"s}) {
    const auto cfg = parse_config(text, "x.toml");
    ASSERT_FALSE(cfg.ok()) << text;
    EXPECT_EQ(cfg.message().rfind("x.toml: line 1: ", 0), 0u) << cfg.message();
  }
}

TEST(Config, MissingFileIsAnError) {
  const auto cfg = load_config("/nonexistent/sites.toml");
  ASSERT_FALSE(cfg.ok());
  EXPECT_NE(cfg.message().find("/nonexistent/sites.toml"), std::string::npos);
}

TEST(HostNames, NormaliseCasePortAndTrailingDot) {
  EXPECT_EQ(normalize_host("Example.COM"), "example.com");
  EXPECT_EQ(normalize_host("example.com:8080"), "example.com");
  EXPECT_EQ(normalize_host("example.com."), "example.com");
  EXPECT_EQ(normalize_host("EXAMPLE.com.:443"), "example.com");
  EXPECT_EQ(normalize_host("[::1]:8080"), "::1");
  EXPECT_EQ(normalize_host("[::1]"), "::1");
  EXPECT_EQ(normalize_host("127.0.0.1:80"), "127.0.0.1");
}

TEST(HostNames, Validity) {
  EXPECT_TRUE(valid_host_name("waveads.example"));
  EXPECT_TRUE(valid_host_name("a-b.c"));
  EXPECT_TRUE(valid_host_name("localhost"));
  EXPECT_TRUE(valid_host_name("127.0.0.1"));
  EXPECT_TRUE(valid_host_name("::1"));
  EXPECT_FALSE(valid_host_name(""));
  EXPECT_FALSE(valid_host_name("-a.example"));
  EXPECT_FALSE(valid_host_name("a..example"));
  EXPECT_FALSE(valid_host_name("a b"));
  EXPECT_FALSE(valid_host_name(std::string(64, 'a') + ".example"));
}

}  // namespace
}  // namespace wavesites

namespace wavesites {
namespace {

TEST(Config, NotifyTakesBothChannelsAndItsDefaults) {
  const auto cfg = parse_config(
      "[hosts]\n[notify]\nwebhook_url = \"https://hooks.example/w\"\nwebhook_secret = \"s3\"\n"
      "email_to = [\"sales@example.com\", \"ops@example.com\"]\nemail_from = \"site@example.com\"\n"
      "smtp_url = \"smtps://user:pw@relay.example:465\"\nretry_hours = 2\n",
      "x.toml");
  ASSERT_TRUE(cfg) << cfg.message();
  EXPECT_TRUE(cfg->notify.webhook());
  EXPECT_TRUE(cfg->notify.email());
  EXPECT_EQ(cfg->notify.webhook_secret, "s3");
  EXPECT_EQ(cfg->notify.email_to.size(), 2u);
  EXPECT_TRUE(cfg->notify.attach_resumes);
  EXPECT_DOUBLE_EQ(cfg->notify.retry_hours, 2.0);
  const auto fraction = parse_config("[hosts]\n[notify]\nretry_hours = 0.25\n", "x.toml");
  ASSERT_TRUE(fraction) << fraction.message();
  EXPECT_DOUBLE_EQ(fraction->notify.retry_hours, 0.25);
  const auto none = parse_config("[hosts]\n", "x.toml");
  EXPECT_FALSE(none->notify.webhook());
  EXPECT_FALSE(none->notify.email());
  EXPECT_DOUBLE_EQ(none->notify.retry_hours, 24.0);
}

TEST(Config, NotifyRefusesAHalfConfiguredChannelNamingTheKey) {
  for (const auto& [text, key] : std::vector<std::pair<std::string, std::string>>{
           {"webhook_url = \"https://h.example/\"\n", "notify.webhook_secret"},
           {"webhook_url = \"h.example\"\nwebhook_secret = \"s\"\n", "notify.webhook_url"},
           {"email_to = [\"a@b.example\"]\nemail_from = \"c@d.example\"\n", "notify.smtp_url"},
           {"email_to = [\"a@b.example\"]\nsmtp_url = \"smtp://r.example\"\n", "notify.email_from"},
           {"smtp_url = \"smtp://r.example\"\nemail_from = \"c@d.example\"\n", "notify.email_to"},
           {"email_to = [\"a@b.example\"]\nemail_from = \"c@d.example\"\nsmtp_url = \"http://r.example\"\n",
            "notify.smtp_url"},
           {"email_to = [\"Sales <a@b.example>\"]\n", "notify.email_to"},
           {"retry_hours = -1\n", "notify.retry_hours"},
           {"retry_hours = \"24\"\n", "notify.retry_hours"},
           {"attach_resumes = \"yes\"\n", "notify.attach_resumes"},
           {"secret = \"s\"\n", "notify.secret"},
       }) {
    const auto cfg = parse_config("[hosts]\n[notify]\n" + text, "x.toml");
    ASSERT_FALSE(cfg) << text;
    EXPECT_NE(cfg.message().find(key), std::string::npos) << cfg.message();
  }
}

TEST(Config, RetentionKeepsForEverUnlessSetAndNamesABadKey) {
  const auto none = parse_config("[hosts]\n", "x.toml");
  ASSERT_TRUE(none) << none.message();
  EXPECT_EQ(none->retention.leads_days, 0u);
  EXPECT_EQ(none->retention.resumes_days, 0u);
  EXPECT_FALSE(none->retention.any());
  const auto set = parse_config("[hosts]\n[retention]\nleads_days = 365\nresumes_days = 0\n", "x.toml");
  ASSERT_TRUE(set) << set.message();
  EXPECT_EQ(set->retention.leads_days, 365u);
  EXPECT_EQ(set->retention.resumes_days, 0u);
  EXPECT_TRUE(set->retention.any());
  EXPECT_TRUE(set->settings.empty()) << "[retention] is the server's own table, not a page setting";
  expect_error("[hosts]\n[retention]\nleads_days = -1\n", "retention.leads_days");
  expect_error("[hosts]\n[retention]\nresumes_days = 1.5\n", "retention.resumes_days");
  expect_error("[hosts]\n[retention]\nresumes_days = \"30\"\n", "retention.resumes_days");
  expect_error("[hosts]\n[retention]\nleads_days = 36501\n", "retention.leads_days");
  expect_error("[hosts]\n[retention]\nclicks_days = 30\n", "retention.clicks_days");
  expect_error("retention = 30\n[hosts]\n", "[retention]");
}

TEST(Config, LinksOverrideOrAddDestinationsAndNameABadValue) {
  const auto cfg = parse_config(R"([hosts]
[links]
sephora = "https://www.sephora.com/fr"
block-blast = { android = "https://play.google.com/store/apps/details?id=com.block.juggle&hl=fr" }
[links.shop]
url = "https://shop.example/"
ios = ""
subid_param = "aff_sub"
)",
                                "sites.toml");
  ASSERT_TRUE(cfg) << cfg.message();
  ASSERT_EQ(cfg->links.size(), 3u);
  EXPECT_TRUE(cfg->settings.empty()) << "[links] is the server's own table, not a page setting";
  std::map<std::string, link_spec> by_slug;
  for (const auto& l : cfg->links) by_slug.emplace(l.slug, l);
  EXPECT_EQ(by_slug.at("sephora").url, "https://www.sephora.com/fr");
  EXPECT_FALSE(by_slug.at("sephora").ios);
  EXPECT_FALSE(by_slug.at("block-blast").url);
  EXPECT_EQ(by_slug.at("block-blast").android, "https://play.google.com/store/apps/details?id=com.block.juggle&hl=fr");
  EXPECT_EQ(by_slug.at("shop").ios, "") << "an empty ios takes the bundle's away";
  EXPECT_EQ(by_slug.at("shop").subid_param, "aff_sub");
  EXPECT_EQ(by_slug.at("sephora").where, "links.sephora (line 3)");

  expect_error("[hosts]\n[links]\nshop = \"http://shop.example/\"\n",
               "links.shop: \"http://shop.example/\" is not an https URL");
  expect_error("[hosts]\n[links]\nshop = \"javascript:alert(1)\"\n", "links.shop");
  expect_error("[hosts]\n[links]\nshop = \"https://localhost/\"\n",
               "links.shop: \"https://localhost/\" has no public host");
  expect_error("[hosts]\n[links]\nshop = 3\n", "links.shop");
  expect_error("[hosts]\n[links]\nShop = \"https://shop.example/\"\n", "links.Shop: a slug is");
  expect_error("[hosts]\n[links.shop]\nurl = \"https://shop.example/\"\ncolour = \"red\"\n", "links.shop.colour");
  expect_error("[hosts]\n[links.shop]\nios = \"https://a b.example/\"\n", "links.shop.ios");
  expect_error("[hosts]\n[links.shop]\nsubid_param = \"a&b\"\n", "links.shop.subid_param");
  expect_error("[hosts]\n[links.shop]\n", "links.shop: an empty table");
  expect_error("[hosts]\n[links.shop]\nurl = \"\"\n", "links.shop.url");
}

TEST(Config, HostsKeepTheFilesOrder) {
  const auto cfg =
      parse_config("[hosts]\nwaveads = [\"w.localhost\"]\nkuponz1 = []\nenicf = [\"e.localhost\"]\n", "x.toml");
  ASSERT_TRUE(cfg) << cfg.message();
  std::vector<std::string> sites;
  for (const auto& entry : cfg->hosts) sites.push_back(entry.first);
  EXPECT_EQ(sites, (std::vector<std::string>{"waveads", "kuponz1", "enicf"}));
}

}  // namespace
}  // namespace wavesites
