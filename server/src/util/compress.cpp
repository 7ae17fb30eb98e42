#include "util/compress.hpp"

#include <brotli/encode.h>
#include <zlib.h>

namespace wavesites {

std::string gzip_compress(std::string_view in, int level) {
  z_stream zs{};
  if (deflateInit2(&zs, level, Z_DEFLATED, 15 + 16, 9, Z_DEFAULT_STRATEGY) != Z_OK) return {};
  std::string out(deflateBound(&zs, static_cast<uLong>(in.size())) + 32, '\0');
  zs.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(in.data()));
  zs.avail_in = static_cast<uInt>(in.size());
  zs.next_out = reinterpret_cast<Bytef*>(out.data());
  zs.avail_out = static_cast<uInt>(out.size());
  const int rc = deflate(&zs, Z_FINISH);
  const auto produced = zs.total_out;
  deflateEnd(&zs);
  if (rc != Z_STREAM_END) return {};
  out.resize(produced);
  return out;
}

std::string brotli_compress(std::string_view in, int quality) {
  std::size_t size = BrotliEncoderMaxCompressedSize(in.size());
  if (size == 0) size = in.size() + 1024;
  std::string out(size, '\0');
  if (!BrotliEncoderCompress(quality, BROTLI_DEFAULT_WINDOW, BROTLI_MODE_TEXT, in.size(),
                             reinterpret_cast<const std::uint8_t*>(in.data()), &size,
                             reinterpret_cast<std::uint8_t*>(out.data()))) {
    return {};
  }
  out.resize(size);
  return out;
}

}  // namespace wavesites
