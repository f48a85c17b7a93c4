#include "src/engine/h5_collective.hpp"

#include <algorithm>
#include <cstdio>

#include "src/common/error.hpp"
#include "src/common/mpi_check.hpp"
#include "src/graph/output_file.hpp"

namespace wg::engine::h5c {

namespace {

hid_t checked(hid_t id, const char* what, const std::string& name) {
  if (id < 0) fail("HDF5: {} failed for '{}'", what, name);
  return id;
}

void check(herr_t status, const char* what, const std::string& name) {
  if (status < 0) fail("HDF5: {} failed for '{}'", what, name);
}

// Every identifier of a file that all ranks share (see h5::Sharing).
h5::Handle collective(hid_t id, h5::Handle::Closer closer) {
  return h5::Handle(id, closer, h5::Sharing::collective);
}

h5::Handle mpio_access(MPI_Comm comm) {
  h5::Handle plist =
      collective(checked(H5Pcreate(H5P_FILE_ACCESS), "H5Pcreate", "file access"), H5Pclose);
  check(H5Pset_fapl_mpio(plist, comm, MPI_INFO_NULL), "H5Pset_fapl_mpio", "file access");
  return plist;
}

// `data` holds `count` elements of `type` (count may be 0).
void write_slab_raw(hid_t file, const std::string& name, hid_t type, std::uint64_t total,
                    std::uint64_t offset, std::uint64_t count, const void* data) {
  const hsize_t dims[1] = {total};
  h5::Handle space =
      collective(checked(H5Screate_simple(1, dims, nullptr), "H5Screate_simple", name), H5Sclose);
  h5::Handle dataset = collective(
      checked(H5Dcreate2(file, name.c_str(), type, space, H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT),
              "create dataset", name),
      H5Dclose);
  // A rank without data still takes part in the collective write, with an empty
  // selection in a one-element memory space (a zero-sized one makes HDF5 skip the
  // collective steps on that rank only, and the others wait forever).
  const hsize_t start[1] = {offset};
  const hsize_t counts[1] = {count};
  const hsize_t memory_dims[1] = {count == 0 ? 1 : count};
  h5::Handle memory = collective(
      checked(H5Screate_simple(1, memory_dims, nullptr), "H5Screate_simple", name), H5Sclose);
  std::vector<char> placeholder(H5Tget_size(type), '\0');
  if (count == 0) {
    check(H5Sselect_none(space), "H5Sselect_none", name);
    check(H5Sselect_none(memory), "H5Sselect_none", name);
  } else {
    check(H5Sselect_hyperslab(space, H5S_SELECT_SET, start, nullptr, counts, nullptr),
          "H5Sselect_hyperslab", name);
  }
  h5::Handle transfer =
      collective(checked(H5Pcreate(H5P_DATASET_XFER), "H5Pcreate", name), H5Pclose);
  check(H5Pset_dxpl_mpio(transfer, H5FD_MPIO_COLLECTIVE), "H5Pset_dxpl_mpio", name);
  check(H5Dwrite(dataset, type, memory, space, transfer, count == 0 ? placeholder.data() : data),
        "write", name);
}

template <typename T>
void write_slab_typed(hid_t file, const std::string& name, hid_t type, std::uint64_t total,
                      std::uint64_t offset, const std::vector<T>& data) {
  write_slab_raw(file, name, type, total, offset, data.size(), data.data());
}

template <typename T>
std::vector<T> read_typed(hid_t file, const std::string& name, hid_t type,
                          const std::string& path) {
  if (H5Lexists(file, name.c_str(), H5P_DEFAULT) <= 0)
    fail("{}: dataset '{}' is missing", path, name);
  h5::Handle dataset = collective(
      checked(H5Dopen2(file, name.c_str(), H5P_DEFAULT), "open dataset", name), H5Dclose);
  h5::Handle space = collective(checked(H5Dget_space(dataset), "H5Dget_space", name), H5Sclose);
  hsize_t dims[1] = {0};
  WG_REQUIRE(H5Sget_simple_extent_ndims(space) == 1, "{}: dataset '{}' is not one-dimensional",
             path, name);
  H5Sget_simple_extent_dims(space, dims, nullptr);
  std::vector<T> data(dims[0]);
  check(H5Dread(dataset, type, H5S_ALL, H5S_ALL, H5P_DEFAULT, data.data()), "read",
        path + ":" + name);
  return data;
}

void set_scalar(hid_t file, const std::string& name, hid_t type, const void* value) {
  h5::Handle space = collective(H5Screate(H5S_SCALAR), H5Sclose);
  h5::Handle attribute =
      collective(checked(H5Acreate2(file, name.c_str(), type, space, H5P_DEFAULT, H5P_DEFAULT),
                         "create attribute", name),
                 H5Aclose);
  check(H5Awrite(attribute, type, value), "write attribute", name);
}

h5::Handle open_attribute(hid_t file, const std::string& name, const std::string& path) {
  if (H5Aexists(file, name.c_str()) <= 0) fail("{}: attribute '{}' is missing", path, name);
  return collective(checked(H5Aopen(file, name.c_str(), H5P_DEFAULT), "open attribute", name),
                    H5Aclose);
}

}  // namespace

h5::Handle create_file(const std::string& path, MPI_Comm comm) {
  h5::Handle access = mpio_access(comm);
  const hid_t file = H5Fcreate(path.c_str(), H5F_ACC_TRUNC, H5P_DEFAULT, access);
  if (file < 0) fail("cannot create {} (does its directory exist and is it writable?)", path);
  return collective(file, H5Fclose);
}

h5::Handle open_file(const std::string& path, MPI_Comm comm) {
  h5::Handle access = mpio_access(comm);
  const hid_t file = H5Fopen(path.c_str(), H5F_ACC_RDONLY, access);
  if (file < 0) fail("{}: cannot open as an HDF5 file: {}", path, h5::error_reason());
  return collective(file, H5Fclose);
}

void write_slab(hid_t file, const std::string& name, std::uint64_t total, std::uint64_t offset,
                const std::vector<double>& data) {
  write_slab_typed(file, name, H5T_NATIVE_DOUBLE, total, offset, data);
}

void write_slab(hid_t file, const std::string& name, std::uint64_t total, std::uint64_t offset,
                const std::vector<std::uint64_t>& data) {
  write_slab_typed(file, name, H5T_NATIVE_UINT64, total, offset, data);
}

void write_slab(hid_t file, const std::string& name, std::uint64_t total, std::uint64_t offset,
                const std::vector<std::int64_t>& data) {
  write_slab_typed(file, name, H5T_NATIVE_INT64, total, offset, data);
}

void write_string_slab(hid_t file, const std::string& name, std::uint64_t total,
                       std::uint64_t offset, const std::vector<std::string>& data,
                       std::size_t width) {
  std::vector<char> buffer(width * data.size(), '\0');
  for (std::size_t i = 0; i < data.size(); ++i)
    data[i].copy(buffer.data() + i * width, std::min(width, data[i].size()));
  h5::Handle type = collective(H5Tcopy(H5T_C_S1), H5Tclose);
  check(H5Tset_size(type, std::max<std::size_t>(width, 1)), "H5Tset_size", name);
  check(H5Tset_strpad(type, H5T_STR_NULLPAD), "H5Tset_strpad", name);
  check(H5Tset_cset(type, H5T_CSET_UTF8), "H5Tset_cset", name);
  write_slab_raw(file, name, type, total, offset, data.size(), buffer.data());
}

void write_all(hid_t file, const std::string& name, const std::vector<std::uint32_t>& data,
               bool writer) {
  write_slab_typed(file, name, H5T_NATIVE_UINT32, data.size(), 0,
                   writer ? data : std::vector<std::uint32_t>{});
}

std::vector<double> read_doubles(hid_t file, const std::string& name, const std::string& path) {
  return read_typed<double>(file, name, H5T_NATIVE_DOUBLE, path);
}
std::vector<std::uint64_t> read_u64s(hid_t file, const std::string& name, const std::string& path) {
  return read_typed<std::uint64_t>(file, name, H5T_NATIVE_UINT64, path);
}
std::vector<std::uint32_t> read_u32s(hid_t file, const std::string& name, const std::string& path) {
  return read_typed<std::uint32_t>(file, name, H5T_NATIVE_UINT32, path);
}

void set_attribute(hid_t file, const std::string& name, std::uint64_t value) {
  set_scalar(file, name, H5T_NATIVE_UINT64, &value);
}
void set_attribute(hid_t file, const std::string& name, double value) {
  set_scalar(file, name, H5T_NATIVE_DOUBLE, &value);
}
void set_attribute(hid_t file, const std::string& name, const std::string& value) {
  h5::Handle type = collective(H5Tcopy(H5T_C_S1), H5Tclose);
  check(H5Tset_size(type, H5T_VARIABLE), "H5Tset_size", name);
  check(H5Tset_cset(type, H5T_CSET_UTF8), "H5Tset_cset", name);
  const char* text = value.c_str();
  set_scalar(file, name, type, &text);
}

std::uint64_t get_u64(hid_t file, const std::string& name, const std::string& path) {
  h5::Handle attribute = open_attribute(file, name, path);
  std::uint64_t value = 0;
  check(H5Aread(attribute, H5T_NATIVE_UINT64, &value), "read attribute", name);
  return value;
}
double get_double(hid_t file, const std::string& name, const std::string& path) {
  h5::Handle attribute = open_attribute(file, name, path);
  double value = 0;
  check(H5Aread(attribute, H5T_NATIVE_DOUBLE, &value), "read attribute", name);
  return value;
}
std::string get_string(hid_t file, const std::string& name, const std::string& path) {
  h5::Handle attribute = open_attribute(file, name, path);
  h5::Handle type = collective(H5Aget_type(attribute), H5Tclose);
  if (H5Tis_variable_str(type) > 0) {
    char* text = nullptr;
    check(H5Aread(attribute, type, &text), "read attribute", name);
    std::string value = text != nullptr ? text : "";
    H5free_memory(text);
    return value;
  }
  std::string value(H5Tget_size(type), '\0');
  check(H5Aread(attribute, type, value.data()), "read attribute", name);
  while (!value.empty() && value.back() == '\0') value.pop_back();
  return value;
}

void close_file(h5::Handle& file, const std::string& path, MPI_Comm comm) {
  int failed = file.close() < 0 ? 1 : 0;
  MPI_CHECK(MPI_Allreduce(MPI_IN_PLACE, &failed, 1, MPI_INT, MPI_MAX, comm));
  if (failed) {
    int rank = 0;
    MPI_CHECK(MPI_Comm_rank(comm, &rank));
    if (rank == 0) std::remove(path.c_str());
    fail("{}: writing failed (disk full or an I/O error)", path);
  }
}

void commit_file(const std::string& temporary, const std::string& final_path, MPI_Comm comm) {
  int rank = 0;
  MPI_CHECK(MPI_Comm_rank(comm, &rank));
  std::string error;
  if (rank == 0) {
    try {
      io::sync_file(temporary);
      io::publish(temporary, final_path, "output");
    } catch (const std::exception& e) {
      std::remove(temporary.c_str());
      error = e.what();
    }
  }
  int failed = error.empty() ? 0 : 1;
  MPI_CHECK(MPI_Bcast(&failed, 1, MPI_INT, 0, comm));
  if (failed) fail("{}", rank == 0 ? error : "cannot write " + final_path + " (see rank 0)");
}

}  // namespace wg::engine::h5c
