// Reading graphs from text files in parallel: Matrix Market, SNAP edge lists and DIMACS
// shortest-path files. Every rank parses its share of the lines; a bad line anywhere
// makes every rank throw the same wg::Error naming the file and line.
#pragma once

#include <mpi.h>

#include <string>
#include <vector>

#include "src/graph/graph_writer.hpp"

namespace wg::graph {

enum class InputFormat { mtx, snap, dimacs };

// "mtx", "snap" or "dimacs"; throws for anything else.
InputFormat parse_input_format(const std::string& name);
const char* format_name(InputFormat format);
// From the file name, ignoring a trailing ".gz" or ".xz": .mtx -> mtx; .gr -> dimacs; .txt, .tsv,
// .el, .edges, .edgelist, .snap -> snap. Throws when the name says nothing.
InputFormat guess_input_format(const std::string& path);

struct EdgeFileContents {
  std::vector<Edge> edges;    // this rank's share, ids as the file gives them (0-based)
  VertexId num_vertices = 0;  // declared size, or largest id + 1 for edge lists
  bool weighted = false;
  bool symmetric = false;  // a symmetric matrix: each entry stands for both directions
  VertexIds vertex_ids;    // relabelled edge lists: the original id of each vertex
};

// Collective over comm. `relabel` (edge lists only) numbers the ids densely.
EdgeFileContents read_edge_file(const std::string& path, InputFormat format, bool relabel,
                                MPI_Comm comm);

// The individual readers, for the dispatch above.
EdgeFileContents read_snap(const std::string& path, bool relabel, MPI_Comm comm);
EdgeFileContents read_matrix_market(const std::string& path, MPI_Comm comm);
EdgeFileContents read_dimacs(const std::string& path, MPI_Comm comm);

}  // namespace wg::graph
