#include "notify/outbox_worker.hpp"

#include <algorithm>
#include <chrono>
#include <random>

#include <sys/resource.h>
#include <unistd.h>

#include "log/caught.hpp"
#include "log/event_log.hpp"
#include "metrics/metrics.hpp"
#include "notify/events.hpp"
#include "notify/messages.hpp"
#include "notify/senders.hpp"

namespace wavesites {
namespace {

constexpr std::int64_t first_retry_ms = 1000;
constexpr std::int64_t longest_retry_ms = 120'000;
// How often an idle thread looks for due retries when nothing wakes it.
constexpr std::chrono::milliseconds idle_poll{1000};
constexpr std::chrono::milliseconds claim_spacing{5};
constexpr std::chrono::milliseconds quiet_gap{10};
constexpr std::chrono::milliseconds longest_deferral{1000};

std::int64_t steady_ns() {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

std::int64_t now_unix_ms() {
  using namespace std::chrono;
  return duration_cast<milliseconds>(system_clock::now().time_since_epoch()).count();
}

/// The longest one attempt on `channel` can take.
std::int64_t attempt_ms(std::string_view channel) {
  const auto per = channel == email_channel ? email_timeout : webhook_timeout;
  return std::chrono::duration_cast<std::chrono::milliseconds>(per).count();
}

double jitter() {
  thread_local std::mt19937_64 rng{std::random_device{}()};
  return std::uniform_real_distribution<double>(0.0, 1.0)(rng);
}

}  // namespace

std::optional<std::int64_t> next_attempt_ms(int attempts, std::int64_t created_ms, std::int64_t now_ms,
                                            double retry_hours, double jitter01) {
  const auto window_end = created_ms + static_cast<std::int64_t>(retry_hours * 3600.0 * 1000.0);
  if (now_ms >= window_end) return std::nullopt;
  std::int64_t delay = first_retry_ms;
  for (int i = 1; i < attempts && delay < longest_retry_ms; ++i) delay *= 2;
  delay = std::min(delay, longest_retry_ms);
  const std::int64_t half = delay / 2;
  delay = half + static_cast<std::int64_t>(std::clamp(jitter01, 0.0, 1.0) * static_cast<double>(half));
  return std::min(now_ms + delay, window_end);
}

outbox_worker::outbox_worker(store& db, const notify_config& cfg, options opts)
    : db_(db),
      opts_(opts),
      max_attachment_bytes_(opts.max_attachment_bytes),
      cfg_(std::make_shared<const notify_config>(cfg)) {}

outbox_worker::~outbox_worker() {
  stop();
}

void outbox_worker::start() {
  // A process killed mid-delivery leaves its claims behind; with SQLite the database belongs to
  // this host, so they are ended now instead of when the lease runs out. On PostgreSQL another
  // server may be sending them at this moment: the lease decides there.
  if (db_.kind() == "sqlite") {
    if (auto r = db_.release_notification_claims(); r && *r > 0) {
      log::info("notify_resumed", {{"claims", *r}});
    }
  }
  for (const auto channel : {webhook_channel, email_channel}) {
    for (std::size_t i = 0; i < opts_.threads_per_channel; ++i)
      threads_.emplace_back([this, channel] { run(channel); });
  }
}

void outbox_worker::stop() {
  cancel_ = true;
  {
    std::lock_guard lk(wake_mutex_);
    stopping_ = true;
  }
  wake_cv_.notify_all();
  stop_cv_.notify_all();
  for (auto& t : threads_) {
    if (t.joinable()) t.join();
  }
  threads_.clear();
}

void outbox_worker::wake() {
  // Called after every stored record, on an I/O thread: cheap unless a delivery thread is idle
  // and waiting for work. One that is busy, or spacing its claims, sees the count when it looks.
  wakes_.fetch_add(1);
  last_record_ns_.store(steady_ns(), std::memory_order_relaxed);
  if (idle_.load() == 0) return;
  std::lock_guard lk(wake_mutex_);
  wake_cv_.notify_all();
}

void outbox_worker::reconfigure(const notify_config& cfg, std::uint64_t max_attachment_bytes) {
  max_attachment_bytes_.store(max_attachment_bytes, std::memory_order_relaxed);
  {
    std::lock_guard lk(cfg_mutex_);
    cfg_ = std::make_shared<const notify_config>(cfg);
  }
  wake();
}

void outbox_worker::run(std::string_view channel) {
  // Below the I/O threads: when both want the CPU, visitors' requests come first and delivery
  // catches up afterwards (Linux gives each thread its own nice value).
  setpriority(PRIO_PROCESS, static_cast<id_t>(::gettid()), 10);
  auto last_claim = std::chrono::steady_clock::time_point{};
  for (;;) {
    if (!wait_for_turn(last_claim)) return;
    const std::uint64_t seen = wakes_.load();
    last_claim = std::chrono::steady_clock::now();
    // A full batch means more may be due: go on at once.
    if (caught(
            "notify", [&] { return deliver_due(channel); }, std::size_t{0}) == opts_.batch)
      continue;
    std::unique_lock lk(wake_mutex_);
    ++idle_;
    wake_cv_.wait_for(lk, idle_poll, [&] { return stopping_ || wakes_.load() != seen; });
    --idle_;
  }
}

bool outbox_worker::wait_for_turn(std::chrono::steady_clock::time_point last_claim) {
  using std::chrono::steady_clock;
  std::unique_lock lk(wake_mutex_);
  // Claims that came back short are spaced `claim_spacing` apart, so that under a flood of
  // leads one claim gathers many rows rather than each lead costing a claim of its own. An idle
  // thread is long past it, so a lone lead still goes out at once.
  stop_cv_.wait_until(lk, last_claim + claim_spacing, [&] { return stopping_; });
  // Intake first: while records arrive less than `quiet_gap` apart (a flood), delivery waits for
  // a pause, so it takes no disk or CPU from visitors' requests; but never longer than
  // `longest_deferral` at a time, so a flood that does not end cannot starve it.
  const auto deferred_since = steady_clock::now();
  while (!stopping_) {
    const auto since_record = std::chrono::nanoseconds(steady_ns() - last_record_ns_.load(std::memory_order_relaxed));
    if (since_record >= quiet_gap || steady_clock::now() - deferred_since >= longest_deferral) break;
    stop_cv_.wait_for(lk, quiet_gap - since_record);
  }
  return !stopping_;
}

std::size_t outbox_worker::deliver_due(std::string_view channel) {
  std::shared_ptr<const notify_config> cfg;
  {
    std::lock_guard lk(cfg_mutex_);
    cfg = cfg_;
  }
  const auto channels = notify_channels(*cfg);
  if (std::find(channels.begin(), channels.end(), channel) == channels.end()) return 0;
  // A claim lasts one attempt plus a margin, and is renewed while the batch is still being sent:
  // a server killed mid-batch holds its rows back from the others for that long, rather than for
  // as long as a whole batch of timeouts could last.
  const auto lease = attempt_ms(channel) + opts_.claim_margin.count();
  const auto reserve = attempt_ms(channel) + opts_.claim_reserve.count();
  const auto claimed_at = now_unix_ms();
  auto claimed = db_.claim_notifications(channel, opts_.batch, claimed_at, lease);
  if (!claimed) {
    log::error("notify_store_error", {{"channel", channel}, {"error", claimed.message()}});
    metrics::count_store_error();
    return 0;
  }
  std::int64_t held_until = claimed_at + lease;
  std::vector<finished_notification> done;
  bool retries = false;
  for (std::size_t i = 0; i < claimed->size(); ++i) {
    const auto& n = (*claimed)[i];
    // Stopping: the rest of the batch keeps its claim and is sent after the restart.
    if (cancel_) break;
    if (held_until - now_unix_ms() < reserve) {
      // Too little of the claim is left for another attempt: record what is done, then renew
      // the claim on the rest. Rows whose claim ran out and went to another server are theirs.
      retries = finish(channel, done) || retries;
      const std::span<const notification> rest(claimed->data() + i, claimed->size() - i);
      if (!renew_claims(channel, rest, held_until, now_unix_ms() + lease)) break;
    }
    auto [outcome, receiver_tried] = attempt(*cfg, n);
    if (cancel_) break;  // abandoned, not failed: the claim stays
    if (receiver_tried) {
      metrics::count_delivery(channel, outcome.what == delivery_outcome::kind::delivered);
      note_channel(channel, outcome, now_unix_ms());
    }
    done.push_back({n.id, std::move(outcome)});
  }
  retries = finish(channel, done) || retries;
  // Rows of this batch that failed while the receiver was coming back got a backoff after the
  // recovery had already hurried the rest: hurry again so they do not wait it out.
  if (retries && !is_failing(channel)) (void)db_.hurry_notifications(channel, now_unix_ms());
  return claimed->size();
}

bool outbox_worker::finish(std::string_view channel, std::vector<finished_notification>& done) {
  if (done.empty()) return false;
  if (auto r = db_.finish_notifications(done); !r) {
    // The claims run out and the rows are sent again: duplicates under the same delivery ids.
    log::error("notify_store_error", {{"channel", channel}, {"error", r.message()}});
    metrics::count_store_error();
  }
  const bool retries = std::any_of(done.begin(), done.end(), [](const finished_notification& d) {
    return d.outcome.what == delivery_outcome::kind::retry;
  });
  done.clear();
  return retries;
}

bool outbox_worker::renew_claims(std::string_view channel, std::span<const notification> rest, std::int64_t& held_until,
                                 std::int64_t until) {
  std::vector<std::string> ids;
  ids.reserve(rest.size());
  for (const auto& n : rest) ids.push_back(n.id);
  const auto extended = db_.extend_notification_claims(ids, held_until, until);
  if (!extended) {
    log::error("notify_store_error", {{"channel", channel}, {"error", extended.message()}});
    metrics::count_store_error();
    return false;
  }
  if (*extended < ids.size()) {
    // This thread overran its claim (a stalled store, say) and another server took rows over:
    // leave the batch; what this thread still holds is claimed again when its lease ends.
    log::warn("notify_claim_lost", {{"channel", channel}, {"rows", ids.size() - *extended}});
    return false;
  }
  held_until = until;
  return true;
}

result<bool> outbox_worker::send(const notify_config& cfg, const notification& n) {
  const bool webhook = n.channel == webhook_channel;
  if (n.event == lead_created_event) {
    auto lead = db_.find_lead(n.subject_id);
    if (!lead) return error{lead.message()};
    if (!*lead) return error{"gone: the lead is no longer stored"};
    return webhook ? post_webhook(cfg, n, webhook_body(n, **lead), cancel_)
                   : send_email(cfg, n, lead_email(n, **lead), {}, cancel_);
  }
  if (n.event == resume_received_event) {
    std::string bytes;
    const bool want_bytes = !webhook && cfg.attach_resumes;
    auto resume = db_.find_resume(n.subject_id, want_bytes ? std::function<void(std::string_view)>(
                                                                 [&](std::string_view chunk) { bytes.append(chunk); })
                                                           : nullptr);
    if (!resume) return error{resume.message()};
    if (!*resume) return error{"gone: the resume is no longer stored"};
    if (webhook) return post_webhook(cfg, n, webhook_body(n, **resume), cancel_);
    const bool attach = want_bytes && (*resume)->size <= max_attachment_bytes_.load(std::memory_order_relaxed);
    return send_email(cfg, n, resume_email(n, **resume, attach), bytes, cancel_);
  }
  return error{"gone: unknown event " + n.event};
}

std::pair<delivery_outcome, bool> outbox_worker::attempt(const notify_config& cfg, const notification& n) {
  auto sent = send(cfg, n);
  if (sent) return {{delivery_outcome::kind::delivered, 0, {}}, true};
  // A record that is no longer stored (erased) will never be sent: no point retrying, and the
  // receiver was not asked, so it says nothing about the channel.
  if (sent.message().starts_with("gone: ")) {
    return {{delivery_outcome::kind::failed, 0, sent.message().substr(6)}, false};
  }
  const auto next = next_attempt_ms(n.attempts, n.created_ms, now_unix_ms(), cfg.retry_hours, jitter());
  if (!next) {
    log::error("notify_failed", {{"delivery", n.id},
                                 {"channel", n.channel},
                                 {"event_type", n.event},
                                 {"subject", n.subject_id},
                                 {"attempts", n.attempts},
                                 {"error", sent.message()}});
    return {{delivery_outcome::kind::failed, 0, sent.message()}, true};
  }
  return {{delivery_outcome::kind::retry, *next, sent.message()}, true};
}

bool outbox_worker::is_failing(std::string_view channel) {
  std::lock_guard lk(channel_mutex_);
  return std::find(failing_.begin(), failing_.end(), channel) != failing_.end();
}

void outbox_worker::note_channel(std::string_view channel, const delivery_outcome& outcome, std::int64_t now_ms) {
  const bool ok = outcome.what == delivery_outcome::kind::delivered;
  bool changed = false;
  {
    std::lock_guard lk(channel_mutex_);
    const auto it = std::find(failing_.begin(), failing_.end(), channel);
    if (ok && it != failing_.end()) {
      failing_.erase(it);
      changed = true;
    } else if (!ok && it == failing_.end()) {
      failing_.emplace_back(channel);
      changed = true;
    }
  }
  if (!changed) return;
  if (!ok) {
    log::warn("notify_channel_failing", {{"channel", channel}, {"error", outcome.error}});
    return;
  }
  // The receiver answers again: what waits out its backoff is due now, not minutes later.
  const auto hurried = db_.hurry_notifications(channel, now_ms);
  log::info("notify_channel_recovered", {{"channel", channel}, {"hurried", hurried ? *hurried : 0}});
  wake();
}

}  // namespace wavesites
