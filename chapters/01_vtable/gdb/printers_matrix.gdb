set breakpoint pending off
# The printer and command matrix for chapter 01 (issue 18): every type of
# this chapter that has a printer, printed live from this chapter's own
# program, and every course command. Chapter 01 has DispatchKey (and the
# Number and OperatorTable of its lesson); it has no Dispatcher yet.
break addPolar
run
# check: Breakpoint 1, mini::ch01::addPolar (a=Rectangular(1, 1), b=Polar(2, 0.5)) at [...]
print b.key
# check: $1 = Polar
print a
# check: $2 = Rectangular(1, 1)
frame 1
print key
# check: $3 = Polar
print *this
# check: $4 = OperatorTable "add" = {[Real] = mini::ch01::addReal registered at [...], [Rectangular] = mini::ch01::addRectangular registered at [...], [Polar] = mini::ch01::addPolar registered at chapters/01_vtable/src/polar_kernels.cpp:[...]}
# The dispatch-table command needs a Dispatcher (chapter 03 on); here it
# says so in one line instead of failing inside Python.
mini-dispatch-table myops::myadd
# check: no Dispatcher in this program (chapter 03 on)
