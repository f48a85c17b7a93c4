// *at = P::reduce(*at, candidate) as one atomic compare-and-swap loop on the value's bits,
// for the 4- and 8-byte value types of the built-in programs. Most candidates lose and
// return after one plain load, without an atomic.
#pragma once

#include <cuda_runtime.h>

#include <cstring>
#include <type_traits>

namespace wg::kernels::graph::cuda {

template <typename P>
__device__ __forceinline__ bool atomic_reduce(typename P::Value* at, typename P::Value candidate) {
  using Value = typename P::Value;
  static_assert(sizeof(Value) == 4 || sizeof(Value) == 8, "4- or 8-byte values");
  using Bits = std::conditional_t<sizeof(Value) == 4, unsigned int, unsigned long long>;
  Bits* word = reinterpret_cast<Bits*>(at);
  Bits old_bits = *reinterpret_cast<volatile Bits*>(word);
  while (true) {
    Value old;
    memcpy(&old, &old_bits, sizeof old);
    const Value want = P::reduce(old, candidate);
    if (want == old) return false;
    Bits want_bits;
    memcpy(&want_bits, &want, sizeof want);
    const Bits seen = atomicCAS(word, old_bits, want_bits);
    if (seen == old_bits) return true;
    old_bits = seen;
  }
}

}  // namespace wg::kernels::graph::cuda
