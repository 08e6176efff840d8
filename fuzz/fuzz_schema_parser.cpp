// libFuzzer target: any text given to parseSchema() ends in a schema or a
// SchemaParseError, never a crash, another exception or a sanitizer report.
//
// A schema that parses must also print as text that parses back to the same
// schema: FunctionSchema::toString() promises its output is canonical, and
// errors and the dispatch-table dumps print schemas that way. One exception,
// PyTorch's too: the `Tensor!` shorthand prints as its fresh set,
// `Tensor($0! -> )`, which PyTorch 1.13's parser does not read back; written
// again as `!`, the printed text must give the same schema.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <regex>
#include <string>
#include <string_view>

#include <fmt/format.h>

#include "mini/op_registration/schema_parser.h"

namespace {

// A broken promise is a bug the fuzzer must report: print what broke and
// abort, which libFuzzer records as a crash with the input that caused it.
[[noreturn]] void fail(std::string_view what, std::string_view source) {
  fmt::print(stderr, "fuzz_schema_parser: {}\ninput: {}\n", what, source);
  std::abort();
}

void checkRoundTrip(const mini::FunctionSchema& schema, std::string_view source) {
  static const std::regex freshSet(R"(\(\$[0-9]+! -> \))");
  const std::string printed = std::regex_replace(schema.toString(), freshSet, "!");
  mini::FunctionSchema reparsed;
  try {
    reparsed = mini::parseSchema(printed);
  } catch (const mini::SchemaParseError& error) {
    fail(fmt::format("the printed schema '{}' does not parse:\n{}", printed, error.what()), source);
  }
  if (!(reparsed == schema)) {
    fail(fmt::format("the printed schema '{}' parses to another schema, '{}'", printed, reparsed.toString()), source);
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view source(reinterpret_cast<const char*>(data), size);
  try {
    checkRoundTrip(mini::parseSchema(source), source);
  } catch (const mini::SchemaParseError& error) {
    // The marker must point into the text (or just past its end).
    if (error.offset() > source.size()) {
      fail(fmt::format("error offset {} is past the end ({} bytes)", error.offset(), source.size()), source);
    }
  }
  return 0;
}
