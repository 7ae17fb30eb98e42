#include "app/cli.hpp"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include <CLI/CLI.hpp>

#include "util/ids.hpp"

namespace wavesites {
namespace {

parsed_command_line usage_error(std::string message) {
  for (auto& c : message) {
    if (c == '\n') c = ' ';
  }
  std::fprintf(stderr, "wavesites: %s\n", message.c_str());
  return {std::nullopt, 2};
}

/// A flag, with the environment variable that stands in for it when the flag is not given.
struct flag_binding {
  CLI::Option* option;
  const char* env;
  std::string* target;
};

class flag_set {
 public:
  void bind(CLI::Option* option, const char* env, std::string& target) { flags_.push_back({option, env, &target}); }

  /// The store flags every command takes.
  void add_store_options(CLI::App* sub, store_options& o) {
    bind(sub->add_option("--config", o.config_path, "sites config file (env WAVESITES_CONFIG)")->capture_default_str(),
         "WAVESITES_CONFIG", o.config_path);
    bind(sub->add_option("--data", o.data_dir, "data directory (env WAVESITES_DATA)")->capture_default_str(),
         "WAVESITES_DATA", o.data_dir);
    bind(sub->add_option("--database", o.database,
                         "sqlite:PATH or postgresql://user:pass@host:port/db (env WAVESITES_DATABASE; default: "
                         "SQLite in the data directory)"),
         "WAVESITES_DATABASE", o.database);
  }

  /// The web bundle flag of serve and check.
  void add_web_option(CLI::App* sub, std::string& web_dir) {
    bind(sub->add_option("--web", web_dir,
                         "built web bundle directory (env WAVESITES_WEB; default: build/web next to the binary)"),
         "WAVESITES_WEB", web_dir);
  }

  void apply_environment() const {
    for (const auto& f : flags_) {
      if (f.option->count() > 0) continue;  // a flag beats its variable
      if (const char* v = std::getenv(f.env); v && *v) *f.target = v;
    }
  }

 private:
  std::vector<flag_binding> flags_;
};

/// The commands CLI11 knows, with where each puts what it parses.
class command_line {
 public:
  command_line() {
    app_.name("wavesites");
    app_.set_version_flag("--version", std::string("wavesites ") + version_string);
    app_.require_subcommand(1);
    add_serve();
    auto* leads = add_export("leads", "business leads", "write every lead to stdout", leads_, leads_flags_);
    leads_cmd_->add_option("--format", leads_.format, "csv or json")
        ->check(CLI::IsMember({"csv", "json"}))
        ->capture_default_str();
    leads_cmd_->add_option("--email", leads_.email, "only the leads of this address (any case)")
        ->type_name("ADDR")
        ->check(email_check());
    leads_delete_cmd_ =
        add_delete(leads, "erase every lead of --email ADDR, or the lead --id ID", leads_delete_, leads_delete_flags_);
    auto* resumes =
        add_export("resumes", "uploaded resumes", "write every resume into OUTDIR", resumes_, resumes_flags_);
    resumes_cmd_->add_option("OUTDIR", resumes_.out_dir, "output directory")->required();
    resumes_delete_cmd_ =
        add_delete(resumes, "erase the resume --id ID and its bytes", resumes_delete_, resumes_delete_flags_);
    add_export("clicks", "the landing page's click log", "write every click to stdout", clicks_, clicks_flags_);
    clicks_cmd_->add_option("--format", clicks_.format, "csv or json")
        ->check(CLI::IsMember({"csv", "json"}))
        ->capture_default_str();
    add_check();
    add_backup();
    add_urls();
    add_stats();
    passwd_cmd_ = app_.add_subcommand(
        "passwd", "read a password on stdin and print its argon2id hash, for [stats] users in the config");
  }

  parsed_command_line parse(int argc, char** argv) {
    try {
      app_.parse(argc, argv);
    } catch (const CLI::CallForHelp& e) {
      return {std::nullopt, app_.exit(e)};
    } catch (const CLI::CallForAllHelp& e) {
      return {std::nullopt, app_.exit(e)};
    } catch (const CLI::CallForVersion& e) {
      return {std::nullopt, app_.exit(e)};
    } catch (const CLI::ParseError& e) {
      return usage_error(std::string(e.what()) + " (see wavesites --help)");
    }
    if (serve_cmd_->parsed()) return chosen(serve_, serve_flags_);
    if (leads_cmd_->parsed()) return chosen(leads_, leads_flags_);
    if (resumes_cmd_->parsed()) return chosen(resumes_, resumes_flags_);
    if (clicks_cmd_->parsed()) return chosen(clicks_, clicks_flags_);
    if (check_cmd_->parsed()) return chosen_check();
    if (backup_cmd_->parsed()) return chosen(backup_, backup_flags_);
    if (leads_delete_cmd_->parsed()) {
      if (leads_delete_.email.empty() && leads_delete_.id.empty()) {
        return usage_error(
            "leads delete: say which leads: --email ADDR or --id ID (see wavesites leads delete --help)");
      }
      return chosen(leads_delete_, leads_delete_flags_);
    }
    if (resumes_delete_cmd_->parsed()) return chosen(resumes_delete_, resumes_delete_flags_);
    if (urls_cmd_->parsed()) return chosen(urls_, urls_flags_);
    if (stats_cmd_->parsed()) return chosen(stats_, stats_flags_);
    if (passwd_cmd_->parsed()) return {passwd_command{}, 0};
    return usage_error("no command given (see wavesites --help)");
  }

 private:
  void add_serve() {
    serve_cmd_ = app_.add_subcommand("serve", "serve every site");
    serve_flags_.add_store_options(serve_cmd_, serve_.store);
    serve_flags_.bind(serve_cmd_->add_option("--listen", serve_.listen, "HOST:PORT to listen on (env WAVESITES_LISTEN)")
                          ->capture_default_str(),
                      "WAVESITES_LISTEN", serve_.listen);
    serve_flags_.add_web_option(serve_cmd_, serve_.web_dir);
  }

  /// `check`: --config, --web and --database each choose a part and, with a value, say where it is.
  void add_check() {
    check_cmd_ = app_.add_subcommand("check", "check the config, the web bundle and the store without serving");
    check_flags_.add_store_options(check_cmd_, check_.store);
    check_flags_.add_web_option(check_cmd_, check_.web_dir);
    for (const char* name : {"--config", "--web", "--database"}) check_cmd_->get_option(name)->expected(0, 1);
  }

  parsed_command_line chosen_check() {
    check_.config = check_cmd_->get_option("--config")->count() > 0;
    check_.web = check_cmd_->get_option("--web")->count() > 0;
    check_.database = check_cmd_->get_option("--database")->count() > 0;
    if (!check_.config && !check_.web && !check_.database) check_.config = check_.web = check_.database = true;
    // A selector given without a value (CLI11 then fills in the default) leaves the default, or
    // its variable, in force.
    if (check_.store.config_path.empty()) check_.store.config_path = store_options{}.config_path;
    for (const char* name : {"--config", "--web", "--database"}) {
      auto* opt = check_cmd_->get_option(name);
      const auto& given = opt->results();
      if (given.empty() || given.front().empty() || given.front() == opt->get_default_str()) opt->clear();
    }
    return chosen(check_, check_flags_);
  }

  void add_backup() {
    backup_cmd_ = app_.add_subcommand("backup", "copy the SQLite store, consistently, while the server runs");
    backup_flags_.add_store_options(backup_cmd_, backup_.store);
    backup_cmd_->add_option("OUTFILE", backup_.out_file, "the new file (refused if it exists)")->required();
  }

  /// `urls`: reads the config and the listen address as serve would, and nothing else.
  void add_urls() {
    urls_cmd_ = app_.add_subcommand("urls", "print where to open each site on this machine (its *.localhost hosts)");
    urls_flags_.bind(urls_cmd_->add_option("--config", urls_.config_path, "sites config file (env WAVESITES_CONFIG)")
                         ->capture_default_str(),
                     "WAVESITES_CONFIG", urls_.config_path);
    urls_flags_.bind(
        urls_cmd_->add_option("--listen", urls_.listen, "HOST:PORT the server listens on (env WAVESITES_LISTEN)")
            ->capture_default_str(),
        "WAVESITES_LISTEN", urls_.listen);
  }

  /// `stats`: a range of days, one site or all, as a table, CSV or JSON.
  void add_stats() {
    stats_cmd_ = app_.add_subcommand("stats", "visit counts, link clicks and leads per site over a range of days");
    stats_flags_.add_store_options(stats_cmd_, stats_.store);
    stats_flags_.add_web_option(stats_cmd_, stats_.web_dir);
    stats_cmd_->add_option("--site", stats_.site, "one site (default: all)")->type_name("SITE");
    stats_cmd_->add_option("--from", stats_.from, "first day, UTC (default: 29 days before --to)")
        ->type_name("YYYY-MM-DD");
    stats_cmd_->add_option("--to", stats_.to, "last day, UTC (default: today)")->type_name("YYYY-MM-DD");
    stats_cmd_->add_option("--format", stats_.format, "table, csv or json")
        ->check(CLI::IsMember({"table", "csv", "json"}))
        ->capture_default_str();
  }

  /// `<noun> delete`: --id for both, --email for leads (one of the two), --yes to act.
  CLI::App* add_delete(CLI::App* group, const char* about, delete_command& cmd, flag_set& flags) {
    auto* sub = group->add_subcommand("delete", about);
    flags.add_store_options(sub, cmd.store);
    auto* id = sub->add_option("--id", cmd.id, "the record with this id")->type_name("ID")->transform(ulid_check());
    if (cmd.what == delete_command::kind::leads) {
      sub->add_option("--email", cmd.email, "every lead of this address (any case)")
          ->type_name("ADDR")
          ->check(email_check())
          ->excludes(id);
    } else {
      id->required();
    }
    sub->add_flag("--yes", cmd.yes, "remove them; without it nothing changes and the command says what would go");
    return sub;
  }

  /// `<noun> export`, e.g. `leads export`; returns the `<noun>` group.
  CLI::App* add_export(const char* noun, const char* about, const char* export_about, export_command& cmd,
                       flag_set& flags) {
    auto* group = app_.add_subcommand(noun, about);
    group->require_subcommand(1);
    auto* sub = group->add_subcommand("export", export_about);
    flags.add_store_options(sub, cmd.store);
    sub->add_option("--since", cmd.since, "only records whose id is greater than ID")
        ->type_name("ID")
        ->transform(ulid_check());
    switch (cmd.what) {
      case export_command::kind::leads:
        leads_cmd_ = sub;
        break;
      case export_command::kind::resumes:
        resumes_cmd_ = sub;
        break;
      case export_command::kind::clicks:
        clicks_cmd_ = sub;
        break;
    }
    return group;
  }

  /// An address as a person gives it: something@something, no spaces or control characters.
  static CLI::Validator email_check() {
    return {[](std::string& value) -> std::string {
              const auto at = value.find('@');
              const bool plain = std::none_of(value.begin(), value.end(),
                                              [](char c) { return static_cast<unsigned char>(c) <= ' ' || c == 0x7f; });
              if (at != std::string::npos && at > 0 && at + 1 < value.size() && value.size() <= 254 && plain) return {};
              return "not an email address";
            },
            "ADDR"};
  }

  /// An id as the exports show them; lower case is taken too, since ULIDs ignore case.
  static CLI::Validator ulid_check() {
    return {[](std::string& value) -> std::string {
              for (auto& c : value) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
              if (looks_like_ulid(value)) return {};
              return "not a record id (26 characters such as 01JD3Q6V9Y4ZC8XKQ2W7T5M0RB, as the exports show)";
            },
            "ID"};
  }

  template <typename Command>
  static parsed_command_line chosen(const Command& cmd, const flag_set& flags) {
    flags.apply_environment();
    return {cmd, 0};
  }

  CLI::App app_{"wavesites: one server for the WaveAds sites, its blogs and landing page"};
  serve_command serve_;
  export_command leads_{export_command::kind::leads, {}, "csv", {}, {}, {}};
  export_command resumes_{export_command::kind::resumes, {}, "csv", {}, {}, {}};
  export_command clicks_{export_command::kind::clicks, {}, "csv", {}, {}, {}};
  check_command check_;
  backup_command backup_;
  delete_command leads_delete_{delete_command::kind::leads, {}, {}, {}, false};
  delete_command resumes_delete_{delete_command::kind::resumes, {}, {}, {}, false};
  urls_command urls_;
  stats_command stats_;
  flag_set stats_flags_;
  flag_set serve_flags_, leads_flags_, resumes_flags_, clicks_flags_, check_flags_, backup_flags_, leads_delete_flags_,
      resumes_delete_flags_, urls_flags_;
  CLI::App* serve_cmd_ = nullptr;
  CLI::App* leads_cmd_ = nullptr;
  CLI::App* resumes_cmd_ = nullptr;
  CLI::App* clicks_cmd_ = nullptr;
  CLI::App* check_cmd_ = nullptr;
  CLI::App* backup_cmd_ = nullptr;
  CLI::App* leads_delete_cmd_ = nullptr;
  CLI::App* resumes_delete_cmd_ = nullptr;
  CLI::App* urls_cmd_ = nullptr;
  CLI::App* stats_cmd_ = nullptr;
  CLI::App* passwd_cmd_ = nullptr;
};

}  // namespace

parsed_command_line parse_command_line(int argc, char** argv) {
  // CLI11 would call an unknown word a positional argument; say it is an unknown command.
  if (argc > 1 && argv[1][0] != '-') {
    const std::string_view word = argv[1];
    if (word != "serve" && word != "leads" && word != "resumes" && word != "clicks" && word != "check" &&
        word != "backup" && word != "urls" && word != "stats" && word != "passwd") {
      return usage_error("unknown command '" + std::string(word) + "' (see wavesites --help)");
    }
  }
  return command_line().parse(argc, argv);
}

}  // namespace wavesites
