#pragma once
/// Wiring for `wavesites serve`: one worker (io_context + thread) per core, all listening on
/// the same address with SO_REUSEPORT, signals, and a bounded graceful stop.
#include <memory>
#include <string>
#include <vector>

#include "net/worker.hpp"
#include "util/result.hpp"

namespace wavesites {

struct listen_address {
  std::string host;
  unsigned short port = 0;
};

/// Parses "HOST:PORT" or "[V6]:PORT".
result<listen_address> parse_listen(const std::string& text);

class server {
 public:
  explicit server(const app_context& app);
  ~server();

  /// Binds every worker's acceptor. On success `bound()` tells the actual endpoint.
  result<tcp::endpoint> listen(const listen_address& where);

  /// Serves until SIGINT/SIGTERM, then drains within the grace period. Returns the exit status.
  int run();

 private:
  const app_context& app_;
  std::vector<std::unique_ptr<worker>> workers_;
  std::vector<tcp::acceptor> acceptors_;
};

}  // namespace wavesites
