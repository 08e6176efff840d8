"""`mini bt` and `mini why`: the dispatcher's view of the stack, chapter 03 on.

- `mini bt [-full] [BACKTRACE OPTIONS]` prints the backtrace one line per
  dispatch hop: each kernel a dispatcher call reached is prefixed with the
  operator and the key it was dispatched on, `[myops::myadd @ CPU]`, and the
  plumbing frames between it and the dispatcher (the unboxed wrappers,
  `KernelFunction::call`, `Dispatcher::call`/`redispatch`, the typed handle,
  chapter 06's generated `wrapper_*` functions, `_ops` structs and
  `redispatch::` functions) are folded into it. `-full`
  shows the folded frames, indented under their kernel. It is gdb's own
  `backtrace` run through a frame filter
  (`mini-dispatch`, off except while `mini bt` runs), so plain `bt` is
  unchanged and every other backtrace option works.
- `mini why` explains the dispatch that reached the selected frame (or the
  nearest dispatcher frame older than it): each argument's key set, this
  thread's included and excluded sets, the set dispatched on, the slot, what
  the slot holds and which registration put it there (the kernel on the key,
  an alias key's kernel, a backend fallback), with the keys that a
  fallthrough let the call skip; for a redispatch, the kernel that passed the
  set down and the hop that reached it.

Everything is read from the frames' variables and the operator's memory
through the debug info (the dispatcher frame's `op` and `dispatchKeySet`, the
OperatorEntry's `kernels_` and published table, the Dispatcher's fallbacks,
`tlsLocalDispatchKeySet`); nothing is called in the program. In chapters 01
and 02, which have no Dispatcher, and at a frame no dispatcher call reached,
each command says so in one line.
"""
import re

import gdb
from gdb.FrameDecorator import FrameDecorator

from printers import READ_ERRORS, Invalid, enum_name, first_pointer, has_field, referent, std_string
from printers.ch02_keyset import _KeyLayout
from printers.ch03_registration import _kernel_identity, _optional, _slot_keys, _std_list, kernel_text, live_table

# A dispatcher frame: the hop itself, holding `op` and `dispatchKeySet`.
_DISPATCHER = re.compile(r"^mini::(ch\d\d::)?Dispatcher::(call|redispatch|callBoxed|redispatchBoxed)\b")
# Frames between a dispatcher frame and its kernel, or between a public
# function and its dispatcher frame.
_PLUMBING = re.compile(r"^mini::(ch\d\d::)?("
                       r"Dispatcher::(call|redispatch|callBoxed|redispatchBoxed)\b"
                       r"|KernelFunction::"
                       r"|TypedOperatorHandle<.*>::(call|redispatch)\b"
                       r"|OperatorHandle::(callBoxed|redispatchBoxed)\b"
                       r"|impl::(wrap_kernel_functor_unboxed_|BoxedKernelWrapper|make_boxed_from_unboxed"
                       r"|callUnboxedKernelFunction|WrapFunctionInto(Runtime)?Functor_"
                       r"|call_functor_with_args_from_stack|push_outputs|boxed_kernel_wrapper)"
                       r"|(\(anonymous namespace\)::)?wrapper_\w+(\(|$)"
                       # chapter 06's generated call path: _ops::add_Tensor::call
                       # and ::redispatch, and redispatch::add, which a kernel
                       # calls to go on below its key
                       r"|_ops::\w+::(call|redispatch)(\(|$)"
                       r"|redispatch::\w+(\(|$)"
                       r")")
# Chapter 06's generated wrappers (wrapper_CPU_add_Tensor in RegisterCPU.cpp):
# the function the slot holds, which runs a structured kernel's meta() and
# impl(). Folded like the plumbing, but `mini why` reads the arguments the
# dispatcher passed from it rather than from impl().
_WRAPPER = re.compile(r"^mini::(ch\d\d::)?(\(anonymous namespace\)::)?wrapper_\w+(\(|$)")
_SEARCH_DEPTH = 16  # frames `mini why` looks through for the dispatcher frame


def _frame_name(frame):
    try:
        function = frame.function()
        return function.name if function is not None else (frame.name() or "")
    except READ_ERRORS:
        return ""


def _without_parameters(name):
    """'mini::ch03::myadd_cpu' for 'mini::ch03::myadd_cpu(mini::ch03::Tensor const&, ...)', as plain bt
    names a frame; a template's arguments and '(anonymous namespace)' stay."""
    text = re.sub(r"\)\s*(const)?\s*$", ")", name)
    if not text.endswith(")"):
        return name
    depth = 0
    for index in range(len(text) - 1, -1, -1):
        depth += {")": 1, "(": -1}.get(text[index], 0)
        if depth == 0:
            return text[:index] if index > 0 else name
    return name


def _namespace_of(name):
    match = re.match(r"^(mini::ch\d\d)::", name)
    return match.group(1) if match else "mini"


def _has_dispatcher():
    """The chapter namespace that has a Dispatcher, or None (chapters 01, 02)."""
    for chapter in range(9, 2, -1):
        try:
            gdb.lookup_type(f"mini::ch{chapter:02d}::Dispatcher")
            return f"mini::ch{chapter:02d}"
        except gdb.error:
            continue
    return None


def _highest(namespace, repr_):
    """The runtime key a key set dispatches to (highestPriorityKey)."""
    layout = _KeyLayout(namespace)
    functionality = max((k for k, _ in layout.functionalities if repr_ & (1 << (layout.num_backends + k - 1))),
                        default=None)
    if functionality is None:
        return "Undefined"
    backend = max((b for b, _ in layout.backends if repr_ & (1 << (b - 1))), default=None)
    if functionality in layout.block_start and backend is not None:
        return layout.key_names[layout.block_start[functionality] + backend]
    return layout.key_names[functionality]


def _runtime_keys(namespace, functionality_repr, backend_repr):
    """Names of the runtime keys for the functionality bits of one set,
    expanded per backend with the backend bits of another."""
    layout = _KeyLayout(namespace)
    backends = [b for b, _ in layout.backends if backend_repr & (1 << (b - 1))]
    names = []
    for k, name in layout.functionalities:
        if functionality_repr & (1 << (layout.num_backends + k - 1)):
            if k in layout.block_start and backends:
                names.extend(layout.key_names[layout.block_start[k] + b] for b in backends)
            else:
                names.append(name)
    return names


def _key_set_text(value):
    return value.format_string()


class _Hop:
    """What one dispatcher frame holds."""

    def __init__(self, frame):
        self.frame = frame
        self.kind = _DISPATCHER.match(_frame_name(frame)).group(2)
        self.namespace = _namespace_of(_frame_name(frame))
        self.key_set = frame.read_var("dispatchKeySet")
        handle = referent(frame.read_var("op"))
        pointer = handle["entry_"]
        if int(pointer) == 0:
            raise Invalid("null entry")
        self.entry = pointer.dereference()
        self.operator = std_string(self.entry["name_"])
        self.key = _highest(self.namespace, int(self.key_set["repr_"]))


def _hop_of(frame):
    """The _Hop of a dispatcher frame, or None if it cannot be read (yet)."""
    try:
        return _Hop(frame)
    except READ_ERRORS:
        return None


class _HopDecorator(FrameDecorator):
    """A kernel frame, named with the operator and key that reached it, with
    the plumbing frames that led to it folded in."""

    def __init__(self, base, folded):
        super().__init__(base)
        self.folded = folded
        self.hop = None
        for decorator in folded:
            frame = decorator.inferior_frame()
            if _DISPATCHER.match(_frame_name(frame)):
                self.hop = _hop_of(frame)
                break

    def function(self):
        name = super().function()
        if isinstance(name, int):  # an address: gdb prints the name it knows
            return name
        name = _without_parameters(name)
        return name if self.hop is None else f"[{self.hop.operator} @ {self.hop.key}] {name}"

    def elided(self):
        return iter([_HopDecorator(frame, []) for frame in self.folded]) if self.folded else None


def _fold(decorators):
    kernel, folded = None, []
    for decorator in decorators:
        if kernel is not None and _PLUMBING.match(_frame_name(decorator.inferior_frame())):
            folded.append(decorator)
            continue
        if kernel is not None:
            yield _HopDecorator(kernel, folded)
        kernel, folded = decorator, []
    if kernel is not None:
        yield _HopDecorator(kernel, folded)


class DispatchFrameFilter:
    """Off except while `mini bt` runs: plain `bt` stays as it is."""

    def __init__(self):
        self.name = "mini-dispatch"
        self.priority = 100
        self.enabled = False
        gdb.frame_filters[self.name] = self

    def filter(self, frames):
        return _fold(frames)


class MiniPrefix(gdb.Command):
    """The course's dispatcher commands: mini bt, mini why."""

    def __init__(self):
        super().__init__("mini", gdb.COMMAND_STACK, gdb.COMPLETE_COMMAND, prefix=True)


class MiniBacktrace(gdb.Command):
    """mini bt [-full] [backtrace options]: one line per dispatch hop.

Each kernel a dispatcher call reached reads `[OPERATOR @ KEY] kernel (args) at
file:line`; the plumbing frames between it and the dispatcher are folded.
-full shows them, indented under their kernel. Plain `bt` is unchanged."""

    def __init__(self, frame_filter):
        super().__init__("mini bt", gdb.COMMAND_STACK)
        self.frame_filter = frame_filter

    def invoke(self, argument, from_tty):
        words = argument.split()
        full = "-full" in words
        options = " ".join(word for word in words if word != "-full")
        if _has_dispatcher() is None:
            print("mini bt: this program has no Dispatcher (chapters 03 on); use bt")
            return
        try:
            gdb.selected_frame()
        except gdb.error:
            print("mini bt: no stack; the program is not running")
            return
        tracing = gdb.parameter("trace-commands")
        self.frame_filter.enabled = True
        try:
            # The inner backtrace is this command's doing: trace-commands does not echo it.
            gdb.execute("set trace-commands off", False, True)
            text = gdb.execute(f"backtrace {'' if full else '-hide '}{options}".rstrip(), False, True)
        finally:
            self.frame_filter.enabled = False
            gdb.execute(f"set trace-commands {'on' if tracing else 'off'}", False, True)
        print(text, end="")


def _tensor_key_set(tensor):
    """The DispatchKeySet of a Tensor of any chapter's layout."""
    tensor = referent(tensor)
    if has_field(tensor, "keySet_"):  # chapter 03: a plain struct
        return tensor["keySet_"]
    impl = first_pointer(tensor["impl_"])
    if impl is None or int(impl) == 0:
        raise Invalid("undefined tensor")
    impl = impl.dereference()
    return impl["keySet_"] if has_field(impl, "keySet_") else impl["keySet"]


def _is_tensor(type_):
    type_ = type_.strip_typedefs()
    if type_.code in (gdb.TYPE_CODE_REF, gdb.TYPE_CODE_RVALUE_REF):
        type_ = type_.target().strip_typedefs()
    return re.match(r"^mini::(ch\d\d::)?Tensor$", type_.unqualified().tag or "") is not None


def _argument_key_sets(frame):
    """(name, key set) for each tensor argument of a kernel frame; a boxed
    kernel's tensors are read from its stack."""
    found = []
    try:
        block = frame.block()
    except READ_ERRORS:
        return found
    while block is not None and block.function is None:
        block = block.superblock
    if block is None:
        return found
    for symbol in block:
        if not symbol.is_argument:
            continue
        value = symbol.value(frame)
        if _is_tensor(value.type):
            found.append((symbol.name, int(_tensor_key_set(value)["repr_"]), _tensor_key_set(value)))
        elif symbol.name == "stack" and value.type.strip_typedefs().code == gdb.TYPE_CODE_PTR:
            found.extend(_stack_key_sets(value.dereference()))
    return found


def _stack_key_sets(stack):
    from printers import vector_elements
    from printers.ch04_boxing import _heap_object

    found = []
    values, _ = vector_elements(stack)
    for index, value in enumerate(values):
        if enum_name(value["tag_"]) == "Tensor":
            impl = _heap_object(value["payload_"])
            key_set = impl["keySet_"] if has_field(impl, "keySet_") else impl["keySet"]
            found.append((f"stack[{index}]", int(key_set["repr_"]), key_set))
    return found


def _std_map_items(value):
    """(key, mapped) of each element of a libstdc++ std::map, in key order."""
    type_ = value.type.strip_typedefs()
    key_type, mapped_type = type_.template_argument(0), type_.template_argument(1)
    header = value["_M_t"]["_M_impl"]["_M_header"]
    node_base = gdb.lookup_type("std::_Rb_tree_node_base")
    key_offset = node_base.sizeof
    mapped_offset = key_offset + key_type.sizeof
    mapped_offset += -mapped_offset % mapped_type.alignof
    char_pointer = gdb.lookup_type("char").pointer()
    items = []

    def visit(node, depth):
        if int(node) == 0 or depth > 64 or len(items) > 1000:
            return
        visit(node["_M_left"], depth + 1)
        raw = node.cast(char_pointer)
        items.append(((raw + key_offset).cast(key_type.pointer()).dereference(),
                      (raw + mapped_offset).cast(mapped_type.pointer()).dereference()))
        visit(node["_M_right"], depth + 1)

    visit(header["_M_parent"], 0)
    return items


def _same_kernel(slot, kernel):
    return _kernel_identity(slot) == _kernel_identity(kernel)


# Where a slot's kernel can come from, in the order computeDispatchTableEntryWithDebug tries them.
_ALIAS_RULES = (("CompositeExplicitAutograd", "default backend kernel"),
                ("CompositeImplicitAutograd", "math kernel"),
                ("Autograd", "autograd kernel"))


def _registration(namespace, entry, key, index, slot):
    """Which registration filled the slot: the first of the rules whose
    newest kernel is the one in the slot."""
    registered = {enum_name(k): v for k, v in _std_map_items(entry["kernels_"])}
    for alias, rule in ((key, "kernel"),) + _ALIAS_RULES:
        kernels = list(_std_list(registered[alias], 1)) if alias in registered else []
        if kernels and _same_kernel(slot, kernels[0]["kernel"]):
            how = f"a kernel on {key}" if alias == key else f"alias key {alias} ({rule})"
            return f"{how}, {std_string(kernels[0]['debug'])}"
    dispatcher = gdb.parse_and_eval(f"'{namespace}::Dispatcher::singleton()::instance'")
    fallback = _optional(dispatcher["backendFallbackKernels_"]["_M_elems"][index])
    if fallback is not None and _same_kernel(slot, fallback["kernel"]):
        return f"the backend fallback for {key}, {std_string(fallback['debug'])}"
    return "no registration of this operator matches the slot (changed since the call?)"


def _find_hop(start):
    """(kernel frame, dispatcher frame) for the dispatch that reached `start`;
    the kernel frame is the one the dispatcher called: a generated wrapper
    where one sits between `start` and the dispatcher."""
    frame, kernel = start, start
    for _ in range(_SEARCH_DEPTH):
        if frame is None:
            return None, None
        name = _frame_name(frame)
        if _DISPATCHER.match(name):
            return kernel, frame
        if _WRAPPER.match(name):
            kernel = frame
        if frame != start and not _PLUMBING.match(name):
            return None, None  # a second non-plumbing frame: start is not a kernel a dispatch reached
        frame = frame.older()
    return None, None


def _is_kernel_lambda(frame):
    """The lambda a generated Autograd kernel calls at once around its guard
    and its redispatch (1.13's DISPATCH_TO_NON_VAR_TYPE_WITH_TMP_RETURN_VALUES):
    part of the kernel below it, so the set was passed down by the kernel."""
    if not _frame_name(frame).startswith("operator()"):
        return False
    try:
        symtab = frame.find_sal().symtab
    except READ_ERRORS:
        return False
    return symtab is not None and re.search(r"/autograd/(Exercise)?VariableType\.cpp$", symtab.filename) is not None


def _redispatch_text(dispatcher_frame):
    """Which kernel passed the set down to a redispatch, and the hop that reached that kernel."""
    frame = dispatcher_frame.older()
    for _ in range(_SEARCH_DEPTH):
        if frame is None or not (_PLUMBING.match(_frame_name(frame)) or _is_kernel_lambda(frame)):
            break
        frame = frame.older()
    if frame is None or _PLUMBING.match(_frame_name(frame)):
        return "redispatch    the set was passed down by a kernel older than the search reaches"
    kernel = _without_parameters(_frame_name(frame))
    text = f"redispatch    the set was passed down by {kernel} in frame #{frame.level()}"
    _, upper = _find_hop(frame)
    hop = _hop_of(upper) if upper is not None else None
    if hop is not None:
        text += (f",\n              reached as [{hop.operator} @ {hop.key}] with {_key_set_text(hop.key_set)}"
                 f" (Dispatcher::{hop.kind} in frame #{upper.level()})")
    return text


def _why(frame):
    kernel_frame, dispatcher_frame = _find_hop(frame)
    if dispatcher_frame is None:
        print(f"mini why: no dispatcher call reached {_frame_name(frame) or 'this frame'}; "
              "select a kernel's frame (or a frame between it and Dispatcher::call)")
        return
    hop = _hop_of(dispatcher_frame)
    if hop is None:
        print("mini why: the dispatcher frame cannot be read yet (is its key set computed?)")
        return
    namespace = hop.namespace
    dispatched = int(hop.key_set["repr_"])
    print(f"operator      {hop.operator}, Dispatcher::{hop.kind} in frame #{dispatcher_frame.level()}")
    arguments = _argument_key_sets(kernel_frame)
    for name, _, key_set in arguments:
        print(f"argument      {name}: {_key_set_text(key_set)}")
    local = gdb.parse_and_eval(f"'{namespace}::tlsLocalDispatchKeySet'")
    print(f"included      {_key_set_text(local['included'])}  (this thread's, now)")
    print(f"excluded      {_key_set_text(local['excluded'])}  (this thread's, now)")
    if hop.kind in ("call", "callBoxed"):
        tensor_keys = 0
        for _, repr_, _ in arguments:
            tensor_keys |= repr_
        excluded = int(local["excluded"]["repr_"])
        candidate = (tensor_keys | int(local["included"]["repr_"])) & ~excluded
        changed = _runtime_keys(namespace, dispatched & excluded, dispatched)
        if changed:
            # A guard in a newer frame (the Autograd kernel's, below autograd)
            # changed this thread's sets since this call: the skipped keys
            # cannot be computed from the sets as they are now.
            print(f"fallthrough   unknown: this thread now excludes {', '.join(changed)}, which this call"
                  " dispatched on (a guard in a newer frame changed its sets since)")
        else:
            skipped = _runtime_keys(namespace, candidate & ~dispatched, candidate)
            print(f"fallthrough   {', '.join(skipped) if skipped else 'none'}"
                  "  (in (arguments | included) - excluded, masked off as fallthrough)")
    else:
        print(_redispatch_text(dispatcher_frame))
    print(f"dispatched on {_key_set_text(hop.key_set)}, highest key {hop.key}")
    keys = _slot_keys(namespace)
    if hop.key not in keys:
        print(f"slot          none: {hop.key} is not a runtime key")
        return
    index = keys.index(hop.key)
    slot = live_table(hop.entry)["slots"]["_M_elems"][index]
    print(f"slot          {index} ({hop.key}) = {kernel_text(slot)}")
    print(f"filled by     {_registration(namespace, hop.entry, hop.key, index, slot)}")


class MiniWhy(gdb.Command):
    """mini why: why the dispatcher called the selected kernel.

At a kernel's breakpoint (or any frame between it and its dispatcher
frame): each argument's key set, this thread's included and excluded sets,
the keys a fallthrough skipped, the set dispatched on, the slot and the
registration that filled it."""

    def __init__(self):
        super().__init__("mini why", gdb.COMMAND_STACK)

    def invoke(self, argument, from_tty):
        if _has_dispatcher() is None:
            print("mini why: this program has no Dispatcher (chapters 03 on); nothing to explain")
            return
        try:
            frame = gdb.selected_frame()
        except gdb.error:
            print("mini why: no stack; the program is not running")
            return
        try:
            _why(frame)
        except READ_ERRORS as error:
            print(f"mini why: the dispatch cannot be read here ({type(error).__name__})")


def register(collection):
    MiniPrefix()
    MiniBacktrace(DispatchFrameFilter())
    MiniWhy()
