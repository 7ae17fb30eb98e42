#pragma once
/// Counters and gauges for `GET /metrics`, rendered in the Prometheus text format (0.0.4).
/// Counting is lock-free (relaxed atomics). Every label value comes from a set the operator fixes
/// (the route-set names, as the last start or reload set them; status classes, reasons,
/// channels): a value a client could choose would let anyone grow the scrape without bound, so
/// anything unknown counts as "other".
/// Depends on nothing else of the server.
#include <array>
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <vector>

namespace wavesites::metrics {

struct outbox_stats {
  std::uint64_t pending = 0;
  double oldest_pending_seconds = 0;
  std::uint64_t failed = 0;
};

enum class intake_kind { lead, resume };

/// Why the intake API refused a lead or a resume.
enum class reject_reason {
  invalid,       ///< fields fail their rules; no file, an empty file, a wrong officialWebsiteName
  malformed,     ///< not JSON, not multipart, or broken multipart
  cut_off,       ///< the body stopped arriving
  too_large,     ///< 413
  bad_type,      ///< 415: the wrong Content-Type, or a file of a type not accepted
  rate_limited,  ///< 429
  honeypot,      ///< a bot filled the hidden field: answered 200, nothing stored
  spool_error,   ///< the upload could not be spooled to disk
  store_error,   ///< the store did not take it
};
inline constexpr std::array<std::string_view, 9> reject_reason_names{"invalid",   "malformed",   "cut_off",
                                                                     "too_large", "bad_type",    "rate_limited",
                                                                     "honeypot",  "spool_error", "store_error"};

/// Why a connection was lost while an answer was being sent.
enum class drop_reason {
  client_gone,    ///< the client reset or closed it (EPIPE, ECONNRESET)
  write_timeout,  ///< it took no byte for write_timeout
  too_slow,       ///< it took a run of answers slower than min_send_bytes_per_second
};
inline constexpr std::array<std::string_view, 3> drop_reason_names{"client_gone", "write_timeout", "too_slow"};

/// Upper bounds of the request-duration histogram, in seconds.
inline constexpr std::array<double, 16> duration_buckets{0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025,
                                                         0.05,   0.1,     0.25,   0.5,   1,      2.5,   5,    10};

/// The label value for an HTTP status: "1xx" .. "5xx".
inline constexpr std::array<std::string_view, 5> status_classes{"1xx", "2xx", "3xx", "4xx", "5xx"};

class registry {
 public:
  registry() { set_sites({}); }
  explicit registry(const std::vector<std::string>& sites) { set_sites(sites); }
  registry(const registry&) = delete;
  registry& operator=(const registry&) = delete;

  /// The site label values (route-set names) that count from now on: at start, and again at
  /// each reload, while requests are counted. A site named before keeps its counters, so a
  /// total never goes back; one no longer named keeps its lines and counts nothing more.
  void set_sites(const std::vector<std::string>& sites);

  /// A request answered on `site` (a route-set name; any other counts under "other").
  void count_request(std::string_view site, int status, std::uint64_t body_bytes, double seconds);
  void connection_opened() { open_connections_.fetch_add(1, std::memory_order_relaxed); }
  void connection_closed() { open_connections_.fetch_sub(1, std::memory_order_relaxed); }
  /// A connection closed at once past a cap: "max_connections" or "max_connections_per_ip".
  void count_connection_refused(std::string_view reason);
  /// A connection waiting for a request head, closed to make room for a new one.
  void count_connection_evicted() { connections_evicted_.fetch_add(1, std::memory_order_relaxed); }
  void count_connection_dropped(drop_reason why) {
    connections_dropped_[static_cast<std::size_t>(why)].fetch_add(1, std::memory_order_relaxed);
  }
  /// An exception that escaped a request's handling (or a thread's work) and was caught at its
  /// boundary: a bug, answered 500 or ended with its connection, never with the process.
  void count_internal_error() { internal_errors_.fetch_add(1, std::memory_order_relaxed); }
  /// Access-log lines dropped because stdout's reader fell too far behind.
  void count_access_log_dropped(std::uint64_t lines) {
    access_log_dropped_.fetch_add(lines, std::memory_order_relaxed);
  }
  /// Event-log lines dropped because stderr's reader fell too far behind.
  void count_event_log_dropped(std::uint64_t lines) { event_log_dropped_.fetch_add(lines, std::memory_order_relaxed); }
  /// The cap on open connections, shown beside the gauge of open ones.
  void set_max_connections(std::uint64_t n) { max_connections_.store(n, std::memory_order_relaxed); }
  void set_max_connections_per_ip(std::uint64_t n) { max_connections_per_ip_.store(n, std::memory_order_relaxed); }

  void count_accepted(intake_kind kind);
  void count_rejected(intake_kind kind, reject_reason why);
  void count_store_error() { store_errors_.fetch_add(1, std::memory_order_relaxed); }
  /// One write of the visit counts to the store: how long it took and how many rows it wrote
  /// (daily counts and visitor hashes).
  void count_stats_flush(double seconds, std::uint64_t rows) {
    stats_flushes_.fetch_add(1, std::memory_order_relaxed);
    stats_flush_nanoseconds_.fetch_add(static_cast<std::uint64_t>(seconds * 1e9), std::memory_order_relaxed);
    stats_rows_.fetch_add(rows, std::memory_order_relaxed);
  }
  void count_landing_click(std::string_view site);
  /// A link followed through /go/ and recorded. `link` is a slug of the link registry (a set
  /// the operator fixes, not the client).
  void count_link_click(std::string_view site, std::string_view link);
  /// One delivery attempt on "webhook" or "email" (anything else counts as "other").
  void count_delivery(std::string_view channel, bool delivered);
  void set_outbox_probe(std::function<outbox_stats()> probe);

  /// The whole exposition, HELP and TYPE lines included. Calls the outbox probe.
  [[nodiscard]] std::string render() const;

 private:
  using counter = std::atomic<std::uint64_t>;
  struct site_counters {
    std::array<counter, status_classes.size()> requests{};
    counter body_bytes{0};
    counter landing_clicks{0};
  };
  static constexpr std::array<std::string_view, 3> channels_{"webhook", "email", "other"};
  struct intake_counters {
    counter accepted{0};
    std::array<counter, reject_reason_names.size()> rejected{};
  };

  /// A site's counters under its label value.
  struct named_site {
    explicit named_site(std::string n) : name(std::move(n)) {}
    std::string name;
    site_counters counters;
  };
  /// The sites that count now; "other" for every other name.
  struct site_table {
    std::vector<named_site*> sites;
    named_site* other = nullptr;
  };
  [[nodiscard]] site_counters& counters_of(std::string_view site) const;

  void render_sites(std::string& out) const;
  void render_duration(std::string& out) const;
  void render_intake(std::string& out) const;
  void render_outbox(std::string& out) const;

  mutable std::mutex sites_mutex_;      ///< held by set_sites and render; counting never takes it
  std::deque<named_site> named_sites_;  ///< every site ever named, in that order; never shrinks
  /// Every table set_sites made (one per change of names): a count may still be reading an old one.
  std::vector<std::unique_ptr<const site_table>> tables_;
  std::atomic<const site_table*> sites_in_force_{nullptr};
  std::array<counter, duration_buckets.size() + 1> duration_counts_{};  ///< per bucket, not cumulative; last: +Inf
  counter duration_nanoseconds_{0};
  std::atomic<std::int64_t> open_connections_{0};
  static constexpr std::array<std::string_view, 2> refusal_reasons_{"max_connections", "max_connections_per_ip"};
  std::array<counter, refusal_reasons_.size()> connections_refused_{};
  counter connections_evicted_{0};
  std::array<counter, drop_reason_names.size()> connections_dropped_{};
  counter internal_errors_{0};
  counter access_log_dropped_{0};
  counter event_log_dropped_{0};
  counter max_connections_{0};
  std::atomic<std::uint64_t> max_connections_per_ip_{0};
  std::array<intake_counters, 2> intake_{};  ///< by intake_kind
  counter store_errors_{0};
  counter stats_flushes_{0};
  counter stats_flush_nanoseconds_{0};
  counter stats_rows_{0};
  std::array<counter, channels_.size()> delivered_{};
  std::array<counter, channels_.size()> delivery_failures_{};
  mutable std::mutex links_mutex_;  ///< counted only when a click is stored: no hot path
  std::map<std::pair<std::string, std::string>, std::uint64_t> link_clicks_;
  mutable std::mutex probe_mutex_;
  std::function<outbox_stats()> outbox_probe_;
};

/// Appends `value` escaped as a label value (backslash, double quote and newline).
void append_label_value(std::string& out, std::string_view value);

/// The registry the server counts into.
registry& global();

// The process-wide registry, for code that has no registry of its own to hand.
void set_outbox_probe(std::function<outbox_stats()> probe);
void count_delivery(std::string_view channel, bool delivered);
void count_landing_click(std::string_view site);
void count_link_click(std::string_view site, std::string_view link);
void count_store_error();
void count_internal_error();
void count_access_log_dropped(std::uint64_t lines);
void count_event_log_dropped(std::uint64_t lines);
void count_stats_flush(double seconds, std::uint64_t rows);

}  // namespace wavesites::metrics
