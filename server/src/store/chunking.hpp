#pragma once
/// Shared by both stores: resume bytes arrive from a chunk_reader in pieces of any size and are
/// stored in chunks of exactly resume_chunk_bytes (the last one shorter).
#include <cstdint>
#include <functional>
#include <string_view>

#include "store/store.hpp"

namespace wavesites {

/// Reads everything from `read`, calling `put` once per stored chunk, copying only when a piece
/// straddles a chunk boundary. Returns the number of bytes read, or the first error of `put`.
result<std::uint64_t> store_in_chunks(const chunk_reader& read,
                                      const std::function<result<bool>(std::string_view chunk)>& put);

}  // namespace wavesites
