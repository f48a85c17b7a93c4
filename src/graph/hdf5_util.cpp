#include "src/graph/hdf5_util.hpp"

#include <cstring>
#include <fstream>

#include "src/graph/output_file.hpp"

namespace wg::h5 {

namespace {

template <typename T>
struct TypeOf;
template <>
struct TypeOf<std::uint64_t> {
  static hid_t file() { return H5T_STD_U64LE; }
  static hid_t memory() { return H5T_NATIVE_UINT64; }
  static constexpr H5T_class_t kClass = H5T_INTEGER;
};
template <>
struct TypeOf<std::uint32_t> {
  static hid_t file() { return H5T_STD_U32LE; }
  static hid_t memory() { return H5T_NATIVE_UINT32; }
  static constexpr H5T_class_t kClass = H5T_INTEGER;
};
template <>
struct TypeOf<float> {
  static hid_t file() { return H5T_IEEE_F32LE; }
  static hid_t memory() { return H5T_NATIVE_FLOAT; }
  static constexpr H5T_class_t kClass = H5T_FLOAT;
};

Handle checked(hid_t id, Handle::Closer closer, const std::string& what) {
  if (id < 0) fail("{}", what);
  return Handle(id, closer);
}

void check(herr_t status, const std::string& what) {
  if (status < 0) fail("{}", what);
}

template <typename T>
void write_dataset_impl(hid_t location, const std::string& name, const T* data,
                        std::uint64_t count) {
  const hsize_t dims[1] = {count};
  Handle space =
      checked(H5Screate_simple(1, dims, nullptr), H5Sclose, "cannot create dataspace for " + name);
  Handle dataset = checked(H5Dcreate2(location, name.c_str(), TypeOf<T>::file(), space, H5P_DEFAULT,
                                      H5P_DEFAULT, H5P_DEFAULT),
                           H5Dclose, "cannot create dataset " + name);
  if (count > 0)
    check(H5Dwrite(dataset, TypeOf<T>::memory(), H5S_ALL, H5S_ALL, H5P_DEFAULT, data),
          "cannot write dataset " + name);
}

template <typename T>
void read_slab_impl(hid_t dataset, std::uint64_t offset, std::uint64_t count, T* out,
                    const std::string& where) {
  Handle type = checked(H5Dget_type(dataset), H5Tclose, where + ": cannot read its type");
  if (H5Tget_class(type) != TypeOf<T>::kClass)
    fail("{}: has element type of the wrong kind (expected {})", where,
         TypeOf<T>::kClass == H5T_FLOAT ? "floating point" : "integer");
  const std::uint64_t length = dataset_length(dataset, where);
  if (offset > length || count > length - offset)
    fail("{}: needs elements [{}, {}) but the dataset has {}", where, offset, offset + count,
         length);
  if (count == 0) return;
  Handle file_space = checked(H5Dget_space(dataset), H5Sclose, where + ": no dataspace");
  const hsize_t start[1] = {offset};
  const hsize_t size[1] = {count};
  check(H5Sselect_hyperslab(file_space, H5S_SELECT_SET, start, nullptr, size, nullptr),
        where + ": cannot select elements");
  Handle memory_space =
      checked(H5Screate_simple(1, size, nullptr), H5Sclose, where + ": no memory space");
  check(H5Dread(dataset, TypeOf<T>::memory(), memory_space, file_space, H5P_DEFAULT, out),
        where + ": read failed");
}

}  // namespace

void quiet_errors() { H5Eset_auto2(H5E_DEFAULT, nullptr, nullptr); }

std::string error_reason() {
  std::string reason;
  // Walking upward starts at the entry where the error was found.
  const auto innermost = [](unsigned /*depth*/, const H5E_error2_t* entry, void* data) -> herr_t {
    auto* out = static_cast<std::string*>(data);
    if (out->empty() && entry->desc != nullptr) *out = entry->desc;
    return 0;
  };
  H5Ewalk2(H5E_DEFAULT, H5E_WALK_UPWARD, innermost, &reason);
  return reason.empty() ? "no reason given" : reason;
}

bool is_hdf5_file(const std::string& path) {
  quiet_errors();
  return H5Fis_hdf5(path.c_str()) > 0;
}

Handle open_file(const std::string& path, MPI_Comm comm) {
  quiet_errors();
  if (!std::ifstream(path).good()) fail("{}: cannot open (missing or unreadable)", path);
  if (!is_hdf5_file(path)) fail("{}: not an HDF5 file", path);
  Handle access = checked(H5Pcreate(H5P_FILE_ACCESS), H5Pclose, "H5Pcreate failed");
  if (comm != MPI_COMM_NULL)
    check(H5Pset_fapl_mpio(access, comm, MPI_INFO_NULL), path + ": cannot set up MPI-IO");
  const hid_t file = H5Fopen(path.c_str(), H5F_ACC_RDONLY, access);
  if (file < 0) fail("{}: cannot open HDF5 file", path);
  return Handle(file, H5Fclose, comm != MPI_COMM_NULL ? Sharing::collective : Sharing::local);
}

Handle create_memory_file(const std::string& name) {
  quiet_errors();
  Handle access = checked(H5Pcreate(H5P_FILE_ACCESS), H5Pclose, "H5Pcreate failed");
  constexpr size_t kGrowth = size_t{1} << 22;
  check(H5Pset_fapl_core(access, kGrowth, /*backing_store=*/0), name + ": cannot set up HDF5");
  return checked(H5Fcreate(name.c_str(), H5F_ACC_TRUNC, H5P_DEFAULT, access), H5Fclose,
                 name + ": cannot create file");
}

void save_image(hid_t file, const std::string& path) {
  check(H5Fflush(file, H5F_SCOPE_GLOBAL), path + ": cannot finish the HDF5 file");
  const ssize_t size = H5Fget_file_image(file, nullptr, 0);
  if (size < 0) fail("{}: cannot finish the HDF5 file", path);
  std::vector<char> image(static_cast<size_t>(size));
  if (H5Fget_file_image(file, image.data(), image.size()) != size)
    fail("{}: cannot finish the HDF5 file", path);
  io::write_whole_file(path, image.data(), image.size());
}

Handle open_group(hid_t location, const std::string& name, const std::string& file) {
  if (!has_link(location, name)) fail("{}: group '{}' is missing", file, name);
  return checked(H5Gopen2(location, name.c_str(), H5P_DEFAULT), H5Gclose,
                 file + ": cannot open group '" + name + "'");
}

Handle create_group(hid_t location, const std::string& name) {
  return checked(H5Gcreate2(location, name.c_str(), H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT),
                 H5Gclose, "cannot create group " + name);
}

bool has_link(hid_t location, const std::string& name) {
  return H5Lexists(location, name.c_str(), H5P_DEFAULT) > 0;
}

Handle open_dataset(hid_t location, const std::string& name, const std::string& file) {
  if (!has_link(location, name)) fail("{}: dataset '{}' is missing", file, name);
  return checked(H5Dopen2(location, name.c_str(), H5P_DEFAULT), H5Dclose,
                 file + ": cannot open dataset '" + name + "'");
}

void write_attribute(hid_t location, const std::string& name, std::uint64_t value) {
  Handle space = checked(H5Screate(H5S_SCALAR), H5Sclose, "H5Screate failed");
  Handle attribute =
      checked(H5Acreate2(location, name.c_str(), H5T_STD_U64LE, space, H5P_DEFAULT, H5P_DEFAULT),
              H5Aclose, "cannot create attribute " + name);
  check(H5Awrite(attribute, H5T_NATIVE_UINT64, &value), "cannot write attribute " + name);
}

void write_attribute(hid_t location, const std::string& name, const std::string& value) {
  Handle type = checked(H5Tcopy(H5T_C_S1), H5Tclose, "H5Tcopy failed");
  check(H5Tset_size(type, value.empty() ? 1 : value.size()), "H5Tset_size failed");
  check(H5Tset_strpad(type, H5T_STR_NULLPAD), "H5Tset_strpad failed");
  Handle space = checked(H5Screate(H5S_SCALAR), H5Sclose, "H5Screate failed");
  Handle attribute =
      checked(H5Acreate2(location, name.c_str(), type, space, H5P_DEFAULT, H5P_DEFAULT), H5Aclose,
              "cannot create attribute " + name);
  std::string padded = value.empty() ? std::string(1, '\0') : value;
  check(H5Awrite(attribute, type, padded.data()), "cannot write attribute " + name);
}

bool has_attribute(hid_t location, const std::string& name) {
  return H5Aexists(location, name.c_str()) > 0;
}

std::uint64_t read_u64_attribute(hid_t location, const std::string& name,
                                 const std::string& where) {
  if (!has_attribute(location, name)) fail("{}: attribute '{}' is missing", where, name);
  Handle attribute = checked(H5Aopen(location, name.c_str(), H5P_DEFAULT), H5Aclose,
                             where + ": cannot open attribute '" + name + "'");
  Handle type = checked(H5Aget_type(attribute), H5Tclose, where + ": attribute type");
  Handle space = checked(H5Aget_space(attribute), H5Sclose, where + ": attribute space");
  if (H5Tget_class(type) != H5T_INTEGER || H5Sget_simple_extent_npoints(space) != 1)
    fail("{}: attribute '{}' is not a single integer", where, name);
  std::uint64_t value = 0;
  check(H5Aread(attribute, H5T_NATIVE_UINT64, &value),
        where + ": cannot read attribute '" + name + "'");
  return value;
}

std::string read_string_attribute(hid_t location, const std::string& name,
                                  const std::string& where) {
  if (!has_attribute(location, name)) fail("{}: attribute '{}' is missing", where, name);
  Handle attribute = checked(H5Aopen(location, name.c_str(), H5P_DEFAULT), H5Aclose,
                             where + ": cannot open attribute '" + name + "'");
  Handle type = checked(H5Aget_type(attribute), H5Tclose, where + ": attribute type");
  if (H5Tget_class(type) != H5T_STRING || H5Tis_variable_str(type) > 0)
    fail("{}: attribute '{}' is not a fixed-length string", where, name);
  std::string value(H5Tget_size(type), '\0');
  check(H5Aread(attribute, type, value.data()), where + ": cannot read attribute " + name);
  value.resize(std::strlen(value.c_str()));
  return value;
}

void write_dataset(hid_t location, const std::string& name, const std::uint64_t* data,
                   std::uint64_t count) {
  write_dataset_impl(location, name, data, count);
}
void write_dataset(hid_t location, const std::string& name, const std::uint32_t* data,
                   std::uint64_t count) {
  write_dataset_impl(location, name, data, count);
}
void write_dataset(hid_t location, const std::string& name, const float* data,
                   std::uint64_t count) {
  write_dataset_impl(location, name, data, count);
}

void write_string_dataset(hid_t location, const std::string& name,
                          const std::vector<std::string>& values) {
  size_t width = 1;
  for (const auto& value : values) width = std::max(width, value.size());
  std::vector<char> buffer(width * values.size(), '\0');
  for (size_t i = 0; i < values.size(); ++i)
    std::memcpy(buffer.data() + i * width, values[i].data(), values[i].size());
  Handle type = checked(H5Tcopy(H5T_C_S1), H5Tclose, "H5Tcopy failed");
  check(H5Tset_size(type, width), "H5Tset_size failed");
  check(H5Tset_strpad(type, H5T_STR_NULLPAD), "H5Tset_strpad failed");
  const hsize_t dims[1] = {values.size()};
  Handle space = checked(H5Screate_simple(1, dims, nullptr), H5Sclose, "H5Screate failed");
  Handle dataset = checked(
      H5Dcreate2(location, name.c_str(), type, space, H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT),
      H5Dclose, "cannot create dataset " + name);
  if (!values.empty())
    check(H5Dwrite(dataset, type, H5S_ALL, H5S_ALL, H5P_DEFAULT, buffer.data()),
          "cannot write dataset " + name);
}

std::vector<std::string> read_string_dataset(hid_t dataset, const std::string& where) {
  Handle type = checked(H5Dget_type(dataset), H5Tclose, where + ": cannot read its type");
  if (H5Tget_class(type) != H5T_STRING || H5Tis_variable_str(type) > 0)
    fail("{}: is not a fixed-length string dataset", where);
  const size_t width = H5Tget_size(type);
  const std::uint64_t count = dataset_length(dataset, where);
  std::vector<char> buffer(width * count + 1, '\0');
  if (count > 0)
    check(H5Dread(dataset, type, H5S_ALL, H5S_ALL, H5P_DEFAULT, buffer.data()),
          where + ": read failed");
  std::vector<std::string> values;
  for (std::uint64_t i = 0; i < count; ++i) {
    const char* start = buffer.data() + i * width;
    values.emplace_back(start, strnlen(start, width));
  }
  return values;
}

std::uint64_t dataset_length(hid_t dataset, const std::string& where) {
  Handle space = checked(H5Dget_space(dataset), H5Sclose, where + ": no dataspace");
  if (H5Sget_simple_extent_ndims(space) != 1) fail("{}: is not one-dimensional", where);
  hsize_t dims[1] = {0};
  H5Sget_simple_extent_dims(space, dims, nullptr);
  return dims[0];
}

void read_slab(hid_t dataset, std::uint64_t offset, std::uint64_t count, std::uint64_t* out,
               const std::string& where) {
  read_slab_impl(dataset, offset, count, out, where);
}
void read_slab(hid_t dataset, std::uint64_t offset, std::uint64_t count, std::uint32_t* out,
               const std::string& where) {
  read_slab_impl(dataset, offset, count, out, where);
}
void read_slab(hid_t dataset, std::uint64_t offset, std::uint64_t count, float* out,
               const std::string& where) {
  read_slab_impl(dataset, offset, count, out, where);
}

}  // namespace wg::h5
