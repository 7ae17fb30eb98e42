#pragma once
/// An allocator that keeps freed blocks of one size for the thread that freed them, and hands
/// out the most recently freed one first.
///
/// For a connection's read buffer (http/request_reader): it is needed only while a request is
/// arriving. Held between requests, 512 idle keep-alive connections spread 8 MB of buffers, and
/// each new request is read into a cold one (cache and TLB misses on every answer); given back
/// while the connection waits, the few buffers in use at once stay hot, as h2o does with its
/// socket buffers. Blocks of any other size come from the heap as usual.
#include <cstddef>
#include <memory>
#include <vector>

namespace wavesites {

template <typename T, std::size_t Bytes, std::size_t Keep = 64>
class recycling_allocator {
 public:
  using value_type = T;
  template <typename U>
  struct rebind {
    using other = recycling_allocator<U, Bytes, Keep>;
  };

  recycling_allocator() = default;
  template <typename U>
  explicit recycling_allocator(const recycling_allocator<U, Bytes, Keep>& /*other*/) noexcept {}

  T* allocate(std::size_t n) {
    if (n * sizeof(T) == Bytes) {
      auto& kept = spare();
      if (!kept.empty()) {
        void* p = kept.back();
        kept.pop_back();
        return static_cast<T*>(p);
      }
    }
    return std::allocator<T>().allocate(n);
  }

  void deallocate(T* p, std::size_t n) noexcept {
    if (n * sizeof(T) == Bytes) {
      auto& kept = spare();
      if (kept.size() < Keep) {  // room reserved up front: push_back cannot throw
        kept.push_back(p);
        return;
      }
    }
    std::allocator<T>().deallocate(p, n);
  }

  friend bool operator==(const recycling_allocator& /*a*/, const recycling_allocator& /*b*/) noexcept { return true; }

 private:
  /// This thread's kept blocks, freed when the thread ends.
  struct stock {
    std::vector<void*> blocks;
    stock() { blocks.reserve(Keep); }
    ~stock() {
      for (void* p : blocks) std::allocator<T>().deallocate(static_cast<T*>(p), Bytes / sizeof(T));
    }
    stock(const stock&) = delete;
    stock& operator=(const stock&) = delete;
  };
  static std::vector<void*>& spare() {
    thread_local stock s;
    return s.blocks;
  }
};

}  // namespace wavesites
