#pragma once
/// The PostgreSQL store (libpq), selected by a postgresql:// URL, so several servers can share one
/// database. A small pool of connections, opened when first needed; a connection the server
/// dropped is closed and replaced, and a call that found its pooled connection dead before anything
/// ran retries once on a fresh one. Every query is parameterised; resume bytes travel as binary
/// bytea, chunk by chunk in both directions, and exports read through cursors.
#include <chrono>
#include <cstddef>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "store/store.hpp"

namespace wavesites {

class postgres_store final : public store {
 public:
  struct options {
    /// The most connections open at once; callers beyond that wait for one to come free.
    std::size_t pool_size = 4;
    /// Applies when the URL does not set connect_timeout itself.
    int connect_timeout_seconds = 5;
    /// How long a call waits for a free connection before giving up.
    std::chrono::milliseconds acquire_timeout{30000};
  };

  /// Checks the URL and opens the first connection (an unreachable server is an error here);
  /// does not migrate (see migrate, or open_store which does both). Error messages are one line
  /// and never contain the password.
  static result<std::unique_ptr<postgres_store>> open(const std::string& url, options opts);
  static result<std::unique_ptr<postgres_store>> open(const std::string& url) { return open(url, options{}); }

  ~postgres_store() override;
  postgres_store(const postgres_store&) = delete;
  postgres_store& operator=(const postgres_store&) = delete;

  [[nodiscard]] std::string_view kind() const override { return "postgresql"; }
  /// Several servers may call it at once: a transaction-scoped advisory lock makes them take turns.
  result<bool> migrate() override;
  bool ping() override;
  using store::add_lead;
  using store::add_resume;
  result<bool> add_lead(const lead_record& lead, std::span<const notification> notify) override;
  result<bool> add_resume(const resume_record& meta, const chunk_reader& read,
                          std::span<const notification> notify) override;
  result<std::optional<lead_record>> find_lead(const std::string& id) override;
  result<std::optional<resume_record>> find_resume(const std::string& id,
                                                   const std::function<void(std::string_view)>& write) override;
  /// Rows locked by another server's claim are skipped, not waited for (FOR UPDATE SKIP LOCKED).
  result<std::vector<notification>> claim_notifications(std::string_view channel, std::size_t max, std::int64_t now_ms,
                                                        std::int64_t lease_ms) override;
  using store::finish_notification;
  result<bool> finish_notifications(std::span<const finished_notification> done) override;
  result<std::uint64_t> hurry_notifications(std::string_view channel, std::int64_t now_ms) override;
  result<std::uint64_t> extend_notification_claims(std::span<const std::string> ids, std::int64_t held_until_ms,
                                                   std::int64_t until_ms) override;
  result<std::uint64_t> release_notification_claims() override;
  result<outbox_counts> count_notifications() override;
  result<bool> add_click(const click_record& click) override;
  result<std::string> stats_salt(const std::string& day, const std::string& candidate) override;
  result<bool> add_stats(const stats_batch& batch) override;
  result<std::uint64_t> forget_visitors_before(const std::string& day) override;
  result<std::vector<stats_count>> read_stats(const std::string& from, const std::string& to) override;
  result<std::vector<click_tally>> tally_clicks(const std::string& from, const std::string& to) override;
  result<std::vector<lead_tally>> tally_leads(const std::string& from, const std::string& to) override;
  result<std::uint64_t> erase_stats_before(const std::string& day) override;
  /// INSERT ... ON CONFLICT DO UPDATE ... RETURNING on table rate_buckets (migration 004): one
  /// statement, so the row lock makes concurrent takes from any number of servers take turns.
  result<token_wait> take_token(std::string_view limit, std::string_view key, std::uint32_t per_hour) override;
  result<std::uint64_t> forget_full_buckets(std::size_t max) override;
  result<bool> each_lead(const std::function<void(const lead_record&)>& fn, const std::string& after_id) override;
  result<bool> each_resume(const std::function<void(const resume_record&)>& begin,
                           const std::function<void(std::string_view chunk)>& write,
                           const std::string& after_id) override;
  result<bool> each_click(const std::function<void(const click_record&)>& fn, const std::string& after_id) override;
  result<erasure> erase_leads(const erase_selector& which, bool dry_run) override;
  result<erasure> erase_resumes(const erase_selector& which, bool dry_run) override;
  /// Nothing: PostgreSQL frees dead rows' space with its own vacuum (docs/command-line.md).
  result<bool> purge_deleted() override { return true; }
  /// Always an error naming pg_dump: a consistent copy of a PostgreSQL database is its job.
  result<bool> backup(const std::string& path) override;

  /// The migration versions recorded in schema_version (none when the table does not exist),
  /// read with one query: nothing is created or changed.
  result<std::vector<int>> applied_migrations();

 private:
  struct impl;
  explicit postgres_store(std::unique_ptr<impl> p);
  std::unique_ptr<impl> impl_;
};

/// `url` with any password (in the user info or a `password=` parameter) replaced by "***",
/// for messages and logs.
[[nodiscard]] std::string redact_database_url(std::string_view url);

}  // namespace wavesites
