#include <gtest/gtest.h>

#include <fcntl.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "net/access_log.hpp"

namespace wavesites {
namespace {

/// What `fn` writes to stdout (the access log's destination), read back from a temporary file.
template <typename F>
std::string captured_stdout(F fn) {
  std::fflush(stdout);
  char path[] = "/tmp/wavesites-access-log-XXXXXX";
  const int file = ::mkstemp(path);
  const int saved = ::dup(STDOUT_FILENO);
  ::dup2(file, STDOUT_FILENO);
  fn();
  EXPECT_TRUE(access_log::drain(std::chrono::seconds(5))) << "stdout's writer did not finish";
  ::dup2(saved, STDOUT_FILENO);
  ::close(saved);
  std::string text;
  ::lseek(file, 0, SEEK_SET);
  char chunk[4096];
  for (ssize_t n; (n = ::read(file, chunk, sizeof chunk)) > 0;) text.append(chunk, static_cast<std::size_t>(n));
  ::close(file);
  ::unlink(path);
  return text;
}

std::vector<nlohmann::json> lines_of(const std::string& text) {
  std::vector<nlohmann::json> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) out.push_back(nlohmann::json::parse(line));
  return out;
}

/// An entry with only these fields set: the rest empty.
access_entry entry(std::string_view host, std::string_view method, std::string_view path, int status) {
  access_entry e{};
  e.host = host;
  e.method = method;
  e.path = path;
  e.status = status;
  return e;
}

TEST(AccessLog, OneJsonLinePerRequestWithEveryField) {
  const auto before = std::chrono::system_clock::now();
  const auto text = captured_stdout([] {
    access_log log;
    log.record({.host = "tts1.example",
                .method = "GET",
                .path = "/articles/a?q=\"x\"",
                .status = 200,
                .bytes = 38'512,
                .duration_ms = 1.2345,
                .client = "203.0.113.7",
                .user_agent = "Mozilla/5.0 \\ test",
                .referer = "",
                .request_id = "01JDZ"});
    log.record(entry("h", "HEAD", "/", 404));
  });  // flushed when the log goes
  const auto lines = lines_of(text);
  ASSERT_EQ(lines.size(), 2u) << text;
  const auto& j = lines[0];
  EXPECT_EQ(j["host"], "tts1.example");
  EXPECT_EQ(j["method"], "GET");
  EXPECT_EQ(j["path"], "/articles/a?q=\"x\"");
  EXPECT_EQ(j["client"], "203.0.113.7");
  EXPECT_EQ(j["ua"], "Mozilla/5.0 \\ test");
  EXPECT_EQ(j["referer"], "");
  EXPECT_EQ(j["request_id"], "01JDZ");
  EXPECT_EQ(j["status"], 200);
  EXPECT_EQ(j["bytes"], 38'512);
  EXPECT_NE(text.find("\"duration_ms\":1.234"), std::string::npos) << "three decimals: " << text;
  EXPECT_EQ(lines[1]["status"], 404);
  EXPECT_NE(text.find("\"duration_ms\":0.000}"), std::string::npos) << text;
  // The time is now, in UTC with milliseconds.
  const std::string time = j["time"];
  ASSERT_EQ(time.size(), 24u) << time;
  EXPECT_EQ(time[10], 'T');
  EXPECT_EQ(time[19], '.');
  EXPECT_EQ(time.back(), 'Z');
  std::tm tm{};
  ASSERT_NE(strptime(time.c_str(), "%Y-%m-%dT%H:%M:%S", &tm), nullptr);
  const auto logged = std::chrono::system_clock::from_time_t(timegm(&tm));
  EXPECT_LE(std::chrono::abs(logged - std::chrono::time_point_cast<std::chrono::seconds>(before)),
            std::chrono::seconds(2));
}

TEST(AccessLog, WhateverAClientSendsTheLineStaysValidAndShort) {
  const std::string long_agent(5000, 'a');
  const auto text = captured_stdout([&] {
    access_log log;
    auto e = entry(std::string_view("\xff\x01host", 6), "GET", "/\n", 400);
    e.user_agent = long_agent;
    e.referer = "\t";
    log.record(e);
  });
  const auto lines = lines_of(text);
  ASSERT_EQ(lines.size(), 1u) << text;
  EXPECT_EQ(lines[0]["host"], "\u00ff\u0001host");
  EXPECT_EQ(lines[0]["path"], "/\n");
  EXPECT_EQ(lines[0]["referer"], "\t");
  EXPECT_EQ(lines[0]["ua"].get<std::string>().size(), 512u) << "header values are cut";
}

TEST(AccessLog, AFullBufferIsWrittenWithoutWaitingForTheFlush) {
  std::size_t written = 0;
  std::size_t count = 0;
  const auto text = captured_stdout([&] {
    access_log log;
    const std::string path(400, 'p');
    for (; count < 400; ++count) log.record(entry("h", "GET", path, 200));
    ASSERT_TRUE(access_log::drain(std::chrono::seconds(5)));
    written = static_cast<std::size_t>(::lseek(STDOUT_FILENO, 0, SEEK_CUR));
  });
  EXPECT_GT(written, 32u * 1024) << "most of 400 lines of 500 bytes went out before the log's end";
  EXPECT_EQ(lines_of(text).size(), count);
}

}  // namespace
}  // namespace wavesites
