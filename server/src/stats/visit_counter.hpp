#pragma once
/// Cookieless visit counts, counted as pages are answered (docs/http-api.md, "Visit counts").
///
/// A view adds one to a handful of in-memory counts of its UTC day and site: all views, its page,
/// its referrer, its campaign, its device class, its language. Its visitor is a keyed hash
/// (SipHash-2-4, 128-bit, libsodium) of the day's salt, the site, the address and the User-Agent; the salt is
/// random, kept in the store so that every server sharing it agrees, and deleted with the day's
/// hashes once the day is two days old, after which nobody (this server included) can tell
/// whether two hashes came from one person. Neither the address nor the User-Agent is kept.
///
/// The hot path touches only the calling thread's own shard (one uncontended lock). A flusher
/// thread swaps the shards out and writes their sums to the store every `interval` and at stop,
/// so SIGTERM loses nothing and SIGKILL at most one interval; a write that fails is kept and
/// retried with the next.
#include <array>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <thread>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "store/store.hpp"
#include "util/string_map.hpp"

namespace wavesites {

/// One counted view, as the connection saw it.
struct page_view {
  std::string_view site;      ///< the route set (a configured site)
  std::string_view path;      ///< the page's canonical path
  std::string_view lang;      ///< the page's language, for a site with several; else empty
  std::string_view referrer;  ///< referrer_key(): an origin, or "direct"
  std::string_view source;    ///< utm_source, utm_medium, utm_campaign as utm_value() has them
  std::string_view medium;
  std::string_view campaign;
  std::string_view device;      ///< "mobile", "tablet" or "desktop"
  std::string_view address;     ///< for the visitor hash only
  std::string_view user_agent;  ///< for the visitor hash only
};

class visit_counter {
 public:
  using clock = std::function<std::chrono::system_clock::time_point()>;

  struct options {
    std::chrono::milliseconds interval{10'000};
    /// Distinct kinds of view (day, site, page, referrer, campaign, device, language) one
    /// thread holds between two flushes. Past it, a new kind counts its referrer and campaign
    /// as "(other)": pages, devices and languages are the site's own, so a flood of made-up
    /// referrers cannot grow memory or the store without bound.
    std::size_t max_names = 1000;
    /// Distinct visitors one thread holds between two flushes (about 100 bytes each). Past it
    /// a view is counted without its visitor: a flood of made-up User-Agents cannot take the
    /// memory, only make the day's visitors an undercount (logged once per flush).
    std::size_t max_visitors = 200'000;
    clock now = [] { return std::chrono::system_clock::now(); };
  };

  visit_counter(store& db, options opts);
  explicit visit_counter(store& db) : visit_counter(db, options{}) {}
  ~visit_counter();
  visit_counter(const visit_counter&) = delete;
  visit_counter& operator=(const visit_counter&) = delete;

  /// Counts one view. Never blocks on the store; a day whose salt is not loaded yet (the store
  /// unreachable since start) counts the view but not its visitor.
  void count(const page_view& v);

  /// Loads today's and tomorrow's salts (creating them if the store has none), then writes what
  /// was counted; forgets the salts and hashes of days two days old.
  result<bool> flush();

  /// Starts the flusher thread (after a first salt load, so the first views have their salt).
  void start();
  /// Stops the flusher after a last flush. Idempotent.
  void stop();

  /// "YYYY-MM-DD" of a time, UTC.
  [[nodiscard]] static std::string day_of(std::chrono::system_clock::time_point t);

 private:
  struct count_key {
    std::int32_t day;  ///< days since 1970-01-01
    std::string site;
    std::uint8_t dimension;
    std::string name;
    bool operator==(const count_key&) const = default;
  };
  struct count_hash {
    std::size_t operator()(const count_key& k) const noexcept;
  };
  struct visitor_key {
    std::int32_t day;
    std::string site;
    std::array<std::uint8_t, 16> hash;
    bool operator==(const visitor_key&) const = default;
  };
  struct visitor_hash {
    std::size_t operator()(const visitor_key& k) const noexcept;
  };
  /// A kind of view packed into one string (see pack()), so that counting a view is one hash
  /// lookup without an allocation; flush() unpacks each into its dimensions.
  using view_counts = string_map<std::uint64_t>;
  /// One thread's counts since the last flush.
  struct shard {
    std::mutex m;
    view_counts views;
    std::unordered_set<visitor_key, visitor_hash> visitors;
    std::uint64_t visitors_dropped = 0;
  };

  shard& my_shard();
  /// Adds `n` views of the packed kind `packed` to each of its dimensions' counts.
  static void unpack(std::string_view packed, std::uint64_t n,
                     std::unordered_map<count_key, std::uint64_t, count_hash>& into);
  [[nodiscard]] bool salt_for(std::int32_t day, std::array<std::uint8_t, 32>& out) const;
  result<bool> load_salts(std::int32_t today);
  void run();

  store& db_;
  options opts_;
  std::uint64_t serial_ = 0;
  mutable std::mutex shards_mutex_;
  std::vector<std::unique_ptr<shard>> shards_;
  mutable std::mutex salts_mutex_;
  std::map<std::int32_t, std::array<std::uint8_t, 32>> salts_;
  /// What a failed write left, added to the next.
  std::unordered_map<count_key, std::uint64_t, count_hash> carried_counts_;
  std::unordered_set<visitor_key, visitor_hash> carried_visitors_;
  std::mutex flush_mutex_;  ///< one flush at a time (the thread's and stop()'s)
  std::mutex run_mutex_;
  std::condition_variable wake_;
  bool stopping_ = false;
  std::thread thread_;
};

}  // namespace wavesites
