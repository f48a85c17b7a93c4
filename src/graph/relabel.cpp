#include "src/graph/relabel.hpp"

#include <algorithm>
#include <climits>
#include <cstdint>

#include "src/common/error.hpp"
#include "src/common/mpi_check.hpp"
#include "src/graph/id_fields.hpp"
#include "src/graph/line_fields.hpp"

namespace wg::graph {

namespace {

// Every rank's ids, on every rank (newline-separated: ids are words without whitespace).
std::vector<std::string> gather_ids(const std::string& path,
                                    const std::vector<std::string>& local_ids, MPI_Comm comm) {
  std::string joined;
  for (const std::string& id : local_ids) (joined += id) += '\n';
  std::uint64_t size = joined.size();
  std::uint64_t total = size;
  MPI_CHECK(MPI_Allreduce(MPI_IN_PLACE, &total, 1, MPI_UINT64_T, MPI_SUM, comm));
  WG_REQUIRE(total <= INT_MAX,
             "{}: --relabel: the distinct ids take {} bytes, more than the "
             "2 GiB one exchange can carry",
             path, total);
  int ranks = 1;
  MPI_CHECK(MPI_Comm_size(comm, &ranks));
  std::vector<int> counts(static_cast<std::size_t>(ranks));
  const int mine = static_cast<int>(size);
  MPI_CHECK(MPI_Allgather(&mine, 1, MPI_INT, counts.data(), 1, MPI_INT, comm));
  std::vector<int> offsets(counts.size(), 0);
  for (std::size_t r = 1; r < counts.size(); ++r) offsets[r] = offsets[r - 1] + counts[r - 1];
  std::string all(total, '\0');
  MPI_CHECK(MPI_Allgatherv(joined.data(), mine, MPI_CHAR, all.data(), counts.data(), offsets.data(),
                           MPI_CHAR, comm));
  std::vector<std::string> ids;
  for (std::size_t begin = 0; begin < all.size();) {
    const std::size_t end = all.find('\n', begin);
    ids.emplace_back(all, begin, end - begin);
    begin = end + 1;
  }
  return ids;
}

}  // namespace

VertexIds relabel_edges(const std::string& path, const std::vector<std::string>& local_ids,
                        std::vector<Edge>& edges, MPI_Comm comm) {
  std::vector<std::string> ids = gather_ids(path, local_ids, comm);
  std::vector<std::uint64_t> numbers(ids.size());
  bool numeric = true;
  for (std::size_t i = 0; i < ids.size() && numeric; ++i)
    numeric = parse_unsigned(ids[i], numbers[i]);

  // Every rank computes the same sorted map; each then renumbers its own edges.
  std::vector<VertexId> global(local_ids.size());
  VertexIds map;
  if (numeric) {
    std::sort(numbers.begin(), numbers.end());
    numbers.erase(std::unique(numbers.begin(), numbers.end()), numbers.end());
    WG_REQUIRE(numbers.size() <= kLargestVertexId + 1,
               "{}: {} distinct ids exceed the {} vertices a graph can have", path, numbers.size(),
               kLargestVertexId + 1);
    for (std::size_t i = 0; i < local_ids.size(); ++i) {
      std::uint64_t number = 0;
      parse_unsigned(local_ids[i], number);
      global[i] = static_cast<VertexId>(std::lower_bound(numbers.begin(), numbers.end(), number) -
                                        numbers.begin());
    }
    map = VertexIds::integers(std::move(numbers));
  } else {
    std::sort(ids.begin(), ids.end());
    ids.erase(std::unique(ids.begin(), ids.end()), ids.end());
    WG_REQUIRE(ids.size() <= kLargestVertexId + 1,
               "{}: {} distinct ids exceed the {} vertices a graph can have", path, ids.size(),
               kLargestVertexId + 1);
    for (std::size_t i = 0; i < local_ids.size(); ++i)
      global[i] = static_cast<VertexId>(std::lower_bound(ids.begin(), ids.end(), local_ids[i]) -
                                        ids.begin());
    map = VertexIds::strings(std::move(ids));
  }
  for (Edge& e : edges) {
    e.source = global[e.source];
    e.target = global[e.target];
  }
  return map;
}

}  // namespace wg::graph
