#pragma once
/// \file
/// \brief IValue: one type that holds any argument or result of any operator.
///
/// A boxed kernel has one signature for every operator, so its arguments
/// must all have one type. IValue is that type: a tag saying what is inside
/// and an 8-byte payload, 16 bytes in all, as c10::IValue. Numbers, bools and
/// devices live in the payload; tensors, strings, tuples, lists and dicts live
/// on the heap, reference-counted, and the payload holds the pointer.

#include <cstddef>
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "mini/boxing/dict.h"
#include "mini/core/device.h"
#include "mini/core/scalar.h"
#include "mini/core/tensor.h"
#include "mini/op_registration/infer_schema.h"
#include "mini/util/intrusive_ptr.h"
#include "mini/util/stream_output.h"

namespace mini {
inline namespace ch06 {

/// A wrong `toX()`: what() says which tag was expected and which was found,
/// "Expected Int but got Tensor", in the form of c10's "Expected Tensor but got Int".
class IValueTagError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

class IValue;
namespace detail {
struct ListImpl;
struct DictImpl;
}  // namespace detail
namespace ivalue {
struct Tuple;
}  // namespace ivalue

/// True for std::optional<T>: unboxed from None or from a T.
template <class T>
struct IsOptional : std::false_type {};
template <class T>
struct IsOptional<std::optional<T>> : std::true_type {};
/// The containers an IValue holds on the heap, each as one template.
template <class T>
struct IsVector : std::false_type {};
template <class T>
struct IsVector<std::vector<T>> : std::true_type {};
template <class T>
struct IsTuple : std::false_type {};
template <class... Ts>
struct IsTuple<std::tuple<Ts...>> : std::true_type {};
template <class T>
struct IsDict : std::false_type {};
template <class Key, class Value>
struct IsDict<Dict<Key, Value>> : std::true_type {};

// [ivalue_tag]
class IValue {
 public:
  /// What the payload holds: ten of the 25 tags of c10's TORCH_FORALL_TAGS,
  /// with c10's names and in c10's order. Every list is a GenericList, as in
  /// c10: an "IntList" is a GenericList whose element type is int.
  enum class Tag : std::uint8_t {
    None,
    Tensor,
    Double,
    Int,
    Bool,
    Tuple,
    String,
    GenericList,
    GenericDict,
    Device,
  };
  // [ivalue_tag]

  /// None, the value of an absent optional argument.
  IValue() = default;
  IValue(Tensor tensor);  // NOLINT: every boxed value converts implicitly, as in c10
  IValue(double value) : tag_(Tag::Double) { payload_.asDouble = value; }
  IValue(std::int64_t value) : tag_(Tag::Int) { payload_.asInt = value; }
  IValue(int value) : IValue(std::int64_t{value}) {}
  IValue(bool value) : tag_(Tag::Bool) { payload_.asBool = value; }
  IValue(std::string value);
  /// Without this, a string literal would become a Bool: pointer to bool is a
  /// standard conversion and beats the user-defined one to std::string.
  IValue(const char* value) : IValue(std::string(value)) {}
  IValue(std::string_view value) : IValue(std::string(value)) {}
  /// A list: `int[]`, `Tensor[]`, `str[]`, ... The element type comes from
  /// T and stays with the list, so an empty `int[]` is still an IntList.
  template <class T>
  IValue(std::vector<T> values);
  /// A tuple, `(str, Tensor)`: one value of several members.
  template <class... Ts>
  IValue(std::tuple<Ts...> values);
  /// A dict, `Dict(str, Tensor)`, with its key and value types.
  template <class Key, class Value>
  IValue(Dict<Key, Value> values);
  IValue(mini::Device device) : tag_(Tag::Device) { payload_.asDevice = device; }
  /// A Scalar is boxed as the number it holds (Double, Int or Bool), as in
  /// c10: a Scalar has no tag of its own, and toScalar() takes any of the three.
  IValue(const mini::Scalar& value);
  /// A dtype is boxed as its number, as c10 boxes a ScalarType as an int.
  IValue(mini::ScalarType dtype) : IValue(static_cast<std::int64_t>(dtype)) {}
  /// An optional argument (`Tensor?`, `int?`): None when absent.
  template <class T>
  IValue(std::optional<T> value) : IValue() {
    if (value) {
      *this = IValue(std::move(*value));
    }
  }

  // Copying an IValue that points to the heap adds an owner; moving steals
  // the pointer and leaves None behind.
  IValue(const IValue& other) : payload_(other.payload_), tag_(other.tag_) {
    if (isHeapTag(tag_)) {
      intrusive_ptr_target::incref(payload_.asHeapObject);
    }
  }
  IValue(IValue&& other) noexcept : payload_(other.payload_), tag_(other.tag_) { other.tag_ = Tag::None; }
  IValue& operator=(IValue other) noexcept {
    std::swap(payload_, other.payload_);
    std::swap(tag_, other.tag_);
    return *this;
  }
  ~IValue() {
    if (isHeapTag(tag_)) {
      intrusive_ptr_target::decref(payload_.asHeapObject);
    }
  }

  Tag tag() const { return tag_; }
  /// The tag's name: "Tensor", "GenericList", ...
  std::string_view tagKind() const { return tagName(tag_); }
  static std::string_view tagName(Tag tag);

  bool isNone() const { return tag_ == Tag::None; }
  bool isTensor() const { return tag_ == Tag::Tensor; }
  bool isDouble() const { return tag_ == Tag::Double; }
  bool isInt() const { return tag_ == Tag::Int; }
  bool isBool() const { return tag_ == Tag::Bool; }
  bool isString() const { return tag_ == Tag::String; }
  bool isTuple() const { return tag_ == Tag::Tuple; }
  bool isList() const { return tag_ == Tag::GenericList; }
  bool isGenericDict() const { return tag_ == Tag::GenericDict; }
  // A list of one element type, as c10's isListOf<T>(): GenericList and the type.
  bool isIntList() const { return isListOf(SchemaType::Kind::Int); }
  bool isDoubleList() const { return isListOf(SchemaType::Kind::Float); }
  bool isBoolList() const { return isListOf(SchemaType::Kind::Bool); }
  bool isTensorList() const { return isListOf(SchemaType::Kind::Tensor); }
  bool isDevice() const { return tag_ == Tag::Device; }
  /// A number a `Scalar` argument takes: Double, Int or Bool.
  bool isScalar() const { return isDouble() || isInt() || isBool(); }

  /// A new handle to the tensor inside; "Expected Tensor but got Int" otherwise.
  Tensor toTensor() const&;
  /// Moves the tensor out, leaving None: no refcount traffic.
  Tensor toTensor() &&;
  /// The key set of the tensor inside, read in place with no new handle: a
  /// boxed call reads its tensors' key sets this way, as c10's extractor
  /// reads `unsafeToTensorImpl()->key_set()`. The value must be a Tensor.
  DispatchKeySet tensorKeySet() const { return static_cast<const TensorImpl*>(payload_.asHeapObject)->keySet; }
  double toDouble() const;
  std::int64_t toInt() const;
  bool toBool() const;
  const std::string& toStringRef() const;
  // The typed lists as std::vectors, copied out of the list's IValues (c10's
  // toIntList() returns a c10::List<int64_t>, a typed view of the same
  // storage; its toIntVector() copies as these do).
  std::vector<std::int64_t> toIntList() const { return to<std::vector<std::int64_t>>(); }
  std::vector<double> toDoubleList() const { return to<std::vector<double>>(); }
  std::vector<bool> toBoolList() const { return to<std::vector<bool>>(); }
  std::vector<Tensor> toTensorList() const { return to<std::vector<Tensor>>(); }
  /// The elements of any list, read in place: what a fallback walks.
  const std::vector<IValue>& toListRef() const;
  /// The list's element type: `int` for an IntList, `Tensor?` for `Tensor?[]`.
  const SchemaType& listElementType() const;
  /// The tuple inside: its elements(), in order.
  const ivalue::Tuple& toTupleRef() const;
  /// The dict inside, keys and values as IValues, in insertion order.
  const Dict<IValue, IValue>& toGenericDict() const;
  mini::Device toDevice() const;
  /// The number as a Scalar of its kind; "Expected Scalar but got Tensor" otherwise.
  mini::Scalar toScalar() const;

  /// The value as a C++ type, for code that knows the type only as a
  /// template parameter (unboxing, the typed pop): to<std::int64_t>() is
  /// toInt(). A const Tensor& argument is unboxed as Tensor.
  template <class T>
  std::remove_cvref_t<T> to() const;

  /// Same tag and equal values; tensors compare by identity (is_same), as
  /// `is` does in Python, since tensor `==` is elementwise.
  bool operator==(const IValue& other) const;

 private:
  static constexpr bool isHeapTag(Tag tag) {
    return tag == Tag::Tensor || tag == Tag::String || tag == Tag::Tuple || tag == Tag::GenericList ||
           tag == Tag::GenericDict;
  }
  // The containers are built out of line, where their heap types are complete.
  static IValue makeList(std::vector<IValue> elements, SchemaType elementType);
  static IValue makeTuple(std::vector<IValue> elements);
  static IValue makeDict(Dict<IValue, IValue> entries, SchemaType keyType, SchemaType valueType);
  bool isListOf(SchemaType::Kind elementKind) const;
  /// The elements of a list of `elementType`: "Expected IntList but got Int"
  /// for no list, c10's "Tried to cast a List<float> to a List<int>. Types
  /// mismatch." for a list of another type.
  const std::vector<IValue>& typedListRef(const SchemaType& elementType) const;
  /// The elements of a tuple of `size` members, else throws.
  const std::vector<IValue>& tupleElements(std::size_t size) const;
  /// The dict's entries, if its key and value types are these, else throws.
  const Dict<IValue, IValue>& typedDict(const SchemaType& keyType, const SchemaType& valueType) const;
  /// Throws IValueTagError "Expected <expected> but got <tag>" unless the tag is `expected`.
  void expectTag(Tag expected) const;
  template <class T>
  const T& heapValue(Tag expected) const;

  // [ivalue_payload]
  /// Eight bytes. A heap tag's pointer is an owning pointer to an
  /// intrusive_ptr_target: a TensorImpl for Tensor, a HeapValue<T> for the
  /// others (see ivalue.cpp).
  union Payload {
    intrusive_ptr_target* asHeapObject;
    double asDouble;
    std::int64_t asInt;
    bool asBool;
    mini::Device asDevice;
  };

  Payload payload_{.asInt = 0};
  Tag tag_ = Tag::None;
  // [ivalue_payload]
};

// [ivalue_size]
static_assert(sizeof(IValue) == 16, "an IValue is an 8-byte payload and a tag, padded to 16 bytes");
// [ivalue_size]

// [ivalue_tensor]
// Every boxed call boxes and unboxes tensors, so these three are inline, as
// c10's are; a wrong tag still throws, out of line, in expectTag.
// The IValue takes over the Tensor's reference: no count changes hands.
inline IValue::IValue(Tensor tensor) : tag_(Tag::Tensor) {
  payload_.asHeapObject = std::move(tensor).releaseImpl().release();
}

inline Tensor IValue::toTensor() const& {
  if (!isTensor()) [[unlikely]] {
    expectTag(Tag::Tensor);
  }
  auto* impl = static_cast<TensorImpl*>(payload_.asHeapObject);
  intrusive_ptr_target::incref(impl);
  return Tensor(intrusive_ptr<TensorImpl>::reclaim(impl));
}

inline Tensor IValue::toTensor() && {
  if (!isTensor()) [[unlikely]] {
    expectTag(Tag::Tensor);
  }
  tag_ = Tag::None;
  return Tensor(intrusive_ptr<TensorImpl>::reclaim(static_cast<TensorImpl*>(payload_.asHeapObject)));
}
// [ivalue_tensor]

// [ivalue_containers]
/// A tuple's members, as c10's ivalue::Tuple.
namespace ivalue {
struct Tuple final : intrusive_ptr_target {
  explicit Tuple(std::vector<IValue> elements) : elements_(std::move(elements)) {}
  const std::vector<IValue>& elements() const { return elements_; }
  std::vector<IValue> elements_;
};
}  // namespace ivalue

namespace detail {
/// A list's elements and their type, as c10's ListImpl: every list, of ints
/// or of tensors, is IValues on the heap, and the type says what they are.
struct ListImpl final : intrusive_ptr_target {
  ListImpl(std::vector<IValue> elements, SchemaType type) : list(std::move(elements)), elementType(std::move(type)) {}
  std::vector<IValue> list;
  SchemaType elementType;
};
/// A dict's entries and the types of its keys and values, as c10's DictImpl.
struct DictImpl final : intrusive_ptr_target {
  DictImpl(Dict<IValue, IValue> entries, SchemaType key, SchemaType value)
      : dict(std::move(entries)), keyType(std::move(key)), valueType(std::move(value)) {}
  Dict<IValue, IValue> dict;
  SchemaType keyType;
  SchemaType valueType;
};
}  // namespace detail

template <class T>
IValue::IValue(std::vector<T> values) : IValue() {
  std::vector<IValue> elements;
  elements.reserve(values.size());
  for (auto&& value : values) {
    elements.emplace_back(static_cast<T>(std::move(value)));
  }
  *this = makeList(std::move(elements), schemaTypeOf<T>());
}

template <class... Ts>
IValue::IValue(std::tuple<Ts...> values) : IValue() {
  std::vector<IValue> elements;
  elements.reserve(sizeof...(Ts));
  std::apply([&elements](auto&&... members) { (elements.emplace_back(std::move(members)), ...); }, std::move(values));
  *this = makeTuple(std::move(elements));
}

template <class Key, class Value>
IValue::IValue(Dict<Key, Value> values) : IValue() {
  Dict<IValue, IValue> entries;
  for (const auto& [key, value] : values) {
    entries.insert_or_assign(IValue(key), IValue(value));
  }
  *this = makeDict(std::move(entries), schemaTypeOf<Key>(), schemaTypeOf<Value>());
}
// [ivalue_containers]

namespace detail {
/// Member I of the tuple is element I, unboxed as the tuple's I-th type.
template <class Tuple, std::size_t... I>
Tuple tupleFromElements(const std::vector<IValue>& elements, std::index_sequence<I...> /*indices*/) {
  return Tuple(elements[I].template to<std::tuple_element_t<I, Tuple>>()...);
}
}  // namespace detail

// [ivalue_to]
template <class T>
std::remove_cvref_t<T> IValue::to() const {
  using Value = std::remove_cvref_t<T>;
  if constexpr (std::is_same_v<Value, Tensor>) {
    return toTensor();
  } else if constexpr (std::is_same_v<Value, double>) {
    return toDouble();
  } else if constexpr (std::is_same_v<Value, std::int64_t>) {
    return toInt();
  } else if constexpr (std::is_same_v<Value, bool>) {
    return toBool();
  } else if constexpr (std::is_same_v<Value, std::string> || std::is_same_v<Value, std::string_view>) {
    return Value(toStringRef());
  } else if constexpr (IsVector<Value>::value) {
    Value values;
    for (const IValue& element : typedListRef(schemaTypeOf<typename Value::value_type>())) {
      values.push_back(element.to<typename Value::value_type>());
    }
    return values;
  } else if constexpr (IsTuple<Value>::value) {
    constexpr std::size_t kSize = std::tuple_size_v<Value>;
    return detail::tupleFromElements<Value>(tupleElements(kSize), std::make_index_sequence<kSize>());
  } else if constexpr (IsDict<Value>::value) {
    using Key = std::remove_cvref_t<decltype(std::declval<Value>().begin()->first)>;
    using Mapped = std::remove_cvref_t<decltype(std::declval<Value>().begin()->second)>;
    Value values;
    for (const auto& [key, value] : typedDict(schemaTypeOf<Key>(), schemaTypeOf<Mapped>())) {
      values.insert_or_assign(key.template to<Key>(), value.template to<Mapped>());
    }
    return values;
  } else if constexpr (std::is_same_v<Value, mini::Device>) {
    return toDevice();
  } else if constexpr (std::is_same_v<Value, mini::Scalar>) {
    return toScalar();
  } else if constexpr (std::is_same_v<Value, mini::ScalarType>) {
    return static_cast<mini::ScalarType>(toInt());
  } else if constexpr (std::is_same_v<Value, IValue>) {
    return *this;
  } else if constexpr (IsOptional<Value>::value) {
    return isNone() ? Value() : Value(to<typename Value::value_type>());
  } else {
    static_assert(!sizeof(Value), "IValue::to<T>(): T is no type an IValue holds");
  }
}
// [ivalue_to]

}  // namespace ch06
}  // namespace mini

/// Prints the value as a schema's default would spell it: `None`, `3`,
/// `2.5`, `True`, `"add"`, `[1, 2]`, `cpu`, tensors as they print.
template <>
struct fmt::formatter<mini::IValue> : fmt::formatter<std::string_view> {
  fmt::format_context::iterator format(const mini::IValue& value, fmt::format_context& ctx) const;
};

template <>
struct fmt::formatter<mini::IValue::Tag> : fmt::formatter<std::string_view> {
  auto format(mini::IValue::Tag tag, fmt::format_context& ctx) const {
    return fmt::formatter<std::string_view>::format(mini::IValue::tagName(tag), ctx);
  }
};
