// The command line as data: which command, with which options, from flags and variables.
#include <gtest/gtest.h>

#include <cstdlib>
#include <initializer_list>
#include <string>
#include <vector>

#include "app/cli.hpp"

namespace wavesites {
namespace {

parsed_command_line parse(std::initializer_list<const char*> words) {
  std::vector<std::string> storage{"wavesites"};
  storage.insert(storage.end(), words.begin(), words.end());
  std::vector<char*> argv;
  for (auto& w : storage) argv.push_back(w.data());
  return parse_command_line(static_cast<int>(argv.size()), argv.data());
}

struct CliTest : ::testing::Test {
  void SetUp() override {
    for (const char* v :
         {"WAVESITES_CONFIG", "WAVESITES_LISTEN", "WAVESITES_DATA", "WAVESITES_DATABASE", "WAVESITES_WEB"}) {
      ::unsetenv(v);
    }
  }
  void TearDown() override { SetUp(); }
};

TEST_F(CliTest, ServeWithItsDefaults) {
  const auto p = parse({"serve"});
  ASSERT_TRUE(p.cmd);
  const auto& s = std::get<serve_command>(*p.cmd);
  EXPECT_EQ(s.listen, "127.0.0.1:8080");
  EXPECT_EQ(s.store.config_path, "config/sites.toml");
  EXPECT_EQ(s.store.data_dir, "./data");
  EXPECT_EQ(s.store.database, "");
  EXPECT_EQ(s.web_dir, "");
}

TEST_F(CliTest, AFlagBeatsItsVariableAndAVariableBeatsTheDefault) {
  ::setenv("WAVESITES_LISTEN", "0.0.0.0:9000", 1);
  ::setenv("WAVESITES_DATA", "/var/lib/x", 1);
  const auto p = parse({"serve", "--data", "/srv/data"});
  ASSERT_TRUE(p.cmd);
  const auto& s = std::get<serve_command>(*p.cmd);
  EXPECT_EQ(s.listen, "0.0.0.0:9000");
  EXPECT_EQ(s.store.data_dir, "/srv/data");
}

TEST_F(CliTest, BothExportsShareOneCommand) {
  const auto leads = parse({"leads", "export", "--format", "json", "--database", "sqlite:x.db"});
  ASSERT_TRUE(leads.cmd);
  const auto& l = std::get<export_command>(*leads.cmd);
  EXPECT_EQ(l.what, export_command::kind::leads);
  EXPECT_EQ(l.format, "json");
  EXPECT_EQ(l.store.database, "sqlite:x.db");
  const auto resumes = parse({"resumes", "export", "/tmp/out"});
  ASSERT_TRUE(resumes.cmd);
  EXPECT_EQ(std::get<export_command>(*resumes.cmd).what, export_command::kind::resumes);
  EXPECT_EQ(std::get<export_command>(*resumes.cmd).out_dir, "/tmp/out");
}

TEST_F(CliTest, ExportsTakeSinceAsAnId) {
  const auto leads = parse({"leads", "export", "--since", "01JD3Q6V9Y4ZC8XKQ2W7T5M0RB"});
  ASSERT_TRUE(leads.cmd);
  EXPECT_EQ(std::get<export_command>(*leads.cmd).since, "01JD3Q6V9Y4ZC8XKQ2W7T5M0RB");
  // ULIDs ignore case; the stores compare them in upper case.
  const auto resumes = parse({"resumes", "export", "out", "--since", "01jd3q6v9y4zc8xkq2w7t5m0rb"});
  ASSERT_TRUE(resumes.cmd);
  EXPECT_EQ(std::get<export_command>(*resumes.cmd).since, "01JD3Q6V9Y4ZC8XKQ2W7T5M0RB");
  EXPECT_EQ(std::get<export_command>(*parse({"leads", "export"}).cmd).since, "");
}

TEST_F(CliTest, ClicksExportLikeLeads) {
  const auto p = parse({"clicks", "export", "--format", "json", "--since", "01JD3Q6V9Y4ZC8XKQ2W7T5M0RB"});
  ASSERT_TRUE(p.cmd);
  const auto& c = std::get<export_command>(*p.cmd);
  EXPECT_EQ(c.what, export_command::kind::clicks);
  EXPECT_EQ(c.format, "json");
  EXPECT_EQ(c.since, "01JD3Q6V9Y4ZC8XKQ2W7T5M0RB");
  EXPECT_EQ(std::get<export_command>(*parse({"clicks", "export"}).cmd).format, "csv");
}

TEST_F(CliTest, CheckWithoutAChoiceChecksEverything) {
  const auto p = parse({"check"});
  ASSERT_TRUE(p.cmd);
  const auto& c = std::get<check_command>(*p.cmd);
  EXPECT_TRUE(c.config && c.web && c.database);
  EXPECT_EQ(c.store.config_path, "config/sites.toml");
  EXPECT_EQ(c.web_dir, "");
}

TEST_F(CliTest, CheckFlagsChooseThePartsAndMayNameThem) {
  const auto db_only = parse({"check", "--database"});
  ASSERT_TRUE(db_only.cmd);
  const auto& d = std::get<check_command>(*db_only.cmd);
  EXPECT_TRUE(!d.config && !d.web && d.database);
  EXPECT_EQ(d.store.database, "");

  ::setenv("WAVESITES_CONFIG", "/etc/wavesites.toml", 1);
  const auto named = parse({"check", "--config", "--web", "/srv/web", "--database", "sqlite:x.db", "--data", "/d"});
  ASSERT_TRUE(named.cmd);
  const auto& n = std::get<check_command>(*named.cmd);
  EXPECT_TRUE(n.config && n.web && n.database);
  EXPECT_EQ(n.store.config_path, "/etc/wavesites.toml") << "--config without a value leaves its variable in force";
  EXPECT_EQ(n.web_dir, "/srv/web");
  EXPECT_EQ(n.store.database, "sqlite:x.db");
  EXPECT_EQ(n.store.data_dir, "/d");

  const auto web = parse({"check", "--web", "--config", "c.toml"});
  ASSERT_TRUE(web.cmd);
  const auto& w = std::get<check_command>(*web.cmd);
  EXPECT_TRUE(w.config && w.web && !w.database);
  EXPECT_EQ(w.store.config_path, "c.toml");
  EXPECT_EQ(w.web_dir, "");
}

TEST_F(CliTest, BackupTakesTheNewFile) {
  const auto p = parse({"backup", "/var/backups/w.db", "--data", "/srv/data"});
  ASSERT_TRUE(p.cmd);
  const auto& b = std::get<backup_command>(*p.cmd);
  EXPECT_EQ(b.out_file, "/var/backups/w.db");
  EXPECT_EQ(b.store.data_dir, "/srv/data");
}

TEST_F(CliTest, LeadsExportTakesAnAddress) {
  const auto p = parse({"leads", "export", "--email", "Mei@Studio.example", "--format", "json"});
  ASSERT_TRUE(p.cmd);
  const auto& e = std::get<export_command>(*p.cmd);
  EXPECT_EQ(e.email, "Mei@Studio.example");
  EXPECT_EQ(e.format, "json");
  EXPECT_EQ(std::get<export_command>(*parse({"leads", "export"}).cmd).email, "");
}

TEST_F(CliTest, DeleteChoosesByAddressOrIdAndActsOnlyWithYes) {
  const auto by_email = parse({"leads", "delete", "--email", "mei@studio.example", "--data", "/d"});
  ASSERT_TRUE(by_email.cmd);
  const auto& e = std::get<delete_command>(*by_email.cmd);
  EXPECT_EQ(e.what, delete_command::kind::leads);
  EXPECT_EQ(e.email, "mei@studio.example");
  EXPECT_EQ(e.id, "");
  EXPECT_FALSE(e.yes);
  EXPECT_EQ(e.store.data_dir, "/d");

  const auto by_id = parse({"leads", "delete", "--id", "01jd3q6v9y4zc8xkq2w7t5m0rb", "--yes"});
  ASSERT_TRUE(by_id.cmd);
  const auto& i = std::get<delete_command>(*by_id.cmd);
  EXPECT_EQ(i.id, "01JD3Q6V9Y4ZC8XKQ2W7T5M0RB");
  EXPECT_TRUE(i.yes);

  const auto resume = parse({"resumes", "delete", "--id", "01JD3Q6V9Y4ZC8XKQ2W7T5M0RB", "--yes"});
  ASSERT_TRUE(resume.cmd);
  const auto& r = std::get<delete_command>(*resume.cmd);
  EXPECT_EQ(r.what, delete_command::kind::resumes);
  EXPECT_EQ(r.id, "01JD3Q6V9Y4ZC8XKQ2W7T5M0RB");
}

TEST_F(CliTest, UrlsReadsTheConfigAndListenAddressLikeServe) {
  ::setenv("WAVESITES_LISTEN", "127.0.0.1:9000", 1);
  const auto p = parse({"urls", "--config", "c.toml"});
  ASSERT_TRUE(p.cmd);
  const auto& u = std::get<urls_command>(*p.cmd);
  EXPECT_EQ(u.config_path, "c.toml");
  EXPECT_EQ(u.listen, "127.0.0.1:9000");
}

TEST_F(CliTest, BadInputExitsTwoWithoutACommand) {
  for (const auto& p :
       {parse({}), parse({"frobnicate"}), parse({"serve", "--bogus"}), parse({"leads", "export", "--format", "xml"}),
        parse({"resumes", "export"}), parse({"leads", "export", "--since", "42"}),
        parse({"clicks", "export", "--since", "01JD3Q6V9Y4ZC8XKQ2W7T5M0RI"}),
        parse({"clicks", "export", "--since", "81JD3Q6V9Y4ZC8XKQ2W7T5M0RB"}), parse({"backup"}),
        parse({"check", "--bogus"}), parse({"leads", "delete"}), parse({"leads", "delete", "--yes"}),
        parse({"leads", "delete", "--email", "a@b.example", "--id", "01JD3Q6V9Y4ZC8XKQ2W7T5M0RB"}),
        parse({"leads", "delete", "--email", "not-an-address"}), parse({"leads", "delete", "--id", "42"}),
        parse({"leads", "export", "--email", "a b@c.example"}), parse({"resumes", "delete", "--yes"}),
        parse({"resumes", "delete", "--email", "a@b.example"}), parse({"urls", "--bogus"})}) {
    EXPECT_FALSE(p.cmd);
    EXPECT_EQ(p.exit_status, 2);
  }
}

}  // namespace
}  // namespace wavesites
