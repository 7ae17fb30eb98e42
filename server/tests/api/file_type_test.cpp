#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "api/file_type.hpp"

namespace wavesites {
namespace {

// --- Building real sample files ----------------------------------------------------------------

std::uint32_t crc32(std::string_view data) {
  std::uint32_t crc = 0xFFFFFFFFU;
  for (const char ch : data) {
    crc ^= static_cast<unsigned char>(ch);
    for (int k = 0; k < 8; ++k) crc = (crc >> 1) ^ (0xEDB88320U & (0U - (crc & 1U)));
  }
  return ~crc;
}

void put16(std::string& s, unsigned v) {
  s += static_cast<char>(v & 0xFF);
  s += static_cast<char>((v >> 8) & 0xFF);
}

void put32(std::string& s, std::uint32_t v) {
  put16(s, v & 0xFFFF);
  put16(s, v >> 16);
}

struct zip_entry {
  std::string name;
  std::string data;
};

// A ZIP archive with every entry stored (no compression), as zipfile.ZIP_STORED would write it.
std::string build_zip(const std::vector<zip_entry>& entries) {
  std::string out;
  std::string central;
  for (const auto& e : entries) {
    const auto offset = static_cast<std::uint32_t>(out.size());
    const auto crc = crc32(e.data);
    const auto size = static_cast<std::uint32_t>(e.data.size());
    const auto name_size = static_cast<unsigned>(e.name.size());
    out += "PK\x03\x04";
    put16(out, 20);      // version needed
    put16(out, 0);       // flags
    put16(out, 0);       // stored
    put16(out, 0);       // time
    put16(out, 0x5921);  // date: 2024-09-01
    put32(out, crc);
    put32(out, size);
    put32(out, size);
    put16(out, name_size);
    put16(out, 0);  // extra
    out += e.name;
    out += e.data;

    central += "PK\x01\x02";
    put16(central, 20);  // made by
    put16(central, 20);  // version needed
    put16(central, 0);
    put16(central, 0);
    put16(central, 0);
    put16(central, 0x5921);
    put32(central, crc);
    put32(central, size);
    put32(central, size);
    put16(central, name_size);
    put16(central, 0);  // extra
    put16(central, 0);  // comment
    put16(central, 0);  // disk
    put16(central, 0);  // internal attributes
    put32(central, 0);  // external attributes
    put32(central, offset);
    central += e.name;
  }
  const auto central_offset = static_cast<std::uint32_t>(out.size());
  out += central;
  out += "PK\x05\x06";
  put16(out, 0);
  put16(out, 0);
  put16(out, static_cast<unsigned>(entries.size()));
  put16(out, static_cast<unsigned>(entries.size()));
  put32(out, static_cast<std::uint32_t>(central.size()));
  put32(out, central_offset);
  put16(out, 0);
  return out;
}

std::string sample_docx() {
  return build_zip({
      {"[Content_Types].xml",
       R"(<?xml version="1.0" encoding="UTF-8" standalone="yes"?>)"
       R"(<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">)"
       R"(<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>)"
       R"(<Default Extension="xml" ContentType="application/xml"/>)"
       R"(<Override PartName="/word/document.xml" )"
       R"(ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>)"},
      {"_rels/.rels", R"(<?xml version="1.0" encoding="UTF-8" standalone="yes"?>)"
                      R"(<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">)"
                      R"(<Relationship Id="rId1" )"
                      R"(Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" )"
                      R"(Target="word/document.xml"/></Relationships>)"},
      {"word/document.xml", R"(<?xml version="1.0" encoding="UTF-8" standalone="yes"?>)"
                            R"(<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main">)"
                            R"(<w:body><w:p><w:r><w:t>Ada Lovelace, analyst</w:t></w:r></w:p></w:body></w:document>)"},
  });
}

std::string sample_odf(std::string_view mime) {
  return build_zip({
      {"mimetype", std::string(mime)},
      {"META-INF/manifest.xml",
       R"(<?xml version="1.0" encoding="UTF-8"?>)"
       R"(<manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0" )"
       R"(manifest:version="1.2"><manifest:file-entry manifest:full-path="/" manifest:media-type=")" +
           std::string(mime) +
           R"("/><manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml"/>)"
           R"(</manifest:manifest>)"},
      {"content.xml", R"(<?xml version="1.0" encoding="UTF-8"?>)"
                      R"(<office:document-content xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" )"
                      R"(xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" office:version="1.2">)"
                      R"(<office:body><office:text><text:p>Ada Lovelace, analyst</text:p></office:text></office:body>)"
                      R"(</office:document-content>)"},
  });
}

// A one-page PDF with a correct cross-reference table.
std::string sample_pdf() {
  const std::vector<std::string> objects = {
      "<< /Type /Catalog /Pages 2 0 R >>",
      "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
      "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 144] /Contents 4 0 R "  // NOLINT(bugprone-suspicious-missing-comma)
      "/Resources << /Font << /F1 5 0 R >> >> >>",
      "<< /Length 42 >>\nstream\nBT /F1 18 Tf 36 72 Td (Ada Lovelace) Tj ET\nendstream",
      "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
  };
  std::string pdf = "%PDF-1.4\n%\xE2\xE3\xCF\xD3\n";
  std::vector<std::size_t> offsets;
  for (std::size_t i = 0; i < objects.size(); ++i) {
    offsets.push_back(pdf.size());
    pdf += std::to_string(i + 1) + " 0 obj\n" + objects[i] + "\nendobj\n";
  }
  const auto xref = pdf.size();
  pdf += "xref\n0 " + std::to_string(objects.size() + 1) + "\n0000000000 65535 f \n";
  for (const auto offset : offsets) {
    auto digits = std::to_string(offset);
    pdf += std::string(10 - digits.size(), '0') + digits + " 00000 n \n";
  }
  pdf += "trailer\n<< /Size " + std::to_string(objects.size() + 1) + " /Root 1 0 R >>\nstartxref\n" +
         std::to_string(xref) + "\n%%EOF\n";
  return pdf;
}

const std::string sample_rtf = "{\\rtf1\\ansi\\deff0{\\fonttbl{\\f0 Times New Roman;}}\\f0\\fs24 Ada Lovelace\\par}";

// The 512-byte header sector of an OLE2 compound file (what every .doc starts with).
std::string sample_ole2() {
  std::string h = "\xD0\xCF\x11\xE0\xA1\xB1\x1A\xE1";
  h += std::string(16, '\0');  // CLSID
  put16(h, 0x003E);            // minor version
  put16(h, 0x0003);            // major version 3
  put16(h, 0xFFFE);            // little-endian
  put16(h, 0x0009);            // 512-byte sectors
  put16(h, 0x0006);            // 64-byte mini sectors
  h.resize(512, '\xFF');
  return h + std::string(1024, '\0');
}

const std::string sample_text =
    "Ada Lovelace\r\n\tAnalyst \xE2\x80\x93 London\f\n"
    "Gr\xC3\xBC\xC3\x9F"
    "e, \xE5\xB1\xA5\xE6\xAD\xB4\xE6\x9B\xB8, \xEC\x9D\xB4\xEB\xA0\xA5\xEC\x84\x9C "
    "\xF0\x9F\x98\x80 \xC2\xA9\n";

// --- Sniffing helpers --------------------------------------------------------------------------

std::optional<file_type> sniff(const std::vector<std::string_view>& chunks, std::string_view name = "upload") {
  file_type_sniffer s;
  for (const auto c : chunks) s.feed(c);
  return s.result(name);
}

std::string extension_of(std::string_view bytes, std::string_view name = "upload") {
  const auto t = sniff({bytes}, name);
  return t ? std::string(t->extension) : "none";
}

// Same answer for the whole file, byte by byte, and every split into two pieces.
void expect_every_split(std::string_view bytes, std::string_view expected, std::string_view name = "upload") {
  EXPECT_EQ(extension_of(bytes, name), expected);
  std::vector<std::string_view> single;
  for (std::size_t i = 0; i < bytes.size(); ++i) single.push_back(bytes.substr(i, 1));
  const auto one = sniff(single, name);
  EXPECT_EQ(one ? std::string(one->extension) : "none", expected) << "byte by byte";
  for (std::size_t i = 0; i <= bytes.size(); ++i) {
    const auto t = sniff({bytes.substr(0, i), bytes.substr(i)}, name);
    ASSERT_EQ(t ? std::string(t->extension) : "none", expected) << "split at " << i;
  }
}

// --- Accepted types ----------------------------------------------------------------------------

TEST(FileType, Pdf) {
  const auto pdf = sample_pdf();
  expect_every_split(pdf, "pdf");
  EXPECT_EQ(sniff({pdf})->mime, "application/pdf");
}

TEST(FileType, Rtf) {
  expect_every_split(sample_rtf, "rtf");
  EXPECT_EQ(sniff({sample_rtf})->mime, "application/rtf");
}

TEST(FileType, Docx) {
  const auto docx = sample_docx();
  expect_every_split(docx, "docx");
  EXPECT_EQ(sniff({docx})->mime, "application/vnd.openxmlformats-officedocument.wordprocessingml.document");
}

TEST(FileType, DocxFoundByEitherHeader) {
  const auto docx = sample_docx();
  // The name also appears inside [Content_Types].xml and _rels/.rels; the local header's copy is
  // the one followed by the entry's data, the central directory's the last one.
  const auto local = docx.find("word/document.xml<?xml");
  const auto central = docx.rfind("word/document.xml");
  ASSERT_NE(local, std::string::npos);
  ASSERT_GT(central, local);
  // Spoil one copy of the name at a time: the other one still gives the type away.
  auto only_central = docx;
  only_central[local] = 'W';
  expect_every_split(only_central, "docx");
  auto only_local = docx;
  only_local[central] = 'W';
  expect_every_split(only_local, "docx");
  auto neither = only_local;
  neither[local] = 'W';
  EXPECT_EQ(extension_of(neither), "none");
}

TEST(FileType, Odt) {
  const auto odt = sample_odf("application/vnd.oasis.opendocument.text");
  expect_every_split(odt, "odt");
  EXPECT_EQ(sniff({odt})->mime, "application/vnd.oasis.opendocument.text");
}

TEST(FileType, DocNeedsTheOle2SignatureAndAWordName) {
  const auto ole = sample_ole2();
  expect_every_split(ole, "doc", "cv.doc");
  EXPECT_EQ(extension_of(ole, "CV.DOC"), "doc");
  EXPECT_EQ(extension_of(ole, "template.dot"), "doc");
  EXPECT_EQ(sniff({ole}, "cv.doc")->mime, "application/msword");
  // The same container holds spreadsheets, presentations and installers.
  EXPECT_EQ(extension_of(ole, "budget.xls"), "none");
  EXPECT_EQ(extension_of(ole, "setup.msi"), "none");
  EXPECT_EQ(extension_of(ole, ""), "none");
  EXPECT_EQ(extension_of(ole, "doc"), "none");
  // A .doc name on something else is not a DOC.
  EXPECT_EQ(extension_of(std::string("\xD0\xCF\x11\xE0", 4) + std::string(100, '\0'), "cv.doc"), "none");
}

TEST(FileType, Utf8TextSplitAnywhere) {
  expect_every_split(sample_text, "txt");
  EXPECT_EQ(sniff({sample_text})->mime, "text/plain");
  expect_every_split("\xEF\xBB\xBF" + sample_text, "txt");
  expect_every_split("x", "txt");
  // A character whose bytes arrive in three separate chunks.
  EXPECT_EQ(sniff({"caf\xF0\x9F", "\x98", "\x80!"}).has_value(), true);
}

TEST(FileType, LargeTextStreamsThrough) {
  const std::string line = "Experience: 2019-2024 \xE2\x80\x94 r\xC3\xA9sum\xC3\xA9 writer \xF0\x9F\x93\x84\r\n";
  std::string text;
  while (text.size() < (std::size_t{1} << 20)) text += line;
  // 997-byte pieces cut characters in every possible place.
  file_type_sniffer s;
  for (std::size_t i = 0; i < text.size(); i += 997) s.feed(std::string_view(text).substr(i, 997));
  const auto t = s.result("cv.txt");
  ASSERT_TRUE(t.has_value());
  EXPECT_EQ(t->extension, "txt");
  s.feed("\x01");
  EXPECT_FALSE(s.result("cv.txt").has_value()) << "one control character at the end spoils it";
}

// --- Refused bytes -----------------------------------------------------------------------------

TEST(FileType, RefusesInvalidOrControlText) {
  for (const std::string& bad : {
           std::string(""),
           std::string("\xEF\xBB\xBF"),      // a byte order mark alone is empty
           std::string("abc\0def", 7),       // NUL
           std::string("esc \x1b[31m red"),  // terminal escape
           std::string("del \x7f"),
           std::string("bell \x07"),
           std::string("c1 \xC2\x85 next line"),  // U+0085, a C1 control
           std::string("overlong \xC0\xAF"),
           std::string("overlong \xE0\x80\xAF"),
           std::string("overlong \xF0\x80\x80\xAF"),
           std::string("surrogate \xED\xA0\x80"),
           std::string("too high \xF4\x90\x80\x80"),
           std::string("not utf-8 \xF5\x80\x80\x80"),
           std::string("lone continuation \x80"),
           std::string("latin-1 r\xE9sum\xE9"),
           std::string("truncated \xE2\x82"),
           std::string("utf-16\0 \0", 9),
       }) {
    EXPECT_EQ(extension_of(bad), "none") << bad;
  }
  // Valid up to the last chunk, which leaves a character unfinished.
  EXPECT_FALSE(sniff({"abc", "\xE2\x82"}).has_value());
  EXPECT_TRUE(sniff({"abc", "\xE2\x82", "\xAC"}).has_value());
}

TEST(FileType, RefusesOtherFormats) {
  const std::string png =
      std::string("\x89PNG\r\n\x1a\n\0\0\0\rIHDR\0\0\0\x01\0\0\0\x01\x08\x06\0\0\0\x1f\x15\xc4\x89", 33);
  expect_every_split(png, "none", "cv.pdf");
  const std::string jpeg("\xFF\xD8\xFF\xE0\0\x10JFIF\0", 11);
  EXPECT_EQ(extension_of(jpeg, "cv.doc"), "none");
  const std::string elf(
      "\x7F"
      "ELF\x02\x01\x01\0\0\0\0\0\0\0\0\0",
      16);
  EXPECT_EQ(extension_of(elf), "none");
  const std::string exe("MZ\x90\0\x03\0\0\0\x04\0\0\0\xFF\xFF\0\0", 16);
  EXPECT_EQ(extension_of(exe, "cv.doc"), "none");
  // Pseudo-random bytes.
  std::string noise;
  std::uint32_t x = 12345;
  for (int i = 0; i < 4096; ++i) {
    x = x * 1103515245U + 12345U;
    noise += static_cast<char>(x >> 24);
  }
  EXPECT_EQ(extension_of(noise), "none");
  // The signatures only count at the very start.
  EXPECT_EQ(extension_of(" %PDF-1.4"), "txt");
  EXPECT_EQ(extension_of("%PDF"), "txt");
}

TEST(FileType, RefusesZipsOfOtherKinds) {
  expect_every_split(build_zip({{"a.txt", "hello"}, {"b/c.bin", std::string("\0\1\2", 3)}}), "none");
  // The name inside an entry's data, not in a header.
  EXPECT_EQ(extension_of(build_zip({{"notes.txt", "see PK\x03\x04 word/document.xml for the text"}})), "none");
  EXPECT_EQ(extension_of(build_zip({{"word/document.xml.bak", "x"}})), "none");
  EXPECT_EQ(extension_of(sample_odf("application/vnd.oasis.opendocument.spreadsheet")), "none");
  EXPECT_EQ(extension_of(sample_odf("application/vnd.oasis.opendocument.text-template")), "none");
  // "mimetype" not first: not an ODF package.
  EXPECT_EQ(extension_of(build_zip({{"content.xml", "<x/>"}, {"mimetype", "application/vnd.oasis.opendocument.text"}})),
            "none");
  EXPECT_EQ(extension_of("PK\x03\x04"), "none");
  EXPECT_EQ(extension_of(build_zip({})), "none");
}

// --- Names -------------------------------------------------------------------------------------

bool valid_utf8(std::string_view s) {
  file_type_sniffer check;  // text sniffing validates UTF-8; controls are already gone
  check.feed(s);
  return s.empty() || check.result("").has_value();
}

TEST(SanitizeFileName, DropsDirectories) {
  EXPECT_EQ(sanitize_file_name("../../etc/passwd"), "passwd");
  EXPECT_EQ(sanitize_file_name("C:\\x\\y.pdf"), "y.pdf");
  EXPECT_EQ(sanitize_file_name("/home/ada/cv.pdf"), "cv.pdf");
  EXPECT_EQ(sanitize_file_name("..\\..\\boot.ini"), "boot.ini");
  EXPECT_EQ(sanitize_file_name("dir/"), "resume");
  EXPECT_EQ(sanitize_file_name("C:\\"), "resume");
}

TEST(SanitizeFileName, KeepsOrdinaryNames) {
  EXPECT_EQ(sanitize_file_name("cv.pdf"), "cv.pdf");
  EXPECT_EQ(sanitize_file_name("My CV (2024) \xE2\x80\x93 final.docx"), "My CV (2024) \xE2\x80\x93 final.docx");
  EXPECT_EQ(sanitize_file_name("\xE5\xB1\xA5\xE6\xAD\xB4\xE6\x9B\xB8.pdf"), "\xE5\xB1\xA5\xE6\xAD\xB4\xE6\x9B\xB8.pdf");
}

TEST(SanitizeFileName, RemovesControlAndSpoofingCharacters) {
  EXPECT_EQ(sanitize_file_name(std::string("cv\x01\x1f\x7f\0.pdf", 10)), "cv.pdf");
  EXPECT_EQ(sanitize_file_name("line\r\nbreak\t.txt"), "linebreak.txt");
  EXPECT_EQ(sanitize_file_name("a\xC2\x85"
                               "b.txt"),
            "ab.txt");
  EXPECT_EQ(sanitize_file_name("cv\xE2\x80\xAE"
                               "fdp.exe"),
            "cvfdp.exe");
  EXPECT_EQ(sanitize_file_name("a<b>:c\"d|e?f*.pdf"), "a_b__c_d_e_f_.pdf");
  EXPECT_EQ(sanitize_file_name(".hidden.pdf"), "hidden.pdf");
  EXPECT_EQ(sanitize_file_name("cv.pdf. . "), "cv.pdf");
}

TEST(SanitizeFileName, ReplacesInvalidUtf8) {
  EXPECT_EQ(sanitize_file_name("r\xE9sum\xE9.pdf"), "r_sum_.pdf");
  EXPECT_EQ(sanitize_file_name("\xC0\xAF.txt"), "__.txt");
  EXPECT_EQ(sanitize_file_name("\xED\xA0\x80x"), "___x");
  EXPECT_EQ(sanitize_file_name("end\xE2\x82"), "end__");
  EXPECT_TRUE(valid_utf8(sanitize_file_name("\xFF\xFE\xF8\x88\x80\x80\x80\x80.doc")));
}

TEST(SanitizeFileName, ShortensLongNamesKeepingTheExtension) {
  const auto a = sanitize_file_name(std::string(300, 'a') + ".pdf");
  EXPECT_EQ(a, std::string(196, 'a') + ".pdf");
  EXPECT_EQ(sanitize_file_name(std::string(300, 'b')), std::string(200, 'b'));
  std::string kanji;
  for (int i = 0; i < 100; ++i) kanji += "\xE5\xB1\xA5";
  const auto k = sanitize_file_name(kanji + ".pdf");
  EXPECT_LE(k.size(), 200U);
  EXPECT_TRUE(k.ends_with(".pdf"));
  EXPECT_TRUE(valid_utf8(k));
  EXPECT_EQ(k.size(), 195U + 4U);
  const auto long_extension = sanitize_file_name(std::string(250, 'c') + "." + std::string(30, 'e'));
  EXPECT_EQ(long_extension.size(), 200U);
  EXPECT_TRUE(valid_utf8(sanitize_file_name(kanji + kanji)));
  EXPECT_LE(sanitize_file_name(kanji + kanji).size(), 200U);
}

TEST(SanitizeFileName, NeverEmpty) {
  EXPECT_EQ(sanitize_file_name(""), "resume");
  EXPECT_EQ(sanitize_file_name(".."), "resume");
  EXPECT_EQ(sanitize_file_name(" . "), "resume");
  EXPECT_EQ(sanitize_file_name("\x01\x02"), "resume");
  EXPECT_EQ(sanitize_file_name("/"), "resume");
}

}  // namespace
}  // namespace wavesites
