#include "http/request.hpp"

#include <boost/beast/core/string.hpp>

namespace wavesites {

void request_parser::on_request_impl(http::verb method, boost::beast::string_view method_str,
                                     boost::beast::string_view target, int version, boost::beast::error_code&) {
  head_.method = method;
  head_.method_text.assign(method_str.data(), method_str.size());
  head_.target.assign(target.data(), target.size());
  head_.version = static_cast<unsigned>(version);
}

void request_parser::on_field_impl(http::field name, boost::beast::string_view name_str,
                                   boost::beast::string_view value, boost::beast::error_code&) {
  const std::string_view v(value.data(), value.size());
  if (name == http::field::unknown) {
    if (boost::beast::iequals(name_str, "x-forwarded-for")) {
      if (!head_.forwarded_for.empty()) head_.forwarded_for += ", ";
      head_.forwarded_for.append(v);
    } else if (boost::beast::iequals(name_str, "x-request-id")) {
      head_.request_id.assign(v);
    }
    return;
  }
  switch (name) {
    case http::field::host:
      head_.host.assign(v);
      break;
    case http::field::accept_encoding: {
      const auto a = parse_accept_encoding(v);
      head_.accept.br = head_.accept.br || a.br;
      head_.accept.gzip = head_.accept.gzip || a.gzip;
      break;
    }
    case http::field::if_none_match:
      if (head_.has_if_none_match) head_.if_none_match += ", ";
      head_.if_none_match.append(v);
      head_.has_if_none_match = true;
      break;
    case http::field::cookie:
      if (!head_.cookie.empty()) head_.cookie += "; ";
      head_.cookie.append(v);
      break;
    case http::field::content_type:
      head_.content_type.assign(v);
      break;
    case http::field::user_agent:
      head_.user_agent.assign(v);
      break;
    case http::field::referer:
      head_.referer.assign(v);
      break;
    case http::field::expect:
      head_.expect_continue = v.size() == 12 && (v[0] == '1');
      break;
    default:
      break;
  }
}

std::size_t request_parser::on_body_impl(boost::beast::string_view body, boost::beast::error_code& ec) {
  if (sink_ && !sink_->on_data({body.data(), body.size()})) ec = sink_stopped();
  return body.size();
}

std::size_t request_parser::on_chunk_body_impl(std::uint64_t, boost::beast::string_view body,
                                               boost::beast::error_code& ec) {
  return on_body_impl(body, ec);
}

}  // namespace wavesites
