#include "http/headers.hpp"

#include <gtest/gtest.h>

namespace wavesites {
namespace {

TEST(LoopbackHost, TheNamesBrowsersTreatAsSecureOverPlainHttp) {
  for (const char* host : {"localhost", "LOCALHOST:8080", "localhost.", "waveads.localhost", "a.b.localhost:80",
                           "127.0.0.1", "127.0.0.1:8080", "127.255.3.9", "[::1]", "[::1]:8080"}) {
    EXPECT_TRUE(loopback_host(host)) << host;
  }
  for (const char* host :
       {"", "example.com", "localhost.example.com", "notlocalhost", ".localhostx", "128.0.0.1", "127.0.0",
        "127.0.0.1.5", "127.0.0.1.example", "127..0.1", "127.0.0.1234", "[::2]", "[::1]x", "[::1:8080"}) {
    EXPECT_FALSE(loopback_host(host)) << host;
  }
}

TEST(ReasonPhrase, TheStatusesTheServerSends) {
  EXPECT_EQ(reason_phrase(414), "URI Too Long");
  EXPECT_EQ(reason_phrase(431), "Request Header Fields Too Large");
  EXPECT_EQ(reason_phrase(505), "HTTP Version Not Supported");
  EXPECT_EQ(reason_phrase(413), "Content Too Large") << "RFC 9110's name, not RFC 7231's";
  EXPECT_EQ(reason_phrase(401), "Unauthorized") << "the stats dashboard's password challenge";
  EXPECT_EQ(reason_phrase(308), "Permanent Redirect");
}

}  // namespace
}  // namespace wavesites
