# gpufn — see README.md. `make run` serves, `make test` tests; both work on a fresh machine
# with Go and gcc. The gpu-* targets split work between this machine (builds) and the GPU
# machine (runs, from bin/).

GO        ?= go
BIN       ?= bin
LISTEN    ?= 127.0.0.1:8080
DEVICE    ?= auto
NVCC      ?= nvcc
CUDA_ARCH ?= sm_90
HIPCC     ?= hipcc
HIP_ARCH  ?= gfx90a
RACE_PKGS := ./engine/... ./worker/... ./compiler/... ./shm/... ./dispatcher/... ./frontend/... ./store/... ./auth/... ./bench/... ./baseline/... ./registry/... ./cluster
# A count, not a duration: a duration-bounded run of Go 1.26 can fail with "context deadline
# exceeded" when the time runs out while a worker is mid-call (golang/go#75804), with no input at
# fault. `make fuzz FUZZTIME=60s` for a longer search by hand.
FUZZTIME  ?= 100000x
# The version `gpufn version`, /healthz and the start log line show: git describe of the
# checkout ("dev" outside one, and for a plain go build).
VERSION   ?= $(shell git describe --tags --always --dirty 2>/dev/null || echo dev)
LDFLAGS   := -s -w -X main.version=$(VERSION)
# make install: PREFIX/bin/gpufn under DESTDIR (a staging root for packagers).
PREFIX    ?= /usr/local
DESTDIR   ?=

.PHONY: all build install version run test test-unit test-race fuzz hip-headers vet fmt-check check-deps kernels kernels-hip gpu-build gpu-test gpu-bench test-cluster cluster-bench clean

all: build

build:
	CGO_ENABLED=1 $(GO) build -ldflags "$(LDFLAGS)" -o $(BIN)/ ./cmd/...

# Installs the server and client binary (one binary, gpufn) into $(DESTDIR)$(PREFIX)/bin; the
# systemd unit and the example token file are in deploy/ (deploy/README.md).
install: build
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/share/doc/gpufn
	install -m 0755 $(BIN)/gpufn $(DESTDIR)$(PREFIX)/bin/gpufn
	install -m 0644 README.md LICENSE docs/*.md $(DESTDIR)$(PREFIX)/share/doc/gpufn/

version:
	@echo $(VERSION)

# Serve on the default device (CUDA if a GPU is found, else the cpu reference device) with the
# example libraries and functions registered.
run: build
	$(BIN)/gpufn serve --listen $(LISTEN) --device $(DEVICE) --examples

# Everything CI runs: formatting, vet, unit and end-to-end tests (the end-to-end tests start
# real servers and worker processes on the cpu device), the race detector on the packages with
# concurrency, short fuzzing, the layering check, the HIP header check, and the cluster harness
# in network namespaces (as root; it installs HAProxy from Debian's packages when missing and
# says so, and skips with a line saying why where it cannot).
test: fmt-check vet check-deps test-unit test-race fuzz hip-headers test-cluster

fmt-check:
	@out="$$(gofmt -l $$(git ls-files '*.go' 2>/dev/null || find . -name '*.go'))"; \
	if [ -n "$$out" ]; then echo "gofmt would change:"; echo "$$out"; exit 1; fi

vet:
	CGO_ENABLED=1 $(GO) vet ./...

# Fails when an import breaks the layering (the table in scripts/checkdeps/rules.go, drawn in
# docs/architecture.md).
check-deps:
	$(GO) run ./scripts/checkdeps

test-unit:
	CGO_ENABLED=1 $(GO) test -shuffle=on -timeout 8m ./...

test-race:
	CGO_ENABLED=1 $(GO) test -race -shuffle=on -timeout 8m $(RACE_PKGS)

fuzz:
	$(GO) test -run '^$$' -fuzz '^FuzzFrames$$' -fuzztime $(FUZZTIME) ./worker
	$(GO) test -run '^$$' -fuzz '^FuzzInvokeBody$$' -fuzztime $(FUZZTIME) ./frontend
	$(GO) test -run '^$$' -fuzz '^FuzzInferRequest$$' -fuzztime $(FUZZTIME) ./frontend
	$(GO) test -run '^$$' -fuzz '^FuzzParse$$' -fuzztime $(FUZZTIME) ./function
	$(GO) test -run '^$$' -fuzz '^FuzzScanLibrary$$' -fuzztime $(FUZZTIME) ./libscan
	$(GO) test -run '^$$' -fuzz '^FuzzScanHsaco$$' -fuzztime $(FUZZTIME) ./libscan
	$(GO) test -run '^$$' -fuzz '^FuzzDecode$$' -fuzztime $(FUZZTIME) ./store

# Checks the hand-written HIP declarations against Debian's HIP headers. It needs the package
# libamdhip64-dev: when missing, run as root on a Debian-like system it is INSTALLED with
# apt-get (a line says so first); HIP_INSTALL=no never installs. Otherwise the check is skipped
# with the reason.
HIP_INSTALL ?= yes
hip-headers:
	@if HIP_INSTALL=$(HIP_INSTALL) scripts/hip-headers.sh; then \
		CGO_ENABLED=1 $(GO) test -tags hipheaders -run HeaderCheck ./hip; \
	else \
		echo "hip-headers: the HIP header check is skipped (the reason is above)"; \
	fi

# On the GPU machine (nvcc): regenerate the committed PTX of the examples.
kernels:
	@for f in examples/*/*.cu; do \
		echo "$(NVCC) -arch=$(CUDA_ARCH) -ptx $$f"; \
		$(NVCC) -arch=$(CUDA_ARCH) -ptx $$f -o $${f%.cu}.ptx || exit 1; \
	done

# Where hipcc exists: build hsaco code objects of the examples' HIP sources. HIP's default
# printf uses host calls, which gpufn refuses like the device heap (docs/hip.md): on ROCm 6
# set HIP_PRINTF=-mprintf-kind=buffered; the default leaves print_inject out (ROCm 5).
HIP_PRINTF ?= -DGPUFN_NO_PRINTF
kernels-hip:
	@for f in examples/*/*.hip; do \
		echo "$(HIPCC) --genco --offload-arch=$(HIP_ARCH) $(HIP_PRINTF) $$f"; \
		$(HIPCC) --genco --offload-arch=$(HIP_ARCH) $(HIP_PRINTF) $$f -o $${f%.hip}.hsaco || exit 1; \
	done

# Builds here, into bin/, everything the GPU machine runs (stripped). The device tool carries at
# most 64 MiB with the tracked tree (about 13 MiB), less than all of bin/: carry the binaries a
# step runs (gpu-test.sh: gpufn, cuda.test, e2e.test; gpu-bench.sh: gpufn, gpufn-baseline,
# wakeprobe, and vegeta for its cross-check).
gpu-build: build
	CGO_ENABLED=1 $(GO) test -c -ldflags "-s -w" -o $(BIN)/cuda.test ./cuda
	CGO_ENABLED=1 $(GO) test -c -ldflags "-s -w" -o $(BIN)/e2e.test ./e2e
	@[ -x $(BIN)/vegeta ] || scripts/gpu-bench.sh build-vegeta || echo "vegeta not built: the bench's cross-check will be skipped"

# The cluster harness (docs/cluster.md): three nodes, HAProxy and the load generator in network
# namespaces of their own (root; scripts/install-haproxy.sh installs HAProxy from Debian's
# packages). test-cluster asserts what follows from causality (about 2 minutes); cluster-bench
# also runs the scaling measurement and asserts the timing goals, printing every FIGURE line.
test-cluster:
	scripts/install-haproxy.sh
	GPUFN_NETNS=1 CGO_ENABLED=1 $(GO) test -count=1 -v -timeout 15m -run 'TestCluster$$' ./cluster/e2e

cluster-bench:
	scripts/install-haproxy.sh
	bash -o pipefail -c "GPUFN_NETNS=1 GPUFN_CLUSTER_BENCH=1 CGO_ENABLED=1 $(GO) test -count=1 -v -timeout 20m ./cluster/e2e 2>&1 | tee cluster-bench.log | grep -E 'FIGURE|^ *(---|ok|FAIL|PASS)'"

# On the GPU machine, from bin/ (see scripts/).
gpu-test:
	scripts/gpu-test.sh

gpu-bench:
	scripts/gpu-bench.sh

clean:
	rm -rf $(BIN)
