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

}  // namespace

bool write_all(int fd, std::string_view text) {
  while (!text.empty()) {
    const auto n = ::write(fd, text.data(), text.size());
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    text.remove_prefix(static_cast<std::size_t>(n));
  }
  return true;
}

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
  hand_and_wait(lines, std::chrono::milliseconds::zero());
}

void line_writer::hand_and_wait(std::string& lines, std::chrono::milliseconds limit) {
  if (lines.empty()) return;
  const auto capacity = lines.capacity();
  std::string next;
  {
    std::unique_lock lock(mutex_);
    if (pending_ + lines.size() > max_pending_) {
      const auto count = static_cast<std::uint64_t>(std::count(lines.begin(), lines.end(), '\n'));
      dropped_ += count;
      unreported_ += count;
      lines.clear();  // keeps its room
      if (on_drop_) on_drop_(count);
      return;
    }
    const bool keeping_up = pending_ == 0;
    pending_ += lines.size();
    queue_.push_back(std::move(lines));
    const auto mine = ++handed_;
    if (!spare_.empty()) {
      next = std::move(spare_.back());
      spare_.pop_back();
    }
    wake_.notify_one();
    if (keeping_up && limit > std::chrono::milliseconds::zero()) {
      written_one_.wait_for(lock, limit, [&] { return written_ >= mine; });
    }
  }
  lines = std::move(next);  // emptied by run()
  if (lines.capacity() < capacity) lines.reserve(capacity);
}

bool line_writer::drain(std::chrono::milliseconds limit) {
  std::unique_lock lock(mutex_);
  return written_one_.wait_for(lock, limit, [&] { return pending_ == 0; });
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
    if (lost > 0) report_gap(lost);
    write_all(fd_, block);  // a descriptor gone drops the lines rather than keep them for ever
    lock.lock();
    pending_ -= block.size();
    block.clear();
    if (spare_.size() < max_spare) spare_.push_back(std::move(block));
    ++written_;
    written_one_.notify_all();
  }
}

void line_writer::report_gap(std::uint64_t lost) const {
  auto line = stamped(level::warn, "log_lines_dropped",
                      {{"log", name_}, {"lines", lost}, {"reason", "its reader fell behind"}});
  // Handed to this very writer (the events' own gap), the report would queue behind the blocks
  // already waiting, after the gap instead of at it: this thread writes it itself.
  if (fd_ == STDERR_FILENO) {
    write_all(fd_, line);
  } else {
    write_line(std::move(line));
  }
}

}  // namespace wavesites::log
