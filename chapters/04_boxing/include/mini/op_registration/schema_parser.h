#pragma once
/// \file
/// \brief Text to FunctionSchema: a hand-written lexer and recursive-descent parser.
///
/// The grammar, in the order parseSchema() walks it:
///
///     schema    := name '(' [argument (',' argument)*] ')' '->' returns EOF
///     name      := ident [':' ':' ident] ['.' ident]
///     argument  := '*' | '...' | type ident ['=' default]
///     returns   := '(' [result (',' result)*] ')' | result
///     result    := '...' | type [ident]
///     type      := head [alias] ('?' | '[' [number] ']' [alias])*
///     head      := ident | None | '(' [type (',' type)*] ')'
///                | 'Dict' '(' type ',' type ')' | ('Future' | 'RRef') '(' type ')'
///                | 'Union' '(' type (',' type)* ')'
///                | '__torch__' '.' 'torch' '.' 'classes' '.' ident '.' ident
///     alias     := '(' sets ['!'] ['->' sets] ')' | '!'
///     sets      := (ident | '*') ('|' (ident | '*'))*
///     default   := constant | '[' [constant (',' constant)*] ']'
///     constant  := True | False | None | string | ident | ['-'] number
///
/// Errors are PyTorch's, word for word where we cover the same mistake:
///
///     expected ) but found 'arrow' here:
///     foo(Tensor x -> Tensor
///                  ~~ <--- HERE
///
/// Where we differ from libtorch 1.13 on purpose (each to help the reader):
/// an unknown type names itself (`unknown type specifier 'Tensr':`, PyTorch
/// says only `unknown type specifier:`); `invalid numeric default value`
/// marks the bad value itself (PyTorch marks the token after it); the marker
/// is printed for every token, end of input included (PyTorch omits it for
/// some); and no message starts with an empty line (PyTorch's ErrorReport
/// ones do); a name with no `(` after it says `expected (` (PyTorch, which
/// also parses bare operator names, says `expected eof`); any
/// `__torch__.torch.classes.NS.NAME` is a class (we have no class registry to
/// check it against); an alias annotation inside a container type, which
/// PyTorch drops, is refused; and the sets of an annotation print in the
/// order written (PyTorch keeps them unordered, so it may print `(b|a)` for
/// `(a|b)`).
///
/// `Tensor!` is PyTorch's shorthand for a written alias set of its own: as
/// 1.13's parser, this one names the sets `$0`, `$1`, ... in the order met
/// in the schema, and prints each as PyTorch does, `Tensor($0! -> )`.

#include <cstddef>
#include <stdexcept>
#include <string>
#include <string_view>

#include "mini/op_registration/function_schema.h"

namespace mini {
inline namespace ch04 {

/// A schema that does not parse. what() is the whole report: the message,
/// the source line and the `~~~ <--- HERE` marker under the bad token.
class SchemaParseError : public std::runtime_error {
 public:
  SchemaParseError(const std::string& report, std::size_t offset) : std::runtime_error(report), offset_(offset) {}

  /// Where in the source the bad token starts.
  std::size_t offset() const { return offset_; }

 private:
  std::size_t offset_;
};

/// Parses `myops::myadd(Tensor self, Tensor other) -> Tensor` and the rest of
/// the grammar above. Throws SchemaParseError.
FunctionSchema parseSchema(std::string_view source);

}  // namespace ch04
}  // namespace mini
