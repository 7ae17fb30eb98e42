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
    const int fd = ::open(dir, O_TMPFILE | O_RDWR | O_CLOEXEC, 0600);
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
  std::vector<representation*> large;
  std::size_t total = 0;
  for (auto& res : resources) {
    for (auto& rep : res.reps) {
      if (!rep.present || rep.body.size() < threshold) continue;
      large.push_back(&rep);
      total += rep.body.size();
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
    offset += static_cast<std::int64_t>(rep->body.size());
  }
  void* map = ::mmap(nullptr, total, PROT_READ, MAP_SHARED, fd_, 0);
  if (map != MAP_FAILED) {
    map_ = map;
    map_size_ = total;
    ::mlock(map, total);  // best effort: without the privilege the page cache still holds it
  }
}

}  // namespace wavesites
