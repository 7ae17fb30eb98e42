#pragma once
/// The command line (docs/command-line.md) parsed into a command to run; nothing is opened or
/// started here. Each flag also reads its environment variable, and a flag beats its variable.
#include <optional>
#include <string>
#include <variant>

namespace wavesites {

constexpr const char* version_string = "0.1.0";

/// Where the config, the data and the store are: what every command needs.
struct store_options {
  std::string config_path = "config/sites.toml";
  std::string data_dir = "./data";
  std::string database;  ///< empty: SQLite in the data directory
};

/// `wavesites serve`
struct serve_command {
  store_options store;
  std::string listen = "127.0.0.1:8080";
  std::string web_dir;  ///< empty: the bundle next to the binary
};

/// `wavesites leads export` and `wavesites resumes export`
struct export_command {
  enum class kind { leads, resumes } what = kind::leads;
  store_options store;
  std::string format = "csv";  ///< leads: csv or json
  std::string out_dir;         ///< resumes: where the files go
};

using command = std::variant<serve_command, export_command>;

/// A command to run, or the exit status when the command line was already answered: 0 after
/// --help or --version, 2 after one line on stderr saying what is wrong.
struct parsed_command_line {
  std::optional<command> cmd;
  int exit_status = 0;
};

[[nodiscard]] parsed_command_line parse_command_line(int argc, char** argv);

}  // namespace wavesites
