#pragma once
/// Large bodies also live in one locked, unlinked file, so they can leave with sendfile(2)
/// without a copy through user space. A file on a disk file system beats a memfd here: the
/// kernel's splice from shmem looks pages up one by one (measured: 20% fewer 30 KB responses
/// a second). The file's pages are mapped and locked, so they stay in memory like the rest.
/// Each body has a slot of the power of two that holds it and is written with the rest in one
/// write, so it lies in one large folio: a 40 KB page then costs its sendfile about 2% less CPU
/// than in three folios, for up to twice its bodies' size in locked memory (the slots' rounding).
#include <cstddef>
#include <deque>

#include "sites/resource.hpp"

namespace wavesites {

class body_file {
 public:
  body_file() = default;
  ~body_file();
  body_file(const body_file&) = delete;
  body_file& operator=(const body_file&) = delete;

  /// Writes every body of at least `threshold` bytes into a fresh file and points its
  /// representation there (body_fd, body_offset). Best effort: where no file can be made, those
  /// bodies are written from memory like the others.
  void place(std::deque<resource>& resources, std::size_t threshold);

 private:
  int fd_ = -1;
  void* map_ = nullptr;
  std::size_t map_size_ = 0;
};

}  // namespace wavesites
