#include "store/erase_sql.hpp"

#include <array>

#include "store/outbox_sql.hpp"
#include "util/json_text.hpp"

namespace wavesites {
namespace {

erase_statements make(sql_dialect dialect, erased_table table, erase_selector::by by) {
  const bool pg = dialect == sql_dialect::postgresql;
  const bool leads = table == erased_table::leads;
  const std::string name = leads ? "leads" : "resumes";
  // ULIDs and ISO times sort by time only byte-wise, whatever collation a database defaults to.
  const std::string c = pg ? " COLLATE \"C\"" : "";
  std::string where;
  switch (by) {
    case erase_selector::by::id:
      where = "id = ?1";
      break;
    case erase_selector::by::email:
      // Addresses are ASCII (the form's rules): SQLite's lower() and PostgreSQL's agree on them.
      if (!leads) return {};
      where = "lower(business_email) = ?1";
      break;
    case erase_selector::by::received_before:
      where = "received_at" + c + " < ?1";
      break;
  }
  // SQLite reads a JSON array with json_each, PostgreSQL with json_array_elements_text.
  const std::string ids =
      pg ? "(SELECT json_array_elements_text(CAST(?1 AS json)))" : "(SELECT value FROM json_each(?1))";
  erase_statements s{
      .select = "SELECT id, received_at, " + std::string(leads ? "0" : "size") + " FROM " + name + " WHERE " + where +
                " ORDER BY id" + c,
      .select_for_erase = {},
      .count_outbox = "SELECT count(*) FROM outbox WHERE subject_id IN " + ids,
      .delete_outbox = "DELETE FROM outbox WHERE subject_id IN " + ids,
      .delete_chunks = leads ? std::string{} : "DELETE FROM resume_chunks WHERE resume_id IN " + ids,
      .delete_records = "DELETE FROM " + name + " WHERE id IN " + ids,
  };
  // Two servers sweeping one PostgreSQL at once: the second waits for the first's rows, then
  // finds them gone, rather than both reporting them.
  s.select_for_erase = s.select + (pg ? " FOR UPDATE" : "");
  if (pg) {
    for (auto* text :
         {&s.select, &s.select_for_erase, &s.count_outbox, &s.delete_outbox, &s.delete_chunks, &s.delete_records}) {
      *text = postgres_placeholders(*text);
    }
  }
  return s;
}

constexpr std::size_t selector_count = 3;

using statement_table = std::array<std::array<erase_statements, selector_count>, 2>;

statement_table make_all(sql_dialect dialect) {
  statement_table out;
  for (const auto table : {erased_table::leads, erased_table::resumes}) {
    for (const auto by : {erase_selector::by::id, erase_selector::by::email, erase_selector::by::received_before}) {
      out[static_cast<std::size_t>(table)][static_cast<std::size_t>(by)] = make(dialect, table, by);
    }
  }
  return out;
}

}  // namespace

const erase_statements& erase_sql(sql_dialect dialect, erased_table table, erase_selector::by by) {
  static const statement_table sqlite = make_all(sql_dialect::sqlite);
  static const statement_table postgresql = make_all(sql_dialect::postgresql);
  const auto& all = dialect == sql_dialect::sqlite ? sqlite : postgresql;
  return all[static_cast<std::size_t>(table)][static_cast<std::size_t>(by)];
}

std::string erase_key(const erase_selector& which) {
  std::string out = which.value;
  if (which.what == erase_selector::by::email) {
    for (auto& ch : out) {
      if (ch >= 'A' && ch <= 'Z') ch = static_cast<char>(ch - 'A' + 'a');
    }
  }
  return out;
}

std::string id_list_json(const erasure& e) {
  std::string out = "[";
  for (const auto& r : e.records) {
    if (out.size() > 1) out += ',';
    out += '"';
    append_json_escaped(out, r.id);
    out += '"';
  }
  out += ']';
  return out;
}

}  // namespace wavesites
