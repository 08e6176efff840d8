// Every schema PyTorch 1.13 registers, parsed and printed back. The corpus,
// chapter 03's tests/data/pytorch-1.13-schemas.txt, is what `str(schema)` printed for each
// of `torch._C._jit_get_all_schemas()` (maint/reference/gen_schema_corpus.py wrote it),
// so a line that does not come back byte for byte is a construct the parser
// or the printer gets wrong. CMake passes the file's path as MINI_SCHEMA_CORPUS.
#include <gtest/gtest.h>

#include <fstream>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "mini/op_registration/schema_parser.h"

namespace mini {
namespace {

struct CorpusLine {
  std::size_t number;  // 1-based, as an editor shows it
  std::string text;
};

// The schemas, one a line, after the `#` header.
std::vector<CorpusLine> readCorpus(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw std::runtime_error(fmt::format("cannot open the schema corpus {}", path));
  std::vector<CorpusLine> lines;
  std::string text;
  for (std::size_t number = 1; std::getline(in, text); ++number) {
    if (!text.empty() && text.front() != '#') lines.push_back({number, text});
  }
  return lines;
}

TEST(SchemaCorpus, EveryPyTorch113SchemaPrintsBackIdentically) {
  const std::vector<CorpusLine> corpus = readCorpus(MINI_SCHEMA_CORPUS);
  // The header says 4165; fewer means the file was cut, and the test would pass on less.
  ASSERT_EQ(corpus.size(), 4165u);
  std::size_t failures = 0;
  for (const auto& [number, text] : corpus) {
    std::string printed;
    try {
      printed = parseSchema(text).toString();
    } catch (const SchemaParseError& error) {
      printed = fmt::format("<error> {}", error.what());
    }
    if (printed == text) continue;
    // Every mismatch counts; the first 20 are printed, enough to see a pattern.
    if (++failures <= 20) {
      ADD_FAILURE() << fmt::format("{}:{}:\n  expected {}\n  printed  {}", MINI_SCHEMA_CORPUS, number, text, printed);
    }
  }
  EXPECT_EQ(failures, 0u) << "of " << corpus.size() << " schemas did not print back identically";
}

}  // namespace
}  // namespace mini
