#pragma once
/// \file
/// \brief IValue: one type that holds any argument or result of any operator.
///
/// A boxed kernel has one signature for every operator, so its arguments
/// must all have one type. IValue is that type: a tag saying what is inside
/// and an 8-byte payload, 16 bytes in all, as c10::IValue. Numbers, bools and
/// devices live in the payload; tensors, strings and lists live on the heap,
/// reference-counted, and the payload holds the pointer.

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include <fmt/format.h>

#include "mini/core/device.h"
#include "mini/core/tensor.h"
#include "mini/util/intrusive_ptr.h"
#include "mini/util/stream_output.h"

namespace mini {
inline namespace ch04 {

/// A wrong `toX()`: what() says which tag was expected and which was found,
/// "Expected Int but got Tensor", in the form of c10's "Expected Tensor but got Int".
class IValueTagError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// [ivalue_tag]
class IValue {
 public:
  /// What the payload holds: ten kinds, where c10 has 25 tags (TORCH_FORALL_TAGS).
  /// All but the lists have c10's names; c10 has one GenericList for every list.
  enum class Tag : std::uint8_t {
    None,
    Tensor,
    Double,
    Int,
    Bool,
    String,
    IntList,
    DoubleList,
    TensorList,
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
  IValue(std::vector<std::int64_t> values);
  IValue(std::vector<double> values);
  IValue(std::vector<Tensor> values);
  IValue(mini::Device device) : tag_(Tag::Device) { payload_.asDevice = device; }
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
  /// The tag's name: "Tensor", "IntList", ...
  std::string_view tagKind() const { return tagName(tag_); }
  static std::string_view tagName(Tag tag);

  bool isNone() const { return tag_ == Tag::None; }
  bool isTensor() const { return tag_ == Tag::Tensor; }
  bool isDouble() const { return tag_ == Tag::Double; }
  bool isInt() const { return tag_ == Tag::Int; }
  bool isBool() const { return tag_ == Tag::Bool; }
  bool isString() const { return tag_ == Tag::String; }
  bool isIntList() const { return tag_ == Tag::IntList; }
  bool isDoubleList() const { return tag_ == Tag::DoubleList; }
  bool isTensorList() const { return tag_ == Tag::TensorList; }
  bool isDevice() const { return tag_ == Tag::Device; }

  /// A new handle to the tensor inside; "Expected Tensor but got Int" otherwise.
  Tensor toTensor() const&;
  /// Moves the tensor out, leaving None: no refcount traffic.
  Tensor toTensor() &&;
  /// The key set of the tensor inside, read in place with no new handle: a
  /// boxed call reads its tensors' key sets this way, as c10's extractor
  /// reads `unsafeToTensorImpl()->key_set()`. The value must be a Tensor.
  DispatchKeySet tensorKeySet() const { return static_cast<const TensorImpl*>(payload_.asHeapObject)->keySet(); }
  double toDouble() const;
  std::int64_t toInt() const;
  bool toBool() const;
  const std::string& toStringRef() const;
  const std::vector<std::int64_t>& toIntList() const;
  const std::vector<double>& toDoubleList() const;
  const std::vector<Tensor>& toTensorList() const;
  mini::Device toDevice() const;

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
    return tag == Tag::Tensor || tag == Tag::String || tag == Tag::IntList || tag == Tag::DoubleList ||
           tag == Tag::TensorList;
  }
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

/// True for std::optional<T>: unboxed from None or from a T.
template <class T>
struct IsOptional : std::false_type {};
template <class T>
struct IsOptional<std::optional<T>> : std::true_type {};

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
  } else if constexpr (std::is_same_v<Value, std::vector<std::int64_t>>) {
    return toIntList();
  } else if constexpr (std::is_same_v<Value, std::vector<double>>) {
    return toDoubleList();
  } else if constexpr (std::is_same_v<Value, std::vector<Tensor>>) {
    return toTensorList();
  } else if constexpr (std::is_same_v<Value, mini::Device>) {
    return toDevice();
  } else if constexpr (std::is_same_v<Value, IValue>) {
    return *this;
  } else if constexpr (IsOptional<Value>::value) {
    return isNone() ? Value() : Value(to<typename Value::value_type>());
  } else {
    static_assert(!sizeof(Value), "IValue::to<T>(): T is no type an IValue holds");
  }
}
// [ivalue_to]

}  // namespace ch04
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
