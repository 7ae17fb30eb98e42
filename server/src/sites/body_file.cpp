#include "sites/body_file.hpp"

#include <fcntl.h>
#include <sys/mman.h>
#include <unistd.h>

#include <cstdint>
#include <cstdlib>
#include <vector>

namespace wavesites {
namespace {

/// An unlinked file in TMPDIR, /var/tmp or /tmp, else a memfd; -1 when none can be made.
int open_unlinked() {
  const char* tmp = std::getenv("TMPDIR");
  for (const char* dir : {tmp, "/var/tmp", "/tmp"}) {
    if (!dir || !*dir) continue;
    // O_NOATIME: every sendfile would otherwise ask whether the access time is due.
    int fd = ::open(dir, O_TMPFILE | O_RDWR | O_CLOEXEC | O_NOATIME, 0600);
    if (fd < 0) fd = ::open(dir, O_TMPFILE | O_RDWR | O_CLOEXEC, 0600);
    if (fd >= 0) return fd;
  }
  return ::memfd_create("wavesites-bodies", MFD_CLOEXEC);
}

bool write_at(int fd, std::string_view bytes, std::int64_t offset) {
  std::size_t done = 0;
  while (done < bytes.size()) {
    const auto n = ::pwrite(fd, bytes.data() + done, bytes.size() - done,
                            static_cast<off_t>(offset + static_cast<std::int64_t>(done)));
    if (n <= 0) return false;
    done += static_cast<std::size_t>(n);
  }
  return true;
}

}  // namespace

body_file::~body_file() {
  if (map_) ::munmap(map_, map_size_);
  if (fd_ >= 0) ::close(fd_);
}

void body_file::place(std::deque<resource>& resources, std::size_t threshold) {
  // Each body starts on a page of its own, so it spans as few pages as its size allows: one page
  // more means one more page reference spliced, queued and freed on every send.
  const auto page = static_cast<std::int64_t>(::sysconf(_SC_PAGESIZE) > 0 ? ::sysconf(_SC_PAGESIZE) : 4096);
  const auto aligned = [page](std::int64_t n) { return (n + page - 1) / page * page; };
  std::vector<representation*> large;
  std::int64_t total = 0;
  for (auto& res : resources) {
    for (auto& rep : res.reps) {
      if (!rep.present || rep.body.size() < threshold) continue;
      large.push_back(&rep);
      total += aligned(static_cast<std::int64_t>(rep.body.size()));
    }
  }
  if (large.empty()) return;
  fd_ = open_unlinked();
  if (fd_ < 0) return;
  std::int64_t offset = 0;
  for (auto* rep : large) {
    if (!write_at(fd_, rep->body, offset)) {
      for (auto* placed : large) placed->body_fd = -1;
      ::close(fd_);
      fd_ = -1;
      return;
    }
    rep->body_fd = fd_;
    rep->body_offset = offset;
    offset += aligned(static_cast<std::int64_t>(rep->body.size()));
  }
  const auto size = static_cast<std::size_t>(total);
  void* map = ::mmap(nullptr, size, PROT_READ, MAP_SHARED, fd_, 0);
  if (map != MAP_FAILED) {
    map_ = map;
    map_size_ = size;
    ::mlock(map, size);  // best effort: without the privilege the page cache still holds it
  }
}

}  // namespace wavesites
