#pragma once
/// Writes blocks of whole lines to one descriptor from a thread of its own, so that the threads
/// that make the lines never wait for the descriptor.
///
/// A reader that stops reading (a pipe nobody drains, a stalled log collector) makes write(2)
/// block. Written from an I/O thread, that stopped the whole server: with its stdout piped to a
/// process that never read it, a server answered 329 requests and then nothing, the access log's
/// flush holding its I/O thread. Here the makers only queue their blocks; what waits is bounded
/// (`max_pending` bytes), and past it the newest blocks are dropped, counted, and reported on
/// stderr once writing resumes, as the event `log_lines_dropped`.
#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <functional>
#include <mutex>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

namespace wavesites::log {

/// Writes all of `text` to `fd`, going on after EINTR: false when the descriptor is gone (closed,
/// or its reader went away).
bool write_all(int fd, std::string_view text);

class line_writer {
 public:
  /// Writes to `fd` (not owned); `name` names the log in the drop report; `on_drop(lines)` is
  /// called, on the maker's thread, for each dropped block.
  line_writer(int fd, std::size_t max_pending, std::string name, std::function<void(std::uint64_t)> on_drop = {});
  /// Stops after writing what was handed; the descriptor must not block for ever by then.
  ~line_writer();
  line_writer(const line_writer&) = delete;
  line_writer& operator=(const line_writer&) = delete;

  /// Takes `lines` (whole lines, each ending in '\n') to be written in the order handed, and
  /// leaves `lines` empty, usually with a recycled buffer's room. Never waits for the descriptor.
  void hand(std::string& lines);
  /// hand(), then waits at most `limit` until those lines are written, unless the reader was
  /// already behind (lines were waiting). While the reader keeps up, a line is out before its
  /// maker goes on, as if the maker had written it; a reader that stops costs a maker one wait.
  void hand_and_wait(std::string& lines, std::chrono::milliseconds limit);
  /// Waits, at most `limit`, until everything handed so far is written (or dropped): true when
  /// it is.
  bool drain(std::chrono::milliseconds limit);
  /// Lines dropped so far because the reader fell more than max_pending bytes behind.
  [[nodiscard]] std::uint64_t dropped_lines() const;

 private:
  void run();
  /// Says on stderr that `lost` lines are missing, before the block that follows the gap.
  void report_gap(std::uint64_t lost) const;

  const int fd_;
  const std::size_t max_pending_;
  const std::string name_;
  const std::function<void(std::uint64_t)> on_drop_;
  mutable std::mutex mutex_;
  std::condition_variable wake_;         ///< a block was handed, or stop
  std::condition_variable written_one_;  ///< a block was written
  std::deque<std::string> queue_;
  std::vector<std::string> spare_;  ///< written blocks' buffers, for hand() to give back
  std::size_t pending_ = 0;         ///< bytes handed and not yet written, the one being written included
  std::uint64_t handed_ = 0;        ///< blocks queued so far
  std::uint64_t written_ = 0;       ///< of them, written (or lost with the descriptor)
  std::uint64_t dropped_ = 0;
  std::uint64_t unreported_ = 0;  ///< dropped since the last report
  bool stop_ = false;
  std::thread thread_;
};

}  // namespace wavesites::log
