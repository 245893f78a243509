
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
CACHE_TORCH_DTYPE(int64);
CACHE_TORCH_DEVICE(cuda);
CACHE_TORCH_LAYOUT(strided);
namespace torch::aot_inductor {
namespace {
class AOTInductorModelKernels : public AOTInductorModelKernelsBase {
  public:
    CUfunction triton_per_fused__softmax_add_arange_expand_ge_lift_fresh_copy_mul_scalar_tensor_unsqueeze_view_where_5{nullptr};
    CUfunction triton_per_fused_add_embedding_expand_gather_native_layer_norm_slice_0{nullptr};
    CUfunction triton_per_fused_add_native_layer_norm_view_8{nullptr};
    CUfunction triton_poi_fused_clone_transpose_view_2{nullptr};
    CUfunction triton_poi_fused_clone_transpose_view_3{nullptr};
    CUfunction triton_poi_fused_clone_transpose_view_7{nullptr};
    CUfunction triton_poi_fused_gelu_view_10{nullptr};
    CUfunction triton_tem_fused__softmax__unsafe_view_add_arange_bmm_clone_expand_ge_lift_fresh_copy_mul_scalar_tensor_transpose_unsqueeze_view_where_6{nullptr};
    CUfunction triton_tem_fused__unsafe_view_bmm_clone_transpose_view_4{nullptr};
    CUfunction triton_tem_fused_addmm_gelu_t_view_11{nullptr};
    CUfunction triton_tem_fused_addmm_t_view_1{nullptr};
    CUfunction triton_tem_fused_addmm_t_view_12{nullptr};
    CUfunction triton_tem_fused_addmm_t_view_9{nullptr};
};
}  // namespace



AOTInductorModel::AOTInductorModel(std::shared_ptr<ConstantMap> constants_map,
                                   std::shared_ptr<std::vector<ConstantHandle>> constants_array,
                                   const std::string& device_str,
                                   std::optional<std::string> cubin_dir)
    : AOTInductorModelBase(1,
                           1,
                           199,
                           device_str,
                           std::move(cubin_dir),
                           false) {
    inputs_info_[0].name = "arg199_1";
    constants_info_[0].name = "model_embeddings_word_embeddings_weight";
    constants_info_[0].dtype = cached_torch_dtype_bfloat16;
    constants_info_[0].device_type = cached_torch_device_type_cuda;
    constants_info_[0].offset = 0;
    constants_info_[0].data_size = 46881792;
    constants_info_[0].from_folded = false;
    constants_info_[0].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[0].shape = {30522, 768};
    constants_info_[0].stride = {768, 1};
    constants_info_[0].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[0].original_fqn = "model.embeddings.word_embeddings.weight";
    constants_info_[1].name = "model_embeddings_position_embeddings_weight";
    constants_info_[1].dtype = cached_torch_dtype_bfloat16;
    constants_info_[1].device_type = cached_torch_device_type_cuda;
    constants_info_[1].offset = 0;
    constants_info_[1].data_size = 786432;
    constants_info_[1].from_folded = false;
    constants_info_[1].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[1].shape = {512, 768};
    constants_info_[1].stride = {768, 1};
    constants_info_[1].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[1].original_fqn = "model.embeddings.position_embeddings.weight";
    constants_info_[2].name = "model_embeddings_token_type_embeddings_weight";
    constants_info_[2].dtype = cached_torch_dtype_bfloat16;
    constants_info_[2].device_type = cached_torch_device_type_cuda;
    constants_info_[2].offset = 0;
    constants_info_[2].data_size = 3072;
    constants_info_[2].from_folded = false;
    constants_info_[2].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[2].shape = {2, 768};
    constants_info_[2].stride = {768, 1};
    constants_info_[2].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[2].original_fqn = "model.embeddings.token_type_embeddings.weight";
    constants_info_[3].name = "model_embeddings_LayerNorm_weight";
    constants_info_[3].dtype = cached_torch_dtype_bfloat16;
    constants_info_[3].device_type = cached_torch_device_type_cuda;
    constants_info_[3].offset = 0;
    constants_info_[3].data_size = 1536;
    constants_info_[3].from_folded = false;
    constants_info_[3].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[3].shape = {768};
    constants_info_[3].stride = {1};
    constants_info_[3].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[3].original_fqn = "model.embeddings.LayerNorm.weight";
    constants_info_[4].name = "model_embeddings_LayerNorm_bias";
    constants_info_[4].dtype = cached_torch_dtype_bfloat16;
    constants_info_[4].device_type = cached_torch_device_type_cuda;
    constants_info_[4].offset = 0;
    constants_info_[4].data_size = 1536;
    constants_info_[4].from_folded = false;
    constants_info_[4].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[4].shape = {768};
    constants_info_[4].stride = {1};
    constants_info_[4].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[4].original_fqn = "model.embeddings.LayerNorm.bias";
    constants_info_[5].name = "model_encoder_layer_0_attention_self_query_weight";
    constants_info_[5].dtype = cached_torch_dtype_bfloat16;
    constants_info_[5].device_type = cached_torch_device_type_cuda;
    constants_info_[5].offset = 0;
    constants_info_[5].data_size = 1179648;
    constants_info_[5].from_folded = false;
    constants_info_[5].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[5].shape = {768, 768};
    constants_info_[5].stride = {768, 1};
    constants_info_[5].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[5].original_fqn = "model.encoder.layer.0.attention.self.query.weight";
    constants_info_[6].name = "model_encoder_layer_0_attention_self_query_bias";
    constants_info_[6].dtype = cached_torch_dtype_bfloat16;
    constants_info_[6].device_type = cached_torch_device_type_cuda;
    constants_info_[6].offset = 0;
    constants_info_[6].data_size = 1536;
    constants_info_[6].from_folded = false;
    constants_info_[6].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[6].shape = {768};
    constants_info_[6].stride = {1};
    constants_info_[6].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[6].original_fqn = "model.encoder.layer.0.attention.self.query.bias";
    constants_info_[7].name = "model_encoder_layer_0_attention_self_key_weight";
    constants_info_[7].dtype = cached_torch_dtype_bfloat16;
    constants_info_[7].device_type = cached_torch_device_type_cuda;
    constants_info_[7].offset = 0;
    constants_info_[7].data_size = 1179648;
    constants_info_[7].from_folded = false;
    constants_info_[7].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[7].shape = {768, 768};
    constants_info_[7].stride = {768, 1};
    constants_info_[7].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[7].original_fqn = "model.encoder.layer.0.attention.self.key.weight";
    constants_info_[8].name = "model_encoder_layer_0_attention_self_key_bias";
    constants_info_[8].dtype = cached_torch_dtype_bfloat16;
    constants_info_[8].device_type = cached_torch_device_type_cuda;
    constants_info_[8].offset = 0;
    constants_info_[8].data_size = 1536;
    constants_info_[8].from_folded = false;
    constants_info_[8].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[8].shape = {768};
    constants_info_[8].stride = {1};
    constants_info_[8].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[8].original_fqn = "model.encoder.layer.0.attention.self.key.bias";
    constants_info_[9].name = "model_encoder_layer_0_attention_self_value_weight";
    constants_info_[9].dtype = cached_torch_dtype_bfloat16;
    constants_info_[9].device_type = cached_torch_device_type_cuda;
    constants_info_[9].offset = 0;
    constants_info_[9].data_size = 1179648;
    constants_info_[9].from_folded = false;
    constants_info_[9].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[9].shape = {768, 768};
    constants_info_[9].stride = {768, 1};
    constants_info_[9].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[9].original_fqn = "model.encoder.layer.0.attention.self.value.weight";
    constants_info_[10].name = "model_encoder_layer_0_attention_self_value_bias";
    constants_info_[10].dtype = cached_torch_dtype_bfloat16;
    constants_info_[10].device_type = cached_torch_device_type_cuda;
    constants_info_[10].offset = 0;
    constants_info_[10].data_size = 1536;
    constants_info_[10].from_folded = false;
    constants_info_[10].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[10].shape = {768};
    constants_info_[10].stride = {1};
    constants_info_[10].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[10].original_fqn = "model.encoder.layer.0.attention.self.value.bias";
    constants_info_[11].name = "model_encoder_layer_0_attention_output_dense_weight";
    constants_info_[11].dtype = cached_torch_dtype_bfloat16;
    constants_info_[11].device_type = cached_torch_device_type_cuda;
    constants_info_[11].offset = 0;
    constants_info_[11].data_size = 1179648;
    constants_info_[11].from_folded = false;
    constants_info_[11].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[11].shape = {768, 768};
    constants_info_[11].stride = {768, 1};
    constants_info_[11].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[11].original_fqn = "model.encoder.layer.0.attention.output.dense.weight";
    constants_info_[12].name = "model_encoder_layer_0_attention_output_dense_bias";
    constants_info_[12].dtype = cached_torch_dtype_bfloat16;
    constants_info_[12].device_type = cached_torch_device_type_cuda;
    constants_info_[12].offset = 0;
    constants_info_[12].data_size = 1536;
    constants_info_[12].from_folded = false;
    constants_info_[12].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[12].shape = {768};
    constants_info_[12].stride = {1};
    constants_info_[12].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[12].original_fqn = "model.encoder.layer.0.attention.output.dense.bias";
    constants_info_[13].name = "model_encoder_layer_0_attention_output_LayerNorm_weight";
    constants_info_[13].dtype = cached_torch_dtype_bfloat16;
    constants_info_[13].device_type = cached_torch_device_type_cuda;
    constants_info_[13].offset = 0;
    constants_info_[13].data_size = 1536;
    constants_info_[13].from_folded = false;
    constants_info_[13].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[13].shape = {768};
    constants_info_[13].stride = {1};
    constants_info_[13].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[13].original_fqn = "model.encoder.layer.0.attention.output.LayerNorm.weight";
    constants_info_[14].name = "model_encoder_layer_0_attention_output_LayerNorm_bias";
    constants_info_[14].dtype = cached_torch_dtype_bfloat16;
    constants_info_[14].device_type = cached_torch_device_type_cuda;
    constants_info_[14].offset = 0;
    constants_info_[14].data_size = 1536;
    constants_info_[14].from_folded = false;
    constants_info_[14].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[14].shape = {768};
    constants_info_[14].stride = {1};
    constants_info_[14].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[14].original_fqn = "model.encoder.layer.0.attention.output.LayerNorm.bias";
    constants_info_[15].name = "model_encoder_layer_0_intermediate_dense_weight";
    constants_info_[15].dtype = cached_torch_dtype_bfloat16;
    constants_info_[15].device_type = cached_torch_device_type_cuda;
    constants_info_[15].offset = 0;
    constants_info_[15].data_size = 4718592;
    constants_info_[15].from_folded = false;
    constants_info_[15].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[15].shape = {3072, 768};
    constants_info_[15].stride = {768, 1};
    constants_info_[15].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[15].original_fqn = "model.encoder.layer.0.intermediate.dense.weight";
    constants_info_[16].name = "model_encoder_layer_0_intermediate_dense_bias";
    constants_info_[16].dtype = cached_torch_dtype_bfloat16;
    constants_info_[16].device_type = cached_torch_device_type_cuda;
    constants_info_[16].offset = 0;
    constants_info_[16].data_size = 6144;
    constants_info_[16].from_folded = false;
    constants_info_[16].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[16].shape = {3072};
    constants_info_[16].stride = {1};
    constants_info_[16].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[16].original_fqn = "model.encoder.layer.0.intermediate.dense.bias";
    constants_info_[17].name = "model_encoder_layer_0_output_dense_weight";
    constants_info_[17].dtype = cached_torch_dtype_bfloat16;
    constants_info_[17].device_type = cached_torch_device_type_cuda;
    constants_info_[17].offset = 0;
    constants_info_[17].data_size = 4718592;
    constants_info_[17].from_folded = false;
    constants_info_[17].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[17].shape = {768, 3072};
    constants_info_[17].stride = {3072, 1};
    constants_info_[17].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[17].original_fqn = "model.encoder.layer.0.output.dense.weight";
    constants_info_[18].name = "model_encoder_layer_0_output_dense_bias";
    constants_info_[18].dtype = cached_torch_dtype_bfloat16;
    constants_info_[18].device_type = cached_torch_device_type_cuda;
    constants_info_[18].offset = 0;
    constants_info_[18].data_size = 1536;
    constants_info_[18].from_folded = false;
    constants_info_[18].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[18].shape = {768};
    constants_info_[18].stride = {1};
    constants_info_[18].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[18].original_fqn = "model.encoder.layer.0.output.dense.bias";
    constants_info_[19].name = "model_encoder_layer_0_output_LayerNorm_weight";
    constants_info_[19].dtype = cached_torch_dtype_bfloat16;
    constants_info_[19].device_type = cached_torch_device_type_cuda;
    constants_info_[19].offset = 0;
    constants_info_[19].data_size = 1536;
    constants_info_[19].from_folded = false;
    constants_info_[19].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[19].shape = {768};
    constants_info_[19].stride = {1};
    constants_info_[19].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[19].original_fqn = "model.encoder.layer.0.output.LayerNorm.weight";
    constants_info_[20].name = "model_encoder_layer_0_output_LayerNorm_bias";
    constants_info_[20].dtype = cached_torch_dtype_bfloat16;
    constants_info_[20].device_type = cached_torch_device_type_cuda;
    constants_info_[20].offset = 0;
    constants_info_[20].data_size = 1536;
    constants_info_[20].from_folded = false;
    constants_info_[20].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[20].shape = {768};
    constants_info_[20].stride = {1};
    constants_info_[20].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[20].original_fqn = "model.encoder.layer.0.output.LayerNorm.bias";
    constants_info_[21].name = "model_encoder_layer_1_attention_self_query_weight";
    constants_info_[21].dtype = cached_torch_dtype_bfloat16;
    constants_info_[21].device_type = cached_torch_device_type_cuda;
    constants_info_[21].offset = 0;
    constants_info_[21].data_size = 1179648;
    constants_info_[21].from_folded = false;
    constants_info_[21].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[21].shape = {768, 768};
    constants_info_[21].stride = {768, 1};
    constants_info_[21].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[21].original_fqn = "model.encoder.layer.1.attention.self.query.weight";
    constants_info_[22].name = "model_encoder_layer_1_attention_self_query_bias";
    constants_info_[22].dtype = cached_torch_dtype_bfloat16;
    constants_info_[22].device_type = cached_torch_device_type_cuda;
    constants_info_[22].offset = 0;
    constants_info_[22].data_size = 1536;
    constants_info_[22].from_folded = false;
    constants_info_[22].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[22].shape = {768};
    constants_info_[22].stride = {1};
    constants_info_[22].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[22].original_fqn = "model.encoder.layer.1.attention.self.query.bias";
    constants_info_[23].name = "model_encoder_layer_1_attention_self_key_weight";
    constants_info_[23].dtype = cached_torch_dtype_bfloat16;
    constants_info_[23].device_type = cached_torch_device_type_cuda;
    constants_info_[23].offset = 0;
    constants_info_[23].data_size = 1179648;
    constants_info_[23].from_folded = false;
    constants_info_[23].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[23].shape = {768, 768};
    constants_info_[23].stride = {768, 1};
    constants_info_[23].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[23].original_fqn = "model.encoder.layer.1.attention.self.key.weight";
    constants_info_[24].name = "model_encoder_layer_1_attention_self_key_bias";
    constants_info_[24].dtype = cached_torch_dtype_bfloat16;
    constants_info_[24].device_type = cached_torch_device_type_cuda;
    constants_info_[24].offset = 0;
    constants_info_[24].data_size = 1536;
    constants_info_[24].from_folded = false;
    constants_info_[24].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[24].shape = {768};
    constants_info_[24].stride = {1};
    constants_info_[24].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[24].original_fqn = "model.encoder.layer.1.attention.self.key.bias";
    constants_info_[25].name = "model_encoder_layer_1_attention_self_value_weight";
    constants_info_[25].dtype = cached_torch_dtype_bfloat16;
    constants_info_[25].device_type = cached_torch_device_type_cuda;
    constants_info_[25].offset = 0;
    constants_info_[25].data_size = 1179648;
    constants_info_[25].from_folded = false;
    constants_info_[25].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[25].shape = {768, 768};
    constants_info_[25].stride = {768, 1};
    constants_info_[25].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[25].original_fqn = "model.encoder.layer.1.attention.self.value.weight";
    constants_info_[26].name = "model_encoder_layer_1_attention_self_value_bias";
    constants_info_[26].dtype = cached_torch_dtype_bfloat16;
    constants_info_[26].device_type = cached_torch_device_type_cuda;
    constants_info_[26].offset = 0;
    constants_info_[26].data_size = 1536;
    constants_info_[26].from_folded = false;
    constants_info_[26].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[26].shape = {768};
    constants_info_[26].stride = {1};
    constants_info_[26].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[26].original_fqn = "model.encoder.layer.1.attention.self.value.bias";
    constants_info_[27].name = "model_encoder_layer_1_attention_output_dense_weight";
    constants_info_[27].dtype = cached_torch_dtype_bfloat16;
    constants_info_[27].device_type = cached_torch_device_type_cuda;
    constants_info_[27].offset = 0;
    constants_info_[27].data_size = 1179648;
    constants_info_[27].from_folded = false;
    constants_info_[27].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[27].shape = {768, 768};
    constants_info_[27].stride = {768, 1};
    constants_info_[27].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[27].original_fqn = "model.encoder.layer.1.attention.output.dense.weight";
    constants_info_[28].name = "model_encoder_layer_1_attention_output_dense_bias";
    constants_info_[28].dtype = cached_torch_dtype_bfloat16;
    constants_info_[28].device_type = cached_torch_device_type_cuda;
    constants_info_[28].offset = 0;
    constants_info_[28].data_size = 1536;
    constants_info_[28].from_folded = false;
    constants_info_[28].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[28].shape = {768};
    constants_info_[28].stride = {1};
    constants_info_[28].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[28].original_fqn = "model.encoder.layer.1.attention.output.dense.bias";
    constants_info_[29].name = "model_encoder_layer_1_attention_output_LayerNorm_weight";
    constants_info_[29].dtype = cached_torch_dtype_bfloat16;
    constants_info_[29].device_type = cached_torch_device_type_cuda;
    constants_info_[29].offset = 0;
    constants_info_[29].data_size = 1536;
    constants_info_[29].from_folded = false;
    constants_info_[29].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[29].shape = {768};
    constants_info_[29].stride = {1};
    constants_info_[29].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[29].original_fqn = "model.encoder.layer.1.attention.output.LayerNorm.weight";
    constants_info_[30].name = "model_encoder_layer_1_attention_output_LayerNorm_bias";
    constants_info_[30].dtype = cached_torch_dtype_bfloat16;
    constants_info_[30].device_type = cached_torch_device_type_cuda;
    constants_info_[30].offset = 0;
    constants_info_[30].data_size = 1536;
    constants_info_[30].from_folded = false;
    constants_info_[30].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[30].shape = {768};
    constants_info_[30].stride = {1};
    constants_info_[30].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[30].original_fqn = "model.encoder.layer.1.attention.output.LayerNorm.bias";
    constants_info_[31].name = "model_encoder_layer_1_intermediate_dense_weight";
    constants_info_[31].dtype = cached_torch_dtype_bfloat16;
    constants_info_[31].device_type = cached_torch_device_type_cuda;
    constants_info_[31].offset = 0;
    constants_info_[31].data_size = 4718592;
    constants_info_[31].from_folded = false;
    constants_info_[31].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[31].shape = {3072, 768};
    constants_info_[31].stride = {768, 1};
    constants_info_[31].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[31].original_fqn = "model.encoder.layer.1.intermediate.dense.weight";
    constants_info_[32].name = "model_encoder_layer_1_intermediate_dense_bias";
    constants_info_[32].dtype = cached_torch_dtype_bfloat16;
    constants_info_[32].device_type = cached_torch_device_type_cuda;
    constants_info_[32].offset = 0;
    constants_info_[32].data_size = 6144;
    constants_info_[32].from_folded = false;
    constants_info_[32].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[32].shape = {3072};
    constants_info_[32].stride = {1};
    constants_info_[32].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[32].original_fqn = "model.encoder.layer.1.intermediate.dense.bias";
    constants_info_[33].name = "model_encoder_layer_1_output_dense_weight";
    constants_info_[33].dtype = cached_torch_dtype_bfloat16;
    constants_info_[33].device_type = cached_torch_device_type_cuda;
    constants_info_[33].offset = 0;
    constants_info_[33].data_size = 4718592;
    constants_info_[33].from_folded = false;
    constants_info_[33].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[33].shape = {768, 3072};
    constants_info_[33].stride = {3072, 1};
    constants_info_[33].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[33].original_fqn = "model.encoder.layer.1.output.dense.weight";
    constants_info_[34].name = "model_encoder_layer_1_output_dense_bias";
    constants_info_[34].dtype = cached_torch_dtype_bfloat16;
    constants_info_[34].device_type = cached_torch_device_type_cuda;
    constants_info_[34].offset = 0;
    constants_info_[34].data_size = 1536;
    constants_info_[34].from_folded = false;
    constants_info_[34].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[34].shape = {768};
    constants_info_[34].stride = {1};
    constants_info_[34].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[34].original_fqn = "model.encoder.layer.1.output.dense.bias";
    constants_info_[35].name = "model_encoder_layer_1_output_LayerNorm_weight";
    constants_info_[35].dtype = cached_torch_dtype_bfloat16;
    constants_info_[35].device_type = cached_torch_device_type_cuda;
    constants_info_[35].offset = 0;
    constants_info_[35].data_size = 1536;
    constants_info_[35].from_folded = false;
    constants_info_[35].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[35].shape = {768};
    constants_info_[35].stride = {1};
    constants_info_[35].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[35].original_fqn = "model.encoder.layer.1.output.LayerNorm.weight";
    constants_info_[36].name = "model_encoder_layer_1_output_LayerNorm_bias";
    constants_info_[36].dtype = cached_torch_dtype_bfloat16;
    constants_info_[36].device_type = cached_torch_device_type_cuda;
    constants_info_[36].offset = 0;
    constants_info_[36].data_size = 1536;
    constants_info_[36].from_folded = false;
    constants_info_[36].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[36].shape = {768};
    constants_info_[36].stride = {1};
    constants_info_[36].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[36].original_fqn = "model.encoder.layer.1.output.LayerNorm.bias";
    constants_info_[37].name = "model_encoder_layer_2_attention_self_query_weight";
    constants_info_[37].dtype = cached_torch_dtype_bfloat16;
    constants_info_[37].device_type = cached_torch_device_type_cuda;
    constants_info_[37].offset = 0;
    constants_info_[37].data_size = 1179648;
    constants_info_[37].from_folded = false;
    constants_info_[37].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[37].shape = {768, 768};
    constants_info_[37].stride = {768, 1};
    constants_info_[37].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[37].original_fqn = "model.encoder.layer.2.attention.self.query.weight";
    constants_info_[38].name = "model_encoder_layer_2_attention_self_query_bias";
    constants_info_[38].dtype = cached_torch_dtype_bfloat16;
    constants_info_[38].device_type = cached_torch_device_type_cuda;
    constants_info_[38].offset = 0;
    constants_info_[38].data_size = 1536;
    constants_info_[38].from_folded = false;
    constants_info_[38].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[38].shape = {768};
    constants_info_[38].stride = {1};
    constants_info_[38].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[38].original_fqn = "model.encoder.layer.2.attention.self.query.bias";
    constants_info_[39].name = "model_encoder_layer_2_attention_self_key_weight";
    constants_info_[39].dtype = cached_torch_dtype_bfloat16;
    constants_info_[39].device_type = cached_torch_device_type_cuda;
    constants_info_[39].offset = 0;
    constants_info_[39].data_size = 1179648;
    constants_info_[39].from_folded = false;
    constants_info_[39].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[39].shape = {768, 768};
    constants_info_[39].stride = {768, 1};
    constants_info_[39].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[39].original_fqn = "model.encoder.layer.2.attention.self.key.weight";
    constants_info_[40].name = "model_encoder_layer_2_attention_self_key_bias";
    constants_info_[40].dtype = cached_torch_dtype_bfloat16;
    constants_info_[40].device_type = cached_torch_device_type_cuda;
    constants_info_[40].offset = 0;
    constants_info_[40].data_size = 1536;
    constants_info_[40].from_folded = false;
    constants_info_[40].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[40].shape = {768};
    constants_info_[40].stride = {1};
    constants_info_[40].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[40].original_fqn = "model.encoder.layer.2.attention.self.key.bias";
    constants_info_[41].name = "model_encoder_layer_2_attention_self_value_weight";
    constants_info_[41].dtype = cached_torch_dtype_bfloat16;
    constants_info_[41].device_type = cached_torch_device_type_cuda;
    constants_info_[41].offset = 0;
    constants_info_[41].data_size = 1179648;
    constants_info_[41].from_folded = false;
    constants_info_[41].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[41].shape = {768, 768};
    constants_info_[41].stride = {768, 1};
    constants_info_[41].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[41].original_fqn = "model.encoder.layer.2.attention.self.value.weight";
    constants_info_[42].name = "model_encoder_layer_2_attention_self_value_bias";
    constants_info_[42].dtype = cached_torch_dtype_bfloat16;
    constants_info_[42].device_type = cached_torch_device_type_cuda;
    constants_info_[42].offset = 0;
    constants_info_[42].data_size = 1536;
    constants_info_[42].from_folded = false;
    constants_info_[42].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[42].shape = {768};
    constants_info_[42].stride = {1};
    constants_info_[42].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[42].original_fqn = "model.encoder.layer.2.attention.self.value.bias";
    constants_info_[43].name = "model_encoder_layer_2_attention_output_dense_weight";
    constants_info_[43].dtype = cached_torch_dtype_bfloat16;
    constants_info_[43].device_type = cached_torch_device_type_cuda;
    constants_info_[43].offset = 0;
    constants_info_[43].data_size = 1179648;
    constants_info_[43].from_folded = false;
    constants_info_[43].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[43].shape = {768, 768};
    constants_info_[43].stride = {768, 1};
    constants_info_[43].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[43].original_fqn = "model.encoder.layer.2.attention.output.dense.weight";
    constants_info_[44].name = "model_encoder_layer_2_attention_output_dense_bias";
    constants_info_[44].dtype = cached_torch_dtype_bfloat16;
    constants_info_[44].device_type = cached_torch_device_type_cuda;
    constants_info_[44].offset = 0;
    constants_info_[44].data_size = 1536;
    constants_info_[44].from_folded = false;
    constants_info_[44].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[44].shape = {768};
    constants_info_[44].stride = {1};
    constants_info_[44].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[44].original_fqn = "model.encoder.layer.2.attention.output.dense.bias";
    constants_info_[45].name = "model_encoder_layer_2_attention_output_LayerNorm_weight";
    constants_info_[45].dtype = cached_torch_dtype_bfloat16;
    constants_info_[45].device_type = cached_torch_device_type_cuda;
    constants_info_[45].offset = 0;
    constants_info_[45].data_size = 1536;
    constants_info_[45].from_folded = false;
    constants_info_[45].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[45].shape = {768};
    constants_info_[45].stride = {1};
    constants_info_[45].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[45].original_fqn = "model.encoder.layer.2.attention.output.LayerNorm.weight";
    constants_info_[46].name = "model_encoder_layer_2_attention_output_LayerNorm_bias";
    constants_info_[46].dtype = cached_torch_dtype_bfloat16;
    constants_info_[46].device_type = cached_torch_device_type_cuda;
    constants_info_[46].offset = 0;
    constants_info_[46].data_size = 1536;
    constants_info_[46].from_folded = false;
    constants_info_[46].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[46].shape = {768};
    constants_info_[46].stride = {1};
    constants_info_[46].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[46].original_fqn = "model.encoder.layer.2.attention.output.LayerNorm.bias";
    constants_info_[47].name = "model_encoder_layer_2_intermediate_dense_weight";
    constants_info_[47].dtype = cached_torch_dtype_bfloat16;
    constants_info_[47].device_type = cached_torch_device_type_cuda;
    constants_info_[47].offset = 0;
    constants_info_[47].data_size = 4718592;
    constants_info_[47].from_folded = false;
    constants_info_[47].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[47].shape = {3072, 768};
    constants_info_[47].stride = {768, 1};
    constants_info_[47].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[47].original_fqn = "model.encoder.layer.2.intermediate.dense.weight";
    constants_info_[48].name = "model_encoder_layer_2_intermediate_dense_bias";
    constants_info_[48].dtype = cached_torch_dtype_bfloat16;
    constants_info_[48].device_type = cached_torch_device_type_cuda;
    constants_info_[48].offset = 0;
    constants_info_[48].data_size = 6144;
    constants_info_[48].from_folded = false;
    constants_info_[48].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[48].shape = {3072};
    constants_info_[48].stride = {1};
    constants_info_[48].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[48].original_fqn = "model.encoder.layer.2.intermediate.dense.bias";
    constants_info_[49].name = "model_encoder_layer_2_output_dense_weight";
    constants_info_[49].dtype = cached_torch_dtype_bfloat16;
    constants_info_[49].device_type = cached_torch_device_type_cuda;
    constants_info_[49].offset = 0;
    constants_info_[49].data_size = 4718592;
    constants_info_[49].from_folded = false;
    constants_info_[49].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[49].shape = {768, 3072};
    constants_info_[49].stride = {3072, 1};
    constants_info_[49].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[49].original_fqn = "model.encoder.layer.2.output.dense.weight";
    constants_info_[50].name = "model_encoder_layer_2_output_dense_bias";
    constants_info_[50].dtype = cached_torch_dtype_bfloat16;
    constants_info_[50].device_type = cached_torch_device_type_cuda;
    constants_info_[50].offset = 0;
    constants_info_[50].data_size = 1536;
    constants_info_[50].from_folded = false;
    constants_info_[50].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[50].shape = {768};
    constants_info_[50].stride = {1};
    constants_info_[50].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[50].original_fqn = "model.encoder.layer.2.output.dense.bias";
    constants_info_[51].name = "model_encoder_layer_2_output_LayerNorm_weight";
    constants_info_[51].dtype = cached_torch_dtype_bfloat16;
    constants_info_[51].device_type = cached_torch_device_type_cuda;
    constants_info_[51].offset = 0;
    constants_info_[51].data_size = 1536;
    constants_info_[51].from_folded = false;
    constants_info_[51].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[51].shape = {768};
    constants_info_[51].stride = {1};
    constants_info_[51].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[51].original_fqn = "model.encoder.layer.2.output.LayerNorm.weight";
    constants_info_[52].name = "model_encoder_layer_2_output_LayerNorm_bias";
    constants_info_[52].dtype = cached_torch_dtype_bfloat16;
    constants_info_[52].device_type = cached_torch_device_type_cuda;
    constants_info_[52].offset = 0;
    constants_info_[52].data_size = 1536;
    constants_info_[52].from_folded = false;
    constants_info_[52].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[52].shape = {768};
    constants_info_[52].stride = {1};
    constants_info_[52].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[52].original_fqn = "model.encoder.layer.2.output.LayerNorm.bias";
    constants_info_[53].name = "model_encoder_layer_3_attention_self_query_weight";
    constants_info_[53].dtype = cached_torch_dtype_bfloat16;
    constants_info_[53].device_type = cached_torch_device_type_cuda;
    constants_info_[53].offset = 0;
    constants_info_[53].data_size = 1179648;
    constants_info_[53].from_folded = false;
    constants_info_[53].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[53].shape = {768, 768};
    constants_info_[53].stride = {768, 1};
    constants_info_[53].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[53].original_fqn = "model.encoder.layer.3.attention.self.query.weight";
    constants_info_[54].name = "model_encoder_layer_3_attention_self_query_bias";
    constants_info_[54].dtype = cached_torch_dtype_bfloat16;
    constants_info_[54].device_type = cached_torch_device_type_cuda;
    constants_info_[54].offset = 0;
    constants_info_[54].data_size = 1536;
    constants_info_[54].from_folded = false;
    constants_info_[54].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[54].shape = {768};
    constants_info_[54].stride = {1};
    constants_info_[54].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[54].original_fqn = "model.encoder.layer.3.attention.self.query.bias";
    constants_info_[55].name = "model_encoder_layer_3_attention_self_key_weight";
    constants_info_[55].dtype = cached_torch_dtype_bfloat16;
    constants_info_[55].device_type = cached_torch_device_type_cuda;
    constants_info_[55].offset = 0;
    constants_info_[55].data_size = 1179648;
    constants_info_[55].from_folded = false;
    constants_info_[55].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[55].shape = {768, 768};
    constants_info_[55].stride = {768, 1};
    constants_info_[55].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[55].original_fqn = "model.encoder.layer.3.attention.self.key.weight";
    constants_info_[56].name = "model_encoder_layer_3_attention_self_key_bias";
    constants_info_[56].dtype = cached_torch_dtype_bfloat16;
    constants_info_[56].device_type = cached_torch_device_type_cuda;
    constants_info_[56].offset = 0;
    constants_info_[56].data_size = 1536;
    constants_info_[56].from_folded = false;
    constants_info_[56].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[56].shape = {768};
    constants_info_[56].stride = {1};
    constants_info_[56].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[56].original_fqn = "model.encoder.layer.3.attention.self.key.bias";
    constants_info_[57].name = "model_encoder_layer_3_attention_self_value_weight";
    constants_info_[57].dtype = cached_torch_dtype_bfloat16;
    constants_info_[57].device_type = cached_torch_device_type_cuda;
    constants_info_[57].offset = 0;
    constants_info_[57].data_size = 1179648;
    constants_info_[57].from_folded = false;
    constants_info_[57].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[57].shape = {768, 768};
    constants_info_[57].stride = {768, 1};
    constants_info_[57].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[57].original_fqn = "model.encoder.layer.3.attention.self.value.weight";
    constants_info_[58].name = "model_encoder_layer_3_attention_self_value_bias";
    constants_info_[58].dtype = cached_torch_dtype_bfloat16;
    constants_info_[58].device_type = cached_torch_device_type_cuda;
    constants_info_[58].offset = 0;
    constants_info_[58].data_size = 1536;
    constants_info_[58].from_folded = false;
    constants_info_[58].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[58].shape = {768};
    constants_info_[58].stride = {1};
    constants_info_[58].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[58].original_fqn = "model.encoder.layer.3.attention.self.value.bias";
    constants_info_[59].name = "model_encoder_layer_3_attention_output_dense_weight";
    constants_info_[59].dtype = cached_torch_dtype_bfloat16;
    constants_info_[59].device_type = cached_torch_device_type_cuda;
    constants_info_[59].offset = 0;
    constants_info_[59].data_size = 1179648;
    constants_info_[59].from_folded = false;
    constants_info_[59].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[59].shape = {768, 768};
    constants_info_[59].stride = {768, 1};
    constants_info_[59].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[59].original_fqn = "model.encoder.layer.3.attention.output.dense.weight";
    constants_info_[60].name = "model_encoder_layer_3_attention_output_dense_bias";
    constants_info_[60].dtype = cached_torch_dtype_bfloat16;
    constants_info_[60].device_type = cached_torch_device_type_cuda;
    constants_info_[60].offset = 0;
    constants_info_[60].data_size = 1536;
    constants_info_[60].from_folded = false;
    constants_info_[60].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[60].shape = {768};
    constants_info_[60].stride = {1};
    constants_info_[60].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[60].original_fqn = "model.encoder.layer.3.attention.output.dense.bias";
    constants_info_[61].name = "model_encoder_layer_3_attention_output_LayerNorm_weight";
    constants_info_[61].dtype = cached_torch_dtype_bfloat16;
    constants_info_[61].device_type = cached_torch_device_type_cuda;
    constants_info_[61].offset = 0;
    constants_info_[61].data_size = 1536;
    constants_info_[61].from_folded = false;
    constants_info_[61].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[61].shape = {768};
    constants_info_[61].stride = {1};
    constants_info_[61].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[61].original_fqn = "model.encoder.layer.3.attention.output.LayerNorm.weight";
    constants_info_[62].name = "model_encoder_layer_3_attention_output_LayerNorm_bias";
    constants_info_[62].dtype = cached_torch_dtype_bfloat16;
    constants_info_[62].device_type = cached_torch_device_type_cuda;
    constants_info_[62].offset = 0;
    constants_info_[62].data_size = 1536;
    constants_info_[62].from_folded = false;
    constants_info_[62].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[62].shape = {768};
    constants_info_[62].stride = {1};
    constants_info_[62].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[62].original_fqn = "model.encoder.layer.3.attention.output.LayerNorm.bias";
    constants_info_[63].name = "model_encoder_layer_3_intermediate_dense_weight";
    constants_info_[63].dtype = cached_torch_dtype_bfloat16;
    constants_info_[63].device_type = cached_torch_device_type_cuda;
    constants_info_[63].offset = 0;
    constants_info_[63].data_size = 4718592;
    constants_info_[63].from_folded = false;
    constants_info_[63].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[63].shape = {3072, 768};
    constants_info_[63].stride = {768, 1};
    constants_info_[63].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[63].original_fqn = "model.encoder.layer.3.intermediate.dense.weight";
    constants_info_[64].name = "model_encoder_layer_3_intermediate_dense_bias";
    constants_info_[64].dtype = cached_torch_dtype_bfloat16;
    constants_info_[64].device_type = cached_torch_device_type_cuda;
    constants_info_[64].offset = 0;
    constants_info_[64].data_size = 6144;
    constants_info_[64].from_folded = false;
    constants_info_[64].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[64].shape = {3072};
    constants_info_[64].stride = {1};
    constants_info_[64].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[64].original_fqn = "model.encoder.layer.3.intermediate.dense.bias";
    constants_info_[65].name = "model_encoder_layer_3_output_dense_weight";
    constants_info_[65].dtype = cached_torch_dtype_bfloat16;
    constants_info_[65].device_type = cached_torch_device_type_cuda;
    constants_info_[65].offset = 0;
    constants_info_[65].data_size = 4718592;
    constants_info_[65].from_folded = false;
    constants_info_[65].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[65].shape = {768, 3072};
    constants_info_[65].stride = {3072, 1};
    constants_info_[65].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[65].original_fqn = "model.encoder.layer.3.output.dense.weight";
    constants_info_[66].name = "model_encoder_layer_3_output_dense_bias";
    constants_info_[66].dtype = cached_torch_dtype_bfloat16;
    constants_info_[66].device_type = cached_torch_device_type_cuda;
    constants_info_[66].offset = 0;
    constants_info_[66].data_size = 1536;
    constants_info_[66].from_folded = false;
    constants_info_[66].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[66].shape = {768};
    constants_info_[66].stride = {1};
    constants_info_[66].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[66].original_fqn = "model.encoder.layer.3.output.dense.bias";
    constants_info_[67].name = "model_encoder_layer_3_output_LayerNorm_weight";
    constants_info_[67].dtype = cached_torch_dtype_bfloat16;
    constants_info_[67].device_type = cached_torch_device_type_cuda;
    constants_info_[67].offset = 0;
    constants_info_[67].data_size = 1536;
    constants_info_[67].from_folded = false;
    constants_info_[67].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[67].shape = {768};
    constants_info_[67].stride = {1};
    constants_info_[67].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[67].original_fqn = "model.encoder.layer.3.output.LayerNorm.weight";
    constants_info_[68].name = "model_encoder_layer_3_output_LayerNorm_bias";
    constants_info_[68].dtype = cached_torch_dtype_bfloat16;
    constants_info_[68].device_type = cached_torch_device_type_cuda;
    constants_info_[68].offset = 0;
    constants_info_[68].data_size = 1536;
    constants_info_[68].from_folded = false;
    constants_info_[68].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[68].shape = {768};
    constants_info_[68].stride = {1};
    constants_info_[68].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[68].original_fqn = "model.encoder.layer.3.output.LayerNorm.bias";
    constants_info_[69].name = "model_encoder_layer_4_attention_self_query_weight";
    constants_info_[69].dtype = cached_torch_dtype_bfloat16;
    constants_info_[69].device_type = cached_torch_device_type_cuda;
    constants_info_[69].offset = 0;
    constants_info_[69].data_size = 1179648;
    constants_info_[69].from_folded = false;
    constants_info_[69].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[69].shape = {768, 768};
    constants_info_[69].stride = {768, 1};
    constants_info_[69].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[69].original_fqn = "model.encoder.layer.4.attention.self.query.weight";
    constants_info_[70].name = "model_encoder_layer_4_attention_self_query_bias";
    constants_info_[70].dtype = cached_torch_dtype_bfloat16;
    constants_info_[70].device_type = cached_torch_device_type_cuda;
    constants_info_[70].offset = 0;
    constants_info_[70].data_size = 1536;
    constants_info_[70].from_folded = false;
    constants_info_[70].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[70].shape = {768};
    constants_info_[70].stride = {1};
    constants_info_[70].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[70].original_fqn = "model.encoder.layer.4.attention.self.query.bias";
    constants_info_[71].name = "model_encoder_layer_4_attention_self_key_weight";
    constants_info_[71].dtype = cached_torch_dtype_bfloat16;
    constants_info_[71].device_type = cached_torch_device_type_cuda;
    constants_info_[71].offset = 0;
    constants_info_[71].data_size = 1179648;
    constants_info_[71].from_folded = false;
    constants_info_[71].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[71].shape = {768, 768};
    constants_info_[71].stride = {768, 1};
    constants_info_[71].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[71].original_fqn = "model.encoder.layer.4.attention.self.key.weight";
    constants_info_[72].name = "model_encoder_layer_4_attention_self_key_bias";
    constants_info_[72].dtype = cached_torch_dtype_bfloat16;
    constants_info_[72].device_type = cached_torch_device_type_cuda;
    constants_info_[72].offset = 0;
    constants_info_[72].data_size = 1536;
    constants_info_[72].from_folded = false;
    constants_info_[72].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[72].shape = {768};
    constants_info_[72].stride = {1};
    constants_info_[72].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[72].original_fqn = "model.encoder.layer.4.attention.self.key.bias";
    constants_info_[73].name = "model_encoder_layer_4_attention_self_value_weight";
    constants_info_[73].dtype = cached_torch_dtype_bfloat16;
    constants_info_[73].device_type = cached_torch_device_type_cuda;
    constants_info_[73].offset = 0;
    constants_info_[73].data_size = 1179648;
    constants_info_[73].from_folded = false;
    constants_info_[73].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[73].shape = {768, 768};
    constants_info_[73].stride = {768, 1};
    constants_info_[73].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[73].original_fqn = "model.encoder.layer.4.attention.self.value.weight";
    constants_info_[74].name = "model_encoder_layer_4_attention_self_value_bias";
    constants_info_[74].dtype = cached_torch_dtype_bfloat16;
    constants_info_[74].device_type = cached_torch_device_type_cuda;
    constants_info_[74].offset = 0;
    constants_info_[74].data_size = 1536;
    constants_info_[74].from_folded = false;
    constants_info_[74].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[74].shape = {768};
    constants_info_[74].stride = {1};
    constants_info_[74].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[74].original_fqn = "model.encoder.layer.4.attention.self.value.bias";
    constants_info_[75].name = "model_encoder_layer_4_attention_output_dense_weight";
    constants_info_[75].dtype = cached_torch_dtype_bfloat16;
    constants_info_[75].device_type = cached_torch_device_type_cuda;
    constants_info_[75].offset = 0;
    constants_info_[75].data_size = 1179648;
    constants_info_[75].from_folded = false;
    constants_info_[75].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[75].shape = {768, 768};
    constants_info_[75].stride = {768, 1};
    constants_info_[75].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[75].original_fqn = "model.encoder.layer.4.attention.output.dense.weight";
    constants_info_[76].name = "model_encoder_layer_4_attention_output_dense_bias";
    constants_info_[76].dtype = cached_torch_dtype_bfloat16;
    constants_info_[76].device_type = cached_torch_device_type_cuda;
    constants_info_[76].offset = 0;
    constants_info_[76].data_size = 1536;
    constants_info_[76].from_folded = false;
    constants_info_[76].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[76].shape = {768};
    constants_info_[76].stride = {1};
    constants_info_[76].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[76].original_fqn = "model.encoder.layer.4.attention.output.dense.bias";
    constants_info_[77].name = "model_encoder_layer_4_attention_output_LayerNorm_weight";
    constants_info_[77].dtype = cached_torch_dtype_bfloat16;
    constants_info_[77].device_type = cached_torch_device_type_cuda;
    constants_info_[77].offset = 0;
    constants_info_[77].data_size = 1536;
    constants_info_[77].from_folded = false;
    constants_info_[77].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[77].shape = {768};
    constants_info_[77].stride = {1};
    constants_info_[77].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[77].original_fqn = "model.encoder.layer.4.attention.output.LayerNorm.weight";
    constants_info_[78].name = "model_encoder_layer_4_attention_output_LayerNorm_bias";
    constants_info_[78].dtype = cached_torch_dtype_bfloat16;
    constants_info_[78].device_type = cached_torch_device_type_cuda;
    constants_info_[78].offset = 0;
    constants_info_[78].data_size = 1536;
    constants_info_[78].from_folded = false;
    constants_info_[78].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[78].shape = {768};
    constants_info_[78].stride = {1};
    constants_info_[78].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[78].original_fqn = "model.encoder.layer.4.attention.output.LayerNorm.bias";
    constants_info_[79].name = "model_encoder_layer_4_intermediate_dense_weight";
    constants_info_[79].dtype = cached_torch_dtype_bfloat16;
    constants_info_[79].device_type = cached_torch_device_type_cuda;
    constants_info_[79].offset = 0;
    constants_info_[79].data_size = 4718592;
    constants_info_[79].from_folded = false;
    constants_info_[79].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[79].shape = {3072, 768};
    constants_info_[79].stride = {768, 1};
    constants_info_[79].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[79].original_fqn = "model.encoder.layer.4.intermediate.dense.weight";
    constants_info_[80].name = "model_encoder_layer_4_intermediate_dense_bias";
    constants_info_[80].dtype = cached_torch_dtype_bfloat16;
    constants_info_[80].device_type = cached_torch_device_type_cuda;
    constants_info_[80].offset = 0;
    constants_info_[80].data_size = 6144;
    constants_info_[80].from_folded = false;
    constants_info_[80].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[80].shape = {3072};
    constants_info_[80].stride = {1};
    constants_info_[80].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[80].original_fqn = "model.encoder.layer.4.intermediate.dense.bias";
    constants_info_[81].name = "model_encoder_layer_4_output_dense_weight";
    constants_info_[81].dtype = cached_torch_dtype_bfloat16;
    constants_info_[81].device_type = cached_torch_device_type_cuda;
    constants_info_[81].offset = 0;
    constants_info_[81].data_size = 4718592;
    constants_info_[81].from_folded = false;
    constants_info_[81].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[81].shape = {768, 3072};
    constants_info_[81].stride = {3072, 1};
    constants_info_[81].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[81].original_fqn = "model.encoder.layer.4.output.dense.weight";
    constants_info_[82].name = "model_encoder_layer_4_output_dense_bias";
    constants_info_[82].dtype = cached_torch_dtype_bfloat16;
    constants_info_[82].device_type = cached_torch_device_type_cuda;
    constants_info_[82].offset = 0;
    constants_info_[82].data_size = 1536;
    constants_info_[82].from_folded = false;
    constants_info_[82].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[82].shape = {768};
    constants_info_[82].stride = {1};
    constants_info_[82].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[82].original_fqn = "model.encoder.layer.4.output.dense.bias";
    constants_info_[83].name = "model_encoder_layer_4_output_LayerNorm_weight";
    constants_info_[83].dtype = cached_torch_dtype_bfloat16;
    constants_info_[83].device_type = cached_torch_device_type_cuda;
    constants_info_[83].offset = 0;
    constants_info_[83].data_size = 1536;
    constants_info_[83].from_folded = false;
    constants_info_[83].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[83].shape = {768};
    constants_info_[83].stride = {1};
    constants_info_[83].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[83].original_fqn = "model.encoder.layer.4.output.LayerNorm.weight";
    constants_info_[84].name = "model_encoder_layer_4_output_LayerNorm_bias";
    constants_info_[84].dtype = cached_torch_dtype_bfloat16;
    constants_info_[84].device_type = cached_torch_device_type_cuda;
    constants_info_[84].offset = 0;
    constants_info_[84].data_size = 1536;
    constants_info_[84].from_folded = false;
    constants_info_[84].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[84].shape = {768};
    constants_info_[84].stride = {1};
    constants_info_[84].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[84].original_fqn = "model.encoder.layer.4.output.LayerNorm.bias";
    constants_info_[85].name = "model_encoder_layer_5_attention_self_query_weight";
    constants_info_[85].dtype = cached_torch_dtype_bfloat16;
    constants_info_[85].device_type = cached_torch_device_type_cuda;
    constants_info_[85].offset = 0;
    constants_info_[85].data_size = 1179648;
    constants_info_[85].from_folded = false;
    constants_info_[85].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[85].shape = {768, 768};
    constants_info_[85].stride = {768, 1};
    constants_info_[85].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[85].original_fqn = "model.encoder.layer.5.attention.self.query.weight";
    constants_info_[86].name = "model_encoder_layer_5_attention_self_query_bias";
    constants_info_[86].dtype = cached_torch_dtype_bfloat16;
    constants_info_[86].device_type = cached_torch_device_type_cuda;
    constants_info_[86].offset = 0;
    constants_info_[86].data_size = 1536;
    constants_info_[86].from_folded = false;
    constants_info_[86].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[86].shape = {768};
    constants_info_[86].stride = {1};
    constants_info_[86].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[86].original_fqn = "model.encoder.layer.5.attention.self.query.bias";
    constants_info_[87].name = "model_encoder_layer_5_attention_self_key_weight";
    constants_info_[87].dtype = cached_torch_dtype_bfloat16;
    constants_info_[87].device_type = cached_torch_device_type_cuda;
    constants_info_[87].offset = 0;
    constants_info_[87].data_size = 1179648;
    constants_info_[87].from_folded = false;
    constants_info_[87].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[87].shape = {768, 768};
    constants_info_[87].stride = {768, 1};
    constants_info_[87].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[87].original_fqn = "model.encoder.layer.5.attention.self.key.weight";
    constants_info_[88].name = "model_encoder_layer_5_attention_self_key_bias";
    constants_info_[88].dtype = cached_torch_dtype_bfloat16;
    constants_info_[88].device_type = cached_torch_device_type_cuda;
    constants_info_[88].offset = 0;
    constants_info_[88].data_size = 1536;
    constants_info_[88].from_folded = false;
    constants_info_[88].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[88].shape = {768};
    constants_info_[88].stride = {1};
    constants_info_[88].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[88].original_fqn = "model.encoder.layer.5.attention.self.key.bias";
    constants_info_[89].name = "model_encoder_layer_5_attention_self_value_weight";
    constants_info_[89].dtype = cached_torch_dtype_bfloat16;
    constants_info_[89].device_type = cached_torch_device_type_cuda;
    constants_info_[89].offset = 0;
    constants_info_[89].data_size = 1179648;
    constants_info_[89].from_folded = false;
    constants_info_[89].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[89].shape = {768, 768};
    constants_info_[89].stride = {768, 1};
    constants_info_[89].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[89].original_fqn = "model.encoder.layer.5.attention.self.value.weight";
    constants_info_[90].name = "model_encoder_layer_5_attention_self_value_bias";
    constants_info_[90].dtype = cached_torch_dtype_bfloat16;
    constants_info_[90].device_type = cached_torch_device_type_cuda;
    constants_info_[90].offset = 0;
    constants_info_[90].data_size = 1536;
    constants_info_[90].from_folded = false;
    constants_info_[90].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[90].shape = {768};
    constants_info_[90].stride = {1};
    constants_info_[90].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[90].original_fqn = "model.encoder.layer.5.attention.self.value.bias";
    constants_info_[91].name = "model_encoder_layer_5_attention_output_dense_weight";
    constants_info_[91].dtype = cached_torch_dtype_bfloat16;
    constants_info_[91].device_type = cached_torch_device_type_cuda;
    constants_info_[91].offset = 0;
    constants_info_[91].data_size = 1179648;
    constants_info_[91].from_folded = false;
    constants_info_[91].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[91].shape = {768, 768};
    constants_info_[91].stride = {768, 1};
    constants_info_[91].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[91].original_fqn = "model.encoder.layer.5.attention.output.dense.weight";
    constants_info_[92].name = "model_encoder_layer_5_attention_output_dense_bias";
    constants_info_[92].dtype = cached_torch_dtype_bfloat16;
    constants_info_[92].device_type = cached_torch_device_type_cuda;
    constants_info_[92].offset = 0;
    constants_info_[92].data_size = 1536;
    constants_info_[92].from_folded = false;
    constants_info_[92].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[92].shape = {768};
    constants_info_[92].stride = {1};
    constants_info_[92].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[92].original_fqn = "model.encoder.layer.5.attention.output.dense.bias";
    constants_info_[93].name = "model_encoder_layer_5_attention_output_LayerNorm_weight";
    constants_info_[93].dtype = cached_torch_dtype_bfloat16;
    constants_info_[93].device_type = cached_torch_device_type_cuda;
    constants_info_[93].offset = 0;
    constants_info_[93].data_size = 1536;
    constants_info_[93].from_folded = false;
    constants_info_[93].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[93].shape = {768};
    constants_info_[93].stride = {1};
    constants_info_[93].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[93].original_fqn = "model.encoder.layer.5.attention.output.LayerNorm.weight";
    constants_info_[94].name = "model_encoder_layer_5_attention_output_LayerNorm_bias";
    constants_info_[94].dtype = cached_torch_dtype_bfloat16;
    constants_info_[94].device_type = cached_torch_device_type_cuda;
    constants_info_[94].offset = 0;
    constants_info_[94].data_size = 1536;
    constants_info_[94].from_folded = false;
    constants_info_[94].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[94].shape = {768};
    constants_info_[94].stride = {1};
    constants_info_[94].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[94].original_fqn = "model.encoder.layer.5.attention.output.LayerNorm.bias";
    constants_info_[95].name = "model_encoder_layer_5_intermediate_dense_weight";
    constants_info_[95].dtype = cached_torch_dtype_bfloat16;
    constants_info_[95].device_type = cached_torch_device_type_cuda;
    constants_info_[95].offset = 0;
    constants_info_[95].data_size = 4718592;
    constants_info_[95].from_folded = false;
    constants_info_[95].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[95].shape = {3072, 768};
    constants_info_[95].stride = {768, 1};
    constants_info_[95].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[95].original_fqn = "model.encoder.layer.5.intermediate.dense.weight";
    constants_info_[96].name = "model_encoder_layer_5_intermediate_dense_bias";
    constants_info_[96].dtype = cached_torch_dtype_bfloat16;
    constants_info_[96].device_type = cached_torch_device_type_cuda;
    constants_info_[96].offset = 0;
    constants_info_[96].data_size = 6144;
    constants_info_[96].from_folded = false;
    constants_info_[96].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[96].shape = {3072};
    constants_info_[96].stride = {1};
    constants_info_[96].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[96].original_fqn = "model.encoder.layer.5.intermediate.dense.bias";
    constants_info_[97].name = "model_encoder_layer_5_output_dense_weight";
    constants_info_[97].dtype = cached_torch_dtype_bfloat16;
    constants_info_[97].device_type = cached_torch_device_type_cuda;
    constants_info_[97].offset = 0;
    constants_info_[97].data_size = 4718592;
    constants_info_[97].from_folded = false;
    constants_info_[97].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[97].shape = {768, 3072};
    constants_info_[97].stride = {3072, 1};
    constants_info_[97].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[97].original_fqn = "model.encoder.layer.5.output.dense.weight";
    constants_info_[98].name = "model_encoder_layer_5_output_dense_bias";
    constants_info_[98].dtype = cached_torch_dtype_bfloat16;
    constants_info_[98].device_type = cached_torch_device_type_cuda;
    constants_info_[98].offset = 0;
    constants_info_[98].data_size = 1536;
    constants_info_[98].from_folded = false;
    constants_info_[98].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[98].shape = {768};
    constants_info_[98].stride = {1};
    constants_info_[98].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[98].original_fqn = "model.encoder.layer.5.output.dense.bias";
    constants_info_[99].name = "model_encoder_layer_5_output_LayerNorm_weight";
    constants_info_[99].dtype = cached_torch_dtype_bfloat16;
    constants_info_[99].device_type = cached_torch_device_type_cuda;
    constants_info_[99].offset = 0;
    constants_info_[99].data_size = 1536;
    constants_info_[99].from_folded = false;
    constants_info_[99].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[99].shape = {768};
    constants_info_[99].stride = {1};
    constants_info_[99].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[99].original_fqn = "model.encoder.layer.5.output.LayerNorm.weight";
    constants_info_[100].name = "model_encoder_layer_5_output_LayerNorm_bias";
    constants_info_[100].dtype = cached_torch_dtype_bfloat16;
    constants_info_[100].device_type = cached_torch_device_type_cuda;
    constants_info_[100].offset = 0;
    constants_info_[100].data_size = 1536;
    constants_info_[100].from_folded = false;
    constants_info_[100].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[100].shape = {768};
    constants_info_[100].stride = {1};
    constants_info_[100].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[100].original_fqn = "model.encoder.layer.5.output.LayerNorm.bias";
    constants_info_[101].name = "model_encoder_layer_6_attention_self_query_weight";
    constants_info_[101].dtype = cached_torch_dtype_bfloat16;
    constants_info_[101].device_type = cached_torch_device_type_cuda;
    constants_info_[101].offset = 0;
    constants_info_[101].data_size = 1179648;
    constants_info_[101].from_folded = false;
    constants_info_[101].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[101].shape = {768, 768};
    constants_info_[101].stride = {768, 1};
    constants_info_[101].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[101].original_fqn = "model.encoder.layer.6.attention.self.query.weight";
    constants_info_[102].name = "model_encoder_layer_6_attention_self_query_bias";
    constants_info_[102].dtype = cached_torch_dtype_bfloat16;
    constants_info_[102].device_type = cached_torch_device_type_cuda;
    constants_info_[102].offset = 0;
    constants_info_[102].data_size = 1536;
    constants_info_[102].from_folded = false;
    constants_info_[102].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[102].shape = {768};
    constants_info_[102].stride = {1};
    constants_info_[102].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[102].original_fqn = "model.encoder.layer.6.attention.self.query.bias";
    constants_info_[103].name = "model_encoder_layer_6_attention_self_key_weight";
    constants_info_[103].dtype = cached_torch_dtype_bfloat16;
    constants_info_[103].device_type = cached_torch_device_type_cuda;
    constants_info_[103].offset = 0;
    constants_info_[103].data_size = 1179648;
    constants_info_[103].from_folded = false;
    constants_info_[103].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[103].shape = {768, 768};
    constants_info_[103].stride = {768, 1};
    constants_info_[103].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[103].original_fqn = "model.encoder.layer.6.attention.self.key.weight";
    constants_info_[104].name = "model_encoder_layer_6_attention_self_key_bias";
    constants_info_[104].dtype = cached_torch_dtype_bfloat16;
    constants_info_[104].device_type = cached_torch_device_type_cuda;
    constants_info_[104].offset = 0;
    constants_info_[104].data_size = 1536;
    constants_info_[104].from_folded = false;
    constants_info_[104].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[104].shape = {768};
    constants_info_[104].stride = {1};
    constants_info_[104].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[104].original_fqn = "model.encoder.layer.6.attention.self.key.bias";
    constants_info_[105].name = "model_encoder_layer_6_attention_self_value_weight";
    constants_info_[105].dtype = cached_torch_dtype_bfloat16;
    constants_info_[105].device_type = cached_torch_device_type_cuda;
    constants_info_[105].offset = 0;
    constants_info_[105].data_size = 1179648;
    constants_info_[105].from_folded = false;
    constants_info_[105].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[105].shape = {768, 768};
    constants_info_[105].stride = {768, 1};
    constants_info_[105].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[105].original_fqn = "model.encoder.layer.6.attention.self.value.weight";
    constants_info_[106].name = "model_encoder_layer_6_attention_self_value_bias";
    constants_info_[106].dtype = cached_torch_dtype_bfloat16;
    constants_info_[106].device_type = cached_torch_device_type_cuda;
    constants_info_[106].offset = 0;
    constants_info_[106].data_size = 1536;
    constants_info_[106].from_folded = false;
    constants_info_[106].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[106].shape = {768};
    constants_info_[106].stride = {1};
    constants_info_[106].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[106].original_fqn = "model.encoder.layer.6.attention.self.value.bias";
    constants_info_[107].name = "model_encoder_layer_6_attention_output_dense_weight";
    constants_info_[107].dtype = cached_torch_dtype_bfloat16;
    constants_info_[107].device_type = cached_torch_device_type_cuda;
    constants_info_[107].offset = 0;
    constants_info_[107].data_size = 1179648;
    constants_info_[107].from_folded = false;
    constants_info_[107].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[107].shape = {768, 768};
    constants_info_[107].stride = {768, 1};
    constants_info_[107].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[107].original_fqn = "model.encoder.layer.6.attention.output.dense.weight";
    constants_info_[108].name = "model_encoder_layer_6_attention_output_dense_bias";
    constants_info_[108].dtype = cached_torch_dtype_bfloat16;
    constants_info_[108].device_type = cached_torch_device_type_cuda;
    constants_info_[108].offset = 0;
    constants_info_[108].data_size = 1536;
    constants_info_[108].from_folded = false;
    constants_info_[108].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[108].shape = {768};
    constants_info_[108].stride = {1};
    constants_info_[108].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[108].original_fqn = "model.encoder.layer.6.attention.output.dense.bias";
    constants_info_[109].name = "model_encoder_layer_6_attention_output_LayerNorm_weight";
    constants_info_[109].dtype = cached_torch_dtype_bfloat16;
    constants_info_[109].device_type = cached_torch_device_type_cuda;
    constants_info_[109].offset = 0;
    constants_info_[109].data_size = 1536;
    constants_info_[109].from_folded = false;
    constants_info_[109].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[109].shape = {768};
    constants_info_[109].stride = {1};
    constants_info_[109].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[109].original_fqn = "model.encoder.layer.6.attention.output.LayerNorm.weight";
    constants_info_[110].name = "model_encoder_layer_6_attention_output_LayerNorm_bias";
    constants_info_[110].dtype = cached_torch_dtype_bfloat16;
    constants_info_[110].device_type = cached_torch_device_type_cuda;
    constants_info_[110].offset = 0;
    constants_info_[110].data_size = 1536;
    constants_info_[110].from_folded = false;
    constants_info_[110].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[110].shape = {768};
    constants_info_[110].stride = {1};
    constants_info_[110].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[110].original_fqn = "model.encoder.layer.6.attention.output.LayerNorm.bias";
    constants_info_[111].name = "model_encoder_layer_6_intermediate_dense_weight";
    constants_info_[111].dtype = cached_torch_dtype_bfloat16;
    constants_info_[111].device_type = cached_torch_device_type_cuda;
    constants_info_[111].offset = 0;
    constants_info_[111].data_size = 4718592;
    constants_info_[111].from_folded = false;
    constants_info_[111].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[111].shape = {3072, 768};
    constants_info_[111].stride = {768, 1};
    constants_info_[111].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[111].original_fqn = "model.encoder.layer.6.intermediate.dense.weight";
    constants_info_[112].name = "model_encoder_layer_6_intermediate_dense_bias";
    constants_info_[112].dtype = cached_torch_dtype_bfloat16;
    constants_info_[112].device_type = cached_torch_device_type_cuda;
    constants_info_[112].offset = 0;
    constants_info_[112].data_size = 6144;
    constants_info_[112].from_folded = false;
    constants_info_[112].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[112].shape = {3072};
    constants_info_[112].stride = {1};
    constants_info_[112].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[112].original_fqn = "model.encoder.layer.6.intermediate.dense.bias";
    constants_info_[113].name = "model_encoder_layer_6_output_dense_weight";
    constants_info_[113].dtype = cached_torch_dtype_bfloat16;
    constants_info_[113].device_type = cached_torch_device_type_cuda;
    constants_info_[113].offset = 0;
    constants_info_[113].data_size = 4718592;
    constants_info_[113].from_folded = false;
    constants_info_[113].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[113].shape = {768, 3072};
    constants_info_[113].stride = {3072, 1};
    constants_info_[113].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[113].original_fqn = "model.encoder.layer.6.output.dense.weight";
    constants_info_[114].name = "model_encoder_layer_6_output_dense_bias";
    constants_info_[114].dtype = cached_torch_dtype_bfloat16;
    constants_info_[114].device_type = cached_torch_device_type_cuda;
    constants_info_[114].offset = 0;
    constants_info_[114].data_size = 1536;
    constants_info_[114].from_folded = false;
    constants_info_[114].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[114].shape = {768};
    constants_info_[114].stride = {1};
    constants_info_[114].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[114].original_fqn = "model.encoder.layer.6.output.dense.bias";
    constants_info_[115].name = "model_encoder_layer_6_output_LayerNorm_weight";
    constants_info_[115].dtype = cached_torch_dtype_bfloat16;
    constants_info_[115].device_type = cached_torch_device_type_cuda;
    constants_info_[115].offset = 0;
    constants_info_[115].data_size = 1536;
    constants_info_[115].from_folded = false;
    constants_info_[115].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[115].shape = {768};
    constants_info_[115].stride = {1};
    constants_info_[115].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[115].original_fqn = "model.encoder.layer.6.output.LayerNorm.weight";
    constants_info_[116].name = "model_encoder_layer_6_output_LayerNorm_bias";
    constants_info_[116].dtype = cached_torch_dtype_bfloat16;
    constants_info_[116].device_type = cached_torch_device_type_cuda;
    constants_info_[116].offset = 0;
    constants_info_[116].data_size = 1536;
    constants_info_[116].from_folded = false;
    constants_info_[116].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[116].shape = {768};
    constants_info_[116].stride = {1};
    constants_info_[116].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[116].original_fqn = "model.encoder.layer.6.output.LayerNorm.bias";
    constants_info_[117].name = "model_encoder_layer_7_attention_self_query_weight";
    constants_info_[117].dtype = cached_torch_dtype_bfloat16;
    constants_info_[117].device_type = cached_torch_device_type_cuda;
    constants_info_[117].offset = 0;
    constants_info_[117].data_size = 1179648;
    constants_info_[117].from_folded = false;
    constants_info_[117].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[117].shape = {768, 768};
    constants_info_[117].stride = {768, 1};
    constants_info_[117].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[117].original_fqn = "model.encoder.layer.7.attention.self.query.weight";
    constants_info_[118].name = "model_encoder_layer_7_attention_self_query_bias";
    constants_info_[118].dtype = cached_torch_dtype_bfloat16;
    constants_info_[118].device_type = cached_torch_device_type_cuda;
    constants_info_[118].offset = 0;
    constants_info_[118].data_size = 1536;
    constants_info_[118].from_folded = false;
    constants_info_[118].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[118].shape = {768};
    constants_info_[118].stride = {1};
    constants_info_[118].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[118].original_fqn = "model.encoder.layer.7.attention.self.query.bias";
    constants_info_[119].name = "model_encoder_layer_7_attention_self_key_weight";
    constants_info_[119].dtype = cached_torch_dtype_bfloat16;
    constants_info_[119].device_type = cached_torch_device_type_cuda;
    constants_info_[119].offset = 0;
    constants_info_[119].data_size = 1179648;
    constants_info_[119].from_folded = false;
    constants_info_[119].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[119].shape = {768, 768};
    constants_info_[119].stride = {768, 1};
    constants_info_[119].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[119].original_fqn = "model.encoder.layer.7.attention.self.key.weight";
    constants_info_[120].name = "model_encoder_layer_7_attention_self_key_bias";
    constants_info_[120].dtype = cached_torch_dtype_bfloat16;
    constants_info_[120].device_type = cached_torch_device_type_cuda;
    constants_info_[120].offset = 0;
    constants_info_[120].data_size = 1536;
    constants_info_[120].from_folded = false;
    constants_info_[120].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[120].shape = {768};
    constants_info_[120].stride = {1};
    constants_info_[120].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[120].original_fqn = "model.encoder.layer.7.attention.self.key.bias";
    constants_info_[121].name = "model_encoder_layer_7_attention_self_value_weight";
    constants_info_[121].dtype = cached_torch_dtype_bfloat16;
    constants_info_[121].device_type = cached_torch_device_type_cuda;
    constants_info_[121].offset = 0;
    constants_info_[121].data_size = 1179648;
    constants_info_[121].from_folded = false;
    constants_info_[121].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[121].shape = {768, 768};
    constants_info_[121].stride = {768, 1};
    constants_info_[121].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[121].original_fqn = "model.encoder.layer.7.attention.self.value.weight";
    constants_info_[122].name = "model_encoder_layer_7_attention_self_value_bias";
    constants_info_[122].dtype = cached_torch_dtype_bfloat16;
    constants_info_[122].device_type = cached_torch_device_type_cuda;
    constants_info_[122].offset = 0;
    constants_info_[122].data_size = 1536;
    constants_info_[122].from_folded = false;
    constants_info_[122].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[122].shape = {768};
    constants_info_[122].stride = {1};
    constants_info_[122].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[122].original_fqn = "model.encoder.layer.7.attention.self.value.bias";
    constants_info_[123].name = "model_encoder_layer_7_attention_output_dense_weight";
    constants_info_[123].dtype = cached_torch_dtype_bfloat16;
    constants_info_[123].device_type = cached_torch_device_type_cuda;
    constants_info_[123].offset = 0;
    constants_info_[123].data_size = 1179648;
    constants_info_[123].from_folded = false;
    constants_info_[123].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[123].shape = {768, 768};
    constants_info_[123].stride = {768, 1};
    constants_info_[123].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[123].original_fqn = "model.encoder.layer.7.attention.output.dense.weight";
    constants_info_[124].name = "model_encoder_layer_7_attention_output_dense_bias";
    constants_info_[124].dtype = cached_torch_dtype_bfloat16;
    constants_info_[124].device_type = cached_torch_device_type_cuda;
    constants_info_[124].offset = 0;
    constants_info_[124].data_size = 1536;
    constants_info_[124].from_folded = false;
    constants_info_[124].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[124].shape = {768};
    constants_info_[124].stride = {1};
    constants_info_[124].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[124].original_fqn = "model.encoder.layer.7.attention.output.dense.bias";
    constants_info_[125].name = "model_encoder_layer_7_attention_output_LayerNorm_weight";
    constants_info_[125].dtype = cached_torch_dtype_bfloat16;
    constants_info_[125].device_type = cached_torch_device_type_cuda;
    constants_info_[125].offset = 0;
    constants_info_[125].data_size = 1536;
    constants_info_[125].from_folded = false;
    constants_info_[125].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[125].shape = {768};
    constants_info_[125].stride = {1};
    constants_info_[125].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[125].original_fqn = "model.encoder.layer.7.attention.output.LayerNorm.weight";
    constants_info_[126].name = "model_encoder_layer_7_attention_output_LayerNorm_bias";
    constants_info_[126].dtype = cached_torch_dtype_bfloat16;
    constants_info_[126].device_type = cached_torch_device_type_cuda;
    constants_info_[126].offset = 0;
    constants_info_[126].data_size = 1536;
    constants_info_[126].from_folded = false;
    constants_info_[126].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[126].shape = {768};
    constants_info_[126].stride = {1};
    constants_info_[126].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[126].original_fqn = "model.encoder.layer.7.attention.output.LayerNorm.bias";
    constants_info_[127].name = "model_encoder_layer_7_intermediate_dense_weight";
    constants_info_[127].dtype = cached_torch_dtype_bfloat16;
    constants_info_[127].device_type = cached_torch_device_type_cuda;
    constants_info_[127].offset = 0;
    constants_info_[127].data_size = 4718592;
    constants_info_[127].from_folded = false;
    constants_info_[127].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[127].shape = {3072, 768};
    constants_info_[127].stride = {768, 1};
    constants_info_[127].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[127].original_fqn = "model.encoder.layer.7.intermediate.dense.weight";
    constants_info_[128].name = "model_encoder_layer_7_intermediate_dense_bias";
    constants_info_[128].dtype = cached_torch_dtype_bfloat16;
    constants_info_[128].device_type = cached_torch_device_type_cuda;
    constants_info_[128].offset = 0;
    constants_info_[128].data_size = 6144;
    constants_info_[128].from_folded = false;
    constants_info_[128].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[128].shape = {3072};
    constants_info_[128].stride = {1};
    constants_info_[128].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[128].original_fqn = "model.encoder.layer.7.intermediate.dense.bias";
    constants_info_[129].name = "model_encoder_layer_7_output_dense_weight";
    constants_info_[129].dtype = cached_torch_dtype_bfloat16;
    constants_info_[129].device_type = cached_torch_device_type_cuda;
    constants_info_[129].offset = 0;
    constants_info_[129].data_size = 4718592;
    constants_info_[129].from_folded = false;
    constants_info_[129].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[129].shape = {768, 3072};
    constants_info_[129].stride = {3072, 1};
    constants_info_[129].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[129].original_fqn = "model.encoder.layer.7.output.dense.weight";
    constants_info_[130].name = "model_encoder_layer_7_output_dense_bias";
    constants_info_[130].dtype = cached_torch_dtype_bfloat16;
    constants_info_[130].device_type = cached_torch_device_type_cuda;
    constants_info_[130].offset = 0;
    constants_info_[130].data_size = 1536;
    constants_info_[130].from_folded = false;
    constants_info_[130].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[130].shape = {768};
    constants_info_[130].stride = {1};
    constants_info_[130].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[130].original_fqn = "model.encoder.layer.7.output.dense.bias";
    constants_info_[131].name = "model_encoder_layer_7_output_LayerNorm_weight";
    constants_info_[131].dtype = cached_torch_dtype_bfloat16;
    constants_info_[131].device_type = cached_torch_device_type_cuda;
    constants_info_[131].offset = 0;
    constants_info_[131].data_size = 1536;
    constants_info_[131].from_folded = false;
    constants_info_[131].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[131].shape = {768};
    constants_info_[131].stride = {1};
    constants_info_[131].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[131].original_fqn = "model.encoder.layer.7.output.LayerNorm.weight";
    constants_info_[132].name = "model_encoder_layer_7_output_LayerNorm_bias";
    constants_info_[132].dtype = cached_torch_dtype_bfloat16;
    constants_info_[132].device_type = cached_torch_device_type_cuda;
    constants_info_[132].offset = 0;
    constants_info_[132].data_size = 1536;
    constants_info_[132].from_folded = false;
    constants_info_[132].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[132].shape = {768};
    constants_info_[132].stride = {1};
    constants_info_[132].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[132].original_fqn = "model.encoder.layer.7.output.LayerNorm.bias";
    constants_info_[133].name = "model_encoder_layer_8_attention_self_query_weight";
    constants_info_[133].dtype = cached_torch_dtype_bfloat16;
    constants_info_[133].device_type = cached_torch_device_type_cuda;
    constants_info_[133].offset = 0;
    constants_info_[133].data_size = 1179648;
    constants_info_[133].from_folded = false;
    constants_info_[133].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[133].shape = {768, 768};
    constants_info_[133].stride = {768, 1};
    constants_info_[133].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[133].original_fqn = "model.encoder.layer.8.attention.self.query.weight";
    constants_info_[134].name = "model_encoder_layer_8_attention_self_query_bias";
    constants_info_[134].dtype = cached_torch_dtype_bfloat16;
    constants_info_[134].device_type = cached_torch_device_type_cuda;
    constants_info_[134].offset = 0;
    constants_info_[134].data_size = 1536;
    constants_info_[134].from_folded = false;
    constants_info_[134].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[134].shape = {768};
    constants_info_[134].stride = {1};
    constants_info_[134].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[134].original_fqn = "model.encoder.layer.8.attention.self.query.bias";
    constants_info_[135].name = "model_encoder_layer_8_attention_self_key_weight";
    constants_info_[135].dtype = cached_torch_dtype_bfloat16;
    constants_info_[135].device_type = cached_torch_device_type_cuda;
    constants_info_[135].offset = 0;
    constants_info_[135].data_size = 1179648;
    constants_info_[135].from_folded = false;
    constants_info_[135].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[135].shape = {768, 768};
    constants_info_[135].stride = {768, 1};
    constants_info_[135].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[135].original_fqn = "model.encoder.layer.8.attention.self.key.weight";
    constants_info_[136].name = "model_encoder_layer_8_attention_self_key_bias";
    constants_info_[136].dtype = cached_torch_dtype_bfloat16;
    constants_info_[136].device_type = cached_torch_device_type_cuda;
    constants_info_[136].offset = 0;
    constants_info_[136].data_size = 1536;
    constants_info_[136].from_folded = false;
    constants_info_[136].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[136].shape = {768};
    constants_info_[136].stride = {1};
    constants_info_[136].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[136].original_fqn = "model.encoder.layer.8.attention.self.key.bias";
    constants_info_[137].name = "model_encoder_layer_8_attention_self_value_weight";
    constants_info_[137].dtype = cached_torch_dtype_bfloat16;
    constants_info_[137].device_type = cached_torch_device_type_cuda;
    constants_info_[137].offset = 0;
    constants_info_[137].data_size = 1179648;
    constants_info_[137].from_folded = false;
    constants_info_[137].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[137].shape = {768, 768};
    constants_info_[137].stride = {768, 1};
    constants_info_[137].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[137].original_fqn = "model.encoder.layer.8.attention.self.value.weight";
    constants_info_[138].name = "model_encoder_layer_8_attention_self_value_bias";
    constants_info_[138].dtype = cached_torch_dtype_bfloat16;
    constants_info_[138].device_type = cached_torch_device_type_cuda;
    constants_info_[138].offset = 0;
    constants_info_[138].data_size = 1536;
    constants_info_[138].from_folded = false;
    constants_info_[138].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[138].shape = {768};
    constants_info_[138].stride = {1};
    constants_info_[138].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[138].original_fqn = "model.encoder.layer.8.attention.self.value.bias";
    constants_info_[139].name = "model_encoder_layer_8_attention_output_dense_weight";
    constants_info_[139].dtype = cached_torch_dtype_bfloat16;
    constants_info_[139].device_type = cached_torch_device_type_cuda;
    constants_info_[139].offset = 0;
    constants_info_[139].data_size = 1179648;
    constants_info_[139].from_folded = false;
    constants_info_[139].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[139].shape = {768, 768};
    constants_info_[139].stride = {768, 1};
    constants_info_[139].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[139].original_fqn = "model.encoder.layer.8.attention.output.dense.weight";
    constants_info_[140].name = "model_encoder_layer_8_attention_output_dense_bias";
    constants_info_[140].dtype = cached_torch_dtype_bfloat16;
    constants_info_[140].device_type = cached_torch_device_type_cuda;
    constants_info_[140].offset = 0;
    constants_info_[140].data_size = 1536;
    constants_info_[140].from_folded = false;
    constants_info_[140].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[140].shape = {768};
    constants_info_[140].stride = {1};
    constants_info_[140].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[140].original_fqn = "model.encoder.layer.8.attention.output.dense.bias";
    constants_info_[141].name = "model_encoder_layer_8_attention_output_LayerNorm_weight";
    constants_info_[141].dtype = cached_torch_dtype_bfloat16;
    constants_info_[141].device_type = cached_torch_device_type_cuda;
    constants_info_[141].offset = 0;
    constants_info_[141].data_size = 1536;
    constants_info_[141].from_folded = false;
    constants_info_[141].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[141].shape = {768};
    constants_info_[141].stride = {1};
    constants_info_[141].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[141].original_fqn = "model.encoder.layer.8.attention.output.LayerNorm.weight";
    constants_info_[142].name = "model_encoder_layer_8_attention_output_LayerNorm_bias";
    constants_info_[142].dtype = cached_torch_dtype_bfloat16;
    constants_info_[142].device_type = cached_torch_device_type_cuda;
    constants_info_[142].offset = 0;
    constants_info_[142].data_size = 1536;
    constants_info_[142].from_folded = false;
    constants_info_[142].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[142].shape = {768};
    constants_info_[142].stride = {1};
    constants_info_[142].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[142].original_fqn = "model.encoder.layer.8.attention.output.LayerNorm.bias";
    constants_info_[143].name = "model_encoder_layer_8_intermediate_dense_weight";
    constants_info_[143].dtype = cached_torch_dtype_bfloat16;
    constants_info_[143].device_type = cached_torch_device_type_cuda;
    constants_info_[143].offset = 0;
    constants_info_[143].data_size = 4718592;
    constants_info_[143].from_folded = false;
    constants_info_[143].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[143].shape = {3072, 768};
    constants_info_[143].stride = {768, 1};
    constants_info_[143].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[143].original_fqn = "model.encoder.layer.8.intermediate.dense.weight";
    constants_info_[144].name = "model_encoder_layer_8_intermediate_dense_bias";
    constants_info_[144].dtype = cached_torch_dtype_bfloat16;
    constants_info_[144].device_type = cached_torch_device_type_cuda;
    constants_info_[144].offset = 0;
    constants_info_[144].data_size = 6144;
    constants_info_[144].from_folded = false;
    constants_info_[144].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[144].shape = {3072};
    constants_info_[144].stride = {1};
    constants_info_[144].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[144].original_fqn = "model.encoder.layer.8.intermediate.dense.bias";
    constants_info_[145].name = "model_encoder_layer_8_output_dense_weight";
    constants_info_[145].dtype = cached_torch_dtype_bfloat16;
    constants_info_[145].device_type = cached_torch_device_type_cuda;
    constants_info_[145].offset = 0;
    constants_info_[145].data_size = 4718592;
    constants_info_[145].from_folded = false;
    constants_info_[145].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[145].shape = {768, 3072};
    constants_info_[145].stride = {3072, 1};
    constants_info_[145].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[145].original_fqn = "model.encoder.layer.8.output.dense.weight";
    constants_info_[146].name = "model_encoder_layer_8_output_dense_bias";
    constants_info_[146].dtype = cached_torch_dtype_bfloat16;
    constants_info_[146].device_type = cached_torch_device_type_cuda;
    constants_info_[146].offset = 0;
    constants_info_[146].data_size = 1536;
    constants_info_[146].from_folded = false;
    constants_info_[146].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[146].shape = {768};
    constants_info_[146].stride = {1};
    constants_info_[146].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[146].original_fqn = "model.encoder.layer.8.output.dense.bias";
    constants_info_[147].name = "model_encoder_layer_8_output_LayerNorm_weight";
    constants_info_[147].dtype = cached_torch_dtype_bfloat16;
    constants_info_[147].device_type = cached_torch_device_type_cuda;
    constants_info_[147].offset = 0;
    constants_info_[147].data_size = 1536;
    constants_info_[147].from_folded = false;
    constants_info_[147].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[147].shape = {768};
    constants_info_[147].stride = {1};
    constants_info_[147].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[147].original_fqn = "model.encoder.layer.8.output.LayerNorm.weight";
    constants_info_[148].name = "model_encoder_layer_8_output_LayerNorm_bias";
    constants_info_[148].dtype = cached_torch_dtype_bfloat16;
    constants_info_[148].device_type = cached_torch_device_type_cuda;
    constants_info_[148].offset = 0;
    constants_info_[148].data_size = 1536;
    constants_info_[148].from_folded = false;
    constants_info_[148].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[148].shape = {768};
    constants_info_[148].stride = {1};
    constants_info_[148].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[148].original_fqn = "model.encoder.layer.8.output.LayerNorm.bias";
    constants_info_[149].name = "model_encoder_layer_9_attention_self_query_weight";
    constants_info_[149].dtype = cached_torch_dtype_bfloat16;
    constants_info_[149].device_type = cached_torch_device_type_cuda;
    constants_info_[149].offset = 0;
    constants_info_[149].data_size = 1179648;
    constants_info_[149].from_folded = false;
    constants_info_[149].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[149].shape = {768, 768};
    constants_info_[149].stride = {768, 1};
    constants_info_[149].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[149].original_fqn = "model.encoder.layer.9.attention.self.query.weight";
    constants_info_[150].name = "model_encoder_layer_9_attention_self_query_bias";
    constants_info_[150].dtype = cached_torch_dtype_bfloat16;
    constants_info_[150].device_type = cached_torch_device_type_cuda;
    constants_info_[150].offset = 0;
    constants_info_[150].data_size = 1536;
    constants_info_[150].from_folded = false;
    constants_info_[150].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[150].shape = {768};
    constants_info_[150].stride = {1};
    constants_info_[150].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[150].original_fqn = "model.encoder.layer.9.attention.self.query.bias";
    constants_info_[151].name = "model_encoder_layer_9_attention_self_key_weight";
    constants_info_[151].dtype = cached_torch_dtype_bfloat16;
    constants_info_[151].device_type = cached_torch_device_type_cuda;
    constants_info_[151].offset = 0;
    constants_info_[151].data_size = 1179648;
    constants_info_[151].from_folded = false;
    constants_info_[151].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[151].shape = {768, 768};
    constants_info_[151].stride = {768, 1};
    constants_info_[151].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[151].original_fqn = "model.encoder.layer.9.attention.self.key.weight";
    constants_info_[152].name = "model_encoder_layer_9_attention_self_key_bias";
    constants_info_[152].dtype = cached_torch_dtype_bfloat16;
    constants_info_[152].device_type = cached_torch_device_type_cuda;
    constants_info_[152].offset = 0;
    constants_info_[152].data_size = 1536;
    constants_info_[152].from_folded = false;
    constants_info_[152].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[152].shape = {768};
    constants_info_[152].stride = {1};
    constants_info_[152].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[152].original_fqn = "model.encoder.layer.9.attention.self.key.bias";
    constants_info_[153].name = "model_encoder_layer_9_attention_self_value_weight";
    constants_info_[153].dtype = cached_torch_dtype_bfloat16;
    constants_info_[153].device_type = cached_torch_device_type_cuda;
    constants_info_[153].offset = 0;
    constants_info_[153].data_size = 1179648;
    constants_info_[153].from_folded = false;
    constants_info_[153].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[153].shape = {768, 768};
    constants_info_[153].stride = {768, 1};
    constants_info_[153].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[153].original_fqn = "model.encoder.layer.9.attention.self.value.weight";
    constants_info_[154].name = "model_encoder_layer_9_attention_self_value_bias";
    constants_info_[154].dtype = cached_torch_dtype_bfloat16;
    constants_info_[154].device_type = cached_torch_device_type_cuda;
    constants_info_[154].offset = 0;
    constants_info_[154].data_size = 1536;
    constants_info_[154].from_folded = false;
    constants_info_[154].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[154].shape = {768};
    constants_info_[154].stride = {1};
    constants_info_[154].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[154].original_fqn = "model.encoder.layer.9.attention.self.value.bias";
    constants_info_[155].name = "model_encoder_layer_9_attention_output_dense_weight";
    constants_info_[155].dtype = cached_torch_dtype_bfloat16;
    constants_info_[155].device_type = cached_torch_device_type_cuda;
    constants_info_[155].offset = 0;
    constants_info_[155].data_size = 1179648;
    constants_info_[155].from_folded = false;
    constants_info_[155].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[155].shape = {768, 768};
    constants_info_[155].stride = {768, 1};
    constants_info_[155].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[155].original_fqn = "model.encoder.layer.9.attention.output.dense.weight";
    constants_info_[156].name = "model_encoder_layer_9_attention_output_dense_bias";
    constants_info_[156].dtype = cached_torch_dtype_bfloat16;
    constants_info_[156].device_type = cached_torch_device_type_cuda;
    constants_info_[156].offset = 0;
    constants_info_[156].data_size = 1536;
    constants_info_[156].from_folded = false;
    constants_info_[156].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[156].shape = {768};
    constants_info_[156].stride = {1};
    constants_info_[156].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[156].original_fqn = "model.encoder.layer.9.attention.output.dense.bias";
    constants_info_[157].name = "model_encoder_layer_9_attention_output_LayerNorm_weight";
    constants_info_[157].dtype = cached_torch_dtype_bfloat16;
    constants_info_[157].device_type = cached_torch_device_type_cuda;
    constants_info_[157].offset = 0;
    constants_info_[157].data_size = 1536;
    constants_info_[157].from_folded = false;
    constants_info_[157].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[157].shape = {768};
    constants_info_[157].stride = {1};
    constants_info_[157].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[157].original_fqn = "model.encoder.layer.9.attention.output.LayerNorm.weight";
    constants_info_[158].name = "model_encoder_layer_9_attention_output_LayerNorm_bias";
    constants_info_[158].dtype = cached_torch_dtype_bfloat16;
    constants_info_[158].device_type = cached_torch_device_type_cuda;
    constants_info_[158].offset = 0;
    constants_info_[158].data_size = 1536;
    constants_info_[158].from_folded = false;
    constants_info_[158].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[158].shape = {768};
    constants_info_[158].stride = {1};
    constants_info_[158].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[158].original_fqn = "model.encoder.layer.9.attention.output.LayerNorm.bias";
    constants_info_[159].name = "model_encoder_layer_9_intermediate_dense_weight";
    constants_info_[159].dtype = cached_torch_dtype_bfloat16;
    constants_info_[159].device_type = cached_torch_device_type_cuda;
    constants_info_[159].offset = 0;
    constants_info_[159].data_size = 4718592;
    constants_info_[159].from_folded = false;
    constants_info_[159].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[159].shape = {3072, 768};
    constants_info_[159].stride = {768, 1};
    constants_info_[159].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[159].original_fqn = "model.encoder.layer.9.intermediate.dense.weight";
    constants_info_[160].name = "model_encoder_layer_9_intermediate_dense_bias";
    constants_info_[160].dtype = cached_torch_dtype_bfloat16;
    constants_info_[160].device_type = cached_torch_device_type_cuda;
    constants_info_[160].offset = 0;
    constants_info_[160].data_size = 6144;
    constants_info_[160].from_folded = false;
    constants_info_[160].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[160].shape = {3072};
    constants_info_[160].stride = {1};
    constants_info_[160].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[160].original_fqn = "model.encoder.layer.9.intermediate.dense.bias";
    constants_info_[161].name = "model_encoder_layer_9_output_dense_weight";
    constants_info_[161].dtype = cached_torch_dtype_bfloat16;
    constants_info_[161].device_type = cached_torch_device_type_cuda;
    constants_info_[161].offset = 0;
    constants_info_[161].data_size = 4718592;
    constants_info_[161].from_folded = false;
    constants_info_[161].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[161].shape = {768, 3072};
    constants_info_[161].stride = {3072, 1};
    constants_info_[161].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[161].original_fqn = "model.encoder.layer.9.output.dense.weight";
    constants_info_[162].name = "model_encoder_layer_9_output_dense_bias";
    constants_info_[162].dtype = cached_torch_dtype_bfloat16;
    constants_info_[162].device_type = cached_torch_device_type_cuda;
    constants_info_[162].offset = 0;
    constants_info_[162].data_size = 1536;
    constants_info_[162].from_folded = false;
    constants_info_[162].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[162].shape = {768};
    constants_info_[162].stride = {1};
    constants_info_[162].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[162].original_fqn = "model.encoder.layer.9.output.dense.bias";
    constants_info_[163].name = "model_encoder_layer_9_output_LayerNorm_weight";
    constants_info_[163].dtype = cached_torch_dtype_bfloat16;
    constants_info_[163].device_type = cached_torch_device_type_cuda;
    constants_info_[163].offset = 0;
    constants_info_[163].data_size = 1536;
    constants_info_[163].from_folded = false;
    constants_info_[163].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[163].shape = {768};
    constants_info_[163].stride = {1};
    constants_info_[163].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[163].original_fqn = "model.encoder.layer.9.output.LayerNorm.weight";
    constants_info_[164].name = "model_encoder_layer_9_output_LayerNorm_bias";
    constants_info_[164].dtype = cached_torch_dtype_bfloat16;
    constants_info_[164].device_type = cached_torch_device_type_cuda;
    constants_info_[164].offset = 0;
    constants_info_[164].data_size = 1536;
    constants_info_[164].from_folded = false;
    constants_info_[164].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[164].shape = {768};
    constants_info_[164].stride = {1};
    constants_info_[164].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[164].original_fqn = "model.encoder.layer.9.output.LayerNorm.bias";
    constants_info_[165].name = "model_encoder_layer_10_attention_self_query_weight";
    constants_info_[165].dtype = cached_torch_dtype_bfloat16;
    constants_info_[165].device_type = cached_torch_device_type_cuda;
    constants_info_[165].offset = 0;
    constants_info_[165].data_size = 1179648;
    constants_info_[165].from_folded = false;
    constants_info_[165].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[165].shape = {768, 768};
    constants_info_[165].stride = {768, 1};
    constants_info_[165].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[165].original_fqn = "model.encoder.layer.10.attention.self.query.weight";
    constants_info_[166].name = "model_encoder_layer_10_attention_self_query_bias";
    constants_info_[166].dtype = cached_torch_dtype_bfloat16;
    constants_info_[166].device_type = cached_torch_device_type_cuda;
    constants_info_[166].offset = 0;
    constants_info_[166].data_size = 1536;
    constants_info_[166].from_folded = false;
    constants_info_[166].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[166].shape = {768};
    constants_info_[166].stride = {1};
    constants_info_[166].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[166].original_fqn = "model.encoder.layer.10.attention.self.query.bias";
    constants_info_[167].name = "model_encoder_layer_10_attention_self_key_weight";
    constants_info_[167].dtype = cached_torch_dtype_bfloat16;
    constants_info_[167].device_type = cached_torch_device_type_cuda;
    constants_info_[167].offset = 0;
    constants_info_[167].data_size = 1179648;
    constants_info_[167].from_folded = false;
    constants_info_[167].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[167].shape = {768, 768};
    constants_info_[167].stride = {768, 1};
    constants_info_[167].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[167].original_fqn = "model.encoder.layer.10.attention.self.key.weight";
    constants_info_[168].name = "model_encoder_layer_10_attention_self_key_bias";
    constants_info_[168].dtype = cached_torch_dtype_bfloat16;
    constants_info_[168].device_type = cached_torch_device_type_cuda;
    constants_info_[168].offset = 0;
    constants_info_[168].data_size = 1536;
    constants_info_[168].from_folded = false;
    constants_info_[168].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[168].shape = {768};
    constants_info_[168].stride = {1};
    constants_info_[168].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[168].original_fqn = "model.encoder.layer.10.attention.self.key.bias";
    constants_info_[169].name = "model_encoder_layer_10_attention_self_value_weight";
    constants_info_[169].dtype = cached_torch_dtype_bfloat16;
    constants_info_[169].device_type = cached_torch_device_type_cuda;
    constants_info_[169].offset = 0;
    constants_info_[169].data_size = 1179648;
    constants_info_[169].from_folded = false;
    constants_info_[169].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[169].shape = {768, 768};
    constants_info_[169].stride = {768, 1};
    constants_info_[169].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[169].original_fqn = "model.encoder.layer.10.attention.self.value.weight";
    constants_info_[170].name = "model_encoder_layer_10_attention_self_value_bias";
    constants_info_[170].dtype = cached_torch_dtype_bfloat16;
    constants_info_[170].device_type = cached_torch_device_type_cuda;
    constants_info_[170].offset = 0;
    constants_info_[170].data_size = 1536;
    constants_info_[170].from_folded = false;
    constants_info_[170].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[170].shape = {768};
    constants_info_[170].stride = {1};
    constants_info_[170].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[170].original_fqn = "model.encoder.layer.10.attention.self.value.bias";
    constants_info_[171].name = "model_encoder_layer_10_attention_output_dense_weight";
    constants_info_[171].dtype = cached_torch_dtype_bfloat16;
    constants_info_[171].device_type = cached_torch_device_type_cuda;
    constants_info_[171].offset = 0;
    constants_info_[171].data_size = 1179648;
    constants_info_[171].from_folded = false;
    constants_info_[171].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[171].shape = {768, 768};
    constants_info_[171].stride = {768, 1};
    constants_info_[171].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[171].original_fqn = "model.encoder.layer.10.attention.output.dense.weight";
    constants_info_[172].name = "model_encoder_layer_10_attention_output_dense_bias";
    constants_info_[172].dtype = cached_torch_dtype_bfloat16;
    constants_info_[172].device_type = cached_torch_device_type_cuda;
    constants_info_[172].offset = 0;
    constants_info_[172].data_size = 1536;
    constants_info_[172].from_folded = false;
    constants_info_[172].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[172].shape = {768};
    constants_info_[172].stride = {1};
    constants_info_[172].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[172].original_fqn = "model.encoder.layer.10.attention.output.dense.bias";
    constants_info_[173].name = "model_encoder_layer_10_attention_output_LayerNorm_weight";
    constants_info_[173].dtype = cached_torch_dtype_bfloat16;
    constants_info_[173].device_type = cached_torch_device_type_cuda;
    constants_info_[173].offset = 0;
    constants_info_[173].data_size = 1536;
    constants_info_[173].from_folded = false;
    constants_info_[173].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[173].shape = {768};
    constants_info_[173].stride = {1};
    constants_info_[173].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[173].original_fqn = "model.encoder.layer.10.attention.output.LayerNorm.weight";
    constants_info_[174].name = "model_encoder_layer_10_attention_output_LayerNorm_bias";
    constants_info_[174].dtype = cached_torch_dtype_bfloat16;
    constants_info_[174].device_type = cached_torch_device_type_cuda;
    constants_info_[174].offset = 0;
    constants_info_[174].data_size = 1536;
    constants_info_[174].from_folded = false;
    constants_info_[174].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[174].shape = {768};
    constants_info_[174].stride = {1};
    constants_info_[174].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[174].original_fqn = "model.encoder.layer.10.attention.output.LayerNorm.bias";
    constants_info_[175].name = "model_encoder_layer_10_intermediate_dense_weight";
    constants_info_[175].dtype = cached_torch_dtype_bfloat16;
    constants_info_[175].device_type = cached_torch_device_type_cuda;
    constants_info_[175].offset = 0;
    constants_info_[175].data_size = 4718592;
    constants_info_[175].from_folded = false;
    constants_info_[175].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[175].shape = {3072, 768};
    constants_info_[175].stride = {768, 1};
    constants_info_[175].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[175].original_fqn = "model.encoder.layer.10.intermediate.dense.weight";
    constants_info_[176].name = "model_encoder_layer_10_intermediate_dense_bias";
    constants_info_[176].dtype = cached_torch_dtype_bfloat16;
    constants_info_[176].device_type = cached_torch_device_type_cuda;
    constants_info_[176].offset = 0;
    constants_info_[176].data_size = 6144;
    constants_info_[176].from_folded = false;
    constants_info_[176].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[176].shape = {3072};
    constants_info_[176].stride = {1};
    constants_info_[176].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[176].original_fqn = "model.encoder.layer.10.intermediate.dense.bias";
    constants_info_[177].name = "model_encoder_layer_10_output_dense_weight";
    constants_info_[177].dtype = cached_torch_dtype_bfloat16;
    constants_info_[177].device_type = cached_torch_device_type_cuda;
    constants_info_[177].offset = 0;
    constants_info_[177].data_size = 4718592;
    constants_info_[177].from_folded = false;
    constants_info_[177].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[177].shape = {768, 3072};
    constants_info_[177].stride = {3072, 1};
    constants_info_[177].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[177].original_fqn = "model.encoder.layer.10.output.dense.weight";
    constants_info_[178].name = "model_encoder_layer_10_output_dense_bias";
    constants_info_[178].dtype = cached_torch_dtype_bfloat16;
    constants_info_[178].device_type = cached_torch_device_type_cuda;
    constants_info_[178].offset = 0;
    constants_info_[178].data_size = 1536;
    constants_info_[178].from_folded = false;
    constants_info_[178].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[178].shape = {768};
    constants_info_[178].stride = {1};
    constants_info_[178].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[178].original_fqn = "model.encoder.layer.10.output.dense.bias";
    constants_info_[179].name = "model_encoder_layer_10_output_LayerNorm_weight";
    constants_info_[179].dtype = cached_torch_dtype_bfloat16;
    constants_info_[179].device_type = cached_torch_device_type_cuda;
    constants_info_[179].offset = 0;
    constants_info_[179].data_size = 1536;
    constants_info_[179].from_folded = false;
    constants_info_[179].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[179].shape = {768};
    constants_info_[179].stride = {1};
    constants_info_[179].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[179].original_fqn = "model.encoder.layer.10.output.LayerNorm.weight";
    constants_info_[180].name = "model_encoder_layer_10_output_LayerNorm_bias";
    constants_info_[180].dtype = cached_torch_dtype_bfloat16;
    constants_info_[180].device_type = cached_torch_device_type_cuda;
    constants_info_[180].offset = 0;
    constants_info_[180].data_size = 1536;
    constants_info_[180].from_folded = false;
    constants_info_[180].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[180].shape = {768};
    constants_info_[180].stride = {1};
    constants_info_[180].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[180].original_fqn = "model.encoder.layer.10.output.LayerNorm.bias";
    constants_info_[181].name = "model_encoder_layer_11_attention_self_query_weight";
    constants_info_[181].dtype = cached_torch_dtype_bfloat16;
    constants_info_[181].device_type = cached_torch_device_type_cuda;
    constants_info_[181].offset = 0;
    constants_info_[181].data_size = 1179648;
    constants_info_[181].from_folded = false;
    constants_info_[181].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[181].shape = {768, 768};
    constants_info_[181].stride = {768, 1};
    constants_info_[181].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[181].original_fqn = "model.encoder.layer.11.attention.self.query.weight";
    constants_info_[182].name = "model_encoder_layer_11_attention_self_query_bias";
    constants_info_[182].dtype = cached_torch_dtype_bfloat16;
    constants_info_[182].device_type = cached_torch_device_type_cuda;
    constants_info_[182].offset = 0;
    constants_info_[182].data_size = 1536;
    constants_info_[182].from_folded = false;
    constants_info_[182].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[182].shape = {768};
    constants_info_[182].stride = {1};
    constants_info_[182].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[182].original_fqn = "model.encoder.layer.11.attention.self.query.bias";
    constants_info_[183].name = "model_encoder_layer_11_attention_self_key_weight";
    constants_info_[183].dtype = cached_torch_dtype_bfloat16;
    constants_info_[183].device_type = cached_torch_device_type_cuda;
    constants_info_[183].offset = 0;
    constants_info_[183].data_size = 1179648;
    constants_info_[183].from_folded = false;
    constants_info_[183].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[183].shape = {768, 768};
    constants_info_[183].stride = {768, 1};
    constants_info_[183].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[183].original_fqn = "model.encoder.layer.11.attention.self.key.weight";
    constants_info_[184].name = "model_encoder_layer_11_attention_self_key_bias";
    constants_info_[184].dtype = cached_torch_dtype_bfloat16;
    constants_info_[184].device_type = cached_torch_device_type_cuda;
    constants_info_[184].offset = 0;
    constants_info_[184].data_size = 1536;
    constants_info_[184].from_folded = false;
    constants_info_[184].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[184].shape = {768};
    constants_info_[184].stride = {1};
    constants_info_[184].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[184].original_fqn = "model.encoder.layer.11.attention.self.key.bias";
    constants_info_[185].name = "model_encoder_layer_11_attention_self_value_weight";
    constants_info_[185].dtype = cached_torch_dtype_bfloat16;
    constants_info_[185].device_type = cached_torch_device_type_cuda;
    constants_info_[185].offset = 0;
    constants_info_[185].data_size = 1179648;
    constants_info_[185].from_folded = false;
    constants_info_[185].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[185].shape = {768, 768};
    constants_info_[185].stride = {768, 1};
    constants_info_[185].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[185].original_fqn = "model.encoder.layer.11.attention.self.value.weight";
    constants_info_[186].name = "model_encoder_layer_11_attention_self_value_bias";
    constants_info_[186].dtype = cached_torch_dtype_bfloat16;
    constants_info_[186].device_type = cached_torch_device_type_cuda;
    constants_info_[186].offset = 0;
    constants_info_[186].data_size = 1536;
    constants_info_[186].from_folded = false;
    constants_info_[186].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[186].shape = {768};
    constants_info_[186].stride = {1};
    constants_info_[186].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[186].original_fqn = "model.encoder.layer.11.attention.self.value.bias";
    constants_info_[187].name = "model_encoder_layer_11_attention_output_dense_weight";
    constants_info_[187].dtype = cached_torch_dtype_bfloat16;
    constants_info_[187].device_type = cached_torch_device_type_cuda;
    constants_info_[187].offset = 0;
    constants_info_[187].data_size = 1179648;
    constants_info_[187].from_folded = false;
    constants_info_[187].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[187].shape = {768, 768};
    constants_info_[187].stride = {768, 1};
    constants_info_[187].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[187].original_fqn = "model.encoder.layer.11.attention.output.dense.weight";
    constants_info_[188].name = "model_encoder_layer_11_attention_output_dense_bias";
    constants_info_[188].dtype = cached_torch_dtype_bfloat16;
    constants_info_[188].device_type = cached_torch_device_type_cuda;
    constants_info_[188].offset = 0;
    constants_info_[188].data_size = 1536;
    constants_info_[188].from_folded = false;
    constants_info_[188].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[188].shape = {768};
    constants_info_[188].stride = {1};
    constants_info_[188].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[188].original_fqn = "model.encoder.layer.11.attention.output.dense.bias";
    constants_info_[189].name = "model_encoder_layer_11_attention_output_LayerNorm_weight";
    constants_info_[189].dtype = cached_torch_dtype_bfloat16;
    constants_info_[189].device_type = cached_torch_device_type_cuda;
    constants_info_[189].offset = 0;
    constants_info_[189].data_size = 1536;
    constants_info_[189].from_folded = false;
    constants_info_[189].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[189].shape = {768};
    constants_info_[189].stride = {1};
    constants_info_[189].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[189].original_fqn = "model.encoder.layer.11.attention.output.LayerNorm.weight";
    constants_info_[190].name = "model_encoder_layer_11_attention_output_LayerNorm_bias";
    constants_info_[190].dtype = cached_torch_dtype_bfloat16;
    constants_info_[190].device_type = cached_torch_device_type_cuda;
    constants_info_[190].offset = 0;
    constants_info_[190].data_size = 1536;
    constants_info_[190].from_folded = false;
    constants_info_[190].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[190].shape = {768};
    constants_info_[190].stride = {1};
    constants_info_[190].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[190].original_fqn = "model.encoder.layer.11.attention.output.LayerNorm.bias";
    constants_info_[191].name = "model_encoder_layer_11_intermediate_dense_weight";
    constants_info_[191].dtype = cached_torch_dtype_bfloat16;
    constants_info_[191].device_type = cached_torch_device_type_cuda;
    constants_info_[191].offset = 0;
    constants_info_[191].data_size = 4718592;
    constants_info_[191].from_folded = false;
    constants_info_[191].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[191].shape = {3072, 768};
    constants_info_[191].stride = {768, 1};
    constants_info_[191].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[191].original_fqn = "model.encoder.layer.11.intermediate.dense.weight";
    constants_info_[192].name = "model_encoder_layer_11_intermediate_dense_bias";
    constants_info_[192].dtype = cached_torch_dtype_bfloat16;
    constants_info_[192].device_type = cached_torch_device_type_cuda;
    constants_info_[192].offset = 0;
    constants_info_[192].data_size = 6144;
    constants_info_[192].from_folded = false;
    constants_info_[192].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[192].shape = {3072};
    constants_info_[192].stride = {1};
    constants_info_[192].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[192].original_fqn = "model.encoder.layer.11.intermediate.dense.bias";
    constants_info_[193].name = "model_encoder_layer_11_output_dense_weight";
    constants_info_[193].dtype = cached_torch_dtype_bfloat16;
    constants_info_[193].device_type = cached_torch_device_type_cuda;
    constants_info_[193].offset = 0;
    constants_info_[193].data_size = 4718592;
    constants_info_[193].from_folded = false;
    constants_info_[193].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[193].shape = {768, 3072};
    constants_info_[193].stride = {3072, 1};
    constants_info_[193].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[193].original_fqn = "model.encoder.layer.11.output.dense.weight";
    constants_info_[194].name = "model_encoder_layer_11_output_dense_bias";
    constants_info_[194].dtype = cached_torch_dtype_bfloat16;
    constants_info_[194].device_type = cached_torch_device_type_cuda;
    constants_info_[194].offset = 0;
    constants_info_[194].data_size = 1536;
    constants_info_[194].from_folded = false;
    constants_info_[194].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[194].shape = {768};
    constants_info_[194].stride = {1};
    constants_info_[194].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[194].original_fqn = "model.encoder.layer.11.output.dense.bias";
    constants_info_[195].name = "model_encoder_layer_11_output_LayerNorm_weight";
    constants_info_[195].dtype = cached_torch_dtype_bfloat16;
    constants_info_[195].device_type = cached_torch_device_type_cuda;
    constants_info_[195].offset = 0;
    constants_info_[195].data_size = 1536;
    constants_info_[195].from_folded = false;
    constants_info_[195].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[195].shape = {768};
    constants_info_[195].stride = {1};
    constants_info_[195].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[195].original_fqn = "model.encoder.layer.11.output.LayerNorm.weight";
    constants_info_[196].name = "model_encoder_layer_11_output_LayerNorm_bias";
    constants_info_[196].dtype = cached_torch_dtype_bfloat16;
    constants_info_[196].device_type = cached_torch_device_type_cuda;
    constants_info_[196].offset = 0;
    constants_info_[196].data_size = 1536;
    constants_info_[196].from_folded = false;
    constants_info_[196].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Parameter);
    constants_info_[196].shape = {768};
    constants_info_[196].stride = {1};
    constants_info_[196].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[196].original_fqn = "model.encoder.layer.11.output.LayerNorm.bias";
    constants_info_[197].name = "model_embeddings_position_ids";
    constants_info_[197].dtype = cached_torch_dtype_int64;
    constants_info_[197].device_type = cached_torch_device_type_cuda;
    constants_info_[197].offset = 0;
    constants_info_[197].data_size = 4096;
    constants_info_[197].from_folded = false;
    constants_info_[197].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Buffer);
    constants_info_[197].shape = {1, 512};
    constants_info_[197].stride = {512, 1};
    constants_info_[197].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[197].original_fqn = "model.embeddings.position_ids";
    constants_info_[198].name = "model_embeddings_token_type_ids";
    constants_info_[198].dtype = cached_torch_dtype_int64;
    constants_info_[198].device_type = cached_torch_device_type_cuda;
    constants_info_[198].offset = 0;
    constants_info_[198].data_size = 4096;
    constants_info_[198].from_folded = false;
    constants_info_[198].type = static_cast<int32_t>(torch::aot_inductor::ConstantType::Buffer);
    constants_info_[198].shape = {1, 512};
    constants_info_[198].stride = {512, 1};
    constants_info_[198].layout = static_cast<int32_t>(cached_torch_layout_strided);
    constants_info_[198].original_fqn = "model.embeddings.token_type_ids";
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

template <typename in_ptr0_type_, typename in_ptr1_type_, typename in_ptr2_type_, typename in_ptr3_type_, typename in_ptr4_type_, typename in_ptr5_type_, typename in_ptr6_type_, typename in_ptr7_type_, typename out_ptr3_type_, typename kernels_type_>
static inline void call_triton_per_fused_add_embedding_expand_gather_native_layer_norm_slice_0(
    const in_ptr0_type_& in_ptr0,
    const in_ptr1_type_& in_ptr1,
    const in_ptr2_type_& in_ptr2,
    const in_ptr3_type_& in_ptr3,
    const in_ptr4_type_& in_ptr4,
    const in_ptr5_type_& in_ptr5,
    const in_ptr6_type_& in_ptr6,
    const in_ptr7_type_& in_ptr7,
    const out_ptr3_type_& out_ptr3,
    int64_t xnumel,
    int64_t r0_numel,
    int32_t device_idx_,
    cudaStream_t stream_,
    kernels_type_& kernels_,
    const std::optional<std::string>& cubin_dir_ = std::nullopt
){
    /*
    async_compile.triton('triton_per_fused_add_embedding_expand_gather_native_layer_norm_slice_0', '''
    import triton
    import triton.language as tl

    from torch._inductor.runtime import triton_helpers, triton_heuristics
    from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
    from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
    triton_helpers.set_driver_to_gpu()

    @triton_heuristics.persistent_reduction(
        size_hints={'x': 4096, 'r0_': 1024},
        reduction_hint=ReductionHint.INNER,
        filename=__file__,
        triton_meta={'signature': {'in_ptr0': '*i64', 'in_ptr1': '*bf16', 'in_ptr2': '*i64', 'in_ptr3': '*i64', 'in_ptr4': '*bf16', 'in_ptr5': '*bf16', 'in_ptr6': '*bf16', 'in_ptr7': '*bf16', 'out_ptr3': '*bf16', 'xnumel': 'i32', 'r0_numel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]], (3,): [['tt.divisibility', 16]], (4,): [['tt.divisibility', 16]], (5,): [['tt.divisibility', 16]], (6,): [['tt.divisibility', 16]], (7,): [['tt.divisibility', 16]], (8,): [['tt.divisibility', 16]], (9,): [['tt.divisibility', 16]], (10,): [['tt.divisibility', 16]]}]},
        inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_per_fused_add_embedding_expand_gather_native_layer_norm_slice_0', 'mutated_arg_names': [], 'optimize_mem': True, 'no_x_dim': None, 'atomic_add_found': False, 'num_load': 4, 'num_store': 1, 'num_reduction': 4, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': True, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': True, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 33792, 'r0_': 12585984}}
    )
    @triton.jit
    def triton_per_fused_add_embedding_expand_gather_native_layer_norm_slice_0(in_ptr0, in_ptr1, in_ptr2, in_ptr3, in_ptr4, in_ptr5, in_ptr6, in_ptr7, out_ptr3, xnumel, r0_numel, XBLOCK : tl.constexpr):
        xnumel = 4096
        r0_numel = 768
        R0_BLOCK: tl.constexpr = 1024
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
        x3 = xindex
        r0_2 = r0_index
        x0 = (xindex % 128)
        tmp0 = tl.load(in_ptr0 + (x3), None, eviction_policy='evict_last')
        tmp7 = tl.load(in_ptr2 + (x0), None, eviction_policy='evict_last')
        tmp47 = tl.load(in_ptr6 + (r0_2), r0_mask, eviction_policy='evict_last', other=0.0).to(tl.float32)
        tmp50 = tl.load(in_ptr7 + (r0_2), r0_mask, eviction_policy='evict_last', other=0.0).to(tl.float32)
        tmp1 = tl.full([1, 1], 30522, tl.int32)
        tmp2 = tmp0 + tmp1
        tmp3 = tmp0 < 0
        tmp4 = tl.where(tmp3, tmp2, tmp0)
        tl.device_assert((0 <= tmp4) & (tmp4 < 30522), "index out of bounds: 0 <= tmp4 < 30522")
        tmp6 = tl.load(in_ptr1 + (r0_2 + 768*tmp4), r0_mask, other=0.0).to(tl.float32)
        tmp8 = tl.full([1, 1], 512, tl.int32)
        tmp9 = tmp7 + tmp8
        tmp10 = tmp7 < 0
        tmp11 = tl.where(tmp10, tmp9, tmp7)
        tl.device_assert((0 <= tmp11) & (tmp11 < 512), "index out of bounds: 0 <= tmp11 < 512")
        tmp13 = tl.load(in_ptr3 + (tmp11), None, eviction_policy='evict_last')
        tmp14 = tl.full([1, 1], 2, tl.int32)
        tmp15 = tmp13 + tmp14
        tmp16 = tmp13 < 0
        tmp17 = tl.where(tmp16, tmp15, tmp13)
        tl.device_assert((0 <= tmp17) & (tmp17 < 2), "index out of bounds: 0 <= tmp17 < 2")
        tmp19 = tl.load(in_ptr4 + (r0_2 + 768*tmp17), r0_mask, other=0.0).to(tl.float32)
        tmp20 = tmp6 + tmp19
        tmp21 = tl.load(in_ptr5 + (r0_2 + 768*tmp11), r0_mask, other=0.0).to(tl.float32)
        tmp22 = tmp20 + tmp21
        tmp23 = tmp22.to(tl.float32)
        tmp24 = tl.broadcast_to(tmp23, [XBLOCK, R0_BLOCK])
        tmp26 = tl.where(r0_mask, tmp24, 0)
        tmp27 = tl.broadcast_to(tmp24, [XBLOCK, R0_BLOCK])
        tmp29 = tl.where(r0_mask, tmp27, 0)
        tmp30 = tl.sum(tmp29, 1)[:, None].to(tl.float32)
        tmp31 = tl.full([1, 1], 768, tl.int32)
        tmp32 = tmp31.to(tl.float32)
        tmp33 = (tmp30 / tmp32)
        tmp34 = tmp24 - tmp33
        tmp35 = tmp34 * tmp34
        tmp36 = tl.broadcast_to(tmp35, [XBLOCK, R0_BLOCK])
        tmp38 = tl.where(r0_mask, tmp36, 0)
        tmp39 = tl.sum(tmp38, 1)[:, None].to(tl.float32)
        tmp40 = tmp23 - tmp33
        tmp41 = tl.full([1, 1], 768.0, tl.float32)
        tmp42 = (tmp39 / tmp41)
        tmp43 = tl.full([1, 1], 1e-12, tl.float32)
        tmp44 = tmp42 + tmp43
        tmp45 = libdevice.rsqrt(tmp44)
        tmp46 = tmp40 * tmp45
        tmp48 = tmp47.to(tl.float32)
        tmp49 = tmp46 * tmp48
        tmp51 = tmp50.to(tl.float32)
        tmp52 = tmp49 + tmp51
        tmp53 = tmp52.to(tl.float32)
        tl.store(out_ptr3 + (r0_2 + 768*x3), tmp53, r0_mask)
    ''', device_str='cuda')
    */
    uint32_t grid_0 = xnumel;
    uint32_t grid_1 = 1;
    uint32_t grid_2 = 1;
    if (grid_0 == 0 || grid_1 == 0 || grid_2 == 0) return;
    if (kernels_.triton_per_fused_add_embedding_expand_gather_native_layer_norm_slice_0 == nullptr) {
        kernels_.triton_per_fused_add_embedding_expand_gather_native_layer_norm_slice_0 = loadKernel("/tmp/inductor-b/cs3udovo5kcolfidgg35lxsrgk7ow3oyywlwk776zf46v2wou6pc/co6pyblrjrklgpa6cuii6avqt2cflusg6qehn2kqrweznziibry2.cubin", "triton_per_fused_add_embedding_expand_gather_native_layer_norm_slice_0", 32, cubin_dir_); 
    }
    CUdeviceptr var_0 = reinterpret_cast<CUdeviceptr>(in_ptr0.data_ptr());
    CUdeviceptr var_1 = reinterpret_cast<CUdeviceptr>(in_ptr1.data_ptr());
    CUdeviceptr var_2 = reinterpret_cast<CUdeviceptr>(in_ptr2.data_ptr());
    CUdeviceptr var_3 = reinterpret_cast<CUdeviceptr>(in_ptr3.data_ptr());
    CUdeviceptr var_4 = reinterpret_cast<CUdeviceptr>(in_ptr4.data_ptr());
    CUdeviceptr var_5 = reinterpret_cast<CUdeviceptr>(in_ptr5.data_ptr());
    CUdeviceptr var_6 = reinterpret_cast<CUdeviceptr>(in_ptr6.data_ptr());
    CUdeviceptr var_7 = reinterpret_cast<CUdeviceptr>(in_ptr7.data_ptr());
    CUdeviceptr var_8 = reinterpret_cast<CUdeviceptr>(out_ptr3.data_ptr());
    int32_t var_9 = xnumel;
    int32_t var_10 = r0_numel;
    CUdeviceptr global_scratch_scratch_11 = 0;
    CUdeviceptr profile_scratch_scratch_12 = 0;
    void* kernel_args_[] = {&var_0, &var_1, &var_2, &var_3, &var_4, &var_5, &var_6, &var_7, &var_8, &var_9, &var_10, &global_scratch_scratch_11, &profile_scratch_scratch_12};
    launchKernel(kernels_.triton_per_fused_add_embedding_expand_gather_native_layer_norm_slice_0, grid_0, grid_1, grid_2, 8, 32, kernel_args_, stream_);
}

template <typename in_ptr0_type_, typename arg_A_type_, typename arg_B_type_, typename out_ptr0_type_, typename kernels_type_>
static inline void call_triton_tem_fused_addmm_t_view_1(
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
    async_compile.triton('triton_tem_fused_addmm_t_view_1', '''
    import triton
    import triton.language as tl

    from torch._inductor.runtime import triton_helpers, triton_heuristics
    from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
    from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties

    @triton_heuristics.template(

    num_stages=3,
    num_warps=4,
    triton_meta={'signature': {'in_ptr0': '*bf16', 'arg_A': '*bf16', 'arg_B': '*bf16', 'out_ptr0': '*bf16'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]], (3,): [['tt.divisibility', 16]]}]},
    inductor_meta={'kernel_name': 'triton_tem_fused_addmm_t_view_1', 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': True, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': True, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'grid_type': 'FixedGrid', 'fixed_grid': ['_grid_0', '_grid_1', '_grid_2'], 'extra_launcher_args': ['_grid_0', '_grid_1', '_grid_2'], 'config_args': {'EVEN_K': True, 'USE_FAST_ACCUM': False, 'ACC_TYPE': 'tl.float32', 'BLOCK_M': 64, 'BLOCK_N': 128, 'BLOCK_K': 64, 'GROUP_M': 8, 'ALLOW_TF32': False}},

    )
    @triton.jit
    def triton_tem_fused_addmm_t_view_1(in_ptr0, arg_A, arg_B, out_ptr0):
        EVEN_K : tl.constexpr = True
        USE_FAST_ACCUM : tl.constexpr = False
        ACC_TYPE : tl.constexpr = tl.float32
        BLOCK_M : tl.constexpr = 64
        BLOCK_N : tl.constexpr = 128
        BLOCK_K : tl.constexpr = 64
        GROUP_M : tl.constexpr = 8
        ALLOW_TF32 : tl.constexpr = False
        INDEX_DTYPE : tl.constexpr = tl.int32
        A = arg_A
        B = arg_B

        M = 4096
        N = 768
        K = 768
        if M * N == 0:
            # early exit due to zero-size input(s)
            return
        stride_am = 768
        stride_ak = 1
        stride_bk = 1
        stride_bn = 768

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
            xindex = idx_n + 768*idx_m
            a = tl.load(A + (xindex))

            idx_m = b_k_idx_vals
            idx_n = offs_b_n[None, :]
            xindex = idx_n + 768*idx_m
            b = tl.load(B + ((tl.broadcast_to(idx_m + 768*idx_n, [BLOCK_K, BLOCK_N])).broadcast_to(xindex.shape)))


            acc += tl.dot(a, b, allow_tf32=ALLOW_TF32, out_dtype=ACC_TYPE)


        # rematerialize rm and rn to save registers
        rm = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
        rn = pid_n * BLOCK_N + tl.arange(0, BLOCK_N)
        idx_m = rm[:, None]
        idx_n = rn[None, :]
        mask = (idx_m < M) & (idx_n < N)

        # inductor generates a suffix
        xindex = idx_n + 768*idx_m
        tmp0 = tl.load(in_ptr0 + (tl.broadcast_to(idx_n, [BLOCK_M, BLOCK_N])), mask, eviction_policy='evict_last').to(tl.float32)
        tmp1 = acc + tmp0
        tl.store(out_ptr0 + (tl.broadcast_to(xindex, [BLOCK_M, BLOCK_N])), tmp1, mask)
    ''', device_str='cuda')
    */
    uint32_t grid_0 = _grid_0;
    uint32_t grid_1 = _grid_1;
    uint32_t grid_2 = _grid_2;
    if (grid_0 == 0 || grid_1 == 0 || grid_2 == 0) return;
    if (kernels_.triton_tem_fused_addmm_t_view_1 == nullptr) {
        kernels_.triton_tem_fused_addmm_t_view_1 = loadKernel("/tmp/inductor-b/cs3udovo5kcolfidgg35lxsrgk7ow3oyywlwk776zf46v2wou6pc/ckxitbgtysjedchqulmhxvzfwgr6llao6dspd55h6z32ctqzdyda.cubin", "triton_tem_fused_addmm_t_view_1", 73728, cubin_dir_); 
    }
    CUdeviceptr var_13 = reinterpret_cast<CUdeviceptr>(in_ptr0.data_ptr());
    CUdeviceptr var_14 = reinterpret_cast<CUdeviceptr>(arg_A.data_ptr());
    CUdeviceptr var_15 = reinterpret_cast<CUdeviceptr>(arg_B.data_ptr());
    CUdeviceptr var_16 = reinterpret_cast<CUdeviceptr>(out_ptr0.data_ptr());
    CUdeviceptr global_scratch_scratch_17 = 0;
    CUdeviceptr profile_scratch_scratch_18 = 0;
    void* kernel_args_[] = {&var_13, &var_14, &var_15, &var_16, &global_scratch_scratch_17, &profile_scratch_scratch_18};
    launchKernel(kernels_.triton_tem_fused_addmm_t_view_1, grid_0, grid_1, grid_2, 4, 73728, kernel_args_, stream_);
}

template <typename in_ptr0_type_, typename out_ptr0_type_, typename kernels_type_>
static inline void call_triton_poi_fused_clone_transpose_view_2(
    const in_ptr0_type_& in_ptr0,
    const out_ptr0_type_& out_ptr0,
    int64_t xnumel,
    int32_t device_idx_,
    cudaStream_t stream_,
    kernels_type_& kernels_,
    const std::optional<std::string>& cubin_dir_ = std::nullopt
){
    /*
    async_compile.triton('triton_poi_fused_clone_transpose_view_2', '''
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
        inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_poi_fused_clone_transpose_view_2', 'mutated_arg_names': [], 'optimize_mem': True, 'no_x_dim': False, 'atomic_add_found': False, 'num_load': 1, 'num_store': 1, 'num_reduction': 0, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': True, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': True, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 18874368}},
        min_elem_per_thread=0
    )
    @triton.jit
    def triton_poi_fused_clone_transpose_view_2(in_ptr0, out_ptr0, xnumel, XBLOCK : tl.constexpr):
        xnumel = 3145728
        xoffset = tl.program_id(0) * XBLOCK
        xindex = xoffset + tl.arange(0, XBLOCK)[:]
        xmask = tl.full([XBLOCK], True, tl.int1)[:]
        x0 = (xindex % 64)
        x1 = ((xindex // 64) % 128)
        x2 = ((xindex // 8192) % 12)
        x3 = xindex // 98304
        x4 = xindex
        tmp0 = tl.load(in_ptr0 + (x0 + 64*x2 + 768*x1 + 98304*x3), None).to(tl.float32)
        tl.store(out_ptr0 + (x4), tmp0, None)
    ''', device_str='cuda')
    */
    uint32_t grid_0 = ((xnumel + (512 - 1)) / (512));
    uint32_t grid_1 = 1;
    uint32_t grid_2 = 1;
    if (grid_0 == 0 || grid_1 == 0 || grid_2 == 0) return;
    if (kernels_.triton_poi_fused_clone_transpose_view_2 == nullptr) {
        kernels_.triton_poi_fused_clone_transpose_view_2 = loadKernel("/tmp/inductor-b/cs3udovo5kcolfidgg35lxsrgk7ow3oyywlwk776zf46v2wou6pc/cxon2qtxwybci5a5ofsczhmvtnwnpwxtub4ogkr7ouybcdem3yxx.cubin", "triton_poi_fused_clone_transpose_view_2", 0, cubin_dir_); 
    }
    CUdeviceptr var_19 = reinterpret_cast<CUdeviceptr>(in_ptr0.data_ptr());
    CUdeviceptr var_20 = reinterpret_cast<CUdeviceptr>(out_ptr0.data_ptr());
    int32_t var_21 = xnumel;
    CUdeviceptr global_scratch_scratch_22 = 0;
    CUdeviceptr profile_scratch_scratch_23 = 0;
    void* kernel_args_[] = {&var_19, &var_20, &var_21, &global_scratch_scratch_22, &profile_scratch_scratch_23};
    launchKernel(kernels_.triton_poi_fused_clone_transpose_view_2, grid_0, grid_1, grid_2, 8, 0, kernel_args_, stream_);
}

template <typename in_ptr0_type_, typename out_ptr0_type_, typename kernels_type_>
static inline void call_triton_poi_fused_clone_transpose_view_3(
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
    async_compile.triton('triton_poi_fused_clone_transpose_view_3', '''
    import triton
    import triton.language as tl

    from torch._inductor.runtime import triton_helpers, triton_heuristics
    from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
    from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
    triton_helpers.set_driver_to_gpu()

    @triton_heuristics.pointwise(
        size_hints={'y': 32768, 'x': 128}, tile_hint=TileHint.SQUARE,
        filename=__file__,
        triton_meta={'signature': {'in_ptr0': '*bf16', 'out_ptr0': '*bf16', 'ynumel': 'i32', 'xnumel': 'i32', 'YBLOCK': 'constexpr', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]], (3,): [['tt.divisibility', 16]]}]},
        inductor_meta={'grid_type': 'Grid2D', 'autotune_hints': set(), 'kernel_name': 'triton_poi_fused_clone_transpose_view_3', 'mutated_arg_names': [], 'optimize_mem': True, 'no_x_dim': False, 'atomic_add_found': False, 'num_load': 1, 'num_store': 1, 'num_reduction': 0, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': True, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': True, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'y': 6291456, 'x': 12582912}},
        min_elem_per_thread=0
    )
    @triton.jit
    def triton_poi_fused_clone_transpose_view_3(in_ptr0, out_ptr0, ynumel, xnumel, YBLOCK : tl.constexpr, XBLOCK : tl.constexpr):
        ynumel = 24576
        xnumel = 128
        yoffset = tl.program_id(1) * YBLOCK
        yindex = yoffset + tl.arange(0, YBLOCK)[:, None]
        ymask = tl.full([YBLOCK], True, tl.int1)[:, None]
        xoffset = tl.program_id(0) * XBLOCK
        xindex = xoffset + tl.arange(0, XBLOCK)[None, :]
        xmask = xindex < xnumel
        x2 = xindex
        y0 = (yindex % 768)
        y1 = yindex // 768
        y3 = yindex
        tmp0 = tl.load(in_ptr0 + (y0 + 768*x2 + 98304*y1), xmask, eviction_policy='evict_last').to(tl.float32)
        tl.store(out_ptr0 + (x2 + 128*y3), tmp0, xmask)
    ''', device_str='cuda')
    */
    uint32_t grid_0 = ((xnumel + (64 - 1)) / (64));
    uint32_t grid_1 = ((ynumel + (64 - 1)) / (64));
    uint32_t grid_2 = 1;
    if (grid_0 == 0 || grid_1 == 0 || grid_2 == 0) return;
    if (kernels_.triton_poi_fused_clone_transpose_view_3 == nullptr) {
        kernels_.triton_poi_fused_clone_transpose_view_3 = loadKernel("/tmp/inductor-b/cs3udovo5kcolfidgg35lxsrgk7ow3oyywlwk776zf46v2wou6pc/cgfbrlxdhk4xu4ucodrooudyq6svmqn2ciprckifffzunbinjisz.cubin", "triton_poi_fused_clone_transpose_view_3", 8192, cubin_dir_); 
    }
    CUdeviceptr var_24 = reinterpret_cast<CUdeviceptr>(in_ptr0.data_ptr());
    CUdeviceptr var_25 = reinterpret_cast<CUdeviceptr>(out_ptr0.data_ptr());
    int32_t var_26 = ynumel;
    int32_t var_27 = xnumel;
    CUdeviceptr global_scratch_scratch_28 = 0;
    CUdeviceptr profile_scratch_scratch_29 = 0;
    void* kernel_args_[] = {&var_24, &var_25, &var_26, &var_27, &global_scratch_scratch_28, &profile_scratch_scratch_29};
    launchKernel(kernels_.triton_poi_fused_clone_transpose_view_3, grid_0, grid_1, grid_2, 8, 8192, kernel_args_, stream_);
}

template <typename arg_A_type_, typename arg_B_type_, typename out_ptr0_type_, typename kernels_type_>
static inline void call_triton_tem_fused__unsafe_view_bmm_clone_transpose_view_4(
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
    async_compile.triton('triton_tem_fused__unsafe_view_bmm_clone_transpose_view_4', '''
    import triton
    import triton.language as tl

    from torch._inductor.runtime import triton_helpers, triton_heuristics
    from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
    from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties

    @triton_heuristics.template(

    num_stages=4,
    num_warps=8,
    triton_meta={'signature': {'arg_A': '*bf16', 'arg_B': '*bf16', 'out_ptr0': '*bf16'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]]}]},
    inductor_meta={'kernel_name': 'triton_tem_fused__unsafe_view_bmm_clone_transpose_view_4', 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': True, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': True, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'grid_type': 'FixedGrid', 'fixed_grid': ['_grid_0', '_grid_1', '_grid_2'], 'extra_launcher_args': ['_grid_0', '_grid_1', '_grid_2'], 'config_args': {'EVEN_K': True, 'USE_FAST_ACCUM': False, 'ACC_TYPE': 'tl.float32', 'BLOCK_M': 128, 'BLOCK_N': 128, 'BLOCK_K': 64, 'GROUP_M': 8, 'ALLOW_TF32': False}},

    )
    @triton.jit
    def triton_tem_fused__unsafe_view_bmm_clone_transpose_view_4(arg_A, arg_B, out_ptr0):
        EVEN_K : tl.constexpr = True
        USE_FAST_ACCUM : tl.constexpr = False
        ACC_TYPE : tl.constexpr = tl.float32
        BLOCK_M : tl.constexpr = 128
        BLOCK_N : tl.constexpr = 128
        BLOCK_K : tl.constexpr = 64
        GROUP_M : tl.constexpr = 8
        ALLOW_TF32 : tl.constexpr = False
        INDEX_DTYPE : tl.constexpr = tl.int32
        A = arg_A
        B = arg_B

        M = 128
        N = 128
        K = 64

        stride_aq = 8192
        stride_am = 64
        stride_ak = 1

        stride_bq = 8192
        stride_bk = 128
        stride_bn = 1

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
        if (stride_am == 1 and stride_ak == M) or (stride_am == K and stride_ak == 1):
            ram = tl.max_contiguous(tl.multiple_of(rm % M, BLOCK_M), BLOCK_M)
        else:
            ram = rm % M
        if (stride_bk == 1 and stride_bn == K) or (stride_bk == N and stride_bn == 1):
            rbn = tl.max_contiguous(tl.multiple_of(rn % N, BLOCK_N), BLOCK_N)
        else:
            rbn = rn % N

        rk = tl.arange(0, BLOCK_K)

        idx_q = tl.program_id(1).to(INDEX_DTYPE)  # batch dimension for BMM
        A = A + (ram[:, None] * stride_am + rk[None, :] * stride_ak + idx_q*stride_aq)
        B = B + (rk[:, None] * stride_bk + rbn[None, :] * stride_bn + idx_q*stride_bq)

        acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=ACC_TYPE)
        for k in range(K, 0, -BLOCK_K):
            if EVEN_K:
                a = tl.load(A)
                b = tl.load(B)
            else:
                a = tl.load(A, mask=rk[None, :] < k, other=0.)
                b = tl.load(B, mask=rk[:, None] < k, other=0.)
            acc += tl.dot(a, b, allow_tf32=ALLOW_TF32)
            A += BLOCK_K * stride_ak
            B += BLOCK_K * stride_bk

        # rematerialize rm and rn to save registers
        rm = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
        rn = pid_n * BLOCK_N + tl.arange(0, BLOCK_N)
        idx_q = tl.program_id(1).to(INDEX_DTYPE)  # batch dimension for BMM
        idx_m = rm[:, None]
        idx_n = rn[None, :]
        mask = (idx_m < M) & (idx_n < N)

        # inductor generates a suffix
        xindex = idx_n + 128*idx_m + 16384*idx_q
        tl.store(out_ptr0 + (tl.broadcast_to(xindex, [BLOCK_M, BLOCK_N])), acc, mask)
    ''', device_str='cuda')
    */
    uint32_t grid_0 = _grid_0;
    uint32_t grid_1 = _grid_1;
    uint32_t grid_2 = _grid_2;
    if (grid_0 == 0 || grid_1 == 0 || grid_2 == 0) return;
    if (kernels_.triton_tem_fused__unsafe_view_bmm_clone_transpose_view_4 == nullptr) {
        kernels_.triton_tem_fused__unsafe_view_bmm_clone_transpose_view_4 = loadKernel("/tmp/inductor-b/cs3udovo5kcolfidgg35lxsrgk7ow3oyywlwk776zf46v2wou6pc/clcolzirbhemfbmcjhnwlnande25gwwgzaadjqpx7yk4hvimuhkc.cubin", "triton_tem_fused__unsafe_view_bmm_clone_transpose_view_4", 32768, cubin_dir_); 
    }
    CUdeviceptr var_30 = reinterpret_cast<CUdeviceptr>(arg_A.data_ptr());
    CUdeviceptr var_31 = reinterpret_cast<CUdeviceptr>(arg_B.data_ptr());
    CUdeviceptr var_32 = reinterpret_cast<CUdeviceptr>(out_ptr0.data_ptr());
    CUdeviceptr global_scratch_scratch_33 = 0;
    CUdeviceptr profile_scratch_scratch_34 = 0;
    void* kernel_args_[] = {&var_30, &var_31, &var_32, &global_scratch_scratch_33, &profile_scratch_scratch_34};
    launchKernel(kernels_.triton_tem_fused__unsafe_view_bmm_clone_transpose_view_4, grid_0, grid_1, grid_2, 8, 32768, kernel_args_, stream_);
}

template <typename in_out_ptr0_type_, typename kernels_type_>
static inline void call_triton_per_fused__softmax_add_arange_expand_ge_lift_fresh_copy_mul_scalar_tensor_unsqueeze_view_where_5(
    const in_out_ptr0_type_& in_out_ptr0,
    int64_t xnumel,
    int64_t r0_numel,
    int32_t device_idx_,
    cudaStream_t stream_,
    kernels_type_& kernels_,
    const std::optional<std::string>& cubin_dir_ = std::nullopt
){
    /*
    async_compile.triton('triton_per_fused__softmax_add_arange_expand_ge_lift_fresh_copy_mul_scalar_tensor_unsqueeze_view_where_5', '''
    import triton
    import triton.language as tl

    from torch._inductor.runtime import triton_helpers, triton_heuristics
    from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
    from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
    triton_helpers.set_driver_to_gpu()

    @triton_heuristics.persistent_reduction(
        size_hints={'x': 65536, 'r0_': 128},
        reduction_hint=ReductionHint.INNER,
        filename=__file__,
        triton_meta={'signature': {'in_out_ptr0': '*bf16', 'xnumel': 'i32', 'r0_numel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]]}]},
        inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_per_fused__softmax_add_arange_expand_ge_lift_fresh_copy_mul_scalar_tensor_unsqueeze_view_where_5', 'mutated_arg_names': ['in_out_ptr0'], 'optimize_mem': True, 'no_x_dim': None, 'atomic_add_found': False, 'num_load': 1, 'num_store': 1, 'num_reduction': 2, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': True, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': True, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 0, 'r0_': 37748736}}
    )
    @triton.jit
    def triton_per_fused__softmax_add_arange_expand_ge_lift_fresh_copy_mul_scalar_tensor_unsqueeze_view_where_5(in_out_ptr0, xnumel, r0_numel, XBLOCK : tl.constexpr):
        xnumel = 49152
        r0_numel = 128
        R0_BLOCK: tl.constexpr = 128
        rnumel = r0_numel
        RBLOCK: tl.constexpr = R0_BLOCK
        xoffset = tl.program_id(0) * XBLOCK
        xindex = xoffset + tl.arange(0, XBLOCK)[:, None]
        xmask = tl.full([XBLOCK], True, tl.int1)[:, None]
        r0_index = tl.arange(0, R0_BLOCK)[None, :]
        r0_offset = 0
        r0_mask = tl.full([R0_BLOCK], True, tl.int1)[None, :]
        roffset = r0_offset
        rindex = r0_index
        r0_2 = r0_index
        x3 = xindex
        x0 = (xindex % 128)
        tmp0 = tl.load(in_out_ptr0 + (r0_2 + 128*x3), None).to(tl.float32)
        tmp1 = tl.full([1, 1], 0.125, tl.float32)
        tmp2 = tmp0 * tmp1
        tmp3 = x0
        tmp4 = tl.full([1, 1], 0, tl.int64)
        tmp5 = tmp3 >= tmp4
        tmp6 = tl.full([1, 1], 0.0, tl.float32)
        tmp7 = tl.full([1, 1], -3.3895313892515355e+38, tl.float32)
        tmp8 = tl.where(tmp5, tmp6, tmp7)
        tmp9 = tmp2 + tmp8
        tmp10 = tmp9.to(tl.float32)
        tmp11 = tl.broadcast_to(tmp10, [XBLOCK, R0_BLOCK])
        tmp13 = triton_helpers.max2(tmp11, 1)[:, None].to(tl.float32)
        tmp14 = tmp10 - tmp13
        tmp15 = libdevice.exp(tmp14)
        tmp16 = tl.broadcast_to(tmp15, [XBLOCK, R0_BLOCK])
        tmp18 = tl.sum(tmp16, 1)[:, None].to(tl.float32)
        tmp19 = (tmp15 / tmp18)
        tmp20 = tmp19.to(tl.float32)
        tl.store(in_out_ptr0 + (r0_2 + 128*x3), tmp20, None)
    ''', device_str='cuda')
    */
    uint32_t grid_0 = ((xnumel + (32 - 1)) / (32));
    uint32_t grid_1 = 1;
    uint32_t grid_2 = 1;
    if (grid_0 == 0 || grid_1 == 0 || grid_2 == 0) return;
    if (kernels_.triton_per_fused__softmax_add_arange_expand_ge_lift_fresh_copy_mul_scalar_tensor_unsqueeze_view_where_5 == nullptr) {
        kernels_.triton_per_fused__softmax_add_arange_expand_ge_lift_fresh_copy_mul_scalar_tensor_unsqueeze_view_where_5 = loadKernel("/tmp/inductor-b/cs3udovo5kcolfidgg35lxsrgk7ow3oyywlwk776zf46v2wou6pc/cu7uzyxsjt6eehwtwmtzwgwc4so3nuulrmsbcgi4eidooaifmemw.cubin", "triton_per_fused__softmax_add_arange_expand_ge_lift_fresh_copy_mul_scalar_tensor_unsqueeze_view_where_5", 0, cubin_dir_); 
    }
    CUdeviceptr var_35 = reinterpret_cast<CUdeviceptr>(in_out_ptr0.data_ptr());
    int32_t var_36 = xnumel;
    int32_t var_37 = r0_numel;
    CUdeviceptr global_scratch_scratch_38 = 0;
    CUdeviceptr profile_scratch_scratch_39 = 0;
    void* kernel_args_[] = {&var_35, &var_36, &var_37, &global_scratch_scratch_38, &profile_scratch_scratch_39};
    launchKernel(kernels_.triton_per_fused__softmax_add_arange_expand_ge_lift_fresh_copy_mul_scalar_tensor_unsqueeze_view_where_5, grid_0, grid_1, grid_2, 2, 0, kernel_args_, stream_);
}

template <typename arg_A_type_, typename arg_B_type_, typename out_ptr0_type_, typename kernels_type_>
static inline void call_triton_tem_fused__softmax__unsafe_view_add_arange_bmm_clone_expand_ge_lift_fresh_copy_mul_scalar_tensor_transpose_unsqueeze_view_where_6(
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
    async_compile.triton('triton_tem_fused__softmax__unsafe_view_add_arange_bmm_clone_expand_ge_lift_fresh_copy_mul_scalar_tensor_transpose_unsqueeze_view_where_6', '''
    import triton
    import triton.language as tl

    from torch._inductor.runtime import triton_helpers, triton_heuristics
    from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
    from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties

    @triton_heuristics.template(

    num_stages=4,
    num_warps=8,
    triton_meta={'signature': {'arg_A': '*bf16', 'arg_B': '*bf16', 'out_ptr0': '*bf16'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]]}]},
    inductor_meta={'kernel_name': 'triton_tem_fused__softmax__unsafe_view_add_arange_bmm_clone_expand_ge_lift_fresh_copy_mul_scalar_tensor_transpose_unsqueeze_view_where_6', 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': True, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': True, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'grid_type': 'FixedGrid', 'fixed_grid': ['_grid_0', '_grid_1', '_grid_2'], 'extra_launcher_args': ['_grid_0', '_grid_1', '_grid_2'], 'config_args': {'EVEN_K': True, 'USE_FAST_ACCUM': False, 'ACC_TYPE': 'tl.float32', 'BLOCK_M': 128, 'BLOCK_N': 64, 'BLOCK_K': 128, 'GROUP_M': 8, 'ALLOW_TF32': False}},

    )
    @triton.jit
    def triton_tem_fused__softmax__unsafe_view_add_arange_bmm_clone_expand_ge_lift_fresh_copy_mul_scalar_tensor_transpose_unsqueeze_view_where_6(arg_A, arg_B, out_ptr0):
        EVEN_K : tl.constexpr = True
        USE_FAST_ACCUM : tl.constexpr = False
        ACC_TYPE : tl.constexpr = tl.float32
        BLOCK_M : tl.constexpr = 128
        BLOCK_N : tl.constexpr = 64
        BLOCK_K : tl.constexpr = 128
        GROUP_M : tl.constexpr = 8
        ALLOW_TF32 : tl.constexpr = False
        INDEX_DTYPE : tl.constexpr = tl.int32
        A = arg_A
        B = arg_B

        M = 128
        N = 64
        K = 128

        stride_aq = 16384
        stride_am = 128
        stride_ak = 1

        stride_bq = 8192
        stride_bk = 64
        stride_bn = 1

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
        if (stride_am == 1 and stride_ak == M) or (stride_am == K and stride_ak == 1):
            ram = tl.max_contiguous(tl.multiple_of(rm % M, BLOCK_M), BLOCK_M)
        else:
            ram = rm % M
        if (stride_bk == 1 and stride_bn == K) or (stride_bk == N and stride_bn == 1):
            rbn = tl.max_contiguous(tl.multiple_of(rn % N, BLOCK_N), BLOCK_N)
        else:
            rbn = rn % N

        rk = tl.arange(0, BLOCK_K)

        idx_q = tl.program_id(1).to(INDEX_DTYPE)  # batch dimension for BMM
        A = A + (ram[:, None] * stride_am + rk[None, :] * stride_ak + idx_q*stride_aq)
        B = B + (rk[:, None] * stride_bk + rbn[None, :] * stride_bn + idx_q*stride_bq)

        acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=ACC_TYPE)
        for k in range(K, 0, -BLOCK_K):
            if EVEN_K:
                a = tl.load(A)
                b = tl.load(B)
            else:
                a = tl.load(A, mask=rk[None, :] < k, other=0.)
                b = tl.load(B, mask=rk[:, None] < k, other=0.)
            acc += tl.dot(a, b, allow_tf32=ALLOW_TF32)
            A += BLOCK_K * stride_ak
            B += BLOCK_K * stride_bk

        # rematerialize rm and rn to save registers
        rm = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
        rn = pid_n * BLOCK_N + tl.arange(0, BLOCK_N)
        idx_q = tl.program_id(1).to(INDEX_DTYPE)  # batch dimension for BMM
        idx_m = rm[:, None]
        idx_n = rn[None, :]
        mask = (idx_m < M) & (idx_n < N)

        # inductor generates a suffix
        xindex = idx_n + 64*idx_m + 8192*idx_q
        tl.store(out_ptr0 + (tl.broadcast_to(xindex, [BLOCK_M, BLOCK_N])), acc, mask)
    ''', device_str='cuda')
    */
    uint32_t grid_0 = _grid_0;
    uint32_t grid_1 = _grid_1;
    uint32_t grid_2 = _grid_2;
    if (grid_0 == 0 || grid_1 == 0 || grid_2 == 0) return;
    if (kernels_.triton_tem_fused__softmax__unsafe_view_add_arange_bmm_clone_expand_ge_lift_fresh_copy_mul_scalar_tensor_transpose_unsqueeze_view_where_6 == nullptr) {
        kernels_.triton_tem_fused__softmax__unsafe_view_add_arange_bmm_clone_expand_ge_lift_fresh_copy_mul_scalar_tensor_transpose_unsqueeze_view_where_6 = loadKernel("/tmp/inductor-b/cs3udovo5kcolfidgg35lxsrgk7ow3oyywlwk776zf46v2wou6pc/cuboerqmlhl5m66bss2no7zjfrmo55psrklr6am2zuw6qfnnd22m.cubin", "triton_tem_fused__softmax__unsafe_view_add_arange_bmm_clone_expand_ge_lift_fresh_copy_mul_scalar_tensor_transpose_unsqueeze_view_where_6", 49152, cubin_dir_); 
    }
    CUdeviceptr var_40 = reinterpret_cast<CUdeviceptr>(arg_A.data_ptr());
    CUdeviceptr var_41 = reinterpret_cast<CUdeviceptr>(arg_B.data_ptr());
    CUdeviceptr var_42 = reinterpret_cast<CUdeviceptr>(out_ptr0.data_ptr());
    CUdeviceptr global_scratch_scratch_43 = 0;
    CUdeviceptr profile_scratch_scratch_44 = 0;
    void* kernel_args_[] = {&var_40, &var_41, &var_42, &global_scratch_scratch_43, &profile_scratch_scratch_44};
    launchKernel(kernels_.triton_tem_fused__softmax__unsafe_view_add_arange_bmm_clone_expand_ge_lift_fresh_copy_mul_scalar_tensor_transpose_unsqueeze_view_where_6, grid_0, grid_1, grid_2, 8, 49152, kernel_args_, stream_);
}

template <typename in_ptr0_type_, typename out_ptr0_type_, typename kernels_type_>
static inline void call_triton_poi_fused_clone_transpose_view_7(
    const in_ptr0_type_& in_ptr0,
    const out_ptr0_type_& out_ptr0,
    int64_t xnumel,
    int32_t device_idx_,
    cudaStream_t stream_,
    kernels_type_& kernels_,
    const std::optional<std::string>& cubin_dir_ = std::nullopt
){
    /*
    async_compile.triton('triton_poi_fused_clone_transpose_view_7', '''
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
        inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_poi_fused_clone_transpose_view_7', 'mutated_arg_names': [], 'optimize_mem': True, 'no_x_dim': False, 'atomic_add_found': False, 'num_load': 1, 'num_store': 1, 'num_reduction': 0, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': True, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': True, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 18874368}},
        min_elem_per_thread=0
    )
    @triton.jit
    def triton_poi_fused_clone_transpose_view_7(in_ptr0, out_ptr0, xnumel, XBLOCK : tl.constexpr):
        xnumel = 3145728
        xoffset = tl.program_id(0) * XBLOCK
        xindex = xoffset + tl.arange(0, XBLOCK)[:]
        xmask = tl.full([XBLOCK], True, tl.int1)[:]
        x0 = (xindex % 64)
        x1 = ((xindex // 64) % 12)
        x2 = ((xindex // 768) % 128)
        x3 = xindex // 98304
        x4 = xindex
        tmp0 = tl.load(in_ptr0 + (x0 + 64*x2 + 8192*x1 + 98304*x3), None).to(tl.float32)
        tl.store(out_ptr0 + (x4), tmp0, None)
    ''', device_str='cuda')
    */
    uint32_t grid_0 = ((xnumel + (512 - 1)) / (512));
    uint32_t grid_1 = 1;
    uint32_t grid_2 = 1;
    if (grid_0 == 0 || grid_1 == 0 || grid_2 == 0) return;
    if (kernels_.triton_poi_fused_clone_transpose_view_7 == nullptr) {
        kernels_.triton_poi_fused_clone_transpose_view_7 = loadKernel("/tmp/inductor-b/cs3udovo5kcolfidgg35lxsrgk7ow3oyywlwk776zf46v2wou6pc/cmi6dasacjfoqdciixpk7u3joutof6dyx63tlvdsfzb4olxjiqpk.cubin", "triton_poi_fused_clone_transpose_view_7", 0, cubin_dir_); 
    }
    CUdeviceptr var_45 = reinterpret_cast<CUdeviceptr>(in_ptr0.data_ptr());
    CUdeviceptr var_46 = reinterpret_cast<CUdeviceptr>(out_ptr0.data_ptr());
    int32_t var_47 = xnumel;
    CUdeviceptr global_scratch_scratch_48 = 0;
    CUdeviceptr profile_scratch_scratch_49 = 0;
    void* kernel_args_[] = {&var_45, &var_46, &var_47, &global_scratch_scratch_48, &profile_scratch_scratch_49};
    launchKernel(kernels_.triton_poi_fused_clone_transpose_view_7, grid_0, grid_1, grid_2, 8, 0, kernel_args_, stream_);
}

template <typename in_out_ptr0_type_, typename in_ptr0_type_, typename in_ptr1_type_, typename in_ptr2_type_, typename kernels_type_>
static inline void call_triton_per_fused_add_native_layer_norm_view_8(
    const in_out_ptr0_type_& in_out_ptr0,
    const in_ptr0_type_& in_ptr0,
    const in_ptr1_type_& in_ptr1,
    const in_ptr2_type_& in_ptr2,
    int64_t xnumel,
    int64_t r0_numel,
    int32_t device_idx_,
    cudaStream_t stream_,
    kernels_type_& kernels_,
    const std::optional<std::string>& cubin_dir_ = std::nullopt
){
    /*
    async_compile.triton('triton_per_fused_add_native_layer_norm_view_8', '''
    import triton
    import triton.language as tl

    from torch._inductor.runtime import triton_helpers, triton_heuristics
    from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
    from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
    triton_helpers.set_driver_to_gpu()

    @triton_heuristics.persistent_reduction(
        size_hints={'x': 4096, 'r0_': 1024},
        reduction_hint=ReductionHint.INNER,
        filename=__file__,
        triton_meta={'signature': {'in_out_ptr0': '*bf16', 'in_ptr0': '*bf16', 'in_ptr1': '*bf16', 'in_ptr2': '*bf16', 'xnumel': 'i32', 'r0_numel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]], (3,): [['tt.divisibility', 16]], (4,): [['tt.divisibility', 16]], (5,): [['tt.divisibility', 16]]}]},
        inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_per_fused_add_native_layer_norm_view_8', 'mutated_arg_names': ['in_out_ptr0'], 'optimize_mem': True, 'no_x_dim': None, 'atomic_add_found': False, 'num_load': 4, 'num_store': 1, 'num_reduction': 4, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': True, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': True, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 0, 'r0_': 25168896}}
    )
    @triton.jit
    def triton_per_fused_add_native_layer_norm_view_8(in_out_ptr0, in_ptr0, in_ptr1, in_ptr2, xnumel, r0_numel, XBLOCK : tl.constexpr):
        xnumel = 4096
        r0_numel = 768
        R0_BLOCK: tl.constexpr = 1024
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
        r0_1 = r0_index
        x0 = xindex
        tmp0 = tl.load(in_out_ptr0 + (r0_1 + 768*x0), r0_mask, other=0.0).to(tl.float32)
        tmp1 = tl.load(in_ptr0 + (r0_1 + 768*x0), r0_mask, other=0.0).to(tl.float32)
        tmp27 = tl.load(in_ptr1 + (r0_1), r0_mask, eviction_policy='evict_last', other=0.0).to(tl.float32)
        tmp30 = tl.load(in_ptr2 + (r0_1), r0_mask, eviction_policy='evict_last', other=0.0).to(tl.float32)
        tmp2 = tmp0 + tmp1
        tmp3 = tmp2.to(tl.float32)
        tmp4 = tl.broadcast_to(tmp3, [XBLOCK, R0_BLOCK])
        tmp6 = tl.where(r0_mask, tmp4, 0)
        tmp7 = tl.broadcast_to(tmp4, [XBLOCK, R0_BLOCK])
        tmp9 = tl.where(r0_mask, tmp7, 0)
        tmp10 = tl.sum(tmp9, 1)[:, None].to(tl.float32)
        tmp11 = tl.full([1, 1], 768, tl.int32)
        tmp12 = tmp11.to(tl.float32)
        tmp13 = (tmp10 / tmp12)
        tmp14 = tmp4 - tmp13
        tmp15 = tmp14 * tmp14
        tmp16 = tl.broadcast_to(tmp15, [XBLOCK, R0_BLOCK])
        tmp18 = tl.where(r0_mask, tmp16, 0)
        tmp19 = tl.sum(tmp18, 1)[:, None].to(tl.float32)
        tmp20 = tmp3 - tmp13
        tmp21 = tl.full([1, 1], 768.0, tl.float32)
        tmp22 = (tmp19 / tmp21)
        tmp23 = tl.full([1, 1], 1e-12, tl.float32)
        tmp24 = tmp22 + tmp23
        tmp25 = libdevice.rsqrt(tmp24)
        tmp26 = tmp20 * tmp25
        tmp28 = tmp27.to(tl.float32)
        tmp29 = tmp26 * tmp28
        tmp31 = tmp30.to(tl.float32)
        tmp32 = tmp29 + tmp31
        tmp33 = tmp32.to(tl.float32)
        tl.store(in_out_ptr0 + (r0_1 + 768*x0), tmp33, r0_mask)
    ''', device_str='cuda')
    */
    uint32_t grid_0 = xnumel;
    uint32_t grid_1 = 1;
    uint32_t grid_2 = 1;
    if (grid_0 == 0 || grid_1 == 0 || grid_2 == 0) return;
    if (kernels_.triton_per_fused_add_native_layer_norm_view_8 == nullptr) {
        kernels_.triton_per_fused_add_native_layer_norm_view_8 = loadKernel("/tmp/inductor-b/cs3udovo5kcolfidgg35lxsrgk7ow3oyywlwk776zf46v2wou6pc/cu6qt5gyo6b76b3ymcv3q7ovyqkpamewxqexhpylt5tc6334fxtp.cubin", "triton_per_fused_add_native_layer_norm_view_8", 32, cubin_dir_); 
    }
    CUdeviceptr var_50 = reinterpret_cast<CUdeviceptr>(in_out_ptr0.data_ptr());
    CUdeviceptr var_51 = reinterpret_cast<CUdeviceptr>(in_ptr0.data_ptr());
    CUdeviceptr var_52 = reinterpret_cast<CUdeviceptr>(in_ptr1.data_ptr());
    CUdeviceptr var_53 = reinterpret_cast<CUdeviceptr>(in_ptr2.data_ptr());
    int32_t var_54 = xnumel;
    int32_t var_55 = r0_numel;
    CUdeviceptr global_scratch_scratch_56 = 0;
    CUdeviceptr profile_scratch_scratch_57 = 0;
    void* kernel_args_[] = {&var_50, &var_51, &var_52, &var_53, &var_54, &var_55, &global_scratch_scratch_56, &profile_scratch_scratch_57};
    launchKernel(kernels_.triton_per_fused_add_native_layer_norm_view_8, grid_0, grid_1, grid_2, 8, 32, kernel_args_, stream_);
}

template <typename in_ptr0_type_, typename arg_A_type_, typename arg_B_type_, typename out_ptr0_type_, typename kernels_type_>
static inline void call_triton_tem_fused_addmm_t_view_9(
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
    async_compile.triton('triton_tem_fused_addmm_t_view_9', '''
    import triton
    import triton.language as tl

    from torch._inductor.runtime import triton_helpers, triton_heuristics
    from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
    from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties

    @triton_heuristics.template(

    num_stages=5,
    num_warps=8,
    triton_meta={'signature': {'in_ptr0': '*bf16', 'arg_A': '*bf16', 'arg_B': '*bf16', 'out_ptr0': '*bf16'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]], (3,): [['tt.divisibility', 16]]}]},
    inductor_meta={'kernel_name': 'triton_tem_fused_addmm_t_view_9', 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': True, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': True, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'grid_type': 'FixedGrid', 'fixed_grid': ['_grid_0', '_grid_1', '_grid_2'], 'extra_launcher_args': ['_grid_0', '_grid_1', '_grid_2'], 'config_args': {'EVEN_K': True, 'USE_FAST_ACCUM': False, 'ACC_TYPE': 'tl.float32', 'BLOCK_M': 128, 'BLOCK_N': 128, 'BLOCK_K': 64, 'GROUP_M': 8, 'ALLOW_TF32': False}},

    )
    @triton.jit
    def triton_tem_fused_addmm_t_view_9(in_ptr0, arg_A, arg_B, out_ptr0):
        EVEN_K : tl.constexpr = True
        USE_FAST_ACCUM : tl.constexpr = False
        ACC_TYPE : tl.constexpr = tl.float32
        BLOCK_M : tl.constexpr = 128
        BLOCK_N : tl.constexpr = 128
        BLOCK_K : tl.constexpr = 64
        GROUP_M : tl.constexpr = 8
        ALLOW_TF32 : tl.constexpr = False
        INDEX_DTYPE : tl.constexpr = tl.int32
        A = arg_A
        B = arg_B

        M = 4096
        N = 3072
        K = 768
        if M * N == 0:
            # early exit due to zero-size input(s)
            return
        stride_am = 768
        stride_ak = 1
        stride_bk = 1
        stride_bn = 768

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
            xindex = idx_n + 768*idx_m
            a = tl.load(A + (xindex))

            idx_m = b_k_idx_vals
            idx_n = offs_b_n[None, :]
            xindex = idx_n + 3072*idx_m
            b = tl.load(B + ((tl.broadcast_to(idx_m + 768*idx_n, [BLOCK_K, BLOCK_N])).broadcast_to(xindex.shape)))


            acc += tl.dot(a, b, allow_tf32=ALLOW_TF32, out_dtype=ACC_TYPE)


        # rematerialize rm and rn to save registers
        rm = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
        rn = pid_n * BLOCK_N + tl.arange(0, BLOCK_N)
        idx_m = rm[:, None]
        idx_n = rn[None, :]
        mask = (idx_m < M) & (idx_n < N)

        # inductor generates a suffix
        xindex = idx_n + 3072*idx_m
        tmp0 = tl.load(in_ptr0 + (tl.broadcast_to(idx_n, [BLOCK_M, BLOCK_N])), mask, eviction_policy='evict_last').to(tl.float32)
        tmp1 = acc + tmp0
        tl.store(out_ptr0 + (tl.broadcast_to(xindex, [BLOCK_M, BLOCK_N])), tmp1, mask)
    ''', device_str='cuda')
    */
    uint32_t grid_0 = _grid_0;
    uint32_t grid_1 = _grid_1;
    uint32_t grid_2 = _grid_2;
    if (grid_0 == 0 || grid_1 == 0 || grid_2 == 0) return;
    if (kernels_.triton_tem_fused_addmm_t_view_9 == nullptr) {
        kernels_.triton_tem_fused_addmm_t_view_9 = loadKernel("/tmp/inductor-b/cs3udovo5kcolfidgg35lxsrgk7ow3oyywlwk776zf46v2wou6pc/c5kz7qs3mpshhqeyxicxnbbmk3acmh5m2knzpy266mm4xqnvdrfc.cubin", "triton_tem_fused_addmm_t_view_9", 163840, cubin_dir_); 
    }
    CUdeviceptr var_58 = reinterpret_cast<CUdeviceptr>(in_ptr0.data_ptr());
    CUdeviceptr var_59 = reinterpret_cast<CUdeviceptr>(arg_A.data_ptr());
    CUdeviceptr var_60 = reinterpret_cast<CUdeviceptr>(arg_B.data_ptr());
    CUdeviceptr var_61 = reinterpret_cast<CUdeviceptr>(out_ptr0.data_ptr());
    CUdeviceptr global_scratch_scratch_62 = 0;
    CUdeviceptr profile_scratch_scratch_63 = 0;
    void* kernel_args_[] = {&var_58, &var_59, &var_60, &var_61, &global_scratch_scratch_62, &profile_scratch_scratch_63};
    launchKernel(kernels_.triton_tem_fused_addmm_t_view_9, grid_0, grid_1, grid_2, 8, 163840, kernel_args_, stream_);
}

template <typename in_out_ptr0_type_, typename kernels_type_>
static inline void call_triton_poi_fused_gelu_view_10(
    const in_out_ptr0_type_& in_out_ptr0,
    int64_t xnumel,
    int32_t device_idx_,
    cudaStream_t stream_,
    kernels_type_& kernels_,
    const std::optional<std::string>& cubin_dir_ = std::nullopt
){
    /*
    async_compile.triton('triton_poi_fused_gelu_view_10', '''
    import triton
    import triton.language as tl

    from torch._inductor.runtime import triton_helpers, triton_heuristics
    from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
    from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
    triton_helpers.set_driver_to_gpu()

    @triton_heuristics.pointwise(
        size_hints={'x': 16777216}, 
        filename=__file__,
        triton_meta={'signature': {'in_out_ptr0': '*bf16', 'xnumel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]]}]},
        inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_poi_fused_gelu_view_10', 'mutated_arg_names': ['in_out_ptr0'], 'optimize_mem': True, 'no_x_dim': False, 'atomic_add_found': False, 'num_load': 1, 'num_store': 1, 'num_reduction': 0, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': True, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': True, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 75497472}},
        min_elem_per_thread=0
    )
    @triton.jit
    def triton_poi_fused_gelu_view_10(in_out_ptr0, xnumel, XBLOCK : tl.constexpr):
        xnumel = 12582912
        xoffset = tl.program_id(0) * XBLOCK
        xindex = xoffset + tl.arange(0, XBLOCK)[:]
        xmask = tl.full([XBLOCK], True, tl.int1)[:]
        x0 = xindex
        tmp0 = tl.load(in_out_ptr0 + (x0), None).to(tl.float32)
        tmp1 = tmp0.to(tl.float32)
        tmp2 = tl.full([1], 0.5, tl.float32)
        tmp3 = tmp1 * tmp2
        tmp4 = tl.full([1], 0.7071067811865476, tl.float32)
        tmp5 = tmp1 * tmp4
        tmp6 = libdevice.erf(tmp5)
        tmp7 = tl.full([1], 1.0, tl.float32)
        tmp8 = tmp6 + tmp7
        tmp9 = tmp3 * tmp8
        tmp10 = tmp9.to(tl.float32)
        tl.store(in_out_ptr0 + (x0), tmp10, None)
    ''', device_str='cuda')
    */
    uint32_t grid_0 = ((xnumel + (512 - 1)) / (512));
    uint32_t grid_1 = 1;
    uint32_t grid_2 = 1;
    if (grid_0 == 0 || grid_1 == 0 || grid_2 == 0) return;
    if (kernels_.triton_poi_fused_gelu_view_10 == nullptr) {
        kernels_.triton_poi_fused_gelu_view_10 = loadKernel("/tmp/inductor-b/cs3udovo5kcolfidgg35lxsrgk7ow3oyywlwk776zf46v2wou6pc/chzqspwp3ckerttbturauaa7n7v37hs37ugjtqa5f2gdopq74l7z.cubin", "triton_poi_fused_gelu_view_10", 0, cubin_dir_); 
    }
    CUdeviceptr var_64 = reinterpret_cast<CUdeviceptr>(in_out_ptr0.data_ptr());
    int32_t var_65 = xnumel;
    CUdeviceptr global_scratch_scratch_66 = 0;
    CUdeviceptr profile_scratch_scratch_67 = 0;
    void* kernel_args_[] = {&var_64, &var_65, &global_scratch_scratch_66, &profile_scratch_scratch_67};
    launchKernel(kernels_.triton_poi_fused_gelu_view_10, grid_0, grid_1, grid_2, 8, 0, kernel_args_, stream_);
}

template <typename in_ptr0_type_, typename arg_A_type_, typename arg_B_type_, typename out_ptr0_type_, typename kernels_type_>
static inline void call_triton_tem_fused_addmm_gelu_t_view_11(
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
    async_compile.triton('triton_tem_fused_addmm_gelu_t_view_11', '''
    import triton
    import triton.language as tl

    from torch._inductor.runtime import triton_helpers, triton_heuristics
    from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
    from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties

    @triton_heuristics.template(

    num_stages=3,
    num_warps=4,
    triton_meta={'signature': {'in_ptr0': '*bf16', 'arg_A': '*bf16', 'arg_B': '*bf16', 'out_ptr0': '*bf16'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]], (3,): [['tt.divisibility', 16]]}]},
    inductor_meta={'kernel_name': 'triton_tem_fused_addmm_gelu_t_view_11', 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': True, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': True, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'grid_type': 'FixedGrid', 'fixed_grid': ['_grid_0', '_grid_1', '_grid_2'], 'extra_launcher_args': ['_grid_0', '_grid_1', '_grid_2'], 'config_args': {'EVEN_K': True, 'USE_FAST_ACCUM': False, 'ACC_TYPE': 'tl.float32', 'BLOCK_M': 64, 'BLOCK_N': 128, 'BLOCK_K': 64, 'GROUP_M': 8, 'ALLOW_TF32': False}},

    )
    @triton.jit
    def triton_tem_fused_addmm_gelu_t_view_11(in_ptr0, arg_A, arg_B, out_ptr0):
        EVEN_K : tl.constexpr = True
        USE_FAST_ACCUM : tl.constexpr = False
        ACC_TYPE : tl.constexpr = tl.float32
        BLOCK_M : tl.constexpr = 64
        BLOCK_N : tl.constexpr = 128
        BLOCK_K : tl.constexpr = 64
        GROUP_M : tl.constexpr = 8
        ALLOW_TF32 : tl.constexpr = False
        INDEX_DTYPE : tl.constexpr = tl.int32
        A = arg_A
        B = arg_B

        M = 4096
        N = 768
        K = 3072
        if M * N == 0:
            # early exit due to zero-size input(s)
            return
        stride_am = 3072
        stride_ak = 1
        stride_bk = 1
        stride_bn = 3072

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
            xindex = idx_n + 3072*idx_m
            a = tl.load(A + (xindex))

            idx_m = b_k_idx_vals
            idx_n = offs_b_n[None, :]
            xindex = idx_n + 768*idx_m
            b = tl.load(B + ((tl.broadcast_to(idx_m + 3072*idx_n, [BLOCK_K, BLOCK_N])).broadcast_to(xindex.shape)))


            acc += tl.dot(a, b, allow_tf32=ALLOW_TF32, out_dtype=ACC_TYPE)


        # rematerialize rm and rn to save registers
        rm = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
        rn = pid_n * BLOCK_N + tl.arange(0, BLOCK_N)
        idx_m = rm[:, None]
        idx_n = rn[None, :]
        mask = (idx_m < M) & (idx_n < N)

        # inductor generates a suffix
        xindex = idx_n + 768*idx_m
        tmp0 = tl.load(in_ptr0 + (tl.broadcast_to(idx_n, [BLOCK_M, BLOCK_N])), mask, eviction_policy='evict_last').to(tl.float32)
        tmp1 = acc + tmp0
        tl.store(out_ptr0 + (tl.broadcast_to(xindex, [BLOCK_M, BLOCK_N])), tmp1, mask)
    ''', device_str='cuda')
    */
    uint32_t grid_0 = _grid_0;
    uint32_t grid_1 = _grid_1;
    uint32_t grid_2 = _grid_2;
    if (grid_0 == 0 || grid_1 == 0 || grid_2 == 0) return;
    if (kernels_.triton_tem_fused_addmm_gelu_t_view_11 == nullptr) {
        kernels_.triton_tem_fused_addmm_gelu_t_view_11 = loadKernel("/tmp/inductor-b/cs3udovo5kcolfidgg35lxsrgk7ow3oyywlwk776zf46v2wou6pc/c5it4scd2dnjjbvjj2egsb6uqvhkvjzlq45c3ujqb537y7ccklet.cubin", "triton_tem_fused_addmm_gelu_t_view_11", 73728, cubin_dir_); 
    }
    CUdeviceptr var_68 = reinterpret_cast<CUdeviceptr>(in_ptr0.data_ptr());
    CUdeviceptr var_69 = reinterpret_cast<CUdeviceptr>(arg_A.data_ptr());
    CUdeviceptr var_70 = reinterpret_cast<CUdeviceptr>(arg_B.data_ptr());
    CUdeviceptr var_71 = reinterpret_cast<CUdeviceptr>(out_ptr0.data_ptr());
    CUdeviceptr global_scratch_scratch_72 = 0;
    CUdeviceptr profile_scratch_scratch_73 = 0;
    void* kernel_args_[] = {&var_68, &var_69, &var_70, &var_71, &global_scratch_scratch_72, &profile_scratch_scratch_73};
    launchKernel(kernels_.triton_tem_fused_addmm_gelu_t_view_11, grid_0, grid_1, grid_2, 4, 73728, kernel_args_, stream_);
}

template <typename in_ptr0_type_, typename arg_A_type_, typename arg_B_type_, typename out_ptr0_type_, typename kernels_type_>
static inline void call_triton_tem_fused_addmm_t_view_12(
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
    async_compile.triton('triton_tem_fused_addmm_t_view_12', '''
    import triton
    import triton.language as tl

    from torch._inductor.runtime import triton_helpers, triton_heuristics
    from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
    from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties

    @triton_heuristics.template(

    num_stages=3,
    num_warps=4,
    triton_meta={'signature': {'in_ptr0': '*bf16', 'arg_A': '*bf16', 'arg_B': '*bf16', 'out_ptr0': '*bf16'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]], (3,): [['tt.divisibility', 16]]}]},
    inductor_meta={'kernel_name': 'triton_tem_fused_addmm_t_view_12', 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': False, 'dynamic_scale_rblock': True, 'max_autotune': True, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': True, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'grid_type': 'FixedGrid', 'fixed_grid': ['_grid_0', '_grid_1', '_grid_2'], 'extra_launcher_args': ['_grid_0', '_grid_1', '_grid_2'], 'config_args': {'EVEN_K': True, 'USE_FAST_ACCUM': False, 'ACC_TYPE': 'tl.float32', 'BLOCK_M': 128, 'BLOCK_N': 128, 'BLOCK_K': 64, 'GROUP_M': 8, 'ALLOW_TF32': False}},

    )
    @triton.jit
    def triton_tem_fused_addmm_t_view_12(in_ptr0, arg_A, arg_B, out_ptr0):
        EVEN_K : tl.constexpr = True
        USE_FAST_ACCUM : tl.constexpr = False
        ACC_TYPE : tl.constexpr = tl.float32
        BLOCK_M : tl.constexpr = 128
        BLOCK_N : tl.constexpr = 128
        BLOCK_K : tl.constexpr = 64
        GROUP_M : tl.constexpr = 8
        ALLOW_TF32 : tl.constexpr = False
        INDEX_DTYPE : tl.constexpr = tl.int32
        A = arg_A
        B = arg_B

        M = 4096
        N = 3072
        K = 768
        if M * N == 0:
            # early exit due to zero-size input(s)
            return
        stride_am = 768
        stride_ak = 1
        stride_bk = 1
        stride_bn = 768

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
            xindex = idx_n + 768*idx_m
            a = tl.load(A + (xindex))

            idx_m = b_k_idx_vals
            idx_n = offs_b_n[None, :]
            xindex = idx_n + 3072*idx_m
            b = tl.load(B + ((tl.broadcast_to(idx_m + 768*idx_n, [BLOCK_K, BLOCK_N])).broadcast_to(xindex.shape)))


            acc += tl.dot(a, b, allow_tf32=ALLOW_TF32, out_dtype=ACC_TYPE)


        # rematerialize rm and rn to save registers
        rm = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
        rn = pid_n * BLOCK_N + tl.arange(0, BLOCK_N)
        idx_m = rm[:, None]
        idx_n = rn[None, :]
        mask = (idx_m < M) & (idx_n < N)

        # inductor generates a suffix
        xindex = idx_n + 3072*idx_m
        tmp0 = tl.load(in_ptr0 + (tl.broadcast_to(idx_n, [BLOCK_M, BLOCK_N])), mask, eviction_policy='evict_last').to(tl.float32)
        tmp1 = acc + tmp0
        tl.store(out_ptr0 + (tl.broadcast_to(xindex, [BLOCK_M, BLOCK_N])), tmp1, mask)
    ''', device_str='cuda')
    */
    uint32_t grid_0 = _grid_0;
    uint32_t grid_1 = _grid_1;
    uint32_t grid_2 = _grid_2;
    if (grid_0 == 0 || grid_1 == 0 || grid_2 == 0) return;
    if (kernels_.triton_tem_fused_addmm_t_view_12 == nullptr) {
        kernels_.triton_tem_fused_addmm_t_view_12 = loadKernel("/tmp/inductor-b/cs3udovo5kcolfidgg35lxsrgk7ow3oyywlwk776zf46v2wou6pc/c6ezmlyhc4dnauhjicfgy3csoewseooprb4hsijwxv5jqwm4ki2g.cubin", "triton_tem_fused_addmm_t_view_12", 98304, cubin_dir_); 
    }
    CUdeviceptr var_74 = reinterpret_cast<CUdeviceptr>(in_ptr0.data_ptr());
    CUdeviceptr var_75 = reinterpret_cast<CUdeviceptr>(arg_A.data_ptr());
    CUdeviceptr var_76 = reinterpret_cast<CUdeviceptr>(arg_B.data_ptr());
    CUdeviceptr var_77 = reinterpret_cast<CUdeviceptr>(out_ptr0.data_ptr());
    CUdeviceptr global_scratch_scratch_78 = 0;
    CUdeviceptr profile_scratch_scratch_79 = 0;
    void* kernel_args_[] = {&var_74, &var_75, &var_76, &var_77, &global_scratch_scratch_78, &profile_scratch_scratch_79};
    launchKernel(kernels_.triton_tem_fused_addmm_t_view_12, grid_0, grid_1, grid_2, 4, 98304, kernel_args_, stream_);
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
    ConstantHandle arg199_1 = ConstantHandle(input_handles[0]);
    int32_t arg199_1_dtype;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_get_dtype(arg199_1, &arg199_1_dtype));

    int32_t arg199_1_expected_dtype = aoti_torch_dtype_int64();
    if (arg199_1_expected_dtype != arg199_1_dtype) {
        std::stringstream ss;
        ss << "input_handles[0]: unmatched dtype, "
           << "expected: " << arg199_1_expected_dtype << "(at::kLong), "
           << "but got: " << arg199_1_dtype << "\n";
        throw std::runtime_error(ss.str());
    }
    auto arg199_1_size = arg199_1.sizes();

    if (32 != arg199_1_size[0]) {
        std::stringstream ss;
        ss << "input_handles[0]: unmatched dim value at 0, "
           << "expected: 32, " << "but got: " << arg199_1_size[0]
           << "\n";
        throw std::runtime_error(ss.str());
    }

    if (128 != arg199_1_size[1]) {
        std::stringstream ss;
        ss << "input_handles[0]: unmatched dim value at 1, "
           << "expected: 128, " << "but got: " << arg199_1_size[1]
           << "\n";
        throw std::runtime_error(ss.str());
    }
    auto arg199_1_stride = arg199_1.strides();

    if (128 != arg199_1_stride[0]) {
        std::stringstream ss;
        ss << "input_handles[0]: unmatched stride value at 0, "
           << "expected: 128, " << "but got: " << arg199_1_stride[0]
           << "\n";
        throw std::runtime_error(ss.str());
    }

    if (1 != arg199_1_stride[1]) {
        std::stringstream ss;
        ss << "input_handles[0]: unmatched stride value at 1, "
           << "expected: 1, " << "but got: " << arg199_1_stride[1]
           << "\n";
        throw std::runtime_error(ss.str());
    }
    int32_t arg199_1_device_type;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_get_device_type(arg199_1, &arg199_1_device_type));

    int32_t arg199_1_expected_device_type = 1;
    if (arg199_1_expected_device_type != arg199_1_device_type) {
        std::stringstream ss;
        ss << "input_handles[0]: unmatched device type, "
        << "expected: " << arg199_1_expected_device_type << "1(cuda), "
        << "but got: " << arg199_1_device_type << "\n";
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
    auto arg199_1 = std::move(inputs[0]);
    [[maybe_unused]] auto& model_embeddings_word_embeddings_weight = constants_->at(0);
    [[maybe_unused]] auto& model_embeddings_position_embeddings_weight = constants_->at(1);
    [[maybe_unused]] auto& model_embeddings_token_type_embeddings_weight = constants_->at(2);
    [[maybe_unused]] auto& model_embeddings_LayerNorm_weight = constants_->at(3);
    [[maybe_unused]] auto& model_embeddings_LayerNorm_bias = constants_->at(4);
    [[maybe_unused]] auto& model_encoder_layer_0_attention_self_query_weight = constants_->at(5);
    [[maybe_unused]] auto& model_encoder_layer_0_attention_self_query_bias = constants_->at(6);
    [[maybe_unused]] auto& model_encoder_layer_0_attention_self_key_weight = constants_->at(7);
    [[maybe_unused]] auto& model_encoder_layer_0_attention_self_key_bias = constants_->at(8);
    [[maybe_unused]] auto& model_encoder_layer_0_attention_self_value_weight = constants_->at(9);
    [[maybe_unused]] auto& model_encoder_layer_0_attention_self_value_bias = constants_->at(10);
    [[maybe_unused]] auto& model_encoder_layer_0_attention_output_dense_weight = constants_->at(11);
    [[maybe_unused]] auto& model_encoder_layer_0_attention_output_dense_bias = constants_->at(12);
    [[maybe_unused]] auto& model_encoder_layer_0_attention_output_LayerNorm_weight = constants_->at(13);
    [[maybe_unused]] auto& model_encoder_layer_0_attention_output_LayerNorm_bias = constants_->at(14);
    [[maybe_unused]] auto& model_encoder_layer_0_intermediate_dense_weight = constants_->at(15);
    [[maybe_unused]] auto& model_encoder_layer_0_intermediate_dense_bias = constants_->at(16);
    [[maybe_unused]] auto& model_encoder_layer_0_output_dense_weight = constants_->at(17);
    [[maybe_unused]] auto& model_encoder_layer_0_output_dense_bias = constants_->at(18);
    [[maybe_unused]] auto& model_encoder_layer_0_output_LayerNorm_weight = constants_->at(19);
    [[maybe_unused]] auto& model_encoder_layer_0_output_LayerNorm_bias = constants_->at(20);
    [[maybe_unused]] auto& model_encoder_layer_1_attention_self_query_weight = constants_->at(21);
    [[maybe_unused]] auto& model_encoder_layer_1_attention_self_query_bias = constants_->at(22);
    [[maybe_unused]] auto& model_encoder_layer_1_attention_self_key_weight = constants_->at(23);
    [[maybe_unused]] auto& model_encoder_layer_1_attention_self_key_bias = constants_->at(24);
    [[maybe_unused]] auto& model_encoder_layer_1_attention_self_value_weight = constants_->at(25);
    [[maybe_unused]] auto& model_encoder_layer_1_attention_self_value_bias = constants_->at(26);
    [[maybe_unused]] auto& model_encoder_layer_1_attention_output_dense_weight = constants_->at(27);
    [[maybe_unused]] auto& model_encoder_layer_1_attention_output_dense_bias = constants_->at(28);
    [[maybe_unused]] auto& model_encoder_layer_1_attention_output_LayerNorm_weight = constants_->at(29);
    [[maybe_unused]] auto& model_encoder_layer_1_attention_output_LayerNorm_bias = constants_->at(30);
    [[maybe_unused]] auto& model_encoder_layer_1_intermediate_dense_weight = constants_->at(31);
    [[maybe_unused]] auto& model_encoder_layer_1_intermediate_dense_bias = constants_->at(32);
    [[maybe_unused]] auto& model_encoder_layer_1_output_dense_weight = constants_->at(33);
    [[maybe_unused]] auto& model_encoder_layer_1_output_dense_bias = constants_->at(34);
    [[maybe_unused]] auto& model_encoder_layer_1_output_LayerNorm_weight = constants_->at(35);
    [[maybe_unused]] auto& model_encoder_layer_1_output_LayerNorm_bias = constants_->at(36);
    [[maybe_unused]] auto& model_encoder_layer_2_attention_self_query_weight = constants_->at(37);
    [[maybe_unused]] auto& model_encoder_layer_2_attention_self_query_bias = constants_->at(38);
    [[maybe_unused]] auto& model_encoder_layer_2_attention_self_key_weight = constants_->at(39);
    [[maybe_unused]] auto& model_encoder_layer_2_attention_self_key_bias = constants_->at(40);
    [[maybe_unused]] auto& model_encoder_layer_2_attention_self_value_weight = constants_->at(41);
    [[maybe_unused]] auto& model_encoder_layer_2_attention_self_value_bias = constants_->at(42);
    [[maybe_unused]] auto& model_encoder_layer_2_attention_output_dense_weight = constants_->at(43);
    [[maybe_unused]] auto& model_encoder_layer_2_attention_output_dense_bias = constants_->at(44);
    [[maybe_unused]] auto& model_encoder_layer_2_attention_output_LayerNorm_weight = constants_->at(45);
    [[maybe_unused]] auto& model_encoder_layer_2_attention_output_LayerNorm_bias = constants_->at(46);
    [[maybe_unused]] auto& model_encoder_layer_2_intermediate_dense_weight = constants_->at(47);
    [[maybe_unused]] auto& model_encoder_layer_2_intermediate_dense_bias = constants_->at(48);
    [[maybe_unused]] auto& model_encoder_layer_2_output_dense_weight = constants_->at(49);
    [[maybe_unused]] auto& model_encoder_layer_2_output_dense_bias = constants_->at(50);
    [[maybe_unused]] auto& model_encoder_layer_2_output_LayerNorm_weight = constants_->at(51);
    [[maybe_unused]] auto& model_encoder_layer_2_output_LayerNorm_bias = constants_->at(52);
    [[maybe_unused]] auto& model_encoder_layer_3_attention_self_query_weight = constants_->at(53);
    [[maybe_unused]] auto& model_encoder_layer_3_attention_self_query_bias = constants_->at(54);
    [[maybe_unused]] auto& model_encoder_layer_3_attention_self_key_weight = constants_->at(55);
    [[maybe_unused]] auto& model_encoder_layer_3_attention_self_key_bias = constants_->at(56);
    [[maybe_unused]] auto& model_encoder_layer_3_attention_self_value_weight = constants_->at(57);
    [[maybe_unused]] auto& model_encoder_layer_3_attention_self_value_bias = constants_->at(58);
    [[maybe_unused]] auto& model_encoder_layer_3_attention_output_dense_weight = constants_->at(59);
    [[maybe_unused]] auto& model_encoder_layer_3_attention_output_dense_bias = constants_->at(60);
    [[maybe_unused]] auto& model_encoder_layer_3_attention_output_LayerNorm_weight = constants_->at(61);
    [[maybe_unused]] auto& model_encoder_layer_3_attention_output_LayerNorm_bias = constants_->at(62);
    [[maybe_unused]] auto& model_encoder_layer_3_intermediate_dense_weight = constants_->at(63);
    [[maybe_unused]] auto& model_encoder_layer_3_intermediate_dense_bias = constants_->at(64);
    [[maybe_unused]] auto& model_encoder_layer_3_output_dense_weight = constants_->at(65);
    [[maybe_unused]] auto& model_encoder_layer_3_output_dense_bias = constants_->at(66);
    [[maybe_unused]] auto& model_encoder_layer_3_output_LayerNorm_weight = constants_->at(67);
    [[maybe_unused]] auto& model_encoder_layer_3_output_LayerNorm_bias = constants_->at(68);
    [[maybe_unused]] auto& model_encoder_layer_4_attention_self_query_weight = constants_->at(69);
    [[maybe_unused]] auto& model_encoder_layer_4_attention_self_query_bias = constants_->at(70);
    [[maybe_unused]] auto& model_encoder_layer_4_attention_self_key_weight = constants_->at(71);
    [[maybe_unused]] auto& model_encoder_layer_4_attention_self_key_bias = constants_->at(72);
    [[maybe_unused]] auto& model_encoder_layer_4_attention_self_value_weight = constants_->at(73);
    [[maybe_unused]] auto& model_encoder_layer_4_attention_self_value_bias = constants_->at(74);
    [[maybe_unused]] auto& model_encoder_layer_4_attention_output_dense_weight = constants_->at(75);
    [[maybe_unused]] auto& model_encoder_layer_4_attention_output_dense_bias = constants_->at(76);
    [[maybe_unused]] auto& model_encoder_layer_4_attention_output_LayerNorm_weight = constants_->at(77);
    [[maybe_unused]] auto& model_encoder_layer_4_attention_output_LayerNorm_bias = constants_->at(78);
    [[maybe_unused]] auto& model_encoder_layer_4_intermediate_dense_weight = constants_->at(79);
    [[maybe_unused]] auto& model_encoder_layer_4_intermediate_dense_bias = constants_->at(80);
    [[maybe_unused]] auto& model_encoder_layer_4_output_dense_weight = constants_->at(81);
    [[maybe_unused]] auto& model_encoder_layer_4_output_dense_bias = constants_->at(82);
    [[maybe_unused]] auto& model_encoder_layer_4_output_LayerNorm_weight = constants_->at(83);
    [[maybe_unused]] auto& model_encoder_layer_4_output_LayerNorm_bias = constants_->at(84);
    [[maybe_unused]] auto& model_encoder_layer_5_attention_self_query_weight = constants_->at(85);
    [[maybe_unused]] auto& model_encoder_layer_5_attention_self_query_bias = constants_->at(86);
    [[maybe_unused]] auto& model_encoder_layer_5_attention_self_key_weight = constants_->at(87);
    [[maybe_unused]] auto& model_encoder_layer_5_attention_self_key_bias = constants_->at(88);
    [[maybe_unused]] auto& model_encoder_layer_5_attention_self_value_weight = constants_->at(89);
    [[maybe_unused]] auto& model_encoder_layer_5_attention_self_value_bias = constants_->at(90);
    [[maybe_unused]] auto& model_encoder_layer_5_attention_output_dense_weight = constants_->at(91);
    [[maybe_unused]] auto& model_encoder_layer_5_attention_output_dense_bias = constants_->at(92);
    [[maybe_unused]] auto& model_encoder_layer_5_attention_output_LayerNorm_weight = constants_->at(93);
    [[maybe_unused]] auto& model_encoder_layer_5_attention_output_LayerNorm_bias = constants_->at(94);
    [[maybe_unused]] auto& model_encoder_layer_5_intermediate_dense_weight = constants_->at(95);
    [[maybe_unused]] auto& model_encoder_layer_5_intermediate_dense_bias = constants_->at(96);
    [[maybe_unused]] auto& model_encoder_layer_5_output_dense_weight = constants_->at(97);
    [[maybe_unused]] auto& model_encoder_layer_5_output_dense_bias = constants_->at(98);
    [[maybe_unused]] auto& model_encoder_layer_5_output_LayerNorm_weight = constants_->at(99);
    [[maybe_unused]] auto& model_encoder_layer_5_output_LayerNorm_bias = constants_->at(100);
    [[maybe_unused]] auto& model_encoder_layer_6_attention_self_query_weight = constants_->at(101);
    [[maybe_unused]] auto& model_encoder_layer_6_attention_self_query_bias = constants_->at(102);
    [[maybe_unused]] auto& model_encoder_layer_6_attention_self_key_weight = constants_->at(103);
    [[maybe_unused]] auto& model_encoder_layer_6_attention_self_key_bias = constants_->at(104);
    [[maybe_unused]] auto& model_encoder_layer_6_attention_self_value_weight = constants_->at(105);
    [[maybe_unused]] auto& model_encoder_layer_6_attention_self_value_bias = constants_->at(106);
    [[maybe_unused]] auto& model_encoder_layer_6_attention_output_dense_weight = constants_->at(107);
    [[maybe_unused]] auto& model_encoder_layer_6_attention_output_dense_bias = constants_->at(108);
    [[maybe_unused]] auto& model_encoder_layer_6_attention_output_LayerNorm_weight = constants_->at(109);
    [[maybe_unused]] auto& model_encoder_layer_6_attention_output_LayerNorm_bias = constants_->at(110);
    [[maybe_unused]] auto& model_encoder_layer_6_intermediate_dense_weight = constants_->at(111);
    [[maybe_unused]] auto& model_encoder_layer_6_intermediate_dense_bias = constants_->at(112);
    [[maybe_unused]] auto& model_encoder_layer_6_output_dense_weight = constants_->at(113);
    [[maybe_unused]] auto& model_encoder_layer_6_output_dense_bias = constants_->at(114);
    [[maybe_unused]] auto& model_encoder_layer_6_output_LayerNorm_weight = constants_->at(115);
    [[maybe_unused]] auto& model_encoder_layer_6_output_LayerNorm_bias = constants_->at(116);
    [[maybe_unused]] auto& model_encoder_layer_7_attention_self_query_weight = constants_->at(117);
    [[maybe_unused]] auto& model_encoder_layer_7_attention_self_query_bias = constants_->at(118);
    [[maybe_unused]] auto& model_encoder_layer_7_attention_self_key_weight = constants_->at(119);
    [[maybe_unused]] auto& model_encoder_layer_7_attention_self_key_bias = constants_->at(120);
    [[maybe_unused]] auto& model_encoder_layer_7_attention_self_value_weight = constants_->at(121);
    [[maybe_unused]] auto& model_encoder_layer_7_attention_self_value_bias = constants_->at(122);
    [[maybe_unused]] auto& model_encoder_layer_7_attention_output_dense_weight = constants_->at(123);
    [[maybe_unused]] auto& model_encoder_layer_7_attention_output_dense_bias = constants_->at(124);
    [[maybe_unused]] auto& model_encoder_layer_7_attention_output_LayerNorm_weight = constants_->at(125);
    [[maybe_unused]] auto& model_encoder_layer_7_attention_output_LayerNorm_bias = constants_->at(126);
    [[maybe_unused]] auto& model_encoder_layer_7_intermediate_dense_weight = constants_->at(127);
    [[maybe_unused]] auto& model_encoder_layer_7_intermediate_dense_bias = constants_->at(128);
    [[maybe_unused]] auto& model_encoder_layer_7_output_dense_weight = constants_->at(129);
    [[maybe_unused]] auto& model_encoder_layer_7_output_dense_bias = constants_->at(130);
    [[maybe_unused]] auto& model_encoder_layer_7_output_LayerNorm_weight = constants_->at(131);
    [[maybe_unused]] auto& model_encoder_layer_7_output_LayerNorm_bias = constants_->at(132);
    [[maybe_unused]] auto& model_encoder_layer_8_attention_self_query_weight = constants_->at(133);
    [[maybe_unused]] auto& model_encoder_layer_8_attention_self_query_bias = constants_->at(134);
    [[maybe_unused]] auto& model_encoder_layer_8_attention_self_key_weight = constants_->at(135);
    [[maybe_unused]] auto& model_encoder_layer_8_attention_self_key_bias = constants_->at(136);
    [[maybe_unused]] auto& model_encoder_layer_8_attention_self_value_weight = constants_->at(137);
    [[maybe_unused]] auto& model_encoder_layer_8_attention_self_value_bias = constants_->at(138);
    [[maybe_unused]] auto& model_encoder_layer_8_attention_output_dense_weight = constants_->at(139);
    [[maybe_unused]] auto& model_encoder_layer_8_attention_output_dense_bias = constants_->at(140);
    [[maybe_unused]] auto& model_encoder_layer_8_attention_output_LayerNorm_weight = constants_->at(141);
    [[maybe_unused]] auto& model_encoder_layer_8_attention_output_LayerNorm_bias = constants_->at(142);
    [[maybe_unused]] auto& model_encoder_layer_8_intermediate_dense_weight = constants_->at(143);
    [[maybe_unused]] auto& model_encoder_layer_8_intermediate_dense_bias = constants_->at(144);
    [[maybe_unused]] auto& model_encoder_layer_8_output_dense_weight = constants_->at(145);
    [[maybe_unused]] auto& model_encoder_layer_8_output_dense_bias = constants_->at(146);
    [[maybe_unused]] auto& model_encoder_layer_8_output_LayerNorm_weight = constants_->at(147);
    [[maybe_unused]] auto& model_encoder_layer_8_output_LayerNorm_bias = constants_->at(148);
    [[maybe_unused]] auto& model_encoder_layer_9_attention_self_query_weight = constants_->at(149);
    [[maybe_unused]] auto& model_encoder_layer_9_attention_self_query_bias = constants_->at(150);
    [[maybe_unused]] auto& model_encoder_layer_9_attention_self_key_weight = constants_->at(151);
    [[maybe_unused]] auto& model_encoder_layer_9_attention_self_key_bias = constants_->at(152);
    [[maybe_unused]] auto& model_encoder_layer_9_attention_self_value_weight = constants_->at(153);
    [[maybe_unused]] auto& model_encoder_layer_9_attention_self_value_bias = constants_->at(154);
    [[maybe_unused]] auto& model_encoder_layer_9_attention_output_dense_weight = constants_->at(155);
    [[maybe_unused]] auto& model_encoder_layer_9_attention_output_dense_bias = constants_->at(156);
    [[maybe_unused]] auto& model_encoder_layer_9_attention_output_LayerNorm_weight = constants_->at(157);
    [[maybe_unused]] auto& model_encoder_layer_9_attention_output_LayerNorm_bias = constants_->at(158);
    [[maybe_unused]] auto& model_encoder_layer_9_intermediate_dense_weight = constants_->at(159);
    [[maybe_unused]] auto& model_encoder_layer_9_intermediate_dense_bias = constants_->at(160);
    [[maybe_unused]] auto& model_encoder_layer_9_output_dense_weight = constants_->at(161);
    [[maybe_unused]] auto& model_encoder_layer_9_output_dense_bias = constants_->at(162);
    [[maybe_unused]] auto& model_encoder_layer_9_output_LayerNorm_weight = constants_->at(163);
    [[maybe_unused]] auto& model_encoder_layer_9_output_LayerNorm_bias = constants_->at(164);
    [[maybe_unused]] auto& model_encoder_layer_10_attention_self_query_weight = constants_->at(165);
    [[maybe_unused]] auto& model_encoder_layer_10_attention_self_query_bias = constants_->at(166);
    [[maybe_unused]] auto& model_encoder_layer_10_attention_self_key_weight = constants_->at(167);
    [[maybe_unused]] auto& model_encoder_layer_10_attention_self_key_bias = constants_->at(168);
    [[maybe_unused]] auto& model_encoder_layer_10_attention_self_value_weight = constants_->at(169);
    [[maybe_unused]] auto& model_encoder_layer_10_attention_self_value_bias = constants_->at(170);
    [[maybe_unused]] auto& model_encoder_layer_10_attention_output_dense_weight = constants_->at(171);
    [[maybe_unused]] auto& model_encoder_layer_10_attention_output_dense_bias = constants_->at(172);
    [[maybe_unused]] auto& model_encoder_layer_10_attention_output_LayerNorm_weight = constants_->at(173);
    [[maybe_unused]] auto& model_encoder_layer_10_attention_output_LayerNorm_bias = constants_->at(174);
    [[maybe_unused]] auto& model_encoder_layer_10_intermediate_dense_weight = constants_->at(175);
    [[maybe_unused]] auto& model_encoder_layer_10_intermediate_dense_bias = constants_->at(176);
    [[maybe_unused]] auto& model_encoder_layer_10_output_dense_weight = constants_->at(177);
    [[maybe_unused]] auto& model_encoder_layer_10_output_dense_bias = constants_->at(178);
    [[maybe_unused]] auto& model_encoder_layer_10_output_LayerNorm_weight = constants_->at(179);
    [[maybe_unused]] auto& model_encoder_layer_10_output_LayerNorm_bias = constants_->at(180);
    [[maybe_unused]] auto& model_encoder_layer_11_attention_self_query_weight = constants_->at(181);
    [[maybe_unused]] auto& model_encoder_layer_11_attention_self_query_bias = constants_->at(182);
    [[maybe_unused]] auto& model_encoder_layer_11_attention_self_key_weight = constants_->at(183);
    [[maybe_unused]] auto& model_encoder_layer_11_attention_self_key_bias = constants_->at(184);
    [[maybe_unused]] auto& model_encoder_layer_11_attention_self_value_weight = constants_->at(185);
    [[maybe_unused]] auto& model_encoder_layer_11_attention_self_value_bias = constants_->at(186);
    [[maybe_unused]] auto& model_encoder_layer_11_attention_output_dense_weight = constants_->at(187);
    [[maybe_unused]] auto& model_encoder_layer_11_attention_output_dense_bias = constants_->at(188);
    [[maybe_unused]] auto& model_encoder_layer_11_attention_output_LayerNorm_weight = constants_->at(189);
    [[maybe_unused]] auto& model_encoder_layer_11_attention_output_LayerNorm_bias = constants_->at(190);
    [[maybe_unused]] auto& model_encoder_layer_11_intermediate_dense_weight = constants_->at(191);
    [[maybe_unused]] auto& model_encoder_layer_11_intermediate_dense_bias = constants_->at(192);
    [[maybe_unused]] auto& model_encoder_layer_11_output_dense_weight = constants_->at(193);
    [[maybe_unused]] auto& model_encoder_layer_11_output_dense_bias = constants_->at(194);
    [[maybe_unused]] auto& model_encoder_layer_11_output_LayerNorm_weight = constants_->at(195);
    [[maybe_unused]] auto& model_encoder_layer_11_output_LayerNorm_bias = constants_->at(196);
    [[maybe_unused]] auto& model_embeddings_position_ids = constants_->at(197);
    [[maybe_unused]] auto& model_embeddings_token_type_ids = constants_->at(198);

    if ((reinterpret_cast<std::uintptr_t>(arg199_1.data_ptr()) & (16 -1)) != 0) {
        AOTI_TORCH_WARN("Input 0 was compiled as 16-bytes aligned, but it is not aligned at run time. Copying to an aligned tensor to guarantee correctness, but expect a performance hit.");
        AtenTensorHandle arg199_1_aligned;
        aoti_torch_clone_preserve_strides(arg199_1, &arg199_1_aligned);
        arg199_1 = std::move(RAIIAtenTensorHandle(arg199_1_aligned));
    }
    inputs.clear();
    [[maybe_unused]] auto& kernels = static_cast<AOTInductorModelKernels&>(*this->kernels_.get());

    AOTICudaStreamGuard stream_guard(stream, this->device_idx_);
    static constexpr int64_t int_array_0[] = {32L, 128L, 768L};
    static constexpr int64_t int_array_1[] = {98304L, 768L, 1L};
    AtenTensorHandle buf4_handle;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_empty_strided(3, int_array_0, int_array_1, cached_torch_dtype_bfloat16, cached_torch_device_type_cuda, this->device_idx_, &buf4_handle));
    RAIIAtenTensorHandle buf4(buf4_handle);
    // Topologically Sorted Source Nodes: [embedding, expand, slice_1, gather, expand_1, embedding_1, add, embedding_2, add_1, layer_norm], Original ATen: [aten.embedding, aten.expand, aten.slice, aten.gather, aten.add, aten.native_layer_norm]
    call_triton_per_fused_add_embedding_expand_gather_native_layer_norm_slice_0(arg199_1, model_embeddings_word_embeddings_weight, model_embeddings_position_ids, model_embeddings_token_type_ids, model_embeddings_token_type_embeddings_weight, model_embeddings_position_embeddings_weight, model_embeddings_LayerNorm_weight, model_embeddings_LayerNorm_bias, buf4, 4096L, 768L, this->device_idx_, stream, kernels, this->cubin_dir_);
    arg199_1.reset();
    static constexpr int64_t int_array_2[] = {4096L, 768L};
    static constexpr int64_t int_array_3[] = {768L, 1L};
    AtenTensorHandle buf5_handle;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_empty_strided(2, int_array_2, int_array_3, cached_torch_dtype_bfloat16, cached_torch_device_type_cuda, this->device_idx_, &buf5_handle));
    RAIIAtenTensorHandle buf5(buf5_handle);
    // Topologically Sorted Source Nodes: [linear], Original ATen: [aten.view, aten.t, aten.addmm]
    call_triton_tem_fused_addmm_t_view_1(model_encoder_layer_0_attention_self_query_bias, buf4, model_encoder_layer_0_attention_self_query_weight, buf5, 384L, 1, 1, this->device_idx_, stream, kernels, this->cubin_dir_);
    static constexpr int64_t int_array_4[] = {4096L, 768L};
    static constexpr int64_t int_array_5[] = {768L, 1L};
    AtenTensorHandle buf6_handle;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_empty_strided(2, int_array_4, int_array_5, cached_torch_dtype_bfloat16, cached_torch_device_type_cuda, this->device_idx_, &buf6_handle));
    RAIIAtenTensorHandle buf6(buf6_handle);
    // Topologically Sorted Source Nodes: [linear_1], Original ATen: [aten.view, aten.t, aten.addmm]
    call_triton_tem_fused_addmm_t_view_1(model_encoder_layer_0_attention_self_key_bias, buf4, model_encoder_layer_0_attention_self_key_weight, buf6, 384L, 1, 1, this->device_idx_, stream, kernels, this->cubin_dir_);
    static constexpr int64_t int_array_6[] = {32L, 12L, 128L, 64L};
    static constexpr int64_t int_array_7[] = {98304L, 8192L, 64L, 1L};
    AtenTensorHandle buf7_handle;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_empty_strided(4, int_array_6, int_array_7, cached_torch_dtype_bfloat16, cached_torch_device_type_cuda, this->device_idx_, &buf7_handle));
    RAIIAtenTensorHandle buf7(buf7_handle);
    // Topologically Sorted Source Nodes: [linear, view, transpose, matmul], Original ATen: [aten.view, aten.transpose, aten.clone]
    call_triton_poi_fused_clone_transpose_view_2(buf5, buf7, 3145728L, this->device_idx_, stream, kernels, this->cubin_dir_);
    static constexpr int64_t int_array_8[] = {32L, 12L, 64L, 128L};
    static constexpr int64_t int_array_9[] = {98304L, 8192L, 128L, 1L};
    auto buf8 = wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf5, 4, int_array_8, int_array_9, 0L)); buf5.reset();  // reuse
    // Topologically Sorted Source Nodes: [linear_1, view_1, transpose_1, transpose_3, matmul], Original ATen: [aten.view, aten.transpose, aten.clone]
    call_triton_poi_fused_clone_transpose_view_3(buf6, buf8, 24576L, 128L, this->device_idx_, stream, kernels, this->cubin_dir_);
    buf6.reset();
    static constexpr int64_t int_array_10[] = {384L, 128L, 128L};
    static constexpr int64_t int_array_11[] = {16384L, 128L, 1L};
    AtenTensorHandle buf9_handle;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_empty_strided(3, int_array_10, int_array_11, cached_torch_dtype_bfloat16, cached_torch_device_type_cuda, this->device_idx_, &buf9_handle));
    RAIIAtenTensorHandle buf9(buf9_handle);
    // Topologically Sorted Source Nodes: [linear, view, transpose, matmul, linear_1, view_1, transpose_1, transpose_3], Original ATen: [aten.view, aten.transpose, aten.clone, aten._unsafe_view, aten.bmm]
    call_triton_tem_fused__unsafe_view_bmm_clone_transpose_view_4(buf7, buf8, buf9, 1L, 384L, 1, this->device_idx_, stream, kernels, this->cubin_dir_);
    static constexpr int64_t int_array_12[] = {32L, 12L, 128L, 128L};
    static constexpr int64_t int_array_13[] = {196608L, 16384L, 128L, 1L};
    auto buf13 = wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf9, 4, int_array_12, int_array_13, 0L)); buf9.reset();  // reuse
    // Topologically Sorted Source Nodes: [matmul, mul, arange_2, add_2, unsqueeze_6, unsqueeze_7, unsqueeze_8, ge, expand_2, lift_fresh_copy, where, add_4, softmax], Original ATen: [aten.view, aten.mul, aten.arange, aten.add, aten.unsqueeze, aten.ge, aten.expand, aten.lift_fresh_copy, aten.scalar_tensor, aten.where, aten._softmax]
    call_triton_per_fused__softmax_add_arange_expand_ge_lift_fresh_copy_mul_scalar_tensor_unsqueeze_view_where_5(buf13, 49152L, 128L, this->device_idx_, stream, kernels, this->cubin_dir_);
    static constexpr int64_t int_array_14[] = {4096L, 768L};
    static constexpr int64_t int_array_15[] = {768L, 1L};
    auto buf12 = wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf8, 2, int_array_14, int_array_15, 0L)); buf8.reset();  // reuse
    // Topologically Sorted Source Nodes: [linear_2], Original ATen: [aten.view, aten.t, aten.addmm]
    call_triton_tem_fused_addmm_t_view_1(model_encoder_layer_0_attention_self_value_bias, buf4, model_encoder_layer_0_attention_self_value_weight, buf12, 384L, 1, 1, this->device_idx_, stream, kernels, this->cubin_dir_);
    auto buf14 = std::move(buf7);  // reuse
    // Topologically Sorted Source Nodes: [linear_2, view_2, transpose_2, matmul_1], Original ATen: [aten.view, aten.transpose, aten.clone]
    call_triton_poi_fused_clone_transpose_view_2(buf12, buf14, 3145728L, this->device_idx_, stream, kernels, this->cubin_dir_);
    static constexpr int64_t int_array_16[] = {384L, 128L, 64L};
    static constexpr int64_t int_array_17[] = {8192L, 64L, 1L};
    auto buf15 = wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf12, 3, int_array_16, int_array_17, 0L)); buf12.reset();  // reuse
    // Topologically Sorted Source Nodes: [matmul, mul, arange_2, add_2, unsqueeze_6, unsqueeze_7, unsqueeze_8, ge, expand_2, lift_fresh_copy, where, add_4, softmax, matmul_1, linear_2, view_2, transpose_2], Original ATen: [aten.view, aten.mul, aten.arange, aten.add, aten.unsqueeze, aten.ge, aten.expand, aten.lift_fresh_copy, aten.scalar_tensor, aten.where, aten._softmax, aten.transpose, aten.clone, aten._unsafe_view, aten.bmm]
    call_triton_tem_fused__softmax__unsafe_view_add_arange_bmm_clone_expand_ge_lift_fresh_copy_mul_scalar_tensor_transpose_unsqueeze_view_where_6(buf13, buf14, buf15, 1L, 384L, 1, this->device_idx_, stream, kernels, this->cubin_dir_);
    buf13.reset();
    static constexpr int64_t int_array_18[] = {32L, 128L, 12L, 64L};
    static constexpr int64_t int_array_19[] = {98304L, 768L, 64L, 1L};
    auto buf16 = wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf14, 4, int_array_18, int_array_19, 0L)); buf14.reset();  // reuse
    // Topologically Sorted Source Nodes: [matmul_1, transpose_4, contiguous], Original ATen: [aten.view, aten.transpose, aten.clone]
    call_triton_poi_fused_clone_transpose_view_7(buf15, buf16, 3145728L, this->device_idx_, stream, kernels, this->cubin_dir_);
    static constexpr int64_t int_array_20[] = {4096L, 768L};
    static constexpr int64_t int_array_21[] = {768L, 1L};
    auto buf17 = wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf15, 2, int_array_20, int_array_21, 0L)); buf15.reset();  // reuse
    // Topologically Sorted Source Nodes: [matmul_1, transpose_4, contiguous, reshape, linear_3], Original ATen: [aten.view, aten.transpose, aten.clone, aten.t, aten.addmm]
    call_triton_tem_fused_addmm_t_view_1(model_encoder_layer_0_attention_output_dense_bias, buf16, model_encoder_layer_0_attention_output_dense_weight, buf17, 384L, 1, 1, this->device_idx_, stream, kernels, this->cubin_dir_);
    buf16.reset();
    static constexpr int64_t int_array_22[] = {32L, 128L, 768L};
    static constexpr int64_t int_array_23[] = {98304L, 768L, 1L};
    auto buf21 = wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf17, 3, int_array_22, int_array_23, 0L)); buf17.reset();  // reuse
    // Topologically Sorted Source Nodes: [linear_3, add_5, layer_norm_1], Original ATen: [aten.view, aten.add, aten.native_layer_norm]
    call_triton_per_fused_add_native_layer_norm_view_8(buf21, buf4, model_encoder_layer_0_attention_output_LayerNorm_weight, model_encoder_layer_0_attention_output_LayerNorm_bias, 4096L, 768L, this->device_idx_, stream, kernels, this->cubin_dir_);
    buf4.reset();
    static constexpr int64_t int_array_24[] = {4096L, 3072L};
    static constexpr int64_t int_array_25[] = {3072L, 1L};
    AtenTensorHandle buf22_handle;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_empty_strided(2, int_array_24, int_array_25, cached_torch_dtype_bfloat16, cached_torch_device_type_cuda, this->device_idx_, &buf22_handle));
    RAIIAtenTensorHandle buf22(buf22_handle);
    // Topologically Sorted Source Nodes: [linear_4], Original ATen: [aten.view, aten.t, aten.addmm]
    call_triton_tem_fused_addmm_t_view_9(model_encoder_layer_0_intermediate_dense_bias, buf21, model_encoder_layer_0_intermediate_dense_weight, buf22, 768L, 1, 1, this->device_idx_, stream, kernels, this->cubin_dir_);
    static constexpr int64_t int_array_26[] = {32L, 128L, 3072L};
    static constexpr int64_t int_array_27[] = {393216L, 3072L, 1L};
    auto buf23 = wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf22, 3, int_array_26, int_array_27, 0L)); buf22.reset();  // reuse
    // Topologically Sorted Source Nodes: [linear_4, gelu], Original ATen: [aten.view, aten.gelu]
    call_triton_poi_fused_gelu_view_10(buf23, 12582912L, this->device_idx_, stream, kernels, this->cubin_dir_);
    static constexpr int64_t int_array_28[] = {4096L, 768L};
    static constexpr int64_t int_array_29[] = {768L, 1L};
    AtenTensorHandle buf24_handle;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_empty_strided(2, int_array_28, int_array_29, cached_torch_dtype_bfloat16, cached_torch_device_type_cuda, this->device_idx_, &buf24_handle));
    RAIIAtenTensorHandle buf24(buf24_handle);
    // Topologically Sorted Source Nodes: [linear_4, gelu, linear_5], Original ATen: [aten.view, aten.gelu, aten.t, aten.addmm]
    call_triton_tem_fused_addmm_gelu_t_view_11(model_encoder_layer_0_output_dense_bias, buf23, model_encoder_layer_0_output_dense_weight, buf24, 384L, 1, 1, this->device_idx_, stream, kernels, this->cubin_dir_);
    buf23.reset();
    static constexpr int64_t int_array_30[] = {32L, 128L, 768L};
    static constexpr int64_t int_array_31[] = {98304L, 768L, 1L};
    auto buf28 = wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf24, 3, int_array_30, int_array_31, 0L)); buf24.reset();  // reuse
    // Topologically Sorted Source Nodes: [linear_5, add_6, layer_norm_2], Original ATen: [aten.view, aten.add, aten.native_layer_norm]
    call_triton_per_fused_add_native_layer_norm_view_8(buf28, buf21, model_encoder_layer_0_output_LayerNorm_weight, model_encoder_layer_0_output_LayerNorm_bias, 4096L, 768L, this->device_idx_, stream, kernels, this->cubin_dir_);
    static constexpr int64_t int_array_32[] = {4096L, 768L};
    static constexpr int64_t int_array_33[] = {768L, 1L};
    auto buf29 = wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf21, 2, int_array_32, int_array_33, 0L)); buf21.reset();  // reuse
    // Topologically Sorted Source Nodes: [linear_6], Original ATen: [aten.view, aten.t, aten.addmm]
    call_triton_tem_fused_addmm_t_view_1(model_encoder_layer_1_attention_self_query_bias, buf28, model_encoder_layer_1_attention_self_query_weight, buf29, 384L, 1, 1, this->device_idx_, stream, kernels, this->cubin_dir_);
    static constexpr int64_t int_array_34[] = {4096L, 768L};
    static constexpr int64_t int_array_35[] = {768L, 1L};
    AtenTensorHandle buf30_handle;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_empty_strided(2, int_array_34, int_array_35, cached_torch_dtype_bfloat16, cached_torch_device_type_cuda, this->device_idx_, &buf30_handle));
    RAIIAtenTensorHandle buf30(buf30_handle);
    // Topologically Sorted Source Nodes: [linear_7], Original ATen: [aten.view, aten.t, aten.addmm]
    call_triton_tem_fused_addmm_t_view_1(model_encoder_layer_1_attention_self_key_bias, buf28, model_encoder_layer_1_attention_self_key_weight, buf30, 384L, 1, 1, this->device_idx_, stream, kernels, this->cubin_dir_);
    static constexpr int64_t int_array_36[] = {32L, 12L, 128L, 64L};
    static constexpr int64_t int_array_37[] = {98304L, 8192L, 64L, 1L};
    AtenTensorHandle buf31_handle;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_empty_strided(4, int_array_36, int_array_37, cached_torch_dtype_bfloat16, cached_torch_device_type_cuda, this->device_idx_, &buf31_handle));
    RAIIAtenTensorHandle buf31(buf31_handle);
    // Topologically Sorted Source Nodes: [linear_6, view_3, transpose_5, matmul_2], Original ATen: [aten.view, aten.transpose, aten.clone]
    call_triton_poi_fused_clone_transpose_view_2(buf29, buf31, 3145728L, this->device_idx_, stream, kernels, this->cubin_dir_);
    static constexpr int64_t int_array_38[] = {32L, 12L, 64L, 128L};
    static constexpr int64_t int_array_39[] = {98304L, 8192L, 128L, 1L};
    auto buf32 = wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf29, 4, int_array_38, int_array_39, 0L)); buf29.reset();  // reuse
    // Topologically Sorted Source Nodes: [linear_7, view_4, transpose_6, transpose_8, matmul_2], Original ATen: [aten.view, aten.transpose, aten.clone]
    call_triton_poi_fused_clone_transpose_view_3(buf30, buf32, 24576L, 128L, this->device_idx_, stream, kernels, this->cubin_dir_);
    buf30.reset();
    static constexpr int64_t int_array_40[] = {384L, 128L, 128L};
    static constexpr int64_t int_array_41[] = {16384L, 128L, 1L};
    AtenTensorHandle buf33_handle;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_empty_strided(3, int_array_40, int_array_41, cached_torch_dtype_bfloat16, cached_torch_device_type_cuda, this->device_idx_, &buf33_handle));
    RAIIAtenTensorHandle buf33(buf33_handle);
    // Topologically Sorted Source Nodes: [linear_6, view_3, transpose_5, matmul_2, linear_7, view_4, transpose_6, transpose_8], Original ATen: [aten.view, aten.transpose, aten.clone, aten._unsafe_view, aten.bmm]
    call_triton_tem_fused__unsafe_view_bmm_clone_transpose_view_4(buf31, buf32, buf33, 1L, 384L, 1, this->device_idx_, stream, kernels, this->cubin_dir_);
    static constexpr int64_t int_array_42[] = {32L, 12L, 128L, 128L};
    static constexpr int64_t int_array_43[] = {196608L, 16384L, 128L, 1L};
    auto buf37 = wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf33, 4, int_array_42, int_array_43, 0L)); buf33.reset();  // reuse
    // Topologically Sorted Source Nodes: [arange_2, add_2, unsqueeze_6, unsqueeze_7, unsqueeze_8, ge, expand_2, lift_fresh_copy, where, matmul_2, mul_1, add_7, softmax_1], Original ATen: [aten.arange, aten.add, aten.unsqueeze, aten.ge, aten.expand, aten.lift_fresh_copy, aten.scalar_tensor, aten.where, aten.view, aten.mul, aten._softmax]
    call_triton_per_fused__softmax_add_arange_expand_ge_lift_fresh_copy_mul_scalar_tensor_unsqueeze_view_where_5(buf37, 49152L, 128L, this->device_idx_, stream, kernels, this->cubin_dir_);
    static constexpr int64_t int_array_44[] = {4096L, 768L};
    static constexpr int64_t int_array_45[] = {768L, 1L};
    auto buf36 = wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf32, 2, int_array_44, int_array_45, 0L)); buf32.reset();  // reuse
    // Topologically Sorted Source Nodes: [linear_8], Original ATen: [aten.view, aten.t, aten.addmm]
    call_triton_tem_fused_addmm_t_view_1(model_encoder_layer_1_attention_self_value_bias, buf28, model_encoder_layer_1_attention_self_value_weight, buf36, 384L, 1, 1, this->device_idx_, stream, kernels, this->cubin_dir_);
    auto buf38 = std::move(buf31);  // reuse
    // Topologically Sorted Source Nodes: [linear_8, view_5, transpose_7, matmul_3], Original ATen: [aten.view, aten.transpose, aten.clone]
    call_triton_poi_fused_clone_transpose_view_2(buf36, buf38, 3145728L, this->device_idx_, stream, kernels, this->cubin_dir_);
    static constexpr int64_t int_array_46[] = {384L, 128L, 64L};
    static constexpr int64_t int_array_47[] = {8192L, 64L, 1L};
    auto buf39 = wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf36, 3, int_array_46, int_array_47, 0L)); buf36.reset();  // reuse
    // Topologically Sorted Source Nodes: [arange_2, add_2, unsqueeze_6, unsqueeze_7, unsqueeze_8, ge, expand_2, lift_fresh_copy, where, matmul_2, mul_1, add_7, softmax_1, matmul_3, linear_8, view_5, transpose_7], Original ATen: [aten.arange, aten.add, aten.unsqueeze, aten.ge, aten.expand, aten.lift_fresh_copy, aten.scalar_tensor, aten.where, aten.view, aten.mul, aten._softmax, aten.transpose, aten.clone, aten._unsafe_view, aten.bmm]
    call_triton_tem_fused__softmax__unsafe_view_add_arange_bmm_clone_expand_ge_lift_fresh_copy_mul_scalar_tensor_transpose_unsqueeze_view_where_6(buf37, buf38, buf39, 1L, 384L, 1, this->device_idx_, stream, kernels, this->cubin_dir_);
    buf37.reset();
    static constexpr int64_t int_array_48[] = {32L, 128L, 12L, 64L};
    static constexpr int64_t int_array_49[] = {98304L, 768L, 64L, 1L};
    auto buf40 = wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf38, 4, int_array_48, int_array_49, 0L)); buf38.reset();  // reuse
    // Topologically Sorted Source Nodes: [matmul_3, transpose_9, contiguous_1], Original ATen: [aten.view, aten.transpose, aten.clone]
    call_triton_poi_fused_clone_transpose_view_7(buf39, buf40, 3145728L, this->device_idx_, stream, kernels, this->cubin_dir_);
    static constexpr int64_t int_array_50[] = {4096L, 768L};
    static constexpr int64_t int_array_51[] = {768L, 1L};
    auto buf41 = wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf39, 2, int_array_50, int_array_51, 0L)); buf39.reset();  // reuse
    // Topologically Sorted Source Nodes: [matmul_3, transpose_9, contiguous_1, reshape_1, linear_9], Original ATen: [aten.view, aten.transpose, aten.clone, aten.t, aten.addmm]
    call_triton_tem_fused_addmm_t_view_1(model_encoder_layer_1_attention_output_dense_bias, buf40, model_encoder_layer_1_attention_output_dense_weight, buf41, 384L, 1, 1, this->device_idx_, stream, kernels, this->cubin_dir_);
    buf40.reset();
    static constexpr int64_t int_array_52[] = {32L, 128L, 768L};
    static constexpr int64_t int_array_53[] = {98304L, 768L, 1L};
    auto buf45 = wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf41, 3, int_array_52, int_array_53, 0L)); buf41.reset();  // reuse
    // Topologically Sorted Source Nodes: [linear_9, add_8, layer_norm_3], Original ATen: [aten.view, aten.add, aten.native_layer_norm]
    call_triton_per_fused_add_native_layer_norm_view_8(buf45, buf28, model_encoder_layer_1_attention_output_LayerNorm_weight, model_encoder_layer_1_attention_output_LayerNorm_bias, 4096L, 768L, this->device_idx_, stream, kernels, this->cubin_dir_);
    buf28.reset();
    static constexpr int64_t int_array_54[] = {4096L, 3072L};
    static constexpr int64_t int_array_55[] = {3072L, 1L};
    AtenTensorHandle buf46_handle;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_empty_strided(2, int_array_54, int_array_55, cached_torch_dtype_bfloat16, cached_torch_device_type_cuda, this->device_idx_, &buf46_handle));
    RAIIAtenTensorHandle buf46(buf46_handle);
    // Topologically Sorted Source Nodes: [linear_10], Original ATen: [aten.view, aten.t, aten.addmm]
    call_triton_tem_fused_addmm_t_view_12(model_encoder_layer_1_intermediate_dense_bias, buf45, model_encoder_layer_1_intermediate_dense_weight, buf46, 768L, 1, 1, this->device_idx_, stream, kernels, this->cubin_dir_);
    static constexpr int64_t int_array_56[] = {32L, 128L, 3072L};
    static constexpr int64_t int_array_57[] = {393216L, 3072L, 1L};
    auto buf47 = wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf46, 3, int_array_56, int_array_57, 0L)); buf46.reset();  // reuse
    // Topologically Sorted Source Nodes: [linear_10, gelu_1], Original ATen: [aten.view, aten.gelu]
    call_triton_poi_fused_gelu_view_10(buf47, 12582912L, this->device_idx_, stream, kernels, this->cubin_dir_);
    static constexpr int64_t int_array_58[] = {4096L, 768L};
    static constexpr int64_t int_array_59[] = {768L, 1L};
    AtenTensorHandle buf48_handle;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_empty_strided(2, int_array_58, int_array_59, cached_torch_dtype_bfloat16, cached_torch_device_type_cuda, this->device_idx_, &buf48_handle));
    RAIIAtenTensorHandle buf48(buf48_handle);
    // Topologically Sorted Source Nodes: [linear_10, gelu_1, linear_11], Original ATen: [aten.view, aten.gelu, aten.t, aten.addmm]
    call_triton_tem_fused_addmm_gelu_t_view_11(model_encoder_layer_1_output_dense_bias, buf47, model_encoder_layer_1_output_dense_weight, buf48, 384L, 1, 1, this->device_idx_, stream, kernels, this->cubin_dir_);
    buf47.reset();
    static constexpr int64_t int_array_60[] = {32L, 128L, 768L};
    static constexpr int64_t int_array_61[] = {98304L, 768L, 1L};
    auto buf52 = wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf48, 3, int_array_60, int_array_61, 0L)); buf48.reset();  // reuse
    // Topologically Sorted Source Nodes: [linear_11, add_9, layer_norm_4], Original ATen: [aten.view, aten.add, aten.native_layer_norm]
    call_triton_per_fused_add_native_layer_norm_view_8(buf52, buf45, model_encoder_layer_1_output_LayerNorm_weight, model_encoder_layer_1_output_LayerNorm_bias, 4096L, 768L, this->device_idx_, stream, kernels, this->cubin_dir_);
    auto buf53 = wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf45, 2, int_array_58, int_array_59, 0L)); buf45.reset();  // reuse
    // Topologically Sorted Source Nodes: [linear_12], Original ATen: [aten.view, aten.t, aten.addmm]
    call_triton_tem_fused_addmm_t_view_1(model_encoder_layer_2_attention_self_query_bias, buf52, model_encoder_layer_2_attention_self_query_weight, buf53, 384L, 1, 1, this->device_idx_, stream, kernels, this->cubin_dir_);
    static constexpr int64_t int_array_62[] = {4096L, 768L};
    static constexpr int64_t int_array_63[] = {768L, 1L};
    AtenTensorHandle buf54_handle;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_empty_strided(2, int_array_62, int_array_63, cached_torch_dtype_bfloat16, cached_torch_device_type_cuda, this->device_idx_, &buf54_handle));
    RAIIAtenTensorHandle buf54(buf54_handle);
    // Topologically Sorted Source Nodes: [linear_13], Original ATen: [aten.view, aten.t, aten.addmm]
    call_triton_tem_fused_addmm_t_view_1(model_encoder_layer_2_attention_self_key_bias, buf52, model_encoder_layer_2_attention_self_key_weight, buf54, 384L, 1, 1, this->device_idx_, stream, kernels, this->cubin_dir_);
    static constexpr int64_t int_array_64[] = {32L, 12L, 128L, 64L};
    static constexpr int64_t int_array_65[] = {98304L, 8192L, 64L, 1L};
    AtenTensorHandle buf55_handle;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_empty_strided(4, int_array_64, int_array_65, cached_torch_dtype_bfloat16, cached_torch_device_type_cuda, this->device_idx_, &buf55_handle));
    RAIIAtenTensorHandle buf55(buf55_handle);
    // Topologically Sorted Source Nodes: [linear_12, view_6, transpose_10, matmul_4], Original ATen: [aten.view, aten.transpose, aten.clone]
    call_triton_poi_fused_clone_transpose_view_2(buf53, buf55, 3145728L, this->device_idx_, stream, kernels, this->cubin_dir_);
    static constexpr int64_t int_array_66[] = {32L, 12L, 64L, 128L};
    static constexpr int64_t int_array_67[] = {98304L, 8192L, 128L, 1L};
    auto buf56 = wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf53, 4, int_array_66, int_array_67, 0L)); buf53.reset();  // reuse
    // Topologically Sorted Source Nodes: [linear_13, view_7, transpose_11, transpose_13, matmul_4], Original ATen: [aten.view, aten.transpose, aten.clone]
    call_triton_poi_fused_clone_transpose_view_3(buf54, buf56, 24576L, 128L, this->device_idx_, stream, kernels, this->cubin_dir_);
    buf54.reset();
    static constexpr int64_t int_array_68[] = {384L, 128L, 128L};
    static constexpr int64_t int_array_69[] = {16384L, 128L, 1L};
    AtenTensorHandle buf57_handle;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_empty_strided(3, int_array_68, int_array_69, cached_torch_dtype_bfloat16, cached_torch_device_type_cuda, this->device_idx_, &buf57_handle));
    RAIIAtenTensorHandle buf57(buf57_handle);
    // Topologically Sorted Source Nodes: [linear_12, view_6, transpose_10, matmul_4, linear_13, view_7, transpose_11, transpose_13], Original ATen: [aten.view, aten.transpose, aten.clone, aten._unsafe_view, aten.bmm]
    call_triton_tem_fused__unsafe_view_bmm_clone_transpose_view_4(buf55, buf56, buf57, 1L, 384L, 1, this->device_idx_, stream, kernels, this->cubin_dir_);
    static constexpr int64_t int_array_70[] = {32L, 12L, 128L, 128L};
    static constexpr int64_t int_array_71[] = {196608L, 16384L, 128L, 1L};
    auto buf61 = wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf57, 4, int_array_70, int_array_71, 0L)); buf57.reset();  // reuse
    // Topologically Sorted Source Nodes: [arange_2, add_2, unsqueeze_6, unsqueeze_7, unsqueeze_8, ge, expand_2, lift_fresh_copy, where, matmul_4, mul_2, add_10, softmax_2], Original ATen: [aten.arange, aten.add, aten.unsqueeze, aten.ge, aten.expand, aten.lift_fresh_copy, aten.scalar_tensor, aten.where, aten.view, aten.mul, aten._softmax]
    call_triton_per_fused__softmax_add_arange_expand_ge_lift_fresh_copy_mul_scalar_tensor_unsqueeze_view_where_5(buf61, 49152L, 128L, this->device_idx_, stream, kernels, this->cubin_dir_);
    static constexpr int64_t int_array_72[] = {4096L, 768L};
    static constexpr int64_t int_array_73[] = {768L, 1L};
    auto buf60 = wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf56, 2, int_array_72, int_array_73, 0L)); buf56.reset();  // reuse
    // Topologically Sorted Source Nodes: [linear_14], Original ATen: [aten.view, aten.t, aten.addmm]
    call_triton_tem_fused_addmm_t_view_1(model_encoder_layer_2_attention_self_value_bias, buf52, model_encoder_layer_2_attention_self_value_weight, buf60, 384L, 1, 1, this->device_idx_, stream, kernels, this->cubin_dir_);
    auto buf62 = std::move(buf55);  // reuse
    // Topologically Sorted Source Nodes: [linear_14, view_8, transpose_12, matmul_5], Original ATen: [aten.view, aten.transpose, aten.clone]
    call_triton_poi_fused_clone_transpose_view_2(buf60, buf62, 3145728L, this->device_idx_, stream, kernels, this->cubin_dir_);
    static constexpr int64_t int_array_74[] = {384L, 128L, 64L};
    static constexpr int64_t int_array_75[] = {8192L, 64L, 1L};
    auto buf63 = wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf60, 3, int_array_74, int_array_75, 0L)); buf60.reset();  // reuse
    // Topologically Sorted Source Nodes: [arange_2, add_2, unsqueeze_6, unsqueeze_7, unsqueeze_8, ge, expand_2, lift_fresh_copy, where, matmul_4, mul_2, add_10, softmax_2, matmul_5, linear_14, view_8, transpose_12], Original ATen: [aten.arange, aten.add, aten.unsqueeze, aten.ge, aten.expand, aten.lift_fresh_copy, aten.scalar_tensor, aten.where, aten.view, aten.mul, aten._softmax, aten.transpose, aten.clone, aten._unsafe_view, aten.bmm]
    call_triton_tem_fused__softmax__unsafe_view_add_arange_bmm_clone_expand_ge_lift_fresh_copy_mul_scalar_tensor_transpose_unsqueeze_view_where_6(buf61, buf62, buf63, 1L, 384L, 1, this->device_idx_, stream, kernels, this->cubin_dir_);
    buf61.reset();
    static constexpr int64_t int_array_76[] = {32L, 128L, 12L, 64L};
    static constexpr int64_t int_array_77[] = {98304L, 768L, 64L, 1L};
    auto buf64 = wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf62, 4, int_array_76, int_array_77, 0L)); buf62.reset();  // reuse
    // Topologically Sorted Source Nodes: [matmul_5, transpose_14, contiguous_2], Original ATen: [aten.view, aten.transpose, aten.clone]
    call_triton_poi_fused_clone_transpose_view_7(buf63, buf64, 3145728L, this->device_idx_, stream, kernels, this->cubin_dir_);
    static constexpr int64_t int_array_78[] = {4096L, 768L};
    static constexpr int64_t int_array_79[] = {768L, 1L};
    auto buf65 = wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf63, 2, int_array_78, int_array_79, 0L)); buf63.reset();  // reuse
    // Topologically Sorted Source Nodes: [matmul_5, transpose_14, contiguous_2, reshape_2, linear_15], Original ATen: [aten.view, aten.transpose, aten.clone, aten.t, aten.addmm]
    call_triton_tem_fused_addmm_t_view_1(model_encoder_layer_2_attention_output_dense_bias, buf64, model_encoder_layer_2_attention_output_dense_weight, buf65, 384L, 1, 1, this->device_idx_, stream, kernels, this->cubin_dir_);
    buf64.reset();
    static constexpr int64_t int_array_80[] = {32L, 128L, 768L};
    static constexpr int64_t int_array_81[] = {98304L, 768L, 1L};
    auto buf69 = wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf65, 3, int_array_80, int_array_81, 0L)); buf65.reset();  // reuse
    // Topologically Sorted Source Nodes: [linear_15, add_11, layer_norm_5], Original ATen: [aten.view, aten.add, aten.native_layer_norm]
    call_triton_per_fused_add_native_layer_norm_view_8(buf69, buf52, model_encoder_layer_2_attention_output_LayerNorm_weight, model_encoder_layer_2_attention_output_LayerNorm_bias, 4096L, 768L, this->device_idx_, stream, kernels, this->cubin_dir_);
    buf52.reset();
    static constexpr int64_t int_array_82[] = {4096L, 3072L};
    static constexpr int64_t int_array_83[] = {3072L, 1L};
    AtenTensorHandle buf70_handle;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_empty_strided(2, int_array_82, int_array_83, cached_torch_dtype_bfloat16, cached_torch_device_type_cuda, this->device_idx_, &buf70_handle));
    RAIIAtenTensorHandle buf70(buf70_handle);
    // Topologically Sorted Source Nodes: [linear_16], Original ATen: [aten.view, aten.t, aten.addmm]
    call_triton_tem_fused_addmm_t_view_12(model_encoder_layer_2_intermediate_dense_bias, buf69, model_encoder_layer_2_intermediate_dense_weight, buf70, 768L, 1, 1, this->device_idx_, stream, kernels, this->cubin_dir_);
    static constexpr int64_t int_array_84[] = {32L, 128L, 3072L};
    static constexpr int64_t int_array_85[] = {393216L, 3072L, 1L};
    auto buf71 = wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf70, 3, int_array_84, int_array_85, 0L)); buf70.reset();  // reuse
    // Topologically Sorted Source Nodes: [linear_16, gelu_2], Original ATen: [aten.view, aten.gelu]
    call_triton_poi_fused_gelu_view_10(buf71, 12582912L, this->device_idx_, stream, kernels, this->cubin_dir_);
    static constexpr int64_t int_array_86[] = {4096L, 768L};
    static constexpr int64_t int_array_87[] = {768L, 1L};
    AtenTensorHandle buf72_handle;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_empty_strided(2, int_array_86, int_array_87, cached_torch_dtype_bfloat16, cached_torch_device_type_cuda, this->device_idx_, &buf72_handle));
    RAIIAtenTensorHandle buf72(buf72_handle);
    // Topologically Sorted Source Nodes: [linear_16, gelu_2, linear_17], Original ATen: [aten.view, aten.gelu, aten.t, aten.addmm]
    call_triton_tem_fused_addmm_gelu_t_view_11(model_encoder_layer_2_output_dense_bias, buf71, model_encoder_layer_2_output_dense_weight, buf72, 384L, 1, 1, this->device_idx_, stream, kernels, this->cubin_dir_);
    buf71.reset();
    static constexpr int64_t int_array_88[] = {32L, 128L, 768L};
    static constexpr int64_t int_array_89[] = {98304L, 768L, 1L};
    auto buf76 = wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf72, 3, int_array_88, int_array_89, 0L)); buf72.reset();  // reuse
    // Topologically Sorted Source Nodes: [linear_17, add_12, layer_norm_6], Original ATen: [aten.view, aten.add, aten.native_layer_norm]
    call_triton_per_fused_add_native_layer_norm_view_8(buf76, buf69, model_encoder_layer_2_output_LayerNorm_weight, model_encoder_layer_2_output_LayerNorm_bias, 4096L, 768L, this->device_idx_, stream, kernels, this->cubin_dir_);
    auto buf77 = wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf69, 2, int_array_86, int_array_87, 0L)); buf69.reset();  // reuse
    // Topologically Sorted Source Nodes: [linear_18], Original ATen: [aten.view, aten.t, aten.addmm]
    call_triton_tem_fused_addmm_t_view_1(model_encoder_layer_3_attention_self_query_bias, buf76, model_encoder_layer_3_attention_self_query_weight, buf77, 384L, 1, 1, this->device_idx_, stream, kernels, this->cubin_dir_);
    static constexpr int64_t int_array_90[] = {4096L, 768L};
    static constexpr int64_t int_array_91[] = {768L, 1L};
    AtenTensorHandle buf78_handle;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_empty_strided(2, int_array_90, int_array_91, cached_torch_dtype_bfloat16, cached_torch_device_type_cuda, this->device_idx_, &buf78_handle));
    RAIIAtenTensorHandle buf78(buf78_handle);
    // Topologically Sorted Source Nodes: [linear_19], Original ATen: [aten.view, aten.t, aten.addmm]
    call_triton_tem_fused_addmm_t_view_1(model_encoder_layer_3_attention_self_key_bias, buf76, model_encoder_layer_3_attention_self_key_weight, buf78, 384L, 1, 1, this->device_idx_, stream, kernels, this->cubin_dir_);
    static constexpr int64_t int_array_92[] = {32L, 12L, 128L, 64L};
    static constexpr int64_t int_array_93[] = {98304L, 8192L, 64L, 1L};
    AtenTensorHandle buf79_handle;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_empty_strided(4, int_array_92, int_array_93, cached_torch_dtype_bfloat16, cached_torch_device_type_cuda, this->device_idx_, &buf79_handle));
    RAIIAtenTensorHandle buf79(buf79_handle);
    // Topologically Sorted Source Nodes: [linear_18, view_9, transpose_15, matmul_6], Original ATen: [aten.view, aten.transpose, aten.clone]
    call_triton_poi_fused_clone_transpose_view_2(buf77, buf79, 3145728L, this->device_idx_, stream, kernels, this->cubin_dir_);
    static constexpr int64_t int_array_94[] = {32L, 12L, 64L, 128L};
    static constexpr int64_t int_array_95[] = {98304L, 8192L, 128L, 1L};
    auto buf80 = wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf77, 4, int_array_94, int_array_95, 0L)); buf77.reset();  // reuse
    // Topologically Sorted Source Nodes: [linear_19, view_10, transpose_16, transpose_18, matmul_6], Original ATen: [aten.view, aten.transpose, aten.clone]
    call_triton_poi_fused_clone_transpose_view_3(buf78, buf80, 24576L, 128L, this->device_idx_, stream, kernels, this->cubin_dir_);
    buf78.reset();
    static constexpr int64_t int_array_96[] = {384L, 128L, 128L};
    static constexpr int64_t int_array_97[] = {16384L, 128L, 1L};
    AtenTensorHandle buf81_handle;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_empty_strided(3, int_array_96, int_array_97, cached_torch_dtype_bfloat16, cached_torch_device_type_cuda, this->device_idx_, &buf81_handle));
    RAIIAtenTensorHandle buf81(buf81_handle);
    // Topologically Sorted Source Nodes: [linear_18, view_9, transpose_15, matmul_6, linear_19, view_10, transpose_16, transpose_18], Original ATen: [aten.view, aten.transpose, aten.clone, aten._unsafe_view, aten.bmm]
    call_triton_tem_fused__unsafe_view_bmm_clone_transpose_view_4(buf79, buf80, buf81, 1L, 384L, 1, this->device_idx_, stream, kernels, this->cubin_dir_);
    static constexpr int64_t int_array_98[] = {32L, 12L, 128L, 128L};
    static constexpr int64_t int_array_99[] = {196608L, 16384L, 128L, 1L};
    auto buf85 = wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf81, 4, int_array_98, int_array_99, 0L)); buf81.reset();  // reuse
    // Topologically Sorted Source Nodes: [arange_2, add_2, unsqueeze_6, unsqueeze_7, unsqueeze_8, ge, expand_2, lift_fresh_copy, where, matmul_6, mul_3, add_13, softmax_3], Original ATen: [aten.arange, aten.add, aten.unsqueeze, aten.ge, aten.expand, aten.lift_fresh_copy, aten.scalar_tensor, aten.where, aten.view, aten.mul, aten._softmax]
    call_triton_per_fused__softmax_add_arange_expand_ge_lift_fresh_copy_mul_scalar_tensor_unsqueeze_view_where_5(buf85, 49152L, 128L, this->device_idx_, stream, kernels, this->cubin_dir_);
    static constexpr int64_t int_array_100[] = {4096L, 768L};
    static constexpr int64_t int_array_101[] = {768L, 1L};
    auto buf84 = wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf80, 2, int_array_100, int_array_101, 0L)); buf80.reset();  // reuse
    // Topologically Sorted Source Nodes: [linear_20], Original ATen: [aten.view, aten.t, aten.addmm]
    call_triton_tem_fused_addmm_t_view_1(model_encoder_layer_3_attention_self_value_bias, buf76, model_encoder_layer_3_attention_self_value_weight, buf84, 384L, 1, 1, this->device_idx_, stream, kernels, this->cubin_dir_);
    auto buf86 = std::move(buf79);  // reuse
    // Topologically Sorted Source Nodes: [linear_20, view_11, transpose_17, matmul_7], Original ATen: [aten.view, aten.transpose, aten.clone]
    call_triton_poi_fused_clone_transpose_view_2(buf84, buf86, 3145728L, this->device_idx_, stream, kernels, this->cubin_dir_);
    static constexpr int64_t int_array_102[] = {384L, 128L, 64L};
    static constexpr int64_t int_array_103[] = {8192L, 64L, 1L};
    auto buf87 = wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf84, 3, int_array_102, int_array_103, 0L)); buf84.reset();  // reuse
    // Topologically Sorted Source Nodes: [arange_2, add_2, unsqueeze_6, unsqueeze_7, unsqueeze_8, ge, expand_2, lift_fresh_copy, where, matmul_6, mul_3, add_13, softmax_3, matmul_7, linear_20, view_11, transpose_17], Original ATen: [aten.arange, aten.add, aten.unsqueeze, aten.ge, aten.expand, aten.lift_fresh_copy, aten.scalar_tensor, aten.where, aten.view, aten.mul, aten._softmax, aten.transpose, aten.clone, aten._unsafe_view, aten.bmm]
    call_triton_tem_fused__softmax__unsafe_view_add_arange_bmm_clone_expand_ge_lift_fresh_copy_mul_scalar_tensor_transpose_unsqueeze_view_where_6(buf85, buf86, buf87, 1L, 384L, 1, this->device_idx_, stream, kernels, this->cubin_dir_);
    buf85.reset();
    static constexpr int64_t int_array_104[] = {32L, 128L, 12L, 64L};
    static constexpr int64_t int_array_105[] = {98304L, 768L, 64L, 1L};
    auto buf88 = wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf86, 4, int_array_104, int_array_105, 0L)); buf86.reset();  // reuse
    // Topologically Sorted Source Nodes: [matmul_7, transpose_19, contiguous_3], Original ATen: [aten.view, aten.transpose, aten.clone]
    call_triton_poi_fused_clone_transpose_view_7(buf87, buf88, 3145728L, this->device_idx_, stream, kernels, this->cubin_dir_);
    static constexpr int64_t int_array_106[] = {4096L, 768L};
    static constexpr int64_t int_array_107[] = {768L, 1L};
    auto buf89 = wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf87, 2, int_array_106, int_array_107, 0L)); buf87.reset();  // reuse
    // Topologically Sorted Source Nodes: [matmul_7, transpose_19, contiguous_3, reshape_3, linear_21], Original ATen: [aten.view, aten.transpose, aten.clone, aten.t, aten.addmm]
    call_triton_tem_fused_addmm_t_view_1(model_encoder_layer_3_attention_output_dense_bias, buf88, model_encoder_layer_3_attention_output_dense_weight, buf89, 384L, 1, 1, this->device_idx_, stream, kernels, this->cubin_dir_);
    buf88.reset();
    static constexpr int64_t int_array_108[] = {32L, 128L, 768L};
    static constexpr int64_t int_array_109[] = {98304L, 768L, 1L};
    auto buf93 = wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf89, 3, int_array_108, int_array_109, 0L)); buf89.reset();  // reuse
    // Topologically Sorted Source Nodes: [linear_21, add_14, layer_norm_7], Original ATen: [aten.view, aten.add, aten.native_layer_norm]
    call_triton_per_fused_add_native_layer_norm_view_8(buf93, buf76, model_encoder_layer_3_attention_output_LayerNorm_weight, model_encoder_layer_3_attention_output_LayerNorm_bias, 4096L, 768L, this->device_idx_, stream, kernels, this->cubin_dir_);
    buf76.reset();
    static constexpr int64_t int_array_110[] = {4096L, 3072L};
    static constexpr int64_t int_array_111[] = {3072L, 1L};
    AtenTensorHandle buf94_handle;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_empty_strided(2, int_array_110, int_array_111, cached_torch_dtype_bfloat16, cached_torch_device_type_cuda, this->device_idx_, &buf94_handle));
    RAIIAtenTensorHandle buf94(buf94_handle);
    // Topologically Sorted Source Nodes: [linear_22], Original ATen: [aten.view, aten.t, aten.addmm]
    call_triton_tem_fused_addmm_t_view_12(model_encoder_layer_3_intermediate_dense_bias, buf93, model_encoder_layer_3_intermediate_dense_weight, buf94, 768L, 1, 1, this->device_idx_, stream, kernels, this->cubin_dir_);
    static constexpr int64_t int_array_112[] = {32L, 128L, 3072L};
    static constexpr int64_t int_array_113[] = {393216L, 3072L, 1L};
    auto buf95 = wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf94, 3, int_array_112, int_array_113, 0L)); buf94.reset();  // reuse
    // Topologically Sorted Source Nodes: [linear_22, gelu_3], Original ATen: [aten.view, aten.gelu]
    call_triton_poi_fused_gelu_view_10(buf95, 12582912L, this->device_idx_, stream, kernels, this->cubin_dir_);
    static constexpr int64_t int_array_114[] = {4096L, 768L};
    static constexpr int64_t int_array_115[] = {768L, 1L};
    AtenTensorHandle buf96_handle;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_empty_strided(2, int_array_114, int_array_115, cached_torch_dtype_bfloat16, cached_torch_device_type_cuda, this->device_idx_, &buf96_handle));
    RAIIAtenTensorHandle buf96(buf96_handle);
    // Topologically Sorted Source Nodes: [linear_22, gelu_3, linear_23], Original ATen: [aten.view, aten.gelu, aten.t, aten.addmm]
    call_triton_tem_fused_addmm_gelu_t_view_11(model_encoder_layer_3_output_dense_bias, buf95, model_encoder_layer_3_output_dense_weight, buf96, 384L, 1, 1, this->device_idx_, stream, kernels, this->cubin_dir_);
    buf95.reset();
    static constexpr int64_t int_array_116[] = {32L, 128L, 768L};
    static constexpr int64_t int_array_117[] = {98304L, 768L, 1L};
    auto buf100 = wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf96, 3, int_array_116, int_array_117, 0L)); buf96.reset();  // reuse
    // Topologically Sorted Source Nodes: [linear_23, add_15, layer_norm_8], Original ATen: [aten.view, aten.add, aten.native_layer_norm]
    call_triton_per_fused_add_native_layer_norm_view_8(buf100, buf93, model_encoder_layer_3_output_LayerNorm_weight, model_encoder_layer_3_output_LayerNorm_bias, 4096L, 768L, this->device_idx_, stream, kernels, this->cubin_dir_);
    auto buf101 = wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf93, 2, int_array_114, int_array_115, 0L)); buf93.reset();  // reuse
    // Topologically Sorted Source Nodes: [linear_24], Original ATen: [aten.view, aten.t, aten.addmm]
    call_triton_tem_fused_addmm_t_view_1(model_encoder_layer_4_attention_self_query_bias, buf100, model_encoder_layer_4_attention_self_query_weight, buf101, 384L, 1, 1, this->device_idx_, stream, kernels, this->cubin_dir_);
    static constexpr int64_t int_array_118[] = {4096L, 768L};
    static constexpr int64_t int_array_119[] = {768L, 1L};
    AtenTensorHandle buf102_handle;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_empty_strided(2, int_array_118, int_array_119, cached_torch_dtype_bfloat16, cached_torch_device_type_cuda, this->device_idx_, &buf102_handle));
    RAIIAtenTensorHandle buf102(buf102_handle);
    // Topologically Sorted Source Nodes: [linear_25], Original ATen: [aten.view, aten.t, aten.addmm]
    call_triton_tem_fused_addmm_t_view_1(model_encoder_layer_4_attention_self_key_bias, buf100, model_encoder_layer_4_attention_self_key_weight, buf102, 384L, 1, 1, this->device_idx_, stream, kernels, this->cubin_dir_);
    static constexpr int64_t int_array_120[] = {32L, 12L, 128L, 64L};
    static constexpr int64_t int_array_121[] = {98304L, 8192L, 64L, 1L};
    AtenTensorHandle buf103_handle;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_empty_strided(4, int_array_120, int_array_121, cached_torch_dtype_bfloat16, cached_torch_device_type_cuda, this->device_idx_, &buf103_handle));
    RAIIAtenTensorHandle buf103(buf103_handle);
    // Topologically Sorted Source Nodes: [linear_24, view_12, transpose_20, matmul_8], Original ATen: [aten.view, aten.transpose, aten.clone]
    call_triton_poi_fused_clone_transpose_view_2(buf101, buf103, 3145728L, this->device_idx_, stream, kernels, this->cubin_dir_);
    static constexpr int64_t int_array_122[] = {32L, 12L, 64L, 128L};
    static constexpr int64_t int_array_123[] = {98304L, 8192L, 128L, 1L};
    auto buf104 = wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf101, 4, int_array_122, int_array_123, 0L)); buf101.reset();  // reuse
    // Topologically Sorted Source Nodes: [linear_25, view_13, transpose_21, transpose_23, matmul_8], Original ATen: [aten.view, aten.transpose, aten.clone]
    call_triton_poi_fused_clone_transpose_view_3(buf102, buf104, 24576L, 128L, this->device_idx_, stream, kernels, this->cubin_dir_);
    buf102.reset();
    static constexpr int64_t int_array_124[] = {384L, 128L, 128L};
    static constexpr int64_t int_array_125[] = {16384L, 128L, 1L};
    AtenTensorHandle buf105_handle;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_empty_strided(3, int_array_124, int_array_125, cached_torch_dtype_bfloat16, cached_torch_device_type_cuda, this->device_idx_, &buf105_handle));
    RAIIAtenTensorHandle buf105(buf105_handle);
    // Topologically Sorted Source Nodes: [linear_24, view_12, transpose_20, matmul_8, linear_25, view_13, transpose_21, transpose_23], Original ATen: [aten.view, aten.transpose, aten.clone, aten._unsafe_view, aten.bmm]
    call_triton_tem_fused__unsafe_view_bmm_clone_transpose_view_4(buf103, buf104, buf105, 1L, 384L, 1, this->device_idx_, stream, kernels, this->cubin_dir_);
    static constexpr int64_t int_array_126[] = {32L, 12L, 128L, 128L};
    static constexpr int64_t int_array_127[] = {196608L, 16384L, 128L, 1L};
    auto buf109 = wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf105, 4, int_array_126, int_array_127, 0L)); buf105.reset();  // reuse
    // Topologically Sorted Source Nodes: [arange_2, add_2, unsqueeze_6, unsqueeze_7, unsqueeze_8, ge, expand_2, lift_fresh_copy, where, matmul_8, mul_4, add_16, softmax_4], Original ATen: [aten.arange, aten.add, aten.unsqueeze, aten.ge, aten.expand, aten.lift_fresh_copy, aten.scalar_tensor, aten.where, aten.view, aten.mul, aten._softmax]
    call_triton_per_fused__softmax_add_arange_expand_ge_lift_fresh_copy_mul_scalar_tensor_unsqueeze_view_where_5(buf109, 49152L, 128L, this->device_idx_, stream, kernels, this->cubin_dir_);
    static constexpr int64_t int_array_128[] = {4096L, 768L};
    static constexpr int64_t int_array_129[] = {768L, 1L};
    auto buf108 = wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf104, 2, int_array_128, int_array_129, 0L)); buf104.reset();  // reuse
    // Topologically Sorted Source Nodes: [linear_26], Original ATen: [aten.view, aten.t, aten.addmm]
    call_triton_tem_fused_addmm_t_view_1(model_encoder_layer_4_attention_self_value_bias, buf100, model_encoder_layer_4_attention_self_value_weight, buf108, 384L, 1, 1, this->device_idx_, stream, kernels, this->cubin_dir_);
    auto buf110 = std::move(buf103);  // reuse
    // Topologically Sorted Source Nodes: [linear_26, view_14, transpose_22, matmul_9], Original ATen: [aten.view, aten.transpose, aten.clone]
    call_triton_poi_fused_clone_transpose_view_2(buf108, buf110, 3145728L, this->device_idx_, stream, kernels, this->cubin_dir_);
    static constexpr int64_t int_array_130[] = {384L, 128L, 64L};
    static constexpr int64_t int_array_131[] = {8192L, 64L, 1L};
    auto buf111 = wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf108, 3, int_array_130, int_array_131, 0L)); buf108.reset();  // reuse
    // Topologically Sorted Source Nodes: [arange_2, add_2, unsqueeze_6, unsqueeze_7, unsqueeze_8, ge, expand_2, lift_fresh_copy, where, matmul_8, mul_4, add_16, softmax_4, matmul_9, linear_26, view_14, transpose_22], Original ATen: [aten.arange, aten.add, aten.unsqueeze, aten.ge, aten.expand, aten.lift_fresh_copy, aten.scalar_tensor, aten.where, aten.view, aten.mul, aten._softmax, aten.transpose, aten.clone, aten._unsafe_view, aten.bmm]
    call_triton_tem_fused__softmax__unsafe_view_add_arange_bmm_clone_expand_ge_lift_fresh_copy_mul_scalar_tensor_transpose_unsqueeze_view_where_6(buf109, buf110, buf111, 1L, 384L, 1, this->device_idx_, stream, kernels, this->cubin_dir_);
    buf109.reset();
    static constexpr int64_t int_array_132[] = {32L, 128L, 12L, 64L};
    static constexpr int64_t int_array_133[] = {98304L, 768L, 64L, 1L};
    auto buf112 = wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf110, 4, int_array_132, int_array_133, 0L)); buf110.reset();  // reuse
    // Topologically Sorted Source Nodes: [matmul_9, transpose_24, contiguous_4], Original ATen: [aten.view, aten.transpose, aten.clone]
    call_triton_poi_fused_clone_transpose_view_7(buf111, buf112, 3145728L, this->device_idx_, stream, kernels, this->cubin_dir_);
    static constexpr int64_t int_array_134[] = {4096L, 768L};
    static constexpr int64_t int_array_135[] = {768L, 1L};
    auto buf113 = wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf111, 2, int_array_134, int_array_135, 0L)); buf111.reset();  // reuse
    // Topologically Sorted Source Nodes: [matmul_9, transpose_24, contiguous_4, reshape_4, linear_27], Original ATen: [aten.view, aten.transpose, aten.clone, aten.t, aten.addmm]
    call_triton_tem_fused_addmm_t_view_1(model_encoder_layer_4_attention_output_dense_bias, buf112, model_encoder_layer_4_attention_output_dense_weight, buf113, 384L, 1, 1, this->device_idx_, stream, kernels, this->cubin_dir_);
    buf112.reset();
    static constexpr int64_t int_array_136[] = {32L, 128L, 768L};
    static constexpr int64_t int_array_137[] = {98304L, 768L, 1L};
    auto buf117 = wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf113, 3, int_array_136, int_array_137, 0L)); buf113.reset();  // reuse
    // Topologically Sorted Source Nodes: [linear_27, add_17, layer_norm_9], Original ATen: [aten.view, aten.add, aten.native_layer_norm]
    call_triton_per_fused_add_native_layer_norm_view_8(buf117, buf100, model_encoder_layer_4_attention_output_LayerNorm_weight, model_encoder_layer_4_attention_output_LayerNorm_bias, 4096L, 768L, this->device_idx_, stream, kernels, this->cubin_dir_);
    buf100.reset();
    static constexpr int64_t int_array_138[] = {4096L, 3072L};
    static constexpr int64_t int_array_139[] = {3072L, 1L};
    AtenTensorHandle buf118_handle;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_empty_strided(2, int_array_138, int_array_139, cached_torch_dtype_bfloat16, cached_torch_device_type_cuda, this->device_idx_, &buf118_handle));
    RAIIAtenTensorHandle buf118(buf118_handle);
    // Topologically Sorted Source Nodes: [linear_28], Original ATen: [aten.view, aten.t, aten.addmm]
    call_triton_tem_fused_addmm_t_view_12(model_encoder_layer_4_intermediate_dense_bias, buf117, model_encoder_layer_4_intermediate_dense_weight, buf118, 768L, 1, 1, this->device_idx_, stream, kernels, this->cubin_dir_);
    static constexpr int64_t int_array_140[] = {32L, 128L, 3072L};
    static constexpr int64_t int_array_141[] = {393216L, 3072L, 1L};
    auto buf119 = wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf118, 3, int_array_140, int_array_141, 0L)); buf118.reset();  // reuse
    // Topologically Sorted Source Nodes: [linear_28, gelu_4], Original ATen: [aten.view, aten.gelu]
    call_triton_poi_fused_gelu_view_10(buf119, 12582912L, this->device_idx_, stream, kernels, this->cubin_dir_);
    AtenTensorHandle buf120_handle;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_empty_strided(2, int_array_134, int_array_135, cached_torch_dtype_bfloat16, cached_torch_device_type_cuda, this->device_idx_, &buf120_handle));
    RAIIAtenTensorHandle buf120(buf120_handle);
    // Topologically Sorted Source Nodes: [linear_28, gelu_4, linear_29], Original ATen: [aten.view, aten.gelu, aten.t, aten.addmm]
    call_triton_tem_fused_addmm_gelu_t_view_11(model_encoder_layer_4_output_dense_bias, buf119, model_encoder_layer_4_output_dense_weight, buf120, 384L, 1, 1, this->device_idx_, stream, kernels, this->cubin_dir_);
    buf119.reset();
    static constexpr int64_t int_array_142[] = {32L, 128L, 768L};
    static constexpr int64_t int_array_143[] = {98304L, 768L, 1L};
    auto buf124 = wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf120, 3, int_array_142, int_array_143, 0L)); buf120.reset();  // reuse
    // Topologically Sorted Source Nodes: [linear_29, add_18, layer_norm_10], Original ATen: [aten.view, aten.add, aten.native_layer_norm]
    call_triton_per_fused_add_native_layer_norm_view_8(buf124, buf117, model_encoder_layer_4_output_LayerNorm_weight, model_encoder_layer_4_output_LayerNorm_bias, 4096L, 768L, this->device_idx_, stream, kernels, this->cubin_dir_);
    static constexpr int64_t int_array_144[] = {4096L, 768L};
    static constexpr int64_t int_array_145[] = {768L, 1L};
    auto buf125 = wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf117, 2, int_array_144, int_array_145, 0L)); buf117.reset();  // reuse
    // Topologically Sorted Source Nodes: [linear_30], Original ATen: [aten.view, aten.t, aten.addmm]
    call_triton_tem_fused_addmm_t_view_1(model_encoder_layer_5_attention_self_query_bias, buf124, model_encoder_layer_5_attention_self_query_weight, buf125, 384L, 1, 1, this->device_idx_, stream, kernels, this->cubin_dir_);
    static constexpr int64_t int_array_146[] = {4096L, 768L};
    static constexpr int64_t int_array_147[] = {768L, 1L};
    AtenTensorHandle buf126_handle;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_empty_strided(2, int_array_146, int_array_147, cached_torch_dtype_bfloat16, cached_torch_device_type_cuda, this->device_idx_, &buf126_handle));
    RAIIAtenTensorHandle buf126(buf126_handle);
    // Topologically Sorted Source Nodes: [linear_31], Original ATen: [aten.view, aten.t, aten.addmm]
    call_triton_tem_fused_addmm_t_view_1(model_encoder_layer_5_attention_self_key_bias, buf124, model_encoder_layer_5_attention_self_key_weight, buf126, 384L, 1, 1, this->device_idx_, stream, kernels, this->cubin_dir_);
    static constexpr int64_t int_array_148[] = {32L, 12L, 128L, 64L};
    static constexpr int64_t int_array_149[] = {98304L, 8192L, 64L, 1L};
    AtenTensorHandle buf127_handle;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_empty_strided(4, int_array_148, int_array_149, cached_torch_dtype_bfloat16, cached_torch_device_type_cuda, this->device_idx_, &buf127_handle));
    RAIIAtenTensorHandle buf127(buf127_handle);
    // Topologically Sorted Source Nodes: [linear_30, view_15, transpose_25, matmul_10], Original ATen: [aten.view, aten.transpose, aten.clone]
    call_triton_poi_fused_clone_transpose_view_2(buf125, buf127, 3145728L, this->device_idx_, stream, kernels, this->cubin_dir_);
    static constexpr int64_t int_array_150[] = {32L, 12L, 64L, 128L};
    static constexpr int64_t int_array_151[] = {98304L, 8192L, 128L, 1L};
    auto buf128 = wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf125, 4, int_array_150, int_array_151, 0L)); buf125.reset();  // reuse
    // Topologically Sorted Source Nodes: [linear_31, view_16, transpose_26, transpose_28, matmul_10], Original ATen: [aten.view, aten.transpose, aten.clone]
    call_triton_poi_fused_clone_transpose_view_3(buf126, buf128, 24576L, 128L, this->device_idx_, stream, kernels, this->cubin_dir_);
    buf126.reset();
    static constexpr int64_t int_array_152[] = {384L, 128L, 128L};
    static constexpr int64_t int_array_153[] = {16384L, 128L, 1L};
    AtenTensorHandle buf129_handle;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_empty_strided(3, int_array_152, int_array_153, cached_torch_dtype_bfloat16, cached_torch_device_type_cuda, this->device_idx_, &buf129_handle));
    RAIIAtenTensorHandle buf129(buf129_handle);
    // Topologically Sorted Source Nodes: [linear_30, view_15, transpose_25, matmul_10, linear_31, view_16, transpose_26, transpose_28], Original ATen: [aten.view, aten.transpose, aten.clone, aten._unsafe_view, aten.bmm]
    call_triton_tem_fused__unsafe_view_bmm_clone_transpose_view_4(buf127, buf128, buf129, 1L, 384L, 1, this->device_idx_, stream, kernels, this->cubin_dir_);
    static constexpr int64_t int_array_154[] = {32L, 12L, 128L, 128L};
    static constexpr int64_t int_array_155[] = {196608L, 16384L, 128L, 1L};
    auto buf133 = wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf129, 4, int_array_154, int_array_155, 0L)); buf129.reset();  // reuse
    // Topologically Sorted Source Nodes: [arange_2, add_2, unsqueeze_6, unsqueeze_7, unsqueeze_8, ge, expand_2, lift_fresh_copy, where, matmul_10, mul_5, add_19, softmax_5], Original ATen: [aten.arange, aten.add, aten.unsqueeze, aten.ge, aten.expand, aten.lift_fresh_copy, aten.scalar_tensor, aten.where, aten.view, aten.mul, aten._softmax]
    call_triton_per_fused__softmax_add_arange_expand_ge_lift_fresh_copy_mul_scalar_tensor_unsqueeze_view_where_5(buf133, 49152L, 128L, this->device_idx_, stream, kernels, this->cubin_dir_);
    auto buf132 = wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf128, 2, int_array_144, int_array_145, 0L)); buf128.reset();  // reuse
    // Topologically Sorted Source Nodes: [linear_32], Original ATen: [aten.view, aten.t, aten.addmm]
    call_triton_tem_fused_addmm_t_view_1(model_encoder_layer_5_attention_self_value_bias, buf124, model_encoder_layer_5_attention_self_value_weight, buf132, 384L, 1, 1, this->device_idx_, stream, kernels, this->cubin_dir_);
    auto buf134 = std::move(buf127);  // reuse
    // Topologically Sorted Source Nodes: [linear_32, view_17, transpose_27, matmul_11], Original ATen: [aten.view, aten.transpose, aten.clone]
    call_triton_poi_fused_clone_transpose_view_2(buf132, buf134, 3145728L, this->device_idx_, stream, kernels, this->cubin_dir_);
    static constexpr int64_t int_array_156[] = {384L, 128L, 64L};
    static constexpr int64_t int_array_157[] = {8192L, 64L, 1L};
    auto buf135 = wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf132, 3, int_array_156, int_array_157, 0L)); buf132.reset();  // reuse
    // Topologically Sorted Source Nodes: [arange_2, add_2, unsqueeze_6, unsqueeze_7, unsqueeze_8, ge, expand_2, lift_fresh_copy, where, matmul_10, mul_5, add_19, softmax_5, matmul_11, linear_32, view_17, transpose_27], Original ATen: [aten.arange, aten.add, aten.unsqueeze, aten.ge, aten.expand, aten.lift_fresh_copy, aten.scalar_tensor, aten.where, aten.view, aten.mul, aten._softmax, aten.transpose, aten.clone, aten._unsafe_view, aten.bmm]
    call_triton_tem_fused__softmax__unsafe_view_add_arange_bmm_clone_expand_ge_lift_fresh_copy_mul_scalar_tensor_transpose_unsqueeze_view_where_6(buf133, buf134, buf135, 1L, 384L, 1, this->device_idx_, stream, kernels, this->cubin_dir_);
    buf133.reset();
    static constexpr int64_t int_array_158[] = {32L, 128L, 12L, 64L};
    static constexpr int64_t int_array_159[] = {98304L, 768L, 64L, 1L};
    auto buf136 = wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf134, 4, int_array_158, int_array_159, 0L)); buf134.reset();  // reuse
    // Topologically Sorted Source Nodes: [matmul_11, transpose_29, contiguous_5], Original ATen: [aten.view, aten.transpose, aten.clone]
    call_triton_poi_fused_clone_transpose_view_7(buf135, buf136, 3145728L, this->device_idx_, stream, kernels, this->cubin_dir_);
    auto buf137 = wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf135, 2, int_array_144, int_array_145, 0L)); buf135.reset();  // reuse
    // Topologically Sorted Source Nodes: [matmul_11, transpose_29, contiguous_5, reshape_5, linear_33], Original ATen: [aten.view, aten.transpose, aten.clone, aten.t, aten.addmm]
    call_triton_tem_fused_addmm_t_view_1(model_encoder_layer_5_attention_output_dense_bias, buf136, model_encoder_layer_5_attention_output_dense_weight, buf137, 384L, 1, 1, this->device_idx_, stream, kernels, this->cubin_dir_);
    buf136.reset();
    auto buf141 = wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf137, 3, int_array_142, int_array_143, 0L)); buf137.reset();  // reuse
    // Topologically Sorted Source Nodes: [linear_33, add_20, layer_norm_11], Original ATen: [aten.view, aten.add, aten.native_layer_norm]
    call_triton_per_fused_add_native_layer_norm_view_8(buf141, buf124, model_encoder_layer_5_attention_output_LayerNorm_weight, model_encoder_layer_5_attention_output_LayerNorm_bias, 4096L, 768L, this->device_idx_, stream, kernels, this->cubin_dir_);
    buf124.reset();
    static constexpr int64_t int_array_160[] = {4096L, 3072L};
    static constexpr int64_t int_array_161[] = {3072L, 1L};
    AtenTensorHandle buf142_handle;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_empty_strided(2, int_array_160, int_array_161, cached_torch_dtype_bfloat16, cached_torch_device_type_cuda, this->device_idx_, &buf142_handle));
    RAIIAtenTensorHandle buf142(buf142_handle);
    // Topologically Sorted Source Nodes: [linear_34], Original ATen: [aten.view, aten.t, aten.addmm]
    call_triton_tem_fused_addmm_t_view_12(model_encoder_layer_5_intermediate_dense_bias, buf141, model_encoder_layer_5_intermediate_dense_weight, buf142, 768L, 1, 1, this->device_idx_, stream, kernels, this->cubin_dir_);
    static constexpr int64_t int_array_162[] = {32L, 128L, 3072L};
    static constexpr int64_t int_array_163[] = {393216L, 3072L, 1L};
    auto buf143 = wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf142, 3, int_array_162, int_array_163, 0L)); buf142.reset();  // reuse
    // Topologically Sorted Source Nodes: [linear_34, gelu_5], Original ATen: [aten.view, aten.gelu]
    call_triton_poi_fused_gelu_view_10(buf143, 12582912L, this->device_idx_, stream, kernels, this->cubin_dir_);
    static constexpr int64_t int_array_164[] = {4096L, 768L};
    static constexpr int64_t int_array_165[] = {768L, 1L};
    AtenTensorHandle buf144_handle;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_empty_strided(2, int_array_164, int_array_165, cached_torch_dtype_bfloat16, cached_torch_device_type_cuda, this->device_idx_, &buf144_handle));
    RAIIAtenTensorHandle buf144(buf144_handle);
    // Topologically Sorted Source Nodes: [linear_34, gelu_5, linear_35], Original ATen: [aten.view, aten.gelu, aten.t, aten.addmm]
    call_triton_tem_fused_addmm_gelu_t_view_11(model_encoder_layer_5_output_dense_bias, buf143, model_encoder_layer_5_output_dense_weight, buf144, 384L, 1, 1, this->device_idx_, stream, kernels, this->cubin_dir_);
    buf143.reset();
    static constexpr int64_t int_array_166[] = {32L, 128L, 768L};
    static constexpr int64_t int_array_167[] = {98304L, 768L, 1L};
    auto buf148 = wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf144, 3, int_array_166, int_array_167, 0L)); buf144.reset();  // reuse
    // Topologically Sorted Source Nodes: [linear_35, add_21, layer_norm_12], Original ATen: [aten.view, aten.add, aten.native_layer_norm]
    call_triton_per_fused_add_native_layer_norm_view_8(buf148, buf141, model_encoder_layer_5_output_LayerNorm_weight, model_encoder_layer_5_output_LayerNorm_bias, 4096L, 768L, this->device_idx_, stream, kernels, this->cubin_dir_);
    auto buf149 = wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf141, 2, int_array_164, int_array_165, 0L)); buf141.reset();  // reuse
    // Topologically Sorted Source Nodes: [linear_36], Original ATen: [aten.view, aten.t, aten.addmm]
    call_triton_tem_fused_addmm_t_view_1(model_encoder_layer_6_attention_self_query_bias, buf148, model_encoder_layer_6_attention_self_query_weight, buf149, 384L, 1, 1, this->device_idx_, stream, kernels, this->cubin_dir_);
    static constexpr int64_t int_array_168[] = {4096L, 768L};
    static constexpr int64_t int_array_169[] = {768L, 1L};
    AtenTensorHandle buf150_handle;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_empty_strided(2, int_array_168, int_array_169, cached_torch_dtype_bfloat16, cached_torch_device_type_cuda, this->device_idx_, &buf150_handle));
    RAIIAtenTensorHandle buf150(buf150_handle);
    // Topologically Sorted Source Nodes: [linear_37], Original ATen: [aten.view, aten.t, aten.addmm]
    call_triton_tem_fused_addmm_t_view_1(model_encoder_layer_6_attention_self_key_bias, buf148, model_encoder_layer_6_attention_self_key_weight, buf150, 384L, 1, 1, this->device_idx_, stream, kernels, this->cubin_dir_);
    static constexpr int64_t int_array_170[] = {32L, 12L, 128L, 64L};
    static constexpr int64_t int_array_171[] = {98304L, 8192L, 64L, 1L};
    AtenTensorHandle buf151_handle;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_empty_strided(4, int_array_170, int_array_171, cached_torch_dtype_bfloat16, cached_torch_device_type_cuda, this->device_idx_, &buf151_handle));
    RAIIAtenTensorHandle buf151(buf151_handle);
    // Topologically Sorted Source Nodes: [linear_36, view_18, transpose_30, matmul_12], Original ATen: [aten.view, aten.transpose, aten.clone]
    call_triton_poi_fused_clone_transpose_view_2(buf149, buf151, 3145728L, this->device_idx_, stream, kernels, this->cubin_dir_);
    static constexpr int64_t int_array_172[] = {32L, 12L, 64L, 128L};
    static constexpr int64_t int_array_173[] = {98304L, 8192L, 128L, 1L};
    auto buf152 = wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf149, 4, int_array_172, int_array_173, 0L)); buf149.reset();  // reuse
    // Topologically Sorted Source Nodes: [linear_37, view_19, transpose_31, transpose_33, matmul_12], Original ATen: [aten.view, aten.transpose, aten.clone]
    call_triton_poi_fused_clone_transpose_view_3(buf150, buf152, 24576L, 128L, this->device_idx_, stream, kernels, this->cubin_dir_);
    buf150.reset();
    static constexpr int64_t int_array_174[] = {384L, 128L, 128L};
    static constexpr int64_t int_array_175[] = {16384L, 128L, 1L};
    AtenTensorHandle buf153_handle;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_empty_strided(3, int_array_174, int_array_175, cached_torch_dtype_bfloat16, cached_torch_device_type_cuda, this->device_idx_, &buf153_handle));
    RAIIAtenTensorHandle buf153(buf153_handle);
    // Topologically Sorted Source Nodes: [linear_36, view_18, transpose_30, matmul_12, linear_37, view_19, transpose_31, transpose_33], Original ATen: [aten.view, aten.transpose, aten.clone, aten._unsafe_view, aten.bmm]
    call_triton_tem_fused__unsafe_view_bmm_clone_transpose_view_4(buf151, buf152, buf153, 1L, 384L, 1, this->device_idx_, stream, kernels, this->cubin_dir_);
    static constexpr int64_t int_array_176[] = {32L, 12L, 128L, 128L};
    static constexpr int64_t int_array_177[] = {196608L, 16384L, 128L, 1L};
    auto buf157 = wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf153, 4, int_array_176, int_array_177, 0L)); buf153.reset();  // reuse
    // Topologically Sorted Source Nodes: [arange_2, add_2, unsqueeze_6, unsqueeze_7, unsqueeze_8, ge, expand_2, lift_fresh_copy, where, matmul_12, mul_6, add_22, softmax_6], Original ATen: [aten.arange, aten.add, aten.unsqueeze, aten.ge, aten.expand, aten.lift_fresh_copy, aten.scalar_tensor, aten.where, aten.view, aten.mul, aten._softmax]
    call_triton_per_fused__softmax_add_arange_expand_ge_lift_fresh_copy_mul_scalar_tensor_unsqueeze_view_where_5(buf157, 49152L, 128L, this->device_idx_, stream, kernels, this->cubin_dir_);
    auto buf156 = wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf152, 2, int_array_86, int_array_87, 0L)); buf152.reset();  // reuse
    // Topologically Sorted Source Nodes: [linear_38], Original ATen: [aten.view, aten.t, aten.addmm]
    call_triton_tem_fused_addmm_t_view_1(model_encoder_layer_6_attention_self_value_bias, buf148, model_encoder_layer_6_attention_self_value_weight, buf156, 384L, 1, 1, this->device_idx_, stream, kernels, this->cubin_dir_);
    auto buf158 = std::move(buf151);  // reuse
    // Topologically Sorted Source Nodes: [linear_38, view_20, transpose_32, matmul_13], Original ATen: [aten.view, aten.transpose, aten.clone]
    call_triton_poi_fused_clone_transpose_view_2(buf156, buf158, 3145728L, this->device_idx_, stream, kernels, this->cubin_dir_);
    static constexpr int64_t int_array_178[] = {384L, 128L, 64L};
    static constexpr int64_t int_array_179[] = {8192L, 64L, 1L};
    auto buf159 = wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf156, 3, int_array_178, int_array_179, 0L)); buf156.reset();  // reuse
    // Topologically Sorted Source Nodes: [arange_2, add_2, unsqueeze_6, unsqueeze_7, unsqueeze_8, ge, expand_2, lift_fresh_copy, where, matmul_12, mul_6, add_22, softmax_6, matmul_13, linear_38, view_20, transpose_32], Original ATen: [aten.arange, aten.add, aten.unsqueeze, aten.ge, aten.expand, aten.lift_fresh_copy, aten.scalar_tensor, aten.where, aten.view, aten.mul, aten._softmax, aten.transpose, aten.clone, aten._unsafe_view, aten.bmm]
    call_triton_tem_fused__softmax__unsafe_view_add_arange_bmm_clone_expand_ge_lift_fresh_copy_mul_scalar_tensor_transpose_unsqueeze_view_where_6(buf157, buf158, buf159, 1L, 384L, 1, this->device_idx_, stream, kernels, this->cubin_dir_);
    buf157.reset();
    static constexpr int64_t int_array_180[] = {32L, 128L, 12L, 64L};
    static constexpr int64_t int_array_181[] = {98304L, 768L, 64L, 1L};
    auto buf160 = wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf158, 4, int_array_180, int_array_181, 0L)); buf158.reset();  // reuse
    // Topologically Sorted Source Nodes: [matmul_13, transpose_34, contiguous_6], Original ATen: [aten.view, aten.transpose, aten.clone]
    call_triton_poi_fused_clone_transpose_view_7(buf159, buf160, 3145728L, this->device_idx_, stream, kernels, this->cubin_dir_);
    static constexpr int64_t int_array_182[] = {4096L, 768L};
    static constexpr int64_t int_array_183[] = {768L, 1L};
    auto buf161 = wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf159, 2, int_array_182, int_array_183, 0L)); buf159.reset();  // reuse
    // Topologically Sorted Source Nodes: [matmul_13, transpose_34, contiguous_6, reshape_6, linear_39], Original ATen: [aten.view, aten.transpose, aten.clone, aten.t, aten.addmm]
    call_triton_tem_fused_addmm_t_view_1(model_encoder_layer_6_attention_output_dense_bias, buf160, model_encoder_layer_6_attention_output_dense_weight, buf161, 384L, 1, 1, this->device_idx_, stream, kernels, this->cubin_dir_);
    buf160.reset();
    static constexpr int64_t int_array_184[] = {32L, 128L, 768L};
    static constexpr int64_t int_array_185[] = {98304L, 768L, 1L};
    auto buf165 = wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf161, 3, int_array_184, int_array_185, 0L)); buf161.reset();  // reuse
    // Topologically Sorted Source Nodes: [linear_39, add_23, layer_norm_13], Original ATen: [aten.view, aten.add, aten.native_layer_norm]
    call_triton_per_fused_add_native_layer_norm_view_8(buf165, buf148, model_encoder_layer_6_attention_output_LayerNorm_weight, model_encoder_layer_6_attention_output_LayerNorm_bias, 4096L, 768L, this->device_idx_, stream, kernels, this->cubin_dir_);
    buf148.reset();
    static constexpr int64_t int_array_186[] = {4096L, 3072L};
    static constexpr int64_t int_array_187[] = {3072L, 1L};
    AtenTensorHandle buf166_handle;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_empty_strided(2, int_array_186, int_array_187, cached_torch_dtype_bfloat16, cached_torch_device_type_cuda, this->device_idx_, &buf166_handle));
    RAIIAtenTensorHandle buf166(buf166_handle);
    // Topologically Sorted Source Nodes: [linear_40], Original ATen: [aten.view, aten.t, aten.addmm]
    call_triton_tem_fused_addmm_t_view_12(model_encoder_layer_6_intermediate_dense_bias, buf165, model_encoder_layer_6_intermediate_dense_weight, buf166, 768L, 1, 1, this->device_idx_, stream, kernels, this->cubin_dir_);
    static constexpr int64_t int_array_188[] = {32L, 128L, 3072L};
    static constexpr int64_t int_array_189[] = {393216L, 3072L, 1L};
    auto buf167 = wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf166, 3, int_array_188, int_array_189, 0L)); buf166.reset();  // reuse
    // Topologically Sorted Source Nodes: [linear_40, gelu_6], Original ATen: [aten.view, aten.gelu]
    call_triton_poi_fused_gelu_view_10(buf167, 12582912L, this->device_idx_, stream, kernels, this->cubin_dir_);
    static constexpr int64_t int_array_190[] = {4096L, 768L};
    static constexpr int64_t int_array_191[] = {768L, 1L};
    AtenTensorHandle buf168_handle;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_empty_strided(2, int_array_190, int_array_191, cached_torch_dtype_bfloat16, cached_torch_device_type_cuda, this->device_idx_, &buf168_handle));
    RAIIAtenTensorHandle buf168(buf168_handle);
    // Topologically Sorted Source Nodes: [linear_40, gelu_6, linear_41], Original ATen: [aten.view, aten.gelu, aten.t, aten.addmm]
    call_triton_tem_fused_addmm_gelu_t_view_11(model_encoder_layer_6_output_dense_bias, buf167, model_encoder_layer_6_output_dense_weight, buf168, 384L, 1, 1, this->device_idx_, stream, kernels, this->cubin_dir_);
    buf167.reset();
    static constexpr int64_t int_array_192[] = {32L, 128L, 768L};
    static constexpr int64_t int_array_193[] = {98304L, 768L, 1L};
    auto buf172 = wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf168, 3, int_array_192, int_array_193, 0L)); buf168.reset();  // reuse
    // Topologically Sorted Source Nodes: [linear_41, add_24, layer_norm_14], Original ATen: [aten.view, aten.add, aten.native_layer_norm]
    call_triton_per_fused_add_native_layer_norm_view_8(buf172, buf165, model_encoder_layer_6_output_LayerNorm_weight, model_encoder_layer_6_output_LayerNorm_bias, 4096L, 768L, this->device_idx_, stream, kernels, this->cubin_dir_);
    auto buf173 = wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf165, 2, int_array_190, int_array_191, 0L)); buf165.reset();  // reuse
    // Topologically Sorted Source Nodes: [linear_42], Original ATen: [aten.view, aten.t, aten.addmm]
    call_triton_tem_fused_addmm_t_view_1(model_encoder_layer_7_attention_self_query_bias, buf172, model_encoder_layer_7_attention_self_query_weight, buf173, 384L, 1, 1, this->device_idx_, stream, kernels, this->cubin_dir_);
    static constexpr int64_t int_array_194[] = {4096L, 768L};
    static constexpr int64_t int_array_195[] = {768L, 1L};
    AtenTensorHandle buf174_handle;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_empty_strided(2, int_array_194, int_array_195, cached_torch_dtype_bfloat16, cached_torch_device_type_cuda, this->device_idx_, &buf174_handle));
    RAIIAtenTensorHandle buf174(buf174_handle);
    // Topologically Sorted Source Nodes: [linear_43], Original ATen: [aten.view, aten.t, aten.addmm]
    call_triton_tem_fused_addmm_t_view_1(model_encoder_layer_7_attention_self_key_bias, buf172, model_encoder_layer_7_attention_self_key_weight, buf174, 384L, 1, 1, this->device_idx_, stream, kernels, this->cubin_dir_);
    static constexpr int64_t int_array_196[] = {32L, 12L, 128L, 64L};
    static constexpr int64_t int_array_197[] = {98304L, 8192L, 64L, 1L};
    AtenTensorHandle buf175_handle;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_empty_strided(4, int_array_196, int_array_197, cached_torch_dtype_bfloat16, cached_torch_device_type_cuda, this->device_idx_, &buf175_handle));
    RAIIAtenTensorHandle buf175(buf175_handle);
    // Topologically Sorted Source Nodes: [linear_42, view_21, transpose_35, matmul_14], Original ATen: [aten.view, aten.transpose, aten.clone]
    call_triton_poi_fused_clone_transpose_view_2(buf173, buf175, 3145728L, this->device_idx_, stream, kernels, this->cubin_dir_);
    static constexpr int64_t int_array_198[] = {32L, 12L, 64L, 128L};
    static constexpr int64_t int_array_199[] = {98304L, 8192L, 128L, 1L};
    auto buf176 = wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf173, 4, int_array_198, int_array_199, 0L)); buf173.reset();  // reuse
    // Topologically Sorted Source Nodes: [linear_43, view_22, transpose_36, transpose_38, matmul_14], Original ATen: [aten.view, aten.transpose, aten.clone]
    call_triton_poi_fused_clone_transpose_view_3(buf174, buf176, 24576L, 128L, this->device_idx_, stream, kernels, this->cubin_dir_);
    buf174.reset();
    static constexpr int64_t int_array_200[] = {384L, 128L, 128L};
    static constexpr int64_t int_array_201[] = {16384L, 128L, 1L};
    AtenTensorHandle buf177_handle;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_empty_strided(3, int_array_200, int_array_201, cached_torch_dtype_bfloat16, cached_torch_device_type_cuda, this->device_idx_, &buf177_handle));
    RAIIAtenTensorHandle buf177(buf177_handle);
    // Topologically Sorted Source Nodes: [linear_42, view_21, transpose_35, matmul_14, linear_43, view_22, transpose_36, transpose_38], Original ATen: [aten.view, aten.transpose, aten.clone, aten._unsafe_view, aten.bmm]
    call_triton_tem_fused__unsafe_view_bmm_clone_transpose_view_4(buf175, buf176, buf177, 1L, 384L, 1, this->device_idx_, stream, kernels, this->cubin_dir_);
    static constexpr int64_t int_array_202[] = {32L, 12L, 128L, 128L};
    static constexpr int64_t int_array_203[] = {196608L, 16384L, 128L, 1L};
    auto buf181 = wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf177, 4, int_array_202, int_array_203, 0L)); buf177.reset();  // reuse
    // Topologically Sorted Source Nodes: [arange_2, add_2, unsqueeze_6, unsqueeze_7, unsqueeze_8, ge, expand_2, lift_fresh_copy, where, matmul_14, mul_7, add_25, softmax_7], Original ATen: [aten.arange, aten.add, aten.unsqueeze, aten.ge, aten.expand, aten.lift_fresh_copy, aten.scalar_tensor, aten.where, aten.view, aten.mul, aten._softmax]
    call_triton_per_fused__softmax_add_arange_expand_ge_lift_fresh_copy_mul_scalar_tensor_unsqueeze_view_where_5(buf181, 49152L, 128L, this->device_idx_, stream, kernels, this->cubin_dir_);
    static constexpr int64_t int_array_204[] = {4096L, 768L};
    static constexpr int64_t int_array_205[] = {768L, 1L};
    auto buf180 = wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf176, 2, int_array_204, int_array_205, 0L)); buf176.reset();  // reuse
    // Topologically Sorted Source Nodes: [linear_44], Original ATen: [aten.view, aten.t, aten.addmm]
    call_triton_tem_fused_addmm_t_view_1(model_encoder_layer_7_attention_self_value_bias, buf172, model_encoder_layer_7_attention_self_value_weight, buf180, 384L, 1, 1, this->device_idx_, stream, kernels, this->cubin_dir_);
    auto buf182 = std::move(buf175);  // reuse
    // Topologically Sorted Source Nodes: [linear_44, view_23, transpose_37, matmul_15], Original ATen: [aten.view, aten.transpose, aten.clone]
    call_triton_poi_fused_clone_transpose_view_2(buf180, buf182, 3145728L, this->device_idx_, stream, kernels, this->cubin_dir_);
    static constexpr int64_t int_array_206[] = {384L, 128L, 64L};
    static constexpr int64_t int_array_207[] = {8192L, 64L, 1L};
    auto buf183 = wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf180, 3, int_array_206, int_array_207, 0L)); buf180.reset();  // reuse
    // Topologically Sorted Source Nodes: [arange_2, add_2, unsqueeze_6, unsqueeze_7, unsqueeze_8, ge, expand_2, lift_fresh_copy, where, matmul_14, mul_7, add_25, softmax_7, matmul_15, linear_44, view_23, transpose_37], Original ATen: [aten.arange, aten.add, aten.unsqueeze, aten.ge, aten.expand, aten.lift_fresh_copy, aten.scalar_tensor, aten.where, aten.view, aten.mul, aten._softmax, aten.transpose, aten.clone, aten._unsafe_view, aten.bmm]
    call_triton_tem_fused__softmax__unsafe_view_add_arange_bmm_clone_expand_ge_lift_fresh_copy_mul_scalar_tensor_transpose_unsqueeze_view_where_6(buf181, buf182, buf183, 1L, 384L, 1, this->device_idx_, stream, kernels, this->cubin_dir_);
    buf181.reset();
    static constexpr int64_t int_array_208[] = {32L, 128L, 12L, 64L};
    static constexpr int64_t int_array_209[] = {98304L, 768L, 64L, 1L};
    auto buf184 = wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf182, 4, int_array_208, int_array_209, 0L)); buf182.reset();  // reuse
    // Topologically Sorted Source Nodes: [matmul_15, transpose_39, contiguous_7], Original ATen: [aten.view, aten.transpose, aten.clone]
    call_triton_poi_fused_clone_transpose_view_7(buf183, buf184, 3145728L, this->device_idx_, stream, kernels, this->cubin_dir_);
    static constexpr int64_t int_array_210[] = {4096L, 768L};
    static constexpr int64_t int_array_211[] = {768L, 1L};
    auto buf185 = wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf183, 2, int_array_210, int_array_211, 0L)); buf183.reset();  // reuse
    // Topologically Sorted Source Nodes: [matmul_15, transpose_39, contiguous_7, reshape_7, linear_45], Original ATen: [aten.view, aten.transpose, aten.clone, aten.t, aten.addmm]
    call_triton_tem_fused_addmm_t_view_1(model_encoder_layer_7_attention_output_dense_bias, buf184, model_encoder_layer_7_attention_output_dense_weight, buf185, 384L, 1, 1, this->device_idx_, stream, kernels, this->cubin_dir_);
    buf184.reset();
    static constexpr int64_t int_array_212[] = {32L, 128L, 768L};
    static constexpr int64_t int_array_213[] = {98304L, 768L, 1L};
    auto buf189 = wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf185, 3, int_array_212, int_array_213, 0L)); buf185.reset();  // reuse
    // Topologically Sorted Source Nodes: [linear_45, add_26, layer_norm_15], Original ATen: [aten.view, aten.add, aten.native_layer_norm]
    call_triton_per_fused_add_native_layer_norm_view_8(buf189, buf172, model_encoder_layer_7_attention_output_LayerNorm_weight, model_encoder_layer_7_attention_output_LayerNorm_bias, 4096L, 768L, this->device_idx_, stream, kernels, this->cubin_dir_);
    buf172.reset();
    static constexpr int64_t int_array_214[] = {4096L, 3072L};
    static constexpr int64_t int_array_215[] = {3072L, 1L};
    AtenTensorHandle buf190_handle;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_empty_strided(2, int_array_214, int_array_215, cached_torch_dtype_bfloat16, cached_torch_device_type_cuda, this->device_idx_, &buf190_handle));
    RAIIAtenTensorHandle buf190(buf190_handle);
    // Topologically Sorted Source Nodes: [linear_46], Original ATen: [aten.view, aten.t, aten.addmm]
    call_triton_tem_fused_addmm_t_view_12(model_encoder_layer_7_intermediate_dense_bias, buf189, model_encoder_layer_7_intermediate_dense_weight, buf190, 768L, 1, 1, this->device_idx_, stream, kernels, this->cubin_dir_);
    static constexpr int64_t int_array_216[] = {32L, 128L, 3072L};
    static constexpr int64_t int_array_217[] = {393216L, 3072L, 1L};
    auto buf191 = wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf190, 3, int_array_216, int_array_217, 0L)); buf190.reset();  // reuse
    // Topologically Sorted Source Nodes: [linear_46, gelu_7], Original ATen: [aten.view, aten.gelu]
    call_triton_poi_fused_gelu_view_10(buf191, 12582912L, this->device_idx_, stream, kernels, this->cubin_dir_);
    static constexpr int64_t int_array_218[] = {4096L, 768L};
    static constexpr int64_t int_array_219[] = {768L, 1L};
    AtenTensorHandle buf192_handle;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_empty_strided(2, int_array_218, int_array_219, cached_torch_dtype_bfloat16, cached_torch_device_type_cuda, this->device_idx_, &buf192_handle));
    RAIIAtenTensorHandle buf192(buf192_handle);
    // Topologically Sorted Source Nodes: [linear_46, gelu_7, linear_47], Original ATen: [aten.view, aten.gelu, aten.t, aten.addmm]
    call_triton_tem_fused_addmm_gelu_t_view_11(model_encoder_layer_7_output_dense_bias, buf191, model_encoder_layer_7_output_dense_weight, buf192, 384L, 1, 1, this->device_idx_, stream, kernels, this->cubin_dir_);
    buf191.reset();
    static constexpr int64_t int_array_220[] = {32L, 128L, 768L};
    static constexpr int64_t int_array_221[] = {98304L, 768L, 1L};
    auto buf196 = wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf192, 3, int_array_220, int_array_221, 0L)); buf192.reset();  // reuse
    // Topologically Sorted Source Nodes: [linear_47, add_27, layer_norm_16], Original ATen: [aten.view, aten.add, aten.native_layer_norm]
    call_triton_per_fused_add_native_layer_norm_view_8(buf196, buf189, model_encoder_layer_7_output_LayerNorm_weight, model_encoder_layer_7_output_LayerNorm_bias, 4096L, 768L, this->device_idx_, stream, kernels, this->cubin_dir_);
    static constexpr int64_t int_array_222[] = {4096L, 768L};
    static constexpr int64_t int_array_223[] = {768L, 1L};
    auto buf197 = wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf189, 2, int_array_222, int_array_223, 0L)); buf189.reset();  // reuse
    // Topologically Sorted Source Nodes: [linear_48], Original ATen: [aten.view, aten.t, aten.addmm]
    call_triton_tem_fused_addmm_t_view_1(model_encoder_layer_8_attention_self_query_bias, buf196, model_encoder_layer_8_attention_self_query_weight, buf197, 384L, 1, 1, this->device_idx_, stream, kernels, this->cubin_dir_);
    static constexpr int64_t int_array_224[] = {4096L, 768L};
    static constexpr int64_t int_array_225[] = {768L, 1L};
    AtenTensorHandle buf198_handle;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_empty_strided(2, int_array_224, int_array_225, cached_torch_dtype_bfloat16, cached_torch_device_type_cuda, this->device_idx_, &buf198_handle));
    RAIIAtenTensorHandle buf198(buf198_handle);
    // Topologically Sorted Source Nodes: [linear_49], Original ATen: [aten.view, aten.t, aten.addmm]
    call_triton_tem_fused_addmm_t_view_1(model_encoder_layer_8_attention_self_key_bias, buf196, model_encoder_layer_8_attention_self_key_weight, buf198, 384L, 1, 1, this->device_idx_, stream, kernels, this->cubin_dir_);
    static constexpr int64_t int_array_226[] = {32L, 12L, 128L, 64L};
    static constexpr int64_t int_array_227[] = {98304L, 8192L, 64L, 1L};
    AtenTensorHandle buf199_handle;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_empty_strided(4, int_array_226, int_array_227, cached_torch_dtype_bfloat16, cached_torch_device_type_cuda, this->device_idx_, &buf199_handle));
    RAIIAtenTensorHandle buf199(buf199_handle);
    // Topologically Sorted Source Nodes: [linear_48, view_24, transpose_40, matmul_16], Original ATen: [aten.view, aten.transpose, aten.clone]
    call_triton_poi_fused_clone_transpose_view_2(buf197, buf199, 3145728L, this->device_idx_, stream, kernels, this->cubin_dir_);
    static constexpr int64_t int_array_228[] = {32L, 12L, 64L, 128L};
    static constexpr int64_t int_array_229[] = {98304L, 8192L, 128L, 1L};
    auto buf200 = wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf197, 4, int_array_228, int_array_229, 0L)); buf197.reset();  // reuse
    // Topologically Sorted Source Nodes: [linear_49, view_25, transpose_41, transpose_43, matmul_16], Original ATen: [aten.view, aten.transpose, aten.clone]
    call_triton_poi_fused_clone_transpose_view_3(buf198, buf200, 24576L, 128L, this->device_idx_, stream, kernels, this->cubin_dir_);
    buf198.reset();
    static constexpr int64_t int_array_230[] = {384L, 128L, 128L};
    static constexpr int64_t int_array_231[] = {16384L, 128L, 1L};
    AtenTensorHandle buf201_handle;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_empty_strided(3, int_array_230, int_array_231, cached_torch_dtype_bfloat16, cached_torch_device_type_cuda, this->device_idx_, &buf201_handle));
    RAIIAtenTensorHandle buf201(buf201_handle);
    // Topologically Sorted Source Nodes: [linear_48, view_24, transpose_40, matmul_16, linear_49, view_25, transpose_41, transpose_43], Original ATen: [aten.view, aten.transpose, aten.clone, aten._unsafe_view, aten.bmm]
    call_triton_tem_fused__unsafe_view_bmm_clone_transpose_view_4(buf199, buf200, buf201, 1L, 384L, 1, this->device_idx_, stream, kernels, this->cubin_dir_);
    static constexpr int64_t int_array_232[] = {32L, 12L, 128L, 128L};
    static constexpr int64_t int_array_233[] = {196608L, 16384L, 128L, 1L};
    auto buf205 = wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf201, 4, int_array_232, int_array_233, 0L)); buf201.reset();  // reuse
    // Topologically Sorted Source Nodes: [arange_2, add_2, unsqueeze_6, unsqueeze_7, unsqueeze_8, ge, expand_2, lift_fresh_copy, where, matmul_16, mul_8, add_28, softmax_8], Original ATen: [aten.arange, aten.add, aten.unsqueeze, aten.ge, aten.expand, aten.lift_fresh_copy, aten.scalar_tensor, aten.where, aten.view, aten.mul, aten._softmax]
    call_triton_per_fused__softmax_add_arange_expand_ge_lift_fresh_copy_mul_scalar_tensor_unsqueeze_view_where_5(buf205, 49152L, 128L, this->device_idx_, stream, kernels, this->cubin_dir_);
    static constexpr int64_t int_array_234[] = {4096L, 768L};
    static constexpr int64_t int_array_235[] = {768L, 1L};
    auto buf204 = wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf200, 2, int_array_234, int_array_235, 0L)); buf200.reset();  // reuse
    // Topologically Sorted Source Nodes: [linear_50], Original ATen: [aten.view, aten.t, aten.addmm]
    call_triton_tem_fused_addmm_t_view_1(model_encoder_layer_8_attention_self_value_bias, buf196, model_encoder_layer_8_attention_self_value_weight, buf204, 384L, 1, 1, this->device_idx_, stream, kernels, this->cubin_dir_);
    auto buf206 = std::move(buf199);  // reuse
    // Topologically Sorted Source Nodes: [linear_50, view_26, transpose_42, matmul_17], Original ATen: [aten.view, aten.transpose, aten.clone]
    call_triton_poi_fused_clone_transpose_view_2(buf204, buf206, 3145728L, this->device_idx_, stream, kernels, this->cubin_dir_);
    static constexpr int64_t int_array_236[] = {384L, 128L, 64L};
    static constexpr int64_t int_array_237[] = {8192L, 64L, 1L};
    auto buf207 = wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf204, 3, int_array_236, int_array_237, 0L)); buf204.reset();  // reuse
    // Topologically Sorted Source Nodes: [arange_2, add_2, unsqueeze_6, unsqueeze_7, unsqueeze_8, ge, expand_2, lift_fresh_copy, where, matmul_16, mul_8, add_28, softmax_8, matmul_17, linear_50, view_26, transpose_42], Original ATen: [aten.arange, aten.add, aten.unsqueeze, aten.ge, aten.expand, aten.lift_fresh_copy, aten.scalar_tensor, aten.where, aten.view, aten.mul, aten._softmax, aten.transpose, aten.clone, aten._unsafe_view, aten.bmm]
    call_triton_tem_fused__softmax__unsafe_view_add_arange_bmm_clone_expand_ge_lift_fresh_copy_mul_scalar_tensor_transpose_unsqueeze_view_where_6(buf205, buf206, buf207, 1L, 384L, 1, this->device_idx_, stream, kernels, this->cubin_dir_);
    buf205.reset();
    static constexpr int64_t int_array_238[] = {32L, 128L, 12L, 64L};
    static constexpr int64_t int_array_239[] = {98304L, 768L, 64L, 1L};
    auto buf208 = wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf206, 4, int_array_238, int_array_239, 0L)); buf206.reset();  // reuse
    // Topologically Sorted Source Nodes: [matmul_17, transpose_44, contiguous_8], Original ATen: [aten.view, aten.transpose, aten.clone]
    call_triton_poi_fused_clone_transpose_view_7(buf207, buf208, 3145728L, this->device_idx_, stream, kernels, this->cubin_dir_);
    static constexpr int64_t int_array_240[] = {4096L, 768L};
    static constexpr int64_t int_array_241[] = {768L, 1L};
    auto buf209 = wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf207, 2, int_array_240, int_array_241, 0L)); buf207.reset();  // reuse
    // Topologically Sorted Source Nodes: [matmul_17, transpose_44, contiguous_8, reshape_8, linear_51], Original ATen: [aten.view, aten.transpose, aten.clone, aten.t, aten.addmm]
    call_triton_tem_fused_addmm_t_view_1(model_encoder_layer_8_attention_output_dense_bias, buf208, model_encoder_layer_8_attention_output_dense_weight, buf209, 384L, 1, 1, this->device_idx_, stream, kernels, this->cubin_dir_);
    buf208.reset();
    static constexpr int64_t int_array_242[] = {32L, 128L, 768L};
    static constexpr int64_t int_array_243[] = {98304L, 768L, 1L};
    auto buf213 = wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf209, 3, int_array_242, int_array_243, 0L)); buf209.reset();  // reuse
    // Topologically Sorted Source Nodes: [linear_51, add_29, layer_norm_17], Original ATen: [aten.view, aten.add, aten.native_layer_norm]
    call_triton_per_fused_add_native_layer_norm_view_8(buf213, buf196, model_encoder_layer_8_attention_output_LayerNorm_weight, model_encoder_layer_8_attention_output_LayerNorm_bias, 4096L, 768L, this->device_idx_, stream, kernels, this->cubin_dir_);
    buf196.reset();
    static constexpr int64_t int_array_244[] = {4096L, 3072L};
    static constexpr int64_t int_array_245[] = {3072L, 1L};
    AtenTensorHandle buf214_handle;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_empty_strided(2, int_array_244, int_array_245, cached_torch_dtype_bfloat16, cached_torch_device_type_cuda, this->device_idx_, &buf214_handle));
    RAIIAtenTensorHandle buf214(buf214_handle);
    // Topologically Sorted Source Nodes: [linear_52], Original ATen: [aten.view, aten.t, aten.addmm]
    call_triton_tem_fused_addmm_t_view_12(model_encoder_layer_8_intermediate_dense_bias, buf213, model_encoder_layer_8_intermediate_dense_weight, buf214, 768L, 1, 1, this->device_idx_, stream, kernels, this->cubin_dir_);
    static constexpr int64_t int_array_246[] = {32L, 128L, 3072L};
    static constexpr int64_t int_array_247[] = {393216L, 3072L, 1L};
    auto buf215 = wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf214, 3, int_array_246, int_array_247, 0L)); buf214.reset();  // reuse
    // Topologically Sorted Source Nodes: [linear_52, gelu_8], Original ATen: [aten.view, aten.gelu]
    call_triton_poi_fused_gelu_view_10(buf215, 12582912L, this->device_idx_, stream, kernels, this->cubin_dir_);
    static constexpr int64_t int_array_248[] = {4096L, 768L};
    static constexpr int64_t int_array_249[] = {768L, 1L};
    AtenTensorHandle buf216_handle;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_empty_strided(2, int_array_248, int_array_249, cached_torch_dtype_bfloat16, cached_torch_device_type_cuda, this->device_idx_, &buf216_handle));
    RAIIAtenTensorHandle buf216(buf216_handle);
    // Topologically Sorted Source Nodes: [linear_52, gelu_8, linear_53], Original ATen: [aten.view, aten.gelu, aten.t, aten.addmm]
    call_triton_tem_fused_addmm_gelu_t_view_11(model_encoder_layer_8_output_dense_bias, buf215, model_encoder_layer_8_output_dense_weight, buf216, 384L, 1, 1, this->device_idx_, stream, kernels, this->cubin_dir_);
    buf215.reset();
    static constexpr int64_t int_array_250[] = {32L, 128L, 768L};
    static constexpr int64_t int_array_251[] = {98304L, 768L, 1L};
    auto buf220 = wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf216, 3, int_array_250, int_array_251, 0L)); buf216.reset();  // reuse
    // Topologically Sorted Source Nodes: [linear_53, add_30, layer_norm_18], Original ATen: [aten.view, aten.add, aten.native_layer_norm]
    call_triton_per_fused_add_native_layer_norm_view_8(buf220, buf213, model_encoder_layer_8_output_LayerNorm_weight, model_encoder_layer_8_output_LayerNorm_bias, 4096L, 768L, this->device_idx_, stream, kernels, this->cubin_dir_);
    auto buf221 = wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf213, 2, int_array_248, int_array_249, 0L)); buf213.reset();  // reuse
    // Topologically Sorted Source Nodes: [linear_54], Original ATen: [aten.view, aten.t, aten.addmm]
    call_triton_tem_fused_addmm_t_view_1(model_encoder_layer_9_attention_self_query_bias, buf220, model_encoder_layer_9_attention_self_query_weight, buf221, 384L, 1, 1, this->device_idx_, stream, kernels, this->cubin_dir_);
    static constexpr int64_t int_array_252[] = {4096L, 768L};
    static constexpr int64_t int_array_253[] = {768L, 1L};
    AtenTensorHandle buf222_handle;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_empty_strided(2, int_array_252, int_array_253, cached_torch_dtype_bfloat16, cached_torch_device_type_cuda, this->device_idx_, &buf222_handle));
    RAIIAtenTensorHandle buf222(buf222_handle);
    // Topologically Sorted Source Nodes: [linear_55], Original ATen: [aten.view, aten.t, aten.addmm]
    call_triton_tem_fused_addmm_t_view_1(model_encoder_layer_9_attention_self_key_bias, buf220, model_encoder_layer_9_attention_self_key_weight, buf222, 384L, 1, 1, this->device_idx_, stream, kernels, this->cubin_dir_);
    static constexpr int64_t int_array_254[] = {32L, 12L, 128L, 64L};
    static constexpr int64_t int_array_255[] = {98304L, 8192L, 64L, 1L};
    AtenTensorHandle buf223_handle;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_empty_strided(4, int_array_254, int_array_255, cached_torch_dtype_bfloat16, cached_torch_device_type_cuda, this->device_idx_, &buf223_handle));
    RAIIAtenTensorHandle buf223(buf223_handle);
    // Topologically Sorted Source Nodes: [linear_54, view_27, transpose_45, matmul_18], Original ATen: [aten.view, aten.transpose, aten.clone]
    call_triton_poi_fused_clone_transpose_view_2(buf221, buf223, 3145728L, this->device_idx_, stream, kernels, this->cubin_dir_);
    static constexpr int64_t int_array_256[] = {32L, 12L, 64L, 128L};
    static constexpr int64_t int_array_257[] = {98304L, 8192L, 128L, 1L};
    auto buf224 = wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf221, 4, int_array_256, int_array_257, 0L)); buf221.reset();  // reuse
    // Topologically Sorted Source Nodes: [linear_55, view_28, transpose_46, transpose_48, matmul_18], Original ATen: [aten.view, aten.transpose, aten.clone]
    call_triton_poi_fused_clone_transpose_view_3(buf222, buf224, 24576L, 128L, this->device_idx_, stream, kernels, this->cubin_dir_);
    buf222.reset();
    static constexpr int64_t int_array_258[] = {384L, 128L, 128L};
    static constexpr int64_t int_array_259[] = {16384L, 128L, 1L};
    AtenTensorHandle buf225_handle;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_empty_strided(3, int_array_258, int_array_259, cached_torch_dtype_bfloat16, cached_torch_device_type_cuda, this->device_idx_, &buf225_handle));
    RAIIAtenTensorHandle buf225(buf225_handle);
    // Topologically Sorted Source Nodes: [linear_54, view_27, transpose_45, matmul_18, linear_55, view_28, transpose_46, transpose_48], Original ATen: [aten.view, aten.transpose, aten.clone, aten._unsafe_view, aten.bmm]
    call_triton_tem_fused__unsafe_view_bmm_clone_transpose_view_4(buf223, buf224, buf225, 1L, 384L, 1, this->device_idx_, stream, kernels, this->cubin_dir_);
    static constexpr int64_t int_array_260[] = {32L, 12L, 128L, 128L};
    static constexpr int64_t int_array_261[] = {196608L, 16384L, 128L, 1L};
    auto buf229 = wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf225, 4, int_array_260, int_array_261, 0L)); buf225.reset();  // reuse
    // Topologically Sorted Source Nodes: [arange_2, add_2, unsqueeze_6, unsqueeze_7, unsqueeze_8, ge, expand_2, lift_fresh_copy, where, matmul_18, mul_9, add_31, softmax_9], Original ATen: [aten.arange, aten.add, aten.unsqueeze, aten.ge, aten.expand, aten.lift_fresh_copy, aten.scalar_tensor, aten.where, aten.view, aten.mul, aten._softmax]
    call_triton_per_fused__softmax_add_arange_expand_ge_lift_fresh_copy_mul_scalar_tensor_unsqueeze_view_where_5(buf229, 49152L, 128L, this->device_idx_, stream, kernels, this->cubin_dir_);
    static constexpr int64_t int_array_262[] = {4096L, 768L};
    static constexpr int64_t int_array_263[] = {768L, 1L};
    auto buf228 = wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf224, 2, int_array_262, int_array_263, 0L)); buf224.reset();  // reuse
    // Topologically Sorted Source Nodes: [linear_56], Original ATen: [aten.view, aten.t, aten.addmm]
    call_triton_tem_fused_addmm_t_view_1(model_encoder_layer_9_attention_self_value_bias, buf220, model_encoder_layer_9_attention_self_value_weight, buf228, 384L, 1, 1, this->device_idx_, stream, kernels, this->cubin_dir_);
    auto buf230 = std::move(buf223);  // reuse
    // Topologically Sorted Source Nodes: [linear_56, view_29, transpose_47, matmul_19], Original ATen: [aten.view, aten.transpose, aten.clone]
    call_triton_poi_fused_clone_transpose_view_2(buf228, buf230, 3145728L, this->device_idx_, stream, kernels, this->cubin_dir_);
    static constexpr int64_t int_array_264[] = {384L, 128L, 64L};
    static constexpr int64_t int_array_265[] = {8192L, 64L, 1L};
    auto buf231 = wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf228, 3, int_array_264, int_array_265, 0L)); buf228.reset();  // reuse
    // Topologically Sorted Source Nodes: [arange_2, add_2, unsqueeze_6, unsqueeze_7, unsqueeze_8, ge, expand_2, lift_fresh_copy, where, matmul_18, mul_9, add_31, softmax_9, matmul_19, linear_56, view_29, transpose_47], Original ATen: [aten.arange, aten.add, aten.unsqueeze, aten.ge, aten.expand, aten.lift_fresh_copy, aten.scalar_tensor, aten.where, aten.view, aten.mul, aten._softmax, aten.transpose, aten.clone, aten._unsafe_view, aten.bmm]
    call_triton_tem_fused__softmax__unsafe_view_add_arange_bmm_clone_expand_ge_lift_fresh_copy_mul_scalar_tensor_transpose_unsqueeze_view_where_6(buf229, buf230, buf231, 1L, 384L, 1, this->device_idx_, stream, kernels, this->cubin_dir_);
    buf229.reset();
    static constexpr int64_t int_array_266[] = {32L, 128L, 12L, 64L};
    static constexpr int64_t int_array_267[] = {98304L, 768L, 64L, 1L};
    auto buf232 = wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf230, 4, int_array_266, int_array_267, 0L)); buf230.reset();  // reuse
    // Topologically Sorted Source Nodes: [matmul_19, transpose_49, contiguous_9], Original ATen: [aten.view, aten.transpose, aten.clone]
    call_triton_poi_fused_clone_transpose_view_7(buf231, buf232, 3145728L, this->device_idx_, stream, kernels, this->cubin_dir_);
    static constexpr int64_t int_array_268[] = {4096L, 768L};
    static constexpr int64_t int_array_269[] = {768L, 1L};
    auto buf233 = wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf231, 2, int_array_268, int_array_269, 0L)); buf231.reset();  // reuse
    // Topologically Sorted Source Nodes: [matmul_19, transpose_49, contiguous_9, reshape_9, linear_57], Original ATen: [aten.view, aten.transpose, aten.clone, aten.t, aten.addmm]
    call_triton_tem_fused_addmm_t_view_1(model_encoder_layer_9_attention_output_dense_bias, buf232, model_encoder_layer_9_attention_output_dense_weight, buf233, 384L, 1, 1, this->device_idx_, stream, kernels, this->cubin_dir_);
    buf232.reset();
    static constexpr int64_t int_array_270[] = {32L, 128L, 768L};
    static constexpr int64_t int_array_271[] = {98304L, 768L, 1L};
    auto buf237 = wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf233, 3, int_array_270, int_array_271, 0L)); buf233.reset();  // reuse
    // Topologically Sorted Source Nodes: [linear_57, add_32, layer_norm_19], Original ATen: [aten.view, aten.add, aten.native_layer_norm]
    call_triton_per_fused_add_native_layer_norm_view_8(buf237, buf220, model_encoder_layer_9_attention_output_LayerNorm_weight, model_encoder_layer_9_attention_output_LayerNorm_bias, 4096L, 768L, this->device_idx_, stream, kernels, this->cubin_dir_);
    buf220.reset();
    static constexpr int64_t int_array_272[] = {4096L, 3072L};
    static constexpr int64_t int_array_273[] = {3072L, 1L};
    AtenTensorHandle buf238_handle;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_empty_strided(2, int_array_272, int_array_273, cached_torch_dtype_bfloat16, cached_torch_device_type_cuda, this->device_idx_, &buf238_handle));
    RAIIAtenTensorHandle buf238(buf238_handle);
    // Topologically Sorted Source Nodes: [linear_58], Original ATen: [aten.view, aten.t, aten.addmm]
    call_triton_tem_fused_addmm_t_view_12(model_encoder_layer_9_intermediate_dense_bias, buf237, model_encoder_layer_9_intermediate_dense_weight, buf238, 768L, 1, 1, this->device_idx_, stream, kernels, this->cubin_dir_);
    static constexpr int64_t int_array_274[] = {32L, 128L, 3072L};
    static constexpr int64_t int_array_275[] = {393216L, 3072L, 1L};
    auto buf239 = wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf238, 3, int_array_274, int_array_275, 0L)); buf238.reset();  // reuse
    // Topologically Sorted Source Nodes: [linear_58, gelu_9], Original ATen: [aten.view, aten.gelu]
    call_triton_poi_fused_gelu_view_10(buf239, 12582912L, this->device_idx_, stream, kernels, this->cubin_dir_);
    static constexpr int64_t int_array_276[] = {4096L, 768L};
    static constexpr int64_t int_array_277[] = {768L, 1L};
    AtenTensorHandle buf240_handle;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_empty_strided(2, int_array_276, int_array_277, cached_torch_dtype_bfloat16, cached_torch_device_type_cuda, this->device_idx_, &buf240_handle));
    RAIIAtenTensorHandle buf240(buf240_handle);
    // Topologically Sorted Source Nodes: [linear_58, gelu_9, linear_59], Original ATen: [aten.view, aten.gelu, aten.t, aten.addmm]
    call_triton_tem_fused_addmm_gelu_t_view_11(model_encoder_layer_9_output_dense_bias, buf239, model_encoder_layer_9_output_dense_weight, buf240, 384L, 1, 1, this->device_idx_, stream, kernels, this->cubin_dir_);
    buf239.reset();
    static constexpr int64_t int_array_278[] = {32L, 128L, 768L};
    static constexpr int64_t int_array_279[] = {98304L, 768L, 1L};
    auto buf244 = wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf240, 3, int_array_278, int_array_279, 0L)); buf240.reset();  // reuse
    // Topologically Sorted Source Nodes: [linear_59, add_33, layer_norm_20], Original ATen: [aten.view, aten.add, aten.native_layer_norm]
    call_triton_per_fused_add_native_layer_norm_view_8(buf244, buf237, model_encoder_layer_9_output_LayerNorm_weight, model_encoder_layer_9_output_LayerNorm_bias, 4096L, 768L, this->device_idx_, stream, kernels, this->cubin_dir_);
    auto buf245 = wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf237, 2, int_array_276, int_array_277, 0L)); buf237.reset();  // reuse
    // Topologically Sorted Source Nodes: [linear_60], Original ATen: [aten.view, aten.t, aten.addmm]
    call_triton_tem_fused_addmm_t_view_1(model_encoder_layer_10_attention_self_query_bias, buf244, model_encoder_layer_10_attention_self_query_weight, buf245, 384L, 1, 1, this->device_idx_, stream, kernels, this->cubin_dir_);
    AtenTensorHandle buf246_handle;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_empty_strided(2, int_array_276, int_array_277, cached_torch_dtype_bfloat16, cached_torch_device_type_cuda, this->device_idx_, &buf246_handle));
    RAIIAtenTensorHandle buf246(buf246_handle);
    // Topologically Sorted Source Nodes: [linear_61], Original ATen: [aten.view, aten.t, aten.addmm]
    call_triton_tem_fused_addmm_t_view_1(model_encoder_layer_10_attention_self_key_bias, buf244, model_encoder_layer_10_attention_self_key_weight, buf246, 384L, 1, 1, this->device_idx_, stream, kernels, this->cubin_dir_);
    static constexpr int64_t int_array_280[] = {32L, 12L, 128L, 64L};
    static constexpr int64_t int_array_281[] = {98304L, 8192L, 64L, 1L};
    AtenTensorHandle buf247_handle;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_empty_strided(4, int_array_280, int_array_281, cached_torch_dtype_bfloat16, cached_torch_device_type_cuda, this->device_idx_, &buf247_handle));
    RAIIAtenTensorHandle buf247(buf247_handle);
    // Topologically Sorted Source Nodes: [linear_60, view_30, transpose_50, matmul_20], Original ATen: [aten.view, aten.transpose, aten.clone]
    call_triton_poi_fused_clone_transpose_view_2(buf245, buf247, 3145728L, this->device_idx_, stream, kernels, this->cubin_dir_);
    static constexpr int64_t int_array_282[] = {32L, 12L, 64L, 128L};
    static constexpr int64_t int_array_283[] = {98304L, 8192L, 128L, 1L};
    auto buf248 = wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf245, 4, int_array_282, int_array_283, 0L)); buf245.reset();  // reuse
    // Topologically Sorted Source Nodes: [linear_61, view_31, transpose_51, transpose_53, matmul_20], Original ATen: [aten.view, aten.transpose, aten.clone]
    call_triton_poi_fused_clone_transpose_view_3(buf246, buf248, 24576L, 128L, this->device_idx_, stream, kernels, this->cubin_dir_);
    buf246.reset();
    static constexpr int64_t int_array_284[] = {384L, 128L, 128L};
    static constexpr int64_t int_array_285[] = {16384L, 128L, 1L};
    AtenTensorHandle buf249_handle;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_empty_strided(3, int_array_284, int_array_285, cached_torch_dtype_bfloat16, cached_torch_device_type_cuda, this->device_idx_, &buf249_handle));
    RAIIAtenTensorHandle buf249(buf249_handle);
    // Topologically Sorted Source Nodes: [linear_60, view_30, transpose_50, matmul_20, linear_61, view_31, transpose_51, transpose_53], Original ATen: [aten.view, aten.transpose, aten.clone, aten._unsafe_view, aten.bmm]
    call_triton_tem_fused__unsafe_view_bmm_clone_transpose_view_4(buf247, buf248, buf249, 1L, 384L, 1, this->device_idx_, stream, kernels, this->cubin_dir_);
    static constexpr int64_t int_array_286[] = {32L, 12L, 128L, 128L};
    static constexpr int64_t int_array_287[] = {196608L, 16384L, 128L, 1L};
    auto buf253 = wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf249, 4, int_array_286, int_array_287, 0L)); buf249.reset();  // reuse
    // Topologically Sorted Source Nodes: [arange_2, add_2, unsqueeze_6, unsqueeze_7, unsqueeze_8, ge, expand_2, lift_fresh_copy, where, matmul_20, mul_10, add_34, softmax_10], Original ATen: [aten.arange, aten.add, aten.unsqueeze, aten.ge, aten.expand, aten.lift_fresh_copy, aten.scalar_tensor, aten.where, aten.view, aten.mul, aten._softmax]
    call_triton_per_fused__softmax_add_arange_expand_ge_lift_fresh_copy_mul_scalar_tensor_unsqueeze_view_where_5(buf253, 49152L, 128L, this->device_idx_, stream, kernels, this->cubin_dir_);
    static constexpr int64_t int_array_288[] = {4096L, 768L};
    static constexpr int64_t int_array_289[] = {768L, 1L};
    auto buf252 = wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf248, 2, int_array_288, int_array_289, 0L)); buf248.reset();  // reuse
    // Topologically Sorted Source Nodes: [linear_62], Original ATen: [aten.view, aten.t, aten.addmm]
    call_triton_tem_fused_addmm_t_view_1(model_encoder_layer_10_attention_self_value_bias, buf244, model_encoder_layer_10_attention_self_value_weight, buf252, 384L, 1, 1, this->device_idx_, stream, kernels, this->cubin_dir_);
    auto buf254 = std::move(buf247);  // reuse
    // Topologically Sorted Source Nodes: [linear_62, view_32, transpose_52, matmul_21], Original ATen: [aten.view, aten.transpose, aten.clone]
    call_triton_poi_fused_clone_transpose_view_2(buf252, buf254, 3145728L, this->device_idx_, stream, kernels, this->cubin_dir_);
    static constexpr int64_t int_array_290[] = {384L, 128L, 64L};
    static constexpr int64_t int_array_291[] = {8192L, 64L, 1L};
    auto buf255 = wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf252, 3, int_array_290, int_array_291, 0L)); buf252.reset();  // reuse
    // Topologically Sorted Source Nodes: [arange_2, add_2, unsqueeze_6, unsqueeze_7, unsqueeze_8, ge, expand_2, lift_fresh_copy, where, matmul_20, mul_10, add_34, softmax_10, matmul_21, linear_62, view_32, transpose_52], Original ATen: [aten.arange, aten.add, aten.unsqueeze, aten.ge, aten.expand, aten.lift_fresh_copy, aten.scalar_tensor, aten.where, aten.view, aten.mul, aten._softmax, aten.transpose, aten.clone, aten._unsafe_view, aten.bmm]
    call_triton_tem_fused__softmax__unsafe_view_add_arange_bmm_clone_expand_ge_lift_fresh_copy_mul_scalar_tensor_transpose_unsqueeze_view_where_6(buf253, buf254, buf255, 1L, 384L, 1, this->device_idx_, stream, kernels, this->cubin_dir_);
    buf253.reset();
    static constexpr int64_t int_array_292[] = {32L, 128L, 12L, 64L};
    static constexpr int64_t int_array_293[] = {98304L, 768L, 64L, 1L};
    auto buf256 = wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf254, 4, int_array_292, int_array_293, 0L)); buf254.reset();  // reuse
    // Topologically Sorted Source Nodes: [matmul_21, transpose_54, contiguous_10], Original ATen: [aten.view, aten.transpose, aten.clone]
    call_triton_poi_fused_clone_transpose_view_7(buf255, buf256, 3145728L, this->device_idx_, stream, kernels, this->cubin_dir_);
    static constexpr int64_t int_array_294[] = {4096L, 768L};
    static constexpr int64_t int_array_295[] = {768L, 1L};
    auto buf257 = wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf255, 2, int_array_294, int_array_295, 0L)); buf255.reset();  // reuse
    // Topologically Sorted Source Nodes: [matmul_21, transpose_54, contiguous_10, reshape_10, linear_63], Original ATen: [aten.view, aten.transpose, aten.clone, aten.t, aten.addmm]
    call_triton_tem_fused_addmm_t_view_1(model_encoder_layer_10_attention_output_dense_bias, buf256, model_encoder_layer_10_attention_output_dense_weight, buf257, 384L, 1, 1, this->device_idx_, stream, kernels, this->cubin_dir_);
    buf256.reset();
    static constexpr int64_t int_array_296[] = {32L, 128L, 768L};
    static constexpr int64_t int_array_297[] = {98304L, 768L, 1L};
    auto buf261 = wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf257, 3, int_array_296, int_array_297, 0L)); buf257.reset();  // reuse
    // Topologically Sorted Source Nodes: [linear_63, add_35, layer_norm_21], Original ATen: [aten.view, aten.add, aten.native_layer_norm]
    call_triton_per_fused_add_native_layer_norm_view_8(buf261, buf244, model_encoder_layer_10_attention_output_LayerNorm_weight, model_encoder_layer_10_attention_output_LayerNorm_bias, 4096L, 768L, this->device_idx_, stream, kernels, this->cubin_dir_);
    buf244.reset();
    static constexpr int64_t int_array_298[] = {4096L, 3072L};
    static constexpr int64_t int_array_299[] = {3072L, 1L};
    AtenTensorHandle buf262_handle;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_empty_strided(2, int_array_298, int_array_299, cached_torch_dtype_bfloat16, cached_torch_device_type_cuda, this->device_idx_, &buf262_handle));
    RAIIAtenTensorHandle buf262(buf262_handle);
    // Topologically Sorted Source Nodes: [linear_64], Original ATen: [aten.view, aten.t, aten.addmm]
    call_triton_tem_fused_addmm_t_view_12(model_encoder_layer_10_intermediate_dense_bias, buf261, model_encoder_layer_10_intermediate_dense_weight, buf262, 768L, 1, 1, this->device_idx_, stream, kernels, this->cubin_dir_);
    static constexpr int64_t int_array_300[] = {32L, 128L, 3072L};
    static constexpr int64_t int_array_301[] = {393216L, 3072L, 1L};
    auto buf263 = wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf262, 3, int_array_300, int_array_301, 0L)); buf262.reset();  // reuse
    // Topologically Sorted Source Nodes: [linear_64, gelu_10], Original ATen: [aten.view, aten.gelu]
    call_triton_poi_fused_gelu_view_10(buf263, 12582912L, this->device_idx_, stream, kernels, this->cubin_dir_);
    static constexpr int64_t int_array_302[] = {4096L, 768L};
    static constexpr int64_t int_array_303[] = {768L, 1L};
    AtenTensorHandle buf264_handle;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_empty_strided(2, int_array_302, int_array_303, cached_torch_dtype_bfloat16, cached_torch_device_type_cuda, this->device_idx_, &buf264_handle));
    RAIIAtenTensorHandle buf264(buf264_handle);
    // Topologically Sorted Source Nodes: [linear_64, gelu_10, linear_65], Original ATen: [aten.view, aten.gelu, aten.t, aten.addmm]
    call_triton_tem_fused_addmm_gelu_t_view_11(model_encoder_layer_10_output_dense_bias, buf263, model_encoder_layer_10_output_dense_weight, buf264, 384L, 1, 1, this->device_idx_, stream, kernels, this->cubin_dir_);
    buf263.reset();
    static constexpr int64_t int_array_304[] = {32L, 128L, 768L};
    static constexpr int64_t int_array_305[] = {98304L, 768L, 1L};
    auto buf268 = wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf264, 3, int_array_304, int_array_305, 0L)); buf264.reset();  // reuse
    // Topologically Sorted Source Nodes: [linear_65, add_36, layer_norm_22], Original ATen: [aten.view, aten.add, aten.native_layer_norm]
    call_triton_per_fused_add_native_layer_norm_view_8(buf268, buf261, model_encoder_layer_10_output_LayerNorm_weight, model_encoder_layer_10_output_LayerNorm_bias, 4096L, 768L, this->device_idx_, stream, kernels, this->cubin_dir_);
    auto buf269 = wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf261, 2, int_array_302, int_array_303, 0L)); buf261.reset();  // reuse
    // Topologically Sorted Source Nodes: [linear_66], Original ATen: [aten.view, aten.t, aten.addmm]
    call_triton_tem_fused_addmm_t_view_1(model_encoder_layer_11_attention_self_query_bias, buf268, model_encoder_layer_11_attention_self_query_weight, buf269, 384L, 1, 1, this->device_idx_, stream, kernels, this->cubin_dir_);
    static constexpr int64_t int_array_306[] = {4096L, 768L};
    static constexpr int64_t int_array_307[] = {768L, 1L};
    AtenTensorHandle buf270_handle;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_empty_strided(2, int_array_306, int_array_307, cached_torch_dtype_bfloat16, cached_torch_device_type_cuda, this->device_idx_, &buf270_handle));
    RAIIAtenTensorHandle buf270(buf270_handle);
    // Topologically Sorted Source Nodes: [linear_67], Original ATen: [aten.view, aten.t, aten.addmm]
    call_triton_tem_fused_addmm_t_view_1(model_encoder_layer_11_attention_self_key_bias, buf268, model_encoder_layer_11_attention_self_key_weight, buf270, 384L, 1, 1, this->device_idx_, stream, kernels, this->cubin_dir_);
    static constexpr int64_t int_array_308[] = {32L, 12L, 128L, 64L};
    static constexpr int64_t int_array_309[] = {98304L, 8192L, 64L, 1L};
    AtenTensorHandle buf271_handle;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_empty_strided(4, int_array_308, int_array_309, cached_torch_dtype_bfloat16, cached_torch_device_type_cuda, this->device_idx_, &buf271_handle));
    RAIIAtenTensorHandle buf271(buf271_handle);
    // Topologically Sorted Source Nodes: [linear_66, view_33, transpose_55, matmul_22], Original ATen: [aten.view, aten.transpose, aten.clone]
    call_triton_poi_fused_clone_transpose_view_2(buf269, buf271, 3145728L, this->device_idx_, stream, kernels, this->cubin_dir_);
    static constexpr int64_t int_array_310[] = {32L, 12L, 64L, 128L};
    static constexpr int64_t int_array_311[] = {98304L, 8192L, 128L, 1L};
    auto buf272 = wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf269, 4, int_array_310, int_array_311, 0L)); buf269.reset();  // reuse
    // Topologically Sorted Source Nodes: [linear_67, view_34, transpose_56, transpose_58, matmul_22], Original ATen: [aten.view, aten.transpose, aten.clone]
    call_triton_poi_fused_clone_transpose_view_3(buf270, buf272, 24576L, 128L, this->device_idx_, stream, kernels, this->cubin_dir_);
    buf270.reset();
    static constexpr int64_t int_array_312[] = {384L, 128L, 128L};
    static constexpr int64_t int_array_313[] = {16384L, 128L, 1L};
    AtenTensorHandle buf273_handle;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_empty_strided(3, int_array_312, int_array_313, cached_torch_dtype_bfloat16, cached_torch_device_type_cuda, this->device_idx_, &buf273_handle));
    RAIIAtenTensorHandle buf273(buf273_handle);
    // Topologically Sorted Source Nodes: [linear_66, view_33, transpose_55, matmul_22, linear_67, view_34, transpose_56, transpose_58], Original ATen: [aten.view, aten.transpose, aten.clone, aten._unsafe_view, aten.bmm]
    call_triton_tem_fused__unsafe_view_bmm_clone_transpose_view_4(buf271, buf272, buf273, 1L, 384L, 1, this->device_idx_, stream, kernels, this->cubin_dir_);
    static constexpr int64_t int_array_314[] = {32L, 12L, 128L, 128L};
    static constexpr int64_t int_array_315[] = {196608L, 16384L, 128L, 1L};
    auto buf277 = wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf273, 4, int_array_314, int_array_315, 0L)); buf273.reset();  // reuse
    // Topologically Sorted Source Nodes: [arange_2, add_2, unsqueeze_6, unsqueeze_7, unsqueeze_8, ge, expand_2, lift_fresh_copy, where, matmul_22, mul_11, add_37, softmax_11], Original ATen: [aten.arange, aten.add, aten.unsqueeze, aten.ge, aten.expand, aten.lift_fresh_copy, aten.scalar_tensor, aten.where, aten.view, aten.mul, aten._softmax]
    call_triton_per_fused__softmax_add_arange_expand_ge_lift_fresh_copy_mul_scalar_tensor_unsqueeze_view_where_5(buf277, 49152L, 128L, this->device_idx_, stream, kernels, this->cubin_dir_);
    static constexpr int64_t int_array_316[] = {4096L, 768L};
    static constexpr int64_t int_array_317[] = {768L, 1L};
    auto buf276 = wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf272, 2, int_array_316, int_array_317, 0L)); buf272.reset();  // reuse
    // Topologically Sorted Source Nodes: [linear_68], Original ATen: [aten.view, aten.t, aten.addmm]
    call_triton_tem_fused_addmm_t_view_1(model_encoder_layer_11_attention_self_value_bias, buf268, model_encoder_layer_11_attention_self_value_weight, buf276, 384L, 1, 1, this->device_idx_, stream, kernels, this->cubin_dir_);
    auto buf278 = std::move(buf271);  // reuse
    // Topologically Sorted Source Nodes: [linear_68, view_35, transpose_57, matmul_23], Original ATen: [aten.view, aten.transpose, aten.clone]
    call_triton_poi_fused_clone_transpose_view_2(buf276, buf278, 3145728L, this->device_idx_, stream, kernels, this->cubin_dir_);
    static constexpr int64_t int_array_318[] = {384L, 128L, 64L};
    static constexpr int64_t int_array_319[] = {8192L, 64L, 1L};
    auto buf279 = wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf276, 3, int_array_318, int_array_319, 0L)); buf276.reset();  // reuse
    // Topologically Sorted Source Nodes: [arange_2, add_2, unsqueeze_6, unsqueeze_7, unsqueeze_8, ge, expand_2, lift_fresh_copy, where, matmul_22, mul_11, add_37, softmax_11, matmul_23, linear_68, view_35, transpose_57], Original ATen: [aten.arange, aten.add, aten.unsqueeze, aten.ge, aten.expand, aten.lift_fresh_copy, aten.scalar_tensor, aten.where, aten.view, aten.mul, aten._softmax, aten.transpose, aten.clone, aten._unsafe_view, aten.bmm]
    call_triton_tem_fused__softmax__unsafe_view_add_arange_bmm_clone_expand_ge_lift_fresh_copy_mul_scalar_tensor_transpose_unsqueeze_view_where_6(buf277, buf278, buf279, 1L, 384L, 1, this->device_idx_, stream, kernels, this->cubin_dir_);
    buf277.reset();
    static constexpr int64_t int_array_320[] = {32L, 128L, 12L, 64L};
    static constexpr int64_t int_array_321[] = {98304L, 768L, 64L, 1L};
    auto buf280 = wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf278, 4, int_array_320, int_array_321, 0L)); buf278.reset();  // reuse
    // Topologically Sorted Source Nodes: [matmul_23, transpose_59, contiguous_11], Original ATen: [aten.view, aten.transpose, aten.clone]
    call_triton_poi_fused_clone_transpose_view_7(buf279, buf280, 3145728L, this->device_idx_, stream, kernels, this->cubin_dir_);
    static constexpr int64_t int_array_322[] = {4096L, 768L};
    static constexpr int64_t int_array_323[] = {768L, 1L};
    auto buf281 = wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf279, 2, int_array_322, int_array_323, 0L)); buf279.reset();  // reuse
    // Topologically Sorted Source Nodes: [matmul_23, transpose_59, contiguous_11, reshape_11, linear_69], Original ATen: [aten.view, aten.transpose, aten.clone, aten.t, aten.addmm]
    call_triton_tem_fused_addmm_t_view_1(model_encoder_layer_11_attention_output_dense_bias, buf280, model_encoder_layer_11_attention_output_dense_weight, buf281, 384L, 1, 1, this->device_idx_, stream, kernels, this->cubin_dir_);
    buf280.reset();
    static constexpr int64_t int_array_324[] = {32L, 128L, 768L};
    static constexpr int64_t int_array_325[] = {98304L, 768L, 1L};
    auto buf285 = wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf281, 3, int_array_324, int_array_325, 0L)); buf281.reset();  // reuse
    // Topologically Sorted Source Nodes: [linear_69, add_38, layer_norm_23], Original ATen: [aten.view, aten.add, aten.native_layer_norm]
    call_triton_per_fused_add_native_layer_norm_view_8(buf285, buf268, model_encoder_layer_11_attention_output_LayerNorm_weight, model_encoder_layer_11_attention_output_LayerNorm_bias, 4096L, 768L, this->device_idx_, stream, kernels, this->cubin_dir_);
    buf268.reset();
    static constexpr int64_t int_array_326[] = {4096L, 3072L};
    static constexpr int64_t int_array_327[] = {3072L, 1L};
    AtenTensorHandle buf286_handle;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_empty_strided(2, int_array_326, int_array_327, cached_torch_dtype_bfloat16, cached_torch_device_type_cuda, this->device_idx_, &buf286_handle));
    RAIIAtenTensorHandle buf286(buf286_handle);
    // Topologically Sorted Source Nodes: [linear_70], Original ATen: [aten.view, aten.t, aten.addmm]
    call_triton_tem_fused_addmm_t_view_12(model_encoder_layer_11_intermediate_dense_bias, buf285, model_encoder_layer_11_intermediate_dense_weight, buf286, 768L, 1, 1, this->device_idx_, stream, kernels, this->cubin_dir_);
    static constexpr int64_t int_array_328[] = {32L, 128L, 3072L};
    static constexpr int64_t int_array_329[] = {393216L, 3072L, 1L};
    auto buf287 = wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf286, 3, int_array_328, int_array_329, 0L)); buf286.reset();  // reuse
    // Topologically Sorted Source Nodes: [linear_70, gelu_11], Original ATen: [aten.view, aten.gelu]
    call_triton_poi_fused_gelu_view_10(buf287, 12582912L, this->device_idx_, stream, kernels, this->cubin_dir_);
    AtenTensorHandle buf288_handle;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_empty_strided(2, int_array_316, int_array_317, cached_torch_dtype_bfloat16, cached_torch_device_type_cuda, this->device_idx_, &buf288_handle));
    RAIIAtenTensorHandle buf288(buf288_handle);
    // Topologically Sorted Source Nodes: [linear_70, gelu_11, linear_71], Original ATen: [aten.view, aten.gelu, aten.t, aten.addmm]
    call_triton_tem_fused_addmm_gelu_t_view_11(model_encoder_layer_11_output_dense_bias, buf287, model_encoder_layer_11_output_dense_weight, buf288, 384L, 1, 1, this->device_idx_, stream, kernels, this->cubin_dir_);
    buf287.reset();
    static constexpr int64_t int_array_330[] = {32L, 128L, 768L};
    static constexpr int64_t int_array_331[] = {98304L, 768L, 1L};
    auto buf292 = wrap_with_raii_handle_if_needed(reinterpret_tensor_wrapper(buf288, 3, int_array_330, int_array_331, 0L)); buf288.reset();  // reuse
    // Topologically Sorted Source Nodes: [linear_71, add_39, layer_norm_24], Original ATen: [aten.view, aten.add, aten.native_layer_norm]
    call_triton_per_fused_add_native_layer_norm_view_8(buf292, buf285, model_encoder_layer_11_output_LayerNorm_weight, model_encoder_layer_11_output_LayerNorm_bias, 4096L, 768L, this->device_idx_, stream, kernels, this->cubin_dir_);
    buf285.reset();
    output_handles[0] = buf292.release();
} // AOTInductorModel::run_impl
} // namespace torch::aot_inductor




// Compile cmd
// /opt/gcc/bin/g++ /tmp/inductor-b/cs3udovo5kcolfidgg35lxsrgk7ow3oyywlwk776zf46v2wou6pc/ccd36cxzozgugpmrqzjqwidg3rw4l2r2cphx62rjo6xyljubdn6e.wrapper.cpp -D TORCH_INDUCTOR_CPP_WRAPPER -D STANDALONE_TORCH_HEADER -D  C10_USING_CUSTOM_GENERATED_MACROS -D CPU_CAPABILITY_AVX512 -D  USE_CUDA  -O1 -DNDEBUG -fno-trapping-math -funsafe-math-optimizations -ffinite-math-only -fno-signed-zeros -fno-math-errno -fno-finite-math-only -fno-unsafe-math-optimizations -ffp-contract=off -fexcess-precision=fast -fno-tree-loop-vectorize -march=native -fPIC -Wall -std=c++17 -Wno-unused-variable -Wno-unknown-pragmas -pedantic -fopenmp  -include /tmp/torchinductor_root/precompiled_headers/csp62wdcnqt7znkstg2qqe36naapvmzcqrazndexiavcqme4owsl.h -I/usr/include/python3.12 -I/opt/torch/.venv/lib/python3.12/site-packages/torch/include -I/opt/torch/.venv/lib/python3.12/site-packages/torch/include/torch/csrc/api/include -I/usr/local/cuda/include   -mavx512f -mavx512dq -mavx512vl -mavx512bw -mfma -mavx512vnni -mavx512vl -mamx-tile -mamx-bf16 -mamx-int8 -mavx512bf16  -c -o /tmp/inductor-b/cs3udovo5kcolfidgg35lxsrgk7ow3oyywlwk776zf46v2wou6pc/ccd36cxzozgugpmrqzjqwidg3rw4l2r2cphx62rjo6xyljubdn6e.wrapper.o
// Link cmd
// /opt/gcc/bin/g++ /tmp/inductor-b/cs3udovo5kcolfidgg35lxsrgk7ow3oyywlwk776zf46v2wou6pc/ccd36cxzozgugpmrqzjqwidg3rw4l2r2cphx62rjo6xyljubdn6e.wrapper.o /tmp/inductor-b/cs3udovo5kcolfidgg35lxsrgk7ow3oyywlwk776zf46v2wou6pc/cdyr4r35yrod5yydf6apk6vqb27idv32eg3evd4evnul5e6m6cn2.kernel.o /tmp/inductor-b/cs3udovo5kcolfidgg35lxsrgk7ow3oyywlwk776zf46v2wou6pc/ccd36cxzozgugpmrqzjqwidg3rw4l2r2cphx62rjo6xyljubdn6e/cgxre62qccm2hvjt32u3oobekucw5zks6ukxlzod6km7a4telymf.weights.o -D TORCH_INDUCTOR_CPP_WRAPPER -D STANDALONE_TORCH_HEADER -D  C10_USING_CUSTOM_GENERATED_MACROS -D CPU_CAPABILITY_AVX512 -D  USE_CUDA  -O3 -DNDEBUG -fno-trapping-math -funsafe-math-optimizations -ffinite-math-only -fno-signed-zeros -fno-math-errno -fno-finite-math-only -fno-unsafe-math-optimizations -ffp-contract=off -fexcess-precision=fast -fno-tree-loop-vectorize -march=native -shared -fPIC -Wall -std=c++17 -Wno-unused-variable -Wno-unknown-pragmas -pedantic -fopenmp  -I/usr/include/python3.12 -I/opt/torch/.venv/lib/python3.12/site-packages/torch/include -I/opt/torch/.venv/lib/python3.12/site-packages/torch/include/torch/csrc/api/include -I/usr/local/cuda/include   -mavx512f -mavx512dq -mavx512vl -mavx512bw -mfma -mavx512vnni -mavx512vl -mamx-tile -mamx-bf16 -mamx-int8 -mavx512bf16  -o /tmp/inductor-b/cs3udovo5kcolfidgg35lxsrgk7ow3oyywlwk776zf46v2wou6pc/ccd36cxzozgugpmrqzjqwidg3rw4l2r2cphx62rjo6xyljubdn6e.wrapper.so  -ltorch -ltorch_cpu -lgomp -lcuda -ltorch_cuda  -L/usr/lib/x86_64-linux-gnu -L/opt/torch/.venv/lib/python3.12/site-packages/torch/lib -L/usr/local/cuda-13.0/targets/x86_64-linux/lib -L/usr/local/cuda-13.0/targets/x86_64-linux/lib/stubs 
