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

/// `wavesites leads export`, `wavesites resumes export` and `wavesites clicks export`
struct export_command {
  enum class kind { leads, resumes, clicks } what = kind::leads;
  store_options store;
  std::string format = "csv";  ///< leads and clicks: csv or json
  std::string out_dir;         ///< resumes: where the files go
  std::string since;           ///< only records whose id is greater (a ULID); empty: all
  std::string email;           ///< leads: only this address's (any case); empty: every address
};

/// `wavesites leads delete` and `wavesites resumes delete`: a person's erasure request.
struct delete_command {
  enum class kind { leads, resumes } what = kind::leads;
  store_options store;
  std::string email;  ///< leads: every lead of this address (any case)
  std::string id;     ///< the record with this id (a ULID)
  bool yes = false;   ///< without it nothing changes: the command says what it would remove
};

/// `wavesites urls`: where to open each site on this machine, from the config's *.localhost hosts.
struct urls_command {
  std::string config_path = "config/sites.toml";
  std::string listen = "127.0.0.1:8080";
};

/// `wavesites check`: which parts to look at (none chosen on the command line: all three).
struct check_command {
  store_options store;
  std::string web_dir;  ///< empty: the bundle next to the binary
  bool config = false;
  bool web = false;
  bool database = false;
};

/// `wavesites backup OUTFILE`
struct backup_command {
  store_options store;
  std::string out_file;
};

/// `wavesites stats`: the visit counts, clicks and leads over a range of days.
struct stats_command {
  store_options store;
  std::string web_dir;  ///< the bundle, for its sites and where their articles are
  std::string site;     ///< empty: every site
  std::string from;     ///< YYYY-MM-DD; empty: 29 days before `to`
  std::string to;       ///< YYYY-MM-DD; empty: today (UTC)
  std::string format = "table";
};

/// `wavesites passwd`: a password on stdin -> its argon2id hash, for [stats] users.
struct passwd_command {};

using command = std::variant<serve_command, export_command, check_command, backup_command, delete_command, urls_command,
                             stats_command, passwd_command>;

/// A command to run, or the exit status when the command line was already answered: 0 after
/// --help or --version, 2 after one line on stderr saying what is wrong.
struct parsed_command_line {
  std::optional<command> cmd;
  int exit_status = 0;
};

[[nodiscard]] parsed_command_line parse_command_line(int argc, char** argv);

}  // namespace wavesites
