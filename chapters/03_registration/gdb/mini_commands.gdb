set breakpoint pending off
# The dispatcher commands where there is no dispatch to show: before the
# program runs, and at a frame (main) that no dispatcher call reached. Each
# says so in one line; nothing raises.
mini bt
# check: mini bt: no stack; the program is not running
mini why
# check: mini why: no stack; the program is not running
break main
run
mini why
# check: mini why: no dispatcher call reached main(int, char**); select a kernel's frame [...]
mini bt
# check: #0  main (argc=[...]) at [...]/demo/main.cpp:[...]
