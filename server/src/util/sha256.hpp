#pragma once
/// SHA-256 of bytes that arrive in pieces, and the other OpenSSL digests and encodings the
/// server needs (HMAC for webhook signatures, base64 for mail headers).
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

/// HMAC-SHA256 of `message` under `key`, as lower-case hex.
[[nodiscard]] std::string hmac_sha256_hex(std::string_view key, std::string_view message);

/// Standard base64 (RFC 4648, with padding) of `bytes`.
[[nodiscard]] std::string base64(std::string_view bytes);

}  // namespace wavesites
