#include "app/privacy.hpp"

#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <optional>
#include <vector>

#include "log/caught.hpp"
#include "log/event_log.hpp"
#include "util/ids.hpp"

namespace wavesites {
namespace {

constexpr std::int64_t day_ms = 86'400'000;
constexpr std::chrono::hours retry_after_failure{1};

std::string_view by_name(erase_selector::by by) {
  switch (by) {
    case erase_selector::by::id:
      return "id";
    case erase_selector::by::email:
      return "email";
    case erase_selector::by::received_before:
      break;
  }
  return "age";
}

std::string_view kind_name(erasure_kind kind) {
  return kind == erasure_kind::request ? "request" : "retention";
}

std::int64_t now_unix_ms() {
  using namespace std::chrono;
  return duration_cast<milliseconds>(system_clock::now().time_since_epoch()).count();
}

}  // namespace

void log_erasure(erasure_kind kind, std::string_view records, erase_selector::by by, const erasure& e) {
  std::vector<std::string> ids;
  ids.reserve(e.records.size());
  for (const auto& r : e.records) ids.push_back(r.id);
  log::info("erased", {{"kind", kind_name(kind)},
                       {"records", records},
                       {"by", by_name(by)},
                       {"count", e.records.size()},
                       {"ids", ids},
                       {"notifications", e.notifications}});
}

std::string days_before(std::int64_t now_ms, std::uint32_t days) {
  return utc_iso(std::max<std::int64_t>(0, now_ms - static_cast<std::int64_t>(days) * day_ms));
}

result<sweep_outcome> sweep_retention(store& db, const retention_config& cfg, std::int64_t now_ms, bool purge_owed) {
  sweep_outcome out;
  std::optional<erasure> leads;
  std::optional<erasure> resumes;
  const erase_selector leads_older{erase_selector::by::received_before, days_before(now_ms, cfg.leads_days)};
  const erase_selector resumes_older{erase_selector::by::received_before, days_before(now_ms, cfg.resumes_days)};
  std::string failed;
  if (cfg.leads_days > 0) {
    auto gone = db.erase_leads(leads_older, false);
    if (gone)
      leads = std::move(gone).value();
    else
      failed = "leads: " + gone.message();
  }
  if (failed.empty() && cfg.resumes_days > 0) {
    auto gone = db.erase_resumes(resumes_older, false);
    if (gone)
      resumes = std::move(gone).value();
    else
      failed = "resumes: " + gone.message();
  }
  if (failed.empty() && cfg.stats_days > 0) {
    // The daily counts (not personal data) of days older than stats_days: only their days.
    const auto before = days_before(now_ms, cfg.stats_days).substr(0, 10);
    auto gone = db.erase_stats_before(before);
    if (gone)
      out.stats_rows = *gone;
    else
      failed = "stats: " + gone.message();
    if (gone && *gone > 0)
      log::info("erased", {{"kind", "retention"}, {"records", "stats"}, {"rows", *gone}, {"before", before}});
  }
  const bool removed = (leads && !leads->records.empty()) || (resumes && !resumes->records.empty());
  if ((removed || purge_owed) && failed.empty()) {
    if (auto r = db.purge_deleted(); !r) failed = r.message();
  }
  // The audit lines come once the files are purged, so a line means the erasure is complete;
  // if the purge failed they come all the same (the rows are gone), before the error.
  if (leads && !leads->records.empty()) {
    log_erasure(erasure_kind::retention, "leads", leads_older.what, *leads);
    out.leads = leads->records.size();
    out.notifications += leads->notifications;
  }
  if (resumes && !resumes->records.empty()) {
    log_erasure(erasure_kind::retention, "resumes", resumes_older.what, *resumes);
    out.resumes = resumes->records.size();
    out.notifications += resumes->notifications;
  }
  if (!failed.empty()) return error{failed};
  return out;
}

retention_sweeper::retention_sweeper(store& db, const retention_config& cfg, std::chrono::milliseconds every)
    : db_(db), every_(every), cfg_(cfg) {}

retention_sweeper::~retention_sweeper() {
  stop();
}

void retention_sweeper::start() {
  thread_ = std::thread([this] { run(); });
}

void retention_sweeper::stop() {
  {
    std::lock_guard lk(mutex_);
    stopping_ = true;
  }
  cv_.notify_all();
  if (thread_.joinable()) thread_.join();
}

void retention_sweeper::reconfigure(const retention_config& cfg) {
  {
    std::lock_guard lk(mutex_);
    if (cfg == cfg_) return;
    cfg_ = cfg;
    changed_ = true;
  }
  cv_.notify_all();
}

std::uint64_t retention_sweeper::passes() const {
  std::lock_guard lk(mutex_);
  return passes_;
}

void retention_sweeper::run() {
  // Erasing (and above all rewriting the SQLite file) is background work: visitors first.
  setpriority(PRIO_PROCESS, static_cast<id_t>(::gettid()), 10);
  std::unique_lock lk(mutex_);
  while (!stopping_) {
    const retention_config cfg = cfg_;
    changed_ = false;
    lk.unlock();
    std::chrono::milliseconds wait = every_;
    // A store that will not answer does not make the server keep data longer than it may: the
    // pass is tried again within the hour rather than the next day.
    if (cfg.any() || purge_owed_) {
      const auto done = caught(
          "retention", [&] { return sweep_retention(db_, cfg, now_unix_ms(), purge_owed_); },
          result<sweep_outcome>(error{"the pass raised a fault (see internal_error)"}));
      // Erased but not purged: the next pass purges even if it finds nothing new to erase.
      purge_owed_ = !done;
      if (!done) {
        log::error("retention_failed", {{"error", done.message()}, {"retry_in_seconds", 3600}});
        wait = std::min<std::chrono::milliseconds>(every_, retry_after_failure);
      }
    }
    lk.lock();
    ++passes_;
    cv_.wait_for(lk, wait, [&] { return stopping_ || changed_; });
  }
}

}  // namespace wavesites
