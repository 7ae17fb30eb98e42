#pragma once
/// The switches of the fault points (net/fault_point.hpp) in the server built for the fault
/// tests: a point armed throws the next time the server passes it, once.
#include <string_view>

namespace wavesites::fault {

/// The points there are: "accept" (the accept loop, once a connection is accepted) and "sweep"
/// (a worker's deadline sweep). False for any other name.
bool arm(std::string_view where);

}  // namespace wavesites::fault
