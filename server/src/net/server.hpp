#pragma once
/// Wiring for `wavesites serve`: one worker (io_context + thread) per core, one acceptor that
/// hands connections to the workers in turn, signals, and a bounded graceful stop.
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

  /// Binds the listening socket; returns the actual endpoint (port 0 picks a free port).
  result<tcp::endpoint> listen(const listen_address& where);

  /// Serves until SIGINT/SIGTERM, then drains within the grace period. Returns the exit status.
  int run();

 private:
  asio::awaitable<void> accept_loop();

  const app_context& app_;
  std::vector<std::unique_ptr<worker>> workers_;
  std::unique_ptr<tcp::acceptor> acceptor_;
  bool stopping_ = false;
};

}  // namespace wavesites
