#include "stats/visit_counter.hpp"

#include <sodium.h>

#include <atomic>
#include <cstdio>
#include <cstring>
#include <span>
#include <ctime>

#include "log/caught.hpp"
#include "log/event_log.hpp"

namespace wavesites {
namespace {

/// The dimensions of stats_daily, by the number the in-memory keys use.
constexpr std::array<std::string_view, 9> dimension_names{"views",  "page",     "referrer", "source", "medium",
                                                          "campaign", "device", "lang",     "visitors"};
enum dimension : std::uint8_t { views, page, referrer, source, medium, campaign, device, lang };

constexpr std::string_view other_name = "(other)";

std::int32_t day_number(std::chrono::system_clock::time_point t) {
  return static_cast<std::int32_t>(
      std::chrono::floor<std::chrono::days>(t).time_since_epoch().count());
}

std::string day_text(std::int32_t day) {
  const std::chrono::sys_days d{std::chrono::days(day)};
  const std::chrono::year_month_day ymd{d};
  char buf[16];
  std::snprintf(buf, sizeof buf, "%04d-%02u-%02u", static_cast<int>(ymd.year()), static_cast<unsigned>(ymd.month()),
                static_cast<unsigned>(ymd.day()));
  return buf;
}

std::string to_hex(std::span<const std::uint8_t> bytes) {
  static constexpr char digits[] = "0123456789abcdef";
  std::string out;
  out.reserve(bytes.size() * 2);
  for (const auto b : bytes) {
    out += digits[b >> 4];
    out += digits[b & 15];
  }
  return out;
}

bool from_hex(std::string_view hex, std::span<std::uint8_t> out) {
  if (hex.size() != out.size() * 2) return false;
  const auto nibble = [](char c) -> int {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    return -1;
  };
  for (std::size_t i = 0; i < out.size(); ++i) {
    const int hi = nibble(hex[2 * i]);
    const int lo = nibble(hex[2 * i + 1]);
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
    crypto_generichash_state st;
    crypto_generichash_init(&st, salt.data(), salt.size(), visitor.hash.size());
    // Separated by NUL, which none of them holds, so that no two inputs run together.
    for (const std::string_view part : {v.site, v.address, v.user_agent}) {
      crypto_generichash_update(&st, reinterpret_cast<const unsigned char*>(part.data()), part.size());
      crypto_generichash_update(&st, reinterpret_cast<const unsigned char*>(""), 1);
    }
    crypto_generichash_final(&st, visitor.hash.data(), visitor.hash.size());
  }
  shard& s = my_shard();
  std::lock_guard lock(s.m);
  const auto add = [&](dimension d, std::string_view name) {
    count_key key{day, std::string(v.site), d, std::string(name)};
    if (auto it = s.counts.find(key); it != s.counts.end()) {
      ++it->second;
      return;
    }
    // A new name of a capped dimension: the cap is per shard and interval (cheap to check).
    if (d != views && d != device && d != lang && s.counts.size() >= opts_.max_names * 4) key.name = other_name;
    ++s.counts[std::move(key)];
  };
  add(views, "");
  add(page, v.path);
  add(referrer, v.referrer);
  add(source, v.source);
  add(medium, v.medium);
  add(campaign, v.campaign);
  add(device, v.device);
  if (!v.lang.empty()) add(lang, v.lang);
  if (hashed) s.visitors.insert(std::move(visitor));
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
  {
    std::lock_guard lock(shards_mutex_);
    for (auto& s : shards_) {
      std::unordered_map<count_key, std::uint64_t, count_hash> counts;
      std::unordered_set<visitor_key, visitor_hash> visitors;
      {
        std::lock_guard sl(s->m);
        counts.swap(s->counts);
        visitors.swap(s->visitors);
      }
      for (auto& [key, n] : counts) carried_counts_[key] += n;
      carried_visitors_.merge(visitors);
    }
  }
  stats_batch batch;
  batch.counts.reserve(carried_counts_.size());
  for (const auto& [key, n] : carried_counts_) {
    batch.counts.push_back({day_text(key.day), key.site, std::string(dimension_names[key.dimension]), key.name, n});
  }
  batch.visitors.reserve(carried_visitors_.size());
  for (const auto& v : carried_visitors_) batch.visitors.push_back({day_text(v.day), v.site, to_hex(v.hash)});
  if (auto r = db_.add_stats(batch); !r) return r;  // kept, and tried again with the next flush
  carried_counts_.clear();
  carried_visitors_.clear();

  // A day's hashes and salt go once the day is two days old: today and yesterday stay.
  if (auto r = db_.forget_visitors_before(day_text(today - 1)); !r) return error{r.message()};
  if (!salts) return salts;
  return true;
}

void visit_counter::start() {
  if (auto r = load_salts(day_number(opts_.now())); !r) {
    log::error("stats_error", {{"what", "salts not loaded; visitors not counted until they are"},
                               {"error", r.message()}});
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
    const auto r = caught("stats flush", [this] { return flush(); }, result<bool>(error{"a fault, reported above"}));
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
  const auto r = caught("stats flush", [this] { return flush(); }, result<bool>(error{"a fault, reported above"}));
  if (!r) log::error("stats_error", {{"what", "counts lost at stop"}, {"error", r.message()}});
}

}  // namespace wavesites
