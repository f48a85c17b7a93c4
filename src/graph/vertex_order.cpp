#include "src/graph/vertex_order.hpp"

#include <algorithm>
#include <numeric>

#include "src/common/error.hpp"

namespace wg::graph {

VertexOrder parse_vertex_order(const std::string& name) {
  for (VertexOrder order : {VertexOrder::none, VertexOrder::degree, VertexOrder::rcm})
    if (name == order_name(order)) return order;
  fail("--reorder {} is not known (none, degree, rcm)", name);
}

const char* order_name(VertexOrder order) {
  switch (order) {
    case VertexOrder::none:
      return "none";
    case VertexOrder::degree:
      return "degree";
    case VertexOrder::rcm:
      return "rcm";
  }
  return "?";
}

std::vector<VertexId> degree_order(const std::vector<std::uint64_t>& degree) {
  std::vector<VertexId> order(degree.size());
  std::iota(order.begin(), order.end(), VertexId{0});
  std::sort(order.begin(), order.end(), [&degree](VertexId a, VertexId b) {
    return degree[a] != degree[b] ? degree[a] > degree[b] : a < b;
  });
  return order;
}

namespace {

// Breadth-first sweeps over a symmetric adjacency, reusing one visited array: a vertex
// is reached in the current sweep when its stamp equals the sweep's.
class Sweeper {
 public:
  Sweeper(const std::vector<EdgeIndex>& indptr, const std::vector<VertexId>& indices)
      : indptr_(indptr), indices_(indices), stamp_of_(indptr.size() - 1, 0) {}

  // Fills `queue` with the component of root in breadth-first order; `last_level` is
  // where its deepest level starts. Returns the number of levels.
  std::size_t sweep(VertexId root, std::vector<VertexId>& queue, std::size_t& last_level) {
    if (++stamp_ == 0) {  // wrapped: no vertex may keep a stamp of a new sweep
      std::fill(stamp_of_.begin(), stamp_of_.end(), 0);
      stamp_ = 1;
    }
    queue.assign(1, root);
    stamp_of_[root] = stamp_;
    std::size_t levels = 0;
    for (std::size_t begin = 0; begin < queue.size(); ++levels) {
      const std::size_t end = queue.size();
      last_level = begin;
      for (std::size_t i = begin; i < end; ++i)
        for (EdgeIndex e = indptr_[queue[i]]; e < indptr_[queue[i] + 1]; ++e) {
          const VertexId w = indices_[e];
          if (stamp_of_[w] != stamp_) {
            stamp_of_[w] = stamp_;
            queue.push_back(w);
          }
        }
      begin = end;
    }
    return levels;
  }

 private:
  const std::vector<EdgeIndex>& indptr_;
  const std::vector<VertexId>& indices_;
  std::vector<std::uint32_t> stamp_of_;
  std::uint32_t stamp_ = 0;
};

}  // namespace

std::vector<VertexId> rcm_order(const std::vector<EdgeIndex>& indptr,
                                const std::vector<VertexId>& indices) {
  WG_REQUIRE(!indptr.empty(), "rcm_order: an adjacency needs n + 1 offsets");
  const auto n = static_cast<VertexId>(indptr.size() - 1);
  const auto lighter = [&indptr](VertexId a, VertexId b) {
    const EdgeIndex da = indptr[a + 1] - indptr[a];
    const EdgeIndex db = indptr[b + 1] - indptr[b];
    return da != db ? da < db : a < b;
  };
  Sweeper sweeper(indptr, indices);
  std::vector<VertexId> order;
  order.reserve(n);
  std::vector<bool> placed(n, false);
  std::vector<VertexId> queue, deeper_queue;
  for (VertexId s = 0; s < n; ++s) {
    if (placed[s]) continue;
    // Pseudo-peripheral root: start at the component's least-degree vertex and move to
    // the least-degree vertex of the deepest level while that gives more levels.
    std::size_t last = 0;
    sweeper.sweep(s, queue, last);
    VertexId root = *std::min_element(queue.begin(), queue.end(), lighter);
    std::size_t levels = sweeper.sweep(root, queue, last);
    for (;;) {
      const VertexId candidate = *std::min_element(
          queue.begin() + static_cast<std::ptrdiff_t>(last), queue.end(), lighter);
      std::size_t deeper_last = 0;
      const std::size_t deeper = sweeper.sweep(candidate, deeper_queue, deeper_last);
      if (deeper <= levels) break;
      root = candidate;
      levels = deeper;
      queue.swap(deeper_queue);
      last = deeper_last;
    }
    // Cuthill-McKee: breadth-first from the root, new neighbours by ascending degree.
    placed[root] = true;
    order.push_back(root);
    for (std::size_t i = order.size() - 1; i < order.size(); ++i) {
      const VertexId v = order[i];
      const std::size_t first_new = order.size();
      for (EdgeIndex e = indptr[v]; e < indptr[v + 1]; ++e)
        if (!placed[indices[e]]) {
          placed[indices[e]] = true;
          order.push_back(indices[e]);
        }
      std::sort(order.begin() + static_cast<std::ptrdiff_t>(first_new), order.end(), lighter);
    }
  }
  std::reverse(order.begin(), order.end());
  return order;
}

std::vector<VertexId> inverse_order(const std::vector<VertexId>& order) {
  std::vector<VertexId> position(order.size());
  for (std::size_t v = 0; v < order.size(); ++v) position[order[v]] = static_cast<VertexId>(v);
  return position;
}

}  // namespace wg::graph
