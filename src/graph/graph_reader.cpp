// Reader of the sharded HDF5 graph format: the index file (open_graph) and hyperslab
// reads of any vertex range from the shard files (read_csr, read_indptr).
#include <algorithm>
#include <cmath>
#include <cstdlib>

#include "src/common/mpi_check.hpp"
#include "src/graph/collective_error.hpp"
#include "src/graph/format.hpp"
#include "src/graph/graph_file.hpp"
#include "src/graph/hdf5_util.hpp"

namespace wg::graph {

namespace {

std::vector<std::uint64_t> read_u64_column(hid_t table, const char* name, const std::string& file,
                                           std::uint64_t rows) {
  h5::Handle dataset = h5::open_dataset(table, name, file);
  const std::string where = file + ": dataset 'shards/" + std::string(name) + "'";
  if (h5::dataset_length(dataset, where) != rows)
    fail("{}: has {} rows, the index declares {} shards", where, h5::dataset_length(dataset, where),
         rows);
  std::vector<std::uint64_t> values(rows);
  h5::read_slab(dataset, 0, rows, values.data(), where);
  return values;
}

bool read_flag(hid_t file, const char* name, const std::string& where) {
  const std::uint64_t value = h5::read_u64_attribute(file, name, where);
  if (value > 1) fail("{}: attribute '{}' must be 0 or 1, found {}", where, name, value);
  return value == 1;
}

// Vertex ranges of every rank of comm, so that all ranks open the same shard files in
// the same order (opening a file through MPI-IO is collective).
std::vector<VertexRange> gather_ranges(VertexRange mine, MPI_Comm comm) {
  int size = 1;
  MPI_CHECK(MPI_Comm_size(comm, &size));
  std::vector<VertexId> flat(2 * static_cast<size_t>(size));
  const VertexId pair[2] = {mine.begin, mine.end};
  MPI_CHECK(MPI_Allgather(pair, 2, MPI_UINT32_T, flat.data(), 2, MPI_UINT32_T, comm));
  std::vector<VertexRange> ranges(static_cast<size_t>(size));
  for (size_t r = 0; r < ranges.size(); ++r) ranges[r] = {flat[2 * r], flat[2 * r + 1]};
  return ranges;
}

VertexRange intersect(VertexRange a, VertexRange b) {
  const VertexId begin = std::max(a.begin, b.begin);
  const VertexId end = std::min(a.end, b.end);
  return begin < end ? VertexRange{begin, end} : VertexRange{begin, begin};
}

// A shard file opened for one direction, its attributes checked against the index.
struct OpenShard {
  h5::Handle file;
  h5::Handle group;
  h5::Handle indptr;
  h5::Handle indices;
  h5::Handle weights;
  std::string prefix;  // "FILE: dataset 'in/" for messages
  EdgeIndex declared = 0;
};

// With a communicator the file is opened collectively (MPI-IO) and every rank of it must
// call; with MPI_COMM_NULL this rank opens it alone (POSIX driver).
OpenShard open_shard(const GraphInfo& graph, size_t s, EdgeDirection direction, bool want_edges,
                     MPI_Comm comm) {
  const ShardInfo& shard = graph.shards[s];
  const char* group_name = direction == EdgeDirection::in ? format::kInGroup : format::kOutGroup;
  OpenShard open;
  open.file = h5::open_file(shard.file, comm);
  const h5::Handle& file = open.file;
  const std::string& name = shard.file;
  if (!h5::has_attribute(file, format::kKindAttribute) ||
      h5::read_string_attribute(file, format::kKindAttribute, name) != format::kShardKind)
    fail("{}: not a warpgraph shard file (root attribute '{}' is not '{}')", name,
         format::kKindAttribute, format::kShardKind);
  if (h5::read_u64_attribute(file, format::kShardIndex, name) != s ||
      h5::read_u64_attribute(file, format::kShardVertexBegin, name) != shard.range.begin ||
      h5::read_u64_attribute(file, format::kShardVertexEnd, name) != shard.range.end)
    fail("{}: shard number or vertex range disagrees with the index file {}", name,
         graph.index_path);
  if (h5::read_u64_attribute(file, format::kNumVertices, name) != graph.num_vertices ||
      read_flag(file, format::kDirected, name) != graph.directed ||
      read_flag(file, format::kWeighted, name) != graph.weighted)
    fail("{}: vertex count, directedness or weightedness disagrees with the index file {}", name,
         graph.index_path);
  open.group = h5::open_group(file, group_name, name);
  open.prefix = name + ": dataset '" + group_name + "/";
  open.declared = direction == EdgeDirection::in ? shard.in_edges : shard.out_edges;
  const std::string& prefix = open.prefix;
  const EdgeIndex declared = open.declared;
  h5::Handle& indptr_set = open.indptr;
  indptr_set = h5::open_dataset(open.group, format::kIndptr, name);
  if (h5::dataset_length(indptr_set, prefix + "indptr'") !=
      static_cast<std::uint64_t>(shard.range.size()) + 1)
    fail("{}indptr' has {} entries, expected {} (shard vertices + 1)", prefix,
         h5::dataset_length(indptr_set, prefix + "indptr'"), shard.range.size() + 1);
  h5::Handle& indices_set = open.indices;
  h5::Handle& weights_set = open.weights;
  if (want_edges) {
    indices_set = h5::open_dataset(open.group, format::kIndices, name);
    if (h5::dataset_length(indices_set, prefix + "indices'") != declared)
      fail("{}indices' has {} entries, the index file declares {} edges", prefix,
           h5::dataset_length(indices_set, prefix + "indices'"), declared);
    if (graph.weighted) {
      weights_set = h5::open_dataset(open.group, format::kWeights, name);
      if (h5::dataset_length(weights_set, prefix + "weights'") != declared)
        fail("{}weights' has {} entries, the index file declares {} edges", prefix,
             h5::dataset_length(weights_set, prefix + "weights'"), declared);
    }
  }

  return open;
}

enum class ReadDriver { mpio, posix };

// WARPGRAPH_HDF5_DRIVER=posix reads shard files with HDF5's POSIX driver, each rank
// opening only its own shards; the default (mpio) goes through MPI-IO.
ReadDriver read_driver() {
  const char* value = std::getenv("WARPGRAPH_HDF5_DRIVER");
  if (value == nullptr || std::string(value).empty() || std::string(value) == "mpio")
    return ReadDriver::mpio;
  if (std::string(value) == "posix") return ReadDriver::posix;
  fail("WARPGRAPH_HDF5_DRIVER='{}' is not 'mpio' or 'posix'", value);
}

// Appends the rows `mine` of one shard to the slice; offsets are re-based to the slice.
void read_shard_rows(const ShardInfo& shard, size_t s, VertexRange mine, const OpenShard& open,
                     const GraphInfo& graph, bool want_edges, CsrSlice& slice,
                     FirstError& bad_data) {
  const std::string& prefix = open.prefix;
  const EdgeIndex declared = open.declared;
  const hid_t indptr_set = open.indptr;
  const hid_t indices_set = open.indices;
  const hid_t weights_set = open.weights;
  std::vector<EdgeIndex> offsets(static_cast<size_t>(mine.size()) + 1);
  h5::read_slab(indptr_set, mine.begin - shard.range.begin, offsets.size(), offsets.data(),
                prefix + "indptr'");
  bool monotone = true;
  for (size_t i = 1; i < offsets.size(); ++i) monotone = monotone && offsets[i - 1] <= offsets[i];
  if (!monotone || offsets.back() > declared ||
      (mine.begin == shard.range.begin && offsets.front() != 0)) {
    bad_data.record(s, fmt::format("{}indptr' is not a valid offset array (not monotone, "
                                   "not starting at 0, or past the {} edges)",
                                   prefix, declared));
    return;
  }
  const EdgeIndex base = slice.indptr.back();
  slice.indptr.reserve(slice.indptr.size() + offsets.size() - 1);
  for (size_t i = 1; i < offsets.size(); ++i)
    slice.indptr.push_back(base + offsets[i] - offsets.front());
  if (!want_edges) return;

  const EdgeIndex first = offsets.front();
  const EdgeIndex count = offsets.back() - first;
  const size_t old_size = slice.indices.size();
  slice.indices.resize(old_size + count);
  h5::read_slab(indices_set, first, count, slice.indices.data() + old_size, prefix + "indices'");
  const bool in_range =
      std::all_of(slice.indices.begin() + static_cast<std::ptrdiff_t>(old_size),
                  slice.indices.end(), [&](VertexId v) { return v < graph.num_vertices; });
  if (!in_range)
    bad_data.record(
        s, fmt::format("{}indices' holds a vertex id outside [0, {})", prefix, graph.num_vertices));
  if (graph.weighted) {
    slice.weights.resize(old_size + count);
    h5::read_slab(weights_set, first, count, slice.weights.data() + old_size, prefix + "weights'");
    const bool finite = std::all_of(slice.weights.begin() + static_cast<std::ptrdiff_t>(old_size),
                                    slice.weights.end(), [](Weight w) { return std::isfinite(w); });
    if (!finite)
      bad_data.record(s,
                      fmt::format("{}weights' holds a weight that is not a finite number", prefix));
  }
}

// Reads rows of one direction of a vertex range, shard by shard. With want_edges false
// only the offsets are read.
CsrSlice read_rows(const GraphInfo& graph, EdgeDirection direction, VertexRange range,
                   MPI_Comm comm, bool want_edges) {
  run_collectively(comm, [&] {
    WG_REQUIRE(range.begin <= range.end && range.end <= graph.num_vertices,
               "{}: vertex range [{}, {}) is outside the graph's {} vertices", graph.index_path,
               range.begin, range.end, graph.num_vertices);
  });
  const std::vector<VertexRange> all_ranges = gather_ranges(range, comm);

  CsrSlice slice;
  slice.range = range;
  // No reserve for the whole range here: its size comes from the index file, and a damaged
  // one could ask for any amount before a shard is checked (read_shard_rows grows it).
  slice.indptr.push_back(0);
  FirstError bad_data;  // value checks, agreed on after all collective calls

  // The MPI-IO driver opens every shard that any rank reads on all ranks (a collective
  // open; the metadata checks then fail alike everywhere); the POSIX driver lets each
  // rank open only its own shards, so its failures are recorded and agreed on below.
  const bool collective = read_driver() == ReadDriver::mpio;
  for (size_t s = 0; s < graph.shards.size(); ++s) {
    const ShardInfo& shard = graph.shards[s];
    const VertexRange mine = intersect(range, shard.range);
    if (collective) {
      const bool anyone_reads = std::any_of(all_ranges.begin(), all_ranges.end(), [&](auto r) {
        return !intersect(r, shard.range).empty();
      });
      if (!anyone_reads) continue;
      const OpenShard open = open_shard(graph, s, direction, want_edges, comm);
      if (mine.empty() || bad_data.has_error()) continue;
      try {
        read_shard_rows(shard, s, mine, open, graph, want_edges, slice, bad_data);
      } catch (const Error& e) {
        bad_data.record(s, e.what());
      }
    } else {
      if (mine.empty() || bad_data.has_error()) continue;
      try {
        const OpenShard open = open_shard(graph, s, direction, want_edges, MPI_COMM_NULL);
        read_shard_rows(shard, s, mine, open, graph, want_edges, slice, bad_data);
      } catch (const Error& e) {
        bad_data.record(s, e.what());
      }
    }
  }
  raise_first_error(bad_data, comm);
  return slice;
}

}  // namespace

GraphInfo open_graph(const std::string& index_path) {
  h5::Handle file = h5::open_file(index_path);
  const std::string& where = index_path;
  if (!h5::has_attribute(file, format::kKindAttribute) ||
      h5::read_string_attribute(file, format::kKindAttribute, where) != format::kIndexKind)
    fail("{}: not a warpgraph graph index file (root attribute '{}' is not '{}')", where,
         format::kKindAttribute, format::kIndexKind);
  const std::uint64_t version = h5::read_u64_attribute(file, format::kVersionAttribute, where);
  if (version < format::kOldestVersion || version > format::kVersion)
    fail("{}: format version {} is not supported (this build reads versions {} to {})", where,
         version, format::kOldestVersion, format::kVersion);

  GraphInfo graph;
  graph.index_path = index_path;
  const std::uint64_t vertices = h5::read_u64_attribute(file, format::kNumVertices, where);
  if (vertices > std::numeric_limits<VertexId>::max())
    fail("{}: attribute '{}' = {} exceeds 32-bit vertex ids", where, format::kNumVertices,
         vertices);
  graph.num_vertices = static_cast<VertexId>(vertices);
  graph.num_edges = h5::read_u64_attribute(file, format::kNumEdges, where);
  graph.directed = read_flag(file, format::kDirected, where);
  graph.weighted = read_flag(file, format::kWeighted, where);
  graph.has_vertex_ids = h5::has_link(file, format::kVertexIds);
  const std::uint64_t shards = h5::read_u64_attribute(file, format::kNumShards, where);
  if (shards == 0) fail("{}: attribute '{}' is 0", where, format::kNumShards);

  h5::Handle table = h5::open_group(file, format::kShardTable, where);
  h5::Handle names_set = h5::open_dataset(table, format::kShardFile, where);
  const std::vector<std::string> names =
      h5::read_string_dataset(names_set, where + ": dataset 'shards/file'");
  if (names.size() != shards)
    fail("{}: dataset 'shards/file' has {} rows, the index declares {} shards", where, names.size(),
         shards);
  const auto begins = read_u64_column(table, format::kShardVertexBegin, where, shards);
  const auto ends = read_u64_column(table, format::kShardVertexEnd, where, shards);
  const auto ins = read_u64_column(table, format::kShardInEdges, where, shards);
  const auto outs = read_u64_column(table, format::kShardOutEdges, where, shards);

  const std::string folder = format::parent_folder(index_path);
  EdgeIndex total_in = 0;
  EdgeIndex total_out = 0;
  std::uint64_t expected_begin = 0;
  for (std::uint64_t s = 0; s < shards; ++s) {
    if (begins[s] != expected_begin || ends[s] < begins[s] || ends[s] > vertices)
      fail(
          "{}: shard {} covers vertices [{}, {}), expected a range starting at {} within "
          "[0, {}) (shard ranges must be contiguous)",
          where, s, begins[s], ends[s], expected_begin, vertices);
    expected_begin = ends[s];
    if (names[s].empty() || names[s].find('/') != std::string::npos)
      fail("{}: shard {} has an invalid file name '{}'", where, s, names[s]);
    ShardInfo shard;
    shard.file = folder + "/" + names[s];
    shard.range = {static_cast<VertexId>(begins[s]), static_cast<VertexId>(ends[s])};
    shard.in_edges = ins[s];
    shard.out_edges = outs[s];
    total_in += ins[s];
    total_out += outs[s];
    graph.shards.push_back(shard);
  }
  if (expected_begin != vertices)
    fail("{}: the shards cover vertices [0, {}), the graph has {}", where, expected_begin,
         vertices);
  if (total_in != graph.num_edges || total_out != graph.num_edges)
    fail("{}: shards hold {} in-edges and {} out-edges, attribute '{}' says {}", where, total_in,
         total_out, format::kNumEdges, graph.num_edges);
  return graph;
}

CsrSlice read_csr(const GraphInfo& graph, EdgeDirection direction, VertexRange range,
                  MPI_Comm comm) {
  return read_rows(graph, direction, range, comm, true);
}

std::vector<EdgeIndex> read_indptr(const GraphInfo& graph, EdgeDirection direction,
                                   VertexRange range, MPI_Comm comm) {
  return read_rows(graph, direction, range, comm, false).indptr;
}

}  // namespace wg::graph
