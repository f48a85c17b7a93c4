// Fuzz target for one text graph reader (Matrix Market, SNAP or DIMACS, chosen at build
// time by WG_FUZZ_FORMAT): any input either throws wg::Error or gives edges whose ids are
// below the vertex count and whose weights are finite.
#include <mpi.h>

#include <cmath>

#include "src/common/error.hpp"
#include "src/graph/edge_file.hpp"
#include "tests/fuzz/fuzz_support.hpp"

namespace {

void read_and_check(const std::string& path, bool relabel) {
  using namespace wg::graph;
  try {
    const EdgeFileContents contents =
        read_edge_file(path, parse_input_format(WG_FUZZ_FORMAT), relabel, MPI_COMM_SELF);
    for (const Edge& edge : contents.edges) {
      if (edge.source >= contents.num_vertices || edge.target >= contents.num_vertices)
        wg::fuzz::broken_promise("an edge names a vertex outside [0, num_vertices)");
      if (!std::isfinite(edge.weight)) wg::fuzz::broken_promise("a weight is not finite");
    }
    if (relabel && contents.vertex_ids.size() != contents.num_vertices)
      wg::fuzz::broken_promise("relabelled ids do not cover every vertex");
  } catch (const wg::Error&) {
    // A clear error is the promised outcome for bad input.
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string path = wg::fuzz::scratch_file("input", data, size);
  read_and_check(path, false);
  if (wg::graph::parse_input_format(WG_FUZZ_FORMAT) == wg::graph::InputFormat::snap)
    read_and_check(path, true);
  return 0;
}
