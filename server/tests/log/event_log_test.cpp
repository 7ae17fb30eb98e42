#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "log/event_log.hpp"

namespace wavesites::log {
namespace {

TEST(EventLog, OneJsonObjectPerLine) {
  const auto line = format(1'700'000'000'123, level::warn, "store_error",
                           {{"text", "a \"quoted\"\nline\\"},
                            {"count", std::size_t{3}},
                            {"negative", -2},
                            {"ratio", 0.5},
                            {"flag", true},
                            {"urls", std::vector<std::string>{"http://a", "http://b"}}});
  ASSERT_EQ(line.back(), '\n');
  EXPECT_EQ(line.find('\n'), line.size() - 1) << "exactly one line";
  const auto j = nlohmann::json::parse(line);
  EXPECT_EQ(j["time"], "2023-11-14T22:13:20.123Z");
  EXPECT_EQ(j["level"], "warn");
  EXPECT_EQ(j["event"], "store_error");
  EXPECT_EQ(j["text"], "a \"quoted\"\nline\\");
  EXPECT_EQ(j["count"], 3);
  EXPECT_EQ(j["negative"], -2);
  EXPECT_EQ(j["ratio"], 0.5);
  EXPECT_EQ(j["flag"], true);
  EXPECT_EQ(j["urls"], nlohmann::json::array({"http://a", "http://b"}));
}

TEST(EventLog, LevelsAndNonFiniteNumbers) {
  EXPECT_EQ(nlohmann::json::parse(format(0, level::info, "x", {}))["level"], "info");
  EXPECT_EQ(nlohmann::json::parse(format(0, level::error, "x", {}))["level"], "error");
  const auto j = nlohmann::json::parse(format(0, level::info, "x", {{"nan", 0.0 / 0.0}}));
  EXPECT_TRUE(j["nan"].is_null());
  EXPECT_EQ(j["time"], "1970-01-01T00:00:00.000Z");
}

TEST(EventLog, BytesThatAreNotUtf8StayValidJson) {
  const auto j = nlohmann::json::parse(format(0, level::info, "x", {{"raw", std::string_view("\xff\x01", 2)}}));
  EXPECT_EQ(j["raw"], "\u00ff\u0001");
}

}  // namespace
}  // namespace wavesites::log
