set breakpoint pending off
# Walkthrough (a): a kernel reached through an operator's table.
# main calls add(); add computes the key and asks the table; the table calls
# the kernel through a function pointer. Each step is a frame.
break addPolar
run
# check: Breakpoint 1, mini::ch01::addPolar (a=Rectangular(1, 1), b=Polar(2, 0.5)) at [...]chapters/01_vtable/src/polar_kernels.cpp:[...]
bt -frame-arguments presence
# check: #0  mini::ch01::addPolar (...) at [...]/polar_kernels.cpp:[...]
# check: #1  [...] in mini::ch01::OperatorTable<[...]>::call([...]) const (...) at [...]/operator_table.h:[...]
# check: #2  [...] in mini::ch01::add (...) at [...]/operators.cpp:[...]
# check: #3  [...] in main ([...]) at [...]chapters/01_vtable/demo/main.cpp:[...]
# The key the table was asked for, one frame up:
frame 1
print key
# check: $1 = Polar
