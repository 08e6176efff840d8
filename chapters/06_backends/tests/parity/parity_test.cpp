// The differential suite: chapter 06 against torch 1.13, one test per family
// of tests/data/parity/ (maint/reference/gen_parity_data.py wrote each from torch; the
// format is in the README beside the data). Every case runs; a test lists
// every case that disagrees, with the statement and both outcomes, and fails
// on any disagreement that parity_differences.h does not name, and on any
// entry there that its family no longer needs. CMake passes the data's
// folder as MINI_PARITY_DATA.
#include <gtest/gtest.h>

#include <set>
#include <string>

#include <fmt/format.h>

#include "mini/util/warning.h"
#include "parity/parity_data.h"
#include "parity/parity_differences.h"
#include "parity/parity_runner.h"

namespace mini_parity {
namespace {

void runFamily(const std::string& name) {
  const Family family = readFamily(fmt::format("{}/{}.txt", MINI_PARITY_DATA, name));
  // The header's count: fewer cases read means a cut file, and a pass on less.
  ASSERT_EQ(family.cases.size(), family.declared) << family.path;
  ASSERT_GT(family.cases.size(), 0u) << family.path;
  // out= resizes warn, as torch's do; the suite checks results, not the log.
  auto previous = mini::setWarningHandler([](const std::string&) {});
  std::set<const Difference*> used;
  std::string report;
  std::size_t disagreements = 0, deliberate = 0, notDone = 0;
  for (const Case& test : family.cases) {
    const CaseResult result = runCase(test);
    used.insert(result.accepted.begin(), result.accepted.end());
    switch (result.verdict) {
      case Verdict::Agrees: break;
      case Verdict::Deliberate: ++deliberate; break;
      case Verdict::ExerciseNotDone: ++notDone; break;
      case Verdict::Disagrees:
        ++disagreements;
        report += fmt::format("  {} ({}:{})\n    {}\n", test.name, family.path, test.line, result.detail);
        break;
    }
  }
  mini::setWarningHandler(previous);
  EXPECT_EQ(disagreements, 0u) << disagreements << " of " << family.cases.size() << " cases of " << name
                               << " disagree with torch 1.13:\n"
                               << report;
  for (const Difference& difference : kDeliberateDifferences) {
    const bool ofThisFamily =
        fmt::format(",{},", difference.families).find(fmt::format(",{},", name)) != std::string::npos;
    // With a stub in place (the learner build) the cases that reach it say nothing either way.
    if (ofThisFamily && !used.contains(&difference) && notDone == 0) {
      ADD_FAILURE() << "the deliberate difference '" << difference.name << "' matched no case of " << name
                    << ": the chapter agrees with torch there now; remove it from parity_differences.h, "
                    << "and its explanation (" << difference.explained << ")";
    }
  }
  fmt::print("{}: {} cases, {} agree, {} differ deliberately, {} disagree, {} reach an unfinished exercise\n", name,
             family.cases.size(), family.cases.size() - deliberate - disagreements - notDone, deliberate, disagreements,
             notDone);
}

TEST(Parity, Promotion) { runFamily("promotion"); }
TEST(Parity, Broadcasting) { runFamily("broadcasting"); }
TEST(Parity, Values) { runFamily("values"); }
TEST(Parity, Gradients) { runFamily("gradients"); }
TEST(Parity, Versions) { runFamily("versions"); }
TEST(Parity, Misuse) { runFamily("misuse"); }
TEST(Parity, Out) { runFamily("out"); }
TEST(Parity, FactoriesViews) { runFamily("factories_views"); }
TEST(Parity, Errors) { runFamily("errors"); }
TEST(Parity, Alpha) { runFamily("alpha"); }
TEST(Parity, Comparison) { runFamily("comparison"); }
TEST(Parity, Classifier) { runFamily("classifier"); }
// float16 and bfloat16 (maint/reference/gen_reduced_precision_data.py wrote it).
TEST(Parity, ReducedPrecision) { runFamily("reduced_precision"); }

}  // namespace
}  // namespace mini_parity
