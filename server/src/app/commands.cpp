#include <utility>  // before Asio's coroutine headers with g++ 12

#include "app/commands.hpp"

#include <sodium.h>
#include <unistd.h>

#include <chrono>
#include <csignal>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <mutex>
#include <string>

#include <boost/asio/co_spawn.hpp>
#include <boost/asio/use_awaitable.hpp>

#include "api/clicks.hpp"
#include "api/intake.hpp"
#include "api/stats_api.hpp"
#include "app/edition_switcher.hpp"
#include "app/export.hpp"
#include "app/privacy.hpp"
#include "config/config.hpp"
#include "http/router.hpp"
#include "log/event_log.hpp"
#include "log/line_writer.hpp"
#include "metrics/metrics.hpp"
#include "net/server.hpp"
#include "notify/outbox_worker.hpp"
#include "sites/catalog.hpp"
#include "sites/manifest.hpp"
#include "sites/site_state.hpp"
#include "stats/report.hpp"
#include "stats/visit_counter.hpp"
#include "store/store.hpp"

namespace wavesites {
namespace {

namespace fs = std::filesystem;

int fail(const std::string& message) {
  std::fprintf(stderr, "wavesites: %s\n", message.c_str());
  return 2;
}

/// While `serve` runs, its events leave stderr from a thread of their own (log/event_log.hpp);
/// when it returns, what is still queued gets at most 2 s, so that a stderr nobody reads cannot
/// keep the process alive. They keep going through it after: the writer is never destroyed (its
/// thread may be blocked on that stderr when the process ends).
class serve_events {
 public:
  serve_events() {
    constexpr std::size_t max_pending = 1 << 20;  // some 5,000 events
    static auto* const writer = new log::line_writer(
        STDERR_FILENO, max_pending, "events", [](std::uint64_t lines) { metrics::count_event_log_dropped(lines); });
    writer_ = writer;
    log::events_through(writer_);
  }
  ~serve_events() { writer_->drain(std::chrono::seconds(2)); }
  serve_events(const serve_events&) = delete;
  serve_events& operator=(const serve_events&) = delete;

 private:
  log::line_writer* writer_;
};

/// `serve`'s refusal to start: like every line of a server run, one JSON event.
int fail_to_serve(const std::string& message) {
  log::error("start_failed", {{"error", message}});
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

/// One event per site: where to open it (its hosts, and its entry on the prefixed route set).
void log_sites(const config& cfg, const catalog& cat, const std::string& base, unsigned short port) {
  for (const auto& set : cat.route_sets()) {
    if (set.name == "prefixed") continue;
    std::vector<std::string> urls;
    const auto hosts =
        std::find_if(cfg.hosts.begin(), cfg.hosts.end(), [&](const auto& h) { return h.first == set.name; });
    if (hosts != cfg.hosts.end()) {
      for (const auto& h : hosts->second) urls.push_back("http://" + h + ":" + std::to_string(port) + set.entry);
    }
    const std::string prefixed = set.prefixed_entry.empty() ? std::string{} : base + set.prefixed_entry;
    log::info("site", {{"site", set.name}, {"urls", urls}, {"prefixed", prefixed}});
  }
  // "/" on any other host is the 404 page by design: say so, or it looks like a fault.
  log::info("other_hosts", {{"url", base + "/"}, {"serves", "every site under its prefix; / is the 404 page"}});
}

/// GET /metrics, only for the [metrics] allow ranges. Rendering runs on `pool`: the outbox probe
/// may ask the store, which must never block an I/O thread.
void add_metrics_route(route_table& routes, const live<config>& cfg, asio::thread_pool& pool) {
  auto render = [&pool](request_context&) -> asio::awaitable<response> {
    response r;
    r.content_type = "text/plain; version=0.0.4; charset=utf-8";
    r.body = co_await asio::co_spawn(
        pool, []() -> asio::awaitable<std::string> { co_return metrics::global().render(); }, asio::use_awaitable);
    co_return r;
  };
  routes.add(http::verb::get, "/metrics", render,
             [&cfg](std::string_view client) { return any_contains(cfg.get()->metrics.allow, client); });
}

/// The outbox at a glance for the metrics: asks the store at scrape time.
metrics::outbox_stats outbox_stats_of(store& db) {
  metrics::outbox_stats out;
  const auto counts = db.count_notifications();
  if (!counts) return out;  // the scrape still answers; the store error shows elsewhere
  out.pending = counts->pending;
  out.failed = counts->failed;
  if (counts->oldest_pending_ms > 0) {
    const auto now =
        std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::system_clock::now().time_since_epoch())
            .count();
    out.oldest_pending_seconds = static_cast<double>(std::max<std::int64_t>(0, now - counts->oldest_pending_ms)) / 1e3;
  }
  return out;
}

/// The sites as the metrics name them: the bundle's route sets.
std::vector<std::string> route_set_names(const catalog& cat) {
  std::vector<std::string> names;
  for (const auto& set : cat.route_sets()) names.push_back(set.name);
  return names;
}

/// The [server] settings of `next` that only a restart puts in force, by key; none when nothing
/// changed. The I/O threads are made at start; every other setting is read where it is used
/// from the config in force, or handed on by a reload (the connection caps).
std::vector<std::string> restart_needed(const server_config& start, const server_config& next) {
  std::vector<std::string> keys;
  if (next == start) return keys;
  if (next.threads != start.threads) keys.emplace_back("server.threads");
  return keys;
}

/// What SIGHUP does: reread the config file and rebuild the sites from it; publish both only when
/// all of it is good, else keep what is in force and say why in one line.
class reloader {
 public:
  reloader(std::string path, std::string web_dir, const config& start, live<config>& cfg, live<site_state>& sites)
      : path_(std::move(path)), web_dir_(std::move(web_dir)), start_(start), cfg_(cfg), sites_(sites) {}

  /// Called after a new config is in force, to hand it to what keeps its own copy.
  void on_change(std::function<void(const config&)> fn) { listeners_.push_back(std::move(fn)); }

  /// Held while the site state is replaced (here, and by the edition switcher).
  std::mutex& swap_mutex() { return swap_; }

  void operator()() {
    auto next = load_config(path_);
    if (!next) {
      log::error("reload_refused", {{"config", path_}, {"error", next.message()}, {"kept", "the config in force"}});
      return;
    }
    auto cfg = std::make_shared<const config>(std::move(next).value());
    auto state = site_state::build(cfg, web_dir_);
    if (!state) {
      log::error("reload_refused", {{"config", path_}, {"error", state.message()}, {"kept", "the config in force"}});
      return;
    }
    if (const auto keys = restart_needed(start_.server, cfg->server); !keys.empty()) {
      log::warn("reload_partial",
                {{"config", path_}, {"settings", keys}, {"reason", "these take effect at the next start"}});
    }
    cfg_.set(cfg);
    // Named before the swap, so the new sites count under their names from their first request.
    // An edition switch keeps the bundle's route sets: only here do they change.
    metrics::global().set_sites(route_set_names(*(*state)->pages));
    {
      std::lock_guard swap(swap_);
      sites_.set(std::move(state).value());
    }
    for (const auto& fn : listeners_) fn(*cfg);
    log::info("reloaded", {{"config", path_}, {"sites", cfg->hosts.size()}});
  }

 private:
  std::string path_;
  std::string web_dir_;
  const config& start_;
  live<config>& cfg_;
  live<site_state>& sites_;
  std::vector<std::function<void(const config&)>> listeners_;
  std::mutex swap_;
};

}  // namespace

int run(const serve_command& cmd, const std::function<void(route_table&)>& add_routes) {
  const serve_events events;
  // A reload asked for while the server is still loading (systemctl reload just after start)
  // must not end it: SIGHUP's default is to terminate. server::run() handles it from then on.
  std::signal(SIGHUP, SIG_IGN);
  const auto where = parse_listen(cmd.listen);
  if (!where) return fail_to_serve(where.message());
  auto loaded = load_config(cmd.store.config_path);
  if (!loaded) return fail_to_serve(loaded.message());
  const auto db_url = database_url(cmd.store);
  if (!db_url) return fail_to_serve(db_url.message());
  const auto web_dir = cmd.web_dir.empty() ? default_web_dir() : cmd.web_dir;
  const auto start_cfg = std::make_shared<const config>(std::move(loaded).value());
  auto start_sites = site_state::build(start_cfg, web_dir);
  if (!start_sites) return fail_to_serve(start_sites.message());
  std::error_code ec;
  fs::create_directories(cmd.store.data_dir, ec);  // for the SQLite file and the upload spool
  auto db = open_store(*db_url);
  if (!db) return fail_to_serve("--database: " + db.message());
  const config& cfg = *start_cfg;
  const catalog& cat = *(*start_sites)->pages;
  live<config> live_cfg(start_cfg);
  live<site_state> live_sites(*start_sites);
  metrics::global().set_sites(route_set_names(cat));

  route_table routes;
  routes.add(http::verb::get, "/healthz",
             [](request_context&) -> asio::awaitable<response> { co_return json_response(200, "ok"); });
  // What the bundle holds (its languages, the sites that take [landing]) is asked of the sites in
  // force at each use: a reload or an edition may bring another bundle.
  intake api(live_cfg, **db, fs::path(cmd.store.data_dir) / "spool", [&live_sites] {
    const auto& langs = live_sites.get()->pages->languages();
    return language_set(langs.begin(), langs.end());
  });
  api.add_routes(routes);
  // Any resume the intake took is small enough to attach: the cap follows max_upload_bytes.
  outbox_worker notifier(**db, cfg.notify, {.max_attachment_bytes = cfg.limits.max_upload_bytes});
  api.on_stored([&notifier] { notifier.wake(); });
  metrics::set_outbox_probe([&db = **db] { return outbox_stats_of(db); });
  asio::thread_pool metrics_pool(1);
  add_metrics_route(routes, live_cfg, metrics_pool);
  // Clicks count where the landing page is: the route sets serving a page that takes [landing].
  click_log clicks(**db, [&live_sites](std::string_view site) {
    const auto sets = live_sites.get()->pages->route_sets_taking("landing");
    return std::find(sets.begin(), sets.end(), site) != sets.end();
  });
  clicks.add_routes(routes);
  // Page views, counted in memory and flushed to the store every 10 s and at stop.
  visit_counter visits(**db);
  stats_api stats(live_sites, **db);
  stats.add_routes(routes);
  if (add_routes) add_routes(routes);

  // [retention] erases old records at start and daily, on a thread of its own.
  retention_sweeper sweeper(**db, cfg.retention);

  reloader reload(cmd.store.config_path, web_dir, cfg, live_cfg, live_sites);
  // The intake reads its limits from the config in force at each request; the notifier, the
  // sweeper and the server's connection caps keep a copy.
  reload.on_change([&](const config& next) {
    notifier.reconfigure(next.notify, next.limits.max_upload_bytes);
    sweeper.reconfigure(next.retention);
  });

  const server_context app{cfg, live_sites, routes, metrics::global(), &clicks, &visits};
  server srv(app);
  reload.on_change([&srv](const config& next) { srv.reconfigure(next.server); });
  srv.on_reload([&reload] { reload(); });
  const auto bound = srv.listen(*where);
  if (!bound) return fail_to_serve(bound.message());
  std::string shown = bound->address().to_string();
  if (bound->address().is_v6()) shown = "[" + shown + "]";
  const std::string port = std::to_string(bound->port());
  log::info("listening", {{"url", "http://" + shown + ":" + port},
                          {"version", version_string},
                          {"files", cat.file_count()},
                          {"memory_mb", static_cast<double>(cat.byte_count()) / 1e6},
                          {"threads", srv.threads()},
                          {"config", cmd.store.config_path},
                          {"store", (*db)->kind()}});
  // Where to open the sites: an unspecified listen address is reachable on loopback.
  const std::string reachable = bound->address().is_unspecified() ? "127.0.0.1" : shown;
  log_sites(cfg, cat, "http://" + reachable + ":" + port, bound->port());
  notifier.start();
  sweeper.start();
  visits.start();
  // Scheduled articles go live and expired ones go at their moments (docs/manifest.md, "Editions").
  edition_switcher editions(web_dir, live_sites, reload.swap_mutex());
  editions.start();
  const int status = srv.run();
  editions.stop();
  visits.stop();    // the last counts written: a SIGTERM loses none
  sweeper.stop();   // a pass in progress finishes: an erasure is never left half done
  notifier.stop();  // deliveries in flight finish; what is left waits in the outbox
  metrics_pool.join();
  metrics::set_outbox_probe(nullptr);  // it reads the store, which goes before the registry
  return status;
}

int run(const export_command& cmd) {
  auto opened = open_config_and_store(cmd.store);
  if (!opened) return fail(opened.message());
  store& db = *opened->db;
  switch (cmd.what) {
    case export_command::kind::leads: {
      const auto n = export_leads(db, cmd.format, cmd.since, std::cout, cmd.email);
      if (!n) return fail("leads export: " + n.message());
      std::fprintf(stderr, "wavesites: exported %zu leads\n", *n);
      break;
    }
    case export_command::kind::resumes: {
      const auto n = export_resumes(db, cmd.out_dir, cmd.since);
      if (!n) return fail("resumes export: " + n.message());
      std::fprintf(stderr, "wavesites: exported %zu resumes into %s\n", *n, cmd.out_dir.c_str());
      break;
    }
    case export_command::kind::clicks: {
      const auto n = export_clicks(db, cmd.format, cmd.since, std::cout);
      if (!n) return fail("clicks export: " + n.message());
      std::fprintf(stderr, "wavesites: exported %zu clicks\n", *n);
      break;
    }
  }
  return 0;
}

namespace {

std::string counted(std::size_t n, std::string_view noun) {
  return std::to_string(n) + " " + std::string(noun) + (n == 1 ? "" : "s");
}

/// One line per record, with nothing it holds about a person: what the terminal (or a log of
/// the command) keeps is ids and times, like the audit line.
void print_erased(const erasure& e, std::string_view noun) {
  for (const auto& r : e.records) {
    std::string line = std::string(noun) + " " + r.id + " received " + r.received_at;
    if (noun == "resume") line += " (" + counted(r.bytes, "byte") + ")";
    std::printf("%s\n", line.c_str());
  }
}

}  // namespace

int run(const delete_command& cmd) {
  const bool leads = cmd.what == delete_command::kind::leads;
  const std::string name = leads ? "leads delete" : "resumes delete";
  const std::string_view noun = leads ? "lead" : "resume";
  auto opened = open_config_and_store(cmd.store);
  if (!opened) return fail(opened.message());
  store& db = *opened->db;
  const erase_selector which = cmd.email.empty() ? erase_selector{erase_selector::by::id, cmd.id}
                                                 : erase_selector{erase_selector::by::email, cmd.email};
  const auto erase = [&](bool dry_run) {
    return leads ? db.erase_leads(which, dry_run) : db.erase_resumes(which, dry_run);
  };
  if (!cmd.yes) {
    const auto would = erase(true);
    if (!would) return fail(name + ": " + would.message());
    print_erased(*would, noun);
    std::printf("would remove %s and %s\n", counted(would->records.size(), noun).c_str(),
                counted(would->notifications, "notification").c_str());
    std::fflush(stdout);
    return fail(name + ": nothing removed: without --yes it only says what it would remove; run it again with --yes");
  }
  const auto gone = erase(false);
  if (!gone) return fail(name + ": " + gone.message());
  // Also when nothing matched: an earlier run may have erased and then been kept from purging.
  const auto purged = db.purge_deleted();
  // The audit line once the erasure is complete, or as complete as it got: the rows are gone.
  log_erasure(erasure_kind::request, leads ? "leads" : "resumes", which.what, *gone);
  print_erased(*gone, noun);
  std::printf("removed %s and %s\n", counted(gone->records.size(), noun).c_str(),
              counted(gone->notifications, "notification").c_str());
  if (!purged) {
    std::fflush(stdout);
    return fail(name + ": the records are deleted, but " + purged.message() + "; run the command again to finish");
  }
  if (db.kind() == "sqlite") {
    std::printf("the database file was rewritten without them (VACUUM) and its WAL emptied\n");
  } else {
    std::printf("PostgreSQL keeps deleted rows' bytes in its files until its vacuum reuses the space\n");
  }
  std::fflush(stdout);
  return 0;
}

int run(const urls_command& cmd) {
  const auto cfg = load_config(cmd.config_path);
  if (!cfg) return fail(cfg.message());
  const auto where = parse_listen(cmd.listen);
  if (!where) return fail(where.message());
  const std::string port = std::to_string(where->port);
  std::size_t shown = 0;
  for (const auto& [site, hosts] : cfg->hosts) {
    for (const auto& host : hosts) {
      // Browsers send *.localhost to this machine's loopback without asking DNS or /etc/hosts.
      if (host != "localhost" && !host.ends_with(".localhost")) continue;
      std::printf("Open http://%s:%s/ (%s)\n", host.c_str(), port.c_str(), site.c_str());
      ++shown;
    }
  }
  if (shown == 0) {
    std::printf(
        "No host of [hosts] in %s ends in .localhost: open http://127.0.0.1:%s/waveads/home and the other "
        "prefixed paths (docs/routes.md)\n",
        cmd.config_path.c_str(), port.c_str());
  }
  boost::system::error_code ec;
  const auto address = asio::ip::make_address(where->host, ec);
  if (shown > 0 && !ec && !address.is_loopback() && !address.is_unspecified()) {
    std::printf(
        "(*.localhost names reach this machine's loopback, but the server listens on %s only: "
        "listen on 127.0.0.1 or 0.0.0.0 to open them)\n",
        where->host.c_str());
  }
  std::fflush(stdout);
  return 0;
}

namespace {

std::string config_summary(const std::string& path, const config& cfg) {
  std::size_t hosts = 0;
  for (const auto& entry : cfg.hosts) hosts += entry.second.size();
  return "config: " + path + ": " + std::to_string(cfg.hosts.size()) + " sites listed, " + std::to_string(hosts) +
         " host names";
}

/// Builds the sites with serve's own step (site_state::build), settings and host table included.
result<std::string> check_web(const std::string& web_dir, const config& cfg) {
  const auto sites = site_state::build(std::make_shared<const config>(cfg), web_dir);
  if (!sites) return error{sites.message()};
  const catalog& cat = *(*sites)->pages;
  char mb[32];
  std::snprintf(mb, sizeof mb, "%.1f", static_cast<double>(cat.byte_count()) / 1e6);
  return "web: " + web_dir + ": " + std::to_string(cat.file_count()) + " files, " + mb + " MB, " +
         std::to_string(cat.route_sets().size()) + " route sets, settings accepted";
}

result<std::string> check_database(const store_options& o) {
  const auto url = database_url(o);
  if (!url) return error{url.message()};
  auto status = inspect_store(*url);
  if (!status) return error{"--database: " + status.message()};
  return "database: " + status->kind + " " + status->where + " answered: schema version " +
         std::to_string(status->schema_version) + ", " + std::to_string(status->pending) + " migration" +
         (status->pending == 1 ? "" : "s") + " pending";
}

}  // namespace

int run(const check_command& cmd) {
  if (cmd.config || cmd.web) {
    auto cfg = load_config(cmd.store.config_path);
    if (!cfg) return fail(cfg.message());
    if (cmd.config) std::printf("%s\n", config_summary(cmd.store.config_path, *cfg).c_str());
    if (cmd.web) {
      const auto line = check_web(cmd.web_dir.empty() ? default_web_dir() : cmd.web_dir, *cfg);
      if (!line) return fail(line.message());
      std::printf("%s\n", line->c_str());
    }
  }
  if (cmd.database) {
    const auto line = check_database(cmd.store);
    if (!line) return fail(line.message());
    std::printf("%s\n", line->c_str());
  }
  std::fflush(stdout);
  return 0;
}

int run(const backup_command& cmd) {
  const auto url = database_url(cmd.store);
  if (!url) return fail(url.message());
  // As it is: a backup neither creates a database nor migrates the one a running server uses.
  auto db = open_store(*url, open_mode::as_is);
  if (!db) return fail("--database: " + db.message());
  if (auto r = (*db)->backup(cmd.out_file); !r) return fail("backup: " + r.message());
  std::error_code ec;
  const auto size = fs::file_size(cmd.out_file, ec);
  std::fprintf(stderr, "wavesites: backed up the %s store to %s (%ju bytes)\n", std::string((*db)->kind()).c_str(),
               cmd.out_file.c_str(), static_cast<std::uintmax_t>(ec ? 0 : size));
  return 0;
}

int run(const stats_command& cmd) {
  const auto m = read_manifest(cmd.web_dir.empty() ? default_web_dir() : cmd.web_dir);
  if (!m) return fail("--web: " + m.message());
  const auto sites = report_sites_of(m->route_sets);
  const auto query =
      make_report_query(cmd.site, cmd.from, cmd.to, visit_counter::day_of(std::chrono::system_clock::now()), sites);
  if (!query) return fail("stats: --" + query.message());
  auto opened = open_config_and_store(cmd.store);
  if (!opened) return fail(opened.message());
  const auto report = build_report(*opened->db, *query, sites);
  if (!report) return fail("stats: " + report.message());
  if (cmd.format == "json")
    std::cout << report->dump(2) << "\n";
  else if (cmd.format == "csv")
    std::cout << report_csv(*report);
  else
    std::cout << report_table(*report);
  return std::cout.good() ? 0 : 1;
}

int run(const passwd_command&) {
  if (sodium_init() < 0) return fail("passwd: libsodium could not be initialised");
  std::string password;
  if (!std::getline(std::cin, password) || password.empty()) {
    return fail("passwd: give the password on stdin, on one line (echo ... | wavesites passwd)");
  }
  if (!password.empty() && password.back() == '\r') password.pop_back();
  if (password.size() < 8) return fail("passwd: a password has at least 8 characters");
  char hash[crypto_pwhash_STRBYTES];
  // The interactive limits: about a tenth of a second and 64 MiB to check, each time.
  if (crypto_pwhash_str(hash, password.c_str(), password.size(), crypto_pwhash_OPSLIMIT_INTERACTIVE,
                        crypto_pwhash_MEMLIMIT_INTERACTIVE) != 0) {
    return fail("passwd: out of memory while hashing");
  }
  sodium_memzero(password.data(), password.size());
  std::cout << hash << "\n";
  return 0;
}

}  // namespace wavesites
