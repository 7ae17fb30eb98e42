#include "metrics/metrics.hpp"

#include <algorithm>
#include <charconv>

namespace wavesites::metrics {
namespace {

constexpr auto relaxed = std::memory_order_relaxed;

void append_number(std::string& out, std::uint64_t v) {
  char buf[24];
  const auto end = std::to_chars(buf, buf + sizeof buf, v).ptr;
  out.append(buf, end);
}

void append_number(std::string& out, std::int64_t v) {
  char buf[24];
  const auto end = std::to_chars(buf, buf + sizeof buf, v).ptr;
  out.append(buf, end);
}

void append_number(std::string& out, double v) {
  char buf[64];
  const auto [end, ec] = std::to_chars(buf, buf + sizeof buf, v, std::chars_format::fixed);
  if (ec != std::errc{}) {  // too long for fixed notation: let the shortest form do
    out.append(buf, std::to_chars(buf, buf + sizeof buf, v).ptr);
    return;
  }
  out.append(buf, end);
}

void header(std::string& out, std::string_view name, std::string_view type, std::string_view help) {
  out += "# HELP ";
  out += name;
  out += ' ';
  out += help;
  out += "\n# TYPE ";
  out += name;
  out += ' ';
  out += type;
  out += '\n';
}

/// One sample line: `name{k1="v1",k2="v2"} value`; `labels` alternates names and values.
template <typename V>
void sample(std::string& out, std::string_view name, std::initializer_list<std::string_view> labels, V value) {
  out += name;
  if (labels.size() > 0) {
    out += '{';
    bool first = true;
    for (auto it = labels.begin(); it != labels.end(); it += 2) {
      if (!first) out += ',';
      first = false;
      out += *it;
      out += "=\"";
      append_label_value(out, *(it + 1));
      out += '"';
    }
    out += '}';
  }
  out += ' ';
  append_number(out, value);
  out += '\n';
}

std::size_t status_class_index(int status) {
  return static_cast<std::size_t>(std::clamp(status / 100, 1, 5) - 1);
}

}  // namespace

void append_label_value(std::string& out, std::string_view value) {
  for (const char c : value) {
    if (c == '\\')
      out += "\\\\";
    else if (c == '"')
      out += "\\\"";
    else if (c == '\n')
      out += "\\n";
    else
      out += c;
  }
}

void registry::set_sites(const std::vector<std::string>& sites) {
  std::lock_guard lock(sites_mutex_);
  const auto named = [&](std::string_view name) -> named_site* {
    for (auto& s : named_sites_) {
      if (s.name == name) return &s;
    }
    return &named_sites_.emplace_back(std::string(name));
  };
  auto table = std::make_unique<site_table>();
  for (const auto& name : sites) {
    auto* s = named(name);
    if (name != "other" && std::find(table->sites.begin(), table->sites.end(), s) == table->sites.end()) {
      table->sites.push_back(s);
    }
  }
  table->other = named("other");
  if (const auto* now = sites_in_force_.load(std::memory_order_relaxed); now && now->sites == table->sites) return;
  sites_in_force_.store(table.get(), std::memory_order_release);
  tables_.push_back(std::move(table));
}

registry::site_counters& registry::counters_of(std::string_view site) const {
  const auto* table = sites_in_force_.load(std::memory_order_acquire);
  for (auto* s : table->sites) {
    if (s->name == site) return s->counters;
  }
  return table->other->counters;
}

void registry::count_request(std::string_view site, int status, std::uint64_t body_bytes, double seconds) {
  auto& s = counters_of(site);
  s.requests[status_class_index(status)].fetch_add(1, relaxed);
  s.body_bytes.fetch_add(body_bytes, relaxed);
  const auto bucket = std::lower_bound(duration_buckets.begin(), duration_buckets.end(), seconds);
  duration_counts_[static_cast<std::size_t>(bucket - duration_buckets.begin())].fetch_add(1, relaxed);
  duration_nanoseconds_.fetch_add(static_cast<std::uint64_t>(std::max(seconds, 0.0) * 1e9), relaxed);
}

void registry::count_accepted(intake_kind kind) {
  intake_[static_cast<std::size_t>(kind)].accepted.fetch_add(1, relaxed);
}

void registry::count_rejected(intake_kind kind, reject_reason why) {
  intake_[static_cast<std::size_t>(kind)].rejected[static_cast<std::size_t>(why)].fetch_add(1, relaxed);
}

void registry::count_landing_click(std::string_view site) {
  counters_of(site).landing_clicks.fetch_add(1, relaxed);
}

void registry::count_link_click(std::string_view site, std::string_view link) {
  const auto* table = sites_in_force_.load(std::memory_order_acquire);
  const bool known = std::any_of(table->sites.begin(), table->sites.end(), [&](auto* s) { return s->name == site; });
  std::lock_guard lock(links_mutex_);
  ++link_clicks_[{std::string(known ? site : table->other->name), std::string(link)}];
}

void registry::count_delivery(std::string_view channel, bool delivered) {
  const auto found = std::find(channels_.begin(), channels_.end(), channel);
  const auto i = static_cast<std::size_t>(found == channels_.end() ? channels_.size() - 1 : found - channels_.begin());
  (delivered ? delivered_ : delivery_failures_)[i].fetch_add(1, relaxed);
}

void registry::count_connection_refused(std::string_view reason) {
  const auto found = std::find(refusal_reasons_.begin(), refusal_reasons_.end(), reason);
  if (found != refusal_reasons_.end()) connections_refused_[found - refusal_reasons_.begin()].fetch_add(1, relaxed);
}

void registry::set_outbox_probe(std::function<outbox_stats()> probe) {
  const std::lock_guard lock(probe_mutex_);
  outbox_probe_ = std::move(probe);
}

std::string registry::render() const {
  std::string out;
  out.reserve(8192);
  render_sites(out);
  render_duration(out);
  header(out, "wavesites_open_connections", "gauge", "Client connections open now.");
  sample(out, "wavesites_open_connections", {}, open_connections_.load(relaxed));
  header(out, "wavesites_max_connections", "gauge", "The cap on open client connections.");
  sample(out, "wavesites_max_connections", {}, max_connections_.load(relaxed));
  header(out, "wavesites_max_connections_per_ip", "gauge",
         "The cap on open connections from one client address (0: none).");
  sample(out, "wavesites_max_connections_per_ip", {}, max_connections_per_ip_.load(relaxed));
  constexpr std::string_view refused = "wavesites_connections_refused_total";
  header(out, refused, "counter", "Connections closed at once because a cap was reached, by cap.");
  for (std::size_t i = 0; i < refusal_reasons_.size(); ++i) {
    sample(out, refused, {"reason", refusal_reasons_[i]}, connections_refused_[i].load(relaxed));
  }
  header(out, "wavesites_connections_evicted_total", "counter",
         "Connections waiting for a request head, closed to make room for new ones.");
  sample(out, "wavesites_connections_evicted_total", {}, connections_evicted_.load(relaxed));
  constexpr std::string_view dropped = "wavesites_connections_dropped_total";
  header(out, dropped, "counter", "Connections lost while an answer was being sent, by reason.");
  for (std::size_t i = 0; i < drop_reason_names.size(); ++i) {
    sample(out, dropped, {"reason", drop_reason_names[i]}, connections_dropped_[i].load(relaxed));
  }
  header(out, "wavesites_internal_errors_total", "counter",
         "Faults caught at a request's or a thread's boundary (answered 500 or the connection closed).");
  sample(out, "wavesites_internal_errors_total", {}, internal_errors_.load(relaxed));
  header(out, "wavesites_access_log_dropped_lines_total", "counter",
         "Access-log lines dropped because the reader of stdout fell too far behind.");
  sample(out, "wavesites_access_log_dropped_lines_total", {}, access_log_dropped_.load(relaxed));
  header(out, "wavesites_event_log_dropped_lines_total", "counter",
         "Event-log lines dropped because the reader of stderr fell too far behind.");
  sample(out, "wavesites_event_log_dropped_lines_total", {}, event_log_dropped_.load(relaxed));
  render_intake(out);
  render_outbox(out);
  return out;
}

void registry::render_sites(std::string& out) const {
  // Every site ever named, "other" last.
  std::vector<const named_site*> shown;
  {
    std::lock_guard lock(sites_mutex_);
    for (const auto& s : named_sites_) {
      if (s.name != "other") shown.push_back(&s);
    }
    shown.push_back(sites_in_force_.load(std::memory_order_acquire)->other);
  }
  constexpr std::string_view requests = "wavesites_requests_total";
  header(out, requests, "counter", "HTTP requests answered, by site (route set) and status class.");
  for (const auto* s : shown) {
    for (std::size_t c = 0; c < status_classes.size(); ++c) {
      sample(out, requests, {"site", s->name, "status_class", status_classes[c]},
             s->counters.requests[c].load(relaxed));
    }
  }
  constexpr std::string_view bytes = "wavesites_response_body_bytes_total";
  header(out, bytes, "counter", "Response body bytes sent, by site (route set).");
  for (const auto* s : shown) sample(out, bytes, {"site", s->name}, s->counters.body_bytes.load(relaxed));
  constexpr std::string_view clicks = "wavesites_landing_clicks_total";
  header(out, clicks, "counter", "Clicks on a landing page's store button, by site.");
  for (const auto* s : shown) sample(out, clicks, {"site", s->name}, s->counters.landing_clicks.load(relaxed));
  constexpr std::string_view links = "wavesites_link_clicks_total";
  header(out, links, "counter", "Links followed through /go/ and recorded, by site and link.");
  std::lock_guard lock(links_mutex_);
  for (const auto& [key, n] : link_clicks_) sample(out, links, {"site", key.first, "link", key.second}, n);
}

void registry::render_duration(std::string& out) const {
  constexpr std::string_view name = "wavesites_request_duration_seconds";
  header(out, name, "histogram", "Time from a complete request head to the answer sent.");
  const std::string bucket = std::string(name) + "_bucket";
  std::uint64_t cumulative = 0;
  std::string le;
  for (std::size_t i = 0; i < duration_buckets.size(); ++i) {
    cumulative += duration_counts_[i].load(relaxed);
    le.clear();
    append_number(le, duration_buckets[i]);
    sample(out, bucket, {"le", le}, cumulative);
  }
  cumulative += duration_counts_.back().load(relaxed);
  sample(out, bucket, {"le", "+Inf"}, cumulative);
  sample(out, std::string(name) + "_sum", {}, static_cast<double>(duration_nanoseconds_.load(relaxed)) / 1e9);
  sample(out, std::string(name) + "_count", {}, cumulative);
}

void registry::render_intake(std::string& out) const {
  constexpr std::array<std::string_view, 2> plural{"leads", "resumes"};
  for (std::size_t k = 0; k < intake_.size(); ++k) {
    const std::string prefix = "wavesites_" + std::string(plural[k]);
    header(out, prefix + "_accepted_total", "counter",
           "Contact submissions and resume uploads stored (" + std::string(plural[k]) + ").");
    sample(out, prefix + "_accepted_total", {}, intake_[k].accepted.load(relaxed));
    header(out, prefix + "_rejected_total", "counter",
           "Submissions not stored (" + std::string(plural[k]) + "), by reason.");
    for (std::size_t r = 0; r < reject_reason_names.size(); ++r) {
      sample(out, prefix + "_rejected_total", {"reason", reject_reason_names[r]}, intake_[k].rejected[r].load(relaxed));
    }
  }
  // The same counts as reason="rate_limited" above, by endpoint, for alerting on abuse alone.
  constexpr std::string_view limited = "wavesites_rate_limited_total";
  constexpr auto rate_limited = static_cast<std::size_t>(reject_reason::rate_limited);
  header(out, limited, "counter", "Intake requests refused by the per-address rate limit, by endpoint.");
  sample(out, limited, {"endpoint", "lead"}, intake_[0].rejected[rate_limited].load(relaxed));
  sample(out, limited, {"endpoint", "upload"}, intake_[1].rejected[rate_limited].load(relaxed));
  header(out, "wavesites_store_errors_total", "counter", "Store operations that failed.");
  sample(out, "wavesites_store_errors_total", {}, store_errors_.load(relaxed));
  header(out, "wavesites_stats_flushes_total", "counter", "Writes of the visit counts to the store.");
  sample(out, "wavesites_stats_flushes_total", {}, stats_flushes_.load(relaxed));
  header(out, "wavesites_stats_flush_seconds_total", "counter", "Time spent writing the visit counts to the store.");
  sample(out, "wavesites_stats_flush_seconds_total", {},
         static_cast<double>(stats_flush_nanoseconds_.load(relaxed)) / 1e9);
  header(out, "wavesites_stats_rows_written_total", "counter",
         "Rows the visit-count writes added to or updated in the store (daily counts and visitor hashes).");
  sample(out, "wavesites_stats_rows_written_total", {}, stats_rows_.load(relaxed));
}

void registry::render_outbox(std::string& out) const {
  outbox_stats stats;
  {
    const std::lock_guard lock(probe_mutex_);
    if (outbox_probe_) stats = outbox_probe_();
  }
  header(out, "wavesites_outbox_pending", "gauge", "Notifications waiting to be delivered.");
  sample(out, "wavesites_outbox_pending", {}, stats.pending);
  header(out, "wavesites_outbox_oldest_pending_seconds", "gauge", "Age of the oldest notification waiting.");
  sample(out, "wavesites_outbox_oldest_pending_seconds", {}, stats.oldest_pending_seconds);
  header(out, "wavesites_outbox_failed", "gauge", "Notifications given up on.");
  sample(out, "wavesites_outbox_failed", {}, stats.failed);
  constexpr std::string_view delivered = "wavesites_outbox_delivered_total";
  header(out, delivered, "counter", "Notification delivery attempts that succeeded, by channel.");
  for (std::size_t i = 0; i < channels_.size(); ++i) {
    sample(out, delivered, {"channel", channels_[i]}, delivered_[i].load(relaxed));
  }
  constexpr std::string_view failed = "wavesites_outbox_delivery_failures_total";
  header(out, failed, "counter", "Notification delivery attempts that failed, by channel.");
  for (std::size_t i = 0; i < channels_.size(); ++i) {
    sample(out, failed, {"channel", channels_[i]}, delivery_failures_[i].load(relaxed));
  }
}

registry& global() {
  static registry instance;
  return instance;
}

void set_outbox_probe(std::function<outbox_stats()> probe) {
  global().set_outbox_probe(std::move(probe));
}
void count_delivery(std::string_view channel, bool delivered) {
  global().count_delivery(channel, delivered);
}
void count_landing_click(std::string_view site) {
  global().count_landing_click(site);
}

void count_link_click(std::string_view site, std::string_view link) {
  global().count_link_click(site, link);
}
void count_store_error() {
  global().count_store_error();
}

void count_stats_flush(double seconds, std::uint64_t rows) {
  global().count_stats_flush(seconds, rows);
}

void count_internal_error() {
  global().count_internal_error();
}

void count_access_log_dropped(std::uint64_t lines) {
  global().count_access_log_dropped(lines);
}

void count_event_log_dropped(std::uint64_t lines) {
  global().count_event_log_dropped(lines);
}

}  // namespace wavesites::metrics
