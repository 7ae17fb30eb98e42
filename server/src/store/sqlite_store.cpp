#include "store/sqlite_store.hpp"
#include "store/chunking.hpp"

#include <fcntl.h>
#include <sqlite3.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstdio>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <condition_variable>
#include <deque>
#include <initializer_list>
#include <mutex>
#include <optional>
#include <span>
#include <system_error>
#include <thread>
#include <utility>
#include <vector>

#include "store/click.hpp"
#include "store/erase_sql.hpp"
#include "store/lead_sql.hpp"
#include "store/migrations.hpp"
#include "store/outbox_sql.hpp"
#include "store/resume.hpp"
#include "store/stats_sql.hpp"
#include "util/c_handle.hpp"
#include "util/ids.hpp"

namespace wavesites {
namespace {

using db_ptr = c_handle<sqlite3, sqlite3_close_v2>;
using stmt_ptr = c_handle<sqlite3_stmt, sqlite3_finalize>;

// Read connections kept open between calls; more are opened when needed and closed afterwards.
constexpr std::size_t max_idle_readers = 4;

constexpr std::string_view insert_chunk_sql = "INSERT INTO resume_chunks (resume_id, seq, data) VALUES (?1, ?2, ?3)";
constexpr std::string_view select_chunks_sql = "SELECT data FROM resume_chunks WHERE resume_id = ?1 ORDER BY seq";

error db_error(sqlite3* db, std::string_view what) {
  return error{"sqlite: " + std::string(what) + ": " + sqlite3_errmsg(db)};
}

result<stmt_ptr> prepare(sqlite3* db, std::string_view sql, bool persistent = false) {
  sqlite3_stmt* raw = nullptr;
  const int rc = sqlite3_prepare_v3(db, sql.data(), static_cast<int>(sql.size()),
                                    persistent ? SQLITE_PREPARE_PERSISTENT : 0, &raw, nullptr);
  stmt_ptr s(raw);
  if (rc != SQLITE_OK) return db_error(db, "prepare");
  return s;
}

result<bool> exec(sqlite3* db, const std::string& sql) {
  if (sqlite3_exec(db, sql.c_str(), nullptr, nullptr, nullptr) != SQLITE_OK) return db_error(db, sql.substr(0, 40));
  return true;
}

// The bound text must outlive the step: every caller binds from objects that do.
void bind_text(sqlite3_stmt* s, int index, std::string_view text) {
  // A null pointer would bind SQL NULL: an empty text must stay an empty text.
  const char* data = text.data() == nullptr ? "" : text.data();
  sqlite3_bind_text64(s, index, data, text.size(), SQLITE_STATIC, SQLITE_UTF8);
}

void bind_blob(sqlite3_stmt* s, int index, std::string_view bytes) {
  // A null pointer would bind SQL NULL; an empty blob must stay an empty blob.
  if (bytes.empty())
    sqlite3_bind_zeroblob(s, index, 0);
  else
    sqlite3_bind_blob64(s, index, bytes.data(), bytes.size(), SQLITE_STATIC);
}

std::string column_text(sqlite3_stmt* s, int index) {
  const auto* p = sqlite3_column_text(s, index);
  if (p == nullptr) return {};
  return {reinterpret_cast<const char*>(p), static_cast<std::size_t>(sqlite3_column_bytes(s, index))};
}

void bind_lead(sqlite3_stmt* s, const lead_record& l) {
  int index = 1;
  for (const auto& f : lead_fields) {
    if (f.flag)
      sqlite3_bind_int(s, index++, l.*f.flag ? 1 : 0);
    else
      bind_text(s, index++, l.*f.text);
  }
}

lead_record read_lead(sqlite3_stmt* s) {
  lead_record l;
  int index = 0;
  for (const auto& f : lead_fields) {
    if (f.flag)
      l.*f.flag = sqlite3_column_int(s, index++) != 0;
    else
      l.*f.text = column_text(s, index++);
  }
  return l;
}

void bind_resume(sqlite3_stmt* s, const resume_record& r) {
  int index = 1;
  for (const auto& f : resume_fields) {
    if (f.number)
      sqlite3_bind_int64(s, index++, static_cast<sqlite3_int64>(r.*f.number));
    else
      bind_text(s, index++, r.*f.text);
  }
}

resume_record read_resume(sqlite3_stmt* s) {
  resume_record r;
  int index = 0;
  for (const auto& f : resume_fields) {
    if (f.number)
      r.*f.number = static_cast<std::uint64_t>(sqlite3_column_int64(s, index++));
    else
      r.*f.text = column_text(s, index++);
  }
  return r;
}

click_record read_click(sqlite3_stmt* s) {
  click_record c;
  int index = 0;
  for (const auto& f : click_fields) c.*f.text = column_text(s, index++);
  return c;
}

/// Steps `s` (its parameter ?1 bound to `after_id`) and hands each row to `fn`.
template <typename Read, typename Fn>
result<bool> each_row(sqlite3* db, sqlite3_stmt* s, const std::string& after_id, Read read, const Fn& fn,
                      std::string_view what) {
  bind_text(s, 1, after_id);
  int rc = 0;
  while ((rc = sqlite3_step(s)) == SQLITE_ROW) fn(read(s));
  if (rc != SQLITE_DONE) return db_error(db, what);
  return true;
}

/// Makes `path`'s directory entry durable (after a rename into it).
bool sync_directory_of(const std::filesystem::path& path) {
  const auto dir = path.parent_path().empty() ? std::filesystem::path(".") : path.parent_path();
  const int fd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd < 0) return false;
  const bool ok = ::fsync(fd) == 0;
  ::close(fd);
  return ok;
}

bool sync_file(const std::filesystem::path& path) {
  const int fd = ::open(path.c_str(), O_RDWR | O_CLOEXEC);
  if (fd < 0) return false;
  const bool ok = ::fsync(fd) == 0;
  ::close(fd);
  return ok;
}

/// Copies every page of `source` into the new database file `target` from one read snapshot.
result<bool> copy_database(sqlite3* source, const std::filesystem::path& target) {
  sqlite3* raw = nullptr;
  const int rc = sqlite3_open_v2(target.c_str(), &raw, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nullptr);
  db_ptr dest(raw);
  if (rc != SQLITE_OK) return error{"cannot create " + target.string() + ": " + sqlite3_errstr(rc)};
  sqlite3_backup* b = sqlite3_backup_init(dest.get(), "main", source, "main");
  if (b == nullptr) return db_error(dest.get(), "backup");
  // -1: every page in one step, so the copy comes from a single read transaction on the source.
  const int step = sqlite3_backup_step(b, -1);
  const int finish = sqlite3_backup_finish(b);
  if (step != SQLITE_DONE || finish != SQLITE_OK) return db_error(dest.get(), "backup");
  return true;
}

// PostgreSQL text cannot hold U+0000; refusing it here too keeps the two stores interchangeable.
bool has_nul(std::initializer_list<std::string_view> fields) {
  return std::any_of(fields.begin(), fields.end(), [](std::string_view f) { return f.find('\0') != f.npos; });
}

bool has_nul(const lead_record& l) {
  return std::any_of(lead_fields.begin(), lead_fields.end(),
                     [&](const lead_field& f) { return f.text && (l.*f.text).find('\0') != std::string::npos; });
}

bool has_nul(const resume_record& r) {
  return std::any_of(resume_fields.begin(), resume_fields.end(),
                     [&](const resume_field& f) { return f.text && (r.*f.text).find('\0') != std::string::npos; });
}

bool has_nul(std::span<const notification> notify) {
  return std::any_of(notify.begin(), notify.end(), [](const notification& n) {
    return has_nul({n.id, n.event, n.subject_id, n.site, n.channel, n.created_at});
  });
}

/// Inserts the outbox rows of one record with `s` (outbox_statements::insert).
result<bool> insert_notifications(sqlite3* db, sqlite3_stmt* s, std::span<const notification> notify) {
  for (const auto& n : notify) {
    bind_text(s, 1, n.id);
    bind_text(s, 2, n.event);
    bind_text(s, 3, n.subject_id);
    bind_text(s, 4, n.site);
    bind_text(s, 5, n.channel);
    bind_text(s, 6, n.created_at);
    sqlite3_bind_int64(s, 7, n.created_ms);
    const int rc = sqlite3_step(s);
    std::optional<error> e;
    if (rc != SQLITE_DONE) e = db_error(db, "insert notification");
    sqlite3_reset(s);
    sqlite3_clear_bindings(s);
    if (e) return *e;
  }
  return true;
}

notification read_notification(sqlite3_stmt* s) {
  notification n;
  n.id = column_text(s, 0);
  n.event = column_text(s, 1);
  n.subject_id = column_text(s, 2);
  n.site = column_text(s, 3);
  n.channel = column_text(s, 4);
  n.created_at = column_text(s, 5);
  n.created_ms = sqlite3_column_int64(s, 6);
  n.attempts = sqlite3_column_int(s, 7);
  return n;
}

/// Runs `sql` with ?1 bound to `value`: the rows it changed or, for a query, the first column of
/// its one row.
result<std::uint64_t> run_with(sqlite3* db, const std::string& sql, const std::string& value, std::string_view what) {
  auto s = prepare(db, sql);
  if (!s) return error{s.message()};
  bind_text(s->get(), 1, value);
  const int rc = sqlite3_step(s->get());
  if (rc == SQLITE_ROW) return static_cast<std::uint64_t>(sqlite3_column_int64(s->get(), 0));
  if (rc != SQLITE_DONE) return db_error(db, what);
  return static_cast<std::uint64_t>(sqlite3_changes64(db));
}

/// One erasure inside the transaction the caller opened on `db` (store.hpp, erase_leads).
result<erasure> erase_in(sqlite3* db, const erase_statements& sql, const std::string& key, bool dry_run) {
  erasure out;
  auto select = prepare(db, sql.select_for_erase);
  if (!select) return error{select.message()};
  bind_text(select->get(), 1, key);
  int rc = 0;
  while ((rc = sqlite3_step(select->get())) == SQLITE_ROW) {
    out.records.push_back({column_text(select->get(), 0), column_text(select->get(), 1),
                           static_cast<std::uint64_t>(sqlite3_column_int64(select->get(), 2))});
  }
  if (rc != SQLITE_DONE) return db_error(db, "select records to erase");
  if (out.records.empty()) return out;
  const std::string ids = id_list_json(out);
  if (dry_run) {
    auto n = run_with(db, sql.count_outbox, ids, "count notifications to erase");
    if (!n) return error{n.message()};
    out.notifications = *n;
    return out;
  }
  auto n = run_with(db, sql.delete_outbox, ids, "erase notifications");
  if (!n) return error{n.message()};
  out.notifications = *n;
  // Chunks before their resume: they reference it.
  if (!sql.delete_chunks.empty()) {
    if (auto r = run_with(db, sql.delete_chunks, ids, "erase resume chunks"); !r) return error{r.message()};
  }
  auto gone = run_with(db, sql.delete_records, ids, "erase records");
  if (!gone) return error{gone.message()};
  if (*gone != out.records.size()) return error{"sqlite: erase: the records changed while being erased"};
  return out;
}

result<db_ptr> open_connection(const std::string& path, bool writer, int busy_timeout_ms) {
  sqlite3* raw = nullptr;
  // NOMUTEX: each connection is used by one thread at a time (the store's locks see to it).
  const int flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX | (writer ? SQLITE_OPEN_CREATE : 0);
  const int rc = sqlite3_open_v2(path.c_str(), &raw, flags, nullptr);
  db_ptr db(raw);
  if (rc != SQLITE_OK) {
    return error{"cannot open SQLite database " + path + ": " + (raw ? sqlite3_errmsg(raw) : sqlite3_errstr(rc))};
  }
  sqlite3_extended_result_codes(db.get(), 1);
  sqlite3_busy_timeout(db.get(), busy_timeout_ms);
  if (writer) {
    // journal_mode answers with the mode now in force; a file system without shared memory
    // support would silently stay in rollback mode, which we refuse rather than run slower.
    // Switching a fresh file to WAL takes its exclusive lock from a shared one, and when two
    // processes do it at once SQLite says busy to one of them at once, without the busy handler
    // (waiting could deadlock them): that one tries again, within the same busy timeout.
    const auto give_up = std::chrono::steady_clock::now() + std::chrono::milliseconds(busy_timeout_ms);
    for (;;) {
      auto s = prepare(db.get(), "PRAGMA journal_mode=WAL");
      if (!s) return error{"cannot open SQLite database " + path + ": " + sqlite3_errmsg(db.get())};
      const int step = sqlite3_step(s->get());
      if (step == SQLITE_ROW) {
        if (const auto mode = column_text(s->get(), 0); mode != "wal") {
          return error{"cannot put SQLite database " + path + " in WAL mode (got " + mode + ")"};
        }
        break;
      }
      if ((step & 0xff) != SQLITE_BUSY || std::chrono::steady_clock::now() >= give_up) {
        return error{"cannot open SQLite database " + path + ": " + sqlite3_errmsg(db.get())};
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
  }
  // secure_delete: a deleted row's bytes are overwritten with zeros, and freed pages too, rather
  // than left for a later write to cover (builds differ in their default: say it).
  for (const char* pragma : {"PRAGMA synchronous=FULL", "PRAGMA foreign_keys=ON", "PRAGMA secure_delete=ON"}) {
    if (sqlite3_exec(db.get(), pragma, nullptr, nullptr, nullptr) != SQLITE_OK) {
      return error{"cannot open SQLite database " + path + ": " + sqlite3_errmsg(db.get())};
    }
  }
  return db;
}

// Rolls back an open transaction unless it was committed, so an early return or an exception
// thrown by a caller's callback leaves the connection clean.
class transaction_guard {
 public:
  explicit transaction_guard(sqlite3* db) : db_(db) {}
  ~transaction_guard() {
    if (sqlite3_get_autocommit(db_) == 0) sqlite3_exec(db_, "ROLLBACK", nullptr, nullptr, nullptr);
  }
  transaction_guard(const transaction_guard&) = delete;
  transaction_guard& operator=(const transaction_guard&) = delete;

 private:
  sqlite3* db_;
};

// The outbox's bookkeeping (claims and outcomes) commits without its own fsync: the next lead's
// commit, at synchronous=FULL, makes it durable with everything before it, and a claim or outcome
// lost to a power cut only means a notification is sent again (at least once allows that). This
// keeps delivery from adding fsyncs to the disk the leads wait on.
class relaxed_sync {
 public:
  explicit relaxed_sync(sqlite3* db) : db_(db) {
    sqlite3_exec(db_, "PRAGMA synchronous=NORMAL", nullptr, nullptr, nullptr);
  }
  ~relaxed_sync() { sqlite3_exec(db_, "PRAGMA synchronous=FULL", nullptr, nullptr, nullptr); }
  relaxed_sync(const relaxed_sync&) = delete;
  relaxed_sync& operator=(const relaxed_sync&) = delete;

 private:
  sqlite3* db_;
};

class sqlite_migration_session final : public migration_session {
 public:
  explicit sqlite_migration_session(sqlite3* db) : db_(db) {}
  // IMMEDIATE takes the write lock at once, so two processes opening the same file migrate in turn.
  result<bool> begin() override { return wavesites::exec(db_, "BEGIN IMMEDIATE"); }
  result<bool> exec(std::string_view sql) override { return wavesites::exec(db_, std::string(sql)); }
  result<bool> is_applied(int version) override {
    auto s = prepare(db_, "SELECT 1 FROM schema_version WHERE version = ?1");
    if (!s) return error{s.message()};
    sqlite3_bind_int(s->get(), 1, version);
    const int rc = sqlite3_step(s->get());
    if (rc == SQLITE_ROW) return true;
    if (rc == SQLITE_DONE) return false;
    return db_error(db_, "read schema_version");
  }
  result<bool> record(int version, const std::string& applied_at) override {
    auto s = prepare(db_, "INSERT INTO schema_version (version, applied_at) VALUES (?1, ?2)");
    if (!s) return error{s.message()};
    sqlite3_bind_int(s->get(), 1, version);
    bind_text(s->get(), 2, applied_at);
    if (sqlite3_step(s->get()) != SQLITE_DONE) return db_error(db_, "record schema_version");
    return true;
  }
  result<bool> commit() override { return wavesites::exec(db_, "COMMIT"); }
  void rollback() noexcept override {
    if (sqlite3_get_autocommit(db_) == 0) sqlite3_exec(db_, "ROLLBACK", nullptr, nullptr, nullptr);
  }

 private:
  sqlite3* db_;
};

}  // namespace

struct sqlite_store::impl {
  struct lead_request {
    const lead_record* lead;
    std::span<const notification> notify;
    std::optional<result<bool>> outcome;  // set by the writer under queue_mutex
  };

  std::string path;
  options opts;
  struct stat identity {};  ///< the database file as opened: device and inode

  // The file this store opened, still there and still the same. If the data directory is
  // removed (or the file replaced) under a running server, SQLite keeps writing to the
  // unlinked inode: commits "succeed" into a file nobody will ever open again. So every write
  // and every readiness check first makes sure the path still names the file it opened.
  result<bool> file_intact() const {
    struct stat now {};
    if (::stat(path.c_str(), &now) != 0) return error{"sqlite: the database file " + path + " is gone"};
    if (now.st_dev != identity.st_dev || now.st_ino != identity.st_ino) {
      return error{"sqlite: the database file " + path + " was replaced since the server opened it"};
    }
    return true;
  }

  std::mutex write_mutex;  // guards writer_db and the statements below
  db_ptr writer_db;
  stmt_ptr insert_lead;  // prepared on first use, after the migrations made the tables
  stmt_ptr insert_outbox;

  std::mutex readers_mutex;
  std::vector<db_ptr> idle_readers;

  std::mutex queue_mutex;
  std::condition_variable queue_cv;  // the writer waits for work
  std::condition_variable done_cv;   // callers wait for their outcome
  std::deque<lead_request*> queue;
  bool stopping = false;
  std::thread writer_thread;

  ~impl() {
    if (writer_thread.joinable()) {
      {
        std::lock_guard lk(queue_mutex);
        stopping = true;
      }
      queue_cv.notify_all();
      writer_thread.join();
    }
    insert_lead.reset();  // statements before their connection
    insert_outbox.reset();
  }

  // A connection for reading, returned to the idle list when the lease ends.
  class reader_lease {
   public:
    reader_lease(impl& owner, db_ptr db) : owner_(owner), db_(std::move(db)) {}
    ~reader_lease() {
      if (sqlite3_get_autocommit(db_.get()) == 0) return;  // a wedged transaction: let it close
      std::lock_guard lk(owner_.readers_mutex);
      if (owner_.idle_readers.size() < max_idle_readers) owner_.idle_readers.push_back(std::move(db_));
    }
    reader_lease(const reader_lease&) = delete;
    reader_lease& operator=(const reader_lease&) = delete;
    [[nodiscard]] sqlite3* get() const { return db_.get(); }

   private:
    impl& owner_;
    db_ptr db_;
  };

  result<std::unique_ptr<reader_lease>> acquire_reader() {
    {
      std::lock_guard lk(readers_mutex);
      if (!idle_readers.empty()) {
        auto db = std::move(idle_readers.back());
        idle_readers.pop_back();
        return std::make_unique<reader_lease>(*this, std::move(db));
      }
    }
    auto db = open_connection(path, false, opts.busy_timeout_ms);
    if (!db) return error{db.message()};
    return std::make_unique<reader_lease>(*this, std::move(db).value());
  }

  // Commits `batch` in one transaction and returns each lead's outcome. Caller holds write_mutex.
  std::vector<std::optional<result<bool>>> commit_batch(const std::vector<lead_request*>& batch) {
    std::vector<std::optional<result<bool>>> out(batch.size());
    auto fail_all = [&](const error& e) {
      for (auto& o : out) o = e;
      return out;
    };
    sqlite3* db = writer_db.get();
    if (auto r = file_intact(); !r) return fail_all(error{r.message()});
    if (auto r = prepare_writes(); !r) return fail_all(error{r.message()});
    if (auto r = exec(db, "BEGIN IMMEDIATE"); !r) return fail_all(error{r.message()});
    transaction_guard guard(db);
    for (std::size_t i = 0; i < batch.size(); ++i) {
      const auto& req = *batch[i];
      auto stored = insert_lead_row(req);
      if (!stored) {
        // A constraint failure (say a repeated id) aborts only its own statement; an I/O or
        // memory error rolls the whole transaction back, taking the earlier leads with it.
        if (sqlite3_get_autocommit(db) != 0) return fail_all(error{stored.message()});
        out[i] = stored;
        continue;
      }
      // A lead is never kept without its notifications: if one cannot be written (nothing but
      // a failing disk does that, the ids being fresh), the whole batch is rolled back and every
      // caller told, rather than paying a savepoint for every lead.
      if (auto n = insert_notifications(db, insert_outbox.get(), req.notify); !n) {
        return fail_all(error{n.message()});
      }
      out[i] = true;
    }
    if (auto r = exec(db, "COMMIT"); !r) return fail_all(error{r.message()});
    return out;
  }

  // The statements every write uses, prepared once (after the migrations made the tables).
  // Caller holds write_mutex.
  result<bool> prepare_writes() {
    sqlite3* db = writer_db.get();
    if (!insert_lead) {
      auto s = prepare(db, lead_insert_sql(sql_dialect::sqlite), true);
      if (!s) return error{s.message()};
      insert_lead = std::move(s).value();
    }
    if (!insert_outbox) {
      auto s = prepare(db, outbox_sql(sql_dialect::sqlite).insert, true);
      if (!s) return error{s.message()};
      insert_outbox = std::move(s).value();
    }
    return true;
  }

  // Caller holds write_mutex inside an open transaction.
  result<bool> insert_lead_row(const lead_request& req) {
    sqlite3* db = writer_db.get();
    sqlite3_stmt* s = insert_lead.get();
    bind_lead(s, *req.lead);
    const int rc = sqlite3_step(s);
    std::optional<error> e;
    if (rc != SQLITE_DONE) e = db_error(db, "insert lead");  // before reset touches the message
    sqlite3_reset(s);
    sqlite3_clear_bindings(s);
    if (e) return *e;
    return true;
  }

  // A dry run reads from one snapshot; an erasure writes in one immediate transaction, so no
  // other writer comes between choosing the records and deleting them.
  result<erasure> erase(const erase_statements& sql, const erase_selector& which, bool dry_run) {
    if (sql.select.empty()) return error{"sqlite: resumes have no address to be chosen by"};
    const std::string key = erase_key(which);
    if (dry_run) {
      auto lease = acquire_reader();
      if (!lease) return error{lease.message()};
      sqlite3* db = (*lease)->get();
      if (auto r = exec(db, "BEGIN"); !r) return error{r.message()};
      transaction_guard guard(db);
      auto out = erase_in(db, sql, key, true);
      if (!out) return out;
      if (auto r = exec(db, "COMMIT"); !r) return error{r.message()};
      return out;
    }
    std::lock_guard w(write_mutex);
    sqlite3* db = writer_db.get();
    if (auto r = file_intact(); !r) return error{r.message()};
    if (auto r = exec(db, "BEGIN IMMEDIATE"); !r) return error{r.message()};
    transaction_guard guard(db);
    auto out = erase_in(db, sql, key, false);
    if (!out) return out;
    if (auto r = exec(db, "COMMIT"); !r) return error{r.message()};
    return out;
  }

  // Runs one write statement under write_mutex: `bind` sets its parameters, `row` sees each row
  // it returns. Returns the number of rows changed.
  result<std::uint64_t> write(std::string_view sql, const std::function<void(sqlite3_stmt*)>& bind,
                              const std::function<void(sqlite3_stmt*)>& row = {}) {
    std::lock_guard w(write_mutex);
    sqlite3* db = writer_db.get();
    const relaxed_sync relaxed(db);
    auto s = prepare(db, sql);
    if (!s) return error{s.message()};
    bind(s->get());
    int rc = 0;
    while ((rc = sqlite3_step(s->get())) == SQLITE_ROW) {
      if (row) row(s->get());
    }
    if (rc != SQLITE_DONE) return db_error(db, sql.substr(0, 40));
    return static_cast<std::uint64_t>(sqlite3_changes64(db));
  }

  void writer_loop() {
    std::vector<lead_request*> batch;
    for (;;) {
      std::unique_lock lk(queue_mutex);
      queue_cv.wait(lk, [&] { return stopping || !queue.empty(); });
      if (queue.empty()) return;  // stopping, and nobody is left waiting
      batch.clear();
      while (!queue.empty() && batch.size() < opts.max_batch) {
        batch.push_back(queue.front());
        queue.pop_front();
      }
      lk.unlock();

      std::vector<std::optional<result<bool>>> outcomes;
      try {
        std::lock_guard w(write_mutex);
        outcomes = commit_batch(batch);
      } catch (const std::exception& e) {
        // Out of memory or similar: the callers still need an answer, else they wait forever.
        outcomes.assign(batch.size(), result<bool>(error{std::string("sqlite: ") + e.what()}));
      }

      lk.lock();
      for (std::size_t i = 0; i < batch.size(); ++i) batch[i]->outcome = std::move(outcomes[i]);
      lk.unlock();
      done_cv.notify_all();
    }
  }
};

sqlite_store::sqlite_store(std::unique_ptr<impl> p) : impl_(std::move(p)) {}

sqlite_store::~sqlite_store() = default;

result<std::unique_ptr<sqlite_store>> sqlite_store::open(const std::filesystem::path& file, options opts) {
  if (file.empty()) return error{"the SQLite database path is empty"};
  if (sqlite3_threadsafe() == 0) return error{"this libsqlite3 was built without thread support"};
  if (opts.max_batch == 0) opts.max_batch = 1;
  if (const auto dir = file.parent_path(); !dir.empty()) {
    std::error_code ec;
    std::filesystem::create_directories(dir, ec);
    if (ec) return error{"cannot create directory " + dir.string() + " for the SQLite database: " + ec.message()};
  }
  auto p = std::make_unique<impl>();
  p->path = file.string();
  p->opts = opts;
  auto db = open_connection(p->path, true, opts.busy_timeout_ms);
  if (!db) return error{db.message()};
  p->writer_db = std::move(db).value();
  if (::stat(p->path.c_str(), &p->identity) != 0) return error{"cannot open SQLite database " + p->path};
  p->writer_thread = std::thread([raw = p.get()] { raw->writer_loop(); });
  return std::unique_ptr<sqlite_store>(new sqlite_store(std::move(p)));
}

result<bool> sqlite_store::migrate() {
  std::lock_guard w(impl_->write_mutex);
  sqlite_migration_session session(impl_->writer_db.get());
  auto applied = run_migrations(session, sql_dialect::sqlite);
  if (!applied) return error{"sqlite: " + applied.message()};
  return *applied > 0;
}

bool sqlite_store::ping() {
  if (!impl_->file_intact()) return false;
  auto lease = impl_->acquire_reader();
  if (!lease) return false;
  // Reads the schema page, so a vanished or unreadable file shows up, unlike "SELECT 1".
  auto s = prepare((*lease)->get(), "SELECT count(*) FROM sqlite_schema");
  return s && sqlite3_step(s->get()) == SQLITE_ROW;
}

result<bool> sqlite_store::add_lead(const lead_record& lead, std::span<const notification> notify) {
  if (has_nul(lead) || has_nul(notify)) return error{"sqlite: insert lead: a text value contains a NUL character"};
  impl::lead_request req{&lead, notify, std::nullopt};
  std::unique_lock lk(impl_->queue_mutex);
  impl_->queue.push_back(&req);
  impl_->queue_cv.notify_one();
  impl_->done_cv.wait(lk, [&] { return req.outcome.has_value(); });
  return std::move(*req.outcome);
}

result<bool> sqlite_store::add_resume(const resume_record& meta, const chunk_reader& read,
                                      std::span<const notification> notify) {
  if (has_nul(meta) || has_nul(notify)) {
    return error{"sqlite: insert resume: a text value contains a NUL character"};
  }
  std::lock_guard w(impl_->write_mutex);
  sqlite3* db = impl_->writer_db.get();
  if (auto r = impl_->file_intact(); !r) return r;
  if (auto r = impl_->prepare_writes(); !r) return r;
  static const std::string insert_resume_sql = resume_insert_sql(sql_dialect::sqlite);
  auto meta_stmt = prepare(db, insert_resume_sql);
  if (!meta_stmt) return error{meta_stmt.message()};
  auto chunk_stmt = prepare(db, insert_chunk_sql);
  if (!chunk_stmt) return error{chunk_stmt.message()};
  if (auto r = exec(db, "BEGIN IMMEDIATE"); !r) return r;
  transaction_guard guard(db);

  sqlite3_stmt* m = meta_stmt->get();
  bind_resume(m, meta);
  if (sqlite3_step(m) != SQLITE_DONE) return db_error(db, "insert resume");

  sqlite3_stmt* c = chunk_stmt->get();
  sqlite3_int64 seq = 0;
  auto put_chunk = [&](std::string_view bytes) -> result<bool> {
    bind_text(c, 1, meta.id);
    sqlite3_bind_int64(c, 2, seq++);
    bind_blob(c, 3, bytes);
    if (sqlite3_step(c) != SQLITE_DONE) return db_error(db, "insert resume chunk");
    sqlite3_reset(c);
    sqlite3_clear_bindings(c);
    return true;
  };

  const auto read_total = store_in_chunks(read, put_chunk);
  if (!read_total) return error{read_total.message()};
  const std::uint64_t total = *read_total;
  if (total != meta.size) {
    return error{"resume " + meta.id + ": the metadata says " + std::to_string(meta.size) + " bytes but " +
                 std::to_string(total) + " were read; nothing stored"};
  }
  if (auto r = insert_notifications(db, impl_->insert_outbox.get(), notify); !r) return r;
  if (auto r = exec(db, "COMMIT"); !r) return r;
  return true;
}

result<bool> sqlite_store::add_click(const click_record& click) {
  if (std::any_of(click_fields.begin(), click_fields.end(),
                  [&](const click_field& f) { return (click.*f.text).find('\0') != std::string::npos; })) {
    return error{"sqlite: insert click: a text value contains a NUL character"};
  }
  static const std::string sql = click_insert_sql(sql_dialect::sqlite);
  std::lock_guard w(impl_->write_mutex);
  sqlite3* db = impl_->writer_db.get();
  if (auto r = impl_->file_intact(); !r) return r;
  auto s = prepare(db, sql);
  if (!s) return error{s.message()};
  int index = 1;
  for (const auto& f : click_fields) bind_text(s->get(), index++, click.*f.text);
  if (sqlite3_step(s->get()) != SQLITE_DONE) return db_error(db, "insert click");
  return true;
}

result<bool> sqlite_store::each_lead(const std::function<void(const lead_record&)>& fn, const std::string& after_id) {
  auto lease = impl_->acquire_reader();
  if (!lease) return error{lease.message()};
  sqlite3* db = (*lease)->get();
  auto s = prepare(db, "SELECT " + lead_columns() + " FROM leads WHERE id > ?1 ORDER BY id");
  if (!s) return error{s.message()};
  return each_row(db, s->get(), after_id, read_lead, fn, "read leads");
}

result<bool> sqlite_store::each_click(const std::function<void(const click_record&)>& fn, const std::string& after_id) {
  auto lease = impl_->acquire_reader();
  if (!lease) return error{lease.message()};
  sqlite3* db = (*lease)->get();
  auto s = prepare(db, "SELECT " + click_columns() + " FROM clicks WHERE id > ?1 ORDER BY id");
  if (!s) return error{s.message()};
  return each_row(db, s->get(), after_id, read_click, fn, "read clicks");
}

result<bool> sqlite_store::backup(const std::string& path) {
  const std::filesystem::path target(path);
  std::error_code ec;
  if (std::filesystem::exists(target, ec) || ec) return error{path + " already exists; choose a new file"};
  auto lease = impl_->acquire_reader();
  if (!lease) return error{lease.message()};
  // Beside the target, so the rename stays on one file system.
  auto temp = target;
  temp += ".tmp-" + random_hex128();
  auto copied = copy_database((*lease)->get(), temp);
  if (copied && !sync_file(temp)) copied = error{"cannot fsync " + temp.string()};
  // RENAME_NOREPLACE: a file that appeared meanwhile is not overwritten either.
  if (copied && ::renameat2(AT_FDCWD, temp.c_str(), AT_FDCWD, target.c_str(), RENAME_NOREPLACE) != 0) {
    copied = error{"cannot rename " + temp.string() + " to " + path + ": " + std::generic_category().message(errno)};
  }
  if (!copied) {
    std::filesystem::remove(temp, ec);
    return copied;
  }
  if (!sync_directory_of(target)) return error{"cannot fsync the directory of " + path};
  return true;
}

result<erasure> sqlite_store::erase_leads(const erase_selector& which, bool dry_run) {
  return impl_->erase(erase_sql(sql_dialect::sqlite, erased_table::leads, which.what), which, dry_run);
}

result<erasure> sqlite_store::erase_resumes(const erase_selector& which, bool dry_run) {
  return impl_->erase(erase_sql(sql_dialect::sqlite, erased_table::resumes, which.what), which, dry_run);
}

result<bool> sqlite_store::purge_deleted() {
  std::lock_guard w(impl_->write_mutex);
  sqlite3* db = impl_->writer_db.get();
  if (auto r = impl_->file_intact(); !r) return r;
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(impl_->opts.purge_patience_ms);
  const auto again = [&] {
    if (std::chrono::steady_clock::now() >= deadline) return false;
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
    return true;
  };
  // secure_delete zeroes what a delete frees, but b-tree rebalancing before it may have left
  // stale copies of a row in other pages' unused space: VACUUM writes a database of the live
  // rows alone. Each try waits busy_timeout for another process's write lock.
  for (;;) {
    if (sqlite3_exec(db, "VACUUM", nullptr, nullptr, nullptr) == SQLITE_OK) break;
    const int rc = sqlite3_errcode(db);
    if ((rc & 0xff) != SQLITE_BUSY && (rc & 0xff) != SQLITE_LOCKED) return db_error(db, "VACUUM");
    if (!again()) return db_error(db, "VACUUM");
  }
  // VACUUM went through the WAL, which now holds every page old and new: copy the new ones back
  // and truncate it to nothing. A reader still on an older snapshot holds the checkpoint back.
  for (;;) {
    int frames = 0;
    int copied = 0;
    const int rc = sqlite3_wal_checkpoint_v2(db, nullptr, SQLITE_CHECKPOINT_TRUNCATE, &frames, &copied);
    if (rc == SQLITE_OK) return true;
    if ((rc & 0xff) != SQLITE_BUSY && (rc & 0xff) != SQLITE_LOCKED) return db_error(db, "wal_checkpoint(TRUNCATE)");
    if (!again()) {
      return error{"sqlite: the WAL (" + impl_->path +
                   "-wal) could not be emptied: another connection kept reading an older snapshot; the deleted "
                   "rows are gone from the database, their old copies stay in the WAL until it is checkpointed"};
    }
  }
}

result<std::vector<int>> sqlite_store::applied_migrations(const std::filesystem::path& file) {
  std::error_code ec;
  if (!std::filesystem::is_regular_file(file, ec)) return error{"no SQLite database at " + file.string()};
  sqlite3* raw = nullptr;
  const int rc = sqlite3_open_v2(file.c_str(), &raw, SQLITE_OPEN_READONLY, nullptr);
  db_ptr db(raw);
  if (rc != SQLITE_OK) return error{"cannot open SQLite database " + file.string() + ": " + sqlite3_errstr(rc)};
  auto table = prepare(db.get(), "SELECT count(*) FROM sqlite_schema WHERE type = 'table' AND name = 'schema_version'");
  if (!table || sqlite3_step(table->get()) != SQLITE_ROW) return db_error(db.get(), "read " + file.string());
  std::vector<int> versions;
  if (sqlite3_column_int(table->get(), 0) == 0) return versions;  // never migrated
  auto s = prepare(db.get(), "SELECT version FROM schema_version ORDER BY version");
  if (!s) return error{s.message()};
  int step = 0;
  while ((step = sqlite3_step(s->get())) == SQLITE_ROW) versions.push_back(sqlite3_column_int(s->get(), 0));
  if (step != SQLITE_DONE) return db_error(db.get(), "read schema_version");
  return versions;
}

result<bool> sqlite_store::each_resume(const std::function<void(const resume_record&)>& begin,
                                       const std::function<void(std::string_view chunk)>& write,
                                       const std::string& after_id) {
  auto lease = impl_->acquire_reader();
  if (!lease) return error{lease.message()};
  sqlite3* db = (*lease)->get();
  // One read transaction, so metadata and chunks come from the same snapshot.
  if (auto r = exec(db, "BEGIN"); !r) return r;
  transaction_guard guard(db);
  static const std::string select_resumes_sql =
      "SELECT " + resume_columns() + " FROM resumes WHERE id > ?1 ORDER BY id";
  auto meta = prepare(db, select_resumes_sql);
  if (!meta) return error{meta.message()};
  auto chunks = prepare(db, select_chunks_sql);
  if (!chunks) return error{chunks.message()};
  bind_text(meta->get(), 1, after_id);
  int rc = 0;
  while ((rc = sqlite3_step(meta->get())) == SQLITE_ROW) {
    const resume_record r = read_resume(meta->get());
    begin(r);
    sqlite3_stmt* c = chunks->get();
    sqlite3_reset(c);
    bind_text(c, 1, r.id);
    int crc = 0;
    while ((crc = sqlite3_step(c)) == SQLITE_ROW) {
      const auto* data = static_cast<const char*>(sqlite3_column_blob(c, 0));
      const auto size = static_cast<std::size_t>(sqlite3_column_bytes(c, 0));
      write(std::string_view(data == nullptr ? "" : data, size));
    }
    if (crc != SQLITE_DONE) return db_error(db, "read resume chunks");
  }
  if (rc != SQLITE_DONE) return db_error(db, "read resumes");
  if (auto r = exec(db, "COMMIT"); !r) return r;
  return true;
}

result<std::optional<lead_record>> sqlite_store::find_lead(const std::string& id) {
  auto lease = impl_->acquire_reader();
  if (!lease) return error{lease.message()};
  sqlite3* db = (*lease)->get();
  auto s = prepare(db, "SELECT " + lead_columns() + " FROM leads WHERE id = ?1");
  if (!s) return error{s.message()};
  bind_text(s->get(), 1, id);
  const int rc = sqlite3_step(s->get());
  if (rc == SQLITE_ROW) return std::optional<lead_record>(read_lead(s->get()));
  if (rc != SQLITE_DONE) return db_error(db, "read lead");
  return std::optional<lead_record>();
}

result<std::optional<resume_record>> sqlite_store::find_resume(const std::string& id,
                                                               const std::function<void(std::string_view)>& write) {
  auto lease = impl_->acquire_reader();
  if (!lease) return error{lease.message()};
  sqlite3* db = (*lease)->get();
  if (auto r = exec(db, "BEGIN"); !r) return error{r.message()};
  transaction_guard guard(db);
  static const std::string select_resume_sql = "SELECT " + resume_columns() + " FROM resumes WHERE id = ?1";
  auto meta = prepare(db, select_resume_sql);
  if (!meta) return error{meta.message()};
  bind_text(meta->get(), 1, id);
  const int rc = sqlite3_step(meta->get());
  if (rc == SQLITE_DONE) return std::optional<resume_record>();
  if (rc != SQLITE_ROW) return db_error(db, "read resume");
  resume_record r = read_resume(meta->get());
  if (write) {
    auto chunks = prepare(db, select_chunks_sql);
    if (!chunks) return error{chunks.message()};
    bind_text(chunks->get(), 1, id);
    int crc = 0;
    while ((crc = sqlite3_step(chunks->get())) == SQLITE_ROW) {
      const auto* data = static_cast<const char*>(sqlite3_column_blob(chunks->get(), 0));
      const auto size = static_cast<std::size_t>(sqlite3_column_bytes(chunks->get(), 0));
      write(std::string_view(data == nullptr ? "" : data, size));
    }
    if (crc != SQLITE_DONE) return db_error(db, "read resume chunks");
  }
  if (auto c = exec(db, "COMMIT"); !c) return error{c.message()};
  return std::optional<resume_record>(std::move(r));
}

result<std::vector<notification>> sqlite_store::claim_notifications(std::string_view channel, std::size_t max,
                                                                    std::int64_t now_ms, std::int64_t lease_ms) {
  std::vector<notification> out;
  auto r = impl_->write(
      outbox_sql(sql_dialect::sqlite).claim,
      [&](sqlite3_stmt* s) {
        bind_text(s, 1, channel);
        sqlite3_bind_int64(s, 2, now_ms);
        sqlite3_bind_int64(s, 3, now_ms + lease_ms);
        sqlite3_bind_int64(s, 4, static_cast<sqlite3_int64>(max));
      },
      [&](sqlite3_stmt* s) { out.push_back(read_notification(s)); });
  if (!r) return error{r.message()};
  // RETURNING gives no order: the oldest due first, as promised.
  std::sort(out.begin(), out.end(), [](const notification& a, const notification& b) { return a.id < b.id; });
  return out;
}

result<bool> sqlite_store::finish_notifications(std::span<const finished_notification> done) {
  if (done.empty()) return true;
  const std::string finished = utc_now_iso();
  std::lock_guard w(impl_->write_mutex);
  sqlite3* db = impl_->writer_db.get();
  const relaxed_sync relaxed(db);
  auto update = prepare(db, outbox_sql(sql_dialect::sqlite).finish);
  if (!update) return error{update.message()};
  auto remove = prepare(db, outbox_sql(sql_dialect::sqlite).remove);
  if (!remove) return error{remove.message()};
  if (auto r = exec(db, "BEGIN IMMEDIATE"); !r) return r;
  transaction_guard guard(db);
  for (const auto& d : done) {
    sqlite3_stmt* s = nullptr;
    if (d.outcome.what == delivery_outcome::kind::delivered) {
      s = remove->get();
      bind_text(s, 1, d.id);
    } else {
      s = update->get();
      bind_text(s, 1, d.id);
      bind_text(s, 2, outbox_state_name(d.outcome.what));
      sqlite3_bind_int64(s, 3, d.outcome.retry_at_ms);
      bind_text(s, 4, d.outcome.error);
      bind_text(s, 5, d.outcome.what == delivery_outcome::kind::retry ? std::string_view{} : finished);
    }
    const int rc = sqlite3_step(s);
    sqlite3_reset(s);
    if (rc != SQLITE_DONE) return db_error(db, "finish notification");
  }
  return exec(db, "COMMIT");
}

result<std::uint64_t> sqlite_store::hurry_notifications(std::string_view channel, std::int64_t now_ms) {
  return impl_->write(outbox_sql(sql_dialect::sqlite).hurry, [&](sqlite3_stmt* s) {
    bind_text(s, 1, channel);
    sqlite3_bind_int64(s, 2, now_ms);
  });
}

result<std::uint64_t> sqlite_store::extend_notification_claims(std::span<const std::string> ids,
                                                               std::int64_t held_until_ms, std::int64_t until_ms) {
  if (ids.empty()) return std::uint64_t{0};
  std::lock_guard w(impl_->write_mutex);
  sqlite3* db = impl_->writer_db.get();
  const relaxed_sync relaxed(db);
  auto update = prepare(db, outbox_sql(sql_dialect::sqlite).extend);
  if (!update) return error{update.message()};
  if (auto r = exec(db, "BEGIN IMMEDIATE"); !r) return error{r.message()};
  transaction_guard guard(db);
  std::uint64_t extended = 0;
  for (const auto& id : ids) {
    sqlite3_stmt* s = update->get();
    bind_text(s, 1, id);
    sqlite3_bind_int64(s, 2, held_until_ms);
    sqlite3_bind_int64(s, 3, until_ms);
    const int rc = sqlite3_step(s);
    sqlite3_reset(s);
    if (rc != SQLITE_DONE) return db_error(db, "extend notification claim");
    extended += static_cast<std::uint64_t>(sqlite3_changes64(db));
  }
  if (auto r = exec(db, "COMMIT"); !r) return error{r.message()};
  return extended;
}

result<std::uint64_t> sqlite_store::release_notification_claims() {
  return impl_->write(outbox_sql(sql_dialect::sqlite).release, [](sqlite3_stmt*) {});
}

result<outbox_counts> sqlite_store::count_notifications() {
  auto lease = impl_->acquire_reader();
  if (!lease) return error{lease.message()};
  sqlite3* db = (*lease)->get();
  auto s = prepare(db, outbox_sql(sql_dialect::sqlite).counts);
  if (!s) return error{s.message()};
  outbox_counts out;
  int rc = 0;
  while ((rc = sqlite3_step(s->get())) == SQLITE_ROW) {
    const auto state = column_text(s->get(), 0);
    const auto n = static_cast<std::uint64_t>(sqlite3_column_int64(s->get(), 1));
    if (state == "pending") {
      out.pending = n;
      out.oldest_pending_ms = sqlite3_column_int64(s->get(), 2);
    } else if (state == "failed") {
      out.failed = n;
    }
  }
  if (rc != SQLITE_DONE) return db_error(db, "count notifications");
  return out;
}

}  // namespace wavesites

namespace wavesites {
namespace {

/// Runs a read of the stats tables over from..to: `row` sees each row.
result<bool> read_range(sqlite3* db, std::string_view sql, const std::string& from, const std::string& to,
                        const std::function<void(sqlite3_stmt*)>& row, std::string_view what) {
  auto s = prepare(db, sql);
  if (!s) return error{s.message()};
  bind_text(s->get(), 1, from);
  bind_text(s->get(), 2, to);
  int rc = 0;
  while ((rc = sqlite3_step(s->get())) == SQLITE_ROW) row(s->get());
  if (rc != SQLITE_DONE) return db_error(db, what);
  return true;
}

std::uint64_t column_count(sqlite3_stmt* s, int index) {
  return static_cast<std::uint64_t>(sqlite3_column_int64(s, index));
}

}  // namespace

result<std::string> sqlite_store::stats_salt(const std::string& day, const std::string& candidate) {
  const auto& sql = stats_sql(sql_dialect::sqlite);
  if (auto r = impl_->write(sql.offer_salt,
                            [&](sqlite3_stmt* s) {
                              bind_text(s, 1, day);
                              bind_text(s, 2, candidate);
                            });
      !r) {
    return error{r.message()};
  }
  std::string salt;
  if (auto r = impl_->write(
          sql.read_salt, [&](sqlite3_stmt* s) { bind_text(s, 1, day); },
          [&](sqlite3_stmt* s) { salt = column_text(s, 0); });
      !r) {
    return error{r.message()};
  }
  if (salt.empty()) return error{"sqlite: the salt of " + day + " is missing"};
  return salt;
}

result<bool> sqlite_store::add_stats(const stats_batch& batch) {
  if (batch.empty()) return true;
  const auto& sql = stats_sql(sql_dialect::sqlite);
  std::lock_guard w(impl_->write_mutex);
  sqlite3* db = impl_->writer_db.get();
  if (auto r = impl_->file_intact(); !r) return r;
  // Counts, not records: a power cut may take the last flush with it (docs/http-api.md).
  const relaxed_sync relaxed(db);
  auto count = prepare(db, sql.add_count);
  if (!count) return error{count.message()};
  auto visitor = prepare(db, sql.add_visitor);
  if (!visitor) return error{visitor.message()};
  auto tally = prepare(db, sql.count_visitors);
  if (!tally) return error{tally.message()};
  if (auto r = exec(db, "BEGIN IMMEDIATE"); !r) return r;
  transaction_guard guard(db);
  const auto step = [&](sqlite3_stmt* s, std::string_view what) -> result<bool> {
    const int rc = sqlite3_step(s);
    sqlite3_reset(s);
    if (rc != SQLITE_DONE) return db_error(db, what);
    return true;
  };
  for (const auto& n : batch.counts) {
    sqlite3_stmt* s = count->get();
    bind_text(s, 1, n.day);
    bind_text(s, 2, n.site);
    bind_text(s, 3, n.dimension);
    bind_text(s, 4, n.name);
    sqlite3_bind_int64(s, 5, static_cast<sqlite3_int64>(n.n));
    if (auto r = step(s, "add stats count"); !r) return r;
  }
  std::vector<std::pair<std::string, std::string>> touched;
  for (const auto& v : batch.visitors) {
    sqlite3_stmt* s = visitor->get();
    bind_text(s, 1, v.day);
    bind_text(s, 2, v.site);
    bind_text(s, 3, v.hash);
    if (auto r = step(s, "add visitor"); !r) return r;
    if (std::find(touched.begin(), touched.end(), std::pair{v.day, v.site}) == touched.end()) {
      touched.emplace_back(v.day, v.site);
    }
  }
  for (const auto& [day, site] : touched) {
    sqlite3_stmt* s = tally->get();
    bind_text(s, 1, day);
    bind_text(s, 2, site);
    if (auto r = step(s, "count visitors"); !r) return r;
  }
  return exec(db, "COMMIT");
}

result<std::uint64_t> sqlite_store::forget_visitors_before(const std::string& day) {
  const auto& sql = stats_sql(sql_dialect::sqlite);
  auto hashes = impl_->write(sql.forget_visitors, [&](sqlite3_stmt* s) { bind_text(s, 1, day); });
  if (!hashes) return hashes;
  auto salts = impl_->write(sql.forget_salts, [&](sqlite3_stmt* s) { bind_text(s, 1, day); });
  if (!salts) return salts;
  return *hashes + *salts;
}

result<std::vector<stats_count>> sqlite_store::read_stats(const std::string& from, const std::string& to) {
  auto lease = impl_->acquire_reader();
  if (!lease) return error{lease.message()};
  std::vector<stats_count> out;
  auto r = read_range(
      (*lease)->get(), stats_sql(sql_dialect::sqlite).read, from, to,
      [&](sqlite3_stmt* s) {
        out.push_back({column_text(s, 0), column_text(s, 1), column_text(s, 2), column_text(s, 3), column_count(s, 4)});
      },
      "read stats");
  if (!r) return error{r.message()};
  return out;
}

result<std::vector<click_tally>> sqlite_store::tally_clicks(const std::string& from, const std::string& to) {
  auto lease = impl_->acquire_reader();
  if (!lease) return error{lease.message()};
  std::vector<click_tally> out;
  auto r = read_range((*lease)->get(), stats_sql(sql_dialect::sqlite).tally_clicks, from, to,
                      [&](sqlite3_stmt* s) {
                        out.push_back({column_text(s, 0), column_text(s, 1), column_text(s, 2), column_text(s, 3),
                                       column_text(s, 4), column_count(s, 5)});
                      },
                      "tally clicks");
  if (!r) return error{r.message()};
  return out;
}

result<std::vector<lead_tally>> sqlite_store::tally_leads(const std::string& from, const std::string& to) {
  auto lease = impl_->acquire_reader();
  if (!lease) return error{lease.message()};
  std::vector<lead_tally> out;
  auto r = read_range((*lease)->get(), stats_sql(sql_dialect::sqlite).tally_leads, from, to,
                      [&](sqlite3_stmt* s) {
                        out.push_back({column_text(s, 0), column_text(s, 1), column_text(s, 2), column_count(s, 3)});
                      },
                      "tally leads");
  if (!r) return error{r.message()};
  return out;
}

result<std::uint64_t> sqlite_store::erase_stats_before(const std::string& day) {
  return impl_->write(stats_sql(sql_dialect::sqlite).erase_before, [&](sqlite3_stmt* s) { bind_text(s, 1, day); });
}

}  // namespace wavesites
