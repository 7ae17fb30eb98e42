#pragma once
/// What each command does, once its command line is parsed (app/cli.hpp): the wiring of the
/// server for `serve`, the exports, `check` and `backup`. Each returns the process's exit status: 0, or 2 after
/// one line on stderr naming the problem.
#include <functional>

#include "app/cli.hpp"
#include "http/router.hpp"

namespace wavesites {

/// `add_routes`: more routes, from a test build's binary only (app/entry.hpp).
int run(const serve_command& cmd, const std::function<void(route_table&)>& add_routes = {});
int run(const export_command& cmd);
/// Prints one line per part checked; opens nothing for writing and migrates nothing.
int run(const check_command& cmd);
int run(const backup_command& cmd);
/// Without --yes: prints what it would remove and exits 2, changing nothing. With it: removes,
/// writes the audit line, purges the store's files, prints what went.
int run(const delete_command& cmd);
/// Prints one "Open http://<host>:<port>/" line per *.localhost host of the config.
int run(const urls_command& cmd);
/// Prints the stats report (stats/report.hpp) in the chosen format.
int run(const stats_command& cmd);
/// Reads a password on stdin (one line) and prints its argon2id hash.
int run(const passwd_command& cmd);

inline int run(const command& cmd) {
  return std::visit([](const auto& c) { return run(c); }, cmd);
}

}  // namespace wavesites
