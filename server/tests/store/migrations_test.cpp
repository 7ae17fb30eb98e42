#include "store/migrations.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace wavesites {
namespace {

namespace fs = std::filesystem;

std::string read_file(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream out;
  out << in.rdbuf();
  return out.str();
}

TEST(migrations_list, is_the_sql_folders_files_in_order_numbered_from_one) {
  std::vector<fs::path> files;
  for (const auto& entry : fs::directory_iterator(WAVESITES_MIGRATIONS_DIR)) {
    if (entry.path().extension() == ".sql") files.push_back(entry.path());
  }
  std::sort(files.begin(), files.end());
  ASSERT_FALSE(files.empty());
  const auto list = all_migrations();
  ASSERT_EQ(list.size(), files.size()) << "a file of " << WAVESITES_MIGRATIONS_DIR
                                       << " is not embedded, or one too many";
  for (std::size_t i = 0; i < files.size(); ++i) {
    EXPECT_EQ(list[i].name, files[i].stem().string());
    EXPECT_EQ(list[i].version, static_cast<int>(i + 1)) << list[i].name << ": no gap, no repeat";
    char prefix[32];
    std::snprintf(prefix, sizeof prefix, "%03zu_", i + 1);
    EXPECT_TRUE(list[i].name.starts_with(prefix)) << list[i].name << ": its version is its number";
    EXPECT_EQ(list[i].sql, read_file(files[i])) << list[i].name << ": embedded byte for byte";
  }
}

}  // namespace
}  // namespace wavesites
