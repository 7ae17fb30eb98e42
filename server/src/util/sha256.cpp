#include "util/sha256.hpp"
#include "util/hex.hpp"

#include <openssl/evp.h>
#include <openssl/hmac.h>

namespace wavesites {

struct sha256::evp_ctx {
  EVP_MD_CTX* md = EVP_MD_CTX_new();
  ~evp_ctx() { EVP_MD_CTX_free(md); }
};

sha256::sha256() : ctx_(new evp_ctx) {
  EVP_DigestInit_ex(ctx_->md, EVP_sha256(), nullptr);
}

sha256::~sha256() {
  delete ctx_;
}

void sha256::update(std::string_view bytes) {
  EVP_DigestUpdate(ctx_->md, bytes.data(), bytes.size());
}

std::string sha256::hex_digest() {
  unsigned char digest[EVP_MAX_MD_SIZE];
  unsigned int len = 0;
  EVP_DigestFinal_ex(ctx_->md, digest, &len);
  EVP_DigestInit_ex(ctx_->md, EVP_sha256(), nullptr);
  return to_hex(std::span<const unsigned char>(digest, len));
}

std::string hmac_sha256_hex(std::string_view key, std::string_view message) {
  unsigned char digest[EVP_MAX_MD_SIZE];
  unsigned int len = 0;
  HMAC(EVP_sha256(), key.data(), static_cast<int>(key.size()), reinterpret_cast<const unsigned char*>(message.data()),
       message.size(), digest, &len);
  return to_hex(std::span<const unsigned char>(digest, len));
}

std::string base64(std::string_view bytes) {
  std::string out(4 * ((bytes.size() + 2) / 3) + 1, '\0');  // EVP_EncodeBlock also writes a NUL
  const int n = EVP_EncodeBlock(reinterpret_cast<unsigned char*>(out.data()),
                                reinterpret_cast<const unsigned char*>(bytes.data()), static_cast<int>(bytes.size()));
  out.resize(static_cast<std::size_t>(n));
  return out;
}

}  // namespace wavesites
