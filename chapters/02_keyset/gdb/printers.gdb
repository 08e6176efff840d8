set breakpoint pending off
# The chapter's pretty printers (gdb/printers/ch02_keyset.py), checked. They
# decode the bits from the enums in the debug info.
break addCPU
run
frame 7
print local
# check: $1 = {included = DispatchKeySet(BackendSelect, ADInplaceOrView), excluded = DispatchKeySet(AutocastCPU, AutocastCUDA)}
# Keys and backends print by name.
print mini::ch02::DispatchKey::AutogradCUDA
# check: $2 = AutogradCUDA
print mini::ch02::BackendComponent::MetaBit
# check: $3 = MetaBit
# Split key sets, written bit by bit into main's copy of the thread state:
# 0x111 is the CPU bit, the Dense bit and the AutogradFunctionality bit.
set var local.included.repr_ = 0x111
print local.included
# check: $4 = DispatchKeySet(CPU, AutogradCPU)
set var local.included.repr_ = 0x113
print local.included
# check: $5 = DispatchKeySet(CPU, CUDA, AutogradCPU, AutogradCUDA)
set var local.included.repr_ = 0
print local.included
# check: $6 = DispatchKeySet()
set var local.included.repr_ = 0x202
print local.included
# check: $7 = DispatchKeySet(CUDABit, Tracer)
set var local.included.repr_ = 0x100
print local.included
# check: $8 = DispatchKeySet(AutogradFunctionality)
set var local.included.repr_ = 0x1fff
print local.included
# check: $9 = DispatchKeySet(CPU, CUDA, Meta, PrivateUse1, BackendSelect, ADInplaceOrView, AutogradOther, AutogradCPU, AutogradCUDA, AutogradMeta, AutogradPrivateUse1, Tracer, AutocastCPU, AutocastCUDA, Batched)
# A tensor, with its key set inside.
print cuda
# check: $10 = {keySet_ = DispatchKeySet(CUDA, ADInplaceOrView, AutogradCUDA, AutocastCUDA), value_ = 3, requiresGrad_ = false, gradFn_ = ""}
# The flat model's set: bit i is kFlatKeyOrder[i].
print flat
# check: $11 = FlatDispatchKeySet(CPU, AutogradCPU, Tracer)
print/x flat.repr_
# check: $12 = 0x881
