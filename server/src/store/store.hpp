#pragma once
/// The lead and resume store: one interface, two real implementations (SQLite, the default, and
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

  /// Every lead, oldest first.
  virtual result<bool> each_lead(const std::function<void(const lead_record&)>& fn) = 0;

  /// Every resume, oldest first; `write` receives the bytes chunk by chunk.
  virtual result<bool> each_resume(const std::function<void(const resume_record&)>& begin,
                                   const std::function<void(std::string_view chunk)>& write) = 0;
};

/// Opens the store named by `url`: "sqlite:PATH" or "postgresql://..." / "postgres://...",
/// and applies the migrations. An unreachable database is an error value.
result<std::unique_ptr<store>> open_store(const std::string& url);

/// Chunk size used when moving resume bytes in and out of a store.
inline constexpr std::size_t resume_chunk_bytes = 256 * 1024;

}  // namespace wavesites
