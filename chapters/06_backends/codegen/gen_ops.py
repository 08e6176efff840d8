#!/usr/bin/env python3
"""The chapter's code generator: ops.yaml in, C++ out (what PyTorch's
torchgen does with native_functions.yaml, for a dozen operators).

    gen_ops.py --yaml ops.yaml [--exercise-yaml ops_exercise.yaml] --out DIR
               [--backends CPU,CUDA] [--root REPO]

Writes into DIR, only the files whose text changed (so a rebuild recompiles
only what a yaml edit touched):

    mini/generated/Operators.h, Operators_N.cpp _ops::add_Tensor and friends: name, overload
                                                name, schema string, call, redispatch (the
                                                .cpp in five shards, as ATen's)
    mini/generated/Functions.h                  the public API: add, add_out (inline, each
                                                calls its _ops struct, as ATen's Functions.h)
    mini/generated/RedispatchFunctions.h        redispatch::add(keySet, ...): what a kernel
                                                calls to go on below its own key
    mini/generated/TensorMethodDeclarations.h,  a.add(b), a.add_(b), ...: the methods of
    mini/generated/TensorMethodDefinitions.h    `variants: method` entries, declared inside
                                                class Tensor, as TensorBody.h's are
    mini/generated/MetaFunctions.h              meta::structured_add_Tensor: meta()
    mini/generated/NativeFunctions.h            structured_ufunc_add_CPU: impl(); every
                                                plain kernel named in `dispatch:`
    RegisterSchema.cpp                          m.def(...) of every entry
    RegisterCPU.cpp, RegisterCUDA.cpp           wrapper_CPU_add_Tensor and friends, and
                                                the plain kernels of those keys
    RegisterMeta.cpp                            meta() alone, and the plain Meta kernels
    RegisterBackendSelect.cpp                   the factories' BackendSelect kernels
    RegisterCompositeExplicitAutograd.cpp,      kernels written once for every backend
    RegisterCompositeImplicitAutograd.cpp
    RegisterADInplaceOrView.cpp                 version bumps of the written tensors,
                                                views marked as views

The Autograd row is gen_autograd.py's, from derivatives.yaml.

Each file starts with a header naming this generator and the yaml entries it
came from; each wrapper names its entry's line.

The entries of --exercise-yaml go into a second set of files of their own,
the same names with `Exercise` in front (mini/generated/ExerciseFunctions.h,
ExerciseRegisterCPU.cpp, ...), included only by the exercise's code. An
exercise's entry gets no Tensor method: methods are declared inside class
Tensor, which every file of the chapter includes. Editing
the exercise's yaml then recompiles only those few files, not every file of
the chapter that includes Functions.h. PyTorch meets the same problem,
at the scale of two thousand operators, with one header per operator
(ATen/ops/add.h, add_native.h, add_meta.h: AT_PER_OPERATOR_HEADERS).
"""

import argparse
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from model import Operator, OpsYamlError, load_operators  # noqa: E402
from schema import Schema  # noqa: E402

GENERATOR = "chapters/06_backends/codegen/gen_ops.py"


# ---------------------------------------------------------------- names
# PyTorch's names where there is one: cpp_name is at::add_out's, wrapper_id
# makes wrapper_CPU_add_out_out, the meta class is meta::structured_add_Tensor.

def cpp_name(schema: Schema) -> str:
    return f"{schema.name}_out" if schema.is_out else schema.name


def wrapper_id(schema: Schema) -> str:
    return f"{cpp_name(schema)}_{schema.overload}" if schema.overload else cpp_name(schema)


def ops_struct(schema: Schema) -> str:
    """add.Tensor: add_Tensor, add_.Tensor: add__Tensor, neg: neg: the name of
    the operator's struct in _ops, PyTorch's at::_ops::add_Tensor."""
    return f"{schema.name}_{schema.overload}" if schema.overload else schema.name


def functional_of(operator: Operator) -> Operator | None:
    return next((v for v in operator.variants if v.schema.is_functional), None)


def meta_class(operator: Operator) -> str:
    """Named after the functional variant (add.Tensor: structured_add_Tensor),
    or after the operator's name while it has none (abs.out: structured_abs)."""
    functional = functional_of(operator)
    if functional is None:
        return f"structured_{operator.schema.name}"
    schema = functional.schema
    return f"structured_{schema.name}_{schema.overload}" if schema.overload else f"structured_{schema.name}"


def impl_class(operator: Operator, backend: str) -> str:
    return f"structured_{operator.dispatch[backend]}"


# ------------------------------------------------------------- C++ spelling

def signature_type(schema: Schema) -> str:
    arguments = ", ".join(a.cpp_type() for a in schema.arguments)
    return f"{schema.cpp_return_type}({arguments})"


def parameters(arguments, with_defaults=False) -> str:
    """C++ parameters; with_defaults gives the schema's defaults to the
    trailing arguments that all have one (C++ takes no default before a
    parameter without one: arange's start=0 comes before its dtype)."""
    pieces = []
    first_default = len(arguments)
    while first_default > 0 and arguments[first_default - 1].cpp_default() is not None:
        first_default -= 1
    for index, argument in enumerate(arguments):
        piece = f"{argument.cpp_type()} {argument.name}"
        if with_defaults and index >= first_default:
            piece += f" = {argument.cpp_default()}"
        pieces.append(piece)
    return ", ".join(pieces)


def names(arguments) -> str:
    return ", ".join(a.name for a in arguments)


def public_arguments(schema: Schema):
    """at::add_out(out, self, other): the outputs first, as in ATen's C++ API."""
    return schema.out_arguments + schema.inputs if schema.is_out else schema.arguments


def public_parameters(schema: Schema, with_defaults=False) -> str:
    """A factory takes its dtype and device as one TensorOptions, as at::empty
    does (`empty({2, 3}, {ScalarType::Float, kMeta})`); requires_grad with them."""
    if not schema.is_factory:
        return parameters(public_arguments(schema), with_defaults)
    options = "const TensorOptions& options" + (" = {}" if with_defaults else "")
    return ", ".join(filter(None, [parameters(schema.arguments[:-2], with_defaults), options]))


def public_body(schema: Schema) -> str:
    if not schema.is_factory:
        return f"  return _ops::{ops_struct(schema)}::call({names(schema.arguments)});\n"
    # torch::empty's shape (variable_factories.h): the call runs below
    # ADInplaceOrView, so the kernels' own writes (full's fill_) are no
    # in-place operations of the user's; the result is a leaf, which then
    # requires grad if asked.
    arguments = ", ".join(filter(None, [names(schema.arguments[:-2]), "options.dtype, options.device"]))
    return ("  Tensor result;\n"
            "  {\n    AutoDispatchBelowADInplaceOrView guard;\n"
            f"    result = _ops::{ops_struct(schema)}::call({arguments});\n  }}\n"
            "  if (options.requiresGrad) {\n    result.setRequiresGrad(true);\n  }\n"
            "  return result;\n")


def with_cpp_binding(ops: list[Operator]) -> list[Operator]:
    """The entries that get a generated free function: `variants: function`,
    and not written by hand (manual_cpp_binding)."""
    return [op for op in ops if not op.manual_cpp_binding and "function" in op.cpp_variants]


def methods(ops: list[Operator]) -> list[Operator]:
    return [op for op in ops if "method" in op.cpp_variants]


def const_inputs(arguments) -> str:
    """A meta()/impl() parameter list: inputs are read-only there."""
    return ", ".join(f"{'const Tensor&' if a.mutable else a.cpp_type()} {a.name}" for a in arguments)


# ---------------------------------------------------------------- files

def header(operators: list[Operator], what: str) -> str:
    lines = [f"// @generated by {GENERATOR}: {what}",
             "// Do not edit: change ops.yaml (or the generator) and rebuild. Made from:"]
    lines += [f"//   {op.origin}  {op.schema.full_name}" for op in operators]
    return "\n".join(lines) + "\n"


def open_namespace() -> str:
    return "namespace mini {\ninline namespace ch06 {\n"


def close_namespace() -> str:
    return "}  // namespace ch06\n}  // namespace mini\n"


def torch_fn(function: str) -> str:
    """A kernel registered as PyTorch's generated code registers it,
    `TORCH_FN(wrapper_CPU_add_Tensor)`: a compile-time function pointer, so
    the unboxed call reaches the kernel through one indirect jump."""
    return f"mini::TORCH_FN<&{function}>"


def library_block(opening: str, registrations: list[str]) -> str:
    """`MINI_LIBRARY_IMPL(aten, CPU, m) { m.impl(...); ... }`, or, where a set
    has nothing to register (an exercise without CUDA kernels), a comment:
    an empty block would leave `m` unused."""
    if not registrations:
        return f"// Nothing to register here: no entry has a kernel for {opening}.\n"
    return "\n".join([f"{opening} {{"] + registrations + ["}\n"])


def std_includes(ops: list[Operator]) -> list[str]:
    """The standard headers a generated header's signatures need: <optional>
    only where some argument is optional (`int? dim`), so that the headers
    of the operators without one read as before."""
    optional = any(a.type.endswith("?") for op in ops for a in op.schema.arguments)
    return ["#include <cstdint>", *(["#include <optional>"] if optional else []), "#include <vector>\n"]


def operators_h(ops: list[Operator]) -> str:
    """The _ops structs: everything about an operator that a caller needs,
    with no handle in sight. Tensor is only declared here, so that class
    Tensor's generated methods can call these structs."""
    body = [header(ops, "one struct per operator, at::_ops's: its names, its schema, call and redispatch"),
            "#pragma once\n", *std_includes(ops),
            '#include "mini/core/dispatch_key_set.h"', '#include "mini/core/scalar.h"',
            '#include "mini/core/tensor_options.h"\n', open_namespace(), "class Tensor;\n", "namespace _ops {\n"]
    for op in ops:
        s = op.schema
        arguments = parameters(s.arguments)
        body.append(f"/// {s.text}  ({op.origin})\n"
                    f"struct {ops_struct(s)} {{\n"
                    f"  using schema = {signature_type(s)};\n"
                    f"  using ptr_schema = schema*;\n"
                    f'  static constexpr const char* name = "aten::{s.name}";\n'
                    f'  static constexpr const char* overload_name = "{s.overload}";\n'
                    f'  static constexpr const char* schema_str = "{s.text}";\n'
                    f"  static {s.cpp_return_type} call({arguments});\n"
                    f"  static {s.cpp_return_type} redispatch(DispatchKeySet dispatchKeySet, {arguments});\n}};\n")
    body.append("}  // namespace _ops\n" + close_namespace())
    return "\n".join(body)


# Operators.cpp is written in shards, as ATen's Operators_0.cpp to
# Operators_4.cpp are: each shard holds the call and redispatch of a few
# operators. One file with all of them instantiated Dispatcher::call and
# ::redispatch for every signature in one translation unit, where GCC's
# inliner, over its growth limit, stopped inlining the table lookup into
# them: add of one element cost 98 more instructions (callgrind).
OPERATOR_SHARDS = 5


def operator_shards(ops: list[Operator]) -> list[list[Operator]]:
    """Consecutive entries, so an operator's overloads share a shard."""
    size = -(-len(ops) // OPERATOR_SHARDS) if ops else 1
    return [ops[index * size:(index + 1) * size] for index in range(OPERATOR_SHARDS)]


def operators_cpp(ops: list[Operator], prefix: str) -> str:
    body = [header(ops, "call and redispatch of every _ops struct: the typed handle, looked up once"),
            f'#include "mini/generated/{prefix}Operators.h"\n', '#include "mini/core/tensor.h"',
            '#include "mini/dispatch/dispatcher.h"\n', open_namespace(), "namespace _ops {\n"]
    for op in ops:
        s = op.schema
        struct = ops_struct(s)
        create = f"create_{struct}_typed_handle"
        arguments = parameters(s.arguments)
        # One function-local static per function, as Operators_N.cpp has:
        # the lookup by name runs once, at the first call.
        body.append(f"// {op.origin}\n"
                    f"namespace {{\nTypedOperatorHandle<{struct}::schema> {create}() {{\n"
                    f"  return Dispatcher::singleton()\n"
                    f"      .findSchemaOrThrow({struct}::name, {struct}::overload_name)\n"
                    f"      .typed<{struct}::schema>();\n}}\n}}  // namespace\n\n"
                    f"{s.cpp_return_type} {struct}::call({arguments}) {{\n"
                    f"  static const auto op = {create}();\n"
                    f"  return op.call({names(s.arguments)});\n}}\n\n"
                    f"{s.cpp_return_type} {struct}::redispatch(DispatchKeySet dispatchKeySet, {arguments}) {{\n"
                    f"  static const auto op = {create}();\n"
                    f"  return op.redispatch(dispatchKeySet, {names(s.arguments)});\n}}\n")
    body.append("}  // namespace _ops\n" + close_namespace())
    return "\n".join(body)


def functions_h(ops: list[Operator], prefix: str) -> str:
    """The public functions, inline: each is one call of its _ops struct (a
    factory's also unpacks TensorOptions and runs below ADInplaceOrView)."""
    mine = with_cpp_binding(ops)
    body = [header(mine, "the public functions (torch.add, torch.add(out=)): each calls its _ops struct"),
            "#pragma once\n", *std_includes(ops),
            '#include "mini/core/auto_dispatch_below_ad_inplace_or_view.h"', '#include "mini/core/scalar.h"',
            '#include "mini/core/tensor.h"', '#include "mini/core/tensor_options.h"',
            f'#include "mini/generated/{prefix}Operators.h"\n', open_namespace()]
    for op in mine:
        s = op.schema
        body.append(f"/// {s.text}  ({op.origin})\n"
                    f"inline {s.cpp_return_type} {cpp_name(s)}({public_parameters(s, with_defaults=True)}) {{\n"
                    f"{public_body(s)}}}\n")
    body.append(close_namespace())
    return "\n".join(body)


def redispatch_functions_h(ops: list[Operator], prefix: str) -> str:
    """redispatch::add(keySet, self, other, alpha): the call a kernel makes to
    go on below its own key with the key set it computed, as
    at::redispatch:: in ATen's RedispatchFunctions.h. Every operator has one,
    whatever its variants; an out= operator has two, out first (add_out) and
    in the schema's order (add_outf)."""
    body = [header(ops, "redispatch::: every operator called again with a key set"),
            "#pragma once\n", *std_includes(ops),
            '#include "mini/core/dispatch_key_set.h"', '#include "mini/core/scalar.h"',
            '#include "mini/core/tensor.h"', f'#include "mini/generated/{prefix}Operators.h"\n',
            open_namespace(), "namespace redispatch {\n"]
    for op in ops:
        s = op.schema
        call = f"  return _ops::{ops_struct(s)}::redispatch(dispatchKeySet, {names(s.arguments)});\n}}\n"
        forms = [(cpp_name(s), parameters(public_arguments(s), with_defaults=True))]
        if s.is_out:
            forms.append((f"{cpp_name(s)}f", parameters(s.arguments)))
        for function, arguments in forms:
            body.append(f"/// {s.text}  ({op.origin})\n"
                        f"inline {s.cpp_return_type} {function}(DispatchKeySet dispatchKeySet, {arguments}) {{\n"
                        f"{call}")
    body.append("}  // namespace redispatch\n" + close_namespace())
    return "\n".join(body)


def method_arguments(schema: Schema):
    return [a for a in schema.arguments if a.name != "self"]


def tensor_method_declarations_h(ops: list[Operator]) -> str:
    """Included inside class Tensor (mini/core/tensor.h). A method is const
    even where it writes self (a.add_(b)), as TensorBody.h's are: a Tensor
    is a handle, and the write goes to what it points to."""
    mine = methods(ops)
    body = [header(mine, "the Tensor methods of `variants: method` entries, declared inside class Tensor"),
            "// No include guard and no namespace: this is a piece of class Tensor's body.\n"]
    for op in mine:
        s = op.schema
        body.append(f"/// {s.text}  ({op.origin})\n"
                    f"{s.cpp_return_type} {cpp_name(s)}({parameters(method_arguments(s), with_defaults=True)}) const;")
    return "\n".join(body) + "\n"


def tensor_method_definitions_h(ops: list[Operator]) -> str:
    """Each method is one call of its _ops struct with *this as self."""
    mine = methods(ops)
    body = [header(mine, "the Tensor methods' bodies: each calls its _ops struct with *this as self"),
            "#pragma once\n", '#include "mini/core/tensor.h"', '#include "mini/generated/Operators.h"\n',
            open_namespace()]
    for op in mine:
        s = op.schema
        this = "const_cast<Tensor&>(*this)" if any(a.name == "self" and a.mutable for a in s.arguments) else "*this"
        arguments = ", ".join(this if a.name == "self" else a.name for a in s.arguments)
        body.append(f"// {op.origin}\n"
                    f"inline {s.cpp_return_type} Tensor::{cpp_name(s)}({parameters(method_arguments(s))}) const {{\n"
                    f"  return _ops::{ops_struct(s)}::call({arguments});\n}}\n")
    body.append(close_namespace())
    return "\n".join(body)


def structured(ops: list[Operator]) -> list[Operator]:
    return [op for op in ops if op.structured]


def meta_functions_h(ops: list[Operator]) -> str:
    body = [header(structured(ops), "the meta classes: meta() checks the inputs and calls set_output"),
            "#pragma once\n", *std_includes(structured(ops)), '#include "mini/core/scalar.h"',
            '#include "mini/native/structured.h"\n', open_namespace(), "namespace meta {\n"]
    for op in structured(ops):
        body.append(f"// {op.origin}  {op.schema.full_name}\n"
                    f"struct {meta_class(op)} : public MetaBase {{\n"
                    f"  void meta({const_inputs(op.schema.inputs)});\n}};\n")
    body.append("}  // namespace meta\n" + close_namespace())
    return "\n".join(body)


def native_functions_h(ops: list[Operator], prefix: str) -> str:
    plain = [op for op in ops if op.dispatch and not op.structured]
    body = [header(structured(ops) + plain,
                   "the kernels: structured impl() into the output, and every plain kernel of `dispatch:`"),
            "#pragma once\n", f'#include "mini/generated/{prefix}MetaFunctions.h"\n', open_namespace()]
    # A plain kernel is declared with its schema's C++ signature, so a kernel
    # that does not match its entry fails to compile here, not at registration.
    kernels = {}
    for op in plain:
        for key, kernel in op.dispatch.items():
            kernels.setdefault(kernel, (op, []))[1].append(key)
    for kernel, (op, keys) in kernels.items():
        body.append(f"// {op.origin}  {op.schema.full_name}, dispatch {', '.join(keys)}\n"
                    f"{op.schema.cpp_return_type} {kernel}({parameters(op.schema.arguments)});\n")
    declared = set()
    for op in structured(ops):
        for backend in op.dispatch:
            name = impl_class(op, backend)
            if name in declared:
                continue
            declared.add(name)
            body.append(f"// {op.origin}  {op.schema.full_name}, dispatch {backend}\n"
                        f"struct {name} : public meta::{meta_class(op)} {{\n"
                        f"  void impl({const_inputs(op.schema.arguments)});\n}};\n")
    body.append(close_namespace())
    return "\n".join(body)


def register_schema_cpp(ops: list[Operator]) -> str:
    body = [header(ops, "the schema of every operator"), '#include "mini/op_registration/library.h"\n']
    body.append(library_block("MINI_LIBRARY_FRAGMENT(aten, m)",
                              [f'  m.def("{op.schema.text}");  // {op.origin}' for op in ops]))
    return "\n".join(body)


# [set_output_kinds]
# The three wrappers of a structured kernel differ only in where the output
# comes from; set_output says so (mini/native/structured.h has the checks).
SET_OUTPUT = {
    "functional": "outputs_[index] = createOut(sizes, options);",
    "inplace": 'checkInplace("aten::{op}", outputs_[index], sizes, options);',
    "out": 'resizeOut("aten::{op}", outputs_[index], sizes, options);',
}
# [set_output_kinds]


def _kind(schema: Schema) -> str:
    return "out" if schema.is_out else "inplace" if schema.is_inplace else "functional"


def structured_wrapper(op: Operator, variant: Operator, backend: str) -> str:
    s = variant.schema
    kind = _kind(s)
    base = impl_class(op, backend) if backend != "Meta" else f"meta::{meta_class(op)}"
    suffix = "meta_" + kind if backend == "Meta" else kind
    klass = f"{base.split('::')[-1]}_{suffix}"
    written = s.out_arguments[0].name if kind == "out" else s.arguments[0].name if kind == "inplace" else None
    constructor = (f"  explicit {klass}(const Tensor& {written}) : outputs_{{{written}}} {{}}\n" if written else "")
    set_output = SET_OUTPUT[kind].format(op=s.full_name)
    inputs = names(op.schema.inputs)
    call_impl = "" if backend == "Meta" else f"  op.impl({inputs}, op.outputs_[0]);\n"
    if kind == "functional":
        result = "  return std::move(op.outputs_[0]);\n"
        declaration = f"  {klass} op;\n"
    else:
        result = f"  return {written};\n"
        declaration = f"  {klass} op({written});\n"
    return (f"// {variant.origin}  {s.text}\n"
            f"struct {klass} final : public {base} {{\n"
            f"{constructor}"
            f"  void set_output(std::int64_t index, const Sizes& sizes, const TensorOptions& options) override {{\n"
            f"    {set_output}\n  }}\n"
            f"  const Tensor& maybe_get_output(std::int64_t index) override {{ return outputs_[index]; }}\n"
            f"  std::array<Tensor, 1> outputs_;\n}};\n\n"
            f"{s.cpp_return_type} wrapper_{backend}_{wrapper_id(s)}({parameters(s.arguments)}) {{\n"
            f"{declaration}"
            f"  op.meta({inputs});\n"
            f"{call_impl}"
            f"{result}}}\n")


# Every key a Register<Key>.cpp is written for; a structured operator has
# wrappers on its impl() backends (those of --backends) and on Meta.
REGISTERED_KEYS = ("CPU", "CUDA", "Meta", "BackendSelect", "CompositeExplicitAutograd", "CompositeImplicitAutograd")


def register_key_cpp(ops: list[Operator], backend: str, prefix: str, structured_backends: list[str]) -> str:
    """The `backend` row: the structured wrappers where this build has the
    backend's impl() (CUDA's only with nvcc), and every plain kernel named for
    the key, in every build (src/native/no_cuda/ has CUDA kernels that say why not)."""
    def has_wrappers(op: Operator) -> bool:
        return op.structured and backend in structured_backends and (backend == "Meta" or backend in op.dispatch)
    mine = [op for op in ops if has_wrappers(op) or (not op.structured and backend in op.dispatch)]
    made_from = [v for op in mine for v in ([op] + op.variants if op.structured else [op])]
    includes = [f"mini/generated/{prefix}NativeFunctions.h", "mini/op_registration/library.h",
                "mini/native/structured.h"]
    body = [header(made_from, f"the {backend} row of every operator it has a kernel for"),
            "#include <array>", "#include <cstdint>", "#include <utility>\n",
            "\n".join(f'#include "{include}"' for include in includes) + "\n", open_namespace(), "namespace {\n"]
    registrations = []
    for op in mine:
        if not op.structured:
            kernel = torch_fn("mini::" + op.dispatch[backend])
            registrations.append(f'  m.impl("{op.schema.full_name}", {kernel});  // {op.origin}')
            continue
        for variant in [op] + op.variants:
            body.append(structured_wrapper(op, variant, backend))
            wrapper = f"mini::wrapper_{backend}_{wrapper_id(variant.schema)}"
            registrations.append(f'  m.impl("{variant.schema.full_name}", {torch_fn(wrapper)});')
    body.append("}  // namespace\n" + close_namespace())
    body.append(library_block(f"MINI_LIBRARY_IMPL(aten, {backend}, m)", registrations))
    return "\n".join(body)


def ad_inplace_or_view_kernel(op: Operator) -> str:
    """Below the Autograd kernel, whatever its key set: a writer bumps the
    version of what it wrote, a view marks its result as a view."""
    s = op.schema
    call = f"_ops::{ops_struct(s)}::redispatch(dispatchKeySet & kAfterADInplaceOrViewKeySet, {names(s.arguments)})"
    if s.is_view:
        run, after, result = f"    result = {call};\n", f"  markAsView(result, {s.arguments[0].name});\n", "result"
    else:
        run, result = f"    {call};\n", s.mutable_arguments[0].name
        after = "".join(f"  bumpVersion({a.name});\n" for a in s.mutable_arguments)
    return (f"// {op.origin}\n"
            f"{s.cpp_return_type} ADInplaceOrView_{wrapper_id(s)}(DispatchKeySet dispatchKeySet, "
            f"{parameters(s.arguments)}) {{\n"
            + ("  Tensor result;\n" if s.is_view else "")
            + f"  {{\n    AutoDispatchBelowADInplaceOrView guard;\n{run}  }}\n{after}"
            f"  return {result};\n}}\n")


def register_ad_inplace_or_view_cpp(ops: list[Operator], prefix: str) -> str:
    mine = [op for op in ops if op.schema.mutable_arguments or op.schema.is_view]
    body = [header(mine, "ADInplaceOrView: every operator that writes a tensor bumps its version; a view is marked"),
            '#include "mini/autograd/ad_inplace_or_view_kernels.h"',
            '#include "mini/core/auto_dispatch_below_ad_inplace_or_view.h"',
            f'#include "mini/generated/{prefix}Operators.h"', '#include "mini/op_registration/library.h"\n',
            open_namespace(), "namespace {\n"]
    registrations = []
    for op in mine:
        body.append(ad_inplace_or_view_kernel(op))
        kernel = torch_fn("mini::ADInplaceOrView_" + wrapper_id(op.schema))
        registrations.append(f'  m.impl("{op.schema.full_name}", {kernel});')
    body.append("}  // namespace\n" + close_namespace())
    body.append(library_block("MINI_LIBRARY_IMPL(aten, ADInplaceOrView, m)", registrations))
    return "\n".join(body)


def generate(ops: list[Operator], backends: list[str], prefix: str = "") -> dict[str, str]:
    """One set of files for `ops`; `prefix` ("Exercise") names a second set."""
    files = {
        "mini/generated/Operators.h": operators_h(ops),
        "mini/generated/Functions.h": functions_h(ops, prefix),
        "mini/generated/RedispatchFunctions.h": redispatch_functions_h(ops, prefix),
        "mini/generated/MetaFunctions.h": meta_functions_h(ops),
        "mini/generated/NativeFunctions.h": native_functions_h(ops, prefix),
        "RegisterSchema.cpp": register_schema_cpp(ops),
        "RegisterADInplaceOrView.cpp": register_ad_inplace_or_view_cpp(ops, prefix),
    }
    for index, shard in enumerate(operator_shards(ops)):
        files[f"Operators_{index}.cpp"] = operators_cpp(shard, prefix)
    for key in REGISTERED_KEYS:
        files[f"Register{key}.cpp"] = register_key_cpp(ops, key, prefix, backends + ["Meta"])
    if not prefix:
        files["mini/generated/TensorMethodDeclarations.h"] = tensor_method_declarations_h(ops)
        files["mini/generated/TensorMethodDefinitions.h"] = tensor_method_definitions_h(ops)
    return {os.path.join(os.path.dirname(name), prefix + os.path.basename(name)): text
            for name, text in files.items()}


def split_exercise(ops: list[Operator], exercise_paths: set[str]) -> tuple[list[Operator], list[Operator]]:
    """(the course's operators, the exercise's): a structured operator and its
    variants must land in the same set of files, so a variant may delegate
    only to an operator of its own yaml file."""
    for op in ops:
        for variant in op.variants:
            if (variant.path in exercise_paths) != (op.path in exercise_paths):
                raise OpsYamlError(variant.path, variant.line,
                                   f"{variant.schema.full_name}: structured_delegate '{op.schema.full_name}' "
                                   f"is in {op.path}; an exercise's entries delegate only to entries of their own file")
    for op in ops:
        if op.path in exercise_paths and "method" in op.cpp_variants:
            raise OpsYamlError(op.path, op.line,
                               f"{op.schema.full_name}: an exercise's operator gets no Tensor method "
                               "('variants: function' only): methods are declared inside class Tensor, "
                               "which every file of the chapter includes, so one would rebuild the chapter")
    return ([op for op in ops if op.path not in exercise_paths], [op for op in ops if op.path in exercise_paths])


def write_if_changed(path: str, text: str) -> None:
    if os.path.exists(path):
        with open(path, encoding="utf-8") as existing:
            if existing.read() == text:
                return
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8") as output:
        output.write(text)


def write_files(out: str, files: dict[str, str]) -> int:
    """Writes every generated file into `out`; the generator's exit status."""
    for name, text in files.items():
        write_if_changed(os.path.join(out, name), text)
    return 0


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--yaml", action="append", required=True, help="ops.yaml, then any more (in order)")
    parser.add_argument("--exercise-yaml", action="append", default=[],
                        help="read after --yaml; its entries go into the Exercise* files")
    parser.add_argument("--out", required=True, help="where the generated files go")
    parser.add_argument("--backends", default="CPU",
                        help="comma-separated, the backends with structured impl()s: CPU,CUDA (Meta always)")
    parser.add_argument("--root", default=None, help="paths in headers and errors are relative to this")
    args = parser.parse_args(argv)
    root = args.root or os.getcwd()

    def display(path: str) -> str:
        return os.path.relpath(os.path.abspath(path), root)

    backends = [b for b in args.backends.split(",") if b]
    try:
        ops = load_operators([(path, display(path)) for path in args.yaml + args.exercise_yaml])
        course, exercise = split_exercise(ops, {display(path) for path in args.exercise_yaml})
    except OpsYamlError as error:
        print(f"error: {error}", file=sys.stderr)
        return 1
    files = generate(course, backends)
    if args.exercise_yaml:
        files.update(generate(exercise, backends, prefix="Exercise"))
    return write_files(args.out, files)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
