#pragma once
// Tests that an exercise does its work itself. Some exercises ask for what
// the chapter already has a function for (03.4 writes the check that
// findSchemaDifferences makes), and their tests compare the learner's answer
// with that function: a call to it would pass them all and teach nothing.
// These tests read the exercise file the program was built from: the
// solution, the learner's file or a mutant (maint/mutants.py), which
// cmake/MiniChapter.cmake lists in mini_test::kExerciseFiles.

#include <fstream>
#include <regex>
#include <sstream>
#include <string>
#include <string_view>

#include <gtest/gtest.h>

namespace mini_test {

/// The exercise files of this program, one path per line (generated).
extern const std::string_view kExerciseFiles;

/// The path of the exercise file `name` ("explain_slot.cpp") in this
/// program; a mutant (explain_slot.delegates.cpp) stands for its solution.
inline std::string exerciseFile(std::string_view name) {
  const std::string_view stem = name.substr(0, name.find('.'));
  std::string_view files = kExerciseFiles;
  while (!files.empty()) {
    const std::size_t end = files.find('\n');
    const std::string_view path = files.substr(0, end);
    const std::string_view base = path.substr(path.find_last_of('/') + 1);
    if (base.substr(0, base.find('.')) == stem) {
      return std::string(path);
    }
    files = end == std::string_view::npos ? std::string_view() : files.substr(end + 1);
  }
  return "";
}

/// C++ source without its comments and the contents of its string and
/// character literals, which may name a function without calling it.
inline std::string codeOnly(std::string_view text) {
  std::string code;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text.substr(i, 2) == "//") {
      i = text.find('\n', i);
      if (i == std::string_view::npos) break;
      code += '\n';
    } else if (text.substr(i, 2) == "/*") {
      i = text.find("*/", i + 2);
      if (i == std::string_view::npos) break;
      ++i;
      code += ' ';
    } else if (text[i] == '"' || text[i] == '\'') {
      const char quote = text[i];
      code += quote;
      for (++i; i < text.size() && text[i] != quote; ++i) {
        if (text[i] == '\\') ++i;
      }
      code += quote;
    } else {
      code += text[i];
    }
  }
  return code;
}

/// Fails the test when the exercise file `name` calls `function` (as
/// `function(`, `function<...>(` or `x.function(`): `why` says what the
/// exercise wants written instead.
inline void expectDoesNotCall(std::string_view name, const std::string& function, std::string_view why) {
  const std::string path = exerciseFile(name);
  ASSERT_FALSE(path.empty()) << name << " is not among this program's exercise files:\n" << kExerciseFiles;
  std::ifstream file(path);
  ASSERT_TRUE(file) << "cannot read " << path;
  std::stringstream text;
  text << file.rdbuf();
  const std::regex call("\\b" + function + "\\s*[<(]");
  EXPECT_FALSE(std::regex_search(codeOnly(text.str()), call)) << path << " calls " << function << ": " << why;
}

}  // namespace mini_test
