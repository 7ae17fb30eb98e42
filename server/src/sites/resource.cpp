#include "sites/resource.hpp"

#include <cstdio>
#include <fstream>
#include <sstream>

#include "http/headers.hpp"
#include "util/compress.hpp"

namespace wavesites {
namespace {

bool read_file(const std::filesystem::path& p, std::string& out) {
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

bool compressible(std::string_view content_type) {
  return content_type.starts_with("text/") || content_type.find("json") != std::string_view::npos ||
         content_type.find("javascript") != std::string_view::npos ||
         content_type.find("svg") != std::string_view::npos || content_type.find("xml") != std::string_view::npos;
}

/// Keeps an encoding only when it is smaller than the identity bytes.
void keep_if_smaller(representation& rep, const representation& identity) {
  rep.present = !rep.body.empty() && rep.body.size() < identity.body.size();
  if (!rep.present) rep.body.clear();
}

/// Builds the status line and headers of one representation for one status.
std::string make_head(int status, const resource& res, encoding enc, const representation& rep,
                      const serve_policy& policy) {
  std::string h;
  h.reserve(512 + policy.security.size());
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
  if (status < 400) {
    h += "ETag: ";
    h += rep.etag;
    h += "\r\n";
  }
  h += "Cache-Control: ";
  h += policy.immutable && status < 400 ? "public, max-age=31536000, immutable" : "no-cache";
  // A page chosen by the lang cookie varies by it too, so no cache mixes the languages.
  h += policy.varies_by_cookie ? "\r\nVary: Accept-Encoding, Cookie\r\n" : "\r\nVary: Accept-Encoding\r\n";
  h += policy.security;
  return h;
}

}  // namespace

result<resource> read_resource(const std::filesystem::path& dir, const std::string& file) {
  if (file.empty() || file.find("..") != std::string::npos || file.front() == '/') {
    return error{"bad file name \"" + file + "\""};
  }
  resource res;
  res.file = file;
  res.content_type = std::string(content_type_for(file));
  if (!read_file(dir / file, res.reps[0].body)) return error{"manifest.json names " + file + ", which cannot be read"};
  res.reps[0].present = true;
  return res;
}

void add_precompressed(resource& res, const std::filesystem::path& dir) {
  if (!compressible(res.content_type)) return;
  read_file(dir / (res.file + ".gz"), res.reps[1].body);
  read_file(dir / (res.file + ".br"), res.reps[2].body);
  keep_if_smaller(res.reps[1], res.reps[0]);
  keep_if_smaller(res.reps[2], res.reps[0]);
}

void compress_now(resource& res, bool fast) {
  if (!compressible(res.content_type)) return;
  res.reps[1].body = gzip_compress(res.reps[0].body, fast ? 6 : 9);
  res.reps[2].body = brotli_compress(res.reps[0].body, fast ? 4 : 11);
  keep_if_smaller(res.reps[1], res.reps[0]);
  keep_if_smaller(res.reps[2], res.reps[0]);
}

void prepare_heads(resource& res, const serve_policy& policy) {
  const auto tag = hex64(fnv1a(res.reps[0].body));
  static constexpr std::array<const char*, 3> suffix{"", "-gz", "-br"};
  for (std::size_t e = 0; e < res.reps.size(); ++e) {
    auto& rep = res.reps[e];
    if (!rep.present) continue;
    rep.etag = "\"" + tag + suffix[e] + "\"";
    const auto enc = static_cast<encoding>(e);
    rep.head_200 = make_head(200, res, enc, rep, policy);
    rep.head_304 = make_head(304, res, enc, rep, policy);
    rep.head_404 = make_head(404, res, enc, rep, policy);
    if (res.content_type.starts_with("text/html")) rep.head_410 = make_head(410, res, enc, rep, policy);
  }
}

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
  if (ext == "atom") return "application/atom+xml; charset=utf-8";
  if (ext == "webmanifest") return "application/manifest+json; charset=utf-8";
  return "application/octet-stream";
}

}  // namespace wavesites
