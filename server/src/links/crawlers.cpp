#include "links/crawlers.hpp"

#include <algorithm>
#include <atomic>
#include <unordered_map>

#include "util/string_map.hpp"

namespace wavesites {
namespace {

std::size_t pair_key(char a, char b) {
  return (static_cast<std::size_t>(static_cast<unsigned char>(a)) << 8) | static_cast<unsigned char>(b);
}

}  // namespace

result<crawler_list> crawler_list::make(std::vector<std::string> literals, const std::vector<std::string>& patterns) {
  static std::atomic<std::uint64_t> serials{0};
  crawler_list list;
  list.serial_ = ++serials;
  for (auto& lit : literals) {
    if (lit.empty()) continue;
    ++list.literal_count_;
    (lit.size() == 1 ? list.short_ : list.literals_).push_back(std::move(lit));
  }
  const auto key_of = [](const std::string& s) { return pair_key(s[0], s[1]); };
  std::sort(list.literals_.begin(), list.literals_.end(),
            [&](const std::string& a, const std::string& b) { return key_of(a) < key_of(b); });
  list.first_.assign((1 << 16) + 1, 0);
  for (const auto& lit : list.literals_) ++list.first_[key_of(lit) + 1];
  for (std::size_t k = 1; k < list.first_.size(); ++k) list.first_[k] += list.first_[k - 1];
  for (const auto& p : patterns) {
    try {
      list.patterns_.emplace_back(p, std::regex::ECMAScript | std::regex::optimize);
    } catch (const std::regex_error& e) {
      return error{"crawler pattern \"" + p + "\" does not compile: " + e.what()};
    }
  }
  return list;
}

bool crawler_list::matches(std::string_view ua) const {
  if (ua.empty() || first_.empty()) return false;
  // Browsers send a few thousand distinct User-Agents at most: each thread remembers its last
  // answers (per list, by serial number: a reload brings a new list), so a page view costs one
  // hash lookup rather than a scan and 36 regular expressions.
  struct memo {
    std::uint64_t serial = 0;
    string_map<bool> answers;
  };
  thread_local memo mine;
  if (mine.serial != serial_) {
    mine.answers.clear();
    mine.serial = serial_;
  }
  if (const auto it = mine.answers.find(ua); it != mine.answers.end()) return it->second;
  const bool crawler = scan(ua);
  if (ua.size() <= 512) {
    if (mine.answers.size() >= 4096) mine.answers.clear();
    mine.answers.emplace(ua, crawler);
  }
  return crawler;
}

bool crawler_list::scan(std::string_view ua) const {
  for (const auto& s : short_) {
    if (ua.find(s) != std::string_view::npos) return true;
  }
  for (std::size_t i = 0; i + 1 < ua.size(); ++i) {
    const auto key = pair_key(ua[i], ua[i + 1]);
    for (auto n = first_[key]; n < first_[key + 1]; ++n) {
      if (ua.substr(i, literals_[n].size()) == literals_[n]) return true;
    }
  }
  return std::any_of(patterns_.begin(), patterns_.end(),
                     [&](const std::regex& re) { return std::regex_search(ua.begin(), ua.end(), re); });
}

}  // namespace wavesites
