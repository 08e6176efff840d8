#include "mini/core/scalar_type.h"

namespace mini {
inline namespace ch06 {

std::size_t itemSize(ScalarType type) {
  switch (type) {
    case ScalarType::Bool: return sizeof(bool);
    case ScalarType::Long: return sizeof(std::int64_t);
    case ScalarType::Float: return sizeof(float);
    case ScalarType::Double: return sizeof(double);
    case ScalarType::Half: return sizeof(Half);
    case ScalarType::BFloat16: return sizeof(BFloat16);
  }
  return 0;
}

bool isFloatingType(ScalarType type) {
  return type == ScalarType::Float || type == ScalarType::Double || isReducedFloatingType(type);
}

bool isReducedFloatingType(ScalarType type) { return type == ScalarType::Half || type == ScalarType::BFloat16; }

std::string_view scalarTypeName(ScalarType type) {
  switch (type) {
    case ScalarType::Bool: return "bool";
    case ScalarType::Long: return "int64";
    case ScalarType::Float: return "float32";
    case ScalarType::Double: return "float64";
    case ScalarType::Half: return "float16";
    case ScalarType::BFloat16: return "bfloat16";
  }
  return "unknown";
}

std::string_view scalarTypeCName(ScalarType type) {
  switch (type) {
    case ScalarType::Bool: return "Bool";
    case ScalarType::Long: return "Long";
    case ScalarType::Float: return "Float";
    case ScalarType::Double: return "Double";
    case ScalarType::Half: return "Half";
    case ScalarType::BFloat16: return "BFloat16";
  }
  return "Undefined";
}

}  // namespace ch06
}  // namespace mini
