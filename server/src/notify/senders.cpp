#include "notify/senders.hpp"

#include <curl/curl.h>

#include <ctime>
#include <mutex>

#include "util/c_handle.hpp"
#include "util/sha256.hpp"

namespace wavesites {
namespace {

using curl_ptr = c_handle<CURL, curl_easy_cleanup>;
using slist_ptr = c_handle<curl_slist, curl_slist_free_all>;
using mime_ptr = c_handle<curl_mime, curl_mime_free>;

int check_cancel(void* flag, curl_off_t, curl_off_t, curl_off_t, curl_off_t) {
  return static_cast<const cancel_flag*>(flag)->load(std::memory_order_relaxed) ? 1 : 0;
}

curl_ptr new_handle(const cancel_flag& cancel) {
  // curl_global_init is not thread-safe: the first delivery thread runs it for all.
  static std::once_flag once;
  std::call_once(once, [] { curl_global_init(CURL_GLOBAL_DEFAULT); });
  curl_ptr c(curl_easy_init());
  if (c) {
    curl_easy_setopt(c.get(), CURLOPT_NOSIGNAL, 1L);  // threads: no SIGALRM for timeouts
    curl_easy_setopt(c.get(), CURLOPT_USERAGENT, "wavesites");
    curl_easy_setopt(c.get(), CURLOPT_NOPROGRESS, 0L);
    curl_easy_setopt(c.get(), CURLOPT_XFERINFOFUNCTION, check_cancel);
    curl_easy_setopt(c.get(), CURLOPT_XFERINFODATA, const_cast<cancel_flag*>(&cancel));
  }
  return c;
}

std::size_t discard(char* /*data*/, std::size_t size, std::size_t n, void* /*user*/) {
  return size * n;
}

void append(slist_ptr& list, const std::string& line) {
  curl_slist* grown = curl_slist_append(list.get(), line.c_str());
  if (grown != nullptr) {
    (void)list.release();
    list.reset(grown);
  }
}

error curl_failure(std::string_view what, CURLcode rc, const char* detail) {
  std::string msg = std::string(what) + ": " + curl_easy_strerror(rc);
  if (detail != nullptr && *detail != '\0') msg += " (" + std::string(detail) + ")";
  return error{msg};
}

std::string rfc5322_date(std::time_t t) {
  std::tm tm{};
  gmtime_r(&t, &tm);
  char buf[64];
  std::strftime(buf, sizeof buf, "%a, %d %b %Y %H:%M:%S +0000", &tm);
  return buf;
}

}  // namespace

std::string encode_header_text(std::string_view text) {
  const bool plain = std::all_of(text.begin(), text.end(), [](char c) {
    const auto u = static_cast<unsigned char>(c);
    return u >= 0x20 && u < 0x7f;
  });
  if (plain && text.find("=?") == std::string_view::npos) return std::string(text);
  // Encoded words of at most 45 bytes each (60 base64 characters), cut between UTF-8
  // characters, never inside one.
  std::string out;
  std::size_t pos = 0;
  while (pos < text.size()) {
    std::size_t end = std::min(pos + 45, text.size());
    while (end < text.size() && end > pos && (static_cast<unsigned char>(text[end]) & 0xC0) == 0x80) --end;
    if (end == pos) end = std::min(pos + 45, text.size());
    if (!out.empty()) out += ' ';
    out += "=?UTF-8?B?" + base64(text.substr(pos, end - pos)) + "?=";
    pos = end;
  }
  return out;
}

result<bool> post_webhook(const notify_config& cfg, const notification& n, const std::string& body,
                          const cancel_flag& cancel) {
  auto c = new_handle(cancel);
  if (!c) return error{"webhook: cannot start libcurl"};
  slist_ptr headers;
  append(headers, "Content-Type: application/json");
  append(headers, "Wavesites-Event: " + n.event);
  append(headers, "Wavesites-Delivery: " + n.id);
  append(headers, "Wavesites-Signature: " + webhook_signature(cfg.webhook_secret, std::time(nullptr), body));
  append(headers, "Expect:");  // no 100-continue round trip for a small body
  char detail[CURL_ERROR_SIZE] = {};
  CURL* h = c.get();
  curl_easy_setopt(h, CURLOPT_URL, cfg.webhook_url.c_str());
  curl_easy_setopt(h, CURLOPT_PROTOCOLS_STR, "http,https");
  curl_easy_setopt(h, CURLOPT_HTTPHEADER, headers.get());
  curl_easy_setopt(h, CURLOPT_POSTFIELDS, body.data());
  curl_easy_setopt(h, CURLOPT_POSTFIELDSIZE_LARGE, static_cast<curl_off_t>(body.size()));
  curl_easy_setopt(h, CURLOPT_TIMEOUT_MS, static_cast<long>(webhook_timeout.count() * 1000));
  curl_easy_setopt(h, CURLOPT_WRITEFUNCTION, discard);
  curl_easy_setopt(h, CURLOPT_ERRORBUFFER, detail);
  const CURLcode rc = curl_easy_perform(h);
  if (rc != CURLE_OK) return curl_failure("webhook", rc, detail);
  long status = 0;
  curl_easy_getinfo(h, CURLINFO_RESPONSE_CODE, &status);
  if (status < 200 || status > 299) return error{"webhook: the receiver answered " + std::to_string(status)};
  return true;
}

result<bool> send_email(const notify_config& cfg, const notification& n, const email_content& e,
                        std::string_view attachment, const cancel_flag& cancel) {
  auto c = new_handle(cancel);
  if (!c) return error{"email: cannot start libcurl"};
  CURL* h = c.get();
  slist_ptr rcpt;
  for (const auto& to : cfg.email_to) append(rcpt, "<" + to + ">");
  std::string to_line;
  for (const auto& to : cfg.email_to) to_line += (to_line.empty() ? "" : ", ") + to;
  slist_ptr headers;
  append(headers, "From: " + cfg.email_from);
  append(headers, "To: " + to_line);
  if (!e.reply_to.empty()) append(headers, "Reply-To: " + e.reply_to);
  append(headers, "Subject: " + encode_header_text(e.subject));
  append(headers, "Date: " + rfc5322_date(std::time(nullptr)));
  // The delivery id names the message, so a retried email is recognisably the same one.
  append(headers, "Message-ID: <" + n.id + "@wavesites>");

  mime_ptr mime(curl_mime_init(h));
  curl_mimepart* text = curl_mime_addpart(mime.get());
  curl_mime_data(text, e.text.data(), e.text.size());
  curl_mime_type(text, "text/plain; charset=utf-8");
  curl_mime_encoder(text, "quoted-printable");
  if (!e.attachment_name.empty()) {
    curl_mimepart* file = curl_mime_addpart(mime.get());
    curl_mime_data(file, attachment.data(), attachment.size());
    curl_mime_filename(file, e.attachment_name.c_str());
    curl_mime_type(file, e.attachment_type.empty() ? "application/octet-stream" : e.attachment_type.c_str());
    curl_mime_encoder(file, "base64");
  }

  char detail[CURL_ERROR_SIZE] = {};
  curl_easy_setopt(h, CURLOPT_URL, cfg.smtp_url.c_str());
  curl_easy_setopt(h, CURLOPT_PROTOCOLS_STR, "smtp,smtps");
  // smtp:// upgrades with STARTTLS whenever the relay offers it; smtps:// is TLS from the start.
  curl_easy_setopt(h, CURLOPT_USE_SSL, static_cast<long>(CURLUSESSL_TRY));
  if (!cfg.smtp_password.empty()) curl_easy_setopt(h, CURLOPT_PASSWORD, cfg.smtp_password.c_str());
  const std::string from = "<" + cfg.email_from + ">";
  curl_easy_setopt(h, CURLOPT_MAIL_FROM, from.c_str());
  curl_easy_setopt(h, CURLOPT_MAIL_RCPT, rcpt.get());
  curl_easy_setopt(h, CURLOPT_HTTPHEADER, headers.get());
  curl_easy_setopt(h, CURLOPT_MIMEPOST, mime.get());
  curl_easy_setopt(h, CURLOPT_TIMEOUT_MS, static_cast<long>(email_timeout.count() * 1000));
  curl_easy_setopt(h, CURLOPT_ERRORBUFFER, detail);
  const CURLcode rc = curl_easy_perform(h);
  if (rc != CURLE_OK) return curl_failure("email", rc, detail);
  return true;
}

}  // namespace wavesites
