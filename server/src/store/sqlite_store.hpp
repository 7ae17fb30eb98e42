#pragma once
/// The SQLite store, the default: one database file in WAL mode with synchronous=FULL, so a
/// commit has reached the disk when a call returns.
///
/// Threads: one write connection, used only under a mutex, and a few read connections handed out
/// one caller at a time (WAL lets them read while the writer commits). Leads take a group commit:
/// callers queue their lead and a writer thread commits whatever has queued up in one transaction,
/// so N concurrent callers cost about one fsync instead of N; each caller returns once the
/// transaction holding its lead has committed (or failed).
#include <cstddef>
#include <filesystem>
#include <memory>
#include <vector>

#include "store/store.hpp"

namespace wavesites {

class sqlite_store final : public store {
 public:
  struct options {
    /// The most leads committed in one transaction.
    std::size_t max_batch = 256;
    /// How long a statement waits for a lock held by another process.
    int busy_timeout_ms = 5000;
    /// How long purge_deleted keeps trying before it reports that old copies may remain.
    int purge_patience_ms = 30000;
  };

  /// Opens (creating it and its parent directories if needed) the database file and sets the
  /// connection pragmas; does not migrate (see migrate, or open_store which does both).
  static result<std::unique_ptr<sqlite_store>> open(const std::filesystem::path& file, options opts);
  static result<std::unique_ptr<sqlite_store>> open(const std::filesystem::path& file) { return open(file, options{}); }

  ~sqlite_store() override;
  sqlite_store(const sqlite_store&) = delete;
  sqlite_store& operator=(const sqlite_store&) = delete;

  [[nodiscard]] std::string_view kind() const override { return "sqlite"; }
  result<bool> migrate() override;
  bool ping() override;
  using store::add_lead;
  using store::add_resume;
  result<bool> add_lead(const lead_record& lead, std::span<const notification> notify) override;
  /// Holds the write connection while `read` runs, so `read` should be quick (a spooled file,
  /// not a network peer).
  result<bool> add_resume(const resume_record& meta, const chunk_reader& read,
                          std::span<const notification> notify) override;
  result<std::optional<lead_record>> find_lead(const std::string& id) override;
  result<std::optional<resume_record>> find_resume(const std::string& id,
                                                   const std::function<void(std::string_view)>& write) override;
  result<std::vector<notification>> claim_notifications(std::string_view channel, std::size_t max, std::int64_t now_ms,
                                                        std::int64_t lease_ms) override;
  using store::finish_notification;
  result<bool> finish_notifications(std::span<const finished_notification> done) override;
  result<std::uint64_t> hurry_notifications(std::string_view channel, std::int64_t now_ms) override;
  result<std::uint64_t> extend_notification_claims(std::span<const std::string> ids, std::int64_t held_until_ms,
                                                   std::int64_t until_ms) override;
  result<std::uint64_t> release_notification_claims() override;
  result<outbox_counts> count_notifications() override;
  /// A simple insert under the write lock: clicks are few and worth less than a lead's group commit.
  result<bool> add_click(const click_record& click) override;
  result<std::string> stats_salt(const std::string& day, const std::string& candidate) override;
  result<bool> add_stats(const stats_batch& batch) override;
  result<std::uint64_t> forget_visitors_before(const std::string& day) override;
  result<std::vector<stats_count>> read_stats(const std::string& from, const std::string& to) override;
  result<std::vector<click_tally>> tally_clicks(const std::string& from, const std::string& to) override;
  result<std::vector<lead_tally>> tally_leads(const std::string& from, const std::string& to) override;
  result<std::uint64_t> erase_stats_before(const std::string& day) override;
  result<bool> each_lead(const std::function<void(const lead_record&)>& fn, const std::string& after_id) override;
  result<bool> each_resume(const std::function<void(const resume_record&)>& begin,
                           const std::function<void(std::string_view chunk)>& write,
                           const std::string& after_id) override;
  result<bool> each_click(const std::function<void(const click_record&)>& fn, const std::string& after_id) override;
  result<erasure> erase_leads(const erase_selector& which, bool dry_run) override;
  result<erasure> erase_resumes(const erase_selector& which, bool dry_run) override;
  /// VACUUM, then checkpoint(TRUNCATE), each retried while another connection keeps it from
  /// finishing (a writer in another process, a reader holding an old snapshot) for up to
  /// `options::purge_patience_ms`; an error if the WAL could not be emptied by then.
  result<bool> purge_deleted() override;
  /// SQLite's online backup API from one read snapshot (writers go on meanwhile, WAL), into a
  /// temporary file beside `path` that is fsynced and then renamed to `path`.
  result<bool> backup(const std::string& path) override;

  /// The migration versions recorded in `file`, read through a read-only connection: nothing is
  /// created or changed, and a missing file is an error.
  static result<std::vector<int>> applied_migrations(const std::filesystem::path& file);

 private:
  struct impl;
  explicit sqlite_store(std::unique_ptr<impl> p);
  std::unique_ptr<impl> impl_;
};

}  // namespace wavesites
