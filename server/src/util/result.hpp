#pragma once
/// A value or an error message: expected failures (bad input, a missing file) travel as values,
/// exceptions are kept for infrastructure faults and caught at one boundary.
#include <string>
#include <utility>
#include <variant>

namespace wavesites {

struct error {
  std::string message;
};

template <typename T>
class result {
 public:
  result() : v_(error{"no result"}) {}       // for containers and coroutine plumbing
  result(T value) : v_(std::move(value)) {}  // NOLINT: implicit by design
  result(error e) : v_(std::move(e)) {}      // NOLINT: implicit by design

  [[nodiscard]] bool ok() const noexcept { return v_.index() == 0; }
  explicit operator bool() const noexcept { return ok(); }
  T& value() & { return std::get<0>(v_); }
  const T& value() const& { return std::get<0>(v_); }
  T&& value() && { return std::get<0>(std::move(v_)); }
  T* operator->() { return &std::get<0>(v_); }
  const T* operator->() const { return &std::get<0>(v_); }
  T& operator*() & { return std::get<0>(v_); }
  const T& operator*() const& { return std::get<0>(v_); }
  [[nodiscard]] const std::string& message() const { return std::get<1>(v_).message; }

 private:
  std::variant<T, error> v_;
};

}  // namespace wavesites
