#pragma once
/// The lead, resume and click store: one interface, two real implementations (SQLite, the default, and
/// PostgreSQL), both migrated by the same numbered SQL migrations. Every call blocks until its
/// work is durable (committed), so callers run it off the I/O threads (the intake handlers use a
/// small thread pool of their own, api/intake.cpp).
#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "store/click.hpp"
#include "store/lead.hpp"
#include "store/resume.hpp"
#include "store/stats.hpp"
#include "util/result.hpp"

namespace wavesites {

/// Reads a resume's bytes in order; returns false at the end.
using chunk_reader = std::function<bool(std::string& chunk)>;

/// A notification of a stored record to one channel: a row of the outbox, written in the
/// transaction that stores the record, so a record is never kept without its notifications.
struct notification {
  std::string id;               ///< the delivery id (ULID): the same on every attempt
  std::string event;            ///< "lead.created" or "resume.received"
  std::string subject_id;       ///< the lead's or the resume's id
  std::string site;             ///< the route set whose host took the record
  std::string channel;          ///< "webhook" or "email"
  std::string created_at;       ///< UTC, ISO 8601 with milliseconds: when the record was stored
  std::int64_t created_ms = 0;  ///< the same instant in Unix milliseconds
  int attempts = 0;             ///< once claimed: the attempts made, the claimed one included
};

/// What became of one delivery attempt.
struct delivery_outcome {
  enum class kind { delivered, retry, failed } what = kind::delivered;
  std::int64_t retry_at_ms = 0;  ///< kind::retry: when the next attempt is due
  std::string error;             ///< retry or failed: why, for the operator
};

struct finished_notification {
  std::string id;
  delivery_outcome outcome;
};

/// What a take from a token bucket found: nothing when a token was taken, else how long until the
/// bucket holds one.
using token_wait = std::optional<std::chrono::seconds>;

/// The outbox at a glance, for the metrics.
struct outbox_counts {
  std::uint64_t pending = 0;
  std::uint64_t failed = 0;
  std::int64_t oldest_pending_ms = 0;  ///< created_ms of the oldest pending row; 0 when none
};

/// Which records an erasure takes. Leads may be chosen by any of the three; resumes, which carry no
/// address, by id or age only.
struct erase_selector {
  enum class by {
    id,               ///< `value` is the record's id
    email,            ///< `value` is a lead's business email, matched without regard to ASCII case
    received_before,  ///< `value` is a UTC time as the records store it: every record received earlier
  } what = by::id;
  std::string value;
};

/// One record an erasure removed (or would remove), described by nothing it holds about a person.
struct erased_record {
  std::string id;
  std::string received_at;
  std::uint64_t bytes = 0;  ///< a resume's size; 0 for a lead
};

/// What an erasure removed (or, looked at without removing, would remove).
struct erasure {
  std::vector<erased_record> records;  ///< oldest first
  std::uint64_t notifications = 0;     ///< outbox rows of those records, whatever their state
};

class store {
 public:
  virtual ~store() = default;

  /// "sqlite" or "postgresql".
  [[nodiscard]] virtual std::string_view kind() const = 0;

  /// Applies the migrations not yet applied; idempotent. True when one was applied.
  virtual result<bool> migrate() = 0;

  /// True when the store answers a trivial query.
  virtual bool ping() = 0;

  /// Stores a lead and its notifications; returns once they are committed together.
  virtual result<bool> add_lead(const lead_record& lead, std::span<const notification> notify) = 0;
  result<bool> add_lead(const lead_record& lead) { return add_lead(lead, {}); }

  /// Stores a resume whose bytes come from `read` (chunk by chunk, never all at once), and its
  /// notifications; returns once metadata, bytes and notifications are committed together. The
  /// bytes read must add up to `meta.size`, else nothing is stored; if `read` throws, nothing is
  /// stored and the exception propagates.
  virtual result<bool> add_resume(const resume_record& meta, const chunk_reader& read,
                                  std::span<const notification> notify) = 0;
  result<bool> add_resume(const resume_record& meta, const chunk_reader& read) { return add_resume(meta, read, {}); }

  /// The lead with this id, if it is stored.
  virtual result<std::optional<lead_record>> find_lead(const std::string& id) = 0;

  /// The resume with this id, if it is stored; when `write` is set it receives the bytes chunk
  /// by chunk, from the same snapshot as the metadata.
  virtual result<std::optional<resume_record>> find_resume(const std::string& id,
                                                           const std::function<void(std::string_view)>& write) = 0;

  /// Claims up to `max` pending notifications of `channel` that are due at `now_ms` and not
  /// claimed by anyone, for `lease_ms`: each counts an attempt, and no other claim (from this
  /// process or another sharing the database) returns it until the lease ends or it is finished.
  /// Oldest due first.
  virtual result<std::vector<notification>> claim_notifications(std::string_view channel, std::size_t max,
                                                                std::int64_t now_ms, std::int64_t lease_ms) = 0;

  /// Records the outcomes of claimed notifications' attempts, in one transaction, and ends their
  /// claims: a delivered one leaves the outbox, one to retry waits for its time, a failed one
  /// stays, marked failed. Durable as far as the next commit: losing the last outcomes to a power cut only
  /// means sending those notifications again, which at-least-once delivery allows.
  virtual result<bool> finish_notifications(std::span<const finished_notification> done) = 0;
  result<bool> finish_notification(const std::string& id, const delivery_outcome& outcome) {
    const finished_notification one{id, outcome};
    return finish_notifications(std::span<const finished_notification>(&one, 1));
  }

  /// Makes every pending notification of `channel` due at `now_ms` (its receiver answers again,
  /// so the backlog need not wait out its backoff). Returns how many were waiting.
  virtual result<std::uint64_t> hurry_notifications(std::string_view channel, std::int64_t now_ms) = 0;

  /// Extends the claims on `ids` that still end at `held_until_ms` (the caller's claim, which
  /// nobody else has taken over) to `until_ms`, so a batch that takes longer than one lease keeps
  /// it. Returns how many were extended: fewer than `ids` means the others are no longer the
  /// caller's to send.
  virtual result<std::uint64_t> extend_notification_claims(std::span<const std::string> ids, std::int64_t held_until_ms,
                                                           std::int64_t until_ms) = 0;

  /// Ends every claim, so that notifications a killed process was sending are sent again now
  /// rather than when their lease runs out.
  virtual result<std::uint64_t> release_notification_claims() = 0;

  virtual result<outbox_counts> count_notifications() = 0;

  /// Takes one token from the bucket of `key` among the buckets of `limit`, which holds `per_hour`
  /// tokens at most and refills evenly over the hour; the rate comes with every take, so a
  /// reload's new one applies at once (a fuller bucket is cut to it). Kept in the database and
  /// timed by its clock, in one atomic statement, so every server sharing the store draws from
  /// the same bucket. Only a store that several servers share keeps buckets (PostgreSQL); the
  /// others answer an error, their one server keeping its buckets in memory (api/address_limits).
  virtual result<token_wait> take_token(std::string_view /*limit*/, std::string_view /*key*/,
                                        std::uint32_t /*per_hour*/) {
    return error{std::string(kind()) + " keeps no shared token buckets"};
  }

  /// Deletes up to `max` buckets nobody took from for an hour (full by then, the same as none).
  /// Returns how many went.
  virtual result<std::uint64_t> forget_full_buckets(std::size_t /*max*/) {
    return error{std::string(kind()) + " keeps no shared token buckets"};
  }

  /// Stores a click of the landing page; returns once it is committed.
  virtual result<bool> add_click(const click_record& click) = 0;

  // The visit counts (store/stats.hpp).

  /// The salt of `day`'s visitor hashes: `candidate` (fresh random) unless the day has one
  /// already, which every server sharing the store then uses.
  virtual result<std::string> stats_salt(const std::string& day, const std::string& candidate) = 0;
  /// Adds a flush's counts and visitors, and sets the touched days' visitor counts, in one
  /// transaction.
  virtual result<bool> add_stats(const stats_batch& batch) = 0;
  /// Deletes the visitor hashes and salts of the days before `day`; their counts stay.
  virtual result<std::uint64_t> forget_visitors_before(const std::string& day) = 0;
  /// Every count of the days from..to (YYYY-MM-DD, both included).
  virtual result<std::vector<stats_count>> read_stats(const std::string& from, const std::string& to) = 0;
  virtual result<std::vector<click_tally>> tally_clicks(const std::string& from, const std::string& to) = 0;
  virtual result<std::vector<lead_tally>> tally_leads(const std::string& from, const std::string& to) = 0;
  /// Deletes the counts of the days before `day`.
  virtual result<std::uint64_t> erase_stats_before(const std::string& day) = 0;

  // The exports read in id order (ids sort by time), each only the records whose id is greater
  // than `after_id` (an empty one: every record), so a follow-up can take just what is new.

  /// Leads, oldest first.
  virtual result<bool> each_lead(const std::function<void(const lead_record&)>& fn, const std::string& after_id) = 0;

  /// Resumes, oldest first; `write` receives the bytes chunk by chunk.
  virtual result<bool> each_resume(const std::function<void(const resume_record&)>& begin,
                                   const std::function<void(std::string_view chunk)>& write,
                                   const std::string& after_id) = 0;

  /// Clicks, oldest first.
  virtual result<bool> each_click(const std::function<void(const click_record&)>& fn, const std::string& after_id) = 0;

  // Erasure (a person's request, or retention). Each removes the chosen records, every outbox row
  // that names them (pending, claimed or failed: a notification is never a reason to keep data)
  // and, for resumes, every chunk of their bytes, in one transaction. With `dry_run` it changes
  // nothing and says what it would remove. A notification being sent while its record goes finds
  // the record gone (notify/outbox_worker.cpp) and its outcome updates no row.

  virtual result<erasure> erase_leads(const erase_selector& which, bool dry_run) = 0;
  virtual result<erasure> erase_resumes(const erase_selector& which, bool dry_run) = 0;

  /// After an erasure: makes sure the store's own files keep no copy of what was deleted. SQLite
  /// deletes with secure_delete (freed space and pages are zeroed), but a row's bytes can also
  /// survive as stale copies where b-tree rebalancing moved them, and older page images stay in
  /// the WAL: so this rewrites the database (VACUUM) and then checkpoints the WAL and truncates it
  /// to nothing. Blocks writers while it runs. PostgreSQL keeps dead rows in its files and WAL
  /// until its own vacuum reuses the space; this does nothing there (docs/command-line.md).
  virtual result<bool> purge_deleted() = 0;

  /// Writes a consistent copy of the whole store to the new file `path` while the store stays in
  /// use; an existing `path` is refused. An error where the store has a tool of its own for it.
  virtual result<bool> backup(const std::string& path) = 0;
};

/// What opening a store does beyond connecting.
enum class open_mode {
  migrate,  ///< create the SQLite file if needed and apply the migrations it lacks
  as_is,    ///< neither: a SQLite file that does not exist is an error (wavesites backup)
};

/// Opens the store named by `url`: "sqlite:PATH" or "postgresql://..." / "postgres://...",
/// and by default applies the migrations. An unreachable database is an error value.
result<std::unique_ptr<store>> open_store(const std::string& url, open_mode mode = open_mode::migrate);

/// What a look at a store that changes nothing finds (wavesites check).
struct store_status {
  std::string kind;         ///< "sqlite" or "postgresql"
  std::string where;        ///< the file, or the URL without its password
  int schema_version = 0;   ///< the highest migration applied, 0 for none
  std::size_t pending = 0;  ///< migrations this build has that the store has not applied
};

/// Connects to the store named by `url` and reads which migrations it has, without migrating it
/// or creating anything: a SQLite file that does not exist is an error.
result<store_status> inspect_store(const std::string& url);

/// The versions recorded in `schema_version`, as store_status counts them.
[[nodiscard]] store_status schema_status(std::string kind, std::string where, const std::vector<int>& applied);

/// Chunk size used when moving resume bytes in and out of a store.
inline constexpr std::size_t resume_chunk_bytes = 256 * 1024;

}  // namespace wavesites
