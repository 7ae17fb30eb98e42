#pragma once
/// Erasure and retention: the audit line every erasure leaves (the only trace of what it
/// removed), and the [retention] sweep that erases leads and resumes once they are older than
/// the config allows, at start and then daily, on a thread of its own.
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <mutex>
#include <string>
#include <string_view>
#include <thread>

#include "config/config.hpp"
#include "store/store.hpp"
#include "util/result.hpp"

namespace wavesites {

/// Why records were erased: a person's request (`leads delete`, `resumes delete`), or retention.
enum class erasure_kind { request, retention };

/// The audit line: one `erased` event on stderr with the time, why (`kind`), what (`records`:
/// leads or resumes), how they were chosen (`by`), how many, their ids and how many
/// notifications went with them. Never anything the records held: no address, no name.
void log_erasure(erasure_kind kind, std::string_view records, erase_selector::by by, const erasure& e);

/// The time `days` days before `now_ms`, as records store their times.
[[nodiscard]] std::string days_before(std::int64_t now_ms, std::uint32_t days);

/// What one retention pass removed.
struct sweep_outcome {
  std::size_t leads = 0;
  std::size_t resumes = 0;
  std::uint64_t notifications = 0;
  std::uint64_t stats_rows = 0;  ///< daily visit counts of days past [retention] stats_days
};

/// One retention pass at `now_ms`: erases the leads and resumes older than `cfg` keeps (nothing
/// for a 0), purges the store's files of them (store::purge_deleted; also with nothing new to
/// erase when `purge_owed`: an earlier pass erased and could not purge), then writes an audit
/// line for each kind it removed any of. An error says which step failed.
result<sweep_outcome> sweep_retention(store& db, const retention_config& cfg, std::int64_t now_ms,
                                      bool purge_owed = false);

/// Runs sweep_retention at start, then every `every`, below the I/O threads' priority. A pass that
/// fails (the store unreachable, the WAL held by a reader) is logged and tried again an hour later.
class retention_sweeper {
 public:
  retention_sweeper(store& db, const retention_config& cfg, std::chrono::milliseconds every = std::chrono::hours(24));
  ~retention_sweeper();
  retention_sweeper(const retention_sweeper&) = delete;
  retention_sweeper& operator=(const retention_sweeper&) = delete;

  /// Starts the thread, which sweeps at once.
  void start();
  /// Waits for a pass in progress, then ends the thread.
  void stop();
  /// New settings (a reload): a pass runs at once when they differ from the ones in force.
  void reconfigure(const retention_config& cfg);
  /// How many passes have finished, successful or not (for tests).
  [[nodiscard]] std::uint64_t passes() const;

 private:
  void run();

  store& db_;
  std::chrono::milliseconds every_;
  mutable std::mutex mutex_;
  std::condition_variable cv_;
  retention_config cfg_;
  bool changed_ = false;
  bool stopping_ = false;
  bool purge_owed_ = false;  ///< only the sweeper's thread touches it
  std::uint64_t passes_ = 0;
  std::thread thread_;
};

}  // namespace wavesites
