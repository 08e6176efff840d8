set breakpoint pending off
# Walkthrough (b): a static registration, before main. MINI_LIBRARY_IMPL
# defines a function holding the block's body and a static LibraryInit that
# calls it; the C runtime constructs that static while it initialises the
# file. Stop in the body of myops' CPU block (its name ends in a counter,
# hence rbreak): other files' registrations may run before or after it, and
# nothing here depends on which.
rbreak ^MINI_LIBRARY_IMPL_init_myops_CPU_
run
# check: Breakpoint 1, MINI_LIBRARY_IMPL_init_myops_CPU_[...] (m=...) at [...]chapters/03_registration/src/extension/myadd.cpp:[...]
# check: m.impl("myadd", &mini::myadd_cpu);
# Step into m.impl, over the standard library's string_view and the
# SourceSite default argument.
skip -gfi /usr/include/c++/*/*
skip -gfi /usr/include/c++/*/bits/*
skip -rfu ^mini::ch03::SourceSite::
step
# check: mini::ch03::Library::impl<[...]>([...]) (this=[...] <MINI_LIBRARY_IMPL_static_init_myops_CPU_[...]>, name="myadd", kernel=[...] <mini::ch03::myadd_cpu([...])>, site=...) at [...]/library.h:[...]
# Frames 3 and 4 are the compiler's initialisers for the file: g++ calls them
# __static_initialization_and_destruction_0 and _GLOBAL__sub_I_<symbol>,
# clang __cxx_global_var_init.N and _GLOBAL__sub_I_myadd.cpp.
bt -frame-arguments presence
# check: #0  mini::ch03::Library::impl<[...]>([...]) (...) at [...]/library.h:[...]
# check: #1  [...] in MINI_LIBRARY_IMPL_init_myops_CPU_[...] (...) at [...]chapters/03_registration/src/extension/myadd.cpp:[...]
# check: #2  [...] in mini::ch03::LibraryInit::LibraryInit (...) at [...]/library.h:[...]
# check: #3  [...] in [...]/myadd.cpp:[...]
# check: #4  [...] in _GLOBAL__sub_I_[...]
# check: #5  [...] in call_init (...) at [...]
# The site this registration records, which its errors and dumpState name:
print site
# check: $1 = {file = [...] "chapters/03_registration/src/extension/myadd.cpp", line = [...]}
# The block's library: namespace myops, dispatch key CPU, and no main yet.
up 2
# check: #2  [...] in mini::ch03::LibraryInit::LibraryInit (this=[...], kind=mini::ch03::Library::IMPL, initializer=[...], ns=[...] "myops", key=[...], site=...) at [...]
print library_.key_
# check: $2 = std::optional<mini::ch03::DispatchKey> = {[contained value] = CPU}
