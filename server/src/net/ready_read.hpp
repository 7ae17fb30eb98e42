#pragma once
/// A read that waits for the socket to become readable without asking it first.
///
/// Asio's async_read_some always begins with a recv(2) of its own (a "speculative" read), and on
/// a keep-alive connection between a client's requests that recv only says EAGAIN: one syscall
/// in three of every small answer. async_wait would skip it, but re-arms the descriptor with
/// epoll_ctl(2) instead. This operation goes into the same reactor queue as a read, skips the
/// speculative attempt, and reads when epoll reports the socket; like any read it completes with
/// operation_aborted when the socket is cancelled or closed.
///
/// It is built on the internals of Asio's epoll reactor as Boost 1.74 ships them (Asio 1.18:
/// reactor_op, epoll_reactor::start_op, the socket's implementation); the static_assert below
/// stops a build with another version, where they must be checked again.
///
/// Its completion also skips Asio 1.18's detour for a handler whose executor is polymorphic
/// (any_io_executor, as every coroutine's is): handler_work then always goes through
/// execution::execute, which wraps the handler in a type-erased executor_function (an
/// allocation, a copy, an indirect call) and counts outstanding work on the context, though the
/// handler's executor is the very context whose thread runs the completion. When the two are the
/// same the handler is called directly, as Asio does for its own concrete executors; otherwise
/// (another context) it goes the usual way.
#include <sys/socket.h>

#include <cstddef>
#include <optional>
#include <type_traits>
#include <utility>

#include <boost/asio/associated_executor.hpp>
#include <boost/asio/async_result.hpp>
#include <boost/asio/detail/bind_handler.hpp>
#include <boost/asio/detail/fenced_block.hpp>
#include <boost/asio/detail/handler_alloc_helpers.hpp>
#include <boost/asio/detail/handler_cont_helpers.hpp>
#include <boost/asio/detail/handler_work.hpp>
#include <boost/asio/detail/reactor.hpp>
#include <boost/asio/detail/reactor_op.hpp>
#include <boost/asio/error.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/version.hpp>

#include "net/raw_socket.hpp"

namespace wavesites {

static_assert(BOOST_ASIO_VERSION == 101800, "ready_read.hpp relies on Asio 1.18's (Boost 1.74's) reactor internals");

namespace ready_read_detail {

namespace asio = boost::asio;
namespace ad = boost::asio::detail;

/// The socket's reactor registration, which basic_socket keeps protected.
struct socket_access : asio::ip::tcp::socket {
  static auto& implementation(asio::ip::tcp::socket& s) { return (s.*(&socket_access::impl_)).get_implementation(); }
};

/// The plain read's `consume`: the first bytes (or the end) complete it.
struct complete_at_once {
  bool operator()(const boost::system::error_code&, std::size_t) const { return true; }
};

template <typename Space, typename Consume, typename Handler, typename IoExecutor>
class op : public ad::reactor_op {
 public:
  BOOST_ASIO_DEFINE_HANDLER_PTR(op);

  op(ad::socket_type fd, Space& space, Consume& consume, Handler& handler, const IoExecutor& io_ex)
      : reactor_op(boost::system::error_code(), &op::do_perform, &op::do_complete),
        fd_(fd),
        space_(std::move(space)),
        consume_(std::move(consume)),
        handler_(std::move(handler)) {
    if (asio::get_associated_executor(handler_, io_ex) != io_ex) work_.emplace(handler_, io_ex);
  }

  /// True while the reactor may still try the operation before any event: then it does not.
  bool skip_speculative = true;

 private:
  static status do_perform(reactor_op* base) {
    auto* o = static_cast<op*>(base);
    if (o->skip_speculative) {
      o->skip_speculative = false;
      return not_done;
    }
    const asio::mutable_buffer buffer = o->space_();
    const auto n = recv_ready(o->fd_, buffer.data(), buffer.size(), o->ec_);
    if (!n) return not_done;
    if (!o->consume_(o->ec_, *n)) {
      o->ec_ = {};
      return not_done;  // taken in place: wait for the next bytes, still queued
    }
    o->bytes_transferred_ = *n;
    return done;
  }

  // As Asio's own reactive_socket_recv_op: free the operation before the upcall.
  static void do_complete(void* owner, ad::operation* base, const boost::system::error_code&, std::size_t) {
    auto* o = static_cast<op*>(base);
    ptr p = {ad::addressof(o->handler_), o, o};
    std::optional<ad::handler_work<Handler, IoExecutor>> w;
    if (o->work_) w.emplace(std::move(*o->work_));
    ad::binder2<Handler, boost::system::error_code, std::size_t> handler(o->handler_, o->ec_, o->bytes_transferred_);
    p.h = ad::addressof(handler.handler_);
    p.reset();
    if (owner) {
      ad::fenced_block b(ad::fenced_block::half);
      if (w)
        w->complete(handler, handler.handler_);
      else
        boost_asio_handler_invoke_helpers::invoke(handler, handler.handler_);
    }
  }

  ad::socket_type fd_;
  Space space_;
  Consume consume_;
  Handler handler_;
  /// Only for a handler bound to another executor than the socket's (see the top).
  std::optional<ad::handler_work<Handler, IoExecutor>> work_;
};

struct initiate {
  template <typename Handler, typename Space, typename Consume>
  void operator()(Handler&& h, asio::ip::tcp::socket* socket, Space space, Consume consume) const {
    using handler_t = std::decay_t<Handler>;
    using executor_t = asio::ip::tcp::socket::executor_type;
    using op_t = op<Space, Consume, handler_t, executor_t>;
    handler_t handler(std::forward<Handler>(h));
    const bool is_continuation = boost_asio_handler_cont_helpers::is_continuation(handler);
    auto& impl = socket_access::implementation(*socket);
    auto& reactor = asio::use_service<ad::reactor>(asio::query(socket->get_executor(), asio::execution::context));
    typename op_t::ptr p = {ad::addressof(handler), op_t::ptr::allocate(handler), nullptr};
    p.p = new (p.v) op_t(impl.socket_, space, consume, handler, socket->get_executor());
    op_t* started = p.p;
    reactor.start_op(ad::reactor::read_op, impl.socket_, impl.reactor_data_, started, is_continuation, true);
    p.v = p.p = nullptr;
    // From here on an event performs the read. The operation cannot have completed yet: the
    // reactor runs on this thread, and this call has not returned to it.
    started->skip_speculative = false;
  }
};

}  // namespace ready_read_detail

/// Reads what has arrived once `socket` is readable, into the buffer `space()` returns then;
/// see the top of this file. Asking for the buffer only when bytes are there lets a connection
/// hold none while it waits. The socket must be in non-blocking mode (native_non_blocking) and
/// its io_context run by one thread.
template <typename Space, typename CompletionToken>
requires std::is_invocable_r_v<boost::asio::mutable_buffer, Space&>
auto async_read_when_ready(boost::asio::ip::tcp::socket& socket, Space space, CompletionToken&& token) {
  return boost::asio::async_initiate<CompletionToken, void(boost::system::error_code, std::size_t)>(
      ready_read_detail::initiate{}, token, &socket, std::move(space), ready_read_detail::complete_at_once{});
}

/// The same, handing each read's outcome to `consume(ec, n)` in the reactor, as the bytes
/// arrive: it completes the operation by returning true; false leaves it queued for the next
/// bytes, with nothing posted or resumed. So a connection serves request after request from
/// the wake-up itself. `consume` must not throw, and must not start or cancel an operation on
/// the socket.
template <typename Space, typename Consume, typename CompletionToken>
requires std::is_invocable_r_v<boost::asio::mutable_buffer, Space&> &&
    std::is_invocable_r_v<bool, Consume&, const boost::system::error_code&, std::size_t>
auto async_consume_when_ready(boost::asio::ip::tcp::socket& socket, Space space, Consume consume,
                              CompletionToken&& token) {
  return boost::asio::async_initiate<CompletionToken, void(boost::system::error_code, std::size_t)>(
      ready_read_detail::initiate{}, token, &socket, std::move(space), std::move(consume));
}

/// The same into `buffer`.
template <typename CompletionToken>
auto async_read_when_ready(boost::asio::ip::tcp::socket& socket, boost::asio::mutable_buffer buffer,
                           CompletionToken&& token) {
  return async_read_when_ready(
      socket, [buffer] { return buffer; }, std::forward<CompletionToken>(token));
}

}  // namespace wavesites
