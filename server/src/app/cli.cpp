#include "app/cli.hpp"

#include <cstdio>
#include <cstdlib>
#include <vector>

#include <CLI/CLI.hpp>

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
    add_export("leads", "business leads", "write every lead to stdout", leads_, leads_flags_);
    leads_cmd_->add_option("--format", leads_.format, "csv or json")
        ->check(CLI::IsMember({"csv", "json"}))
        ->capture_default_str();
    add_export("resumes", "uploaded resumes", "write every resume into OUTDIR", resumes_, resumes_flags_);
    resumes_cmd_->add_option("OUTDIR", resumes_.out_dir, "output directory")->required();
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
    return usage_error("no command given (see wavesites --help)");
  }

 private:
  void add_serve() {
    serve_cmd_ = app_.add_subcommand("serve", "serve every site");
    serve_flags_.add_store_options(serve_cmd_, serve_.store);
    serve_flags_.bind(serve_cmd_->add_option("--listen", serve_.listen, "HOST:PORT to listen on (env WAVESITES_LISTEN)")
                          ->capture_default_str(),
                      "WAVESITES_LISTEN", serve_.listen);
    serve_flags_.bind(serve_cmd_->add_option("--web", serve_.web_dir,
                                             "built web bundle directory (env WAVESITES_WEB; default: build/web next "
                                             "to the binary)"),
                      "WAVESITES_WEB", serve_.web_dir);
  }

  /// `<noun> export`, e.g. `leads export`.
  void add_export(const char* noun, const char* about, const char* export_about, export_command& cmd, flag_set& flags) {
    auto* group = app_.add_subcommand(noun, about);
    group->require_subcommand(1);
    auto* sub = group->add_subcommand("export", export_about);
    flags.add_store_options(sub, cmd.store);
    (cmd.what == export_command::kind::leads ? leads_cmd_ : resumes_cmd_) = sub;
  }

  template <typename Command>
  static parsed_command_line chosen(const Command& cmd, const flag_set& flags) {
    flags.apply_environment();
    return {cmd, 0};
  }

  CLI::App app_{"wavesites: one server for the WaveAds sites, its blogs and landing page"};
  serve_command serve_;
  export_command leads_{export_command::kind::leads, {}, "csv", {}};
  export_command resumes_{export_command::kind::resumes, {}, "csv", {}};
  flag_set serve_flags_, leads_flags_, resumes_flags_;
  CLI::App* serve_cmd_ = nullptr;
  CLI::App* leads_cmd_ = nullptr;
  CLI::App* resumes_cmd_ = nullptr;
};

}  // namespace

parsed_command_line parse_command_line(int argc, char** argv) {
  // CLI11 would call an unknown word a positional argument; say it is an unknown command.
  if (argc > 1 && argv[1][0] != '-') {
    const std::string_view word = argv[1];
    if (word != "serve" && word != "leads" && word != "resumes") {
      return usage_error("unknown command '" + std::string(word) + "' (see wavesites --help)");
    }
  }
  return command_line().parse(argc, argv);
}

}  // namespace wavesites
