#include "sites/manifest.hpp"

#include <algorithm>
#include <array>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <set>
#include <sstream>

#include <nlohmann/json.hpp>

#include "sites/server_settings.hpp"

namespace wavesites {
namespace {

using json = nlohmann::json;

struct manifest_error {
  std::string message;
};
[[noreturn]] void fail(std::string message) {
  throw manifest_error{std::move(message)};
}

/// CSP directives a page may widen with a setting's origin (http/headers.hpp page_csp).
constexpr std::array<std::string_view, 2> widenable_directives{"connect-src", "img-src"};

const json& member(const json& object, const char* key, const std::string& where) {
  if (!object.is_object() || !object.contains(key)) fail(where + ": missing \"" + key + "\"");
  return object.at(key);
}

std::string text(const json& v, const std::string& where) {
  if (!v.is_string()) fail(where + ": expected a string");
  return v.get<std::string>();
}

std::vector<std::string> texts(const json& v, const std::string& where) {
  if (!v.is_array()) fail(where + ": expected an array of strings");
  std::vector<std::string> out;
  for (const auto& item : v) out.push_back(text(item, where));
  return out;
}

std::vector<std::pair<std::string, std::string>> text_map(const json& v, const std::string& where) {
  if (!v.is_object()) fail(where + ": expected an object");
  std::vector<std::pair<std::string, std::string>> out;
  for (const auto& [key, value] : v.items()) out.emplace_back(key, text(value, where + " " + key));
  return out;
}

setting_declaration parse_setting(const std::string& key, const json& spec) {
  const std::string where = "setting " + key;
  setting_declaration d;
  d.key = key;
  const auto type = text(member(spec, "type", where), where + " type");
  if (type == "url")
    d.type = setting_type::url;
  else if (type == "email")
    d.type = setting_type::email;
  else if (type != "text")
    fail(where + ": unknown type \"" + type + "\" (text, url or email)");
  d.optional = spec.value("optional", false);
  d.default_value = text(member(spec, "default", where), where + " default");
  if (const auto problem = setting_problem(d, d.default_value); !problem.empty()) fail(where + ": default " + problem);
  return d;
}

manifest_page parse_page(const std::string& id, const json& spec) {
  const std::string where = "page " + id;
  manifest_page p;
  p.id = id;
  if (spec.contains("file")) {
    p.file = text(spec["file"], where + " file");
  } else if (spec.contains("langs")) {
    p.langs = text_map(spec["langs"], where + " langs");
    p.default_lang = spec.contains("default_lang") ? text(spec["default_lang"], where) : "en";
    const auto has_default = [&](const auto& l) { return l.first == p.default_lang; };
    if (std::none_of(p.langs.begin(), p.langs.end(), has_default)) {
      fail(where + " has no file for its default language " + p.default_lang);
    }
  } else {
    fail(where + " has neither \"file\" nor \"langs\"");
  }
  if (spec.contains("script_hashes")) p.script_hashes = texts(spec["script_hashes"], where + " script_hashes");
  if (spec.contains("fill")) p.fill = texts(spec["fill"], where + " fill");
  if (spec.contains("csp")) {
    if (!spec["csp"].is_object()) fail(where + " csp: expected an object");
    for (const auto& [directive, keys] : spec["csp"].items()) {
      if (std::find(widenable_directives.begin(), widenable_directives.end(), directive) ==
          widenable_directives.end()) {
        fail(where + " csp: \"" + directive + "\" cannot take a setting's origin");
      }
      p.csp.emplace_back(directive, texts(keys, where + " csp " + directive));
    }
  }
  return p;
}

manifest_route_set parse_route_set(const std::string& name, const json& spec) {
  manifest_route_set s;
  s.name = name;
  s.routes = text_map(member(spec, "routes", name), name + " routes");
  if (!s.routes.empty()) s.entry = s.routes.front().first;
  if (spec.contains("entry")) s.entry = text(spec["entry"], name + " entry");
  if (spec.contains("prefixed_entry")) s.prefixed_entry = text(spec["prefixed_entry"], name + " prefixed_entry");
  if (spec.contains("details")) {
    for (const auto& d : spec["details"]) {
      auto& detail = s.details.emplace_back();
      detail.prefix = text(member(d, "prefix", name + " detail"), name + " detail prefix");
      detail.numeric = text(member(d, "id", name + " " + detail.prefix), name + " id") == "number";
      detail.ids = text_map(member(d, "ids", name + " " + detail.prefix), name + " " + detail.prefix + " ids");
      detail.empty = text(member(d, "empty", name + " " + detail.prefix), name + " " + detail.prefix + " empty");
      if (d.contains("gone")) detail.gone = texts(d["gone"], name + " " + detail.prefix + " gone");
    }
  }
  s.not_found = text(member(spec, "not_found", name), name + " not_found");
  if (spec.contains("headers")) {
    s.headers = text_map(spec["headers"], name + " headers");
    for (const auto& [field, value] : s.headers) {
      const auto bad_char = [](unsigned char c) { return c < 0x20 || c == 0x7f; };
      const bool token = !field.empty() && std::all_of(field.begin(), field.end(),
                                                       [](unsigned char c) { return std::isalnum(c) || c == '-'; });
      if (!token || std::any_of(value.begin(), value.end(), bad_char)) {
        fail(name + " headers: \"" + field + "\" cannot be sent as a header line");
      }
    }
  }
  return s;
}

link_spec parse_link(const std::string& slug, const json& spec) {
  const std::string where = "links." + slug;
  if (!spec.is_object()) fail(where + ": expected an object");
  link_spec l;
  l.slug = slug;
  l.where = where;
  for (const auto& [key, value] : spec.items()) {
    if (key == "url")
      l.url = text(value, where + " url");
    else if (key == "ios")
      l.ios = text(value, where + " ios");
    else if (key == "android")
      l.android = text(value, where + " android");
    else if (key == "subid_param")
      l.subid_param = text(value, where + " subid_param");
    else
      fail(where + ": unknown key \"" + key + "\"");
  }
  return l;
}

/// The rules that hold across sections: references resolve, names are unique.
/// "2026-12-01T08:00:00.000Z" (what the build writes: UTC, milliseconds) as ms since 1970.
std::int64_t parse_moment(const std::string& text) {
  int y = 0, mo = 0, d = 0, h = 0, mi = 0, sec = 0, ms = 0;
  char tail = 0;
  if (text.size() != 24 ||
      std::sscanf(text.c_str(), "%4d-%2d-%2dT%2d:%2d:%2d.%3dZ%c", &y, &mo, &d, &h, &mi, &sec, &ms, &tail) != 7) {
    fail("editions: \"" + text + "\" is not a moment like 2026-12-01T08:00:00.000Z");
  }
  const std::chrono::year_month_day ymd{std::chrono::year(y), std::chrono::month(static_cast<unsigned>(mo)),
                                        std::chrono::day(static_cast<unsigned>(d))};
  if (!ymd.ok() || h > 23 || mi > 59 || sec > 59) fail("editions: \"" + text + "\" is not a real moment");
  const auto days = std::chrono::sys_days(ymd).time_since_epoch();
  return std::chrono::duration_cast<std::chrono::milliseconds>(days).count() + ((h * 60LL + mi) * 60LL + sec) * 1000LL +
         ms;
}

/// A later edition's manifest: "manifest.<n>.json" beside manifest.json, nothing else.
bool is_edition_file(const std::string& file) {
  if (!file.starts_with("manifest.") || !file.ends_with(".json")) return false;
  const auto n = std::string_view(file).substr(9, file.size() - 14);
  return !n.empty() && std::all_of(n.begin(), n.end(), [](char c) { return c >= '0' && c <= '9'; });
}

void check(const manifest& m) {
  std::set<std::string, std::less<>> pages, settings;
  for (const auto& d : m.settings) {
    if (is_server_setting(d.key))
      fail("setting " + d.key + ": the server provides it itself (sites/server_settings.hpp)");
    settings.insert(d.key);
  }
  for (auto& key : server_setting_keys(site_names(m))) settings.insert(std::move(key));
  for (const auto& p : m.pages) {
    pages.insert(p.id);
    for (const auto& key : p.fill) {
      if (!settings.contains(key)) fail("page " + p.id + " fills setting " + key + ", which is not declared");
    }
    for (const auto& [directive, keys] : p.csp) {
      for (const auto& key : keys) {
        if (!settings.contains(key)) fail("page " + p.id + " csp names setting " + key + ", which is not declared");
      }
    }
  }
  const auto page_ref = [&](const std::string& id, const std::string& where) {
    if (!pages.contains(id)) fail(where + ": unknown page id " + id);
  };
  bool prefixed = false;
  for (const auto& s : m.route_sets) {
    prefixed = prefixed || s.name == "prefixed";
    for (const auto& [path, id] : s.routes) page_ref(id, s.name + " route " + path);
    for (const auto& d : s.details) {
      for (const auto& [id, page] : d.ids) page_ref(page, s.name + " " + d.prefix + id);
      page_ref(d.empty, s.name + " " + d.prefix + " empty");
      for (const auto& id : d.gone) {
        if (std::any_of(d.ids.begin(), d.ids.end(), [&](const auto& known) { return known.first == id; })) {
          fail(s.name + " " + d.prefix + id + ": both live and gone");
        }
      }
    }
    page_ref(s.not_found, s.name + " not_found");
  }
  if (!prefixed) fail("no \"prefixed\" route set");
}

}  // namespace

result<manifest> parse_manifest(std::string_view json_text) {
  try {
    const auto m = json::parse(json_text);
    if (m.value("version", 0) != manifest_version) {
      return error{"manifest.json: unsupported version (expected " + std::to_string(manifest_version) +
                   "; rebuild the web bundle with this server's sources)"};
    }
    manifest out;
    if (m.contains("settings")) {
      for (const auto& [key, spec] : m["settings"].items()) out.settings.push_back(parse_setting(key, spec));
    }
    for (const auto& [id, spec] : member(m, "pages", "manifest").items()) out.pages.push_back(parse_page(id, spec));
    for (const auto& [name, spec] : member(m, "route_sets", "manifest").items()) {
      out.route_sets.push_back(parse_route_set(name, spec));
    }
    if (m.contains("static")) {
      for (const auto& st : m["static"]) {
        out.statics.push_back({text(member(st, "path", "static"), "static path"),
                               text(member(st, "file", "static"), "static file"), st.value("immutable", false)});
      }
    }
    if (m.contains("links")) {
      if (!m["links"].is_object()) fail("links: expected an object");
      for (const auto& [slug, spec] : m["links"].items()) out.links.push_back(parse_link(slug, spec));
    }
    if (m.contains("views")) {
      if (!m["views"].is_object()) fail("views: expected an object");
      for (const auto& [file, view] : m["views"].items()) {
        const std::string where = "views " + file;
        auto path = text(member(view, "path", where), where + " path");
        if (path.empty() || path.front() != '/') fail(where + ": a path starts with /");
        out.views.emplace_back(file,
                               std::pair{std::move(path), view.contains("lang") ? text(view["lang"], where) : ""});
      }
    }
    if (m.contains("dashboard")) out.dashboard = text(m["dashboard"], "dashboard");
    if (m.contains("preview")) {
      if (!m["preview"].is_boolean()) fail("preview: expected true or false");
      out.preview = m["preview"].get<bool>();
    }
    if (m.contains("editions")) {
      for (const auto& e : m["editions"]) {
        manifest_edition edition;
        edition.at = text(member(e, "at", "editions"), "editions at");
        edition.at_ms = parse_moment(edition.at);
        edition.file = text(member(e, "manifest", "editions " + edition.at), "editions manifest");
        if (!is_edition_file(edition.file)) fail("editions " + edition.at + ": bad manifest name " + edition.file);
        if (!out.editions.empty() && out.editions.back().at_ms >= edition.at_ms) {
          fail("editions " + edition.at + ": not after the one before");
        }
        out.editions.push_back(std::move(edition));
      }
    }
    if (m.contains("crawlers")) {
      const auto& c = m["crawlers"];
      if (c.contains("literals")) out.crawlers.literals = texts(c["literals"], "crawlers literals");
      if (c.contains("patterns")) out.crawlers.patterns = texts(c["patterns"], "crawlers patterns");
    }
    check(out);
    return out;
  } catch (const manifest_error& e) {
    return error{"manifest.json: " + e.message};
  } catch (const json::exception& e) {
    return error{"manifest.json: " + std::string(e.what())};
  }
}

result<manifest> read_manifest(const std::filesystem::path& web_dir, const std::string& file) {
  const auto path = web_dir / file;
  std::ifstream in(path, std::ios::binary);
  if (!in) return error{"cannot read " + path.string() + " (run `make build` first, or pass --web DIR)"};
  std::ostringstream ss;
  ss << in.rdbuf();
  return parse_manifest(ss.str());
}

result<manifest_in_force> read_manifest_at(const std::filesystem::path& web_dir, std::int64_t now_ms) {
  auto first = read_manifest(web_dir);
  if (!first) return error{first.message()};
  manifest_in_force out;
  out.file = "manifest.json";
  const manifest_edition* current = nullptr;
  for (const auto& e : first->editions) {
    if (e.at_ms <= now_ms) {
      current = &e;
    } else {
      out.next_ms = e.at_ms;
      break;
    }
  }
  if (current == nullptr) {
    out.m = std::move(first).value();
    return out;
  }
  auto edition = read_manifest(web_dir, current->file);
  if (!edition) return error{current->file + " (the edition of " + current->at + "): " + edition.message()};
  out.file = current->file;
  out.m = std::move(edition).value();
  return out;
}

std::vector<std::string> site_names(const manifest& m) {
  std::vector<std::string> names;
  for (const auto& s : m.route_sets) {
    if (s.name != "prefixed") names.push_back(s.name);
  }
  return names;
}

}  // namespace wavesites
