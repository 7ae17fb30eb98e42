#pragma once
/// A streaming multipart/form-data parser (RFC 7578 over RFC 2046): the body is fed in chunks of
/// any size and part data is handed on as it arrives, so an upload is never held in memory. The
/// only buffering is one part's header block (bounded by multipart_limits) and nothing at all for
/// a partly seen boundary, which is always a prefix of the known delimiter.
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace wavesites {

/// What a part's headers say about it.
struct multipart_part {
  std::string name;          ///< the form field name (Content-Disposition name=)
  std::string filename;      ///< the client's file name as sent (filename*= wins over filename=); empty if none
  std::string content_type;  ///< the part's Content-Type, "text/plain" when absent (RFC 7578 section 4.4)
};

/// Receives the parts in order. Returning false from any callback stops the parser (status::stopped):
/// the handler can refuse a part (wrong field, too large, wrong type) without reading the rest.
class multipart_handler {
 public:
  virtual ~multipart_handler() = default;
  /// A part's headers are complete.
  virtual bool on_part_begin(const multipart_part& part) = 0;
  /// The part's bytes, in order, in pieces of any size (never empty).
  virtual bool on_part_data(std::string_view data) = 0;
  /// The part ended with a well-formed boundary line.
  virtual bool on_part_end() = 0;
};

struct multipart_limits {
  std::size_t max_header_bytes = 8192;  ///< one part's header block, including its line ends
  std::size_t max_parts = 16;           ///< parts in the whole body
};

class multipart_parser {
 public:
  enum class status {
    more,     ///< fine so far; feed the next chunk
    done,     ///< the closing boundary was seen; anything after it is the epilogue and is ignored
    error,    ///< malformed or over a limit; error() says why
    stopped,  ///< a handler callback returned false
  };

  /// `boundary` as returned by multipart_boundary(); an invalid one makes the first feed() fail.
  multipart_parser(const std::string& boundary, multipart_handler& handler, multipart_limits limits = {});

  /// Parses the next piece of the body; any split is fine, one byte at a time included. Once the
  /// status is no longer `more` it stays what it is and no callback is made again.
  status feed(std::string_view chunk);

  /// The body has ended: done only if the closing boundary was seen, else error. A body whose
  /// first boundary is already the closing one is done with no parts, so callers check that the
  /// part they need was there.
  status finish();

  /// A short English reason for a 400 when the status is error; empty otherwise.
  [[nodiscard]] std::string_view error() const;

 private:
  enum class state {
    preamble,      // before the first boundary: discarded
    boundary_end,  // just after "--boundary": "--", padding or CRLF must follow
    close_dash,    // seen "--boundary-"
    padding,       // transport padding (spaces, tabs) before the CRLF of a boundary line
    boundary_lf,   // seen the CR of a boundary line
    headers,       // collecting one part's header block
    body,          // part data
    epilogue,      // after the closing boundary: ignored
    failed,
    stopped,
  };

  status fail(std::string_view reason);
  status stop();
  [[nodiscard]] status current() const;
  // Looks for the delimiter from chunk[i]; returns true with i just past it, or false with the
  // whole chunk consumed. Bytes that turn out not to be the delimiter go to the handler when
  // `deliver` (part data) and are dropped otherwise (preamble). Sets stopped state on refusal.
  bool scan_for_delimiter(std::string_view chunk, std::size_t& i, bool deliver);
  bool deliver_data(std::string_view data);
  status begin_part();

  std::string delimiter_;              // "\r\n--" + boundary
  std::vector<std::size_t> fallback_;  // KMP failure function of delimiter_
  multipart_handler& handler_;
  multipart_limits limits_;
  state state_ = state::preamble;
  std::size_t matched_ = 0;  // bytes of delimiter_ matched so far (held back, not yet data)
  std::string header_block_;
  std::size_t parts_ = 0;
  bool in_part_ = false;
  std::string_view error_;  // always a string literal
};

/// The boundary of a "multipart/form-data; boundary=..." Content-Type (quoted or not), or nullopt
/// when the type is something else or the boundary is missing, repeated or not valid per RFC 2046
/// (1-70 characters from its restricted set, not ending in a space).
std::optional<std::string> multipart_boundary(std::string_view content_type);

}  // namespace wavesites
