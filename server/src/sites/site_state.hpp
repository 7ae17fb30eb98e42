#pragma once
/// The sites as a config and the web bundle make them: what `serve` builds at start, `check`
/// builds to check, and a reload or the next edition replaces whole.
#include <cstdint>
#include <memory>
#include <string>

#include "config/config.hpp"
#include "sites/catalog.hpp"
#include "sites/host_router.hpp"
#include "util/result.hpp"

namespace wavesites {

/// What a reload replaces: the config and the sites built from it (pages with the config's
/// values filled in, the host table). Requests in flight keep the state they started with.
struct site_state {
  std::shared_ptr<const config> cfg;
  std::unique_ptr<catalog> pages;
  std::unique_ptr<host_router> hosts;

  /// Loads the web bundle in `web_dir` against `cfg` and routes its hosts: what `serve` does at
  /// start and again on every reload, and what `check --web` checks. An error names what is wrong.
  /// `at_ms`: the moment whose edition of the bundle to load (by default now).
  static result<std::shared_ptr<const site_state>> build(std::shared_ptr<const config> cfg, const std::string& web_dir,
                                                         std::int64_t at_ms = catalog::now_ms());
};

}  // namespace wavesites
