#include "util/sha256.hpp"

#include <openssl/evp.h>

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
  static constexpr char hex[] = "0123456789abcdef";
  std::string out;
  out.reserve(len * 2);
  for (unsigned i = 0; i < len; ++i) {
    out += hex[digest[i] >> 4];
    out += hex[digest[i] & 15];
  }
  return out;
}

}  // namespace wavesites
