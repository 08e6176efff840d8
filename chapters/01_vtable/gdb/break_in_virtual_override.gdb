set breakpoint pending off
# Walkthrough (b): a virtual call. The vtable jump is a single indirect call
# instruction, so no dispatcher frame sits between the caller and the override.
break mini::ch01::VirtualPolar::magnitude
run
# check: Breakpoint 1, mini::ch01::VirtualPolar::magnitude (this=[...]) at [...]chapters/01_vtable/src/virtual_number.cpp:[...]
bt -frame-arguments presence
# check: #0  mini::ch01::VirtualPolar::magnitude (...) at [...]/virtual_number.cpp:[...]
# check: #1  [...] in (anonymous namespace)::magnitudeOf (...) at [...]/demo/main.cpp:[...]
# check: #2  [...] in main ([...]) at [...]/demo/main.cpp:[...]
# `this` knows its dynamic type through its vtable pointer:
print *this
# check: $1 = {<mini::ch01::VirtualNumber> = {_vptr.VirtualNumber = [...] <vtable for mini::ch01::VirtualPolar+16>}, r_ = 2, theta_ = 0.5}
