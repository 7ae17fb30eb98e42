#include "app/entry.hpp"

#include <exception>

#include "app/cli.hpp"
#include "app/commands.hpp"
#include "log/event_log.hpp"
#include "net/server.hpp"

namespace wavesites {

int run_main(int argc, char** argv, const serve_hooks& hooks) {
  // Before anything else and before any thread exists, so every thread has it from the start.
  ignore_client_signals();
  // Expected failures travel as values; an exception here is an infrastructure fault (out of
  // memory, say), reported in one line rather than as a core dump.
  try {
    const auto parsed = parse_command_line(argc, argv);
    if (!parsed.cmd) return parsed.exit_status;
    if (const auto* serve = std::get_if<serve_command>(&*parsed.cmd)) return run(*serve, hooks.add_routes);
    return run(*parsed.cmd);
  } catch (const std::exception& e) {
    log::error("internal_error", {{"error", e.what()}});
    return 1;
  }
}

}  // namespace wavesites
