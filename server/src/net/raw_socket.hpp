#pragma once
/// recv(2) and sendmsg(2) made as plain system calls.
///
/// glibc's wrappers are cancellation points: each call switches the thread's asynchronous
/// cancellation on and off around the system call, about 1.5% of a small answer here (two calls
/// per answer). No thread of the server is ever cancelled, so the I/O threads call the kernel
/// directly. Both return what the system call does, with errno set on -1.
#include <sys/socket.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <cstddef>

namespace wavesites {

inline ssize_t raw_recv(int fd, void* buf, std::size_t n) {
  return ::syscall(SYS_recvfrom, fd, buf, n, 0, nullptr, nullptr);
}

inline ssize_t raw_sendmsg(int fd, const msghdr* msg, int flags) {
  return ::syscall(SYS_sendmsg, fd, msg, flags);
}

}  // namespace wavesites
