// The storage suite: every case runs against SQLite and against PostgreSQL (WAVESITES_TEST_PG_URL,
// which `make test` sets through scripts/with-postgres.sh). Each case gets an empty database of its
// own: a fresh directory for SQLite, a fresh schema for PostgreSQL, so cases may run in parallel.
#include <gtest/gtest.h>
#include <libpq-fe.h>
#include <sqlite3.h>

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <memory>
#include <mutex>
#include <ostream>
#include <random>
#include <set>
#include <stdexcept>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "store/click.hpp"
#include "store/lead_sql.hpp"
#include "store/migrations.hpp"
#include "store/postgres_store.hpp"
#include "store/scratch_database.hpp"
#include "store/store.hpp"
#include "util/c_handle.hpp"

namespace wavesites {
namespace {

namespace fs = std::filesystem;

using testing::backend;
using testing::pg_skip_message;
using testing::pg_test_url;
using testing::random_hex;
using testing::scratch_database;

// Zero-padded so the ids sort like ULIDs do: by the number, as plain bytes.
std::string test_id(std::uint64_t n) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "01TEST%020llu", static_cast<unsigned long long>(n));
  return buf;
}

/// How many leads and resumes the store holds, read through its export interface.
std::uint64_t count_leads(store& db) {
  std::uint64_t n = 0;
  EXPECT_TRUE(db.each_lead([&](const lead_record&) { ++n; }, "").ok());
  return n;
}
std::uint64_t count_resumes(store& db) {
  std::uint64_t n = 0;
  EXPECT_TRUE(db.each_resume([&](const resume_record&) { ++n; }, [](std::string_view) {}, "").ok());
  return n;
}

lead_record make_lead(const std::string& id) {
  lead_record l;
  l.id = id;
  l.received_at = "2026-11-21T01:02:03.456Z";
  l.business_email = "buyer+" + id + "@example.com";
  l.first_name = "Zoë";
  l.last_name = "山田";
  l.country = "JP";
  l.describes = "advertiser";
  l.company_name = "Ωmega & Söhne \"GmbH\"; DROP TABLE leads; --";
  l.remark = "Hello, 世界! 👋";
  l.agree = true;
  l.official_website_name = "waveads";
  l.consent_version = "2026-11-01";
  l.language = "ja";
  l.client_ip = "2001:db8::1";
  l.user_agent = "Mozilla/5.0 (X11; Linux x86_64) Gecko/20100101 Firefox/128.0";
  l.host = "waveads.example";
  return l;
}

void expect_same_lead(const lead_record& got, const lead_record& want) {
  EXPECT_EQ(got.id, want.id);
  EXPECT_EQ(got.received_at, want.received_at);
  EXPECT_EQ(got.business_email, want.business_email);
  EXPECT_EQ(got.first_name, want.first_name);
  EXPECT_EQ(got.last_name, want.last_name);
  EXPECT_EQ(got.country, want.country);
  EXPECT_EQ(got.describes, want.describes);
  EXPECT_EQ(got.company_name, want.company_name);
  EXPECT_EQ(got.remark, want.remark);
  EXPECT_EQ(got.agree, want.agree);
  EXPECT_EQ(got.official_website_name, want.official_website_name);
  EXPECT_EQ(got.consent_version, want.consent_version);
  EXPECT_EQ(got.language, want.language);
  EXPECT_EQ(got.client_ip, want.client_ip);
  EXPECT_EQ(got.user_agent, want.user_agent);
  EXPECT_EQ(got.host, want.host);
}

std::vector<lead_record> all_leads(store& db, const std::string& after_id = "") {
  std::vector<lead_record> out;
  auto r = db.each_lead([&](const lead_record& l) { out.push_back(l); }, after_id);
  EXPECT_TRUE(r) << r.message();
  return out;
}

resume_record make_resume_meta(const std::string& id, std::uint64_t size) {
  resume_record m;
  m.id = id;
  m.received_at = "2026-11-21T04:05:06.789Z";
  m.stored_name = random_hex(32) + ".pdf";
  m.original_name = "Lebenslauf – Zoë.pdf";
  m.content_type = "application/pdf";
  m.size = size;
  m.sha256 = random_hex(64);
  m.client_ip = "203.0.113.7";
  m.user_agent = "curl/7.88.1";
  m.host = "waveads.example";
  return m;
}

std::string random_bytes(std::size_t n, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::string out(n, '\0');
  for (auto& c : out) c = static_cast<char>(rng() & 0xff);
  return out;
}

/// Hands `bytes` over in pieces of `piece` bytes, as a spooled-file reader would.
chunk_reader reader_over(const std::string& bytes, std::size_t piece) {
  return [&bytes, piece, offset = std::size_t{0}](std::string& chunk) mutable {
    if (offset >= bytes.size()) return false;
    const auto n = std::min(piece, bytes.size() - offset);
    chunk.assign(bytes, offset, n);
    offset += n;
    return true;
  };
}

struct exported_resume {
  resume_record meta;
  std::string bytes;
  std::size_t writes = 0;
};

std::vector<exported_resume> all_resumes(store& db, const std::string& after_id = "") {
  std::vector<exported_resume> out;
  auto r = db.each_resume(
      [&](const resume_record& m) {
        out.push_back({m, {}, 0});
      },
      [&](std::string_view chunk) {
        EXPECT_FALSE(out.empty());
        EXPECT_LE(chunk.size(), resume_chunk_bytes);
        out.back().bytes.append(chunk);
        ++out.back().writes;
      },
      after_id);
  EXPECT_TRUE(r) << r.message();
  return out;
}

class store_test : public ::testing::TestWithParam<backend> {
 protected:
  void SetUp() override {
    std::string skip;
    scratch_ = scratch_database::create(GetParam(), skip);
    if (!scratch_) GTEST_SKIP() << skip;
    auto opened = open_store(scratch_->url());
    ASSERT_TRUE(opened) << opened.message();
    db_ = std::move(opened).value();
  }
  void TearDown() override {
    db_.reset();
    scratch_.reset();
  }

  std::unique_ptr<scratch_database> scratch_;
  std::unique_ptr<store> db_;
};

TEST_P(store_test, kind_names_the_backend) {
  EXPECT_EQ(db_->kind(), GetParam() == backend::sqlite ? "sqlite" : "postgresql");
}

TEST_P(store_test, ping_answers) {
  EXPECT_TRUE(db_->ping());
}

TEST_P(store_test, the_migrated_leads_table_has_exactly_the_field_tables_columns) {
  // The migrations are history and are never edited; the field table (store/lead.hpp) is what
  // the code binds and reads. This is where the two must agree.
  const auto rows =
      scratch_->query(GetParam() == backend::sqlite ? "SELECT name FROM pragma_table_info('leads') ORDER BY cid"
                                                    : "SELECT column_name FROM information_schema.columns "
                                                      "WHERE table_name = 'leads' ORDER BY ordinal_position");
  std::string columns;
  for (const auto& row : rows) columns += (columns.empty() ? "" : ", ") + row[0];
  EXPECT_EQ(columns, lead_columns());
}

TEST_P(store_test, migrations_are_recorded_once_and_idempotent) {
  auto check_versions = [&] {
    const auto rows = scratch_->query("SELECT version, applied_at FROM schema_version ORDER BY version");
    ASSERT_EQ(rows.size(), all_migrations().size());
    for (std::size_t i = 0; i < rows.size(); ++i) {
      EXPECT_EQ(rows[i][0], std::to_string(all_migrations()[i].version));
      EXPECT_EQ(rows[i][1].size(), 24u) << rows[i][1];  // 2026-11-21T01:02:03.456Z
      EXPECT_EQ(rows[i][1].back(), 'Z');
    }
  };
  check_versions();
  const auto first_applied = scratch_->query("SELECT applied_at FROM schema_version")[0][0];

  // Again on the open store, again from a second store beside it, and again after closing both.
  auto again = db_->migrate();
  ASSERT_TRUE(again) << again.message();
  EXPECT_FALSE(*again) << "nothing should be left to apply";
  ASSERT_TRUE(db_->add_lead(make_lead(test_id(1))));
  {
    auto second = open_store(scratch_->url());
    ASSERT_TRUE(second) << second.message();
    EXPECT_EQ(count_leads(**second), 1u);
  }
  db_.reset();
  auto reopened = open_store(scratch_->url());
  ASSERT_TRUE(reopened) << reopened.message();
  EXPECT_EQ(count_leads(**reopened), 1u) << "reopening must not recreate the tables";
  check_versions();
  EXPECT_EQ(scratch_->query("SELECT applied_at FROM schema_version")[0][0], first_applied);
}

TEST_P(store_test, concurrent_opens_migrate_once) {
  // A fresh, unmigrated database opened by several processes (here threads) at the same moment.
  std::string skip;
  auto fresh = scratch_database::create(GetParam(), skip);
  ASSERT_TRUE(fresh);
  std::vector<std::thread> threads;
  std::atomic<int> ok{0};
  std::vector<std::string> failures(4);
  for (int t = 0; t < 4; ++t) {
    threads.emplace_back([&, t] {
      auto s = open_store(fresh->url());
      if (s)
        ++ok;
      else
        failures[static_cast<std::size_t>(t)] = s.message();
    });
  }
  for (auto& th : threads) th.join();
  EXPECT_EQ(ok.load(), 4) << failures[0] << failures[1] << failures[2] << failures[3];
  EXPECT_EQ(fresh->query("SELECT count(*) FROM schema_version")[0][0], std::to_string(all_migrations().size()));
}

TEST_P(store_test, lead_round_trip_keeps_every_field) {
  auto a = make_lead(test_id(1));
  // 500 characters (the form's limit) of multi-byte text: 4 bytes each for the emoji.
  a.remark.clear();
  for (int i = 0; i < 100; ++i) a.remark += "ä日😀 \n";
  auto b = make_lead(test_id(2));
  b.agree = false;
  b.remark = std::string(20000, 'x') + "…end";  // far past the form's limit: the store must not cut it
  b.company_name = "";
  b.first_name = "O'Brien";
  b.last_name = "Ελληνικά";
  b.client_ip = "198.51.100.23";

  auto ra = db_->add_lead(a);
  ASSERT_TRUE(ra) << ra.message();
  auto rb = db_->add_lead(b);
  ASSERT_TRUE(rb) << rb.message();

  const auto got = all_leads(*db_);
  ASSERT_EQ(got.size(), 2u);
  expect_same_lead(got[0], a);
  expect_same_lead(got[1], b);
  EXPECT_EQ(count_leads(*db_), 2u);
}

TEST_P(store_test, leads_come_back_oldest_first) {
  std::vector<std::uint64_t> order(50);
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = 1000 + i * 7;
  std::shuffle(order.begin(), order.end(), std::mt19937_64(42));
  for (const auto n : order) ASSERT_TRUE(db_->add_lead(make_lead(test_id(n))));

  const auto got = all_leads(*db_);
  ASSERT_EQ(got.size(), order.size());
  EXPECT_TRUE(std::is_sorted(got.begin(), got.end(), [](const auto& x, const auto& y) { return x.id < y.id; }));
  EXPECT_EQ(got.front().id, test_id(1000));
}

TEST_P(store_test, a_repeated_lead_id_is_an_error_and_stored_once) {
  ASSERT_TRUE(db_->add_lead(make_lead(test_id(7))));
  auto again = db_->add_lead(make_lead(test_id(7)));
  ASSERT_FALSE(again);
  EXPECT_FALSE(again.message().empty()) << "the error carries a message";
  EXPECT_EQ(count_leads(*db_), 1u);
  // The store stays usable.
  ASSERT_TRUE(db_->add_lead(make_lead(test_id(8))));
  EXPECT_EQ(count_leads(*db_), 2u);
}

TEST_P(store_test, a_nul_character_in_text_is_refused_not_cut) {
  auto lead = make_lead(test_id(1));
  lead.remark = std::string("before\0after", 12);
  EXPECT_FALSE(db_->add_lead(lead));
  auto meta = make_resume_meta(test_id(2), 1);
  meta.original_name = std::string("cv\0.pdf", 7);
  const std::string one = "x";
  EXPECT_FALSE(db_->add_resume(meta, reader_over(one, 1)));
  EXPECT_EQ(count_leads(*db_), 0u);
  EXPECT_EQ(count_resumes(*db_), 0u);
}

TEST_P(store_test, concurrent_add_lead_from_8_threads_keeps_every_lead_once) {
  constexpr int threads = 8;
  constexpr int per_thread = 50;
  std::atomic<int> failures{0};
  std::vector<std::thread> pool;
  for (int t = 0; t < threads; ++t) {
    pool.emplace_back([&, t] {
      for (int i = 0; i < per_thread; ++i) {
        if (!db_->add_lead(make_lead(test_id(static_cast<std::uint64_t>(t) * 1000 + static_cast<std::uint64_t>(i)))))
          ++failures;
      }
    });
  }
  for (auto& th : pool) th.join();
  EXPECT_EQ(failures.load(), 0);

  const auto got = all_leads(*db_);
  std::set<std::string> ids;
  for (const auto& l : got) ids.insert(l.id);
  EXPECT_EQ(got.size(), static_cast<std::size_t>(threads * per_thread));
  EXPECT_EQ(ids.size(), got.size()) << "no duplicates";
  for (int t = 0; t < threads; ++t) {
    for (int i = 0; i < per_thread; ++i) {
      EXPECT_TRUE(ids.contains(test_id(static_cast<std::uint64_t>(t * 1000 + i))));
    }
  }
  EXPECT_EQ(count_leads(*db_), static_cast<std::uint64_t>(threads * per_thread));
}

TEST_P(store_test, resumes_round_trip_byte_identical_and_oldest_first) {
  const std::vector<std::size_t> sizes = {
      0, 1, resume_chunk_bytes - 1, resume_chunk_bytes, resume_chunk_bytes + 1, 3 * 1024 * 1024};
  // Readers hand over pieces of awkward sizes, smaller and larger than a chunk.
  const std::vector<std::size_t> pieces = {65537, resume_chunk_bytes, 300001, 4096, 1, 1 << 20};
  std::vector<std::string> bytes;
  std::vector<resume_record> metas;
  for (std::size_t i = 0; i < sizes.size(); ++i) {
    bytes.push_back(random_bytes(sizes[i], 100 + i));
    metas.push_back(make_resume_meta(test_id(500 + i), sizes[i]));
  }
  // Stored newest first, so the export has to sort them.
  for (std::size_t k = sizes.size(); k-- > 0;) {
    auto r = db_->add_resume(metas[k], reader_over(bytes[k], k == 1 ? 1 : pieces[k]));
    ASSERT_TRUE(r) << "size " << sizes[k] << ": " << r.message();
  }
  EXPECT_EQ(count_resumes(*db_), sizes.size());

  const auto got = all_resumes(*db_);
  ASSERT_EQ(got.size(), sizes.size());
  for (std::size_t i = 0; i < sizes.size(); ++i) {
    SCOPED_TRACE("size " + std::to_string(sizes[i]));
    const auto& m = got[i].meta;
    EXPECT_EQ(m.id, metas[i].id);
    EXPECT_EQ(m.received_at, metas[i].received_at);
    EXPECT_EQ(m.stored_name, metas[i].stored_name);
    EXPECT_EQ(m.original_name, metas[i].original_name);
    EXPECT_EQ(m.content_type, metas[i].content_type);
    EXPECT_EQ(m.size, sizes[i]);
    EXPECT_EQ(m.sha256, metas[i].sha256);
    EXPECT_EQ(m.client_ip, metas[i].client_ip);
    EXPECT_EQ(m.user_agent, metas[i].user_agent);
    EXPECT_EQ(m.host, metas[i].host);
    EXPECT_EQ(got[i].bytes.size(), sizes[i]);
    EXPECT_TRUE(got[i].bytes == bytes[i]) << "bytes differ";
    EXPECT_EQ(got[i].writes, (sizes[i] + resume_chunk_bytes - 1) / resume_chunk_bytes);

    // Stored as full chunks plus one shorter tail, numbered from 0.
    const auto rows = scratch_->query(
        "SELECT count(*), coalesce(max(length(data)), 0), coalesce(min(seq), 0), "
        "coalesce(max(seq), -1) FROM resume_chunks WHERE resume_id = '" +
        metas[i].id + "'");
    const auto chunks = (sizes[i] + resume_chunk_bytes - 1) / resume_chunk_bytes;
    EXPECT_EQ(rows[0][0], std::to_string(chunks));
    EXPECT_EQ(rows[0][1], std::to_string(std::min(sizes[i], resume_chunk_bytes)));
    EXPECT_EQ(rows[0][2], "0");
    EXPECT_EQ(rows[0][3], std::to_string(static_cast<long long>(chunks) - 1));
  }
}

TEST_P(store_test, a_resume_whose_bytes_disagree_with_its_size_stores_nothing) {
  const auto bytes = random_bytes(resume_chunk_bytes + 10, 7);
  auto r = db_->add_resume(make_resume_meta(test_id(1), bytes.size() + 1), reader_over(bytes, 4096));
  EXPECT_FALSE(r);
  EXPECT_EQ(count_resumes(*db_), 0u);
  EXPECT_EQ(scratch_->query("SELECT count(*) FROM resume_chunks")[0][0], "0");
  ASSERT_TRUE(db_->add_resume(make_resume_meta(test_id(2), bytes.size()), reader_over(bytes, 4096)));
  EXPECT_EQ(count_resumes(*db_), 1u);
}

TEST_P(store_test, a_reader_that_throws_stores_nothing_and_the_store_recovers) {
  const auto bytes = random_bytes(3 * resume_chunk_bytes, 9);
  std::size_t calls = 0;
  chunk_reader failing = [&](std::string& chunk) {
    if (++calls == 3) throw std::runtime_error("disk on fire");
    chunk.assign(bytes, 0, resume_chunk_bytes);
    return true;
  };
  EXPECT_THROW((void)db_->add_resume(make_resume_meta(test_id(1), bytes.size()), failing), std::runtime_error);
  EXPECT_EQ(count_resumes(*db_), 0u);
  EXPECT_EQ(scratch_->query("SELECT count(*) FROM resume_chunks")[0][0], "0");
  ASSERT_TRUE(db_->add_lead(make_lead(test_id(2))));
  ASSERT_TRUE(db_->add_resume(make_resume_meta(test_id(3), bytes.size()), reader_over(bytes, 100000)));
  EXPECT_EQ(all_resumes(*db_).at(0).bytes, bytes);
}

TEST_P(store_test, an_export_callback_that_throws_leaves_the_store_usable) {
  ASSERT_TRUE(db_->add_lead(make_lead(test_id(1))));
  const std::string abc = "abc";
  ASSERT_TRUE(db_->add_resume(make_resume_meta(test_id(2), 3), reader_over(abc, 3)));
  // More times than the PostgreSQL pool has connections: a leaked connection would show.
  for (int i = 0; i < 6; ++i) {
    EXPECT_THROW((void)db_->each_lead([](const lead_record&) { throw std::runtime_error("stop"); }, ""),
                 std::runtime_error);
    EXPECT_THROW((void)db_->each_resume([](const resume_record&) {},
                                        [](std::string_view) { throw std::runtime_error("stop"); }, ""),
                 std::runtime_error);
  }
  ASSERT_TRUE(db_->add_lead(make_lead(test_id(3))));
  EXPECT_EQ(all_leads(*db_).size(), 2u);
  EXPECT_TRUE(db_->ping());
}

TEST_P(store_test, open_errors_are_one_line_and_never_show_the_password) {
  auto expect_clean = [](const result<std::unique_ptr<store>>& r, const std::string& secret, const std::string& names) {
    ASSERT_FALSE(r);
    const auto& m = r.message();
    EXPECT_FALSE(m.empty());
    EXPECT_EQ(m.find('\n'), std::string::npos) << m;
    if (!secret.empty()) {
      EXPECT_EQ(m.find(secret), std::string::npos) << m;
    }
    EXPECT_NE(m.find(names), std::string::npos) << m;
  };
  if (GetParam() == backend::sqlite) {
    // The parent "directory" is a regular file: cannot be created, cannot hold a database.
    const auto blocker = fs::temp_directory_path() / ("wavesites-store-blocker-" + random_hex(8));
    std::ofstream(blocker) << "not a directory";
    expect_clean(open_store("sqlite:" + (blocker / "sub" / "db.sqlite").string()), "", blocker.string());
    expect_clean(open_store("sqlite:" + blocker.string()), "", blocker.string());  // not a database
    fs::remove(blocker);
    expect_clean(open_store("sqlite:"), "", "sqlite:");
    return;
  }
  // A wrong password against the real server.
  std::string url = pg_test_url();
  const auto at = url.find('@');
  const auto colon = url.rfind(':', at);
  ASSERT_NE(at, std::string::npos);
  const std::string wrong = "Wr0ngPassw0rdXyz";
  url.replace(colon + 1, at - colon - 1, wrong);
  expect_clean(open_store(url), wrong, "127.0.0.1");
  // A database that does not exist.
  const std::string base = pg_test_url();
  expect_clean(open_store(base.substr(0, base.rfind('/')) + "/no_such_db_" + random_hex(6)), "", "no_such_db_");
}

click_record make_click(const std::string& id) {
  return {id, "2026-11-21T07:08:09.012Z", "enicf", "blast.example", "https://search.example:8443"};
}

std::vector<click_record> all_clicks(store& db, const std::string& after_id = "") {
  std::vector<click_record> out;
  auto r = db.each_click([&](const click_record& c) { out.push_back(c); }, after_id);
  EXPECT_TRUE(r) << r.message();
  return out;
}

std::vector<std::string> ids_of(const auto& records) {
  std::vector<std::string> out;
  for (const auto& r : records) {
    if constexpr (requires { r.meta; })
      out.push_back(r.meta.id);
    else
      out.push_back(r.id);
  }
  return out;
}

TEST_P(store_test, the_migrated_clicks_table_has_exactly_the_field_tables_columns) {
  // This test's own schema: tests running beside it migrate clicks tables of their own.
  const auto rows =
      scratch_->query(GetParam() == backend::sqlite ? "SELECT name FROM pragma_table_info('clicks') ORDER BY cid"
                                                    : "SELECT column_name FROM information_schema.columns "
                                                      "WHERE table_name = 'clicks' AND table_schema = current_schema() "
                                                      "ORDER BY ordinal_position");
  std::string columns;
  for (const auto& row : rows) columns += (columns.empty() ? "" : ", ") + row[0];
  EXPECT_EQ(columns, click_columns());
}

TEST_P(store_test, the_migrated_resumes_table_has_exactly_the_field_tables_columns) {
  const auto rows = scratch_->query(GetParam() == backend::sqlite
                                        ? "SELECT name FROM pragma_table_info('resumes') ORDER BY cid"
                                        : "SELECT column_name FROM information_schema.columns "
                                          "WHERE table_name = 'resumes' AND table_schema = current_schema() "
                                          "ORDER BY ordinal_position");
  std::string columns;
  for (const auto& row : rows) columns += (columns.empty() ? "" : ", ") + row[0];
  EXPECT_EQ(columns, resume_columns());
}

/// Every field of the table its own value, so a field bound or read out of place shows.
resume_record resume_with_every_field_distinct(const std::string& id, std::uint64_t size) {
  resume_record r;
  std::uint64_t n = 0;
  for (const auto& f : resume_fields) {
    ++n;
    if (f.text) r.*f.text = "v" + std::to_string(n) + "-" + std::string(f.key) + "-Zoë";
  }
  r.id = id;
  r.stored_name = random_hex(32) + ".pdf";  // unique in the table
  r.size = size;
  return r;
}

void expect_every_field_equal(const resume_record& got, const resume_record& want) {
  for (const auto& f : resume_fields) {
    if (f.number)
      EXPECT_EQ(got.*f.number, want.*f.number) << f.key;
    else
      EXPECT_EQ(got.*f.text, want.*f.text) << f.key;
  }
}

TEST_P(store_test, resume_round_trip_keeps_every_field_of_the_table) {
  const std::string bytes = "%PDF-1.4 x";
  const auto meta = resume_with_every_field_distinct(test_id(1), bytes.size());
  ASSERT_TRUE(db_->add_resume(meta, reader_over(bytes, 4)));
  const auto listed = all_resumes(*db_);
  ASSERT_EQ(listed.size(), 1u);
  expect_every_field_equal(listed[0].meta, meta);
  auto found = db_->find_resume(test_id(1), nullptr);
  ASSERT_TRUE(found) << found.message();
  ASSERT_TRUE(found->has_value());
  expect_every_field_equal(**found, meta);
}

TEST_P(store_test, a_nul_in_any_text_field_of_a_resume_is_refused) {
  const std::string one = "x";
  std::uint64_t n = 0;
  for (const auto& f : resume_fields) {
    if (!f.text) continue;
    auto meta = resume_with_every_field_distinct(test_id(++n), 1);
    meta.*f.text += std::string("\0tail", 5);
    EXPECT_FALSE(db_->add_resume(meta, reader_over(one, 1))) << f.key;
  }
  EXPECT_EQ(count_resumes(*db_), 0u);
}

TEST_P(store_test, clicks_round_trip_oldest_first) {
  for (const std::uint64_t n : {3, 1, 2}) ASSERT_TRUE(db_->add_click(make_click(test_id(n))));
  auto with_empty_referrer = make_click(test_id(4));
  with_empty_referrer.referrer.clear();
  with_empty_referrer.site = "prefixed";
  ASSERT_TRUE(db_->add_click(with_empty_referrer));
  const auto got = all_clicks(*db_);
  ASSERT_EQ(ids_of(got), (std::vector<std::string>{test_id(1), test_id(2), test_id(3), test_id(4)}));
  const auto want = make_click(test_id(1));
  EXPECT_EQ(got[0].clicked_at, want.clicked_at);
  EXPECT_EQ(got[0].site, want.site);
  EXPECT_EQ(got[0].host, want.host);
  EXPECT_EQ(got[0].referrer, want.referrer);
  EXPECT_EQ(got[3].site, "prefixed");
  EXPECT_EQ(got[3].referrer, "");
  EXPECT_FALSE(db_->add_click(make_click(test_id(1)))) << "a repeated id";
  EXPECT_EQ(all_clicks(*db_).size(), 4u);
}

TEST_P(store_test, each_export_takes_only_ids_after_the_one_given) {
  const std::string abc = "abc";
  for (const std::uint64_t n : {1, 2, 3}) {
    ASSERT_TRUE(db_->add_lead(make_lead(test_id(n))));
    ASSERT_TRUE(db_->add_resume(make_resume_meta(test_id(10 + n), 3), reader_over(abc, 3)));
    ASSERT_TRUE(db_->add_click(make_click(test_id(20 + n))));
  }
  EXPECT_EQ(ids_of(all_leads(*db_, test_id(1))), (std::vector<std::string>{test_id(2), test_id(3)}));
  EXPECT_EQ(ids_of(all_leads(*db_, test_id(3))), std::vector<std::string>{});
  EXPECT_EQ(ids_of(all_resumes(*db_, test_id(12))), std::vector<std::string>{test_id(13)});
  EXPECT_EQ(all_resumes(*db_, test_id(12)).at(0).bytes, abc);
  EXPECT_EQ(ids_of(all_clicks(*db_, test_id(21))), (std::vector<std::string>{test_id(22), test_id(23)}));
  // An id that is no record's own still splits by order: ULIDs sort by their time.
  EXPECT_EQ(ids_of(all_clicks(*db_, test_id(21) + "0")), (std::vector<std::string>{test_id(22), test_id(23)}));
  EXPECT_EQ(all_leads(*db_, "").size(), 3u);
}

TEST_P(store_test, backup_copies_a_store_in_use_or_names_pg_dump) {
  const std::string bytes = random_bytes(600 * 1024, 7);
  ASSERT_TRUE(db_->add_lead(make_lead(test_id(1))));
  ASSERT_TRUE(db_->add_resume(make_resume_meta(test_id(2), bytes.size()), reader_over(bytes, 100000)));
  ASSERT_TRUE(db_->add_click(make_click(test_id(3))));
  const auto dir = fs::temp_directory_path() / ("wavesites-backup-test-" + random_hex(12));
  fs::create_directories(dir);
  const auto target = dir / "copy.db";
  if (GetParam() == backend::postgresql) {
    const auto r = db_->backup(target.string());
    ASSERT_FALSE(r);
    EXPECT_NE(r.message().find("pg_dump"), std::string::npos) << r.message();
    EXPECT_FALSE(fs::exists(target));
    fs::remove_all(dir);
    return;
  }
  // Leads keep arriving while the copy is taken.
  std::atomic<bool> stop{false};
  std::thread writer([&] {
    for (std::uint64_t n = 100; !stop; ++n) ASSERT_TRUE(db_->add_lead(make_lead(test_id(n))));
  });
  const auto r = db_->backup(target.string());
  stop = true;
  writer.join();
  ASSERT_TRUE(r) << r.message();
  EXPECT_EQ(std::vector<fs::path>(fs::directory_iterator(dir), {}), std::vector<fs::path>{target})
      << "no temporary left";
  {
    auto copy = open_store("sqlite:" + target.string(), open_mode::as_is);
    ASSERT_TRUE(copy) << copy.message();
    const auto leads = all_leads(**copy);
    ASSERT_FALSE(leads.empty());
    expect_same_lead(leads.at(0), make_lead(test_id(1)));
    // A prefix of what the live store holds: one snapshot, every lead up to it.
    const auto live = ids_of(all_leads(*db_));
    const auto copied = ids_of(leads);
    EXPECT_TRUE(std::equal(copied.begin(), copied.end(), live.begin()));
    EXPECT_EQ(all_resumes(**copy).at(0).bytes, bytes);
    EXPECT_EQ(ids_of(all_clicks(**copy)), std::vector<std::string>{test_id(3)});
  }
  const auto again = db_->backup(target.string());
  ASSERT_FALSE(again);
  EXPECT_NE(again.message().find("exists"), std::string::npos) << again.message();
  fs::remove_all(dir);
}

TEST_P(store_test, inspect_reads_the_schema_version_and_changes_nothing) {
  auto migrated = inspect_store(scratch_->url());
  ASSERT_TRUE(migrated) << migrated.message();
  EXPECT_EQ(migrated->kind, GetParam() == backend::sqlite ? "sqlite" : "postgresql");
  EXPECT_EQ(migrated->schema_version, all_migrations().back().version);
  EXPECT_EQ(migrated->pending, 0u);

  std::string skip;
  auto fresh = scratch_database::create(GetParam(), skip);
  ASSERT_TRUE(fresh);
  if (GetParam() == backend::sqlite) {
    const auto missing = inspect_store(fresh->url());
    ASSERT_FALSE(missing);
    EXPECT_NE(missing.message().find("no SQLite database"), std::string::npos) << missing.message();
    EXPECT_FALSE(fs::exists(fresh->sqlite_path())) << "check must not create the database";
    fs::create_directories(fresh->sqlite_path().parent_path());
    sqlite3* raw = nullptr;
    ASSERT_EQ(sqlite3_open(fresh->sqlite_path().c_str(), &raw), SQLITE_OK);
    sqlite3_close(raw);
  }
  auto empty = inspect_store(fresh->url());
  ASSERT_TRUE(empty) << empty.message();
  EXPECT_EQ(empty->schema_version, 0);
  EXPECT_EQ(empty->pending, all_migrations().size());
  const auto tables = fresh->query(GetParam() == backend::sqlite
                                       ? "SELECT name FROM sqlite_schema WHERE type = 'table'"
                                       : "SELECT table_name FROM information_schema.tables WHERE table_schema = '" +
                                             fresh->schema() + "'");
  EXPECT_TRUE(tables.empty()) << "inspecting must not migrate";
}

TEST(store_status_test, pending_counts_the_migrations_not_applied) {
  const auto none = schema_status("sqlite", "x", {});
  EXPECT_EQ(none.schema_version, 0);
  EXPECT_EQ(none.pending, all_migrations().size());
  const auto first = schema_status("sqlite", "x", {1});
  EXPECT_EQ(first.schema_version, 1);
  EXPECT_EQ(first.pending, all_migrations().size() - 1);
  EXPECT_EQ(first.kind, "sqlite");
}

std::string backend_name(const ::testing::TestParamInfo<backend>& param) {
  return param.param == backend::sqlite ? "sqlite" : "postgresql";
}

// The outbox: rows written with their record, claimed by one caller at a time, finished.

constexpr std::int64_t t0 = 1'800'000'000'000;

notification make_note(const std::string& id, const std::string& subject, std::string_view channel = "webhook") {
  notification n;
  n.id = id;
  n.event = "lead.created";
  n.subject_id = subject;
  n.site = "waveads";
  n.channel = std::string(channel);
  n.created_at = "2027-01-15T08:00:00.000Z";
  n.created_ms = t0;
  return n;
}

TEST_P(store_test, a_lead_and_its_notifications_commit_together) {
  const std::vector<notification> notes{make_note("N1", test_id(1)), make_note("N2", test_id(1), "email")};
  ASSERT_TRUE(db_->add_lead(make_lead(test_id(1)), notes));
  auto counts = db_->count_notifications();
  ASSERT_TRUE(counts) << counts.message();
  EXPECT_EQ(counts->pending, 2u);
  EXPECT_EQ(counts->failed, 0u);
  EXPECT_EQ(counts->oldest_pending_ms, t0);

  // A notification that cannot be stored (its id is taken) takes its lead with it.
  const std::vector<notification> clash{make_note("N3", test_id(2)), make_note("N1", test_id(2))};
  EXPECT_FALSE(db_->add_lead(make_lead(test_id(2)), clash));
  EXPECT_EQ(count_leads(*db_), 1u);
  EXPECT_EQ(db_->count_notifications()->pending, 2u);
  // And the store goes on working.
  ASSERT_TRUE(db_->add_lead(make_lead(test_id(3)), std::vector<notification>{make_note("N4", test_id(3))}));
  EXPECT_EQ(db_->count_notifications()->pending, 3u);
}

TEST_P(store_test, a_resume_and_its_notification_commit_together) {
  const std::string bytes = random_bytes(1000, 3);
  auto meta = make_resume_meta(test_id(1), bytes.size());
  auto note = make_note("R1", test_id(1), "email");
  note.event = "resume.received";
  ASSERT_TRUE(db_->add_resume(meta, reader_over(bytes, 300), std::vector<notification>{note}));
  EXPECT_EQ(db_->count_notifications()->pending, 1u);
  auto claimed = db_->claim_notifications("email", 10, t0, 60'000);
  ASSERT_TRUE(claimed) << claimed.message();
  ASSERT_EQ(claimed->size(), 1u);
  EXPECT_EQ((*claimed)[0].event, "resume.received");
  EXPECT_EQ((*claimed)[0].subject_id, test_id(1));
}

TEST_P(store_test, a_claim_is_exclusive_until_it_is_finished_or_runs_out) {
  ASSERT_TRUE(db_->add_lead(make_lead(test_id(1)), std::vector<notification>{make_note("N1", test_id(1))}));
  auto first = db_->claim_notifications("webhook", 10, t0, 1000);
  ASSERT_TRUE(first) << first.message();
  ASSERT_EQ(first->size(), 1u);
  const auto& n = (*first)[0];
  EXPECT_EQ(n.id, "N1");
  EXPECT_EQ(n.attempts, 1);
  EXPECT_EQ(n.site, "waveads");
  EXPECT_EQ(n.created_at, "2027-01-15T08:00:00.000Z");
  EXPECT_EQ(n.created_ms, t0);
  EXPECT_TRUE(db_->claim_notifications("webhook", 10, t0 + 999, 1000)->empty()) << "still claimed";
  EXPECT_TRUE(db_->claim_notifications("email", 10, t0 + 5000, 1000)->empty()) << "another channel";

  // The claimer died: once the lease is over, it is claimed again, one attempt more.
  auto again = db_->claim_notifications("webhook", 10, t0 + 1000, 1000);
  ASSERT_EQ(again->size(), 1u);
  EXPECT_EQ((*again)[0].attempts, 2);

  ASSERT_TRUE(db_->finish_notification("N1", {delivery_outcome::kind::delivered, 0, {}}));
  EXPECT_TRUE(db_->claim_notifications("webhook", 10, t0 + 100'000, 1000)->empty()) << "delivered";
  EXPECT_EQ(db_->count_notifications()->pending, 0u);
}

TEST_P(store_test, a_retry_waits_for_its_time_and_a_failure_stays_visible) {
  ASSERT_TRUE(db_->add_lead(make_lead(test_id(1)), std::vector<notification>{make_note("N1", test_id(1))}));
  ASSERT_EQ(db_->claim_notifications("webhook", 10, t0, 60'000)->size(), 1u);
  ASSERT_TRUE(db_->finish_notification("N1", {delivery_outcome::kind::retry, t0 + 5000, "receiver answered 503"}));
  EXPECT_TRUE(db_->claim_notifications("webhook", 10, t0 + 4999, 60'000)->empty()) << "not due yet";
  ASSERT_EQ(db_->claim_notifications("webhook", 10, t0 + 5000, 60'000)->size(), 1u) << "due: the claim ended";
  ASSERT_TRUE(db_->finish_notification("N1", {delivery_outcome::kind::failed, 0, "gave up"}));
  const auto counts = db_->count_notifications();
  EXPECT_EQ(counts->pending, 0u);
  EXPECT_EQ(counts->failed, 1u);
  EXPECT_TRUE(db_->claim_notifications("webhook", 10, t0 + 999'999'999, 60'000)->empty());
  EXPECT_EQ(scratch_->query("SELECT state, last_error, attempts FROM outbox WHERE id = 'N1'")[0],
            (std::vector<std::string>{"failed", "gave up", "2"}));
}

TEST_P(store_test, hurrying_a_channel_makes_its_waiting_rows_due_and_release_ends_claims) {
  for (int i = 1; i <= 3; ++i) {
    ASSERT_TRUE(db_->add_lead(make_lead(test_id(i)),
                              std::vector<notification>{make_note("N" + std::to_string(i), test_id(i))}));
  }
  ASSERT_EQ(db_->claim_notifications("webhook", 2, t0, 60'000)->size(), 2u) << "at most max";
  for (const auto* id : {"N1", "N2"}) {
    ASSERT_TRUE(db_->finish_notification(id, {delivery_outcome::kind::retry, t0 + 3'600'000, "down"}));
  }
  auto hurried = db_->hurry_notifications("webhook", t0 + 10);
  ASSERT_TRUE(hurried) << hurried.message();
  EXPECT_EQ(*hurried, 2u);
  EXPECT_EQ(db_->claim_notifications("webhook", 10, t0 + 10, 60'000)->size(), 3u);
  EXPECT_TRUE(db_->claim_notifications("webhook", 10, t0 + 20, 60'000)->empty());
  auto released = db_->release_notification_claims();
  ASSERT_TRUE(released) << released.message();
  EXPECT_EQ(*released, 3u);
  EXPECT_EQ(db_->claim_notifications("webhook", 10, t0 + 20, 60'000)->size(), 3u);
}

TEST_P(store_test, concurrent_claimers_never_get_the_same_row) {
  constexpr int rows = 120;
  for (int i = 0; i < rows; ++i) {
    ASSERT_TRUE(db_->add_lead(make_lead(test_id(i)),
                              std::vector<notification>{make_note("N" + std::to_string(1000 + i), test_id(i))}));
  }
  std::mutex m;
  std::vector<std::string> seen;
  std::vector<std::thread> threads;
  for (int t = 0; t < 4; ++t) {
    threads.emplace_back([&] {
      for (;;) {
        auto got = db_->claim_notifications("webhook", 5, t0, 600'000);
        if (!got || got->empty()) return;
        std::lock_guard lk(m);
        for (const auto& n : *got) seen.push_back(n.id);
      }
    });
  }
  for (auto& t : threads) t.join();
  std::sort(seen.begin(), seen.end());
  EXPECT_EQ(seen.size(), static_cast<std::size_t>(rows));
  EXPECT_EQ(std::adjacent_find(seen.begin(), seen.end()), seen.end()) << "a row was claimed twice";
}

TEST_P(store_test, a_claim_is_extended_only_while_its_holder_still_has_it) {
  for (int i = 1; i <= 2; ++i) {
    ASSERT_TRUE(db_->add_lead(make_lead(test_id(i)),
                              std::vector<notification>{make_note("N" + std::to_string(i), test_id(i))}));
  }
  ASSERT_EQ(db_->claim_notifications("webhook", 10, t0, 1000)->size(), 2u);
  const std::vector<std::string> ids{"N1", "N2"};
  auto extended = db_->extend_notification_claims(ids, t0 + 1000, t0 + 5000);
  ASSERT_TRUE(extended) << extended.message();
  EXPECT_EQ(*extended, 2u);
  EXPECT_TRUE(db_->claim_notifications("webhook", 10, t0 + 2000, 1000)->empty()) << "held past the first lease";
  EXPECT_EQ(*db_->extend_notification_claims(ids, t0 + 1000, t0 + 9000), 0u) << "the claim no longer ends there";

  // The holder stalled past its lease and another claimer took the rows over: the stale holder
  // cannot extend them any more, the new one can.
  auto taken = db_->claim_notifications("webhook", 10, t0 + 5000, 1000);
  ASSERT_EQ(taken->size(), 2u);
  EXPECT_EQ(*db_->extend_notification_claims(ids, t0 + 5000, t0 + 20'000), 0u);
  EXPECT_EQ(*db_->extend_notification_claims(std::vector<std::string>{"N2"}, t0 + 6000, t0 + 20'000), 1u);
  EXPECT_EQ(db_->claim_notifications("webhook", 10, t0 + 6000, 1000)->size(), 1u) << "N1 ran out, N2 is held";
  EXPECT_EQ(*db_->extend_notification_claims({}, t0, t0), 0u);
}

TEST_P(store_test, find_lead_and_find_resume_read_one_record) {
  ASSERT_TRUE(db_->add_lead(make_lead(test_id(1))));
  auto found = db_->find_lead(test_id(1));
  ASSERT_TRUE(found) << found.message();
  ASSERT_TRUE(found->has_value());
  expect_same_lead(**found, make_lead(test_id(1)));
  EXPECT_FALSE(db_->find_lead(test_id(2))->has_value());

  const std::string bytes = random_bytes(3 * resume_chunk_bytes + 17, 9);
  const auto meta = make_resume_meta(test_id(5), bytes.size());
  ASSERT_TRUE(db_->add_resume(meta, reader_over(bytes, resume_chunk_bytes)));
  std::string back;
  auto resume = db_->find_resume(test_id(5), [&](std::string_view chunk) { back.append(chunk); });
  ASSERT_TRUE(resume) << resume.message();
  ASSERT_TRUE(resume->has_value());
  EXPECT_EQ((*resume)->original_name, meta.original_name);
  EXPECT_EQ((*resume)->size, bytes.size());
  EXPECT_EQ(back, bytes);
  EXPECT_TRUE(db_->find_resume(test_id(5), nullptr)->has_value()) << "metadata alone";
  EXPECT_FALSE(db_->find_resume(test_id(6), nullptr)->has_value());
}

// --- Erasure ------------------------------------------------------------------------------------

std::vector<std::string> erased_ids(const erasure& e) {
  std::vector<std::string> out;
  for (const auto& r : e.records) out.push_back(r.id);
  return out;
}

std::string count_of(scratch_database& db, const std::string& sql) {
  return db.query(sql).at(0).at(0);
}

TEST_P(store_test, erasing_by_address_takes_every_lead_of_it_in_any_case_with_all_its_notifications) {
  auto a = make_lead(test_id(1));
  a.business_email = "Mei.Tanaka@Studio.example";
  auto b = make_lead(test_id(2));
  b.business_email = "mei.tanaka@studio.EXAMPLE";
  auto other = make_lead(test_id(3));
  other.business_email = "someone.else@studio.example";
  ASSERT_TRUE(db_->add_lead(a, std::vector<notification>{make_note("N1", a.id), make_note("N2", a.id, "email")}));
  ASSERT_TRUE(db_->add_lead(b, std::vector<notification>{make_note("N3", b.id)}));
  ASSERT_TRUE(db_->add_lead(other, std::vector<notification>{make_note("N4", other.id)}));
  // One of them failed long ago: a failed row is a trace of the lead too.
  ASSERT_EQ(db_->claim_notifications("email", 10, t0, 60'000)->size(), 1u);
  ASSERT_TRUE(db_->finish_notification("N2", {delivery_outcome::kind::failed, 0, "gave up"}));

  const erase_selector mei{erase_selector::by::email, "MEI.tanaka@studio.example"};
  auto would = db_->erase_leads(mei, true);
  ASSERT_TRUE(would) << would.message();
  EXPECT_EQ(erased_ids(*would), (std::vector<std::string>{a.id, b.id}));
  EXPECT_EQ(would->records[0].received_at, a.received_at);
  EXPECT_EQ(would->notifications, 3u);
  EXPECT_EQ(count_leads(*db_), 3u) << "a dry run changes nothing";
  EXPECT_EQ(count_of(*scratch_, "SELECT count(*) FROM outbox"), "4");

  auto gone = db_->erase_leads(mei, false);
  ASSERT_TRUE(gone) << gone.message();
  EXPECT_EQ(erased_ids(*gone), (std::vector<std::string>{a.id, b.id}));
  EXPECT_EQ(gone->notifications, 3u);
  EXPECT_EQ(ids_of(all_leads(*db_)), std::vector<std::string>{other.id});
  EXPECT_EQ(scratch_->query("SELECT id, subject_id FROM outbox"),
            (std::vector<std::vector<std::string>>{{"N4", other.id}}));
  EXPECT_FALSE(db_->find_lead(a.id)->has_value());

  auto again = db_->erase_leads(mei, false);
  ASSERT_TRUE(again) << again.message();
  EXPECT_TRUE(again->records.empty());
  EXPECT_EQ(again->notifications, 0u);
}

TEST_P(store_test, erasing_a_lead_by_id_takes_it_alone) {
  ASSERT_TRUE(db_->add_lead(make_lead(test_id(1)), std::vector<notification>{make_note("N1", test_id(1))}));
  ASSERT_TRUE(db_->add_lead(make_lead(test_id(2)), std::vector<notification>{make_note("N2", test_id(2))}));
  auto gone = db_->erase_leads({erase_selector::by::id, test_id(1)}, false);
  ASSERT_TRUE(gone) << gone.message();
  EXPECT_EQ(erased_ids(*gone), std::vector<std::string>{test_id(1)});
  EXPECT_EQ(gone->notifications, 1u);
  EXPECT_EQ(ids_of(all_leads(*db_)), std::vector<std::string>{test_id(2)});
  EXPECT_EQ(db_->count_notifications()->pending, 1u);
  auto none = db_->erase_leads({erase_selector::by::id, test_id(9)}, false);
  ASSERT_TRUE(none) << none.message();
  EXPECT_TRUE(none->records.empty());
}

TEST_P(store_test, erasing_a_resume_takes_its_metadata_every_chunk_and_its_notifications) {
  const std::string bytes = random_bytes(3 * resume_chunk_bytes + 5, 11);
  const std::string kept_bytes = random_bytes(1000, 12);
  auto note = make_note("R1", test_id(1), "email");
  note.event = "resume.received";
  ASSERT_TRUE(db_->add_resume(make_resume_meta(test_id(1), bytes.size()), reader_over(bytes, 70000),
                              std::vector<notification>{note}));
  ASSERT_TRUE(db_->add_resume(make_resume_meta(test_id(2), kept_bytes.size()), reader_over(kept_bytes, 1000)));
  EXPECT_EQ(count_of(*scratch_, "SELECT count(*) FROM resume_chunks"), "5");

  auto would = db_->erase_resumes({erase_selector::by::id, test_id(1)}, true);
  ASSERT_TRUE(would) << would.message();
  ASSERT_EQ(would->records.size(), 1u);
  EXPECT_EQ(would->records[0].bytes, bytes.size());
  EXPECT_EQ(would->notifications, 1u);
  EXPECT_EQ(count_of(*scratch_, "SELECT count(*) FROM resume_chunks"), "5");

  auto gone = db_->erase_resumes({erase_selector::by::id, test_id(1)}, false);
  ASSERT_TRUE(gone) << gone.message();
  EXPECT_EQ(erased_ids(*gone), std::vector<std::string>{test_id(1)});
  EXPECT_EQ(gone->notifications, 1u);
  EXPECT_EQ(count_of(*scratch_, "SELECT count(*) FROM resume_chunks WHERE resume_id = '" + test_id(1) + "'"), "0");
  EXPECT_EQ(count_of(*scratch_, "SELECT count(*) FROM outbox"), "0");
  EXPECT_FALSE(db_->find_resume(test_id(1), nullptr)->has_value());
  const auto left = all_resumes(*db_);
  ASSERT_EQ(left.size(), 1u);
  EXPECT_EQ(left[0].bytes, kept_bytes);
  // A resume holds no address to be found by.
  EXPECT_FALSE(db_->erase_resumes({erase_selector::by::email, "a@b.example"}, false));
}

TEST_P(store_test, erasing_by_age_takes_only_what_was_received_before_the_time) {
  // Records whose time lies in the past, as retention finds them after a while.
  const auto lead_at = [](std::uint64_t n, const char* at) {
    auto l = make_lead(test_id(n));
    l.received_at = at;
    return l;
  };
  ASSERT_TRUE(
      db_->add_lead(lead_at(1, "2025-01-01T00:00:00.000Z"), std::vector<notification>{make_note("N1", test_id(1))}));
  ASSERT_TRUE(db_->add_lead(lead_at(2, "2026-10-31T23:59:59.999Z")));
  ASSERT_TRUE(db_->add_lead(lead_at(3, "2026-11-01T00:00:00.000Z")));
  ASSERT_TRUE(db_->add_lead(lead_at(4, "2027-03-01T12:00:00.000Z")));
  const std::string old_bytes = random_bytes(resume_chunk_bytes + 1, 5);
  auto old_resume = make_resume_meta(test_id(5), old_bytes.size());
  old_resume.received_at = "2026-01-01T00:00:00.000Z";
  ASSERT_TRUE(db_->add_resume(old_resume, reader_over(old_bytes, 4096)));
  auto new_resume = make_resume_meta(test_id(6), 10);
  new_resume.received_at = "2026-11-02T00:00:00.000Z";
  ASSERT_TRUE(db_->add_resume(new_resume, reader_over(std::string(10, 'x'), 10)));

  const erase_selector cutoff{erase_selector::by::received_before, "2026-11-01T00:00:00.000Z"};
  auto leads = db_->erase_leads(cutoff, false);
  ASSERT_TRUE(leads) << leads.message();
  EXPECT_EQ(erased_ids(*leads), (std::vector<std::string>{test_id(1), test_id(2)}));
  EXPECT_EQ(leads->notifications, 1u);
  EXPECT_EQ(ids_of(all_leads(*db_)), (std::vector<std::string>{test_id(3), test_id(4)}));
  auto resumes = db_->erase_resumes(cutoff, false);
  ASSERT_TRUE(resumes) << resumes.message();
  EXPECT_EQ(erased_ids(*resumes), std::vector<std::string>{test_id(5)});
  EXPECT_EQ(count_of(*scratch_, "SELECT count(*) FROM resume_chunks"), "1");
  auto r = db_->purge_deleted();
  EXPECT_TRUE(r) << r.message();
}

TEST_P(store_test, a_notification_claimed_before_its_lead_was_erased_leaves_no_row_when_it_finishes) {
  ASSERT_TRUE(db_->add_lead(make_lead(test_id(1)), std::vector<notification>{make_note("N1", test_id(1))}));
  ASSERT_TRUE(db_->add_lead(make_lead(test_id(2)), std::vector<notification>{make_note("N2", test_id(2))}));
  ASSERT_EQ(db_->claim_notifications("webhook", 10, t0, 60'000)->size(), 2u);
  ASSERT_TRUE(db_->erase_leads({erase_selector::by::id, test_id(1)}, false));
  ASSERT_TRUE(db_->erase_leads({erase_selector::by::id, test_id(2)}, false));
  // The delivery threads record what became of their attempts: "gone", and a send that was
  // already under way. Neither brings a row back.
  ASSERT_TRUE(db_->finish_notification("N1", {delivery_outcome::kind::failed, 0, "the lead is no longer stored"}));
  ASSERT_TRUE(db_->finish_notification("N2", {delivery_outcome::kind::delivered, 0, {}}));
  EXPECT_EQ(count_of(*scratch_, "SELECT count(*) FROM outbox"), "0");
  const auto counts = db_->count_notifications();
  EXPECT_EQ(counts->pending, 0u);
  EXPECT_EQ(counts->failed, 0u);
}

/// Every byte of every file in `dir` (the SQLite file, its -wal and -shm).
std::string every_file_in(const fs::path& dir) {
  std::string all;
  for (const auto& entry : fs::directory_iterator(dir)) {
    std::ifstream in(entry.path(), std::ios::binary);
    all.append(std::istreambuf_iterator<char>(in), {});
  }
  return all;
}

TEST_P(store_test, on_sqlite_erased_bytes_are_in_no_file_of_the_store) {
  if (GetParam() != backend::sqlite) {
    EXPECT_TRUE(db_->purge_deleted()) << "PostgreSQL: nothing to do";
    return;
  }
  // Enough leads, arriving out of order, that b-tree pages split and rebalance as they would in
  // use: rebalancing is what leaves stale copies in unused space that secure_delete alone misses.
  std::vector<std::uint64_t> order(1500);
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::shuffle(order.begin(), order.end(), std::mt19937_64(7));
  const auto email_of = [](std::uint64_t n) { return "person" + std::to_string(100000 + n) + "@erase.example"; };
  for (const auto n : order) {
    auto l = make_lead(test_id(n));
    l.business_email = email_of(n);
    l.first_name = "Given" + std::to_string(100000 + n);
    l.remark = std::string(n % 40 * 10, 'r') + "message" + std::to_string(100000 + n);
    ASSERT_TRUE(db_->add_lead(l, std::vector<notification>{make_note("N" + std::to_string(n), l.id)}));
  }
  // A resume whose text would be recognised anywhere, and one that stays.
  std::string erased_text;
  for (int i = 0; erased_text.size() < 2 * resume_chunk_bytes + 999; ++i) {
    erased_text += "curriculum vitae of Erased Person, line " + std::to_string(i) + "\n";
  }
  ASSERT_TRUE(db_->add_resume(make_resume_meta(test_id(5000), erased_text.size()), reader_over(erased_text, 65536)));
  const std::string kept_text = "the resume that stays\n";
  ASSERT_TRUE(db_->add_resume(make_resume_meta(test_id(5001), kept_text.size()), reader_over(kept_text, 100)));
  // Another process (a running server) has the same file open.
  auto server = open_store(scratch_->url());
  ASSERT_TRUE(server) << server.message();
  EXPECT_EQ(count_leads(**server), order.size());

  std::vector<std::uint64_t> erased;
  for (std::uint64_t n = 0; n < order.size(); n += 7) {
    ASSERT_TRUE(db_->erase_leads({erase_selector::by::email, email_of(n)}, false));
    erased.push_back(n);
  }
  for (std::uint64_t n = 3; n < order.size(); n += 11) {
    if (n % 7 == 0) continue;
    ASSERT_TRUE(db_->erase_leads({erase_selector::by::id, test_id(n)}, false));
    erased.push_back(n);
  }
  ASSERT_TRUE(db_->erase_resumes({erase_selector::by::id, test_id(5000)}, false));
  auto purged = db_->purge_deleted();
  ASSERT_TRUE(purged) << purged.message();

  const auto files = every_file_in(scratch_->sqlite_path().parent_path());
  for (const auto n : erased) {
    ASSERT_EQ(files.find(email_of(n)), std::string::npos) << email_of(n);
    ASSERT_EQ(files.find("Given" + std::to_string(100000 + n)), std::string::npos) << n;
    ASSERT_EQ(files.find("message" + std::to_string(100000 + n)), std::string::npos) << n;
  }
  EXPECT_EQ(files.find("Erased Person"), std::string::npos);
  // What stays is still there, in the same files: the search can see them.
  EXPECT_NE(files.find(email_of(1)), std::string::npos);
  EXPECT_NE(files.find(kept_text), std::string::npos);
  EXPECT_EQ(fs::file_size(scratch_->sqlite_path().string() + "-wal"), 0u) << "the WAL is emptied";
  EXPECT_EQ(count_leads(**server), order.size() - erased.size()) << "the other process reads on";
  // Both go on writing after the rewrite (their prepared statements see the new schema cookie).
  ASSERT_TRUE(db_->add_lead(make_lead(test_id(9998)), std::vector<notification>{make_note("N9998", test_id(9998))}));
  ASSERT_TRUE((*server)->add_lead(make_lead(test_id(9999))));
  EXPECT_EQ(count_leads(*db_), order.size() - erased.size() + 2);
}

INSTANTIATE_TEST_SUITE_P(both, store_test, ::testing::Values(backend::sqlite, backend::postgresql), backend_name);

// --- Token buckets shared through PostgreSQL (migration 004) ---------------------------------------

/// A PostgreSQL store on a schema of its own; skipped without WAVESITES_TEST_PG_URL.
class shared_buckets_test : public ::testing::Test {
 protected:
  void SetUp() override {
    std::string skip;
    scratch_ = scratch_database::create(backend::postgresql, skip);
    if (!scratch_) GTEST_SKIP() << skip;
    db_ = open_second();
  }
  void TearDown() override {
    db_.reset();
    scratch_.reset();
  }
  /// Another store on the same database: what a second server sees.
  std::unique_ptr<store> open_second() {
    auto opened = open_store(scratch_->url());
    if (!opened) throw std::runtime_error(opened.message());
    return std::move(opened).value();
  }
  /// Moves every bucket's last take `seconds` into the past, as if that much time had gone by.
  void age_buckets(int seconds, const std::string& where = "true") {
    scratch_->query("UPDATE rate_buckets SET updated_at = updated_at - interval '" + std::to_string(seconds) +
                    " seconds' WHERE " + where + " RETURNING 1");
  }
  token_wait take(store& db, std::string_view key, std::uint32_t per_hour, std::string_view limit = "lead") {
    auto r = db.take_token(limit, key, per_hour);
    if (!r) throw std::runtime_error(r.message());
    return *r;
  }

  std::unique_ptr<scratch_database> scratch_;
  std::unique_ptr<store> db_;
};

TEST_F(shared_buckets_test, a_bucket_gives_per_hour_at_once_then_says_when_the_next_token_comes) {
  for (int i = 0; i < 3; ++i) EXPECT_EQ(take(*db_, "198.51.100.1", 3), std::nullopt) << i;
  const auto wait = take(*db_, "198.51.100.1", 3);
  ASSERT_TRUE(wait);
  // One token every 1200 s, and the bucket is empty: the same Retry-After as in memory.
  EXPECT_GE(wait->count(), 1199);
  EXPECT_LE(wait->count(), 1200);
  EXPECT_EQ(take(*db_, "198.51.100.2", 3), std::nullopt) << "another address has its own bucket";
  EXPECT_EQ(take(*db_, "198.51.100.1", 3, "upload"), std::nullopt) << "uploads have their own";
  EXPECT_TRUE(take(*db_, "198.51.100.1", 3)) << "a refusal takes nothing, and gives nothing back";
}

TEST_F(shared_buckets_test, the_bucket_refills_evenly_by_the_databases_clock) {
  for (int i = 0; i < 3; ++i) ASSERT_EQ(take(*db_, "198.51.100.1", 3), std::nullopt);
  ASSERT_TRUE(take(*db_, "198.51.100.1", 3));
  age_buckets(1201);  // a third of an hour and a second: one token back
  EXPECT_EQ(take(*db_, "198.51.100.1", 3), std::nullopt);
  const auto wait = take(*db_, "198.51.100.1", 3);
  ASSERT_TRUE(wait);
  EXPECT_GE(wait->count(), 1198);
  age_buckets(24 * 3600);  // a day: full, never fuller than per_hour
  for (int i = 0; i < 3; ++i) EXPECT_EQ(take(*db_, "198.51.100.1", 3), std::nullopt) << i;
  EXPECT_TRUE(take(*db_, "198.51.100.1", 3));
}

TEST_F(shared_buckets_test, a_new_rate_applies_at_the_next_take) {
  ASSERT_EQ(take(*db_, "198.51.100.1", 5), std::nullopt);
  ASSERT_EQ(take(*db_, "198.51.100.1", 5), std::nullopt);
  // A reload lowers the rate: the three tokens left are cut to the new size.
  EXPECT_EQ(take(*db_, "198.51.100.1", 1), std::nullopt);
  const auto slow = take(*db_, "198.51.100.1", 1);
  ASSERT_TRUE(slow);
  EXPECT_GE(slow->count(), 3599);
  // Raising it adds no tokens at once, only a faster refill: one every 36 s.
  const auto fast = take(*db_, "198.51.100.1", 100);
  ASSERT_TRUE(fast);
  EXPECT_LE(fast->count(), 36);
}

TEST_F(shared_buckets_test, concurrent_takes_from_two_servers_never_get_more_than_the_bucket_holds) {
  // Two stores on one database are two servers; each has its own connection pool, and their
  // threads take from one address at once.
  auto second = open_second();
  constexpr std::uint32_t per_hour = 60;
  constexpr int threads_per_server = 8;
  constexpr int takes_per_thread = 25;
  std::atomic<int> taken{0};
  std::atomic<int> refused{0};
  std::atomic<int> failed{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < 2 * threads_per_server; ++t) {
    store& db = t % 2 == 0 ? *db_ : *second;
    threads.emplace_back([&db, &taken, &refused, &failed] {
      for (int i = 0; i < takes_per_thread; ++i) {
        auto r = db.take_token("lead", "203.0.113.9", per_hour);
        if (!r)
          ++failed;
        else if (*r)
          ++refused;
        else
          ++taken;
      }
    });
  }
  for (auto& t : threads) t.join();
  EXPECT_EQ(failed.load(), 0);
  // The refill adds one token a minute; the takes are over in seconds.
  EXPECT_EQ(taken.load(), static_cast<int>(per_hour)) << "exactly the bucket, however the takes interleave";
  EXPECT_EQ(taken.load() + refused.load(), 2 * threads_per_server * takes_per_thread);
  EXPECT_EQ(scratch_->query("SELECT count(*) FROM rate_buckets")[0][0], "1");
}

TEST_F(shared_buckets_test, forgetting_deletes_only_buckets_untouched_for_an_hour_and_at_most_max) {
  for (int i = 1; i <= 5; ++i) ASSERT_EQ(take(*db_, "192.0.2." + std::to_string(i), 10), std::nullopt);
  age_buckets(3601, "address IN ('192.0.2.1', '192.0.2.2', '192.0.2.3')");
  auto first = db_->forget_full_buckets(2);
  ASSERT_TRUE(first) << first.message();
  EXPECT_EQ(*first, 2u);
  EXPECT_EQ(*db_->forget_full_buckets(10), 1u);
  EXPECT_EQ(*db_->forget_full_buckets(10), 0u);
  const auto left = scratch_->query("SELECT address FROM rate_buckets ORDER BY address");
  ASSERT_EQ(left.size(), 2u);
  EXPECT_EQ(left[0][0], "192.0.2.4");
  EXPECT_EQ(left[1][0], "192.0.2.5");
  // A forgotten bucket was full: it starts full again.
  for (int i = 0; i < 10; ++i) EXPECT_EQ(take(*db_, "192.0.2.1", 10), std::nullopt);
  EXPECT_TRUE(take(*db_, "192.0.2.1", 10));
}

TEST_F(shared_buckets_test, the_bucket_table_is_unlogged_on_postgresql) {
  // Unlogged: a take writes no WAL and waits for no disk.
  EXPECT_EQ(scratch_->query("SELECT relpersistence FROM pg_class WHERE oid = 'rate_buckets'::regclass")[0][0], "u");
}

TEST(sqlite_buckets_test, sqlite_keeps_no_shared_buckets) {
  std::string skip;
  auto scratch = scratch_database::create(backend::sqlite, skip);
  auto db = open_store(scratch->url());
  ASSERT_TRUE(db) << db.message();
  EXPECT_FALSE((*db)->take_token("lead", "192.0.2.1", 5)) << "its server keeps the buckets in memory";
  EXPECT_FALSE((*db)->forget_full_buckets(5));
}

// --- Cases that need no database server --------------------------------------------------------

TEST(open_store_test, an_unknown_scheme_is_a_one_line_error_without_the_password) {
  auto r = open_store("mysql://admin:Sup3rS3cret@db.example:3306/leads");
  ASSERT_FALSE(r);
  EXPECT_EQ(r.message().find("Sup3rS3cret"), std::string::npos) << r.message();
  EXPECT_NE(r.message().find("mysql://admin:***@db.example:3306/leads"), std::string::npos) << r.message();
  EXPECT_FALSE(open_store(""));
  EXPECT_FALSE(open_store("leads.db"));
}

TEST(open_store_test, an_unreachable_postgres_is_a_one_line_error_without_the_password) {
  // Port 1 on loopback: nothing listens there, so the refusal is immediate.
  for (const std::string url : {"postgresql://wavesites:Sup3rS3cret@127.0.0.1:1/leads",
                                "postgres://wavesites:Sup3rS3cret@127.0.0.1:1/leads?connect_timeout=2"}) {
    auto r = open_store(url);
    ASSERT_FALSE(r);
    const auto& m = r.message();
    EXPECT_EQ(m.find('\n'), std::string::npos) << m;
    EXPECT_EQ(m.find("Sup3rS3cret"), std::string::npos) << m;
    EXPECT_NE(m.find("127.0.0.1"), std::string::npos) << m;
    EXPECT_NE(m.find("***"), std::string::npos) << m;
  }
}

TEST(open_store_test, a_malformed_postgres_url_is_a_one_line_error_without_the_password) {
  for (const std::string url :
       {"postgresql://u:Sup3r%zzS3cret@127.0.0.1:5432/db", "postgresql://u@127.0.0.1:notaport/db?password=Sup3rS3cret",
        "postgresql://u:Sup3rS3cret@127.0.0.1:5432/db?nonsense_option=1"}) {
    auto r = open_store(url);
    ASSERT_FALSE(r) << url;
    const auto& m = r.message();
    EXPECT_EQ(m.find('\n'), std::string::npos) << m;
    EXPECT_EQ(m.find("Sup3r"), std::string::npos) << m;
  }
}

TEST(open_store_test, redact_database_url_hides_passwords) {
  EXPECT_EQ(redact_database_url("postgresql://u:p@h:5/db"), "postgresql://u:***@h:5/db");
  EXPECT_EQ(redact_database_url("postgresql://u@h/db"), "postgresql://u@h/db");
  EXPECT_EQ(redact_database_url("postgresql://h/db?user=u&password=p&sslmode=require"),
            "postgresql://h/db?user=u&password=***&sslmode=require");
  EXPECT_EQ(redact_database_url("postgresql://u:p@ss@h/db"), "postgresql://u:***@h/db");
  EXPECT_EQ(redact_database_url("sqlite:data/wavesites.db"), "sqlite:data/wavesites.db");
}

TEST(migrations_test, blob_type_becomes_each_dialects_binary_type) {
  EXPECT_EQ(dialect_sql("data BLOB_TYPE NOT NULL", sql_dialect::sqlite), "data BLOB NOT NULL");
  EXPECT_EQ(dialect_sql("data BLOB_TYPE,", sql_dialect::postgresql), "data BYTEA,");
  EXPECT_EQ(dialect_sql("MY_BLOB_TYPE BLOB_TYPES", sql_dialect::postgresql), "MY_BLOB_TYPE BLOB_TYPES");
  for (const auto& m : all_migrations()) {
    EXPECT_EQ(dialect_sql(m.sql, sql_dialect::postgresql).find("BLOB_TYPE"), std::string::npos) << m.name;
  }
}

TEST(migrations_test, unlogged_table_is_postgresqls_alone) {
  EXPECT_EQ(dialect_sql("CREATE UNLOGGED_TABLE t (a TEXT)", sql_dialect::postgresql),
            "CREATE UNLOGGED TABLE t (a TEXT)");
  EXPECT_EQ(dialect_sql("CREATE UNLOGGED_TABLE t (a TEXT)", sql_dialect::sqlite), "CREATE TABLE t (a TEXT)");
  for (const auto& m : all_migrations()) {
    for (const auto d : {sql_dialect::sqlite, sql_dialect::postgresql})
      EXPECT_EQ(dialect_sql(m.sql, d).find("UNLOGGED_TABLE"), std::string::npos) << m.name;
  }
}

// --- PostgreSQL only ----------------------------------------------------------------------------

TEST(postgres_store_test, replaces_a_connection_the_server_dropped) {
  std::string skip;
  auto scratch = scratch_database::create(backend::postgresql, skip);
  if (!scratch) GTEST_SKIP() << skip;
  auto opened = open_store(scratch->url());
  ASSERT_TRUE(opened) << opened.message();
  auto& db = **opened;
  ASSERT_TRUE(db.add_lead(make_lead(test_id(1))));

  // As after a server restart or an idle-connection reaper: every pooled connection is gone.
  const auto killed = scratch->query(
      "SELECT count(pg_terminate_backend(pid, 5000)) FROM pg_stat_activity "
      "WHERE application_name = '" +
      scratch->schema() + "'");
  ASSERT_NE(killed.at(0).at(0), "0");

  auto r = db.add_lead(make_lead(test_id(2)));
  ASSERT_TRUE(r) << r.message();
  EXPECT_TRUE(db.ping());
  EXPECT_EQ(count_leads(db), 2u);
}

}  // namespace
}  // namespace wavesites
