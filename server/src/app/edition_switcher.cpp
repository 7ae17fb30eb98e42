#include "app/edition_switcher.hpp"

#include <algorithm>

#include "log/caught.hpp"
#include "log/event_log.hpp"

namespace wavesites {

edition_switcher::edition_switcher(std::string web_dir, live<site_state>& sites, std::mutex& swap, clock now)
    : web_dir_(std::move(web_dir)), sites_(sites), swap_(swap), now_(std::move(now)) {}

edition_switcher::~edition_switcher() {
  stop();
}

void edition_switcher::start() {
  // A fault ends the switching (reported and counted), never the process: the pages in force stay.
  thread_ = std::thread([this] {
    caught(
        "edition switcher",
        [this] {
          run();
          return true;
        },
        false);
  });
}

void edition_switcher::stop() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  wake_.notify_all();
  if (thread_.joinable()) thread_.join();
}

bool edition_switcher::sleep_until(std::unique_lock<std::mutex>& lock, std::int64_t until_ms) {
  // In steps of at most a second: the clock may be a test's, and the wall clock may be set.
  while (!stopping_) {
    const auto left = until_ms - now_();
    if (left <= 0) return true;
    wake_.wait_for(lock, std::chrono::milliseconds(std::min<std::int64_t>(left, 1000)));
  }
  return false;
}

void edition_switcher::run() {
  std::unique_lock lock(mutex_);
  while (!stopping_) {
    const auto state = sites_.get();
    const std::int64_t next = state->pages->next_edition_ms();
    if (next == 0) {
      // No later edition; a reload may bring a bundle with some.
      if (!sleep_until(lock, now_() + 60'000)) return;
      continue;
    }
    if (!sleep_until(lock, next - lead.count())) return;
    if (sites_.get() != state) continue;  // a reload came in: start again from what it loaded
    lock.unlock();
    const auto build_start = std::chrono::steady_clock::now();
    auto built = site_state::build(state->cfg, web_dir_, next);
    const auto built_ms =
        std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - build_start).count();
    lock.lock();
    if (!built) {
      log::error("edition_failed", {{"error", built.message()}, {"kept", "the pages in force; tried again in 10 s"}});
      if (!sleep_until(lock, now_() + 10'000)) return;
      continue;
    }
    if (!sleep_until(lock, next)) return;
    std::lock_guard swap(swap_);
    if (sites_.get() != state) continue;  // a reload replaced it meanwhile
    const auto edition = (*built)->pages->edition();
    sites_.set(std::move(built).value());
    log::info("edition", {{"manifest", edition}, {"at_ms", next}, {"late_ms", now_() - next}, {"built_ms", built_ms}});
  }
}

}  // namespace wavesites
