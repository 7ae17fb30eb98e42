#include "store/chunking.hpp"

#include <algorithm>
#include <string>

namespace wavesites {

result<std::uint64_t> store_in_chunks(const chunk_reader& read,
                                      const std::function<result<bool>(std::string_view chunk)>& put) {
  std::string piece;
  std::string pending;
  std::uint64_t total = 0;
  for (;;) {
    piece.clear();
    if (!read(piece)) break;
    total += piece.size();
    std::string_view rest = piece;
    while (!rest.empty()) {
      if (pending.empty() && rest.size() >= resume_chunk_bytes) {
        if (auto r = put(rest.substr(0, resume_chunk_bytes)); !r) return error{r.message()};
        rest.remove_prefix(resume_chunk_bytes);
        continue;
      }
      const auto take = std::min(resume_chunk_bytes - pending.size(), rest.size());
      pending.append(rest.substr(0, take));
      rest.remove_prefix(take);
      if (pending.size() == resume_chunk_bytes) {
        if (auto r = put(pending); !r) return error{r.message()};
        pending.clear();
      }
    }
  }
  if (!pending.empty()) {
    if (auto r = put(pending); !r) return error{r.message()};
  }
  return total;
}

}  // namespace wavesites
