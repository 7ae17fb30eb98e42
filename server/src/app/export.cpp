#include "app/export.hpp"

#include <algorithm>
#include <fstream>
#include <vector>

#include <nlohmann/json.hpp>

#include "util/sha256.hpp"

namespace wavesites {

std::string csv_cell(std::string_view value) {
  std::string out = "\"";
  // Spreadsheets skip leading spaces before they look for a formula, so " =1+1" runs too.
  const auto first = value.find_first_not_of(' ');
  const char lead = first == std::string_view::npos ? '\0' : value[first];
  if (lead == '=' || lead == '+' || lead == '-' || lead == '@' || lead == '\t' || lead == '\r' || lead == '\n') {
    out += '\'';
  }
  for (char c : value) {
    if (c == '"') out += '"';
    out += c;
  }
  out += '"';
  return out;
}

namespace {

/// Writes the records `each` walks as a JSON array of `to_json(record)`, or as CSV with a header
/// of the fields' keys and one line of `text(record, field)` cells per record.
template <typename Record, typename Fields, typename Each, typename ToJson, typename Text>
result<std::size_t> export_table(std::string_view format, std::ostream& out, const Fields& fields, Each each,
                                 ToJson to_json, Text text) {
  std::size_t n = 0;
  if (format == "json") {
    out << "[";
    const auto done = each([&](const Record& r) {
      out << (n++ ? ",\n  " : "\n  ") << to_json(r).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
    });
    if (!done) return error{done.message()};
    out << (n ? "\n]\n" : "]\n");
  } else {
    for (const auto& f : fields) out << (&f == fields.data() ? "" : ",") << f.key;
    out << "\r\n";
    const auto done = each([&](const Record& r) {
      for (const auto& f : fields) out << (&f == fields.data() ? "" : ",") << csv_cell(text(r, f));
      out << "\r\n";
      ++n;
    });
    if (!done) return error{done.message()};
  }
  out.flush();
  if (!out) return error{"cannot write the export"};
  return n;
}

}  // namespace

bool same_address(std::string_view a, std::string_view b) {
  const auto fold = [](char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; };
  return a.size() == b.size() &&
         std::equal(a.begin(), a.end(), b.begin(), [&](char x, char y) { return fold(x) == fold(y); });
}

result<std::size_t> export_leads(store& db, std::string_view format, const std::string& after_id, std::ostream& out,
                                 std::string_view email) {
  return export_table<lead_record>(
      format, out, lead_fields,
      [&](const std::function<void(const lead_record&)>& fn) {
        if (email.empty()) return db.each_lead(fn, after_id);
        return db.each_lead(
            [&](const lead_record& l) {
              if (same_address(l.business_email, email)) fn(l);
            },
            after_id);
      },
      lead_to_json, lead_value_text);
}

result<std::size_t> export_clicks(store& db, std::string_view format, const std::string& after_id, std::ostream& out) {
  return export_table<click_record>(
      format, out, click_fields,
      [&](const std::function<void(const click_record&)>& fn) { return db.each_click(fn, after_id); }, click_to_json,
      [](const click_record& c, const click_field& f) -> std::string_view { return c.*f.text; });
}

namespace {

/// Writes the resumes of an export one after the other, each checked against its SHA-256, and
/// describes them for metadata.json. The first failure is kept; the rest of the export goes on.
class resume_writer {
 public:
  explicit resume_writer(std::filesystem::path dir) : dir_(std::move(dir)) {}

  void begin(const resume_record& r) {
    finish();
    // The original name was sanitised on upload (no separators or control characters).
    const std::string name = r.id + "-" + resume_file_name(r);
    current_ = dir_ / name;
    file_.open(current_, std::ios::binary | std::ios::trunc);
    if (!file_) fail("cannot write " + current_.string());
    expected_sha_ = r.sha256;
    auto described = resume_to_json(r);
    described["file"] = name;
    meta_.push_back(std::move(described));
  }

  void write(std::string_view chunk) {
    file_.write(chunk.data(), static_cast<std::streamsize>(chunk.size()));
    sha_.update(chunk);
  }

  /// Closes the file being written and checks it.
  void finish() {
    if (!file_.is_open()) return;
    file_.close();
    if (sha_.hex_digest() != expected_sha_)
      fail(current_.filename().string() + ": bytes do not match the stored SHA-256");
    if (!file_) fail("cannot write " + current_.string());
  }

  [[nodiscard]] const std::string& failure() const { return failure_; }
  [[nodiscard]] const nlohmann::json& metadata() const { return meta_; }

 private:
  void fail(std::string message) {
    if (failure_.empty()) failure_ = std::move(message);
  }

  std::filesystem::path dir_;
  std::ofstream file_;
  std::filesystem::path current_;
  std::string expected_sha_;
  sha256 sha_;
  nlohmann::json meta_ = nlohmann::json::array();
  std::string failure_;
};

}  // namespace

result<std::size_t> export_resumes(store& db, const std::filesystem::path& dir, const std::string& after_id) {
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  if (ec) return error{"cannot create " + dir.string() + ": " + ec.message()};
  resume_writer out(dir);
  const auto done = db.each_resume([&](const resume_record& r) { out.begin(r); },
                                   [&](std::string_view chunk) { out.write(chunk); }, after_id);
  out.finish();
  if (!done) return error{done.message()};
  if (!out.failure().empty()) return error{out.failure()};
  std::ofstream(dir / "metadata.json") << out.metadata().dump(2, ' ', false, nlohmann::json::error_handler_t::replace)
                                       << "\n";
  return out.metadata().size();
}

}  // namespace wavesites
