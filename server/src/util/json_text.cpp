#include "util/json_text.hpp"

namespace wavesites {

void append_json_escaped(std::string& out, std::string_view s) {
  static constexpr char hex[] = "0123456789abcdef";
  for (unsigned char c : s) {
    if (c == '"' || c == '\\') {
      out += '\\';
      out += static_cast<char>(c);
    } else if (c < 0x20 || c >= 0x7f) {
      // Request fields are not trusted to be UTF-8: bytes above ASCII are kept readable as
      // \u00XX, so the line stays valid JSON whatever the client sent.
      out += "\\u00";
      out += hex[c >> 4];
      out += hex[c & 15];
    } else {
      out += static_cast<char>(c);
    }
  }
}

}  // namespace wavesites
