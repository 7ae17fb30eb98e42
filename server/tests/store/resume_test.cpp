#include "store/resume.hpp"

#include <gtest/gtest.h>

#include <set>
#include <string>

namespace wavesites {
namespace {

TEST(resume_fields, each_has_one_place_in_the_record_and_unique_names) {
  std::set<std::string_view> keys;
  std::set<std::string_view> columns;
  std::set<std::string_view> webhook_keys;
  for (const auto& f : resume_fields) {
    EXPECT_NE(f.text == nullptr, f.number == nullptr) << f.key << ": exactly one of text and number";
    EXPECT_TRUE(keys.insert(f.key).second) << f.key;
    EXPECT_TRUE(columns.insert(f.column).second) << f.column;
    if (f.reach == resume_reach::notified) webhook_keys.insert(f.key);
  }
  // The webhook's earlier names may not shadow a current one, nor each other.
  for (const auto& f : resume_fields) {
    if (f.deprecated_webhook_key.empty()) continue;
    EXPECT_EQ(f.reach, resume_reach::notified) << f.key << ": an earlier webhook name of a field it does not send";
    EXPECT_FALSE(keys.contains(f.deprecated_webhook_key)) << f.deprecated_webhook_key;
    EXPECT_TRUE(webhook_keys.insert(f.deprecated_webhook_key).second) << f.deprecated_webhook_key;
  }
}

TEST(resume_sql, lists_the_tables_columns_in_order_with_one_placeholder_each) {
  std::string columns;
  std::string sqlite_values;
  std::string pg_values;
  for (std::size_t i = 0; i < resume_fields.size(); ++i) {
    const std::string sep = i == 0 ? "" : ", ";
    columns += sep + std::string(resume_fields[i].column);
    sqlite_values += sep + "?" + std::to_string(i + 1);
    pg_values += sep + "$" + std::to_string(i + 1);
  }
  EXPECT_EQ(resume_columns(), columns);
  EXPECT_EQ(resume_insert_sql(sql_dialect::sqlite),
            "INSERT INTO resumes (" + columns + ") VALUES (" + sqlite_values + ")");
  EXPECT_EQ(resume_insert_sql(sql_dialect::postgresql),
            "INSERT INTO resumes (" + columns + ") VALUES (" + pg_values + ")");
}

TEST(resume_to_json, has_every_field_under_its_key_and_nothing_else) {
  resume_record r;
  for (const auto& f : resume_fields) {
    if (f.text) r.*f.text = "v-" + std::string(f.key);
  }
  r.size = 42;
  const auto j = resume_to_json(r);
  EXPECT_EQ(j.size(), resume_fields.size());
  for (const auto& f : resume_fields) {
    ASSERT_TRUE(j.contains(std::string(f.key))) << f.key;
    if (f.number)
      EXPECT_EQ(j[std::string(f.key)], 42) << "a number, not text";
    else
      EXPECT_EQ(j[std::string(f.key)], r.*f.text) << f.key;
  }
}

}  // namespace
}  // namespace wavesites
