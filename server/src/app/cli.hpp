#pragma once
/// The command line of CONTRACTS.md section 2.
namespace wavesites {

constexpr const char* version_string = "0.1.0";

/// Runs `wavesites ...`; returns the process exit status (2 for any bad input).
int run_cli(int argc, char** argv);

}  // namespace wavesites
