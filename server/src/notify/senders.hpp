#pragma once
/// The two channels' transports, both libcurl: an HTTP POST for the webhook, SMTP for email.
/// Each call blocks for at most its timeout and runs on a delivery thread, never an I/O thread.
#include <atomic>
#include <chrono>
#include <string>
#include <string_view>

#include "config/config.hpp"
#include "notify/messages.hpp"
#include "store/store.hpp"
#include "util/result.hpp"

namespace wavesites {

inline constexpr std::chrono::seconds webhook_timeout{10};
inline constexpr std::chrono::seconds email_timeout{60};

/// Set when the server stops: a transfer in progress is abandoned (its claim stays, so the
/// notification is sent again later under the same delivery id).
using cancel_flag = std::atomic<bool>;

/// POSTs `body` with the Wavesites-Event, -Delivery and -Signature headers. Delivered on a 2xx;
/// anything else is an error saying what came back.
result<bool> post_webhook(const notify_config& cfg, const notification& n, const std::string& body,
                          const cancel_flag& cancel);

/// Sends `e` from email_from to every email_to address, with `attachment` as its file when
/// e.attachment_name is set.
result<bool> send_email(const notify_config& cfg, const notification& n, const email_content& e,
                        std::string_view attachment, const cancel_flag& cancel);

/// The RFC 2047 form of a header text: itself when it is printable ASCII, else UTF-8 base64
/// encoded words.
[[nodiscard]] std::string encode_header_text(std::string_view text);

}  // namespace wavesites
