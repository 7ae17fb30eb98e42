// The switch to a bundle's next edition: not a moment early, at its moment by the clock (an
// injected one here), and never over a state a reload put in meanwhile.
#include <gtest/gtest.h>

#include <atomic>
#include <filesystem>
#include <fstream>
#include <thread>

#include <unistd.h>

#include "app/edition_switcher.hpp"
#include "config/config.hpp"

namespace wavesites {
namespace {

constexpr std::int64_t kMoment = 1796112000000;  // 2026-12-01T08:00:00.000Z

struct EditionSwitcherTest : ::testing::Test {
  std::filesystem::path dir =
      std::filesystem::temp_directory_path() / ("wavesites-switcher-" + std::to_string(::getpid()));
  std::shared_ptr<const config> cfg = std::make_shared<const config>(parse_config("[hosts]\n", "bare.toml").value());
  std::atomic<std::int64_t> now{kMoment - 60'000};

  void SetUp() override {
    std::filesystem::create_directories(dir);
    const auto bundle = [](const std::string& file) {
      return R"({"version":2,"pages":{"a":{"file":")" + file +
             R"("}},"route_sets":{"prefixed":{"routes":{"/":"a"},"not_found":"a"}}})";
    };
    std::string first = bundle("a.html");
    first.pop_back();
    std::ofstream(dir / "manifest.json")
        << first << R"(,"editions":[{"at":"2026-12-01T08:00:00.000Z","manifest":"manifest.1.json"}]})";
    std::ofstream(dir / "manifest.1.json") << bundle("b.html");
    std::ofstream(dir / "a.html") << "<p>before</p>";
    std::ofstream(dir / "b.html") << "<p>after</p>";
  }
  void TearDown() override { std::filesystem::remove_all(dir); }

  std::shared_ptr<const site_state> state_at(std::int64_t ms) {
    auto s = site_state::build(cfg, dir.string(), ms);
    EXPECT_TRUE(s.ok()) << s.message();
    return s.ok() ? std::move(s).value() : nullptr;
  }
  static std::string body(const site_state& s) {
    const auto m = s.pages->route(s.pages->prefixed(), "/");
    return m.target->pick(std::string_view{}).reps[0].body;
  }
  /// Waits (in real time, briefly) until `pred` holds.
  template <typename P>
  static bool eventually(P pred) {
    for (int i = 0; i < 300; ++i) {
      if (pred()) return true;
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    return pred();
  }
};

TEST_F(EditionSwitcherTest, TheNextEditionIsInForceFromItsMoment) {
  live<site_state> sites(state_at(now));
  EXPECT_EQ(body(*sites.get()), "<p>before</p>");
  EXPECT_EQ(sites.get()->pages->next_edition_ms(), kMoment);
  std::mutex swap;
  edition_switcher switcher(dir.string(), sites, swap, [this] { return now.load(); });
  switcher.start();
  now = kMoment - 1;
  std::this_thread::sleep_for(std::chrono::milliseconds(1500));  // it wakes at least once a second
  EXPECT_EQ(body(*sites.get()), "<p>before</p>") << "not a moment early";
  now = kMoment;
  EXPECT_TRUE(eventually([&] { return body(*sites.get()) == "<p>after</p>"; }));
  EXPECT_EQ(sites.get()->pages->edition(), "manifest.1.json");
  EXPECT_EQ(sites.get()->pages->next_edition_ms(), 0);
  switcher.stop();
}

TEST_F(EditionSwitcherTest, AStateBuiltAtStartAfterTheMomentIsTheNextEditionAlready) {
  const auto later = state_at(kMoment + 1);
  EXPECT_EQ(body(*later), "<p>after</p>");
  EXPECT_EQ(later->pages->edition(), "manifest.1.json");
}

TEST_F(EditionSwitcherTest, StopsAtOnceWhileWaiting) {
  live<site_state> sites(state_at(now));
  std::mutex swap;
  edition_switcher switcher(dir.string(), sites, swap, [this] { return now.load(); });
  switcher.start();
  const auto started = std::chrono::steady_clock::now();
  switcher.stop();
  EXPECT_LT(std::chrono::steady_clock::now() - started, std::chrono::seconds(2));
  EXPECT_EQ(body(*sites.get()), "<p>before</p>");
}

}  // namespace
}  // namespace wavesites
