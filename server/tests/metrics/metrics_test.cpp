#include <gtest/gtest.h>

#include <sstream>
#include <thread>
#include <vector>

#include "metrics/metrics.hpp"

namespace wavesites::metrics {
namespace {

/// The value of the sample line that starts with `series` (name and labels), or -1.
double value_of(const std::string& text, const std::string& series) {
  std::istringstream in(text);
  std::string line;
  while (std::getline(in, line)) {
    if (line.starts_with(series + " ")) return std::stod(line.substr(series.size() + 1));
  }
  return -1;
}

TEST(Metrics, CountsRequestsBySiteAndStatusClass) {
  registry r({"waveads", "tts1", "prefixed"});
  r.count_request("waveads", 200, 1000, 0.001);
  r.count_request("waveads", 404, 10, 0.001);
  r.count_request("tts1", 503, 5, 0.001);
  r.count_request("evil\"site", 200, 7, 0.001);
  const auto text = r.render();
  EXPECT_EQ(value_of(text, R"(wavesites_requests_total{site="waveads",status_class="2xx"})"), 1);
  EXPECT_EQ(value_of(text, R"(wavesites_requests_total{site="waveads",status_class="4xx"})"), 1);
  EXPECT_EQ(value_of(text, R"(wavesites_requests_total{site="tts1",status_class="5xx"})"), 1);
  EXPECT_EQ(value_of(text, R"(wavesites_requests_total{site="tts1",status_class="2xx"})"), 0);
  EXPECT_EQ(value_of(text, R"(wavesites_requests_total{site="other",status_class="2xx"})"), 1);
  EXPECT_EQ(value_of(text, R"(wavesites_response_body_bytes_total{site="waveads"})"), 1010);
  EXPECT_EQ(text.find("evil"), std::string::npos) << "a client's string never becomes a label value";
}

TEST(Metrics, HistogramBucketsAreCumulative) {
  registry r({"a"});
  r.count_request("a", 200, 0, 0.00005);  // below the first bound
  r.count_request("a", 200, 0, 0.001);    // exactly on a bound: counted in it (le is <=)
  r.count_request("a", 200, 0, 0.3);
  r.count_request("a", 200, 0, 60);  // above the last bound
  const auto text = r.render();
  const std::string b = "wavesites_request_duration_seconds_bucket";
  EXPECT_EQ(value_of(text, b + R"({le="0.0001"})"), 1);
  EXPECT_EQ(value_of(text, b + R"({le="0.0005"})"), 1);
  EXPECT_EQ(value_of(text, b + R"({le="0.001"})"), 2);
  EXPECT_EQ(value_of(text, b + R"({le="0.25"})"), 2);
  EXPECT_EQ(value_of(text, b + R"({le="0.5"})"), 3);
  EXPECT_EQ(value_of(text, b + R"({le="10"})"), 3);
  EXPECT_EQ(value_of(text, b + R"({le="+Inf"})"), 4);
  EXPECT_EQ(value_of(text, "wavesites_request_duration_seconds_count"), 4);
  EXPECT_NEAR(value_of(text, "wavesites_request_duration_seconds_sum"), 60.30105, 1e-6);
  double previous = 0;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) {
    if (!line.starts_with(b)) continue;
    const double v = std::stod(line.substr(line.rfind(' ') + 1));
    EXPECT_GE(v, previous) << line;
    previous = v;
  }
}

TEST(Metrics, EveryFamilyHasHelpAndTypeOnce) {
  registry r({"waveads"});
  const auto text = r.render();
  for (const std::string name :
       {"wavesites_requests_total", "wavesites_response_body_bytes_total", "wavesites_request_duration_seconds",
        "wavesites_open_connections", "wavesites_leads_accepted_total", "wavesites_leads_rejected_total",
        "wavesites_resumes_accepted_total", "wavesites_resumes_rejected_total", "wavesites_rate_limited_total",
        "wavesites_store_errors_total", "wavesites_landing_clicks_total", "wavesites_outbox_pending",
        "wavesites_outbox_oldest_pending_seconds", "wavesites_outbox_failed", "wavesites_outbox_delivered_total",
        "wavesites_outbox_delivery_failures_total"}) {
    const auto help = "# HELP " + name + " ";
    const auto at = text.find(help);
    ASSERT_NE(at, std::string::npos) << name;
    EXPECT_EQ(text.find(help, at + 1), std::string::npos) << name;
    EXPECT_NE(text.find("# TYPE " + name + " "), std::string::npos) << name;
  }
  EXPECT_EQ(text.back(), '\n');
}

TEST(Metrics, IntakeOutcomesAndRateLimitsShareOneCount) {
  registry r;
  r.count_accepted(intake_kind::lead);
  r.count_rejected(intake_kind::lead, reject_reason::invalid);
  r.count_rejected(intake_kind::lead, reject_reason::rate_limited);
  r.count_rejected(intake_kind::resume, reject_reason::rate_limited);
  r.count_rejected(intake_kind::resume, reject_reason::rate_limited);
  r.count_rejected(intake_kind::resume, reject_reason::bad_type);
  r.count_store_error();
  const auto text = r.render();
  EXPECT_EQ(value_of(text, "wavesites_leads_accepted_total"), 1);
  EXPECT_EQ(value_of(text, R"(wavesites_leads_rejected_total{reason="invalid"})"), 1);
  EXPECT_EQ(value_of(text, R"(wavesites_leads_rejected_total{reason="store_error"})"), 0);
  EXPECT_EQ(value_of(text, R"(wavesites_resumes_rejected_total{reason="bad_type"})"), 1);
  EXPECT_EQ(value_of(text, R"(wavesites_rate_limited_total{endpoint="lead"})"), 1);
  EXPECT_EQ(value_of(text, R"(wavesites_rate_limited_total{endpoint="upload"})"), 2);
  EXPECT_EQ(value_of(text, "wavesites_store_errors_total"), 1);
  EXPECT_EQ(value_of(text, "wavesites_resumes_accepted_total"), 0);
}

TEST(Metrics, ConnectionsClicksAndDeliveries) {
  registry r({"enicf"});
  r.connection_opened();
  r.connection_opened();
  r.connection_closed();
  r.count_landing_click("enicf");
  r.count_landing_click("made-up");
  r.count_delivery("webhook", true);
  r.count_delivery("email", false);
  r.count_delivery("pigeon", true);
  const auto text = r.render();
  EXPECT_EQ(value_of(text, "wavesites_open_connections"), 1);
  EXPECT_EQ(value_of(text, R"(wavesites_landing_clicks_total{site="enicf"})"), 1);
  EXPECT_EQ(value_of(text, R"(wavesites_landing_clicks_total{site="other"})"), 1);
  EXPECT_EQ(value_of(text, R"(wavesites_outbox_delivered_total{channel="webhook"})"), 1);
  EXPECT_EQ(value_of(text, R"(wavesites_outbox_delivered_total{channel="other"})"), 1);
  EXPECT_EQ(value_of(text, R"(wavesites_outbox_delivery_failures_total{channel="email"})"), 1);
  EXPECT_EQ(value_of(text, R"(wavesites_outbox_delivery_failures_total{channel="webhook"})"), 0);
}

TEST(Metrics, OutboxGaugesComeFromTheProbeOrAreZero) {
  registry r;
  EXPECT_EQ(value_of(r.render(), "wavesites_outbox_pending"), 0);
  r.set_outbox_probe([] { return outbox_stats{.pending = 3, .oldest_pending_seconds = 12.5, .failed = 2}; });
  const auto text = r.render();
  EXPECT_EQ(value_of(text, "wavesites_outbox_pending"), 3);
  EXPECT_EQ(value_of(text, "wavesites_outbox_oldest_pending_seconds"), 12.5);
  EXPECT_EQ(value_of(text, "wavesites_outbox_failed"), 2);
  r.set_outbox_probe(nullptr);
  EXPECT_EQ(value_of(r.render(), "wavesites_outbox_failed"), 0);
}

TEST(Metrics, SiteNamesAreEscapedAsLabelValues) {
  std::string out;
  append_label_value(out, "a\\b\"c\nd");
  EXPECT_EQ(out, R"(a\\b\"c\nd)");
  registry r({"odd\"name"});
  EXPECT_NE(r.render().find(R"(site="odd\"name")"), std::string::npos);
}

TEST(Metrics, OtherIsAlwaysLastAndListedOnce) {
  registry r({"other", "a"});
  r.count_landing_click("a");
  r.count_landing_click("other");
  r.count_landing_click("zzz");
  const auto text = r.render();
  const std::string series = R"(wavesites_landing_clicks_total{site="other"})";
  EXPECT_EQ(text.find(series), text.rfind(series));
  EXPECT_EQ(value_of(text, series), 2);
  EXPECT_EQ(value_of(text, R"(wavesites_landing_clicks_total{site="a"})"), 1);
  EXPECT_LT(text.find(R"(wavesites_landing_clicks_total{site="a"})"), text.find(series));
}

/// A reload names the sites again while requests are being counted: a new site counts under its
/// own name from then on, and no total goes back.
TEST(Metrics, SitesNamedAgainCountUnderTheNewNamesAndKeepTheirTotals) {
  registry r({"a"});
  r.count_request("a", 200, 1, 0.001);
  r.count_request("b", 200, 1, 0.001);  // not a site yet
  r.set_sites({"a", "b"});
  r.count_request("a", 200, 1, 0.001);
  r.count_request("b", 200, 1, 0.001);
  r.count_link_click("b", "shop");
  r.set_sites({"b"});
  r.count_request("a", 404, 1, 0.001);  // no longer a site
  const auto text = r.render();
  const auto requests = [&](std::string_view site, std::string_view status) {
    return value_of(text, "wavesites_requests_total{site=\"" + std::string(site) + "\",status_class=\"" +
                              std::string(status) + "\"}");
  };
  EXPECT_EQ(requests("a", "2xx"), 2);
  EXPECT_EQ(requests("a", "4xx"), 0);
  EXPECT_EQ(requests("b", "2xx"), 1);
  EXPECT_EQ(requests("other", "2xx"), 1);
  EXPECT_EQ(requests("other", "4xx"), 1);
  EXPECT_EQ(value_of(text, R"(wavesites_link_clicks_total{site="b",link="shop"})"), 1);
}

/// Counting threads read the names while a reload replaces them: no count is lost.
TEST(Metrics, SettingTheSitesWhileCountingLosesNoCount) {
  registry r({"a"});
  constexpr int per_thread = 20'000;
  std::vector<std::thread> counting;
  for (int t = 0; t < 2; ++t) {
    counting.emplace_back([&r] {
      for (int i = 0; i < per_thread; ++i) r.count_request("a", 200, 1, 0.001);
    });
  }
  for (int i = 0; i < 200; ++i)
    r.set_sites(i % 2 == 0 ? std::vector<std::string>{"a", "b"} : std::vector<std::string>{"a"});
  for (auto& t : counting) t.join();
  EXPECT_EQ(value_of(r.render(), R"(wavesites_requests_total{site="a",status_class="2xx"})"), 2 * per_thread);
}

}  // namespace
}  // namespace wavesites::metrics
