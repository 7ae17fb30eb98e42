#include "sites/catalog.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <filesystem>
#include <thread>

#include "http/headers.hpp"
#include "sites/manifest.hpp"
#include "sites/server_settings.hpp"
#include "sites/settings.hpp"
#include "util/cores.hpp"

namespace wavesites {

/// The steps of catalog::load, in order: pages (each file read once, settings filled, heads
/// prepared), static files, route sets, then the body file.
class catalog_builder {
 public:
  catalog_builder(catalog& cat, std::filesystem::path dir, const setting_values& settings,
                  const std::vector<std::pair<std::string, std::pair<std::string, std::string>>>& views)
      : cat_(cat), dir_(std::move(dir)), settings_(settings) {
    for (const auto& [file, view] : views) views_.emplace(file, view);
  }

  /// The dashboard's page: served by its handler, not by a route.
  result<const resource*> add_dashboard(const std::string& file) {
    auto res = read_resource(dir_, file);
    if (!res) return error{res.message()};
    return &cat_.resources_.emplace_back(std::move(*res));
  }

  result<bool> add_pages(const std::vector<manifest_page>& pages) {
    for (const auto& spec : pages) {
      auto& pg = cat_.pages_.emplace_back();
      const auto csp = csp_of(spec);
      if (spec.langs.empty()) {
        auto res = add_file(spec.file, false, false, csp, spec.fill);
        if (!res) return error{res.message()};
        pg.single = *res;
      }
      for (const auto& [lang, file] : spec.langs) {
        auto res = add_file(file, false, true, csp, spec.fill);
        if (!res) return error{res.message()};
        pg.langs.emplace_back(lang, *res);
        if (lang == spec.default_lang) pg.fallback = *res;
        if (std::find(cat_.languages_.begin(), cat_.languages_.end(), lang) == cat_.languages_.end()) {
          cat_.languages_.push_back(lang);
        }
      }
      pages_.emplace(spec.id, &pg);
      if (!spec.fill.empty()) cat_.page_settings_.emplace(&pg, spec.fill);
    }
    return true;
  }

  result<bool> add_statics(const std::vector<manifest_static>& statics) {
    for (const auto& st : statics) {
      auto res = add_file(st.file, st.immutable, false, {}, {});
      if (!res) return error{res.message()};
      cat_.statics_.emplace(st.path, *res);
    }
    return true;
  }

  void add_route_sets(const std::vector<manifest_route_set>& sets) {
    // The manifest was checked: every page id below exists.
    for (const auto& spec : sets) {
      auto& set = cat_.route_sets_.emplace_back();
      set.name = spec.name;
      set.entry = spec.entry;
      set.prefixed_entry = spec.prefixed_entry;
      for (const auto& [path, id] : spec.routes) set.routes.emplace(path, pages_.at(id));
      for (const auto& d : spec.details) {
        auto& detail = set.details.emplace_back();
        detail.prefix = d.prefix;
        detail.numeric = d.numeric;
        for (const auto& [id, page_id] : d.ids) detail.ids.emplace(id, pages_.at(page_id));
        detail.empty = pages_.at(d.empty);
        for (const auto& id : d.gone) detail.gone.emplace(id, true);
      }
      set.not_found = pages_.at(spec.not_found);
      for (const auto& [field, value] : spec.headers) set.header_lines += field + ": " + value + "\r\n";
      if (set.name == "prefixed") cat_.prefixed_ = &set;
    }
  }

 private:
  /// What the page's CSP allows beyond the site itself: its inline scripts, and the origins of
  /// the settings it names (the landing page's tracking link, say).
  csp_extras csp_of(const manifest_page& spec) const {
    csp_extras extras;
    extras.script_hashes = spec.script_hashes;
    for (const auto& [directive, keys] : spec.csp) {
      for (const auto& key : keys) {
        if (auto origin = origin_of(settings_.at(key)); !origin.empty()) extras.sources.emplace_back(directive, origin);
      }
    }
    return extras;
  }

  /// One resource per distinct file, whichever pages name it; two when some page picks it by
  /// the lang cookie and another names it alone, since only the former's answer varies by Cookie.
  result<const resource*> add_file(const std::string& file, bool immutable, bool by_language, const csp_extras& csp,
                                   const std::vector<std::string>& fill) {
    const std::string key = by_language ? file + "\n(by lang cookie)" : file;
    if (auto it = by_file_.find(key); it != by_file_.end()) return it->second;
    auto res = read_resource(dir_, file);
    if (!res) return error{res.message()};
    if (const auto view = views_.find(file); view != views_.end()) {
      res->view_path = view->second.first;
      res->view_lang = view->second.second;
    }
    const bool html = res->content_type.starts_with("text/html");
    serve_policy policy{immutable, by_language, security_header_lines(html ? page_csp(csp) : std::string(api_csp()))};
    resource* added = &cat_.resources_.emplace_back(std::move(*res));
    by_file_.emplace(key, added);
    if (fill.empty()) {
      add_precompressed(*added, dir_);
      prepare_heads(*added, policy);
    } else {
      auto filled = fill_settings(added->reps[0].body, settings_, fill);
      if (!filled) return error{file + ": " + filled.message()};
      added->reps[0].body = std::move(*filled);
      filled_.emplace_back(added, std::move(policy));  // compressed afterwards, all at once
    }
    return added;
  }

 public:
  /// Compresses the bodies filled at start-up (the build's .gz and .br no longer match them) on
  /// every core at once: brotli at its best takes tens of milliseconds a page.
  void compress_filled(bool fast) {
    std::atomic<std::size_t> next{0};
    const auto work = [&] {
      for (std::size_t i; (i = next.fetch_add(1)) < filled_.size();) {
        compress_now(*filled_[i].first, fast);
        prepare_heads(*filled_[i].first, filled_[i].second);
      }
    };
    std::vector<std::thread> helpers;
    const auto cores = usable_cores();
    for (unsigned i = 1; i < cores && i < filled_.size(); ++i) helpers.emplace_back(work);
    work();
    for (auto& h : helpers) h.join();
  }

 private:
  catalog& cat_;
  std::filesystem::path dir_;
  const setting_values& settings_;
  string_map<const resource*> by_file_;
  string_map<const page*> pages_;
  std::vector<std::pair<resource*, serve_policy>> filled_;
  string_map<std::pair<std::string, std::string>> views_;
};

namespace {

/// The server's own settings (sites/server_settings.hpp), after refusing an [origins] entry for
/// a site the bundle does not have.
result<bool> add_own_settings(const manifest& m, const config& cfg, setting_values& values) {
  const auto sites = site_names(m);
  for (const auto& entry : cfg.origins) {
    if (std::find(sites.begin(), sites.end(), entry.first) == sites.end()) {
      return error{cfg.source + ": origins." + entry.first + ": the web bundle has no site '" + entry.first + "'"};
    }
  }
  add_server_settings(sites, cfg, values);
  return true;
}

}  // namespace

std::int64_t catalog::now_ms() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::system_clock::now().time_since_epoch())
      .count();
}

result<std::unique_ptr<catalog>> catalog::load(const std::string& web_dir, const config& cfg, std::int64_t at_ms) {
  const auto bundle_error = [&](const std::string& message) { return error{"web bundle " + web_dir + ": " + message}; };
  auto in_force = read_manifest_at(web_dir, at_ms);
  if (!in_force) return bundle_error(in_force.message());
  const manifest* m = &in_force->m;
  auto settings = resolve_settings(m->settings, cfg);
  if (!settings) return error{settings.message()};
  if (auto r = add_own_settings(*m, cfg, *settings); !r) return error{r.message()};

  std::unique_ptr<catalog> cat(new catalog());
  cat->next_edition_ms_ = in_force->next_ms;
  cat->edition_ = in_force->file;
  catalog_builder build(*cat, web_dir, *settings, m->views);
  if (auto r = build.add_pages(m->pages); !r) return bundle_error(r.message());
  if (auto r = build.add_statics(m->statics); !r) return bundle_error(r.message());
  build.add_route_sets(m->route_sets);
  if (!m->dashboard.empty()) {
    auto dashboard = build.add_dashboard(m->dashboard);
    if (!dashboard) return bundle_error(dashboard.message());
    cat->dashboard_ = *dashboard;
  }
  auto links = link_registry::build(m->links, cfg.links, *settings, cfg.source);
  if (!links) return error{links.message()};
  cat->links_ = std::move(links).value();
  auto crawlers = crawler_list::make(m->crawlers.literals, m->crawlers.patterns);
  if (!crawlers) return bundle_error(crawlers.message());
  cat->crawlers_ = std::move(crawlers).value();
  build.compress_filled(m->preview);
  cat->bodies_.place(cat->resources_, sendfile_threshold);
  return cat;
}

const route_set* catalog::find_route_set(std::string_view name) const {
  for (const auto& s : route_sets_) {
    if (s.name == name) return &s;
  }
  return nullptr;
}

std::vector<std::string> catalog::route_sets_taking(std::string_view table) const {
  const std::string prefix = std::string(table) + ".";
  auto takes = [&](const page* p) {
    const auto it = page_settings_.find(p);
    if (it == page_settings_.end()) return false;
    return std::any_of(it->second.begin(), it->second.end(),
                       [&](const std::string& key) { return key.starts_with(prefix); });
  };
  std::vector<std::string> names;
  for (const auto& set : route_sets_) {
    bool found = std::any_of(set.routes.begin(), set.routes.end(), [&](const auto& r) { return takes(r.second); });
    for (const auto& d : set.details) {
      found = found || std::any_of(d.ids.begin(), d.ids.end(), [&](const auto& i) { return takes(i.second); });
    }
    if (found) names.push_back(set.name);
  }
  return names;
}

std::string catalog::article_id(std::string_view site, std::string_view id) const {
  const route_set* set = site == "prefixed" ? nullptr : find_route_set(site);
  if (!set) return {};
  for (const auto& d : set->details) {
    std::string canonical = d.numeric ? canonical_numeric_id(id) : std::string(id);
    if (!canonical.empty() && d.ids.contains(canonical)) return canonical;
  }
  return {};
}

const resource* catalog::find_static(std::string_view path) const {
  auto it = statics_.find(path);
  return it == statics_.end() ? nullptr : it->second;
}

std::size_t catalog::byte_count() const {
  std::size_t n = 0;
  for (const auto& r : resources_) {
    for (const auto& rep : r.reps) n += rep.body.size();
  }
  return n;
}

}  // namespace wavesites
