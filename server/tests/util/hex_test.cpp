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

}  // namespace
}  // namespace wavesites
