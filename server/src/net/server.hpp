#pragma once
/// Wiring for `wavesites serve`: one worker (io_context + thread) per core, one acceptor that
/// hands connections to the workers in turn, signals, and a bounded graceful stop.
#include <atomic>
#include <functional>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "net/worker.hpp"
#include "util/result.hpp"

namespace wavesites {

struct listen_address {
  std::string host;
  unsigned short port = 0;
};

/// Sets the signals a client could otherwise raise to be ignored, process-wide:
/// SIGPIPE: writing to a connection its client has reset must fail that write (EPIPE), not end
/// the process. sendmsg and send pass MSG_NOSIGNAL, but sendfile(2) cannot, and neither can the
/// libraries' own sockets (libpq, libcurl) nor a write to a closed stdout pipe. systemd's
/// IgnoreSIGPIPE=yes hides the need under one supervisor only.
/// SIGXFSZ: an upload spooled past an RLIMIT_FSIZE the operator set must fail with EFBIG (a
/// refused upload), not kill the process that a client's file size chose.
/// The process calls it first thing (app/entry.cpp); the server's constructor again, for a
/// server embedded elsewhere (the tests).
void ignore_client_signals();

/// Parses "HOST:PORT" or "[V6]:PORT".
result<listen_address> parse_listen(const std::string& text);

class server {
 public:
  explicit server(const server_context& app);
  ~server();

  /// The I/O threads it runs: `threads`, or for 0 the cores this process can use (usable_cores).
  [[nodiscard]] std::size_t threads() const { return workers_.size(); }

  /// Binds the listening socket; returns the actual endpoint (port 0 picks a free port).
  result<tcp::endpoint> listen(const listen_address& where);

  /// What SIGHUP does (rereading the config): run on a thread of its own, one at a time, so
  /// that loading pages never holds up an I/O thread.
  void on_reload(std::function<void()> fn) { reload_ = std::move(fn); }

  /// The [server] settings the server holds itself, from a reload: the connection caps. Every
  /// other one but `threads` is read from the config in force where it is used.
  void reconfigure(const server_config& settings);

  [[nodiscard]] const connection_limits& limits() const { return limits_; }

  /// Serves until SIGINT/SIGTERM, then drains within the grace period. Returns the exit status.
  int run();

 private:
  asio::awaitable<void> accept_loop();

  const server_context& app_;
  const std::size_t room_;  ///< connections the descriptors leave room for, taken at start
  connection_limits limits_;
  std::vector<std::unique_ptr<worker>> workers_;
  std::unique_ptr<tcp::acceptor> acceptor_;
  bool stopping_ = false;
  std::function<void()> reload_;
  std::thread reload_thread_;
  std::atomic<bool> reloading_{false};
};

}  // namespace wavesites
