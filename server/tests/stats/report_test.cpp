// The report from the store's counts, clicks and leads: the numbers, the click-through rates,
// only names with data, and the query's defaults and refusals.
#include <gtest/gtest.h>

#include "stats/report.hpp"
#include "store/scratch_database.hpp"

namespace wavesites {
namespace {

struct ReportTest : ::testing::Test {
  std::string skip;
  std::unique_ptr<testing::scratch_database> scratch =
      testing::scratch_database::create(testing::backend::sqlite, skip);
  std::unique_ptr<store> db = open_store(scratch->url()).value();
  std::vector<report_site> sites{{"tts1", "/article-detail/"}, {"waveads", ""}, {"enicf", ""}};

  void count(const std::string& day, const std::string& site, const std::string& dim, const std::string& name,
             std::uint64_t n) {
    stats_batch b;
    b.counts.push_back({day, site, dim, name, n});
    ASSERT_TRUE(db->add_stats(b));
  }
  void click(const std::string& when, const std::string& site, const std::string& kind, const std::string& link,
             const std::string& from) {
    static int n = 0;
    click_record c;
    c.id = "01J0000000000000000000" + std::to_string(1000 + n++);
    c.clicked_at = when;
    c.site = site;
    c.host = site + ".example";
    c.kind = kind;
    c.link = link;
    c.from = from;
    c.destination = "url";
    ASSERT_TRUE(db->add_click(c));
  }
};

TEST_F(ReportTest, CountsClicksLeadsAndClickThroughRates) {
  count("2026-11-25", "tts1", "views", "", 10);
  count("2026-11-26", "tts1", "views", "", 30);
  stats_batch visitors;
  visitors.visitors = {{"2026-11-25", "tts1", "aa"}, {"2026-11-25", "tts1", "bb"}, {"2026-11-26", "tts1", "aa"}};
  ASSERT_TRUE(db->add_stats(visitors));
  count("2026-11-26", "tts1", "page", "/article-detail/3", 20);
  count("2026-11-26", "tts1", "page", "/", 20);
  count("2026-11-26", "tts1", "referrer", "direct", 25);
  count("2026-11-26", "tts1", "referrer", "https://news.example", 15);
  count("2026-11-26", "tts1", "campaign", "", 38);
  count("2026-11-26", "tts1", "campaign", "spring", 2);
  count("2026-11-26", "tts1", "device", "mobile", 40);
  count("2026-11-26", "enicf", "views", "", 4);
  count("2026-11-26", "enicf", "page", "/", 4);
  click("2026-11-26T10:00:00.000Z", "tts1", "link", "sephora", "3");
  click("2026-11-26T10:00:01.000Z", "tts1", "link", "sephora", "3");
  click("2026-11-26T10:00:02.000Z", "tts1", "link", "sephora", "");
  click("2026-11-26T10:00:03.000Z", "enicf", "landing", "", "");
  click("2026-11-26T10:00:04.000Z", "enicf", "link", "block-blast", "");  // the button without JavaScript
  click("2026-11-24T10:00:03.000Z", "tts1", "link", "sephora", "3");      // before the range
  lead_record lead;
  lead.id = "01J00000000000000000000LD1";
  lead.received_at = "2026-11-26T09:00:00.000Z";
  lead.official_website_name = "waveads";
  lead.utm_source = " Google ";
  ASSERT_TRUE(db->add_lead(lead));
  lead.id = "01J00000000000000000000LD2";
  lead.utm_source = "";
  lead.referrer = "https://news.example";
  ASSERT_TRUE(db->add_lead(lead));
  lead.id = "01J00000000000000000000LD3";
  lead.referrer = "";
  ASSERT_TRUE(db->add_lead(lead));

  const auto q = make_report_query("", "2026-11-25", "2026-11-26", "2026-11-26", sites).value();
  const auto r = build_report(*db, q, sites).value();
  const auto& t = r["sites"]["tts1"];
  EXPECT_EQ(t["views"], 40);
  EXPECT_EQ(t["visitors"], 3) << "the sum of the daily uniques: 2 + 1";
  EXPECT_EQ(t["days"].size(), 2u);
  EXPECT_EQ(t["days"][0]["visitors"], 2);
  EXPECT_EQ(t["pages"]["/article-detail/3"], 20);
  EXPECT_EQ(t["referrers"]["direct"], 25);
  EXPECT_EQ(t["campaigns"], nlohmann::ordered_json({{"", 38}, {"spring", 2}})) << "no campaign counts under \"\"";
  EXPECT_EQ(t["devices"]["mobile"], 40);
  EXPECT_EQ(t["devices"]["tablet"], 0);
  EXPECT_EQ(t["links"]["sephora"]["clicks"], 3);
  EXPECT_EQ(t["links"]["sephora"]["from"], nlohmann::ordered_json({{"3", 2}}))
      << "a click from no article: only in clicks";
  EXPECT_DOUBLE_EQ(t["ctr"]["/article-detail/3"].get<double>(), 0.1);
  EXPECT_FALSE(t.contains("landing_clicks"));
  const auto& e = r["sites"]["enicf"];
  EXPECT_EQ(e["landing_clicks"], 2) << "a beacon and a /go/ click: the button with and without its script";
  EXPECT_EQ(e["links"]["block-blast"]["clicks"], 1);
  EXPECT_DOUBLE_EQ(e["ctr"]["/"].get<double>(), 0.5);
  const auto& w = r["sites"]["waveads"];
  EXPECT_EQ(w["views"], 0);
  EXPECT_EQ(w["leads"], 3);
  // utm_source as the views count it; "" for a lead without one, whatever its referrer.
  EXPECT_EQ(w["leads_by_source"], nlohmann::ordered_json({{"", 2}, {"google", 1}}));

  const auto one = build_report(*db, make_report_query("enicf", "2026-11-26", "", "2026-11-26", sites).value(), sites);
  EXPECT_EQ(one.value()["sites"].size(), 1u);
}

TEST_F(ReportTest, TheQueryHasDefaultsAndRefusesWhatIsNotADateOrASite) {
  const auto d = make_report_query("", "", "", "2026-11-26", sites).value();
  EXPECT_EQ(d.from, "2026-10-28");
  EXPECT_EQ(d.to, "2026-11-26");
  EXPECT_FALSE(make_report_query("", "2026-02-30", "", "2026-11-26", sites));
  EXPECT_FALSE(make_report_query("", "26-11-2026", "", "2026-11-26", sites));
  EXPECT_FALSE(make_report_query("", "2026-11-27", "2026-11-26", "2026-11-26", sites));
  EXPECT_FALSE(make_report_query("nowhere", "", "", "2026-11-26", sites));
  EXPECT_EQ(shift_day("2026-03-01", -1), "2026-02-28");
}

}  // namespace
}  // namespace wavesites
