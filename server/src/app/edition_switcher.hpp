#pragma once
/// Scheduled articles go live, and expired ones go, at their moments with no rebuild, restart or
/// reload (docs/manifest.md, "Editions"): the web bundle holds one edition of its pages per
/// moment, and this thread sets the next edition's pages in force at its moment. The state for
/// that moment is built ahead, with the config in force, so the switch itself is one pointer
/// swap; servers sharing a bundle switch alike, by the clock.
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <mutex>
#include <string>
#include <thread>

#include "sites/site_state.hpp"
#include "util/live.hpp"

namespace wavesites {

class edition_switcher {
 public:
  using clock = std::function<std::int64_t()>;  ///< milliseconds since 1970, UTC

  /// `swap` is held while the state is replaced, by this and by a reload, so that neither sets a
  /// state built from what the other has just replaced.
  edition_switcher(
      std::string web_dir, live<site_state>& sites, std::mutex& swap, clock now = [] { return catalog::now_ms(); });
  ~edition_switcher();
  edition_switcher(const edition_switcher&) = delete;
  edition_switcher& operator=(const edition_switcher&) = delete;

  void start();
  void stop();

  /// How long before its moment the next edition is built. A build takes about a second on an
  /// idle machine and several on a busy one (5 s of lead was once not enough under a test
  /// suite's load); holding two editions' pages for half a minute costs only memory.
  static constexpr std::chrono::milliseconds lead{30'000};

 private:
  void run();
  /// Waits until `until_ms` by the clock, or until stop(); false when stopping.
  bool sleep_until(std::unique_lock<std::mutex>& lock, std::int64_t until_ms);

  std::string web_dir_;
  live<site_state>& sites_;
  std::mutex& swap_;
  clock now_;
  std::mutex mutex_;
  std::condition_variable wake_;
  bool stopping_ = false;
  std::thread thread_;
};

}  // namespace wavesites
