set breakpoint pending off
# Walkthrough (c): a registrar's constructor runs during static
# initialisation, before main. There is no main() frame on this stack: the C
# runtime calls each file's initialiser, which constructs the registrars.
# Which file's registrars run first is up to the linker, so the breakpoint
# waits for the one that registers addPolar.
break KernelRegistrar if kernel == mini::ch01::addPolar
run
# check: Breakpoint 1[...], mini::ch01::KernelRegistrar<[...]>::KernelRegistrar([...]) (this=[...] <mini::ch01::(anonymous namespace)::registerAddPolar>, table=OperatorTable "add", key=Polar, kernel=[...] <mini::ch01::addPolar([...])>, site=...) at [...]/kernel_registrar.h:[...]
bt -frame-arguments presence
# check: #0  mini::ch01::KernelRegistrar<[...]>::KernelRegistrar([...]) (...) at [...]/kernel_registrar.h:[...]
# check: #1  [...] in __static_initialization_and_destruction_0 (...) at [...]chapters/01_vtable/src/polar_kernels.cpp:[...]
# check: #2  [...] in _GLOBAL__sub_I_[...] () at [...]/polar_kernels.cpp:[...]
# check: #3  [...] in call_init (...) at [...]
# Where the registration is recorded (the site errors will name):
print site
# check: $1 = {file = [...] "chapters/01_vtable/src/polar_kernels.cpp", line = [...]}
