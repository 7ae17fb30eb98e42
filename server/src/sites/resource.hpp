#pragma once
/// One servable file in memory: its bytes in each encoding the build (or the start-up) produced,
/// and for each encoding the response heads prepared for 200, 304 and 404, so that answering
/// formats nothing.
#include <array>
#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>

#include "util/result.hpp"

namespace wavesites {

enum class encoding : std::uint8_t { identity = 0, gzip = 1, br = 2 };

/// One encoding of one file, with its response heads prepared (status line and headers,
/// each line CRLF-terminated, without Date, Connection and the final blank line).
struct representation {
  bool present = false;
  std::string body;
  /// Large bodies are also kept in a locked, unlinked file so they can be sent with
  /// sendfile(2) without copying them through user space; -1 when not (see body_file).
  int body_fd = -1;
  std::int64_t body_offset = 0;
  std::string etag;  ///< quoted strong validator
  std::string head_200;
  std::string head_304;
  std::string head_404;
  std::string head_410;  ///< HTML pages only: an expired article's address answers a not-found page
};

struct resource {
  std::string file;  ///< path relative to the web dir, for messages
  std::string content_type;
  /// A page whose views are counted (a site's own page, online): its canonical path, and its
  /// language where the site has several. Empty for everything else.
  std::string view_path;
  std::string view_lang;
  std::array<representation, 3> reps;  ///< indexed by encoding

  /// The best representation the client accepts (identity always exists).
  [[nodiscard]] const representation& pick(bool accept_br, bool accept_gzip) const {
    if (accept_br && reps[2].present) return reps[2];
    if (accept_gzip && reps[1].present) return reps[1];
    return reps[0];
  }
};

/// What the heads of a resource say beyond its own bytes.
struct serve_policy {
  bool immutable = false;         ///< a hashed asset: cached for a year
  bool varies_by_cookie = false;  ///< one language of a page, picked by the lang cookie
  std::string security;           ///< the security header lines, CSP included (http/headers.hpp)
};

/// Reads `dir/file` (identity bytes only). `file` must be relative and stay inside `dir`.
[[nodiscard]] result<resource> read_resource(const std::filesystem::path& dir, const std::string& file);

/// Adds the build's precompressed siblings (file.gz, file.br), each only when smaller.
void add_precompressed(resource& res, const std::filesystem::path& dir);

/// Compresses the identity body now: for bodies changed at start-up, which the build's
/// precompressed files no longer match. `fast`: a preview build's (brotli 4, gzip 6, not 11 and 9).
void compress_now(resource& res, bool fast = false);

/// Computes each present representation's ETag and prepares its heads.
void prepare_heads(resource& res, const serve_policy& policy);

/// The Content-Type for a file name, by extension.
[[nodiscard]] std::string_view content_type_for(std::string_view file);

}  // namespace wavesites
