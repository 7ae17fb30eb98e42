// Erasure's audit line (the stores' own erasure is tested on both backends in
// store/store_test.cpp).
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdio>
#include <functional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "app/privacy.hpp"

namespace wavesites {
namespace {

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
