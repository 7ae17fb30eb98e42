#include "stats/visit_counter.hpp"

#include <sodium.h>

#include <atomic>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <span>
#include <utility>

#include "log/caught.hpp"
#include "log/event_log.hpp"
#include "metrics/metrics.hpp"
#include "util/hex.hpp"

namespace wavesites {
namespace {

/// The dimensions of stats_daily, by the number the in-memory keys use.
constexpr std::array<std::string_view, 9> dimension_names{"views",    "page",   "referrer", "source",  "medium",
                                                          "campaign", "device", "lang",     "visitors"};
enum dimension : std::uint8_t { views, page, referrer, source, medium, campaign, device, lang };

constexpr std::string_view other_name = "(other)";

std::int32_t day_number(std::chrono::system_clock::time_point t) {
  return static_cast<std::int32_t>(std::chrono::floor<std::chrono::days>(t).time_since_epoch().count());
}

std::string day_text(std::int32_t day) {
  const std::chrono::sys_days d{std::chrono::days(day)};
  const std::chrono::year_month_day ymd{d};
  char buf[16];
  std::snprintf(buf, sizeof buf, "%04d-%02u-%02u", static_cast<int>(ymd.year()), static_cast<unsigned>(ymd.month()),
                static_cast<unsigned>(ymd.day()));
  return buf;
}

bool from_hex(std::string_view hex, std::span<std::uint8_t> out) {
  if (hex.size() != out.size() * 2) return false;
  for (std::size_t i = 0; i < out.size(); ++i) {
    const int hi = hex_value(hex[2 * i]);
    const int lo = hex_value(hex[2 * i + 1]);
    if (hi < 0 || lo < 0) return false;
    out[i] = static_cast<std::uint8_t>(hi * 16 + lo);
  }
  return true;
}

}  // namespace

std::size_t visit_counter::count_hash::operator()(const count_key& k) const noexcept {
  std::size_t h = std::hash<std::string>{}(k.name);
  h ^= std::hash<std::string>{}(k.site) + 0x9e3779b97f4a7c15ULL + (h << 6) + (h >> 2);
  h ^= (static_cast<std::size_t>(k.day) << 8 | k.dimension) + 0x9e3779b97f4a7c15ULL + (h << 6) + (h >> 2);
  return h;
}

std::size_t visit_counter::visitor_hash::operator()(const visitor_key& k) const noexcept {
  std::size_t h = 0;
  std::memcpy(&h, k.hash.data(), sizeof h);  // already a keyed hash: its bytes are spread enough
  return h ^ std::hash<std::string>{}(k.site) ^ static_cast<std::size_t>(k.day);
}

visit_counter::visit_counter(store& db, options opts) : db_(db), opts_(std::move(opts)) {
  static std::atomic<std::uint64_t> serials{0};
  serial_ = ++serials;
  if (sodium_init() < 0) throw std::runtime_error("libsodium could not be initialised");
}

visit_counter::~visit_counter() {
  stop();
}

std::string visit_counter::day_of(std::chrono::system_clock::time_point t) {
  return day_text(day_number(t));
}

visit_counter::shard& visit_counter::my_shard() {
  // One shard per thread and counter, found by the counter's serial number rather than its
  // address: a later counter may be built where an earlier one was.
  thread_local std::vector<std::pair<std::uint64_t, shard*>> mine;
  for (const auto& [owner, s] : mine) {
    if (owner == serial_) return *s;
  }
  std::lock_guard lock(shards_mutex_);
  shard* s = shards_.emplace_back(std::make_unique<shard>()).get();
  mine.emplace_back(serial_, s);
  return *s;
}

bool visit_counter::salt_for(std::int32_t day, std::array<std::uint8_t, 32>& out) const {
  std::lock_guard lock(salts_mutex_);
  const auto it = salts_.find(day);
  if (it == salts_.end()) return false;
  out = it->second;
  return true;
}

void visit_counter::count(const page_view& v) {
  const std::int32_t day = day_number(opts_.now());
  std::array<std::uint8_t, 32> salt{};
  const bool hashed = salt_for(day, salt);
  visitor_key visitor{day, std::string(v.site), {}};
  if (hashed) {
    // SipHash-2-4 with a 128-bit output, keyed with the day's salt: a keyed function made for
    // short inputs (Plausible's choice too), a fifth of BLAKE2b's cost here. The parts are
    // separated by NUL, which none of them holds, so that no two inputs run together.
    static_assert(crypto_shorthash_siphashx24_BYTES == std::tuple_size_v<decltype(visitor.hash)>);
    static_assert(crypto_shorthash_siphashx24_KEYBYTES <= std::tuple_size_v<decltype(salt)>);
    thread_local std::string input;
    input.clear();
    for (const std::string_view part : {v.site, v.address, v.user_agent}) {
      input.append(part);
      input.push_back('\0');
    }
    crypto_shorthash_siphashx24(visitor.hash.data(), reinterpret_cast<const unsigned char*>(input.data()), input.size(),
                                salt.data());
  }
  // The kind of view as one key: the day, then its names, each ended by a NUL (none holds one:
  // paths come from the bundle, referrers are origins, campaign values lose their control bytes).
  thread_local std::string key;
  const auto pack = [&](bool other) {
    key.assign(reinterpret_cast<const char*>(&day), sizeof day);
    for (const std::string_view part :
         {v.site, v.path, other ? other_name : v.referrer, other ? other_name : v.source, other ? other_name : v.medium,
          other ? other_name : v.campaign, v.device, v.lang}) {
      key.append(part);
      key.push_back('\0');
    }
  };
  pack(false);
  shard& s = my_shard();
  std::lock_guard lock(s.m);
  if (auto it = s.views.find(std::string_view(key)); it != s.views.end()) {
    ++it->second;
  } else {
    if (s.views.size() >= opts_.max_names) pack(true);
    ++s.views[key];
  }
  if (hashed) {
    if (s.visitors.size() < opts_.max_visitors)
      s.visitors.insert(std::move(visitor));
    else if (!s.visitors.contains(visitor))
      ++s.visitors_dropped;
  }
}

void visit_counter::unpack(std::string_view packed, std::uint64_t n,
                           std::unordered_map<count_key, std::uint64_t, count_hash>& into) {
  std::int32_t day = 0;
  std::memcpy(&day, packed.data(), sizeof day);
  packed.remove_prefix(sizeof day);
  std::array<std::string_view, 8> parts{};  // site, path, referrer, source, medium, campaign, device, lang
  for (auto& part : parts) {
    const auto end = packed.find('\0');
    part = packed.substr(0, end);
    packed.remove_prefix(end + 1);
  }
  const std::string site(parts[0]);
  into[{day, site, views, ""}] += n;
  const std::array<std::pair<dimension, std::string_view>, 7> named{{{page, parts[1]},
                                                                     {referrer, parts[2]},
                                                                     {source, parts[3]},
                                                                     {medium, parts[4]},
                                                                     {campaign, parts[5]},
                                                                     {device, parts[6]},
                                                                     {lang, parts[7]}}};
  for (const auto& [d, name] : named) {
    if (d == lang && name.empty()) continue;  // a site with one language
    into[{day, site, d, std::string(name)}] += n;
  }
}

result<bool> visit_counter::load_salts(std::int32_t today) {
  for (const std::int32_t day : {today, today + 1}) {
    {
      std::lock_guard lock(salts_mutex_);
      if (salts_.contains(day)) continue;
    }
    std::array<std::uint8_t, 32> fresh{};
    randombytes_buf(fresh.data(), fresh.size());
    auto stored = db_.stats_salt(day_text(day), to_hex(fresh));
    if (!stored) return error{stored.message()};
    std::array<std::uint8_t, 32> salt{};
    if (!from_hex(*stored, salt)) return error{"the stored salt of " + day_text(day) + " is not 32 bytes of hex"};
    std::lock_guard lock(salts_mutex_);
    salts_[day] = salt;
  }
  // Yesterday's salt is no longer needed here; the store keeps it until the day is two days old.
  std::lock_guard lock(salts_mutex_);
  std::erase_if(salts_, [&](const auto& entry) { return entry.first < today; });
  return true;
}

result<bool> visit_counter::flush() {
  std::lock_guard one(flush_mutex_);
  const std::int32_t today = day_number(opts_.now());
  auto salts = load_salts(today);

  // Everything counted so far, added to what an earlier failed flush left.
  std::uint64_t dropped = 0;
  {
    std::lock_guard lock(shards_mutex_);
    for (auto& s : shards_) {
      view_counts taken;
      std::unordered_set<visitor_key, visitor_hash> visitors;
      {
        std::lock_guard sl(s->m);
        taken.swap(s->views);
        visitors.swap(s->visitors);
        dropped += std::exchange(s->visitors_dropped, 0);
      }
      for (const auto& [packed, n] : taken) unpack(packed, n, carried_counts_);
      carried_visitors_.merge(visitors);
    }
  }
  if (dropped > 0) {
    log::warn("stats_visitors_capped", {{"views_without_visitor", dropped},
                                        {"max_visitors_per_thread", static_cast<std::uint64_t>(opts_.max_visitors)}});
  }
  stats_batch batch;
  batch.counts.reserve(carried_counts_.size());
  for (const auto& [key, n] : carried_counts_) {
    batch.counts.push_back({day_text(key.day), key.site, std::string(dimension_names[key.dimension]), key.name, n});
  }
  batch.visitors.reserve(carried_visitors_.size());
  for (const auto& v : carried_visitors_) batch.visitors.push_back({day_text(v.day), v.site, to_hex(v.hash)});
  const auto started = std::chrono::steady_clock::now();
  if (auto r = db_.add_stats(batch); !r) return r;  // kept, and tried again with the next flush
  if (!batch.empty()) {
    metrics::count_stats_flush(std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count(),
                               batch.counts.size() + batch.visitors.size());
  }
  carried_counts_.clear();
  carried_visitors_.clear();

  // A day's hashes and salt go once the day is two days old: today and yesterday stay.
  if (auto r = db_.forget_visitors_before(day_text(today - 1)); !r) return error{r.message()};
  if (!salts) return salts;
  return true;
}

void visit_counter::start() {
  if (auto r = load_salts(day_number(opts_.now())); !r) {
    log::error("stats_error",
               {{"what", "salts not loaded; visitors not counted until they are"}, {"error", r.message()}});
  }
  thread_ = std::thread([this] { run(); });
}

void visit_counter::run() {
  std::unique_lock lock(run_mutex_);
  while (!stopping_) {
    wake_.wait_for(lock, opts_.interval, [this] { return stopping_; });
    if (stopping_) break;
    lock.unlock();
    // A fault in one flush is reported and the next one tries again: the thread goes on.
    const auto r = caught(
        "stats flush", [this] { return flush(); }, result<bool>(error{"a fault, reported above"}));
    if (!r) log::error("stats_error", {{"what", "counts not written yet"}, {"error", r.message()}});
    lock.lock();
  }
}

void visit_counter::stop() {
  {
    std::lock_guard lock(run_mutex_);
    if (stopping_) return;
    stopping_ = true;
  }
  wake_.notify_all();
  if (thread_.joinable()) thread_.join();
  // The last write has no next one to carry it: a few tries, a moment apart.
  result<bool> r = error{"not tried"};
  for (int attempt = 0; attempt < 3 && !r; ++attempt) {
    if (attempt > 0) std::this_thread::sleep_for(std::chrono::milliseconds(250 * attempt));
    r = caught(
        "stats flush", [this] { return flush(); }, result<bool>(error{"a fault, reported above"}));
  }
  if (!r) log::error("stats_error", {{"what", "counts lost at stop"}, {"error", r.message()}});
}

}  // namespace wavesites
