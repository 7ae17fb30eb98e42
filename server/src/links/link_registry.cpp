#include "links/link_registry.hpp"
#include "links/go_link.hpp"

#include <algorithm>
#include <cctype>

namespace wavesites {
namespace {

/// "{{key}}" at the start of `text`: the key, and what follows; nullopt when `text` does not
/// start with a token.
std::optional<std::pair<std::string_view, std::string_view>> token_at(std::string_view text) {
  if (!text.starts_with("{{")) return std::nullopt;
  const auto end = text.find("}}");
  if (end == std::string_view::npos) return std::nullopt;
  return std::pair{text.substr(2, end - 2), text.substr(end + 2)};
}

std::string percent_encode(std::string_view value) {
  static constexpr char hex[] = "0123456789ABCDEF";
  std::string out;
  for (const char ch : value) {
    const auto c = static_cast<unsigned char>(ch);
    if (std::isalnum(c) || c == '-' || c == '_' || c == '.' || c == '~') {
      out += ch;
    } else {
      out += '%';
      out += hex[c >> 4];
      out += hex[c & 15];
    }
  }
  return out;
}

/// A destination of the bundle filled in: a URL as it is, or a template of settings (the
/// landing page's stores). A query parameter whose setting is empty is left out, so an unset
/// campaign token adds nothing.
result<std::string> fill_destination(std::string_view spec, const setting_values& settings) {
  const auto first = token_at(spec);
  if (!first) return std::string(spec);
  const auto value_of = [&](std::string_view key) -> result<std::string> {
    const auto it = settings.find(key);
    if (it == settings.end()) return error{"{{" + std::string(key) + "}} is not a setting of the pages"};
    return it->second;
  };
  auto base = value_of(first->first);
  if (!base) return base;
  std::string url = std::move(*base);
  std::string_view rest = first->second;
  if (rest.empty()) return url;
  if (rest.front() != '?') return error{"a template is {{setting}}, then ?name={{setting}}&..., nothing else"};
  // The fragment, if the setting's URL has one, stays last.
  std::string fragment;
  if (const auto hash = url.find('#'); hash != std::string::npos) {
    fragment = url.substr(hash);
    url.resize(hash);
  }
  char sep = url.find('?') == std::string::npos ? '?' : '&';
  while (!rest.empty()) {
    rest.remove_prefix(1);  // '?' or '&'
    const auto eq = rest.find('=');
    if (eq == std::string_view::npos) return error{"a template parameter is name={{setting}}"};
    const auto name = rest.substr(0, eq);
    const auto token = token_at(rest.substr(eq + 1));
    if (!token || !subid_param_problem(name).empty()) return error{"a template parameter is name={{setting}}"};
    auto value = value_of(token->first);
    if (!value) return value;
    if (!value->empty()) {
      url += sep;
      url += name;
      url += '=';
      url += percent_encode(*value);
      sep = '&';
    }
    rest = token->second;
    if (!rest.empty() && rest.front() != '&') return error{"template parameters are separated by &"};
  }
  return url + fragment;
}

}  // namespace

result<link_registry> link_registry::build(const std::vector<link_spec>& bundle,
                                           const std::vector<link_spec>& config_links, const setting_values& settings,
                                           std::string_view config_source) {
  link_registry reg;
  const auto fields = [](link_spec& into, const link_spec& from) {
    for (auto member : {&link_spec::url, &link_spec::ios, &link_spec::android, &link_spec::subid_param}) {
      if (from.*member) into.*member = from.*member;
    }
  };
  // The bundle's, then the config's over them, field by field.
  std::vector<link_spec> merged = bundle;
  std::vector<bool> from_config(merged.size(), false);
  for (const auto& over : config_links) {
    auto it = std::find_if(merged.begin(), merged.end(), [&](const link_spec& l) { return l.slug == over.slug; });
    if (it == merged.end()) {
      if (!over.url) {
        return error{std::string(config_source) + ": " + over.where + ": the web bundle has no link '" + over.slug +
                     "', so it needs a url"};
      }
      merged.push_back(over);
      from_config.push_back(true);
    } else {
      fields(*it, over);
      it->where = over.where;
      from_config[static_cast<std::size_t>(it - merged.begin())] = true;
    }
  }
  for (std::size_t i = 0; i < merged.size(); ++i) {
    const auto& spec = merged[i];
    const std::string where =
        from_config[i] ? std::string(config_source) + ": " + spec.where : "the web bundle's " + spec.where;
    if (!valid_link_slug(spec.slug)) return error{where + ": a slug is 1 to 64 of a-z, 0-9 and '-'"};
    link_target target;
    const std::pair<const std::optional<std::string>*, std::string*> destinations[] = {
        {&spec.url, &target.url}, {&spec.ios, &target.ios}, {&spec.android, &target.android}};
    for (const auto& [in, out] : destinations) {
      if (!*in || (*in)->empty()) continue;  // an empty ios or android: the config took it away
      auto filled = fill_destination(**in, settings);
      if (!filled) return error{where + ": " + filled.message()};
      if (auto problem = link_destination_problem(*filled); !problem.empty()) return error{where + ": " + problem};
      *out = std::move(*filled);
    }
    if (target.url.empty()) return error{where + ": missing url"};
    target.url_head = go_head(target.url);
    if (!target.ios.empty()) target.ios_head = go_head(target.ios);
    if (!target.android.empty()) target.android_head = go_head(target.android);
    if (spec.subid_param && !spec.subid_param->empty()) {
      if (auto problem = subid_param_problem(*spec.subid_param); !problem.empty()) {
        return error{where + ": subid_param " + problem};
      }
      target.subid_param = *spec.subid_param;
    }
    reg.links_.insert_or_assign(spec.slug, std::move(target));
  }
  return reg;
}

const link_target* link_registry::find(std::string_view slug) const {
  const auto it = links_.find(slug);
  return it == links_.end() ? nullptr : &it->second;
}

std::vector<std::string> link_registry::slugs() const {
  std::vector<std::string> out;
  out.reserve(links_.size());
  for (const auto& [slug, target] : links_) out.push_back(slug);
  std::sort(out.begin(), out.end());
  return out;
}

}  // namespace wavesites
