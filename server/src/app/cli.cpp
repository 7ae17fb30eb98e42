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

}  // namespace

parsed_command_line parse_command_line(int argc, char** argv) {
  CLI::App app{"wavesites: one server for the WaveAds sites, its blogs and landing page"};
  app.name("wavesites");
  app.set_version_flag("--version", std::string("wavesites ") + version_string);
  app.require_subcommand(1);

  serve_command serve;
  export_command leads{export_command::kind::leads, {}, "csv", {}};
  export_command resumes{export_command::kind::resumes, {}, "csv", {}};
  flag_set serve_flags, leads_flags, resumes_flags;

  auto* serve_cmd = app.add_subcommand("serve", "serve every site");
  serve_flags.add_store_options(serve_cmd, serve.store);
  serve_flags.bind(serve_cmd->add_option("--listen", serve.listen, "HOST:PORT to listen on (env WAVESITES_LISTEN)")
                       ->capture_default_str(),
                   "WAVESITES_LISTEN", serve.listen);
  serve_flags.bind(serve_cmd->add_option("--web", serve.web_dir,
                                         "built web bundle directory (env WAVESITES_WEB; default: build/web next to "
                                         "the binary)"),
                   "WAVESITES_WEB", serve.web_dir);

  auto* leads_cmd = app.add_subcommand("leads", "business leads");
  leads_cmd->require_subcommand(1);
  auto* leads_export = leads_cmd->add_subcommand("export", "write every lead to stdout");
  leads_flags.add_store_options(leads_export, leads.store);
  leads_export->add_option("--format", leads.format, "csv or json")
      ->check(CLI::IsMember({"csv", "json"}))
      ->capture_default_str();

  auto* resumes_cmd = app.add_subcommand("resumes", "uploaded resumes");
  resumes_cmd->require_subcommand(1);
  auto* resumes_export = resumes_cmd->add_subcommand("export", "write every resume into OUTDIR");
  resumes_flags.add_store_options(resumes_export, resumes.store);
  resumes_export->add_option("OUTDIR", resumes.out_dir, "output directory")->required();

  // CLI11 would call an unknown word a positional argument; say it is an unknown command.
  if (argc > 1 && argv[1][0] != '-') {
    const std::string_view word = argv[1];
    if (word != "serve" && word != "leads" && word != "resumes") {
      return usage_error("unknown command '" + std::string(word) + "' (see wavesites --help)");
    }
  }
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return {std::nullopt, app.exit(e)};
  } catch (const CLI::CallForAllHelp& e) {
    return {std::nullopt, app.exit(e)};
  } catch (const CLI::CallForVersion& e) {
    return {std::nullopt, app.exit(e)};
  } catch (const CLI::ParseError& e) {
    return usage_error(std::string(e.what()) + " (see wavesites --help)");
  }

  if (serve_cmd->parsed()) {
    serve_flags.apply_environment();
    return {serve, 0};
  }
  if (leads_export->parsed()) {
    leads_flags.apply_environment();
    return {leads, 0};
  }
  if (resumes_export->parsed()) {
    resumes_flags.apply_environment();
    return {resumes, 0};
  }
  return usage_error("no command given (see wavesites --help)");
}

}  // namespace wavesites
