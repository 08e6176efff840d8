#pragma once
// Reading the differential data that maint/reference/gen_parity_data.py wrote from
// torch 1.13 (tests/data/parity/<family>.txt; its README.md has the format):
// cases of statements, each with the outcome torch gave after `=>`.

#include <cstddef>
#include <fstream>
#include <stdexcept>
#include <string>
#include <vector>

#include <fmt/format.h>

namespace mini_parity {

/// `call r add a b => Float [2] (1.5,2.5)`: the words before `=>`, and
/// what torch gave, as written.
struct Statement {
  std::size_t line = 0;  // 1-based, as an editor shows it
  std::string text;      // the statement as written, without the outcome
  std::vector<std::string> words;
  std::string expected;
};

/// One program: a name (family/op/what) and its statements, run in order on
/// one set of variables.
struct Case {
  std::string name;
  std::size_t line = 0;
  std::vector<Statement> statements;
};

struct Family {
  std::string path;
  std::size_t declared = 0;  // the `cases N` line: fewer read means a cut file
  std::vector<Case> cases;
};

inline std::vector<std::string> splitWords(const std::string& text) {
  std::vector<std::string> words;
  std::size_t start = 0;
  while (start <= text.size()) {
    const std::size_t space = text.find(' ', start);
    const std::size_t end = space == std::string::npos ? text.size() : space;
    if (end > start) words.push_back(text.substr(start, end - start));
    start = end + 1;
  }
  return words;
}

/// A torch message kept its line breaks as the two characters `\n`.
inline std::string unescapeMessage(const std::string& text) {
  std::string out;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '\\' && i + 1 < text.size() && text[i + 1] == 'n') {
      out += '\n';
      ++i;
    } else {
      out += text[i];
    }
  }
  return out;
}

inline Family readFamily(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw std::runtime_error(fmt::format("cannot open the parity data {}", path));
  Family family{path, 0, {}};
  std::string text;
  for (std::size_t number = 1; std::getline(in, text); ++number) {
    if (text.empty() || text.front() == '#') continue;
    if (text.rfind("cases ", 0) == 0) {
      family.declared = std::stoul(text.substr(6));
    } else if (text.rfind("case ", 0) == 0) {
      family.cases.push_back({text.substr(5), number, {}});
    } else {
      const std::size_t arrow = text.find(" => ");
      if (family.cases.empty() || arrow == std::string::npos) {
        throw std::runtime_error(fmt::format("{}:{}: not a statement of a case: {}", path, number, text));
      }
      const std::string statement = text.substr(0, arrow);
      family.cases.back().statements.push_back({number, statement, splitWords(statement), text.substr(arrow + 4)});
    }
  }
  return family;
}

}  // namespace mini_parity
