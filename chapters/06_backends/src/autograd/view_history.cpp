#include "mini/autograd/view_history.h"

#include <algorithm>
#include <stdexcept>

#include <fmt/format.h>

#include "mini/aten/aten.h"
#include "mini/autograd/autograd_meta.h"

namespace mini {
inline namespace ch06 {

std::pair<std::int64_t, std::int64_t> extentOf(const Sizes& sizes, const Strides& strides, std::int64_t offset) {
  std::int64_t last = offset;
  for (std::size_t d = 0; d < sizes.size(); ++d) {
    if (sizes[d] == 0) {
      return {offset, offset};
    }
    last += (sizes[d] - 1) * strides[d];
  }
  return {offset, last + 1};
}

void handleViewOnRebase(const Tensor& view, bool indirect) {
  if (view.unsafeGetTensorImpl()->autograd->createdWithGradMode) {
    return;
  }
  // 1.13's words for its CreationMeta NO_GRAD_MODE, the one kind of view
  // besides DEFAULT that the course makes.
  throw std::runtime_error(fmt::format(
      "A view was created in no_grad mode and {} modified inplace with grad mode enabled. Given that this use case "
      "is ambiguous and error-prone, it is forbidden. You can clarify your code by moving both the view and the "
      "inplace either both inside the no_grad block (if you don't want the inplace to be tracked) or both outside "
      "(if you want the inplace to be tracked).",
      indirect ? "its base or another view of its base has been" : "is being"));
}

// [as_strided_backward_apply]
// 1.13's as_strided_backward, for a view whose elements are distinct (t
// and view make no other kind): the gradient written into zeros laid out
// as the storage, where the view's elements lie, then read back where the
// base's lie.
TensorList AsStridedBackward0::apply(TensorList&& grads) {
  const Tensor& grad = grads.at(0);
  const auto [baseBegin, baseEnd] = extentOf(baseSizes, baseStrides, baseStorageOffset);
  const auto [viewBegin, viewEnd] = extentOf(size, stride, storageOffset);
  const std::int64_t begin = std::min(baseBegin, viewBegin);
  const std::int64_t end = std::max(baseEnd, viewEnd);
  const Tensor storage = zeros({end - begin}, grad.options());
  Tensor viewInStorage = makeView(storage, size, stride, storageOffset - begin);
  viewInStorage.copy_(grad);
  return {makeView(storage, baseSizes, baseStrides, baseStorageOffset - begin)};
}
// [as_strided_backward_apply]

// [view_grad_fn_impl]
const std::shared_ptr<Node>& viewGradFn(const Tensor& view) {
  AutogradMeta& meta = *view.unsafeGetTensorImpl()->autograd;
  if (meta.gradFn == nullptr && !meta.base.requiresGrad()) {
    return meta.gradFn;  // nothing to follow: no history, none to gain
  }
  if (meta.historyVersion != view.version()) {
    handleViewOnRebase(view, /*indirect=*/true);
    // deleteNode, where 1.13 writes make_shared: a base written through a
    // view again and again gets a chain of these, freed in deleteNode's loop.
    std::shared_ptr<AsStridedBackward0> node(new AsStridedBackward0(collectNextEdges({meta.base})), deleteNode);
    node->baseSizes = meta.base.sizes();
    node->baseStrides = meta.base.strides();
    node->baseStorageOffset = meta.base.storageOffset();
    node->size = view.sizes();
    node->stride = view.strides();
    node->storageOffset = view.storageOffset();
    setHistory(view, node);  // and the version it is current for
  }
  return meta.gradFn;
}
// [view_grad_fn_impl]

}  // namespace ch06
}  // namespace mini
