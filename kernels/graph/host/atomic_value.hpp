// Relaxed atomic access to vertex values of any program's Value type (GCC's generic
// __atomic builtins), for host operators whose threads read values others may write:
// monotone programs tolerate reading either the old or the new value.
#pragma once

#include "kernels/graph/bitmask.hpp"

namespace wg::kernels::graph::host {

template <typename T>
inline T load_relaxed(const T* at) {
  T value;
  __atomic_load(at, &value, __ATOMIC_RELAXED);
  return value;
}

template <typename T>
inline void store_relaxed(T* at, T value) {
  __atomic_store(at, &value, __ATOMIC_RELAXED);
}

// *at = P::reduce(*at, candidate) atomically; true when that changed the value.
template <typename P>
inline bool atomic_reduce(typename P::Value* at, typename P::Value candidate) {
  using Value = typename P::Value;
  Value old = load_relaxed(at);
  while (true) {
    Value want = P::reduce(old, candidate);
    if (want == old) return false;
    if (__atomic_compare_exchange(at, &old, &want, true, __ATOMIC_RELAXED, __ATOMIC_RELAXED))
      return true;
  }
}

inline void set_bit_atomic(BitWord* words, VertexId v) {
  BitWord* word = &words[v / kBitsPerWord];
  const BitWord bit = bit_of(v);
  if (!(__atomic_load_n(word, __ATOMIC_RELAXED) & bit))
    __atomic_fetch_or(word, bit, __ATOMIC_RELAXED);
}

}  // namespace wg::kernels::graph::host
