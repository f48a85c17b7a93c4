// Names and constants of warpgraph's sharded HDF5 graph format (docs/FORMAT.md). Writer,
// reader and checker all spell the format through these, so they cannot drift apart.
#pragma once

#include <cstdint>
#include <string>

namespace wg::graph::format {

// Version 2 added the optional /vertex_ids of relabelled graphs; version 1 files (no id
// map) are still read.
inline constexpr std::uint64_t kVersion = 2;
inline constexpr std::uint64_t kOldestVersion = 1;

// Root attribute "warpgraph_format" says which kind of file this is.
inline constexpr const char* kKindAttribute = "warpgraph_format";
inline constexpr const char* kIndexKind = "warpgraph-graph-index";
inline constexpr const char* kShardKind = "warpgraph-graph-shard";
inline constexpr const char* kVersionAttribute = "format_version";

// Root attributes of both kinds of file.
inline constexpr const char* kNumVertices = "num_vertices";
inline constexpr const char* kNumEdges = "num_edges";
inline constexpr const char* kDirected = "directed";
inline constexpr const char* kWeighted = "weighted";
inline constexpr const char* kNumShards = "num_shards";

// Index file: the shard table, one row per shard, in group /shards.
inline constexpr const char* kShardTable = "shards";
inline constexpr const char* kShardFile = "file";
inline constexpr const char* kShardVertexBegin = "vertex_begin";
inline constexpr const char* kShardVertexEnd = "vertex_end";
inline constexpr const char* kShardInEdges = "in_edges";
inline constexpr const char* kShardOutEdges = "out_edges";

// Index file of a relabelled graph: the original id of every vertex, u64 when every input
// id was an integer, else fixed-length strings (vertex_ids.hpp).
inline constexpr const char* kVertexIds = "vertex_ids";

// Shard file: root attributes "shard", "vertex_begin", "vertex_end"; groups /in and /out,
// each a scipy-style CSR with "num_edges" as attribute.
inline constexpr const char* kShardIndex = "shard";
inline constexpr const char* kInGroup = "in";
inline constexpr const char* kOutGroup = "out";
inline constexpr const char* kIndptr = "indptr";
inline constexpr const char* kIndices = "indices";
inline constexpr const char* kWeights = "weights";

// Shard k of index file "dir/name.h5" is "dir/name.shard-0000k.h5" (the index stores only
// the file name, resolved relative to the index file's folder).
std::string shard_file_name(const std::string& index_path, std::uint32_t shard);

// Folder part of a path ("." when there is none), and the name part.
std::string parent_folder(const std::string& path);
std::string file_name(const std::string& path);

}  // namespace wg::graph::format
