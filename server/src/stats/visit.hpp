#pragma once
/// What a counted page view says about itself, worked out from the request alone: its device
/// class, its campaign, where it came from. Plain functions, so that each rule is tested on its
/// own (docs/http-api.md, "Visit counts").
#include <span>
#include <string>
#include <string_view>

#include "http/request.hpp"

namespace wavesites {

enum class device_class { mobile, tablet, desktop };
[[nodiscard]] std::string_view device_name(device_class d);

/// From the User-Agent: a tablet (iPad, Android without "Mobile", Kindle, Silk, "Tablet"), a
/// phone (iPhone, iPod, "Mobi", Windows Phone), else a desktop.
[[nodiscard]] device_class device_of(std::string_view user_agent);

/// The query's `name` parameter as a campaign value: percent-decoded, trimmed, in lower case,
/// cut to 64 bytes (on a character boundary); empty when absent.
[[nodiscard]] std::string utm_value(std::string_view query, std::string_view name);

/// A decoded campaign value as counted: trimmed, in lower case, without control bytes, cut to 64
/// bytes on a character boundary. A lead's utm_source goes through it too, so that its source
/// and the views' agree.
[[nodiscard]] std::string campaign_text(std::string_view text);

/// The view's referrer as counted: the Referer's origin, or "direct" when there is none or it
/// is the site itself (its host is `host`, the request's, or one of `own_hosts`).
[[nodiscard]] std::string referrer_key(std::string_view referer, std::string_view host,
                                       std::span<const std::string> own_hosts);

/// A prefetch (Sec-Purpose: prefetch, or Purpose: prefetch), which is not a view.
[[nodiscard]] bool is_prefetch(const request_head& head);

}  // namespace wavesites
