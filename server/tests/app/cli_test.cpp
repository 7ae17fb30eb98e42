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

TEST_F(CliTest, BadInputExitsTwoWithoutACommand) {
  for (const auto& p : {parse({}), parse({"frobnicate"}), parse({"serve", "--bogus"}),
                        parse({"leads", "export", "--format", "xml"}), parse({"resumes", "export"})}) {
    EXPECT_FALSE(p.cmd);
    EXPECT_EQ(p.exit_status, 2);
  }
}

}  // namespace
}  // namespace wavesites
