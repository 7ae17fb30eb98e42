#include "sites/catalog.hpp"

#include <algorithm>
#include <filesystem>

#include "http/headers.hpp"
#include "sites/manifest.hpp"
#include "sites/settings.hpp"

namespace wavesites {

/// The steps of catalog::load, in order: pages (each file read once, settings filled, heads
/// prepared), static files, route sets, then the body file.
class catalog_builder {
 public:
  catalog_builder(catalog& cat, std::filesystem::path dir, const setting_values& settings)
      : cat_(cat), dir_(std::move(dir)), settings_(settings) {}

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
      }
      set.not_found = pages_.at(spec.not_found);
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

  /// One resource per distinct file, whichever pages name it.
  result<const resource*> add_file(const std::string& file, bool immutable, bool by_language, const csp_extras& csp,
                                   const std::vector<std::string>& fill) {
    if (auto it = by_file_.find(file); it != by_file_.end()) return it->second;
    auto res = read_resource(dir_, file);
    if (!res) return error{res.message()};
    const bool html = res->content_type.starts_with("text/html");
    const serve_policy policy{immutable, by_language,
                              security_header_lines(html ? page_csp(csp) : std::string(api_csp()))};
    if (fill.empty()) {
      add_precompressed(*res, dir_);
    } else {
      auto filled = fill_settings(res->reps[0].body, settings_, fill);
      if (!filled) return error{file + ": " + filled.message()};
      res->reps[0].body = std::move(*filled);
      compress_now(*res);
    }
    prepare_heads(*res, policy);
    const resource* added = &cat_.resources_.emplace_back(std::move(*res));
    by_file_.emplace(file, added);
    return added;
  }

  catalog& cat_;
  std::filesystem::path dir_;
  const setting_values& settings_;
  string_map<const resource*> by_file_;
  string_map<const page*> pages_;
};

result<std::unique_ptr<catalog>> catalog::load(const std::string& web_dir, const config& cfg) {
  const auto bundle_error = [&](const std::string& message) { return error{"web bundle " + web_dir + ": " + message}; };
  const auto m = read_manifest(web_dir);
  if (!m) return bundle_error(m.message());
  const auto settings = resolve_settings(m->settings, cfg);
  if (!settings) return error{settings.message()};

  std::unique_ptr<catalog> cat(new catalog());
  catalog_builder build(*cat, web_dir, *settings);
  if (auto r = build.add_pages(m->pages); !r) return bundle_error(r.message());
  if (auto r = build.add_statics(m->statics); !r) return bundle_error(r.message());
  build.add_route_sets(m->route_sets);
  cat->bodies_.place(cat->resources_, sendfile_threshold);
  return cat;
}

const route_set* catalog::find_route_set(std::string_view name) const {
  for (const auto& s : route_sets_) {
    if (s.name == name) return &s;
  }
  return nullptr;
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
