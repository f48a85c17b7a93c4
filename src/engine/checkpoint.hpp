// Checkpoints of a graph run (HDF5, written collectively): the vertex values, the
// frontier of the next iteration, the iteration count, the borders, the algorithm and
// its parameters, and the graph's identity. A run resumed from one finishes with exactly
// the results of the uninterrupted run.
//
// Layout: /values (float64 per vertex; unreached = inf), /frontier (uint64 bitmask words),
// /borders (uint32, partitions + 1), root attributes format, algorithm, source, graph,
// num_vertices, num_edges, iteration.
#pragma once

#include <mpi.h>

#include <cstdint>
#include <string>
#include <vector>

#include "src/common/types.hpp"

namespace wg::engine {

struct CheckpointMeta {
  std::string algorithm;
  std::uint64_t source = 0;
  std::string graph;
  std::uint64_t num_vertices = 0;
  std::uint64_t num_edges = 0;
  std::uint64_t iteration = 0;
  std::vector<VertexId> borders;
};

struct Checkpoint {
  CheckpointMeta meta;
  std::vector<double> values;           // every vertex
  std::vector<std::uint64_t> frontier;  // every vertex's bit
};

// Collective. Each rank passes the values of its contiguous range `mine` and the frontier
// words covering it (mine.begin is a multiple of 64 or the vertex count). Written under a
// temporary name and renamed.
void write_checkpoint(const std::string& path, const CheckpointMeta& meta, VertexRange mine,
                      const std::vector<double>& values, const std::vector<std::uint64_t>& words,
                      MPI_Comm comm);

// Collective: every rank reads the whole checkpoint.
Checkpoint read_checkpoint(const std::string& path, MPI_Comm comm);

// Collective, after a run has finished and written its results: rank 0 deletes the
// checkpoint at `path` if there is one (its state is superseded), so that the same command
// run again starts afresh rather than resuming.
void remove_checkpoint(const std::string& path, MPI_Comm comm);

}  // namespace wg::engine
