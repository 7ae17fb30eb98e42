#pragma once
/// Compression for the few responses that are produced at run time rather than by the build.
#include <string>
#include <string_view>

namespace wavesites {

/// gzip (RFC 1952) at the given level, or empty on failure.
std::string gzip_compress(std::string_view in, int level = 9);

/// Brotli at the given quality, or empty on failure.
std::string brotli_compress(std::string_view in, int quality = 11);

}  // namespace wavesites
