// Chapter 06's demo: factories through BackendSelect, dtypes, promotion and
// broadcasting, strided views, Meta shapes, autograd on the new kernels, an
// out-of-tree backend loaded from its own shared library, and the CUDA
// kernels where a GPU is present (the reason is printed where not).
#include <fmt/format.h>
#include <fmt/ranges.h>

#include "mini/aten/aten.h"
#include "mini/autograd/node.h"
#include "mini/functorch/per_sample_gradients.h"
#include "mini/functorch/vmap.h"
#include "mini/native/cuda/cuda_kernels.h"
#include "mini/native/factories.h"
#include "mini/util/load_library.h"

namespace {

using namespace mini;

void printTensor(std::string_view label, const Tensor& tensor) {
  fmt::print("{:<24} {} [{}] strides [{}]: {}\n", label, tensor.dtype(), fmt::join(tensor.sizes(), ", "),
             fmt::join(tensor.strides(), ", "), tensor);
}

// [demo_model]
// One linear layer and a relu, its loss, and the gradient of the weight:
// the same code on every device.
Tensor trainStep(Device device) {
  manualSeed(0);
  const Tensor x = randn({4, 3}, {ScalarType::Float, device});
  const Tensor w = randn({3, 2}, TensorOptions{ScalarType::Float, device}.withRequiresGrad(true));
  const Tensor loss = sum(relu(matmul(x, w)));
  loss.backward();
  fmt::print("on {:<16} loss {:.4f}, grad_fn <{}>, w.grad on {}\n", fmt::format("{}", device), loss.item(),
             loss.gradFn()->name(), w.grad().device());
  return w.grad();
}
// [demo_model]

// The tensors of the gdb walkthrough structured_add_impl.gdb: add's
// structured CPU impl reached from mini::add with inputs that require grad.
void autogradOnTheCpu() {
  // [demo_autograd]
  const Tensor a = fromValues({1, 2, 3}, {3, 1}, true);
  const Tensor b = fromValues({10, 20}, {2}, true);
  const Tensor c = a.add(b);
  c.mul(c).sum().backward();
  // [demo_autograd]
  printTensor("c = a + b", c);
  printTensor("a.grad", a.grad());
  printTensor("b.grad", b.grad());
}

// [demo_vmap]
// Per-sample gradients of a linear model, (x·w + b - y)² per row: one
// forward over the batch, then its backward vmapped over the rows of the
// identity, so that row i seeds sample i's loss alone (1.13's
// torch.autograd.grad(..., is_grads_batched=True)). The backward formulas
// run on batched tensors: each of their operators reaches a batching rule.
void vmapDemo() {
  const Tensor x = fromValues({1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12}, {4, 3});
  const Tensor y = fromValues({1, 0, -1, 2}, {4, 1});
  const Tensor w = fromValues({0.5, -0.25, 0.125}, {3, 1}, true);
  const Tensor b = fromValues({0.1}, {1}, true);
  Tensor losses;
  const std::vector<Tensor> perSample = perSampleGradients(
      [&] {
        const Tensor error = sub(add(matmul(x, w), b), y);
        losses = sum(mul(error, error), {1});
        return losses;
      },
      {w, b});
  printTensor("losses", losses);
  printTensor("per-sample grad of w", perSample[0]);
  printTensor("per-sample grad of b", perSample[1]);
  // Nested: an outer vmap over rows, an inner one over columns.
  const VmapFunction scaleEach = vmap(
      vmap([](const std::vector<Tensor>& in) { return std::vector<Tensor>{mul(in[0], in[1])}; }, {0, std::nullopt}),
      {0, 0});
  printTensor("vmap(vmap(mul))", scaleEach({x, fromValues({1, 10, 100, 1000}, {4})})[0]);
}
// [demo_vmap]

// The tour and the gdb scripts run the demo bare; --help says so; --vmap
// runs the vmap section alone; --autocast the autocast section alone
// (demo/autocast_demo.cpp). Anything else is a mistake: one line on stderr
// and exit code 2.
constexpr std::string_view kUsage = "usage: ch06_demo [--help | --vmap | --autocast | --dot autocast-keyset]";

}  // namespace

namespace mini_demo {
void autocastOnTheCpu();
void printAutocastKeySetDot();
}  // namespace mini_demo

int main(int argc, char** argv) {
  if (argc > 1) {
    const std::string_view argument = argv[1];
    if (argument == "--help" && argc == 2) {
      fmt::print(
          "{}\nRuns chapter 06's tour: factories, dtypes, views, Meta shapes, autograd, the counted device "
          "and CUDA.\n--vmap runs vmap instead: per-sample gradients and a nested vmap.\n--autocast runs one matmul "
          "under the autocast guard, with its key sets and trace; --dot autocast-keyset prints the lesson's "
          "picture of those key sets as graphviz.\n",
          kUsage);
      return 0;
    }
    if (argument == "--vmap" && argc == 2) {
      vmapDemo();
      return 0;
    }
    if (argument == "--autocast" && argc == 2) {
      mini_demo::autocastOnTheCpu();
      return 0;
    }
    if (argument == "--dot" && argc == 3 && std::string_view(argv[2]) == "autocast-keyset") {
      mini_demo::printAutocastKeySetDot();
      return 0;
    }
    fmt::print(stderr, "ch06_demo: unknown argument '{}' ({})\n", argument == "--help" ? argv[2] : argv[1], kUsage);
    return 2;
  }
  fmt::print("== factories: BackendSelect turns device and dtype into a key ==\n");
  // [demo_factories]
  const Tensor column = arange(1, 4, 1, {ScalarType::Long}).view({3, 1});
  const Tensor row = arange(1, 5);
  const Tensor filled = full({2, 2}, 0.5, {ScalarType::Double});
  // [demo_factories]
  printTensor("column (int64)", column);
  printTensor("row (float32)", row);
  printTensor("full", filled);

  fmt::print("\n== dtypes, promotion, broadcasting ==\n");
  printTensor("column + row", add(column, row));
  printTensor("column / column", div(column, column));
  try {
    neg(column.to(ScalarType::Bool));
  } catch (const std::exception& error) {
    fmt::print("neg(bool) -> {}\n", error.what());
  }

  fmt::print("\n== strides: a transpose is a view ==\n");
  const Tensor matrix = arange(1, 7, 1, {ScalarType::Double}).view({2, 3});
  const Tensor transposed = t(matrix);
  printTensor("matrix", matrix);
  printTensor("t(matrix)", transposed);
  fmt::print("same storage: {}, contiguous: {}\n",
             matrix.unsafeGetTensorImpl()->storage == transposed.unsafeGetTensorImpl()->storage,
             transposed.isContiguous());
  printTensor("matrix @ t(matrix)", matmul(matrix, transposed));
  // Into a given output: sum.IntList_out has no formula (no out= overload
  // has one, in 1.13 either), so its Autograd row is the boxed fallback, the
  // stop of the printer walkthrough (gdb/printers_matrix.gdb).
  Tensor columnSums = empty({3}, {ScalarType::Double});
  printTensor("sum(matrix, [0], out=)", sum_out(columnSums, matrix, {0}));

  fmt::print("\n== autograd on the CPU kernels ==\n");
  autogradOnTheCpu();

  fmt::print("\n== Meta: shapes without data ==\n");
  const Tensor huge = empty({100000, 100000}, {ScalarType::Float, kMeta});
  const Tensor product = relu(matmul(huge, huge));
  fmt::print("meta [{}] @ meta [{}] -> {}, no bytes allocated\n", fmt::join(huge.sizes(), ", "),
             fmt::join(huge.sizes(), ", "), product);
  try {
    sum(product).to(kCpu);
  } catch (const std::exception& error) {
    fmt::print("sum(product).to(cpu) -> {}\n", error.what());
  }

  fmt::print("\n== an out-of-tree backend on PrivateUse1 ==\n");
  // [demo_out_of_tree]
  const LoadedLibrary countedDevice(besideThisProgram(MINI_COUNTED_DEVICE_LIBRARY));
  const auto liveBytes = countedDevice.symbol<std::size_t()>("countedDeviceLiveBytes");
  const Device privateUse1{DeviceType::PrivateUse1, 0};
  const Tensor gradOnDevice = trainStep(privateUse1);
  const Tensor gradOnCpu = trainStep(kCpu);
  // [demo_out_of_tree]
  fmt::print("same gradient on both: {}\n", fmt::format("{}", gradOnDevice.to(kCpu)) == fmt::format("{}", gradOnCpu));
  fmt::print("counted allocator: {} bytes live (w.grad)\n", liveBytes());

  fmt::print("\n== CUDA ==\n");
  const CudaAvailability cuda = cudaAvailability();
  if (cuda.devices == 0) {
    fmt::print("CUDA kernels not run: {}\n", cuda.reason);
    return 0;
  }
  const Tensor onGpu = arange(1, 6, 1, {ScalarType::Float, cudaDevice(0)});
  printTensor("arange on the GPU", onGpu);
  printTensor("add (CUDA kernel)", add(onGpu, onGpu));
  trainStep(cudaDevice(0));
  return 0;
}
