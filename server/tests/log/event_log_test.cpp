#include <gtest/gtest.h>

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <sstream>
#include <string>
#include <thread>

#include <nlohmann/json.hpp>

#include "log/event_log.hpp"
#include "log/line_writer.hpp"

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

/// What the pipe holds now, without waiting for more.
std::string waiting_in(int fd) {
  ::fcntl(fd, F_SETFL, O_NONBLOCK);
  std::string out;
  char chunk[4096];
  for (ssize_t n; (n = ::read(fd, chunk, sizeof chunk)) > 0;) out.append(chunk, static_cast<std::size_t>(n));
  return out;
}

TEST(EventLog, AnEventThroughAWriterIsOnItsDescriptorBeforeItsThreadGoesOn) {
  int fds[2];
  ASSERT_EQ(::pipe(fds), 0);
  {
    line_writer w(fds[1], 1 << 20, "events");
    events_through(&w);
    info("one", {{"n", 1}});
    const auto first = waiting_in(fds[0]);
    warn("two");
    const auto second = waiting_in(fds[0]);
    events_through(nullptr);
    ASSERT_EQ(std::count(first.begin(), first.end(), '\n'), 1) << first;
    EXPECT_EQ(nlohmann::json::parse(first)["event"], "one");
    ASSERT_EQ(std::count(second.begin(), second.end(), '\n'), 1) << second;
    EXPECT_EQ(nlohmann::json::parse(second)["level"], "warn");
  }
  ::close(fds[0]);
  ::close(fds[1]);
}

// Regression: written by the thread that logged it, an event blocked that thread once nobody
// read stderr, and a server's I/O thread with it.
TEST(EventLog, AStderrNobodyReadsHoldsUpNoEventAndWhatItCannotTakeIsCountedAndReported) {
  int fds[2];
  ASSERT_EQ(::pipe(fds), 0);
  const int saved = ::dup(STDERR_FILENO);
  ::dup2(fds[1], STDERR_FILENO);  // stderr: a pipe nobody reads until the end (64 KiB, then full)
  ::close(fds[1]);
  constexpr int total = 20'000;  // some 1.6 MB of events
  std::uint64_t dropped = 0;
  std::string got;
  std::thread reader;
  {
    line_writer w(STDERR_FILENO, 256 * 1024, "events");
    events_through(&w);
    const auto start = std::chrono::steady_clock::now();
    for (int i = 0; i < total; ++i) info("honeypot", {{"client", "198.51.100.7"}, {"i", i}});
    // One of them waits (100 ms) for the reader that stopped, the others not at all.
    EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(2)) << "events waited for the reader";
    events_through(nullptr);
    dropped = w.dropped_lines();
    EXPECT_GT(dropped, 0u);
    // The reader comes back; the gap is reported as writing resumes, before the events queued.
    reader = std::thread([&] {
      char chunk[65536];
      for (ssize_t n; (n = ::read(fds[0], chunk, sizeof chunk)) > 0;) got.append(chunk, static_cast<std::size_t>(n));
    });
    ASSERT_TRUE(w.drain(std::chrono::seconds(10)));
  }
  ::dup2(saved, STDERR_FILENO);  // the pipe's last writer goes: the reader sees its end
  ::close(saved);
  reader.join();
  ::close(fds[0]);
  std::istringstream in(got);
  std::uint64_t written = 0;
  std::uint64_t reported = 0;
  for (std::string line; std::getline(in, line);) {
    const auto j = nlohmann::json::parse(line);  // whole lines only
    if (j["event"] == "honeypot") ++written;
    if (j["event"] == "log_lines_dropped") {
      EXPECT_EQ(j["log"], "events");
      reported += j["lines"].get<std::uint64_t>();
    }
  }
  EXPECT_EQ(written + dropped, static_cast<std::uint64_t>(total)) << "each event either written or counted";
  EXPECT_EQ(reported, dropped);
}

}  // namespace
}  // namespace wavesites::log
