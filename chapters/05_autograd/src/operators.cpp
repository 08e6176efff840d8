#include "mini/operators.h"

#include "mini/autograd_kernels.h"

namespace mini {
inline namespace ch05 {

// [public_api_impl]
Tensor add(const Tensor& self, const Tensor& other) { return addAutograd(self, other); }
// [public_api_impl]
Tensor sub(const Tensor& self, const Tensor& other) { return subAutograd(self, other); }
Tensor mul(const Tensor& self, const Tensor& other) { return mulAutograd(self, other); }
Tensor div(const Tensor& self, const Tensor& other) { return divAutograd(self, other); }
Tensor neg(const Tensor& self) { return negAutograd(self); }
Tensor sum(const Tensor& self) { return sumAutograd(self); }
Tensor matmul(const Tensor& self, const Tensor& other) { return matmulAutograd(self, other); }
Tensor relu(const Tensor& self) { return reluAutograd(self); }
Tensor exp(const Tensor& self) { return expAutograd(self); }
Tensor t(const Tensor& self) { return tAutograd(self); }
Tensor view(const Tensor& self, const Sizes& sizes) { return viewAutograd(self, sizes); }
Tensor& add_(Tensor& self, const Tensor& other) { return addInplaceAutograd(self, other); }
Tensor& mul_(Tensor& self, const Tensor& other) { return mulInplaceAutograd(self, other); }

}  // namespace ch05
}  // namespace mini
