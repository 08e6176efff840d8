#pragma once
/// \file
/// \brief The same numbers as a C++ class hierarchy: dispatch through a vtable.

#include <memory>

namespace mini {
inline namespace ch01 {

class VirtualRectangular;
class VirtualPolar;

/// A complex number as an abstract class. A virtual call dispatches on the
/// dynamic type of `this` alone: one vtable per class, one slot per method.
class VirtualNumber {
 public:
  virtual ~VirtualNumber() = default;

  /// |z|: one argument, so one virtual call is all it takes.
  virtual double magnitude() const = 0;
  /// The real and imaginary parts, whatever the representation.
  virtual double realPart() const = 0;
  virtual double imagPart() const = 0;

  /// z + other. Two arguments means two dispatches: this call knows the type
  /// of `this`, then asks `other` to finish (double dispatch). Each class
  /// needs one method per other class: N x M methods for N representations
  /// and M operand types. That is exercise 01.3.
  virtual std::unique_ptr<VirtualNumber> add(const VirtualNumber& other) const = 0;
  virtual std::unique_ptr<VirtualNumber> addToRectangular(const VirtualRectangular& lhs) const = 0;
  virtual std::unique_ptr<VirtualNumber> addToPolar(const VirtualPolar& lhs) const = 0;
};

/// re + im i.
class VirtualRectangular final : public VirtualNumber {
 public:
  VirtualRectangular(double re, double im) : re_(re), im_(im) {}
  double magnitude() const override;
  double realPart() const override { return re_; }
  double imagPart() const override { return im_; }
  std::unique_ptr<VirtualNumber> add(const VirtualNumber& other) const override;
  std::unique_ptr<VirtualNumber> addToRectangular(const VirtualRectangular& lhs) const override;
  std::unique_ptr<VirtualNumber> addToPolar(const VirtualPolar& lhs) const override;

 private:
  double re_;
  double im_;
};

/// r e^(i theta).
class VirtualPolar final : public VirtualNumber {
 public:
  VirtualPolar(double r, double theta) : r_(r), theta_(theta) {}
  double magnitude() const override;
  double realPart() const override;
  double imagPart() const override;
  double angle() const { return theta_; }
  std::unique_ptr<VirtualNumber> add(const VirtualNumber& other) const override;
  std::unique_ptr<VirtualNumber> addToRectangular(const VirtualRectangular& lhs) const override;
  std::unique_ptr<VirtualNumber> addToPolar(const VirtualPolar& lhs) const override;

 private:
  double r_;
  double theta_;
};

}  // namespace ch01
}  // namespace mini
