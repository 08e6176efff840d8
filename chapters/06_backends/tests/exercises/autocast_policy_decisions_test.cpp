// Exercise 06.8: the autocast policy of operators 1.13 has and the chapter
// does not, checked against what torch 1.13 does with them
// (tests/data/pytorch-1.13-autocast.txt, `decide` lines, written by
// maint/reference/gen_autocast_data.py): which Autocast keys have a kernel, and on
// the CPU the dtypes each gives under autocast.
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "mini/exercises/autocast_policy_decisions.h"
#include "support/exercise_support.h"

namespace mini {
namespace {

using autocast::AutocastPolicy;
using autocast::CastPolicy;
using mini_test::runExercise;

struct TorchBehaviour {
  std::string op;
  std::string keys;  // "AutocastCPU,AutocastCUDA", "AutocastCUDA" or "-"
  std::string floatInputs, bfloat16Inputs, mixedInputs;
  std::string cudaPolicy;  // from the KERNEL line of 1.13.1's autocast_mode.cpp that registers it
};

std::vector<TorchBehaviour> torchBehaviours() {
  std::ifstream in(MINI_AUTOCAST_DATA);
  std::vector<TorchBehaviour> out;
  for (std::string line; std::getline(in, line);) {
    if (line.rfind("decide ", 0) == 0) {
      std::istringstream words(line.substr(7));
      TorchBehaviour behaviour;
      words >> behaviour.op >> behaviour.keys >> behaviour.floatInputs >> behaviour.bfloat16Inputs >>
          behaviour.mixedInputs;
      out.push_back(behaviour);
    } else if (line.rfind("decide-cuda ", 0) == 0 && !out.empty()) {
      std::istringstream words(line.substr(12));
      std::string op;
      words >> op >> out.back().cudaPolicy;
      // setup: the data file's own order
      EXPECT_EQ(op, out.back().op) << "a decide-cuda line follows its operator's decide line";
    }
  }
  return out;
}

// The CPU category torch's behaviour shows: no kernel is fallthrough; a
// kernel that gives bfloat16 for float32 inputs is lower_precision_fp, one
// that gives float32 for bfloat16 inputs is fp32.
CastPolicy cpuPolicyOf(const TorchBehaviour& torch) {
  if (torch.keys.find("AutocastCPU") == std::string::npos) {
    return CastPolicy::fallthrough;
  }
  if (torch.floatInputs == "BFloat16") {
    return CastPolicy::lower_precision_fp;
  }
  return torch.bfloat16Inputs == "Float" && torch.mixedInputs == "Float" ? CastPolicy::fp32 : CastPolicy::promote;
}

TEST(Exercise06_8, OneDecisionPerOperatorInOrder) {
  runExercise([] {
    const std::vector<AutocastPolicy> decided = autocast::decidedAutocastPolicies();
    const std::vector<TorchBehaviour> torch = torchBehaviours();
    // setup: the data holds the five operators of the exercise
    ASSERT_EQ(torch.size(), 5u);

    ASSERT_EQ(decided.size(), torch.size());
    for (std::size_t i = 0; i < torch.size(); ++i) {
      EXPECT_EQ(decided[i].op, torch[i].op);
    }
  });
}

TEST(Exercise06_8, CpuPoliciesAreTorchs) {
  runExercise([] {
    const std::vector<AutocastPolicy> decided = autocast::decidedAutocastPolicies();
    const std::vector<TorchBehaviour> torch = torchBehaviours();
    for (std::size_t i = 0; i < std::min(decided.size(), torch.size()); ++i) {
      EXPECT_EQ(decided[i].cpu, cpuPolicyOf(torch[i]))
          << torch[i].op << " under torch.autocast(\"cpu\") gives " << torch[i].floatInputs
          << " for float32 inputs and " << torch[i].bfloat16Inputs << " for bfloat16 ones";
    }
  });
}

// On CUDA torch can only be asked here (no GPU) whether there is a kernel:
// a policy other than fallthrough exactly where there is one.
TEST(Exercise06_8, CudaHasAKernelExactlyWhereTorchHasOne) {
  runExercise([] {
    const std::vector<AutocastPolicy> decided = autocast::decidedAutocastPolicies();
    const std::vector<TorchBehaviour> torch = torchBehaviours();
    for (std::size_t i = 0; i < std::min(decided.size(), torch.size()); ++i) {
      EXPECT_EQ(decided[i].cuda != CastPolicy::fallthrough, torch[i].keys.find("AutocastCUDA") != std::string::npos)
          << torch[i].op << ": torch 1.13's Autocast kernels are " << torch[i].keys;
    }
  });
}

// 1.13's CUDA policy itself, which torch on a machine without a GPU cannot
// show by a call: the generator read it from the KERNEL line that registers
// the operator's AutocastCUDA kernel. fp32 and fp32_set_opt_dtype both end
// in float32, yet a reduction that takes a dtype gets the latter.
TEST(Exercise06_8, CudaPoliciesAreTorchs) {
  runExercise([] {
    const std::vector<AutocastPolicy> decided = autocast::decidedAutocastPolicies();
    const std::vector<TorchBehaviour> torch = torchBehaviours();
    for (std::size_t i = 0; i < std::min(decided.size(), torch.size()); ++i) {
      // setup: the data has each operator's CUDA line
      ASSERT_FALSE(torch[i].cudaPolicy.empty()) << torch[i].op << ": no decide-cuda line in the data";

      EXPECT_EQ(autocast::castPolicyName(decided[i].cuda), torch[i].cudaPolicy)
          << torch[i].op << ": 1.13's autocast_mode.cpp registers its AutocastCUDA kernel as " << torch[i].cudaPolicy;
    }
  });
}

}  // namespace
}  // namespace mini
