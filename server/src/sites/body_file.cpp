#include "sites/body_file.hpp"

#include <fcntl.h>
#include <sys/mman.h>
#include <unistd.h>

#include <algorithm>
#include <bit>
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
  std::vector<representation*> large;
  for (auto& res : resources) {
    for (auto& rep : res.reps) {
      if (rep.present && rep.body.size() >= threshold) large.push_back(&rep);
    }
  }
  if (large.empty()) return;
  // Each body gets a slot of the power of two that holds it (at least a page), at an offset that
  // is a multiple of the slot: biggest first, so no slot needs padding before it.
  const auto page = static_cast<std::size_t>(::sysconf(_SC_PAGESIZE) > 0 ? ::sysconf(_SC_PAGESIZE) : 4096);
  const auto slot = [page](std::size_t n) { return std::max(std::bit_ceil(n), page); };
  std::stable_sort(large.begin(), large.end(), [&](const representation* a, const representation* b) {
    return slot(a->body.size()) > slot(b->body.size());
  });
  std::size_t total = 0;
  for (const auto* rep : large) total += slot(rep->body.size());
  fd_ = open_unlinked();
  if (fd_ < 0) return;
  // One write of the whole image, not one per body: the page cache then holds it in large folios
  // (ext4 makes them as large as a write and its alignment allow), so a body lies in one, and a
  // sendfile of a 40 KB page takes its pages from one folio instead of two or three: fewer
  // lookups, and the references it takes and drops per page land on one folio's cache lines.
  // The image is built in pages of its own, not on the heap: freeing a block this large would
  // raise malloc's mmap threshold to its size, and the heap would then keep every large buffer
  // freed later (upload RSS grew 16 MB instead of 4).
  void* scratch = ::mmap(nullptr, total, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  bool written = false;
  if (scratch != MAP_FAILED) {
    auto* image = static_cast<char*>(scratch);
    std::size_t offset = 0;
    for (auto* rep : large) {
      std::copy(rep->body.begin(), rep->body.end(), image + offset);
      rep->body_offset = static_cast<std::int64_t>(offset);
      offset += slot(rep->body.size());
    }
    written = write_at(fd_, {image, total}, 0);
    ::munmap(scratch, total);
  }
  if (!written) {
    ::close(fd_);
    fd_ = -1;
    return;
  }
  for (auto* rep : large) rep->body_fd = fd_;
  void* map = ::mmap(nullptr, total, PROT_READ, MAP_SHARED, fd_, 0);
  if (map != MAP_FAILED) {
    map_ = map;
    map_size_ = total;
    ::mlock(map, total);  // best effort: without the privilege the page cache still holds it
  }
}

}  // namespace wavesites
