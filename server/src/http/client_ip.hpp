#pragma once
/// Which address a request comes from: the socket peer, or, when the peer is a trusted reverse
/// proxy, the nearest untrusted address in X-Forwarded-For.
#include <string>
#include <string_view>
#include <vector>

namespace wavesites {

/// True when `peer` is one of the `trusted` proxies (normalised textual addresses).
bool is_trusted_proxy(std::string_view peer, const std::vector<std::string>& trusted);

std::string client_address(std::string_view peer, std::string_view forwarded_for,
                           const std::vector<std::string>& trusted);

}  // namespace wavesites
