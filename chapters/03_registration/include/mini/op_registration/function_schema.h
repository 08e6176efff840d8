#pragma once
/// \file
/// \brief An operator's signature: `myops::myadd.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)`.
///
/// The dispatcher never looks at a kernel's C++ type to decide anything; it
/// looks at the schema. The schema says which arguments are tensors (their key
/// sets pick the kernel), what an operator is called (the registry's key), and
/// what a kernel must accept (the signature check). parseSchema() in
/// schema_parser.h builds one from text; toString() prints it back.

#include <cstddef>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <fmt/format.h>

namespace mini {
inline namespace ch03 {

/// `(a)` reads alias set a; `(a!)` also writes it. In-place and out= operators
/// mark the tensor they modify and return, so `add.out` says its result *is*
/// its `out` argument.
struct AliasInfo {
  std::string set;        ///< the alias set's name, `a` in `Tensor(a!)`
  bool is_write = false;  ///< the `!`: the operator writes through this alias

  bool operator==(const AliasInfo&) const = default;
};

/// The type of one argument or return. A base type (Tensor, int, ...) or a
/// list or optional of another SchemaType, so `Tensor?[]` is a list of
/// optional tensors and `int[2]?` an optional fixed-size list of ints.
class SchemaType {
 public:
  /// Base kinds first, the two wrappers last.
  enum class Kind : unsigned char {
    Tensor,
    Int,
    Float,
    Bool,
    String,  ///< spelled `str`
    Scalar,  ///< a number of any type: `Scalar alpha=1`
    Device,
    ScalarType,  ///< a dtype: `ScalarType? dtype=None`
    List,        ///< `T[]`, or `T[N]` with a fixed size
    Optional,    ///< `T?`
  };

  /// A base type; `kind` must not be List or Optional.
  static SchemaType base(Kind kind);
  /// `T[]` (no size) or `T[N]`.
  static SchemaType listOf(SchemaType element, std::optional<std::size_t> fixed_size = std::nullopt);
  /// `T?`.
  static SchemaType optionalOf(SchemaType element);

  Kind kind() const { return kind_; }
  /// The wrapped type of a List or Optional.
  const SchemaType& element() const { return *element_; }
  /// N for `T[N]`; empty for `T[]` and every non-list type.
  std::optional<std::size_t> fixedSize() const { return fixed_size_; }

  /// True for the types whose key sets take part in dispatch: Tensor,
  /// Tensor?, Tensor[] (any size) and Tensor?[]. Not Tensor[]?: c10's
  /// DispatchKeyExtractor does not look inside an optional list either.
  bool isTensorLike() const;

  /// `Tensor(a!)[]`: the alias annotation belongs right after the base name,
  /// inside any list or optional suffix, which is where PyTorch prints it.
  std::string toString(const std::optional<AliasInfo>& alias = std::nullopt) const;

  bool operator==(const SchemaType& other) const;

 private:
  SchemaType(Kind kind, std::shared_ptr<const SchemaType> element, std::optional<std::size_t> fixed_size)
      : kind_(kind), element_(std::move(element)), fixed_size_(fixed_size) {}

  Kind kind_;
  // Shared and immutable: copying a schema copies pointers, never trees.
  std::shared_ptr<const SchemaType> element_;
  std::optional<std::size_t> fixed_size_;
};

/// The spelling of a base kind in a schema: "Tensor", "int", "str", ...
std::string_view baseTypeName(SchemaType::Kind kind);
/// The base kind a schema spells `name`, or nothing if `name` is no type we know.
std::optional<SchemaType::Kind> baseKindFromName(std::string_view name);

/// One argument (or named or unnamed return) of a schema.
struct Argument {
  std::string name;  ///< empty only for an unnamed return
  SchemaType type;
  /// The default as the schema spells it, in PyTorch's printed form where
  /// text alone can say it: `1`, `1e-5`, `False`, `None`, `"mean"` (single
  /// quotes become double), `[0, 1]` (list items joined by ", "). We keep the
  /// text, not a value: numbers print as written (`1.0` stays `1.0`, where
  /// PyTorch, printing its IValue, writes `1.`).
  std::optional<std::string> default_value;
  bool kwarg_only = false;  ///< declared after `*`
  std::optional<AliasInfo> alias;

  /// `Tensor(a!) out`, `int[] dims=[]`, or just `Tensor` for an unnamed return.
  std::string toString() const;

  bool operator==(const Argument&) const = default;
};

/// A parsed operator schema.
struct FunctionSchema {
  std::string name;           ///< namespace-qualified: `myops::myadd`
  std::string overload_name;  ///< `out` in `myops::myadd.out`; empty if none
  std::vector<Argument> arguments;
  std::vector<Argument> returns;

  /// `myops::myadd.out`: the name and overload, the operator's key in the
  /// registry and the name every error message uses.
  std::string operatorName() const;
  /// `myops` for `myops::myadd`; empty when the name has no namespace.
  std::string_view ns() const;
  /// Positions of the arguments the dispatcher reads key sets from, in
  /// order (see SchemaType::isTensorLike).
  std::vector<std::size_t> tensorArgumentPositions() const;
  /// The schema in PyTorch's canonical form: parsing it gives this schema
  /// back, and printing that gives the same text.
  std::string toString() const;

  bool operator==(const FunctionSchema&) const = default;
};

}  // namespace ch03
}  // namespace mini

template <>
struct fmt::formatter<mini::FunctionSchema> : fmt::formatter<std::string_view> {
  auto format(const mini::FunctionSchema& schema, fmt::format_context& ctx) const {
    return fmt::formatter<std::string_view>::format(schema.toString(), ctx);
  }
};
