#include "notify/outbox_worker.hpp"

#include <arpa/inet.h>
#include <gtest/gtest.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <mutex>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "notify/events.hpp"
#include "store/scratch_database.hpp"
#include "util/ids.hpp"

namespace wavesites {
namespace {

using namespace std::chrono_literals;

constexpr std::int64_t created = 1'000'000;

TEST(next_attempt_ms, doubles_from_one_second_to_two_minutes_jittered_into_the_upper_half) {
  EXPECT_EQ(next_attempt_ms(1, created, created, 24, 1.0), created + 1000);
  EXPECT_EQ(next_attempt_ms(1, created, created, 24, 0.0), created + 500);
  EXPECT_EQ(next_attempt_ms(2, created, created, 24, 1.0), created + 2000);
  EXPECT_EQ(next_attempt_ms(5, created, created, 24, 1.0), created + 16000);
  EXPECT_EQ(next_attempt_ms(8, created, created, 24, 1.0), created + 120000);
  EXPECT_EQ(next_attempt_ms(60, created, created, 24, 1.0), created + 120000);
  EXPECT_EQ(next_attempt_ms(60, created, created, 24, 0.0), created + 60000);
}

TEST(next_attempt_ms, never_past_the_retry_window_and_none_after_it) {
  const std::int64_t hour = 3'600'000;
  // Thirty seconds before the window ends, a two-minute backoff is cut to the window's end.
  EXPECT_EQ(next_attempt_ms(20, created, created + hour - 30'000, 1, 1.0), created + hour);
  EXPECT_EQ(next_attempt_ms(20, created, created + hour, 1, 1.0), std::nullopt);
  EXPECT_EQ(next_attempt_ms(1, created, created + 2 * hour, 1, 0.5), std::nullopt);
}

/// A webhook receiver that takes `delay` to answer each request (204), one at a time, and notes
/// the Wavesites-Delivery id of each as it arrives.
class slow_receiver {
 public:
  explicit slow_receiver(std::chrono::milliseconds delay) : delay_(delay) {
    fd_ = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    sockaddr_in addr{};
    addr.sin_family = AF_INET;
    addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    socklen_t len = sizeof addr;
    if (fd_ < 0 || ::bind(fd_, reinterpret_cast<sockaddr*>(&addr), len) != 0 || ::listen(fd_, 16) != 0 ||
        ::getsockname(fd_, reinterpret_cast<sockaddr*>(&addr), &len) != 0) {
      throw std::runtime_error("cannot listen on loopback");
    }
    port_ = ntohs(addr.sin_port);
    thread_ = std::thread([this] { serve(); });
  }
  ~slow_receiver() {
    ::shutdown(fd_, SHUT_RDWR);  // wakes accept()
    thread_.join();
    ::close(fd_);
  }
  slow_receiver(const slow_receiver&) = delete;
  slow_receiver& operator=(const slow_receiver&) = delete;

  [[nodiscard]] std::string url() const { return "http://127.0.0.1:" + std::to_string(port_) + "/hook"; }
  std::vector<std::string> deliveries() {
    std::lock_guard lk(mutex_);
    return deliveries_;
  }

 private:
  void serve() {
    for (;;) {
      const int c = ::accept(fd_, nullptr, nullptr);
      if (c < 0) return;
      std::string in;
      char buf[4096];
      std::size_t head_end = std::string::npos;
      std::size_t want = 0;
      for (;;) {
        const auto n = ::read(c, buf, sizeof buf);
        if (n <= 0) break;
        in.append(buf, static_cast<std::size_t>(n));
        if (head_end == std::string::npos && (head_end = in.find("\r\n\r\n")) != std::string::npos) {
          const auto cl = in.find("Content-Length: ");
          want = head_end + 4 + (cl < head_end ? std::stoul(in.substr(cl + 16)) : 0);
        }
        if (head_end != std::string::npos && in.size() >= want) break;
      }
      const auto at = in.find("Wavesites-Delivery: ");
      {
        std::lock_guard lk(mutex_);
        deliveries_.push_back(at == std::string::npos ? "" : in.substr(at + 20, in.find("\r\n", at) - at - 20));
      }
      std::this_thread::sleep_for(delay_);
      constexpr std::string_view answer = "HTTP/1.1 204 No Content\r\nConnection: close\r\n\r\n";
      (void)!::write(c, answer.data(), answer.size());
      ::close(c);
    }
  }

  std::chrono::milliseconds delay_;
  int fd_ = -1;
  unsigned short port_ = 0;
  std::thread thread_;
  std::mutex mutex_;
  std::vector<std::string> deliveries_;
};

template <typename Pred>
bool wait_until(Pred pred, std::chrono::milliseconds limit = 20s) {
  const auto end = std::chrono::steady_clock::now() + limit;
  while (!pred()) {
    if (std::chrono::steady_clock::now() > end) return false;
    std::this_thread::sleep_for(10ms);
  }
  return true;
}

TEST(outbox_worker, a_batch_that_outlasts_its_claim_renews_it_and_sends_each_row_once) {
  std::string skip;
  auto scratch = testing::scratch_database::create(testing::backend::sqlite, skip);
  auto db = open_store(scratch->url());
  ASSERT_TRUE(db) << db.message();
  slow_receiver hook(150ms);
  notify_config cfg;
  cfg.webhook_url = hook.url();
  cfg.webhook_secret = "s";
  constexpr std::size_t leads = 6;
  for (std::size_t i = 0; i < leads; ++i) {
    lead_record lead;
    lead.id = new_ulid();
    lead.received_at = utc_now_iso();
    lead.business_email = "lead" + std::to_string(i) + "@example.com";
    ASSERT_TRUE(
        (*db)->add_lead(lead, notifications_for(cfg, lead_created_event, lead.id, "waveads", lead.received_at)));
  }
  const auto held_until = [&] {
    const auto rows = scratch->query("SELECT coalesce(max(claimed_until_ms), 0) FROM outbox WHERE state = 'pending'");
    return std::stoll(rows.at(0).at(0));
  };
  // One claim takes all six. It lasts the webhook timeout plus 300 ms, and an attempt wants the
  // timeout plus 200 ms of it left: from the second attempt on, each is preceded by a renewal.
  // Without renewals the claim would run out mid-batch (scaled down: a slow receiver) and another
  // server would send the rest a second time.
  outbox_worker worker(**db, cfg, {.claim_margin = 300ms, .claim_reserve = 200ms});
  worker.start();
  ASSERT_TRUE(wait_until([&] { return !hook.deliveries().empty(); }));
  const auto first = held_until();
  ASSERT_TRUE(wait_until([&] { return hook.deliveries().size() >= 4; }));
  const auto later = held_until();
  ASSERT_TRUE(wait_until([&] { return hook.deliveries().size() >= leads && held_until() == 0; }));
  worker.stop();
  EXPECT_GT(first, 0);
  EXPECT_GE(later, first + 300) << "the claim on the rows still to send was renewed";
  const auto got = hook.deliveries();
  EXPECT_EQ(got.size(), leads);
  EXPECT_EQ(std::set<std::string>(got.begin(), got.end()).size(), leads) << "each row sent once";
  EXPECT_EQ((*db)->count_notifications()->pending, 0u);
}

TEST(outbox_worker, a_notification_of_an_erased_record_fails_at_once_without_asking_the_receiver) {
  // An erasure deletes a record's outbox rows with it; this is the row a delivery thread had
  // already claimed when the record went: it must neither reach the receiver nor be retried for
  // retry_hours.
  std::string skip;
  auto scratch = testing::scratch_database::create(testing::backend::sqlite, skip);
  auto db = open_store(scratch->url());
  ASSERT_TRUE(db) << db.message();
  slow_receiver hook(0ms);
  notify_config cfg;
  cfg.webhook_url = hook.url();
  cfg.webhook_secret = "s";
  lead_record lead;
  lead.id = new_ulid();
  lead.received_at = utc_now_iso();
  // The notification names a lead that is not stored: as it finds an erased one.
  ASSERT_TRUE(
      (*db)->add_lead(lead, notifications_for(cfg, lead_created_event, new_ulid(), "waveads", lead.received_at)));
  outbox_worker worker(**db, cfg, {});
  worker.start();
  EXPECT_TRUE(wait_until([&] { return (*db)->count_notifications()->failed == 1; }));
  worker.stop();
  EXPECT_EQ((*db)->count_notifications()->pending, 0u);
  EXPECT_TRUE(hook.deliveries().empty()) << "the receiver was not asked";
}

}  // namespace
}  // namespace wavesites
