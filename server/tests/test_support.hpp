#pragma once
#include <memory>
#include <stdexcept>
#include <string>

#include "config/config.hpp"
#include "dispatch/dispatch.hpp"
#include "sites/catalog.hpp"
#include "sites/site_state.hpp"

namespace wavesites::testing {

inline std::string fixture_web() {
  return std::string(WAVESITES_FIXTURES) + "/web";
}

inline config fixture_config() {
  auto cfg = parse_config(R"(
[hosts]
blog = ["blog.test", "Blog-Two.test"]
shop = ["shop.test"]
landing = ["landing.test"]
[landing]
app_store_url = "https://apps.example/app?id=1&x=2"
tracking_url = "https://track.example:8443/click?a=1"
offer = "offer-1"
affiliate = "aff"
[server]
threads = 1
access_log = false
read_timeout_seconds = 2
idle_timeout_seconds = 3
shutdown_grace_seconds = 2
max_header_bytes = 4096
)",
                          "test.toml");
  if (!cfg) throw std::runtime_error(cfg.message());
  return std::move(cfg).value();
}

inline std::unique_ptr<catalog> fixture_catalog(const config& cfg) {
  auto cat = catalog::load(fixture_web(), cfg);
  if (!cat) throw std::runtime_error(cat.message());
  return std::move(cat).value();
}

/// The sites as `serve` builds them, from the fixture bundle and `cfg`.
inline std::shared_ptr<const site_state> fixture_sites(const config& cfg) {
  auto built = site_state::build(std::make_shared<const config>(cfg), fixture_web());
  if (!built) throw std::runtime_error(built.message());
  return std::move(built).value();
}

}  // namespace wavesites::testing
