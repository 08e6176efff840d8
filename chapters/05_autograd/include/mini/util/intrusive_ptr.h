#pragma once
/// \file
/// \brief A reference count inside the object: what lets a Tensor be one pointer.
///
/// An IValue has 8 bytes for its payload. A tensor that is a value (a key set,
/// numbers, flags) does not fit; a pointer does. So from this chapter on a
/// Tensor is a handle to a TensorImpl that counts its own owners, as c10's
/// `intrusive_ptr<TensorImpl>` does. The count lives in the object (it is
/// "intrusive"), so a raw `TensorImpl*` in an IValue's payload is enough to
/// find it; a `std::shared_ptr` keeps its count in a separate control block
/// and is two pointers wide.

#include <atomic>
#include <cstddef>
#include <memory>
#include <type_traits>
#include <utility>

namespace mini {
inline namespace ch05 {

// [intrusive_ptr_target]
/// The base of every object an intrusive_ptr or an IValue owns: the count of
/// owners, and a virtual destructor so the last owner can delete it through
/// this base without knowing its type (an IValue holding a string or a list
/// does exactly that).
class intrusive_ptr_target {
 public:
  intrusive_ptr_target() = default;
  // A copy of the object is a new object with no owners yet.
  intrusive_ptr_target(const intrusive_ptr_target&) noexcept {}
  intrusive_ptr_target& operator=(const intrusive_ptr_target&) noexcept { return *this; }
  virtual ~intrusive_ptr_target() = default;

  /// How many handles own this object now.
  std::size_t use_count() const { return refcount_.load(std::memory_order_acquire); }

  /// One more owner.
  static void incref(const intrusive_ptr_target* target) {
    if (target != nullptr) {
      target->refcount_.fetch_add(1, std::memory_order_relaxed);
    }
  }
  /// One owner fewer; the last one deletes the object.
  static void decref(const intrusive_ptr_target* target) {
    if (target != nullptr && target->refcount_.fetch_sub(1, std::memory_order_acq_rel) == 1) {
      delete target;
    }
  }

 private:
  mutable std::atomic<std::size_t> refcount_{0};
};
// [intrusive_ptr_target]

/// An owning pointer to a T derived from intrusive_ptr_target. Copying adds an
/// owner, destroying removes one. release() and reclaim() hand ownership to
/// and from a raw pointer: that is how an IValue stores a Tensor in 8 bytes.
template <class T>
class intrusive_ptr {
 public:
  intrusive_ptr() = default;
  intrusive_ptr(const intrusive_ptr& other) : target_(other.target_) { intrusive_ptr_target::incref(target_); }
  intrusive_ptr(intrusive_ptr&& other) noexcept : target_(std::exchange(other.target_, nullptr)) {}
  intrusive_ptr& operator=(intrusive_ptr other) noexcept {
    std::swap(target_, other.target_);
    return *this;
  }
  ~intrusive_ptr() { intrusive_ptr_target::decref(target_); }
  /// Takes over what a unique_ptr owned, as its first owner: how a kernel
  /// functor made with std::make_unique becomes the KernelFunction's (c10's
  /// intrusive_ptr has the same constructor).
  template <class U>
  requires std::is_convertible_v<U*, T*>
  explicit intrusive_ptr(std::unique_ptr<U> owned) : target_(owned.release()) { intrusive_ptr_target::incref(target_); }

  /// Adopts a pointer whose ownership was release()d earlier: no new owner.
  static intrusive_ptr reclaim(T* owned) { return intrusive_ptr(owned); }
  /// Gives up ownership without dropping it: the caller now owns one count.
  T* release() noexcept { return std::exchange(target_, nullptr); }

  T* get() const { return target_; }
  T* operator->() const { return target_; }
  T& operator*() const { return *target_; }
  explicit operator bool() const { return target_ != nullptr; }
  std::size_t use_count() const { return target_ == nullptr ? 0 : target_->use_count(); }

  template <class U, class... Args>
  friend intrusive_ptr<U> make_intrusive(Args&&... args);

 private:
  explicit intrusive_ptr(T* owned) : target_(owned) {}

  T* target_ = nullptr;
};

/// A new T with one owner: the pointer returned.
template <class T, class... Args>
intrusive_ptr<T> make_intrusive(Args&&... args) {
  T* fresh = new T(std::forward<Args>(args)...);
  intrusive_ptr_target::incref(fresh);
  return intrusive_ptr<T>(fresh);
}

}  // namespace ch05
}  // namespace mini
