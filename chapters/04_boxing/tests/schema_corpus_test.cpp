// Every schema PyTorch 1.13 registers, parsed and printed back. The corpus,
// chapter 03's tests/data/pytorch-1.13-schemas.txt, is what `str(schema)` printed for each
// of `torch._C._jit_get_all_schemas()` (maint/reference/gen_schema_corpus.py wrote it),
// so a line that does not come back byte for byte is a construct the parser
// or the printer gets wrong. After them come a few texts written by hand
// (`written:`), each with what torch printed for it (`printed:`): the
// `Tensor!` shorthand, which no registered schema uses and torch prints
// otherwise. CMake passes the file's path as MINI_SCHEMA_CORPUS.
#include <gtest/gtest.h>

#include <fstream>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include <fmt/format.h>

#include "mini/op_registration/schema_parser.h"

namespace mini {
namespace {

struct CorpusLine {
  std::size_t number;   // 1-based, as an editor shows it
  std::string text;     // what parseSchema reads
  std::string printed;  // what torch printed for it: the text itself for a registered schema
};

// The schemas, one a line, after the `#` header; then the written forms, a
// `written: ` line and the `printed: ` line after it.
std::vector<CorpusLine> readCorpus(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw std::runtime_error(fmt::format("cannot open the schema corpus {}", path));
  constexpr std::string_view kWritten = "written: ";
  constexpr std::string_view kPrinted = "printed: ";
  std::vector<CorpusLine> lines;
  std::string text;
  for (std::size_t number = 1; std::getline(in, text); ++number) {
    if (text.empty() || text.front() == '#') continue;
    if (text.starts_with(kPrinted)) {
      if (lines.empty() || !lines.back().printed.empty()) {
        throw std::runtime_error(fmt::format("{}:{}: a `printed:` line without its `written:` line", path, number));
      }
      lines.back().printed = text.substr(kPrinted.size());
    } else if (text.starts_with(kWritten)) {
      lines.push_back({number, text.substr(kWritten.size()), ""});
    } else {
      lines.push_back({number, text, text});
    }
  }
  return lines;
}

TEST(SchemaCorpus, EveryPyTorch113SchemaPrintsBackIdentically) {
  const std::vector<CorpusLine> corpus = readCorpus(MINI_SCHEMA_CORPUS);
  // The header says 4165 schemas, then 5 written forms; fewer means the file
  // was cut, and the test would pass on less.
  ASSERT_EQ(corpus.size(), 4165u + 5u);
  std::size_t failures = 0;
  for (const auto& [number, text, expected] : corpus) {
    std::string printed;
    try {
      printed = parseSchema(text).toString();
    } catch (const SchemaParseError& error) {
      printed = fmt::format("<error> {}", error.what());
    }
    if (printed == expected) continue;
    // Every mismatch counts; the first 20 are printed, enough to see a pattern.
    if (++failures <= 20) {
      ADD_FAILURE() << fmt::format("{}:{}:\n  read     {}\n  expected {}\n  printed  {}", MINI_SCHEMA_CORPUS, number,
                                   text, expected, printed);
    }
  }
  EXPECT_EQ(failures, 0u) << "of " << corpus.size() << " schemas did not print as torch prints them";
}

}  // namespace
}  // namespace mini
