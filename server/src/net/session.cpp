#include <utility>  // before Asio's coroutine headers with g++ 12

#include <linux/sockios.h>
#include <sys/ioctl.h>
#include <sys/sendfile.h>
#include <sys/socket.h>

#include <algorithm>
#include <array>
#include <cerrno>
#include <chrono>
#include <exception>
#include <optional>
#include <string>

#include <boost/asio/buffer.hpp>
#include <boost/asio/redirect_error.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <boost/asio/write.hpp>

#include "dispatch/dispatch.hpp"
#include "http/client_ip.hpp"
#include "http/headers.hpp"
#include "http/request_id.hpp"
#include "http/request_reader.hpp"
#include "log/caught.hpp"
#include "log/event_log.hpp"
#include "net/raw_socket.hpp"
#include "net/ready_read.hpp"
#include "net/worker.hpp"
#include "sites/catalog.hpp"
#include "stats/page_views.hpp"
#include "util/ascii.hpp"
#include "util/prefetch.hpp"

namespace wavesites {
namespace {

using boost::system::error_code;

constexpr std::string_view crlf = "\r\n";
constexpr std::string_view keep_alive_line = "Connection: keep-alive\r\n";
constexpr std::string_view close_line = "Connection: close\r\n";

enum class head_status { ok, closed, timed_out, refused };

/// An answer as it goes out: the prepared head, the route set's extra header lines, the
/// request id line, Date, Connection, the blank line, and the body; one gathered write.
using wire = std::array<asio::const_buffer, 7>;
constexpr std::size_t body_slot = 6;
/// Where push() joins an answer's pieces for one send: a head and any body kept in memory (those
/// are under catalog::sendfile_threshold), used only during that call.
thread_local std::array<char, catalog::sendfile_threshold + 2048> send_staging;

/// One connection: reads requests with a Beast parser, answers pages from prepared buffers and
/// everything else through the route table.
class session final : public body_source {
 public:
  session(tcp::socket socket, worker& w) : socket_(std::move(socket)), worker_(w), guard_(w, socket_), app_(w.app()) {
    app_.metrics.connection_opened();
  }
  ~session() override {
    if (holds_address_) worker_.release_address(guard_.address());
    app_.metrics.connection_closed();
  }
  session(const session&) = delete;
  session& operator=(const session&) = delete;

  asio::awaitable<void> run();

  // body_source
  [[nodiscard]] std::optional<std::uint64_t> content_length() const override { return reader_.content_length(); }
  [[nodiscard]] bool has_body() const override { return reader_.has_body(); }
  asio::awaitable<body_status> read(body_sink& sink, std::uint64_t limit) override;

 private:
  /// Reading a request's head is a synchronous step, advance_head(), and a wait for the socket
  /// that run() itself does (async_consume_when_ready) when the step asks for one: no coroutine
  /// frame is made per request or per wait, and while requests are answered at once the wait is
  /// never left: each arrival is served inside the wake-up (serve_arrived()). begin_head()
  /// starts a head; advance_head() feeds what `arrived` and reads on while bytes are there, and
  /// returns the end (a status) or none when it must wait; head_waited() takes the wait's
  /// outcome.
  void begin_head();
  std::optional<head_status> advance_head(std::size_t arrived);
  std::optional<head_status> head_waited(const error_code& ec);
  /// The end of a head that the client or the sweep ended: a head begun and not finished in time
  /// is answered 408; a silent or evicted one is not.
  [[nodiscard]] head_status head_gone() const {
    return head_started_ && guard_.expired() && !guard_.evicted() ? head_status::timed_out : head_status::closed;
  }
  bool head_started_ = false;  ///< a byte of the head being read has arrived
  /// What the client has sent, read into the reader's space at once when bytes may be waiting:
  /// the count (0 with `ec` set at the end of the stream or an error); none when it would wait.
  std::optional<std::size_t> receive_now(error_code& ec);

  /// An answer on its way out: gathered buffers (the head, maybe an in-memory body), then maybe a
  /// range of a body file, which leaves with sendfile(2) and is never copied through user space.
  struct outgoing {
    wire bufs{};
    std::size_t size = 0;  ///< bytes in bufs
    std::size_t sent = 0;  ///< of them, taken by the socket
    int file = -1;
    off_t offset = 0;
    off_t end = 0;
    [[nodiscard]] std::uint64_t remaining() const {
      return size - sent + static_cast<std::uint64_t>(end > offset ? end - offset : 0);
    }
  };
  enum class pushed { all, full, broken };
  /// As much of `o` as the socket takes now, without waiting; `moved`: it took some.
  pushed push(outgoing& o, bool& moved);
  /// Sends `o`: almost always the socket takes it at once (start_send() is true), with no
  /// suspension, trip through the scheduler or coroutine frame. Otherwise send_rest() waits for
  /// the client, at most write_timeout without progress and within the send run's deadline
  /// (connection_guard). False: the connection is lost (counted by why). `interim`: a 100
  /// Continue, after which the final answer may still be sent.
  asio::awaitable<bool> send(outgoing o, bool interim = false);
  bool start_send(outgoing& o, bool interim = false);
  asio::awaitable<bool> send_rest(outgoing o);
  pushed last_push_ = pushed::all;      ///< how start_send() left it, for send_rest()
  steady::time_point request_start_{};  ///< when the request being answered arrived
  /// The answer's head (and body) as it goes out, in one gathered write.
  outgoing prepare(std::string_view head, std::string_view extra, std::string_view body, bool keep_alive,
                   const representation* file_body);
  /// A response built by a handler or an error: its head is serialized into head_buf_.
  outgoing prepare(const response& r, bool keep_alive, std::string_view extra);
  /// A redirect out: its prepared head, or, for a tagged destination, one made for it.
  outgoing prepare(const go_redirect& go, bool keep_alive, std::string_view extra);
  asio::awaitable<bool> send_response(const response& r, bool keep_alive, std::string_view extra = {});
  std::string head_buf_;
  /// A send that failed: counts why, unless an eviction (counted as such) or a stop did it.
  void count_lost_send();
  /// Whether the client has yet to take bytes already handed to the socket.
  [[nodiscard]] bool unsent_bytes();
  /// An exception escaped the answer to the request in `head_`: logged once with its request
  /// id and counted; answered 500 when nothing of the answer had been sent. The connection ends.
  asio::awaitable<void> fault(std::exception_ptr e, int& status);
  /// How answer_now() left the request it was given.
  enum class answered {
    sent,     ///< the whole answer went out
    sending,  ///< the answer in `out` has begun: send_rest() finishes it
    later,    ///< answer_later() answers it (a handler, or a click to store first)
  };
  /// Answers one parsed request, decided by dispatch, as far as it can without waiting: pages,
  /// refusals and redirects whose click is not stored go out here with no coroutine frame;
  /// sets `status`, `bytes` and `keep_alive_` for what follows.
  answered answer_now(decision& d, outgoing& out, bool& record_click, int& status, std::uint64_t& bytes);
  /// The rest: a run-time handler's answer, or a redirect after its click is stored.
  asio::awaitable<bool> answer_later(decision& d, bool record_click, int& status, std::uint64_t& bytes);
  /// What run() does next, as serve_now() leaves it.
  enum class next {
    wait,       ///< for the client's next bytes
    head_end,   ///< the head ended without a request (`head_end_`): close, maybe saying why
    send_rest,  ///< finish sending `cur_.out`
    later,      ///< answer `cur_.d` with answer_later()
    fault,      ///< answer `cur_.failure`
    close,      ///< the connection ends
  };
  /// The request being answered, kept across the hand-over from serve_now() to run().
  struct in_flight {
    steady::time_point started{};
    int status = 0;
    std::uint64_t bytes = 0;
    std::string_view site;
    std::optional<decision> d;
    outgoing out;
    bool record_click = false;
    std::exception_ptr failure;
  };
  /// Starts waiting for the next request's head under the [server] settings in force now.
  void begin_request();
  /// Serves what it can without waiting, from a head's step on (none: it must wait): a request
  /// answered at once is counted, the next one's head read, and so on, until run() must wait
  /// or take over.
  next serve_now(std::optional<head_status> step);
  /// begin_request(), then the head's first step from what is already buffered.
  std::optional<head_status> next_head() {
    begin_request();
    return advance_head(0);
  }
  next serve_next() { return serve_now(next_head()); }
  /// Counts the request in `cur_` answered (or not, when `sent` is false), and says whether the
  /// connection goes on.
  bool finish(bool sent);
  /// The wait's `consume`, called where the bytes arrive (inside the reactor), so that request
  /// after request on a keep-alive connection is served with no resumption of run(): true when
  /// run() must take over (`what_` says what for).
  bool serve_arrived(const error_code& ec, std::size_t n) noexcept;
  in_flight cur_;
  head_status head_end_ = head_status::closed;
  /// serve_arrived()'s hand-over; `wait` while none (a cancelled wait leaves it so).
  next what_ = next::wait;
  std::exception_ptr escaped_;  ///< thrown inside serve_arrived(): rethrown by run()
  /// The client's address and the request id, for the answer, the log and the metrics.
  void identify();
  void record(std::string_view site, int status, std::uint64_t bytes, steady::duration took);
  asio::awaitable<void> linger();
  /// An answer written once without waiting, to a client already past its deadline.
  void send_last_words(const response& r);

  tcp::socket socket_;
  worker& worker_;
  connection_guard guard_;
  const server_context& app_;
  std::shared_ptr<const site_state> sites_;  ///< the state this request is answered from
  server_config settings_;                   ///< the timeouts and sizes this request is held to
  request_head head_;
  request_reader reader_;  ///< the bytes received and the parser of the request they make
  std::string peer_;
  std::string client_;      ///< the peer, or X-Forwarded-For's client behind a trusted proxy
  std::string request_id_;  ///< echoed in X-Request-Id and logged
  std::string id_line_;     ///< "X-Request-Id: ...\r\n"
  std::uint64_t served_ = 0;
  bool keep_alive_ = true;
  /// The last read took less than it asked for, so the socket held nothing more, and the
  /// coroutine has not suspended since. The socket is edge-triggered in Asio's epoll reactor:
  /// bytes arriving after that read raise an edge that the next epoll_wait reports, and the
  /// session's wait is queued (or, serving in place, still queued) before the worker gets
  /// there. So the next read waits first and
  /// saves the recv that would only say EAGAIN, one of three syscalls per small answer (nginx
  /// keeps the same `ready` flag). Any other suspension lets epoll_wait run and take an edge
  /// with no read queued, so each one clears it (forget_readiness()).
  bool drained_ = false;
  void forget_readiness() { drained_ = false; }
  /// Asks for every cache line of this session ahead of the read that answers its request. With
  /// hundreds of connections a wake-up finds them out of cache, and met one miss at a time while
  /// the request is parsed and answered they were most of the user-space time; asked for before
  /// the recv(2), they arrive while the kernel copies the request (512 connections under a 35%
  /// cap: user time 18.6% -> 13.2% of the answer, 4-7% more answers a second).
  void warm() const {
    warm_lines();
    // and the strings each answer rewrites, where they outgrew their inline space
    for (const auto* s : {&head_.target, &request_id_, &id_line_}) prefetch(s->data());
  }
  /// Only the session's own lines: what can be asked for without reading any of them, as a
  /// read queued ahead of this one does (ready_read.hpp's warm_ahead).
  void warm_lines() const { prefetch_lines(this, sizeof(*this)); }
  /// The buffer a waiting read fills, and what it will touch (see warm()).
  struct read_space {
    session* s;
    asio::mutable_buffer operator()() const {
      s->warm();
      return s->reader_.space();
    }
    void ahead() const { s->warm_lines(); }
  };
  bool holds_address_ = false;   ///< counted under the per-address cap
  bool answer_started_ = false;  ///< bytes of the final answer to this request went out
  int send_errno_ = 0;           ///< why the last push broke
  int refused_ = 400;            ///< the status a refused head is answered with
};

void session::begin_head() {
  // Until the first byte of the next request the connection is idle: the sweep may close it
  // at shutdown, and it waits idle_timeout (read_timeout for a fresh connection, so a socket
  // opened and left silent is dropped quickly). From the first byte on, the whole head must
  // arrive within read_timeout.
  head_started_ = reader_.buffered() > 0;
  if (head_started_) guard_.arm(settings_.read_timeout, false);
  guard_.reading_head(served_ == 0);
}

std::optional<head_status> session::advance_head(std::size_t arrived) {
  const auto& scfg = settings_;
  for (;;) {
    const auto st = reader_.feed_head(arrived);
    switch (st) {
      case head_read::ok:
        guard_.head_done();
        return head_status::ok;
      case head_read::need_more:
        break;
      case head_read::too_large:
      case head_read::uri_too_long:
      case head_read::bad:
      case head_read::bad_version:
      case head_read::long_method:
        refused_ = refusal_status(st);
        return head_status::refused;
    }
    if (!head_started_) {
      // The client has no request waiting: unless it still has to take answers it made the
      // server wait for, its send run ends (see connection_guard).
      if (!guard_.run_waited() || !unsent_bytes()) guard_.end_run();
      guard_.arm(served_ == 0 ? scfg.read_timeout : scfg.idle_timeout, true, coarse_now());
      if (worker_.stopping()) return head_status::closed;
    }
    if (guard_.expired()) return head_gone();
    error_code ec;
    const auto now = receive_now(ec);
    if (!now) return std::nullopt;  // run() waits for the socket
    if (ec) return head_gone();     // EOF or reset
    arrived = *now;
    if (!head_started_) {
      head_started_ = true;
      guard_.arm(scfg.read_timeout, false, coarse_now());
    }
  }
}

std::optional<head_status> session::head_waited(const error_code& ec) {
  if (ec) return head_gone();  // EOF, reset, or cancelled by the sweep
  if (!head_started_) {
    head_started_ = true;
    guard_.arm(settings_.read_timeout, false, coarse_now());
  }
  return std::nullopt;
}

std::optional<std::size_t> session::receive_now(error_code& ec) {
  if (drained_) return std::nullopt;
  const auto space = reader_.space();
  const auto n = recv_ready(socket_.native_handle(), space.data(), space.size(), ec);
  if (n && !ec) drained_ = *n < space.size();
  return n;
}

std::size_t wire_size(const wire& bufs) {
  std::size_t n = 0;
  for (const auto& b : bufs) n += b.size();
  return n;
}

session::pushed session::push(outgoing& o, bool& moved) {
  if (guard_.expired()) return pushed::broken;
  const int fd = socket_.native_handle();
  // With a file to follow, MSG_MORE lets the kernel pack the head with the first body bytes.
  const int flags = (o.offset < o.end ? MSG_MORE : 0) | MSG_NOSIGNAL;
  while (o.sent < o.size) {
    std::array<iovec, std::tuple_size_v<wire>> iov{};
    std::size_t used = 0;
    std::size_t skip = o.sent;
    for (const auto& b : o.bufs) {
      const auto take = std::min(skip, b.size());
      skip -= take;
      if (b.size() == take) continue;
      iov[used].iov_base = const_cast<char*>(static_cast<const char*>(b.data()) + take);
      iov[used].iov_len = b.size() - take;
      ++used;
    }
    // The pieces of a small answer (a page's head is four or five) go out copied into one
    // buffer: the kernel takes a single buffer for less than it costs it to import an iovec and
    // copy from it piece by piece, and the copy here costs less than the difference. Two builds
    // served side by side, each capped at 25% of the same core: 2.8% more answers a second for
    // a 40 KB page (its head staged, the body by sendfile) and a 2 KB asset at 512 connections,
    // 2.3% and 0.2% at 50; a 10 KB gzip page within 1% either way.
    const std::size_t left = o.size - o.sent;
    ssize_t n = 0;
    if (used == 1) {
      n = raw_send(fd, iov[0].iov_base, iov[0].iov_len, flags);
    } else if (left <= send_staging.size()) {
      char* at = send_staging.data();
      for (std::size_t k = 0; k < used; ++k)
        at = std::copy_n(static_cast<const char*>(iov[k].iov_base), iov[k].iov_len, at);
      n = raw_send(fd, send_staging.data(), left, flags);
    } else {
      msghdr msg{};
      msg.msg_iov = iov.data();
      msg.msg_iovlen = used;
      n = raw_sendmsg(fd, &msg, flags);
    }
    if (n > 0) {
      o.sent += static_cast<std::size_t>(n);
      moved = true;
      continue;
    }
    if (n < 0 && errno == EINTR) continue;
    if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) return pushed::full;
    send_errno_ = n < 0 ? errno : EPIPE;
    return pushed::broken;
  }
  // sendfile(2) cannot take MSG_NOSIGNAL: a peer that reset makes it raise SIGPIPE, which the
  // process ignores (app/entry.cpp), so it fails here with EPIPE like sendmsg does.
  while (o.offset < o.end) {
    const auto n = ::sendfile(fd, o.file, &o.offset, static_cast<std::size_t>(o.end - o.offset));
    if (n > 0) {
      moved = true;
      continue;
    }
    if (n < 0 && errno == EINTR) continue;
    if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) return pushed::full;
    send_errno_ = n < 0 ? errno : EPIPE;  // 0: the file is shorter than it was: never serve less
    return pushed::broken;
  }
  return pushed::all;
}

bool session::start_send(outgoing& o, bool interim) {
  if (!interim) {
    answer_started_ = true;
    guard_.begin_answer(o.remaining(), request_start_);
  }
  bool moved = false;
  last_push_ = push(o, moved);
  return last_push_ == pushed::all;
}

asio::awaitable<bool> session::send(outgoing o, bool interim) {
  if (start_send(o, interim)) co_return true;
  co_return co_await send_rest(o);
}

asio::awaitable<bool> session::send_rest(outgoing o) {
  auto r = last_push_;
  bool moved = false;
  const auto pause = settings_.write_timeout;
  forget_readiness();
  while (r == pushed::full) {
    guard_.stalled(pause);
    error_code ec;
    co_await socket_.async_wait(tcp::socket::wait_write, asio::redirect_error(asio::use_awaitable, ec));
    if (ec || guard_.expired()) break;
    moved = false;
    r = push(o, moved);
    if (moved) {
      // Only bytes taken renew the pause: a wake-up that moves nothing does not.
      guard_.unstalled();
      guard_.arm(pause, false);
    }
    if (r == pushed::all) co_return true;
  }
  count_lost_send();
  co_return false;
}

void session::count_lost_send() {
  using cut = connection_guard::cut;
  switch (guard_.why()) {
    case cut::evicted:   // counted as an eviction
    case cut::shutdown:  // the server is stopping
      return;
    case cut::deadline:
      app_.metrics.count_connection_dropped(metrics::drop_reason::write_timeout);
      return;
    case cut::send_run:
      app_.metrics.count_connection_dropped(metrics::drop_reason::too_slow);
      return;
    case cut::whole_body:
    case cut::none:
      // EPIPE or ECONNRESET nearly always: the client went away mid-answer.
      app_.metrics.count_connection_dropped(metrics::drop_reason::client_gone);
      return;
  }
}

bool session::unsent_bytes() {
  return unacknowledged_bytes(socket_) > 0;
}

session::outgoing session::prepare(std::string_view head, std::string_view extra, std::string_view body,
                                   bool keep_alive, const representation* file_body) {
  std::string_view conn;
  if (!keep_alive)
    conn = close_line;
  else if (head_.version == 10)
    conn = keep_alive_line;
  outgoing o{.bufs = {asio::buffer(head.data(), head.size()), asio::buffer(extra.data(), extra.size()),
                      asio::buffer(id_line_), asio::buffer(worker_.date_line()), asio::buffer(conn.data(), conn.size()),
                      asio::buffer(crlf.data(), crlf.size()), asio::buffer(body.data(), body.size())}};
  if (file_body && file_body->body_fd >= 0 && !body.empty()) {
    o.bufs[body_slot] = asio::const_buffer{};
    o.file = file_body->body_fd;
    o.offset = static_cast<off_t>(file_body->body_offset);
    o.end = o.offset + static_cast<off_t>(body.size());
  }
  o.size = wire_size(o.bufs);
  return o;
}

session::outgoing session::prepare(const response& r, bool keep_alive, std::string_view extra) {
  serialize_head_into(head_buf_, r, keep_alive, head_.version, worker_.date_line(), extra, id_line_);
  const bool head_only = head_.method == http::verb::head;
  outgoing o{.bufs = {asio::buffer(head_buf_)}};
  if (!head_only) o.bufs[body_slot] = asio::buffer(r.body);
  o.size = wire_size(o.bufs);
  return o;
}

session::outgoing session::prepare(const go_redirect& go, bool keep_alive, std::string_view extra) {
  if (go.tagged.empty()) return prepare(*go.head, extra, {}, keep_alive, nullptr);
  // A redirect has no body: nothing of the temporary response is sent but its head, copied into
  // head_buf_.
  return prepare(go_response(go.location()), keep_alive, extra);
}

asio::awaitable<bool> session::send_response(const response& r, bool keep_alive, std::string_view extra) {
  co_return co_await send(prepare(r, keep_alive, extra));
}

asio::awaitable<body_status> session::read(body_sink& sink, std::uint64_t limit) {
  if (const auto early = reader_.check_body(limit); early != body_read::need_more) {
    co_return early == body_read::complete ? body_status::complete : body_status::too_large;
  }
  const auto& scfg = settings_;
  if (head_.expect_continue && head_.version >= 11) {
    static constexpr std::string_view cont = "HTTP/1.1 100 Continue\r\n\r\n";
    outgoing o{.bufs = {asio::buffer(cont.data(), cont.size())}, .size = cont.size()};
    if (!co_await send(o, true)) co_return body_status::broken;
  }
  reader_.begin_body(sink, limit);
  guard_.cap(steady::now() + scfg.body_timeout);
  body_status result = body_status::broken;
  for (std::size_t arrived = 0;;) {
    const auto st = reader_.feed_body(arrived);
    if (st != body_read::need_more) {
      if (st == body_read::complete) result = body_status::complete;
      if (st == body_read::too_large) result = body_status::too_large;
      if (st == body_read::stopped) result = body_status::stopped;
      break;  // bad: broken
    }
    guard_.arm(scfg.read_timeout, false);
    if (guard_.expired()) {
      result = body_status::timeout;
      break;
    }
    error_code ec;
    arrived = co_await socket_.async_read_some(reader_.space(), asio::redirect_error(asio::use_awaitable, ec));
    if (ec) {
      result = guard_.expired() ? body_status::timeout : body_status::broken;
      break;
    }
  }
  reader_.end_body();
  guard_.uncap();
  co_return result;
}

void session::identify() {
  // A new request takes the sites in force now; one in flight keeps what it started with.
  if (sites_ != worker_.sites()) sites_ = worker_.sites();
  const auto& trusted = sites_->cfg->proxy.trusted;
  client_ = client_address(peer_, head_.forwarded_for, trusted);
  choose_request_id(request_id_, head_.request_id, !trusted.empty() && is_trusted_proxy(peer_, trusted));
  id_line_.assign("X-Request-Id: ");
  id_line_ += request_id_;
  id_line_ += crlf;
  // Behind a TLS front that says so: keep browsers on HTTPS and upgrade any http: subresource.
  // Only a trusted proxy is believed.
  const bool https =
      !trusted.empty() && is_trusted_proxy(peer_, trusted) && ascii::iequals(head_.forwarded_proto, "https");
  if (https) {
    if (const auto hsts = sites_->cfg->server.hsts_max_age; hsts > 0) {
      id_line_ += "Strict-Transport-Security: max-age=" + std::to_string(hsts) + "; includeSubDomains\r\n";
    }
    id_line_ += "Content-Security-Policy: upgrade-insecure-requests\r\n";
  }
  // Isolate the browsing context wherever the browser is in a secure context: over HTTPS, and on
  // localhost names over plain HTTP. On any other plain-HTTP origin COOP is ignored, and Chromium
  // reports it there as a console error on every page.
  if (https || loopback_host(head_.host)) id_line_ += "Cross-Origin-Opener-Policy: same-origin\r\n";
}

void session::record(std::string_view site, int status, std::uint64_t bytes, steady::duration took) {
  const double seconds = std::chrono::duration<double>(took).count();
  app_.metrics.count_request(site, status, bytes, seconds);
  if (!sites_->cfg->server.access_log) return;
  worker_.log().record({.host = head_.host,
                        .method = head_.method_text,
                        .path = head_.path(),
                        .status = status,
                        .bytes = bytes,
                        .duration_ms = seconds * 1000,
                        .client = client_,
                        .user_agent = head_.user_agent,
                        .referer = head_.referer,
                        .request_id = request_id_});
}

session::answered session::answer_now(decision& d, outgoing& out, bool& record_click, int& status,
                                      std::uint64_t& bytes) {
  const std::string_view extra = d.headers;
  const auto started = [&](outgoing o) {
    out = o;
    return start_send(out) ? answered::sent : answered::sending;
  };
  // A body nobody reads cannot be skipped safely, so its connection closes after the answer.
  if (auto* e = std::get_if<error_answer>(&d.what)) {
    status = e->reply.status;
    if (e->malformed || has_body()) keep_alive_ = false;
    return started(prepare(e->reply, keep_alive_, extra));
  }
  if (std::holds_alternative<handler_answer>(d.what)) return answered::later;
  if (auto* go = std::get_if<go_redirect>(&d.what)) {
    // Recorded before the answer goes: a click the visitor has been sent on for is on disk.
    // Past an address's hourly allowance the visitor is sent on, not counted.
    record_click = !go->crawler && app_.link_clicks && app_.link_clicks->admit(client_);
    if (has_body()) keep_alive_ = false;
    status = go_redirect::status;
    if (record_click) return answered::later;
    return started(prepare(*go, keep_alive_, extra));
  }
  const auto& page = std::get<page_answer>(d.what);
  if (has_body()) keep_alive_ = false;
  status = page.status;
  if (app_.visits && page.res) {
    count_page_view(*app_.visits, *sites_->cfg, *sites_->pages, head_, d.site, *page.res, status, client_);
  }
  const representation& rep = *page.rep;
  const std::string_view body =
      head_.method == http::verb::head || status == 304 ? std::string_view{} : std::string_view(rep.body);
  bytes = body.size();
  const std::string_view head = status == 200   ? rep.head_200
                                : status == 304 ? rep.head_304
                                : status == 410 ? rep.head_410
                                                : rep.head_404;
  return started(prepare(head, extra, body, keep_alive_, &rep));
}

asio::awaitable<bool> session::answer_later(decision& d, bool record_click, int& status, std::uint64_t& bytes) {
  if (auto* h = std::get_if<handler_answer>(&d.what)) {
    request_context ctx{head_, client_, h->site, *this};
    response r = co_await (*h->target)(ctx);
    forget_readiness();  // it may have waited for a body, a store, a notifier
    if (has_body() || r.close) keep_alive_ = false;
    status = r.status;
    bytes = head_.method == http::verb::head ? 0 : r.body.size();
    co_return co_await send_response(r, keep_alive_, d.headers);
  }
  auto& go = std::get<go_redirect>(d.what);
  if (record_click) {
    const link_click click = go.click.owned();
    co_await app_.link_clicks->record(click, head_.referer);
    forget_readiness();  // the store may have made it wait
  }
  co_return co_await send(prepare(go, keep_alive_, d.headers));
}

void session::begin_request() {
  // Each request takes the [server] settings in force when the server starts waiting for it.
  settings_ = worker_.sites()->cfg->server;
  guard_.set_min_rate(settings_.min_send_bytes_per_second);
  head_.clear();
  reader_.start(head_, settings_.max_header_bytes);
  begin_head();
}

session::next session::serve_now(std::optional<head_status> step) {
  for (;;) {
    if (!step) return next::wait;
    if (*step != head_status::ok) {
      head_end_ = *step;
      return next::head_end;
    }
    cur_.started = steady::now();
    request_start_ = cur_.started;
    worker_.pace(cur_.started);
    keep_alive_ = reader_.keep_alive() && !worker_.stopping();
    identify();
    cur_.status = 0;
    cur_.bytes = 0;
    cur_.site = {};
    cur_.record_click = false;
    answer_started_ = false;
    try {
      cur_.d.emplace(dispatch(view(*sites_, app_.routes, app_.metrics), head_, client_));
      cur_.site = cur_.d->site;
      switch (answer_now(*cur_.d, cur_.out, cur_.record_click, cur_.status, cur_.bytes)) {
        case answered::sent:
          break;
        case answered::sending:
          return next::send_rest;
        case answered::later:
          return next::later;
      }
    } catch (...) {
      cur_.failure = std::current_exception();
      return next::fault;
    }
    if (!finish(true)) return next::close;
    step = next_head();  // serve_next(), looping rather than nesting
  }
}

bool session::finish(bool sent) {
  ++served_;
  record(cur_.site, cur_.status, cur_.bytes, steady::now() - cur_.started);
  return sent && keep_alive_ && !worker_.stopping();
}

bool session::serve_arrived(const error_code& ec, std::size_t n) noexcept {
  try {
    drained_ = !ec && n < request_reader::read_chunk;
    auto step = head_waited(ec);
    if (!step) step = advance_head(n);
    what_ = serve_now(step);
    if (what_ == next::wait) {
      reader_.release_if_empty();
      return false;
    }
  } catch (...) {
    // Thrown outside an answer (serve_now answers those): out of the reactor, into run().
    escaped_ = std::current_exception();
  }
  return true;
}

asio::awaitable<void> session::run() {
  {
    error_code ec;
    socket_.set_option(tcp::no_delay(true), ec);
    socket_.native_non_blocking(true, ec);  // for the direct sendmsg/sendfile calls
    const auto ep = socket_.remote_endpoint(ec);
    if (ec) co_return;
    auto addr = ep.address();
    if (addr.is_v6() && addr.to_v6().is_v4_mapped())
      addr = asio::ip::make_address_v4(asio::ip::v4_mapped, addr.to_v6());
    peer_ = addr.to_string();
  }
  guard_.set_address(address_key(peer_));
  if (!co_await worker_.admit(guard_, peer_, guard_.address(), holds_address_)) {
    error_code ec;
    socket_.close(ec);  // past a cap: closed at once, counted and logged by admit()
    co_return;
  }
  auto what = serve_next();
  for (bool open = true; open;) {
    switch (what) {
      case next::wait: {
        // Waits for readiness without asking the socket first (see drained_); the requests that
        // arrive are served where they arrive, until one needs this coroutine.
        error_code ec;
        reader_.release_if_empty();
        co_await async_consume_when_ready(
            socket_, read_space{this}, [this](const error_code& e, std::size_t n) { return serve_arrived(e, n); },
            asio::redirect_error(asio::use_awaitable, ec));
        if (escaped_) std::rethrow_exception(std::exchange(escaped_, nullptr));
        // Nothing handed over: cancelled (the sweep, or shutdown).
        what = what_ != next::wait ? std::exchange(what_, next::wait) : serve_now(head_waited(ec));
        break;
      }
      case next::head_end:
        if (head_end_ == head_status::timed_out) {
          identify();
          send_last_words(text_response(408, reason_phrase(408)));
          record({}, 408, 0, {});
        } else if (head_end_ == head_status::refused) {
          const int code = refused_;
          identify();
          co_await send_response(text_response(code, reason_phrase(code)), false);
          record({}, code, 0, {});
        }
        open = false;
        break;
      case next::send_rest:
      case next::later: {
        bool sent = false;
        try {
          sent = what == next::send_rest ? co_await send_rest(cur_.out)
                                         : co_await answer_later(*cur_.d, cur_.record_click, cur_.status, cur_.bytes);
        } catch (...) {
          cur_.failure = std::current_exception();  // no co_await inside a handler: answered below
          what = next::fault;
          break;
        }
        if (!finish(sent)) {
          open = false;
          break;
        }
        what = serve_next();
        break;
      }
      case next::fault:
        co_await fault(cur_.failure, cur_.status);
        record(cur_.site, cur_.status, 0, steady::now() - cur_.started);
        open = false;
        break;
      case next::close:
        open = false;
        break;
    }
  }
  error_code ec;
  socket_.shutdown(tcp::socket::shutdown_send, ec);
  // A client may still be sending a body we answered without reading (413, 415, 429...).
  // Closing now would reset the connection and could destroy the answer in flight before the
  // client reads it, so read and discard for a short while first ("lingering close").
  if (!ec && has_body() && !guard_.expired()) co_await linger();
  socket_.close(ec);
}

asio::awaitable<void> session::fault(std::exception_ptr e, int& status) {
  std::string what = "unknown exception";
  try {
    std::rethrow_exception(e);
  } catch (const std::exception& ex) {
    what = ex.what();
  } catch (...) {
  }
  app_.metrics.count_internal_error();
  log::error("internal_error", {{"request_id", request_id_},
                                {"method", head_.method_text},
                                {"path", head_.path()},
                                {"error", what},
                                {"answer_started", answer_started_}});
  keep_alive_ = false;
  if (answer_started_) {
    // Part of an answer went out: nothing sent now could be told from its body, so the
    // connection ends and the client sees it cut off.
    status = status == 0 ? 500 : status;
    co_return;
  }
  status = 500;
  co_await send_response(json_error(500, "Internal Server Error"), false);
}

void session::send_last_words(const response& r) {
  std::string head;
  serialize_head_into(head, r, false, head_.version, worker_.date_line(), {}, id_line_);
  head += r.body;
  // Small enough for any socket buffer; a client that will not take even that loses it.
  [[maybe_unused]] const auto n =
      ::send(socket_.native_handle(), head.data(), head.size(), MSG_NOSIGNAL | MSG_DONTWAIT);
}

asio::awaitable<void> session::linger() {
  const auto give_up = steady::now() + std::chrono::seconds(2);
  guard_.cap(give_up);
  std::array<char, 16 * 1024> scratch;
  while (steady::now() < give_up) {
    guard_.arm(std::chrono::seconds(1), true);
    error_code ec;
    co_await socket_.async_read_some(asio::buffer(scratch), asio::redirect_error(asio::use_awaitable, ec));
    if (ec) break;
  }
  guard_.uncap();
}

}  // namespace

asio::awaitable<void> serve_connection(tcp::socket socket, worker& w) {
  // The session answers its own faults (session::fault); this is for one outside an answer, so
  // that it ends this connection and nothing else.
  try {
    session s(std::move(socket), w);
    co_await s.run();
  } catch (...) {
    report_fault("connection");
  }
}

}  // namespace wavesites
