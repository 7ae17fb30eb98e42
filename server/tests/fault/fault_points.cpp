#include "fault/fault_points.hpp"

#include <array>
#include <atomic>
#include <stdexcept>
#include <string>

#include "net/fault_point.hpp"

namespace wavesites {
namespace {

constexpr std::array<std::string_view, 2> points{"accept", "sweep"};
std::array<std::atomic<int>, points.size()> armed{};

std::atomic<int>* switch_of(std::string_view where) {
  for (std::size_t i = 0; i < points.size(); ++i) {
    if (points[i] == where) return &armed[i];
  }
  return nullptr;
}

}  // namespace

bool fault::arm(std::string_view where) {
  auto* s = switch_of(where);
  if (s) s->fetch_add(1);
  return s != nullptr;
}

void fault_point(std::string_view where) {
  auto* s = switch_of(where);
  // Taken by one thread only: two workers passing "sweep" at once throw once between them.
  for (int n = s ? s->load() : 0; n > 0;) {
    if (s->compare_exchange_weak(n, n - 1)) throw std::runtime_error("injected fault: " + std::string(where));
  }
}

}  // namespace wavesites
