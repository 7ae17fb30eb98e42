#include "api/file_type.hpp"

#include <algorithm>
#include <array>

namespace wavesites {
namespace {

constexpr std::string_view zip_local_header = "PK\x03\x04";
constexpr std::string_view zip_central_header = "PK\x01\x02";
constexpr std::string_view docx_main_part = "word/document.xml";
constexpr std::string_view odt_mime = "application/vnd.oasis.opendocument.text";
constexpr std::string_view ole2_signature = "\xD0\xCF\x11\xE0\xA1\xB1\x1A\xE1";
constexpr std::string_view utf8_bom = "\xEF\xBB\xBF";

constexpr file_type pdf{"pdf", "application/pdf"};
constexpr file_type doc{"doc", "application/msword"};
constexpr file_type docx{"docx", "application/vnd.openxmlformats-officedocument.wordprocessingml.document"};
constexpr file_type odt{"odt", "application/vnd.oasis.opendocument.text"};
constexpr file_type rtf{"rtf", "application/rtf"};
constexpr file_type txt{"txt", "text/plain"};

constexpr std::array<file_type, 6> all_types{pdf, doc, docx, odt, rtf, txt};

unsigned le16(std::string_view s, std::size_t at) {
  return static_cast<unsigned char>(s[at]) | (static_cast<unsigned>(static_cast<unsigned char>(s[at + 1])) << 8);
}

std::uint32_t le32(std::string_view s, std::size_t at) {
  return le16(s, at) | (static_cast<std::uint32_t>(le16(s, at + 2)) << 16);
}

// ODF 1.2 part 3, section 3.3: the first entry is "mimetype", stored uncompressed and without an
// extra field; its content names the document type. An extra field is tolerated all the same.
bool is_odt(std::string_view head) {
  if (head.size() < 30 || !head.starts_with(zip_local_header)) return false;
  const auto method = le16(head, 8);
  const auto compressed = le32(head, 18);
  const auto uncompressed = le32(head, 22);
  const auto name_length = le16(head, 26);
  const auto extra_length = le16(head, 28);
  if (method != 0 || name_length != 8 || compressed != odt_mime.size() || uncompressed != odt_mime.size()) return false;
  const std::size_t data = 30 + name_length + extra_length;
  return head.size() >= data + odt_mime.size() && head.substr(30, 8) == "mimetype" &&
         head.substr(data, odt_mime.size()) == odt_mime;
}

bool ends_with_ignoring_case(std::string_view s, std::string_view suffix) {
  if (s.size() < suffix.size()) return false;
  return std::equal(
      suffix.begin(), suffix.end(), s.end() - static_cast<std::ptrdiff_t>(suffix.size()),
      [](char a, char b) { return a == ((b >= 'A' && b <= 'Z') ? static_cast<char>(b - 'A' + 'a') : b); });
}

// One code point of well-formed UTF-8 (no overlongs, surrogates or values past U+10FFFF) at s[i]:
// its value and length, or length 0 when the bytes there are not UTF-8.
struct code_point {
  char32_t value = 0;
  std::size_t length = 0;
};

code_point decode_utf8(std::string_view s, std::size_t i) {
  const auto byte = [&](std::size_t k) { return static_cast<unsigned char>(s[k]); };
  const unsigned char b0 = byte(i);
  if (b0 < 0x80) return {b0, 1};
  std::size_t length = 0;
  char32_t value = 0;
  unsigned char low = 0x80;
  unsigned char high = 0xBF;
  if (b0 >= 0xC2 && b0 <= 0xDF) {
    length = 2;
    value = b0 & 0x1F;
  } else if (b0 >= 0xE0 && b0 <= 0xEF) {
    length = 3;
    value = b0 & 0x0F;
    if (b0 == 0xE0) low = 0xA0;
    if (b0 == 0xED) high = 0x9F;
  } else if (b0 >= 0xF0 && b0 <= 0xF4) {
    length = 4;
    value = b0 & 0x07;
    if (b0 == 0xF0) low = 0x90;
    if (b0 == 0xF4) high = 0x8F;
  } else {
    return {};
  }
  if (i + length > s.size()) return {};
  for (std::size_t k = 1; k < length; ++k) {
    const auto b = byte(i + k);
    if (b < low || b > high) return {};
    low = 0x80;
    high = 0xBF;
    value = (value << 6) | (b & 0x3F);
  }
  return {value, length};
}

bool is_control(char32_t c) {
  return c < 0x20 || (c >= 0x7F && c <= 0x9F);
}

// Invisible direction overrides let "cv\u202Efdp.exe" display as "cvexe.pdf".
bool is_bidi_control(char32_t c) {
  return c == 0x200E || c == 0x200F || (c >= 0x202A && c <= 0x202E) || (c >= 0x2066 && c <= 0x2069);
}

void trim_spaces_and_dots(std::string& s) {
  const auto junk = [](char c) { return c == ' ' || c == '.'; };
  const auto first = std::find_if_not(s.begin(), s.end(), junk);
  s.erase(s.begin(), first);
  while (!s.empty() && junk(s.back())) s.pop_back();
}

}  // namespace

void file_type_sniffer::feed(std::string_view chunk) {
  if (chunk.empty()) return;
  if (head_.size() < head_capacity) head_.append(chunk.substr(0, head_capacity - head_.size()));
  // The first four bytes decide whether the stream can be a ZIP at all; until then, scan anyway
  // so that no byte of a ZIP goes unseen.
  const auto start = std::string_view(head_).substr(0, zip_local_header.size());
  if (!docx_entry_ && zip_local_header.starts_with(start)) feed_zip(chunk);
  if (text_ok_) feed_text(chunk);
  size_ += chunk.size();
}

void file_type_sniffer::feed_zip(std::string_view chunk) {
  // Entry names are stored uncompressed both in each local file header (the name at offset 30,
  // its length at 26) and in the central directory (at 46, length at 28), so a DOCX can be
  // recognised by spotting "word/document.xml" right after one of those headers. The stream is
  // seen as zip_tail_ + chunk; only matches that end inside this chunk are new.
  const std::size_t tail_size = zip_tail_.size();
  const auto at = [&](std::size_t pos) { return pos < tail_size ? zip_tail_[pos] : chunk[pos - tail_size]; };
  const auto header_before = [&](std::size_t name_pos) {
    const auto matches = [&](std::size_t pos, std::string_view sig) {
      for (std::size_t k = 0; k < sig.size(); ++k)
        if (at(pos + k) != sig[k]) return false;
      return true;
    };
    const auto length_at = [&](std::size_t pos) {
      return static_cast<unsigned char>(at(pos)) |
             (static_cast<unsigned>(static_cast<unsigned char>(at(pos + 1))) << 8);
    };
    const auto name_size = docx_main_part.size();
    return (name_pos >= 30 && matches(name_pos - 30, zip_local_header) && length_at(name_pos - 4) == name_size) ||
           (name_pos >= 46 && matches(name_pos - 46, zip_central_header) && length_at(name_pos - 18) == name_size);
  };

  // Names that begin in the tail and end in this chunk.
  const std::size_t overlap = docx_main_part.size() - 1;
  const std::size_t window_start = tail_size > overlap ? tail_size - overlap : 0;
  const std::string window = zip_tail_.substr(window_start) + std::string(chunk.substr(0, overlap));
  for (auto pos = window.find(docx_main_part); pos != std::string::npos; pos = window.find(docx_main_part, pos + 1)) {
    if (window_start + pos >= tail_size) break;  // lies wholly in the chunk: found below
    if (header_before(window_start + pos)) docx_entry_ = true;
  }
  // Names wholly inside this chunk.
  for (auto pos = chunk.find(docx_main_part); !docx_entry_ && pos != std::string_view::npos;
       pos = chunk.find(docx_main_part, pos + 1)) {
    if (header_before(tail_size + pos)) docx_entry_ = true;
  }

  if (chunk.size() >= zip_window) {
    zip_tail_.assign(chunk.substr(chunk.size() - zip_window));
  } else {
    zip_tail_.append(chunk);
    if (zip_tail_.size() > zip_window) zip_tail_.erase(0, zip_tail_.size() - zip_window);
  }
}

void file_type_sniffer::feed_text(std::string_view chunk) {
  // Validates UTF-8 one byte at a time so that a character split between chunks is judged whole.
  for (const char ch : chunk) {
    const auto b = static_cast<unsigned char>(ch);
    if (utf8_pending_ > 0) {
      if (b < utf8_low_ || b > utf8_high_) {
        text_ok_ = false;
        return;
      }
      utf8_low_ = 0x80;
      utf8_high_ = 0xBF;
      --utf8_pending_;
      continue;
    }
    if (b < 0x80) {
      const bool allowed_control = b == '\t' || b == '\n' || b == '\r' || b == '\f';
      if ((b < 0x20 && !allowed_control) || b == 0x7F) {
        text_ok_ = false;
        return;
      }
      continue;
    }
    if (b == 0xC2) {
      utf8_pending_ = 1;
      utf8_low_ = 0xA0;  // C2 80..C2 9F are the C1 control characters
    } else if (b >= 0xC3 && b <= 0xDF) {
      utf8_pending_ = 1;
    } else if (b >= 0xE0 && b <= 0xEF) {
      utf8_pending_ = 2;
      if (b == 0xE0) utf8_low_ = 0xA0;   // overlong
      if (b == 0xED) utf8_high_ = 0x9F;  // UTF-16 surrogates
    } else if (b >= 0xF0 && b <= 0xF4) {
      utf8_pending_ = 3;
      if (b == 0xF0) utf8_low_ = 0x90;   // overlong
      if (b == 0xF4) utf8_high_ = 0x8F;  // past U+10FFFF
    } else {
      text_ok_ = false;
      return;
    }
  }
}

std::span<const file_type> recognised_types() {
  return all_types;
}

std::optional<file_type> file_type_sniffer::result(std::string_view original_name) const {
  const std::string_view head(head_);
  if (head.starts_with("%PDF-")) return pdf;
  if (head.starts_with("{\\rtf")) return rtf;
  if (head.starts_with(ole2_signature)) {
    // OLE2 is a container: Excel, PowerPoint, Visio, MSI installers and old Outlook files share
    // this signature. Telling a Word document apart would mean walking the FAT to its
    // "WordDocument" stream, so the name has to agree as well.
    if (ends_with_ignoring_case(original_name, ".doc") || ends_with_ignoring_case(original_name, ".dot")) return doc;
    return std::nullopt;
  }
  if (head.starts_with(zip_local_header)) {
    if (is_odt(head)) return odt;
    if (docx_entry_) return docx;
    return std::nullopt;  // some other ZIP: a spreadsheet, an archive, a JAR...
  }
  // A byte order mark alone is an empty file.
  const bool empty = size_ == 0 || (size_ == utf8_bom.size() && head == utf8_bom);
  if (text_ok_ && utf8_pending_ == 0 && !empty) return txt;
  return std::nullopt;
}

std::string sanitize_file_name(std::string_view name) {
  constexpr std::size_t max_bytes = 200;
  constexpr std::size_t max_extension = 16;
  // Only the last path component: browsers of old sent "C:\Users\...\cv.pdf", attackers "../../x".
  // Both separators are ASCII, so this cannot cut a UTF-8 character.
  if (const auto slash = name.find_last_of("/\\"); slash != std::string_view::npos) name.remove_prefix(slash + 1);

  std::string out;
  out.reserve(std::min(name.size(), max_bytes + 4));
  for (std::size_t i = 0; i < name.size();) {
    const auto cp = decode_utf8(name, i);
    if (cp.length == 0) {
      out += '_';  // not UTF-8 (Latin-1 from an old client, or garbage)
      ++i;
      continue;
    }
    const auto bytes = name.substr(i, cp.length);
    i += cp.length;
    if (is_control(cp.value) || is_bidi_control(cp.value)) continue;
    // Characters no Windows file name may hold; the name can end up as one when exported.
    if (cp.value < 0x80 && std::string_view("<>:\"|?*").find(static_cast<char>(cp.value)) != std::string_view::npos) {
      out += '_';
      continue;
    }
    out += bytes;
  }
  // "..", ".profile" and Windows' silently dropped trailing dots and spaces.
  trim_spaces_and_dots(out);

  if (out.size() > max_bytes) {
    // Keep a short extension and shorten the stem, at a character boundary.
    std::string extension;
    if (const auto dot = out.rfind('.'); dot != std::string::npos && dot > 0 && out.size() - dot <= max_extension)
      extension = out.substr(dot);
    std::size_t cut = max_bytes - extension.size();
    while (cut > 0 && (static_cast<unsigned char>(out[cut]) & 0xC0) == 0x80) --cut;
    out.resize(cut);
    trim_spaces_and_dots(out);
    out += extension;
  }
  if (out.empty()) return "resume";
  return out;
}

}  // namespace wavesites
