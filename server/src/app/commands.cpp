#include <utility>  // before Asio's coroutine headers with g++ 12

#include "app/commands.hpp"

#include <cstdio>
#include <filesystem>
#include <iostream>
#include <string>

#include "api/intake.hpp"
#include "app/export.hpp"
#include "config/config.hpp"
#include "http/router.hpp"
#include "net/server.hpp"
#include "notify/outbox_worker.hpp"
#include "sites/catalog.hpp"
#include "sites/host_router.hpp"
#include "store/store.hpp"

namespace wavesites {
namespace {

namespace fs = std::filesystem;

int fail(const std::string& message) {
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

/// The database URL: --database, or SQLite in the data directory.
result<std::string> database_url(const store_options& o) {
  if (o.database.empty()) return "sqlite:" + (fs::path(o.data_dir) / "wavesites.db").string();
  if (o.database.starts_with("sqlite:") && o.database.size() > 7) return o.database;
  if (o.database.starts_with("postgresql://") || o.database.starts_with("postgres://")) return o.database;
  return error{"--database: \"" + o.database + "\" is neither sqlite:PATH nor a postgresql:// URL"};
}

/// The config (checked, though only serve uses it) and the store, opened and migrated.
struct opened {
  config cfg;
  std::unique_ptr<store> db;
};
result<opened> open_config_and_store(const store_options& o) {
  auto cfg = load_config(o.config_path);
  if (!cfg) return error{cfg.message()};
  const auto url = database_url(o);
  if (!url) return error{url.message()};
  auto db = open_store(*url);
  if (!db) return error{"--database: " + db.message()};
  return opened{std::move(cfg).value(), std::move(db).value()};
}

/// One line per site on stderr: where to open it.
void print_sites(const config& cfg, const catalog& cat, const tcp::endpoint& ep) {
  std::string addr = ep.address().to_string();
  if (ep.address().is_v6()) addr = "[" + addr + "]";
  if (ep.address().is_unspecified()) addr = "127.0.0.1";
  const std::string port = std::to_string(ep.port());
  const std::string base = "http://" + addr + ":" + port;
  for (const auto& set : cat.route_sets()) {
    if (set.name == "prefixed") continue;
    std::string line = "  " + set.name;
    line.resize(std::max<std::size_t>(line.size(), 11), ' ');
    const auto hosts =
        std::find_if(cfg.hosts.begin(), cfg.hosts.end(), [&](const auto& h) { return h.first == set.name; });
    if (hosts != cfg.hosts.end() && !hosts->second.empty()) {
      for (const auto& h : hosts->second) line += " http://" + h + ":" + port + set.entry;
    } else {
      line += " (no host configured)";
    }
    if (!set.prefixed_entry.empty()) line += "   prefixed: " + base + set.prefixed_entry;
    std::fprintf(stderr, "%s\n", line.c_str());
  }
  std::fprintf(stderr, "  any other host gets every site under its prefix (%s/ is the 404 page)\n", base.c_str());
}

}  // namespace

int run(const serve_command& cmd) {
  const auto where = parse_listen(cmd.listen);
  if (!where) return fail(where.message());
  auto cfg = load_config(cmd.store.config_path);
  if (!cfg) return fail(cfg.message());
  const auto db_url = database_url(cmd.store);
  if (!db_url) return fail(db_url.message());
  const auto web_dir = cmd.web_dir.empty() ? default_web_dir() : cmd.web_dir;
  auto cat = catalog::load(web_dir, *cfg);
  if (!cat) return fail(cat.message());
  auto hosts = host_router::make(*cfg, **cat);
  if (!hosts) return fail(hosts.message());
  std::error_code ec;
  fs::create_directories(cmd.store.data_dir, ec);  // for the SQLite file and the upload spool
  auto db = open_store(*db_url);
  if (!db) return fail("--database: " + db.message());

  route_table routes;
  routes.add(http::verb::get, "/healthz",
             [](request_context&) -> asio::awaitable<response> { co_return json_response(200, "ok"); });
  const auto& langs = (*cat)->languages();
  intake api(*cfg, **db, fs::path(cmd.store.data_dir) / "spool", language_set(langs.begin(), langs.end()));
  api.add_routes(routes);
  outbox_worker notifier(**db, cfg->notify, {.max_attachment_bytes = cfg->limits.max_upload_bytes});
  api.on_stored([&notifier] { notifier.wake(); });

  const app_context app{*cfg, **cat, *hosts, routes};
  server srv(app);
  const auto bound = srv.listen(*where);
  if (!bound) return fail(bound.message());
  std::string shown = bound->address().to_string();
  if (bound->address().is_v6()) shown = "[" + shown + "]";
  std::fprintf(stderr, "wavesites %s listening on http://%s:%u (%zu files, %.1f MB in memory, config %s, %s store)\n",
               version_string, shown.c_str(), static_cast<unsigned>(bound->port()), (*cat)->file_count(),
               static_cast<double>((*cat)->byte_count()) / 1e6, cmd.store.config_path.c_str(),
               std::string((*db)->kind()).c_str());
  print_sites(*cfg, **cat, *bound);
  std::fflush(stderr);
  notifier.start();
  const int status = srv.run();
  notifier.stop();  // deliveries in flight finish; what is left waits in the outbox
  return status;
}

int run(const export_command& cmd) {
  auto opened = open_config_and_store(cmd.store);
  if (!opened) return fail(opened.message());
  store& db = *opened->db;
  if (cmd.what == export_command::kind::leads) {
    const auto n = export_leads(db, cmd.format, std::cout);
    if (!n) return fail("leads export: " + n.message());
    std::fprintf(stderr, "wavesites: exported %zu leads\n", *n);
  } else {
    const auto n = export_resumes(db, cmd.out_dir);
    if (!n) return fail("resumes export: " + n.message());
    std::fprintf(stderr, "wavesites: exported %zu resumes into %s\n", *n, cmd.out_dir.c_str());
  }
  return 0;
}

}  // namespace wavesites
