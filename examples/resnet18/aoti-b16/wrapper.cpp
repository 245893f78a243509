
#include <torch/csrc/inductor/aoti_include/cuda.h>
// Definition of AOTI runtime interface functions

#include <torch/csrc/inductor/aoti_runtime/interface.h>
#include <torch/csrc/inductor/aoti_runtime/model_container.h>

#include <iostream>
#include <vector>

#define CONVERT_EXCEPTION_TO_ERROR_CODE(...)      \
  try {                                           \
    __VA_ARGS__                                   \
  } catch (const std::exception& e) {             \
    std::cerr << "Error: " << e.what() << '\n';   \
    return AOTI_RUNTIME_FAILURE;                  \
  } catch (...) {                                 \
    std::cerr << "Unknown exception occurred.\n"; \
    return AOTI_RUNTIME_FAILURE;                  \
  }                                               \
  return AOTI_RUNTIME_SUCCESS;

#define AOTI_VECTOR_SIZE_CHECK(actual_size, expected_size, name)  \
  do {                                                            \
    AOTI_RUNTIME_CHECK(                                           \
        actual_size == expected_size,                             \
        "expected " + std::string(name) + " vector size to be " + \
            std::to_string(expected_size) + ", but got " +        \
            std::to_string(actual_size));                         \
  } while (0)

// AOTInductor uses at::addmm_out, which doesn't supports
// arguments that requires gradient. For this reason, we
// enforce no_grad context for run APIs.
//
// A RAII, thread local (!) guard that enables or disables grad mode upon
// construction, and sets it back to the original value upon destruction.
struct AOTINoGradGuard {
  AOTINoGradGuard() {
    aoti_torch_grad_mode_set_enabled(false);
  }
  AOTINoGradGuard(const AOTINoGradGuard&) = delete;
  AOTINoGradGuard(AOTINoGradGuard&&) noexcept = delete;
  ~AOTINoGradGuard() {
    aoti_torch_grad_mode_set_enabled(prev_mode);
  }
  AOTINoGradGuard& operator=(const AOTINoGradGuard&) = delete;
  AOTINoGradGuard& operator=(AOTINoGradGuard&&) noexcept = delete;
  bool prev_mode{aoti_torch_grad_mode_is_enabled()};
};

extern "C" {

AOTIRuntimeError AOTInductorModelContainerCreate(
    AOTInductorModelContainerHandle* container_handle,
    size_t num_models,
    bool is_cpu,
    const char* cubin_dir) {
      return AOTInductorModelContainerCreateWithDevice(
        container_handle,
        num_models,
        is_cpu ? "cpu" : "cuda",
        cubin_dir);
}

AOTIRuntimeError AOTInductorModelContainerCreateWithDevice(
    AOTInductorModelContainerHandle* container_handle,
    size_t num_models,
    const char* device_str,
    const char* cubin_dir) {

  if (num_models == 0) {
    std::cerr << "Error: num_models must be positive, but got 0\n";
    return AOTI_RUNTIME_FAILURE;
  }
  CONVERT_EXCEPTION_TO_ERROR_CODE({
    std::optional<std::string> cubin_dir_opt;
    if (cubin_dir != nullptr) {
      cubin_dir_opt.emplace(cubin_dir);
    }
    auto* container = new torch::aot_inductor::AOTInductorModelContainer(
        num_models, std::string(device_str), cubin_dir_opt);
    *container_handle =
        reinterpret_cast<AOTInductorModelContainerHandle>(container);
  })
}


AOTIRuntimeError AOTInductorModelContainerDelete(
    AOTInductorModelContainerHandle container_handle) {
  CONVERT_EXCEPTION_TO_ERROR_CODE({
    auto* container =
        reinterpret_cast<torch::aot_inductor::AOTInductorModelContainer*>(
            container_handle);
    delete container;
  });
}

AOTIRuntimeError AOTInductorModelContainerRun(
    AOTInductorModelContainerHandle container_handle,
    AtenTensorHandle* input_handles, // array of input AtenTensorHandle; handles
                                     // are stolen; the array itself is borrowed
    size_t num_inputs,
    AtenTensorHandle*
        output_handles, // array for writing output AtenTensorHandle; handles
                        // will be stolen by the caller; the array itself is
                        // borrowed
    size_t num_outputs,
    AOTInductorStreamHandle stream_handle,
    AOTIProxyExecutorHandle proxy_executor_handle) {
  auto* container =
      reinterpret_cast<torch::aot_inductor::AOTInductorModelContainer*>(
          container_handle);
  AOTI_VECTOR_SIZE_CHECK(num_inputs, container->num_inputs(), "inputs");
  AOTI_VECTOR_SIZE_CHECK(num_outputs, container->num_outputs(), "outputs");

  auto stream =
      reinterpret_cast<torch::aot_inductor::DeviceStreamType>(stream_handle);
  CONVERT_EXCEPTION_TO_ERROR_CODE({
    AOTINoGradGuard guard;
    container->run(
        input_handles, output_handles, stream, proxy_executor_handle);
  })
}

AOTIRuntimeError AOTInductorModelContainerRunSingleThreaded(
    AOTInductorModelContainerHandle container_handle,
    AtenTensorHandle* input_handles, // array of input AtenTensorHandle; handles
                                     // are stolen; the array itself is borrowed
    size_t num_inputs,
    AtenTensorHandle*
        output_handles, // array for writing output AtenTensorHandle; handles
                        // will be stolen by the caller; the array itself is
                        // borrowed
    size_t num_outputs,
    AOTInductorStreamHandle stream_handle,
    AOTIProxyExecutorHandle proxy_executor_handle) {
  auto* container =
      reinterpret_cast<torch::aot_inductor::AOTInductorModelContainer*>(
          container_handle);
  AOTI_VECTOR_SIZE_CHECK(num_inputs, container->num_inputs(), "inputs");
  AOTI_VECTOR_SIZE_CHECK(num_outputs, container->num_outputs(), "outputs");

  auto stream =
      reinterpret_cast<torch::aot_inductor::DeviceStreamType>(stream_handle);
  CONVERT_EXCEPTION_TO_ERROR_CODE({
    AOTINoGradGuard guard;
    container->run_single_threaded(
        input_handles, output_handles, stream, proxy_executor_handle);
  })
}

AOTIRuntimeError AOTInductorModelContainerGetNumConstants(
    AOTInductorModelContainerHandle container_handle,
    size_t* num_constants) {
  auto* container =
      reinterpret_cast<torch::aot_inductor::AOTInductorModelContainer*>(
          container_handle);
  CONVERT_EXCEPTION_TO_ERROR_CODE(
    { *num_constants = container->num_constants(); })
}

AOTIRuntimeError AOTInductorModelContainerGetConstantName(
    AOTInductorModelContainerHandle container_handle,
    size_t idx,
    const char** name) {
  auto* container =
      reinterpret_cast<torch::aot_inductor::AOTInductorModelContainer*>(
          container_handle);
  CONVERT_EXCEPTION_TO_ERROR_CODE(
    { *name = container->constant_name(idx); })
}

AOTIRuntimeError AOTInductorModelContainerGetConstantOriginalFQN(
    AOTInductorModelContainerHandle container_handle,
    size_t idx,
    const char** original_fqn) {
  auto* container =
      reinterpret_cast<torch::aot_inductor::AOTInductorModelContainer*>(
          container_handle);
  CONVERT_EXCEPTION_TO_ERROR_CODE(
    { *original_fqn = container->constant_original_fqn(idx); })
}

AOTIRuntimeError AOTInductorModelContainerGetConstantFromFolded(
    AOTInductorModelContainerHandle container_handle,
    size_t idx,
    bool* from_folded) {
  auto* container =
      reinterpret_cast<torch::aot_inductor::AOTInductorModelContainer*>(container_handle);
  CONVERT_EXCEPTION_TO_ERROR_CODE({ *from_folded = container->constant_from_folded(idx); })
}

AOTIRuntimeError AOTInductorModelContainerGetConstantType(
    AOTInductorModelContainerHandle container_handle,
    size_t idx,
    int32_t* type) {
  auto* container =
      reinterpret_cast<torch::aot_inductor::AOTInductorModelContainer*>(container_handle);
  CONVERT_EXCEPTION_TO_ERROR_CODE({ *type = container->constant_type(idx); })
}

AOTIRuntimeError AOTInductorModelContainerGetConstantDtype(
    AOTInductorModelContainerHandle container_handle,
    size_t idx,
    int32_t* dtype) {
  auto* container =
      reinterpret_cast<torch::aot_inductor::AOTInductorModelContainer*>(
          container_handle);
  CONVERT_EXCEPTION_TO_ERROR_CODE(
    { *dtype = container->constant_dtype(idx); })
}

AOTIRuntimeError AOTInductorModelContainerGetConstantDataSize(
  AOTInductorModelContainerHandle container_handle,
  size_t idx,
  size_t* data_size) {
  auto* container =
    reinterpret_cast<torch::aot_inductor::AOTInductorModelContainer*>(
        container_handle);
  CONVERT_EXCEPTION_TO_ERROR_CODE(
    { *data_size = container->constant_data_size(idx); })
}

AOTIRuntimeError AOTInductorModelContainerExtractConstantsMap(
    AOTInductorModelContainerHandle container_handle,
    AOTInductorConstantMapHandle constant_map_handle,
    bool use_inactive) {
  auto* container =
      reinterpret_cast<torch::aot_inductor::AOTInductorModelContainer*>(
          container_handle);
  auto constants_map = reinterpret_cast<std::unordered_map<std::string, AtenTensorHandle>*>(constant_map_handle);
  CONVERT_EXCEPTION_TO_ERROR_CODE(
    { const auto ret = container->extract_constants_map(use_inactive);
      for (const auto& pair: ret) {
        constants_map->emplace(pair.first, pair.second);
      }
    })
}

AOTIRuntimeError AOTInductorModelContainerUpdateUserManagedConstantBuffer(
    AOTInductorModelContainerHandle container_handle,
    AOTInductorConstantMapHandle constant_map_handle,
    bool use_inactive,
    bool validate_full_update) {
  auto* container =
      reinterpret_cast<torch::aot_inductor::AOTInductorModelContainer*>(
          container_handle);
  auto input_map = reinterpret_cast<std::unordered_map<std::string, AtenTensorHandle>*>(constant_map_handle);
  CONVERT_EXCEPTION_TO_ERROR_CODE({
    container->update_constant_buffer(
        *input_map, use_inactive, validate_full_update, /* user_managed = */ true);
  })
}

AOTIRuntimeError AOTInductorModelContainerUpdateUserManagedConstantBufferPairs(
    AOTInductorModelContainerHandle container_handle,
    const AOTInductorConstantMapEntry* pairs,
    size_t num_pairs,
    bool use_inactive,
    bool validate_full_update) {
  auto* container =
      reinterpret_cast<torch::aot_inductor::AOTInductorModelContainer*>(container_handle);
  // Build a local unordered_map inside
  std::unordered_map<std::string, AtenTensorHandle> input_map;
  input_map.reserve(num_pairs);
  for (size_t i = 0; i < num_pairs; ++i) {
      input_map.emplace(pairs[i].name, pairs[i].handle);
  }
  CONVERT_EXCEPTION_TO_ERROR_CODE({
    container->update_constant_buffer(
        input_map, use_inactive, validate_full_update, /*user_managed=*/true);
  })
}

AOTIRuntimeError AOTInductorModelContainerUpdateConstantBuffer(
    AOTInductorModelContainerHandle container_handle,
    AOTInductorConstantMapHandle constant_map_handle,
    bool use_inactive,
    bool validate_full_update) {
  auto* container =
      reinterpret_cast<torch::aot_inductor::AOTInductorModelContainer*>(
          container_handle);
  auto input_map = reinterpret_cast<std::unordered_map<std::string, AtenTensorHandle>*>(constant_map_handle);
  CONVERT_EXCEPTION_TO_ERROR_CODE({
    container->update_constant_buffer(
        *input_map, use_inactive, validate_full_update);
  })
}

AOTIRuntimeError AOTInductorModelContainerUpdateInactiveConstantBuffer(
    AOTInductorModelContainerHandle container_handle,
    AOTInductorConstantMapHandle constant_map_handle) {
  return AOTInductorModelContainerUpdateConstantBuffer(container_handle,
          constant_map_handle,
          /*use_inactive*/ true,
          /*validate_full_update*/ true);
}

AOTIRuntimeError AOTInductorModelContainerFreeInactiveConstantBuffer(
    AOTInductorModelContainerHandle container_handle) {
  auto* container =
      reinterpret_cast<torch::aot_inductor::AOTInductorModelContainer*>(
          container_handle);
  CONVERT_EXCEPTION_TO_ERROR_CODE({
    container->free_inactive_constant_buffer();
  })
}

AOTIRuntimeError AOTInductorModelContainerRunConstantFolding(
    AOTInductorModelContainerHandle container_handle,
    bool use_inactive,
    AOTInductorStreamHandle stream_handle,
    AOTIProxyExecutorHandle proxy_executor_handle) {
  auto* container =
      reinterpret_cast<torch::aot_inductor::AOTInductorModelContainer*>(
          container_handle);
  auto stream =
      reinterpret_cast<torch::aot_inductor::DeviceStreamType>(stream_handle);
  CONVERT_EXCEPTION_TO_ERROR_CODE({
    AOTINoGradGuard guard;
    container->run_const_fold(use_inactive, stream, proxy_executor_handle);
  })
}

AOTIRuntimeError AOTInductorModelContainerSwapConstantBuffer(
    AOTInductorModelContainerHandle container_handle) {
  auto* container =
      reinterpret_cast<torch::aot_inductor::AOTInductorModelContainer*>(
          container_handle);
  CONVERT_EXCEPTION_TO_ERROR_CODE({
    container->swap_constant_buffer();
  })
}

AOTIRuntimeError AOTInductorModelContainerGetNumInputs(
    AOTInductorModelContainerHandle container_handle,
    size_t* ret_num_inputs) {
  auto* container =
      reinterpret_cast<torch::aot_inductor::AOTInductorModelContainer*>(
          container_handle);
  CONVERT_EXCEPTION_TO_ERROR_CODE(
      { *ret_num_inputs = container->num_inputs(); })
}

AOTIRuntimeError AOTInductorModelContainerGetInputName(
    AOTInductorModelContainerHandle container_handle,
    size_t input_idx,
    const char** ret_input_names) {
  auto* container =
      reinterpret_cast<torch::aot_inductor::AOTInductorModelContainer*>(
          container_handle);
  CONVERT_EXCEPTION_TO_ERROR_CODE(
      { *ret_input_names = container->input_name(input_idx); })
}

AOTIRuntimeError AOTInductorModelContainerGetNumOutputs(
    AOTInductorModelContainerHandle container_handle,
    size_t* ret_num_outputs) {
  auto* container =
      reinterpret_cast<torch::aot_inductor::AOTInductorModelContainer*>(
          container_handle);
  CONVERT_EXCEPTION_TO_ERROR_CODE(
      { *ret_num_outputs = container->num_outputs(); })
}

AOTIRuntimeError AOTInductorModelContainerGetOutputName(
    AOTInductorModelContainerHandle container_handle,
    size_t output_idx,
    const char** ret_output_names) {
  auto* container =
      reinterpret_cast<torch::aot_inductor::AOTInductorModelContainer*>(
          container_handle);
  CONVERT_EXCEPTION_TO_ERROR_CODE(
      { *ret_output_names = container->output_name(output_idx); })
}

AOTIRuntimeError AOTInductorModelContainerGetCallSpec(
    AOTInductorModelContainerHandle container_handle,
    const char** in_spec,
    const char** out_spec) {
  auto* container =
      reinterpret_cast<torch::aot_inductor::AOTInductorModelContainer*>(
          container_handle);
  CONVERT_EXCEPTION_TO_ERROR_CODE({
    *in_spec = container->get_in_spec();
    *out_spec = container->get_out_spec();
  })
}

AOTIRuntimeError AOTInductorModelCreate(
    AOTInductorModelHandle* model_handle,
    AOTInductorConstantMapHandle constant_map_handle){
    CONVERT_EXCEPTION_TO_ERROR_CODE({
      auto constant_map = std::make_shared<torch::aot_inductor::ConstantMap>();
      auto constant_array = std::make_shared<std::vector<torch::aot_inductor::ConstantHandle>>();
      auto input_map = reinterpret_cast<std::unordered_map<std::string, AtenTensorHandle>*>(constant_map_handle);

      auto model = new torch::aot_inductor::AOTInductorModel(
          constant_map,
          constant_array,
          "cpu", // device_str is hardcoded, as AOTInductorModelCreate is only use for CPU models
          ""
      );

      if (input_map) {
        for (auto const& kv : *input_map) {
          constant_map->emplace(kv.first, kv.second);
        }
      } else {
        model->load_constants();
      }

      *model_handle = reinterpret_cast<AOTInductorModelHandle>(model);
    })}

AOTIRuntimeError AOTInductorModelRun(
    AOTInductorModelHandle model_handle,
    AtenTensorHandle* input_handles,
    AtenTensorHandle* output_handles) {
  auto model =
      reinterpret_cast<torch::aot_inductor::AOTInductorModel*>(model_handle);
  CONVERT_EXCEPTION_TO_ERROR_CODE({
    AOTINoGradGuard guard;
    model->run_impl(
        input_handles,
        output_handles,
        (torch::aot_inductor::DeviceStreamType) nullptr,
        nullptr);
  })
}

AOTIRuntimeError AOTInductorModelDelete(AOTInductorModelHandle model_handle){
    CONVERT_EXCEPTION_TO_ERROR_CODE({
      auto model = reinterpret_cast<torch::aot_inductor::AOTInductorModel*>(
          model_handle);
      delete model;
    })}

AOTIRuntimeError AOTInductorModelGetNumOutputs(
    AOTInductorModelHandle model_handle,
    size_t* ret_num_outputs) {
  CONVERT_EXCEPTION_TO_ERROR_CODE({
      auto model = reinterpret_cast<torch::aot_inductor::AOTInductorModel*>(model_handle);
      *ret_num_outputs = model->num_outputs();
  })
}

AOTIRuntimeError AOTInductorModelUpdateConstantsMap(
    AOTInductorModelHandle model_handle,
    AOTInductorConstantMapHandle constant_map_handle) {
  auto model =
      reinterpret_cast<torch::aot_inductor::AOTInductorModel*>(model_handle);
  CONVERT_EXCEPTION_TO_ERROR_CODE({
    auto constant_map = std::make_shared<torch::aot_inductor::ConstantMap>();
    auto input_map =
        reinterpret_cast<std::unordered_map<std::string, AtenTensorHandle>*>(
            constant_map_handle);

    for (auto const& kv : *input_map) {
      constant_map->emplace(kv.first, kv.second);
    }
    model->update_constants_map(std::move(constant_map));
  })
}

AOTIRuntimeError AOTInductorModelContainerGetConstantsBlobSize(
    AOTInductorModelContainerHandle container_handle,
    uint64_t* ret_size) {
  auto* container =
      reinterpret_cast<torch::aot_inductor::AOTInductorModelContainer*>(
          container_handle);
  CONVERT_EXCEPTION_TO_ERROR_CODE(
      { *ret_size = container->constant_blob_size(); })
}


// Load weights from a single blob in weight_blob_ptr
AOTIRuntimeError AOTInductorModelUpdateConstantsFromBlob(
    AOTInductorModelContainerHandle container_handle,
    const uint8_t* weight_blob_ptr){
    auto* container =
      reinterpret_cast<torch::aot_inductor::AOTInductorModelContainer*>(
          container_handle);
  CONVERT_EXCEPTION_TO_ERROR_CODE(
      {container->update_constants_from_blob(weight_blob_ptr); })
    }


} // extern "C"


#define CUDA_DRIVER_CHECK(EXPR)                    \
do {                                               \
    CUresult code = EXPR;                          \
    const char *msg;                               \
    CUresult code_get_error = cuGetErrorString(code, &msg); \
    if (code_get_error != CUDA_SUCCESS) {          \
        throw std::runtime_error(                  \
            std::string("CUDA driver error: ") +   \
            std::string("invalid error code!"));   \
    }                                              \
    if (code != CUDA_SUCCESS) {                    \
        throw std::runtime_error(                  \
            std::string("CUDA driver error: ") +   \
            std::string(msg));                     \
    }                                              \
} while (0);

static inline CUfunction loadKernel(
        std::string filePath,
        const std::string &funcName,
        uint32_t sharedMemBytes,
        const std::optional<std::string> &cubinDir = std::nullopt) {
    if (cubinDir) {
        std::filesystem::path p1{*cubinDir};
        std::filesystem::path p2{filePath};
        filePath = (p1 / p2.filename()).string();
    }

    CUmodule mod;
    CUfunction func;
    CUDA_DRIVER_CHECK(cuModuleLoad(&mod, filePath.c_str()));
    CUDA_DRIVER_CHECK(cuModuleGetFunction(&func, mod, funcName.c_str()));
    if (sharedMemBytes > 0) {
        CUDA_DRIVER_CHECK(cuFuncSetAttribute(
            func,
            CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES,
            sharedMemBytes
        ))
    }
    return func;
}

static inline CUfunction loadKernel(const void* start, const std::string &funcName, uint32_t sharedMemBytes) {
    CUmodule mod;
    CUfunction func;
    CUDA_DRIVER_CHECK(cuModuleLoadData(&mod, start));
    CUDA_DRIVER_CHECK(cuModuleGetFunction(&func, mod, funcName.c_str()));
    if (sharedMemBytes > 0) {
        CUDA_DRIVER_CHECK(cuFuncSetAttribute(
            func,
            CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES,
            sharedMemBytes
        ))
    }
    return func;
}

static inline void launchKernel(
        CUfunction func,
        uint32_t gridX,
        uint32_t gridY,
        uint32_t gridZ,
        uint32_t numWarps,
        uint32_t sharedMemBytes,
        void* args[],
        cudaStream_t stream) {
    CUDA_DRIVER_CHECK(cuLaunchKernel(
        func, gridX, gridY, gridZ, 32*numWarps, 1, 1, sharedMemBytes, stream, args, nullptr
    ));
}
CACHE_TORCH_DTYPE(bfloat16);
CACHE_TORCH_DEVICE(cuda);
CACHE_TORCH_LAYOUT(strided);
namespace torch::aot_inductor {
namespace {
class AOTInductorModelKernels : public AOTInductorModelKernelsBase {
  public:
    CUfunction triton_per_fused__native_batch_norm_legit_no_training_add_mean_relu_32{nullptr};
    CUfunction triton_poi_fused__native_batch_norm_legit_no_training_add_relu_15{nullptr};
    CUfunction triton_poi_fused__native_batch_norm_legit_no_training_add_relu_16{nullptr};
    CUfunction triton_poi_fused__native_batch_norm_legit_no_training_add_relu_23{nullptr};
    CUfunction triton_poi_fused__native_batch_norm_legit_no_training_add_relu_24{nullptr};
    CUfunction triton_poi_fused__native_batch_norm_legit_no_training_add_relu_31{nullptr};
    CUfunction triton_poi_fused__native_batch_norm_legit_no_training_add_relu_8{nullptr};
    CUfunction triton_poi_fused__native_batch_norm_legit_no_training_convolution_relu_12{nullptr};
    CUfunction triton_poi_fused__native_batch_norm_legit_no_training_convolution_relu_20{nullptr};
    CUfunction triton_poi_fused__native_batch_norm_legit_no_training_convolution_relu_28{nullptr};
    CUfunction triton_poi_fused__native_batch_norm_legit_no_training_max_pool2d_with_indices_relu_4{nullptr};
    CUfunction triton_poi_fused__native_batch_norm_legit_no_training_relu_11{nullptr};
    CUfunction triton_poi_fused__native_batch_norm_legit_no_training_relu_19{nullptr};
    CUfunction triton_poi_fused__native_batch_norm_legit_no_training_relu_27{nullptr};
    CUfunction triton_poi_fused__native_batch_norm_legit_no_training_relu_3{nullptr};
    CUfunction triton_poi_fused__native_batch_norm_legit_no_training_relu_7{nullptr};
    CUfunction triton_poi_fused_convolution_0{nullptr};
    CUfunction triton_poi_fused_convolution_1{nullptr};
    CUfunction triton_poi_fused_convolution_17{nullptr};
    CUfunction triton_poi_fused_convolution_25{nullptr};
    CUfunction triton_poi_fused_convolution_5{nullptr};
    CUfunction triton_poi_fused_convolution_9{nullptr};
    CUfunction triton_tem_fused__native_batch_norm_legit_no_training_add_addmm_mean_relu_t_view_33{nullptr};
    CUfunction triton_tem_fused__native_batch_norm_legit_no_training_convolution_relu_13{nullptr};
    CUfunction triton_tem_fused__native_batch_norm_legit_no_training_convolution_relu_21{nullptr};
    CUfunction triton_tem_fused__native_batch_norm_legit_no_training_convolution_relu_29{nullptr};
    CUfunction triton_tem_fused_convolution_10{nullptr};
    CUfunction triton_tem_fused_convolution_14{nullptr};
    CUfunction triton_tem_fused_convolution_18{nullptr};
    CUfunction triton_tem_fused_convolution_2{nullptr};
    CUfunction triton_tem_fused_convolution_22{nullptr};
    CUfunction triton_tem_fused_convolution_26{nullptr};
    CUfunction triton_tem_fused_convolution_30{nullptr};
    CUfunction triton_tem_fused_convolution_6{nullptr};
};
}  // namespace



AOTInductorModel::AOTInductorModel(std::shared_ptr<ConstantMap> constants_map,
                                   std::shared_ptr<std::vector<ConstantHandle>> constants_array,
                                   const std::string& device_str,
                                   std::optional<std::string> cubin_dir)
    : AOTInductorModelBase(1,
                           1,
                           102,
                           device_str,
                           std::move(cubin_dir),
                           false) {
    inputs_info_[0].name = "arg122_1";
    constants_info_[0].name = "conv1_weight";
    constants_info_[0].dtype = cached_torch_dtype_bfloat16;
    constants_info_[0].device_type = cached_torch_device_type_cuda;
    constants_info_[0].offset = 0;
    constants_info_[0].data_size = 18816;
    constants_info_[0].from_folded = false;
    constants_info_[0].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[0].shape = {64, 3, 7, 7};
    constants_info_[0].stride = {147, 49, 7, 1};
    constants_info_[0].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[0].original_fqn = "conv1.weight";
    constants_info_[1].name = "bn1_weight";
    constants_info_[1].dtype = cached_torch_dtype_bfloat16;
    constants_info_[1].device_type = cached_torch_device_type_cuda;
    constants_info_[1].offset = 0;
    constants_info_[1].data_size = 128;
    constants_info_[1].from_folded = false;
    constants_info_[1].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[1].shape = {64};
    constants_info_[1].stride = {1};
    constants_info_[1].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[1].original_fqn = "bn1.weight";
    constants_info_[2].name = "bn1_bias";
    constants_info_[2].dtype = cached_torch_dtype_bfloat16;
    constants_info_[2].device_type = cached_torch_device_type_cuda;
    constants_info_[2].offset = 0;
    constants_info_[2].data_size = 128;
    constants_info_[2].from_folded = false;
    constants_info_[2].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[2].shape = {64};
    constants_info_[2].stride = {1};
    constants_info_[2].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[2].original_fqn = "bn1.bias";
    constants_info_[3].name = "layer1_0_conv1_weight";
    constants_info_[3].dtype = cached_torch_dtype_bfloat16;
    constants_info_[3].device_type = cached_torch_device_type_cuda;
    constants_info_[3].offset = 0;
    constants_info_[3].data_size = 73728;
    constants_info_[3].from_folded = false;
    constants_info_[3].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[3].shape = {64, 64, 3, 3};
    constants_info_[3].stride = {576, 9, 3, 1};
    constants_info_[3].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[3].original_fqn = "layer1.0.conv1.weight";
    constants_info_[4].name = "layer1_0_bn1_weight";
    constants_info_[4].dtype = cached_torch_dtype_bfloat16;
    constants_info_[4].device_type = cached_torch_device_type_cuda;
    constants_info_[4].offset = 0;
    constants_info_[4].data_size = 128;
    constants_info_[4].from_folded = false;
    constants_info_[4].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[4].shape = {64};
    constants_info_[4].stride = {1};
    constants_info_[4].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[4].original_fqn = "layer1.0.bn1.weight";
    constants_info_[5].name = "layer1_0_bn1_bias";
    constants_info_[5].dtype = cached_torch_dtype_bfloat16;
    constants_info_[5].device_type = cached_torch_device_type_cuda;
    constants_info_[5].offset = 0;
    constants_info_[5].data_size = 128;
    constants_info_[5].from_folded = false;
    constants_info_[5].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[5].shape = {64};
    constants_info_[5].stride = {1};
    constants_info_[5].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[5].original_fqn = "layer1.0.bn1.bias";
    constants_info_[6].name = "layer1_0_conv2_weight";
    constants_info_[6].dtype = cached_torch_dtype_bfloat16;
    constants_info_[6].device_type = cached_torch_device_type_cuda;
    constants_info_[6].offset = 0;
    constants_info_[6].data_size = 73728;
    constants_info_[6].from_folded = false;
    constants_info_[6].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[6].shape = {64, 64, 3, 3};
    constants_info_[6].stride = {576, 9, 3, 1};
    constants_info_[6].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[6].original_fqn = "layer1.0.conv2.weight";
    constants_info_[7].name = "layer1_0_bn2_weight";
    constants_info_[7].dtype = cached_torch_dtype_bfloat16;
    constants_info_[7].device_type = cached_torch_device_type_cuda;
    constants_info_[7].offset = 0;
    constants_info_[7].data_size = 128;
    constants_info_[7].from_folded = false;
    constants_info_[7].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[7].shape = {64};
    constants_info_[7].stride = {1};
    constants_info_[7].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[7].original_fqn = "layer1.0.bn2.weight";
    constants_info_[8].name = "layer1_0_bn2_bias";
    constants_info_[8].dtype = cached_torch_dtype_bfloat16;
    constants_info_[8].device_type = cached_torch_device_type_cuda;
    constants_info_[8].offset = 0;
    constants_info_[8].data_size = 128;
    constants_info_[8].from_folded = false;
    constants_info_[8].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[8].shape = {64};
    constants_info_[8].stride = {1};
    constants_info_[8].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[8].original_fqn = "layer1.0.bn2.bias";
    constants_info_[9].name = "layer1_1_conv1_weight";
    constants_info_[9].dtype = cached_torch_dtype_bfloat16;
    constants_info_[9].device_type = cached_torch_device_type_cuda;
    constants_info_[9].offset = 0;
    constants_info_[9].data_size = 73728;
    constants_info_[9].from_folded = false;
    constants_info_[9].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[9].shape = {64, 64, 3, 3};
    constants_info_[9].stride = {576, 9, 3, 1};
    constants_info_[9].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[9].original_fqn = "layer1.1.conv1.weight";
    constants_info_[10].name = "layer1_1_bn1_weight";
    constants_info_[10].dtype = cached_torch_dtype_bfloat16;
    constants_info_[10].device_type = cached_torch_device_type_cuda;
    constants_info_[10].offset = 0;
    constants_info_[10].data_size = 128;
    constants_info_[10].from_folded = false;
    constants_info_[10].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[10].shape = {64};
    constants_info_[10].stride = {1};
    constants_info_[10].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[10].original_fqn = "layer1.1.bn1.weight";
    constants_info_[11].name = "layer1_1_bn1_bias";
    constants_info_[11].dtype = cached_torch_dtype_bfloat16;
    constants_info_[11].device_type = cached_torch_device_type_cuda;
    constants_info_[11].offset = 0;
    constants_info_[11].data_size = 128;
    constants_info_[11].from_folded = false;
    constants_info_[11].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[11].shape = {64};
    constants_info_[11].stride = {1};
    constants_info_[11].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[11].original_fqn = "layer1.1.bn1.bias";
    constants_info_[12].name = "layer1_1_conv2_weight";
    constants_info_[12].dtype = cached_torch_dtype_bfloat16;
    constants_info_[12].device_type = cached_torch_device_type_cuda;
    constants_info_[12].offset = 0;
    constants_info_[12].data_size = 73728;
    constants_info_[12].from_folded = false;
    constants_info_[12].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[12].shape = {64, 64, 3, 3};
    constants_info_[12].stride = {576, 9, 3, 1};
    constants_info_[12].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[12].original_fqn = "layer1.1.conv2.weight";
    constants_info_[13].name = "layer1_1_bn2_weight";
    constants_info_[13].dtype = cached_torch_dtype_bfloat16;
    constants_info_[13].device_type = cached_torch_device_type_cuda;
    constants_info_[13].offset = 0;
    constants_info_[13].data_size = 128;
    constants_info_[13].from_folded = false;
    constants_info_[13].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[13].shape = {64};
    constants_info_[13].stride = {1};
    constants_info_[13].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[13].original_fqn = "layer1.1.bn2.weight";
    constants_info_[14].name = "layer1_1_bn2_bias";
    constants_info_[14].dtype = cached_torch_dtype_bfloat16;
    constants_info_[14].device_type = cached_torch_device_type_cuda;
    constants_info_[14].offset = 0;
    constants_info_[14].data_size = 128;
    constants_info_[14].from_folded = false;
    constants_info_[14].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[14].shape = {64};
    constants_info_[14].stride = {1};
    constants_info_[14].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[14].original_fqn = "layer1.1.bn2.bias";
    constants_info_[15].name = "layer2_0_conv1_weight";
    constants_info_[15].dtype = cached_torch_dtype_bfloat16;
    constants_info_[15].device_type = cached_torch_device_type_cuda;
    constants_info_[15].offset = 0;
    constants_info_[15].data_size = 147456;
    constants_info_[15].from_folded = false;
    constants_info_[15].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[15].shape = {128, 64, 3, 3};
    constants_info_[15].stride = {576, 9, 3, 1};
    constants_info_[15].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[15].original_fqn = "layer2.0.conv1.weight";
    constants_info_[16].name = "layer2_0_bn1_weight";
    constants_info_[16].dtype = cached_torch_dtype_bfloat16;
    constants_info_[16].device_type = cached_torch_device_type_cuda;
    constants_info_[16].offset = 0;
    constants_info_[16].data_size = 256;
    constants_info_[16].from_folded = false;
    constants_info_[16].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[16].shape = {128};
    constants_info_[16].stride = {1};
    constants_info_[16].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[16].original_fqn = "layer2.0.bn1.weight";
    constants_info_[17].name = "layer2_0_bn1_bias";
    constants_info_[17].dtype = cached_torch_dtype_bfloat16;
    constants_info_[17].device_type = cached_torch_device_type_cuda;
    constants_info_[17].offset = 0;
    constants_info_[17].data_size = 256;
    constants_info_[17].from_folded = false;
    constants_info_[17].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[17].shape = {128};
    constants_info_[17].stride = {1};
    constants_info_[17].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[17].original_fqn = "layer2.0.bn1.bias";
    constants_info_[18].name = "layer2_0_conv2_weight";
    constants_info_[18].dtype = cached_torch_dtype_bfloat16;
    constants_info_[18].device_type = cached_torch_device_type_cuda;
    constants_info_[18].offset = 0;
    constants_info_[18].data_size = 294912;
    constants_info_[18].from_folded = false;
    constants_info_[18].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[18].shape = {128, 128, 3, 3};
    constants_info_[18].stride = {1152, 9, 3, 1};
    constants_info_[18].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[18].original_fqn = "layer2.0.conv2.weight";
    constants_info_[19].name = "layer2_0_bn2_weight";
    constants_info_[19].dtype = cached_torch_dtype_bfloat16;
    constants_info_[19].device_type = cached_torch_device_type_cuda;
    constants_info_[19].offset = 0;
    constants_info_[19].data_size = 256;
    constants_info_[19].from_folded = false;
    constants_info_[19].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[19].shape = {128};
    constants_info_[19].stride = {1};
    constants_info_[19].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[19].original_fqn = "layer2.0.bn2.weight";
    constants_info_[20].name = "layer2_0_bn2_bias";
    constants_info_[20].dtype = cached_torch_dtype_bfloat16;
    constants_info_[20].device_type = cached_torch_device_type_cuda;
    constants_info_[20].offset = 0;
    constants_info_[20].data_size = 256;
    constants_info_[20].from_folded = false;
    constants_info_[20].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[20].shape = {128};
    constants_info_[20].stride = {1};
    constants_info_[20].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[20].original_fqn = "layer2.0.bn2.bias";
    constants_info_[21].name = "layer2_0_downsample_0_weight";
    constants_info_[21].dtype = cached_torch_dtype_bfloat16;
    constants_info_[21].device_type = cached_torch_device_type_cuda;
    constants_info_[21].offset = 0;
    constants_info_[21].data_size = 16384;
    constants_info_[21].from_folded = false;
    constants_info_[21].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[21].shape = {128, 64, 1, 1};
    constants_info_[21].stride = {64, 1, 1, 1};
    constants_info_[21].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[21].original_fqn = "layer2.0.downsample.0.weight";
    constants_info_[22].name = "layer2_0_downsample_1_weight";
    constants_info_[22].dtype = cached_torch_dtype_bfloat16;
    constants_info_[22].device_type = cached_torch_device_type_cuda;
    constants_info_[22].offset = 0;
    constants_info_[22].data_size = 256;
    constants_info_[22].from_folded = false;
    constants_info_[22].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[22].shape = {128};
    constants_info_[22].stride = {1};
    constants_info_[22].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[22].original_fqn = "layer2.0.downsample.1.weight";
    constants_info_[23].name = "layer2_0_downsample_1_bias";
    constants_info_[23].dtype = cached_torch_dtype_bfloat16;
    constants_info_[23].device_type = cached_torch_device_type_cuda;
    constants_info_[23].offset = 0;
    constants_info_[23].data_size = 256;
    constants_info_[23].from_folded = false;
    constants_info_[23].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[23].shape = {128};
    constants_info_[23].stride = {1};
    constants_info_[23].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[23].original_fqn = "layer2.0.downsample.1.bias";
    constants_info_[24].name = "layer2_1_conv1_weight";
    constants_info_[24].dtype = cached_torch_dtype_bfloat16;
    constants_info_[24].device_type = cached_torch_device_type_cuda;
    constants_info_[24].offset = 0;
    constants_info_[24].data_size = 294912;
    constants_info_[24].from_folded = false;
    constants_info_[24].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[24].shape = {128, 128, 3, 3};
    constants_info_[24].stride = {1152, 9, 3, 1};
    constants_info_[24].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[24].original_fqn = "layer2.1.conv1.weight";
    constants_info_[25].name = "layer2_1_bn1_weight";
    constants_info_[25].dtype = cached_torch_dtype_bfloat16;
    constants_info_[25].device_type = cached_torch_device_type_cuda;
    constants_info_[25].offset = 0;
    constants_info_[25].data_size = 256;
    constants_info_[25].from_folded = false;
    constants_info_[25].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[25].shape = {128};
    constants_info_[25].stride = {1};
    constants_info_[25].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[25].original_fqn = "layer2.1.bn1.weight";
    constants_info_[26].name = "layer2_1_bn1_bias";
    constants_info_[26].dtype = cached_torch_dtype_bfloat16;
    constants_info_[26].device_type = cached_torch_device_type_cuda;
    constants_info_[26].offset = 0;
    constants_info_[26].data_size = 256;
    constants_info_[26].from_folded = false;
    constants_info_[26].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[26].shape = {128};
    constants_info_[26].stride = {1};
    constants_info_[26].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[26].original_fqn = "layer2.1.bn1.bias";
    constants_info_[27].name = "layer2_1_conv2_weight";
    constants_info_[27].dtype = cached_torch_dtype_bfloat16;
    constants_info_[27].device_type = cached_torch_device_type_cuda;
    constants_info_[27].offset = 0;
    constants_info_[27].data_size = 294912;
    constants_info_[27].from_folded = false;
    constants_info_[27].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[27].shape = {128, 128, 3, 3};
    constants_info_[27].stride = {1152, 9, 3, 1};
    constants_info_[27].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[27].original_fqn = "layer2.1.conv2.weight";
    constants_info_[28].name = "layer2_1_bn2_weight";
    constants_info_[28].dtype = cached_torch_dtype_bfloat16;
    constants_info_[28].device_type = cached_torch_device_type_cuda;
    constants_info_[28].offset = 0;
    constants_info_[28].data_size = 256;
    constants_info_[28].from_folded = false;
    constants_info_[28].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[28].shape = {128};
    constants_info_[28].stride = {1};
    constants_info_[28].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[28].original_fqn = "layer2.1.bn2.weight";
    constants_info_[29].name = "layer2_1_bn2_bias";
    constants_info_[29].dtype = cached_torch_dtype_bfloat16;
    constants_info_[29].device_type = cached_torch_device_type_cuda;
    constants_info_[29].offset = 0;
    constants_info_[29].data_size = 256;
    constants_info_[29].from_folded = false;
    constants_info_[29].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[29].shape = {128};
    constants_info_[29].stride = {1};
    constants_info_[29].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[29].original_fqn = "layer2.1.bn2.bias";
    constants_info_[30].name = "layer3_0_conv1_weight";
    constants_info_[30].dtype = cached_torch_dtype_bfloat16;
    constants_info_[30].device_type = cached_torch_device_type_cuda;
    constants_info_[30].offset = 0;
    constants_info_[30].data_size = 589824;
    constants_info_[30].from_folded = false;
    constants_info_[30].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[30].shape = {256, 128, 3, 3};
    constants_info_[30].stride = {1152, 9, 3, 1};
    constants_info_[30].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[30].original_fqn = "layer3.0.conv1.weight";
    constants_info_[31].name = "layer3_0_bn1_weight";
    constants_info_[31].dtype = cached_torch_dtype_bfloat16;
    constants_info_[31].device_type = cached_torch_device_type_cuda;
    constants_info_[31].offset = 0;
    constants_info_[31].data_size = 512;
    constants_info_[31].from_folded = false;
    constants_info_[31].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[31].shape = {256};
    constants_info_[31].stride = {1};
    constants_info_[31].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[31].original_fqn = "layer3.0.bn1.weight";
    constants_info_[32].name = "layer3_0_bn1_bias";
    constants_info_[32].dtype = cached_torch_dtype_bfloat16;
    constants_info_[32].device_type = cached_torch_device_type_cuda;
    constants_info_[32].offset = 0;
    constants_info_[32].data_size = 512;
    constants_info_[32].from_folded = false;
    constants_info_[32].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[32].shape = {256};
    constants_info_[32].stride = {1};
    constants_info_[32].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[32].original_fqn = "layer3.0.bn1.bias";
    constants_info_[33].name = "layer3_0_conv2_weight";
    constants_info_[33].dtype = cached_torch_dtype_bfloat16;
    constants_info_[33].device_type = cached_torch_device_type_cuda;
    constants_info_[33].offset = 0;
    constants_info_[33].data_size = 1179648;
    constants_info_[33].from_folded = false;
    constants_info_[33].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[33].shape = {256, 256, 3, 3};
    constants_info_[33].stride = {2304, 9, 3, 1};
    constants_info_[33].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[33].original_fqn = "layer3.0.conv2.weight";
    constants_info_[34].name = "layer3_0_bn2_weight";
    constants_info_[34].dtype = cached_torch_dtype_bfloat16;
    constants_info_[34].device_type = cached_torch_device_type_cuda;
    constants_info_[34].offset = 0;
    constants_info_[34].data_size = 512;
    constants_info_[34].from_folded = false;
    constants_info_[34].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[34].shape = {256};
    constants_info_[34].stride = {1};
    constants_info_[34].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[34].original_fqn = "layer3.0.bn2.weight";
    constants_info_[35].name = "layer3_0_bn2_bias";
    constants_info_[35].dtype = cached_torch_dtype_bfloat16;
    constants_info_[35].device_type = cached_torch_device_type_cuda;
    constants_info_[35].offset = 0;
    constants_info_[35].data_size = 512;
    constants_info_[35].from_folded = false;
    constants_info_[35].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[35].shape = {256};
    constants_info_[35].stride = {1};
    constants_info_[35].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[35].original_fqn = "layer3.0.bn2.bias";
    constants_info_[36].name = "layer3_0_downsample_0_weight";
    constants_info_[36].dtype = cached_torch_dtype_bfloat16;
    constants_info_[36].device_type = cached_torch_device_type_cuda;
    constants_info_[36].offset = 0;
    constants_info_[36].data_size = 65536;
    constants_info_[36].from_folded = false;
    constants_info_[36].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[36].shape = {256, 128, 1, 1};
    constants_info_[36].stride = {128, 1, 1, 1};
    constants_info_[36].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[36].original_fqn = "layer3.0.downsample.0.weight";
    constants_info_[37].name = "layer3_0_downsample_1_weight";
    constants_info_[37].dtype = cached_torch_dtype_bfloat16;
    constants_info_[37].device_type = cached_torch_device_type_cuda;
    constants_info_[37].offset = 0;
    constants_info_[37].data_size = 512;
    constants_info_[37].from_folded = false;
    constants_info_[37].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[37].shape = {256};
    constants_info_[37].stride = {1};
    constants_info_[37].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[37].original_fqn = "layer3.0.downsample.1.weight";
    constants_info_[38].name = "layer3_0_downsample_1_bias";
    constants_info_[38].dtype = cached_torch_dtype_bfloat16;
    constants_info_[38].device_type = cached_torch_device_type_cuda;
    constants_info_[38].offset = 0;
    constants_info_[38].data_size = 512;
    constants_info_[38].from_folded = false;
    constants_info_[38].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[38].shape = {256};
    constants_info_[38].stride = {1};
    constants_info_[38].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[38].original_fqn = "layer3.0.downsample.1.bias";
    constants_info_[39].name = "layer3_1_conv1_weight";
    constants_info_[39].dtype = cached_torch_dtype_bfloat16;
    constants_info_[39].device_type = cached_torch_device_type_cuda;
    constants_info_[39].offset = 0;
    constants_info_[39].data_size = 1179648;
    constants_info_[39].from_folded = false;
    constants_info_[39].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[39].shape = {256, 256, 3, 3};
    constants_info_[39].stride = {2304, 9, 3, 1};
    constants_info_[39].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[39].original_fqn = "layer3.1.conv1.weight";
    constants_info_[40].name = "layer3_1_bn1_weight";
    constants_info_[40].dtype = cached_torch_dtype_bfloat16;
    constants_info_[40].device_type = cached_torch_device_type_cuda;
    constants_info_[40].offset = 0;
    constants_info_[40].data_size = 512;
    constants_info_[40].from_folded = false;
    constants_info_[40].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[40].shape = {256};
    constants_info_[40].stride = {1};
    constants_info_[40].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[40].original_fqn = "layer3.1.bn1.weight";
    constants_info_[41].name = "layer3_1_bn1_bias";
    constants_info_[41].dtype = cached_torch_dtype_bfloat16;
    constants_info_[41].device_type = cached_torch_device_type_cuda;
    constants_info_[41].offset = 0;
    constants_info_[41].data_size = 512;
    constants_info_[41].from_folded = false;
    constants_info_[41].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[41].shape = {256};
    constants_info_[41].stride = {1};
    constants_info_[41].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[41].original_fqn = "layer3.1.bn1.bias";
    constants_info_[42].name = "layer3_1_conv2_weight";
    constants_info_[42].dtype = cached_torch_dtype_bfloat16;
    constants_info_[42].device_type = cached_torch_device_type_cuda;
    constants_info_[42].offset = 0;
    constants_info_[42].data_size = 1179648;
    constants_info_[42].from_folded = false;
    constants_info_[42].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[42].shape = {256, 256, 3, 3};
    constants_info_[42].stride = {2304, 9, 3, 1};
    constants_info_[42].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[42].original_fqn = "layer3.1.conv2.weight";
    constants_info_[43].name = "layer3_1_bn2_weight";
    constants_info_[43].dtype = cached_torch_dtype_bfloat16;
    constants_info_[43].device_type = cached_torch_device_type_cuda;
    constants_info_[43].offset = 0;
    constants_info_[43].data_size = 512;
    constants_info_[43].from_folded = false;
    constants_info_[43].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[43].shape = {256};
    constants_info_[43].stride = {1};
    constants_info_[43].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[43].original_fqn = "layer3.1.bn2.weight";
    constants_info_[44].name = "layer3_1_bn2_bias";
    constants_info_[44].dtype = cached_torch_dtype_bfloat16;
    constants_info_[44].device_type = cached_torch_device_type_cuda;
    constants_info_[44].offset = 0;
    constants_info_[44].data_size = 512;
    constants_info_[44].from_folded = false;
    constants_info_[44].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[44].shape = {256};
    constants_info_[44].stride = {1};
    constants_info_[44].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[44].original_fqn = "layer3.1.bn2.bias";
    constants_info_[45].name = "layer4_0_conv1_weight";
    constants_info_[45].dtype = cached_torch_dtype_bfloat16;
    constants_info_[45].device_type = cached_torch_device_type_cuda;
    constants_info_[45].offset = 0;
    constants_info_[45].data_size = 2359296;
    constants_info_[45].from_folded = false;
    constants_info_[45].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[45].shape = {512, 256, 3, 3};
    constants_info_[45].stride = {2304, 9, 3, 1};
    constants_info_[45].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[45].original_fqn = "layer4.0.conv1.weight";
    constants_info_[46].name = "layer4_0_bn1_weight";
    constants_info_[46].dtype = cached_torch_dtype_bfloat16;
    constants_info_[46].device_type = cached_torch_device_type_cuda;
    constants_info_[46].offset = 0;
    constants_info_[46].data_size = 1024;
    constants_info_[46].from_folded = false;
    constants_info_[46].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[46].shape = {512};
    constants_info_[46].stride = {1};
    constants_info_[46].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[46].original_fqn = "layer4.0.bn1.weight";
    constants_info_[47].name = "layer4_0_bn1_bias";
    constants_info_[47].dtype = cached_torch_dtype_bfloat16;
    constants_info_[47].device_type = cached_torch_device_type_cuda;
    constants_info_[47].offset = 0;
    constants_info_[47].data_size = 1024;
    constants_info_[47].from_folded = false;
    constants_info_[47].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[47].shape = {512};
    constants_info_[47].stride = {1};
    constants_info_[47].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[47].original_fqn = "layer4.0.bn1.bias";
    constants_info_[48].name = "layer4_0_conv2_weight";
    constants_info_[48].dtype = cached_torch_dtype_bfloat16;
    constants_info_[48].device_type = cached_torch_device_type_cuda;
    constants_info_[48].offset = 0;
    constants_info_[48].data_size = 4718592;
    constants_info_[48].from_folded = false;
    constants_info_[48].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[48].shape = {512, 512, 3, 3};
    constants_info_[48].stride = {4608, 9, 3, 1};
    constants_info_[48].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[48].original_fqn = "layer4.0.conv2.weight";
    constants_info_[49].name = "layer4_0_bn2_weight";
    constants_info_[49].dtype = cached_torch_dtype_bfloat16;
    constants_info_[49].device_type = cached_torch_device_type_cuda;
    constants_info_[49].offset = 0;
    constants_info_[49].data_size = 1024;
    constants_info_[49].from_folded = false;
    constants_info_[49].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[49].shape = {512};
    constants_info_[49].stride = {1};
    constants_info_[49].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[49].original_fqn = "layer4.0.bn2.weight";
    constants_info_[50].name = "layer4_0_bn2_bias";
    constants_info_[50].dtype = cached_torch_dtype_bfloat16;
    constants_info_[50].device_type = cached_torch_device_type_cuda;
    constants_info_[50].offset = 0;
    constants_info_[50].data_size = 1024;
    constants_info_[50].from_folded = false;
    constants_info_[50].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[50].shape = {512};
    constants_info_[50].stride = {1};
    constants_info_[50].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[50].original_fqn = "layer4.0.bn2.bias";
    constants_info_[51].name = "layer4_0_downsample_0_weight";
    constants_info_[51].dtype = cached_torch_dtype_bfloat16;
    constants_info_[51].device_type = cached_torch_device_type_cuda;
    constants_info_[51].offset = 0;
    constants_info_[51].data_size = 262144;
    constants_info_[51].from_folded = false;
    constants_info_[51].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[51].shape = {512, 256, 1, 1};
    constants_info_[51].stride = {256, 1, 1, 1};
    constants_info_[51].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[51].original_fqn = "layer4.0.downsample.0.weight";
    constants_info_[52].name = "layer4_0_downsample_1_weight";
    constants_info_[52].dtype = cached_torch_dtype_bfloat16;
    constants_info_[52].device_type = cached_torch_device_type_cuda;
    constants_info_[52].offset = 0;
    constants_info_[52].data_size = 1024;
    constants_info_[52].from_folded = false;
    constants_info_[52].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[52].shape = {512};
    constants_info_[52].stride = {1};
    constants_info_[52].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[52].original_fqn = "layer4.0.downsample.1.weight";
    constants_info_[53].name = "layer4_0_downsample_1_bias";
    constants_info_[53].dtype = cached_torch_dtype_bfloat16;
    constants_info_[53].device_type = cached_torch_device_type_cuda;
    constants_info_[53].offset = 0;
    constants_info_[53].data_size = 1024;
    constants_info_[53].from_folded = false;
    constants_info_[53].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[53].shape = {512};
    constants_info_[53].stride = {1};
    constants_info_[53].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[53].original_fqn = "layer4.0.downsample.1.bias";
    constants_info_[54].name = "layer4_1_conv1_weight";
    constants_info_[54].dtype = cached_torch_dtype_bfloat16;
    constants_info_[54].device_type = cached_torch_device_type_cuda;
    constants_info_[54].offset = 0;
    constants_info_[54].data_size = 4718592;
    constants_info_[54].from_folded = false;
    constants_info_[54].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[54].shape = {512, 512, 3, 3};
    constants_info_[54].stride = {4608, 9, 3, 1};
    constants_info_[54].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[54].original_fqn = "layer4.1.conv1.weight";
    constants_info_[55].name = "layer4_1_bn1_weight";
    constants_info_[55].dtype = cached_torch_dtype_bfloat16;
    constants_info_[55].device_type = cached_torch_device_type_cuda;
    constants_info_[55].offset = 0;
    constants_info_[55].data_size = 1024;
    constants_info_[55].from_folded = false;
    constants_info_[55].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[55].shape = {512};
    constants_info_[55].stride = {1};
    constants_info_[55].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[55].original_fqn = "layer4.1.bn1.weight";
    constants_info_[56].name = "layer4_1_bn1_bias";
    constants_info_[56].dtype = cached_torch_dtype_bfloat16;
    constants_info_[56].device_type = cached_torch_device_type_cuda;
    constants_info_[56].offset = 0;
    constants_info_[56].data_size = 1024;
    constants_info_[56].from_folded = false;
    constants_info_[56].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[56].shape = {512};
    constants_info_[56].stride = {1};
    constants_info_[56].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[56].original_fqn = "layer4.1.bn1.bias";
    constants_info_[57].name = "layer4_1_conv2_weight";
    constants_info_[57].dtype = cached_torch_dtype_bfloat16;
    constants_info_[57].device_type = cached_torch_device_type_cuda;
    constants_info_[57].offset = 0;
    constants_info_[57].data_size = 4718592;
    constants_info_[57].from_folded = false;
    constants_info_[57].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[57].shape = {512, 512, 3, 3};
    constants_info_[57].stride = {4608, 9, 3, 1};
    constants_info_[57].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[57].original_fqn = "layer4.1.conv2.weight";
    constants_info_[58].name = "layer4_1_bn2_weight";
    constants_info_[58].dtype = cached_torch_dtype_bfloat16;
    constants_info_[58].device_type = cached_torch_device_type_cuda;
    constants_info_[58].offset = 0;
    constants_info_[58].data_size = 1024;
    constants_info_[58].from_folded = false;
    constants_info_[58].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[58].shape = {512};
    constants_info_[58].stride = {1};
    constants_info_[58].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[58].original_fqn = "layer4.1.bn2.weight";
    constants_info_[59].name = "layer4_1_bn2_bias";
    constants_info_[59].dtype = cached_torch_dtype_bfloat16;
    constants_info_[59].device_type = cached_torch_device_type_cuda;
    constants_info_[59].offset = 0;
    constants_info_[59].data_size = 1024;
    constants_info_[59].from_folded = false;
    constants_info_[59].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[59].shape = {512};
    constants_info_[59].stride = {1};
    constants_info_[59].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[59].original_fqn = "layer4.1.bn2.bias";
    constants_info_[60].name = "fc_weight";
    constants_info_[60].dtype = cached_torch_dtype_bfloat16;
    constants_info_[60].device_type = cached_torch_device_type_cuda;
    constants_info_[60].offset = 0;
    constants_info_[60].data_size = 1024000;
    constants_info_[60].from_folded = false;
    constants_info_[60].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[60].shape = {1000, 512};
    constants_info_[60].stride = {512, 1};
    constants_info_[60].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[60].original_fqn = "fc.weight";
    constants_info_[61].name = "fc_bias";
    constants_info_[61].dtype = cached_torch_dtype_bfloat16;
    constants_info_[61].device_type = cached_torch_device_type_cuda;
    constants_info_[61].offset = 0;
    constants_info_[61].data_size = 2000;
    constants_info_[61].from_folded = false;
    constants_info_[61].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[61].shape = {1000};
    constants_info_[61].stride = {1};
    constants_info_[61].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[61].original_fqn = "fc.bias";
    constants_info_[62].name = "bn1_running_mean";
    constants_info_[62].dtype = cached_torch_dtype_bfloat16;
    constants_info_[62].device_type = cached_torch_device_type_cuda;
    constants_info_[62].offset = 0;
    constants_info_[62].data_size = 128;
    constants_info_[62].from_folded = false;
    constants_info_[62].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Buffer);
    constants_info_[62].shape = {64};
    constants_info_[62].stride = {1};
    constants_info_[62].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[62].original_fqn = "bn1.running_mean";
    constants_info_[63].name = "bn1_running_var";
    constants_info_[63].dtype = cached_torch_dtype_bfloat16;
    constants_info_[63].device_type = cached_torch_device_type_cuda;
    constants_info_[63].offset = 0;
    constants_info_[63].data_size = 128;
    constants_info_[63].from_folded = false;
    constants_info_[63].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Buffer);
    constants_info_[63].shape = {64};
    constants_info_[63].stride = {1};
    constants_info_[63].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[63].original_fqn = "bn1.running_var";
    constants_info_[64].name = "layer1_0_bn1_running_mean";
    constants_info_[64].dtype = cached_torch_dtype_bfloat16;
    constants_info_[64].device_type = cached_torch_device_type_cuda;
    constants_info_[64].offset = 0;
    constants_info_[64].data_size = 128;
    constants_info_[64].from_folded = false;
    constants_info_[64].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Buffer);
    constants_info_[64].shape = {64};
    constants_info_[64].stride = {1};
    constants_info_[64].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[64].original_fqn = "layer1.0.bn1.running_mean";
    constants_info_[65].name = "layer1_0_bn1_running_var";
    constants_info_[65].dtype = cached_torch_dtype_bfloat16;
    constants_info_[65].device_type = cached_torch_device_type_cuda;
    constants_info_[65].offset = 0;
    constants_info_[65].data_size = 128;
    constants_info_[65].from_folded = false;
    constants_info_[65].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Buffer);
    constants_info_[65].shape = {64};
    constants_info_[65].stride = {1};
    constants_info_[65].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[65].original_fqn = "layer1.0.bn1.running_var";
    constants_info_[66].name = "layer1_0_bn2_running_mean";
    constants_info_[66].dtype = cached_torch_dtype_bfloat16;
    constants_info_[66].device_type = cached_torch_device_type_cuda;
    constants_info_[66].offset = 0;
    constants_info_[66].data_size = 128;
    constants_info_[66].from_folded = false;
    constants_info_[66].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Buffer);
    constants_info_[66].shape = {64};
    constants_info_[66].stride = {1};
    constants_info_[66].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[66].original_fqn = "layer1.0.bn2.running_mean";
    constants_info_[67].name = "layer1_0_bn2_running_var";
    constants_info_[67].dtype = cached_torch_dtype_bfloat16;
    constants_info_[67].device_type = cached_torch_device_type_cuda;
    constants_info_[67].offset = 0;
    constants_info_[67].data_size = 128;
    constants_info_[67].from_folded = false;
    constants_info_[67].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Buffer);
    constants_info_[67].shape = {64};
    constants_info_[67].stride = {1};
    constants_info_[67].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[67].original_fqn = "layer1.0.bn2.running_var";
    constants_info_[68].name = "layer1_1_bn1_running_mean";
    constants_info_[68].dtype = cached_torch_dtype_bfloat16;
    constants_info_[68].device_type = cached_torch_device_type_cuda;
    constants_info_[68].offset = 0;
    constants_info_[68].data_size = 128;
    constants_info_[68].from_folded = false;
    constants_info_[68].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Buffer);
    constants_info_[68].shape = {64};
    constants_info_[68].stride = {1};
    constants_info_[68].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[68].original_fqn = "layer1.1.bn1.running_mean";
    constants_info_[69].name = "layer1_1_bn1_running_var";
    constants_info_[69].dtype = cached_torch_dtype_bfloat16;
    constants_info_[69].device_type = cached_torch_device_type_cuda;
    constants_info_[69].offset = 0;
    constants_info_[69].data_size = 128;
    constants_info_[69].from_folded = false;
    constants_info_[69].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Buffer);
    constants_info_[69].shape = {64};
    constants_info_[69].stride = {1};
    constants_info_[69].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[69].original_fqn = "layer1.1.bn1.running_var";
    constants_info_[70].name = "layer1_1_bn2_running_mean";
    constants_info_[70].dtype = cached_torch_dtype_bfloat16;
    constants_info_[70].device_type = cached_torch_device_type_cuda;
    constants_info_[70].offset = 0;
    constants_info_[70].data_size = 128;
    constants_info_[70].from_folded = false;
    constants_info_[70].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Buffer);
    constants_info_[70].shape = {64};
    constants_info_[70].stride = {1};
    constants_info_[70].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[70].original_fqn = "layer1.1.bn2.running_mean";
    constants_info_[71].name = "layer1_1_bn2_running_var";
    constants_info_[71].dtype = cached_torch_dtype_bfloat16;
    constants_info_[71].device_type = cached_torch_device_type_cuda;
    constants_info_[71].offset = 0;
    constants_info_[71].data_size = 128;
    constants_info_[71].from_folded = false;
    constants_info_[71].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Buffer);
    constants_info_[71].shape = {64};
    constants_info_[71].stride = {1};
    constants_info_[71].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[71].original_fqn = "layer1.1.bn2.running_var";
    constants_info_[72].name = "layer2_0_bn1_running_mean";
    constants_info_[72].dtype = cached_torch_dtype_bfloat16;
    constants_info_[72].device_type = cached_torch_device_type_cuda;
    constants_info_[72].offset = 0;
    constants_info_[72].data_size = 256;
    constants_info_[72].from_folded = false;
    constants_info_[72].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Buffer);
    constants_info_[72].shape = {128};
    constants_info_[72].stride = {1};
    constants_info_[72].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[72].original_fqn = "layer2.0.bn1.running_mean";
    constants_info_[73].name = "layer2_0_bn1_running_var";
    constants_info_[73].dtype = cached_torch_dtype_bfloat16;
    constants_info_[73].device_type = cached_torch_device_type_cuda;
    constants_info_[73].offset = 0;
    constants_info_[73].data_size = 256;
    constants_info_[73].from_folded = false;
    constants_info_[73].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Buffer);
    constants_info_[73].shape = {128};
    constants_info_[73].stride = {1};
    constants_info_[73].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[73].original_fqn = "layer2.0.bn1.running_var";
    constants_info_[74].name = "layer2_0_bn2_running_mean";
    constants_info_[74].dtype = cached_torch_dtype_bfloat16;
    constants_info_[74].device_type = cached_torch_device_type_cuda;
    constants_info_[74].offset = 0;
    constants_info_[74].data_size = 256;
    constants_info_[74].from_folded = false;
    constants_info_[74].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Buffer);
    constants_info_[74].shape = {128};
    constants_info_[74].stride = {1};
    constants_info_[74].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[74].original_fqn = "layer2.0.bn2.running_mean";
    constants_info_[75].name = "layer2_0_bn2_running_var";
    constants_info_[75].dtype = cached_torch_dtype_bfloat16;
    constants_info_[75].device_type = cached_torch_device_type_cuda;
    constants_info_[75].offset = 0;
    constants_info_[75].data_size = 256;
    constants_info_[75].from_folded = false;
    constants_info_[75].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Buffer);
    constants_info_[75].shape = {128};
    constants_info_[75].stride = {1};
    constants_info_[75].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[75].original_fqn = "layer2.0.bn2.running_var";
    constants_info_[76].name = "layer2_0_downsample_1_running_mean";
    constants_info_[76].dtype = cached_torch_dtype_bfloat16;
    constants_info_[76].device_type = cached_torch_device_type_cuda;
    constants_info_[76].offset = 0;
    constants_info_[76].data_size = 256;
    constants_info_[76].from_folded = false;
    constants_info_[76].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Buffer);
    constants_info_[76].shape = {128};
    constants_info_[76].stride = {1};
    constants_info_[76].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[76].original_fqn = "layer2.0.downsample.1.running_mean";
    constants_info_[77].name = "layer2_0_downsample_1_running_var";
    constants_info_[77].dtype = cached_torch_dtype_bfloat16;
    constants_info_[77].device_type = cached_torch_device_type_cuda;
    constants_info_[77].offset = 0;
    constants_info_[77].data_size = 256;
    constants_info_[77].from_folded = false;
    constants_info_[77].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Buffer);
    constants_info_[77].shape = {128};
    constants_info_[77].stride = {1};
    constants_info_[77].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[77].original_fqn = "layer2.0.downsample.1.running_var";
    constants_info_[78].name = "layer2_1_bn1_running_mean";
    constants_info_[78].dtype = cached_torch_dtype_bfloat16;
    constants_info_[78].device_type = cached_torch_device_type_cuda;
    constants_info_[78].offset = 0;
    constants_info_[78].data_size = 256;
    constants_info_[78].from_folded = false;
    constants_info_[78].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Buffer);
    constants_info_[78].shape = {128};
    constants_info_[78].stride = {1};
    constants_info_[78].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[78].original_fqn = "layer2.1.bn1.running_mean";
    constants_info_[79].name = "layer2_1_bn1_running_var";
    constants_info_[79].dtype = cached_torch_dtype_bfloat16;
    constants_info_[79].device_type = cached_torch_device_type_cuda;
    constants_info_[79].offset = 0;
    constants_info_[79].data_size = 256;
    constants_info_[79].from_folded = false;
    constants_info_[79].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Buffer);
    constants_info_[79].shape = {128};
    constants_info_[79].stride = {1};
    constants_info_[79].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[79].original_fqn = "layer2.1.bn1.running_var";
    constants_info_[80].name = "layer2_1_bn2_running_mean";
    constants_info_[80].dtype = cached_torch_dtype_bfloat16;
    constants_info_[80].device_type = cached_torch_device_type_cuda;
    constants_info_[80].offset = 0;
    constants_info_[80].data_size = 256;
    constants_info_[80].from_folded = false;
    constants_info_[80].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Buffer);
    constants_info_[80].shape = {128};
    constants_info_[80].stride = {1};
    constants_info_[80].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[80].original_fqn = "layer2.1.bn2.running_mean";
    constants_info_[81].name = "layer2_1_bn2_running_var";
    constants_info_[81].dtype = cached_torch_dtype_bfloat16;
    constants_info_[81].device_type = cached_torch_device_type_cuda;
    constants_info_[81].offset = 0;
    constants_info_[81].data_size = 256;
    constants_info_[81].from_folded = false;
    constants_info_[81].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Buffer);
    constants_info_[81].shape = {128};
    constants_info_[81].stride = {1};
    constants_info_[81].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[81].original_fqn = "layer2.1.bn2.running_var";
    constants_info_[82].name = "layer3_0_bn1_running_mean";
    constants_info_[82].dtype = cached_torch_dtype_bfloat16;
    constants_info_[82].device_type = cached_torch_device_type_cuda;
    constants_info_[82].offset = 0;
    constants_info_[82].data_size = 512;
    constants_info_[82].from_folded = false;
    constants_info_[82].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Buffer);
    constants_info_[82].shape = {256};
    constants_info_[82].stride = {1};
    constants_info_[82].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[82].original_fqn = "layer3.0.bn1.running_mean";
    constants_info_[83].name = "layer3_0_bn1_running_var";
    constants_info_[83].dtype = cached_torch_dtype_bfloat16;
    constants_info_[83].device_type = cached_torch_device_type_cuda;
    constants_info_[83].offset = 0;
    constants_info_[83].data_size = 512;
    constants_info_[83].from_folded = false;
    constants_info_[83].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Buffer);
    constants_info_[83].shape = {256};
    constants_info_[83].stride = {1};
    constants_info_[83].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[83].original_fqn = "layer3.0.bn1.running_var";
    constants_info_[84].name = "layer3_0_bn2_running_mean";
    constants_info_[84].dtype = cached_torch_dtype_bfloat16;
    constants_info_[84].device_type = cached_torch_device_type_cuda;
    constants_info_[84].offset = 0;
    constants_info_[84].data_size = 512;
    constants_info_[84].from_folded = false;
    constants_info_[84].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Buffer);
    constants_info_[84].shape = {256};
    constants_info_[84].stride = {1};
    constants_info_[84].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[84].original_fqn = "layer3.0.bn2.running_mean";
    constants_info_[85].name = "layer3_0_bn2_running_var";
    constants_info_[85].dtype = cached_torch_dtype_bfloat16;
    constants_info_[85].device_type = cached_torch_device_type_cuda;
    constants_info_[85].offset = 0;
    constants_info_[85].data_size = 512;
    constants_info_[85].from_folded = false;
    constants_info_[85].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Buffer);
    constants_info_[85].shape = {256};
    constants_info_[85].stride = {1};
    constants_info_[85].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[85].original_fqn = "layer3.0.bn2.running_var";
    constants_info_[86].name = "layer3_0_downsample_1_running_mean";
    constants_info_[86].dtype = cached_torch_dtype_bfloat16;
    constants_info_[86].device_type = cached_torch_device_type_cuda;
    constants_info_[86].offset = 0;
    constants_info_[86].data_size = 512;
    constants_info_[86].from_folded = false;
    constants_info_[86].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Buffer);
    constants_info_[86].shape = {256};
    constants_info_[86].stride = {1};
    constants_info_[86].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[86].original_fqn = "layer3.0.downsample.1.running_mean";
    constants_info_[87].name = "layer3_0_downsample_1_running_var";
    constants_info_[87].dtype = cached_torch_dtype_bfloat16;
    constants_info_[87].device_type = cached_torch_device_type_cuda;
    constants_info_[87].offset = 0;
    constants_info_[87].data_size = 512;
    constants_info_[87].from_folded = false;
    constants_info_[87].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Buffer);
    constants_info_[87].shape = {256};
    constants_info_[87].stride = {1};
    constants_info_[87].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[87].original_fqn = "layer3.0.downsample.1.running_var";
    constants_info_[88].name = "layer3_1_bn1_running_mean";
    constants_info_[88].dtype = cached_torch_dtype_bfloat16;
    constants_info_[88].device_type = cached_torch_device_type_cuda;
    constants_info_[88].offset = 0;
    constants_info_[88].data_size = 512;
    constants_info_[88].from_folded = false;
    constants_info_[88].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Buffer);
    constants_info_[88].shape = {256};
    constants_info_[88].stride = {1};
    constants_info_[88].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[88].original_fqn = "layer3.1.bn1.running_mean";
    constants_info_[89].name = "layer3_1_bn1_running_var";
    constants_info_[89].dtype = cached_torch_dtype_bfloat16;
    constants_info_[89].device_type = cached_torch_device_type_cuda;
    constants_info_[89].offset = 0;
    constants_info_[89].data_size = 512;
    constants_info_[89].from_folded = false;
    constants_info_[89].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Buffer);
    constants_info_[89].shape = {256};
    constants_info_[89].stride = {1};
    constants_info_[89].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[89].original_fqn = "layer3.1.bn1.running_var";
    constants_info_[90].name = "layer3_1_bn2_running_mean";
    constants_info_[90].dtype = cached_torch_dtype_bfloat16;
    constants_info_[90].device_type = cached_torch_device_type_cuda;
    constants_info_[90].offset = 0;
    constants_info_[90].data_size = 512;
    constants_info_[90].from_folded = false;
    constants_info_[90].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Buffer);
    constants_info_[90].shape = {256};
    constants_info_[90].stride = {1};
    constants_info_[90].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[90].original_fqn = "layer3.1.bn2.running_mean";
    constants_info_[91].name = "layer3_1_bn2_running_var";
    constants_info_[91].dtype = cached_torch_dtype_bfloat16;
    constants_info_[91].device_type = cached_torch_device_type_cuda;
    constants_info_[91].offset = 0;
    constants_info_[91].data_size = 512;
    constants_info_[91].from_folded = false;
    constants_info_[91].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Buffer);
    constants_info_[91].shape = {256};
    constants_info_[91].stride = {1};
    constants_info_[91].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[91].original_fqn = "layer3.1.bn2.running_var";
    constants_info_[92].name = "layer4_0_bn1_running_mean";
    constants_info_[92].dtype = cached_torch_dtype_bfloat16;
    constants_info_[92].device_type = cached_torch_device_type_cuda;
    constants_info_[92].offset = 0;
    constants_info_[92].data_size = 1024;
    constants_info_[92].from_folded = false;
    constants_info_[92].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Buffer);
    constants_info_[92].shape = {512};
    constants_info_[92].stride = {1};
    constants_info_[92].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[92].original_fqn = "layer4.0.bn1.running_mean";
    constants_info_[93].name = "layer4_0_bn1_running_var";
    constants_info_[93].dtype = cached_torch_dtype_bfloat16;
    constants_info_[93].device_type = cached_torch_device_type_cuda;
    constants_info_[93].offset = 0;
    constants_info_[93].data_size = 1024;
    constants_info_[93].from_folded = false;
    constants_info_[93].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Buffer);
    constants_info_[93].shape = {512};
    constants_info_[93].stride = {1};
    constants_info_[93].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[93].original_fqn = "layer4.0.bn1.running_var";
    constants_info_[94].name = "layer4_0_bn2_running_mean";
    constants_info_[94].dtype = cached_torch_dtype_bfloat16;
    constants_info_[94].device_type = cached_torch_device_type_cuda;
    constants_info_[94].offset = 0;
    constants_info_[94].data_size = 1024;
    constants_info_[94].from_folded = false;
    constants_info_[94].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Buffer);
    constants_info_[94].shape = {512};
    constants_info_[94].stride = {1};
    constants_info_[94].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[94].original_fqn = "layer4.0.bn2.running_mean";
    constants_info_[95].name = "layer4_0_bn2_running_var";
    constants_info_[95].dtype = cached_torch_dtype_bfloat16;
    constants_info_[95].device_type = cached_torch_device_type_cuda;
    constants_info_[95].offset = 0;
    constants_info_[95].data_size = 1024;
    constants_info_[95].from_folded = false;
    constants_info_[95].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Buffer);
    constants_info_[95].shape = {512};
    constants_info_[95].stride = {1};
    constants_info_[95].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[95].original_fqn = "layer4.0.bn2.running_var";
    constants_info_[96].name = "layer4_0_downsample_1_running_mean";
    constants_info_[96].dtype = cached_torch_dtype_bfloat16;
    constants_info_[96].device_type = cached_torch_device_type_cuda;
    constants_info_[96].offset = 0;
    constants_info_[96].data_size = 1024;
    constants_info_[96].from_folded = false;
    constants_info_[96].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Buffer);
    constants_info_[96].shape = {512};
    constants_info_[96].stride = {1};
    constants_info_[96].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[96].original_fqn = "layer4.0.downsample.1.running_mean";
    constants_info_[97].name = "layer4_0_downsample_1_running_var";
    constants_info_[97].dtype = cached_torch_dtype_bfloat16;
    constants_info_[97].device_type = cached_torch_device_type_cuda;
    constants_info_[97].offset = 0;
    constants_info_[97].data_size = 1024;
    constants_info_[97].from_folded = false;
    constants_info_[97].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Buffer);
    constants_info_[97].shape = {512};
    constants_info_[97].stride = {1};
    constants_info_[97].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[97].original_fqn = "layer4.0.downsample.1.running_var";
    constants_info_[98].name = "layer4_1_bn1_running_mean";
    constants_info_[98].dtype = cached_torch_dtype_bfloat16;
    constants_info_[98].device_type = cached_torch_device_type_cuda;
    constants_info_[98].offset = 0;
    constants_info_[98].data_size = 1024;
    constants_info_[98].from_folded = false;
    constants_info_[98].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Buffer);
    constants_info_[98].shape = {512};
    constants_info_[98].stride = {1};
    constants_info_[98].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[98].original_fqn = "layer4.1.bn1.running_mean";
    constants_info_[99].name = "layer4_1_bn1_running_var";
    constants_info_[99].dtype = cached_torch_dtype_bfloat16;
    constants_info_[99].device_type = cached_torch_device_type_cuda;
    constants_info_[99].offset = 0;
    constants_info_[99].data_size = 1024;
    constants_info_[99].from_folded = false;
    constants_info_[99].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Buffer);
    constants_info_[99].shape = {512};
    constants_info_[99].stride = {1};
    constants_info_[99].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[99].original_fqn = "layer4.1.bn1.running_var";
    constants_info_[100].name = "layer4_1_bn2_running_mean";
    constants_info_[100].dtype = cached_torch_dtype_bfloat16;
    constants_info_[100].device_type = cached_torch_device_type_cuda;
    constants_info_[100].offset = 0;
    constants_info_[100].data_size = 1024;
    constants_info_[100].from_folded = false;
    constants_info_[100].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Buffer);
    constants_info_[100].shape = {512};
    constants_info_[100].stride = {1};
    constants_info_[100].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[100].original_fqn = "layer4.1.bn2.running_mean";
    constants_info_[101].name = "layer4_1_bn2_running_var";
    constants_info_[101].dtype = cached_torch_dtype_bfloat16;
    constants_info_[101].device_type = cached_torch_device_type_cuda;
    constants_info_[101].offset = 0;
    constants_info_[101].data_size = 1024;
    constants_info_[101].from_folded = false;
    constants_info_[101].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Buffer);
    constants_info_[101].shape = {512};
    constants_info_[101].stride = {1};
    constants_info_[101].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[101].original_fqn = "layer4.1.bn2.running_var";
    update_constants_map(std::move(constants_map));
    update_constants_array(std::move(constants_array));
    in_spec_ = R"([1, {"type": "builtins.tuple", "context": "null", "children_spec": [{"type": "builtins.tuple", "context": "null", "children_spec": [{"type": null, "context": null, "children_spec": []}]}, {"type": "builtins.dict", "context": "[]", "children_spec": []}]}])";
    out_spec_ = R"([1, {"type": null, "context": null, "children_spec": []}])";
    outputs_info_[0].name = "output0";
    this->kernels_ = std::make_unique<AOTInductorModelKernels>();
}

std::unordered_map<std::string, AtenTensorHandle> AOTInductorModel::const_run_impl(
    DeviceStreamType stream,
    AOTIProxyExecutorHandle proxy_executor,
    bool initialization
) {

    if (!initialization) {
        std::cerr << "[WARNING] Calling constant_folding in model, but compiled with config: "
                  << "aot_inductor.use_runtime_constant_folding=False\n";
    }
    return {};
}
} // namespace torch::aot_inductor
using namespace torch::aot_inductor;

template <typename in_ptr0_type_, typename out_ptr0_type_, typename kernels_type_>
static inline void call_triton_poi_fused_convolution_0(
    const in_ptr0_type_& in_ptr0,
    const out_ptr0_type_& out_ptr0,
    int64_t ynumel,
    int64_t xnumel,
    int32_t device_idx_,
    cudaStream_t stream_,
    kernels_type_& kernels_,
    const std::optional<std::string>& cubin_dir_ = std::nullopt
){
    /*
    async_compile.triton('triton_poi_fused_convolution_0', '''
    import triton
    import triton.language as tl

    from torch._inductor.runtime import triton_helpers, triton_heuristics
    from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
    from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
    triton_helpers.set_driver_to_gpu()

    @triton_heuristics.pointwise(
        size_hints={'y': 64, 'x': 65536}, tile_hint=TileHint.SQUARE,
        filename=__file__,
        triton_meta={'signature': {'in_ptr0': '*bf16', 'out_ptr0': '*bf16', 'ynumel': 'i32', 'xnumel': 'i32', 'YBLOCK': 'constexpr', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]], (3,): [['tt.divisibility', 16]]}]},
        inductor_meta={'grid_type': 'Grid2D', 'autotune_hints': set(), 'kernel_name': 'triton_poi_fused_convolution_0', 'mutated_arg_names': [], 'optimize_mem': True, 'no_x_dim': False, 'atomic_add_found': False, 'num_load': 1, 'num_store': 1, 'num_reduction': 0, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': True, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': True, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'y': 9633792, 'x': 4816896}},
        min_elem_per_thread=0
    )
    @triton.jit
    def triton_poi_fused_convolution_0(in_ptr0, out_ptr0, ynumel, xnumel, YBLOCK : tl.constexpr, XBLOCK : tl.constexpr):
        ynumel = 48
        xnumel = 50176
        yoffset = tl.program_id(1) * YBLOCK
        yindex = yoffset + tl.arange(0, YBLOCK)[:, None]
        ymask = yindex < ynumel
        xoffset = tl.program_id(0) * XBLOCK
        xindex = xoffset + tl.arange(0, XBLOCK)[None, :]
        xmask = xindex < xnumel
        x2 = xindex
        y3 = yindex
        y0 = (yindex % 3)
        y1 = yindex // 3
        tmp0 = tl.load(in_ptr0 + (x2 + 50176*y3), xmask & ymask, eviction_policy='evict_last').to(tl.float32)
        tl.store(out_ptr0 + (y0 + 3*x2 + 150528*y1), tmp0, xmask & ymask)
    ''', device_str='cuda')
    */
    uint32_t grid_0 = ((xnumel + (1024 - 1)) / (1024));
    uint32_t grid_1 = ynumel;
    uint32_t grid_2 = 1;
    if (grid_0 == 0 || grid_1 == 0 || grid_2 == 0) return;
    if (kernels_.triton_poi_fused_convolution_0 == nullptr) {
        kernels_.triton_poi_fused_convolution_0 = loadKernel("/tmp/inductor-c/cyzmxlyn7znc226zdqfxzp2lxflu2motldlpdxkrzqfuysjqanld/c774klcejz63fyx6qslzttxcochfw6a4zzkbrwbjii3l43wdxjcy.cubin", "triton_poi_fused_convolution_0", 2048, cubin_dir_); 
    }
    CUdeviceptr var_0 = reinterpret_cast<CUdeviceptr>(in_ptr0.data_ptr());
    CUdeviceptr var_1 = reinterpret_cast<CUdeviceptr>(out_ptr0.data_ptr());
    int32_t var_2 = ynumel;
    int32_t var_3 = xnumel;
    CUdeviceptr global_scratch_scratch_4 = 0;
    CUdeviceptr profile_scratch_scratch_5 = 0;
    void* kernel_args_[] = {&var_0, &var_1, &var_2, &var_3, &global_scratch_scratch_4, &profile_scratch_scratch_5};
    launchKernel(kernels_.triton_poi_fused_convolution_0, grid_0, grid_1, grid_2, 4, 2048, kernel_args_, stream_);
}

template <typename in_ptr0_type_, typename out_ptr0_type_, typename kernels_type_>
static inline void call_triton_poi_fused_convolution_1(
    const in_ptr0_type_& in_ptr0,
    const out_ptr0_type_& out_ptr0,
    int64_t ynumel,
    int64_t xnumel,
    int32_t device_idx_,
    cudaStream_t stream_,
    kernels_type_& kernels_,
    const std::optional<std::string>& cubin_dir_ = std::nullopt
){
    /*
    async_compile.triton('triton_poi_fused_convolution_1', '''
    import triton
    import triton.language as tl

    from torch._inductor.runtime import triton_helpers, triton_heuristics
    from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
    from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
    triton_helpers.set_driver_to_gpu()

    @triton_heuristics.pointwise(
        size_hints={'y': 256, 'x': 64}, tile_hint=TileHint.SQUARE,
        filename=__file__,
        triton_meta={'signature': {'in_ptr0': '*bf16', 'out_ptr0': '*bf16', 'ynumel': 'i32', 'xnumel': 'i32', 'YBLOCK': 'constexpr', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]]}]},
        inductor_meta={'grid_type': 'Grid2D', 'autotune_hints': set(), 'kernel_name': 'triton_poi_fused_convolution_1', 'mutated_arg_names': [], 'optimize_mem': True, 'no_x_dim': False, 'atomic_add_found': False, 'num_load': 1, 'num_store': 1, 'num_reduction': 0, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': True, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': True, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'y': 37632, 'x': 18816}},
        min_elem_per_thread=0
    )
    @triton.jit
    def triton_poi_fused_convolution_1(in_ptr0, out_ptr0, ynumel, xnumel, YBLOCK : tl.constexpr, XBLOCK : tl.constexpr):
        ynumel = 192
        xnumel = 49
        yoffset = tl.program_id(1) * YBLOCK
        yindex = yoffset + tl.arange(0, YBLOCK)[:, None]
        ymask = yindex < ynumel
        xoffset = tl.program_id(0) * XBLOCK
        xindex = xoffset + tl.arange(0, XBLOCK)[None, :]
        xmask = xindex < xnumel
        x2 = xindex
        y3 = yindex
        y0 = (yindex % 3)
        y1 = yindex // 3
        tmp0 = tl.load(in_ptr0 + (x2 + 49*y3), xmask & ymask, eviction_policy='evict_last').to(tl.float32)
        tl.store(out_ptr0 + (y0 + 3*x2 + 147*y1), tmp0, xmask & ymask)
    ''', device_str='cuda')
    */
    uint32_t grid_0 = xnumel;
    uint32_t grid_1 = ((ynumel + (256 - 1)) / (256));
    uint32_t grid_2 = 1;
    if (grid_0 == 0 || grid_1 == 0 || grid_2 == 0) return;
    if (kernels_.triton_poi_fused_convolution_1 == nullptr) {
        kernels_.triton_poi_fused_convolution_1 = loadKernel("/tmp/inductor-c/cyzmxlyn7znc226zdqfxzp2lxflu2motldlpdxkrzqfuysjqanld/cui7fgqljiqlsznax5e2tjjdnqj6lsxrylbfifsaeqmletyh3aeo.cubin", "triton_poi_fused_convolution_1", 0, cubin_dir_); 
    }
    CUdeviceptr var_6 = reinterpret_cast<CUdeviceptr>(in_ptr0.data_ptr());
    CUdeviceptr var_7 = reinterpret_cast<CUdeviceptr>(out_ptr0.data_ptr());
    int32_t var_8 = ynumel;
    int32_t var_9 = xnumel;
    CUdeviceptr global_scratch_scratch_10 = 0;
    CUdeviceptr profile_scratch_scratch_11 = 0;
    void* kernel_args_[] = {&var_6, &var_7, &var_8, &var_9, &global_scratch_scratch_10, &profile_scratch_scratch_11};
    launchKernel(kernels_.triton_poi_fused_convolution_1, grid_0, grid_1, grid_2, 4, 0, kernel_args_, stream_);
}

template <typename arg_X_type_, typename arg_W_type_, typename out_ptr0_type_, typename kernels_type_>
static inline void call_triton_tem_fused_convolution_2(
    const arg_X_type_& arg_X,
    const arg_W_type_& arg_W,
    const out_ptr0_type_& out_ptr0,
    int64_t _grid_0,
    int64_t _grid_1,
    int64_t _grid_2,
    int32_t device_idx_,
    cudaStream_t stream_,
    kernels_type_& kernels_,
    const std::optional<std::string>& cubin_dir_ = std::nullopt
){
    /*
    async_compile.triton('triton_tem_fused_convolution_2', '''
    import triton
    import triton.language as tl

    from torch._inductor.runtime import triton_helpers, triton_heuristics
    from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
    from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties

    @triton_heuristics.template(

    num_stages=2,
    num_warps=8,
    triton_meta={'signature': {'arg_X': '*bf16', 'arg_W': '*bf16', 'out_ptr0': '*bf16'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]]}]},
    inductor_meta={'kernel_name': 'triton_tem_fused_convolution_2', 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': True, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': True, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'grid_type': 'FixedGrid', 'fixed_grid': ['_grid_0', '_grid_1', '_grid_2'], 'extra_launcher_args': ['_grid_0', '_grid_1', '_grid_2'], 'config_args': {'KERNEL_H': 7, 'KERNEL_W': 7, 'STRIDE_H': 2, 'STRIDE_W': 2, 'PADDING_H': 3, 'PADDING_W': 3, 'GROUPS': 1, 'UNROLL': False, 'ALLOW_TF32': False, 'BLOCK_M': 128, 'BLOCK_N': 64, 'BLOCK_K': 16}},

    )
    @triton.jit
    def triton_tem_fused_convolution_2(arg_X, arg_W, out_ptr0):
        KERNEL_H : tl.constexpr = 7
        KERNEL_W : tl.constexpr = 7
        STRIDE_H : tl.constexpr = 2
        STRIDE_W : tl.constexpr = 2
        PADDING_H : tl.constexpr = 3
        PADDING_W : tl.constexpr = 3
        GROUPS : tl.constexpr = 1
        UNROLL : tl.constexpr = False
        ALLOW_TF32 : tl.constexpr = False
        BLOCK_M : tl.constexpr = 128
        BLOCK_N : tl.constexpr = 64
        BLOCK_K : tl.constexpr = 16
        INDEX_DTYPE : tl.constexpr = tl.int32
        X = arg_X
        W = arg_W

        # Tensor dimensions
        BATCH = 16
        IN_C = 3
        IN_H = 224
        IN_W = 224
        OUT_C = 64
        OUT_H = 112
        OUT_W = 112

        # Strides:
        stride_xn = 150528
        stride_xc = 1
        stride_xh = 672
        stride_xw = 3
        stride_wc_out = 147
        stride_wc_in = 1
        stride_wh = 21
        stride_ww = 3

        nhw = tl.program_id(0).to(INDEX_DTYPE) * BLOCK_M + tl.arange(0, BLOCK_M)
        idx_y_w = nhw % OUT_W
        nh = nhw // OUT_W
        idx_y_h = nh % OUT_H
        idx_n = nh // OUT_H
        idx_y_c = tl.program_id(1).to(INDEX_DTYPE) * BLOCK_N + tl.arange(0, BLOCK_N)


        group = 0
        GROUP_IN_C = IN_C
        GROUP_OUT_C = OUT_C


        x_base = X + (group * stride_xc * GROUP_IN_C + idx_n * stride_xn)[:, None]
        w_base = (
            W + (group * stride_wc_out * GROUP_OUT_C + idx_y_c * stride_wc_out)[None, :]
        )

        acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)


        # Could be simplified, but slightly slower:
        # for i in range(KERNEL_H):
        #     for j in range(KERNEL_W):
        #         for k in range(0, GROUP_IN_C, BLOCK_K):
        BLOCK_K_COUNT = (GROUP_IN_C + BLOCK_K - 1) // BLOCK_K
        for ijk in range(KERNEL_H * KERNEL_W * BLOCK_K_COUNT):
            k = (ijk % BLOCK_K_COUNT) * BLOCK_K
            ij = ijk // BLOCK_K_COUNT
            i = ij // KERNEL_W
            j = ij % KERNEL_W

            idx_x_h = i - PADDING_H + idx_y_h * STRIDE_H
            idx_x_w = j - PADDING_W + idx_y_w * STRIDE_W
            idx_x_c = tl.arange(0, BLOCK_K) + k

            x_ptrs = x_base + (
                (idx_x_h * stride_xh)[:, None]
                + (idx_x_w * stride_xw)[:, None]
                + (idx_x_c * stride_xc)[None, :]
            )
            mask_x = (
                (idx_n < BATCH)[:, None]
                & (idx_x_h >= 0)[:, None]
                & (idx_x_h < IN_H)[:, None]
                & (idx_x_w >= 0)[:, None]
                & (idx_x_w < IN_W)[:, None]
                & (idx_x_c < GROUP_IN_C)[None, :]
            )
            matrix_x = tl.load(x_ptrs, mask=mask_x, other=0.0)

            w_ptrs = w_base + (
                (idx_x_c * stride_wc_in)[:, None] + (i * stride_wh) + (j * stride_ww)
            )
            mask_w = (idx_x_c[:, None] < GROUP_IN_C) & (idx_y_c[None, :] < GROUP_OUT_C)
            matrix_w = tl.load(w_ptrs, mask=mask_w, other=0.0)
            acc += tl.dot(matrix_x, matrix_w, allow_tf32=ALLOW_TF32)



        mask = (
            (idx_n < BATCH)[:, None]
            & (idx_y_h < OUT_H)[:, None]
            & (idx_y_w < OUT_W)[:, None]
            & (idx_y_c < GROUP_OUT_C)[None, :]
        )
        idx_n = idx_n[:, None]
        idx_c = idx_y_c[None, :] + group * GROUP_OUT_C
        idx_h = idx_y_h[:, None]
        idx_w = idx_y_w[:, None]

        # inductor generates a suffix
        xindex = idx_w + 112*idx_h + 12544*idx_c + 802816*idx_n
        tl.store(out_ptr0 + (tl.broadcast_to(idx_c + 64*idx_w + 7168*idx_h + 802816*idx_n, [BLOCK_M, BLOCK_N])), acc, mask)
    ''', device_str='cuda')
    */
    uint32_t grid_0 = _grid_0;
    uint32_t grid_1 = _grid_1;
    uint32_t grid_2 = _grid_2;
    if (grid_0 == 0 || grid_1 == 0 || grid_2 == 0) return;
    if (kernels_.triton_tem_fused_convolution_2 == nullptr) {
        kernels_.triton_tem_fused_convolution_2 = loadKernel("/tmp/inductor-c/cyzmxlyn7znc226zdqfxzp2lxflu2motldlpdxkrzqfuysjqanld/cezoj3xotpy3gvqxdahpgepenk34uj3auiryu3sz776obdnf64po.cubin", "triton_tem_fused_convolution_2", 16384, cubin_dir_); 
    }
    CUdeviceptr var_12 = reinterpret_cast<CUdeviceptr>(arg_X.data_ptr());
    CUdeviceptr var_13 = reinterpret_cast<CUdeviceptr>(arg_W.data_ptr());
    CUdeviceptr var_14 = reinterpret_cast<CUdeviceptr>(out_ptr0.data_ptr());
    CUdeviceptr global_scratch_scratch_15 = 0;
    CUdeviceptr profile_scratch_scratch_16 = 0;
    void* kernel_args_[] = {&var_12, &var_13, &var_14, &global_scratch_scratch_15, &profile_scratch_scratch_16};
    launchKernel(kernels_.triton_tem_fused_convolution_2, grid_0, grid_1, grid_2, 8, 16384, kernel_args_, stream_);
}

template <typename in_out_ptr0_type_, typename in_ptr0_type_, typename in_ptr1_type_, typename in_ptr2_type_, typename in_ptr3_type_, typename kernels_type_>
static inline void call_triton_poi_fused__native_batch_norm_legit_no_training_relu_3(
    const in_out_ptr0_type_& in_out_ptr0,
    const in_ptr0_type_& in_ptr0,
    const in_ptr1_type_& in_ptr1,
    const in_ptr2_type_& in_ptr2,
    const in_ptr3_type_& in_ptr3,
    int64_t xnumel,
    int32_t device_idx_,
    cudaStream_t stream_,
    kernels_type_& kernels_,
    const std::optional<std::string>& cubin_dir_ = std::nullopt
){
    /*
    async_compile.triton('triton_poi_fused__native_batch_norm_legit_no_training_relu_3', '''
    import triton
    import triton.language as tl

    from torch._inductor.runtime import triton_helpers, triton_heuristics
    from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
    from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
    triton_helpers.set_driver_to_gpu()

    @triton_heuristics.pointwise(
        size_hints={'x': 16777216}, 
        filename=__file__,
        triton_meta={'signature': {'in_out_ptr0': '*bf16', 'in_ptr0': '*bf16', 'in_ptr1': '*bf16', 'in_ptr2': '*bf16', 'in_ptr3': '*bf16', 'xnumel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]], (3,): [['tt.divisibility', 16]], (4,): [['tt.divisibility', 16]], (5,): [['tt.divisibility', 16]]}]},
        inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_poi_fused__native_batch_norm_legit_no_training_relu_3', 'mutated_arg_names': ['in_out_ptr0'], 'optimize_mem': True, 'no_x_dim': False, 'atomic_add_found': False, 'num_load': 5, 'num_store': 1, 'num_reduction': 0, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': True, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': True, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 77070848}},
        min_elem_per_thread=0
    )
    @triton.jit
    def triton_poi_fused__native_batch_norm_legit_no_training_relu_3(in_out_ptr0, in_ptr0, in_ptr1, in_ptr2, in_ptr3, xnumel, XBLOCK : tl.constexpr):
        xnumel = 12845056
        xoffset = tl.program_id(0) * XBLOCK
        xindex = xoffset + tl.arange(0, XBLOCK)[:]
        xmask = tl.full([XBLOCK], True, tl.int1)[:]
        x2 = xindex
        x0 = (xindex % 64)
        tmp0 = tl.load(in_out_ptr0 + (x2), None).to(tl.float32)
        tmp2 = tl.load(in_ptr0 + (x0), None, eviction_policy='evict_last').to(tl.float32)
        tmp5 = tl.load(in_ptr1 + (x0), None, eviction_policy='evict_last').to(tl.float32)
        tmp15 = tl.load(in_ptr2 + (x0), None, eviction_policy='evict_last').to(tl.float32)
        tmp18 = tl.load(in_ptr3 + (x0), None, eviction_policy='evict_last').to(tl.float32)
        tmp1 = tmp0.to(tl.float32)
        tmp3 = tmp2.to(tl.float32)
        tmp4 = tmp1 - tmp3
        tmp6 = tmp5.to(tl.float32)
        tmp7 = tl.full([1], 1e-05, tl.float32)
        tmp8 = tmp6 + tmp7
        tmp9 = tl.sqrt_rn(tmp8)
        tmp10 = tl.full([1], 1, tl.int32)
        tmp11 = (tmp10 / tmp9)
        tmp12 = tl.full([1], 1.0, tl.float32)
        tmp13 = tmp11 * tmp12
        tmp14 = tmp4 * tmp13
        tmp16 = tmp15.to(tl.float32)
        tmp17 = tmp14 * tmp16
        tmp19 = tmp18.to(tl.float32)
        tmp20 = tmp17 + tmp19
        tmp21 = tmp20.to(tl.float32)
        tmp22 = tl.full([1], 0, tl.int32)
        tmp23 = triton_helpers.maximum(tmp22, tmp21)
        tl.store(in_out_ptr0 + (x2), tmp23, None)
    ''', device_str='cuda')
    */
    uint32_t grid_0 = ((xnumel + (1024 - 1)) / (1024));
    uint32_t grid_1 = 1;
    uint32_t grid_2 = 1;
    if (grid_0 == 0 || grid_1 == 0 || grid_2 == 0) return;
    if (kernels_.triton_poi_fused__native_batch_norm_legit_no_training_relu_3 == nullptr) {
        kernels_.triton_poi_fused__native_batch_norm_legit_no_training_relu_3 = loadKernel("/tmp/inductor-c/cyzmxlyn7znc226zdqfxzp2lxflu2motldlpdxkrzqfuysjqanld/cqu2gdzkckmq2cbuvfy74mcwkeaydd32g3d7bffxh7uzsvi5sgq3.cubin", "triton_poi_fused__native_batch_norm_legit_no_training_relu_3", 0, cubin_dir_); 
    }
    CUdeviceptr var_17 = reinterpret_cast<CUdeviceptr>(in_out_ptr0.data_ptr());
    CUdeviceptr var_18 = reinterpret_cast<CUdeviceptr>(in_ptr0.data_ptr());
    CUdeviceptr var_19 = reinterpret_cast<CUdeviceptr>(in_ptr1.data_ptr());
    CUdeviceptr var_20 = reinterpret_cast<CUdeviceptr>(in_ptr2.data_ptr());
    CUdeviceptr var_21 = reinterpret_cast<CUdeviceptr>(in_ptr3.data_ptr());
    int32_t var_22 = xnumel;
    CUdeviceptr global_scratch_scratch_23 = 0;
    CUdeviceptr profile_scratch_scratch_24 = 0;
    void* kernel_args_[] = {&var_17, &var_18, &var_19, &var_20, &var_21, &var_22, &global_scratch_scratch_23, &profile_scratch_scratch_24};
    launchKernel(kernels_.triton_poi_fused__native_batch_norm_legit_no_training_relu_3, grid_0, grid_1, grid_2, 4, 0, kernel_args_, stream_);
}

template <typename in_ptr0_type_, typename out_ptr0_type_, typename kernels_type_>
static inline void call_triton_poi_fused__native_batch_norm_legit_no_training_max_pool2d_with_indices_relu_4(
    const in_ptr0_type_& in_ptr0,
    const out_ptr0_type_& out_ptr0,
    int64_t xnumel,
    int32_t device_idx_,
    cudaStream_t stream_,
    kernels_type_& kernels_,
    const std::optional<std::string>& cubin_dir_ = std::nullopt
){
    /*
    async_compile.triton('triton_poi_fused__native_batch_norm_legit_no_training_max_pool2d_with_indices_relu_4', '''
    import triton
    import triton.language as tl

    from torch._inductor.runtime import triton_helpers, triton_heuristics
    from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
    from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
    triton_helpers.set_driver_to_gpu()

    @triton_heuristics.pointwise(
        size_hints={'x': 4194304}, 
        filename=__file__,
        triton_meta={'signature': {'in_ptr0': '*bf16', 'out_ptr0': '*bf16', 'xnumel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]]}]},
        inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_poi_fused__native_batch_norm_legit_no_training_max_pool2d_with_indices_relu_4', 'mutated_arg_names': [], 'optimize_mem': True, 'no_x_dim': False, 'atomic_add_found': False, 'num_load': 9, 'num_store': 1, 'num_reduction': 0, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': True, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': True, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 70647808}},
        min_elem_per_thread=0
    )
    @triton.jit
    def triton_poi_fused__native_batch_norm_legit_no_training_max_pool2d_with_indices_relu_4(in_ptr0, out_ptr0, xnumel, XBLOCK : tl.constexpr):
        xnumel = 3211264
        xoffset = tl.program_id(0) * XBLOCK
        xindex = xoffset + tl.arange(0, XBLOCK)[:]
        xmask = tl.full([XBLOCK], True, tl.int1)[:]
        x2 = ((xindex // 3584) % 56)
        x1 = ((xindex // 64) % 56)
        x0 = (xindex % 64)
        x5 = xindex // 3584
        x6 = xindex
        tmp0 = (-1) + 2*x2
        tmp1 = tl.full([1], 0, tl.int64)
        tmp2 = tmp0 >= tmp1
        tmp3 = tl.full([1], 112, tl.int64)
        tmp4 = tmp0 < tmp3
        tmp5 = tmp2 & tmp4
        tmp6 = (-1) + 2*x1
        tmp7 = tmp6 >= tmp1
        tmp8 = tmp6 < tmp3
        tmp9 = tmp7 & tmp8
        tmp10 = tmp5 & tmp9
        tmp11 = tl.load(in_ptr0 + ((-7232) + x0 + 128*x1 + 14336*x5), tmp10, other=float("-inf")).to(tl.float32)
        tmp12 = 2*x1
        tmp13 = tmp12 >= tmp1
        tmp14 = tmp12 < tmp3
        tmp15 = tmp13 & tmp14
        tmp16 = tmp5 & tmp15
        tmp17 = tl.load(in_ptr0 + ((-7168) + x0 + 128*x1 + 14336*x5), tmp16, other=float("-inf")).to(tl.float32)
        tmp18 = triton_helpers.maximum(tmp11, tmp17)
        tmp19 = 1 + 2*x1
        tmp20 = tmp19 >= tmp1
        tmp21 = tmp19 < tmp3
        tmp22 = tmp20 & tmp21
        tmp23 = tmp5 & tmp22
        tmp24 = tl.load(in_ptr0 + ((-7104) + x0 + 128*x1 + 14336*x5), tmp23, other=float("-inf")).to(tl.float32)
        tmp25 = triton_helpers.maximum(tmp18, tmp24)
        tmp26 = 2*x2
        tmp27 = tmp26 >= tmp1
        tmp28 = tmp26 < tmp3
        tmp29 = tmp27 & tmp28
        tmp30 = tmp29 & tmp9
        tmp31 = tl.load(in_ptr0 + ((-64) + x0 + 128*x1 + 14336*x5), tmp30, other=float("-inf")).to(tl.float32)
        tmp32 = triton_helpers.maximum(tmp25, tmp31)
        tmp33 = tmp29 & tmp15
        tmp34 = tl.load(in_ptr0 + (x0 + 128*x1 + 14336*x5), tmp33, other=float("-inf")).to(tl.float32)
        tmp35 = triton_helpers.maximum(tmp32, tmp34)
        tmp36 = tmp29 & tmp22
        tmp37 = tl.load(in_ptr0 + (64 + x0 + 128*x1 + 14336*x5), tmp36, other=float("-inf")).to(tl.float32)
        tmp38 = triton_helpers.maximum(tmp35, tmp37)
        tmp39 = 1 + 2*x2
        tmp40 = tmp39 >= tmp1
        tmp41 = tmp39 < tmp3
        tmp42 = tmp40 & tmp41
        tmp43 = tmp42 & tmp9
        tmp44 = tl.load(in_ptr0 + (7104 + x0 + 128*x1 + 14336*x5), tmp43, other=float("-inf")).to(tl.float32)
        tmp45 = triton_helpers.maximum(tmp38, tmp44)
        tmp46 = tmp42 & tmp15
        tmp47 = tl.load(in_ptr0 + (7168 + x0 + 128*x1 + 14336*x5), tmp46, other=float("-inf")).to(tl.float32)
        tmp48 = triton_helpers.maximum(tmp45, tmp47)
        tmp49 = tmp42 & tmp22
        tmp50 = tl.load(in_ptr0 + (7232 + x0 + 128*x1 + 14336*x5), tmp49, other=float("-inf")).to(tl.float32)
        tmp51 = triton_helpers.maximum(tmp48, tmp50)
        tl.store(out_ptr0 + (x6), tmp51, None)
    ''', device_str='cuda')
    */
    uint32_t grid_0 = ((xnumel + (1024 - 1)) / (1024));
    uint32_t grid_1 = 1;
    uint32_t grid_2 = 1;
    if (grid_0 == 0 || grid_1 == 0 || grid_2 == 0) return;
    if (kernels_.triton_poi_fused__native_batch_norm_legit_no_training_max_pool2d_with_indices_relu_4 == nullptr) {
        kernels_.triton_poi_fused__native_batch_norm_legit_no_training_max_pool2d_with_indices_relu_4 = loadKernel("/tmp/inductor-c/cyzmxlyn7znc226zdqfxzp2lxflu2motldlpdxkrzqfuysjqanld/cfl25jyyru45ltlb6bpnvg3milcacrtdnnbcozcxvelakuxdy3nf.cubin", "triton_poi_fused__native_batch_norm_legit_no_training_max_pool2d_with_indices_relu_4", 0, cubin_dir_); 
    }
    CUdeviceptr var_25 = reinterpret_cast<CUdeviceptr>(in_ptr0.data_ptr());
    CUdeviceptr var_26 = reinterpret_cast<CUdeviceptr>(out_ptr0.data_ptr());
    int32_t var_27 = xnumel;
    CUdeviceptr global_scratch_scratch_28 = 0;
    CUdeviceptr profile_scratch_scratch_29 = 0;
    void* kernel_args_[] = {&var_25, &var_26, &var_27, &global_scratch_scratch_28, &profile_scratch_scratch_29};
    launchKernel(kernels_.triton_poi_fused__native_batch_norm_legit_no_training_max_pool2d_with_indices_relu_4, grid_0, grid_1, grid_2, 4, 0, kernel_args_, stream_);
}

template <typename in_ptr0_type_, typename out_ptr0_type_, typename kernels_type_>
static inline void call_triton_poi_fused_convolution_5(
    const in_ptr0_type_& in_ptr0,
    const out_ptr0_type_& out_ptr0,
    int64_t ynumel,
    int64_t xnumel,
    int32_t device_idx_,
    cudaStream_t stream_,
    kernels_type_& kernels_,
    const std::optional<std::string>& cubin_dir_ = std::nullopt
){
    /*
    async_compile.triton('triton_poi_fused_convolution_5', '''
    import triton
    import triton.language as tl

    from torch._inductor.runtime import triton_helpers, triton_heuristics
    from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
    from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
    triton_helpers.set_driver_to_gpu()

    @triton_heuristics.pointwise(
        size_hints={'y': 4096, 'x': 16}, tile_hint=TileHint.SQUARE,
        filename=__file__,
        triton_meta={'signature': {'in_ptr0': '*bf16', 'out_ptr0': '*bf16', 'ynumel': 'i32', 'xnumel': 'i32', 'YBLOCK': 'constexpr', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]]}]},
        inductor_meta={'grid_type': 'Grid2D', 'autotune_hints': set(), 'kernel_name': 'triton_poi_fused_convolution_5', 'mutated_arg_names': [], 'optimize_mem': True, 'no_x_dim': False, 'atomic_add_found': False, 'num_load': 1, 'num_store': 1, 'num_reduction': 0, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': True, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': True, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'y': 147456, 'x': 73728}},
        min_elem_per_thread=0
    )
    @triton.jit
    def triton_poi_fused_convolution_5(in_ptr0, out_ptr0, ynumel, xnumel, YBLOCK : tl.constexpr, XBLOCK : tl.constexpr):
        ynumel = 4096
        xnumel = 9
        yoffset = tl.program_id(1) * YBLOCK
        yindex = yoffset + tl.arange(0, YBLOCK)[:, None]
        ymask = tl.full([YBLOCK], True, tl.int1)[:, None]
        xoffset = tl.program_id(0) * XBLOCK
        xindex = xoffset + tl.arange(0, XBLOCK)[None, :]
        xmask = xindex < xnumel
        x2 = xindex
        y3 = yindex
        y0 = (yindex % 64)
        y1 = yindex // 64
        tmp0 = tl.load(in_ptr0 + (x2 + 9*y3), xmask, eviction_policy='evict_last').to(tl.float32)
        tl.store(out_ptr0 + (y0 + 64*x2 + 576*y1), tmp0, xmask)
    ''', device_str='cuda')
    */
    uint32_t grid_0 = ((xnumel + (16 - 1)) / (16));
    uint32_t grid_1 = ((ynumel + (32 - 1)) / (32));
    uint32_t grid_2 = 1;
    if (grid_0 == 0 || grid_1 == 0 || grid_2 == 0) return;
    if (kernels_.triton_poi_fused_convolution_5 == nullptr) {
        kernels_.triton_poi_fused_convolution_5 = loadKernel("/tmp/inductor-c/cyzmxlyn7znc226zdqfxzp2lxflu2motldlpdxkrzqfuysjqanld/clgqhb7e5jspy6vwrelqkfyt3qgj3yu6kyzvmuvqg72zzoxuuxwr.cubin", "triton_poi_fused_convolution_5", 1024, cubin_dir_); 
    }
    CUdeviceptr var_30 = reinterpret_cast<CUdeviceptr>(in_ptr0.data_ptr());
    CUdeviceptr var_31 = reinterpret_cast<CUdeviceptr>(out_ptr0.data_ptr());
    int32_t var_32 = ynumel;
    int32_t var_33 = xnumel;
    CUdeviceptr global_scratch_scratch_34 = 0;
    CUdeviceptr profile_scratch_scratch_35 = 0;
    void* kernel_args_[] = {&var_30, &var_31, &var_32, &var_33, &global_scratch_scratch_34, &profile_scratch_scratch_35};
    launchKernel(kernels_.triton_poi_fused_convolution_5, grid_0, grid_1, grid_2, 4, 1024, kernel_args_, stream_);
}

template <typename arg_X_type_, typename arg_W_type_, typename out_ptr0_type_, typename kernels_type_>
static inline void call_triton_tem_fused_convolution_6(
    const arg_X_type_& arg_X,
    const arg_W_type_& arg_W,
    const out_ptr0_type_& out_ptr0,
    int64_t _grid_0,
    int64_t _grid_1,
    int64_t _grid_2,
    int32_t device_idx_,
    cudaStream_t stream_,
    kernels_type_& kernels_,
    const std::optional<std::string>& cubin_dir_ = std::nullopt
){
    /*
    async_compile.triton('triton_tem_fused_convolution_6', '''
    import triton
    import triton.language as tl

    from torch._inductor.runtime import triton_helpers, triton_heuristics
    from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
    from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties

    @triton_heuristics.template(

    num_stages=3,
    num_warps=8,
    triton_meta={'signature': {'arg_X': '*bf16', 'arg_W': '*bf16', 'out_ptr0': '*bf16'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]]}]},
    inductor_meta={'kernel_name': 'triton_tem_fused_convolution_6', 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': True, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': True, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'grid_type': 'FixedGrid', 'fixed_grid': ['_grid_0', '_grid_1', '_grid_2'], 'extra_launcher_args': ['_grid_0', '_grid_1', '_grid_2'], 'config_args': {'KERNEL_H': 3, 'KERNEL_W': 3, 'STRIDE_H': 1, 'STRIDE_W': 1, 'PADDING_H': 1, 'PADDING_W': 1, 'GROUPS': 1, 'UNROLL': False, 'ALLOW_TF32': False, 'BLOCK_M': 128, 'BLOCK_N': 64, 'BLOCK_K': 64}},

    )
    @triton.jit
    def triton_tem_fused_convolution_6(arg_X, arg_W, out_ptr0):
        KERNEL_H : tl.constexpr = 3
        KERNEL_W : tl.constexpr = 3
        STRIDE_H : tl.constexpr = 1
        STRIDE_W : tl.constexpr = 1
        PADDING_H : tl.constexpr = 1
        PADDING_W : tl.constexpr = 1
        GROUPS : tl.constexpr = 1
        UNROLL : tl.constexpr = False
        ALLOW_TF32 : tl.constexpr = False
        BLOCK_M : tl.constexpr = 128
        BLOCK_N : tl.constexpr = 64
        BLOCK_K : tl.constexpr = 64
        INDEX_DTYPE : tl.constexpr = tl.int32
        X = arg_X
        W = arg_W

        # Tensor dimensions
        BATCH = 16
        IN_C = 64
        IN_H = 56
        IN_W = 56
        OUT_C = 64
        OUT_H = 56
        OUT_W = 56

        # Strides:
        stride_xn = 200704
        stride_xc = 1
        stride_xh = 3584
        stride_xw = 64
        stride_wc_out = 576
        stride_wc_in = 1
        stride_wh = 192
        stride_ww = 64

        nhw = tl.program_id(0).to(INDEX_DTYPE) * BLOCK_M + tl.arange(0, BLOCK_M)
        idx_y_w = nhw % OUT_W
        nh = nhw // OUT_W
        idx_y_h = nh % OUT_H
        idx_n = nh // OUT_H
        idx_y_c = tl.program_id(1).to(INDEX_DTYPE) * BLOCK_N + tl.arange(0, BLOCK_N)


        group = 0
        GROUP_IN_C = IN_C
        GROUP_OUT_C = OUT_C


        x_base = X + (group * stride_xc * GROUP_IN_C + idx_n * stride_xn)[:, None]
        w_base = (
            W + (group * stride_wc_out * GROUP_OUT_C + idx_y_c * stride_wc_out)[None, :]
        )

        acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)


        # Could be simplified, but slightly slower:
        # for i in range(KERNEL_H):
        #     for j in range(KERNEL_W):
        #         for k in range(0, GROUP_IN_C, BLOCK_K):
        BLOCK_K_COUNT = (GROUP_IN_C + BLOCK_K - 1) // BLOCK_K
        for ijk in range(KERNEL_H * KERNEL_W * BLOCK_K_COUNT):
            k = (ijk % BLOCK_K_COUNT) * BLOCK_K
            ij = ijk // BLOCK_K_COUNT
            i = ij // KERNEL_W
            j = ij % KERNEL_W

            idx_x_h = i - PADDING_H + idx_y_h * STRIDE_H
            idx_x_w = j - PADDING_W + idx_y_w * STRIDE_W
            idx_x_c = tl.arange(0, BLOCK_K) + k

            x_ptrs = x_base + (
                (idx_x_h * stride_xh)[:, None]
                + (idx_x_w * stride_xw)[:, None]
                + (idx_x_c * stride_xc)[None, :]
            )
            mask_x = (
                (idx_n < BATCH)[:, None]
                & (idx_x_h >= 0)[:, None]
                & (idx_x_h < IN_H)[:, None]
                & (idx_x_w >= 0)[:, None]
                & (idx_x_w < IN_W)[:, None]
                & (idx_x_c < GROUP_IN_C)[None, :]
            )
            matrix_x = tl.load(x_ptrs, mask=mask_x, other=0.0)

            w_ptrs = w_base + (
                (idx_x_c * stride_wc_in)[:, None] + (i * stride_wh) + (j * stride_ww)
            )
            mask_w = (idx_x_c[:, None] < GROUP_IN_C) & (idx_y_c[None, :] < GROUP_OUT_C)
            matrix_w = tl.load(w_ptrs, mask=mask_w, other=0.0)
            acc += tl.dot(matrix_x, matrix_w, allow_tf32=ALLOW_TF32)



        mask = (
            (idx_n < BATCH)[:, None]
            & (idx_y_h < OUT_H)[:, None]
            & (idx_y_w < OUT_W)[:, None]
            & (idx_y_c < GROUP_OUT_C)[None, :]
        )
        idx_n = idx_n[:, None]
        idx_c = idx_y_c[None, :] + group * GROUP_OUT_C
        idx_h = idx_y_h[:, None]
        idx_w = idx_y_w[:, None]

        # inductor generates a suffix
        xindex = idx_w + 56*idx_h + 3136*idx_c + 200704*idx_n
        tl.store(out_ptr0 + (tl.broadcast_to(idx_c + 64*idx_w + 3584*idx_h + 200704*idx_n, [BLOCK_M, BLOCK_N])), acc, mask)
    ''', device_str='cuda')
    */
    uint32_t grid_0 = _grid_0;
    uint32_t grid_1 = _grid_1;
    uint32_t grid_2 = _grid_2;
    if (grid_0 == 0 || grid_1 == 0 || grid_2 == 0) return;
    if (kernels_.triton_tem_fused_convolution_6 == nullptr) {
        kernels_.triton_tem_fused_convolution_6 = loadKernel("/tmp/inductor-c/cyzmxlyn7znc226zdqfxzp2lxflu2motldlpdxkrzqfuysjqanld/cggskgirkw7qlaxxbnjxovdhceqfgrnvwrbphq4lg6de7hbvo5pk.cubin", "triton_tem_fused_convolution_6", 73728, cubin_dir_); 
    }
    CUdeviceptr var_36 = reinterpret_cast<CUdeviceptr>(arg_X.data_ptr());
    CUdeviceptr var_37 = reinterpret_cast<CUdeviceptr>(arg_W.data_ptr());
    CUdeviceptr var_38 = reinterpret_cast<CUdeviceptr>(out_ptr0.data_ptr());
    CUdeviceptr global_scratch_scratch_39 = 0;
    CUdeviceptr profile_scratch_scratch_40 = 0;
    void* kernel_args_[] = {&var_36, &var_37, &var_38, &global_scratch_scratch_39, &profile_scratch_scratch_40};
    launchKernel(kernels_.triton_tem_fused_convolution_6, grid_0, grid_1, grid_2, 8, 73728, kernel_args_, stream_);
}

template <typename in_out_ptr0_type_, typename in_ptr0_type_, typename in_ptr1_type_, typename in_ptr2_type_, typename in_ptr3_type_, typename kernels_type_>
static inline void call_triton_poi_fused__native_batch_norm_legit_no_training_relu_7(
    const in_out_ptr0_type_& in_out_ptr0,
    const in_ptr0_type_& in_ptr0,
    const in_ptr1_type_& in_ptr1,
    const in_ptr2_type_& in_ptr2,
    const in_ptr3_type_& in_ptr3,
    int64_t xnumel,
    int32_t device_idx_,
    cudaStream_t stream_,
    kernels_type_& kernels_,
    const std::optional<std::string>& cubin_dir_ = std::nullopt
){
    /*
    async_compile.triton('triton_poi_fused__native_batch_norm_legit_no_training_relu_7', '''
    import triton
    import triton.language as tl

    from torch._inductor.runtime import triton_helpers, triton_heuristics
    from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
    from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
    triton_helpers.set_driver_to_gpu()

    @triton_heuristics.pointwise(
        size_hints={'x': 4194304}, 
        filename=__file__,
        triton_meta={'signature': {'in_out_ptr0': '*bf16', 'in_ptr0': '*bf16', 'in_ptr1': '*bf16', 'in_ptr2': '*bf16', 'in_ptr3': '*bf16', 'xnumel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]], (3,): [['tt.divisibility', 16]], (4,): [['tt.divisibility', 16]], (5,): [['tt.divisibility', 16]]}]},
        inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_poi_fused__native_batch_norm_legit_no_training_relu_7', 'mutated_arg_names': ['in_out_ptr0'], 'optimize_mem': True, 'no_x_dim': False, 'atomic_add_found': False, 'num_load': 5, 'num_store': 1, 'num_reduction': 0, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': True, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': True, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 19268096}},
        min_elem_per_thread=0
    )
    @triton.jit
    def triton_poi_fused__native_batch_norm_legit_no_training_relu_7(in_out_ptr0, in_ptr0, in_ptr1, in_ptr2, in_ptr3, xnumel, XBLOCK : tl.constexpr):
        xnumel = 3211264
        xoffset = tl.program_id(0) * XBLOCK
        xindex = xoffset + tl.arange(0, XBLOCK)[:]
        xmask = tl.full([XBLOCK], True, tl.int1)[:]
        x2 = xindex
        x0 = (xindex % 64)
        tmp0 = tl.load(in_out_ptr0 + (x2), None).to(tl.float32)
        tmp2 = tl.load(in_ptr0 + (x0), None, eviction_policy='evict_last').to(tl.float32)
        tmp5 = tl.load(in_ptr1 + (x0), None, eviction_policy='evict_last').to(tl.float32)
        tmp15 = tl.load(in_ptr2 + (x0), None, eviction_policy='evict_last').to(tl.float32)
        tmp18 = tl.load(in_ptr3 + (x0), None, eviction_policy='evict_last').to(tl.float32)
        tmp1 = tmp0.to(tl.float32)
        tmp3 = tmp2.to(tl.float32)
        tmp4 = tmp1 - tmp3
        tmp6 = tmp5.to(tl.float32)
        tmp7 = tl.full([1], 1e-05, tl.float32)
        tmp8 = tmp6 + tmp7
        tmp9 = tl.sqrt_rn(tmp8)
        tmp10 = tl.full([1], 1, tl.int32)
        tmp11 = (tmp10 / tmp9)
        tmp12 = tl.full([1], 1.0, tl.float32)
        tmp13 = tmp11 * tmp12
        tmp14 = tmp4 * tmp13
        tmp16 = tmp15.to(tl.float32)
        tmp17 = tmp14 * tmp16
        tmp19 = tmp18.to(tl.float32)
        tmp20 = tmp17 + tmp19
        tmp21 = tmp20.to(tl.float32)
        tmp22 = tl.full([1], 0, tl.int32)
        tmp23 = triton_helpers.maximum(tmp22, tmp21)
        tl.store(in_out_ptr0 + (x2), tmp23, None)
    ''', device_str='cuda')
    */
    uint32_t grid_0 = ((xnumel + (1024 - 1)) / (1024));
    uint32_t grid_1 = 1;
    uint32_t grid_2 = 1;
    if (grid_0 == 0 || grid_1 == 0 || grid_2 == 0) return;
    if (kernels_.triton_poi_fused__native_batch_norm_legit_no_training_relu_7 == nullptr) {
        kernels_.triton_poi_fused__native_batch_norm_legit_no_training_relu_7 = loadKernel("/tmp/inductor-c/cyzmxlyn7znc226zdqfxzp2lxflu2motldlpdxkrzqfuysjqanld/c2gc2hzsr4zj6aaxzpfjn3z3ehp27mhwr6fuopjjcp6ybhddo2lo.cubin", "triton_poi_fused__native_batch_norm_legit_no_training_relu_7", 0, cubin_dir_); 
    }
    CUdeviceptr var_41 = reinterpret_cast<CUdeviceptr>(in_out_ptr0.data_ptr());
    CUdeviceptr var_42 = reinterpret_cast<CUdeviceptr>(in_ptr0.data_ptr());
    CUdeviceptr var_43 = reinterpret_cast<CUdeviceptr>(in_ptr1.data_ptr());
    CUdeviceptr var_44 = reinterpret_cast<CUdeviceptr>(in_ptr2.data_ptr());
    CUdeviceptr var_45 = reinterpret_cast<CUdeviceptr>(in_ptr3.data_ptr());
    int32_t var_46 = xnumel;
    CUdeviceptr global_scratch_scratch_47 = 0;
    CUdeviceptr profile_scratch_scratch_48 = 0;
    void* kernel_args_[] = {&var_41, &var_42, &var_43, &var_44, &var_45, &var_46, &global_scratch_scratch_47, &profile_scratch_scratch_48};
    launchKernel(kernels_.triton_poi_fused__native_batch_norm_legit_no_training_relu_7, grid_0, grid_1, grid_2, 4, 0, kernel_args_, stream_);
}

template <typename in_out_ptr0_type_, typename in_ptr0_type_, typename in_ptr1_type_, typename in_ptr2_type_, typename in_ptr3_type_, typename in_ptr4_type_, typename kernels_type_>
static inline void call_triton_poi_fused__native_batch_norm_legit_no_training_add_relu_8(
    const in_out_ptr0_type_& in_out_ptr0,
    const in_ptr0_type_& in_ptr0,
    const in_ptr1_type_& in_ptr1,
    const in_ptr2_type_& in_ptr2,
    const in_ptr3_type_& in_ptr3,
    const in_ptr4_type_& in_ptr4,
    int64_t xnumel,
    int32_t device_idx_,
    cudaStream_t stream_,
    kernels_type_& kernels_,
    const std::optional<std::string>& cubin_dir_ = std::nullopt
){
    /*
    async_compile.triton('triton_poi_fused__native_batch_norm_legit_no_training_add_relu_8', '''
    import triton
    import triton.language as tl

    from torch._inductor.runtime import triton_helpers, triton_heuristics
    from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
    from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
    triton_helpers.set_driver_to_gpu()

    @triton_heuristics.pointwise(
        size_hints={'x': 4194304}, 
        filename=__file__,
        triton_meta={'signature': {'in_out_ptr0': '*bf16', 'in_ptr0': '*bf16', 'in_ptr1': '*bf16', 'in_ptr2': '*bf16', 'in_ptr3': '*bf16', 'in_ptr4': '*bf16', 'xnumel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]], (3,): [['tt.divisibility', 16]], (4,): [['tt.divisibility', 16]], (5,): [['tt.divisibility', 16]], (6,): [['tt.divisibility', 16]]}]},
        inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_poi_fused__native_batch_norm_legit_no_training_add_relu_8', 'mutated_arg_names': ['in_out_ptr0'], 'optimize_mem': True, 'no_x_dim': False, 'atomic_add_found': False, 'num_load': 6, 'num_store': 1, 'num_reduction': 0, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': True, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': True, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 25690624}},
        min_elem_per_thread=0
    )
    @triton.jit
    def triton_poi_fused__native_batch_norm_legit_no_training_add_relu_8(in_out_ptr0, in_ptr0, in_ptr1, in_ptr2, in_ptr3, in_ptr4, xnumel, XBLOCK : tl.constexpr):
        xnumel = 3211264
        xoffset = tl.program_id(0) * XBLOCK
        xindex = xoffset + tl.arange(0, XBLOCK)[:]
        xmask = tl.full([XBLOCK], True, tl.int1)[:]
        x2 = xindex
        x0 = (xindex % 64)
        tmp0 = tl.load(in_out_ptr0 + (x2), None).to(tl.float32)
        tmp2 = tl.load(in_ptr0 + (x0), None, eviction_policy='evict_last').to(tl.float32)
        tmp5 = tl.load(in_ptr1 + (x0), None, eviction_policy='evict_last').to(tl.float32)
        tmp15 = tl.load(in_ptr2 + (x0), None, eviction_policy='evict_last').to(tl.float32)
        tmp18 = tl.load(in_ptr3 + (x0), None, eviction_policy='evict_last').to(tl.float32)
        tmp22 = tl.load(in_ptr4 + (x2), None).to(tl.float32)
        tmp1 = tmp0.to(tl.float32)
        tmp3 = tmp2.to(tl.float32)
        tmp4 = tmp1 - tmp3
        tmp6 = tmp5.to(tl.float32)
        tmp7 = tl.full([1], 1e-05, tl.float32)
        tmp8 = tmp6 + tmp7
        tmp9 = tl.sqrt_rn(tmp8)
        tmp10 = tl.full([1], 1, tl.int32)
        tmp11 = (tmp10 / tmp9)
        tmp12 = tl.full([1], 1.0, tl.float32)
        tmp13 = tmp11 * tmp12
        tmp14 = tmp4 * tmp13
        tmp16 = tmp15.to(tl.float32)
        tmp17 = tmp14 * tmp16
        tmp19 = tmp18.to(tl.float32)
        tmp20 = tmp17 + tmp19
        tmp21 = tmp20.to(tl.float32)
        tmp23 = tmp21 + tmp22
        tmp24 = tl.full([1], 0, tl.int32)
        tmp25 = triton_helpers.maximum(tmp24, tmp23)
        tl.store(in_out_ptr0 + (x2), tmp25, None)
    ''', device_str='cuda')
    */
    uint32_t grid_0 = ((xnumel + (1024 - 1)) / (1024));
    uint32_t grid_1 = 1;
    uint32_t grid_2 = 1;
    if (grid_0 == 0 || grid_1 == 0 || grid_2 == 0) return;
    if (kernels_.triton_poi_fused__native_batch_norm_legit_no_training_add_relu_8 == nullptr) {
        kernels_.triton_poi_fused__native_batch_norm_legit_no_training_add_relu_8 = loadKernel("/tmp/inductor-c/cyzmxlyn7znc226zdqfxzp2lxflu2motldlpdxkrzqfuysjqanld/ctvtxiloyuint6xh3n6tjy6dmetf3k3o5surztjg5b6y675vbit6.cubin", "triton_poi_fused__native_batch_norm_legit_no_training_add_relu_8", 0, cubin_dir_); 
    }
    CUdeviceptr var_49 = reinterpret_cast<CUdeviceptr>(in_out_ptr0.data_ptr());
    CUdeviceptr var_50 = reinterpret_cast<CUdeviceptr>(in_ptr0.data_ptr());
    CUdeviceptr var_51 = reinterpret_cast<CUdeviceptr>(in_ptr1.data_ptr());
    CUdeviceptr var_52 = reinterpret_cast<CUdeviceptr>(in_ptr2.data_ptr());
    CUdeviceptr var_53 = reinterpret_cast<CUdeviceptr>(in_ptr3.data_ptr());
    CUdeviceptr var_54 = reinterpret_cast<CUdeviceptr>(in_ptr4.data_ptr());
    int32_t var_55 = xnumel;
    CUdeviceptr global_scratch_scratch_56 = 0;
    CUdeviceptr profile_scratch_scratch_57 = 0;
    void* kernel_args_[] = {&var_49, &var_50, &var_51, &var_52, &var_53, &var_54, &var_55, &global_scratch_scratch_56, &profile_scratch_scratch_57};
    launchKernel(kernels_.triton_poi_fused__native_batch_norm_legit_no_training_add_relu_8, grid_0, grid_1, grid_2, 4, 0, kernel_args_, stream_);
}

template <typename in_ptr0_type_, typename out_ptr0_type_, typename kernels_type_>
static inline void call_triton_poi_fused_convolution_9(
    const in_ptr0_type_& in_ptr0,
    const out_ptr0_type_& out_ptr0,
    int64_t ynumel,
    int64_t xnumel,
    int32_t device_idx_,
    cudaStream_t stream_,
    kernels_type_& kernels_,
    const std::optional<std::string>& cubin_dir_ = std::nullopt
){
    /*
    async_compile.triton('triton_poi_fused_convolution_9', '''
    import triton
    import triton.language as tl

    from torch._inductor.runtime import triton_helpers, triton_heuristics
    from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
    from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
    triton_helpers.set_driver_to_gpu()

    @triton_heuristics.pointwise(
        size_hints={'y': 8192, 'x': 16}, tile_hint=TileHint.SQUARE,
        filename=__file__,
        triton_meta={'signature': {'in_ptr0': '*bf16', 'out_ptr0': '*bf16', 'ynumel': 'i32', 'xnumel': 'i32', 'YBLOCK': 'constexpr', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]]}]},
        inductor_meta={'grid_type': 'Grid2D', 'autotune_hints': set(), 'kernel_name': 'triton_poi_fused_convolution_9', 'mutated_arg_names': [], 'optimize_mem': True, 'no_x_dim': False, 'atomic_add_found': False, 'num_load': 1, 'num_store': 1, 'num_reduction': 0, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': True, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': True, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'y': 294912, 'x': 147456}},
        min_elem_per_thread=0
    )
    @triton.jit
    def triton_poi_fused_convolution_9(in_ptr0, out_ptr0, ynumel, xnumel, YBLOCK : tl.constexpr, XBLOCK : tl.constexpr):
        ynumel = 8192
        xnumel = 9
        yoffset = tl.program_id(1) * YBLOCK
        yindex = yoffset + tl.arange(0, YBLOCK)[:, None]
        ymask = tl.full([YBLOCK], True, tl.int1)[:, None]
        xoffset = tl.program_id(0) * XBLOCK
        xindex = xoffset + tl.arange(0, XBLOCK)[None, :]
        xmask = xindex < xnumel
        x2 = xindex
        y3 = yindex
        y0 = (yindex % 64)
        y1 = yindex // 64
        tmp0 = tl.load(in_ptr0 + (x2 + 9*y3), xmask, eviction_policy='evict_last').to(tl.float32)
        tl.store(out_ptr0 + (y0 + 64*x2 + 576*y1), tmp0, xmask)
    ''', device_str='cuda')
    */
    uint32_t grid_0 = ((xnumel + (16 - 1)) / (16));
    uint32_t grid_1 = ((ynumel + (64 - 1)) / (64));
    uint32_t grid_2 = 1;
    if (grid_0 == 0 || grid_1 == 0 || grid_2 == 0) return;
    if (kernels_.triton_poi_fused_convolution_9 == nullptr) {
        kernels_.triton_poi_fused_convolution_9 = loadKernel("/tmp/inductor-c/cyzmxlyn7znc226zdqfxzp2lxflu2motldlpdxkrzqfuysjqanld/ct6zxozn47i7nihf2lvnh55bawlsnxswdwxlpb4iwbhdjieg3ovr.cubin", "triton_poi_fused_convolution_9", 2048, cubin_dir_); 
    }
    CUdeviceptr var_58 = reinterpret_cast<CUdeviceptr>(in_ptr0.data_ptr());
    CUdeviceptr var_59 = reinterpret_cast<CUdeviceptr>(out_ptr0.data_ptr());
    int32_t var_60 = ynumel;
    int32_t var_61 = xnumel;
    CUdeviceptr global_scratch_scratch_62 = 0;
    CUdeviceptr profile_scratch_scratch_63 = 0;
    void* kernel_args_[] = {&var_58, &var_59, &var_60, &var_61, &global_scratch_scratch_62, &profile_scratch_scratch_63};
    launchKernel(kernels_.triton_poi_fused_convolution_9, grid_0, grid_1, grid_2, 4, 2048, kernel_args_, stream_);
}

template <typename arg_X_type_, typename arg_W_type_, typename out_ptr0_type_, typename kernels_type_>
static inline void call_triton_tem_fused_convolution_10(
    const arg_X_type_& arg_X,
    const arg_W_type_& arg_W,
    const out_ptr0_type_& out_ptr0,
    int64_t _grid_0,
    int64_t _grid_1,
    int64_t _grid_2,
    int32_t device_idx_,
    cudaStream_t stream_,
    kernels_type_& kernels_,
    const std::optional<std::string>& cubin_dir_ = std::nullopt
){
    /*
    async_compile.triton('triton_tem_fused_convolution_10', '''
    import triton
    import triton.language as tl

    from torch._inductor.runtime import triton_helpers, triton_heuristics
    from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
    from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties

    @triton_heuristics.template(

    num_stages=4,
    num_warps=4,
    triton_meta={'signature': {'arg_X': '*bf16', 'arg_W': '*bf16', 'out_ptr0': '*bf16'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]]}]},
    inductor_meta={'kernel_name': 'triton_tem_fused_convolution_10', 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': True, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': True, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'grid_type': 'FixedGrid', 'fixed_grid': ['_grid_0', '_grid_1', '_grid_2'], 'extra_launcher_args': ['_grid_0', '_grid_1', '_grid_2'], 'config_args': {'KERNEL_H': 3, 'KERNEL_W': 3, 'STRIDE_H': 2, 'STRIDE_W': 2, 'PADDING_H': 1, 'PADDING_W': 1, 'GROUPS': 1, 'UNROLL': False, 'ALLOW_TF32': False, 'BLOCK_M': 64, 'BLOCK_N': 128, 'BLOCK_K': 64}},

    )
    @triton.jit
    def triton_tem_fused_convolution_10(arg_X, arg_W, out_ptr0):
        KERNEL_H : tl.constexpr = 3
        KERNEL_W : tl.constexpr = 3
        STRIDE_H : tl.constexpr = 2
        STRIDE_W : tl.constexpr = 2
        PADDING_H : tl.constexpr = 1
        PADDING_W : tl.constexpr = 1
        GROUPS : tl.constexpr = 1
        UNROLL : tl.constexpr = False
        ALLOW_TF32 : tl.constexpr = False
        BLOCK_M : tl.constexpr = 64
        BLOCK_N : tl.constexpr = 128
        BLOCK_K : tl.constexpr = 64
        INDEX_DTYPE : tl.constexpr = tl.int32
        X = arg_X
        W = arg_W

        # Tensor dimensions
        BATCH = 16
        IN_C = 64
        IN_H = 56
        IN_W = 56
        OUT_C = 128
        OUT_H = 28
        OUT_W = 28

        # Strides:
        stride_xn = 200704
        stride_xc = 1
        stride_xh = 3584
        stride_xw = 64
        stride_wc_out = 576
        stride_wc_in = 1
        stride_wh = 192
        stride_ww = 64

        nhw = tl.program_id(0).to(INDEX_DTYPE) * BLOCK_M + tl.arange(0, BLOCK_M)
        idx_y_w = nhw % OUT_W
        nh = nhw // OUT_W
        idx_y_h = nh % OUT_H
        idx_n = nh // OUT_H
        idx_y_c = tl.program_id(1).to(INDEX_DTYPE) * BLOCK_N + tl.arange(0, BLOCK_N)


        group = 0
        GROUP_IN_C = IN_C
        GROUP_OUT_C = OUT_C


        x_base = X + (group * stride_xc * GROUP_IN_C + idx_n * stride_xn)[:, None]
        w_base = (
            W + (group * stride_wc_out * GROUP_OUT_C + idx_y_c * stride_wc_out)[None, :]
        )

        acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)


        # Could be simplified, but slightly slower:
        # for i in range(KERNEL_H):
        #     for j in range(KERNEL_W):
        #         for k in range(0, GROUP_IN_C, BLOCK_K):
        BLOCK_K_COUNT = (GROUP_IN_C + BLOCK_K - 1) // BLOCK_K
        for ijk in range(KERNEL_H * KERNEL_W * BLOCK_K_COUNT):
            k = (ijk % BLOCK_K_COUNT) * BLOCK_K
            ij = ijk // BLOCK_K_COUNT
            i = ij // KERNEL_W
            j = ij % KERNEL_W

            idx_x_h = i - PADDING_H + idx_y_h * STRIDE_H
            idx_x_w = j - PADDING_W + idx_y_w * STRIDE_W
            idx_x_c = tl.arange(0, BLOCK_K) + k

            x_ptrs = x_base + (
                (idx_x_h * stride_xh)[:, None]
                + (idx_x_w * stride_xw)[:, None]
                + (idx_x_c * stride_xc)[None, :]
            )
            mask_x = (
                (idx_n < BATCH)[:, None]
                & (idx_x_h >= 0)[:, None]
                & (idx_x_h < IN_H)[:, None]
                & (idx_x_w >= 0)[:, None]
                & (idx_x_w < IN_W)[:, None]
                & (idx_x_c < GROUP_IN_C)[None, :]
            )
            matrix_x = tl.load(x_ptrs, mask=mask_x, other=0.0)

            w_ptrs = w_base + (
                (idx_x_c * stride_wc_in)[:, None] + (i * stride_wh) + (j * stride_ww)
            )
            mask_w = (idx_x_c[:, None] < GROUP_IN_C) & (idx_y_c[None, :] < GROUP_OUT_C)
            matrix_w = tl.load(w_ptrs, mask=mask_w, other=0.0)
            acc += tl.dot(matrix_x, matrix_w, allow_tf32=ALLOW_TF32)



        mask = (
            (idx_n < BATCH)[:, None]
            & (idx_y_h < OUT_H)[:, None]
            & (idx_y_w < OUT_W)[:, None]
            & (idx_y_c < GROUP_OUT_C)[None, :]
        )
        idx_n = idx_n[:, None]
        idx_c = idx_y_c[None, :] + group * GROUP_OUT_C
        idx_h = idx_y_h[:, None]
        idx_w = idx_y_w[:, None]

        # inductor generates a suffix
        xindex = idx_w + 28*idx_h + 784*idx_c + 100352*idx_n
        tl.store(out_ptr0 + (tl.broadcast_to(idx_c + 128*idx_w + 3584*idx_h + 100352*idx_n, [BLOCK_M, BLOCK_N])), acc, mask)
    ''', device_str='cuda')
    */
    uint32_t grid_0 = _grid_0;
    uint32_t grid_1 = _grid_1;
    uint32_t grid_2 = _grid_2;
    if (grid_0 == 0 || grid_1 == 0 || grid_2 == 0) return;
    if (kernels_.triton_tem_fused_convolution_10 == nullptr) {
        kernels_.triton_tem_fused_convolution_10 = loadKernel("/tmp/inductor-c/cyzmxlyn7znc226zdqfxzp2lxflu2motldlpdxkrzqfuysjqanld/cdrjehto7rozn4mdryajfbpp5rb7nt7oynihymqfau3mp5oovn4s.cubin", "triton_tem_fused_convolution_10", 98304, cubin_dir_); 
    }
    CUdeviceptr var_64 = reinterpret_cast<CUdeviceptr>(arg_X.data_ptr());
    CUdeviceptr var_65 = reinterpret_cast<CUdeviceptr>(arg_W.data_ptr());
    CUdeviceptr var_66 = reinterpret_cast<CUdeviceptr>(out_ptr0.data_ptr());
    CUdeviceptr global_scratch_scratch_67 = 0;
    CUdeviceptr profile_scratch_scratch_68 = 0;
    void* kernel_args_[] = {&var_64, &var_65, &var_66, &global_scratch_scratch_67, &profile_scratch_scratch_68};
    launchKernel(kernels_.triton_tem_fused_convolution_10, grid_0, grid_1, grid_2, 4, 98304, kernel_args_, stream_);
}

template <typename in_out_ptr0_type_, typename in_ptr0_type_, typename in_ptr1_type_, typename in_ptr2_type_, typename in_ptr3_type_, typename kernels_type_>
static inline void call_triton_poi_fused__native_batch_norm_legit_no_training_relu_11(
    const in_out_ptr0_type_& in_out_ptr0,
    const in_ptr0_type_& in_ptr0,
    const in_ptr1_type_& in_ptr1,
    const in_ptr2_type_& in_ptr2,
    const in_ptr3_type_& in_ptr3,
    int64_t xnumel,
    int32_t device_idx_,
    cudaStream_t stream_,
    kernels_type_& kernels_,
    const std::optional<std::string>& cubin_dir_ = std::nullopt
){
    /*
    async_compile.triton('triton_poi_fused__native_batch_norm_legit_no_training_relu_11', '''
    import triton
    import triton.language as tl

    from torch._inductor.runtime import triton_helpers, triton_heuristics
    from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
    from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
    triton_helpers.set_driver_to_gpu()

    @triton_heuristics.pointwise(
        size_hints={'x': 2097152}, 
        filename=__file__,
        triton_meta={'signature': {'in_out_ptr0': '*bf16', 'in_ptr0': '*bf16', 'in_ptr1': '*bf16', 'in_ptr2': '*bf16', 'in_ptr3': '*bf16', 'xnumel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]], (3,): [['tt.divisibility', 16]], (4,): [['tt.divisibility', 16]], (5,): [['tt.divisibility', 16]]}]},
        inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_poi_fused__native_batch_norm_legit_no_training_relu_11', 'mutated_arg_names': ['in_out_ptr0'], 'optimize_mem': True, 'no_x_dim': False, 'atomic_add_found': False, 'num_load': 5, 'num_store': 1, 'num_reduction': 0, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': True, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': True, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 9634816}},
        min_elem_per_thread=0
    )
    @triton.jit
    def triton_poi_fused__native_batch_norm_legit_no_training_relu_11(in_out_ptr0, in_ptr0, in_ptr1, in_ptr2, in_ptr3, xnumel, XBLOCK : tl.constexpr):
        xnumel = 1605632
        xoffset = tl.program_id(0) * XBLOCK
        xindex = xoffset + tl.arange(0, XBLOCK)[:]
        xmask = tl.full([XBLOCK], True, tl.int1)[:]
        x2 = xindex
        x0 = (xindex % 128)
        tmp0 = tl.load(in_out_ptr0 + (x2), None).to(tl.float32)
        tmp2 = tl.load(in_ptr0 + (x0), None, eviction_policy='evict_last').to(tl.float32)
        tmp5 = tl.load(in_ptr1 + (x0), None, eviction_policy='evict_last').to(tl.float32)
        tmp15 = tl.load(in_ptr2 + (x0), None, eviction_policy='evict_last').to(tl.float32)
        tmp18 = tl.load(in_ptr3 + (x0), None, eviction_policy='evict_last').to(tl.float32)
        tmp1 = tmp0.to(tl.float32)
        tmp3 = tmp2.to(tl.float32)
        tmp4 = tmp1 - tmp3
        tmp6 = tmp5.to(tl.float32)
        tmp7 = tl.full([1], 1e-05, tl.float32)
        tmp8 = tmp6 + tmp7
        tmp9 = tl.sqrt_rn(tmp8)
        tmp10 = tl.full([1], 1, tl.int32)
        tmp11 = (tmp10 / tmp9)
        tmp12 = tl.full([1], 1.0, tl.float32)
        tmp13 = tmp11 * tmp12
        tmp14 = tmp4 * tmp13
        tmp16 = tmp15.to(tl.float32)
        tmp17 = tmp14 * tmp16
        tmp19 = tmp18.to(tl.float32)
        tmp20 = tmp17 + tmp19
        tmp21 = tmp20.to(tl.float32)
        tmp22 = tl.full([1], 0, tl.int32)
        tmp23 = triton_helpers.maximum(tmp22, tmp21)
        tl.store(in_out_ptr0 + (x2), tmp23, None)
    ''', device_str='cuda')
    */
    uint32_t grid_0 = ((xnumel + (1024 - 1)) / (1024));
    uint32_t grid_1 = 1;
    uint32_t grid_2 = 1;
    if (grid_0 == 0 || grid_1 == 0 || grid_2 == 0) return;
    if (kernels_.triton_poi_fused__native_batch_norm_legit_no_training_relu_11 == nullptr) {
        kernels_.triton_poi_fused__native_batch_norm_legit_no_training_relu_11 = loadKernel("/tmp/inductor-c/cyzmxlyn7znc226zdqfxzp2lxflu2motldlpdxkrzqfuysjqanld/c4htaokllfbakmafzlyp2gjgdu3ld5espwtlemwuhbf2ixlhhayp.cubin", "triton_poi_fused__native_batch_norm_legit_no_training_relu_11", 0, cubin_dir_); 
    }
    CUdeviceptr var_69 = reinterpret_cast<CUdeviceptr>(in_out_ptr0.data_ptr());
    CUdeviceptr var_70 = reinterpret_cast<CUdeviceptr>(in_ptr0.data_ptr());
    CUdeviceptr var_71 = reinterpret_cast<CUdeviceptr>(in_ptr1.data_ptr());
    CUdeviceptr var_72 = reinterpret_cast<CUdeviceptr>(in_ptr2.data_ptr());
    CUdeviceptr var_73 = reinterpret_cast<CUdeviceptr>(in_ptr3.data_ptr());
    int32_t var_74 = xnumel;
    CUdeviceptr global_scratch_scratch_75 = 0;
    CUdeviceptr profile_scratch_scratch_76 = 0;
    void* kernel_args_[] = {&var_69, &var_70, &var_71, &var_72, &var_73, &var_74, &global_scratch_scratch_75, &profile_scratch_scratch_76};
    launchKernel(kernels_.triton_poi_fused__native_batch_norm_legit_no_training_relu_11, grid_0, grid_1, grid_2, 4, 0, kernel_args_, stream_);
}

template <typename in_ptr0_type_, typename out_ptr0_type_, typename kernels_type_>
static inline void call_triton_poi_fused__native_batch_norm_legit_no_training_convolution_relu_12(
    const in_ptr0_type_& in_ptr0,
    const out_ptr0_type_& out_ptr0,
    int64_t ynumel,
    int64_t xnumel,
    int32_t device_idx_,
    cudaStream_t stream_,
    kernels_type_& kernels_,
    const std::optional<std::string>& cubin_dir_ = std::nullopt
){
    /*
    async_compile.triton('triton_poi_fused__native_batch_norm_legit_no_training_convolution_relu_12', '''
    import triton
    import triton.language as tl

    from torch._inductor.runtime import triton_helpers, triton_heuristics
    from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
    from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
    triton_helpers.set_driver_to_gpu()

    @triton_heuristics.pointwise(
        size_hints={'y': 16384, 'x': 16}, tile_hint=TileHint.SQUARE,
        filename=__file__,
        triton_meta={'signature': {'in_ptr0': '*bf16', 'out_ptr0': '*bf16', 'ynumel': 'i32', 'xnumel': 'i32', 'YBLOCK': 'constexpr', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]]}]},
        inductor_meta={'grid_type': 'Grid2D', 'autotune_hints': set(), 'kernel_name': 'triton_poi_fused__native_batch_norm_legit_no_training_convolution_relu_12', 'mutated_arg_names': [], 'optimize_mem': True, 'no_x_dim': False, 'atomic_add_found': False, 'num_load': 1, 'num_store': 1, 'num_reduction': 0, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': True, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': True, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'y': 589824, 'x': 294912}},
        min_elem_per_thread=0
    )
    @triton.jit
    def triton_poi_fused__native_batch_norm_legit_no_training_convolution_relu_12(in_ptr0, out_ptr0, ynumel, xnumel, YBLOCK : tl.constexpr, XBLOCK : tl.constexpr):
        ynumel = 16384
        xnumel = 9
        yoffset = tl.program_id(1) * YBLOCK
        yindex = yoffset + tl.arange(0, YBLOCK)[:, None]
        ymask = tl.full([YBLOCK], True, tl.int1)[:, None]
        xoffset = tl.program_id(0) * XBLOCK
        xindex = xoffset + tl.arange(0, XBLOCK)[None, :]
        xmask = xindex < xnumel
        x2 = xindex
        y3 = yindex
        y0 = (yindex % 128)
        y1 = yindex // 128
        tmp0 = tl.load(in_ptr0 + (x2 + 9*y3), xmask, eviction_policy='evict_last').to(tl.float32)
        tl.store(out_ptr0 + (y0 + 128*x2 + 1152*y1), tmp0, xmask)
    ''', device_str='cuda')
    */
    uint32_t grid_0 = ((xnumel + (16 - 1)) / (16));
    uint32_t grid_1 = ((ynumel + (64 - 1)) / (64));
    uint32_t grid_2 = 1;
    if (grid_0 == 0 || grid_1 == 0 || grid_2 == 0) return;
    if (kernels_.triton_poi_fused__native_batch_norm_legit_no_training_convolution_relu_12 == nullptr) {
        kernels_.triton_poi_fused__native_batch_norm_legit_no_training_convolution_relu_12 = loadKernel("/tmp/inductor-c/cyzmxlyn7znc226zdqfxzp2lxflu2motldlpdxkrzqfuysjqanld/c7qngy64te6glpm6y5fgwuw3vkljjk2qavgn3kvyq5m4p2gz2m7s.cubin", "triton_poi_fused__native_batch_norm_legit_no_training_convolution_relu_12", 2048, cubin_dir_); 
    }
    CUdeviceptr var_77 = reinterpret_cast<CUdeviceptr>(in_ptr0.data_ptr());
    CUdeviceptr var_78 = reinterpret_cast<CUdeviceptr>(out_ptr0.data_ptr());
    int32_t var_79 = ynumel;
    int32_t var_80 = xnumel;
    CUdeviceptr global_scratch_scratch_81 = 0;
    CUdeviceptr profile_scratch_scratch_82 = 0;
    void* kernel_args_[] = {&var_77, &var_78, &var_79, &var_80, &global_scratch_scratch_81, &profile_scratch_scratch_82};
    launchKernel(kernels_.triton_poi_fused__native_batch_norm_legit_no_training_convolution_relu_12, grid_0, grid_1, grid_2, 4, 2048, kernel_args_, stream_);
}

template <typename arg_X_type_, typename arg_W_type_, typename out_ptr0_type_, typename kernels_type_>
static inline void call_triton_tem_fused__native_batch_norm_legit_no_training_convolution_relu_13(
    const arg_X_type_& arg_X,
    const arg_W_type_& arg_W,
    const out_ptr0_type_& out_ptr0,
    int64_t _grid_0,
    int64_t _grid_1,
    int64_t _grid_2,
    int32_t device_idx_,
    cudaStream_t stream_,
    kernels_type_& kernels_,
    const std::optional<std::string>& cubin_dir_ = std::nullopt
){
    /*
    async_compile.triton('triton_tem_fused__native_batch_norm_legit_no_training_convolution_relu_13', '''
    import triton
    import triton.language as tl

    from torch._inductor.runtime import triton_helpers, triton_heuristics
    from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
    from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties

    @triton_heuristics.template(

    num_stages=4,
    num_warps=4,
    triton_meta={'signature': {'arg_X': '*bf16', 'arg_W': '*bf16', 'out_ptr0': '*bf16'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]]}]},
    inductor_meta={'kernel_name': 'triton_tem_fused__native_batch_norm_legit_no_training_convolution_relu_13', 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': True, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': True, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'grid_type': 'FixedGrid', 'fixed_grid': ['_grid_0', '_grid_1', '_grid_2'], 'extra_launcher_args': ['_grid_0', '_grid_1', '_grid_2'], 'config_args': {'KERNEL_H': 3, 'KERNEL_W': 3, 'STRIDE_H': 1, 'STRIDE_W': 1, 'PADDING_H': 1, 'PADDING_W': 1, 'GROUPS': 1, 'UNROLL': False, 'ALLOW_TF32': False, 'BLOCK_M': 64, 'BLOCK_N': 128, 'BLOCK_K': 64}},

    )
    @triton.jit
    def triton_tem_fused__native_batch_norm_legit_no_training_convolution_relu_13(arg_X, arg_W, out_ptr0):
        KERNEL_H : tl.constexpr = 3
        KERNEL_W : tl.constexpr = 3
        STRIDE_H : tl.constexpr = 1
        STRIDE_W : tl.constexpr = 1
        PADDING_H : tl.constexpr = 1
        PADDING_W : tl.constexpr = 1
        GROUPS : tl.constexpr = 1
        UNROLL : tl.constexpr = False
        ALLOW_TF32 : tl.constexpr = False
        BLOCK_M : tl.constexpr = 64
        BLOCK_N : tl.constexpr = 128
        BLOCK_K : tl.constexpr = 64
        INDEX_DTYPE : tl.constexpr = tl.int32
        X = arg_X
        W = arg_W

        # Tensor dimensions
        BATCH = 16
        IN_C = 128
        IN_H = 28
        IN_W = 28
        OUT_C = 128
        OUT_H = 28
        OUT_W = 28

        # Strides:
        stride_xn = 100352
        stride_xc = 1
        stride_xh = 3584
        stride_xw = 128
        stride_wc_out = 1152
        stride_wc_in = 1
        stride_wh = 384
        stride_ww = 128

        nhw = tl.program_id(0).to(INDEX_DTYPE) * BLOCK_M + tl.arange(0, BLOCK_M)
        idx_y_w = nhw % OUT_W
        nh = nhw // OUT_W
        idx_y_h = nh % OUT_H
        idx_n = nh // OUT_H
        idx_y_c = tl.program_id(1).to(INDEX_DTYPE) * BLOCK_N + tl.arange(0, BLOCK_N)


        group = 0
        GROUP_IN_C = IN_C
        GROUP_OUT_C = OUT_C


        x_base = X + (group * stride_xc * GROUP_IN_C + idx_n * stride_xn)[:, None]
        w_base = (
            W + (group * stride_wc_out * GROUP_OUT_C + idx_y_c * stride_wc_out)[None, :]
        )

        acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)


        # Could be simplified, but slightly slower:
        # for i in range(KERNEL_H):
        #     for j in range(KERNEL_W):
        #         for k in range(0, GROUP_IN_C, BLOCK_K):
        BLOCK_K_COUNT = (GROUP_IN_C + BLOCK_K - 1) // BLOCK_K
        for ijk in range(KERNEL_H * KERNEL_W * BLOCK_K_COUNT):
            k = (ijk % BLOCK_K_COUNT) * BLOCK_K
            ij = ijk // BLOCK_K_COUNT
            i = ij // KERNEL_W
            j = ij % KERNEL_W

            idx_x_h = i - PADDING_H + idx_y_h * STRIDE_H
            idx_x_w = j - PADDING_W + idx_y_w * STRIDE_W
            idx_x_c = tl.arange(0, BLOCK_K) + k

            x_ptrs = x_base + (
                (idx_x_h * stride_xh)[:, None]
                + (idx_x_w * stride_xw)[:, None]
                + (idx_x_c * stride_xc)[None, :]
            )
            mask_x = (
                (idx_n < BATCH)[:, None]
                & (idx_x_h >= 0)[:, None]
                & (idx_x_h < IN_H)[:, None]
                & (idx_x_w >= 0)[:, None]
                & (idx_x_w < IN_W)[:, None]
                & (idx_x_c < GROUP_IN_C)[None, :]
            )
            matrix_x = tl.load(x_ptrs, mask=mask_x, other=0.0)

            w_ptrs = w_base + (
                (idx_x_c * stride_wc_in)[:, None] + (i * stride_wh) + (j * stride_ww)
            )
            mask_w = (idx_x_c[:, None] < GROUP_IN_C) & (idx_y_c[None, :] < GROUP_OUT_C)
            matrix_w = tl.load(w_ptrs, mask=mask_w, other=0.0)
            acc += tl.dot(matrix_x, matrix_w, allow_tf32=ALLOW_TF32)



        mask = (
            (idx_n < BATCH)[:, None]
            & (idx_y_h < OUT_H)[:, None]
            & (idx_y_w < OUT_W)[:, None]
            & (idx_y_c < GROUP_OUT_C)[None, :]
        )
        idx_n = idx_n[:, None]
        idx_c = idx_y_c[None, :] + group * GROUP_OUT_C
        idx_h = idx_y_h[:, None]
        idx_w = idx_y_w[:, None]

        # inductor generates a suffix
        xindex = idx_w + 28*idx_h + 784*idx_c + 100352*idx_n
        tl.store(out_ptr0 + (tl.broadcast_to(idx_c + 128*idx_w + 3584*idx_h + 100352*idx_n, [BLOCK_M, BLOCK_N])), acc, mask)
    ''', device_str='cuda')
    */
    uint32_t grid_0 = _grid_0;
    uint32_t grid_1 = _grid_1;
    uint32_t grid_2 = _grid_2;
    if (grid_0 == 0 || grid_1 == 0 || grid_2 == 0) return;
    if (kernels_.triton_tem_fused__native_batch_norm_legit_no_training_convolution_relu_13 == nullptr) {
        kernels_.triton_tem_fused__native_batch_norm_legit_no_training_convolution_relu_13 = loadKernel("/tmp/inductor-c/cyzmxlyn7znc226zdqfxzp2lxflu2motldlpdxkrzqfuysjqanld/c232zxzlbzpffhaihvpha243v3oa637ue6eocjrczv2stgrreiud.cubin", "triton_tem_fused__native_batch_norm_legit_no_training_convolution_relu_13", 98304, cubin_dir_); 
    }
    CUdeviceptr var_83 = reinterpret_cast<CUdeviceptr>(arg_X.data_ptr());
    CUdeviceptr var_84 = reinterpret_cast<CUdeviceptr>(arg_W.data_ptr());
    CUdeviceptr var_85 = reinterpret_cast<CUdeviceptr>(out_ptr0.data_ptr());
    CUdeviceptr global_scratch_scratch_86 = 0;
    CUdeviceptr profile_scratch_scratch_87 = 0;
    void* kernel_args_[] = {&var_83, &var_84, &var_85, &global_scratch_scratch_86, &profile_scratch_scratch_87};
    launchKernel(kernels_.triton_tem_fused__native_batch_norm_legit_no_training_convolution_relu_13, grid_0, grid_1, grid_2, 4, 98304, kernel_args_, stream_);
}

template <typename arg_X_type_, typename arg_W_type_, typename out_ptr0_type_, typename kernels_type_>
static inline void call_triton_tem_fused_convolution_14(
    const arg_X_type_& arg_X,
    const arg_W_type_& arg_W,
    const out_ptr0_type_& out_ptr0,
    int64_t _grid_0,
    int64_t _grid_1,
    int64_t _grid_2,
    int32_t device_idx_,
    cudaStream_t stream_,
    kernels_type_& kernels_,
    const std::optional<std::string>& cubin_dir_ = std::nullopt
){
    /*
    async_compile.triton('triton_tem_fused_convolution_14', '''
    import triton
    import triton.language as tl

    from torch._inductor.runtime import triton_helpers, triton_heuristics
    from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
    from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties

    @triton_heuristics.template(

    num_stages=4,
    num_warps=4,
    triton_meta={'signature': {'arg_X': '*bf16', 'arg_W': '*bf16', 'out_ptr0': '*bf16'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]]}]},
    inductor_meta={'kernel_name': 'triton_tem_fused_convolution_14', 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': True, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': True, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'grid_type': 'FixedGrid', 'fixed_grid': ['_grid_0', '_grid_1', '_grid_2'], 'extra_launcher_args': ['_grid_0', '_grid_1', '_grid_2'], 'config_args': {'KERNEL_H': 1, 'KERNEL_W': 1, 'STRIDE_H': 2, 'STRIDE_W': 2, 'PADDING_H': 0, 'PADDING_W': 0, 'GROUPS': 1, 'UNROLL': True, 'ALLOW_TF32': False, 'BLOCK_M': 64, 'BLOCK_N': 128, 'BLOCK_K': 64}},

    )
    @triton.jit
    def triton_tem_fused_convolution_14(arg_X, arg_W, out_ptr0):
        KERNEL_H : tl.constexpr = 1
        KERNEL_W : tl.constexpr = 1
        STRIDE_H : tl.constexpr = 2
        STRIDE_W : tl.constexpr = 2
        PADDING_H : tl.constexpr = 0
        PADDING_W : tl.constexpr = 0
        GROUPS : tl.constexpr = 1
        UNROLL : tl.constexpr = True
        ALLOW_TF32 : tl.constexpr = False
        BLOCK_M : tl.constexpr = 64
        BLOCK_N : tl.constexpr = 128
        BLOCK_K : tl.constexpr = 64
        INDEX_DTYPE : tl.constexpr = tl.int32
        X = arg_X
        W = arg_W

        # Tensor dimensions
        BATCH = 16
        IN_C = 64
        IN_H = 56
        IN_W = 56
        OUT_C = 128
        OUT_H = 28
        OUT_W = 28

        # Strides:
        stride_xn = 200704
        stride_xc = 1
        stride_xh = 3584
        stride_xw = 64
        stride_wc_out = 64
        stride_wc_in = 1
        stride_wh = 1
        stride_ww = 1

        nhw = tl.program_id(0).to(INDEX_DTYPE) * BLOCK_M + tl.arange(0, BLOCK_M)
        idx_y_w = nhw % OUT_W
        nh = nhw // OUT_W
        idx_y_h = nh % OUT_H
        idx_n = nh // OUT_H
        idx_y_c = tl.program_id(1).to(INDEX_DTYPE) * BLOCK_N + tl.arange(0, BLOCK_N)


        group = 0
        GROUP_IN_C = IN_C
        GROUP_OUT_C = OUT_C


        x_base = X + (group * stride_xc * GROUP_IN_C + idx_n * stride_xn)[:, None]
        w_base = (
            W + (group * stride_wc_out * GROUP_OUT_C + idx_y_c * stride_wc_out)[None, :]
        )

        acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)




        i = 0
        j = 0
        for k in range(0, GROUP_IN_C, BLOCK_K):

            idx_x_h = i - PADDING_H + idx_y_h * STRIDE_H
            idx_x_w = j - PADDING_W + idx_y_w * STRIDE_W
            idx_x_c = tl.arange(0, BLOCK_K) + k

            x_ptrs = x_base + (
                (idx_x_h * stride_xh)[:, None]
                + (idx_x_w * stride_xw)[:, None]
                + (idx_x_c * stride_xc)[None, :]
            )
            mask_x = (
                (idx_n < BATCH)[:, None]
                & (idx_x_h >= 0)[:, None]
                & (idx_x_h < IN_H)[:, None]
                & (idx_x_w >= 0)[:, None]
                & (idx_x_w < IN_W)[:, None]
                & (idx_x_c < GROUP_IN_C)[None, :]
            )
            matrix_x = tl.load(x_ptrs, mask=mask_x, other=0.0)

            w_ptrs = w_base + (
                (idx_x_c * stride_wc_in)[:, None] + (i * stride_wh) + (j * stride_ww)
            )
            mask_w = (idx_x_c[:, None] < GROUP_IN_C) & (idx_y_c[None, :] < GROUP_OUT_C)
            matrix_w = tl.load(w_ptrs, mask=mask_w, other=0.0)
            acc += tl.dot(matrix_x, matrix_w, allow_tf32=ALLOW_TF32)





        mask = (
            (idx_n < BATCH)[:, None]
            & (idx_y_h < OUT_H)[:, None]
            & (idx_y_w < OUT_W)[:, None]
            & (idx_y_c < GROUP_OUT_C)[None, :]
        )
        idx_n = idx_n[:, None]
        idx_c = idx_y_c[None, :] + group * GROUP_OUT_C
        idx_h = idx_y_h[:, None]
        idx_w = idx_y_w[:, None]

        # inductor generates a suffix
        xindex = idx_w + 28*idx_h + 784*idx_c + 100352*idx_n
        tl.store(out_ptr0 + (tl.broadcast_to(idx_c + 128*idx_w + 3584*idx_h + 100352*idx_n, [BLOCK_M, BLOCK_N])), acc, mask)
    ''', device_str='cuda')
    */
    uint32_t grid_0 = _grid_0;
    uint32_t grid_1 = _grid_1;
    uint32_t grid_2 = _grid_2;
    if (grid_0 == 0 || grid_1 == 0 || grid_2 == 0) return;
    if (kernels_.triton_tem_fused_convolution_14 == nullptr) {
        kernels_.triton_tem_fused_convolution_14 = loadKernel("/tmp/inductor-c/cyzmxlyn7znc226zdqfxzp2lxflu2motldlpdxkrzqfuysjqanld/c7ulwvqbehncmrtgbsb2fync7j5nhwki5lvlg5p7cuqx4sehlrv2.cubin", "triton_tem_fused_convolution_14", 24576, cubin_dir_); 
    }
    CUdeviceptr var_88 = reinterpret_cast<CUdeviceptr>(arg_X.data_ptr());
    CUdeviceptr var_89 = reinterpret_cast<CUdeviceptr>(arg_W.data_ptr());
    CUdeviceptr var_90 = reinterpret_cast<CUdeviceptr>(out_ptr0.data_ptr());
    CUdeviceptr global_scratch_scratch_91 = 0;
    CUdeviceptr profile_scratch_scratch_92 = 0;
    void* kernel_args_[] = {&var_88, &var_89, &var_90, &global_scratch_scratch_91, &profile_scratch_scratch_92};
    launchKernel(kernels_.triton_tem_fused_convolution_14, grid_0, grid_1, grid_2, 4, 24576, kernel_args_, stream_);
}

template <typename in_out_ptr0_type_, typename in_ptr0_type_, typename in_ptr1_type_, typename in_ptr2_type_, typename in_ptr3_type_, typename in_ptr4_type_, typename in_ptr5_type_, typename in_ptr6_type_, typename in_ptr7_type_, typename in_ptr8_type_, typename kernels_type_>
static inline void call_triton_poi_fused__native_batch_norm_legit_no_training_add_relu_15(
    const in_out_ptr0_type_& in_out_ptr0,
    const in_ptr0_type_& in_ptr0,
    const in_ptr1_type_& in_ptr1,
    const in_ptr2_type_& in_ptr2,
    const in_ptr3_type_& in_ptr3,
    const in_ptr4_type_& in_ptr4,
    const in_ptr5_type_& in_ptr5,
    const in_ptr6_type_& in_ptr6,
    const in_ptr7_type_& in_ptr7,
    const in_ptr8_type_& in_ptr8,
    int64_t xnumel,
    int32_t device_idx_,
    cudaStream_t stream_,
    kernels_type_& kernels_,
    const std::optional<std::string>& cubin_dir_ = std::nullopt
){
    /*
    async_compile.triton('triton_poi_fused__native_batch_norm_legit_no_training_add_relu_15', '''
    import triton
    import triton.language as tl

    from torch._inductor.runtime import triton_helpers, triton_heuristics
    from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
    from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
    triton_helpers.set_driver_to_gpu()

    @triton_heuristics.pointwise(
        size_hints={'x': 2097152}, 
        filename=__file__,
        triton_meta={'signature': {'in_out_ptr0': '*bf16', 'in_ptr0': '*bf16', 'in_ptr1': '*bf16', 'in_ptr2': '*bf16', 'in_ptr3': '*bf16', 'in_ptr4': '*bf16', 'in_ptr5': '*bf16', 'in_ptr6': '*bf16', 'in_ptr7': '*bf16', 'in_ptr8': '*bf16', 'xnumel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]], (3,): [['tt.divisibility', 16]], (4,): [['tt.divisibility', 16]], (5,): [['tt.divisibility', 16]], (6,): [['tt.divisibility', 16]], (7,): [['tt.divisibility', 16]], (8,): [['tt.divisibility', 16]], (9,): [['tt.divisibility', 16]], (10,): [['tt.divisibility', 16]]}]},
        inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_poi_fused__native_batch_norm_legit_no_training_add_relu_15', 'mutated_arg_names': ['in_out_ptr0'], 'optimize_mem': True, 'no_x_dim': False, 'atomic_add_found': False, 'num_load': 10, 'num_store': 1, 'num_reduction': 0, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': True, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': True, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 12847104}},
        min_elem_per_thread=0
    )
    @triton.jit
    def triton_poi_fused__native_batch_norm_legit_no_training_add_relu_15(in_out_ptr0, in_ptr0, in_ptr1, in_ptr2, in_ptr3, in_ptr4, in_ptr5, in_ptr6, in_ptr7, in_ptr8, xnumel, XBLOCK : tl.constexpr):
        xnumel = 1605632
        xoffset = tl.program_id(0) * XBLOCK
        xindex = xoffset + tl.arange(0, XBLOCK)[:]
        xmask = tl.full([XBLOCK], True, tl.int1)[:]
        x2 = xindex
        x0 = (xindex % 128)
        tmp0 = tl.load(in_out_ptr0 + (x2), None).to(tl.float32)
        tmp2 = tl.load(in_ptr0 + (x0), None, eviction_policy='evict_last').to(tl.float32)
        tmp5 = tl.load(in_ptr1 + (x0), None, eviction_policy='evict_last').to(tl.float32)
        tmp15 = tl.load(in_ptr2 + (x0), None, eviction_policy='evict_last').to(tl.float32)
        tmp18 = tl.load(in_ptr3 + (x0), None, eviction_policy='evict_last').to(tl.float32)
        tmp22 = tl.load(in_ptr4 + (x2), None).to(tl.float32)
        tmp24 = tl.load(in_ptr5 + (x0), None, eviction_policy='evict_last').to(tl.float32)
        tmp27 = tl.load(in_ptr6 + (x0), None, eviction_policy='evict_last').to(tl.float32)
        tmp34 = tl.load(in_ptr7 + (x0), None, eviction_policy='evict_last').to(tl.float32)
        tmp37 = tl.load(in_ptr8 + (x0), None, eviction_policy='evict_last').to(tl.float32)
        tmp1 = tmp0.to(tl.float32)
        tmp3 = tmp2.to(tl.float32)
        tmp4 = tmp1 - tmp3
        tmp6 = tmp5.to(tl.float32)
        tmp7 = tl.full([1], 1e-05, tl.float32)
        tmp8 = tmp6 + tmp7
        tmp9 = tl.sqrt_rn(tmp8)
        tmp10 = tl.full([1], 1, tl.int32)
        tmp11 = (tmp10 / tmp9)
        tmp12 = tl.full([1], 1.0, tl.float32)
        tmp13 = tmp11 * tmp12
        tmp14 = tmp4 * tmp13
        tmp16 = tmp15.to(tl.float32)
        tmp17 = tmp14 * tmp16
        tmp19 = tmp18.to(tl.float32)
        tmp20 = tmp17 + tmp19
        tmp21 = tmp20.to(tl.float32)
        tmp23 = tmp22.to(tl.float32)
        tmp25 = tmp24.to(tl.float32)
        tmp26 = tmp23 - tmp25
        tmp28 = tmp27.to(tl.float32)
        tmp29 = tmp28 + tmp7
        tmp30 = tl.sqrt_rn(tmp29)
        tmp31 = (tmp10 / tmp30)
        tmp32 = tmp31 * tmp12
        tmp33 = tmp26 * tmp32
        tmp35 = tmp34.to(tl.float32)
        tmp36 = tmp33 * tmp35
        tmp38 = tmp37.to(tl.float32)
        tmp39 = tmp36 + tmp38
        tmp40 = tmp39.to(tl.float32)
        tmp41 = tmp21 + tmp40
        tmp42 = tl.full([1], 0, tl.int32)
        tmp43 = triton_helpers.maximum(tmp42, tmp41)
        tl.store(in_out_ptr0 + (x2), tmp43, None)
    ''', device_str='cuda')
    */
    uint32_t grid_0 = ((xnumel + (512 - 1)) / (512));
    uint32_t grid_1 = 1;
    uint32_t grid_2 = 1;
    if (grid_0 == 0 || grid_1 == 0 || grid_2 == 0) return;
    if (kernels_.triton_poi_fused__native_batch_norm_legit_no_training_add_relu_15 == nullptr) {
        kernels_.triton_poi_fused__native_batch_norm_legit_no_training_add_relu_15 = loadKernel("/tmp/inductor-c/cyzmxlyn7znc226zdqfxzp2lxflu2motldlpdxkrzqfuysjqanld/corgxxvmvra62ddselauawxoipqt5cvysbfz3xegpuxc434kmm4b.cubin", "triton_poi_fused__native_batch_norm_legit_no_training_add_relu_15", 0, cubin_dir_); 
    }
    CUdeviceptr var_93 = reinterpret_cast<CUdeviceptr>(in_out_ptr0.data_ptr());
    CUdeviceptr var_94 = reinterpret_cast<CUdeviceptr>(in_ptr0.data_ptr());
    CUdeviceptr var_95 = reinterpret_cast<CUdeviceptr>(in_ptr1.data_ptr());
    CUdeviceptr var_96 = reinterpret_cast<CUdeviceptr>(in_ptr2.data_ptr());
    CUdeviceptr var_97 = reinterpret_cast<CUdeviceptr>(in_ptr3.data_ptr());
    CUdeviceptr var_98 = reinterpret_cast<CUdeviceptr>(in_ptr4.data_ptr());
    CUdeviceptr var_99 = reinterpret_cast<CUdeviceptr>(in_ptr5.data_ptr());
    CUdeviceptr var_100 = reinterpret_cast<CUdeviceptr>(in_ptr6.data_ptr());
    CUdeviceptr var_101 = reinterpret_cast<CUdeviceptr>(in_ptr7.data_ptr());
    CUdeviceptr var_102 = reinterpret_cast<CUdeviceptr>(in_ptr8.data_ptr());
    int32_t var_103 = xnumel;
    CUdeviceptr global_scratch_scratch_104 = 0;
    CUdeviceptr profile_scratch_scratch_105 = 0;
    void* kernel_args_[] = {&var_93, &var_94, &var_95, &var_96, &var_97, &var_98, &var_99, &var_100, &var_101, &var_102, &var_103, &global_scratch_scratch_104, &profile_scratch_scratch_105};
    launchKernel(kernels_.triton_poi_fused__native_batch_norm_legit_no_training_add_relu_15, grid_0, grid_1, grid_2, 8, 0, kernel_args_, stream_);
}

template <typename in_out_ptr0_type_, typename in_ptr0_type_, typename in_ptr1_type_, typename in_ptr2_type_, typename in_ptr3_type_, typename in_ptr4_type_, typename kernels_type_>
static inline void call_triton_poi_fused__native_batch_norm_legit_no_training_add_relu_16(
    const in_out_ptr0_type_& in_out_ptr0,
    const in_ptr0_type_& in_ptr0,
    const in_ptr1_type_& in_ptr1,
    const in_ptr2_type_& in_ptr2,
    const in_ptr3_type_& in_ptr3,
    const in_ptr4_type_& in_ptr4,
    int64_t xnumel,
    int32_t device_idx_,
    cudaStream_t stream_,
    kernels_type_& kernels_,
    const std::optional<std::string>& cubin_dir_ = std::nullopt
){
    /*
    async_compile.triton('triton_poi_fused__native_batch_norm_legit_no_training_add_relu_16', '''
    import triton
    import triton.language as tl

    from torch._inductor.runtime import triton_helpers, triton_heuristics
    from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
    from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
    triton_helpers.set_driver_to_gpu()

    @triton_heuristics.pointwise(
        size_hints={'x': 2097152}, 
        filename=__file__,
        triton_meta={'signature': {'in_out_ptr0': '*bf16', 'in_ptr0': '*bf16', 'in_ptr1': '*bf16', 'in_ptr2': '*bf16', 'in_ptr3': '*bf16', 'in_ptr4': '*bf16', 'xnumel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]], (3,): [['tt.divisibility', 16]], (4,): [['tt.divisibility', 16]], (5,): [['tt.divisibility', 16]], (6,): [['tt.divisibility', 16]]}]},
        inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_poi_fused__native_batch_norm_legit_no_training_add_relu_16', 'mutated_arg_names': ['in_out_ptr0'], 'optimize_mem': True, 'no_x_dim': False, 'atomic_add_found': False, 'num_load': 6, 'num_store': 1, 'num_reduction': 0, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': True, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': True, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 12846080}},
        min_elem_per_thread=0
    )
    @triton.jit
    def triton_poi_fused__native_batch_norm_legit_no_training_add_relu_16(in_out_ptr0, in_ptr0, in_ptr1, in_ptr2, in_ptr3, in_ptr4, xnumel, XBLOCK : tl.constexpr):
        xnumel = 1605632
        xoffset = tl.program_id(0) * XBLOCK
        xindex = xoffset + tl.arange(0, XBLOCK)[:]
        xmask = tl.full([XBLOCK], True, tl.int1)[:]
        x2 = xindex
        x0 = (xindex % 128)
        tmp0 = tl.load(in_out_ptr0 + (x2), None).to(tl.float32)
        tmp2 = tl.load(in_ptr0 + (x0), None, eviction_policy='evict_last').to(tl.float32)
        tmp5 = tl.load(in_ptr1 + (x0), None, eviction_policy='evict_last').to(tl.float32)
        tmp15 = tl.load(in_ptr2 + (x0), None, eviction_policy='evict_last').to(tl.float32)
        tmp18 = tl.load(in_ptr3 + (x0), None, eviction_policy='evict_last').to(tl.float32)
        tmp22 = tl.load(in_ptr4 + (x2), None).to(tl.float32)
        tmp1 = tmp0.to(tl.float32)
        tmp3 = tmp2.to(tl.float32)
        tmp4 = tmp1 - tmp3
        tmp6 = tmp5.to(tl.float32)
        tmp7 = tl.full([1], 1e-05, tl.float32)
        tmp8 = tmp6 + tmp7
        tmp9 = tl.sqrt_rn(tmp8)
        tmp10 = tl.full([1], 1, tl.int32)
        tmp11 = (tmp10 / tmp9)
        tmp12 = tl.full([1], 1.0, tl.float32)
        tmp13 = tmp11 * tmp12
        tmp14 = tmp4 * tmp13
        tmp16 = tmp15.to(tl.float32)
        tmp17 = tmp14 * tmp16
        tmp19 = tmp18.to(tl.float32)
        tmp20 = tmp17 + tmp19
        tmp21 = tmp20.to(tl.float32)
        tmp23 = tmp21 + tmp22
        tmp24 = tl.full([1], 0, tl.int32)
        tmp25 = triton_helpers.maximum(tmp24, tmp23)
        tl.store(in_out_ptr0 + (x2), tmp25, None)
    ''', device_str='cuda')
    */
    uint32_t grid_0 = ((xnumel + (1024 - 1)) / (1024));
    uint32_t grid_1 = 1;
    uint32_t grid_2 = 1;
    if (grid_0 == 0 || grid_1 == 0 || grid_2 == 0) return;
    if (kernels_.triton_poi_fused__native_batch_norm_legit_no_training_add_relu_16 == nullptr) {
        kernels_.triton_poi_fused__native_batch_norm_legit_no_training_add_relu_16 = loadKernel("/tmp/inductor-c/cyzmxlyn7znc226zdqfxzp2lxflu2motldlpdxkrzqfuysjqanld/czcfyqxhf6qg3doal5pt5lvgxwgtzo2d5iq3gbiwmxzjlni6ut4e.cubin", "triton_poi_fused__native_batch_norm_legit_no_training_add_relu_16", 0, cubin_dir_); 
    }
    CUdeviceptr var_106 = reinterpret_cast<CUdeviceptr>(in_out_ptr0.data_ptr());
    CUdeviceptr var_107 = reinterpret_cast<CUdeviceptr>(in_ptr0.data_ptr());
    CUdeviceptr var_108 = reinterpret_cast<CUdeviceptr>(in_ptr1.data_ptr());
    CUdeviceptr var_109 = reinterpret_cast<CUdeviceptr>(in_ptr2.data_ptr());
    CUdeviceptr var_110 = reinterpret_cast<CUdeviceptr>(in_ptr3.data_ptr());
    CUdeviceptr var_111 = reinterpret_cast<CUdeviceptr>(in_ptr4.data_ptr());
    int32_t var_112 = xnumel;
    CUdeviceptr global_scratch_scratch_113 = 0;
    CUdeviceptr profile_scratch_scratch_114 = 0;
    void* kernel_args_[] = {&var_106, &var_107, &var_108, &var_109, &var_110, &var_111, &var_112, &global_scratch_scratch_113, &profile_scratch_scratch_114};
    launchKernel(kernels_.triton_poi_fused__native_batch_norm_legit_no_training_add_relu_16, grid_0, grid_1, grid_2, 4, 0, kernel_args_, stream_);
}

template <typename in_ptr0_type_, typename out_ptr0_type_, typename kernels_type_>
static inline void call_triton_poi_fused_convolution_17(
    const in_ptr0_type_& in_ptr0,
    const out_ptr0_type_& out_ptr0,
    int64_t ynumel,
    int64_t xnumel,
    int32_t device_idx_,
    cudaStream_t stream_,
    kernels_type_& kernels_,
    const std::optional<std::string>& cubin_dir_ = std::nullopt
){
    /*
    async_compile.triton('triton_poi_fused_convolution_17', '''
    import triton
    import triton.language as tl

    from torch._inductor.runtime import triton_helpers, triton_heuristics
    from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
    from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
    triton_helpers.set_driver_to_gpu()

    @triton_heuristics.pointwise(
        size_hints={'y': 32768, 'x': 16}, tile_hint=TileHint.SQUARE,
        filename=__file__,
        triton_meta={'signature': {'in_ptr0': '*bf16', 'out_ptr0': '*bf16', 'ynumel': 'i32', 'xnumel': 'i32', 'YBLOCK': 'constexpr', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]]}]},
        inductor_meta={'grid_type': 'Grid2D', 'autotune_hints': set(), 'kernel_name': 'triton_poi_fused_convolution_17', 'mutated_arg_names': [], 'optimize_mem': True, 'no_x_dim': False, 'atomic_add_found': False, 'num_load': 1, 'num_store': 1, 'num_reduction': 0, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': True, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': True, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'y': 1179648, 'x': 589824}},
        min_elem_per_thread=0
    )
    @triton.jit
    def triton_poi_fused_convolution_17(in_ptr0, out_ptr0, ynumel, xnumel, YBLOCK : tl.constexpr, XBLOCK : tl.constexpr):
        ynumel = 32768
        xnumel = 9
        yoffset = tl.program_id(1) * YBLOCK
        yindex = yoffset + tl.arange(0, YBLOCK)[:, None]
        ymask = tl.full([YBLOCK], True, tl.int1)[:, None]
        xoffset = tl.program_id(0) * XBLOCK
        xindex = xoffset + tl.arange(0, XBLOCK)[None, :]
        xmask = xindex < xnumel
        x2 = xindex
        y3 = yindex
        y0 = (yindex % 128)
        y1 = yindex // 128
        tmp0 = tl.load(in_ptr0 + (x2 + 9*y3), xmask, eviction_policy='evict_last').to(tl.float32)
        tl.store(out_ptr0 + (y0 + 128*x2 + 1152*y1), tmp0, xmask)
    ''', device_str='cuda')
    */
    uint32_t grid_0 = ((xnumel + (16 - 1)) / (16));
    uint32_t grid_1 = ((ynumel + (256 - 1)) / (256));
    uint32_t grid_2 = 1;
    if (grid_0 == 0 || grid_1 == 0 || grid_2 == 0) return;
    if (kernels_.triton_poi_fused_convolution_17 == nullptr) {
        kernels_.triton_poi_fused_convolution_17 = loadKernel("/tmp/inductor-c/cyzmxlyn7znc226zdqfxzp2lxflu2motldlpdxkrzqfuysjqanld/cfloo3x4h6p3o5hvjrtf66l2wh6qxqh47r465imnctobz2txr3y4.cubin", "triton_poi_fused_convolution_17", 8192, cubin_dir_); 
    }
    CUdeviceptr var_115 = reinterpret_cast<CUdeviceptr>(in_ptr0.data_ptr());
    CUdeviceptr var_116 = reinterpret_cast<CUdeviceptr>(out_ptr0.data_ptr());
    int32_t var_117 = ynumel;
    int32_t var_118 = xnumel;
    CUdeviceptr global_scratch_scratch_119 = 0;
    CUdeviceptr profile_scratch_scratch_120 = 0;
    void* kernel_args_[] = {&var_115, &var_116, &var_117, &var_118, &global_scratch_scratch_119, &profile_scratch_scratch_120};
    launchKernel(kernels_.triton_poi_fused_convolution_17, grid_0, grid_1, grid_2, 8, 8192, kernel_args_, stream_);
}

template <typename arg_X_type_, typename arg_W_type_, typename out_ptr0_type_, typename kernels_type_>
static inline void call_triton_tem_fused_convolution_18(
    const arg_X_type_& arg_X,
    const arg_W_type_& arg_W,
    const out_ptr0_type_& out_ptr0,
    int64_t _grid_0,
    int64_t _grid_1,
    int64_t _grid_2,
    int32_t device_idx_,
    cudaStream_t stream_,
    kernels_type_& kernels_,
    const std::optional<std::string>& cubin_dir_ = std::nullopt
){
    /*
    async_compile.triton('triton_tem_fused_convolution_18', '''
    import triton
    import triton.language as tl

    from torch._inductor.runtime import triton_helpers, triton_heuristics
    from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
    from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties

    @triton_heuristics.template(

    num_stages=4,
    num_warps=4,
    triton_meta={'signature': {'arg_X': '*bf16', 'arg_W': '*bf16', 'out_ptr0': '*bf16'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]]}]},
    inductor_meta={'kernel_name': 'triton_tem_fused_convolution_18', 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': True, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': True, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'grid_type': 'FixedGrid', 'fixed_grid': ['_grid_0', '_grid_1', '_grid_2'], 'extra_launcher_args': ['_grid_0', '_grid_1', '_grid_2'], 'config_args': {'KERNEL_H': 3, 'KERNEL_W': 3, 'STRIDE_H': 2, 'STRIDE_W': 2, 'PADDING_H': 1, 'PADDING_W': 1, 'GROUPS': 1, 'UNROLL': False, 'ALLOW_TF32': False, 'BLOCK_M': 64, 'BLOCK_N': 128, 'BLOCK_K': 128}},

    )
    @triton.jit
    def triton_tem_fused_convolution_18(arg_X, arg_W, out_ptr0):
        KERNEL_H : tl.constexpr = 3
        KERNEL_W : tl.constexpr = 3
        STRIDE_H : tl.constexpr = 2
        STRIDE_W : tl.constexpr = 2
        PADDING_H : tl.constexpr = 1
        PADDING_W : tl.constexpr = 1
        GROUPS : tl.constexpr = 1
        UNROLL : tl.constexpr = False
        ALLOW_TF32 : tl.constexpr = False
        BLOCK_M : tl.constexpr = 64
        BLOCK_N : tl.constexpr = 128
        BLOCK_K : tl.constexpr = 128
        INDEX_DTYPE : tl.constexpr = tl.int32
        X = arg_X
        W = arg_W

        # Tensor dimensions
        BATCH = 16
        IN_C = 128
        IN_H = 28
        IN_W = 28
        OUT_C = 256
        OUT_H = 14
        OUT_W = 14

        # Strides:
        stride_xn = 100352
        stride_xc = 1
        stride_xh = 3584
        stride_xw = 128
        stride_wc_out = 1152
        stride_wc_in = 1
        stride_wh = 384
        stride_ww = 128

        nhw = tl.program_id(0).to(INDEX_DTYPE) * BLOCK_M + tl.arange(0, BLOCK_M)
        idx_y_w = nhw % OUT_W
        nh = nhw // OUT_W
        idx_y_h = nh % OUT_H
        idx_n = nh // OUT_H
        idx_y_c = tl.program_id(1).to(INDEX_DTYPE) * BLOCK_N + tl.arange(0, BLOCK_N)


        group = 0
        GROUP_IN_C = IN_C
        GROUP_OUT_C = OUT_C


        x_base = X + (group * stride_xc * GROUP_IN_C + idx_n * stride_xn)[:, None]
        w_base = (
            W + (group * stride_wc_out * GROUP_OUT_C + idx_y_c * stride_wc_out)[None, :]
        )

        acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)


        # Could be simplified, but slightly slower:
        # for i in range(KERNEL_H):
        #     for j in range(KERNEL_W):
        #         for k in range(0, GROUP_IN_C, BLOCK_K):
        BLOCK_K_COUNT = (GROUP_IN_C + BLOCK_K - 1) // BLOCK_K
        for ijk in range(KERNEL_H * KERNEL_W * BLOCK_K_COUNT):
            k = (ijk % BLOCK_K_COUNT) * BLOCK_K
            ij = ijk // BLOCK_K_COUNT
            i = ij // KERNEL_W
            j = ij % KERNEL_W

            idx_x_h = i - PADDING_H + idx_y_h * STRIDE_H
            idx_x_w = j - PADDING_W + idx_y_w * STRIDE_W
            idx_x_c = tl.arange(0, BLOCK_K) + k

            x_ptrs = x_base + (
                (idx_x_h * stride_xh)[:, None]
                + (idx_x_w * stride_xw)[:, None]
                + (idx_x_c * stride_xc)[None, :]
            )
            mask_x = (
                (idx_n < BATCH)[:, None]
                & (idx_x_h >= 0)[:, None]
                & (idx_x_h < IN_H)[:, None]
                & (idx_x_w >= 0)[:, None]
                & (idx_x_w < IN_W)[:, None]
                & (idx_x_c < GROUP_IN_C)[None, :]
            )
            matrix_x = tl.load(x_ptrs, mask=mask_x, other=0.0)

            w_ptrs = w_base + (
                (idx_x_c * stride_wc_in)[:, None] + (i * stride_wh) + (j * stride_ww)
            )
            mask_w = (idx_x_c[:, None] < GROUP_IN_C) & (idx_y_c[None, :] < GROUP_OUT_C)
            matrix_w = tl.load(w_ptrs, mask=mask_w, other=0.0)
            acc += tl.dot(matrix_x, matrix_w, allow_tf32=ALLOW_TF32)



        mask = (
            (idx_n < BATCH)[:, None]
            & (idx_y_h < OUT_H)[:, None]
            & (idx_y_w < OUT_W)[:, None]
            & (idx_y_c < GROUP_OUT_C)[None, :]
        )
        idx_n = idx_n[:, None]
        idx_c = idx_y_c[None, :] + group * GROUP_OUT_C
        idx_h = idx_y_h[:, None]
        idx_w = idx_y_w[:, None]

        # inductor generates a suffix
        xindex = idx_w + 14*idx_h + 196*idx_c + 50176*idx_n
        tl.store(out_ptr0 + (tl.broadcast_to(idx_c + 256*idx_w + 3584*idx_h + 50176*idx_n, [BLOCK_M, BLOCK_N])), acc, mask)
    ''', device_str='cuda')
    */
    uint32_t grid_0 = _grid_0;
    uint32_t grid_1 = _grid_1;
    uint32_t grid_2 = _grid_2;
    if (grid_0 == 0 || grid_1 == 0 || grid_2 == 0) return;
    if (kernels_.triton_tem_fused_convolution_18 == nullptr) {
        kernels_.triton_tem_fused_convolution_18 = loadKernel("/tmp/inductor-c/cyzmxlyn7znc226zdqfxzp2lxflu2motldlpdxkrzqfuysjqanld/cwq55sh25eoqvq3idd6bcnvytsdwdhm3tmatggoxxlvfjg4uwmsq.cubin", "triton_tem_fused_convolution_18", 196608, cubin_dir_); 
    }
    CUdeviceptr var_121 = reinterpret_cast<CUdeviceptr>(arg_X.data_ptr());
    CUdeviceptr var_122 = reinterpret_cast<CUdeviceptr>(arg_W.data_ptr());
    CUdeviceptr var_123 = reinterpret_cast<CUdeviceptr>(out_ptr0.data_ptr());
    CUdeviceptr global_scratch_scratch_124 = 0;
    CUdeviceptr profile_scratch_scratch_125 = 0;
    void* kernel_args_[] = {&var_121, &var_122, &var_123, &global_scratch_scratch_124, &profile_scratch_scratch_125};
    launchKernel(kernels_.triton_tem_fused_convolution_18, grid_0, grid_1, grid_2, 4, 196608, kernel_args_, stream_);
}

template <typename in_out_ptr0_type_, typename in_ptr0_type_, typename in_ptr1_type_, typename in_ptr2_type_, typename in_ptr3_type_, typename kernels_type_>
static inline void call_triton_poi_fused__native_batch_norm_legit_no_training_relu_19(
    const in_out_ptr0_type_& in_out_ptr0,
    const in_ptr0_type_& in_ptr0,
    const in_ptr1_type_& in_ptr1,
    const in_ptr2_type_& in_ptr2,
    const in_ptr3_type_& in_ptr3,
    int64_t xnumel,
    int32_t device_idx_,
    cudaStream_t stream_,
    kernels_type_& kernels_,
    const std::optional<std::string>& cubin_dir_ = std::nullopt
){
    /*
    async_compile.triton('triton_poi_fused__native_batch_norm_legit_no_training_relu_19', '''
    import triton
    import triton.language as tl

    from torch._inductor.runtime import triton_helpers, triton_heuristics
    from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
    from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
    triton_helpers.set_driver_to_gpu()

    @triton_heuristics.pointwise(
        size_hints={'x': 1048576}, 
        filename=__file__,
        triton_meta={'signature': {'in_out_ptr0': '*bf16', 'in_ptr0': '*bf16', 'in_ptr1': '*bf16', 'in_ptr2': '*bf16', 'in_ptr3': '*bf16', 'xnumel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]], (3,): [['tt.divisibility', 16]], (4,): [['tt.divisibility', 16]], (5,): [['tt.divisibility', 16]]}]},
        inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_poi_fused__native_batch_norm_legit_no_training_relu_19', 'mutated_arg_names': ['in_out_ptr0'], 'optimize_mem': True, 'no_x_dim': False, 'atomic_add_found': False, 'num_load': 5, 'num_store': 1, 'num_reduction': 0, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': True, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': True, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 4818944}},
        min_elem_per_thread=0
    )
    @triton.jit
    def triton_poi_fused__native_batch_norm_legit_no_training_relu_19(in_out_ptr0, in_ptr0, in_ptr1, in_ptr2, in_ptr3, xnumel, XBLOCK : tl.constexpr):
        xnumel = 802816
        xoffset = tl.program_id(0) * XBLOCK
        xindex = xoffset + tl.arange(0, XBLOCK)[:]
        xmask = tl.full([XBLOCK], True, tl.int1)[:]
        x2 = xindex
        x0 = (xindex % 256)
        tmp0 = tl.load(in_out_ptr0 + (x2), None).to(tl.float32)
        tmp2 = tl.load(in_ptr0 + (x0), None, eviction_policy='evict_last').to(tl.float32)
        tmp5 = tl.load(in_ptr1 + (x0), None, eviction_policy='evict_last').to(tl.float32)
        tmp15 = tl.load(in_ptr2 + (x0), None, eviction_policy='evict_last').to(tl.float32)
        tmp18 = tl.load(in_ptr3 + (x0), None, eviction_policy='evict_last').to(tl.float32)
        tmp1 = tmp0.to(tl.float32)
        tmp3 = tmp2.to(tl.float32)
        tmp4 = tmp1 - tmp3
        tmp6 = tmp5.to(tl.float32)
        tmp7 = tl.full([1], 1e-05, tl.float32)
        tmp8 = tmp6 + tmp7
        tmp9 = tl.sqrt_rn(tmp8)
        tmp10 = tl.full([1], 1, tl.int32)
        tmp11 = (tmp10 / tmp9)
        tmp12 = tl.full([1], 1.0, tl.float32)
        tmp13 = tmp11 * tmp12
        tmp14 = tmp4 * tmp13
        tmp16 = tmp15.to(tl.float32)
        tmp17 = tmp14 * tmp16
        tmp19 = tmp18.to(tl.float32)
        tmp20 = tmp17 + tmp19
        tmp21 = tmp20.to(tl.float32)
        tmp22 = tl.full([1], 0, tl.int32)
        tmp23 = triton_helpers.maximum(tmp22, tmp21)
        tl.store(in_out_ptr0 + (x2), tmp23, None)
    ''', device_str='cuda')
    */
    uint32_t grid_0 = ((xnumel + (1024 - 1)) / (1024));
    uint32_t grid_1 = 1;
    uint32_t grid_2 = 1;
    if (grid_0 == 0 || grid_1 == 0 || grid_2 == 0) return;
    if (kernels_.triton_poi_fused__native_batch_norm_legit_no_training_relu_19 == nullptr) {
        kernels_.triton_poi_fused__native_batch_norm_legit_no_training_relu_19 = loadKernel("/tmp/inductor-c/cyzmxlyn7znc226zdqfxzp2lxflu2motldlpdxkrzqfuysjqanld/cr3vb2o3n3lxgxjrue7dkziqwnzabgtxvmpvrjcyg7bnrdzvkveg.cubin", "triton_poi_fused__native_batch_norm_legit_no_training_relu_19", 0, cubin_dir_); 
    }
    CUdeviceptr var_126 = reinterpret_cast<CUdeviceptr>(in_out_ptr0.data_ptr());
    CUdeviceptr var_127 = reinterpret_cast<CUdeviceptr>(in_ptr0.data_ptr());
    CUdeviceptr var_128 = reinterpret_cast<CUdeviceptr>(in_ptr1.data_ptr());
    CUdeviceptr var_129 = reinterpret_cast<CUdeviceptr>(in_ptr2.data_ptr());
    CUdeviceptr var_130 = reinterpret_cast<CUdeviceptr>(in_ptr3.data_ptr());
    int32_t var_131 = xnumel;
    CUdeviceptr global_scratch_scratch_132 = 0;
    CUdeviceptr profile_scratch_scratch_133 = 0;
    void* kernel_args_[] = {&var_126, &var_127, &var_128, &var_129, &var_130, &var_131, &global_scratch_scratch_132, &profile_scratch_scratch_133};
    launchKernel(kernels_.triton_poi_fused__native_batch_norm_legit_no_training_relu_19, grid_0, grid_1, grid_2, 4, 0, kernel_args_, stream_);
}

template <typename in_ptr0_type_, typename out_ptr0_type_, typename kernels_type_>
static inline void call_triton_poi_fused__native_batch_norm_legit_no_training_convolution_relu_20(
    const in_ptr0_type_& in_ptr0,
    const out_ptr0_type_& out_ptr0,
    int64_t ynumel,
    int64_t xnumel,
    int32_t device_idx_,
    cudaStream_t stream_,
    kernels_type_& kernels_,
    const std::optional<std::string>& cubin_dir_ = std::nullopt
){
    /*
    async_compile.triton('triton_poi_fused__native_batch_norm_legit_no_training_convolution_relu_20', '''
    import triton
    import triton.language as tl

    from torch._inductor.runtime import triton_helpers, triton_heuristics
    from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
    from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
    triton_helpers.set_driver_to_gpu()

    @triton_heuristics.pointwise(
        size_hints={'y': 65536, 'x': 16}, tile_hint=TileHint.SQUARE,
        filename=__file__,
        triton_meta={'signature': {'in_ptr0': '*bf16', 'out_ptr0': '*bf16', 'ynumel': 'i32', 'xnumel': 'i32', 'YBLOCK': 'constexpr', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]]}]},
        inductor_meta={'grid_type': 'Grid2DWithYZOverflow', 'autotune_hints': set(), 'kernel_name': 'triton_poi_fused__native_batch_norm_legit_no_training_convolution_relu_20', 'mutated_arg_names': [], 'optimize_mem': True, 'no_x_dim': False, 'atomic_add_found': False, 'num_load': 1, 'num_store': 1, 'num_reduction': 0, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': True, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': True, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'y': 2359296, 'x': 1179648}},
        min_elem_per_thread=0
    )
    @triton.jit
    def triton_poi_fused__native_batch_norm_legit_no_training_convolution_relu_20(in_ptr0, out_ptr0, ynumel, xnumel, YBLOCK : tl.constexpr, XBLOCK : tl.constexpr):
        ynumel = 65536
        xnumel = 9
        yoffset = (tl.program_id(1) + tl.program_id(2) * tl.num_programs(1)) * YBLOCK
        yindex = yoffset + tl.arange(0, YBLOCK)[:, None]
        ymask = yindex < ynumel
        xoffset = tl.program_id(0) * XBLOCK
        xindex = xoffset + tl.arange(0, XBLOCK)[None, :]
        xmask = xindex < xnumel
        x2 = xindex
        y3 = yindex
        y0 = (yindex % 256)
        y1 = yindex // 256
        tmp0 = tl.load(in_ptr0 + (x2 + 9*y3), xmask & ymask, eviction_policy='evict_last').to(tl.float32)
        tl.store(out_ptr0 + (y0 + 256*x2 + 2304*y1), tmp0, xmask & ymask)
    ''', device_str='cuda')
    */
    uint32_t y_grid_raw_ = ((ynumel + (256 - 1)) / (256));
    uint32_t y_grid_div_ = ((y_grid_raw_ + (65535 - 1)) / (65535));
    uint32_t grid_0 = ((xnumel + (16 - 1)) / (16));
    uint32_t grid_1 = ((y_grid_raw_ + (y_grid_div_ - 1)) / (y_grid_div_));
    uint32_t grid_2 = y_grid_div_;
    if (grid_0 == 0 || grid_1 == 0 || grid_2 == 0) return;
    if (kernels_.triton_poi_fused__native_batch_norm_legit_no_training_convolution_relu_20 == nullptr) {
        kernels_.triton_poi_fused__native_batch_norm_legit_no_training_convolution_relu_20 = loadKernel("/tmp/inductor-c/cyzmxlyn7znc226zdqfxzp2lxflu2motldlpdxkrzqfuysjqanld/ckfcyfpgxae67tvu76vzpm4jgkqdcoy7vdouk2slnveyzkdl6yvm.cubin", "triton_poi_fused__native_batch_norm_legit_no_training_convolution_relu_20", 8192, cubin_dir_); 
    }
    CUdeviceptr var_134 = reinterpret_cast<CUdeviceptr>(in_ptr0.data_ptr());
    CUdeviceptr var_135 = reinterpret_cast<CUdeviceptr>(out_ptr0.data_ptr());
    int32_t var_136 = ynumel;
    int32_t var_137 = xnumel;
    CUdeviceptr global_scratch_scratch_138 = 0;
    CUdeviceptr profile_scratch_scratch_139 = 0;
    void* kernel_args_[] = {&var_134, &var_135, &var_136, &var_137, &global_scratch_scratch_138, &profile_scratch_scratch_139};
    launchKernel(kernels_.triton_poi_fused__native_batch_norm_legit_no_training_convolution_relu_20, grid_0, grid_1, grid_2, 8, 8192, kernel_args_, stream_);
}

template <typename arg_X_type_, typename arg_W_type_, typename out_ptr0_type_, typename kernels_type_>
static inline void call_triton_tem_fused__native_batch_norm_legit_no_training_convolution_relu_21(
    const arg_X_type_& arg_X,
    const arg_W_type_& arg_W,
    const out_ptr0_type_& out_ptr0,
    int64_t _grid_0,
    int64_t _grid_1,
    int64_t _grid_2,
    int32_t device_idx_,
    cudaStream_t stream_,
    kernels_type_& kernels_,
    const std::optional<std::string>& cubin_dir_ = std::nullopt
){
    /*
    async_compile.triton('triton_tem_fused__native_batch_norm_legit_no_training_convolution_relu_21', '''
    import triton
    import triton.language as tl

    from torch._inductor.runtime import triton_helpers, triton_heuristics
    from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
    from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties

    @triton_heuristics.template(

    num_stages=4,
    num_warps=4,
    triton_meta={'signature': {'arg_X': '*bf16', 'arg_W': '*bf16', 'out_ptr0': '*bf16'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]]}]},
    inductor_meta={'kernel_name': 'triton_tem_fused__native_batch_norm_legit_no_training_convolution_relu_21', 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': True, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': True, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'grid_type': 'FixedGrid', 'fixed_grid': ['_grid_0', '_grid_1', '_grid_2'], 'extra_launcher_args': ['_grid_0', '_grid_1', '_grid_2'], 'config_args': {'KERNEL_H': 3, 'KERNEL_W': 3, 'STRIDE_H': 1, 'STRIDE_W': 1, 'PADDING_H': 1, 'PADDING_W': 1, 'GROUPS': 1, 'UNROLL': False, 'ALLOW_TF32': False, 'BLOCK_M': 64, 'BLOCK_N': 128, 'BLOCK_K': 64}},

    )
    @triton.jit
    def triton_tem_fused__native_batch_norm_legit_no_training_convolution_relu_21(arg_X, arg_W, out_ptr0):
        KERNEL_H : tl.constexpr = 3
        KERNEL_W : tl.constexpr = 3
        STRIDE_H : tl.constexpr = 1
        STRIDE_W : tl.constexpr = 1
        PADDING_H : tl.constexpr = 1
        PADDING_W : tl.constexpr = 1
        GROUPS : tl.constexpr = 1
        UNROLL : tl.constexpr = False
        ALLOW_TF32 : tl.constexpr = False
        BLOCK_M : tl.constexpr = 64
        BLOCK_N : tl.constexpr = 128
        BLOCK_K : tl.constexpr = 64
        INDEX_DTYPE : tl.constexpr = tl.int32
        X = arg_X
        W = arg_W

        # Tensor dimensions
        BATCH = 16
        IN_C = 256
        IN_H = 14
        IN_W = 14
        OUT_C = 256
        OUT_H = 14
        OUT_W = 14

        # Strides:
        stride_xn = 50176
        stride_xc = 1
        stride_xh = 3584
        stride_xw = 256
        stride_wc_out = 2304
        stride_wc_in = 1
        stride_wh = 768
        stride_ww = 256

        nhw = tl.program_id(0).to(INDEX_DTYPE) * BLOCK_M + tl.arange(0, BLOCK_M)
        idx_y_w = nhw % OUT_W
        nh = nhw // OUT_W
        idx_y_h = nh % OUT_H
        idx_n = nh // OUT_H
        idx_y_c = tl.program_id(1).to(INDEX_DTYPE) * BLOCK_N + tl.arange(0, BLOCK_N)


        group = 0
        GROUP_IN_C = IN_C
        GROUP_OUT_C = OUT_C


        x_base = X + (group * stride_xc * GROUP_IN_C + idx_n * stride_xn)[:, None]
        w_base = (
            W + (group * stride_wc_out * GROUP_OUT_C + idx_y_c * stride_wc_out)[None, :]
        )

        acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)


        # Could be simplified, but slightly slower:
        # for i in range(KERNEL_H):
        #     for j in range(KERNEL_W):
        #         for k in range(0, GROUP_IN_C, BLOCK_K):
        BLOCK_K_COUNT = (GROUP_IN_C + BLOCK_K - 1) // BLOCK_K
        for ijk in range(KERNEL_H * KERNEL_W * BLOCK_K_COUNT):
            k = (ijk % BLOCK_K_COUNT) * BLOCK_K
            ij = ijk // BLOCK_K_COUNT
            i = ij // KERNEL_W
            j = ij % KERNEL_W

            idx_x_h = i - PADDING_H + idx_y_h * STRIDE_H
            idx_x_w = j - PADDING_W + idx_y_w * STRIDE_W
            idx_x_c = tl.arange(0, BLOCK_K) + k

            x_ptrs = x_base + (
                (idx_x_h * stride_xh)[:, None]
                + (idx_x_w * stride_xw)[:, None]
                + (idx_x_c * stride_xc)[None, :]
            )
            mask_x = (
                (idx_n < BATCH)[:, None]
                & (idx_x_h >= 0)[:, None]
                & (idx_x_h < IN_H)[:, None]
                & (idx_x_w >= 0)[:, None]
                & (idx_x_w < IN_W)[:, None]
                & (idx_x_c < GROUP_IN_C)[None, :]
            )
            matrix_x = tl.load(x_ptrs, mask=mask_x, other=0.0)

            w_ptrs = w_base + (
                (idx_x_c * stride_wc_in)[:, None] + (i * stride_wh) + (j * stride_ww)
            )
            mask_w = (idx_x_c[:, None] < GROUP_IN_C) & (idx_y_c[None, :] < GROUP_OUT_C)
            matrix_w = tl.load(w_ptrs, mask=mask_w, other=0.0)
            acc += tl.dot(matrix_x, matrix_w, allow_tf32=ALLOW_TF32)



        mask = (
            (idx_n < BATCH)[:, None]
            & (idx_y_h < OUT_H)[:, None]
            & (idx_y_w < OUT_W)[:, None]
            & (idx_y_c < GROUP_OUT_C)[None, :]
        )
        idx_n = idx_n[:, None]
        idx_c = idx_y_c[None, :] + group * GROUP_OUT_C
        idx_h = idx_y_h[:, None]
        idx_w = idx_y_w[:, None]

        # inductor generates a suffix
        xindex = idx_w + 14*idx_h + 196*idx_c + 50176*idx_n
        tl.store(out_ptr0 + (tl.broadcast_to(idx_c + 256*idx_w + 3584*idx_h + 50176*idx_n, [BLOCK_M, BLOCK_N])), acc, mask)
    ''', device_str='cuda')
    */
    uint32_t grid_0 = _grid_0;
    uint32_t grid_1 = _grid_1;
    uint32_t grid_2 = _grid_2;
    if (grid_0 == 0 || grid_1 == 0 || grid_2 == 0) return;
    if (kernels_.triton_tem_fused__native_batch_norm_legit_no_training_convolution_relu_21 == nullptr) {
        kernels_.triton_tem_fused__native_batch_norm_legit_no_training_convolution_relu_21 = loadKernel("/tmp/inductor-c/cyzmxlyn7znc226zdqfxzp2lxflu2motldlpdxkrzqfuysjqanld/cretj46bjmjx4zpfvc2lvvxrcwqjqixgqrwbdbgsaicqaea6333c.cubin", "triton_tem_fused__native_batch_norm_legit_no_training_convolution_relu_21", 98304, cubin_dir_); 
    }
    CUdeviceptr var_140 = reinterpret_cast<CUdeviceptr>(arg_X.data_ptr());
    CUdeviceptr var_141 = reinterpret_cast<CUdeviceptr>(arg_W.data_ptr());
    CUdeviceptr var_142 = reinterpret_cast<CUdeviceptr>(out_ptr0.data_ptr());
    CUdeviceptr global_scratch_scratch_143 = 0;
    CUdeviceptr profile_scratch_scratch_144 = 0;
    void* kernel_args_[] = {&var_140, &var_141, &var_142, &global_scratch_scratch_143, &profile_scratch_scratch_144};
    launchKernel(kernels_.triton_tem_fused__native_batch_norm_legit_no_training_convolution_relu_21, grid_0, grid_1, grid_2, 4, 98304, kernel_args_, stream_);
}

template <typename arg_X_type_, typename arg_W_type_, typename out_ptr0_type_, typename kernels_type_>
static inline void call_triton_tem_fused_convolution_22(
    const arg_X_type_& arg_X,
    const arg_W_type_& arg_W,
    const out_ptr0_type_& out_ptr0,
    int64_t _grid_0,
    int64_t _grid_1,
    int64_t _grid_2,
    int32_t device_idx_,
    cudaStream_t stream_,
    kernels_type_& kernels_,
    const std::optional<std::string>& cubin_dir_ = std::nullopt
){
    /*
    async_compile.triton('triton_tem_fused_convolution_22', '''
    import triton
    import triton.language as tl

    from torch._inductor.runtime import triton_helpers, triton_heuristics
    from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
    from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties

    @triton_heuristics.template(

    num_stages=4,
    num_warps=4,
    triton_meta={'signature': {'arg_X': '*bf16', 'arg_W': '*bf16', 'out_ptr0': '*bf16'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]]}]},
    inductor_meta={'kernel_name': 'triton_tem_fused_convolution_22', 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': True, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': True, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'grid_type': 'FixedGrid', 'fixed_grid': ['_grid_0', '_grid_1', '_grid_2'], 'extra_launcher_args': ['_grid_0', '_grid_1', '_grid_2'], 'config_args': {'KERNEL_H': 1, 'KERNEL_W': 1, 'STRIDE_H': 2, 'STRIDE_W': 2, 'PADDING_H': 0, 'PADDING_W': 0, 'GROUPS': 1, 'UNROLL': True, 'ALLOW_TF32': False, 'BLOCK_M': 64, 'BLOCK_N': 128, 'BLOCK_K': 64}},

    )
    @triton.jit
    def triton_tem_fused_convolution_22(arg_X, arg_W, out_ptr0):
        KERNEL_H : tl.constexpr = 1
        KERNEL_W : tl.constexpr = 1
        STRIDE_H : tl.constexpr = 2
        STRIDE_W : tl.constexpr = 2
        PADDING_H : tl.constexpr = 0
        PADDING_W : tl.constexpr = 0
        GROUPS : tl.constexpr = 1
        UNROLL : tl.constexpr = True
        ALLOW_TF32 : tl.constexpr = False
        BLOCK_M : tl.constexpr = 64
        BLOCK_N : tl.constexpr = 128
        BLOCK_K : tl.constexpr = 64
        INDEX_DTYPE : tl.constexpr = tl.int32
        X = arg_X
        W = arg_W

        # Tensor dimensions
        BATCH = 16
        IN_C = 128
        IN_H = 28
        IN_W = 28
        OUT_C = 256
        OUT_H = 14
        OUT_W = 14

        # Strides:
        stride_xn = 100352
        stride_xc = 1
        stride_xh = 3584
        stride_xw = 128
        stride_wc_out = 128
        stride_wc_in = 1
        stride_wh = 1
        stride_ww = 1

        nhw = tl.program_id(0).to(INDEX_DTYPE) * BLOCK_M + tl.arange(0, BLOCK_M)
        idx_y_w = nhw % OUT_W
        nh = nhw // OUT_W
        idx_y_h = nh % OUT_H
        idx_n = nh // OUT_H
        idx_y_c = tl.program_id(1).to(INDEX_DTYPE) * BLOCK_N + tl.arange(0, BLOCK_N)


        group = 0
        GROUP_IN_C = IN_C
        GROUP_OUT_C = OUT_C


        x_base = X + (group * stride_xc * GROUP_IN_C + idx_n * stride_xn)[:, None]
        w_base = (
            W + (group * stride_wc_out * GROUP_OUT_C + idx_y_c * stride_wc_out)[None, :]
        )

        acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)




        i = 0
        j = 0
        for k in range(0, GROUP_IN_C, BLOCK_K):

            idx_x_h = i - PADDING_H + idx_y_h * STRIDE_H
            idx_x_w = j - PADDING_W + idx_y_w * STRIDE_W
            idx_x_c = tl.arange(0, BLOCK_K) + k

            x_ptrs = x_base + (
                (idx_x_h * stride_xh)[:, None]
                + (idx_x_w * stride_xw)[:, None]
                + (idx_x_c * stride_xc)[None, :]
            )
            mask_x = (
                (idx_n < BATCH)[:, None]
                & (idx_x_h >= 0)[:, None]
                & (idx_x_h < IN_H)[:, None]
                & (idx_x_w >= 0)[:, None]
                & (idx_x_w < IN_W)[:, None]
                & (idx_x_c < GROUP_IN_C)[None, :]
            )
            matrix_x = tl.load(x_ptrs, mask=mask_x, other=0.0)

            w_ptrs = w_base + (
                (idx_x_c * stride_wc_in)[:, None] + (i * stride_wh) + (j * stride_ww)
            )
            mask_w = (idx_x_c[:, None] < GROUP_IN_C) & (idx_y_c[None, :] < GROUP_OUT_C)
            matrix_w = tl.load(w_ptrs, mask=mask_w, other=0.0)
            acc += tl.dot(matrix_x, matrix_w, allow_tf32=ALLOW_TF32)





        mask = (
            (idx_n < BATCH)[:, None]
            & (idx_y_h < OUT_H)[:, None]
            & (idx_y_w < OUT_W)[:, None]
            & (idx_y_c < GROUP_OUT_C)[None, :]
        )
        idx_n = idx_n[:, None]
        idx_c = idx_y_c[None, :] + group * GROUP_OUT_C
        idx_h = idx_y_h[:, None]
        idx_w = idx_y_w[:, None]

        # inductor generates a suffix
        xindex = idx_w + 14*idx_h + 196*idx_c + 50176*idx_n
        tl.store(out_ptr0 + (tl.broadcast_to(idx_c + 256*idx_w + 3584*idx_h + 50176*idx_n, [BLOCK_M, BLOCK_N])), acc, mask)
    ''', device_str='cuda')
    */
    uint32_t grid_0 = _grid_0;
    uint32_t grid_1 = _grid_1;
    uint32_t grid_2 = _grid_2;
    if (grid_0 == 0 || grid_1 == 0 || grid_2 == 0) return;
    if (kernels_.triton_tem_fused_convolution_22 == nullptr) {
        kernels_.triton_tem_fused_convolution_22 = loadKernel("/tmp/inductor-c/cyzmxlyn7znc226zdqfxzp2lxflu2motldlpdxkrzqfuysjqanld/ckrgkgg3n7o6l2gel2jvryulmc4gsnk3wfbmrawjheu6bd2sn347.cubin", "triton_tem_fused_convolution_22", 98304, cubin_dir_); 
    }
    CUdeviceptr var_145 = reinterpret_cast<CUdeviceptr>(arg_X.data_ptr());
    CUdeviceptr var_146 = reinterpret_cast<CUdeviceptr>(arg_W.data_ptr());
    CUdeviceptr var_147 = reinterpret_cast<CUdeviceptr>(out_ptr0.data_ptr());
    CUdeviceptr global_scratch_scratch_148 = 0;
    CUdeviceptr profile_scratch_scratch_149 = 0;
    void* kernel_args_[] = {&var_145, &var_146, &var_147, &global_scratch_scratch_148, &profile_scratch_scratch_149};
    launchKernel(kernels_.triton_tem_fused_convolution_22, grid_0, grid_1, grid_2, 4, 98304, kernel_args_, stream_);
}

template <typename in_out_ptr0_type_, typename in_ptr0_type_, typename in_ptr1_type_, typename in_ptr2_type_, typename in_ptr3_type_, typename in_ptr4_type_, typename in_ptr5_type_, typename in_ptr6_type_, typename in_ptr7_type_, typename in_ptr8_type_, typename kernels_type_>
static inline void call_triton_poi_fused__native_batch_norm_legit_no_training_add_relu_23(
    const in_out_ptr0_type_& in_out_ptr0,
    const in_ptr0_type_& in_ptr0,
    const in_ptr1_type_& in_ptr1,
    const in_ptr2_type_& in_ptr2,
    const in_ptr3_type_& in_ptr3,
    const in_ptr4_type_& in_ptr4,
    const in_ptr5_type_& in_ptr5,
    const in_ptr6_type_& in_ptr6,
    const in_ptr7_type_& in_ptr7,
    const in_ptr8_type_& in_ptr8,
    int64_t xnumel,
    int32_t device_idx_,
    cudaStream_t stream_,
    kernels_type_& kernels_,
    const std::optional<std::string>& cubin_dir_ = std::nullopt
){
    /*
    async_compile.triton('triton_poi_fused__native_batch_norm_legit_no_training_add_relu_23', '''
    import triton
    import triton.language as tl

    from torch._inductor.runtime import triton_helpers, triton_heuristics
    from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
    from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
    triton_helpers.set_driver_to_gpu()

    @triton_heuristics.pointwise(
        size_hints={'x': 1048576}, 
        filename=__file__,
        triton_meta={'signature': {'in_out_ptr0': '*bf16', 'in_ptr0': '*bf16', 'in_ptr1': '*bf16', 'in_ptr2': '*bf16', 'in_ptr3': '*bf16', 'in_ptr4': '*bf16', 'in_ptr5': '*bf16', 'in_ptr6': '*bf16', 'in_ptr7': '*bf16', 'in_ptr8': '*bf16', 'xnumel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]], (3,): [['tt.divisibility', 16]], (4,): [['tt.divisibility', 16]], (5,): [['tt.divisibility', 16]], (6,): [['tt.divisibility', 16]], (7,): [['tt.divisibility', 16]], (8,): [['tt.divisibility', 16]], (9,): [['tt.divisibility', 16]], (10,): [['tt.divisibility', 16]]}]},
        inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_poi_fused__native_batch_norm_legit_no_training_add_relu_23', 'mutated_arg_names': ['in_out_ptr0'], 'optimize_mem': True, 'no_x_dim': False, 'atomic_add_found': False, 'num_load': 10, 'num_store': 1, 'num_reduction': 0, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': True, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': True, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 6426624}},
        min_elem_per_thread=0
    )
    @triton.jit
    def triton_poi_fused__native_batch_norm_legit_no_training_add_relu_23(in_out_ptr0, in_ptr0, in_ptr1, in_ptr2, in_ptr3, in_ptr4, in_ptr5, in_ptr6, in_ptr7, in_ptr8, xnumel, XBLOCK : tl.constexpr):
        xnumel = 802816
        xoffset = tl.program_id(0) * XBLOCK
        xindex = xoffset + tl.arange(0, XBLOCK)[:]
        xmask = tl.full([XBLOCK], True, tl.int1)[:]
        x2 = xindex
        x0 = (xindex % 256)
        tmp0 = tl.load(in_out_ptr0 + (x2), None).to(tl.float32)
        tmp2 = tl.load(in_ptr0 + (x0), None, eviction_policy='evict_last').to(tl.float32)
        tmp5 = tl.load(in_ptr1 + (x0), None, eviction_policy='evict_last').to(tl.float32)
        tmp15 = tl.load(in_ptr2 + (x0), None, eviction_policy='evict_last').to(tl.float32)
        tmp18 = tl.load(in_ptr3 + (x0), None, eviction_policy='evict_last').to(tl.float32)
        tmp22 = tl.load(in_ptr4 + (x2), None).to(tl.float32)
        tmp24 = tl.load(in_ptr5 + (x0), None, eviction_policy='evict_last').to(tl.float32)
        tmp27 = tl.load(in_ptr6 + (x0), None, eviction_policy='evict_last').to(tl.float32)
        tmp34 = tl.load(in_ptr7 + (x0), None, eviction_policy='evict_last').to(tl.float32)
        tmp37 = tl.load(in_ptr8 + (x0), None, eviction_policy='evict_last').to(tl.float32)
        tmp1 = tmp0.to(tl.float32)
        tmp3 = tmp2.to(tl.float32)
        tmp4 = tmp1 - tmp3
        tmp6 = tmp5.to(tl.float32)
        tmp7 = tl.full([1], 1e-05, tl.float32)
        tmp8 = tmp6 + tmp7
        tmp9 = tl.sqrt_rn(tmp8)
        tmp10 = tl.full([1], 1, tl.int32)
        tmp11 = (tmp10 / tmp9)
        tmp12 = tl.full([1], 1.0, tl.float32)
        tmp13 = tmp11 * tmp12
        tmp14 = tmp4 * tmp13
        tmp16 = tmp15.to(tl.float32)
        tmp17 = tmp14 * tmp16
        tmp19 = tmp18.to(tl.float32)
        tmp20 = tmp17 + tmp19
        tmp21 = tmp20.to(tl.float32)
        tmp23 = tmp22.to(tl.float32)
        tmp25 = tmp24.to(tl.float32)
        tmp26 = tmp23 - tmp25
        tmp28 = tmp27.to(tl.float32)
        tmp29 = tmp28 + tmp7
        tmp30 = tl.sqrt_rn(tmp29)
        tmp31 = (tmp10 / tmp30)
        tmp32 = tmp31 * tmp12
        tmp33 = tmp26 * tmp32
        tmp35 = tmp34.to(tl.float32)
        tmp36 = tmp33 * tmp35
        tmp38 = tmp37.to(tl.float32)
        tmp39 = tmp36 + tmp38
        tmp40 = tmp39.to(tl.float32)
        tmp41 = tmp21 + tmp40
        tmp42 = tl.full([1], 0, tl.int32)
        tmp43 = triton_helpers.maximum(tmp42, tmp41)
        tl.store(in_out_ptr0 + (x2), tmp43, None)
    ''', device_str='cuda')
    */
    uint32_t grid_0 = ((xnumel + (512 - 1)) / (512));
    uint32_t grid_1 = 1;
    uint32_t grid_2 = 1;
    if (grid_0 == 0 || grid_1 == 0 || grid_2 == 0) return;
    if (kernels_.triton_poi_fused__native_batch_norm_legit_no_training_add_relu_23 == nullptr) {
        kernels_.triton_poi_fused__native_batch_norm_legit_no_training_add_relu_23 = loadKernel("/tmp/inductor-c/cyzmxlyn7znc226zdqfxzp2lxflu2motldlpdxkrzqfuysjqanld/cmduydmbvir744iuxbicgukzxxdagmzzvxtalt7zm6ahmrdfcftq.cubin", "triton_poi_fused__native_batch_norm_legit_no_training_add_relu_23", 0, cubin_dir_); 
    }
    CUdeviceptr var_150 = reinterpret_cast<CUdeviceptr>(in_out_ptr0.data_ptr());
    CUdeviceptr var_151 = reinterpret_cast<CUdeviceptr>(in_ptr0.data_ptr());
    CUdeviceptr var_152 = reinterpret_cast<CUdeviceptr>(in_ptr1.data_ptr());
    CUdeviceptr var_153 = reinterpret_cast<CUdeviceptr>(in_ptr2.data_ptr());
    CUdeviceptr var_154 = reinterpret_cast<CUdeviceptr>(in_ptr3.data_ptr());
    CUdeviceptr var_155 = reinterpret_cast<CUdeviceptr>(in_ptr4.data_ptr());
    CUdeviceptr var_156 = reinterpret_cast<CUdeviceptr>(in_ptr5.data_ptr());
    CUdeviceptr var_157 = reinterpret_cast<CUdeviceptr>(in_ptr6.data_ptr());
    CUdeviceptr var_158 = reinterpret_cast<CUdeviceptr>(in_ptr7.data_ptr());
    CUdeviceptr var_159 = reinterpret_cast<CUdeviceptr>(in_ptr8.data_ptr());
    int32_t var_160 = xnumel;
    CUdeviceptr global_scratch_scratch_161 = 0;
    CUdeviceptr profile_scratch_scratch_162 = 0;
    void* kernel_args_[] = {&var_150, &var_151, &var_152, &var_153, &var_154, &var_155, &var_156, &var_157, &var_158, &var_159, &var_160, &global_scratch_scratch_161, &profile_scratch_scratch_162};
    launchKernel(kernels_.triton_poi_fused__native_batch_norm_legit_no_training_add_relu_23, grid_0, grid_1, grid_2, 8, 0, kernel_args_, stream_);
}

template <typename in_out_ptr0_type_, typename in_ptr0_type_, typename in_ptr1_type_, typename in_ptr2_type_, typename in_ptr3_type_, typename in_ptr4_type_, typename kernels_type_>
static inline void call_triton_poi_fused__native_batch_norm_legit_no_training_add_relu_24(
    const in_out_ptr0_type_& in_out_ptr0,
    const in_ptr0_type_& in_ptr0,
    const in_ptr1_type_& in_ptr1,
    const in_ptr2_type_& in_ptr2,
    const in_ptr3_type_& in_ptr3,
    const in_ptr4_type_& in_ptr4,
    int64_t xnumel,
    int32_t device_idx_,
    cudaStream_t stream_,
    kernels_type_& kernels_,
    const std::optional<std::string>& cubin_dir_ = std::nullopt
){
    /*
    async_compile.triton('triton_poi_fused__native_batch_norm_legit_no_training_add_relu_24', '''
    import triton
    import triton.language as tl

    from torch._inductor.runtime import triton_helpers, triton_heuristics
    from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
    from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
    triton_helpers.set_driver_to_gpu()

    @triton_heuristics.pointwise(
        size_hints={'x': 1048576}, 
        filename=__file__,
        triton_meta={'signature': {'in_out_ptr0': '*bf16', 'in_ptr0': '*bf16', 'in_ptr1': '*bf16', 'in_ptr2': '*bf16', 'in_ptr3': '*bf16', 'in_ptr4': '*bf16', 'xnumel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]], (3,): [['tt.divisibility', 16]], (4,): [['tt.divisibility', 16]], (5,): [['tt.divisibility', 16]], (6,): [['tt.divisibility', 16]]}]},
        inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_poi_fused__native_batch_norm_legit_no_training_add_relu_24', 'mutated_arg_names': ['in_out_ptr0'], 'optimize_mem': True, 'no_x_dim': False, 'atomic_add_found': False, 'num_load': 6, 'num_store': 1, 'num_reduction': 0, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': True, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': True, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 6424576}},
        min_elem_per_thread=0
    )
    @triton.jit
    def triton_poi_fused__native_batch_norm_legit_no_training_add_relu_24(in_out_ptr0, in_ptr0, in_ptr1, in_ptr2, in_ptr3, in_ptr4, xnumel, XBLOCK : tl.constexpr):
        xnumel = 802816
        xoffset = tl.program_id(0) * XBLOCK
        xindex = xoffset + tl.arange(0, XBLOCK)[:]
        xmask = tl.full([XBLOCK], True, tl.int1)[:]
        x2 = xindex
        x0 = (xindex % 256)
        tmp0 = tl.load(in_out_ptr0 + (x2), None).to(tl.float32)
        tmp2 = tl.load(in_ptr0 + (x0), None, eviction_policy='evict_last').to(tl.float32)
        tmp5 = tl.load(in_ptr1 + (x0), None, eviction_policy='evict_last').to(tl.float32)
        tmp15 = tl.load(in_ptr2 + (x0), None, eviction_policy='evict_last').to(tl.float32)
        tmp18 = tl.load(in_ptr3 + (x0), None, eviction_policy='evict_last').to(tl.float32)
        tmp22 = tl.load(in_ptr4 + (x2), None).to(tl.float32)
        tmp1 = tmp0.to(tl.float32)
        tmp3 = tmp2.to(tl.float32)
        tmp4 = tmp1 - tmp3
        tmp6 = tmp5.to(tl.float32)
        tmp7 = tl.full([1], 1e-05, tl.float32)
        tmp8 = tmp6 + tmp7
        tmp9 = tl.sqrt_rn(tmp8)
        tmp10 = tl.full([1], 1, tl.int32)
        tmp11 = (tmp10 / tmp9)
        tmp12 = tl.full([1], 1.0, tl.float32)
        tmp13 = tmp11 * tmp12
        tmp14 = tmp4 * tmp13
        tmp16 = tmp15.to(tl.float32)
        tmp17 = tmp14 * tmp16
        tmp19 = tmp18.to(tl.float32)
        tmp20 = tmp17 + tmp19
        tmp21 = tmp20.to(tl.float32)
        tmp23 = tmp21 + tmp22
        tmp24 = tl.full([1], 0, tl.int32)
        tmp25 = triton_helpers.maximum(tmp24, tmp23)
        tl.store(in_out_ptr0 + (x2), tmp25, None)
    ''', device_str='cuda')
    */
    uint32_t grid_0 = ((xnumel + (512 - 1)) / (512));
    uint32_t grid_1 = 1;
    uint32_t grid_2 = 1;
    if (grid_0 == 0 || grid_1 == 0 || grid_2 == 0) return;
    if (kernels_.triton_poi_fused__native_batch_norm_legit_no_training_add_relu_24 == nullptr) {
        kernels_.triton_poi_fused__native_batch_norm_legit_no_training_add_relu_24 = loadKernel("/tmp/inductor-c/cyzmxlyn7znc226zdqfxzp2lxflu2motldlpdxkrzqfuysjqanld/cuyjqncoifbqqmastqkmyn65amtia635nykvthykllhwd3d22yze.cubin", "triton_poi_fused__native_batch_norm_legit_no_training_add_relu_24", 0, cubin_dir_); 
    }
    CUdeviceptr var_163 = reinterpret_cast<CUdeviceptr>(in_out_ptr0.data_ptr());
    CUdeviceptr var_164 = reinterpret_cast<CUdeviceptr>(in_ptr0.data_ptr());
    CUdeviceptr var_165 = reinterpret_cast<CUdeviceptr>(in_ptr1.data_ptr());
    CUdeviceptr var_166 = reinterpret_cast<CUdeviceptr>(in_ptr2.data_ptr());
    CUdeviceptr var_167 = reinterpret_cast<CUdeviceptr>(in_ptr3.data_ptr());
    CUdeviceptr var_168 = reinterpret_cast<CUdeviceptr>(in_ptr4.data_ptr());
    int32_t var_169 = xnumel;
    CUdeviceptr global_scratch_scratch_170 = 0;
    CUdeviceptr profile_scratch_scratch_171 = 0;
    void* kernel_args_[] = {&var_163, &var_164, &var_165, &var_166, &var_167, &var_168, &var_169, &global_scratch_scratch_170, &profile_scratch_scratch_171};
    launchKernel(kernels_.triton_poi_fused__native_batch_norm_legit_no_training_add_relu_24, grid_0, grid_1, grid_2, 8, 0, kernel_args_, stream_);
}

template <typename in_ptr0_type_, typename out_ptr0_type_, typename kernels_type_>
static inline void call_triton_poi_fused_convolution_25(
    const in_ptr0_type_& in_ptr0,
    const out_ptr0_type_& out_ptr0,
    int64_t ynumel,
    int64_t xnumel,
    int32_t device_idx_,
    cudaStream_t stream_,
    kernels_type_& kernels_,
    const std::optional<std::string>& cubin_dir_ = std::nullopt
){
    /*
    async_compile.triton('triton_poi_fused_convolution_25', '''
    import triton
    import triton.language as tl

    from torch._inductor.runtime import triton_helpers, triton_heuristics
    from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
    from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
    triton_helpers.set_driver_to_gpu()

    @triton_heuristics.pointwise(
        size_hints={'y': 131072, 'x': 16}, tile_hint=TileHint.SQUARE,
        filename=__file__,
        triton_meta={'signature': {'in_ptr0': '*bf16', 'out_ptr0': '*bf16', 'ynumel': 'i32', 'xnumel': 'i32', 'YBLOCK': 'constexpr', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]]}]},
        inductor_meta={'grid_type': 'Grid2DWithYZOverflow', 'autotune_hints': set(), 'kernel_name': 'triton_poi_fused_convolution_25', 'mutated_arg_names': [], 'optimize_mem': True, 'no_x_dim': False, 'atomic_add_found': False, 'num_load': 1, 'num_store': 1, 'num_reduction': 0, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': True, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': True, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'y': 4718592, 'x': 2359296}},
        min_elem_per_thread=0
    )
    @triton.jit
    def triton_poi_fused_convolution_25(in_ptr0, out_ptr0, ynumel, xnumel, YBLOCK : tl.constexpr, XBLOCK : tl.constexpr):
        ynumel = 131072
        xnumel = 9
        yoffset = (tl.program_id(1) + tl.program_id(2) * tl.num_programs(1)) * YBLOCK
        yindex = yoffset + tl.arange(0, YBLOCK)[:, None]
        ymask = yindex < ynumel
        xoffset = tl.program_id(0) * XBLOCK
        xindex = xoffset + tl.arange(0, XBLOCK)[None, :]
        xmask = xindex < xnumel
        x2 = xindex
        y3 = yindex
        y0 = (yindex % 256)
        y1 = yindex // 256
        tmp0 = tl.load(in_ptr0 + (x2 + 9*y3), xmask & ymask, eviction_policy='evict_last').to(tl.float32)
        tl.store(out_ptr0 + (y0 + 256*x2 + 2304*y1), tmp0, xmask & ymask)
    ''', device_str='cuda')
    */
    uint32_t y_grid_raw_ = ((ynumel + (256 - 1)) / (256));
    uint32_t y_grid_div_ = ((y_grid_raw_ + (65535 - 1)) / (65535));
    uint32_t grid_0 = ((xnumel + (16 - 1)) / (16));
    uint32_t grid_1 = ((y_grid_raw_ + (y_grid_div_ - 1)) / (y_grid_div_));
    uint32_t grid_2 = y_grid_div_;
    if (grid_0 == 0 || grid_1 == 0 || grid_2 == 0) return;
    if (kernels_.triton_poi_fused_convolution_25 == nullptr) {
        kernels_.triton_poi_fused_convolution_25 = loadKernel("/tmp/inductor-c/cyzmxlyn7znc226zdqfxzp2lxflu2motldlpdxkrzqfuysjqanld/c3qc7566pcm4dzfatvbuvhlqplg5bum4qynle4ya3uwo3jmakxhi.cubin", "triton_poi_fused_convolution_25", 8192, cubin_dir_); 
    }
    CUdeviceptr var_172 = reinterpret_cast<CUdeviceptr>(in_ptr0.data_ptr());
    CUdeviceptr var_173 = reinterpret_cast<CUdeviceptr>(out_ptr0.data_ptr());
    int32_t var_174 = ynumel;
    int32_t var_175 = xnumel;
    CUdeviceptr global_scratch_scratch_176 = 0;
    CUdeviceptr profile_scratch_scratch_177 = 0;
    void* kernel_args_[] = {&var_172, &var_173, &var_174, &var_175, &global_scratch_scratch_176, &profile_scratch_scratch_177};
    launchKernel(kernels_.triton_poi_fused_convolution_25, grid_0, grid_1, grid_2, 8, 8192, kernel_args_, stream_);
}

template <typename arg_X_type_, typename arg_W_type_, typename out_ptr0_type_, typename kernels_type_>
static inline void call_triton_tem_fused_convolution_26(
    const arg_X_type_& arg_X,
    const arg_W_type_& arg_W,
    const out_ptr0_type_& out_ptr0,
    int64_t _grid_0,
    int64_t _grid_1,
    int64_t _grid_2,
    int32_t device_idx_,
    cudaStream_t stream_,
    kernels_type_& kernels_,
    const std::optional<std::string>& cubin_dir_ = std::nullopt
){
    /*
    async_compile.triton('triton_tem_fused_convolution_26', '''
    import triton
    import triton.language as tl

    from torch._inductor.runtime import triton_helpers, triton_heuristics
    from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
    from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties

    @triton_heuristics.template(

    num_stages=4,
    num_warps=4,
    triton_meta={'signature': {'arg_X': '*bf16', 'arg_W': '*bf16', 'out_ptr0': '*bf16'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]]}]},
    inductor_meta={'kernel_name': 'triton_tem_fused_convolution_26', 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': True, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': True, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'grid_type': 'FixedGrid', 'fixed_grid': ['_grid_0', '_grid_1', '_grid_2'], 'extra_launcher_args': ['_grid_0', '_grid_1', '_grid_2'], 'config_args': {'KERNEL_H': 3, 'KERNEL_W': 3, 'STRIDE_H': 2, 'STRIDE_W': 2, 'PADDING_H': 1, 'PADDING_W': 1, 'GROUPS': 1, 'UNROLL': False, 'ALLOW_TF32': False, 'BLOCK_M': 64, 'BLOCK_N': 128, 'BLOCK_K': 128}},

    )
    @triton.jit
    def triton_tem_fused_convolution_26(arg_X, arg_W, out_ptr0):
        KERNEL_H : tl.constexpr = 3
        KERNEL_W : tl.constexpr = 3
        STRIDE_H : tl.constexpr = 2
        STRIDE_W : tl.constexpr = 2
        PADDING_H : tl.constexpr = 1
        PADDING_W : tl.constexpr = 1
        GROUPS : tl.constexpr = 1
        UNROLL : tl.constexpr = False
        ALLOW_TF32 : tl.constexpr = False
        BLOCK_M : tl.constexpr = 64
        BLOCK_N : tl.constexpr = 128
        BLOCK_K : tl.constexpr = 128
        INDEX_DTYPE : tl.constexpr = tl.int32
        X = arg_X
        W = arg_W

        # Tensor dimensions
        BATCH = 16
        IN_C = 256
        IN_H = 14
        IN_W = 14
        OUT_C = 512
        OUT_H = 7
        OUT_W = 7

        # Strides:
        stride_xn = 50176
        stride_xc = 1
        stride_xh = 3584
        stride_xw = 256
        stride_wc_out = 2304
        stride_wc_in = 1
        stride_wh = 768
        stride_ww = 256

        nhw = tl.program_id(0).to(INDEX_DTYPE) * BLOCK_M + tl.arange(0, BLOCK_M)
        idx_y_w = nhw % OUT_W
        nh = nhw // OUT_W
        idx_y_h = nh % OUT_H
        idx_n = nh // OUT_H
        idx_y_c = tl.program_id(1).to(INDEX_DTYPE) * BLOCK_N + tl.arange(0, BLOCK_N)


        group = 0
        GROUP_IN_C = IN_C
        GROUP_OUT_C = OUT_C


        x_base = X + (group * stride_xc * GROUP_IN_C + idx_n * stride_xn)[:, None]
        w_base = (
            W + (group * stride_wc_out * GROUP_OUT_C + idx_y_c * stride_wc_out)[None, :]
        )

        acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)


        # Could be simplified, but slightly slower:
        # for i in range(KERNEL_H):
        #     for j in range(KERNEL_W):
        #         for k in range(0, GROUP_IN_C, BLOCK_K):
        BLOCK_K_COUNT = (GROUP_IN_C + BLOCK_K - 1) // BLOCK_K
        for ijk in range(KERNEL_H * KERNEL_W * BLOCK_K_COUNT):
            k = (ijk % BLOCK_K_COUNT) * BLOCK_K
            ij = ijk // BLOCK_K_COUNT
            i = ij // KERNEL_W
            j = ij % KERNEL_W

            idx_x_h = i - PADDING_H + idx_y_h * STRIDE_H
            idx_x_w = j - PADDING_W + idx_y_w * STRIDE_W
            idx_x_c = tl.arange(0, BLOCK_K) + k

            x_ptrs = x_base + (
                (idx_x_h * stride_xh)[:, None]
                + (idx_x_w * stride_xw)[:, None]
                + (idx_x_c * stride_xc)[None, :]
            )
            mask_x = (
                (idx_n < BATCH)[:, None]
                & (idx_x_h >= 0)[:, None]
                & (idx_x_h < IN_H)[:, None]
                & (idx_x_w >= 0)[:, None]
                & (idx_x_w < IN_W)[:, None]
                & (idx_x_c < GROUP_IN_C)[None, :]
            )
            matrix_x = tl.load(x_ptrs, mask=mask_x, other=0.0)

            w_ptrs = w_base + (
                (idx_x_c * stride_wc_in)[:, None] + (i * stride_wh) + (j * stride_ww)
            )
            mask_w = (idx_x_c[:, None] < GROUP_IN_C) & (idx_y_c[None, :] < GROUP_OUT_C)
            matrix_w = tl.load(w_ptrs, mask=mask_w, other=0.0)
            acc += tl.dot(matrix_x, matrix_w, allow_tf32=ALLOW_TF32)



        mask = (
            (idx_n < BATCH)[:, None]
            & (idx_y_h < OUT_H)[:, None]
            & (idx_y_w < OUT_W)[:, None]
            & (idx_y_c < GROUP_OUT_C)[None, :]
        )
        idx_n = idx_n[:, None]
        idx_c = idx_y_c[None, :] + group * GROUP_OUT_C
        idx_h = idx_y_h[:, None]
        idx_w = idx_y_w[:, None]

        # inductor generates a suffix
        xindex = idx_w + 7*idx_h + 49*idx_c + 25088*idx_n
        tl.store(out_ptr0 + (tl.broadcast_to(idx_c + 512*idx_w + 3584*idx_h + 25088*idx_n, [BLOCK_M, BLOCK_N])), acc, mask)
    ''', device_str='cuda')
    */
    uint32_t grid_0 = _grid_0;
    uint32_t grid_1 = _grid_1;
    uint32_t grid_2 = _grid_2;
    if (grid_0 == 0 || grid_1 == 0 || grid_2 == 0) return;
    if (kernels_.triton_tem_fused_convolution_26 == nullptr) {
        kernels_.triton_tem_fused_convolution_26 = loadKernel("/tmp/inductor-c/cyzmxlyn7znc226zdqfxzp2lxflu2motldlpdxkrzqfuysjqanld/cjzgpkhkvi2g7lodeslxasqhloaskw2br37pilhh44timtqaqc4f.cubin", "triton_tem_fused_convolution_26", 196608, cubin_dir_); 
    }
    CUdeviceptr var_178 = reinterpret_cast<CUdeviceptr>(arg_X.data_ptr());
    CUdeviceptr var_179 = reinterpret_cast<CUdeviceptr>(arg_W.data_ptr());
    CUdeviceptr var_180 = reinterpret_cast<CUdeviceptr>(out_ptr0.data_ptr());
    CUdeviceptr global_scratch_scratch_181 = 0;
    CUdeviceptr profile_scratch_scratch_182 = 0;
    void* kernel_args_[] = {&var_178, &var_179, &var_180, &global_scratch_scratch_181, &profile_scratch_scratch_182};
    launchKernel(kernels_.triton_tem_fused_convolution_26, grid_0, grid_1, grid_2, 4, 196608, kernel_args_, stream_);
}

template <typename in_out_ptr0_type_, typename in_ptr0_type_, typename in_ptr1_type_, typename in_ptr2_type_, typename in_ptr3_type_, typename kernels_type_>
static inline void call_triton_poi_fused__native_batch_norm_legit_no_training_relu_27(
    const in_out_ptr0_type_& in_out_ptr0,
    const in_ptr0_type_& in_ptr0,
    const in_ptr1_type_& in_ptr1,
    const in_ptr2_type_& in_ptr2,
    const in_ptr3_type_& in_ptr3,
    int64_t xnumel,
    int32_t device_idx_,
    cudaStream_t stream_,
    kernels_type_& kernels_,
    const std::optional<std::string>& cubin_dir_ = std::nullopt
){
    /*
    async_compile.triton('triton_poi_fused__native_batch_norm_legit_no_training_relu_27', '''
    import triton
    import triton.language as tl

    from torch._inductor.runtime import triton_helpers, triton_heuristics
    from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
    from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
    triton_helpers.set_driver_to_gpu()

    @triton_heuristics.pointwise(
        size_hints={'x': 524288}, 
        filename=__file__,
        triton_meta={'signature': {'in_out_ptr0': '*bf16', 'in_ptr0': '*bf16', 'in_ptr1': '*bf16', 'in_ptr2': '*bf16', 'in_ptr3': '*bf16', 'xnumel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]], (3,): [['tt.divisibility', 16]], (4,): [['tt.divisibility', 16]], (5,): [['tt.divisibility', 16]]}]},
        inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_poi_fused__native_batch_norm_legit_no_training_relu_27', 'mutated_arg_names': ['in_out_ptr0'], 'optimize_mem': True, 'no_x_dim': False, 'atomic_add_found': False, 'num_load': 5, 'num_store': 1, 'num_reduction': 0, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': True, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': True, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 2412544}},
        min_elem_per_thread=0
    )
    @triton.jit
    def triton_poi_fused__native_batch_norm_legit_no_training_relu_27(in_out_ptr0, in_ptr0, in_ptr1, in_ptr2, in_ptr3, xnumel, XBLOCK : tl.constexpr):
        xnumel = 401408
        xoffset = tl.program_id(0) * XBLOCK
        xindex = xoffset + tl.arange(0, XBLOCK)[:]
        xmask = tl.full([XBLOCK], True, tl.int1)[:]
        x2 = xindex
        x0 = (xindex % 512)
        tmp0 = tl.load(in_out_ptr0 + (x2), None).to(tl.float32)
        tmp2 = tl.load(in_ptr0 + (x0), None, eviction_policy='evict_last').to(tl.float32)
        tmp5 = tl.load(in_ptr1 + (x0), None, eviction_policy='evict_last').to(tl.float32)
        tmp15 = tl.load(in_ptr2 + (x0), None, eviction_policy='evict_last').to(tl.float32)
        tmp18 = tl.load(in_ptr3 + (x0), None, eviction_policy='evict_last').to(tl.float32)
        tmp1 = tmp0.to(tl.float32)
        tmp3 = tmp2.to(tl.float32)
        tmp4 = tmp1 - tmp3
        tmp6 = tmp5.to(tl.float32)
        tmp7 = tl.full([1], 1e-05, tl.float32)
        tmp8 = tmp6 + tmp7
        tmp9 = tl.sqrt_rn(tmp8)
        tmp10 = tl.full([1], 1, tl.int32)
        tmp11 = (tmp10 / tmp9)
        tmp12 = tl.full([1], 1.0, tl.float32)
        tmp13 = tmp11 * tmp12
        tmp14 = tmp4 * tmp13
        tmp16 = tmp15.to(tl.float32)
        tmp17 = tmp14 * tmp16
        tmp19 = tmp18.to(tl.float32)
        tmp20 = tmp17 + tmp19
        tmp21 = tmp20.to(tl.float32)
        tmp22 = tl.full([1], 0, tl.int32)
        tmp23 = triton_helpers.maximum(tmp22, tmp21)
        tl.store(in_out_ptr0 + (x2), tmp23, None)
    ''', device_str='cuda')
    */
    uint32_t grid_0 = ((xnumel + (512 - 1)) / (512));
    uint32_t grid_1 = 1;
    uint32_t grid_2 = 1;
    if (grid_0 == 0 || grid_1 == 0 || grid_2 == 0) return;
    if (kernels_.triton_poi_fused__native_batch_norm_legit_no_training_relu_27 == nullptr) {
        kernels_.triton_poi_fused__native_batch_norm_legit_no_training_relu_27 = loadKernel("/tmp/inductor-c/cyzmxlyn7znc226zdqfxzp2lxflu2motldlpdxkrzqfuysjqanld/cm4qispq5d6aoo3u3iae7zdcov3wbgpbw35dfgjl52tjfimk33hs.cubin", "triton_poi_fused__native_batch_norm_legit_no_training_relu_27", 0, cubin_dir_); 
    }
    CUdeviceptr var_183 = reinterpret_cast<CUdeviceptr>(in_out_ptr0.data_ptr());
    CUdeviceptr var_184 = reinterpret_cast<CUdeviceptr>(in_ptr0.data_ptr());
    CUdeviceptr var_185 = reinterpret_cast<CUdeviceptr>(in_ptr1.data_ptr());
    CUdeviceptr var_186 = reinterpret_cast<CUdeviceptr>(in_ptr2.data_ptr());
    CUdeviceptr var_187 = reinterpret_cast<CUdeviceptr>(in_ptr3.data_ptr());
    int32_t var_188 = xnumel;
    CUdeviceptr global_scratch_scratch_189 = 0;
    CUdeviceptr profile_scratch_scratch_190 = 0;
    void* kernel_args_[] = {&var_183, &var_184, &var_185, &var_186, &var_187, &var_188, &global_scratch_scratch_189, &profile_scratch_scratch_190};
    launchKernel(kernels_.triton_poi_fused__native_batch_norm_legit_no_training_relu_27, grid_0, grid_1, grid_2, 8, 0, kernel_args_, stream_);
}

template <typename in_ptr0_type_, typename out_ptr0_type_, typename kernels_type_>
static inline void call_triton_poi_fused__native_batch_norm_legit_no_training_convolution_relu_28(
    const in_ptr0_type_& in_ptr0,
    const out_ptr0_type_& out_ptr0,
    int64_t ynumel,
    int64_t xnumel,
    int32_t device_idx_,
    cudaStream_t stream_,
    kernels_type_& kernels_,
    const std::optional<std::string>& cubin_dir_ = std::nullopt
){
    /*
    async_compile.triton('triton_poi_fused__native_batch_norm_legit_no_training_convolution_relu_28', '''
    import triton
    import triton.language as tl

    from torch._inductor.runtime import triton_helpers, triton_heuristics
    from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
    from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
    triton_helpers.set_driver_to_gpu()

    @triton_heuristics.pointwise(
        size_hints={'y': 262144, 'x': 16}, tile_hint=TileHint.SQUARE,
        filename=__file__,
        triton_meta={'signature': {'in_ptr0': '*bf16', 'out_ptr0': '*bf16', 'ynumel': 'i32', 'xnumel': 'i32', 'YBLOCK': 'constexpr', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]]}]},
        inductor_meta={'grid_type': 'Grid2DWithYZOverflow', 'autotune_hints': set(), 'kernel_name': 'triton_poi_fused__native_batch_norm_legit_no_training_convolution_relu_28', 'mutated_arg_names': [], 'optimize_mem': True, 'no_x_dim': False, 'atomic_add_found': False, 'num_load': 1, 'num_store': 1, 'num_reduction': 0, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': True, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': True, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'y': 9437184, 'x': 4718592}},
        min_elem_per_thread=0
    )
    @triton.jit
    def triton_poi_fused__native_batch_norm_legit_no_training_convolution_relu_28(in_ptr0, out_ptr0, ynumel, xnumel, YBLOCK : tl.constexpr, XBLOCK : tl.constexpr):
        ynumel = 262144
        xnumel = 9
        yoffset = (tl.program_id(1) + tl.program_id(2) * tl.num_programs(1)) * YBLOCK
        yindex = yoffset + tl.arange(0, YBLOCK)[:, None]
        ymask = yindex < ynumel
        xoffset = tl.program_id(0) * XBLOCK
        xindex = xoffset + tl.arange(0, XBLOCK)[None, :]
        xmask = xindex < xnumel
        x2 = xindex
        y3 = yindex
        y0 = (yindex % 512)
        y1 = yindex // 512
        tmp0 = tl.load(in_ptr0 + (x2 + 9*y3), xmask & ymask, eviction_policy='evict_last').to(tl.float32)
        tl.store(out_ptr0 + (y0 + 512*x2 + 4608*y1), tmp0, xmask & ymask)
    ''', device_str='cuda')
    */
    uint32_t y_grid_raw_ = ((ynumel + (64 - 1)) / (64));
    uint32_t y_grid_div_ = ((y_grid_raw_ + (65535 - 1)) / (65535));
    uint32_t grid_0 = ((xnumel + (16 - 1)) / (16));
    uint32_t grid_1 = ((y_grid_raw_ + (y_grid_div_ - 1)) / (y_grid_div_));
    uint32_t grid_2 = y_grid_div_;
    if (grid_0 == 0 || grid_1 == 0 || grid_2 == 0) return;
    if (kernels_.triton_poi_fused__native_batch_norm_legit_no_training_convolution_relu_28 == nullptr) {
        kernels_.triton_poi_fused__native_batch_norm_legit_no_training_convolution_relu_28 = loadKernel("/tmp/inductor-c/cyzmxlyn7znc226zdqfxzp2lxflu2motldlpdxkrzqfuysjqanld/cej55rjx7h2b27edwe4tsa6syviwngvs5pykvlozk25oatn235q7.cubin", "triton_poi_fused__native_batch_norm_legit_no_training_convolution_relu_28", 2048, cubin_dir_); 
    }
    CUdeviceptr var_191 = reinterpret_cast<CUdeviceptr>(in_ptr0.data_ptr());
    CUdeviceptr var_192 = reinterpret_cast<CUdeviceptr>(out_ptr0.data_ptr());
    int32_t var_193 = ynumel;
    int32_t var_194 = xnumel;
    CUdeviceptr global_scratch_scratch_195 = 0;
    CUdeviceptr profile_scratch_scratch_196 = 0;
    void* kernel_args_[] = {&var_191, &var_192, &var_193, &var_194, &global_scratch_scratch_195, &profile_scratch_scratch_196};
    launchKernel(kernels_.triton_poi_fused__native_batch_norm_legit_no_training_convolution_relu_28, grid_0, grid_1, grid_2, 4, 2048, kernel_args_, stream_);
}

template <typename arg_X_type_, typename arg_W_type_, typename out_ptr0_type_, typename kernels_type_>
static inline void call_triton_tem_fused__native_batch_norm_legit_no_training_convolution_relu_29(
    const arg_X_type_& arg_X,
    const arg_W_type_& arg_W,
    const out_ptr0_type_& out_ptr0,
    int64_t _grid_0,
    int64_t _grid_1,
    int64_t _grid_2,
    int32_t device_idx_,
    cudaStream_t stream_,
    kernels_type_& kernels_,
    const std::optional<std::string>& cubin_dir_ = std::nullopt
){
    /*
    async_compile.triton('triton_tem_fused__native_batch_norm_legit_no_training_convolution_relu_29', '''
    import triton
    import triton.language as tl

    from torch._inductor.runtime import triton_helpers, triton_heuristics
    from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
    from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties

    @triton_heuristics.template(

    num_stages=4,
    num_warps=4,
    triton_meta={'signature': {'arg_X': '*bf16', 'arg_W': '*bf16', 'out_ptr0': '*bf16'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]]}]},
    inductor_meta={'kernel_name': 'triton_tem_fused__native_batch_norm_legit_no_training_convolution_relu_29', 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': True, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': True, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'grid_type': 'FixedGrid', 'fixed_grid': ['_grid_0', '_grid_1', '_grid_2'], 'extra_launcher_args': ['_grid_0', '_grid_1', '_grid_2'], 'config_args': {'KERNEL_H': 3, 'KERNEL_W': 3, 'STRIDE_H': 1, 'STRIDE_W': 1, 'PADDING_H': 1, 'PADDING_W': 1, 'GROUPS': 1, 'UNROLL': False, 'ALLOW_TF32': False, 'BLOCK_M': 64, 'BLOCK_N': 128, 'BLOCK_K': 128}},

    )
    @triton.jit
    def triton_tem_fused__native_batch_norm_legit_no_training_convolution_relu_29(arg_X, arg_W, out_ptr0):
        KERNEL_H : tl.constexpr = 3
        KERNEL_W : tl.constexpr = 3
        STRIDE_H : tl.constexpr = 1
        STRIDE_W : tl.constexpr = 1
        PADDING_H : tl.constexpr = 1
        PADDING_W : tl.constexpr = 1
        GROUPS : tl.constexpr = 1
        UNROLL : tl.constexpr = False
        ALLOW_TF32 : tl.constexpr = False
        BLOCK_M : tl.constexpr = 64
        BLOCK_N : tl.constexpr = 128
        BLOCK_K : tl.constexpr = 128
        INDEX_DTYPE : tl.constexpr = tl.int32
        X = arg_X
        W = arg_W

        # Tensor dimensions
        BATCH = 16
        IN_C = 512
        IN_H = 7
        IN_W = 7
        OUT_C = 512
        OUT_H = 7
        OUT_W = 7

        # Strides:
        stride_xn = 25088
        stride_xc = 1
        stride_xh = 3584
        stride_xw = 512
        stride_wc_out = 4608
        stride_wc_in = 1
        stride_wh = 1536
        stride_ww = 512

        nhw = tl.program_id(0).to(INDEX_DTYPE) * BLOCK_M + tl.arange(0, BLOCK_M)
        idx_y_w = nhw % OUT_W
        nh = nhw // OUT_W
        idx_y_h = nh % OUT_H
        idx_n = nh // OUT_H
        idx_y_c = tl.program_id(1).to(INDEX_DTYPE) * BLOCK_N + tl.arange(0, BLOCK_N)


        group = 0
        GROUP_IN_C = IN_C
        GROUP_OUT_C = OUT_C


        x_base = X + (group * stride_xc * GROUP_IN_C + idx_n * stride_xn)[:, None]
        w_base = (
            W + (group * stride_wc_out * GROUP_OUT_C + idx_y_c * stride_wc_out)[None, :]
        )

        acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)


        # Could be simplified, but slightly slower:
        # for i in range(KERNEL_H):
        #     for j in range(KERNEL_W):
        #         for k in range(0, GROUP_IN_C, BLOCK_K):
        BLOCK_K_COUNT = (GROUP_IN_C + BLOCK_K - 1) // BLOCK_K
        for ijk in range(KERNEL_H * KERNEL_W * BLOCK_K_COUNT):
            k = (ijk % BLOCK_K_COUNT) * BLOCK_K
            ij = ijk // BLOCK_K_COUNT
            i = ij // KERNEL_W
            j = ij % KERNEL_W

            idx_x_h = i - PADDING_H + idx_y_h * STRIDE_H
            idx_x_w = j - PADDING_W + idx_y_w * STRIDE_W
            idx_x_c = tl.arange(0, BLOCK_K) + k

            x_ptrs = x_base + (
                (idx_x_h * stride_xh)[:, None]
                + (idx_x_w * stride_xw)[:, None]
                + (idx_x_c * stride_xc)[None, :]
            )
            mask_x = (
                (idx_n < BATCH)[:, None]
                & (idx_x_h >= 0)[:, None]
                & (idx_x_h < IN_H)[:, None]
                & (idx_x_w >= 0)[:, None]
                & (idx_x_w < IN_W)[:, None]
                & (idx_x_c < GROUP_IN_C)[None, :]
            )
            matrix_x = tl.load(x_ptrs, mask=mask_x, other=0.0)

            w_ptrs = w_base + (
                (idx_x_c * stride_wc_in)[:, None] + (i * stride_wh) + (j * stride_ww)
            )
            mask_w = (idx_x_c[:, None] < GROUP_IN_C) & (idx_y_c[None, :] < GROUP_OUT_C)
            matrix_w = tl.load(w_ptrs, mask=mask_w, other=0.0)
            acc += tl.dot(matrix_x, matrix_w, allow_tf32=ALLOW_TF32)



        mask = (
            (idx_n < BATCH)[:, None]
            & (idx_y_h < OUT_H)[:, None]
            & (idx_y_w < OUT_W)[:, None]
            & (idx_y_c < GROUP_OUT_C)[None, :]
        )
        idx_n = idx_n[:, None]
        idx_c = idx_y_c[None, :] + group * GROUP_OUT_C
        idx_h = idx_y_h[:, None]
        idx_w = idx_y_w[:, None]

        # inductor generates a suffix
        xindex = idx_w + 7*idx_h + 49*idx_c + 25088*idx_n
        tl.store(out_ptr0 + (tl.broadcast_to(idx_c + 512*idx_w + 3584*idx_h + 25088*idx_n, [BLOCK_M, BLOCK_N])), acc, mask)
    ''', device_str='cuda')
    */
    uint32_t grid_0 = _grid_0;
    uint32_t grid_1 = _grid_1;
    uint32_t grid_2 = _grid_2;
    if (grid_0 == 0 || grid_1 == 0 || grid_2 == 0) return;
    if (kernels_.triton_tem_fused__native_batch_norm_legit_no_training_convolution_relu_29 == nullptr) {
        kernels_.triton_tem_fused__native_batch_norm_legit_no_training_convolution_relu_29 = loadKernel("/tmp/inductor-c/cyzmxlyn7znc226zdqfxzp2lxflu2motldlpdxkrzqfuysjqanld/c22kaycjveocpc257yygpt62mxzbtbfgokqwuse542zesipciklx.cubin", "triton_tem_fused__native_batch_norm_legit_no_training_convolution_relu_29", 196608, cubin_dir_); 
    }
    CUdeviceptr var_197 = reinterpret_cast<CUdeviceptr>(arg_X.data_ptr());
    CUdeviceptr var_198 = reinterpret_cast<CUdeviceptr>(arg_W.data_ptr());
    CUdeviceptr var_199 = reinterpret_cast<CUdeviceptr>(out_ptr0.data_ptr());
    CUdeviceptr global_scratch_scratch_200 = 0;
    CUdeviceptr profile_scratch_scratch_201 = 0;
    void* kernel_args_[] = {&var_197, &var_198, &var_199, &global_scratch_scratch_200, &profile_scratch_scratch_201};
    launchKernel(kernels_.triton_tem_fused__native_batch_norm_legit_no_training_convolution_relu_29, grid_0, grid_1, grid_2, 4, 196608, kernel_args_, stream_);
}

template <typename arg_X_type_, typename arg_W_type_, typename out_ptr0_type_, typename kernels_type_>
static inline void call_triton_tem_fused_convolution_30(
    const arg_X_type_& arg_X,
    const arg_W_type_& arg_W,
    const out_ptr0_type_& out_ptr0,
    int64_t _grid_0,
    int64_t _grid_1,
    int64_t _grid_2,
    int32_t device_idx_,
    cudaStream_t stream_,
    kernels_type_& kernels_,
    const std::optional<std::string>& cubin_dir_ = std::nullopt
){
    /*
    async_compile.triton('triton_tem_fused_convolution_30', '''
    import triton
    import triton.language as tl

    from torch._inductor.runtime import triton_helpers, triton_heuristics
    from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
    from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties

    @triton_heuristics.template(

    num_stages=4,
    num_warps=4,
    triton_meta={'signature': {'arg_X': '*bf16', 'arg_W': '*bf16', 'out_ptr0': '*bf16'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]]}]},
    inductor_meta={'kernel_name': 'triton_tem_fused_convolution_30', 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': True, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': True, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'grid_type': 'FixedGrid', 'fixed_grid': ['_grid_0', '_grid_1', '_grid_2'], 'extra_launcher_args': ['_grid_0', '_grid_1', '_grid_2'], 'config_args': {'KERNEL_H': 1, 'KERNEL_W': 1, 'STRIDE_H': 2, 'STRIDE_W': 2, 'PADDING_H': 0, 'PADDING_W': 0, 'GROUPS': 1, 'UNROLL': True, 'ALLOW_TF32': False, 'BLOCK_M': 128, 'BLOCK_N': 64, 'BLOCK_K': 64}},

    )
    @triton.jit
    def triton_tem_fused_convolution_30(arg_X, arg_W, out_ptr0):
        KERNEL_H : tl.constexpr = 1
        KERNEL_W : tl.constexpr = 1
        STRIDE_H : tl.constexpr = 2
        STRIDE_W : tl.constexpr = 2
        PADDING_H : tl.constexpr = 0
        PADDING_W : tl.constexpr = 0
        GROUPS : tl.constexpr = 1
        UNROLL : tl.constexpr = True
        ALLOW_TF32 : tl.constexpr = False
        BLOCK_M : tl.constexpr = 128
        BLOCK_N : tl.constexpr = 64
        BLOCK_K : tl.constexpr = 64
        INDEX_DTYPE : tl.constexpr = tl.int32
        X = arg_X
        W = arg_W

        # Tensor dimensions
        BATCH = 16
        IN_C = 256
        IN_H = 14
        IN_W = 14
        OUT_C = 512
        OUT_H = 7
        OUT_W = 7

        # Strides:
        stride_xn = 50176
        stride_xc = 1
        stride_xh = 3584
        stride_xw = 256
        stride_wc_out = 256
        stride_wc_in = 1
        stride_wh = 1
        stride_ww = 1

        nhw = tl.program_id(0).to(INDEX_DTYPE) * BLOCK_M + tl.arange(0, BLOCK_M)
        idx_y_w = nhw % OUT_W
        nh = nhw // OUT_W
        idx_y_h = nh % OUT_H
        idx_n = nh // OUT_H
        idx_y_c = tl.program_id(1).to(INDEX_DTYPE) * BLOCK_N + tl.arange(0, BLOCK_N)


        group = 0
        GROUP_IN_C = IN_C
        GROUP_OUT_C = OUT_C


        x_base = X + (group * stride_xc * GROUP_IN_C + idx_n * stride_xn)[:, None]
        w_base = (
            W + (group * stride_wc_out * GROUP_OUT_C + idx_y_c * stride_wc_out)[None, :]
        )

        acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)




        i = 0
        j = 0
        for k in range(0, GROUP_IN_C, BLOCK_K):

            idx_x_h = i - PADDING_H + idx_y_h * STRIDE_H
            idx_x_w = j - PADDING_W + idx_y_w * STRIDE_W
            idx_x_c = tl.arange(0, BLOCK_K) + k

            x_ptrs = x_base + (
                (idx_x_h * stride_xh)[:, None]
                + (idx_x_w * stride_xw)[:, None]
                + (idx_x_c * stride_xc)[None, :]
            )
            mask_x = (
                (idx_n < BATCH)[:, None]
                & (idx_x_h >= 0)[:, None]
                & (idx_x_h < IN_H)[:, None]
                & (idx_x_w >= 0)[:, None]
                & (idx_x_w < IN_W)[:, None]
                & (idx_x_c < GROUP_IN_C)[None, :]
            )
            matrix_x = tl.load(x_ptrs, mask=mask_x, other=0.0)

            w_ptrs = w_base + (
                (idx_x_c * stride_wc_in)[:, None] + (i * stride_wh) + (j * stride_ww)
            )
            mask_w = (idx_x_c[:, None] < GROUP_IN_C) & (idx_y_c[None, :] < GROUP_OUT_C)
            matrix_w = tl.load(w_ptrs, mask=mask_w, other=0.0)
            acc += tl.dot(matrix_x, matrix_w, allow_tf32=ALLOW_TF32)





        mask = (
            (idx_n < BATCH)[:, None]
            & (idx_y_h < OUT_H)[:, None]
            & (idx_y_w < OUT_W)[:, None]
            & (idx_y_c < GROUP_OUT_C)[None, :]
        )
        idx_n = idx_n[:, None]
        idx_c = idx_y_c[None, :] + group * GROUP_OUT_C
        idx_h = idx_y_h[:, None]
        idx_w = idx_y_w[:, None]

        # inductor generates a suffix
        xindex = idx_w + 7*idx_h + 49*idx_c + 25088*idx_n
        tl.store(out_ptr0 + (tl.broadcast_to(idx_c + 512*idx_w + 3584*idx_h + 25088*idx_n, [BLOCK_M, BLOCK_N])), acc, mask)
    ''', device_str='cuda')
    */
    uint32_t grid_0 = _grid_0;
    uint32_t grid_1 = _grid_1;
    uint32_t grid_2 = _grid_2;
    if (grid_0 == 0 || grid_1 == 0 || grid_2 == 0) return;
    if (kernels_.triton_tem_fused_convolution_30 == nullptr) {
        kernels_.triton_tem_fused_convolution_30 = loadKernel("/tmp/inductor-c/cyzmxlyn7znc226zdqfxzp2lxflu2motldlpdxkrzqfuysjqanld/cvvt63fypwyofo47knnqltxlb3iarwax7kmoczhrd6xushpp2c6i.cubin", "triton_tem_fused_convolution_30", 98304, cubin_dir_); 
    }
    CUdeviceptr var_202 = reinterpret_cast<CUdeviceptr>(arg_X.data_ptr());
    CUdeviceptr var_203 = reinterpret_cast<CUdeviceptr>(arg_W.data_ptr());
    CUdeviceptr var_204 = reinterpret_cast<CUdeviceptr>(out_ptr0.data_ptr());
    CUdeviceptr global_scratch_scratch_205 = 0;
    CUdeviceptr profile_scratch_scratch_206 = 0;
    void* kernel_args_[] = {&var_202, &var_203, &var_204, &global_scratch_scratch_205, &profile_scratch_scratch_206};
    launchKernel(kernels_.triton_tem_fused_convolution_30, grid_0, grid_1, grid_2, 4, 98304, kernel_args_, stream_);
}

template <typename in_out_ptr0_type_, typename in_ptr0_type_, typename in_ptr1_type_, typename in_ptr2_type_, typename in_ptr3_type_, typename in_ptr4_type_, typename in_ptr5_type_, typename in_ptr6_type_, typename in_ptr7_type_, typename in_ptr8_type_, typename kernels_type_>
static inline void call_triton_poi_fused__native_batch_norm_legit_no_training_add_relu_31(
    const in_out_ptr0_type_& in_out_ptr0,
    const in_ptr0_type_& in_ptr0,
    const in_ptr1_type_& in_ptr1,
    const in_ptr2_type_& in_ptr2,
    const in_ptr3_type_& in_ptr3,
    const in_ptr4_type_& in_ptr4,
    const in_ptr5_type_& in_ptr5,
    const in_ptr6_type_& in_ptr6,
    const in_ptr7_type_& in_ptr7,
    const in_ptr8_type_& in_ptr8,
    int64_t ynumel,
    int64_t xnumel,
    int32_t device_idx_,
    cudaStream_t stream_,
    kernels_type_& kernels_,
    const std::optional<std::string>& cubin_dir_ = std::nullopt
){
    /*
    async_compile.triton('triton_poi_fused__native_batch_norm_legit_no_training_add_relu_31', '''
    import triton
    import triton.language as tl

    from torch._inductor.runtime import triton_helpers, triton_heuristics
    from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
    from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
    triton_helpers.set_driver_to_gpu()

    @triton_heuristics.pointwise(
        size_hints={'y': 8192, 'x': 64}, tile_hint=TileHint.DEFAULT,
        filename=__file__,
        triton_meta={'signature': {'in_out_ptr0': '*bf16', 'in_ptr0': '*bf16', 'in_ptr1': '*bf16', 'in_ptr2': '*bf16', 'in_ptr3': '*bf16', 'in_ptr4': '*bf16', 'in_ptr5': '*bf16', 'in_ptr6': '*bf16', 'in_ptr7': '*bf16', 'in_ptr8': '*bf16', 'ynumel': 'i32', 'xnumel': 'i32', 'YBLOCK': 'constexpr', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]], (3,): [['tt.divisibility', 16]], (4,): [['tt.divisibility', 16]], (5,): [['tt.divisibility', 16]], (6,): [['tt.divisibility', 16]], (7,): [['tt.divisibility', 16]], (8,): [['tt.divisibility', 16]], (9,): [['tt.divisibility', 16]], (10,): [['tt.divisibility', 16]]}]},
        inductor_meta={'grid_type': 'Grid2D', 'autotune_hints': set(), 'kernel_name': 'triton_poi_fused__native_batch_norm_legit_no_training_add_relu_31', 'mutated_arg_names': ['in_out_ptr0'], 'optimize_mem': True, 'no_x_dim': False, 'atomic_add_found': False, 'num_load': 10, 'num_store': 1, 'num_reduction': 0, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': True, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': True, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'y': 3219456, 'x': 0}},
        min_elem_per_thread=0
    )
    @triton.jit
    def triton_poi_fused__native_batch_norm_legit_no_training_add_relu_31(in_out_ptr0, in_ptr0, in_ptr1, in_ptr2, in_ptr3, in_ptr4, in_ptr5, in_ptr6, in_ptr7, in_ptr8, ynumel, xnumel, YBLOCK : tl.constexpr, XBLOCK : tl.constexpr):
        ynumel = 8192
        xnumel = 49
        yoffset = tl.program_id(1) * YBLOCK
        yindex = yoffset + tl.arange(0, YBLOCK)[:, None]
        ymask = tl.full([YBLOCK], True, tl.int1)[:, None]
        xoffset = tl.program_id(0) * XBLOCK
        xindex = xoffset + tl.arange(0, XBLOCK)[None, :]
        xmask = xindex < xnumel
        x2 = xindex
        y0 = (yindex % 512)
        y1 = yindex // 512
        tmp0 = tl.load(in_out_ptr0 + (y0 + 512*x2 + 25088*y1), xmask, eviction_policy='evict_last').to(tl.float32)
        tmp2 = tl.load(in_ptr0 + (y0), None, eviction_policy='evict_last').to(tl.float32)
        tmp5 = tl.load(in_ptr1 + (y0), None, eviction_policy='evict_last').to(tl.float32)
        tmp15 = tl.load(in_ptr2 + (y0), None, eviction_policy='evict_last').to(tl.float32)
        tmp18 = tl.load(in_ptr3 + (y0), None, eviction_policy='evict_last').to(tl.float32)
        tmp22 = tl.load(in_ptr4 + (y0 + 512*x2 + 25088*y1), xmask, eviction_policy='evict_last').to(tl.float32)
        tmp24 = tl.load(in_ptr5 + (y0), None, eviction_policy='evict_last').to(tl.float32)
        tmp27 = tl.load(in_ptr6 + (y0), None, eviction_policy='evict_last').to(tl.float32)
        tmp34 = tl.load(in_ptr7 + (y0), None, eviction_policy='evict_last').to(tl.float32)
        tmp37 = tl.load(in_ptr8 + (y0), None, eviction_policy='evict_last').to(tl.float32)
        tmp1 = tmp0.to(tl.float32)
        tmp3 = tmp2.to(tl.float32)
        tmp4 = tmp1 - tmp3
        tmp6 = tmp5.to(tl.float32)
        tmp7 = tl.full([1, 1], 1e-05, tl.float32)
        tmp8 = tmp6 + tmp7
        tmp9 = tl.sqrt_rn(tmp8)
        tmp10 = tl.full([1, 1], 1, tl.int32)
        tmp11 = (tmp10 / tmp9)
        tmp12 = tl.full([1, 1], 1.0, tl.float32)
        tmp13 = tmp11 * tmp12
        tmp14 = tmp4 * tmp13
        tmp16 = tmp15.to(tl.float32)
        tmp17 = tmp14 * tmp16
        tmp19 = tmp18.to(tl.float32)
        tmp20 = tmp17 + tmp19
        tmp21 = tmp20.to(tl.float32)
        tmp23 = tmp22.to(tl.float32)
        tmp25 = tmp24.to(tl.float32)
        tmp26 = tmp23 - tmp25
        tmp28 = tmp27.to(tl.float32)
        tmp29 = tmp28 + tmp7
        tmp30 = tl.sqrt_rn(tmp29)
        tmp31 = (tmp10 / tmp30)
        tmp32 = tmp31 * tmp12
        tmp33 = tmp26 * tmp32
        tmp35 = tmp34.to(tl.float32)
        tmp36 = tmp33 * tmp35
        tmp38 = tmp37.to(tl.float32)
        tmp39 = tmp36 + tmp38
        tmp40 = tmp39.to(tl.float32)
        tmp41 = tmp21 + tmp40
        tmp42 = tl.full([1, 1], 0, tl.int32)
        tmp43 = triton_helpers.maximum(tmp42, tmp41)
        tl.debug_barrier()
        tl.store(in_out_ptr0 + (y0 + 512*x2 + 25088*y1), tmp43, xmask)
    ''', device_str='cuda')
    */
    uint32_t grid_0 = ((xnumel + (16 - 1)) / (16));
    uint32_t grid_1 = ((ynumel + (256 - 1)) / (256));
    uint32_t grid_2 = 1;
    if (grid_0 == 0 || grid_1 == 0 || grid_2 == 0) return;
    if (kernels_.triton_poi_fused__native_batch_norm_legit_no_training_add_relu_31 == nullptr) {
        kernels_.triton_poi_fused__native_batch_norm_legit_no_training_add_relu_31 = loadKernel("/tmp/inductor-c/cyzmxlyn7znc226zdqfxzp2lxflu2motldlpdxkrzqfuysjqanld/cnihboxgdszylkxrpe4vu4lrgqnh7jh5dojp2rxabukdufs4trte.cubin", "triton_poi_fused__native_batch_norm_legit_no_training_add_relu_31", 8192, cubin_dir_); 
    }
    CUdeviceptr var_207 = reinterpret_cast<CUdeviceptr>(in_out_ptr0.data_ptr());
    CUdeviceptr var_208 = reinterpret_cast<CUdeviceptr>(in_ptr0.data_ptr());
    CUdeviceptr var_209 = reinterpret_cast<CUdeviceptr>(in_ptr1.data_ptr());
    CUdeviceptr var_210 = reinterpret_cast<CUdeviceptr>(in_ptr2.data_ptr());
    CUdeviceptr var_211 = reinterpret_cast<CUdeviceptr>(in_ptr3.data_ptr());
    CUdeviceptr var_212 = reinterpret_cast<CUdeviceptr>(in_ptr4.data_ptr());
    CUdeviceptr var_213 = reinterpret_cast<CUdeviceptr>(in_ptr5.data_ptr());
    CUdeviceptr var_214 = reinterpret_cast<CUdeviceptr>(in_ptr6.data_ptr());
    CUdeviceptr var_215 = reinterpret_cast<CUdeviceptr>(in_ptr7.data_ptr());
    CUdeviceptr var_216 = reinterpret_cast<CUdeviceptr>(in_ptr8.data_ptr());
    int32_t var_217 = ynumel;
    int32_t var_218 = xnumel;
    CUdeviceptr global_scratch_scratch_219 = 0;
    CUdeviceptr profile_scratch_scratch_220 = 0;
    void* kernel_args_[] = {&var_207, &var_208, &var_209, &var_210, &var_211, &var_212, &var_213, &var_214, &var_215, &var_216, &var_217, &var_218, &global_scratch_scratch_219, &profile_scratch_scratch_220};
    launchKernel(kernels_.triton_poi_fused__native_batch_norm_legit_no_training_add_relu_31, grid_0, grid_1, grid_2, 8, 8192, kernel_args_, stream_);
}

template <typename in_ptr0_type_, typename in_ptr1_type_, typename in_ptr2_type_, typename in_ptr3_type_, typename in_ptr4_type_, typename in_ptr5_type_, typename out_ptr1_type_, typename kernels_type_>
static inline void call_triton_per_fused__native_batch_norm_legit_no_training_add_mean_relu_32(
    const in_ptr0_type_& in_ptr0,
    const in_ptr1_type_& in_ptr1,
    const in_ptr2_type_& in_ptr2,
    const in_ptr3_type_& in_ptr3,
    const in_ptr4_type_& in_ptr4,
    const in_ptr5_type_& in_ptr5,
    const out_ptr1_type_& out_ptr1,
    int64_t xnumel,
    int64_t r0_numel,
    int32_t device_idx_,
    cudaStream_t stream_,
    kernels_type_& kernels_,
    const std::optional<std::string>& cubin_dir_ = std::nullopt
){
    /*
    async_compile.triton('triton_per_fused__native_batch_norm_legit_no_training_add_mean_relu_32', '''
    import triton
    import triton.language as tl

    from torch._inductor.runtime import triton_helpers, triton_heuristics
    from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
    from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
    triton_helpers.set_driver_to_gpu()

    @triton_heuristics.persistent_reduction(
        size_hints={'x': 8192, 'r0_': 64},
        reduction_hint=ReductionHint.OUTER,
        filename=__file__,
        triton_meta={'signature': {'in_ptr0': '*bf16', 'in_ptr1': '*bf16', 'in_ptr2': '*bf16', 'in_ptr3': '*bf16', 'in_ptr4': '*bf16', 'in_ptr5': '*bf16', 'out_ptr1': '*bf16', 'xnumel': 'i32', 'r0_numel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]], (3,): [['tt.divisibility', 16]], (4,): [['tt.divisibility', 16]], (5,): [['tt.divisibility', 16]], (6,): [['tt.divisibility', 16]], (7,): [['tt.divisibility', 16]]}]},
        inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_per_fused__native_batch_norm_legit_no_training_add_mean_relu_32', 'mutated_arg_names': [], 'optimize_mem': True, 'no_x_dim': None, 'atomic_add_found': False, 'num_load': 6, 'num_store': 1, 'num_reduction': 1, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': True, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': True, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 1642496, 'r0_': 0}}
    )
    @triton.jit
    def triton_per_fused__native_batch_norm_legit_no_training_add_mean_relu_32(in_ptr0, in_ptr1, in_ptr2, in_ptr3, in_ptr4, in_ptr5, out_ptr1, xnumel, r0_numel, XBLOCK : tl.constexpr):
        xnumel = 8192
        r0_numel = 49
        R0_BLOCK: tl.constexpr = 64
        rnumel = r0_numel
        RBLOCK: tl.constexpr = R0_BLOCK
        xoffset = tl.program_id(0) * XBLOCK
        xindex = xoffset + tl.arange(0, XBLOCK)[:, None]
        xmask = tl.full([XBLOCK], True, tl.int1)[:, None]
        r0_index = tl.arange(0, R0_BLOCK)[None, :]
        r0_offset = 0
        r0_mask = r0_index < r0_numel
        roffset = r0_offset
        rindex = r0_index
        r0_2 = r0_index
        x0 = (xindex % 512)
        x1 = xindex // 512
        x3 = xindex
        tmp0 = tl.load(in_ptr0 + (x0 + 512*r0_2 + 25088*x1), r0_mask, other=0.0).to(tl.float32)
        tmp2 = tl.load(in_ptr1 + (x0), None, eviction_policy='evict_last').to(tl.float32)
        tmp5 = tl.load(in_ptr2 + (x0), None, eviction_policy='evict_last').to(tl.float32)
        tmp15 = tl.load(in_ptr3 + (x0), None, eviction_policy='evict_last').to(tl.float32)
        tmp18 = tl.load(in_ptr4 + (x0), None, eviction_policy='evict_last').to(tl.float32)
        tmp22 = tl.load(in_ptr5 + (x0 + 512*r0_2 + 25088*x1), r0_mask, other=0.0).to(tl.float32)
        tmp1 = tmp0.to(tl.float32)
        tmp3 = tmp2.to(tl.float32)
        tmp4 = tmp1 - tmp3
        tmp6 = tmp5.to(tl.float32)
        tmp7 = tl.full([1, 1], 1e-05, tl.float32)
        tmp8 = tmp6 + tmp7
        tmp9 = tl.sqrt_rn(tmp8)
        tmp10 = tl.full([1, 1], 1, tl.int32)
        tmp11 = (tmp10 / tmp9)
        tmp12 = tl.full([1, 1], 1.0, tl.float32)
        tmp13 = tmp11 * tmp12
        tmp14 = tmp4 * tmp13
        tmp16 = tmp15.to(tl.float32)
        tmp17 = tmp14 * tmp16
        tmp19 = tmp18.to(tl.float32)
        tmp20 = tmp17 + tmp19
        tmp21 = tmp20.to(tl.float32)
        tmp23 = tmp21 + tmp22
        tmp24 = tl.full([1, 1], 0, tl.int32)
        tmp25 = triton_helpers.maximum(tmp24, tmp23)
        tmp26 = tmp25.to(tl.float32)
        tmp27 = tl.broadcast_to(tmp26, [XBLOCK, R0_BLOCK])
        tmp29 = tl.where(r0_mask, tmp27, 0)
        tmp30 = tl.sum(tmp29, 1)[:, None].to(tl.float32)
        tmp31 = tl.full([1, 1], 49.0, tl.float32)
        tmp32 = (tmp30 / tmp31)
        tmp33 = tmp32.to(tl.float32)
        tl.store(out_ptr1 + (x3), tmp33, None)
    ''', device_str='cuda')
    */
    uint32_t grid_0 = ((xnumel + (8 - 1)) / (8));
    uint32_t grid_1 = 1;
    uint32_t grid_2 = 1;
    if (grid_0 == 0 || grid_1 == 0 || grid_2 == 0) return;
    if (kernels_.triton_per_fused__native_batch_norm_legit_no_training_add_mean_relu_32 == nullptr) {
        kernels_.triton_per_fused__native_batch_norm_legit_no_training_add_mean_relu_32 = loadKernel("/tmp/inductor-c/cyzmxlyn7znc226zdqfxzp2lxflu2motldlpdxkrzqfuysjqanld/cp5fnq4ueiamygymh2xkrd2oz3q3pxdlfnf25hkyk2qgujqp4nwu.cubin", "triton_per_fused__native_batch_norm_legit_no_training_add_mean_relu_32", 128, cubin_dir_); 
    }
    CUdeviceptr var_221 = reinterpret_cast<CUdeviceptr>(in_ptr0.data_ptr());
    CUdeviceptr var_222 = reinterpret_cast<CUdeviceptr>(in_ptr1.data_ptr());
    CUdeviceptr var_223 = reinterpret_cast<CUdeviceptr>(in_ptr2.data_ptr());
    CUdeviceptr var_224 = reinterpret_cast<CUdeviceptr>(in_ptr3.data_ptr());
    CUdeviceptr var_225 = reinterpret_cast<CUdeviceptr>(in_ptr4.data_ptr());
    CUdeviceptr var_226 = reinterpret_cast<CUdeviceptr>(in_ptr5.data_ptr());
    CUdeviceptr var_227 = reinterpret_cast<CUdeviceptr>(out_ptr1.data_ptr());
    int32_t var_228 = xnumel;
    int32_t var_229 = r0_numel;
    CUdeviceptr global_scratch_scratch_230 = 0;
    CUdeviceptr profile_scratch_scratch_231 = 0;
    void* kernel_args_[] = {&var_221, &var_222, &var_223, &var_224, &var_225, &var_226, &var_227, &var_228, &var_229, &global_scratch_scratch_230, &profile_scratch_scratch_231};
    launchKernel(kernels_.triton_per_fused__native_batch_norm_legit_no_training_add_mean_relu_32, grid_0, grid_1, grid_2, 4, 128, kernel_args_, stream_);
}

template <typename in_ptr0_type_, typename arg_A_type_, typename arg_B_type_, typename out_ptr0_type_, typename kernels_type_>
static inline void call_triton_tem_fused__native_batch_norm_legit_no_training_add_addmm_mean_relu_t_view_33(
    const in_ptr0_type_& in_ptr0,
    const arg_A_type_& arg_A,
    const arg_B_type_& arg_B,
    const out_ptr0_type_& out_ptr0,
    int64_t _grid_0,
    int64_t _grid_1,
    int64_t _grid_2,
    int32_t device_idx_,
    cudaStream_t stream_,
    kernels_type_& kernels_,
    const std::optional<std::string>& cubin_dir_ = std::nullopt
){
    /*
    async_compile.triton('triton_tem_fused__native_batch_norm_legit_no_training_add_addmm_mean_relu_t_view_33', '''
    import triton
    import triton.language as tl

    from torch._inductor.runtime import triton_helpers, triton_heuristics
    from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
    from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties

    @triton_heuristics.template(

    num_stages=5,
    num_warps=2,
    triton_meta={'signature': {'in_ptr0': '*bf16', 'arg_A': '*bf16', 'arg_B': '*bf16', 'out_ptr0': '*bf16'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]], (3,): [['tt.divisibility', 16]]}]},
    inductor_meta={'kernel_name': 'triton_tem_fused__native_batch_norm_legit_no_training_add_addmm_mean_relu_t_view_33', 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': True, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': True, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'grid_type': 'FixedGrid', 'fixed_grid': ['_grid_0', '_grid_1', '_grid_2'], 'extra_launcher_args': ['_grid_0', '_grid_1', '_grid_2'], 'config_args': {'EVEN_K': True, 'USE_FAST_ACCUM': False, 'ACC_TYPE': 'tl.float32', 'BLOCK_M': 16, 'BLOCK_N': 32, 'BLOCK_K': 128, 'GROUP_M': 8, 'ALLOW_TF32': False}},

    )
    @triton.jit
    def triton_tem_fused__native_batch_norm_legit_no_training_add_addmm_mean_relu_t_view_33(in_ptr0, arg_A, arg_B, out_ptr0):
        EVEN_K : tl.constexpr = True
        USE_FAST_ACCUM : tl.constexpr = False
        ACC_TYPE : tl.constexpr = tl.float32
        BLOCK_M : tl.constexpr = 16
        BLOCK_N : tl.constexpr = 32
        BLOCK_K : tl.constexpr = 128
        GROUP_M : tl.constexpr = 8
        ALLOW_TF32 : tl.constexpr = False
        INDEX_DTYPE : tl.constexpr = tl.int32
        A = arg_A
        B = arg_B

        M = 16
        N = 1000
        K = 512
        if M * N == 0:
            # early exit due to zero-size input(s)
            return
        stride_am = 512
        stride_ak = 1
        stride_bk = 1
        stride_bn = 512

        # based on triton.ops.matmul
        pid = tl.program_id(0).to(INDEX_DTYPE)
        grid_m = (M + BLOCK_M - 1) // BLOCK_M
        grid_n = (N + BLOCK_N - 1) // BLOCK_N

        # re-order program ID for better L2 performance
        width = GROUP_M * grid_n
        group_id = pid // width
        group_size = min(grid_m - group_id * GROUP_M, GROUP_M)
        pid_m = group_id * GROUP_M + (pid % group_size)
        pid_n = (pid % width) // (group_size)
        tl.assume(pid_m >= 0)
        tl.assume(pid_n >= 0)

        rm = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
        rn = pid_n * BLOCK_N + tl.arange(0, BLOCK_N)
        if ((stride_am == 1 and stride_ak == M) or (stride_am == K and stride_ak == 1)) and (M >= BLOCK_M and K > 1):
            offs_a_m = tl.max_contiguous(tl.multiple_of(rm % M, BLOCK_M), BLOCK_M)
        else:
            offs_a_m = rm % M
        if ((stride_bk == 1 and stride_bn == K) or (stride_bk == N and stride_bn == 1)) and (N >= BLOCK_N and K > 1):
            offs_b_n = tl.max_contiguous(tl.multiple_of(rn % N, BLOCK_N), BLOCK_N)
        else:
            offs_b_n = rn % N
        offs_k = tl.arange(0, BLOCK_K)
        acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=ACC_TYPE)

        for k_idx in range(0, tl.cdiv(K, BLOCK_K)):

            a_k_idx_vals = offs_k[None, :] + (k_idx * BLOCK_K)
            b_k_idx_vals = offs_k[:, None] + (k_idx * BLOCK_K)

            idx_m = offs_a_m[:, None]
            idx_n = a_k_idx_vals
            xindex = idx_n + 512*idx_m
            a = tl.load(A + (xindex))

            idx_m = b_k_idx_vals
            idx_n = offs_b_n[None, :]
            xindex = idx_n + 1000*idx_m
            b = tl.load(B + ((tl.broadcast_to(idx_m + 512*idx_n, [BLOCK_K, BLOCK_N])).broadcast_to(xindex.shape)))


            acc += tl.dot(a, b, allow_tf32=ALLOW_TF32, out_dtype=ACC_TYPE)


        # rematerialize rm and rn to save registers
        rm = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
        rn = pid_n * BLOCK_N + tl.arange(0, BLOCK_N)
        idx_m = rm[:, None]
        idx_n = rn[None, :]
        mask = (idx_m < M) & (idx_n < N)

        # inductor generates a suffix
        xindex = idx_n + 1000*idx_m
        tmp0 = tl.load(in_ptr0 + (tl.broadcast_to(idx_n, [BLOCK_M, BLOCK_N])), mask, eviction_policy='evict_last').to(tl.float32)
        tmp1 = acc + tmp0
        tl.store(out_ptr0 + (tl.broadcast_to(xindex, [BLOCK_M, BLOCK_N])), tmp1, mask)
    ''', device_str='cuda')
    */
    uint32_t grid_0 = _grid_0;
    uint32_t grid_1 = _grid_1;
    uint32_t grid_2 = _grid_2;
    if (grid_0 == 0 || grid_1 == 0 || grid_2 == 0) return;
    if (kernels_.triton_tem_fused__native_batch_norm_legit_no_training_add_addmm_mean_relu_t_view_33 == nullptr) {
        kernels_.triton_tem_fused__native_batch_norm_legit_no_training_add_addmm_mean_relu_t_view_33 = loadKernel("/tmp/inductor-c/cyzmxlyn7znc226zdqfxzp2lxflu2motldlpdxkrzqfuysjqanld/cvds3cwecla2ra7yzhb5hpiduyg2scrkgj4sr5iwygq4htuqxjqe.cubin", "triton_tem_fused__native_batch_norm_legit_no_training_add_addmm_mean_relu_t_view_33", 49152, cubin_dir_); 
    }
    CUdeviceptr var_232 = reinterpret_cast<CUdeviceptr>(in_ptr0.data_ptr());
    CUdeviceptr var_233 = reinterpret_cast<CUdeviceptr>(arg_A.data_ptr());
    CUdeviceptr var_234 = reinterpret_cast<CUdeviceptr>(arg_B.data_ptr());
    CUdeviceptr var_235 = reinterpret_cast<CUdeviceptr>(out_ptr0.data_ptr());
    CUdeviceptr global_scratch_scratch_236 = 0;
    CUdeviceptr profile_scratch_scratch_237 = 0;
    void* kernel_args_[] = {&var_232, &var_233, &var_234, &var_235, &global_scratch_scratch_236, &profile_scratch_scratch_237};
    launchKernel(kernels_.triton_tem_fused__native_batch_norm_legit_no_training_add_addmm_mean_relu_t_view_33, grid_0, grid_1, grid_2, 2, 49152, kernel_args_, stream_);
}

namespace torch::aot_inductor {

void AOTInductorModel::_const_run_impl(
    std::vector<AtenTensorHandle>& output_handles,
    DeviceStreamType stream,
    AOTIProxyExecutorHandle proxy_executor
) {}

AOTI_NOINLINE static void check_input_0(
    AtenTensorHandle* input_handles
) {
    ConstantHandle arg122_1 = ConstantHandle(input_handles[0]);
    int32_t arg122_1_dtype;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_get_dtype(arg122_1, &arg122_1_dtype));

    int32_t arg122_1_expected_dtype = aoti_torch_dtype_bfloat16();
    if (arg122_1_expected_dtype != arg122_1_dtype) {
        std::stringstream ss;
        ss << "input_handles[0]: unmatched dtype, "
           << "expected: " << arg122_1_expected_dtype << "(at::kBFloat16), "
           << "but got: " << arg122_1_dtype << "\n";
        throw std::runtime_error(ss.str());
    }
    auto arg122_1_size = arg122_1.sizes();

    if (16 != arg122_1_size[0]) {
        std::stringstream ss;
        ss << "input_handles[0]: unmatched dim value at 0, "
           << "expected: 16, " << "but got: " << arg122_1_size[0]
           << "\n";
        throw std::runtime_error(ss.str());
    }

    if (3 != arg122_1_size[1]) {
        std::stringstream ss;
        ss << "input_handles[0]: unmatched dim value at 1, "
           << "expected: 3, " << "but got: " << arg122_1_size[1]
           << "\n";
        throw std::runtime_error(ss.str());
    }

    if (224 != arg122_1_size[2]) {
        std::stringstream ss;
        ss << "input_handles[0]: unmatched dim value at 2, "
           << "expected: 224, " << "but got: " << arg122_1_size[2]
           << "\n";
        throw std::runtime_error(ss.str());
    }

    if (224 != arg122_1_size[3]) {
        std::stringstream ss;
        ss << "input_handles[0]: unmatched dim value at 3, "
           << "expected: 224, " << "but got: " << arg122_1_size[3]
           << "\n";
        throw std::runtime_error(ss.str());
    }
    auto arg122_1_stride = arg122_1.strides();

    if (150528 != arg122_1_stride[0]) {
        std::stringstream ss;
        ss << "input_handles[0]: unmatched stride value at 0, "
           << "expected: 150528, " << "but got: " << arg122_1_stride[0]
           << "\n";
        throw std::runtime_error(ss.str());
    }

    if (50176 != arg122_1_stride[1]) {
        std::stringstream ss;
        ss << "input_handles[0]: unmatched stride value at 1, "
           << "expected: 50176, " << "but got: " << arg122_1_stride[1]
           << "\n";
        throw std::runtime_error(ss.str());
    }

    if (224 != arg122_1_stride[2]) {
        std::stringstream ss;
        ss << "input_handles[0]: unmatched stride value at 2, "
           << "expected: 224, " << "but got: " << arg122_1_stride[2]
           << "\n";
        throw std::runtime_error(ss.str());
    }

    if (1 != arg122_1_stride[3]) {
        std::stringstream ss;
        ss << "input_handles[0]: unmatched stride value at 3, "
           << "expected: 1, " << "but got: " << arg122_1_stride[3]
           << "\n";
        throw std::runtime_error(ss.str());
    }
    int32_t arg122_1_device_type;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_get_device_type(arg122_1, &arg122_1_device_type));

    int32_t arg122_1_expected_device_type = 1;
    if (arg122_1_expected_device_type != arg122_1_device_type) {
        std::stringstream ss;
        ss << "input_handles[0]: unmatched device type, "
        << "expected: " << arg122_1_expected_device_type << "1(cuda), "
        << "but got: " << arg122_1_device_type << "\n";
        throw std::runtime_error(ss.str());
    }
}

static bool _check_aoti_runtime_check_inputs_env() {
    const static char* env_var_value = getenv("AOTI_RUNTIME_CHECK_INPUTS");
    const static bool result = env_var_value != nullptr && env_var_value[0] != '0';
    return result;
}

AOTI_NOINLINE static void __check_inputs_outputs(
    AtenTensorHandle* input_handles,
    AtenTensorHandle* output_handles) {
    if (!_check_aoti_runtime_check_inputs_env()){
        return;
    }
    check_input_0(input_handles);
}

void AOTInductorModel::run_impl(
    AtenTensorHandle*
        input_handles, // array of input AtenTensorHandle; handles
                        // are stolen; the array itself is borrowed
    AtenTensorHandle*
        output_handles, // array for writing output AtenTensorHandle; handles
                        // will be stolen by the caller; the array itself is
                        // borrowed
    DeviceStreamType stream,
    AOTIProxyExecutorHandle proxy_executor
) {
    __check_inputs_outputs(input_handles, output_handles);

    auto inputs = steal_from_raw_handles_to_raii_handles(input_handles, 1);
    auto arg122_1 = std::move(inputs[0]);
    [[maybe_unused]] auto& conv1_weight = constants_->at(0);
    [[maybe_unused]] auto& bn1_weight = constants_->at(1);
    [[maybe_unused]] auto& bn1_bias = constants_->at(2);
    [[maybe_unused]] auto& layer1_0_conv1_weight = constants_->at(3);
    [[maybe_unused]] auto& layer1_0_bn1_weight = constants_->at(4);
    [[maybe_unused]] auto& layer1_0_bn1_bias = constants_->at(5);
    [[maybe_unused]] auto& layer1_0_conv2_weight = constants_->at(6);
    [[maybe_unused]] auto& layer1_0_bn2_weight = constants_->at(7);
    [[maybe_unused]] auto& layer1_0_bn2_bias = constants_->at(8);
    [[maybe_unused]] auto& layer1_1_conv1_weight = constants_->at(9);
    [[maybe_unused]] auto& layer1_1_bn1_weight = constants_->at(10);
    [[maybe_unused]] auto& layer1_1_bn1_bias = constants_->at(11);
    [[maybe_unused]] auto& layer1_1_conv2_weight = constants_->at(12);
    [[maybe_unused]] auto& layer1_1_bn2_weight = constants_->at(13);
    [[maybe_unused]] auto& layer1_1_bn2_bias = constants_->at(14);
    [[maybe_unused]] auto& layer2_0_conv1_weight = constants_->at(15);
    [[maybe_unused]] auto& layer2_0_bn1_weight = constants_->at(16);
    [[maybe_unused]] auto& layer2_0_bn1_bias = constants_->at(17);
    [[maybe_unused]] auto& layer2_0_conv2_weight = constants_->at(18);
    [[maybe_unused]] auto& layer2_0_bn2_weight = constants_->at(19);
    [[maybe_unused]] auto& layer2_0_bn2_bias = constants_->at(20);
    [[maybe_unused]] auto& layer2_0_downsample_0_weight = constants_->at(21);
    [[maybe_unused]] auto& layer2_0_downsample_1_weight = constants_->at(22);
    [[maybe_unused]] auto& layer2_0_downsample_1_bias = constants_->at(23);
    [[maybe_unused]] auto& layer2_1_conv1_weight = constants_->at(24);
    [[maybe_unused]] auto& layer2_1_bn1_weight = constants_->at(25);
    [[maybe_unused]] auto& layer2_1_bn1_bias = constants_->at(26);
    [[maybe_unused]] auto& layer2_1_conv2_weight = constants_->at(27);
    [[maybe_unused]] auto& layer2_1_bn2_weight = constants_->at(28);
    [[maybe_unused]] auto& layer2_1_bn2_bias = constants_->at(29);
    [[maybe_unused]] auto& layer3_0_conv1_weight = constants_->at(30);
    [[maybe_unused]] auto& layer3_0_bn1_weight = constants_->at(31);
    [[maybe_unused]] auto& layer3_0_bn1_bias = constants_->at(32);
    [[maybe_unused]] auto& layer3_0_conv2_weight = constants_->at(33);
    [[maybe_unused]] auto& layer3_0_bn2_weight = constants_->at(34);
    [[maybe_unused]] auto& layer3_0_bn2_bias = constants_->at(35);
    [[maybe_unused]] auto& layer3_0_downsample_0_weight = constants_->at(36);
    [[maybe_unused]] auto& layer3_0_downsample_1_weight = constants_->at(37);
    [[maybe_unused]] auto& layer3_0_downsample_1_bias = constants_->at(38);
    [[maybe_unused]] auto& layer3_1_conv1_weight = constants_->at(39);
    [[maybe_unused]] auto& layer3_1_bn1_weight = constants_->at(40);
    [[maybe_unused]] auto& layer3_1_bn1_bias = constants_->at(41);
    [[maybe_unused]] auto& layer3_1_conv2_weight = constants_->at(42);
    [[maybe_unused]] auto& layer3_1_bn2_weight = constants_->at(43);
    [[maybe_unused]] auto& layer3_1_bn2_bias = constants_->at(44);
    [[maybe_unused]] auto& layer4_0_conv1_weight = constants_->at(45);
    [[maybe_unused]] auto& layer4_0_bn1_weight = constants_->at(46);
    [[maybe_unused]] auto& layer4_0_bn1_bias = constants_->at(47);
    [[maybe_unused]] auto& layer4_0_conv2_weight = constants_->at(48);
    [[maybe_unused]] auto& layer4_0_bn2_weight = constants_->at(49);
    [[maybe_unused]] auto& layer4_0_bn2_bias = constants_->at(50);
    [[maybe_unused]] auto& layer4_0_downsample_0_weight = constants_->at(51);
    [[maybe_unused]] auto& layer4_0_downsample_1_weight = constants_->at(52);
    [[maybe_unused]] auto& layer4_0_downsample_1_bias = constants_->at(53);
    [[maybe_unused]] auto& layer4_1_conv1_weight = constants_->at(54);
    [[maybe_unused]] auto& layer4_1_bn1_weight = constants_->at(55);
    [[maybe_unused]] auto& layer4_1_bn1_bias = constants_->at(56);
    [[maybe_unused]] auto& layer4_1_conv2_weight = constants_->at(57);
    [[maybe_unused]] auto& layer4_1_bn2_weight = constants_->at(58);
    [[maybe_unused]] auto& layer4_1_bn2_bias = constants_->at(59);
    [[maybe_unused]] auto& fc_weight = constants_->at(60);
    [[maybe_unused]] auto& fc_bias = constants_->at(61);
    [[maybe_unused]] auto& bn1_running_mean = constants_->at(62);
    [[maybe_unused]] auto& bn1_running_var = constants_->at(63);
    [[maybe_unused]] auto& layer1_0_bn1_running_mean = constants_->at(64);
    [[maybe_unused]] auto& layer1_0_bn1_running_var = constants_->at(65);
    [[maybe_unused]] auto& layer1_0_bn2_running_mean = constants_->at(66);
    [[maybe_unused]] auto& layer1_0_bn2_running_var = constants_->at(67);
    [[maybe_unused]] auto& layer1_1_bn1_running_mean = constants_->at(68);
    [[maybe_unused]] auto& layer1_1_bn1_running_var = constants_->at(69);
    [[maybe_unused]] auto& layer1_1_bn2_running_mean = constants_->at(70);
    [[maybe_unused]] auto& layer1_1_bn2_running_var = constants_->at(71);
    [[maybe_unused]] auto& layer2_0_bn1_running_mean = constants_->at(72);
    [[maybe_unused]] auto& layer2_0_bn1_running_var = constants_->at(73);
    [[maybe_unused]] auto& layer2_0_bn2_running_mean = constants_->at(74);
    [[maybe_unused]] auto& layer2_0_bn2_running_var = constants_->at(75);
    [[maybe_unused]] auto& layer2_0_downsample_1_running_mean = constants_->at(76);
    [[maybe_unused]] auto& layer2_0_downsample_1_running_var = constants_->at(77);
    [[maybe_unused]] auto& layer2_1_bn1_running_mean = constants_->at(78);
    [[maybe_unused]] auto& layer2_1_bn1_running_var = constants_->at(79);
    [[maybe_unused]] auto& layer2_1_bn2_running_mean = constants_->at(80);
    [[maybe_unused]] auto& layer2_1_bn2_running_var = constants_->at(81);
    [[maybe_unused]] auto& layer3_0_bn1_running_mean = constants_->at(82);
    [[maybe_unused]] auto& layer3_0_bn1_running_var = constants_->at(83);
    [[maybe_unused]] auto& layer3_0_bn2_running_mean = constants_->at(84);
    [[maybe_unused]] auto& layer3_0_bn2_running_var = constants_->at(85);
    [[maybe_unused]] auto& layer3_0_downsample_1_running_mean = constants_->at(86);
    [[maybe_unused]] auto& layer3_0_downsample_1_running_var = constants_->at(87);
    [[maybe_unused]] auto& layer3_1_bn1_running_mean = constants_->at(88);
    [[maybe_unused]] auto& layer3_1_bn1_running_var = constants_->at(89);
    [[maybe_unused]] auto& layer3_1_bn2_running_mean = constants_->at(90);
    [[maybe_unused]] auto& layer3_1_bn2_running_var = constants_->at(91);
    [[maybe_unused]] auto& layer4_0_bn1_running_mean = constants_->at(92);
    [[maybe_unused]] auto& layer4_0_bn1_running_var = constants_->at(93);
    [[maybe_unused]] auto& layer4_0_bn2_running_mean = constants_->at(94);
    [[maybe_unused]] auto& layer4_0_bn2_running_var = constants_->at(95);
    [[maybe_unused]] auto& layer4_0_downsample_1_running_mean = constants_->at(96);
    [[maybe_unused]] auto& layer4_0_downsample_1_running_var = constants_->at(97);
    [[maybe_unused]] auto& layer4_1_bn1_running_mean = constants_->at(98);
    [[maybe_unused]] auto& layer4_1_bn1_running_var = constants_->at(99);
    [[maybe_unused]] auto& layer4_1_bn2_running_mean = constants_->at(100);
    [[maybe_unused]] auto& layer4_1_bn2_running_var = constants_->at(101);

    if ((reinterpret_cast<std::uintptr_t>(arg122_1.data_ptr()) & (16 -1)) != 0) {
        AOTI_TORCH_WARN("Input 0 was compiled as 16-bytes aligned, but it is not aligned at run time. Copying to an aligned tensor to guarantee correctness, but expect a performance hit.");
        AtenTensorHandle arg122_1_aligned;
        aoti_torch_clone_preserve_strides(arg122_1, &arg122_1_aligned);
        arg122_1 = std::move(RAIIAtenTensorHandle(arg122_1_aligned));
    }
    inputs.clear();
    [[maybe_unused]] auto& kernels = static_cast<AOTInductorModelKernels&>(*this->kernels_.get());

    AOTICudaStreamGuard stream_guard(stream, this->device_idx_);
    static constexpr int64_t int_array_0[] = {16L, 3L, 224L, 224L};
    static constexpr int64_t int_array_1[] = {150528L, 1L, 672L, 3L};
    AtenTensorHandle buf0_handle;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_empty_strided(4, int_array_0, int_array_1, cached_torch_dtype_bfloat16, cached_torch_device_type_cuda, this->device_idx_, &buf0_handle));
    RAIIAtenTensorHandle buf0(buf0_handle);
    // Topologically Sorted Source Nodes: [conv2d], Original ATen: [aten.convolution]
    call_triton_poi_fused_convolution_0(arg122_1, buf0, 48L, 50176L, this->device_idx_, stream, kernels, this->cubin_dir_);
    arg122_1.reset();
    static constexpr int64_t int_array_2[] = {64L, 3L, 7L, 7L};
    static constexpr int64_t int_array_3[] = {147L, 1L, 21L, 3L};
    AtenTensorHandle buf1_handle;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_empty_strided(4, int_array_2, int_array_3, cached_torch_dtype_bfloat16, cached_torch_device_type_cuda, this->device_idx_, &buf1_handle));
    RAIIAtenTensorHandle buf1(buf1_handle);
    // Topologically Sorted Source Nodes: [conv2d], Original ATen: [aten.convolution]
    call_triton_poi_fused_convolution_1(conv1_weight, buf1, 192L, 49L, this->device_idx_, stream, kernels, this->cubin_dir_);
    static constexpr int64_t int_array_4[] = {16L, 64L, 112L, 112L};
    static constexpr int64_t int_array_5[] = {802816L, 1L, 7168L, 64L};
    AtenTensorHandle buf2_handle;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_empty_strided(4, int_array_4, int_array_5, cached_torch_dtype_bfloat16, cached_torch_device_type_cuda, this->device_idx_, &buf2_handle));
    RAIIAtenTensorHandle buf2(buf2_handle);
    // Topologically Sorted Source Nodes: [conv2d], Original ATen: [aten.convolution]
    call_triton_tem_fused_convolution_2(buf0, buf1, buf2, 1568L, 1L, 1, this->device_idx_, stream, kernels, this->cubin_dir_);
    buf0.reset();
    buf1.reset();
    auto buf3 = std::move(buf2);  // reuse
    // Topologically Sorted Source Nodes: [batch_norm, relu_], Original ATen: [aten._native_batch_norm_legit_no_training, aten.relu]
    call_triton_poi_fused__native_batch_norm_legit_no_training_relu_3(buf3, bn1_running_mean, bn1_running_var, bn1_weight, bn1_bias, 12845056L, this->device_idx_, stream, kernels, this->cubin_dir_);
    static constexpr int64_t int_array_6[] = {16L, 64L, 56L, 56L};
    static constexpr int64_t int_array_7[] = {200704L, 1L, 3584L, 64L};
    AtenTensorHandle buf4_handle;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_empty_strided(4, int_array_6, int_array_7, cached_torch_dtype_bfloat16, cached_torch_device_type_cuda, this->device_idx_, &buf4_handle));
    RAIIAtenTensorHandle buf4(buf4_handle);
    // Topologically Sorted Source Nodes: [batch_norm, relu_, max_pool2d], Original ATen: [aten._native_batch_norm_legit_no_training, aten.relu, aten.max_pool2d_with_indices]
    call_triton_poi_fused__native_batch_norm_legit_no_training_max_pool2d_with_indices_relu_4(buf3, buf4, 3211264L, this->device_idx_, stream, kernels, this->cubin_dir_);
    buf3.reset();
    static constexpr int64_t int_array_8[] = {64L, 64L, 3L, 3L};
    static constexpr int64_t int_array_9[] = {576L, 1L, 192L, 64L};
    AtenTensorHandle buf5_handle;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_empty_strided(4, int_array_8, int_array_9, cached_torch_dtype_bfloat16, cached_torch_device_type_cuda, this->device_idx_, &buf5_handle));
    RAIIAtenTensorHandle buf5(buf5_handle);
    // Topologically Sorted Source Nodes: [conv2d_1], Original ATen: [aten.convolution]
    call_triton_poi_fused_convolution_5(layer1_0_conv1_weight, buf5, 4096L, 9L, this->device_idx_, stream, kernels, this->cubin_dir_);
    static constexpr int64_t int_array_10[] = {16L, 64L, 56L, 56L};
    static constexpr int64_t int_array_11[] = {200704L, 1L, 3584L, 64L};
    AtenTensorHandle buf6_handle;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_empty_strided(4, int_array_10, int_array_11, cached_torch_dtype_bfloat16, cached_torch_device_type_cuda, this->device_idx_, &buf6_handle));
    RAIIAtenTensorHandle buf6(buf6_handle);
    // Topologically Sorted Source Nodes: [conv2d_1], Original ATen: [aten.convolution]
    call_triton_tem_fused_convolution_6(buf4, buf5, buf6, 392L, 1L, 1, this->device_idx_, stream, kernels, this->cubin_dir_);
    auto buf7 = std::move(buf6);  // reuse
    // Topologically Sorted Source Nodes: [batch_norm_1, relu__1], Original ATen: [aten._native_batch_norm_legit_no_training, aten.relu]
    call_triton_poi_fused__native_batch_norm_legit_no_training_relu_7(buf7, layer1_0_bn1_running_mean, layer1_0_bn1_running_var, layer1_0_bn1_weight, layer1_0_bn1_bias, 3211264L, this->device_idx_, stream, kernels, this->cubin_dir_);
    auto buf8 = std::move(buf5);  // reuse
    // Topologically Sorted Source Nodes: [batch_norm_1, relu__1, conv2d_2], Original ATen: [aten._native_batch_norm_legit_no_training, aten.relu, aten.convolution]
    call_triton_poi_fused_convolution_5(layer1_0_conv2_weight, buf8, 4096L, 9L, this->device_idx_, stream, kernels, this->cubin_dir_);
    static constexpr int64_t int_array_12[] = {16L, 64L, 56L, 56L};
    static constexpr int64_t int_array_13[] = {200704L, 1L, 3584L, 64L};
    AtenTensorHandle buf9_handle;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_empty_strided(4, int_array_12, int_array_13, cached_torch_dtype_bfloat16, cached_torch_device_type_cuda, this->device_idx_, &buf9_handle));
    RAIIAtenTensorHandle buf9(buf9_handle);
    // Topologically Sorted Source Nodes: [batch_norm_1, relu__1, conv2d_2], Original ATen: [aten._native_batch_norm_legit_no_training, aten.relu, aten.convolution]
    call_triton_tem_fused_convolution_6(buf7, buf8, buf9, 392L, 1L, 1, this->device_idx_, stream, kernels, this->cubin_dir_);
    auto buf10 = std::move(buf9);  // reuse
    // Topologically Sorted Source Nodes: [batch_norm_2, add_, relu__2], Original ATen: [aten._native_batch_norm_legit_no_training, aten.add, aten.relu]
    call_triton_poi_fused__native_batch_norm_legit_no_training_add_relu_8(buf10, layer1_0_bn2_running_mean, layer1_0_bn2_running_var, layer1_0_bn2_weight, layer1_0_bn2_bias, buf4, 3211264L, this->device_idx_, stream, kernels, this->cubin_dir_);
    auto buf11 = std::move(buf8);  // reuse
    // Topologically Sorted Source Nodes: [conv2d_3], Original ATen: [aten.convolution]
    call_triton_poi_fused_convolution_5(layer1_1_conv1_weight, buf11, 4096L, 9L, this->device_idx_, stream, kernels, this->cubin_dir_);
    auto buf12 = std::move(buf4);  // reuse
    // Topologically Sorted Source Nodes: [conv2d_3], Original ATen: [aten.convolution]
    call_triton_tem_fused_convolution_6(buf10, buf11, buf12, 392L, 1L, 1, this->device_idx_, stream, kernels, this->cubin_dir_);
    auto buf13 = std::move(buf12);  // reuse
    // Topologically Sorted Source Nodes: [batch_norm_3, relu__3], Original ATen: [aten._native_batch_norm_legit_no_training, aten.relu]
    call_triton_poi_fused__native_batch_norm_legit_no_training_relu_7(buf13, layer1_1_bn1_running_mean, layer1_1_bn1_running_var, layer1_1_bn1_weight, layer1_1_bn1_bias, 3211264L, this->device_idx_, stream, kernels, this->cubin_dir_);
    auto buf14 = std::move(buf11);  // reuse
    // Topologically Sorted Source Nodes: [batch_norm_3, relu__3, conv2d_4], Original ATen: [aten._native_batch_norm_legit_no_training, aten.relu, aten.convolution]
    call_triton_poi_fused_convolution_5(layer1_1_conv2_weight, buf14, 4096L, 9L, this->device_idx_, stream, kernels, this->cubin_dir_);
    auto buf15 = std::move(buf7);  // reuse
    // Topologically Sorted Source Nodes: [batch_norm_3, relu__3, conv2d_4], Original ATen: [aten._native_batch_norm_legit_no_training, aten.relu, aten.convolution]
    call_triton_tem_fused_convolution_6(buf13, buf14, buf15, 392L, 1L, 1, this->device_idx_, stream, kernels, this->cubin_dir_);
    buf13.reset();
    buf14.reset();
    auto buf16 = std::move(buf15);  // reuse
    // Topologically Sorted Source Nodes: [batch_norm_4, add__1, relu__4], Original ATen: [aten._native_batch_norm_legit_no_training, aten.add, aten.relu]
    call_triton_poi_fused__native_batch_norm_legit_no_training_add_relu_8(buf16, layer1_1_bn2_running_mean, layer1_1_bn2_running_var, layer1_1_bn2_weight, layer1_1_bn2_bias, buf10, 3211264L, this->device_idx_, stream, kernels, this->cubin_dir_);
    buf10.reset();
    static constexpr int64_t int_array_14[] = {128L, 64L, 3L, 3L};
    static constexpr int64_t int_array_15[] = {576L, 1L, 192L, 64L};
    AtenTensorHandle buf17_handle;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_empty_strided(4, int_array_14, int_array_15, cached_torch_dtype_bfloat16, cached_torch_device_type_cuda, this->device_idx_, &buf17_handle));
    RAIIAtenTensorHandle buf17(buf17_handle);
    // Topologically Sorted Source Nodes: [conv2d_5], Original ATen: [aten.convolution]
    call_triton_poi_fused_convolution_9(layer2_0_conv1_weight, buf17, 8192L, 9L, this->device_idx_, stream, kernels, this->cubin_dir_);
    static constexpr int64_t int_array_16[] = {16L, 128L, 28L, 28L};
    static constexpr int64_t int_array_17[] = {100352L, 1L, 3584L, 128L};
    AtenTensorHandle buf18_handle;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_empty_strided(4, int_array_16, int_array_17, cached_torch_dtype_bfloat16, cached_torch_device_type_cuda, this->device_idx_, &buf18_handle));
    RAIIAtenTensorHandle buf18(buf18_handle);
    // Topologically Sorted Source Nodes: [conv2d_5], Original ATen: [aten.convolution]
    call_triton_tem_fused_convolution_10(buf16, buf17, buf18, 196L, 1L, 1, this->device_idx_, stream, kernels, this->cubin_dir_);
    buf17.reset();
    auto buf19 = std::move(buf18);  // reuse
    // Topologically Sorted Source Nodes: [batch_norm_5, relu__5], Original ATen: [aten._native_batch_norm_legit_no_training, aten.relu]
    call_triton_poi_fused__native_batch_norm_legit_no_training_relu_11(buf19, layer2_0_bn1_running_mean, layer2_0_bn1_running_var, layer2_0_bn1_weight, layer2_0_bn1_bias, 1605632L, this->device_idx_, stream, kernels, this->cubin_dir_);
    static constexpr int64_t int_array_18[] = {128L, 128L, 3L, 3L};
    static constexpr int64_t int_array_19[] = {1152L, 1L, 384L, 128L};
    AtenTensorHandle buf20_handle;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_empty_strided(4, int_array_18, int_array_19, cached_torch_dtype_bfloat16, cached_torch_device_type_cuda, this->device_idx_, &buf20_handle));
    RAIIAtenTensorHandle buf20(buf20_handle);
    // Topologically Sorted Source Nodes: [batch_norm_5, relu__5, conv2d_6], Original ATen: [aten._native_batch_norm_legit_no_training, aten.relu, aten.convolution]
    call_triton_poi_fused__native_batch_norm_legit_no_training_convolution_relu_12(layer2_0_conv2_weight, buf20, 16384L, 9L, this->device_idx_, stream, kernels, this->cubin_dir_);
    static constexpr int64_t int_array_20[] = {16L, 128L, 28L, 28L};
    static constexpr int64_t int_array_21[] = {100352L, 1L, 3584L, 128L};
    AtenTensorHandle buf21_handle;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_empty_strided(4, int_array_20, int_array_21, cached_torch_dtype_bfloat16, cached_torch_device_type_cuda, this->device_idx_, &buf21_handle));
    RAIIAtenTensorHandle buf21(buf21_handle);
    // Topologically Sorted Source Nodes: [batch_norm_5, relu__5, conv2d_6], Original ATen: [aten._native_batch_norm_legit_no_training, aten.relu, aten.convolution]
    call_triton_tem_fused__native_batch_norm_legit_no_training_convolution_relu_13(buf19, buf20, buf21, 196L, 1L, 1, this->device_idx_, stream, kernels, this->cubin_dir_);
    auto buf22 = std::move(buf19);  // reuse
    // Topologically Sorted Source Nodes: [conv2d_7], Original ATen: [aten.convolution]
    call_triton_tem_fused_convolution_14(buf16, layer2_0_downsample_0_weight, buf22, 196L, 1L, 1, this->device_idx_, stream, kernels, this->cubin_dir_);
    buf16.reset();
    auto buf23 = std::move(buf21);  // reuse
    auto buf24 = std::move(buf23);  // reuse
    // Topologically Sorted Source Nodes: [batch_norm_6, batch_norm_7, add__2, relu__6], Original ATen: [aten._native_batch_norm_legit_no_training, aten.add, aten.relu]
    call_triton_poi_fused__native_batch_norm_legit_no_training_add_relu_15(buf24, layer2_0_bn2_running_mean, layer2_0_bn2_running_var, layer2_0_bn2_weight, layer2_0_bn2_bias, buf22, layer2_0_downsample_1_running_mean, layer2_0_downsample_1_running_var, layer2_0_downsample_1_weight, layer2_0_downsample_1_bias, 1605632L, this->device_idx_, stream, kernels, this->cubin_dir_);
    auto buf25 = std::move(buf20);  // reuse
    // Topologically Sorted Source Nodes: [relu__6, conv2d_8], Original ATen: [aten.relu, aten.convolution]
    call_triton_poi_fused__native_batch_norm_legit_no_training_convolution_relu_12(layer2_1_conv1_weight, buf25, 16384L, 9L, this->device_idx_, stream, kernels, this->cubin_dir_);
    auto buf26 = std::move(buf22);  // reuse
    // Topologically Sorted Source Nodes: [relu__6, conv2d_8], Original ATen: [aten.relu, aten.convolution]
    call_triton_tem_fused__native_batch_norm_legit_no_training_convolution_relu_13(buf24, buf25, buf26, 196L, 1L, 1, this->device_idx_, stream, kernels, this->cubin_dir_);
    auto buf27 = std::move(buf26);  // reuse
    // Topologically Sorted Source Nodes: [batch_norm_8, relu__7], Original ATen: [aten._native_batch_norm_legit_no_training, aten.relu]
    call_triton_poi_fused__native_batch_norm_legit_no_training_relu_11(buf27, layer2_1_bn1_running_mean, layer2_1_bn1_running_var, layer2_1_bn1_weight, layer2_1_bn1_bias, 1605632L, this->device_idx_, stream, kernels, this->cubin_dir_);
    auto buf28 = std::move(buf25);  // reuse
    // Topologically Sorted Source Nodes: [batch_norm_8, relu__7, conv2d_9], Original ATen: [aten._native_batch_norm_legit_no_training, aten.relu, aten.convolution]
    call_triton_poi_fused__native_batch_norm_legit_no_training_convolution_relu_12(layer2_1_conv2_weight, buf28, 16384L, 9L, this->device_idx_, stream, kernels, this->cubin_dir_);
    static constexpr int64_t int_array_22[] = {16L, 128L, 28L, 28L};
    static constexpr int64_t int_array_23[] = {100352L, 1L, 3584L, 128L};
    AtenTensorHandle buf29_handle;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_empty_strided(4, int_array_22, int_array_23, cached_torch_dtype_bfloat16, cached_torch_device_type_cuda, this->device_idx_, &buf29_handle));
    RAIIAtenTensorHandle buf29(buf29_handle);
    // Topologically Sorted Source Nodes: [batch_norm_8, relu__7, conv2d_9], Original ATen: [aten._native_batch_norm_legit_no_training, aten.relu, aten.convolution]
    call_triton_tem_fused__native_batch_norm_legit_no_training_convolution_relu_13(buf27, buf28, buf29, 196L, 1L, 1, this->device_idx_, stream, kernels, this->cubin_dir_);
    buf27.reset();
    buf28.reset();
    auto buf30 = std::move(buf29);  // reuse
    // Topologically Sorted Source Nodes: [batch_norm_9, add__3, relu__8], Original ATen: [aten._native_batch_norm_legit_no_training, aten.add, aten.relu]
    call_triton_poi_fused__native_batch_norm_legit_no_training_add_relu_16(buf30, layer2_1_bn2_running_mean, layer2_1_bn2_running_var, layer2_1_bn2_weight, layer2_1_bn2_bias, buf24, 1605632L, this->device_idx_, stream, kernels, this->cubin_dir_);
    buf24.reset();
    static constexpr int64_t int_array_24[] = {256L, 128L, 3L, 3L};
    static constexpr int64_t int_array_25[] = {1152L, 1L, 384L, 128L};
    AtenTensorHandle buf31_handle;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_empty_strided(4, int_array_24, int_array_25, cached_torch_dtype_bfloat16, cached_torch_device_type_cuda, this->device_idx_, &buf31_handle));
    RAIIAtenTensorHandle buf31(buf31_handle);
    // Topologically Sorted Source Nodes: [conv2d_10], Original ATen: [aten.convolution]
    call_triton_poi_fused_convolution_17(layer3_0_conv1_weight, buf31, 32768L, 9L, this->device_idx_, stream, kernels, this->cubin_dir_);
    static constexpr int64_t int_array_26[] = {16L, 256L, 14L, 14L};
    static constexpr int64_t int_array_27[] = {50176L, 1L, 3584L, 256L};
    AtenTensorHandle buf32_handle;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_empty_strided(4, int_array_26, int_array_27, cached_torch_dtype_bfloat16, cached_torch_device_type_cuda, this->device_idx_, &buf32_handle));
    RAIIAtenTensorHandle buf32(buf32_handle);
    // Topologically Sorted Source Nodes: [conv2d_10], Original ATen: [aten.convolution]
    call_triton_tem_fused_convolution_18(buf30, buf31, buf32, 49L, 2L, 1, this->device_idx_, stream, kernels, this->cubin_dir_);
    buf31.reset();
    auto buf33 = std::move(buf32);  // reuse
    // Topologically Sorted Source Nodes: [batch_norm_10, relu__9], Original ATen: [aten._native_batch_norm_legit_no_training, aten.relu]
    call_triton_poi_fused__native_batch_norm_legit_no_training_relu_19(buf33, layer3_0_bn1_running_mean, layer3_0_bn1_running_var, layer3_0_bn1_weight, layer3_0_bn1_bias, 802816L, this->device_idx_, stream, kernels, this->cubin_dir_);
    static constexpr int64_t int_array_28[] = {256L, 256L, 3L, 3L};
    static constexpr int64_t int_array_29[] = {2304L, 1L, 768L, 256L};
    AtenTensorHandle buf34_handle;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_empty_strided(4, int_array_28, int_array_29, cached_torch_dtype_bfloat16, cached_torch_device_type_cuda, this->device_idx_, &buf34_handle));
    RAIIAtenTensorHandle buf34(buf34_handle);
    // Topologically Sorted Source Nodes: [batch_norm_10, relu__9, conv2d_11], Original ATen: [aten._native_batch_norm_legit_no_training, aten.relu, aten.convolution]
    call_triton_poi_fused__native_batch_norm_legit_no_training_convolution_relu_20(layer3_0_conv2_weight, buf34, 65536L, 9L, this->device_idx_, stream, kernels, this->cubin_dir_);
    static constexpr int64_t int_array_30[] = {16L, 256L, 14L, 14L};
    static constexpr int64_t int_array_31[] = {50176L, 1L, 3584L, 256L};
    AtenTensorHandle buf35_handle;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_empty_strided(4, int_array_30, int_array_31, cached_torch_dtype_bfloat16, cached_torch_device_type_cuda, this->device_idx_, &buf35_handle));
    RAIIAtenTensorHandle buf35(buf35_handle);
    // Topologically Sorted Source Nodes: [batch_norm_10, relu__9, conv2d_11], Original ATen: [aten._native_batch_norm_legit_no_training, aten.relu, aten.convolution]
    call_triton_tem_fused__native_batch_norm_legit_no_training_convolution_relu_21(buf33, buf34, buf35, 49L, 2L, 1, this->device_idx_, stream, kernels, this->cubin_dir_);
    auto buf36 = std::move(buf33);  // reuse
    // Topologically Sorted Source Nodes: [conv2d_12], Original ATen: [aten.convolution]
    call_triton_tem_fused_convolution_22(buf30, layer3_0_downsample_0_weight, buf36, 49L, 2L, 1, this->device_idx_, stream, kernels, this->cubin_dir_);
    buf30.reset();
    auto buf37 = std::move(buf35);  // reuse
    auto buf38 = std::move(buf37);  // reuse
    // Topologically Sorted Source Nodes: [batch_norm_11, batch_norm_12, add__4, relu__10], Original ATen: [aten._native_batch_norm_legit_no_training, aten.add, aten.relu]
    call_triton_poi_fused__native_batch_norm_legit_no_training_add_relu_23(buf38, layer3_0_bn2_running_mean, layer3_0_bn2_running_var, layer3_0_bn2_weight, layer3_0_bn2_bias, buf36, layer3_0_downsample_1_running_mean, layer3_0_downsample_1_running_var, layer3_0_downsample_1_weight, layer3_0_downsample_1_bias, 802816L, this->device_idx_, stream, kernels, this->cubin_dir_);
    auto buf39 = std::move(buf34);  // reuse
    // Topologically Sorted Source Nodes: [relu__10, conv2d_13], Original ATen: [aten.relu, aten.convolution]
    call_triton_poi_fused__native_batch_norm_legit_no_training_convolution_relu_20(layer3_1_conv1_weight, buf39, 65536L, 9L, this->device_idx_, stream, kernels, this->cubin_dir_);
    auto buf40 = std::move(buf36);  // reuse
    // Topologically Sorted Source Nodes: [relu__10, conv2d_13], Original ATen: [aten.relu, aten.convolution]
    call_triton_tem_fused__native_batch_norm_legit_no_training_convolution_relu_21(buf38, buf39, buf40, 49L, 2L, 1, this->device_idx_, stream, kernels, this->cubin_dir_);
    auto buf41 = std::move(buf40);  // reuse
    // Topologically Sorted Source Nodes: [batch_norm_13, relu__11], Original ATen: [aten._native_batch_norm_legit_no_training, aten.relu]
    call_triton_poi_fused__native_batch_norm_legit_no_training_relu_19(buf41, layer3_1_bn1_running_mean, layer3_1_bn1_running_var, layer3_1_bn1_weight, layer3_1_bn1_bias, 802816L, this->device_idx_, stream, kernels, this->cubin_dir_);
    auto buf42 = std::move(buf39);  // reuse
    // Topologically Sorted Source Nodes: [batch_norm_13, relu__11, conv2d_14], Original ATen: [aten._native_batch_norm_legit_no_training, aten.relu, aten.convolution]
    call_triton_poi_fused__native_batch_norm_legit_no_training_convolution_relu_20(layer3_1_conv2_weight, buf42, 65536L, 9L, this->device_idx_, stream, kernels, this->cubin_dir_);
    static constexpr int64_t int_array_32[] = {16L, 256L, 14L, 14L};
    static constexpr int64_t int_array_33[] = {50176L, 1L, 3584L, 256L};
    AtenTensorHandle buf43_handle;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_empty_strided(4, int_array_32, int_array_33, cached_torch_dtype_bfloat16, cached_torch_device_type_cuda, this->device_idx_, &buf43_handle));
    RAIIAtenTensorHandle buf43(buf43_handle);
    // Topologically Sorted Source Nodes: [batch_norm_13, relu__11, conv2d_14], Original ATen: [aten._native_batch_norm_legit_no_training, aten.relu, aten.convolution]
    call_triton_tem_fused__native_batch_norm_legit_no_training_convolution_relu_21(buf41, buf42, buf43, 49L, 2L, 1, this->device_idx_, stream, kernels, this->cubin_dir_);
    buf41.reset();
    buf42.reset();
    auto buf44 = std::move(buf43);  // reuse
    // Topologically Sorted Source Nodes: [batch_norm_14, add__5, relu__12], Original ATen: [aten._native_batch_norm_legit_no_training, aten.add, aten.relu]
    call_triton_poi_fused__native_batch_norm_legit_no_training_add_relu_24(buf44, layer3_1_bn2_running_mean, layer3_1_bn2_running_var, layer3_1_bn2_weight, layer3_1_bn2_bias, buf38, 802816L, this->device_idx_, stream, kernels, this->cubin_dir_);
    buf38.reset();
    static constexpr int64_t int_array_34[] = {512L, 256L, 3L, 3L};
    static constexpr int64_t int_array_35[] = {2304L, 1L, 768L, 256L};
    AtenTensorHandle buf45_handle;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_empty_strided(4, int_array_34, int_array_35, cached_torch_dtype_bfloat16, cached_torch_device_type_cuda, this->device_idx_, &buf45_handle));
    RAIIAtenTensorHandle buf45(buf45_handle);
    // Topologically Sorted Source Nodes: [conv2d_15], Original ATen: [aten.convolution]
    call_triton_poi_fused_convolution_25(layer4_0_conv1_weight, buf45, 131072L, 9L, this->device_idx_, stream, kernels, this->cubin_dir_);
    static constexpr int64_t int_array_36[] = {16L, 512L, 7L, 7L};
    static constexpr int64_t int_array_37[] = {25088L, 1L, 3584L, 512L};
    AtenTensorHandle buf46_handle;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_empty_strided(4, int_array_36, int_array_37, cached_torch_dtype_bfloat16, cached_torch_device_type_cuda, this->device_idx_, &buf46_handle));
    RAIIAtenTensorHandle buf46(buf46_handle);
    // Topologically Sorted Source Nodes: [conv2d_15], Original ATen: [aten.convolution]
    call_triton_tem_fused_convolution_26(buf44, buf45, buf46, 13L, 4L, 1, this->device_idx_, stream, kernels, this->cubin_dir_);
    buf45.reset();
    auto buf47 = std::move(buf46);  // reuse
    // Topologically Sorted Source Nodes: [batch_norm_15, relu__13], Original ATen: [aten._native_batch_norm_legit_no_training, aten.relu]
    call_triton_poi_fused__native_batch_norm_legit_no_training_relu_27(buf47, layer4_0_bn1_running_mean, layer4_0_bn1_running_var, layer4_0_bn1_weight, layer4_0_bn1_bias, 401408L, this->device_idx_, stream, kernels, this->cubin_dir_);
    static constexpr int64_t int_array_38[] = {512L, 512L, 3L, 3L};
    static constexpr int64_t int_array_39[] = {4608L, 1L, 1536L, 512L};
    AtenTensorHandle buf48_handle;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_empty_strided(4, int_array_38, int_array_39, cached_torch_dtype_bfloat16, cached_torch_device_type_cuda, this->device_idx_, &buf48_handle));
    RAIIAtenTensorHandle buf48(buf48_handle);
    // Topologically Sorted Source Nodes: [batch_norm_15, relu__13, conv2d_16], Original ATen: [aten._native_batch_norm_legit_no_training, aten.relu, aten.convolution]
    call_triton_poi_fused__native_batch_norm_legit_no_training_convolution_relu_28(layer4_0_conv2_weight, buf48, 262144L, 9L, this->device_idx_, stream, kernels, this->cubin_dir_);
    static constexpr int64_t int_array_40[] = {16L, 512L, 7L, 7L};
    static constexpr int64_t int_array_41[] = {25088L, 1L, 3584L, 512L};
    AtenTensorHandle buf49_handle;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_empty_strided(4, int_array_40, int_array_41, cached_torch_dtype_bfloat16, cached_torch_device_type_cuda, this->device_idx_, &buf49_handle));
    RAIIAtenTensorHandle buf49(buf49_handle);
    // Topologically Sorted Source Nodes: [batch_norm_15, relu__13, conv2d_16], Original ATen: [aten._native_batch_norm_legit_no_training, aten.relu, aten.convolution]
    call_triton_tem_fused__native_batch_norm_legit_no_training_convolution_relu_29(buf47, buf48, buf49, 13L, 4L, 1, this->device_idx_, stream, kernels, this->cubin_dir_);
    auto buf50 = std::move(buf47);  // reuse
    // Topologically Sorted Source Nodes: [conv2d_17], Original ATen: [aten.convolution]
    call_triton_tem_fused_convolution_30(buf44, layer4_0_downsample_0_weight, buf50, 7L, 8L, 1, this->device_idx_, stream, kernels, this->cubin_dir_);
    buf44.reset();
    auto buf51 = std::move(buf49);  // reuse
    auto buf52 = std::move(buf51);  // reuse
    // Topologically Sorted Source Nodes: [batch_norm_16, batch_norm_17, add__6, relu__14], Original ATen: [aten._native_batch_norm_legit_no_training, aten.add, aten.relu]
    call_triton_poi_fused__native_batch_norm_legit_no_training_add_relu_31(buf52, layer4_0_bn2_running_mean, layer4_0_bn2_running_var, layer4_0_bn2_weight, layer4_0_bn2_bias, buf50, layer4_0_downsample_1_running_mean, layer4_0_downsample_1_running_var, layer4_0_downsample_1_weight, layer4_0_downsample_1_bias, 8192L, 49L, this->device_idx_, stream, kernels, this->cubin_dir_);
    auto buf53 = std::move(buf48);  // reuse
    // Topologically Sorted Source Nodes: [relu__14, conv2d_18], Original ATen: [aten.relu, aten.convolution]
    call_triton_poi_fused__native_batch_norm_legit_no_training_convolution_relu_28(layer4_1_conv1_weight, buf53, 262144L, 9L, this->device_idx_, stream, kernels, this->cubin_dir_);
    auto buf54 = std::move(buf50);  // reuse
    // Topologically Sorted Source Nodes: [relu__14, conv2d_18], Original ATen: [aten.relu, aten.convolution]
    call_triton_tem_fused__native_batch_norm_legit_no_training_convolution_relu_29(buf52, buf53, buf54, 13L, 4L, 1, this->device_idx_, stream, kernels, this->cubin_dir_);
    auto buf55 = std::move(buf54);  // reuse
    // Topologically Sorted Source Nodes: [batch_norm_18, relu__15], Original ATen: [aten._native_batch_norm_legit_no_training, aten.relu]
    call_triton_poi_fused__native_batch_norm_legit_no_training_relu_27(buf55, layer4_1_bn1_running_mean, layer4_1_bn1_running_var, layer4_1_bn1_weight, layer4_1_bn1_bias, 401408L, this->device_idx_, stream, kernels, this->cubin_dir_);
    auto buf56 = std::move(buf53);  // reuse
    // Topologically Sorted Source Nodes: [batch_norm_18, relu__15, conv2d_19], Original ATen: [aten._native_batch_norm_legit_no_training, aten.relu, aten.convolution]
    call_triton_poi_fused__native_batch_norm_legit_no_training_convolution_relu_28(layer4_1_conv2_weight, buf56, 262144L, 9L, this->device_idx_, stream, kernels, this->cubin_dir_);
    static constexpr int64_t int_array_42[] = {16L, 512L, 7L, 7L};
    static constexpr int64_t int_array_43[] = {25088L, 1L, 3584L, 512L};
    AtenTensorHandle buf57_handle;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_empty_strided(4, int_array_42, int_array_43, cached_torch_dtype_bfloat16, cached_torch_device_type_cuda, this->device_idx_, &buf57_handle));
    RAIIAtenTensorHandle buf57(buf57_handle);
    // Topologically Sorted Source Nodes: [batch_norm_18, relu__15, conv2d_19], Original ATen: [aten._native_batch_norm_legit_no_training, aten.relu, aten.convolution]
    call_triton_tem_fused__native_batch_norm_legit_no_training_convolution_relu_29(buf55, buf56, buf57, 13L, 4L, 1, this->device_idx_, stream, kernels, this->cubin_dir_);
    buf55.reset();
    buf56.reset();
    static constexpr int64_t int_array_44[] = {16L, 512L, 1L, 1L};
    static constexpr int64_t int_array_45[] = {512L, 1L, 8192L, 8192L};
    AtenTensorHandle buf59_handle;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_empty_strided(4, int_array_44, int_array_45, cached_torch_dtype_bfloat16, cached_torch_device_type_cuda, this->device_idx_, &buf59_handle));
    RAIIAtenTensorHandle buf59(buf59_handle);
    // Topologically Sorted Source Nodes: [batch_norm_19, add__7, relu__16, adaptive_avg_pool2d], Original ATen: [aten._native_batch_norm_legit_no_training, aten.add, aten.relu, aten.mean]
    call_triton_per_fused__native_batch_norm_legit_no_training_add_mean_relu_32(buf57, layer4_1_bn2_running_mean, layer4_1_bn2_running_var, layer4_1_bn2_weight, layer4_1_bn2_bias, buf52, buf59, 8192L, 49L, this->device_idx_, stream, kernels, this->cubin_dir_);
    buf52.reset();
    buf57.reset();
    static constexpr int64_t int_array_46[] = {16L, 1000L};
    static constexpr int64_t int_array_47[] = {1000L, 1L};
    AtenTensorHandle buf60_handle;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_empty_strided(2, int_array_46, int_array_47, cached_torch_dtype_bfloat16, cached_torch_device_type_cuda, this->device_idx_, &buf60_handle));
    RAIIAtenTensorHandle buf60(buf60_handle);
    // Topologically Sorted Source Nodes: [batch_norm_19, add__7, relu__16, adaptive_avg_pool2d, flatten, linear], Original ATen: [aten._native_batch_norm_legit_no_training, aten.add, aten.relu, aten.mean, aten.view, aten.t, aten.addmm]
    call_triton_tem_fused__native_batch_norm_legit_no_training_add_addmm_mean_relu_t_view_33(fc_bias, buf59, fc_weight, buf60, 32L, 1, 1, this->device_idx_, stream, kernels, this->cubin_dir_);
    buf59.reset();
    output_handles[0] = buf60.release();
} // AOTInductorModel::run_impl
} // namespace torch::aot_inductor




// Compile cmd
// /opt/gcc/bin/g++ /tmp/inductor-c/cyzmxlyn7znc226zdqfxzp2lxflu2motldlpdxkrzqfuysjqanld/ci3rsz6yddjalwja7nugxsmabsmmtwhjwg6hansa2r3ipbwuuqij.wrapper.cpp -D TORCH_INDUCTOR_CPP_WRAPPER -D STANDALONE_TORCH_HEADER -D  C10_USING_CUSTOM_GENERATED_MACROS -D CPU_CAPABILITY_AVX512 -D  USE_CUDA  -O1 -DNDEBUG -fno-trapping-math -funsafe-math-optimizations -ffinite-math-only -fno-signed-zeros -fno-math-errno -fno-finite-math-only -fno-unsafe-math-optimizations -ffp-contract=off -fexcess-precision=fast -fno-tree-loop-vectorize -march=native -fPIC -Wall -std=c++17 -Wno-unused-variable -Wno-unknown-pragmas -pedantic -fopenmp  -include /tmp/torchinductor_root/precompiled_headers/csp62wdcnqt7znkstg2qqe36naapvmzcqrazndexiavcqme4owsl.h -I/usr/include/python3.12 -I/opt/torch/.venv/lib/python3.12/site-packages/torch/include -I/opt/torch/.venv/lib/python3.12/site-packages/torch/include/torch/csrc/api/include -I/usr/local/cuda/include   -mavx512f -mavx512dq -mavx512vl -mavx512bw -mfma -mavx512vnni -mavx512vl -mamx-tile -mamx-bf16 -mamx-int8 -mavx512bf16  -c -o /tmp/inductor-c/cyzmxlyn7znc226zdqfxzp2lxflu2motldlpdxkrzqfuysjqanld/ci3rsz6yddjalwja7nugxsmabsmmtwhjwg6hansa2r3ipbwuuqij.wrapper.o
// Link cmd
// /opt/gcc/bin/g++ /tmp/inductor-c/cyzmxlyn7znc226zdqfxzp2lxflu2motldlpdxkrzqfuysjqanld/ci3rsz6yddjalwja7nugxsmabsmmtwhjwg6hansa2r3ipbwuuqij.wrapper.o /tmp/inductor-c/cyzmxlyn7znc226zdqfxzp2lxflu2motldlpdxkrzqfuysjqanld/ckujejzclteblou2oth5gvyugomzmn7bf3nu7o32y5g7syterz67.kernel.o /tmp/inductor-c/cyzmxlyn7znc226zdqfxzp2lxflu2motldlpdxkrzqfuysjqanld/ci3rsz6yddjalwja7nugxsmabsmmtwhjwg6hansa2r3ipbwuuqij/cgxre62qccm2hvjt32u3oobekucw5zks6ukxlzod6km7a4telymf.weights.o -D TORCH_INDUCTOR_CPP_WRAPPER -D STANDALONE_TORCH_HEADER -D  C10_USING_CUSTOM_GENERATED_MACROS -D CPU_CAPABILITY_AVX512 -D  USE_CUDA  -O3 -DNDEBUG -fno-trapping-math -funsafe-math-optimizations -ffinite-math-only -fno-signed-zeros -fno-math-errno -fno-finite-math-only -fno-unsafe-math-optimizations -ffp-contract=off -fexcess-precision=fast -fno-tree-loop-vectorize -march=native -shared -fPIC -Wall -std=c++17 -Wno-unused-variable -Wno-unknown-pragmas -pedantic -fopenmp  -I/usr/include/python3.12 -I/opt/torch/.venv/lib/python3.12/site-packages/torch/include -I/opt/torch/.venv/lib/python3.12/site-packages/torch/include/torch/csrc/api/include -I/usr/local/cuda/include   -mavx512f -mavx512dq -mavx512vl -mavx512bw -mfma -mavx512vnni -mavx512vl -mamx-tile -mamx-bf16 -mamx-int8 -mavx512bf16  -o /tmp/inductor-c/cyzmxlyn7znc226zdqfxzp2lxflu2motldlpdxkrzqfuysjqanld/ci3rsz6yddjalwja7nugxsmabsmmtwhjwg6hansa2r3ipbwuuqij.wrapper.so  -ltorch -ltorch_cpu -lgomp -lcuda -ltorch_cuda  -L/usr/lib/x86_64-linux-gnu -L/opt/torch/.venv/lib/python3.12/site-packages/torch/lib -L/usr/local/cuda-13.0/targets/x86_64-linux/lib -L/usr/local/cuda-13.0/targets/x86_64-linux/lib/stubs 
