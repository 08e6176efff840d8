set breakpoint pending off
# The chapter's pretty printers (gdb/printers/ch01_numbers.py), checked.
break mulPolar
run
# A Number prints as fmt prints it; a DispatchKey by its enumerator name.
print a
# check: $1 = Polar(2, 0.5)
print a.key
# check: $2 = Polar
print mini::ch01::rectangular(3, -4)
# check: $3 = Rectangular(3, -4)
# An operator's table: a row per registered key, with the kernel and its site.
print mini::ch01::mulTable()
# check: $4 = OperatorTable "mul" = {[Real] = mini::ch01::mulReal registered at [...]real_kernels.cpp:[...], [Rectangular] = mini::ch01::mulRectangular registered at chapters/01_vtable/src/rectangular_kernels.cpp:[...], [Polar] = mini::ch01::mulPolar registered at chapters/01_vtable/src/polar_kernels.cpp:[...]}
