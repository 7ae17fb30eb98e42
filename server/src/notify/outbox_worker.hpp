#pragma once
/// Delivers the outbox: a few threads per channel claim due notifications, load the record,
/// send it, and record the outcome. At least once: a claim that is never finished (a crash, a
/// kill) runs out and the row is sent again under the same delivery id. A claim lasts one
/// attempt's timeout plus 20 s and is renewed while its batch is still being sent, so the rows a
/// killed server held wait half a minute (webhook; 80 s for email) for another server, not as
/// long as a whole batch of timeouts could last. Failures retry with exponential backoff and
/// jitter until the config's retry window ends, then the row is marked failed and stays in the
/// outbox for the operator. None of this runs on an I/O thread, so a slow
/// or dead receiver never slows a visitor's request.
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <span>
#include <string_view>
#include <thread>
#include <utility>
#include <vector>

#include "config/config.hpp"
#include "store/store.hpp"

namespace wavesites {

/// When the next attempt of a notification is due after its attempt number `attempts` (1 for
/// the first) failed at `now_ms`: 1 s doubling up to 2 min, jittered into [d/2, d] by `jitter`
/// (0..1) so that a backlog spreads out; never past the retry window, and none once it is over.
[[nodiscard]] std::optional<std::int64_t> next_attempt_ms(int attempts, std::int64_t created_ms, std::int64_t now_ms,
                                                          double retry_hours, double jitter);

class outbox_worker {
 public:
  struct options {
    std::size_t threads_per_channel = 1;
    std::size_t batch = 64;
    /// The largest resume sent as a file (a larger one is announced without it), until
    /// reconfigure() sets another.
    std::uint64_t max_attachment_bytes = 10 * 1024 * 1024;
    /// A claim lasts one attempt's timeout plus this. The shorter, the sooner another server
    /// sends what a killed one held.
    std::chrono::milliseconds claim_margin{20'000};
    /// An attempt starts only with its timeout plus this much of the claim left (else the claim
    /// is renewed first), so it ends, and its outcome is written, before the claim runs out, even
    /// on a server whose clock is a few seconds off the others'. Less than claim_margin.
    std::chrono::milliseconds claim_reserve{10'000};
  };

  outbox_worker(store& db, const notify_config& cfg, options opts);
  ~outbox_worker();
  outbox_worker(const outbox_worker&) = delete;
  outbox_worker& operator=(const outbox_worker&) = delete;

  /// Starts the delivery threads (on SQLite, first ending the claims a killed process left).
  void start();
  /// Stops claiming, lets deliveries in flight finish, and joins the threads.
  void stop();
  /// Something was stored: look for due notifications now rather than at the next poll.
  void wake();
  /// New settings for the attempts that start from now on (a reload).
  void reconfigure(const notify_config& cfg, std::uint64_t max_attachment_bytes);

 private:
  void run(std::string_view channel);
  /// Waits until this thread may claim again; false when stopping.
  bool wait_for_turn(std::chrono::steady_clock::time_point last_claim);
  std::size_t deliver_due(std::string_view channel);
  /// Records the outcomes in `done` and empties it; true when some are to be retried.
  bool finish(std::string_view channel, std::vector<finished_notification>& done);
  /// Extends this thread's claim on `rest`, held until `held_until`, to `until`; false when the
  /// claim cannot be kept (the store failed, or another server took rows over).
  bool renew_claims(std::string_view channel, std::span<const notification> rest, std::int64_t& held_until,
                    std::int64_t until);
  /// The outcome, and whether the receiver was asked at all (not when the record is gone).
  std::pair<delivery_outcome, bool> attempt(const notify_config& cfg, const notification& n);
  result<bool> send(const notify_config& cfg, const notification& n);
  bool is_failing(std::string_view channel);
  void note_channel(std::string_view channel, const delivery_outcome& outcome, std::int64_t now_ms);

  store& db_;
  options opts_;
  std::atomic<std::uint64_t> max_attachment_bytes_;
  std::mutex cfg_mutex_;
  std::shared_ptr<const notify_config> cfg_;

  std::mutex wake_mutex_;
  std::condition_variable wake_cv_;  ///< idle threads wait here for work
  std::condition_variable stop_cv_;  ///< threads spacing their claims wait here
  std::atomic<std::uint64_t> wakes_{0};
  std::atomic<int> idle_{0};
  std::atomic<std::int64_t> last_record_ns_{0};  ///< steady clock, when wake() last ran
  bool stopping_ = false;
  std::atomic<bool> cancel_{false};
  std::vector<std::thread> threads_;

  std::mutex channel_mutex_;
  std::vector<std::string> failing_;  ///< channels whose last attempt failed
};

}  // namespace wavesites
