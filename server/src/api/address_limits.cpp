#include "api/address_limits.hpp"

#include "api/rate_limiter.hpp"

namespace wavesites {
namespace {

class memory_address_limits final : public address_limits {
 public:
  [[nodiscard]] bool blocking() const override { return false; }

  result<token_wait> take(limited what, std::string_view client, std::uint32_t per_hour) override {
    auto& limiter = what == limited::lead ? leads_ : uploads_;
    limiter.set_per_hour(per_hour);  // usually the same rate again: a lock that nobody holds
    return limiter.take(client);
  }

 private:
  rate_limiter leads_{1};
  rate_limiter uploads_{1};
};

class shared_address_limits final : public address_limits {
 public:
  shared_address_limits(store& db, std::chrono::milliseconds sweep_every, std::size_t sweep_max)
      : db_(db), sweep_every_(sweep_every), sweep_max_(sweep_max) {}

  [[nodiscard]] bool blocking() const override { return true; }

  result<token_wait> take(limited what, std::string_view client, std::uint32_t per_hour) override {
    auto taken = db_.take_token(limit_name(what), client, per_hour);
    if (taken) sweep_if_due();
    return taken;
  }

 private:
  // One take in a minute also clears out full buckets, bounded, so no request waits long for it
  // and no timer thread is needed; a sweep that found a full batch comes back a second later.
  void sweep_if_due() {
    const auto now = std::chrono::steady_clock::now().time_since_epoch().count();
    auto due = next_sweep_.load(std::memory_order_relaxed);
    if (now < due) return;
    const auto every = std::chrono::duration_cast<std::chrono::steady_clock::duration>(sweep_every_).count();
    if (!next_sweep_.compare_exchange_strong(due, now + every)) return;  // another thread sweeps
    const auto forgotten = db_.forget_full_buckets(sweep_max_);
    if (forgotten && *forgotten >= sweep_max_) {
      const auto soon = std::chrono::duration_cast<std::chrono::steady_clock::duration>(std::chrono::seconds(1));
      next_sweep_.store(now + std::min(every, soon.count()), std::memory_order_relaxed);
    }
    // A failed sweep is retried at the next one; the takes themselves report a store that is down.
  }

  store& db_;
  std::chrono::milliseconds sweep_every_;
  std::size_t sweep_max_;
  std::atomic<std::chrono::steady_clock::rep> next_sweep_{0};
};

}  // namespace

std::string_view limit_name(limited what) {
  return what == limited::lead ? "lead" : "upload";
}

std::unique_ptr<address_limits> memory_limits() {
  return std::make_unique<memory_address_limits>();
}

std::unique_ptr<address_limits> shared_limits(store& db, std::chrono::milliseconds sweep_every, std::size_t sweep_max) {
  return std::make_unique<shared_address_limits>(db, sweep_every, sweep_max);
}

std::unique_ptr<address_limits> limits_for(store& db) {
  // SQLite is one process's file: its buckets stay in memory, where a take costs no disk write.
  if (db.kind() == "postgresql") return shared_limits(db);
  return memory_limits();
}

}  // namespace wavesites
