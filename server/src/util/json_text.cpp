#include "util/json_text.hpp"

namespace wavesites {

void append_json_escaped(std::string& out, std::string_view s) {
  static constexpr char hex[] = "0123456789abcdef";
  // Most of a field needs no escape: runs of plain bytes go in whole, one append each, rather
  // than a capacity check and a store per byte (the access log escapes every request's fields).
  std::size_t plain = 0;
  for (std::size_t i = 0; i < s.size(); ++i) {
    const auto c = static_cast<unsigned char>(s[i]);
    if (c >= 0x20 && c < 0x7f && c != '"' && c != '\\') continue;
    out.append(s.data() + plain, i - plain);
    plain = i + 1;
    if (c == '"' || c == '\\') {
      out += '\\';
      out += static_cast<char>(c);
    } else {
      // Request fields are not trusted to be UTF-8: bytes above ASCII are kept readable as
      // \u00XX, so the line stays valid JSON whatever the client sent.
      const char esc[] = {'\\', 'u', '0', '0', hex[c >> 4], hex[c & 15]};
      out.append(esc, sizeof esc);
    }
  }
  out.append(s.data() + plain, s.size() - plain);
}

}  // namespace wavesites
