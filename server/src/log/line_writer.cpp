#include "log/line_writer.hpp"

#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <utility>

#include "log/event_log.hpp"

namespace wavesites::log {

namespace {

/// Buffers kept for reuse: a few blocks in flight at once is the steady state.
constexpr std::size_t max_spare = 8;

/// Writes all of `text`; false when the descriptor is gone (closed, or its reader went away).
bool write_all(int fd, std::string_view text) {
  while (!text.empty()) {
    const auto n = ::write(fd, text.data(), text.size());
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    text.remove_prefix(static_cast<std::size_t>(n));
  }
  return true;
}

}  // namespace

line_writer::line_writer(int fd, std::size_t max_pending, std::string name, std::function<void(std::uint64_t)> on_drop)
    : fd_(fd), max_pending_(max_pending), name_(std::move(name)), on_drop_(std::move(on_drop)) {
  thread_ = std::thread([this] { run(); });
}

line_writer::~line_writer() {
  {
    const std::lock_guard lock(mutex_);
    stop_ = true;
  }
  wake_.notify_one();
  thread_.join();
}

void line_writer::hand(std::string& lines) {
  if (lines.empty()) return;
  const auto capacity = lines.capacity();
  std::string next;
  {
    const std::lock_guard lock(mutex_);
    if (pending_ + lines.size() > max_pending_) {
      const auto count = static_cast<std::uint64_t>(std::count(lines.begin(), lines.end(), '\n'));
      dropped_ += count;
      unreported_ += count;
      lines.clear();  // keeps its room
      if (on_drop_) on_drop_(count);
      return;
    }
    pending_ += lines.size();
    queue_.push_back(std::move(lines));
    if (!spare_.empty()) {
      next = std::move(spare_.back());
      spare_.pop_back();
    }
  }
  wake_.notify_one();
  lines = std::move(next);  // emptied by run()
  if (lines.capacity() < capacity) lines.reserve(capacity);
}

bool line_writer::drain(std::chrono::milliseconds limit) {
  std::unique_lock lock(mutex_);
  return idle_.wait_for(lock, limit, [&] { return pending_ == 0; });
}

std::uint64_t line_writer::dropped_lines() const {
  const std::lock_guard lock(mutex_);
  return dropped_;
}

void line_writer::run() {
  std::unique_lock lock(mutex_);
  for (;;) {
    wake_.wait(lock, [&] { return stop_ || !queue_.empty(); });
    if (queue_.empty()) return;  // stopping, and everything is written
    std::string block = std::move(queue_.front());
    queue_.pop_front();
    const auto lost = std::exchange(unreported_, 0);
    lock.unlock();
    // Said before the block that follows the gap, on stderr like every event.
    if (lost > 0) warn("log_lines_dropped", {{"log", name_}, {"lines", lost}, {"reason", "its reader fell behind"}});
    write_all(fd_, block);  // a descriptor gone drops the lines rather than keep them for ever
    lock.lock();
    pending_ -= block.size();
    block.clear();
    if (spare_.size() < max_spare) spare_.push_back(std::move(block));
    if (pending_ == 0) idle_.notify_all();
  }
}

}  // namespace wavesites::log
