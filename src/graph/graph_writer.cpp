// Building and writing sharded graphs: edges are sent to the rank that owns the shard of
// their row vertex (MPI_Alltoallv), sorted and merged there, turned into CSR, and each
// owner writes its shard files; rank 0 writes the index. Temporary names until all
// ranks succeeded.
#include "src/graph/graph_writer.hpp"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <cstdio>
#include <limits>

#include "src/common/host_comm.hpp"
#include "src/common/mpi_check.hpp"
#include "src/graph/collective_error.hpp"
#include "src/graph/format.hpp"
#include "src/graph/hdf5_util.hpp"
#include "src/graph/output_file.hpp"
#include "src/graph/shard_layout.hpp"

namespace wg::graph {

namespace {

struct Csr {
  std::vector<EdgeIndex> indptr;
  std::vector<VertexId> indices;
  std::vector<Weight> weights;
};

// Sends every edge to the rank owning the shard of its row vertex (the target for
// in-edges, the source for out-edges). Returns the edges this rank received.
std::vector<Edge> redistribute(const std::vector<Edge>& edges, EdgeDirection direction,
                               const ShardLayout& layout, MPI_Comm comm) {
  int size = 1;
  MPI_CHECK(MPI_Comm_size(comm, &size));
  if (size == 1) return edges;
  // Destination rank of every edge, computed once for counting and for placing.
  std::vector<int> destination(edges.size());
  std::vector<std::uint64_t> send_counts(static_cast<size_t>(size), 0);
  for (size_t i = 0; i < edges.size(); ++i) {
    const VertexId row = direction == EdgeDirection::in ? edges[i].target : edges[i].source;
    destination[i] = ShardLayout::owner(layout.shard_of(row), layout.num_shards(), size);
    ++send_counts[static_cast<size_t>(destination[i])];
  }
  std::vector<std::uint64_t> receive_counts(static_cast<size_t>(size), 0);
  MPI_CHECK(MPI_Alltoall(send_counts.data(), 1, MPI_UINT64_T, receive_counts.data(), 1,
                         MPI_UINT64_T, comm));

  // MPI counts and displacements are ints; one element is one whole edge.
  const auto as_ints = [](const std::vector<std::uint64_t>& counts, std::vector<int>& out,
                          std::vector<int>& displacements) {
    std::uint64_t offset = 0;
    for (size_t r = 0; r < counts.size(); ++r) {
      if (offset + counts[r] > static_cast<std::uint64_t>(std::numeric_limits<int>::max()))
        fail("too many edges per rank ({}) for one exchange; use more ranks", offset + counts[r]);
      out[r] = static_cast<int>(counts[r]);
      displacements[r] = static_cast<int>(offset);
      offset += counts[r];
    }
    return offset;
  };
  std::vector<int> send_n(static_cast<size_t>(size)), send_at(static_cast<size_t>(size));
  std::vector<int> receive_n(static_cast<size_t>(size)), receive_at(static_cast<size_t>(size));
  FirstError too_big;
  std::uint64_t receive_total = 0;
  try {
    as_ints(send_counts, send_n, send_at);
    receive_total = as_ints(receive_counts, receive_n, receive_at);
  } catch (const Error& e) {
    too_big.record(0, e.what());
  }
  raise_first_error(too_big, comm);

  std::vector<Edge> send(edges.size());
  std::vector<int> cursor = send_at;
  for (size_t i = 0; i < edges.size(); ++i)
    send[static_cast<size_t>(cursor[static_cast<size_t>(destination[i])]++)] = edges[i];
  destination = {};
  std::vector<Edge> received(receive_total);

  MPI_Datatype edge_type = MPI_DATATYPE_NULL;
  MPI_CHECK(MPI_Type_contiguous(sizeof(Edge), MPI_BYTE, &edge_type));
  MPI_CHECK(MPI_Type_commit(&edge_type));
  const int status =
      MPI_Alltoallv(send.data(), send_n.data(), send_at.data(), edge_type, received.data(),
                    receive_n.data(), receive_at.data(), edge_type, comm);
  MPI_Type_free(&edge_type);
  MPI_CHECK(status);
  return received;
}

// Turns the received edges into the CSR of each shard this rank owns: a counting sort by
// row, then each row sorted by (column, weight); parallel edges merge unless asked to
// keep them (the first of a run has the smallest weight). The result depends only on
// the set of edges, not on the order they arrived in.
std::vector<Csr> build_csr(std::vector<Edge> edges, EdgeDirection direction,
                           const ShardLayout& layout, std::uint32_t first_shard,
                           std::uint32_t end_shard, const WriteOptions& options) {
  if (first_shard >= end_shard) return {};
  const bool in = direction == EdgeDirection::in;
  const VertexId lo = layout.range(first_shard).begin;
  const VertexId hi = layout.range(end_shard - 1).end;
  const size_t rows = hi - lo;

  const auto row_of = [in, lo](const Edge& e) -> size_t { return (in ? e.target : e.source) - lo; };

  // Counting sort in two passes, first into blocks of 2^16 rows, then rows within each
  // block, so that the scattered writes stay within cache-sized regions.
  constexpr unsigned kBlockBits = 16;
  const size_t blocks = (rows >> kBlockBits) + 1;
  std::vector<EdgeIndex> block_start(blocks + 1, 0);
  std::vector<EdgeIndex> offsets(rows + 1, 0);
  for (const Edge& e : edges) {
    ++block_start[(row_of(e) >> kBlockBits) + 1];
    ++offsets[row_of(e) + 1];
  }
  for (size_t b = 1; b <= blocks; ++b) block_start[b] += block_start[b - 1];
  for (size_t i = 1; i <= rows; ++i) offsets[i] += offsets[i - 1];
  std::vector<Edge> blocked(edges.size());
  {
    std::vector<EdgeIndex> cursor(block_start.begin(), block_start.end() - 1);
    for (const Edge& e : edges) blocked[cursor[row_of(e) >> kBlockBits]++] = e;
  }
  edges = {};
  std::vector<std::pair<VertexId, Weight>> cells(blocked.size());
  {
    std::vector<EdgeIndex> cursor(offsets.begin(), offsets.end() - 1);
    for (const Edge& e : blocked) cells[cursor[row_of(e)]++] = {in ? e.source : e.target, e.weight};
  }
  blocked = {};

  // Sort each row; rows are independent, so threads share them.
  const auto row_count = static_cast<std::int64_t>(rows);
#pragma omp parallel for schedule(dynamic, 4096)
  for (std::int64_t r = 0; r < row_count; ++r)
    std::sort(cells.begin() + static_cast<std::ptrdiff_t>(offsets[static_cast<size_t>(r)]),
              cells.begin() + static_cast<std::ptrdiff_t>(offsets[static_cast<size_t>(r) + 1]));

  if (!options.keep_duplicates) {
    EdgeIndex write = 0;
    EdgeIndex row_begin = 0;
    for (size_t r = 0; r < rows; ++r) {
      const EdgeIndex row_end = offsets[r + 1];
      for (EdgeIndex k = row_begin; k < row_end; ++k)
        if (k == row_begin || cells[k].first != cells[k - 1].first) cells[write++] = cells[k];
      row_begin = row_end;
      offsets[r + 1] = write;
    }
    cells.resize(write);
  }

  std::vector<Csr> shards;
  for (std::uint32_t s = first_shard; s < end_shard; ++s) {
    const VertexRange range = layout.range(s);
    const EdgeIndex base = offsets[range.begin - lo];
    const EdgeIndex end = offsets[range.end - lo];
    Csr csr;
    csr.indptr.reserve(static_cast<size_t>(range.size()) + 1);
    for (size_t i = range.begin - lo; i <= static_cast<size_t>(range.end - lo); ++i)
      csr.indptr.push_back(offsets[i] - base);
    csr.indices.reserve(end - base);
    for (EdgeIndex k = base; k < end; ++k) csr.indices.push_back(cells[k].first);
    if (options.weighted) {
      csr.weights.reserve(end - base);
      for (EdgeIndex k = base; k < end; ++k) csr.weights.push_back(cells[k].second);
    }
    shards.push_back(std::move(csr));
  }
  return shards;
}

void write_common_attributes(hid_t file, const char* kind, VertexId num_vertices,
                             EdgeIndex num_edges, const WriteOptions& options,
                             std::uint32_t num_shards) {
  h5::write_attribute(file, format::kKindAttribute, kind);
  h5::write_attribute(file, format::kVersionAttribute, format::kVersion);
  h5::write_attribute(file, format::kNumVertices, std::uint64_t{num_vertices});
  h5::write_attribute(file, format::kNumEdges, num_edges);
  h5::write_attribute(file, format::kDirected, std::uint64_t{options.directed ? 1u : 0u});
  h5::write_attribute(file, format::kWeighted, std::uint64_t{options.weighted ? 1u : 0u});
  h5::write_attribute(file, format::kNumShards, std::uint64_t{num_shards});
}

void write_csr_group(hid_t file, const char* name, const Csr& csr, bool weighted) {
  h5::Handle group = h5::create_group(file, name);
  h5::write_attribute(group, format::kNumEdges, std::uint64_t{csr.indices.size()});
  h5::write_dataset(group, format::kIndptr, csr.indptr.data(), csr.indptr.size());
  h5::write_dataset(group, format::kIndices, csr.indices.data(), csr.indices.size());
  if (weighted) h5::write_dataset(group, format::kWeights, csr.weights.data(), csr.weights.size());
}

// Temporary files this rank wrote; removed when the scope ends unless handed on.
class TemporaryFiles {
 public:
  TemporaryFiles() = default;
  TemporaryFiles(const TemporaryFiles&) = delete;
  TemporaryFiles& operator=(const TemporaryFiles&) = delete;
  ~TemporaryFiles() {
    for (const auto& file : files_) std::remove(file.c_str());
  }
  void add(const std::string& file) { files_.push_back(file); }
  void release() { files_.clear(); }

 private:
  std::vector<std::string> files_;
};

// Bytes of memory this process may still take (MemAvailable), or 0 when unknown.
std::uint64_t available_memory() {
  std::FILE* meminfo = std::fopen("/proc/meminfo", "r");
  if (meminfo == nullptr) return 0;
  char line[256];
  std::uint64_t kib = 0;
  while (std::fgets(line, sizeof line, meminfo) != nullptr)
    if (std::sscanf(line, "MemAvailable: %lu kB", &kib) == 1) break;
  std::fclose(meminfo);
  return kib * 1024;
}

// Refuses, before allocating, a graph whose CSR arrays cannot fit this rank's share of
// the node's memory: a two-line file may declare two billion vertices, and each row
// costs two offsets per direction whether it has edges or not.
void check_memory(const std::string& index_path, VertexId num_vertices, std::uint64_t rows,
                  std::uint64_t edges, std::uint32_t num_shards, MPI_Comm comm) {
  const int ranks_here = HostComm(comm).size();
  int ranks = 1;
  MPI_CHECK(MPI_Comm_size(comm, &ranks));
  // Per direction: the counting-sort offsets and the shard's indptr (8 bytes a row each);
  // per edge: the edge itself twice during the exchange, and the sorted cell and index.
  const std::uint64_t need = rows * 2 * 2 * sizeof(EdgeIndex) + edges * (3 * sizeof(Edge) + 12);
  const std::uint64_t available = available_memory() / static_cast<std::uint64_t>(ranks_here);
  FirstError too_big;
  if (available > 0 && need > available) {
    constexpr double kGiB = 1024.0 * 1024.0 * 1024.0;
    const std::uint64_t more = need / std::max<std::uint64_t>(available, 1) + 1;
    const std::uint64_t shards = std::min<std::uint64_t>(std::max<std::uint64_t>(num_vertices, 1),
                                                         std::uint64_t{num_shards} * more);
    too_big.record(0,
                   fmt::format("{}: {} vertices in {} shard(s) need about {:.1f} GiB on a rank "
                               "but {:.1f} GiB are available to each of the {} rank(s) of "
                               "this node: use --shards {} with about {} ranks, spread over "
                               "nodes",
                               index_path, num_vertices, num_shards, need / kGiB, available / kGiB,
                               ranks_here, shards, std::min<std::uint64_t>(shards, ranks * more)));
  }
  raise_first_error(too_big, comm);
}

// The same token on every rank, so that every rank knows every temporary name.
std::string shared_token(MPI_Comm comm) {
  int rank = 0;
  MPI_CHECK(MPI_Comm_rank(comm, &rank));
  char token[128] = {};
  if (rank == 0) {
    const std::string mine = io::unique_token();
    std::snprintf(token, sizeof token, "%s", mine.c_str());
  }
  MPI_CHECK(MPI_Bcast(token, sizeof token, MPI_CHAR, 0, comm));
  return token;
}

}  // namespace

GraphInfo write_graph(const std::string& index_path, VertexId num_vertices, std::vector<Edge> edges,
                      const WriteOptions& options, MPI_Comm comm) {
  int rank = 0;
  int size = 1;
  MPI_CHECK(MPI_Comm_rank(comm, &rank));
  MPI_CHECK(MPI_Comm_size(comm, &size));

  FirstError bad_edge;
  for (const Edge& e : edges)
    if (e.source >= num_vertices || e.target >= num_vertices) {
      bad_edge.record(0, fmt::format("{}: edge {} -> {} has a vertex id outside [0, {})",
                                     index_path, e.source, e.target, num_vertices));
      break;
    }
  raise_first_error(bad_edge, comm);

  if (!options.keep_self_loops)
    edges.erase(std::remove_if(edges.begin(), edges.end(),
                               [](const Edge& e) { return e.source == e.target; }),
                edges.end());
  if (!options.directed) {
    const size_t original = edges.size();
    for (size_t i = 0; i < original; ++i)
      if (edges[i].source != edges[i].target)
        edges.push_back({edges[i].target, edges[i].source, edges[i].weight});
  }
  if (!options.weighted)
    for (Edge& e : edges) e.weight = 1.0f;

  std::uint64_t local_count = edges.size();
  std::uint64_t total = 0;
  MPI_CHECK(MPI_Allreduce(&local_count, &total, 1, MPI_UINT64_T, MPI_SUM, comm));
  const std::uint64_t max_shards = std::max<std::uint64_t>(num_vertices, 1);
  WG_REQUIRE(options.num_shards <= max_shards, "--shards {} exceeds the {} vertices of {}",
             options.num_shards, num_vertices, index_path);
  const std::uint32_t num_shards =
      options.num_shards > 0 ? options.num_shards : default_shard_count(total, num_vertices);
  const ShardLayout layout(num_vertices, num_shards);
  std::uint32_t first_owned = num_shards;
  std::uint32_t end_owned = num_shards;
  for (std::uint32_t s = 0; s < num_shards; ++s)
    if (ShardLayout::owner(s, num_shards, size) == rank) {
      first_owned = std::min(first_owned, s);
      end_owned = s + 1;
    }
  if (first_owned == num_shards) end_owned = num_shards;

  std::uint64_t owned_rows = 0;
  for (std::uint32_t s = first_owned; s < end_owned; ++s) owned_rows += layout.range(s).size();
  check_memory(index_path, num_vertices, owned_rows, local_count, num_shards, comm);
  if (rank == 0)
    spdlog::info("building {} shard(s) of {} vertices from {} edges on {} rank(s)", num_shards,
                 num_vertices, total, size);
  const double start = MPI_Wtime();
  std::vector<Csr> in_csr = build_csr(redistribute(edges, EdgeDirection::in, layout, comm),
                                      EdgeDirection::in, layout, first_owned, end_owned, options);
  std::vector<Csr> out_csr = build_csr(redistribute(edges, EdgeDirection::out, layout, comm),
                                       EdgeDirection::out, layout, first_owned, end_owned, options);
  edges = {};
  const double built = MPI_Wtime();

  // Per-shard edge counts, known to every rank.
  std::vector<std::uint64_t> in_counts(num_shards, 0);
  std::vector<std::uint64_t> out_counts(num_shards, 0);
  for (std::uint32_t s = first_owned; s < end_owned; ++s) {
    in_counts[s] = in_csr[s - first_owned].indices.size();
    out_counts[s] = out_csr[s - first_owned].indices.size();
  }
  MPI_CHECK(MPI_Allreduce(MPI_IN_PLACE, in_counts.data(), static_cast<int>(num_shards),
                          MPI_UINT64_T, MPI_SUM, comm));
  MPI_CHECK(MPI_Allreduce(MPI_IN_PLACE, out_counts.data(), static_cast<int>(num_shards),
                          MPI_UINT64_T, MPI_SUM, comm));
  EdgeIndex num_edges = 0;
  for (auto c : in_counts) num_edges += c;

  GraphInfo graph;
  graph.index_path = index_path;
  graph.num_vertices = num_vertices;
  graph.num_edges = num_edges;
  graph.directed = options.directed;
  graph.weighted = options.weighted;
  graph.has_vertex_ids = options.vertex_ids.relabelled();
  const std::string folder = format::parent_folder(index_path);
  std::vector<std::string> shard_names;
  for (std::uint32_t s = 0; s < num_shards; ++s) {
    shard_names.push_back(format::shard_file_name(index_path, s));
    graph.shards.push_back(
        {folder + "/" + shard_names.back(), layout.range(s), in_counts[s], out_counts[s]});
  }

  // Every file is written under a temporary name of this writer; rank 0 then publishes
  // them all at once (io::FileGroup), so a failure or a concurrent writer never leaves a
  // mix of old and new files under the final names.
  const std::string token = shared_token(comm);
  run_collectively(comm, [&] {
    if (rank != 0) return;
    io::require_replaceable(index_path, "output");
    for (const ShardInfo& shard : graph.shards) io::require_replaceable(shard.file, "shard file");
  });
  TemporaryFiles temporaries;
  run_collectively(comm, [&] {
    for (std::uint32_t s = first_owned; s < end_owned; ++s) {
      const std::string& path = graph.shards[s].file;
      const std::string temporary = io::temporary_name(path, token);
      spdlog::debug("writing shard {} of {}: {}", s + 1, num_shards, path);
      h5::Handle file = h5::create_memory_file(temporary);
      write_common_attributes(file, format::kShardKind, num_vertices, num_edges, options,
                              num_shards);
      h5::write_attribute(file, format::kShardIndex, std::uint64_t{s});
      h5::write_attribute(file, format::kShardVertexBegin, std::uint64_t{layout.range(s).begin});
      h5::write_attribute(file, format::kShardVertexEnd, std::uint64_t{layout.range(s).end});
      write_csr_group(file, format::kInGroup, in_csr[s - first_owned], options.weighted);
      write_csr_group(file, format::kOutGroup, out_csr[s - first_owned], options.weighted);
      in_csr[s - first_owned] = {};
      out_csr[s - first_owned] = {};
      temporaries.add(temporary);
      h5::save_image(file, temporary);
    }
  });
  in_csr.clear();
  out_csr.clear();
  const double written = MPI_Wtime();
  spdlog::debug("exchange, sort and CSR: {:.2f} s; shard files: {:.2f} s", built - start,
                written - built);

  run_collectively(comm, [&] {
    if (rank != 0) return;
    const std::string temporary = io::temporary_name(index_path, token);
    h5::Handle file = h5::create_memory_file(temporary);
    write_common_attributes(file, format::kIndexKind, num_vertices, num_edges, options, num_shards);
    h5::Handle table = h5::create_group(file, format::kShardTable);
    std::vector<std::uint64_t> begins, ends;
    for (std::uint32_t s = 0; s < num_shards; ++s) {
      begins.push_back(layout.range(s).begin);
      ends.push_back(layout.range(s).end);
    }
    h5::write_string_dataset(table, format::kShardFile, shard_names);
    h5::write_dataset(table, format::kShardVertexBegin, begins.data(), num_shards);
    h5::write_dataset(table, format::kShardVertexEnd, ends.data(), num_shards);
    h5::write_dataset(table, format::kShardInEdges, in_counts.data(), num_shards);
    h5::write_dataset(table, format::kShardOutEdges, out_counts.data(), num_shards);
    const VertexIds& ids = options.vertex_ids;
    if (ids.relabelled()) {
      if (ids.size() != num_vertices)
        fail("{}: {} vertex ids for {} vertices", index_path, ids.size(), num_vertices);
      if (ids.numeric())
        h5::write_dataset(file, format::kVertexIds, ids.integer_ids().data(), ids.size());
      else
        h5::write_string_dataset(file, format::kVertexIds, ids.string_ids());
    }
    temporaries.add(temporary);
    h5::save_image(file, temporary);
  });

  // Shards first, the index last: a reader never finds an index without its shards.
  run_collectively(comm, [&] {
    if (rank != 0) return;
    io::FileGroup group;
    for (const ShardInfo& shard : graph.shards)
      group.add(io::temporary_name(shard.file, token), shard.file);
    group.add(io::temporary_name(index_path, token), index_path);
    group.publish(token);
  });
  temporaries.release();
  if (rank == 0)
    spdlog::info("wrote {}: {} vertices, {} stored edges, {} shard(s)", index_path, num_vertices,
                 num_edges, num_shards);
  return graph;
}

GraphInfo write_graph_serial(const std::string& index_path, VertexId num_vertices,
                             std::vector<Edge> edges, const WriteOptions& options) {
  return write_graph(index_path, num_vertices, std::move(edges), options, MPI_COMM_SELF);
}

}  // namespace wg::graph
