#include "http/request.hpp"
#include "util/ascii.hpp"
#include "util/hex.hpp"

#include <algorithm>

namespace wavesites {

namespace {

bool starts_with_nocase(std::string_view s, std::string_view prefix) {
  return s.size() >= prefix.size() && ascii::iequals(s.substr(0, prefix.size()), prefix);
}

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
  return s;
}

/// True when the comma-separated codings are exactly one "chunked": the only transfer coding
/// the server takes. Anything else ("chunked, identity", "identity", "gzip, chunked", empty
/// members) would leave the body's length in doubt, which is how requests are smuggled
/// (RFC 9112 section 6.3): such a request gets 400 and its connection is closed.
bool only_chunked(std::string_view codings) {
  int chunked = 0;
  while (true) {
    const auto comma = codings.find(',');
    const auto item = trim(codings.substr(0, comma));
    if (!ascii::iequals(item, "chunked")) return false;
    ++chunked;
    if (comma == std::string_view::npos) break;
    codings.remove_prefix(comma + 1);
  }
  return chunked == 1;
}

/// A Host value as RFC 9112 section 3.2 allows it: a registered name or IPv4 address (RFC 3986
/// reg-name characters) or a bracketed IP literal, then maybe ":" and a port of digits. Anything
/// else (spaces, slashes, "host:abc") is answered 400, as the RFC requires, rather than matched
/// as an unknown host.
bool valid_host(std::string_view h) {
  std::string_view port;
  if (!h.empty() && h.front() == '[') {
    const auto close = h.find(']');
    if (close == std::string_view::npos) return false;
    for (const char c : h.substr(1, close - 1)) {
      if (!ascii::is(c, ascii::ip_literal)) return false;
    }
    const auto rest = h.substr(close + 1);
    if (!rest.empty() && rest.front() != ':') return false;
    port = rest.empty() ? rest : rest.substr(1);
  } else {
    const auto colon = h.find(':');
    port = colon == std::string_view::npos ? std::string_view{} : h.substr(colon + 1);
    if (colon != std::string_view::npos && port.empty()) return true;  // "host:" is allowed
    for (const char c : h.substr(0, colon)) {
      if (!ascii::is(c, ascii::host_char)) return false;
    }
  }
  if (port.size() > 5) return false;
  for (const char c : port) {
    if (c < '0' || c > '9') return false;
  }
  return true;
}

/// Whether a target's path and query are made only of what RFC 3986 allows there (RFC 9112
/// section 3.2): pchar (letters, digits, "-._~", "!$&'()*+,;=", ":" and "@"), "/", "?", and "%"
/// followed by two hex digits. Everything else is refused rather than guessed at: a raw byte
/// above ASCII (UTF-8 must come percent-encoded), a backslash, "#" (a fragment is never sent), a
/// malformed escape. So is an escape of NUL, CR or LF, which no path or query here has a use for
/// and which, decoded into a log line or a header, would end it.
bool valid_target(std::string_view t) {
  bool query = false;
  for (std::size_t i = 0; i < t.size(); ++i) {
    const char c = t[i];
    if (c == '%') {
      if (i + 2 >= t.size()) return false;
      const int hi = hex_value(t[i + 1]);
      const int lo = hex_value(t[i + 2]);
      if (hi < 0 || lo < 0) return false;
      const int decoded = hi * 16 + lo;
      if (decoded == 0 || decoded == '\r' || decoded == '\n') return false;
      i += 2;
      continue;
    }
    query = query || c == '?';
    // Browsers send query_extra unescaped in a query (the WHATWG URL standard's query
    // percent-encode set leaves them out): ad links carry "{keyword}" macros and filters
    // "f[x]=a|b". Refusing them would refuse real visitors; none of them ends or splits a request
    // line.
    if (!ascii::is(c, query ? ascii::target_char | ascii::query_extra : ascii::target_char)) return false;
  }
  return true;
}

/// Whether a Content-Length is written as RFC 9110 section 8.6 has it, and not merely in a form
/// a recipient may repair: digits, without a leading zero ("0" alone is zero). "005" is refused,
/// not read as 5: a reader in front that takes a leading zero for octal sees another length. So
/// is a list ("5, 5"), which Beast would take when its members agree.
bool canonical_length(std::string_view v) {
  if (v.empty() || (v.size() > 1 && v.front() == '0')) return false;
  return std::all_of(v.begin(), v.end(), [](char c) { return c >= '0' && c <= '9'; });
}

}  // namespace

void request_parser::on_request_impl(http::verb method, boost::beast::string_view method_str,
                                     boost::beast::string_view target, int version, boost::beast::error_code& ec) {
  head_.method = method;
  head_.method_text.assign(method_str.data(), method_str.size());
  head_.version = static_cast<unsigned>(version);
  std::string_view t(target.data(), target.size());
  // Absolute form ("GET http://host/path"), which a server must accept (RFC 9112 section 3.2.2):
  // the path is the target, and the authority replaces the Host field (and is checked as one).
  bool absolute = false;
  using namespace std::string_view_literals;
  // The origin form ("/path"), nearly every request, has no scheme to look for.
  for (const auto scheme : {"http://"sv, "https://"sv}) {
    if (t.starts_with('/') || !starts_with_nocase(t, scheme)) continue;
    const auto rest = t.substr(scheme.size());
    const auto slash = rest.find_first_of("/?");
    target_host_.assign(rest.substr(0, slash));
    t = slash == std::string_view::npos ? std::string_view("/") : rest.substr(slash);
    absolute = true;
    break;
  }
  if (!valid_target(t)) {
    ec = http::error::bad_target;
    return;
  }
  head_.target.clear();
  if (absolute && t.front() == '?') head_.target = '/';
  head_.target.append(t);
}

void request_parser::on_header_impl(boost::beast::error_code& ec) {
  if (hosts_ > 1) {
    ec = http::error::bad_value;  // two Hosts: which site was meant is anyone's guess
    return;
  }
  if (coded_ && (!only_chunked(codings_) || content_length_)) {
    ec = http::error::bad_transfer_encoding;
    return;
  }
  if (!target_host_.empty()) head_.host = target_host_;
  if (!valid_host(head_.host)) ec = http::error::bad_value;
}

void request_parser::on_field_impl(http::field name, boost::beast::string_view name_str,
                                   boost::beast::string_view value, boost::beast::error_code& ec) {
  const std::string_view v(value.data(), value.size());
  if (name == http::field::unknown) {
    const std::string_view n(name_str.data(), name_str.size());
    if (ascii::iequals(n, "x-forwarded-for")) {
      if (!head_.forwarded_for.empty()) head_.forwarded_for += ", ";
      head_.forwarded_for.append(v);
    } else if (ascii::iequals(n, "x-request-id")) {
      head_.request_id.assign(v);
    } else if (ascii::iequals(n, "x-forwarded-proto")) {
      head_.forwarded_proto.assign(v);
    } else if (ascii::iequals(n, "sec-fetch-site")) {
      head_.fetch_site.assign(v);
    } else if (ascii::iequals(n, "sec-purpose") || ascii::iequals(n, "purpose")) {
      // "prefetch", maybe with parameters ("prefetch;prerender"): the browser guessing, not a view.
      head_.prefetch = head_.prefetch || v.substr(0, 8) == "prefetch";
    }
    return;
  }
  switch (name) {
    case http::field::host:
      ++hosts_;
      head_.host.assign(v);
      break;
    case http::field::transfer_encoding:
      if (coded_) codings_ += ',';
      coded_ = true;
      codings_.append(v);
      break;
    case http::field::content_length:
      // Once is enough: a second field, even of the same length, is refused like a list.
      if (content_length_ || !canonical_length(v)) ec = http::error::bad_content_length;
      content_length_ = true;
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
      // One media type per body. A second Content-Type is refused even when it repeats the first:
      // telling "the same" apart (case, parameters, spacing) is a repair, and the simplest rule
      // leaves nothing for a proxy in front to have decided otherwise.
      if (content_type_) ec = http::error::bad_value;
      content_type_ = true;
      head_.content_type.assign(v);
      break;
    case http::field::user_agent:
      head_.user_agent.assign(v);
      break;
    case http::field::referer:
      head_.referer.assign(v);
      break;
    case http::field::origin:
      head_.origin.assign(v);
      break;
    case http::field::authorization:
      head_.authorization.assign(v);
      break;
    case http::field::expect:
      // 100-continue is the only expectation there is (RFC 9110 section 10.1.1); any other is
      // answered 417.
      if (ascii::iequals(trim(v), "100-continue"))
        head_.expect_continue = true;
      else
        head_.expect_unsupported = true;
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
