#include "comm/graph/mirror_discovery.hpp"

#include <algorithm>
#include <climits>
#include <cstdint>

#include "src/common/error.hpp"
#include "src/common/mpi_check.hpp"

namespace wg::comm::graph {

namespace {

// A mirror on the wire: the owner's partition (by its slot on the owner rank), the vertex
// as a local id of the owner's stored range, and where the sender holds it.
struct WireRecord {
  std::uint32_t slot;
  VertexId here;
  partition::Reader reader;
};
static_assert(sizeof(WireRecord) == 16);

// The records partition `index` (with ids `held`) sends about the stored range of `owner`.
void add_records(const partition::LocalIds& held, std::uint32_t index, VertexRange owner,
                 std::uint32_t slot, std::vector<WireRecord>& out) {
  const VertexRange mine = held.stored();
  // Its own stored vertices inside the owner's range (permissive ranges overlap).
  for (VertexId v = std::max(mine.begin, owner.begin); v < std::min(mine.end, owner.end); ++v)
    out.push_back({slot, v - owner.begin, {index, v - mine.begin}});
  // Its ghosts inside the owner's range: a contiguous run of the sorted ghost list.
  const std::vector<VertexId>& ghosts = held.ghosts();
  auto at = std::lower_bound(ghosts.begin(), ghosts.end(), owner.begin);
  for (; at != ghosts.end() && *at < owner.end; ++at)
    out.push_back({slot,
                   *at - owner.begin,
                   {index, mine.size() + static_cast<VertexId>(at - ghosts.begin())}});
}

}  // namespace

std::vector<partition::MirrorLists> discover_mirrors(
    const std::vector<const partition::LocalIds*>& held, int first_local,
    const std::vector<VertexRange>& stored, int per_rank, MPI_Comm world) {
  int ranks = 1;
  MPI_CHECK(MPI_Comm_size(world, &ranks));
  const auto count = static_cast<std::size_t>(ranks);
  std::vector<std::vector<WireRecord>> to_rank(count);
  for (std::size_t d = 0; d < held.size(); ++d) {
    const auto index = static_cast<std::uint32_t>(first_local) + static_cast<std::uint32_t>(d);
    for (std::size_t q = 0; q < stored.size(); ++q) {
      if (q == index) continue;
      const auto owner_rank = q / static_cast<std::size_t>(per_rank);
      const auto slot = static_cast<std::uint32_t>(q % static_cast<std::size_t>(per_rank));
      add_records(*held[d], index, stored[q], slot, to_rank[owner_rank]);
    }
  }

  MPI_Datatype record;
  MPI_CHECK(MPI_Type_contiguous(sizeof(WireRecord), MPI_BYTE, &record));
  MPI_CHECK(MPI_Type_commit(&record));
  std::vector<int> send_counts(count), recv_counts(count), send_displs(count), recv_displs(count);
  std::vector<WireRecord> send;
  for (std::size_t r = 0; r < count; ++r) {
    WG_REQUIRE(send.size() + to_rank[r].size() <= static_cast<std::size_t>(INT_MAX),
               "too many mirrors for one rank ({}); use more ranks", send.size());
    send_displs[r] = static_cast<int>(send.size());
    send_counts[r] = static_cast<int>(to_rank[r].size());
    send.insert(send.end(), to_rank[r].begin(), to_rank[r].end());
    std::vector<WireRecord>().swap(to_rank[r]);
  }
  MPI_CHECK(MPI_Alltoall(send_counts.data(), 1, MPI_INT, recv_counts.data(), 1, MPI_INT, world));
  std::size_t total = 0;
  for (std::size_t r = 0; r < count; ++r) {
    recv_displs[r] = static_cast<int>(total);
    total += static_cast<std::size_t>(recv_counts[r]);
    WG_REQUIRE(total <= static_cast<std::size_t>(INT_MAX),
               "too many mirrors for one rank ({}); use more ranks", total);
  }
  std::vector<WireRecord> received(total);
  MPI_CHECK(MPI_Alltoallv(send.data(), send_counts.data(), send_displs.data(), record,
                          received.data(), recv_counts.data(), recv_displs.data(), record, world));
  MPI_CHECK(MPI_Type_free(&record));
  std::vector<WireRecord>().swap(send);

  std::vector<std::vector<partition::MirrorRecord>> per_slot(held.size());
  for (const WireRecord& r : received) {
    WG_REQUIRE(r.slot < held.size(), "mirror record for partition slot {} of {}", r.slot,
               held.size());
    per_slot[r.slot].push_back({r.here, r.reader});
  }
  std::vector<partition::MirrorLists> lists;
  for (std::size_t d = 0; d < held.size(); ++d)
    lists.emplace_back(held[d]->stored().size(), std::move(per_slot[d]));
  return lists;
}

}  // namespace wg::comm::graph
