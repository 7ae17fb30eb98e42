#pragma once
/// std::unique_ptr for the handles of C libraries (sqlite3, libpq): `c_handle<T, free_fn>` frees
/// with `free_fn` when it goes out of scope.
#include <memory>

namespace wavesites {

template <auto Free>
struct c_free {
  template <typename T>
  void operator()(T* p) const noexcept {
    Free(p);
  }
};

template <typename T, auto Free>
using c_handle = std::unique_ptr<T, c_free<Free>>;

}  // namespace wavesites
