#pragma once
/// The table of run-time handlers (health checks, the API). It tells an unknown path (left to
/// the pages) from a known path with the wrong method (405), and says which methods a path takes.
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <utility>  // before Asio's coroutine headers with g++ 12

#include <boost/asio/awaitable.hpp>

#include "http/request.hpp"
#include "http/response.hpp"
#include "util/cidr.hpp"

namespace wavesites {

namespace asio = boost::asio;

enum class body_status {
  complete,   ///< every byte reached the sink
  too_large,  ///< more than the limit arrived (or was announced); reading stopped there
  stopped,    ///< the sink said stop
  timeout,    ///< the client was too slow
  broken,     ///< malformed framing or a closed connection
};

/// The request body, read on demand by a handler, streamed into a sink.
class body_source {
 public:
  virtual ~body_source() = default;
  [[nodiscard]] virtual std::optional<std::uint64_t> content_length() const = 0;
  [[nodiscard]] virtual bool has_body() const = 0;
  /// Streams the body into `sink`, stopping as soon as more than `limit` bytes arrive.
  virtual asio::awaitable<body_status> read(body_sink& sink, std::uint64_t limit) = 0;
};

/// Everything a handler may look at.
struct request_context {
  const request_head& head;
  std::string_view client_ip;  ///< the socket peer, or X-Forwarded-For's client behind a trusted proxy
  std::string_view site;       ///< the name of the route set the request's host picked
  body_source& body;
};

using handler = std::function<asio::awaitable<response>(request_context&)>;

/// The methods a resource takes: what the Allow header of a 405, or of the 204 to OPTIONS, lists.
class method_set {
 public:
  constexpr method_set() = default;
  constexpr explicit method_set(http::verb m) { add(m); }
  constexpr void add(http::verb m) { bits_ |= bit(m); }
  constexpr method_set& operator|=(method_set other) {
    bits_ |= other.bits_;
    return *this;
  }
  [[nodiscard]] constexpr bool empty() const { return bits_ == 0; }
  /// Whether a request with `m` is served: HEAD is served wherever GET is (RFC 9110 section 9.3.2).
  [[nodiscard]] constexpr bool takes(http::verb m) const {
    return (bits_ & bit(m)) != 0 || (m == http::verb::head && (bits_ & bit(http::verb::get)) != 0);
  }
  /// "GET, HEAD, POST, OPTIONS": every method taken, in Beast's order of verbs. OPTIONS is
  /// listed for any resource that takes a method, since dispatch answers it on every such path.
  [[nodiscard]] std::string allow() const;

 private:
  static constexpr std::uint64_t bit(http::verb m) { return std::uint64_t{1} << static_cast<unsigned>(m); }
  std::uint64_t bits_ = 0;
};

class route_table {
 public:
  /// Who may see a route: given the client's address, true when the route exists for it.
  using audience = std::function<bool(std::string_view client)>;

  /// With `only_from`, the route exists only for clients it accepts: to anyone else its path is
  /// unknown (not even a 405), so it answers what any unknown path does. It is asked on every
  /// lookup, so it may follow a config that a reload replaces.
  void add(http::verb method, std::string path, handler h, audience only_from = {});

  struct lookup {
    const handler* target = nullptr;  ///< set when path and method match
    method_set allowed;               ///< what the path takes, when only the path matches (a 405 or OPTIONS)
  };
  /// `client` is the request's address (after trusted-proxy resolution).
  [[nodiscard]] lookup find(http::verb method, std::string_view path, std::string_view client = {}) const;
  /// Every method some path takes from `client`: the server-wide part of what OPTIONS * answers.
  [[nodiscard]] method_set methods(std::string_view client = {}) const;

 private:
  struct entry {
    http::verb method;
    std::string path;
    handler h;
    audience only_from;
  };
  std::vector<entry> entries_;
};

}  // namespace wavesites
