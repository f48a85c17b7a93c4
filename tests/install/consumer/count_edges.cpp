// Reads a warpgraph graph with wg::graph::read_csr, each rank its half of the vertices,
// and prints the vertex count, the edge count and a checksum of the edges.
#include <mpi.h>

#include <cstdint>
#include <cstdio>
#include <exception>
#include <warpgraph/src/graph/graph_file.hpp>

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank = 0;
  int size = 1;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int status = 0;
  try {
    const wg::graph::GraphInfo graph = wg::graph::open_graph(argv[1]);
    const auto share = [&](int r) {
      return static_cast<wg::VertexId>(std::uint64_t{graph.num_vertices} * r / size);
    };
    const wg::graph::CsrSlice slice = wg::graph::read_csr(
        graph, wg::graph::EdgeDirection::out, {share(rank), share(rank + 1)}, MPI_COMM_WORLD);
    std::uint64_t counts[2] = {slice.indices.size(), 0};
    for (std::size_t row = 0; row + 1 < slice.indptr.size(); ++row)
      for (auto e = slice.indptr[row]; e < slice.indptr[row + 1]; ++e)
        counts[1] += (slice.range.begin + row) * 31 + slice.indices[e];
    MPI_Allreduce(MPI_IN_PLACE, counts, 2, MPI_UINT64_T, MPI_SUM, MPI_COMM_WORLD);
    if (rank == 0)
      std::printf("vertices %llu edges %llu checksum %llu\n",
                  static_cast<unsigned long long>(graph.num_vertices),
                  static_cast<unsigned long long>(counts[0]),
                  static_cast<unsigned long long>(counts[1]));
  } catch (const std::exception& e) {
    std::fprintf(stderr, "count_edges: %s\n", e.what());
    status = 1;
  }
  MPI_Finalize();
  return status;
}
