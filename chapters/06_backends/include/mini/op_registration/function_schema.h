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
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "mini/util/stream_output.h"

namespace mini {
inline namespace ch06 {

/// `(a)` reads alias set a; `(a!)` also writes it. In-place and out= operators
/// mark the tensor they modify and return, so `add.out` says its result *is*
/// its `out` argument. The rarer forms come from TorchScript's own operators:
/// `(a|b)` may be in either set, `*` is the wildcard (any set: a value stored
/// into a list or dict may alias anything), `(a -> *)` says where the value
/// is after the call when that differs from before, and `Tensor!` is written
/// and in a set no other argument names.
struct AliasInfo {
  // A constructor rather than an aggregate, so that the common `AliasInfo{"a", true}`
  // needs no empty braces for the rare parts.
  AliasInfo(std::string set_name = {}, bool write = false, std::vector<std::string> others = {},
            std::vector<std::string> after = {})
      : set(std::move(set_name)), is_write(write), other_sets(std::move(others)), after_sets(std::move(after)) {}

  std::string set;                      ///< the first alias set, `a` in `Tensor(a!)`; `*` for the wildcard
  bool is_write = false;                ///< the `!`: the operator writes through this alias
  std::vector<std::string> other_sets;  ///< `b` in `Tensor(a|b)`, in the order written
  /// The sets after the call, `*` in `Tensor(b -> *)`; empty when they are the
  /// sets before, which is how PyTorch prints `(a -> a)` too: as `(a)`.
  std::vector<std::string> after_sets;
  /// `Tensor!`, the shorthand for a written set of its own: PyTorch's parser
  /// names the set `$0`, `$1`, ... in the order it meets them in a schema and
  /// gives it no set after the call, so it prints `Tensor($0! -> )`, a text
  /// its parser does not read back.
  bool fresh = false;

  /// The `Tensor!` of the schema's `number`th shorthand (from 0): set `$number`, written, fresh.
  static AliasInfo freshSet(std::size_t number);

  /// `(a!)`, `(b|a)`, `(b -> *)`, `($0! -> )`: the annotation as PyTorch prints it.
  std::string toString() const;

  bool operator==(const AliasInfo&) const = default;
};

/// The type of one argument or return: a base type (Tensor, int, ...), a
/// named one (a custom class, a type variable), or a container of other
/// SchemaTypes, so `Tensor?[]` is a list of optional tensors and `int[2]?` an
/// optional fixed-size list of ints.
class SchemaType {
 public:
  /// Base kinds first, then the named kinds, then the containers.
  enum class Kind : unsigned char {
    Tensor,
    Int,
    Float,
    Bool,
    String,  ///< spelled `str`
    Scalar,  ///< a number of any type: `Scalar alpha=1`
    Device,
    ScalarType,  ///< a dtype: `ScalarType? dtype=None`
    // The rest of PyTorch's base types. The dispatcher carries them through a
    // schema; no kernel of this course takes one (see infer_schema.h).
    SymInt,   ///< an int that may be symbolic while tracing shapes: `SymInt[] size`
    Complex,  ///< spelled `complex`
    Layout,
    MemoryFormat,
    Generator,
    Storage,
    Stream,
    QScheme,
    Quantizer,
    Capsule,
    Any,
    AnyClassType,
    AnyEnumType,
    NoneType,  ///< also spelled `None`
    Class,     ///< a custom class, `__torch__.torch.classes.quantized.LinearPackedParamsBase`
    Variable,  ///< a type variable, `t` in `t[] l`: any lower-case name that is no type
    List,      ///< `T[]`, or `T[N]` with a fixed size
    Optional,  ///< `T?`
    Tuple,     ///< `(T, U)`
    Dict,      ///< `Dict(K, V)`
    Future,    ///< `Future(T)`
    RRef,      ///< `RRef(T)`, a remote reference
    Union,     ///< `Union(T, U)`
  };

  /// A base type; `kind` must be one of the base kinds.
  static SchemaType base(Kind kind);
  /// A custom class or a type variable, by the name a schema spells it.
  static SchemaType named(Kind kind, std::string name);
  /// `T[]` (no size) or `T[N]`; `alias` is an annotation on the list itself,
  /// `t[](a!)`, as opposed to one on its elements, `Tensor(a!)[]`.
  static SchemaType listOf(SchemaType element, std::optional<std::size_t> fixed_size = std::nullopt,
                           std::optional<AliasInfo> alias = std::nullopt);
  /// `T?`.
  static SchemaType optionalOf(SchemaType element);
  /// Tuple, Dict (key, then value), Future, RRef or Union of `elements`.
  static SchemaType containerOf(Kind kind, std::vector<SchemaType> elements);

  Kind kind() const { return kind_; }
  /// The wrapped type of a List, Optional, Future or RRef.
  const SchemaType& element() const { return elements_->front(); }
  /// Every contained type, in order: a Tuple's or Union's members, a Dict's
  /// key and value; empty for base and named types.
  const std::vector<SchemaType>& elements() const;
  /// The class's or the type variable's name; empty for every other kind.
  const std::string& name() const { return name_; }
  /// N for `T[N]`; empty for `T[]` and every non-list type.
  std::optional<std::size_t> fixedSize() const { return fixed_size_; }
  /// The annotation on a list itself, `(a!)` in `t[](a!)`.
  const std::optional<AliasInfo>& listAlias() const { return list_alias_; }

  /// True for the types whose key sets take part in dispatch: Tensor,
  /// Tensor?, Tensor[] (any size) and Tensor?[]. Not Tensor[]?: c10's
  /// DispatchKeyExtractor does not look inside an optional list either.
  bool isTensorLike() const;

  /// `Tensor(a!)[]`: the alias annotation belongs right after the base name,
  /// inside any list or optional suffix, which is where PyTorch prints it.
  std::string toString(const std::optional<AliasInfo>& alias = std::nullopt) const;

  bool operator==(const SchemaType& other) const;

 private:
  SchemaType(Kind kind, std::shared_ptr<const std::vector<SchemaType>> elements)
      : kind_(kind), elements_(std::move(elements)) {}

  Kind kind_;
  // Shared and immutable: copying a schema copies pointers, never trees.
  std::shared_ptr<const std::vector<SchemaType>> elements_;
  std::string name_;
  std::optional<std::size_t> fixed_size_;
  std::optional<AliasInfo> list_alias_;
};

/// The spelling of a base kind in a schema: "Tensor", "int", "str", ...; of a
/// container kind, its name before the parenthesis, "Dict", "Future", ...
std::string_view baseTypeName(SchemaType::Kind kind);
/// The base kind a schema spells `name`, or nothing if `name` is no type we know.
std::optional<SchemaType::Kind> baseKindFromName(std::string_view name);
/// Dict, Future, RRef or Union for their names, nothing for any other.
std::optional<SchemaType::Kind> containerKindFromName(std::string_view name);

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
  /// `...` after the arguments: any number of further arguments (TorchScript's
  /// `aten::format(str self, ...) -> str`).
  bool is_vararg = false;
  /// `...` among the returns: any number of results (`prim::ChunkSizes(...) -> ...`).
  bool is_varret = false;

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

}  // namespace ch06
}  // namespace mini

template <>
struct fmt::formatter<mini::SchemaType> : fmt::formatter<std::string_view> {
  auto format(const mini::SchemaType& type, fmt::format_context& ctx) const {
    return fmt::formatter<std::string_view>::format(type.toString(), ctx);
  }
};

template <>
struct fmt::formatter<mini::Argument> : fmt::formatter<std::string_view> {
  auto format(const mini::Argument& argument, fmt::format_context& ctx) const {
    return fmt::formatter<std::string_view>::format(argument.toString(), ctx);
  }
};

template <>
struct fmt::formatter<mini::FunctionSchema> : fmt::formatter<std::string_view> {
  auto format(const mini::FunctionSchema& schema, fmt::format_context& ctx) const {
    return fmt::formatter<std::string_view>::format(schema.toString(), ctx);
  }
};
