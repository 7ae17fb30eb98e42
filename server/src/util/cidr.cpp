#include "util/cidr.hpp"

#include <charconv>
#include <string>

#include <boost/asio/ip/address.hpp>

namespace wavesites {
namespace {

namespace ip = boost::asio::ip;

/// The address as bytes, IPv4-mapped IPv6 unwrapped to IPv4; none when not an address.
struct raw_address {
  std::array<unsigned char, 16> bytes{};
  bool v4 = false;
};

std::optional<raw_address> raw(std::string_view text) {
  boost::system::error_code ec;
  auto addr = ip::make_address(std::string(text), ec);
  if (ec) return std::nullopt;
  if (addr.is_v6() && addr.to_v6().is_v4_mapped()) addr = ip::make_address_v4(ip::v4_mapped, addr.to_v6());
  raw_address out;
  if (addr.is_v4()) {
    const auto b = addr.to_v4().to_bytes();
    std::copy(b.begin(), b.end(), out.bytes.begin());
    out.v4 = true;
  } else {
    out.bytes = addr.to_v6().to_bytes();
  }
  return out;
}

/// True when the first `bits` bits of `a` and `b` agree.
bool same_prefix(const std::array<unsigned char, 16>& a, const std::array<unsigned char, 16>& b, unsigned bits) {
  std::size_t i = 0;
  for (; bits >= 8; bits -= 8, ++i) {
    if (a[i] != b[i]) return false;
  }
  if (bits == 0) return true;
  const auto mask = static_cast<unsigned char>(0xff << (8 - bits));
  return (a[i] & mask) == (b[i] & mask);
}

}  // namespace

std::optional<cidr> cidr::parse(std::string_view text) {
  const auto slash = text.find('/');
  auto addr = raw(text.substr(0, slash));
  if (!addr) return std::nullopt;
  const bool mapped = addr->v4 && text.substr(0, slash).find(':') != std::string_view::npos;
  const unsigned width = addr->v4 && !mapped ? 32 : 128;
  unsigned bits = width;
  if (slash != std::string_view::npos) {
    const auto digits = text.substr(slash + 1);
    const auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), bits);
    if (digits.empty() || ec != std::errc{} || end != digits.data() + digits.size() || bits > width) {
      return std::nullopt;
    }
  }
  if (mapped) {  // "::ffff:10.0.0.0/104" is 10.0.0.0/8
    if (bits < 96) return std::nullopt;
    bits -= 96;
  }
  const unsigned total = addr->v4 ? 32 : 128;
  // Host bits past the prefix must be zero: "10.0.0.1/8" is more likely a typo than meant.
  for (unsigned b = bits; b < total; ++b) {
    if (addr->bytes[b / 8] & (0x80 >> (b % 8))) return std::nullopt;
  }
  cidr out;
  out.bytes_ = addr->bytes;
  out.bits_ = bits;
  out.v4_ = addr->v4;
  return out;
}

bool cidr::contains(std::string_view address) const {
  const auto addr = raw(address);
  return addr && addr->v4 == v4_ && same_prefix(addr->bytes, bytes_, bits_);
}

bool any_contains(const std::vector<cidr>& ranges, std::string_view address) {
  for (const auto& r : ranges) {
    if (r.contains(address)) return true;
  }
  return false;
}

}  // namespace wavesites
