#include "app/export.hpp"

#include <openssl/evp.h>

#include <fstream>
#include <vector>

#include <nlohmann/json.hpp>

namespace wavesites {

std::string csv_cell(std::string_view value) {
  std::string out = "\"";
  if (!value.empty() && (value.front() == '=' || value.front() == '+' || value.front() == '-' || value.front() == '@' ||
                         value.front() == '\t' || value.front() == '\r')) {
    out += '\'';
  }
  for (char c : value) {
    if (c == '"') out += '"';
    out += c;
  }
  out += '"';
  return out;
}

result<std::size_t> export_leads(store& db, std::string_view format, std::ostream& out) {
  std::size_t n = 0;
  if (format == "json") {
    out << "[";
    const auto done = db.each_lead([&](const lead_record& l) {
      out << (n++ ? ",\n  " : "\n  ") << lead_to_json(l).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
    });
    if (!done) return error{done.message()};
    out << (n ? "\n]\n" : "]\n");
  } else {
    for (const auto& f : lead_fields) out << (&f == lead_fields.data() ? "" : ",") << f.key;
    out << "\r\n";
    const auto done = db.each_lead([&](const lead_record& l) {
      for (const auto& f : lead_fields) out << (&f == lead_fields.data() ? "" : ",") << csv_cell(lead_value_text(l, f));
      out << "\r\n";
      ++n;
    });
    if (!done) return error{done.message()};
  }
  out.flush();
  if (!out) return error{"cannot write the export"};
  return n;
}

result<std::size_t> export_resumes(store& db, const std::filesystem::path& dir) {
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  if (ec) return error{"cannot create " + dir.string() + ": " + ec.message()};
  nlohmann::json meta = nlohmann::json::array();
  std::ofstream file;
  std::filesystem::path current;
  std::string expected_sha;
  EVP_MD_CTX* sha = EVP_MD_CTX_new();
  std::string failure;
  auto finish_file = [&] {
    if (!file.is_open()) return;
    file.close();
    unsigned char digest[EVP_MAX_MD_SIZE];
    unsigned int len = 0;
    EVP_DigestFinal_ex(sha, digest, &len);
    static constexpr char hex[] = "0123456789abcdef";
    std::string got;
    for (unsigned i = 0; i < len; ++i) {
      got += hex[digest[i] >> 4];
      got += hex[digest[i] & 15];
    }
    if (got != expected_sha && failure.empty())
      failure = current.filename().string() + ": bytes do not match the stored SHA-256";
    if (!file && failure.empty()) failure = "cannot write " + current.string();
  };
  const auto done = db.each_resume(
      [&](const resume_record& r) {
        finish_file();
        // The original name was sanitised on upload (no separators or control characters).
        const std::string name = r.id + "-" + r.original_name;
        current = dir / name;
        file.open(current, std::ios::binary | std::ios::trunc);
        if (!file && failure.empty()) failure = "cannot write " + current.string();
        expected_sha = r.sha256;
        EVP_DigestInit_ex(sha, EVP_sha256(), nullptr);
        meta.push_back({{"id", r.id},
                        {"file", name},
                        {"originalName", r.original_name},
                        {"storedName", r.stored_name},
                        {"contentType", r.content_type},
                        {"size", r.size},
                        {"sha256", r.sha256},
                        {"receivedAt", r.received_at},
                        {"clientIp", r.client_ip},
                        {"userAgent", r.user_agent},
                        {"host", r.host}});
      },
      [&](std::string_view chunk) {
        file.write(chunk.data(), static_cast<std::streamsize>(chunk.size()));
        EVP_DigestUpdate(sha, chunk.data(), chunk.size());
      });
  finish_file();
  EVP_MD_CTX_free(sha);
  if (!done) return error{done.message()};
  if (!failure.empty()) return error{failure};
  std::ofstream(dir / "metadata.json") << meta.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) << "\n";
  return meta.size();
}

}  // namespace wavesites
