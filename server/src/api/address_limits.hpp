#pragma once
/// The per-client-address limits of the intake API ([limits] leads_per_ip_per_hour and
/// uploads_per_ip_per_hour): token buckets of `per_hour` tokens, refilled evenly over the hour,
/// behind one small interface with two homes for the buckets.
///
/// - In memory (rate_limiter), for a store that one server owns (SQLite): a take is a lookup.
/// - In the database, for a store that several servers share (PostgreSQL): with two servers
///   behind a load balancer, buckets in each process would let a client through twice as often.
///   A take is then one statement (store::take_token), which blocks, so it runs where the store
///   calls run, never on an I/O thread.
///
/// Both give the same answers: the same bucket sizes, refill and Retry-After.
#include <atomic>
#include <chrono>
#include <cstdint>
#include <memory>
#include <string_view>

#include "store/store.hpp"
#include "util/result.hpp"

namespace wavesites {

/// What a limit counts.
enum class limited { lead, upload };

class address_limits {
 public:
  virtual ~address_limits() = default;
  address_limits() = default;
  address_limits(const address_limits&) = delete;
  address_limits& operator=(const address_limits&) = delete;

  /// True when take waits for the store: the caller must run it off the I/O threads.
  [[nodiscard]] virtual bool blocking() const = 0;

  /// Takes one token for `client` from its `what` bucket, of `per_hour` tokens (the rate in force
  /// for this request: a reload's new rate applies from the next take on). Nothing when the
  /// request may go on; a wait when it is over the limit (its Retry-After); an error when the
  /// limit could not be checked (the database does not answer).
  virtual result<token_wait> take(limited what, std::string_view client, std::uint32_t per_hour) = 0;
};

/// The buckets in this process's memory.
[[nodiscard]] std::unique_ptr<address_limits> memory_limits();

/// The buckets in `db`, shared with every server that uses it. Every `sweep_every` (and sooner
/// while a sweep finds more), a take also deletes up to `sweep_max` buckets untouched for an
/// hour, so the table holds about an hour's addresses.
[[nodiscard]] std::unique_ptr<address_limits> shared_limits(
    store& db, std::chrono::milliseconds sweep_every = std::chrono::minutes(1), std::size_t sweep_max = 1000);

/// Where the buckets belong for `db`: in it when several servers may share it (PostgreSQL),
/// else in memory.
[[nodiscard]] std::unique_ptr<address_limits> limits_for(store& db);

/// The bucket family's name in the store ("lead", "upload").
[[nodiscard]] std::string_view limit_name(limited what);

}  // namespace wavesites
