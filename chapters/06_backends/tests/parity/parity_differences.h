#pragma once
// Where chapter 06 differs from torch 1.13 on purpose, named. The parity
// suite accepts a disagreement only when an entry here matches it, and
// fails when an entry of a family matches nothing there any more: a fixed
// difference must leave this list, and the lesson's and the catalogue's
// words with it.

#include <string>
#include <string_view>
#include <vector>

#include <fmt/format.h>

namespace mini_parity {

struct Difference {
  std::string name;       // what differs, in a few words
  std::string families;   // the families whose data meets it, comma-separated
  std::string statement;  // a fragment of the case's name and statement ("/clone/", "call r matmul"), or ""
  std::string torch;      // a fragment of torch's outcome, or "" for any
  std::string chapter;    // a fragment of the chapter's outcome
  std::string explained;  // where the course says so: docs/errors.md's anchor, the lesson
};

/// Everything else the chapter does differently, deliberately. Each says
/// where the course explains it.
inline const std::vector<Difference> kDeliberateDifferences = {
    {"backward(gradient) does not convert a gradient of another dtype to the output's; matmul's formula refuses it",
     "misuse", "backward r h", "ok", "expected scalar type", "docs/errors.md#error-06-deliberate-differences"},
    {"relu.out is structured, with the elementwise casting rule; 1.13's is generated (relu, then copy_)", "promotion",
     "call r relu.out", "", "can't be cast to the desired output type", "docs/errors.md#error-06-inplace-cast"},
    {"relu.out refuses inputs or an out= that require grad, as every out= here does", "gradients,out",
     "call r relu.out", "", "functions with out=... arguments don't support automatic differentiation",
     "docs/errors.md#error-06-out-requires-grad"},
    {"matmul is one operator here: its out= error names matmul, where 1.13's names mm", "gradients",
     "call r matmul.out",
     "mm(): functions with out=", "matmul(): functions with out=", "docs/errors.md#error-06-out-requires-grad"},
    {"matmul multiplies 2-D tensors only", "versions", "call r matmul.out", "",
     "this chapter multiplies 2-D tensors only", "docs/errors.md#error-05-matmul-dims"},
    {"an elementwise result is contiguous; 1.13's follows its inputs' stride order (a comparison of a transposed view)",
     "comparison", "transposed_operand strides r", "", "", "docs/errors.md#error-06-deliberate-differences"},
    {"clone and _to_copy give a contiguous result; 1.13 keeps the input's stride order (preserve_format)",
     "values,factories_views", "strides r", "", "", "docs/errors.md#error-06-deliberate-differences"},
};

/// The entry that accepts this disagreement, or null.
inline const Difference* findDifference(const std::string& caseAndStatement, const std::string& torch,
                                        const std::string& chapter,
                                        const std::vector<Difference>& differences = kDeliberateDifferences) {
  for (const Difference& difference : differences) {
    if (caseAndStatement.find(difference.statement) != std::string::npos &&
        torch.find(difference.torch) != std::string::npos && chapter.find(difference.chapter) != std::string::npos) {
      return &difference;
    }
  }
  return nullptr;
}

}  // namespace mini_parity
