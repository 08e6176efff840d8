#include "mini/op_registration/schema_parser.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <charconv>
#include <utility>
#include <vector>

#include <fmt/format.h>
#include <fmt/ranges.h>  // fmt::join

namespace mini {
inline namespace ch06 {

namespace {

// ---------------------------------------------------------------------------
// Reporting. Every error, from the lexer or the parser, goes through here so
// they all have PyTorch's shape: message, source line, marker.

// [report]
// The source line holding `offset`, then `~` under [offset, offset+length).
std::string markSource(std::string_view source, std::size_t offset, std::size_t length) {
  const std::size_t line_start = offset == 0 ? 0 : source.rfind('\n', offset - 1) + 1;
  std::size_t line_end = source.find('\n', offset);
  if (line_end == std::string_view::npos) line_end = source.size();
  return fmt::format("{}\n{}{} <--- HERE\n", source.substr(line_start, line_end - line_start),
                     std::string(offset - line_start, ' '), std::string(std::max<std::size_t>(length, 1), '~'));
}

[[noreturn]] void failAt(std::string_view source, std::size_t offset, std::size_t length, std::string_view message) {
  throw SchemaParseError(fmt::format("{}:\n{}", message, markSource(source, offset, length)), offset);
}
// [report]

// ---------------------------------------------------------------------------
// The lexer: the whole source becomes a token list up front, so the parser
// can look at the current token without caring how it was read.

enum class TokenKind {
  Ident,    // Tensor, x, add, out
  Keyword,  // True, False, None: constants, never names
  Number,   // 1, 1.5, .5, 1e-5; a minus sign is a token of its own
  String,   // "x" or 'x', quotes included
  Arrow,    // ->
  Dots,     // ...: varargs
  Punct,    // one character: ( ) [ ] , * ? ! = . : - + |
  Eof,
};

struct Token {
  TokenKind kind;
  std::string_view text;  // a view into the source; empty for Eof
  std::size_t offset;
};

// How PyTorch's lexer names a token kind in "expected X but found 'Y'".
std::string_view kindName(TokenKind kind) {
  switch (kind) {
    case TokenKind::Ident: return "ident";
    case TokenKind::Number: return "number";
    case TokenKind::String: return "string_literal";
    case TokenKind::Arrow: return "arrow";
    case TokenKind::Dots: return "...";
    case TokenKind::Eof: return "eof";
    case TokenKind::Keyword:
    case TokenKind::Punct: break;
  }
  return "<token>";
}

// Punctuation and keywords are named by their own text, the rest by kind.
std::string_view describe(const Token& token) {
  if (token.kind == TokenKind::Punct || token.kind == TokenKind::Keyword) return token.text;
  return kindName(token.kind);
}

bool isIdentStart(char c) { return std::isalpha(static_cast<unsigned char>(c)) || c == '_'; }
bool isIdentChar(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }
bool isDigit(char c) { return std::isdigit(static_cast<unsigned char>(c)) != 0; }

class Lexer {
 public:
  explicit Lexer(std::string_view source) : source_(source) {}

  std::vector<Token> tokenize() {
    std::vector<Token> tokens;
    while (true) {
      skipWhitespace();
      if (pos_ == source_.size()) break;
      tokens.push_back(lexToken());
    }
    // End of input sits just past the last token, so its marker lands next to
    // the text rather than on a line of trailing whitespace.
    const std::size_t end = tokens.empty() ? 0 : tokens.back().offset + tokens.back().text.size();
    tokens.push_back(Token{TokenKind::Eof, {}, end});
    return tokens;
  }

 private:
  void skipWhitespace() {
    while (pos_ < source_.size() && std::isspace(static_cast<unsigned char>(source_[pos_]))) ++pos_;
  }

  bool at(std::size_t i, char c) const { return i < source_.size() && source_[i] == c; }
  bool digitAt(std::size_t i) const { return i < source_.size() && isDigit(source_[i]); }

  Token lexToken() {
    const std::size_t start = pos_;
    const char c = source_[pos_];
    if (isIdentStart(c)) {
      while (pos_ < source_.size() && isIdentChar(source_[pos_])) ++pos_;
      const bool keyword = isKeyword(source_.substr(start, pos_ - start));
      return make(keyword ? TokenKind::Keyword : TokenKind::Ident, start);
    }
    if (isDigit(c) || (c == '.' && digitAt(pos_ + 1))) return lexNumber(start);
    if (c == '"' || c == '\'') return lexString(start);
    if (c == '-' && at(pos_ + 1, '>')) {
      pos_ += 2;
      return make(TokenKind::Arrow, start);
    }
    if (c == '.' && at(pos_ + 1, '.') && at(pos_ + 2, '.')) {
      pos_ += 3;
      return make(TokenKind::Dots, start);
    }
    // `+` is in no rule, but lexing it lets `y=+1` say "expected number", as PyTorch does.
    if (std::string_view("()[],*?!=.:-+|").find(c) != std::string_view::npos) {
      ++pos_;
      return make(TokenKind::Punct, start);
    }
    failAt(source_, start, 1, fmt::format("expected a valid token but found '{}' here", c));
  }

  static bool isKeyword(std::string_view word) { return word == "True" || word == "False" || word == "None"; }

  // 1, 1.5, 1., .5, 1e-5, 2.5E+3. An `e` not followed by digits is not an
  // exponent: `1e` is the number 1 and then the name e (as in PyTorch).
  Token lexNumber(std::size_t start) {
    while (digitAt(pos_)) ++pos_;
    if (at(pos_, '.')) {
      ++pos_;
      while (digitAt(pos_)) ++pos_;
    }
    if (at(pos_, 'e') || at(pos_, 'E')) {
      const std::size_t digits = (at(pos_ + 1, '+') || at(pos_ + 1, '-')) ? pos_ + 2 : pos_ + 1;
      if (digitAt(digits)) {
        pos_ = digits;
        while (digitAt(pos_)) ++pos_;
      }
    }
    return make(TokenKind::Number, start);
  }

  // A quoted string; a backslash keeps the next character from closing it.
  Token lexString(std::size_t start) {
    const char quote = source_[pos_++];
    while (pos_ < source_.size() && source_[pos_] != quote) pos_ += at(pos_, '\\') ? 2 : 1;
    if (pos_ >= source_.size()) {
      failAt(source_, start, 1, fmt::format("expected a valid token but found '{}' here", quote));
    }
    ++pos_;  // the closing quote
    return make(TokenKind::String, start);
  }

  Token make(TokenKind kind, std::size_t start) const {
    return Token{kind, source_.substr(start, pos_ - start), start};
  }

  std::string_view source_;
  std::size_t pos_ = 0;
};

// ---------------------------------------------------------------------------
// The parser: one function per rule of the grammar in schema_parser.h.

// The identifiers PyTorch 1.13's parser accepts as default values, each of
// which it turns into an integer: at::kFloat, at::kComplexFloat, at::kLong,
// at::kStrided, Reduction::Mean, MemoryFormat::Contiguous. Nothing else:
// `ScalarType s=float16`, `int64` or `bool` is refused there, so here too.
constexpr std::array<std::string_view, 6> kNamedConstants{"float",   "complex", "long",
                                                          "strided", "Mean",    "contiguous_format"};

class Parser {
 public:
  explicit Parser(std::string_view source) : source_(source), tokens_(Lexer(source).tokenize()) {}

  FunctionSchema parseSchema() {
    FunctionSchema schema;
    parseName(schema);
    if (cur().kind == TokenKind::Eof) {
      throw SchemaParseError("Tried to parse a function schema but only the operator name was given", cur().offset);
    }
    expectPunct('(');
    schema.arguments = parseArguments(schema);
    expect(TokenKind::Arrow);
    schema.returns = parseReturns(schema);
    expect(TokenKind::Eof);
    return schema;
  }

 private:
  // name := ident [':' ':' ident] ['.' ident]
  void parseName(FunctionSchema& schema) {
    schema.name = std::string(expect(TokenKind::Ident).text);
    if (nextIfPunct(':')) {
      expectPunct(':');
      schema.name += "::" + std::string(expect(TokenKind::Ident).text);
    }
    if (nextIfPunct('.')) schema.overload_name = std::string(expect(TokenKind::Ident).text);
    // torch.ops.aten.foo.default names the overload whose name is empty, and
    // a dunder name is an attribute of every Python object: 1.13's parser
    // refuses both as overload names.
    if (schema.overload_name == "default" || schema.overload_name.starts_with("__")) {
      throw SchemaParseError(fmt::format("{} is not a legal overload name for aten operators", schema.overload_name),
                             cur().offset);
    }
  }

  // '(' has been read. Arguments up to and including ')'; every argument
  // after a `*` is keyword-only, and `...` (varargs) may only come last.
  std::vector<Argument> parseArguments(FunctionSchema& schema) {
    std::vector<Argument> arguments;
    bool kwarg_only = false;
    parseCommaList(')', [&] {
      if (schema.is_vararg) fail(cur(), "... must be the last element of the argument list");
      if (nextIfPunct('*')) {
        kwarg_only = true;
      } else if (nextIf(TokenKind::Dots)) {
        schema.is_vararg = true;
      } else {
        arguments.push_back(parseArgument(kwarg_only));
      }
    });
    return arguments;
  }

  // argument := type ident ['=' default]
  Argument parseArgument(bool kwarg_only) {
    auto [type, alias] = parseType();
    std::string name(expect(TokenKind::Ident).text);
    std::optional<std::string> default_value;
    if (nextIfPunct('=')) default_value = parseDefault(type);
    return Argument{std::move(name), std::move(type), std::move(default_value), kwarg_only, std::move(alias)};
  }

  // returns := '(' [result (',' result)*] ')' | result, where a result may
  // be `...` (any number of results), last.
  std::vector<Argument> parseReturns(FunctionSchema& schema) {
    std::vector<Argument> returns;
    if (!nextIfPunct('(')) {
      if (nextIf(TokenKind::Dots)) {
        schema.is_varret = true;
      } else {
        returns.push_back(parseResult());
      }
      return returns;
    }
    parseCommaList(')', [&] {
      if (schema.is_varret) fail(cur(), "... must be the last element of the return list");
      if (nextIf(TokenKind::Dots)) {
        schema.is_varret = true;
      } else {
        returns.push_back(parseResult());
      }
    });
    return returns;
  }

  // result := type [ident]: a return may be named, `-> (Tensor values, Tensor indices)`.
  Argument parseResult() {
    auto [type, alias] = parseType();
    std::string name;
    if (cur().kind == TokenKind::Ident) name = std::string(next().text);
    return Argument{std::move(name), std::move(type), std::nullopt, false, std::move(alias)};
  }

  // [parse_type]
  // type := head [alias] ('?' | '[' [number] ']' [alias])*
  std::pair<SchemaType, std::optional<AliasInfo>> parseType() {
    const int enclosing = type_depth_;
    enterTypeLevel(cur());
    SchemaType type = parseTypeHead();
    std::optional<AliasInfo> alias = parseAliasAnnotation();
    while (true) {
      const Token wrap = cur();
      if (nextIfPunct('?')) {
        enterTypeLevel(wrap);
        type = SchemaType::optionalOf(std::move(type));
      } else if (nextIfPunct('[')) {
        enterTypeLevel(wrap);
        std::optional<std::size_t> size;
        if (!nextIfPunct(']')) {
          size = parseListSize(expect(TokenKind::Number));
          expectPunct(']');
        }
        // `t[](a!)`: this annotation is the list's own, not its elements'.
        std::optional<AliasInfo> list_alias = parseAliasAnnotation();
        type = SchemaType::listOf(std::move(type), size, std::move(list_alias));
      } else {
        type_depth_ = enclosing;
        return {std::move(type), std::move(alias)};
      }
    }
  }
  // [parse_type]

  // head := '(' [type (',' type)*] ')'          a tuple
  //       | 'Dict' '(' type ',' type ')' | ('Future' | 'RRef') '(' type ')'
  //       | 'Union' '(' type (',' type)* ')'
  //       | '__torch__' '.' 'torch' '.' 'classes' '.' ident '.' ident
  //       | None | ident                        a base type, or a type variable
  SchemaType parseTypeHead() {
    if (nextIfPunct('(')) {
      std::vector<SchemaType> members;
      parseCommaList(')', [&] { members.push_back(parseContainedType()); });
      return SchemaType::containerOf(SchemaType::Kind::Tuple, std::move(members));
    }
    if (cur().kind == TokenKind::Keyword && cur().text == "None") {
      next();
      return SchemaType::base(SchemaType::Kind::NoneType);
    }
    const Token name = expect(TokenKind::Ident);
    if (name.text == "__torch__") return parseClassName();
    if (const auto container = containerKindFromName(name.text)) {
      expectPunct('(');
      return SchemaType::containerOf(*container, parseContainedTypes(*container));
    }
    if (const auto kind = baseKindFromName(name.text)) return SchemaType::base(*kind);
    // As in PyTorch: a lower-case name that is no type stands for any type,
    // the same one wherever the schema repeats it (`t[] l, t el`).
    if (std::islower(static_cast<unsigned char>(name.text.front()))) {
      return SchemaType::named(SchemaType::Kind::Variable, std::string(name.text));
    }
    fail(name, fmt::format("unknown type specifier '{}'", name.text));
  }

  // '(' has been read: the types inside Dict(...), Future(...), RRef(...) or
  // Union(...), and the ')'. Each container takes its own count, so that a
  // wrong one is the same "expected" error as in PyTorch.
  std::vector<SchemaType> parseContainedTypes(SchemaType::Kind container) {
    std::vector<SchemaType> elements{parseContainedType()};
    if (container == SchemaType::Kind::Dict) {
      expectPunct(',');
      elements.push_back(parseContainedType());
    } else if (container == SchemaType::Kind::Union) {
      while (nextIfPunct(',')) elements.push_back(parseContainedType());
    }
    expectPunct(')');
    return elements;
  }

  // A type inside a container. An alias annotation there would say nothing
  // PyTorch keeps (it drops them), so it is refused rather than silently lost.
  SchemaType parseContainedType() {
    const Token start = cur();
    auto [type, alias] = parseType();
    if (alias) fail(start, "alias annotations are not allowed on a type inside a container");
    return type;
  }

  // `__torch__` has been read: `.torch.classes.NAMESPACE.CLASS`, a class
  // registered with torch::class_. PyTorch also checks that it is registered;
  // we have no class registry, so any such name is a class.
  SchemaType parseClassName() {
    std::string name = "__torch__";
    for (std::string_view part : {"torch", "classes"}) {
      expectPunct('.');
      const Token token = expect(TokenKind::Ident);
      if (token.text != part) fail(token, fmt::format("Expected classes namespace but got {}", token.text));
      name += fmt::format(".{}", part);
    }
    for (int i = 0; i < 2; ++i) {  // the namespace, then the class
      expectPunct('.');
      name += fmt::format(".{}", expect(TokenKind::Ident).text);
    }
    return SchemaType::named(SchemaType::Kind::Class, std::move(name));
  }

  // alias := '(' ... ')' | '!', or none. `Tensor!` is 1.13's shorthand for a
  // written set of its own: its parser names it `$0`, `$1`, ... counting the
  // shorthands of one schema, arguments then returns.
  std::optional<AliasInfo> parseAliasAnnotation() {
    if (nextIfPunct('(')) return parseAlias();
    if (nextIfPunct('!')) return AliasInfo::freshSet(fresh_sets_++);
    return std::nullopt;
  }

  // '(' has been read: `a)`, `a!)`, `a|b)`, `*)`, `b -> *)`.
  AliasInfo parseAlias() {
    std::vector<std::string> before = parseAliasSets();
    AliasInfo alias{before.front(), nextIfPunct('!'), {before.begin() + 1, before.end()}, {}};
    if (nextIf(TokenKind::Arrow)) {
      alias.after_sets = parseAliasSets();
      // `(a -> a)` says no more than `(a)`, and PyTorch prints it so.
      if (alias.after_sets == before) alias.after_sets.clear();
    }
    expectPunct(')');
    return alias;
  }

  // set ('|' set)*, where a set is a name or the wildcard `*`.
  std::vector<std::string> parseAliasSets() {
    std::vector<std::string> sets;
    do {
      sets.emplace_back(nextIfPunct('*') ? "*" : expect(TokenKind::Ident).text);
    } while (nextIfPunct('|'));
    return sets;
  }

  std::size_t parseListSize(const Token& number) {
    std::size_t size = 0;
    const char* end = number.text.data() + number.text.size();
    auto [stop, error] = std::from_chars(number.text.data(), end, size);
    if (error != std::errc() || stop != end) fail(number, fmt::format("invalid list size '{}'", number.text));
    return size;
  }

  // default := constant | '[' [item (',' item)*] ']'. A list type takes a
  // bracketed list, or None, or (fixed-size lists only, `int[2] pad=0`) one
  // number that stands for every element.
  std::string parseDefault(const SchemaType& type) {
    const SchemaType& value_type = type.kind() == SchemaType::Kind::Optional ? type.element() : type;
    if (value_type.kind() != SchemaType::Kind::List) return parseConstant();
    if (cur().kind == TokenKind::Keyword && cur().text == "None") return std::string(next().text);
    if (value_type.fixedSize() && !isPunct(cur(), '[')) return parseNumber();
    expectPunct('[');
    std::vector<std::string> items;
    parseCommaList(']', [&] { items.push_back(parseListItem()); });
    return fmt::format("[{}]", fmt::join(items, ", "));
  }

  // constant := True | False | None | string | named constant | ['-'] number
  std::string parseConstant() {
    const Token& token = cur();
    if (token.kind == TokenKind::Keyword) return std::string(next().text);
    if (token.kind == TokenKind::String) return canonicalString(next().text);
    if (token.kind == TokenKind::Ident) {
      if (std::find(kNamedConstants.begin(), kNamedConstants.end(), token.text) == kNamedConstants.end()) {
        // torch says only "invalid numeric default value"; a dtype name that
        // looks right (float16) deserves the list of names that are.
        fail(token, fmt::format("invalid numeric default value '{}' (a named default is one of {})", token.text,
                                fmt::join(kNamedConstants, ", ")));
      }
      return std::string(next().text);
    }
    return parseNumber();
  }

  // A list element: a number, or True/False for bool lists.
  std::string parseListItem() {
    if (cur().kind == TokenKind::Keyword && cur().text != "None") return std::string(next().text);
    return parseNumber();
  }

  // ['-'] number, as written.
  std::string parseNumber() {
    const bool negative = nextIfPunct('-');
    return (negative ? "-" : "") + std::string(expect(TokenKind::Number).text);
  }

  // PyTorch prints strings in double quotes, so 'mean' becomes "mean".
  static std::string canonicalString(std::string_view quoted) {
    if (quoted.front() == '"') return std::string(quoted);
    std::string out = "\"";
    const std::string_view body = quoted.substr(1, quoted.size() - 2);
    for (std::size_t i = 0; i < body.size(); ++i) {
      if (body[i] == '\\' && i + 1 < body.size() && body[i + 1] == '\'') {
        out += '\'';  // \' needs no escape inside double quotes
        ++i;
      } else if (body[i] == '\\' && i + 1 < body.size()) {
        out += body.substr(i, 2);  // keep every other escape as written
        ++i;
      } else {
        if (body[i] == '"') out += '\\';
        out += body[i];
      }
    }
    return out + "\"";
  }

  // `item (',' item)* close` or just `close`, the opening bracket already
  // read: the shape shared by arguments, returns and list defaults.
  template <typename ParseItem>
  void parseCommaList(char close, ParseItem parseItem) {
    if (nextIfPunct(close)) return;
    do {
      parseItem();
    } while (nextIfPunct(','));
    expectPunct(close);
  }

  // --- token stream ---------------------------------------------------------

  const Token& cur() const { return tokens_[index_]; }
  Token next() { return tokens_[index_ == tokens_.size() - 1 ? index_ : index_++]; }

  static bool isPunct(const Token& token, char c) { return token.kind == TokenKind::Punct && token.text.front() == c; }

  bool nextIf(TokenKind kind) {
    if (cur().kind != kind) return false;
    next();
    return true;
  }

  bool nextIfPunct(char c) {
    if (!isPunct(cur(), c)) return false;
    next();
    return true;
  }

  void expectPunct(char c) {
    if (!isPunct(cur(), c)) failExpected(std::string(1, c));
    next();
  }

  // PyTorch's parser takes types nested to any depth. Here a type nested
  // deeper than this is refused, so that no text can exhaust the stack: the
  // parser recurses once per container, and printing, comparing and freeing a
  // type recurse once per level ('?' and '[]' included). Real schemas nest
  // three levels at most.
  static constexpr int kMaxTypeDepth = 100;

  void enterTypeLevel(const Token& at) {
    if (++type_depth_ > kMaxTypeDepth) {
      fail(at, fmt::format("this type is nested more than {} levels deep, which is not supported", kMaxTypeDepth));
    }
  }

  Token expect(TokenKind kind) {
    if (cur().kind != kind) failExpected(std::string(kindName(kind)));
    return next();
  }

  [[noreturn]] void failExpected(std::string_view expected) const {
    fail(cur(), fmt::format("expected {} but found '{}' here", expected, describe(cur())));
  }

  [[noreturn]] void fail(const Token& at, std::string_view message) const {
    failAt(source_, at.offset, at.text.size(), message);
  }

  std::string_view source_;
  std::vector<Token> tokens_;
  std::size_t index_ = 0;
  int type_depth_ = 0;          // the levels of the type being parsed that enclose cur()
  std::size_t fresh_sets_ = 0;  // the `Tensor!` shorthands read so far: the next is `$fresh_sets_`
};

}  // namespace

FunctionSchema parseSchema(std::string_view source) { return Parser(source).parseSchema(); }

}  // namespace ch06
}  // namespace mini
