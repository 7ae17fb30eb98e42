#include "http/multipart.hpp"
#include "util/ascii.hpp"
#include "util/hex.hpp"

#include <algorithm>
#include <cstring>

namespace wavesites {
namespace {

bool is_ows(char c) {
  return c == ' ' || c == '\t';
}

std::string_view trim(std::string_view s) {
  while (!s.empty() && is_ows(s.front())) s.remove_prefix(1);
  while (!s.empty() && is_ows(s.back())) s.remove_suffix(1);
  return s;
}

// RFC 2046 section 5.1.1: bchars, with space allowed anywhere but last.
bool valid_boundary(std::string_view b) {
  if (b.empty() || b.size() > 70 || b.back() == ' ') return false;
  return std::all_of(b.begin(), b.end(), [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
           std::string_view("'()+_,-./:=? ").find(c) != std::string_view::npos;
  });
}

struct param {
  std::string name;  // lower-cased
  std::string value;
};

// The `; name=value` list after a media type or disposition type. A repeated name is refused:
// two readers picking different copies is how smuggling starts.
std::optional<std::vector<param>> parse_params(std::string_view s) {
  std::vector<param> out;
  std::size_t i = 0;
  const auto skip_ows = [&] {
    while (i < s.size() && is_ows(s[i])) ++i;
  };
  for (;;) {
    skip_ows();
    if (i == s.size()) return out;
    if (s[i] != ';') return std::nullopt;
    ++i;
    skip_ows();
    if (i == s.size()) return out;  // a trailing ';' harms nobody
    if (s[i] == ';') continue;
    const auto name_start = i;
    while (i < s.size() && ascii::is(s[i], ascii::tchar)) ++i;
    if (i == name_start) return std::nullopt;
    auto name = ascii::to_lower(s.substr(name_start, i - name_start));
    skip_ows();
    if (i == s.size() || s[i] != '=') return std::nullopt;
    ++i;
    skip_ows();
    std::string value;
    if (i < s.size() && s[i] == '"') {
      ++i;
      bool closed = false;
      while (i < s.size()) {
        const char c = s[i++];
        if (c == '"') {
          closed = true;
          break;
        }
        // A backslash escapes only a quote or a backslash. Browsers do not escape backslashes
        // (old ones send "C:\dir\cv.pdf"), so any other backslash is kept as it is.
        if (c == '\\' && i < s.size() && (s[i] == '"' || s[i] == '\\')) {
          value += s[i++];
          continue;
        }
        value += c;
      }
      if (!closed) return std::nullopt;
    } else {
      // Unquoted values should be tokens; some clients send spaces, so take everything up to ';'.
      const auto start = i;
      while (i < s.size() && s[i] != ';') ++i;
      value = std::string(trim(s.substr(start, i - start)));
    }
    if (std::any_of(out.begin(), out.end(), [&](const param& p) { return p.name == name; })) return std::nullopt;
    out.push_back({std::move(name), std::move(value)});
  }
}

const param* find_param(const std::vector<param>& params, std::string_view name) {
  for (const auto& p : params)
    if (p.name == name) return &p;
  return nullptr;
}

// RFC 8187 (formerly 5987) ext-value: charset'language'percent-encoded. UTF-8 and ISO-8859-1
// are the two charsets the RFC requires; the result is UTF-8 (validity is the sanitiser's job).
std::optional<std::string> decode_ext_value(std::string_view v) {
  const auto q1 = v.find('\'');
  if (q1 == std::string_view::npos) return std::nullopt;
  const auto q2 = v.find('\'', q1 + 1);
  if (q2 == std::string_view::npos) return std::nullopt;
  const auto charset = v.substr(0, q1);
  const bool latin1 = ascii::iequals(charset, "iso-8859-1");
  if (!latin1 && !ascii::iequals(charset, "utf-8")) return std::nullopt;
  std::string out;
  const auto encoded = v.substr(q2 + 1);
  for (std::size_t i = 0; i < encoded.size(); ++i) {
    auto byte = static_cast<unsigned char>(encoded[i]);
    if (byte == '%') {
      if (i + 2 >= encoded.size()) return std::nullopt;
      const int hi = hex_value(encoded[i + 1]);
      const int lo = hex_value(encoded[i + 2]);
      if (hi < 0 || lo < 0) return std::nullopt;
      byte = static_cast<unsigned char>(hi * 16 + lo);
      i += 2;
    }
    if (latin1 && byte >= 0x80) {
      out += static_cast<char>(0xC0 | (byte >> 6));
      out += static_cast<char>(0x80 | (byte & 0x3F));
    } else {
      out += static_cast<char>(byte);
    }
  }
  return out;
}

}  // namespace

multipart_parser::multipart_parser(const std::string& boundary, multipart_handler& handler, multipart_limits limits)
    : delimiter_("\r\n--" + boundary), handler_(handler), limits_(limits) {
  if (!valid_boundary(boundary)) {
    state_ = state::failed;
    error_ = "invalid multipart boundary";
    return;
  }
  // KMP failure function: after a mismatch, the longest tail of the held bytes that can still
  // begin the delimiter. It lets the parser keep no copy of a partial match, only its length.
  const auto size = delimiter_.size();
  fallback_.assign(size + 1, 0);
  for (std::size_t k = 1, j = 0; k < size; ++k) {
    while (j > 0 && delimiter_[k] != delimiter_[j]) j = fallback_[j];
    if (delimiter_[k] == delimiter_[j]) ++j;
    fallback_[k + 1] = j;
  }
  // The first boundary may open the body with no CRLF before it: start as if one had been read.
  matched_ = 2;
}

multipart_parser::status multipart_parser::fail(std::string_view reason) {
  state_ = state::failed;
  error_ = reason;
  return status::error;
}

multipart_parser::status multipart_parser::stop() {
  state_ = state::stopped;
  return status::stopped;
}

multipart_parser::status multipart_parser::current() const {
  switch (state_) {
    case state::epilogue:
      return status::done;
    case state::failed:
      return status::error;
    case state::stopped:
      return status::stopped;
    default:
      return status::more;
  }
}

std::string_view multipart_parser::error() const {
  return state_ == state::failed ? error_ : std::string_view();
}

bool multipart_parser::deliver_data(std::string_view data) {
  if (data.empty() || handler_.on_part_data(data)) return true;
  stop();
  return false;
}

bool multipart_parser::scan_for_delimiter(std::string_view chunk, std::size_t& i, bool deliver) {
  const auto n = chunk.size();
  const auto size = delimiter_.size();
  // The held bytes (matched_ of them, equal to delimiter_'s prefix) are the last ones read; the
  // first `carried` of them arrived in earlier chunks, the rest are chunk bytes just before i.
  // Chunk bytes from run_start up to the held ones are known data not yet handed on.
  std::size_t carried = matched_;
  std::size_t run_start = i;
  const auto flush = [&](std::size_t end) {
    if (deliver && end > run_start && !deliver_data(chunk.substr(run_start, end - run_start))) return false;
    run_start = end;
    return true;
  };
  while (i < n) {
    if (matched_ == 0) {
      // Every delimiter starts with CR; jump to the next one.
      const auto* cr = static_cast<const char*>(std::memchr(chunk.data() + i, '\r', n - i));
      if (cr == nullptr) {
        i = n;
        break;
      }
      i = static_cast<std::size_t>(cr - chunk.data()) + 1;
      matched_ = 1;
      continue;
    }
    if (chunk[i] == delimiter_[matched_]) {
      ++i;
      if (++matched_ == size) {
        matched_ = 0;
        return flush(i - (size - carried));
      }
      continue;
    }
    // Mismatch: the held bytes before the longest border that could still start a delimiter are
    // data. Those from earlier chunks come first, and nothing of this chunk is pending before them.
    const auto keep = fallback_[matched_];
    const auto dropped = matched_ - keep;
    const auto from_earlier = std::min(dropped, carried);
    if (from_earlier > 0) {
      if (deliver && !deliver_data(std::string_view(delimiter_).substr(0, from_earlier))) return false;
      carried -= from_earlier;
    }
    matched_ = keep;
  }
  // The held bytes wait for the next chunk; everything before them is data.
  flush(n - (matched_ - carried));
  return false;
}

multipart_parser::status multipart_parser::begin_part() {
  if (++parts_ > limits_.max_parts) return fail("too many parts");

  // header_block_ is "\r\n" (no headers) or field lines each ending in CRLF, then CRLF.
  std::string_view block(header_block_);
  block.remove_suffix(2);
  struct field {
    std::string_view name;
    std::string value;
  };
  std::vector<field> fields;
  while (!block.empty()) {
    const auto eol = block.find("\r\n");
    const auto line = block.substr(0, eol);
    block.remove_prefix(eol + 2);
    if (line.find_first_of("\r\n") != std::string_view::npos) return fail("malformed part header");
    if (!line.empty() && is_ows(line.front())) {
      // Obsolete line folding: a continuation of the previous field.
      if (fields.empty()) return fail("malformed part header");
      fields.back().value += ' ';
      fields.back().value += trim(line);
      continue;
    }
    const auto colon = line.find(':');
    if (colon == std::string_view::npos || colon == 0) return fail("malformed part header");
    const auto name = line.substr(0, colon);
    if (!std::all_of(name.begin(), name.end(), [](char c) { return ascii::is(c, ascii::tchar); }))
      return fail("malformed part header");
    fields.push_back({name, std::string(trim(line.substr(colon + 1)))});
  }

  const field* disposition = nullptr;
  const field* type = nullptr;
  for (const auto& f : fields) {
    const field** slot = ascii::iequals(f.name, "content-disposition") ? &disposition
                         : ascii::iequals(f.name, "content-type")      ? &type
                                                                       : nullptr;
    if (slot == nullptr) continue;
    if (*slot != nullptr) return fail("repeated part header");
    *slot = &f;
  }
  if (disposition == nullptr) return fail("part without form-data Content-Disposition");
  const std::string_view value(disposition->value);
  const auto semi = value.find(';');
  if (!ascii::iequals(trim(value.substr(0, semi)), "form-data"))
    return fail("part without form-data Content-Disposition");
  const auto params = parse_params(semi == std::string_view::npos ? std::string_view() : value.substr(semi));
  if (!params) return fail("malformed Content-Disposition");

  multipart_part part;
  const auto* name = find_param(*params, "name");
  if (name == nullptr) return fail("part without a name");
  part.name = name->value;
  std::optional<std::string> filename;
  // filename*= carries non-ASCII names exactly; a client sending both means it as the better one.
  if (const auto* ext = find_param(*params, "filename*")) filename = decode_ext_value(ext->value);
  if (!filename) {
    if (const auto* plain = find_param(*params, "filename")) filename = plain->value;
  }
  part.filename = filename.value_or(std::string());
  part.content_type = (type != nullptr && !type->value.empty()) ? type->value : std::string("text/plain");

  state_ = state::body;
  in_part_ = true;
  if (!handler_.on_part_begin(part)) return stop();
  return status::more;
}

multipart_parser::status multipart_parser::feed(std::string_view chunk) {
  std::size_t i = 0;
  while (i < chunk.size()) {
    switch (state_) {
      case state::preamble:
      case state::body:
        if (!scan_for_delimiter(chunk, i, state_ == state::body)) return current();
        state_ = state::boundary_end;
        break;
      case state::boundary_end: {
        const char c = chunk[i++];
        if (c == '-') {
          state_ = state::close_dash;
        } else if (is_ows(c)) {
          state_ = state::padding;
        } else if (c == '\r') {
          state_ = state::boundary_lf;
        } else {
          // Either the sender let the boundary occur inside the data, which RFC 2046 forbids,
          // or this is not the body it claims to be. Guessing which would be worse than a 400.
          return fail("malformed boundary line");
        }
        break;
      }
      case state::close_dash:
        if (chunk[i++] != '-') return fail("malformed boundary line");
        state_ = state::epilogue;
        if (in_part_) {
          in_part_ = false;
          if (!handler_.on_part_end()) return stop();
        }
        return status::done;
      case state::padding: {
        const char c = chunk[i++];
        if (c == '\r') {
          state_ = state::boundary_lf;
        } else if (!is_ows(c)) {
          return fail("malformed boundary line");
        }
        break;
      }
      case state::boundary_lf:
        if (chunk[i++] != '\n') return fail("malformed boundary line");
        if (in_part_) {
          in_part_ = false;
          if (!handler_.on_part_end()) return stop();
        }
        header_block_.clear();
        state_ = state::headers;
        break;
      case state::headers: {
        const char c = chunk[i++];
        header_block_ += c;
        if (header_block_.size() > limits_.max_header_bytes) return fail("part headers too large");
        if (c == '\n' && (header_block_ == "\r\n" || header_block_.ends_with("\r\n\r\n"))) {
          if (const auto s = begin_part(); s != status::more) return s;
        }
        break;
      }
      case state::epilogue:
      case state::failed:
      case state::stopped:
        return current();
    }
  }
  return current();
}

multipart_parser::status multipart_parser::finish() {
  if (current() != status::more) return current();  // done, failed or stopped already
  return fail(state_ == state::preamble ? "no multipart boundary found" : "body ended before the closing boundary");
}

std::optional<std::string> multipart_boundary(std::string_view content_type) {
  const auto semi = content_type.find(';');
  if (!ascii::iequals(trim(content_type.substr(0, semi)), "multipart/form-data") || semi == std::string_view::npos)
    return std::nullopt;
  const auto params = parse_params(content_type.substr(semi));
  if (!params) return std::nullopt;
  const auto* boundary = find_param(*params, "boundary");
  if (boundary == nullptr || !valid_boundary(boundary->value)) return std::nullopt;
  return boundary->value;
}

}  // namespace wavesites
