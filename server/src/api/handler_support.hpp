#pragma once
/// What the API handlers (intake, clicks) share: running the blocking store off the I/O threads,
/// collecting a small body, and the answers for a busy client or store.
#include <chrono>
#include <string>
#include <string_view>
#include <utility>  // before Asio's coroutine headers with g++ 12

#include <boost/asio/co_spawn.hpp>
#include <boost/asio/thread_pool.hpp>
#include <boost/asio/use_awaitable.hpp>

#include "http/response.hpp"
#include "http/router.hpp"

namespace wavesites {

/// Runs `f` (a blocking store call) on `pool` and resumes the handler with its value: the store
/// never runs on an I/O thread.
template <typename F>
auto on_pool(asio::thread_pool& pool, F&& f) -> asio::awaitable<decltype(f())> {
  using value = decltype(f());
  co_return co_await asio::co_spawn(
      pool, [&]() -> asio::awaitable<value> { co_return f(); }, asio::use_awaitable);
}

/// Collects a body already capped by the caller's limit.
class string_sink final : public body_sink {
 public:
  bool on_data(std::string_view chunk) override {
    text.append(chunk);
    return true;
  }
  std::string text;
};

/// 429 with Retry-After.
inline response too_many(std::chrono::seconds retry_after) {
  response r = json_error(429, "too many requests, please try again later");
  r.headers.emplace_back("Retry-After", std::to_string(retry_after.count()));
  return r;
}

inline response unavailable() {
  return json_error(503, "the service is temporarily unavailable, please try again later");
}

}  // namespace wavesites
