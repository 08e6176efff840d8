// Mutant: reads a list's size and drops it: int[2] becomes int[]
// Must fail: Exercise03_1.SuffixesWrapInnermostFirst
// Exercise 03.1: parse the type of one schema argument.
// The lesson: chapters/03_registration/README.md#exercise-31
// Declared in: mini/exercises/parse_schema_type.h
#include <cctype>
#include <stdexcept>

#include <fmt/format.h>

#include "mini/exercises/parse_schema_type.h"
#include "mini/util/exercise.h"

namespace mini {
inline namespace ch03 {
namespace exercises {

namespace {

// A cursor over the text that refuses to go past what it expects.
class TypeScanner {
 public:
  explicit TypeScanner(std::string_view text) : text_(text) {}

  bool next(char c) {
    if (pos_ < text_.size() && text_[pos_] == c) {
      ++pos_;
      return true;
    }
    return false;
  }
  void expect(char c) {
    if (!next(c)) fail(fmt::format("expected '{}'", c));
  }
  std::string_view word() {
    const std::size_t start = pos_;
    while (pos_ < text_.size() && (std::isalnum(static_cast<unsigned char>(text_[pos_])) || text_[pos_] == '_')) ++pos_;
    if (pos_ == start) fail("expected a name");
    return text_.substr(start, pos_ - start);
  }
  std::optional<std::size_t> number() {
    std::size_t value = 0;
    bool any = false;
    while (pos_ < text_.size() && std::isdigit(static_cast<unsigned char>(text_[pos_]))) {
      value = value * 10 + static_cast<std::size_t>(text_[pos_++] - '0');
      any = true;
    }
    return any ? std::optional<std::size_t>(value) : std::nullopt;
  }
  bool atEnd() const { return pos_ == text_.size(); }
  [[noreturn]] void fail(std::string_view what) const {
    throw std::invalid_argument(fmt::format("{} at offset {} of '{}'", what, pos_, text_));
  }

 private:
  std::string_view text_;
  std::size_t pos_ = 0;
};

}  // namespace

// The base name, the alias annotation right after it, then the suffixes,
// innermost first: `Tensor?[]` is a list of optional tensors.
std::pair<SchemaType, std::optional<AliasInfo>> parseSchemaType(std::string_view text) {
  TypeScanner scan(text);
  const std::string_view name = scan.word();
  const auto kind = baseKindFromName(name);
  if (!kind) scan.fail(fmt::format("unknown type '{}'", name));
  SchemaType type = SchemaType::base(*kind);
  std::optional<AliasInfo> alias;
  if (scan.next('(')) {
    alias = AliasInfo{std::string(scan.word()), scan.next('!')};
    scan.expect(')');
  }
  while (!scan.atEnd()) {
    if (scan.next('?')) {
      type = SchemaType::optionalOf(std::move(type));
    } else if (scan.next('[')) {
      scan.number();
      scan.expect(']');
      type = SchemaType::listOf(std::move(type), std::nullopt);
    } else {
      scan.fail("expected '?' or '['");
    }
  }
  return {std::move(type), std::move(alias)};
}

}  // namespace exercises
}  // namespace ch03
}  // namespace mini
