#include <exception>

#include "app/cli.hpp"
#include "app/commands.hpp"
#include "log/event_log.hpp"

int main(int argc, char** argv) {
  // Expected failures travel as values; an exception here is an infrastructure fault (out of
  // memory, say), reported in one line rather than as a core dump.
  try {
    const auto parsed = wavesites::parse_command_line(argc, argv);
    return parsed.cmd ? wavesites::run(*parsed.cmd) : parsed.exit_status;
  } catch (const std::exception& e) {
    wavesites::log::error("internal_error", {{"error", e.what()}});
    return 1;
  }
}
