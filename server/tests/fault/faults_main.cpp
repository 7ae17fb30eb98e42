// wavesites-faults: the server with fault-injection routes, built only with the tests (never
// installed, never in build/bin). The integration tests start it to check that a fault in one
// request ends that request, not the process: tests/integration/faults.test.mjs.
//
//   GET  /__fault/throw      the handler throws before anything is sent
//   POST /__fault/throw      the handler reads the body, then throws
//   GET  /__fault/throw-io   a handler posted to the I/O thread throws outside any request
//   POST /__fault/arm?point=accept|sweep
//                            the next pass through that fault point (fault/fault_points.hpp)
//                            throws: the accept loop once a connection is accepted, a worker's
//                            deadline sweep
#include <utility>  // before Asio's coroutine headers with g++ 12

#include <stdexcept>

#include <boost/asio/post.hpp>
#include <boost/asio/this_coro.hpp>

#include "app/entry.hpp"
#include "fault/fault_points.hpp"
#include "http/query.hpp"
#include "http/response.hpp"

namespace {

using namespace wavesites;

void add_fault_routes(route_table& routes) {
  routes.add(http::verb::get, "/__fault/throw", [](request_context&) -> asio::awaitable<response> {
    throw std::runtime_error("injected fault: GET /__fault/throw");
    co_return json_response(200, "unreachable");
  });
  routes.add(http::verb::post, "/__fault/throw", [](request_context& ctx) -> asio::awaitable<response> {
    struct discard : body_sink {
      bool on_data(std::string_view) override { return true; }
    } sink;
    co_await ctx.body.read(sink, 1 << 20);
    throw std::runtime_error("injected fault: POST /__fault/throw after its body");
    co_return json_response(200, "unreachable");
  });
  routes.add(http::verb::post, "/__fault/arm", [](request_context& ctx) -> asio::awaitable<response> {
    const auto point = query_value(ctx.head.query(), "point");
    if (!point || !fault::arm(*point)) co_return json_error(404, "no such fault point");
    co_return json_response(200, "armed");
  });
  routes.add(http::verb::get, "/__fault/throw-io", [](request_context&) -> asio::awaitable<response> {
    asio::post(co_await asio::this_coro::executor,
               [] { throw std::runtime_error("injected fault: a handler on the I/O thread"); });
    co_return json_response(200, "posted");
  });
}

}  // namespace

int main(int argc, char** argv) {
  return wavesites::run_main(argc, argv, {.add_routes = add_fault_routes});
}
