// Fuzz target for the HDF5 graph reader (open_graph, read_csr, read_indptr, the vertex id
// map, and info's full check). The input does not go to HDF5 as raw bytes (that would
// fuzz the HDF5 library's own parser); it chooses the contents of a small graph, an index
// file and its shards, written through HDF5: every attribute, dataset length and value is
// either the consistent one or one the input picks. Any such graph either throws
// wg::Error or reads back as a well-formed CSR.
#include <fuzzer/FuzzedDataProvider.h>
#include <mpi.h>

#include <algorithm>
#include <cmath>
#include <numeric>

#include "src/common/error.hpp"
#include "src/graph/format.hpp"
#include "src/graph/graph_check.hpp"
#include "src/graph/graph_file.hpp"
#include "src/graph/hdf5_util.hpp"
#include "src/graph/vertex_ids.hpp"
#include "tests/fuzz/fuzz_support.hpp"

namespace {

using namespace wg;
using namespace wg::graph;

// Values chosen by the input: mostly the consistent one, sometimes a small or any number.
class Choices {
 public:
  explicit Choices(FuzzedDataProvider& input) : input_(input) {}

  std::uint64_t value(std::uint64_t consistent) {
    switch (input_.ConsumeIntegralInRange<int>(0, 7)) {
      case 4:
        return input_.ConsumeIntegralInRange<std::uint64_t>(0, 40);
      case 5:
        return input_.ConsumeIntegral<std::uint64_t>();
      case 6:
        return consistent + 1;
      case 7:
        return consistent - 1;
      default:  // also what an exhausted input gives
        return consistent;
    }
  }
  std::string text(const std::string& consistent) {
    return input_.ConsumeIntegralInRange<int>(0, 7) == 7 ? input_.ConsumeRandomLengthString(24)
                                                         : consistent;
  }
  std::uint64_t small(std::uint64_t max) {
    return input_.ConsumeIntegralInRange<std::uint64_t>(0, max);
  }
  float weight() {
    return input_.ConsumeBool() ? input_.ConsumeFloatingPoint<float>()
                                : static_cast<float>(small(9) + 1);
  }

 private:
  FuzzedDataProvider& input_;
};

struct Csr {
  std::vector<std::uint64_t> indptr;
  std::vector<std::uint32_t> indices;
  std::vector<float> weights;
};

// One direction of a shard with `rows` rows over `columns` columns.
Csr make_csr(Choices& choose, std::uint64_t rows, std::uint64_t columns, bool weighted) {
  Csr csr;
  const std::uint64_t length = choose.value(rows + 1);
  csr.indptr.push_back(choose.value(0));
  for (std::uint64_t r = 1; r < std::min<std::uint64_t>(length, 64); ++r)
    csr.indptr.push_back(choose.value(csr.indptr.back() + choose.small(3)));
  const std::uint64_t edges = choose.value(csr.indptr.back());
  for (std::uint64_t e = 0; e < std::min<std::uint64_t>(edges, 256); ++e)
    csr.indices.push_back(static_cast<std::uint32_t>(choose.value(choose.small(columns))));
  if (weighted) {
    const std::uint64_t count = choose.value(csr.indices.size());
    for (std::uint64_t e = 0; e < std::min<std::uint64_t>(count, 256); ++e)
      csr.weights.push_back(choose.weight());
  }
  return csr;
}

void write_csr(hid_t file, const char* group_name, const Csr& csr, Choices& choose) {
  h5::Handle group = h5::create_group(file, group_name);
  h5::write_attribute(group, format::kNumEdges, choose.value(csr.indices.size()));
  h5::write_dataset(group, format::kIndptr, csr.indptr.data(), csr.indptr.size());
  if (choose.value(1) != 0)
    h5::write_dataset(group, format::kIndices, csr.indices.data(), csr.indices.size());
  if (!csr.weights.empty())
    h5::write_dataset(group, format::kWeights, csr.weights.data(), csr.weights.size());
}

// Writes a graph chosen by the input and returns its index file's path.
std::string write_graph_files(Choices& choose) {
  const std::string folder = fuzz::scratch_folder();
  const std::uint64_t vertices = choose.value(choose.small(24));
  const std::uint64_t shards = choose.value(choose.small(2) + 1);
  const std::uint64_t directed = choose.value(choose.small(1));
  const std::uint64_t weighted = choose.value(choose.small(1));
  const std::uint64_t rows = std::min<std::uint64_t>(shards, 4);

  std::vector<std::string> names;
  std::vector<std::uint64_t> begins, ends, in_edges, out_edges;
  for (std::uint64_t s = 0; s < rows; ++s) {
    names.push_back(choose.text(format::shard_file_name("g.h5", static_cast<std::uint32_t>(s))));
    begins.push_back(choose.value(s == 0 ? 0 : ends.back()));
    ends.push_back(choose.value(s + 1 == rows ? vertices : begins.back() + vertices / rows));
    const std::uint64_t shard_rows =
        ends.back() >= begins.back() && ends.back() - begins.back() < 64
            ? ends.back() - begins.back()
            : choose.small(8);
    std::uint64_t edges[2] = {0, 0};
    h5::Handle shard = h5::create_memory_file(names.back());
    h5::write_attribute(shard, format::kKindAttribute, choose.text(format::kShardKind));
    h5::write_attribute(shard, format::kVersionAttribute, choose.value(format::kVersion));
    h5::write_attribute(shard, format::kNumVertices, choose.value(vertices));
    h5::write_attribute(shard, format::kDirected, choose.value(directed));
    h5::write_attribute(shard, format::kWeighted, choose.value(weighted));
    h5::write_attribute(shard, format::kShardIndex, choose.value(s));
    h5::write_attribute(shard, format::kShardVertexBegin, choose.value(begins.back()));
    h5::write_attribute(shard, format::kShardVertexEnd, choose.value(ends.back()));
    int direction = 0;
    for (const char* group : {format::kInGroup, format::kOutGroup}) {
      const Csr csr = make_csr(choose, shard_rows, vertices, weighted == 1);
      edges[direction++] = csr.indptr.back();
      write_csr(shard, group, csr, choose);
    }
    in_edges.push_back(choose.value(edges[0]));
    out_edges.push_back(choose.value(edges[1]));
    // A name the input chose may be unusable (a folder, or nothing) and is not written
    // outside the scratch folder; then the index names a file that is missing or not a
    // shard, which the reader must report too.
    if (names.back().find('/') == std::string::npos) try {
        h5::save_image(shard, folder + "/" + names.back());
      } catch (const Error&) {
      }
  }

  h5::Handle index = h5::create_memory_file("g.h5");
  h5::write_attribute(index, format::kKindAttribute, choose.text(format::kIndexKind));
  h5::write_attribute(index, format::kVersionAttribute, choose.value(format::kVersion));
  h5::write_attribute(index, format::kNumVertices, vertices);
  h5::write_attribute(
      index, format::kNumEdges,
      choose.value(std::accumulate(in_edges.begin(), in_edges.end(), std::uint64_t{0})));
  h5::write_attribute(index, format::kDirected, directed);
  h5::write_attribute(index, format::kWeighted, weighted);
  h5::write_attribute(index, format::kNumShards, shards);
  h5::Handle table = h5::create_group(index, format::kShardTable);
  h5::write_string_dataset(table, format::kShardFile, names);
  // The input may make the begin column longer or shorter than the others.
  begins.resize(std::min<std::uint64_t>(choose.value(rows), 8));
  h5::write_dataset(table, format::kShardVertexBegin, begins.data(), begins.size());
  h5::write_dataset(table, format::kShardVertexEnd, ends.data(), rows);
  h5::write_dataset(table, format::kShardInEdges, in_edges.data(), rows);
  h5::write_dataset(table, format::kShardOutEdges, out_edges.data(), rows);
  if (choose.small(3) == 0) {
    std::vector<std::uint64_t> ids(std::min<std::uint64_t>(choose.value(vertices), 64));
    for (std::uint64_t& id : ids) id = choose.value(choose.small(64));
    h5::write_dataset(index, format::kVertexIds, ids.data(), ids.size());
  }
  const std::string path = folder + "/g.h5";
  h5::save_image(index, path);
  return path;
}

void check_slice(const CsrSlice& slice, const GraphInfo& graph, bool with_edges) {
  if (slice.indptr.size() != std::uint64_t{slice.range.size()} + 1 || slice.indptr.front() != 0 ||
      !std::is_sorted(slice.indptr.begin(), slice.indptr.end()))
    fuzz::broken_promise("offsets are not a CSR offset array of the range");
  if (!with_edges) return;
  if (slice.indptr.back() != slice.indices.size())
    fuzz::broken_promise("offsets do not end at the number of edges");
  for (const VertexId v : slice.indices)
    if (v >= graph.num_vertices) fuzz::broken_promise("an edge names a vertex out of range");
  if (graph.weighted && slice.weights.size() != slice.indices.size())
    fuzz::broken_promise("weights and edges differ in number");
  for (const Weight w : slice.weights)
    if (!std::isfinite(w)) fuzz::broken_promise("a weight is not finite");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  FuzzedDataProvider input(data, size);
  Choices choose(input);
  fuzz::clear_scratch_folder();
  std::string index;
  try {
    index = write_graph_files(choose);
  } catch (const Error&) {
    return 0;  // the chosen graph could not be written (e.g. too many datasets)
  }
  try {
    const GraphInfo graph = open_graph(index);
    const VertexRange all{0, graph.num_vertices};
    for (const EdgeDirection direction : {EdgeDirection::in, EdgeDirection::out}) {
      check_slice(read_csr(graph, direction, all, MPI_COMM_SELF), graph, true);
      CsrSlice offsets;
      offsets.range = all;
      offsets.indptr = read_indptr(graph, direction, all, MPI_COMM_SELF);
      check_slice(offsets, graph, false);
    }
    const VertexIds ids = read_vertex_ids(graph);
    if (ids.relabelled() && ids.size() != graph.num_vertices)
      fuzz::broken_promise("the id map does not cover every vertex");
    check_graph(graph, MPI_COMM_SELF);
  } catch (const Error&) {
    // A clear error is the promised outcome for a damaged graph.
  }
  return 0;
}
