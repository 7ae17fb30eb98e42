#include "sites/site_state.hpp"

#include <utility>

namespace wavesites {

result<std::shared_ptr<const site_state>> site_state::build(std::shared_ptr<const config> cfg,
                                                            const std::string& web_dir, std::int64_t at_ms) {
  auto pages = catalog::load(web_dir, *cfg, at_ms);
  if (!pages) return error{pages.message()};
  auto hosts = host_router::make(*cfg, **pages);
  if (!hosts) return error{hosts.message()};
  auto state = std::make_shared<site_state>();
  state->cfg = std::move(cfg);
  state->pages = std::move(pages).value();
  state->hosts = std::make_unique<host_router>(std::move(hosts).value());
  return std::shared_ptr<const site_state>(std::move(state));
}

}  // namespace wavesites
