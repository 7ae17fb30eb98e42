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
///
/// A space that can say which memory its next call touches (`ahead()`) is asked for it before
/// its turn: each read first looks at the connections the reactor reported after its own, still
/// queued on the scheduler, and asks for their lines a few answers early (see warm_ahead).
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
#include <boost/asio/detail/scheduler.hpp>
#include <boost/asio/error.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/version.hpp>

#include "net/raw_socket.hpp"
#include "util/prefetch.hpp"

namespace wavesites {

static_assert(BOOST_ASIO_VERSION == 101800, "ready_read.hpp relies on Asio 1.18's (Boost 1.74's) reactor internals");

namespace ready_read_detail {

namespace asio = boost::asio;
namespace ad = boost::asio::detail;

/// The socket's reactor registration, which basic_socket keeps protected.
struct socket_access : asio::ip::tcp::socket {
  static auto& implementation(asio::ip::tcp::socket& s) { return (s.*(&socket_access::impl_)).get_implementation(); }
};

/// Names a private member of Asio's: an explicit instantiation may name what other code may not
/// ([temp.spec.general]), and the friend it defines hands the member pointer out.
template <typename Tag, typename Tag::type Member>
struct expose {
  friend constexpr typename Tag::type member(Tag /*unused*/) { return Member; }
};

using complete_fn = void (*)(void*, ad::scheduler_operation*, const boost::system::error_code&, std::size_t);
using descriptor = ad::epoll_reactor::descriptor_state;

struct scheduler_queue {
  using type = ad::op_queue<ad::scheduler_operation> ad::scheduler::*;
  friend constexpr type member(scheduler_queue);
};
struct operation_complete {
  using type = complete_fn ad::scheduler_operation::*;
  friend constexpr type member(operation_complete);
};
struct descriptor_complete {
  using type = complete_fn;
  friend constexpr type member(descriptor_complete);
};
struct descriptor_queues {
  using type = ad::op_queue<ad::reactor_op> (descriptor::*)[ad::epoll_reactor::max_ops];
  friend constexpr type member(descriptor_queues);
};
struct reactor_op_perform {
  using type = ad::reactor_op::status (*ad::reactor_op::*)(ad::reactor_op*);
  friend constexpr type member(reactor_op_perform);
};
template struct expose<scheduler_queue, &ad::scheduler::op_queue_>;
template struct expose<operation_complete, &ad::scheduler_operation::func_>;
template struct expose<descriptor_complete, &descriptor::do_complete>;
template struct expose<descriptor_queues, &descriptor::op_queue_>;
template struct expose<reactor_op_perform, &ad::reactor_op::perform_func_>;

/// The descriptor an operation on the scheduler's queue stands for, if it is one: the reactor
/// queues each socket it finds ready as its descriptor_state.
inline descriptor* as_descriptor(ad::scheduler_operation* o) {
  if (o == nullptr || o->*member(operation_complete{}) != member(descriptor_complete{})) return nullptr;
  return (descriptor*)o;  // NOLINT: the private base, which only a C-style cast may leave
}

/// The read waiting on a descriptor, if any.
inline ad::reactor_op* read_op_of(descriptor* d) {
  return d == nullptr ? nullptr : (d->*member(descriptor_queues{}))[ad::epoll_reactor::read_op].front();
}

/// A space that can ask for what its next call touches, without touching it (see the top).
template <typename Space>
concept looks_ahead = requires(const Space& s) {
  s.ahead();
};

/// The plain read's `consume`: the first bytes (or the end) complete it.
struct complete_at_once {
  bool operator()(const boost::system::error_code&, std::size_t) const { return true; }
};

template <typename Space, typename Consume, typename Handler, typename IoExecutor>
class op : public ad::reactor_op {
 public:
  BOOST_ASIO_DEFINE_HANDLER_PTR(op);

  op(ad::socket_type fd, Space& space, Consume& consume, Handler& handler, const IoExecutor& io_ex,
     ad::scheduler& scheduler)
      : reactor_op(boost::system::error_code(), &op::do_perform, &op::do_complete),
        fd_(fd),
        scheduler_(&scheduler),
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
    if constexpr (looks_ahead<Space>) warm_ahead(*o->scheduler_);
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

  /// At 512 connections every read begins with misses on memory its wake-up has not touched
  /// for a while: this operation, then its space's state, each address read out of the one
  /// before. The sockets read next are already known: the reactor queued them on the scheduler
  /// behind this one, in the order they will run. So each read moves them one step along that
  /// chain, reading only what an earlier step asked for: the space of the next one (its
  /// operation came in one read ago), the operation of the one after (its queue came in), and
  /// the descriptor of the third. Only this thread takes from the queue, so what is read
  /// stays there. Other threads only append handlers, under the scheduler's lock, which this
  /// walk does not take: it sees each pointer before or after their write, and what they add is
  /// never a descriptor (only the reactor, on this thread, queues those), so it ends the walk.
  static void warm_ahead(ad::scheduler& scheduler) {
    ad::scheduler_operation* at = (scheduler.*member(scheduler_queue{})).front();
    ad::reactor_op* first = read_op_of(as_descriptor(at));
    if (first == nullptr) return;
    if (first->*member(reactor_op_perform{}) == &op::do_perform) static_cast<const op*>(first)->space_.ahead();
    at = ad::op_queue_access::next(at);
    ad::reactor_op* second = read_op_of(as_descriptor(at));
    if (second == nullptr) return;
    prefetch_lines(second, sizeof(op));
    at = ad::op_queue_access::next(at);
    if (const descriptor* third = as_descriptor(at)) prefetch_lines(third, sizeof(descriptor));
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
  ad::scheduler* scheduler_;  ///< whose queue warm_ahead() looks along
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
    auto& context = asio::query(socket->get_executor(), asio::execution::context);
    auto& reactor = asio::use_service<ad::reactor>(context);
    typename op_t::ptr p = {ad::addressof(handler), op_t::ptr::allocate(handler), nullptr};
    p.p = new (p.v)
        op_t(impl.socket_, space, consume, handler, socket->get_executor(), asio::use_service<ad::scheduler>(context));
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
