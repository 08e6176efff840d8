// vmap against PyTorch 1.13: the numbers maint/reference/gen_vmap_data.py wrote from
// torch.autograd.grad(..., is_grads_batched=True) and functorch.vmap.
#include <gtest/gtest.h>

#include <fstream>
#include <map>
#include <sstream>

#include "mini/aten/aten.h"
#include "mini/functorch/per_sample_gradients.h"
#include "mini/functorch/vmap.h"
#include "support/test_helpers.h"

namespace mini {
namespace {

using mini_test::values;

struct Reference {
  Sizes sizes;
  std::vector<double> values;
};

/// name -> sizes and values, from the data file.
std::map<std::string, Reference> readReference() {
  std::ifstream in(MINI_VMAP_REFERENCE);
  std::map<std::string, Reference> out;
  std::string text;
  while (std::getline(in, text)) {
    if (text.empty() || text[0] == '#') {
      continue;
    }
    std::istringstream line(text);
    std::string name, sizes;
    line >> name >> sizes;
    Reference reference;
    std::istringstream sizeList(sizes.substr(1, sizes.size() - 2));
    for (std::string size; std::getline(sizeList, size, ',');) {
      reference.sizes.push_back(std::stoll(size));
    }
    for (double value = 0; line >> value;) {
      reference.values.push_back(value);
    }
    out[name] = reference;
  }
  return out;
}

/// ch06_demo --vmap's linear model: (x·w + b - y)² per row of x.
Tensor squaredErrors(const Tensor& x, const Tensor& y, const Tensor& w, const Tensor& b) {
  const Tensor error = sub(add(matmul(x, w), b), y);
  return sum(mul(error, error), {1});
}

void expectMatches(const Tensor& tensor, const Reference& reference, const std::string& name) {
  ASSERT_EQ(tensor.sizes(), reference.sizes) << name;
  const std::vector<double> got = values(tensor);
  ASSERT_EQ(got.size(), reference.values.size()) << name;
  for (std::size_t i = 0; i < got.size(); ++i) {
    EXPECT_NEAR(got[i], reference.values[i], 1e-12) << name << ", element " << i;
  }
}

TEST(VmapReference, PerSampleGradientsAreTorchs) {
  const std::map<std::string, Reference> reference = readReference();
  ASSERT_EQ(reference.size(), 6u) << "read " << MINI_VMAP_REFERENCE;
  const Tensor x = fromValues({1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12}, {4, 3});
  const Tensor y = fromValues({1, 0, -1, 2}, {4, 1});
  const Tensor w = fromValues({0.5, -0.25, 0.125}, {3, 1}, true);
  const Tensor b = fromValues({0.1}, {1}, true);
  Tensor losses;
  const std::vector<Tensor> grads = perSampleGradients([&] { return losses = squaredErrors(x, y, w, b); }, {w, b});
  expectMatches(losses, reference.at("losses"), "losses");
  expectMatches(grads[0], reference.at("grad_w"), "grad_w");
  expectMatches(grads[1], reference.at("grad_b"), "grad_b");
}

TEST(VmapReference, PerSampleGradientsWantOneLossPerSample) {
  const Tensor w = fromValues({0.5}, {1}, true);
  EXPECT_EQ(mini_test::errorOf([&] { (void)perSampleGradients([&] { return sum(w); }, {w}); }),
            "perSampleGradients: expected one loss per sample, a 1-D tensor, got 0-D");
}

TEST(VmapReference, NestedVmapMatmulAndSumAreFunctorchs) {
  const std::map<std::string, Reference> reference = readReference();
  ASSERT_EQ(reference.size(), 6u) << "read " << MINI_VMAP_REFERENCE;
  const Tensor x = fromValues({1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12}, {4, 3});
  const VmapFunction nested = vmap(
      vmap([](const std::vector<Tensor>& in) { return std::vector<Tensor>{mul(in[0], in[1])}; }, {0, std::nullopt}),
      {0, 0});
  expectMatches(nested({x, fromValues({1, 10, 100, 1000}, {4})})[0], reference.at("nested_mul"), "nested_mul");
  const Tensor left = fromValues({1, -2, 0.5, 3, 2, 0.25}, {3, 2});
  const Tensor rights = fromValues({-1, -0.75, -0.5, -0.25, 0, 0.25, 0.5, 0.75}, {2, 2, 2});
  const auto mapped = [](const std::function<Tensor(const Tensor&)>& f) {
    return vmap([f](const std::vector<Tensor>& in) { return std::vector<Tensor>{f(in[0])}; }, {0});
  };
  expectMatches(mapped([&left](const Tensor& r) { return matmul(left, r); })({rights})[0], reference.at("matmul_right"),
                "matmul_right");
  expectMatches(mapped([](const Tensor& r) { return sum(r, {0}, true); })({rights})[0], reference.at("sum_keepdim"),
                "sum_keepdim");
}

}  // namespace
}  // namespace mini
