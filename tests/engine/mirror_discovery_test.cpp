// Mirror discovery under mpirun, two partitions per rank, against a brute force over every
// partition's local ids (each rank can build them all: the graph is generated the same
// way everywhere).
#include "comm/graph/mirror_discovery.hpp"

#include <gtest/gtest.h>
#include <mpi.h>

#include <random>
#include <vector>

namespace wg::comm {
namespace {

constexpr VertexId kVertices = 1000;
constexpr int kPerRank = 2;

// Partition p's ids: overlapping stored ranges on 64-vertex edges, random in-neighbours.
partition::LocalIds partition_ids(int p, const std::vector<VertexRange>& stored) {
  std::vector<VertexId> sources;
  std::mt19937 random(static_cast<unsigned>(17 + p));
  std::uniform_int_distribution<VertexId> any(0, kVertices - 1);
  for (int i = 0; i < 200; ++i) sources.push_back(any(random));
  return partition::LocalIds::localise(stored[static_cast<std::size_t>(p)], kVertices,
                                       sources.data(), sources.size());
}

std::vector<VertexRange> stored_ranges(int partitions) {
  std::vector<VertexRange> stored;
  const VertexId share = (kVertices / 64 / static_cast<VertexId>(partitions) + 1) * 64;
  for (int p = 0; p < partitions; ++p) {
    const VertexId begin = static_cast<VertexId>(p) * share;
    const VertexId low = begin >= 64 ? begin - 64 : 0;  // one section of overlap below
    stored.push_back({std::min(low, kVertices), std::min(begin + share, kVertices)});
  }
  return stored;
}

TEST(MirrorDiscovery, EveryHolderOfEveryStoredVertexOnce) {
  int rank = 0, ranks = 1;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &ranks);
  const int partitions = ranks * kPerRank;
  const std::vector<VertexRange> stored = stored_ranges(partitions);
  std::vector<partition::LocalIds> all;
  for (int p = 0; p < partitions; ++p) all.push_back(partition_ids(p, stored));

  std::vector<const partition::LocalIds*> held;
  for (int d = 0; d < kPerRank; ++d)
    held.push_back(&all[static_cast<std::size_t>(rank * kPerRank + d)]);
  const auto lists =
      graph::discover_mirrors(held, rank * kPerRank, stored, kPerRank, MPI_COMM_WORLD);
  ASSERT_EQ(lists.size(), static_cast<std::size_t>(kPerRank));

  std::size_t shared = 0;
  for (int d = 0; d < kPerRank; ++d) {
    const int q = rank * kPerRank + d;
    const VertexRange mine = stored[static_cast<std::size_t>(q)];
    const partition::MirrorLists& m = lists[static_cast<std::size_t>(d)];
    ASSERT_EQ(m.stored_size(), mine.size());
    for (VertexId v = mine.begin; v < mine.end; ++v) {
      std::vector<std::pair<std::uint32_t, VertexId>> want, got;
      for (int p = 0; p < partitions; ++p) {
        const VertexId local = all[static_cast<std::size_t>(p)].local(v);
        if (p != q && local != partition::LocalIds::kAbsent)
          want.emplace_back(static_cast<std::uint32_t>(p), local);
      }
      for (const partition::Reader* r = m.begin(v - mine.begin); r != m.end(v - mine.begin); ++r)
        got.emplace_back(r->partition, r->local);
      EXPECT_EQ(got, want) << "vertex " << v << " of partition " << q;
      shared += got.empty() ? 0 : 1;
    }
  }
  // The layout overlaps, so some vertices are shared: the check above is not vacuous.
  EXPECT_GT(shared, 0u);
}

}  // namespace
}  // namespace wg::comm
