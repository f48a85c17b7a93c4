// `run --backend auto` takes the GPUs where every rank sees them, with faked device counts.
#include "src/engine/backend_choice.hpp"

#include <gtest/gtest.h>

#include "src/common/error.hpp"

namespace wg::engine {
namespace {

TEST(BackendChoice, AutoTakesTheGpuWhenEveryRankSeesOne) {
  const BackendChoice choice = choose_backend("auto", 1, 1, true);
  EXPECT_EQ(choice.backend, Backend::cuda);
  EXPECT_EQ(choose_backend("auto", 4, 1, true).backend, Backend::cuda);  // shared node GPUs
  EXPECT_EQ(choose_backend("auto", 2, 2, true).backend, Backend::cuda);
}

TEST(BackendChoice, AutoFallsBackToTheHostWithTheReason) {
  const BackendChoice none = choose_backend("auto", 0, 1, true);
  EXPECT_EQ(none.backend, Backend::host);
  EXPECT_EQ(none.reason, "a rank sees no GPU");
  const BackendChoice unbuilt = choose_backend("auto", 8, 1, false);
  EXPECT_EQ(unbuilt.backend, Backend::host);
  EXPECT_EQ(unbuilt.reason, "built without CUDA");
  const BackendChoice too_few = choose_backend("auto", 1, 2, true);
  EXPECT_EQ(too_few.backend, Backend::host);
  EXPECT_NE(too_few.reason.find("--devices-per-rank 2"), std::string::npos);
}

TEST(BackendChoice, ExplicitChoicesAreKept) {
  EXPECT_EQ(choose_backend("host", 4, 1, true).backend, Backend::host);
  EXPECT_EQ(choose_backend("cuda", 0, 1, true).backend, Backend::cuda);  // refused at binding
  EXPECT_THROW(choose_backend("gpu", 1, 1, true), Error);
}

}  // namespace
}  // namespace wg::engine
