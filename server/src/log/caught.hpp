#pragma once
/// The boundary where a fault (an exception: a bug, or memory running out) stops: it is logged
/// once as `internal_error` with where it happened, counted in wavesites_internal_errors_total,
/// and the work that raised it ends there rather than the process.
#include <exception>
#include <string_view>
#include <utility>

#include "log/event_log.hpp"
#include "metrics/metrics.hpp"

namespace wavesites {

/// Logs and counts the exception being handled; call only inside a catch block.
inline void report_fault(std::string_view where) {
  std::string what = "unknown exception";
  try {
    throw;
  } catch (const std::exception& e) {
    what = e.what();
  } catch (...) {
  }
  metrics::count_internal_error();
  log::error("internal_error", {{"where", where}, {"error", what}});
}

/// `fn()`, or `fallback` when it throws (reported as above).
template <typename F, typename T>
T caught(std::string_view where, F&& fn, T fallback) {
  try {
    return std::forward<F>(fn)();
  } catch (...) {
    report_fault(where);
    return fallback;
  }
}

}  // namespace wavesites
