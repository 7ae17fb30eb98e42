#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

#include <nlohmann/json.hpp>

#include "app/export.hpp"
#include "store/sqlite_store.hpp"
#include "util/sha256.hpp"

namespace wavesites {
namespace {

TEST(Export, CsvCellsAreQuotedAndDefused) {
  EXPECT_EQ(csv_cell("plain"), "\"plain\"");
  EXPECT_EQ(csv_cell("say \"hi\""), "\"say \"\"hi\"\"\"");
  EXPECT_EQ(csv_cell("=HYPERLINK(\"x\")"), "\"'=HYPERLINK(\"\"x\"\")\"");
  EXPECT_EQ(csv_cell("+1 555"), "\"'+1 555\"");
  EXPECT_EQ(csv_cell("-2"), "\"'-2\"");
  EXPECT_EQ(csv_cell("@SUM(A1)"), "\"'@SUM(A1)\"");
  EXPECT_EQ(csv_cell("\tx"), "\"'\tx\"");
  // Spreadsheets skip leading spaces before looking for a formula.
  EXPECT_EQ(csv_cell("  =1+1"), "\"'  =1+1\"");
  EXPECT_EQ(csv_cell(" @SUM(A1)"), "\"' @SUM(A1)\"");
  EXPECT_EQ(csv_cell(" plain"), "\" plain\"");
  EXPECT_EQ(csv_cell("line1\nline2"), "\"line1\nline2\"");
  EXPECT_EQ(csv_cell(""), "\"\"");
}

/// A store in a scratch directory holding one lead, removed afterwards. The directory is the
/// process's own: ctest runs each case in a process of its own, side by side, and with one name
/// for all (the random seed, 0 unless shuffling) one case's SetUp removed another's store.
struct ExportTest : ::testing::Test {
  std::filesystem::path dir =
      std::filesystem::temp_directory_path() / ("wavesites-export-" + std::to_string(::getpid()) + "-" +
                                                ::testing::UnitTest::GetInstance()->current_test_info()->name());
  std::unique_ptr<store> db;
  lead_record lead;

  void SetUp() override {
    std::filesystem::remove_all(dir);
    auto s = open_store("sqlite:" + (dir / "t.db").string());
    ASSERT_TRUE(s.ok()) << s.message();
    db = std::move(s).value();
    // Every text field its own value, so a column out of place shows.
    for (const auto& f : lead_fields) {
      if (f.text) lead.*f.text = "v-" + std::string(f.key);
    }
    lead.id = "01HZZZZZZZZZZZZZZZZZZZZZZZ";
    lead.business_email = "=cmd@x.example";
    lead.agree = true;
    ASSERT_TRUE(db->add_lead(lead).ok());
  }
  void TearDown() override {
    db.reset();
    std::filesystem::remove_all(dir);
  }
};

TEST_F(ExportTest, CsvHasOneColumnPerFieldInTableOrder) {
  std::ostringstream out;
  ASSERT_EQ(export_leads(*db, "csv", "", out).value(), 1u);
  std::string header;
  std::string row;
  for (const auto& f : lead_fields) {
    header += (header.empty() ? "" : ",") + std::string(f.key);
    row += (row.empty() ? "" : ",") + csv_cell(lead_value_text(lead, f));
  }
  EXPECT_EQ(out.str(), header + "\r\n" + row + "\r\n");
  EXPECT_NE(out.str().find("\"'=cmd@x.example\""), std::string::npos) << "a formula is defused";
  EXPECT_NE(out.str().find(",\"true\","), std::string::npos);
}

TEST_F(ExportTest, JsonHasEveryFieldUnderItsKey) {
  std::ostringstream out;
  ASSERT_EQ(export_leads(*db, "json", "", out).value(), 1u);
  const auto rows = nlohmann::json::parse(out.str());
  ASSERT_EQ(rows.size(), 1u);
  // The attribution fields are one object under "attribution", each under its own name.
  std::size_t attributed = 0;
  for (const auto& f : lead_fields) attributed += f.source == lead_source::attribution ? 1 : 0;
  EXPECT_EQ(rows[0].size(), lead_fields.size() - attributed + 1);
  ASSERT_EQ(rows[0]["attribution"].size(), attributed);
  for (const auto& f : lead_fields) {
    if (f.source == lead_source::attribution) {
      EXPECT_EQ(rows[0]["attribution"][std::string(attribution_name(f))], lead.*f.text) << f.key;
      continue;
    }
    ASSERT_TRUE(rows[0].contains(std::string(f.key))) << f.key;
    if (f.flag)
      EXPECT_EQ(rows[0][std::string(f.key)], true);
    else
      EXPECT_EQ(rows[0][std::string(f.key)], lead.*f.text);
  }
}

TEST_F(ExportTest, ClicksExportLikeLeadsWithTheirOwnFieldsAndSince) {
  const click_record early{"01HAAAAAAAAAAAAAAAAAAAAAAA", "2026-11-21T01:02:03.456Z", "enicf", "blast.example",
                           "https://search.example"};
  click_record late{"01HBBBBBBBBBBBBBBBBBBBBBBB", "2026-11-21T01:02:04.000Z", "tts1", "glow.example", ""};
  late.kind = "link";
  late.link = "sephora";
  late.from = "3";
  late.destination = "ios";
  ASSERT_TRUE(db->add_click(late).ok());
  ASSERT_TRUE(db->add_click(early).ok());
  std::ostringstream csv;
  ASSERT_EQ(export_clicks(*db, "csv", "", csv).value(), 2u);
  EXPECT_EQ(csv.str(),
            "id,clickedAt,site,host,referrerOrigin,kind,link,from,destination\r\n"
            "\"01HAAAAAAAAAAAAAAAAAAAAAAA\",\"2026-11-21T01:02:03.456Z\",\"enicf\",\"blast.example\","
            "\"https://search.example\",\"landing\",\"\",\"\",\"\"\r\n"
            "\"01HBBBBBBBBBBBBBBBBBBBBBBB\",\"2026-11-21T01:02:04.000Z\",\"tts1\",\"glow.example\",\"\","
            "\"link\",\"sephora\",\"3\",\"ios\"\r\n");
  std::ostringstream json;
  ASSERT_EQ(export_clicks(*db, "json", early.id, json).value(), 1u);
  EXPECT_EQ(nlohmann::json::parse(json.str()),
            nlohmann::json::parse(R"([{"id":"01HBBBBBBBBBBBBBBBBBBBBBBB","clickedAt":"2026-11-21T01:02:04.000Z",)"
                                  R"("site":"tts1","host":"glow.example","referrerOrigin":"","kind":"link",)"
                                  R"("link":"sephora","from":"3","destination":"ios"}])"));
}

TEST_F(ExportTest, SinceTakesOnlyLaterLeads) {
  std::ostringstream out;
  EXPECT_EQ(export_leads(*db, "json", lead.id, out).value(), 0u);
  EXPECT_EQ(out.str(), "[]\n");
  std::ostringstream earlier;
  EXPECT_EQ(export_leads(*db, "json", "01HZZZZZZZZZZZZZZZZZZZZZZY", earlier).value(), 1u);
}

TEST_F(ExportTest, AnAddressTakesOnlyItsLeadsInAnyCase) {
  auto other = lead;
  other.id = "01J00000000000000000000000";
  other.business_email = "someone@else.example";
  ASSERT_TRUE(db->add_lead(other).ok());
  std::ostringstream mine;
  ASSERT_EQ(export_leads(*db, "json", "", mine, "=CMD@X.Example").value(), 1u);
  EXPECT_EQ(nlohmann::json::parse(mine.str()).at(0).at("id"), lead.id);
  std::ostringstream csv;
  ASSERT_EQ(export_leads(*db, "csv", "", csv, "someone@ELSE.example").value(), 1u);
  EXPECT_NE(csv.str().find(other.id), std::string::npos);
  std::ostringstream after;
  EXPECT_EQ(export_leads(*db, "json", lead.id, after, "=cmd@x.example").value(), 0u) << "--since applies too";
  std::ostringstream nobody;
  EXPECT_EQ(export_leads(*db, "json", "", nobody, "cmd@x.example").value(), 0u);
  EXPECT_EQ(nobody.str(), "[]\n");
}

TEST_F(ExportTest, ResumeMetadataHasEveryFieldOfTheTableAndTheFileName) {
  resume_record r;
  for (const auto& f : resume_fields) {
    if (f.text) r.*f.text = "v-" + std::string(f.key);
  }
  r.id = "01HZZZZZZZZZZZZZZZZZZZZZZZ";
  r.original_name = "cv.pdf";
  r.stored_name = "0123abcd.pdf";
  const std::string bytes = "%PDF-1.4 x";
  r.size = bytes.size();
  sha256 digest;
  digest.update(bytes);
  r.sha256 = digest.hex_digest();
  bool given = false;
  ASSERT_TRUE(db->add_resume(r, [&](std::string& chunk) {
                  if (given) return false;
                  chunk = bytes;
                  given = true;
                  return true;
                }).ok());
  ASSERT_EQ(export_resumes(*db, dir / "out", "").value(), 1u);
  const auto meta = nlohmann::json::parse(std::ifstream(dir / "out" / "metadata.json"));
  ASSERT_EQ(meta.size(), 1u);
  std::set<std::string> want{"file"};
  for (const auto& f : resume_fields) want.insert(std::string(f.key));
  std::set<std::string> got;
  for (const auto& [key, value] : meta[0].items()) got.insert(key);
  EXPECT_EQ(got, want) << "metadata.json's keys are the field table's, and the file";
  for (const auto& f : resume_fields) {
    if (f.number)
      EXPECT_EQ(meta[0][std::string(f.key)], r.*f.number) << f.key;
    else
      EXPECT_EQ(meta[0][std::string(f.key)], r.*f.text) << f.key;
  }
  EXPECT_EQ(meta[0]["file"], r.id + "-cv.pdf");
}

TEST(Export, SameAddressFoldsAsciiCaseOnly) {
  EXPECT_TRUE(same_address("Mei@Studio.Example", "mei@studio.example"));
  EXPECT_FALSE(same_address("mei@studio.example", "mei@studio.example "));
  EXPECT_FALSE(same_address("mei@studio.example", "mai@studio.example"));
  EXPECT_FALSE(same_address("\xc3\x89@x.example", "\xc3\xa9@x.example"))
      << "addresses are ASCII; nothing else is folded";
}

}  // namespace
}  // namespace wavesites
