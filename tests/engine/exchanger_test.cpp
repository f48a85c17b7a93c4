// The two-stage exchanger under mpirun: every rank receives every other rank's bundle
// exactly once, whatever the node layout (real node, virtual nodes of 1 or 2 ranks).
#include "comm/graph/exchanger.hpp"

#include <gtest/gtest.h>
#include <mpi.h>

#include <cstring>
#include <map>

#include "comm/graph/global_sum.hpp"
#include "comm/graph/topology.hpp"

namespace wg::comm {
namespace {

std::vector<std::byte> bundle_of(int rank, int round) {
  // Different sizes per rank, including empty bundles.
  std::vector<std::byte> bytes(static_cast<std::size_t>((rank * 3 + round) % 5) * 8);
  for (std::size_t i = 0; i < bytes.size(); ++i)
    bytes[i] = static_cast<std::byte>((rank * 31 + round * 7 + static_cast<int>(i)) & 0xff);
  return bytes;
}

class ExchangerTest : public ::testing::TestWithParam<int> {};

TEST_P(ExchangerTest, EveryBundleArrivesOnce) {
  graph::GraphTopology topology(MPI_COMM_WORLD, GetParam());
  auto exchanger = graph::make_mpi_exchanger(topology);
  for (int round = 0; round < 3; ++round) {
    const auto& received = exchanger->exchange(bundle_of(topology.rank(), round));
    std::map<int, int> seen;
    for (const graph::ReceivedBundle& b : received) {
      ++seen[b.world_rank];
      const auto want = bundle_of(b.world_rank, round);
      ASSERT_EQ(b.bytes, want.size()) << "from rank " << b.world_rank;
      EXPECT_EQ(0, b.bytes ? std::memcmp(b.data, want.data(), b.bytes) : 0);
    }
    EXPECT_EQ(static_cast<int>(seen.size()), topology.size() - 1);
    for (const auto& [rank, count] : seen) {
      EXPECT_NE(rank, topology.rank());
      EXPECT_EQ(count, 1) << "bundle of rank " << rank;
    }
  }
}

TEST_P(ExchangerTest, VirtualNodesSplitTheHost) {
  graph::GraphTopology topology(MPI_COMM_WORLD, GetParam());
  if (GetParam() > 0) {
    EXPECT_LE(topology.node_size(), GetParam());
    EXPECT_EQ(topology.num_nodes(), (topology.size() + GetParam() - 1) / GetParam());
  }
  std::vector<double> check{1.0, static_cast<double>(topology.node_rank() == 0)};
  graph::allreduce_sum(check, MPI_COMM_WORLD);
  EXPECT_EQ(check[0], topology.size());
  EXPECT_EQ(check[1], topology.num_nodes());
}

INSTANTIATE_TEST_SUITE_P(RanksPerNode, ExchangerTest, ::testing::Values(0, 1, 2));

}  // namespace
}  // namespace wg::comm
