#include "api/resume_rules.hpp"

#include <gtest/gtest.h>

namespace wavesites {
namespace {

TEST(ResumeRules, TheShippedRulesTakeEveryTypeTheSnifferKnowsAndNameThem) {
  const auto& rules = resume_upload_rules();
  ASSERT_EQ(rules.types.size(), recognised_types().size());
  for (const auto& t : recognised_types()) {
    const auto* a = rules.accept(t);
    ASSERT_NE(a, nullptr) << t.extension;
    EXPECT_EQ(a->mime, t.mime);
  }
  EXPECT_EQ(rules.type_message, "only PDF, DOC, DOCX, ODT, RTF and TXT documents are accepted");
}

TEST(ResumeRules, ATypeLeftOutOfTheRulesIsRefusedAndOneTheServerCannotTellIsAnError) {
  const auto only_pdf = resume_rules::parse(R"({"types":[{"extension":"pdf","mime":"application/pdf","name":"PDF"}]})");
  EXPECT_NE(only_pdf.accept(file_type{"pdf", "application/pdf"}), nullptr);
  EXPECT_EQ(only_pdf.accept(file_type{"txt", "text/plain"}), nullptr);
  EXPECT_EQ(only_pdf.type_message, "only PDF documents are accepted");
  EXPECT_THROW(resume_rules::parse(R"({"types":[{"extension":"exe","mime":"application/x-msdownload","name":"EXE"}]})"),
               std::runtime_error);
  EXPECT_THROW(resume_rules::parse(R"({"types":[]})"), std::runtime_error);
}

}  // namespace
}  // namespace wavesites
