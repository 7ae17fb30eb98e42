#pragma once
/// The lead, resume and click store: one interface, two real implementations (SQLite, the default, and
/// PostgreSQL), both migrated by the same numbered SQL migrations. Every call blocks until its
/// work is durable (committed), so callers run it off the I/O threads (the intake handlers use a
/// small thread pool of their own, api/intake.cpp).
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "store/click.hpp"
#include "store/lead.hpp"
#include "util/result.hpp"

namespace wavesites {

/// A resume's metadata; its bytes are stored in the store too, in chunks.
struct resume_record {
  std::string id;             ///< sortable unique id (ULID)
  std::string received_at;    ///< UTC, ISO 8601 with milliseconds
  std::string stored_name;    ///< random, with the detected type's extension
  std::string original_name;  ///< sanitised, metadata only
  std::string content_type;   ///< detected from the bytes
  std::uint64_t size = 0;
  std::string sha256;  ///< hex
  std::string client_ip;
  std::string user_agent;
  std::string host;
};

/// Reads a resume's bytes in order; returns false at the end.
using chunk_reader = std::function<bool(std::string& chunk)>;

class store {
 public:
  virtual ~store() = default;

  /// "sqlite" or "postgresql".
  [[nodiscard]] virtual std::string_view kind() const = 0;

  /// Applies the migrations not yet applied; idempotent. True when one was applied.
  virtual result<bool> migrate() = 0;

  /// True when the store answers a trivial query.
  virtual bool ping() = 0;

  /// Stores a lead; returns once it is committed.
  virtual result<bool> add_lead(const lead_record& lead) = 0;

  /// Stores a resume whose bytes come from `read` (chunk by chunk, never all at once);
  /// returns once metadata and bytes are committed together. The bytes read must add up to
  /// `meta.size`, else nothing is stored; if `read` throws, nothing is stored and the exception
  /// propagates.
  virtual result<bool> add_resume(const resume_record& meta, const chunk_reader& read) = 0;

  /// Stores a click of the landing page; returns once it is committed.
  virtual result<bool> add_click(const click_record& click) = 0;

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
