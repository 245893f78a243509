// A fixture in the form AOTInductor writes (torch 2.6 and later: RAII handles,
// aoti_torch_empty_strided, trailing scratch pointers of Triton 3.x), trimmed to what
// tools/export/parse.py reads: an MLP x[1,8] -> Linear(8,16) -> ReLU -> Linear(16,4),
// float32, Triton-only kernels. Written by hand after that form; check it against a real
// export (docs/export.md).
#include <torch/csrc/inductor/aoti_runtime/interface.h>

namespace torch::aot_inductor {

AOTInductorModel::AOTInductorModel(std::shared_ptr<ConstantMap> constants_map,
                                   std::shared_ptr<std::vector<ConstantHandle>> constants_array,
                                   const std::string& device_str,
                                   std::optional<std::string> cubin_dir)
    : AOTInductorModelBase(1, 1, 4, device_str, std::move(cubin_dir), true) {
    inputs_info_[0].name = "arg4_1";
    constants_info_[0].name = "fc1_weight";
    constants_info_[0].dtype = static_cast<int32_t>(cached_torch_dtype_float32);
    constants_info_[0].offset = 0;
    constants_info_[0].data_size = 512;
    constants_info_[0].from_folded = false;
    constants_info_[0].shape = {16, 8};
    constants_info_[0].stride = {8, 1};
    constants_info_[0].original_fqn = "fc1.weight";
    constants_info_[1].name = "fc1_bias";
    constants_info_[1].dtype = static_cast<int32_t>(cached_torch_dtype_float32);
    constants_info_[1].offset = 0;
    constants_info_[1].data_size = 64;
    constants_info_[1].from_folded = false;
    constants_info_[1].shape = {16};
    constants_info_[1].stride = {1};
    constants_info_[1].original_fqn = "fc1.bias";
    constants_info_[2].name = "fc2_weight";
    constants_info_[2].dtype = static_cast<int32_t>(cached_torch_dtype_float32);
    constants_info_[2].offset = 0;
    constants_info_[2].data_size = 256;
    constants_info_[2].from_folded = false;
    constants_info_[2].shape = {4, 16};
    constants_info_[2].stride = {16, 1};
    constants_info_[2].original_fqn = "fc2.weight";
    constants_info_[3].name = "fc2_bias";
    constants_info_[3].dtype = static_cast<int32_t>(cached_torch_dtype_float32);
    constants_info_[3].offset = 0;
    constants_info_[3].data_size = 16;
    constants_info_[3].from_folded = false;
    constants_info_[3].shape = {4};
    constants_info_[3].stride = {1};
    constants_info_[3].original_fqn = "fc2.bias";
    update_constants_map(std::move(constants_map));
    update_constants_array(std::move(constants_array));
    outputs_info_[0].name = "output0";
    this->kernels_ = std::make_unique<AOTInductorModelKernels>();
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
    auto arg4_1 = std::move(inputs[0]);
    [[maybe_unused]] auto& fc1_weight = constants_->at(0);
    [[maybe_unused]] auto& fc1_bias = constants_->at(1);
    [[maybe_unused]] auto& fc2_weight = constants_->at(2);
    [[maybe_unused]] auto& fc2_bias = constants_->at(3);
    inputs.clear();
    [[maybe_unused]] auto& kernels = static_cast<AOTInductorModelKernels&>(*this->kernels_.get());

    AOTICudaStreamGuard stream_guard(stream, this->device_idx_);
    static constexpr int64_t int_array_0[] = {1L, 16L};
    static constexpr int64_t int_array_1[] = {16L, 1L};
    AtenTensorHandle buf0_handle;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_empty_strided(2, int_array_0, int_array_1, cached_torch_dtype_float32, cached_torch_device_type_cuda, this->device_idx_, &buf0_handle));
    RAIIAtenTensorHandle buf0(buf0_handle);
    // Topologically Sorted Source Nodes: [linear, relu], Original ATen: [aten.addmm, aten.relu]
    if (kernels.triton_tem_fused_addmm_relu_0 == nullptr) {
        kernels.triton_tem_fused_addmm_relu_0 = loadKernel("/tmp/torchinductor_root/aa/caa1.cubin", "triton_tem_fused_addmm_relu_0", 0, this->cubin_dir_);
    }
    CUdeviceptr var_0 = reinterpret_cast<CUdeviceptr>(get_data_ptr_wrapper(arg4_1));
    CUdeviceptr var_1 = reinterpret_cast<CUdeviceptr>(get_data_ptr_wrapper(fc1_weight));
    CUdeviceptr var_2 = reinterpret_cast<CUdeviceptr>(get_data_ptr_wrapper(fc1_bias));
    CUdeviceptr var_3 = reinterpret_cast<CUdeviceptr>(get_data_ptr_wrapper(buf0));
    CUdeviceptr global_scratch_4 = 0;
    CUdeviceptr profile_scratch_5 = 0;
    void* kernel_args_var_0[] = {&var_0, &var_1, &var_2, &var_3, &global_scratch_4, &profile_scratch_5};
    Grid triton_tem_fused_addmm_relu_0_grid_0 = Grid(1L, 1L, 1L);
    if (triton_tem_fused_addmm_relu_0_grid_0.is_non_zero()) {
        launchKernel(kernels.triton_tem_fused_addmm_relu_0, triton_tem_fused_addmm_relu_0_grid_0.grid_x, triton_tem_fused_addmm_relu_0_grid_0.grid_y, triton_tem_fused_addmm_relu_0_grid_0.grid_z, 4, 0, kernel_args_var_0, stream);
    }
    static constexpr int64_t int_array_2[] = {1L, 4L};
    static constexpr int64_t int_array_3[] = {4L, 1L};
    AtenTensorHandle buf1_handle;
    AOTI_TORCH_ERROR_CODE_CHECK(aoti_torch_empty_strided(2, int_array_2, int_array_3, cached_torch_dtype_float32, cached_torch_device_type_cuda, this->device_idx_, &buf1_handle));
    RAIIAtenTensorHandle buf1(buf1_handle);
    // Topologically Sorted Source Nodes: [linear_1], Original ATen: [aten.addmm]
    if (kernels.triton_tem_fused_addmm_1 == nullptr) {
        kernels.triton_tem_fused_addmm_1 = loadKernel("/tmp/torchinductor_root/bb/cbb2.cubin", "triton_tem_fused_addmm_1", 0, this->cubin_dir_);
    }
    CUdeviceptr var_6 = reinterpret_cast<CUdeviceptr>(get_data_ptr_wrapper(buf0));
    CUdeviceptr var_7 = reinterpret_cast<CUdeviceptr>(get_data_ptr_wrapper(fc2_weight));
    CUdeviceptr var_8 = reinterpret_cast<CUdeviceptr>(get_data_ptr_wrapper(fc2_bias));
    CUdeviceptr var_9 = reinterpret_cast<CUdeviceptr>(get_data_ptr_wrapper(buf1));
    int32_t var_10 = 4L;
    CUdeviceptr global_scratch_11 = 0;
    CUdeviceptr profile_scratch_12 = 0;
    void* kernel_args_var_1[] = {&var_6, &var_7, &var_8, &var_9, &var_10, &global_scratch_11, &profile_scratch_12};
    Grid triton_tem_fused_addmm_1_grid_1 = Grid(1L, 1L, 1L);
    if (triton_tem_fused_addmm_1_grid_1.is_non_zero()) {
        launchKernel(kernels.triton_tem_fused_addmm_1, triton_tem_fused_addmm_1_grid_1.grid_x, triton_tem_fused_addmm_1_grid_1.grid_y, triton_tem_fused_addmm_1_grid_1.grid_z, 2, 1024, kernel_args_var_1, stream);
    }
    buf0.reset();
    output_handles[0] = buf1.release();
} // AOTInductorModel::run_impl
} // namespace torch::aot_inductor
