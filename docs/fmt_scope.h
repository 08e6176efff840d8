/// \file
/// \brief Tells Doxygen that fmt is a namespace (the chapters specialise
///        fmt::formatter for their types). Never compiled.
namespace fmt {
template <class T, class Char>
struct formatter;
}
