// Random programs against torch 1.13: straight-line programs drawn from fixed
// seeds over the chapter's operators (maint/reference/gen_random_programs.py
// wrote them, with every outcome torch gave), each run on the chapter
// through its public functions by the parity suite's runner. A program whose
// outcome differs at some statement fails the test, with the program printed,
// unless kRandomProgramDifferences below names the difference as deliberate.
// CMake passes the data file as MINI_RANDOM_PROGRAMS.
#include <gtest/gtest.h>

#include <map>
#include <set>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "mini/util/warning.h"
#include "parity/parity_data.h"
#include "parity/parity_differences.h"
#include "parity/parity_runner.h"

namespace mini_parity {
namespace {

/// The differences these programs meet that the course makes on purpose,
/// each explained in docs/errors.md and the lesson. A fixed one must leave
/// this list: an entry that no program needs fails the test.
const std::vector<Difference> kRandomProgramDifferences = {
    {"an elementwise result is contiguous; 1.13's follows its inputs' stride order, so view() may refuse it", "random",
     " view ", "view size is not compatible with input tensor's size and stride", "",
     "docs/errors.md#error-06-deliberate-differences"},
};

/// A program chains up to eight operators, in float32 or mixing float32 and
/// float64: rounding differences of a few units in the last place (SLEEF's
/// exp and sin, summation order) grow through the chain and its backward,
/// and cancellation makes them large relative to a small result. A wrong
/// formula or a lost write is off by far more.
constexpr Tolerance kProgramTolerance{1e-5, 1e-5};

/// The program as the data writes it, with torch's outcome of each statement.
std::string programText(const Case& program) {
  std::string text;
  for (const Statement& statement : program.statements) {
    text += fmt::format("      {:>5}  {} => {}\n", statement.line, statement.text, statement.expected);
  }
  return text;
}

TEST(RandomPrograms, AgreeWithTorch113) {
  const Family programs = readFamily(MINI_RANDOM_PROGRAMS);
  // The header's count: fewer programs read means a cut file, and a pass on less.
  ASSERT_EQ(programs.cases.size(), programs.declared) << programs.path;
  ASSERT_GE(programs.cases.size(), 1000u) << programs.path;
  // out= resizes warn, as torch's do; the programs check results, not the log.
  auto previous = mini::setWarningHandler([](const std::string&) {});
  std::set<const Difference*> used;
  std::map<const Difference*, std::size_t> acceptedBy;
  std::string report;
  std::size_t disagreements = 0, deliberate = 0, statements = 0;
  for (const Case& program : programs.cases) {
    statements += program.statements.size();
    const CaseResult result = runCase(program, kRandomProgramDifferences, kProgramTolerance);
    used.insert(result.accepted.begin(), result.accepted.end());
    for (const Difference* difference : result.accepted) ++acceptedBy[difference];
    if (result.verdict == Verdict::Deliberate) ++deliberate;
    if (result.verdict != Verdict::Disagrees) continue;
    // The first few in full: enough to see a pattern without a wall of text.
    report += fmt::format("  {} ({}:{})\n    {}\n", program.name, programs.path, program.line, result.detail);
    if (++disagreements <= 5) report += fmt::format("    the program:\n{}", programText(program));
  }
  mini::setWarningHandler(previous);
  EXPECT_EQ(disagreements, 0u) << disagreements << " of " << programs.cases.size()
                               << " random programs disagree with torch 1.13:\n"
                               << report;
  for (const Difference& difference : kRandomProgramDifferences) {
    if (!used.contains(&difference)) {
      ADD_FAILURE() << "the deliberate difference '" << difference.name << "' matched no random program: the "
                    << "chapter agrees with torch there now; remove it from kRandomProgramDifferences, and its "
                    << "explanation (" << difference.explained << ")";
    }
  }
  fmt::print("random programs: {} programs, {} statements, {} agree, {} differ deliberately, {} disagree\n",
             programs.cases.size(), statements, programs.cases.size() - deliberate - disagreements, deliberate,
             disagreements);
  for (const auto& [difference, count] : acceptedBy) fmt::print("  {} statement(s): {}\n", count, difference->name);
}

}  // namespace
}  // namespace mini_parity
