#pragma once
/// What kind of document an uploaded resume is, judged by its bytes while it streams (never by
/// the client's Content-Type or file name alone), and a safe display form of its original name.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace wavesites {

/// An accepted document type, e.g. {"pdf", "application/pdf"}. The views point at static strings.
struct file_type {
  std::string_view extension;
  std::string_view mime;
};

/// Every type the sniffer can recognise.
[[nodiscard]] std::span<const file_type> recognised_types();

/// Watches an upload go by and tells whether it is a PDF, DOC, DOCX, ODT, RTF or plain UTF-8 text.
/// Keeps a few hundred bytes of state whatever the size of the file.
class file_type_sniffer {
 public:
  /// The next bytes of the file; all of them, in order, in pieces of any size.
  void feed(std::string_view chunk);

  /// The detected type, or nullopt when the bytes are none of PDF, DOC, DOCX, ODT, RTF, TXT.
  /// `original_name` (the client's file name) only decides whether an OLE2 file counts as DOC.
  [[nodiscard]] std::optional<file_type> result(std::string_view original_name) const;

 private:
  void feed_zip(std::string_view chunk);
  void feed_text(std::string_view chunk);

  static constexpr std::size_t head_capacity = 512;  // room for ODT's "mimetype" entry and its data
  static constexpr std::size_t zip_window = 63;      // a central directory header (46) + the name (17)

  std::string head_;  // the first head_capacity bytes
  std::uint64_t size_ = 0;
  std::string zip_tail_;  // the last zip_window bytes seen, for a header split across chunks
  bool docx_entry_ = false;
  bool text_ok_ = true;
  int utf8_pending_ = 0;           // continuation bytes still expected
  unsigned char utf8_low_ = 0x80;  // allowed range of the next continuation byte
  unsigned char utf8_high_ = 0xBF;
};

/// A safe display name: no directories, no control characters or path separators, valid UTF-8,
/// at most 200 bytes, never empty ("resume" when nothing is left).
std::string sanitize_file_name(std::string_view name);

}  // namespace wavesites
