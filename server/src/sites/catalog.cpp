#include "sites/catalog.hpp"

#include <fcntl.h>
#include <sys/mman.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include <nlohmann/json.hpp>

#include "http/headers.hpp"
#include "util/compress.hpp"

namespace wavesites {
namespace {

namespace fs = std::filesystem;
using json = nlohmann::json;

struct load_error {
  std::string message;
};
[[noreturn]] void fail(std::string msg) { throw load_error{std::move(msg)}; }

bool read_file(const fs::path& p, std::string& out) {
  std::ifstream in(p, std::ios::binary);
  if (!in) return false;
  std::ostringstream ss;
  ss << in.rdbuf();
  out = std::move(ss).str();
  return !in.bad();
}

std::uint64_t fnv1a(std::string_view s) {
  std::uint64_t h = 1469598103934665603ULL;
  for (unsigned char c : s) {
    h ^= c;
    h *= 1099511628211ULL;
  }
  return h;
}

std::string hex64(std::uint64_t v) {
  char buf[17];
  std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(v));
  return buf;
}

std::string html_attr_escape(std::string_view s) {
  std::string out;
  for (char c : s) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      case '\'': out += "&#39;"; break;
      default: out += c;
    }
  }
  return out;
}

void replace_all(std::string& s, std::string_view from, std::string_view to) {
  for (std::size_t pos = 0; (pos = s.find(from, pos)) != std::string::npos; pos += to.size()) {
    s.replace(pos, from.size(), to);
  }
}

/// Builds the status line and headers of one representation for one status.
std::string make_head(int status, const resource& res, encoding enc, const representation& rep,
                      std::string_view vary, const std::string& security) {
  std::string h;
  h.reserve(512 + security.size());
  h += "HTTP/1.1 ";
  h += std::to_string(status);
  h += ' ';
  h += reason_phrase(status);
  h += "\r\n";
  if (status != 304) {
    h += "Content-Type: ";
    h += res.content_type;
    h += "\r\nContent-Length: ";
    h += std::to_string(rep.body.size());
    h += "\r\n";
    if (enc == encoding::br) h += "Content-Encoding: br\r\n";
    if (enc == encoding::gzip) h += "Content-Encoding: gzip\r\n";
  }
  if (status != 404) {
    h += "ETag: ";
    h += rep.etag;
    h += "\r\n";
  }
  h += "Cache-Control: ";
  h += res.immutable && status != 404 ? "public, max-age=31536000, immutable" : "no-cache";
  h += "\r\nVary: ";
  h += vary;
  h += "\r\n";
  h += security;
  return h;
}

bool compressible(std::string_view content_type) {
  return content_type.starts_with("text/") || content_type.find("json") != std::string_view::npos ||
         content_type.find("javascript") != std::string_view::npos || content_type.find("svg") != std::string_view::npos ||
         content_type.find("xml") != std::string_view::npos;
}

struct landing_values {
  std::string origin;
  std::vector<std::pair<std::string, std::string>> replacements;
};

landing_values landing_from(const config& cfg) {
  landing_values v;
  v.origin = origin_of(cfg.landing.tracking_url);
  v.replacements = {
      {"__LANDING_APP_STORE_URL__", html_attr_escape(cfg.landing.app_store_url)},
      {"__LANDING_TRACKING_URL__", html_attr_escape(cfg.landing.tracking_url)},
      {"__LANDING_OFFER__", html_attr_escape(cfg.landing.offer)},
      {"__LANDING_AFFILIATE__", html_attr_escape(cfg.landing.affiliate)},
  };
  return v;
}

}  // namespace

std::string_view content_type_for(std::string_view file) {
  const auto dot = file.rfind('.');
  const auto ext = dot == std::string_view::npos ? std::string_view{} : file.substr(dot + 1);
  if (ext == "html") return "text/html; charset=utf-8";
  if (ext == "js" || ext == "mjs") return "text/javascript; charset=utf-8";
  if (ext == "css") return "text/css; charset=utf-8";
  if (ext == "json") return "application/json; charset=utf-8";
  if (ext == "svg") return "image/svg+xml";
  if (ext == "png") return "image/png";
  if (ext == "jpg" || ext == "jpeg") return "image/jpeg";
  if (ext == "webp") return "image/webp";
  if (ext == "avif") return "image/avif";
  if (ext == "ico") return "image/x-icon";
  if (ext == "woff2") return "font/woff2";
  if (ext == "txt") return "text/plain; charset=utf-8";
  if (ext == "xml") return "application/xml; charset=utf-8";
  if (ext == "webmanifest") return "application/manifest+json; charset=utf-8";
  return "application/octet-stream";
}

std::string canonical_numeric_id(std::string_view id) {
  const auto dot = id.find('.');
  auto whole = id.substr(0, dot);
  if (whole.empty()) return {};
  for (char c : whole) {
    if (c < '0' || c > '9') return {};
  }
  if (dot != std::string_view::npos) {
    for (char c : id.substr(dot + 1)) {
      if (c != '0') return {};  // "1.0" is 1, "1.5" is no article id
    }
  }
  while (whole.size() > 1 && whole.front() == '0') whole.remove_prefix(1);
  return std::string(whole);
}

bool percent_decode_path(std::string_view in, std::string& out) {
  out.clear();
  out.reserve(in.size());
  for (std::size_t i = 0; i < in.size(); ++i) {
    const char c = in[i];
    if (c != '%') {
      out += c;
      continue;
    }
    if (i + 2 >= in.size()) return false;
    auto hex = [](char h) -> int {
      if (h >= '0' && h <= '9') return h - '0';
      if (h >= 'a' && h <= 'f') return h - 'a' + 10;
      if (h >= 'A' && h <= 'F') return h - 'A' + 10;
      return -1;
    };
    const int hi = hex(in[i + 1]);
    const int lo = hex(in[i + 2]);
    if (hi < 0 || lo < 0) return false;
    const char decoded = static_cast<char>(hi * 16 + lo);
    if (decoded == '\0' || decoded == '/') return false;
    out += decoded;
    i += 2;
  }
  return true;
}

result<std::unique_ptr<catalog>> catalog::load(const std::string& web_dir, const config& cfg) {
  std::unique_ptr<catalog> cat(new catalog());
  const fs::path dir(web_dir);
  const auto landing = landing_from(cfg);
  try {
    std::string text;
    if (!read_file(dir / "manifest.json", text)) {
      fail("cannot read " + (dir / "manifest.json").string() + " (run `make build` first, or pass --web DIR)");
    }
    json m;
    try {
      m = json::parse(text);
    } catch (const json::exception& e) {
      fail((dir / "manifest.json").string() + ": invalid JSON: " + e.what());
    }
    if (m.value("version", 0) != 1) fail("manifest.json: unsupported version (expected 1)");

    // One resource per distinct file path.
    string_map<const resource*> by_file;
    auto load_resource = [&](const std::string& file, bool immutable, const csp_extras& csp, bool is_landing,
                             bool by_language) {
      if (auto it = by_file.find(file); it != by_file.end()) return it->second;
      if (file.empty() || file.find("..") != std::string::npos || file.front() == '/') {
        fail("manifest.json: bad file name \"" + file + "\"");
      }
      auto& res = cat->resources_.emplace_back();
      res.file = file;
      res.content_type = std::string(content_type_for(file));
      res.immutable = immutable;
      auto& id = res.reps[0];
      if (!read_file(dir / file, id.body)) fail("manifest.json names " + file + ", which cannot be read");
      id.present = true;
      if (is_landing) {
        for (const auto& [token, value] : landing.replacements) replace_all(id.body, token, value);
      }
      if (compressible(res.content_type)) {
        auto& gz = res.reps[1];
        auto& br = res.reps[2];
        if (is_landing) {  // filled at run time, so compressed here rather than by the build
          gz.body = gzip_compress(id.body);
          br.body = brotli_compress(id.body);
        } else {
          read_file(dir / (file + ".gz"), gz.body);
          read_file(dir / (file + ".br"), br.body);
        }
        gz.present = !gz.body.empty() && gz.body.size() < id.body.size();
        br.present = !br.body.empty() && br.body.size() < id.body.size();
        if (!gz.present) gz.body.clear();
        if (!br.present) br.body.clear();
      }
      const auto tag = hex64(fnv1a(id.body));
      // A page chosen by the lang cookie varies by it too, so no cache mixes the languages.
      const std::string vary = by_language ? "Accept-Encoding, Cookie" : "Accept-Encoding";
      const std::string security = security_header_lines(
          res.content_type.starts_with("text/html") ? page_csp(csp) : std::string(api_csp()));
      static constexpr std::array<const char*, 3> suffix{"", "-gz", "-br"};
      for (std::size_t e = 0; e < res.reps.size(); ++e) {
        auto& rep = res.reps[e];
        if (!rep.present) continue;
        rep.etag = "\"" + tag + suffix[e] + "\"";
        const auto enc = static_cast<encoding>(e);
        rep.head_200 = make_head(200, res, enc, rep, vary, security);
        rep.head_304 = make_head(304, res, enc, rep, vary, security);
        rep.head_404 = make_head(404, res, enc, rep, vary, security);
      }
      by_file.emplace(file, &res);
      return static_cast<const resource*>(&res);
    };

    // Pages.
    string_map<const page*> pages;
    if (!m.contains("pages") || !m["pages"].is_object()) fail("manifest.json: missing \"pages\"");
    for (const auto& [page_id, spec] : m["pages"].items()) {
      csp_extras csp;
      if (spec.contains("script_hashes")) {
        for (const auto& h : spec["script_hashes"]) csp.script_hashes.push_back(h.get<std::string>());
      }
      const bool is_landing = spec.value("landing", false);
      if (is_landing) csp.connect_origin = landing.origin;
      auto& pg = cat->pages_.emplace_back();
      if (spec.contains("file")) {
        pg.single = load_resource(spec["file"].get<std::string>(), false, csp, is_landing, false);
      } else if (spec.contains("langs") && spec["langs"].is_object()) {
        for (const auto& [lang, file] : spec["langs"].items()) {
          pg.langs.emplace_back(lang, load_resource(file.get<std::string>(), false, csp, is_landing, true));
        }
        const auto def = spec.value("default_lang", std::string("en"));
        for (const auto& [lang, res] : pg.langs) {
          if (lang == def) pg.fallback = res;
        }
        if (!pg.fallback) fail("manifest.json: page " + page_id + " has no file for its default language " + def);
      } else {
        fail("manifest.json: page " + page_id + " has neither \"file\" nor \"langs\"");
      }
      pages.emplace(page_id, &pg);
    }
    auto page_ref = [&](const json& v, const std::string& where) -> const page* {
      if (!v.is_string()) fail("manifest.json: " + where + ": expected a page id");
      auto it = pages.find(v.get<std::string>());
      if (it == pages.end()) fail("manifest.json: " + where + ": unknown page id " + v.get<std::string>());
      return it->second;
    };

    // Variants.
    if (!m.contains("route_sets") || !m["route_sets"].is_object()) fail("manifest.json: missing \"route_sets\"");
    for (const auto& [name, spec] : m["route_sets"].items()) {
      auto& v = cat->route_sets_.emplace_back();
      v.name = name;
      for (const auto& [path, pid] : spec.at("routes").items()) {
        v.routes.emplace(path, page_ref(pid, name + " route " + path));
        if (v.entry.empty()) v.entry = path;
      }
      if (spec.contains("entry")) v.entry = spec["entry"].get<std::string>();
      if (spec.contains("prefixed_entry")) v.prefixed_entry = spec["prefixed_entry"].get<std::string>();
      if (spec.contains("details")) {
        for (const auto& d : spec["details"]) {
          auto& dr = v.details.emplace_back();
          dr.prefix = d.at("prefix").get<std::string>();
          dr.numeric = d.at("id").get<std::string>() == "number";
          for (const auto& [id, pid] : d.at("ids").items()) {
            dr.ids.emplace(id, page_ref(pid, name + " " + dr.prefix + id));
          }
          dr.empty = page_ref(d.at("empty"), name + " " + dr.prefix + " empty");
        }
      }
      v.not_found = page_ref(spec.at("not_found"), name + " not_found");
      if (name == "prefixed") cat->prefixed_ = &v;
    }
    if (!cat->prefixed_) fail("manifest.json: no \"prefixed\" route set");

    // Static files.
    if (m.contains("static")) {
      for (const auto& st : m["static"]) {
        const auto path = st.at("path").get<std::string>();
        const auto* res =
            load_resource(st.at("file").get<std::string>(), st.value("immutable", false), {}, false, false);
        cat->statics_.emplace(path, res);
      }
    }
    cat->fill_body_file();
  } catch (const load_error& e) {
    return error{e.message};
  } catch (const json::exception& e) {
    return error{"manifest.json: " + std::string(e.what())};
  }
  return cat;
}

catalog::~catalog() {
  if (body_map_) ::munmap(body_map_, body_map_size_);
  if (body_fd_ >= 0) ::close(body_fd_);
}

void catalog::fill_body_file() {
  // Large bodies also go into one unlinked file, so they can leave with sendfile(2) without a
  // copy through user space. A file on a disk file system beats a memfd here: the kernel's
  // splice from shmem looks pages up one by one (measured: 20% fewer 30 KB responses a second).
  // The file's pages are mapped and locked, so they stay in memory like everything else.
  std::size_t total = 0;
  for (const auto& res : resources_) {
    for (const auto& rep : res.reps) {
      if (rep.present && rep.body.size() >= sendfile_threshold) total += rep.body.size();
    }
  }
  if (total == 0) return;
  const char* tmp = std::getenv("TMPDIR");
  for (const char* dir : {tmp, "/var/tmp", "/tmp"}) {
    if (!dir || !*dir) continue;
    body_fd_ = ::open(dir, O_TMPFILE | O_RDWR | O_CLOEXEC, 0600);
    if (body_fd_ >= 0) break;
  }
  if (body_fd_ < 0) body_fd_ = ::memfd_create("wavesites-bodies", MFD_CLOEXEC);
  if (body_fd_ < 0) return;  // no file: those bodies are written from memory like the rest
  std::int64_t offset = 0;
  std::vector<representation*> placed;
  for (auto& res : resources_) {
    for (auto& rep : res.reps) {
      if (!rep.present || rep.body.size() < sendfile_threshold) continue;
      std::size_t done = 0;
      while (done < rep.body.size()) {
        const auto n = ::pwrite(body_fd_, rep.body.data() + done, rep.body.size() - done,
                                static_cast<off_t>(offset + static_cast<std::int64_t>(done)));
        if (n <= 0) {
          for (auto* p : placed) p->body_fd = -1;
          ::close(body_fd_);
          body_fd_ = -1;
          return;
        }
        done += static_cast<std::size_t>(n);
      }
      rep.body_fd = body_fd_;
      rep.body_offset = offset;
      placed.push_back(&rep);
      offset += static_cast<std::int64_t>(rep.body.size());
    }
  }
  void* map = ::mmap(nullptr, total, PROT_READ, MAP_SHARED, body_fd_, 0);
  if (map != MAP_FAILED) {
    body_map_ = map;
    body_map_size_ = total;
    ::mlock(map, total);  // best effort: without the privilege the page cache still holds it
  }
}

const route_set* catalog::find_route_set(std::string_view name) const {
  for (const auto& v : route_sets_) {
    if (v.name == name) return &v;
  }
  return nullptr;
}

const resource* catalog::find_static(std::string_view path) const {
  auto it = statics_.find(path);
  return it == statics_.end() ? nullptr : it->second;
}

route_match catalog::route(const route_set& v, std::string_view path) const {
  std::string decoded;
  if (path.find('%') != std::string_view::npos) {
    if (!percent_decode_path(path, decoded)) return {v.not_found, 404};
    path = decoded;
  }
  if (path.size() > 1 && path.back() == '/') path.remove_suffix(1);
  if (auto it = v.routes.find(path); it != v.routes.end()) return {it->second, 200};
  for (const auto& d : v.details) {
    if (!path.starts_with(d.prefix)) continue;
    const auto id = path.substr(d.prefix.size());
    if (id.empty() || id.find('/') != std::string_view::npos) continue;
    if (d.numeric) {
      const auto key = canonical_numeric_id(id);
      if (auto it = d.ids.find(key); !key.empty() && it != d.ids.end()) return {it->second, 200};
    } else if (auto it = d.ids.find(id); it != d.ids.end()) {
      return {it->second, 200};
    }
    return {d.empty, 404};
  }
  return {v.not_found, 404};
}

std::vector<std::string> catalog::languages() const {
  std::vector<std::string> out;
  for (const auto& pg : pages_) {
    for (const auto& [lang, res] : pg.langs) {
      if (std::find(out.begin(), out.end(), lang) == out.end()) out.push_back(lang);
    }
  }
  return out;
}

std::size_t catalog::byte_count() const {
  std::size_t n = 0;
  for (const auto& r : resources_) {
    for (const auto& rep : r.reps) n += rep.body.size();
  }
  return n;
}

}  // namespace wavesites
