#include <gtest/gtest.h>

#include <fcntl.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <csignal>
#include <string>
#include <thread>

#include "log/line_writer.hpp"

namespace wavesites::log {
namespace {

using namespace std::chrono_literals;

/// A pipe whose reader the test controls.
struct pipe_pair {
  int read = -1;
  int write = -1;
  pipe_pair() {
    int fds[2];
    EXPECT_EQ(::pipe(fds), 0);
    read = fds[0];
    write = fds[1];
  }
  ~pipe_pair() {
    if (read >= 0) ::close(read);
    if (write >= 0) ::close(write);
  }
  pipe_pair(const pipe_pair&) = delete;
  pipe_pair& operator=(const pipe_pair&) = delete;

  /// Everything written so far (the writer must have drained).
  std::string take() const {
    ::fcntl(read, F_SETFL, O_NONBLOCK);
    std::string out;
    char chunk[65536];
    for (ssize_t n; (n = ::read(read, chunk, sizeof chunk)) > 0;) out.append(chunk, static_cast<std::size_t>(n));
    ::fcntl(read, F_SETFL, 0);
    return out;
  }
};

std::string lines(char c, int count, std::size_t width) {
  std::string out;
  for (int i = 0; i < count; ++i) out += std::string(width - 1, c) + '\n';
  return out;
}

TEST(LineWriter, WritesEveryBlockInOrderAndRecyclesBuffers) {
  pipe_pair p;
  line_writer w(p.write, 1 << 20, "test");
  std::string block;
  block.reserve(4096);
  for (char c : {'a', 'b', 'c'}) {
    block += lines(c, 3, 100);
    w.hand(block);
    EXPECT_TRUE(block.empty());
    EXPECT_GE(block.capacity(), 4096u) << "the maker gets room back for its next lines";
  }
  ASSERT_TRUE(w.drain(5s));
  EXPECT_EQ(p.take(), lines('a', 3, 100) + lines('b', 3, 100) + lines('c', 3, 100));
  EXPECT_EQ(w.dropped_lines(), 0u);
}

TEST(LineWriter, AReaderThatStopsNeverHoldsUpTheMakerAndLinesPastTheBoundAreDropped) {
  pipe_pair p;  // nobody reads it until the end: it holds 64 KiB, then write(2) blocks
  std::atomic<std::uint64_t> reported{0};
  line_writer w(p.write, 256 * 1024, "test", [&](std::uint64_t n) { reported += n; });
  const auto start = std::chrono::steady_clock::now();
  std::string block;
  int handed = 0;
  for (; handed < 200; ++handed) {  // 200 blocks of 10 KB: 2 MB, far past pipe and bound
    block = lines('x', 100, 100);
    w.hand(block);
  }
  EXPECT_LT(std::chrono::steady_clock::now() - start, 2s) << "hand() waited for the reader";
  EXPECT_FALSE(w.drain(200ms)) << "the reader has not read: lines still wait";
  // What waits is at most the bound (plus what the pipe took), and the rest was counted.
  const auto dropped = w.dropped_lines();
  EXPECT_GE(dropped, 100u * 200 - (256 + 64) * 1024 / 100);
  EXPECT_EQ(reported.load(), dropped);

  // The reader comes back: everything not dropped arrives, whole lines only.
  std::string got;
  std::thread reader([&] {
    char chunk[65536];
    for (ssize_t n; (n = ::read(p.read, chunk, sizeof chunk)) > 0;) got.append(chunk, static_cast<std::size_t>(n));
  });
  ASSERT_TRUE(w.drain(10s));
  ::close(p.write);
  p.write = -1;
  reader.join();
  EXPECT_EQ(got.size() % 100, 0u);
  EXPECT_EQ(got.size() / 100 + dropped, 100u * 200) << "each line either written or counted";

  // Later lines flow again.
  block = lines('y', 2, 50);
  pipe_pair q;
  line_writer again(q.write, 1024, "test");
  again.hand(block);
  ASSERT_TRUE(again.drain(5s));
  EXPECT_EQ(q.take(), lines('y', 2, 50));
}

TEST(LineWriter, AClosedReaderDropsTheLinesAndLetsItStop) {
  pipe_pair p;
  ::close(p.read);  // writes fail with EPIPE (the test binary ignores SIGPIPE below)
  p.read = -1;
  struct sigaction ignore {};
  ignore.sa_handler = SIG_IGN;
  struct sigaction old {};
  sigaction(SIGPIPE, &ignore, &old);
  {
    line_writer w(p.write, 1 << 20, "test");
    std::string block = lines('z', 10, 10);
    w.hand(block);
    EXPECT_TRUE(w.drain(5s));
  }  // and its destructor returns
  sigaction(SIGPIPE, &old, nullptr);
}

}  // namespace
}  // namespace wavesites::log
