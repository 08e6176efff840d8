set breakpoint pending off
# The dispatcher commands of chapters 03 on (mini bt, mini why) in a program
# without a Dispatcher: each says so in one line, before and after the
# program starts.
mini bt
# check: mini bt: this program has no Dispatcher (chapters 03 on); use bt
mini why
# check: mini why: this program has no Dispatcher (chapters 03 on); nothing to explain
break main
run
mini bt
# check: mini bt: this program has no Dispatcher (chapters 03 on); use bt
mini why
# check: mini why: this program has no Dispatcher (chapters 03 on); nothing to explain
