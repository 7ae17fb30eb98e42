#pragma once
/// The resume upload's accepted document types, read from rules/resume-upload.json (the file the
/// careers dialog reads too, for its picker and its check before sending), embedded at build
/// time. The server still judges a file by its bytes (api/file_type.hpp); this decides which of
/// the types it recognises it takes, and names them in its refusal.
#include <string>
#include <string_view>
#include <vector>

#include "api/file_type.hpp"

namespace wavesites {

struct accepted_type {
  std::string extension;  ///< "pdf"
  std::string mime;       ///< "application/pdf"
  std::string name;       ///< "PDF", as the refusal and the dialog name it
};

struct resume_rules {
  std::vector<accepted_type> types;
  /// The 415 answer's message: "only PDF, DOC, DOCX, ODT, RTF and TXT documents are accepted".
  std::string type_message;

  /// The accepted type a sniffed file is, or nullptr when the rules do not take it.
  [[nodiscard]] const accepted_type* accept(const file_type& sniffed) const;
  /// Parses the rules file; refuses a type the sniffer cannot recognise (a build with such a
  /// rules file would accept nothing of that type, or so it would seem).
  static resume_rules parse(std::string_view json_text);
};

/// The rules embedded in the binary, parsed once.
const resume_rules& resume_upload_rules();

}  // namespace wavesites
