#include <utility>  // before Asio's coroutine headers with g++ 12

#include "app/cli.hpp"

#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <string>

#include <CLI/CLI.hpp>

#include "api/intake.hpp"
#include "config/config.hpp"
#include "app/export.hpp"
#include "net/server.hpp"
#include "http/router.hpp"
#include "sites/catalog.hpp"
#include "sites/host_router.hpp"
#include "store/store.hpp"

namespace wavesites {
namespace {

namespace fs = std::filesystem;

struct common_options {
  std::string config_path = "config/sites.toml";
  std::string data_dir = "./data";
  std::string database;
};

struct serve_options {
  std::string listen = "127.0.0.1:8080";
  std::string web_dir;
};

int usage_error(const std::string& message) {
  std::fprintf(stderr, "wavesites: %s\n", message.c_str());
  return 2;
}

/// The web bundle next to the binary (build/bin/wavesites -> build/web), else ./build/web.
std::string default_web_dir() {
  std::error_code ec;
  const auto exe = fs::read_symlink("/proc/self/exe", ec);
  if (!ec) {
    const auto candidate = exe.parent_path().parent_path() / "web";
    if (fs::exists(candidate / "manifest.json", ec)) return candidate.string();
  }
  return "build/web";
}

/// Checks the form of --database; the store itself is opened by the commands that use it.
result<std::string> check_database(const common_options& o) {
  if (o.database.empty()) return "sqlite:" + (fs::path(o.data_dir) / "wavesites.db").string();
  if (o.database.rfind("sqlite:", 0) == 0 && o.database.size() > 7) return o.database;
  if (o.database.rfind("postgresql://", 0) == 0 || o.database.rfind("postgres://", 0) == 0) return o.database;
  return error{"--database: \"" + o.database + "\" is neither sqlite:PATH nor a postgresql:// URL"};
}

void print_sites(const config& cfg, const catalog& cat, const tcp::endpoint& ep) {
  std::string addr = ep.address().to_string();
  if (ep.address().is_v6()) addr = "[" + addr + "]";
  if (ep.address().is_unspecified()) addr = "127.0.0.1";
  const std::string port = std::to_string(ep.port());
  const std::string base = "http://" + addr + ":" + port;
  for (const auto& v : cat.route_sets()) {
    if (v.name == "prefixed") continue;
    std::string line = "  " + v.name;
    line.resize(std::max<std::size_t>(line.size(), 11), ' ');
    const std::vector<std::string>* hosts = nullptr;
    for (const auto& [site, names] : cfg.hosts) {
      if (site == v.name) hosts = &names;
    }
    if (hosts && !hosts->empty()) {
      for (const auto& h : *hosts) line += " http://" + h + ":" + port + v.entry;
    } else {
      line += " (no host configured)";
    }
    if (!v.prefixed_entry.empty()) line += "   prefixed: " + base + v.prefixed_entry;
    std::fprintf(stderr, "%s\n", line.c_str());
  }
  std::fprintf(stderr, "  any other host gets the test route set (%s/ is its 404 page)\n", base.c_str());
}

/// Opens the store; a relative sqlite path is created with its directory.
result<std::unique_ptr<store>> open_database(const std::string& url, const std::string& data_dir) {
  if (url.rfind("sqlite:", 0) == 0) {
    std::error_code ec;
    const fs::path file(url.substr(7));
    if (file.has_parent_path()) fs::create_directories(file.parent_path(), ec);
  }
  (void)data_dir;
  auto db = open_store(url);
  if (!db) return error{"--database: " + db.message()};
  return db;
}

int serve(const common_options& common, const serve_options& opts) {
  const auto where = parse_listen(opts.listen);
  if (!where) return usage_error(where.message());
  auto cfg = load_config(common.config_path);
  if (!cfg) return usage_error(cfg.message());
  const auto db_url = check_database(common);
  if (!db_url) return usage_error(db_url.message());
  const auto web_dir = opts.web_dir.empty() ? default_web_dir() : opts.web_dir;
  auto cat = catalog::load(web_dir, *cfg);
  if (!cat) return usage_error(cat.message());
  auto hosts = host_router::make(*cfg, **cat);
  if (!hosts) return usage_error(hosts.message());

  std::error_code fs_ec;
  fs::create_directories(common.data_dir, fs_ec);
  auto db = open_database(*db_url, common.data_dir);
  if (!db) return usage_error(db.message());

  route_table routes;
  routes.add(http::verb::get, "/healthz",
             [](request_context&) -> asio::awaitable<response> { co_return json_response(200, "ok"); });
  const auto langs = (*cat)->languages();
  intake api(*cfg, **db, fs::path(common.data_dir) / "spool", language_set(langs.begin(), langs.end()));
  api.add_routes(routes);

  const app_context app{*cfg, **cat, *hosts, routes};
  server srv(app);
  const auto bound = srv.listen(*where);
  if (!bound) return usage_error(bound.message());
  std::string shown = bound->address().to_string();
  if (bound->address().is_v6()) shown = "[" + shown + "]";
  std::fprintf(stderr, "wavesites %s listening on http://%s:%u (%zu files, %.1f MB in memory, config %s, %s store)\n",
               version_string, shown.c_str(), static_cast<unsigned>(bound->port()), (*cat)->file_count(),
               static_cast<double>((*cat)->byte_count()) / 1e6, common.config_path.c_str(),
               std::string((*db)->kind()).c_str());
  print_sites(*cfg, **cat, *bound);
  std::fflush(stderr);
  return srv.run();
}

int run_leads_export(const common_options& common, const std::string& format) {
  auto cfg = load_config(common.config_path);
  if (!cfg) return usage_error(cfg.message());
  const auto url = check_database(common);
  if (!url) return usage_error(url.message());
  auto db = open_database(*url, common.data_dir);
  if (!db) return usage_error(db.message());
  const auto n = export_leads(**db, format, std::cout);
  if (!n) return usage_error("leads export: " + n.message());
  std::fprintf(stderr, "wavesites: exported %zu leads\n", *n);
  return 0;
}

int run_resumes_export(const common_options& common, const std::string& out_dir) {
  auto cfg = load_config(common.config_path);
  if (!cfg) return usage_error(cfg.message());
  const auto url = check_database(common);
  if (!url) return usage_error(url.message());
  auto db = open_database(*url, common.data_dir);
  if (!db) return usage_error(db.message());
  const auto n = export_resumes(**db, out_dir);
  if (!n) return usage_error("resumes export: " + n.message());
  std::fprintf(stderr, "wavesites: exported %zu resumes into %s\n", *n, out_dir.c_str());
  return 0;
}

/// A flag, with the environment variable that stands in for it when the flag is not given.
struct flag_binding {
  CLI::Option* option;
  const char* env;
  std::string* target;
};

void apply_environment(const std::vector<flag_binding>& flags) {
  for (const auto& f : flags) {
    if (f.option->count() > 0) continue;  // a flag beats its variable
    if (const char* v = std::getenv(f.env); v && *v) *f.target = v;
  }
}

}  // namespace

int run_cli(int argc, char** argv) {
  CLI::App app{"wavesites: one server for the WaveAds sites, its blogs and landing page"};
  app.name("wavesites");
  app.set_version_flag("--version", std::string("wavesites ") + version_string);
  app.require_subcommand(1);

  common_options serve_common, leads_common, resumes_common;
  serve_options serve_opts;
  std::string format = "csv";
  std::string out_dir;

  auto add_common = [](CLI::App* sub, common_options& o, std::vector<flag_binding>& flags) {
    flags.push_back({sub->add_option("--config", o.config_path, "sites config file (env WAVESITES_CONFIG)")
                         ->capture_default_str(),
                     "WAVESITES_CONFIG", &o.config_path});
    flags.push_back({sub->add_option("--data", o.data_dir, "data directory (env WAVESITES_DATA)")->capture_default_str(),
                     "WAVESITES_DATA", &o.data_dir});
    flags.push_back({sub->add_option("--database", o.database,
                                     "sqlite:PATH or postgresql://user:pass@host:port/db (env WAVESITES_DATABASE; "
                                     "default: SQLite in the data directory)"),
                     "WAVESITES_DATABASE", &o.database});
  };

  std::vector<flag_binding> serve_flags, leads_flags, resumes_flags;
  auto* serve_cmd = app.add_subcommand("serve", "serve every site");
  add_common(serve_cmd, serve_common, serve_flags);
  serve_flags.push_back({serve_cmd->add_option("--listen", serve_opts.listen, "HOST:PORT to listen on (env WAVESITES_LISTEN)")
                             ->capture_default_str(),
                         "WAVESITES_LISTEN", &serve_opts.listen});
  serve_flags.push_back({serve_cmd->add_option("--web", serve_opts.web_dir,
                                               "built web bundle directory (env WAVESITES_WEB; default: build/web "
                                               "next to the binary)"),
                         "WAVESITES_WEB", &serve_opts.web_dir});

  auto* leads = app.add_subcommand("leads", "business leads");
  leads->require_subcommand(1);
  auto* leads_export = leads->add_subcommand("export", "write every lead to stdout");
  add_common(leads_export, leads_common, leads_flags);
  leads_export->add_option("--format", format, "csv or json")->check(CLI::IsMember({"csv", "json"}))->capture_default_str();

  auto* resumes = app.add_subcommand("resumes", "uploaded resumes");
  resumes->require_subcommand(1);
  auto* resumes_export = resumes->add_subcommand("export", "write every resume into OUTDIR");
  add_common(resumes_export, resumes_common, resumes_flags);
  resumes_export->add_option("OUTDIR", out_dir, "output directory")->required();

  if (argc > 1 && argv[1][0] != '-') {
    const std::string_view cmd = argv[1];
    if (cmd != "serve" && cmd != "leads" && cmd != "resumes") {
      return usage_error("unknown command '" + std::string(cmd) + "' (see wavesites --help)");
    }
  }
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForAllHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForVersion& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    std::string msg = e.what();
    for (auto& c : msg) {
      if (c == '\n') c = ' ';
    }
    return usage_error(msg + " (see wavesites --help)");
  }

  if (serve_cmd->parsed()) {
    apply_environment(serve_flags);
    return serve(serve_common, serve_opts);
  }
  if (leads_export->parsed()) {
    apply_environment(leads_flags);
    return run_leads_export(leads_common, format);
  }
  if (resumes_export->parsed()) {
    apply_environment(resumes_flags);
    return run_resumes_export(resumes_common, out_dir);
  }
  return usage_error("no command given (see wavesites --help)");
}

}  // namespace wavesites
