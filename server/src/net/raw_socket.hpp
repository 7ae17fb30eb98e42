#pragma once
/// recv(2), send(2) and sendmsg(2) made as plain system calls.
///
/// glibc's wrappers are cancellation points: each call switches the thread's asynchronous
/// cancellation on and off around the system call, about 1.5% of a small answer here (two calls
/// per answer). No thread of the server is ever cancelled, so the I/O threads call the kernel
/// directly. Both return what the system call does, with errno set on -1.
#include <sys/socket.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <cerrno>
#include <cstddef>
#include <optional>

#include <boost/asio/error.hpp>
#include <boost/system/error_code.hpp>

namespace wavesites {

inline ssize_t raw_recv(int fd, void* buf, std::size_t n) {
  return ::syscall(SYS_recvfrom, fd, buf, n, 0, nullptr, nullptr);
}

inline ssize_t raw_send(int fd, const void* buf, std::size_t n, int flags) {
  return ::syscall(SYS_sendto, fd, buf, n, flags, nullptr, 0);
}

inline ssize_t raw_sendmsg(int fd, const msghdr* msg, int flags) {
  return ::syscall(SYS_sendmsg, fd, msg, flags);
}

/// One read of what has arrived into `buf`: the count (0 with `ec` set at the end of the stream
/// or on an error); none when nothing has (EAGAIN). An interrupted call is made again.
inline std::optional<std::size_t> recv_ready(int fd, void* buf, std::size_t n, boost::system::error_code& ec) {
  for (;;) {
    const auto got = raw_recv(fd, buf, n);
    if (got > 0) return static_cast<std::size_t>(got);
    if (got == 0) {
      ec = boost::asio::error::eof;
      return 0;
    }
    if (errno == EINTR) continue;
    if (errno == EAGAIN || errno == EWOULDBLOCK) return std::nullopt;
    ec.assign(errno, boost::system::system_category());
    return 0;
  }
}

}  // namespace wavesites
