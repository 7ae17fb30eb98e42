#pragma once
/// SHA-256 of bytes that arrive in pieces (OpenSSL), as lower-case hex.
#include <string>
#include <string_view>

namespace wavesites {

class sha256 {
 public:
  sha256();
  ~sha256();
  sha256(const sha256&) = delete;
  sha256& operator=(const sha256&) = delete;

  void update(std::string_view bytes);
  /// The digest of everything fed since the start (or the last digest), which starts it over.
  [[nodiscard]] std::string hex_digest();

 private:
  struct evp_ctx;
  evp_ctx* ctx_;
};

}  // namespace wavesites
