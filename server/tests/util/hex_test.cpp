#include "util/hex.hpp"

#include <gtest/gtest.h>

namespace wavesites {
namespace {

TEST(HexValue, DigitsAndBothCasesOfLetters) {
  EXPECT_EQ(hex_value('0'), 0);
  EXPECT_EQ(hex_value('9'), 9);
  EXPECT_EQ(hex_value('a'), 10);
  EXPECT_EQ(hex_value('f'), 15);
  EXPECT_EQ(hex_value('A'), 10);
  EXPECT_EQ(hex_value('F'), 15);
}

TEST(HexValue, EveryOtherByteIsNone) {
  int digits = 0;
  for (int b = 0; b < 256; ++b) {
    if (hex_value(static_cast<char>(b)) >= 0) ++digits;
  }
  EXPECT_EQ(digits, 22);  // 10 digits, 6 letters in each case
  // The neighbours of each range in ASCII.
  for (const char c : {'/', ':', '@', 'G', '`', 'g', '\0', '\xff', '%', ' '}) EXPECT_EQ(hex_value(c), -1) << c;
}

TEST(ToHex, TwoLowerCaseDigitsPerByteInOrder) {
  EXPECT_EQ(to_hex(std::string_view("\x00\x0f\xa0\xff\x7e", 5)), "000fa0ff7e");
  EXPECT_EQ(to_hex(std::string_view()), "");
  for (int b = 0; b < 256; ++b) {
    char out[2];
    put_hex(static_cast<unsigned char>(b), out);
    EXPECT_EQ(hex_value(out[0]) * 16 + hex_value(out[1]), b);
    EXPECT_FALSE(out[0] >= 'A' && out[0] <= 'F');
  }
}

}  // namespace
}  // namespace wavesites
