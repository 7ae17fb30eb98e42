#pragma once
/// A place in the I/O loops where the fault tests make the server throw, to check that a fault
/// costs only the work it interrupted (server/tests/fault, tests/integration/faults.test.mjs).
/// Only the server built for those tests defines WAVESITES_FAULT_POINTS, for the sources that
/// hold a point; in every other build, the shipped one included, a point is an empty inline
/// function and leaves nothing in the binary.
#include <string_view>

namespace wavesites {

#ifdef WAVESITES_FAULT_POINTS
/// Throws once for each time the test armed `where` (tests/fault/fault_points.hpp).
void fault_point(std::string_view where);
#else
inline void fault_point(std::string_view /*where*/) {}
#endif

}  // namespace wavesites
