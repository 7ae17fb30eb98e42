#pragma once
/// The sites as the server sees them: the web build's manifest and every file it names,
/// loaded once into memory with a ready header block per (file, encoding, status).
/// Nothing here is site-specific: routes, ids and pages all come from manifest.json.
#include <array>
#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "config/config.hpp"
#include "util/result.hpp"

namespace wavesites {

enum class encoding : std::uint8_t { identity = 0, gzip = 1, br = 2 };

/// One encoding of one file, with its response heads prepared (status line and headers,
/// each line CRLF-terminated, without Date, Connection and the final blank line).
struct representation {
  bool present = false;
  std::string body;
  /// Large bodies are also kept in a locked, unlinked file so they can be sent with
  /// sendfile(2) without copying them through user space; -1 when not.
  int body_fd = -1;
  std::int64_t body_offset = 0;
  std::string etag;  ///< quoted strong validator
  std::string head_200;
  std::string head_304;
  std::string head_404;
};

struct resource {
  std::string file;  ///< path relative to the web dir, for messages
  std::string content_type;
  bool immutable = false;
  std::array<representation, 3> reps;  ///< indexed by encoding

  /// The best representation the client accepts (identity always exists).
  [[nodiscard]] const representation& pick(bool accept_br, bool accept_gzip) const {
    if (accept_br && reps[2].present) return reps[2];
    if (accept_gzip && reps[1].present) return reps[1];
    return reps[0];
  }
};

/// A page: one file, or one per language picked by the `lang` cookie.
struct page {
  const resource* single = nullptr;
  std::vector<std::pair<std::string, const resource*>> langs;
  const resource* fallback = nullptr;  ///< default language

  [[nodiscard]] const resource& pick(std::string_view lang) const {
    if (single) return *single;
    for (const auto& [code, res] : langs) {
      if (code == lang) return *res;
    }
    return *fallback;
  }
};

struct string_hash {
  using is_transparent = void;
  std::size_t operator()(std::string_view s) const noexcept { return std::hash<std::string_view>{}(s); }
};
template <typename V>
using string_map = std::unordered_map<std::string, V, string_hash, std::equal_to<>>;

struct detail_route {
  std::string prefix;
  bool numeric = false;  ///< canonicalise the id as a decimal number ("01" -> "1")
  string_map<const page*> ids;
  const page* empty = nullptr;
};

struct route_set {
  std::string name;
  string_map<const page*> routes;
  std::vector<detail_route> details;
  const page* not_found = nullptr;
  std::string entry;       ///< a path worth opening first (for the start-up lines)
  std::string prefixed_entry;  ///< an online route set's page under the prefixed route set, e.g. "/tts1/home"
};

struct route_match {
  const page* target;
  int status;  ///< 200 or 404
};

/// Canonical form of a numeric id, or empty when `id` is not a plain non-negative decimal
/// number ("007" -> "7", "1.0" -> "1", "1.5" / "1e3" / "" / "x" -> "").
std::string canonical_numeric_id(std::string_view id);

/// Percent-decodes a path; false on a malformed escape or a decoded NUL or '/'.
bool percent_decode_path(std::string_view in, std::string& out);

class catalog {
 public:
  /// Loads `web_dir/manifest.json` and every file it names. `cfg` supplies the landing-page
  /// values that are filled into pages marked "landing" and allowed by their CSP.
  static result<std::unique_ptr<catalog>> load(const std::string& web_dir, const config& cfg);

  [[nodiscard]] const route_set* find_route_set(std::string_view name) const;
  [[nodiscard]] const route_set& prefixed() const { return *prefixed_; }
  [[nodiscard]] const std::deque<route_set>& route_sets() const { return route_sets_; }
  [[nodiscard]] const resource* find_static(std::string_view path) const;

  /// The page for `path` (no query string) on `v`: a route (200), a detail id (200 or the
  /// empty page with 404) or the route set's not-found page (404).
  [[nodiscard]] route_match route(const route_set& v, std::string_view path) const;

  [[nodiscard]] std::size_t file_count() const { return resources_.size(); }
  /// Every language some page is prerendered in (pages with one file per language).
  [[nodiscard]] std::vector<std::string> languages() const;
  ~catalog();
  catalog(const catalog&) = delete;
  catalog& operator=(const catalog&) = delete;

  /// Bodies at least this large are sent with sendfile(2) from the in-memory file.
  static constexpr std::size_t sendfile_threshold = 16 * 1024;
  [[nodiscard]] std::size_t byte_count() const;

 private:
  catalog() = default;
  std::deque<resource> resources_;
  std::deque<page> pages_;
  std::deque<route_set> route_sets_;
  string_map<const resource*> statics_;
  void fill_body_file();

  const route_set* prefixed_ = nullptr;
  int body_fd_ = -1;
  void* body_map_ = nullptr;
  std::size_t body_map_size_ = 0;
};

/// The Content-Type for a file name, by extension.
std::string_view content_type_for(std::string_view file);

}  // namespace wavesites
