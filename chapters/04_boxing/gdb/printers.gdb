set breakpoint pending off
# The chapter's pretty printers (gdb/printers/ch04_boxing.py), checked. The
# second traced call is myscale(%2, 0.5): a Tensor and a Double.
break mini::ch04::tracerFallback
run
continue
# check: Breakpoint 1, mini::ch04::tracerFallback (op=OperatorHandle "myops::myscale", dispatchKeySet=DispatchKeySet(CPU, Tracer), stack=[...]) at [...]/tracer.cpp:[...]
next
print *stack
# check: $1 = Stack[IValue(Tensor [11, 22, 33] DispatchKeySet(CPU, ADInplaceOrView, AutogradCPU, AutocastCPU)), IValue(Double 0.5)]
print (*stack)[1]
# check: $2 = IValue(Double 0.5)
print sizeof((*stack)[1])
# check: $3 = 16
# The printer reads the tag's name from the debug info; rewriting the tag
# and payload by hand shows each kind.
set var (*stack)[1].tag_ = mini::ch04::IValue::Tag::Int
set var (*stack)[1].payload_.asInt = 3
print (*stack)[1]
# check: $4 = IValue(Int 3)
set var (*stack)[1].tag_ = mini::ch04::IValue::Tag::Bool
set var (*stack)[1].payload_.asBool = true
print (*stack)[1]
# check: $5 = IValue(Bool true)
set var (*stack)[1].tag_ = mini::ch04::IValue::Tag::None
print (*stack)[1]
# check: $6 = IValue(None)
print (*stack)[1].tagKind()
# check: $7 = "None"
