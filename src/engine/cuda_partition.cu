// CudaPartition: device state and kernel launches of one partition (cuda_partition.hpp).
#include <algorithm>
#include <vector>

#include "engine/cuda_partition.hpp"
#include "error.hpp"
#include "graph/bfs.hpp"
#include "graph/cc.hpp"
#include "graph/cuda/device_buffer.hpp"
#include "graph/cuda/dynamic_pull.cuh"
#include "graph/cuda/refine_kernels.cuh"
#include "graph/cuda/vwc_pull.cuh"
#include "graph/cuda/ws_pull.cuh"
#include "graph/pagerank.hpp"
#include "graph/sssp.hpp"
#include "graph/sswp.hpp"

namespace wg::engine {

using graph::BitWord;
using graph::cuda::DeviceBuffer;

namespace {
// The balancer's sections as the host's graph::host::Sections numbers them (that header
// carries OpenMP operators, so it stays out of CUDA sources).
struct SectionGrid {
  VertexId num_vertices = 0;
  VertexId size = 256;
  std::size_t count() const { return (std::size_t{num_vertices} + size - 1) / size; }
  std::size_t first(VertexRange r) const { return r.begin / size; }
  std::size_t last(VertexRange r) const {
    return r.empty() ? first(r) : (std::size_t{r.end} + size - 1) / size;
  }
};
}  // namespace

template <typename P>
struct CudaPartition<P>::State {
  int device = 0;
  int max_blocks = 1;
  KernelChoice kernel = KernelChoice::automatic;
  SectionGrid sections;
  VertexRange stored;
  std::size_t words = 0;
  graph::cuda::Stream stream;
  DeviceBuffer<EdgeIndex> indptr;
  DeviceBuffer<VertexId> indices;
  DeviceBuffer<Weight> weights;
  DeviceBuffer<EdgeIndex> targets_indptr;
  DeviceBuffer<VertexId> targets;
  DeviceBuffer<BitWord> boundary;
  DeviceBuffer<graph::VertexStatic> statics;
  DeviceBuffer<Value> values;
  DeviceBuffer<Value> next;
  DeviceBuffer<BitWord> frontier;
  DeviceBuffer<BitWord> next_frontier;
  DeviceBuffer<BitWord> updated;
  DeviceBuffer<VertexId> active_list;
  DeviceBuffer<Pair> outbox;
  DeviceBuffer<Pair> inbox;
  DeviceBuffer<double> section_values;  // per section: counts, terms, changes
  DeviceBuffer<unsigned long long> edges;
  DeviceBuffer<unsigned> counters;  // [0] active list, [1] outbox
  bool has_statics = false;
  bool has_weights = false;

  void make_current() const { CUDA_CHECK(cudaSetDevice(device)); }
  unsigned blocks_for(std::size_t threads) const {
    const std::size_t wanted =
        (threads + graph::cuda::kBlockThreads - 1) / graph::cuda::kBlockThreads;
    return static_cast<unsigned>(std::clamp<std::size_t>(wanted, 1, max_blocks));
  }
  graph::TargetsView targets_view() const { return {targets_indptr.data(), targets.data()}; }
  // Copies `count` doubles of the section buffer at `offset` to host[first ..].
  void sections_to_host(std::size_t offset, std::size_t count, double* host) {
    if (count == 0) return;
    CUDA_CHECK(cudaMemcpyAsync(host, section_values.data() + offset, count * sizeof(double),
                               cudaMemcpyDeviceToHost, stream.get()));
  }
};

template <typename P>
CudaPartition<P>::CudaPartition(int device, const PartitionGraph& graph, const EngineGraph& g,
                                VertexId section_size, KernelChoice kernel, const Value* values,
                                const BitWord* frontier)
    : state_(std::make_unique<State>()) {
  CUDA_CHECK(cudaSetDevice(device));
  State& s = *state_;
  s.device = device;
  s.kernel = kernel;
  s.sections = {g.info.num_vertices, section_size};
  s.stored = graph.stored;
  int sms = 1;
  CUDA_CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device));
  s.max_blocks = sms * 16;
  const VertexId n = g.info.num_vertices;
  s.words = graph::bit_words(n);
  cudaStream_t st = s.stream.get();
  s.indptr.upload(graph.in.indptr.data(), graph.in.indptr.size(), st);
  s.indices.upload(graph.in.indices.data(), graph.in.indices.size(), st);
  s.has_weights = !graph.in.weights.empty();
  if (s.has_weights) s.weights.upload(graph.in.weights.data(), graph.in.weights.size(), st);
  s.targets_indptr.upload(graph.targets_indptr.data(), graph.targets_indptr.size(), st);
  s.targets.upload(graph.targets.data(), graph.targets.size(), st);
  s.boundary.upload(g.boundary.data(), g.boundary.size(), st);
  s.has_statics = !g.statics.empty();
  if (s.has_statics) s.statics.upload(g.statics.data(), g.statics.size(), st);
  s.values.upload(values, n, st);
  s.next.grow(graph.stored.size());
  s.frontier.grow(s.words);
  s.next_frontier.grow(s.words);
  s.updated.grow(s.words);
  if (frontier)
    CUDA_CHECK(cudaMemcpyAsync(s.frontier.data(), frontier, s.words * sizeof(BitWord),
                               cudaMemcpyHostToDevice, st));
  else
    CUDA_CHECK(cudaMemsetAsync(s.frontier.data(), 0, s.words * sizeof(BitWord), st));
  CUDA_CHECK(cudaMemsetAsync(s.next_frontier.data(), 0, s.words * sizeof(BitWord), st));
  CUDA_CHECK(cudaMemsetAsync(s.updated.data(), 0, s.words * sizeof(BitWord), st));
  s.active_list.grow(graph.stored.size());
  s.outbox.grow(graph.stored.size());
  s.section_values.grow(2 * s.sections.count());
  s.edges.grow(1);
  s.counters.grow(2);
  s.stream.sync();
}

template <typename P>
CudaPartition<P>::~CudaPartition() {
  cudaSetDevice(state_->device);  // the buffers free on their own GPU
}

template <typename P>
void CudaPartition<P>::count(VertexRange assigned, double* active, double* term) {
  State& s = *state_;
  if (assigned.empty()) return;
  s.make_current();
  const std::size_t first = s.sections.first(assigned);
  const std::size_t count = s.sections.last(assigned) - first;
  const unsigned blocks = s.blocks_for(count * 32);
  cudaStream_t st = s.stream.get();
  if (active) {
    graph::cuda::section_popcount_kernel<<<blocks, graph::cuda::kBlockThreads, 0, st>>>(
        s.frontier.data(), assigned, s.sections.size, first, count, s.section_values.data());
    CUDA_CHECK_LAUNCH();
    s.sections_to_host(0, count, active + first);
  }
  if (term) {
    graph::cuda::section_global_term_kernel<P><<<blocks, graph::cuda::kBlockThreads, 0, st>>>(
        s.values.data(), s.has_statics ? s.statics.data() : nullptr, assigned, s.sections.size,
        first, count, s.section_values.data() + count);
    CUDA_CHECK_LAUNCH();
    s.sections_to_host(count, count, term + first);
  }
  s.stream.sync();
}

template <typename P>
typename CudaPartition<P>::Step CudaPartition<P>::compute_and_refine(
    VertexRange assigned, bool dense, const graph::ProgramParams& params, bool refinement,
    double* change_per_section, double* updated_per_section) {
  State& s = *state_;
  s.make_current();
  cudaStream_t st = s.stream.get();
  CUDA_CHECK(cudaMemsetAsync(s.next_frontier.data(), 0, s.words * sizeof(BitWord), st));
  Step step;
  if (assigned.empty()) return step;
  const std::size_t first = s.sections.first(assigned);
  const std::size_t sections = s.sections.last(assigned) - first;
  const std::size_t first_word = assigned.begin / graph::kBitsPerWord;
  const std::size_t words = graph::bit_words(assigned.end) - first_word;
  CUDA_CHECK(cudaMemsetAsync(s.updated.data() + first_word, 0, words * sizeof(BitWord), st));
  CUDA_CHECK(cudaMemsetAsync(s.section_values.data(), 0, 2 * sections * sizeof(double), st));
  CUDA_CHECK(cudaMemsetAsync(s.edges.data(), 0, sizeof(unsigned long long), st));
  CUDA_CHECK(cudaMemsetAsync(s.counters.data(), 0, 2 * sizeof(unsigned), st));

  graph::cuda::PullArgs<P> a;
  a.csr = {s.stored, s.indptr.data(), s.indices.data(), s.has_weights ? s.weights.data() : nullptr};
  a.values = s.values.data();
  a.statics = s.has_statics ? s.statics.data() : nullptr;
  a.params = params;
  a.next = s.next.data();
  a.updated = s.updated.data();
  // Changes per section are kept relative to the first section of the range.
  a.change_per_section = s.section_values.data() - first;
  a.section_size = s.sections.size;
  a.edges = s.edges.data();
  const BitWord* active = dense ? nullptr : s.frontier.data();
  const std::size_t threads = assigned.size();
  constexpr unsigned kThreads = graph::cuda::kBlockThreads;
  KernelChoice kernel = s.kernel;
  if (kernel == KernelChoice::automatic) kernel = dense ? KernelChoice::ws : KernelChoice::dynamic;
  if (kernel == KernelChoice::dynamic && dense) kernel = KernelChoice::ws;  // nothing to compact
  switch (kernel) {
    case KernelChoice::ws:
    case KernelChoice::automatic:
      graph::cuda::ws_pull_kernel<P>
          <<<s.blocks_for(threads), kThreads, 0, st>>>(a, assigned, active);
      break;
    case KernelChoice::dynamic:
      graph::cuda::compact_active_kernel<<<s.blocks_for(threads), kThreads, 0, st>>>(
          active, assigned, s.active_list.data(), s.counters.data());
      CUDA_CHECK_LAUNCH();
      graph::cuda::dynamic_pull_kernel<P>
          <<<s.blocks_for(threads), kThreads, 0, st>>>(a, s.active_list.data(), s.counters.data());
      break;
    case KernelChoice::vwc:
      graph::cuda::vwc_pull_kernel<P, graph::cuda::kVirtualWarp>
          <<<s.blocks_for(threads * graph::cuda::kVirtualWarp), kThreads, 0, st>>>(a, assigned,
                                                                                   active);
      break;
  }
  CUDA_CHECK_LAUNCH();
  graph::cuda::section_popcount_kernel<<<s.blocks_for(sections * 32), kThreads, 0, st>>>(
      s.updated.data(), assigned, s.sections.size, first, sections,
      s.section_values.data() + sections);
  CUDA_CHECK_LAUNCH();
  graph::cuda::compact_outbox_kernel<Value><<<s.blocks_for(threads), kThreads, 0, st>>>(
      s.updated.data(), refinement ? s.boundary.data() : nullptr, assigned, s.next.data(),
      s.stored.begin, s.outbox.data(), s.counters.data() + 1);
  CUDA_CHECK_LAUNCH();
  graph::cuda::commit_kernel<Value><<<s.blocks_for(threads), kThreads, 0, st>>>(
      s.updated.data(), assigned, s.next.data(), s.stored.begin, s.values.data(), s.targets_view(),
      P::kAllActive ? nullptr : s.next_frontier.data());
  CUDA_CHECK_LAUNCH();
  s.sections_to_host(0, sections, change_per_section + first);
  s.sections_to_host(sections, sections, updated_per_section + first);
  unsigned long long edges = 0;
  unsigned outbox = 0;
  CUDA_CHECK(cudaMemcpyAsync(&edges, s.edges.data(), sizeof edges, cudaMemcpyDeviceToHost, st));
  CUDA_CHECK(
      cudaMemcpyAsync(&outbox, s.counters.data() + 1, sizeof outbox, cudaMemcpyDeviceToHost, st));
  s.stream.sync();
  step.edges = static_cast<double>(edges);
  step.outbox = outbox;
  return step;
}

template <typename P>
void CudaPartition<P>::copy_outbox(Pair* into, std::size_t count) {
  State& s = *state_;
  if (count == 0) return;
  s.make_current();
  CUDA_CHECK(cudaMemcpyAsync(into, s.outbox.data(), count * sizeof(Pair), cudaMemcpyDeviceToHost,
                             s.stream.get()));
  s.stream.sync();
}

template <typename P>
void CudaPartition<P>::scatter(const Pair* pairs, std::size_t count) {
  State& s = *state_;
  if (count == 0) return;
  s.make_current();
  cudaStream_t st = s.stream.get();
  s.inbox.upload(pairs, count, st);
  graph::cuda::scatter_kernel<Value><<<s.blocks_for(count), graph::cuda::kBlockThreads, 0, st>>>(
      s.inbox.data(), count, s.values.data(), s.targets_view(),
      P::kAllActive ? nullptr : s.next_frontier.data());
  CUDA_CHECK_LAUNCH();
  s.stream.sync();  // the host pairs may be reused once this returns
}

template <typename P>
void CudaPartition<P>::swap_frontiers() {
  std::swap(state_->frontier, state_->next_frontier);
}

template <typename P>
void CudaPartition<P>::download(Value* values, BitWord* frontier) const {
  State& s = *state_;
  s.make_current();
  cudaStream_t st = s.stream.get();
  const std::size_t n = s.sections.num_vertices;
  CUDA_CHECK(
      cudaMemcpyAsync(values, s.values.data(), n * sizeof(Value), cudaMemcpyDeviceToHost, st));
  if (frontier)
    CUDA_CHECK(cudaMemcpyAsync(frontier, s.frontier.data(), s.words * sizeof(BitWord),
                               cudaMemcpyDeviceToHost, st));
  s.stream.sync();
}

template class CudaPartition<graph::Bfs>;
template class CudaPartition<graph::Sssp>;
template class CudaPartition<graph::Sswp>;
template class CudaPartition<graph::ConnectedComponents>;
template class CudaPartition<graph::PageRank>;

}  // namespace wg::engine
