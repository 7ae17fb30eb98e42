#include "app/cli.hpp"
#include "app/commands.hpp"

int main(int argc, char** argv) {
  const auto parsed = wavesites::parse_command_line(argc, argv);
  return parsed.cmd ? wavesites::run(*parsed.cmd) : parsed.exit_status;
}
