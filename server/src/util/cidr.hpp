#pragma once
/// Address ranges in CIDR notation ("10.0.0.0/8", "::1/128") and whether an address is in one.
/// An IPv4-mapped IPv6 address ("::ffff:127.0.0.1", what a dual-stack socket reports) is its
/// IPv4 address, so one IPv4 range covers a client however it connected.
#include <array>
#include <optional>
#include <string_view>
#include <vector>

namespace wavesites {

class cidr {
 public:
  /// "ADDRESS/BITS", or a bare address (one host). None when malformed, when the bits are out of
  /// range, or when the address has bits set past the prefix (likely a typo).
  static std::optional<cidr> parse(std::string_view text);

  /// False for anything that is not an IP address.
  [[nodiscard]] bool contains(std::string_view address) const;

 private:
  std::array<unsigned char, 16> bytes_{};
  unsigned bits_ = 0;
  bool v4_ = false;
};

/// True when any range of `ranges` holds `address`.
[[nodiscard]] bool any_contains(const std::vector<cidr>& ranges, std::string_view address);

}  // namespace wavesites
