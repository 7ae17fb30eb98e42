#pragma once
/// Known crawlers by their User-Agent, from the maintained list the web build compiles in
/// (npm crawler-user-agents, in manifest.json): a crawler following a /go/ link is redirected
/// like anyone, but its click is not a reader's and is not recorded.
///
/// The list is about 1,500 patterns, nearly all plain text. Those are matched as substrings
/// through an index on their first two bytes, so a check costs one pass over the User-Agent
/// rather than 1,500 searches; the few real regular expressions (ECMAScript, as the list is
/// written for JavaScript) are tried after.
#include <cstdint>
#include <regex>
#include <string>
#include <string_view>
#include <vector>

#include "util/result.hpp"

namespace wavesites {

class crawler_list {
 public:
  crawler_list() = default;

  /// `literals` are matched as they are (case-sensitive, anywhere); `patterns` are regular
  /// expressions. An error names a pattern that does not compile.
  static result<crawler_list> make(std::vector<std::string> literals, const std::vector<std::string>& patterns);

  /// Remembers the answers of the calling thread's last few thousand User-Agents.
  [[nodiscard]] bool matches(std::string_view user_agent) const;
  [[nodiscard]] std::size_t size() const { return literal_count_ + patterns_.size(); }

 private:
  [[nodiscard]] bool scan(std::string_view user_agent) const;

  std::uint64_t serial_ = 0;  ///< this list among all made, for the threads' memos
  /// Literals sorted by their first two bytes (one 16-bit key); those of key k are
  /// literals_[first_[k] .. first_[k + 1]). One-byte literals are kept on their own.
  std::vector<std::string> literals_;
  std::vector<std::uint32_t> first_;
  std::vector<std::string> short_;
  std::vector<std::regex> patterns_;
  std::size_t literal_count_ = 0;
};

}  // namespace wavesites
