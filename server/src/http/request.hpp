#pragma once
/// The request as the server keeps it: only the fields it uses, in strings whose capacity is
/// reused from one request to the next on a connection, filled by a Beast parser.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include <boost/beast/http/basic_parser.hpp>
#include <boost/beast/http/verb.hpp>
#include <boost/system/error_code.hpp>

#include "http/negotiate.hpp"

namespace wavesites {

namespace http = boost::beast::http;

struct request_head {
  http::verb method = http::verb::unknown;
  std::string method_text;
  std::string target;
  unsigned version = 11;
  std::string host;
  std::string if_none_match;
  std::string cookie;
  std::string content_type;
  std::string user_agent;
  std::string forwarded_for;
  std::string referer;
  std::string request_id;       ///< X-Request-Id as sent; believed only from a trusted proxy
  std::string origin;           ///< Origin, as a browser sends it with a form post
  std::string fetch_site;       ///< Sec-Fetch-Site: same-origin, same-site, cross-site or none
  std::string forwarded_proto;  ///< X-Forwarded-Proto; believed only from a trusted proxy
  std::string authorization;    ///< Authorization, for the stats' Basic auth
  accepted_encodings accept;
  bool has_if_none_match = false;
  bool expect_continue = false;
  bool expect_unsupported = false;  ///< an Expect other than 100-continue: answered 417
  bool prefetch = false;            ///< Sec-Purpose or Purpose says "prefetch": not a page view

  [[nodiscard]] std::string_view path() const {
    const std::string_view t = target;
    return t.substr(0, t.find('?'));
  }
  [[nodiscard]] std::string_view query() const {
    const std::string_view t = target;
    const auto q = t.find('?');
    return q == std::string_view::npos ? std::string_view{} : t.substr(q + 1);
  }
  void clear() {
    method = http::verb::unknown;
    method_text.clear();
    target.clear();
    version = 11;
    host.clear();
    if_none_match.clear();
    cookie.clear();
    content_type.clear();
    user_agent.clear();
    forwarded_for.clear();
    referer.clear();
    request_id.clear();
    origin.clear();
    fetch_site.clear();
    forwarded_proto.clear();
    authorization.clear();
    accept = {};
    has_if_none_match = false;
    expect_continue = false;
    expect_unsupported = false;
    prefetch = false;
  }
};

/// Receives a request body piece by piece as it arrives (never the whole body at once).
class body_sink {
 public:
  virtual ~body_sink() = default;
  /// Returns false to stop reading (the sink has decided the request's fate).
  virtual bool on_data(std::string_view chunk) = 0;
};

/// A Beast parser that fills a request_head and streams the body to a body_sink.
class request_parser final : public http::basic_parser<true> {
 public:
  explicit request_parser(request_head& head) : head_(head) {}
  void set_sink(body_sink* sink) { sink_ = sink; }

 private:
  void on_request_impl(http::verb method, boost::beast::string_view method_str, boost::beast::string_view target,
                       int version, boost::beast::error_code& ec) override;
  void on_response_impl(int, boost::beast::string_view, int, boost::beast::error_code&) override {}
  void on_field_impl(http::field name, boost::beast::string_view name_str, boost::beast::string_view value,
                     boost::beast::error_code& ec) override;
  void on_header_impl(boost::beast::error_code& ec) override;
  void on_body_init_impl(const boost::optional<std::uint64_t>&, boost::beast::error_code&) override {}
  std::size_t on_body_impl(boost::beast::string_view body, boost::beast::error_code& ec) override;
  void on_chunk_header_impl(std::uint64_t, boost::beast::string_view, boost::beast::error_code&) override {}
  std::size_t on_chunk_body_impl(std::uint64_t, boost::beast::string_view body, boost::beast::error_code& ec) override;
  void on_finish_impl(boost::beast::error_code&) override {}

  request_head& head_;
  body_sink* sink_ = nullptr;
  int hosts_ = 0;                ///< Host fields seen: more than one is refused
  bool coded_ = false;           ///< a Transfer-Encoding field was sent, even an empty one
  std::string codings_;          ///< every Transfer-Encoding value, comma-joined
  bool content_length_ = false;  ///< a Content-Length field was sent
  bool content_type_ = false;    ///< a Content-Type field was sent: a second is refused
  std::string target_host_;      ///< the authority of an absolute-form target, which beats Host
};

/// Set by a body_sink that stopped the read: not a transport error.
inline const boost::beast::error_code& sink_stopped() {
  static const boost::beast::error_code ec =
      boost::system::errc::make_error_code(boost::system::errc::operation_canceled);
  return ec;
}

}  // namespace wavesites
