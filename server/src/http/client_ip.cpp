#include "http/client_ip.hpp"

#include <algorithm>

#include <boost/asio/ip/address.hpp>

namespace wavesites {
namespace {

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
  return s;
}

}  // namespace

bool is_trusted_proxy(std::string_view peer, const std::vector<std::string>& trusted) {
  return std::find(trusted.begin(), trusted.end(), peer) != trusted.end();
}

std::string client_address(std::string_view peer, std::string_view forwarded_for,
                           const std::vector<std::string>& trusted) {
  if (trusted.empty() || forwarded_for.empty() || !is_trusted_proxy(peer, trusted)) return std::string(peer);
  // Walk from the right: each hop appended the address it saw; the first untrusted one is the client.
  std::string_view rest = forwarded_for;
  while (!rest.empty()) {
    const auto comma = rest.rfind(',');
    const auto item = trim(comma == std::string_view::npos ? rest : rest.substr(comma + 1));
    rest = comma == std::string_view::npos ? std::string_view{} : rest.substr(0, comma);
    boost::system::error_code ec;
    const auto addr = boost::asio::ip::make_address(std::string(item), ec);
    if (ec) return std::string(peer);  // a forged or garbled list: trust only what we saw
    auto text = addr.to_string();
    if (!is_trusted_proxy(text, trusted)) return text;
  }
  return std::string(peer);
}

}  // namespace wavesites
