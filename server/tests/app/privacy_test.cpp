// Erasure's audit line and the [retention] sweep, against a SQLite store in a scratch directory
// (the stores' own erasure is tested on both backends in store/store_test.cpp).
#include <gtest/gtest.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <functional>
#include <optional>
#include <thread>

#include <nlohmann/json.hpp>

#include "app/privacy.hpp"
#include "store/store.hpp"

namespace wavesites {
namespace {

namespace fs = std::filesystem;

constexpr std::int64_t day_ms = 86'400'000;
// 2026-11-21T00:00:00.000Z
constexpr std::int64_t fixed_ms = 1'795'219'200'000;
// The records' times are relative to the clock, which the sweeper's thread reads too.
const std::int64_t now_ms =
    std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::system_clock::now().time_since_epoch()).count();

/// What `fn` writes to stderr (the event log writes there with write(2)).
std::string stderr_of(const std::function<void()>& fn) {
  std::fflush(stderr);
  const int saved = ::dup(STDERR_FILENO);
  FILE* capture = std::tmpfile();
  ::dup2(::fileno(capture), STDERR_FILENO);
  fn();
  ::dup2(saved, STDERR_FILENO);
  ::close(saved);
  std::rewind(capture);
  std::string out;
  for (int c = 0; (c = std::fgetc(capture)) != EOF;) out.push_back(static_cast<char>(c));
  std::fclose(capture);
  return out;
}

std::vector<nlohmann::json> events_in(const std::string& text) {
  std::vector<nlohmann::json> out;
  std::size_t start = 0;
  for (auto end = text.find('\n'); end != std::string::npos; start = end + 1, end = text.find('\n', start)) {
    out.push_back(nlohmann::json::parse(text.substr(start, end - start)));
  }
  return out;
}

std::string id_of(int n) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "01PRIV%020d", n);
  return buf;
}

lead_record lead_received(int n, std::int64_t at_ms) {
  lead_record l;
  l.id = id_of(n);
  l.received_at = days_before(at_ms, 0);
  l.business_email = "person" + std::to_string(n) + "@privacy.example";
  l.first_name = "First" + std::to_string(n);
  l.last_name = "Last" + std::to_string(n);
  l.agree = true;
  l.consent_version = "2026-11-01";
  return l;
}

notification note_for(const std::string& id, const std::string& subject) {
  notification n;
  n.id = id;
  n.event = "lead.created";
  n.subject_id = subject;
  n.site = "waveads";
  n.channel = "webhook";
  n.created_at = "2026-01-01T00:00:00.000Z";
  n.created_ms = 1;
  return n;
}

struct PrivacyTest : ::testing::Test {
  fs::path dir = fs::temp_directory_path() / ("wavesites-privacy-" + std::to_string(::getpid()) + "-" +
                                              ::testing::UnitTest::GetInstance()->current_test_info()->name());
  std::unique_ptr<store> db;

  void SetUp() override {
    fs::remove_all(dir);
    auto s = open_store("sqlite:" + (dir / "wavesites.db").string());
    ASSERT_TRUE(s) << s.message();
    db = std::move(s).value();
    // Leads 1-3 are 400, 100 and 31 days old; 4 and 5 are 29 days and a minute old.
    int n = 0;
    for (const std::int64_t age : {400 * day_ms, 100 * day_ms, 31 * day_ms, 29 * day_ms, std::int64_t{60'000}}) {
      const auto l = lead_received(++n, now_ms - age);
      ASSERT_TRUE(db->add_lead(l, std::vector<notification>{note_for("N" + std::to_string(n), l.id)}));
    }
    for (const std::int64_t age : {200 * day_ms, day_ms}) {
      resume_record r;
      r.id = id_of(++n);
      r.received_at = days_before(now_ms - age, 0);
      r.stored_name = "stored" + std::to_string(n) + ".txt";
      r.original_name = "cv.txt";
      r.content_type = "text/plain";
      const std::string bytes = "resume text of person " + std::to_string(n);
      r.size = bytes.size();
      bool given = false;
      ASSERT_TRUE(db->add_resume(r, [&](std::string& chunk) {
        if (given) return false;
        chunk = bytes;
        given = true;
        return true;
      }));
    }
  }
  void TearDown() override {
    db.reset();
    fs::remove_all(dir);
  }

  std::vector<std::string> lead_ids() {
    std::vector<std::string> out;
    EXPECT_TRUE(db->each_lead([&](const lead_record& l) { out.push_back(l.id); }, ""));
    return out;
  }
  std::vector<std::string> resume_ids() {
    std::vector<std::string> out;
    EXPECT_TRUE(db->each_resume([&](const resume_record& r) { out.push_back(r.id); }, [](std::string_view) {}, ""));
    return out;
  }
};

TEST(DaysBefore, IsTheTimeAsRecordsStoreIt) {
  EXPECT_EQ(days_before(fixed_ms, 0), "2026-11-21T00:00:00.000Z");
  EXPECT_EQ(days_before(fixed_ms + 5, 30), "2026-10-22T00:00:00.005Z");
  EXPECT_EQ(days_before(fixed_ms, 36500), "1970-01-01T00:00:00.000Z") << "never before the epoch";
}

TEST_F(PrivacyTest, ASweepErasesWhatIsOlderThanTheConfigKeepsWithOneAuditLinePerKind) {
  std::optional<result<sweep_outcome>> done;
  const auto err = stderr_of([&] { done = sweep_retention(*db, {.leads_days = 30, .resumes_days = 90}, now_ms); });
  ASSERT_TRUE(*done) << done->message();
  EXPECT_EQ((*done)->leads, 3u);
  EXPECT_EQ((*done)->resumes, 1u);
  EXPECT_EQ((*done)->notifications, 3u);
  EXPECT_EQ(lead_ids(), (std::vector<std::string>{id_of(4), id_of(5)}));
  EXPECT_EQ(resume_ids(), std::vector<std::string>{id_of(7)});
  EXPECT_EQ(db->count_notifications()->pending, 2u) << "a pending notification keeps nothing past retention";

  const auto lines = events_in(err);
  ASSERT_EQ(lines.size(), 2u) << err;
  EXPECT_EQ(lines[0]["event"], "erased");
  EXPECT_EQ(lines[0]["level"], "info");
  EXPECT_TRUE(lines[0]["time"].is_string());
  EXPECT_EQ(lines[0]["kind"], "retention");
  EXPECT_EQ(lines[0]["records"], "leads");
  EXPECT_EQ(lines[0]["by"], "age");
  EXPECT_EQ(lines[0]["count"], 3);
  EXPECT_EQ(lines[0]["ids"], (nlohmann::json{id_of(1), id_of(2), id_of(3)}));
  EXPECT_EQ(lines[0]["notifications"], 3);
  EXPECT_EQ(lines[1]["records"], "resumes");
  EXPECT_EQ(lines[1]["ids"], nlohmann::json{id_of(6)});
  for (const char* personal : {"@privacy.example", "First", "Last", "resume text"}) {
    EXPECT_EQ(err.find(personal), std::string::npos) << personal << " in " << err;
  }

  // The same pass again finds nothing and says nothing.
  const auto quiet = stderr_of([&] { done = sweep_retention(*db, {.leads_days = 30, .resumes_days = 90}, now_ms); });
  ASSERT_TRUE(*done);
  EXPECT_EQ((*done)->leads + (*done)->resumes, 0u);
  EXPECT_EQ(quiet, "");
}

TEST_F(PrivacyTest, ZeroDaysKeepsForEver) {
  std::optional<result<sweep_outcome>> done;
  const auto err = stderr_of([&] { done = sweep_retention(*db, {.leads_days = 0, .resumes_days = 0}, now_ms); });
  ASSERT_TRUE(*done) << done->message();
  EXPECT_EQ(lead_ids().size(), 5u);
  EXPECT_EQ(resume_ids().size(), 2u);
  EXPECT_EQ(err, "");
  (void)stderr_of([&] { done = sweep_retention(*db, {.leads_days = 0, .resumes_days = 1}, now_ms); });
  EXPECT_EQ(lead_ids().size(), 5u);
  EXPECT_EQ(resume_ids(), std::vector<std::string>{id_of(7)}) << "exactly a day old is not older than a day";
}

TEST_F(PrivacyTest, TheSweeperSweepsAtStartAndAgainWhenAReloadChangesTheSettings) {
  retention_sweeper sweeper(*db, {.leads_days = 0, .resumes_days = 0}, std::chrono::hours(24));
  const auto wait_for = [&](const std::function<bool()>& done) {
    for (int i = 0; i < 500 && !done(); ++i) std::this_thread::sleep_for(std::chrono::milliseconds(10));
    return done();
  };
  const auto err = stderr_of([&] {
    sweeper.start();
    ASSERT_TRUE(wait_for([&] { return sweeper.passes() >= 1; }));
    EXPECT_EQ(lead_ids().size(), 5u) << "nothing to do with retention off";
    sweeper.reconfigure({.leads_days = 1, .resumes_days = 0});
    ASSERT_TRUE(wait_for([&] { return sweeper.passes() >= 2; }));
    sweeper.reconfigure({.leads_days = 1, .resumes_days = 0});  // the same again: no pass
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    EXPECT_EQ(sweeper.passes(), 2u);
    sweeper.stop();
  });
  EXPECT_EQ(lead_ids(), std::vector<std::string>{id_of(5)}) << "the only lead less than a day old";
  EXPECT_EQ(resume_ids().size(), 2u);
  const auto lines = events_in(err);
  ASSERT_EQ(lines.size(), 1u) << err;
  EXPECT_EQ(lines[0]["kind"], "retention");
  EXPECT_EQ(lines[0]["count"], 4);
}

TEST(ErasureAuditLine, NamesKindRecordsSelectorCountAndIdsOnly) {
  erasure e;
  e.records = {{"01AAAAAAAAAAAAAAAAAAAAAAAA", "2026-01-01T00:00:00.000Z", 0},
               {"01BBBBBBBBBBBBBBBBBBBBBBBB", "2026-01-02T00:00:00.000Z", 0}};
  e.notifications = 4;
  const auto err = stderr_of([&] { log_erasure(erasure_kind::request, "leads", erase_selector::by::email, e); });
  const auto lines = events_in(err);
  ASSERT_EQ(lines.size(), 1u);
  const auto& line = lines[0];
  EXPECT_EQ(line["event"], "erased");
  EXPECT_EQ(line["kind"], "request");
  EXPECT_EQ(line["records"], "leads");
  EXPECT_EQ(line["by"], "email");
  EXPECT_EQ(line["count"], 2);
  EXPECT_EQ(line["ids"], (nlohmann::json{"01AAAAAAAAAAAAAAAAAAAAAAAA", "01BBBBBBBBBBBBBBBBBBBBBBBB"}));
  EXPECT_EQ(line["notifications"], 4);
  EXPECT_EQ(line.size(), 9u) << "nothing else: " << line.dump();
}

}  // namespace
}  // namespace wavesites
