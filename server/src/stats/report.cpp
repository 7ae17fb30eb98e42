#include "stats/report.hpp"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <map>
#include <sstream>

#include "stats/visit.hpp"

namespace wavesites {
namespace {

using json = nlohmann::ordered_json;

/// "YYYY-MM-DD" as a day count, or nothing when it is not a real date.
std::optional<std::chrono::sys_days> parse_day(const std::string& text) {
  unsigned y = 0, m = 0, d = 0;
  char tail = 0;
  if (text.size() != 10 || std::sscanf(text.c_str(), "%4u-%2u-%2u%c", &y, &m, &d, &tail) != 3 || text[4] != '-' ||
      text[7] != '-') {
    return std::nullopt;
  }
  const std::chrono::year_month_day ymd{std::chrono::year(static_cast<int>(y)), std::chrono::month(m),
                                        std::chrono::day(d)};
  if (!ymd.ok()) return std::nullopt;
  return std::chrono::sys_days(ymd);
}

std::string format_day(std::chrono::sys_days d) {
  const std::chrono::year_month_day ymd{d};
  char buf[16];
  std::snprintf(buf, sizeof buf, "%04d-%02u-%02u", static_cast<int>(ymd.year()), static_cast<unsigned>(ymd.month()),
                static_cast<unsigned>(ymd.day()));
  return buf;
}

/// A map of counts as JSON, largest first (ties by name), without the names `skip` says.
json sorted(const std::map<std::string, std::uint64_t>& counts, bool skip_empty_name = false) {
  std::vector<std::pair<std::string, std::uint64_t>> rows(counts.begin(), counts.end());
  std::stable_sort(rows.begin(), rows.end(), [](const auto& a, const auto& b) { return a.second > b.second; });
  json out = json::object();
  for (const auto& [name, n] : rows) {
    if (n == 0 || (skip_empty_name && name.empty())) continue;
    out[name] = n;
  }
  return out;
}

struct site_totals {
  std::uint64_t views = 0;
  std::uint64_t visitors = 0;
  std::map<std::string, std::pair<std::uint64_t, std::uint64_t>> days;  ///< day -> views, visitors
  std::map<std::string, std::map<std::string, std::uint64_t>> by;       ///< dimension -> name -> n
  std::map<std::string, std::pair<std::uint64_t, std::map<std::string, std::uint64_t>>> links;
  std::uint64_t landing_clicks = 0;
  std::uint64_t leads = 0;
  std::map<std::string, std::uint64_t> leads_by_source;
};

/// Where a lead came from, as the views count it: its utm_source ("" when it had none).
std::string lead_source_key(const lead_tally& lead) {
  return campaign_text(lead.source);
}

}  // namespace

std::string shift_day(const std::string& day, int days) {
  const auto d = parse_day(day);
  return d ? format_day(*d + std::chrono::days(days)) : std::string();
}

result<report_query> make_report_query(const std::string& site, const std::string& from, const std::string& to,
                                       const std::string& today, std::span<const report_site> sites) {
  report_query q;
  q.to = to.empty() ? today : to;
  if (!parse_day(q.to)) return error{"to: \"" + to + "\" is not a date (YYYY-MM-DD)"};
  q.from = from.empty() ? shift_day(q.to, -29) : from;
  if (!parse_day(q.from)) return error{"from: \"" + from + "\" is not a date (YYYY-MM-DD)"};
  if (q.from > q.to) return error{"from: " + q.from + " is after to: " + q.to};
  if (*parse_day(q.to) - *parse_day(q.from) > std::chrono::days(3660)) return error{"from: more than ten years"};
  if (!site.empty() && std::none_of(sites.begin(), sites.end(), [&](const report_site& s) { return s.name == site; })) {
    return error{"site: no site \"" + site.substr(0, 64) + "\""};
  }
  q.site = site;
  return q;
}

result<nlohmann::ordered_json> build_report(store& db, const report_query& q, std::span<const report_site> sites) {
  auto counts = db.read_stats(q.from, q.to);
  if (!counts) return error{counts.message()};
  auto clicks = db.tally_clicks(q.from, q.to);
  if (!clicks) return error{clicks.message()};
  auto leads = db.tally_leads(q.from, q.to);
  if (!leads) return error{leads.message()};

  std::map<std::string, site_totals> totals;
  for (const auto& s : sites) {
    if (q.site.empty() || s.name == q.site) totals[s.name];
  }
  std::map<std::string, const report_site*> site_of;
  for (const auto& s : sites) site_of[s.name] = &s;
  const auto of = [&](const std::string& site) -> site_totals* {
    const auto it = totals.find(site);
    return it == totals.end() ? nullptr : &it->second;
  };
  for (const auto& c : *counts) {
    auto* t = of(c.site);
    if (!t) continue;
    if (c.dimension == "views") {
      t->views += c.n;
      t->days[c.day].first += c.n;
    } else if (c.dimension == "visitors") {
      t->visitors += c.n;
      t->days[c.day].second += c.n;
    } else {
      t->by[c.dimension][c.name] += c.n;
    }
  }
  for (const auto& c : *clicks) {
    auto* t = of(c.site);
    if (!t) continue;
    if (c.kind == "link") {
      auto& link = t->links[c.link];
      link.first += c.n;
      link.second[c.from] += c.n;
    }
    // The landing page's button: a beacon when the page ran its script, else its /go/ link (a
    // site without articles has no other page with links).
    if (c.kind != "link" || site_of[c.site]->article_prefix.empty()) t->landing_clicks += c.n;
  }
  for (const auto& l : *leads) {
    auto* t = of(l.site);
    if (!t) continue;
    t->leads += l.n;
    t->leads_by_source[lead_source_key(l)] += l.n;
  }

  json out;
  out["from"] = q.from;
  out["to"] = q.to;
  json by_site = json::object();
  const auto first = *parse_day(q.from);
  const auto last = *parse_day(q.to);
  for (const auto& s : sites) {
    auto* t = of(s.name);
    if (!t) continue;
    json site;
    site["views"] = t->views;
    site["visitors"] = t->visitors;
    json days = json::array();
    for (auto d = first; d <= last; d += std::chrono::days(1)) {
      const auto day = format_day(d);
      const auto it = t->days.find(day);
      days.push_back({{"day", day},
                      {"views", it == t->days.end() ? 0 : it->second.first},
                      {"visitors", it == t->days.end() ? 0 : it->second.second}});
    }
    site["days"] = std::move(days);
    site["pages"] = sorted(t->by["page"]);
    site["referrers"] = sorted(t->by["referrer"]);
    // A view without the parameter counts under "" (its value is empty when absent).
    site["sources"] = sorted(t->by["source"]);
    site["mediums"] = sorted(t->by["medium"]);
    site["campaigns"] = sorted(t->by["campaign"]);
    json devices = json::object();
    for (const char* d : {"mobile", "tablet", "desktop"}) devices[d] = t->by["device"][d];
    site["devices"] = std::move(devices);
    if (!t->by["lang"].empty()) site["languages"] = sorted(t->by["lang"]);
    json links = json::object();
    std::vector<std::pair<std::string, std::uint64_t>> link_order;
    for (const auto& [slug, l] : t->links) link_order.emplace_back(slug, l.first);
    std::stable_sort(link_order.begin(), link_order.end(),
                     [](const auto& a, const auto& b) { return a.second > b.second; });
    std::map<std::string, std::uint64_t> clicks_on;  // page path -> clicks of links on it
    for (const auto& [slug, n] : link_order) {
      const auto& l = t->links[slug];
      links[slug] = {{"clicks", n}, {"from", sorted(l.second, true)}};  // by article; the rest only in clicks
      if (s.article_prefix.empty()) continue;
      for (const auto& [from, m] : l.second) {
        if (!from.empty()) clicks_on[s.article_prefix + from] += m;
      }
    }
    site["links"] = std::move(links);
    if (t->landing_clicks > 0) {
      site["landing_clicks"] = t->landing_clicks;
      clicks_on["/"] += t->landing_clicks;  // the landing page's button: the site's home page
    }
    json ctr = json::object();
    for (const auto& [path, n] : clicks_on) {
      const auto views = t->by["page"].find(path);
      if (views == t->by["page"].end() || views->second == 0) continue;
      ctr[path] = static_cast<double>(n) / static_cast<double>(views->second);
    }
    site["ctr"] = std::move(ctr);
    site["leads"] = t->leads;
    site["leads_by_source"] = sorted(t->leads_by_source);
    by_site[s.name] = std::move(site);
  }
  out["sites"] = std::move(by_site);
  return out;
}

std::string report_table(const nlohmann::ordered_json& report) {
  std::ostringstream out;
  out << "stats " << report["from"].get<std::string>() << " .. " << report["to"].get<std::string>()
      << " (UTC; visitors: the sum of the daily unique visitors)\n";
  for (const auto& [name, s] : report["sites"].items()) {
    std::uint64_t clicks = 0;
    for (const auto& [slug, l] : s["links"].items()) clicks += l["clicks"].get<std::uint64_t>();
    out << "\n"
        << name << ": " << s["views"] << " views, " << s["visitors"] << " visitors, " << clicks << " link clicks, "
        << s["leads"] << " leads\n";
    const auto section = [&](const char* title, const json& rows, bool ctr) {
      if (rows.empty()) return;
      out << "  " << title << "\n";
      int shown = 0;
      for (const auto& [key, n] : rows.items()) {
        if (++shown > 10) break;
        char line[256];
        if (ctr)
          std::snprintf(line, sizeof line, "    %-48s %7.1f%%\n", key.c_str(), n.get<double>() * 100);
        else
          std::snprintf(line, sizeof line, "    %-48s %8llu\n", key.c_str(),
                        static_cast<unsigned long long>(n.is_object() ? n["clicks"].get<std::uint64_t>()
                                                                      : n.get<std::uint64_t>()));
        out << line;
      }
    };
    section("pages", s["pages"], false);
    section("referrers", s["referrers"], false);
    section("campaigns", s["campaigns"], false);
    section("devices", s["devices"], false);
    section("links", s["links"], false);
    section("click-through", s["ctr"], true);
    section("leads by source", s["leads_by_source"], false);
  }
  return out.str();
}

std::string report_csv(const nlohmann::ordered_json& report) {
  std::ostringstream out;
  const auto cell = [](const std::string& text) {
    std::string q = "\"";
    // A cell a spreadsheet would run as a formula is defused, as the exports do.
    if (!text.empty() && std::string_view("=+-@\t\r").find(text.front()) != std::string_view::npos) q += '\'';
    for (const char c : text) {
      if (c == '"') q += '"';
      q += c;
    }
    return q + "\"";
  };
  out << "site,metric,name,value\r\n";
  for (const auto& site : report["sites"].items()) {
    const std::string& name = site.key();
    const json& s = site.value();
    const auto row = [&](const std::string& metric, const std::string& key, const json& value) {
      out << cell(name) << ',' << cell(metric) << ',' << cell(key) << ',' << value.dump() << "\r\n";
    };
    row("views", "", s["views"]);
    row("visitors", "", s["visitors"]);
    for (const auto& d : s["days"]) {
      row("day_views", d["day"].get<std::string>(), d["views"]);
      row("day_visitors", d["day"].get<std::string>(), d["visitors"]);
    }
    for (const char* metric :
         {"pages", "referrers", "sources", "mediums", "campaigns", "devices", "languages", "ctr", "leads_by_source"}) {
      if (!s.contains(metric)) continue;
      for (const auto& [key, n] : s[metric].items()) row(metric, key, n);
    }
    for (const auto& [slug, l] : s["links"].items()) {
      row("link_clicks", slug, l["clicks"]);
      for (const auto& [from, n] : l["from"].items()) row("link_clicks_from", slug + "/" + from, n);
    }
    if (s.contains("landing_clicks")) row("landing_clicks", "", s["landing_clicks"]);
    row("leads", "", s["leads"]);
  }
  return out.str();
}

}  // namespace wavesites
