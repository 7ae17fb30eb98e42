#pragma once
/// Asks the cache for memory that will be read soon, without waiting for it.
///
/// GCC 12 treats __builtin_prefetch as free of effects and drops it with the branch around it
/// when nothing else in that branch has any: a walk that only asks for lines (ready_read.hpp's
/// warm_ahead) compiled to nothing. A volatile asm stays where it is written.
#include <cstddef>

namespace wavesites {

inline void prefetch(const void* p) {
#if defined(__x86_64__)
  asm volatile("prefetcht0 %0" : : "m"(*static_cast<const char*>(p)));
#else
  __builtin_prefetch(p, 1, 3);
#endif
}

/// Every 64-byte line of [p, p + n).
inline void prefetch_lines(const void* p, std::size_t n) {
  for (std::size_t at = 0; at < n; at += 64) prefetch(static_cast<const char*>(p) + at);
}

}  // namespace wavesites
