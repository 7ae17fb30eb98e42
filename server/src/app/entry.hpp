#pragma once
/// The whole process from `main`: signal dispositions first, then the command line, then the
/// command. The shipped binary calls it with no hooks; a test build's binary passes some.
#include <functional>

#include "http/router.hpp"

namespace wavesites {

/// What a test build adds to `serve` (fault injection, tests/fault). The shipped binary has none.
struct serve_hooks {
  std::function<void(route_table&)> add_routes;
};

/// Runs the process: returns its exit status.
int run_main(int argc, char** argv, const serve_hooks& hooks = {});

}  // namespace wavesites
